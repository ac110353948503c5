"""Alex Schroeder's Text Mapper text format: ``hexcrawl import text-mapper`` and
``hexcrawl export text-mapper``.

Text Mapper describes a hex map in lines of text, one thing per line::

    0101 mountain "Greyhorn"           a hex: coordinates XXYY, words, a quoted label
    0102 light-green forest            words may be colours, terrain, or things in the hex
    0205-0204-0304 river "The Mere"    a line feature through hexes (gaps are walked)
    river path attributes stroke=...   styling and libraries (include default.txt)

Coordinates are column then row, like our labels (``0304``), also ``12.34`` and negative
numbers; flat-top hexes with odd columns higher, as ours. This module reads what a hexcrawl
campaign can hold and says what it left behind:

- **hexes**: the first word naming a terrain sets the terrain (``TERRAIN_WORDS``, or a terrain
  id of the campaign imported into); a colour word sets a forest's density (``DENSITY_WORDS``);
  a word naming a place (``SITE_WORDS``) makes a location there, named by the line's label (a
  line with no such word names the hex instead); several lines for one hex add up;
- **lines**: ``river``, ``road``, ``trail``, ``highway`` (``LINE_WORDS``) become paths, named
  by their label; points that are not neighbours are joined by the hexes between them;
- **map size**: from the hexes and lines; a map with coordinates below 1 is moved so it starts
  at column 1 or 2 and row 1 (the column by an even number, which keeps the layout);
- **dropped, and reported**: words no table knows, labels with transforms, other line kinds
  (borders, canyons), levels beyond the first (``XXYYZZ``), Traveller UWP lines, and the
  styling and library lines (``attributes``, ``path``, ``xml``, ``lib``, ``include``...).

Every table can be overridden with a mapping file (``--mapping``)::

    terrain: {fir-forest: forest, fields: farmland}   # word -> terrain id
    density: {dark-green: dense}                      # word -> sparse | medium | dense
    sites: {pyramid: tomb, house: inn}                # word -> the location's tag
    lines: {canyon: river, border: drop}              # word -> path kind, or drop
    ignore: [zone, law, chaos]                        # words dropped without a word

A campaign written out by ``export`` reads back in unchanged: the export uses words of Text
Mapper's default library where it has them (``plain``, ``hill``, ``sand``...), defines the
others for Text Mapper (a fill colour, our icons), and records a campaign's own terrain in
``# hexcrawl: terrain`` comments that the import turns back into ``terrain.yaml``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from generator.content.symbols import ICON_WORDS
from generator.content.yamlpos import load_yaml
from generator.diagnostics import Diagnostics, Pos, display_path, suggest
from generator.hexgrid import Grid, Hex
from generator.slug import slugify

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
#: Our icons whose names are terrain words in Text Mapper: the export writes these instead.
_EXPORT_SITE = {"tree": "lone-tree", "peak": "summit"}
#: Line words -> path kind (``drop``: not a path).
LINE_WORDS: dict[str, str] = {
    "river": "river", "stream": "river", "creek": "river", "road": "road", "highway": "highway",
    "trail": "trail", "trail-down": "trail", "trail-right": "trail", "path": "trail",
    "track": "trail", "canyon": "drop", "border": "drop", "wall": "drop", "cliff": "drop"}
#: Colours and markers of Text Mapper's libraries that say nothing a campaign holds.
IGNORED_WORDS: frozenset[str] = frozenset((
    "white", "light-grey", "grey", "dark-grey", "blue-green", "red", "poisoned", "dry",
    "shadow", "striped", "zone", "law", "chaos", "default", "bright", "dark", "light"))

# The export: our terrain -> Text Mapper's default-library word where it has one.
_EXPORT_TERRAIN = {"desert": "sand", "forest": "forest", "hills": "hill", "jungle": "jungle",
                   "mountains": "mountain", "plains": "plain", "swamp": "swamp",
                   "tundra": "tundra", "sea": "sea", "lake": "lake", "moor": "moor"}
_EXPORT_DENSITY = {"sparse": "light-green", "medium": "green", "dense": "dark-green"}
#: Words Text Mapper's default library draws itself (the export defines the others).
_DEFAULT_LIBRARY = frozenset(("sand", "coast", "sea", "tundra", "wetland", "swamp", "forest",
                              "woodland", "hill", "plain", "mountain", "jungle", "volcano",
                              "house", "tower", "castle", "pyramid", "cave", "road", "river",
                              "border"))
_EXPORT_LINE_STYLE = {
    "highway": 'stroke="#7a2e14" stroke-width="9" fill="none" stroke-linecap="round"',
    "trail": 'stroke="#6e4a2a" stroke-width="4" stroke-dasharray="12 8" fill="none"'}

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
_COORD = r"(-?\d\d)(-?\d\d)(\d\d)?"
_DOT_COORD = r"(-?\d\d+)\.(-?\d\d+)(?:\.(\d\d+))?"
_HEX_LINE = re.compile(rf"^{_COORD}\s+(.*)$")
_HEX_DOT_LINE = re.compile(rf"^{_DOT_COORD}\s+(.*)$")
_POINT = r"-?\d\d-?\d\d(?:\d\d)?"
_DOT_POINT = r"-?\d\d+\.-?\d\d+(?:\.\d\d+)?"
_LINE = re.compile(rf"^({_POINT}(?:-{_POINT})+)\s+(\S+)\s*(?:[{_QUOTE}]([^{_QUOTE}]+)[{_QUOTE}])?"
                   r"\s*(left|right)?\s*(\d+%)?\s*$")
_DOT_LINE = re.compile(rf"^({_DOT_POINT}(?:-{_DOT_POINT})+)\s+(\S+)\s*(?:[{_QUOTE}]"
                       rf"([^{_QUOTE}]+)[{_QUOTE}])?\s*(left|right)?\s*(\d+%)?\s*$")
_TAGGED = re.compile(rf"\b([a-z]+)=[{_QUOTE}]([^{_QUOTE}]+)[{_QUOTE}]\s*(\d+)?")
_LABEL = re.compile(rf"[{_QUOTE}]([^{_QUOTE}]+)[{_QUOTE}]\s*(\d+)?((?:\s*[a-z]+\([^)]+\))*)")
_UWP = re.compile(r"\b\d{4}\s+[A-EX][\dA][\dA-F][\dA][\dA-C][\dA-F][\dA-L]-[\dA-Z]{1,2}\b")
_STYLING = re.compile(r"^(\S+\s+(attributes|path|lib|xml)\b|<|(text|glow|label|license|other"
                      r"|url)\b)")
_HINT = re.compile(r"^#\s*hexcrawl:\s*terrain\s+([a-z0-9][a-z0-9_-]*)\s+(\{.*\})\s*$")
_FILL = re.compile(r"^(\S+)\s+attributes\s+.*\bfill=[\"'](#[0-9a-fA-F]{3,8})[\"']")


_STEP = re.compile(r"(-?\d\d)(-?\d\d)(\d\d)?-?")
_DOT_STEP = re.compile(r"(-?\d\d+)\.(-?\d\d+)(?:\.(\d\d+))?-?")


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
        out.append((int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)))
        pos = m.end()
    return out


def parse(text: str) -> TMMap:
    """Read Text Mapper's text (see the module docstring); nothing is ever fatal."""
    out = TMMap()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        hint = _HINT.match(line)
        if hint:
            try:
                value = yaml.safe_load(hint.group(2))
            except yaml.YAMLError:
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
            out.hexes.append(_hex(int(m.group(1)), int(m.group(2)), int(m.group(3) or 0),
                                  m.group(4), number))
            continue
        if line.startswith("include"):
            out.includes.append(line.split(None, 1)[1] if " " in line else "")
            continue
        fill = _FILL.match(line)
        if fill:
            out.fills[fill.group(1)] = fill.group(2)
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


