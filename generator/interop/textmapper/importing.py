"""Turning a parsed Text Mapper map into a campaign's hexes, paths and locations: the word
mapping (``--mapping``, checked at its place in the file) and the conversion. The files are
written by ``writing``."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict

from generator.content.modelerrors import validate
from generator.content.models import MAX_MAP_SIZE
from generator.content.yamlpos import Located, load_yaml, read_text
from generator.diagnostics import (
    N_,
    NN_,
    Diagnostics,
    Pos,
    SourceError,
    Text,
    display_path,
    literal,
    suggest,
    typed,
)
from generator.hexgrid import Grid, Hex
from generator.interop.textmapper.parsing import (
    DENSITY_WORDS,
    IGNORED_WORDS,
    LINE_WORDS,
    SITE_WORDS,
    TERRAIN_WORDS,
    MapError,
    TMHex,
    TMLine,
    TMMap,
)
from generator.rules.tables import TERRAIN
from generator.slug import is_slug, slugify

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
    #: where the mapping file gave a word its terrain (for ``check_terrain``)
    terrain_at: dict[str, Pos] = field(default_factory=dict)

    def merged(self, extra: MappingFile) -> Mapping:
        """This mapping with ``extra`` laid over it. The map's words are looked up case-blind,
        so the file's words are too."""
        out = Mapping(dict(self.terrain), dict(self.density), dict(self.sites),
                      dict(self.lines), set(self.ignore), dict(self.terrain_at))
        for word, tid in extra.terrain.items():
            out.terrain[word.casefold()] = tid
            out.sites.pop(word.casefold(), None)
        out.density.update((word.casefold(), v) for word, v in extra.density.items())
        for word, tag in extra.sites.items():
            out.sites[word.casefold()] = tag
            out.terrain.pop(word.casefold(), None)
        out.lines.update((word.casefold(), v) for word, v in extra.lines.items())
        out.ignore |= {word.casefold() for word in extra.ignore}
        return out

    def to_yaml(self) -> str:
        """The whole mapping in the ``--mapping`` file format, to copy and edit."""
        data = {"terrain": dict(sorted(self.terrain.items())),
                "density": dict(sorted(self.density.items())),
                "sites": dict(sorted(self.sites.items())),
                "lines": dict(sorted(self.lines.items())), "ignore": sorted(self.ignore)}
        return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


def load_mapping(path: Path, diags: Diagnostics) -> Mapping | None:
    """The built-in mapping with a mapping file laid over it; problems go to ``diags``, at
    their place in the file (a file from anywhere: read within the limits of content)."""
    shown = display_path(path)
    try:
        text = read_text(path, shown)
    except SourceError as exc:
        diags.error(exc.pos, N_("cannot read the mapping file: %(reason)s", reason=exc.text))
        return None
    doc = load_yaml(text, shown, diags)
    if doc is None:
        return None
    if doc.data is None:  # an empty file: the built-in mapping as it is
        doc = replace(doc, data={})
    extra = validate(MappingFile, doc, (), diags)
    if extra is None:
        return None
    _check_values(extra, doc, diags)
    if diags.has_errors():
        return None
    merged = Mapping().merged(extra)
    merged.terrain_at = {word.casefold(): doc.pos(("terrain", word))
                         for word in extra.terrain}
    return merged


#: The longest tag a mapping file may give a place (a tag is a word or a few).
MAX_TAG = 60


