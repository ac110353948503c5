"""Interface strings: gettext catalogues, plural forms and number formats from Babel.

Every word the sites and the rules reference print that is not campaign content is a gettext
message. The messages are English (the source language); each other language is one
catalogue, ``generator/i18n/locale/<language>/LC_MESSAGES/hexcrawl.po``, extracted from the Python
code and the Jinja templates with Babel (the README's "Interface languages" section has the
commands). A language is supported when its catalogue exists: adding a language is adding a
``.po`` file. Catalogues are read from the ``.po`` files at run time with Babel and compiled in
memory once per process, so nothing binary is kept in the repository or built at install.

Plural forms come from each catalogue's ``Plural-Forms`` header (Babel writes it from CLDR's
rules when a catalogue is created); numbers, percentages and dates are formatted with Babel's
CLDR data for the language.

Every message is a Python %-format string, filled from keyword arguments, the way the Jinja
i18n extension's "newstyle" gettext fills them: ``%(name)s`` is a value and ``%%`` a literal
percent sign, whether or not the call passes values.

>>> Translator("ru").gettext("Map")
'Карта'
>>> Translator("uk").ngettext("%(num)s day", "%(num)s days", 11)
'11 днів'
>>> Translator("xx").gettext("Map")  # no catalogue: English
'Map'
>>> Translator("ru").number(4.5), Translator("en").number(1234), Translator("uk").date("2025-10-18")
('4,5', '1,234', '18 жовтня 2025\\u202fр.')

The same ``Translator`` serves the sites' templates (``t`` in a template), the reference
sheets and ``hexcrawl play``: the sites' helpers (counts with their plural forms, in-game
times and durations) and one vocabulary of words for data values (``t.label``, from
``generator.i18n.vocabulary``).

>>> Translator("ru").count(3, "watch")
'3 вахты'
>>> Translator("uk").count(11, "day")
'11 днів'
>>> Translator("en").duration(8)
'1 day and 2 watches'
>>> Translator("ru").label("activity", "travel")
'Переход'
>>> Translator("ru").label("outcome", "120%")
'120\xa0%'
>>> Translator("uk").label("page", "travel")
'Подорож'
>>> Translator("de").gettext("Travel")  # no catalogue: English
'Travel'
"""

from __future__ import annotations

import datetime as dt
import functools
import gettext
import io
import re
from collections.abc import Callable, Sequence
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

import babel
import babel.dates
import babel.numbers

from generator.diagnostics import Phrased, Text
from generator.dice import Said, SaidValue
from generator.i18n.markers import N_, NN_, NP_, Msg, Plural, Vocabulary
from generator.i18n.phrasing import phrase, value, with_said_words
from generator.i18n.vocabulary import VOCABULARY

if TYPE_CHECKING:
    import jinja2

__all__ = ["DOMAIN", "LOCALE_DIR", "NOUNS", "NN_", "NP_", "N_", "SOURCE_LANGUAGE", "VOCABULARY",
           "Msg", "NamedTerrain", "Plural", "Translator", "Vocabulary", "catalogue_path",
           "install", "languages", "phrased", "template_gettext", "translations"]

#: Where the catalogues live: ``<language>/LC_MESSAGES/hexcrawl.po`` and ``hexcrawl.pot``.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "hexcrawl"
#: The language of the msgids: it needs no translation.
SOURCE_LANGUAGE = "en"


#: noun -> (its count with plural forms, its count for a fraction such as 4.5), for
#: ``Translator.count``. ``%(num)s`` is the number; a fraction has its own message because
#: languages put a noun after a fraction in a form of its own (Russian: "4,5 мили", not the
#: plural "миль").
NOUNS: dict[str, tuple[Plural, Msg]] = {
    "watch": (NN_("%(num)s watch", "%(num)s watches"),
              NP_("fractional count", "%(num)s watches")),
    "day": (NN_("%(num)s day", "%(num)s days"), NP_("fractional count", "%(num)s days")),
    "mile": (NN_("%(num)s mile", "%(num)s miles"), NP_("fractional count", "%(num)s miles")),
    # TRANSLATORS: a speed, miles per hour, with the unit in the number's form
    "mph": (NN_("%(num)s mph", "%(num)s mph"), NP_("fractional count", "%(num)s mph")),
    "session": (NN_("%(num)s session", "%(num)s sessions"),
                NP_("fractional count", "%(num)s sessions")),
    "hex": (NN_("%(num)s hex", "%(num)s hexes"), NP_("fractional count", "%(num)s hexes")),
    "place": (NN_("%(num)s place", "%(num)s places"),
              NP_("fractional count", "%(num)s places")),
}


