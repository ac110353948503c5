"""Reading Text Mapper's text: the word tables and the parser (see generator.interop.textmapper
for the format and what a campaign keeps of it)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from generator.content.symbols import ICON_WORDS
from generator.diagnostics import N_, Text

# ------------------------------------------------------------------------------------------
# the word tables

#: Text Mapper words (its default library, its Gnomeyland library used by the Alpine
#: generator, common hand-written ones) -> a built-in terrain. Mixed words take the landform:
#: ``forest-hill`` is hills, ``fir-mountain`` mountains.
TERRAIN_WORDS: dict[str, str] = {
    **dict.fromkeys(("plain", "plains", "grass", "grassland", "meadow", "steppe", "savanna",
                     "prairie", "fields", "field", "farmland", "bush", "bushes", "brushland",
                     "scrub", "empty", "light-soil", "soil", "dark-soil"), "plains"),
    **dict.fromkeys(("forest", "woodland", "wood", "woods", "tree", "trees", "fir", "firs",
                     "fir-forest", "pine", "pines", "taiga"), "forest"),
    **dict.fromkeys(("hill", "hills", "green-hills", "forest-hill", "fir-hill", "downs",
                     "foothills", "rough", "bluffs"), "hills"),
    **dict.fromkeys(("mountain", "mountains", "fir-mountain", "fir-mountains",
                     "forest-mountain", "forest-mountains", "peak", "peaks", "volcano",
                     "cliff", "cliffs", "rock"), "mountains"),
    **dict.fromkeys(("swamp", "swamp2", "marsh", "wetland", "bog", "fen", "mire"), "swamp"),
    **dict.fromkeys(("desert", "sand", "dunes", "dust", "badlands"), "desert"),
    **dict.fromkeys(("tundra", "ice", "snow", "glacier", "frozen"), "tundra"),
    **dict.fromkeys(("jungle", "rainforest"), "jungle"),
    **dict.fromkeys(("lake", "water", "pond", "pool"), "lake"),
    **dict.fromkeys(("sea", "ocean", "coast", "coastal", "shallows", "deep-water"), "sea"),
    **dict.fromkeys(("moor", "moors", "moorland", "heath", "heathland"), "moor"),
}
#: Words that set a forest's density (the Alpine generator's greens, and plain words).
DENSITY_WORDS: dict[str, str] = {
    "light-green": "sparse", "green": "medium", "dark-green": "dense", "woodland": "sparse",
    "tree": "sparse", "sparse": "sparse", "medium": "medium", "dense": "dense",
    "deep": "dense", "thick": "dense"}
#: Words naming a place in the hex -> the tag of the location made for it (which picks its
#: icon). Every icon name of ours reads as itself.
SITE_WORDS: dict[str, str] = {
    **{kind: kind for kind in set(ICON_WORDS.values())},
    "house": "house", "houses": "village", "thorp": "thorp", "hamlet": "hamlet",
    "large-town": "town", "keep": "keep", "fort": "fort", "fortress": "fortress",
    "ruins": "ruin", "ruined-castle": "ruin", "ruined-tower": "ruin", "dungeon": "dungeon",
    "lair": "lair", "pyramid": "tomb", "shrine": "shrine", "church": "church",
    "monastery": "monastery", "inn": "inn", "mine": "mine", "stone": "stones",
    "monolith": "monolith", "port": "town", "farm": "farm", "mill": "mill",
    "lone-tree": "tree", "summit": "peak",
}
#: Line words -> path kind (``drop``: not a path).
LINE_WORDS: dict[str, str] = {
    "river": "river", "stream": "river", "creek": "river", "road": "road", "highway": "highway",
    "trail": "trail", "trail-down": "trail", "trail-right": "trail", "path": "trail",
    "track": "trail", "canyon": "drop", "border": "drop", "wall": "drop", "cliff": "drop"}
#: Colours and markers of Text Mapper's libraries that say nothing a campaign holds.
IGNORED_WORDS: frozenset[str] = frozenset((
    "white", "light-grey", "grey", "dark-grey", "blue-green", "red", "poisoned", "dry",
    "shadow", "striped", "zone", "law", "chaos", "default", "bright", "dark", "light"))

# ------------------------------------------------------------------------------------------
# reading the text


@dataclass
class TMHex:
    """One hex line: coordinates, words, the label, texts we cannot place."""

    x: int
    y: int
    z: int
    words: list[str]
    label: str | None
    line: int
    others: list[str] = field(default_factory=list)


@dataclass
class TMLine:
    """One line feature: its points, kind word and label."""

    points: list[tuple[int, int, int]]
    kind: str
    label: str | None
    line: int


@dataclass
class TMMap:
    hexes: list[TMHex] = field(default_factory=list)
    lines: list[TMLine] = field(default_factory=list)
    #: styling and library lines (attributes, path, xml, lib, text, glow, label, ...)
    styling: int = 0
    includes: list[str] = field(default_factory=list)
    #: lines nothing here understands: (line number, text)
    unknown: list[tuple[int, str]] = field(default_factory=list)
    #: ``# hexcrawl: terrain ID {...}`` hints: id -> terrain.yaml entry
    terrain_hints: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: fill colours defined with ``WORD attributes fill="#..."``
    fills: dict[str, str] = field(default_factory=dict)


_QUOTE = "\"\u201c\u201d"
# Every pattern below runs on text from anywhere: each run of spaces or digits is matched
# possessively (``*+``, ``++``) or inside an atomic group, so a failing line is given up
# after one pass instead of trying every way of sharing the spaces among the ``\s*``.
_COORD = r"(-?\d\d)(-?\d\d)(\d\d)?"
_DOT_COORD = r"(-?\d\d++)\.(-?\d\d++)(?:\.(\d\d++))?"
_HEX_LINE = re.compile(rf"^{_COORD}\s++(.*)$")
_HEX_DOT_LINE = re.compile(rf"^{_DOT_COORD}\s++(.*)$")
_POINT = r"-?\d\d-?\d\d(?:\d\d)?"
_DOT_POINT = r"-?\d\d++\.-?\d\d++(?:\.\d\d++)?"
_LINE_TAIL = (rf"\s++([^\s{_QUOTE}]++)\s*+(?:[{_QUOTE}]([^{_QUOTE}]++)[{_QUOTE}])?+"
              r"\s*+(left|right)?+\s*+(\d++%)?+\s*+$")
_LINE = re.compile(rf"^((?>{_POINT}(?:-{_POINT})+)){_LINE_TAIL}")
_DOT_LINE = re.compile(rf"^((?>{_DOT_POINT}(?:-{_DOT_POINT})+)){_LINE_TAIL}")
_TAGGED = re.compile(rf"\b([a-z]++)=[{_QUOTE}]([^{_QUOTE}]++)[{_QUOTE}]\s*+(\d++)?+")
_LABEL = re.compile(rf"[{_QUOTE}]([^{_QUOTE}]++)[{_QUOTE}]\s*+(\d++)?+"
                    r"((?:\s*+[a-z]++\([^)]++\))*+)")
_UWP = re.compile(r"\b\d{4}\s++[A-EX][\dA][\dA-F][\dA][\dA-C][\dA-F][\dA-L]-[\dA-Z]{1,2}\b")
_STYLING = re.compile(r"^(\S++\s++(attributes|path|lib|xml)\b|<|(text|glow|label|license|other"
                      r"|url)\b)")
_HINT = re.compile(r"^#\s*+hexcrawl:\s*+terrain\s++([a-z0-9][a-z0-9_-]*+)\s++(\{.*\})\s*$")
_ATTRIBUTES = re.compile(r"^(\S++)\s++attributes\s")
_FILL = re.compile(r"\bfill=[\"'](#[0-9a-fA-F]{3,8})[\"']")
#: How deep a ``# hexcrawl: terrain`` hint may nest braces and brackets (a terrain entry
#: needs two: the entry and its ``speed``).
MAX_HINT_DEPTH = 8
#: Digits kept of a coordinate: more is far past any map (``convert`` then says so).
_MAX_DIGITS = 9


class MapError(Exception):
    """A map that cannot be imported at all, with its place (line and column, from 1)."""

    def __init__(self, line: int, column: int, message: Text) -> None:
        super().__init__(f"{line}:{column}: {message.english()}")
        self.line = line
        self.column = column
        self.message = message.english()
        #: the message, printed in the language of the command
        self.text = message


def _int(digits: str) -> int:
    """A coordinate as a number, clamped far past any map (Python refuses to read numbers of
    thousands of digits, and nothing that large is a hex)."""
    bare = digits.lstrip("-")
    if len(bare) > _MAX_DIGITS:
        far: int = 10 ** _MAX_DIGITS
        return -far if digits.startswith("-") else far
    return int(digits)


def _too_deep(text: str, limit: int) -> int | None:
    """Where braces and brackets in ``text`` first nest deeper than ``limit`` (an index into
    ``text``), or None."""
    depth = 0
    for index, ch in enumerate(text):
        if ch in "{[":
            depth += 1
            if depth > limit:
                return index
        elif ch in "}]":
            depth -= 1
    return None


_STEP = re.compile(r"(-?\d\d)(-?\d\d)(\d\d)?-?")
_DOT_STEP = re.compile(r"(-?\d\d++)\.(-?\d\d++)(?:\.(\d\d++))?-?")


def _points(text: str) -> list[tuple[int, int, int]]:
    """The points of a line, read one after the other as Text Mapper does: a point, then the
    ``-`` between it and the next (so ``0101-0102`` is two points, ``01-01-0102`` a point
    with a negative row and another)."""
    step = _DOT_STEP if "." in text else _STEP
    out: list[tuple[int, int, int]] = []
    pos = 0
    while pos < len(text):
        m = step.match(text, pos)
        if m is None or m.end() == pos:
            break
        out.append((_int(m.group(1)), _int(m.group(2)), _int(m.group(3) or "0")))
        pos = m.end()
    return out


def parse(text: str) -> TMMap:
    """Read Text Mapper's text (see the module docstring). What is not understood is kept
    for the report; only a ``# hexcrawl:`` hint nested past ``MAX_HINT_DEPTH`` is a
    ``MapError``."""
    out = TMMap()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        hint = _HINT.match(line)
        if hint:
            where = _too_deep(hint.group(2), MAX_HINT_DEPTH)
            if where is not None:
                column = len(raw) - len(raw.lstrip()) + hint.start(2) + where + 1
                raise MapError(number, column, N_(
                    "the '# hexcrawl: terrain' line nests deeper than %(most)s levels",
                    most=MAX_HINT_DEPTH))
            try:
                value = yaml.safe_load(hint.group(2))
            except (yaml.YAMLError, RecursionError):
                value = None
            if isinstance(value, dict):
                out.terrain_hints[hint.group(1)] = value
            continue
        if line.startswith("#"):
            continue
        m = _LINE.match(line) or _DOT_LINE.match(line)
        if m:
            out.lines.append(TMLine(_points(m.group(1)), m.group(2), m.group(3), number))
            continue
        m = _HEX_LINE.match(line) or _HEX_DOT_LINE.match(line)
        if m and not _UWP.search(line):
            out.hexes.append(_hex(_int(m.group(1)), _int(m.group(2)),
                                  _int(m.group(3) or "0"), m.group(4), number))
            continue
        if line.startswith("include"):
            out.includes.append(line.split(None, 1)[1] if " " in line else "")
            continue
        attributes = _ATTRIBUTES.match(line)
        fill = _FILL.search(line, attributes.end()) if attributes else None
        if attributes and fill:
            out.fills[attributes.group(1)] = fill.group(1)
        if _STYLING.match(line):
            out.styling += 1
            continue
        out.unknown.append((number, line))
    return out


def _hex(x: int, y: int, z: int, rest: str, number: int) -> TMHex:
    label: str | None = None
    others: list[str] = []
    for m in list(_TAGGED.finditer(rest)):
        if m.group(1) == "name":
            label = m.group(2)
        else:
            others.append(m.group(2))
    rest = _TAGGED.sub("", rest)
    for m in list(_LABEL.finditer(rest)):
        if m.group(3) or label is not None:
            others.append(m.group(1))
        else:
            label = m.group(1)
    rest = _LABEL.sub("", rest)
    words = [w for w in rest.split() if w]
    return TMHex(x, y, z, words, label.strip() if label else None, number, others)