def _check_values(extra: MappingFile, doc: Located, diags: Diagnostics) -> None:
    """Words that could never match a word of a map, and values the campaign could not hold
    (a terrain that is not an id, a tag that is not one line of text, a path kind)."""
    for table in ("terrain", "density", "sites", "lines"):
        for word in getattr(extra, table):
            if _not_a_word(word):
                diags.error(doc.pos((table, word), key=True), never_a_word(table, word))
    for index, word in enumerate(extra.ignore):
        if _not_a_word(word):
            diags.error(doc.pos(("ignore", index)), never_a_word("ignore", word))
    for word, tid in extra.terrain.items():
        if not is_slug(tid):
            diags.error(doc.pos(("terrain", word)), N_(
                "terrain: '%(id)s' is not a terrain id (an id is lowercase letters, digits and "
                "dashes, such as 'plains' or 'forest')%(hint)s", id=tid,
                hint=suggest(tid, sorted(TERRAIN))))
    for word, tag in extra.sites.items():
        if not tag.strip() or not tag.isprintable() or len(tag) > MAX_TAG:
            diags.error(doc.pos(("sites", word)), NN_(
                "sites: '%(tag)s' is not a tag (one line of text, at most %(num)s character, "
                "such as 'tower' or 'ruin')",
                "sites: '%(tag)s' is not a tag (one line of text, at most %(num)s characters, "
                "such as 'tower' or 'ruin')", MAX_TAG, tag=tag))
    for word, kind in extra.lines.items():
        if kind not in ("river", "road", "trail", "highway", "drop"):
            diags.error(doc.pos(("lines", word)), N_(
                "'%(kind)s' is not a path kind (river, road, trail, highway, or drop)",
                kind=kind))


def _not_a_word(word: str) -> bool:
    return (not word or not word.isprintable() or any(ch.isspace() for ch in word)
            or any(ch in _QUOTES for ch in word))


_QUOTES = "\"\u201c\u201d"


def check_terrain(mapping: Mapping, known: Iterable[str], diags: Diagnostics) -> None:
    """Each terrain the mapping file names must be one the campaign will know: built in, the
    campaign's own, or one the map defines (``# hexcrawl: terrain``); else an error at the
    mapping file's value (a hex of an unknown terrain would not load)."""
    ids = set(known)
    for word, pos in sorted(mapping.terrain_at.items(), key=lambda item: item[1]):
        tid = mapping.terrain.get(word)
        if tid is None or tid in ids:
            continue
        diags.error(pos, N_("terrain: '%(id)s' is not a terrain of the campaign%(hint)s (built "
                            "in: %(builtin)s; a terrain of your own goes in the campaign's "
                            "terrain.yaml first)", id=tid, hint=suggest(tid, ids),
                            builtin=typed(sorted(TERRAIN))))


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
    #: what the import left behind, each a message for the report
    dropped: list[Text]
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


def _widest(hexes: list[TMHex], lines: list[TMLine]) -> int:
    """The line of the file that reaches farthest from the others (for the size error)."""
    spans: list[tuple[int, int]] = [(max(abs(h.x), abs(h.y)), h.line) for h in hexes]
    spans += [(max(max(abs(x), abs(y)) for x, y, _ in ln.points), ln.line) for ln in lines]
    return max(spans)[1]


def _hex_words(h: TMHex, entry: dict[str, str], label: str, mapping: Mapping,
               terrain_ids: set[str], dropped_words: dict[str, list[str]],
               ) -> tuple[str | None, str | None, list[str]]:
    """The terrain, the forest's density and the places one hex line's words name (a word
    no table knows goes to ``dropped_words``); ``entry``: the hex as earlier lines left it."""
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
    return terrain, density, sites