# ------------------------------------------------------------------------------------------
# the mapping


class MappingFile(BaseModel):
    """A word-mapping file for ``hexcrawl import text-mapper --mapping``."""

    model_config = ConfigDict(extra="forbid")
    terrain: dict[str, str] = {}
    density: dict[str, Literal["sparse", "medium", "dense"]] = {}
    sites: dict[str, str] = {}
    lines: dict[str, str] = {}
    ignore: list[str] = []


@dataclass
class Mapping:
    terrain: dict[str, str] = field(default_factory=lambda: dict(TERRAIN_WORDS))
    density: dict[str, str] = field(default_factory=lambda: dict(DENSITY_WORDS))
    sites: dict[str, str] = field(default_factory=lambda: dict(SITE_WORDS))
    lines: dict[str, str] = field(default_factory=lambda: dict(LINE_WORDS))
    ignore: set[str] = field(default_factory=lambda: set(IGNORED_WORDS))

    def merged(self, extra: MappingFile) -> Mapping:
        out = Mapping(dict(self.terrain), dict(self.density), dict(self.sites),
                      dict(self.lines), set(self.ignore))
        for word, tid in extra.terrain.items():
            out.terrain[word] = tid
            out.sites.pop(word, None)
        out.density.update(extra.density)
        for word, tag in extra.sites.items():
            out.sites[word] = tag
            out.terrain.pop(word, None)
        out.lines.update(extra.lines)
        out.ignore |= set(extra.ignore)
        return out

    def to_yaml(self) -> str:
        """The whole mapping in the ``--mapping`` file format, to copy and edit."""
        data = {"terrain": dict(sorted(self.terrain.items())),
                "density": dict(sorted(self.density.items())),
                "sites": dict(sorted(self.sites.items())),
                "lines": dict(sorted(self.lines.items())), "ignore": sorted(self.ignore)}
        return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


