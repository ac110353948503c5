"""The sites' translator: gettext messages plus the helpers the page templates share.

Templates print interface strings with the Jinja i18n extension (``_("Map")``,
``pgettext("activity", "Travel")``, ``ngettext(...)``); ``t`` in a template is this module's
``Translator``, which adds the sites' own helpers: counts with their plural forms, in-game
times and durations, and the words for data values (``t.label("activity", w.activity)``, from
``generator.render.vocabulary``).

>>> Translator("ru").count(3, "watch")
'3 вахты'
>>> Translator("uk").count(11, "day")
'11 днів'
>>> Translator("en").duration(8)
'1 day and 2 watches'
>>> Translator("ru").label("activity", "travel")
'Переход'
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from generator import i18n
from generator.i18n import NN_, NP_, Msg, Plural
from generator.knowledge import TerrainView
from generator.render.vocabulary import VOCABULARY

#: noun -> (its count with plural forms, its count for a fraction such as 4.5).
#: ``%(num)s`` is the number; a fraction has its own message because languages put a noun
#: after a fraction in a form of its own (Russian: "4,5 мили", not the plural "миль").
NOUNS: dict[str, tuple[Plural, Msg]] = {
    "watch": (NN_("%(num)s watch", "%(num)s watches"),
              NP_("fractional count", "%(num)s watches")),
    "day": (NN_("%(num)s day", "%(num)s days"), NP_("fractional count", "%(num)s days")),
    "mile": (NN_("%(num)s mile", "%(num)s miles"), NP_("fractional count", "%(num)s miles")),
    "session": (NN_("%(num)s session", "%(num)s sessions"),
                NP_("fractional count", "%(num)s sessions")),
    "hex": (NN_("%(num)s hex", "%(num)s hexes"), NP_("fractional count", "%(num)s hexes")),
    "place": (NN_("%(num)s place", "%(num)s places"),
              NP_("fractional count", "%(num)s places")),
}


class Translator(i18n.Translator):
    """Interface strings of one language with the sites' vocabulary and helpers; ``extra``
    adds families of words of its own (``hexcrawl play``'s messages)."""

    def __init__(self, language: str, locale_dir: Path | None = None,
                 extra: i18n.Vocabulary | None = None) -> None:
        super().__init__(language, {**VOCABULARY, **(extra or {})}, locale_dir)
        # The pages ask for the same few words and numbers thousands of times (every watch's
        # activity and time, every roll's purpose and outcome, its miles): each is made once.
        self._labels: dict[tuple[str, object, str | None], str] = {}
        self._numbers: dict[tuple[type, object, int], str] = {}
        self._watches: dict[int, str] = {}
        self._whens: dict[tuple[int, int], str] = {}

    def label(self, family: str, key: object, default: str | None = None, /,
              **values: Any) -> str:
        key_type = type(key)
        if values or (key_type is not str and key_type is not int) or (
                default is not None and type(default) is not str):
            return super().label(family, key, default, **values)
        memo = (family, key, default)
        found = self._labels.get(memo)
        if found is None:
            found = self._labels[memo] = super().label(family, key, default)
        return found

    def number(self, value: float | Fraction | None, places: int = 1) -> str:
        kind = type(value)
        if (kind is not int and kind is not float and kind is not Fraction) or \
                type(places) is not int:
            return super().number(value, places)
        memo = (kind, value, places)
        found = self._numbers.get(memo)
        if found is None:
            found = self._numbers[memo] = super().number(value, places)
        return found

    def count(self, n: int | float, noun: str) -> str:
        """``3 watches``, ``4.5 miles``: a number and its noun in the right form."""
        forms, fraction = NOUNS[noun]
        if isinstance(n, float) and not n.is_integer():
            return self.msg(fraction, num=self.decimal(n, 1))
        return self.ngettext(forms.singular, forms.plural, int(n), num=self.number(int(n)))

    def watch(self, n: int) -> str:
        """``watch 2 (dawn)``."""
        found = self._watches.get(n) if type(n) is int else None
        if found is None:
            found = self.gettext("watch %(n)s (%(name)s)", n=n,
                                 name=self.label("watch", n, str(n)))
            if type(n) is int:
                self._watches[n] = found
        return found

    def when(self, day: int, watch: int) -> str:
        """``day 3, watch 2 (dawn)``."""
        memo = (day, watch) if type(day) is int and type(watch) is int else None
        found = self._whens.get(memo) if memo is not None else None
        if found is None:
            found = self.gettext("day %(day)s, %(watch)s", day=day, watch=self.watch(watch))
            if memo is not None:
                self._whens[memo] = found
        return found

    def duration(self, watches: int) -> str:
        """``1 day and 2 watches`` for a number of watches (6 a day)."""
        days, rest = divmod(max(watches, 0), 6)
        if days and rest:
            return self.gettext("%(a)s and %(b)s", a=self.count(days, "day"),
                                b=self.count(rest, "watch"))
        if days:
            return self.count(days, "day")
        return self.count(rest, "watch")

    def terrain(self, terrain: TerrainView) -> str:
        """A terrain's name: built-in names translated, a campaign's own names as written."""
        if terrain.builtin:
            return self.label("terrain", terrain.id, terrain.name)
        return terrain.name

    def face(self, face: str | None) -> str:
        """A heading written out (``north-east``)."""
        return self.label("face", face or "", face or "")