def _hexes(hexes: list[TMHex], label_of: Callable[[int, int], str], mapping: Mapping,
           terrain_ids: set[str], dropped_words: dict[str, list[str]], dropped: list[Text],
           ) -> tuple[dict[str, dict[str, str]], list[tuple[str, str, str | None]]]:
    """The hexes' entries (terrain, density, name) and the places the lines name, as
    (label, tag, name); what is left behind goes to ``dropped``."""
    out_hexes: dict[str, dict[str, str]] = {}
    site_lines: list[tuple[str, str, str | None]] = []   # (label, tag, name)
    for h in hexes:
        label = label_of(h.x, h.y)
        entry = out_hexes.setdefault(label, {})
        terrain, density, sites = _hex_words(h, entry, label, mapping, terrain_ids,
                                             dropped_words)
        if terrain is not None and "terrain" not in entry:
            entry["terrain"] = terrain
        if density is not None and entry.get("terrain", terrain) == "forest":
            entry.setdefault("density", density)
        if sites:
            site_lines.append((label, sites[0], h.label))
        elif h.label:
            if "name" in entry and entry["name"] != h.label:
                dropped.append(N_("line %(line)s: a second name for %(hex)s ('%(name)s'; kept "
                                  "'%(kept)s')", line=h.line, hex=label, name=h.label,
                                  kept=entry["name"]))
            else:
                entry["name"] = h.label
        for other in h.others:
            dropped.append(N_("line %(line)s: the text '%(text)s' in %(hex)s (a label with a "
                              "transform or a second label)", line=h.line, text=other,
                              hex=label))
    for label in [lb for lb, e in out_hexes.items() if "terrain" not in e]:
        if out_hexes[label]:
            dropped.append(N_("%(hex)s: no terrain word (the hex keeps its name; give it "
                              "terrain or set default_terrain)", hex=label))
        else:
            del out_hexes[label]
    return out_hexes, site_lines


def _locations(site_lines: list[tuple[str, str, str | None]]) -> list[ImportedLocation]:
    """A location for each place a hex line names, with an id of its own."""
    # "index" is the page listing the locations: a place of that name must not replace it
    used_ids: set[str] = {"index"}
    locations: list[ImportedLocation] = []
    for label, tag, name in site_lines:
        title = name or f"{tag.replace('-', ' ').title()} {label}"
        lid = _unique(slugify(title, fallback="place"), used_ids)
        locations.append(ImportedLocation(lid, title, label, [tag]))
    return locations


def _paths(lines: list[TMLine], grid: Grid, shift: tuple[int, int], mapping: Mapping,
           dropped: list[Text]) -> tuple[dict[str, dict[str, Any]], int]:
    """The paths the lines make (points that are not neighbours joined by the hexes between
    them) and how many hexes were filled in; a line that is no path goes to ``dropped``."""
    paths: dict[str, dict[str, Any]] = {}
    path_ids: set[str] = set()
    filled = 0
    for ln in lines:
        kind = mapping.lines.get(ln.kind.casefold())
        if kind is None or kind == "drop":
            dropped.append(N_("line %(line)s: a '%(kind)s' line (not a path)", line=ln.line,
                              kind=ln.kind) if kind == "drop" else
                           N_("line %(line)s: a '%(kind)s' line (no path kind for it)",
                              line=ln.line, kind=ln.kind))
            continue
        walk: list[Hex] = []
        for x, y, _ in ln.points:
            target = grid.from_offset(x + shift[0], y + shift[1])
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
            dropped.append(N_("line %(line)s: a '%(kind)s' line of one hex", line=ln.line,
                              kind=ln.kind))
            continue
        base = slugify(ln.label, fallback=kind) if ln.label else kind
        pid = _unique(base, path_ids)
        spec: dict[str, Any] = {"kind": kind}
        if ln.label:
            spec["name"] = ln.label
        spec["hexes"] = labels
        paths[pid] = spec
    return paths, filled