def load_mapping(path: Path, diags: Diagnostics) -> Mapping | None:
    """The built-in mapping with a mapping file laid over it; problems go to ``diags``."""
    shown = display_path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        diags.error(Pos(shown), f"cannot read the mapping file: {exc}")
        return None
    doc = load_yaml(text, shown, diags)
    if doc is None:
        return None
    try:
        extra = MappingFile.model_validate(doc.data or {})
    except ValidationError as exc:
        for err in exc.errors():
            loc = tuple(err["loc"])
            if err["type"] == "extra_forbidden" and len(loc) == 1:
                diags.error(doc.pos(loc, key=True), f"unknown key '{loc[0]}'"
                            f"{suggest(str(loc[0]), list(MappingFile.model_fields))} (keys: "
                            f"{', '.join(MappingFile.model_fields)})")
            else:
                diags.error(doc.pos(loc), f"{'.'.join(map(str, loc))}: {err['msg']}")
        return None
    for word, kind in extra.lines.items():
        if kind not in ("river", "road", "trail", "highway", "drop"):
            diags.error(doc.pos(("lines", word)),
                        f"'{kind}' is not a path kind (river, road, trail, highway, or drop)")
    if diags.has_errors():
        return None
    return Mapping().merged(extra)


# ------------------------------------------------------------------------------------------
# turning it into a campaign


@dataclass
class ImportedLocation:
    id: str
    name: str
    label: str
    tags: list[str]


@dataclass
class Imported:
    """What an import makes: hexes, paths and locations, the map size, and the report."""

    columns: int
    rows: int
    shift: tuple[int, int]
    hexes: dict[str, dict[str, str]]
    paths: dict[str, dict[str, Any]]
    locations: list[ImportedLocation]
    terrain: dict[str, dict[str, Any]]
    dropped: list[str]
    filled: int = 0

    @property
    def grid(self) -> Grid:
        return Grid(self.columns, self.rows)


def _unique(base: str, used: set[str]) -> str:
    candidate, n = base, 2
    while candidate in used:
        candidate = f"{base}-{n}"
        n += 1
    used.add(candidate)
    return candidate