class NamedTerrain(Protocol):
    """A terrain as ``Translator.terrain`` reads it (the knowledge stage's ``TerrainView``)."""

    @property
    def builtin(self) -> bool: ...
    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...


def catalogue_path(language: str, locale_dir: Path | None = None) -> Path:
    return (locale_dir or LOCALE_DIR) / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages(locale_dir: Path | None = None) -> tuple[str, ...]:
    """Every language with interface strings: English and each language with a catalogue."""
    folder = locale_dir or LOCALE_DIR
    found = {path.parent.parent.name for path in folder.glob(f"*/LC_MESSAGES/{DOMAIN}.po")}
    return tuple(sorted(found | {SOURCE_LANGUAGE}))


@functools.cache
def translations(language: str, locale_dir: Path | None = None) -> gettext.NullTranslations:
    """The compiled catalogue of one language (read once per process).

    Fuzzy entries are not used, as gettext never uses them; a message without a translation
    prints in English.
    """
    path = catalogue_path(language, locale_dir)
    if language == SOURCE_LANGUAGE and not (path.is_file() and _translates(path)):
        return gettext.NullTranslations()
    # Babel's catalogue reader is needed only for a language other than English
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as po:
        catalog = read_po(po, locale=language, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


#: An outcome that is a percentage (the actual distance's share of the way: ``120%``).
_PERCENT = re.compile(r"\d+%")


def _translates(path: Path) -> bool:
    """Whether a catalogue translates any message: a ``msgstr`` with text on its first line,
    or one more continued on the next lines than the header's. The source language's
    catalogue (``en/``) is kept empty by ``pybabel update``; reading it through Babel costs
    every command a good part of its start for nothing."""
    text = path.read_text("utf-8")
    return (re.search(r'^msgstr(?:\[\d+\])? "[^"]', text, re.M) is not None
            or len(re.findall(r'^msgstr(?:\[\d+\])? ""\n"', text, re.M)) > 1)


#: A die in dice notation: an optional count, ``d``, the sides (``1d20``, ``d6``, ``d%``).
_DICE = re.compile(r"(?<![A-Za-z])(\d*)d(\d+|%)")
#: a roll of several dice keeping the highest or the lowest one (``2d20kh1``: advantage)
_KEEP_ONE = re.compile(r"(?<![A-Za-z])(\d*d\d+)k([hl])1\b")


def _rounded(value: float | Decimal, places: int) -> Decimal:
    """``value`` rounded to ``places`` decimals the way Python formats a float (``f"{x:.1f}"``:
    the exact binary value, ties to even), so the text is what it always was; Babel alone
    would round the shortest decimal form (0.225 to 0.22, not 0.23)."""
    exact = value if isinstance(value, Decimal) else Decimal(value)
    return exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN)


