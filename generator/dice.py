"""Dice: notation, the seeded per-event roller, and recorded rolls.

Rules, section 11: every roll not recorded in a session log comes from a generator seeded by
(campaign seed, session, watch index, purpose, ordinal). Editing session 7 never changes a
roll of session 3, and adding a roll to one watch never shifts another watch's rolls.
Recorded rolls (the ``rolls:`` of a log entry) are used first, in order, per purpose.

``RollSource`` is the one place where the replay takes a die: every procedure of
``generator.rules`` rolls through the source of its watch, and the source's ``log`` lists the
rolls in the order they were consumed, each marked recorded or seeded. That log is the
watch's ``rolls`` (and what ``hexcrawl play`` reads to know which die the table rolls next).
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Union

from generator.diagnostics import N_, MessageError


@dataclass(frozen=True)
class Word:
    """A data value the GM reads in their own words: ``key`` of the vocabulary's ``family``
    (``Word("face_short", "NE")``, ``Word("path", "road")``)."""

    family: str
    key: str


@dataclass(frozen=True)
class Signed:
    """A modifier, written with its sign (``+2``, ``-4``)."""

    value: int


#: What fills a sentence the engine says: a campaign's own text (a name, a hex label) as
#: written, a number, a word of the vocabulary, a signed modifier, another sentence, or a
#: list of them.
SaidValue = Union[str, int, Fraction, Word, Signed, "Said", tuple["SaidValue", ...]]


@dataclass(frozen=True)
class Said:
    """Something the engine tells the GM (a step of a watch, what a roll was), as data: the
    rules build no sentences. ``kind`` names what happened (one message of
    ``generator.i18n.phrasing``, which writes it in the GM's language); ``values`` are who,
    which skill, the modifiers, the target and the outcome, by name."""

    kind: str
    values: tuple[tuple[str, SaidValue], ...] = ()

    def get(self, name: str, default: SaidValue | None = None) -> SaidValue | None:
        for key, value in self.values:
            if key == name:
                return value
        return default

    def to_json(self) -> dict[str, Any]:
        """The sentence as data for ``replay --json``: its kind and its values."""
        return {"kind": self.kind, **{k: said_json(v) for k, v in self.values}}


def said(kind: str, /, **values: SaidValue | None) -> Said:
    """``Said(kind, values)`` from keyword arguments; None values are left out."""
    return Said(kind, tuple((k, v) for k, v in values.items() if v is not None))


def said_json(value: SaidValue) -> Any:
    """One value of a ``Said`` as JSON: words by their key, fractions as numbers."""
    if isinstance(value, Said):
        return value.to_json()
    if isinstance(value, Word):
        return value.key
    if isinstance(value, Signed):
        return value.value
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else round(float(value), 6)
    if isinstance(value, tuple):
        return [said_json(v) for v in value]
    return value


#: Writes a ``Said`` as text (``generator.i18n``'s ``Translator.said``); ``to_json`` takes
#: one to print the English text beside the data.
Phrase = Callable[[Said], str]


@dataclass
class RollRecord:
    purpose: str
    dice: str
    natural: int
    total: int
    target: int | None
    outcome: str | None
    recorded: bool
    #: what the roll was, for the GM log (who, which skill, modifiers, DC, why), as data
    #: the translator phrases: "Survival +3 vs DC 14 (plains, trackless)"
    detail: Said | None = None
    #: every die when several were rolled (advantage, 2d6)
    dice_values: list[int] = field(default_factory=list)
    #: a check (rules.md section 8: a score against a DC), as opposed to a plain roll
    is_check: bool = False

    def to_json(self, phrase: Phrase | None = None) -> dict[str, Any]:
        """The roll for ``replay --json``; ``phrase`` writes its detail as text (``detail``,
        beside the same as data, ``said``)."""
        out: dict[str, Any] = {
            "purpose": self.purpose, "dice": self.dice, "natural": self.natural,
            "total": self.total, "target": self.target, "outcome": self.outcome,
            "recorded": self.recorded,
        }
        if self.detail is not None:
            if phrase is not None:
                out["detail"] = phrase(self.detail)
            out["said"] = self.detail.to_json()
        return out


_DICE = re.compile(r"^\s*(\d*)d(\d+)\s*(?:([+-])\s*(\d+))?\s*(?:x\s*(\d+))?\s*$", re.I)


@dataclass(frozen=True)
class DiceSpec:
    """``NdS+M`` optionally times a factor (``2d6x10``)."""

    count: int
    sides: int
    modifier: int = 0
    factor: int = 1

    @property
    def low(self) -> int:
        return self.count

    @property
    def high(self) -> int:
        return self.count * self.sides

    def __str__(self) -> str:
        text = f"{self.count}d{self.sides}"
        if self.modifier:
            text += f"{self.modifier:+d}"
        if self.factor != 1:
            text += f"x{self.factor}"
        return text

    def total(self, natural: int) -> int:
        return (natural + self.modifier) * self.factor


#: The largest dice the notation accepts: every roll of a table or of a row's distance is
#: at most ``MAX_DICE`` dice of at most ``MAX_SIDES`` sides (the README's format section).
#: ``1d1`` is allowed: it is the die of a table with one row.
MAX_DICE = 100
MAX_SIDES = 1000


def parse_dice(text: str) -> DiceSpec:
    """Parse ``1d8``, ``d20``, ``2d6+3``, ``2d6x10``. Raises ``MessageError`` (a
    ``ValueError``)."""
    m = _DICE.match(text)
    if not m:
        raise MessageError(N_("'%(text)s' is not dice notation such as 1d8, 2d6+3 or 2d6x10",
                              text=text))
    count = int(m.group(1) or 1)
    sides = int(m.group(2))
    if not 1 <= count <= MAX_DICE:
        raise MessageError(N_("'%(text)s' is not a sensible roll: roll 1 to %(most)s dice",
                              text=text, most=MAX_DICE))
    if not 1 <= sides <= MAX_SIDES:
        raise MessageError(N_("'%(text)s' is not a sensible roll: a die has 1 to %(most)s "
                              "sides", text=text, most=MAX_SIDES))
    mod = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
    factor = int(m.group(5) or 1)
    return DiceSpec(count, sides, mod, factor)


def event_rng(seed: int, session: int, watch: int, purpose: str, ordinal: int) -> random.Random:
    """A generator for one roll event, independent of every other event."""
    key = f"hexcrawl/{seed}/{session}/{watch}/{purpose}/{ordinal}".encode()
    digest = hashlib.sha256(key).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


@dataclass
class RollSource:
    """Rolls for one watch: recorded values first, then the seeded generator.

    ``recorded`` maps a purpose to the values rolled at the table, consumed in order.
    ``used`` counts how many recorded values each purpose consumed, so the replay can warn
    about recorded rolls that the watch never needed. ``log`` is every roll taken, in the
    order consumed: ``take`` rolls and logs a plain roll, ``note`` logs a check (one record
    for its one or two dice).
    """

    seed: int
    session: int
    watch: int
    recorded: dict[str, list[int]] = field(default_factory=dict)
    used: dict[str, int] = field(default_factory=dict)
    ordinals: dict[str, int] = field(default_factory=dict)
    #: recorded values outside their die's range: (purpose, index, value, low, high)
    out_of_range: list[tuple[str, int, int, int, int]] = field(default_factory=list)
    #: every roll taken, in the order consumed
    log: list[RollRecord] = field(default_factory=list)

    def next_recorded(self, purpose: str) -> int | None:
        values = self.recorded.get(purpose, [])
        i = self.used.get(purpose, 0)
        if i < len(values):
            self.used[purpose] = i + 1
            return values[i]
        return None

    def roll(self, purpose: str, count: int, sides: int) -> tuple[int, bool, list[int]]:
        """Natural sum of ``count`` dice of ``sides``: (sum, recorded?, the dice)."""
        ordinal = self.ordinals.get(purpose, 0)
        self.ordinals[purpose] = ordinal + 1
        index = self.used.get(purpose, 0)
        value = self.next_recorded(purpose)
        if value is not None:
            if not count <= value <= count * sides:
                self.out_of_range.append((purpose, index, value, count, count * sides))
                value = max(count, min(count * sides, value))
            return value, True, [value]
        rng = event_rng(self.seed, self.session, self.watch, purpose, ordinal)
        dice = [rng.randint(1, sides) for _ in range(count)]
        return sum(dice), False, dice

    def take(self, purpose: str, count: int, sides: int, *, modifier: int = 0,
             outcome: str | None = None, detail: Said | None = None) -> RollRecord:
        """Roll ``count``d``sides`` for ``purpose`` and log it; the caller may fill in the
        record's outcome, total or target afterwards."""
        natural, recorded, dice = self.roll(purpose, count, sides)
        notation = f"{count}d{sides}" + (f"{modifier:+d}" if modifier else "")
        record = RollRecord(purpose, notation, natural, natural + modifier, None, outcome,
                            recorded, detail, dice)
        self.log.append(record)
        return record

    def note(self, record: RollRecord) -> RollRecord:
        """Log a roll resolved elsewhere (a check: its dice were taken with ``roll``)."""
        self.log.append(record)
        return record

    def unused(self) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {}
        for purpose, values in self.recorded.items():
            rest = values[self.used.get(purpose, 0):]
            if rest:
                out[purpose] = rest
        return out