def convert(tm: TMMap, mapping: Mapping, known_terrain: Iterable[str] = ()) -> Imported:
    """A campaign's hexes, paths and locations from a parsed Text Mapper map.

    ``known_terrain``: the terrain ids of the campaign imported into (built-in and its own);
    a word equal to one of them is that terrain.
    """
    terrain_ids = set(known_terrain) | set(mapping.terrain.values()) | set(tm.terrain_hints)
    dropped_words: dict[str, list[str]] = {}
    dropped: list[str] = []
    hexes = [h for h in tm.hexes if h.z == 0]
    lines = [ln for ln in tm.lines if all(p[2] == 0 for p in ln.points)]
    upper = len(tm.hexes) - len(hexes) + len(tm.lines) - len(lines)
    xs = [h.x for h in hexes] + [p[0] for ln in lines for p in ln.points]
    ys = [h.y for h in hexes] + [p[1] for ln in lines for p in ln.points]
    if not xs:
        return Imported(1, 1, (0, 0), {}, {}, [], {}, ["the file has no hexes"])
    shift_x = 0 if min(xs) >= 1 else 1 - min(xs)
    shift_x += shift_x % 2          # an even shift keeps odd columns odd
    shift_y = 0 if min(ys) >= 1 else 1 - min(ys)
    columns, rows = max(xs) + shift_x, max(ys) + shift_y
    grid = Grid(columns, rows)

    def label_of(x: int, y: int) -> str:
        return grid.label_of(x + shift_x, y + shift_y)

    out_hexes: dict[str, dict[str, str]] = {}
    site_lines: list[tuple[str, str, str | None]] = []   # (label, tag, name)
    for h in hexes:
        label = label_of(h.x, h.y)
        entry = out_hexes.setdefault(label, {})
        terrain: str | None = None
        density: str | None = None
        sites: list[str] = []
        for word in h.words:
            key = word.casefold()
            if key in mapping.ignore:
                continue
            if "terrain" in entry and key in mapping.sites:
                # a later line of a hex that has its terrain: a word that could be either
                # (tree, peak) names a place
                sites.append(mapping.sites[key])
                continue
            if terrain is None and (key in terrain_ids and key not in mapping.sites):
                terrain = key
                if key in mapping.density:
                    density = mapping.density[key]
                continue
            if terrain is None and key in mapping.terrain:
                terrain = mapping.terrain[key]
                if key in mapping.density:
                    density = mapping.density[key]
                continue
            if key in mapping.sites:
                sites.append(mapping.sites[key])
                continue
            if key in mapping.density:
                density = density or mapping.density[key]
                continue
            if key in mapping.terrain or key in terrain_ids:
                continue                       # a second terrain word: the first one wins
            dropped_words.setdefault(word, []).append(label)
        if terrain is not None and "terrain" not in entry:
            entry["terrain"] = terrain
        if density is not None and entry.get("terrain", terrain) == "forest":
            entry.setdefault("density", density)
        if sites:
            site_lines.append((label, sites[0], h.label))
        elif h.label:
            if "name" in entry and entry["name"] != h.label:
                dropped.append(f"line {h.line}: a second name for {label} "
                               f"('{h.label}'; kept '{entry['name']}')")
            else:
                entry["name"] = h.label
        for other in h.others:
            dropped.append(f"line {h.line}: the text '{other}' in {label} (a label with a "
                           f"transform or a second label)")
    for label in [lb for lb, e in out_hexes.items() if "terrain" not in e]:
        if out_hexes[label]:
            dropped.append(f"{label}: no terrain word (the hex keeps its name; give it "
                           f"terrain or set default_terrain)")
        else:
            del out_hexes[label]
    used_ids: set[str] = set()
    locations: list[ImportedLocation] = []
    for label, tag, name in site_lines:
        title = name or f"{tag.replace('-', ' ').title()} {label}"
        lid = _unique(slugify(title, fallback="place"), used_ids)
        locations.append(ImportedLocation(lid, title, label, [tag]))
    paths: dict[str, dict[str, Any]] = {}
    path_ids: set[str] = set()
    filled = 0
    for ln in lines:
        kind = mapping.lines.get(ln.kind.casefold())
        if kind is None or kind == "drop":
            why = "not a path" if kind == "drop" else "no path kind for it"
            dropped.append(f"line {ln.line}: a '{ln.kind}' line ({why})")
            continue
        walk: list[Hex] = []
        for x, y, _ in ln.points:
            target = grid.from_offset(x + shift_x, y + shift_y)
            while walk and walk[-1] != target:
                face = grid.toward(walk[-1], target)
                if face is None:
                    break
                walk.append(grid.neighbor(walk[-1], face))
                if walk[-1] != target:
                    filled += 1
            if not walk:
                walk.append(target)
        labels = [grid.label(h) for h in walk]
        if len(labels) < 2:
            dropped.append(f"line {ln.line}: a '{ln.kind}' line of one hex")
            continue
        base = slugify(ln.label, fallback=kind) if ln.label else kind
        pid = _unique(base, path_ids)
        spec: dict[str, Any] = {"kind": kind}
        if ln.label:
            spec["name"] = ln.label
        spec["hexes"] = labels
        paths[pid] = spec
    for word, where in sorted(dropped_words.items()):
        shown = ", ".join(where[:4]) + (f" and {len(where) - 4} more" if len(where) > 4 else "")
        dropped.append(f"the word '{word}' ({len(where)} hex{'es' * (len(where) != 1)}: "
                       f"{shown}){suggest(word, list(mapping.terrain) + list(mapping.sites))}")
    if upper:
        dropped.append(f"{upper} hex{'es' * (upper != 1)} or line{'s' * (upper != 1)} on "
                       f"levels beyond the first (XXYYZZ)")
    if tm.styling:
        dropped.append(f"{tm.styling} styling and library lines (attributes, path, xml...)")
    for include in tm.includes:
        dropped.append(f"include {include} (Text Mapper's own library)")
    for number, text in tm.unknown:
        dropped.append(f"line {number}: not understood: {text[:60]}")
    terrain_entries: dict[str, dict[str, Any]] = {}
    for tid, hint in tm.terrain_hints.items():
        if any(e.get("terrain") == tid for e in out_hexes.values()):
            terrain_entries[tid] = hint
    return Imported(columns, rows, (shift_x, shift_y), out_hexes, paths, locations,
                    terrain_entries, dropped, filled)