class Translator:
    """The interface strings of one language, its number and date formats, and the helpers
    the sites, the sheets and ``hexcrawl play`` share.

    ``vocabulary`` holds the words looked up by data values (``label``): the one
    ``VOCABULARY``. An unknown language falls back to English; so does a message its catalogue
    does not translate.
    """

    def __init__(self, language: str, locale_dir: Path | None = None) -> None:
        self.language = language if language in languages(locale_dir) else SOURCE_LANGUAGE
        self.catalogue = translations(self.language, locale_dir)
        self.locale = babel.Locale.parse(self.language)
        self.vocabulary: Vocabulary = with_said_words(VOCABULARY)
        # The pages ask for the same few words and numbers thousands of times (every watch's
        # activity and time, every roll's purpose and outcome, its miles): each is made once.
        self._labels: dict[tuple[str, object, str | None], str] = {}
        self._numbers: dict[tuple[type, object, int], str] = {}
        self._watches: dict[int, str] = {}
        self._whens: dict[tuple[int, int], str] = {}

    def __call__(self, *args: Any, **kwargs: Any) -> str:
        raise TypeError("interface strings are gettext messages: write _(\"English text\") "
                        "(or pgettext, ngettext) instead of t(\"key\"); see the README, "
                        "'Interface languages'")

    # -- gettext ----------------------------------------------------------------------------
    def gettext(self, message: str, /, **values: Any) -> str:
        return self.catalogue.gettext(message) % values

    def pgettext(self, context: str, message: str, /, **values: Any) -> str:
        return self.catalogue.pgettext(context, message) % values

    def ngettext(self, singular: str, plural: str, n: int, /, **values: Any) -> str:
        """The plural form for ``n``; ``%(num)s`` is ``n`` unless ``num`` is given."""
        values.setdefault("num", n)
        return self.catalogue.ngettext(singular, plural, n) % values

    def npgettext(self, context: str, singular: str, plural: str, n: int, /,
                  **values: Any) -> str:
        values.setdefault("num", n)
        return self.catalogue.npgettext(context, singular, plural, n) % values

    def msg(self, message: Msg, /, **values: Any) -> str:
        """Translate a message marked with ``N_`` or ``NP_``."""
        if message.context is None:
            return self.gettext(message.message, **values)
        return self.pgettext(message.context, message.message, **values)

    def text(self, text: Text | Phrased) -> str:
        """A message made before the language was known (a diagnostic's, ``N_`` and ``NN_``
        of ``generator.diagnostics``), with the messages among its values, translated.

        >>> from generator.diagnostics import N_, NN_
        >>> Translator("ru").text(NN_("%(num)s error", "%(num)s errors", 3))
        '3 ошибки'
        """
        if isinstance(text, Phrased):
            # ``phrased`` made it from a SaidValue; diagnostics only knows it is hashable
            return value(self, cast(SaidValue, text.said))
        if text.plural is None:
            return text.fill(self.text, self.catalogue.gettext(text.message))
        return text.fill(self.text, self.catalogue.ngettext(text.message, text.plural, text.n))

    def label(self, family: str, key: object, default: str | None = None, /,
              **values: Any) -> str:
        """The word for a data value: ``label("activity", "travel")`` is "Travel".

        A value the family does not know prints as ``default`` (underscores as spaces) when
        one is given, and is an error otherwise.
        """
        key_type = type(key)
        if values or (key_type is not str and key_type is not int) or (
                default is not None and type(default) is not str):
            return self._label(family, key, default, **values)
        memo = (family, key, default)
        found = self._labels.get(memo)
        if found is None:
            found = self._labels[memo] = self._label(family, key, default)
        return found

    def _label(self, family: str, key: object, default: str | None = None, /,
               **values: Any) -> str:
        words = self.vocabulary[family]
        found = words.get(str(key))
        if found is None and family == "outcome" and _PERCENT.fullmatch(str(key)):
            # the actual distance's outcome, a share of the way ("80%"): the language's way
            # of writing a percentage ("80 %")
            return self.percent(int(str(key)[:-1]), 0)
        if found is None:
            if default is None:
                raise KeyError(f"no word for {key!r} in '{family}'")
            return str(default).replace("_", " ")
        return self.msg(found, **{k: self.text(v) if isinstance(v, Text) else v
                                  for k, v in values.items()})

    # -- numbers and dates (CLDR) -----------------------------------------------------------
    def decimal(self, value: float, places: int = 1) -> str:
        """A number with at most ``places`` decimals in the language's format (``4.5``,
        ``4,5``; thousands grouped)."""
        pattern = "#,##0" + ("." + "#" * places if places > 0 else "")
        return babel.numbers.format_decimal(_rounded(value, places), format=pattern,
                                            locale=self.locale)

    def number(self, value: float | Fraction | None, places: int = 1) -> str:
        """A number for people: ``12``, ``4.5`` (``4,5`` in Russian); nothing for None."""
        kind = type(value)
        if (kind is not int and kind is not float and kind is not Fraction) or \
                type(places) is not int:
            return self._number(value, places)
        memo = (kind, value, places)
        found = self._numbers.get(memo)
        if found is None:
            found = self._numbers[memo] = self._number(value, places)
        return found

    def _number(self, value: float | Fraction | None, places: int = 1) -> str:
        if value is None:
            return ""
        if float(value).is_integer():
            return self.decimal(int(value), 0)
        return self.decimal(float(value), places)

    def percent(self, value: float, places: int = 1) -> str:
        """``value`` per cent (25 is 25 %) in the language's format: ``16.7%``, ``16,7 %``."""
        pattern = self.locale.percent_formats[None].pattern
        if places > 0:
            pattern = pattern.replace("0", "0." + "#" * places, 1)
        return babel.numbers.format_percent(_rounded(value, places) / 100, format=pattern,
                                            locale=self.locale)

    def date(self, value: dt.date | str, length: str = "long") -> str:
        """A calendar date written the language's way (``October 18, 2025``,
        ``18 октября 2025 г.``; ``length`` is CLDR's ``long`` or ``medium``). A date given
        as free text prints as written."""
        if isinstance(value, str):
            try:
                return self.date(dt.date.fromisoformat(value), length)
            except ValueError:
                return value
        return babel.dates.format_date(value, format=length, locale=self.locale)

    # -- the sites' helpers -----------------------------------------------------------------
    def count(self, n: int | float | Fraction, noun: str, places: int = 1,
              case: str | None = None) -> str:
        """``3 watches``, ``4.5 miles``: a number and its noun in the right form.

        A number that is not whole (a float or a Fraction) takes the fraction's message:
        gettext's plural rules count whole numbers only, and a Russian or Ukrainian noun
        after a fraction is in the genitive singular ("4,2 мили", "4,2 милі").
        ``case="object"`` is the count as the object of a verb, where Russian and Ukrainian
        put a feminine noun's "one" form in the accusative ("прошли 1 милю", "провели
        1 вахту"); it is known for miles and watches.
        """
        whole: int | None = None
        shown = self.decimal(float(n), places)
        if float(_rounded(float(n), places)).is_integer():
            whole = int(_rounded(float(n), places))
            shown = self.number(whole)
        if case == "object":
            return self._object_count(noun, whole, shown)
        forms, fraction = NOUNS[noun]
        if whole is None:
            return self.msg(fraction, num=shown)
        return self.ngettext(forms.singular, forms.plural, whole, num=shown)

    def _object_count(self, noun: str, whole: int | None, shown: str) -> str:
        if noun == "mile":
            if whole is None:
                return self.pgettext("count as the object of a verb", "%(num)s miles",
                                     num=shown)
            return self.npgettext("count as the object of a verb", "%(num)s mile",
                                  "%(num)s miles", whole, num=shown)
        if noun == "watch":
            if whole is None:
                return self.pgettext("count as the object of a verb", "%(num)s watches",
                                     num=shown)
            return self.npgettext("count as the object of a verb", "%(num)s watch",
                                  "%(num)s watches", whole, num=shown)
        raise KeyError(f"no object form for '{noun}'")

    def dice(self, notation: str) -> str:
        """Dice notation as the language writes it: ``1d20``, ``1к20`` (the glossary in
        docs/translation.md); anything around the dice (``+3``) is kept, the higher or lower of
        two (``2d20kh1``) in words (``2к20, больший``)."""
        # TRANSLATORS: the letter of dice notation between the number of dice and their
        # sides, as in 1d20 and d100 (Russian and Ukrainian: к)
        if "k" in notation:
            notation = _KEEP_ONE.sub(self._keep_one, notation)
        letter = self.pgettext("dice notation", "d")
        if letter == "d":
            return notation
        return _DICE.sub(lambda m: m.group(1) + letter + m.group(2), notation)

    def _keep_one(self, m: re.Match[str]) -> str:
        """``2d20kh1`` (advantage) and ``2d20kl1`` (disadvantage) in the language's words:
        ``2к20, больший``; English keeps the notation."""
        if m.group(2) == "h":
            # TRANSLATORS: two dice rolled, the higher one kept (advantage), as in 2d20kh1;
            # %(dice)s is the dice (2к20); English keeps the notation
            return self.pgettext("dice notation", "%(dice)skh1", dice=m.group(1))
        # TRANSLATORS: two dice rolled, the lower one kept (disadvantage), as in 2d20kl1
        return self.pgettext("dice notation", "%(dice)skl1", dice=m.group(1))

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

    def terrain(self, terrain: NamedTerrain) -> str:
        """A terrain's name: built-in names translated, a campaign's own names as written."""
        if terrain.builtin:
            return self.label("terrain", terrain.id, terrain.name)
        return terrain.name

    def said(self, said: Said | Sequence[Said] | None) -> str:
        """What the engine said (a watch's summary, a roll's detail: ``generator.dice.Said``)
        in this language; several sentences one after the other."""
        if said is None:
            return ""
        if isinstance(said, Said):
            return phrase(self, said)
        return " ".join(phrase(self, s) for s in said)

    def face(self, face: str | None) -> str:
        """A heading written out (``north-east``)."""
        return self.label("face", face or "", face or "")


