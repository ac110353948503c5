"""Turning a parsed Text Mapper map into a campaign's files: the word mapping (``--mapping``),
the conversion, and the files written (never over a user's file without ``--force``)."""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from generator.content.models import MAX_MAP_SIZE
from generator.content.yamlpos import load_yaml
from generator.diagnostics import Diagnostics, Pos, display_path, suggest
from generator.hexgrid import Grid, Hex
from generator.interop.tm_parse import (
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
from generator.slug import slugify

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


def _widest(hexes: list[TMHex], lines: list[TMLine]) -> int:
    """The line of the file that reaches farthest from the others (for the size error)."""
    spans: list[tuple[int, int]] = [(max(abs(h.x), abs(h.y)), h.line) for h in hexes]
    spans += [(max(max(abs(x), abs(y)) for x, y, _ in ln.points), ln.line) for ln in lines]
    return max(spans)[1]


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
    if columns > MAX_MAP_SIZE or rows > MAX_MAP_SIZE:
        # before a hex is walked: a line from 0101 to column 99999999 would fill memory
        raise MapError(_widest(hexes, lines), 1, f"the map would be {columns} x {rows} hexes; "
                       f"a campaign holds at most {MAX_MAP_SIZE} x {MAX_MAP_SIZE}")
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
    # "index" is the page listing the locations: a place of that name must not replace it
    used_ids: set[str] = {"index"}
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


def _yaml_printable(ch: str) -> bool:
    """Whether YAML lets ``ch`` stand in a file as itself (YAML 1.1's printable set)."""
    code = ord(ch)
    return (ch in "\t\n\r" or 0x20 <= code <= 0x7E or 0xA0 <= code <= 0xD7FF
            or 0xE000 <= code <= 0xFFFD or code >= 0x10000)


def _q(text: str) -> str:
    """A YAML double-quoted scalar. JSON's string escapes are YAML's; JSON leaves DEL and the
    C1 controls raw, which YAML refuses, so those are escaped too."""
    quoted = json.dumps(text, ensure_ascii=False)
    return "".join(ch if _yaml_printable(ch) else f"\\u{ord(ch):04x}" for ch in quoted)


_PLAIN = re.compile(r"[a-z0-9][a-z0-9_-]*")


def _value(text: str) -> str:
    """A value of the hexes file: a plain word as itself, anything else quoted (a word from a
    mapping file such as ``forest, gm: ...`` stays one string)."""
    return text if _PLAIN.fullmatch(text) else _q(text)


def inert(text: str) -> str:
    """``text`` safe to print on a terminal: every control or invisible formatting character
    (escape sequences, bidi overrides, line breaks) shown as its escape, ``\\x1b``."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def hexes_yaml(imported: Imported, source: str) -> str:
    lines = [f"# Imported from Text Mapper ({source}) by hexcrawl import text-mapper.",
             "# One hex a line: terrain, a forest's density, the name Text Mapper's label gave."]
    for label in sorted(imported.hexes):
        entry = imported.hexes[label]
        parts = [f"{key}: {_q(value) if key == 'name' else _value(value)}"
                 for key, value in entry.items()]
        lines.append(f'"{label}": {{{", ".join(parts)}}}')
    return "\n".join(lines) + "\n"


def paths_yaml(imported: Imported, source: str) -> str:
    head = (f"# Imported from Text Mapper ({source}) by hexcrawl import text-mapper.\n"
            "# A river is listed from its source to its mouth (the map widens it that way).\n")
    out = [head.rstrip("\n")]
    for pid, spec in imported.paths.items():
        out.append(f"{pid}:")
        out.append(f"  kind: {_value(spec['kind'])}")
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


def _linked(files: dict[Path, str], into: Path) -> Path | None:
    """The first file or folder under ``into`` on the way to one of ``files`` that is a
    symbolic link (or a Windows junction): writing through it would land outside."""
    for path in files:
        try:
            parts = path.relative_to(into).parts
        except ValueError:
            return path
        step = into
        for part in parts:
            step = step / part
            junction = getattr(step, "is_junction", None)
            if step.is_symlink() or (junction is not None and junction()):
                return step
    return None


def write_files(files: dict[Path, str], force: bool, into: Path) -> Written:
    """Write ``files`` (all under ``into``); a link on the way to one, or a file that exists
    without ``force``, is an ``ImportError_`` and nothing is written. ``force`` first renames
    each that exists to ``NAME.bak`` (never losing a file). Each file is written to a
    temporary name beside it and renamed into place."""
    linked = _linked(files, into)
    if linked:
        raise ImportError_(f"{display_path(linked)} is a link; nothing was written (the import "
                           f"writes only inside the campaign folder)")
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