# ------------------------------------------------------------------------------------------
# writing the files


class ImportError_(Exception):
    """The import cannot write (files in the way); nothing was written."""


def _q(text: str) -> str:
    """A YAML double-quoted scalar (JSON's strings are YAML's)."""
    return json.dumps(text, ensure_ascii=False)


def hexes_yaml(imported: Imported, source: str) -> str:
    lines = [f"# Imported from Text Mapper ({source}) by hexcrawl import text-mapper.",
             "# One hex a line: terrain, a forest's density, the name Text Mapper's label gave."]
    for label in sorted(imported.hexes):
        entry = imported.hexes[label]
        parts = [f"{key}: {_q(value) if key == 'name' else value}"
                 for key, value in entry.items()]
        lines.append(f'"{label}": {{{", ".join(parts)}}}')
    return "\n".join(lines) + "\n"


def paths_yaml(imported: Imported, source: str) -> str:
    head = (f"# Imported from Text Mapper ({source}) by hexcrawl import text-mapper.\n"
            "# A river is listed from its source to its mouth (the map widens it that way).\n")
    out = [head.rstrip("\n")]
    for pid, spec in imported.paths.items():
        out.append(f"{pid}:")
        out.append(f"  kind: {spec['kind']}")
        if "name" in spec:
            out.append(f"  name: {_q(spec['name'])}")
        labels = [f'"{label}"' for label in spec["hexes"]]
        rows = [", ".join(labels[i:i + 12]) for i in range(0, len(labels), 12)]
        out.append("  hexes: [" + ",\n          ".join(rows) + "]")
    return "\n".join(out) + "\n"


def location_md(loc: ImportedLocation, source: str) -> str:
    front = {"id": loc.id, "name": loc.name, "hex": loc.label, "tags": loc.tags}
    return ("---\n" + yaml.safe_dump(front, sort_keys=False, allow_unicode=True) + "---\n"
            f"Imported from Text Mapper ({source}). What the players learn when they find "
            f"it.\n")