def phrased(said: SaidValue, english: str | None = None) -> Phrased:
    """What the engine said (a ``Said``, a ``Word`` of the vocabulary, a ``Signed``) as a value
    of a diagnostic's message: translated where the message is printed, in English beside
    (``english``, where the English message names it otherwise: a key as the GM types it).

    >>> from generator.dice import Word
    >>> Translator("ru").text(phrased(Word("outcome", "friendly")))
    'дружелюбна'
    """
    return Phrased(said, value(_english(), said) if english is None else english)


@functools.cache
def _english() -> Translator:
    """The English translator, made once: the English of ``phrased`` values."""
    return Translator(SOURCE_LANGUAGE)


def install(env: jinja2.Environment, translator: Translator,
            markup: Callable[[str], str] | None = None) -> None:
    """Give a Jinja environment the i18n extension with ``translator``'s catalogue.

    Templates then call ``_("Map")`` (or ``gettext``), ``pgettext(context, message)``,
    ``ngettext(singular, plural, n)`` and ``npgettext``, "newstyle": values are keyword
    arguments filling ``%(name)s``, and ``ngettext`` fills ``%(num)s`` with ``n``. With
    ``markup`` (a Markup class of the environment's own), a message is that Markup and the
    values filling it are escaped by it (the page templates: ``generator.render.escape``).
    """
    env.add_extension("jinja2.ext.i18n")
    extended: Any = env  # the extension adds install_gettext_translations
    extended.install_gettext_translations(translator.catalogue, newstyle=True)
    if markup is not None or env.autoescape is False:
        # the same callables without the extension's trips through the template context
        # (three calls of ``Context.call`` for each ``_()``), translations looked up once
        env.globals.update(template_gettext(translator.catalogue, markup or str))