def _left_behind(tm: TMMap, mapping: Mapping, dropped_words: dict[str, list[str]],
                 upper: int) -> list[Text]:
    """What the import says it left behind besides hexes and lines: unknown words, upper
    levels, styling, includes and lines it did not understand."""
    dropped: list[Text] = []
    for word, where in sorted(dropped_words.items()):
        first = ", ".join(where[:4])
        shown = NN_("%(hexes)s and %(num)s more", "%(hexes)s and %(num)s more",
                    len(where) - 4, hexes=first) if len(where) > 4 else literal(first)
        dropped.append(NN_("the word '%(word)s' (%(num)s hex: %(where)s)%(hint)s",
                           "the word '%(word)s' (%(num)s hexes: %(where)s)%(hint)s",
                           len(where), word=word, where=shown,
                           hint=suggest(word, list(mapping.terrain) + list(mapping.sites))))
    if upper:
        dropped.append(NN_("%(num)s hex or line on levels beyond the first (XXYYZZ)",
                           "%(num)s hexes or lines on levels beyond the first (XXYYZZ)", upper))
    if tm.styling:
        dropped.append(NN_("%(num)s styling and library line (attributes, path, xml...)",
                           "%(num)s styling and library lines (attributes, path, xml...)",
                           tm.styling))
    for include in tm.includes:
        dropped.append(N_("include %(file)s (Text Mapper's own library)", file=include))
    for number, text in tm.unknown:
        dropped.append(N_("line %(line)s: not understood: %(text)s", line=number,
                          text=text[:60]))
    return dropped


def convert(tm: TMMap, mapping: Mapping, known_terrain: Iterable[str] = ()) -> Imported:
    """A campaign's hexes, paths and locations from a parsed Text Mapper map.

    ``known_terrain``: the terrain ids of the campaign imported into (built-in and its own);
    a word equal to one of them is that terrain.
    """
    terrain_ids = set(known_terrain) | set(mapping.terrain.values()) | set(tm.terrain_hints)
    dropped_words: dict[str, list[str]] = {}
    dropped: list[Text] = []
    hexes = [h for h in tm.hexes if h.z == 0]
    lines = [ln for ln in tm.lines if all(p[2] == 0 for p in ln.points)]
    upper = len(tm.hexes) - len(hexes) + len(tm.lines) - len(lines)
    xs = [h.x for h in hexes] + [p[0] for ln in lines for p in ln.points]
    ys = [h.y for h in hexes] + [p[1] for ln in lines for p in ln.points]
    if not xs:
        return Imported(1, 1, (0, 0), {}, {}, [], {}, [N_("the file has no hexes")])
    shift_x = 0 if min(xs) >= 1 else 1 - min(xs)
    shift_x += shift_x % 2          # an even shift keeps odd columns odd
    shift_y = 0 if min(ys) >= 1 else 1 - min(ys)
    columns, rows = max(xs) + shift_x, max(ys) + shift_y
    if columns > MAX_MAP_SIZE or rows > MAX_MAP_SIZE:
        # before a hex is walked: a line from 0101 to column 99999999 would fill memory
        raise MapError(_widest(hexes, lines), 1, NN_(
            "the map would be %(columns)s x %(num)s hex; a campaign holds at most %(most)s x "
            "%(most)s",
            "the map would be %(columns)s x %(num)s hexes; a campaign holds at most %(most)s x "
            "%(most)s", rows, columns=columns, most=MAX_MAP_SIZE))
    grid = Grid(columns, rows)

    def label_of(x: int, y: int) -> str:
        return grid.label_of(x + shift_x, y + shift_y)

    out_hexes, site_lines = _hexes(hexes, label_of, mapping, terrain_ids, dropped_words,
                                   dropped)
    locations = _locations(site_lines)
    paths, filled = _paths(lines, grid, (shift_x, shift_y), mapping, dropped)
    dropped += _left_behind(tm, mapping, dropped_words, upper)
    terrain_entries: dict[str, dict[str, Any]] = {}
    for tid, hint in tm.terrain_hints.items():
        if any(e.get("terrain") == tid for e in out_hexes.values()):
            terrain_entries[tid] = hint
    return Imported(columns, rows, (shift_x, shift_y), out_hexes, paths, locations,
                    terrain_entries, dropped, filled)


def never_a_word(table: str, word: str) -> Text:
    """A word of the mapping file that a map's words, split at spaces, can never be."""
    return N_("%(table)s: '%(word)s' can never match a word of a map (a Text Mapper word has "
              "no spaces, quotes or control characters)", table=table, word=word)