def campaign_yaml(imported: Imported, name: str, text: str) -> str:
    start = imported.locations[0].label if imported.locations else min(imported.hexes)
    seed = zlib.crc32(text.encode("utf-8"))
    return (
        f"# Imported from Text Mapper by hexcrawl import text-mapper. Set the party, the rules\n"
        f"# and the seed; every key is described in the README's format section.\n"
        f"name: {_q(name)}\n"
        f"seed: {seed}\n"
        f"language: en\n"
        f"map: {{columns: {imported.columns}, rows: {imported.rows}, orientation: flat, "
        f"hex_miles: 12}}\n"
        f"party:\n"
        f'  start: "{start}"\n'
        f"  members:\n"
        f"    - {{name: Scout, speed: 30, survival: 2, con: 1}}\n")


def terrain_yaml(imported: Imported) -> str:
    return ("# Terrain of the imported map that is not built in (from the map's "
            "'# hexcrawl: terrain' lines).\n"
            + yaml.safe_dump(imported.terrain, sort_keys=False, allow_unicode=True,
                             default_flow_style=None))


@dataclass
class Written:
    written: list[Path]
    backups: list[tuple[Path, Path]]


def planned_files(imported: Imported, into: Path, source_path: Path, text: str,
                  name: str | None = None) -> dict[Path, str]:
    """Every file the import writes, by path, with its text."""
    source = source_path.name
    files: dict[Path, str] = {}
    if not (into / "campaign.yaml").exists():
        files[into / "campaign.yaml"] = campaign_yaml(
            imported, name or source_path.stem.replace("-", " ").replace("_", " ").title(),
            text)
    if imported.terrain and not (into / "terrain.yaml").exists():
        files[into / "terrain.yaml"] = terrain_yaml(imported)
    stem = slugify(source_path.stem, fallback="text-mapper")
    files[into / "hexes" / f"{stem}.yaml"] = hexes_yaml(imported, source)
    if imported.paths:
        files[into / "paths.yaml"] = paths_yaml(imported, source)
    for loc in imported.locations:
        files[into / "locations" / f"{loc.id}.md"] = location_md(loc, source)
    return files


def _backup_name(path: Path) -> Path:
    candidate = path.with_name(path.name + ".bak")
    n = 2
    while candidate.exists():
        candidate = path.with_name(f"{path.name}.bak{n}")
        n += 1
    return candidate