def template_gettext(catalogue: gettext.NullTranslations,
                     markup: Callable[[str], str] = str) -> dict[str, Any]:
    """The newstyle gettext callables of the Jinja i18n extension (``_``, ``gettext``,
    ``ngettext``, ``pgettext``, ``npgettext``): the same strings out, each message
    translated once, made ``markup`` before its values fill it. The extension's own ones
    receive the template's context only to ask it for the autoescape setting and for
    ``gettext``."""
    singles: dict[str, str] = {}
    contexts: dict[tuple[str, str], str] = {}
    plurals: dict[tuple[str, str, int], str] = {}
    nplurals: dict[tuple[str, str, str, int], str] = {}

    def gettext_(string: str, /, **variables: Any) -> str:
        if type(string) is str:
            found = singles.get(string)
            if found is None:
                found = singles[string] = markup(catalogue.gettext(string))
        else:  # a Markup or another str: not mixed up with a str in the memo
            found = markup(catalogue.gettext(string))
        return found % variables

    def ngettext_(singular: str, plural: str, num: int, /, **variables: Any) -> str:
        variables.setdefault("num", num)
        if type(singular) is str and type(plural) is str and type(num) is int:
            key = (singular, plural, num)
            found = plurals.get(key)
            if found is None:
                found = plurals[key] = markup(catalogue.ngettext(singular, plural, num))
        else:
            found = markup(catalogue.ngettext(singular, plural, num))
        return found % variables

    def pgettext_(context: str, string: str, /, **variables: Any) -> str:
        variables.setdefault("context", context)
        if type(context) is str and type(string) is str:
            key = (context, string)
            found = contexts.get(key)
            if found is None:
                found = contexts[key] = markup(catalogue.pgettext(context, string))
        else:
            found = markup(catalogue.pgettext(context, string))
        return found % variables

    def npgettext_(context: str, singular: str, plural: str, num: int, /,
                   **variables: Any) -> str:
        variables.setdefault("context", context)
        variables.setdefault("num", num)
        if (type(context) is str and type(singular) is str and type(plural) is str
                and type(num) is int):
            key = (context, singular, plural, num)
            found = nplurals.get(key)
            if found is None:
                found = nplurals[key] = markup(
                    catalogue.npgettext(context, singular, plural, num))
        else:
            found = markup(catalogue.npgettext(context, singular, plural, num))
        return found % variables

    return {"_": gettext_, "gettext": gettext_, "ngettext": ngettext_,
            "pgettext": pgettext_, "npgettext": npgettext_}