def write_files(files: dict[Path, str], force: bool) -> Written:
    """Write ``files``; any that exists is an ``ImportError_`` (nothing written) unless
    ``force``, which first renames each to ``NAME.bak`` (never losing a file). Each file is
    written to a temporary name beside it and renamed into place."""
    existing = sorted(p for p in files if p.exists())
    if existing and not force:
        shown = ", ".join(display_path(p) for p in existing[:6])
        more = f" and {len(existing) - 6} more" if len(existing) > 6 else ""
        raise ImportError_(f"{shown}{more} already exist; nothing was written (--force keeps "
                           f"each as NAME.bak and writes the import)")
    written: list[Path] = []
    backups: list[tuple[Path, Path]] = []
    staged: list[tuple[Path, Path]] = []
    try:
        for path, text in files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, name = tempfile.mkstemp(prefix=".import-", dir=path.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
            staged.append((Path(name), path))
    except OSError:
        for temporary, _ in staged:
            temporary.unlink(missing_ok=True)
        raise
    for temporary, path in staged:
        if path.exists():
            backup = _backup_name(path)
            shutil.move(str(path), str(backup))
            backups.append((path, backup))
        os.replace(temporary, path)
        written.append(path)
    return Written(written, backups)


# ------------------------------------------------------------------------------------------
# the export


def _label_text(text: str) -> str:
    """A name as a Text Mapper label (no quotes or line breaks inside)."""
    return re.sub(r"\s+", " ", text).replace('"', "'").replace("\u201c", "'").replace(
        "\u201d", "'").strip()


def export(view: Any, campaign: Any) -> str:
    """A campaign's map in Text Mapper's format: what ``view`` holds (the GM's view:
    everything; the players': what they found). See the module docstring."""
    from generator.knowledge import GMView
    from generator.render import maps

    grid: Grid = view.site.grid
    gm = isinstance(view, GMView)
    whose = "GM's" if gm else "players'"
    out = [f"# {campaign.name}: the {whose} map, exported by hexcrawl "
           f"(export text-mapper)",
           f"# {grid.columns} x {grid.rows} hexes, {campaign.map.hex_miles} miles a hex. "
           f"Render it with Text Mapper; import it back with hexcrawl import text-mapper."]
    custom: dict[str, Any] = {}
    for tid, rule in sorted(campaign.terrain.items()):
        if tid in _EXPORT_TERRAIN:
            continue
        used = any(h.terrain == tid for h in view.hexes.values())
        if not used:
            continue
        hint: dict[str, Any] = {"name": rule.name, "color": rule.color, "letter": rule.letter}
        base = campaign.terrain_like.get(tid)
        if base is not None:
            hint = {"like": base, **hint}
        else:
            hint.update({"navigation_dc": rule.navigation_dc, "forage_dc": rule.forage_dc,
                         "speed": {"highway": str(rule.highway), "road": str(rule.road),
                                   "trackless": str(rule.trackless)}})
        symbol = campaign.terrain_symbol(tid)
        if symbol and symbol != base:
            hint["symbol"] = symbol
        custom[tid] = hint
    for tid, hint in custom.items():
        flow = yaml.safe_dump(hint, default_flow_style=True, width=1000, sort_keys=False,
                              allow_unicode=True).strip()
        out.append(f"# hexcrawl: terrain {tid} {flow}")
    words_used: set[str] = set()
    for label in sorted(view.hexes):
        info = view.hexes[label]
        word = _EXPORT_TERRAIN.get(info.terrain, info.terrain)
        words = [word]
        if info.terrain == "forest" and info.density:
            words.insert(0, _EXPORT_DENSITY[info.density])
        words_used.add(word)
        line = f"{label} {' '.join(words)}"
        if info.name:
            line += f' "{_label_text(info.name)}"'
        out.append(line)
    sites_used: set[str] = set()
    for loc in sorted(view.locations.values(), key=lambda loc: (loc.label, loc.name)):
        kind = maps.icon_kind(loc)
        word = _EXPORT_SITE.get(kind, kind)
        sites_used.add(kind)
        out.append(f'{loc.label} {word} "{_label_text(loc.name)}"')
    kinds_used: set[str] = set()
    for path in view.paths:
        for run in path.runs:
            if len(run) < 2:
                continue
            kinds_used.add(path.kind)
            line = "-".join(grid.label(h) for h in run) + f" {path.kind}"
            if path.name and path.name != path.id:
                line += f' "{_label_text(path.name)}"'
            out.append(line)
    out.append("# Words Text Mapper's default library does not draw, drawn as hexcrawl does:")
    colours = {tid: t.color for tid, t in view.terrains.items()}
    for tid, word in sorted(_EXPORT_TERRAIN.items()):
        if word in words_used and word not in _DEFAULT_LIBRARY and tid in colours:
            out.append(f'{word} attributes fill="{colours[tid]}" stroke="black" '
                       f'stroke-width="1"')
    for tid in sorted(custom):
        if tid in words_used:
            out.append(f'{tid} attributes fill="{campaign.terrain[tid].color}" '
                       f'stroke="black" stroke-width="1"')
    from generator.render.symbols import ICONS

    for kind in sorted(sites_used):
        word = _EXPORT_SITE.get(kind, kind)
        if word not in _DEFAULT_LIBRARY:
            out.append(f'{word} xml <path transform="scale(5)" fill="#2e2622" '
                       f'fill-rule="evenodd" d="{ICONS[kind]}"/>')
    for kind in sorted(kinds_used):
        if kind in _EXPORT_LINE_STYLE:
            out.append(f"{kind} path attributes {_EXPORT_LINE_STYLE[kind]}")
    out.append("include default.txt")
    return "\n".join(out) + "\n"


def _display(paths: Sequence[Path]) -> str:
    return ", ".join(display_path(p) for p in paths)
