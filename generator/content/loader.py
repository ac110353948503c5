"""Loading: read every content file, validate it, cross-check ids, build the Campaign.

This is the only module that reads content files. Problems never raise: they become
diagnostics with a position, all collected in one run, so a GM sees every mistake at once.
"""

from __future__ import annotations

import difflib
import os
import re
import types
from collections.abc import Iterable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from generator.content import models as m
from generator.content.campaign import (
    Campaign,
    HexInfo,
    Location,
    Path_,
    Region,
    Session,
    Table,
)
from generator.content.files import content_files
from generator.content.frontmatter import split_front_matter
from generator.content.parsecache import ParseCache
from generator.content.symbols import NO_SYMBOL, SYMBOL_NAMES, load_symbols
from generator.content.yamlpos import Located, SourceError, load_yaml, read_text
from generator.diagnostics import Diagnostics, Pos, display_path, suggest
from generator.dice import parse_dice
from generator.hexgrid import FACES, POINTY_FACES, Grid, Hex, distance
from generator.i18n import languages
from generator.rules import rolltables
from generator.rules.tables import TERRAIN, TerrainRule
from generator.slug import check_id, slugify

T = TypeVar("T", bound=BaseModel)

#: Folders of a campaign whose files are read or published: none may link out of it.
LINKED_FOLDERS = ("hexes", "locations", "tables", "sessions", "templates")
#: Optional folders that are not content, and what they hold: a file in the place of one
#: would be silently ignored, so it is an error.
FOLDERS_OF = {"templates": "template overrides (templates/*.md, templates/reference/*.md)",
              "templates/reference": "reference sheet overrides (templates/reference/*.md)",
              "symbols": "map symbols (symbols/<terrain-id>.svg)"}
#: Every face of either orientation, clockwise from N.
ALL_FACES = m.FACES
#: Faces written as words.
FACE_WORDS = {"NORTH": "N", "SOUTH": "S", "EAST": "E", "WEST": "W", "NORTHEAST": "NE",
              "NORTHWEST": "NW", "SOUTHEAST": "SE", "SOUTHWEST": "SW"}

KNOWN_GEAR = ("compass",)


def _all_field_names() -> list[str]:
    names: set[str] = set()
    for obj in vars(m).values():
        if isinstance(obj, type) and issubclass(obj, BaseModel) and obj is not BaseModel:
            names.update(obj.model_fields)
    return sorted(names)


_FIELD_NAMES = _all_field_names()


def _expand(tp: Any) -> list[Any]:
    """The concrete types behind an annotation (Optional, unions and Annotated unwrapped)."""
    origin = get_origin(tp)
    if origin is Annotated:
        return _expand(get_args(tp)[0])
    if origin in (Union, types.UnionType):
        return [x for arg in get_args(tp) for x in _expand(arg)]
    return [tp]


def _keys_at(model: type[BaseModel], loc: tuple[str | int, ...]) -> list[str]:
    """The keys allowed in the mapping at ``loc`` of ``model`` (for did-you-mean)."""
    cands: list[Any] = [model]
    for part in loc:
        nxt: list[Any] = []
        for c in cands:
            origin = get_origin(c)
            if isinstance(c, type) and issubclass(c, BaseModel):
                if isinstance(part, str) and part in c.model_fields:
                    nxt += _expand(c.model_fields[part].annotation)
            elif origin in (list, tuple) and isinstance(part, int):
                nxt += _expand(get_args(c)[0])
            elif origin is dict and isinstance(part, str):
                nxt += _expand(get_args(c)[1])
        if nxt:  # a part that matches nothing is a union-branch tag: keep the candidates
            cands = nxt
    names = {f for c in cands if isinstance(c, type) and issubclass(c, BaseModel)
             for f in c.model_fields}
    return sorted(names) or _FIELD_NAMES


def _rank(kind: str) -> int:
    """Which union branch's errors to show: the one that got furthest, then the one whose
    errors are about keys rather than about the type of the whole value."""
    if kind in ("missing", "extra_forbidden"):
        return 0
    return 2 if kind.endswith("_type") else 1


def _validation_diags(exc: ValidationError, doc: Located, prefix: tuple[str | int, ...],
                      diags: Diagnostics, model: type[BaseModel] | None = None) -> None:
    """Turn pydantic errors into positioned diagnostics (one per place).

    When a value may take several shapes (``int | list[int]``), pydantic reports the errors
    of every branch; only the branch that matched the data best is reported.
    """
    root = doc.data
    # (pos, message, path, kind, union branch: (path where the union is, branch tag))
    found: list[tuple[Pos, str, tuple[str | int, ...], str,
                      tuple[tuple[str | int, ...], str | int] | None]] = []
    for err in exc.errors():
        data: Any = root
        for part in prefix:
            if isinstance(data, dict):
                data = data.get(part)
            elif isinstance(data, list) and isinstance(part, int):
                data = data[part]
            else:
                data = None
        path: list[str | int] = list(prefix)
        field_name: str | int | None = None
        branch: tuple[tuple[str | int, ...], str | int] | None = None
        kind = err["type"]
        loc = tuple(err["loc"])
        for i, part in enumerate(loc):
            if isinstance(data, dict) and part in data:
                path.append(part)
                data = data[part]
            elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
                path.append(part)
                data = data[part]
            elif i == len(loc) - 1 and kind in ("missing", "extra_forbidden"):
                field_name = part
            elif branch is None:
                branch = (tuple(path), part)  # a union-branch tag such as 'list[int]'
        if kind == "extra_forbidden":
            key = path[-1] if path else field_name
            pos = doc.pos(tuple(path), key=True)
            allowed = _keys_at(model, loc[:-1]) if model is not None else _FIELD_NAMES
            msg = f"unknown key '{key}'{suggest(str(key), allowed)}"
        elif kind == "missing":
            pos = doc.pos(tuple(path))
            msg = f"missing required key '{field_name}'"
        else:
            pos = doc.pos(tuple(path))
            text = err["msg"].removeprefix("Value error, ").removeprefix("Assertion failed, ")
            where = next((str(p) for p in reversed(path) if isinstance(p, str)), None)
            msg = f"{where}: {text}" if where and kind != "value_error" else text
            if kind == "model_type" or kind == "dict_type":
                msg = f"{where or 'value'}: expected a mapping"
            elif kind == "literal_error":
                expected = str((err.get("ctx") or {}).get("expected", ""))
                choices = re.findall(r"'([^']*)'", expected)
                value = err.get("input")
                shown = f"'{value}'" if isinstance(value, str) else repr(value)
                if len(shown) > 60:  # a whole list or mapping where a word belongs
                    shown = shown[:50] + " ..." + shown[-1:]
                msg = (f"{where or 'value'}: {shown} is not one of {expected}"
                       f"{suggest(str(value)[:100], choices)}")
        found.append((pos, msg, tuple(path), kind, branch))
    # keep, for each union, only the errors of the branch that matched best
    best: dict[tuple[str | int, ...], tuple[int, int, str | int]] = {}
    for *_, branch in found:
        if branch is None:
            continue
        at, tag = branch
        same = [(len(p), -_rank(k)) for _, _, p, k, b in found if b == branch]
        score = (max(d for d, _ in same), max(r for _, r in same), tag)
        if at not in best or score[:2] > best[at][:2]:
            best[at] = score
    # a misspelt key is one mistake, not two: drop "missing required key 'seed'" beside
    # "unknown key 'sed' (did you mean 'seed'?)" in the same mapping
    misspelt = {(p[:-1] if k == "extra_forbidden" and p else p, m.split("'")[-2])
                for _, m, p, k, _ in found
                if k == "extra_forbidden" and "(did you mean '" in m}
    seen: set[Pos] = set()
    for pos, msg, at, kind, branch in found:
        if branch is not None and best[branch[0]][2] != branch[1]:
            continue
        if kind == "missing" and (at, msg.split("'")[-2]) in misspelt:
            continue
        if pos in seen:
            continue
        seen.add(pos)
        diags.error(pos, msg)


def _validate(model: type[T], doc: Located, prefix: tuple[str | int, ...],
              diags: Diagnostics) -> T | None:
    data: Any = doc.data
    for part in prefix:
        data = data[part]
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        _validation_diags(exc, doc, prefix, diags, model)
        return None


class _Loader:
    def __init__(self, root: Path, overrides: Mapping[Path, str] | None = None,
                 parse_cache: ParseCache | None = None) -> None:
        self.root = root
        #: the last parse of each file, kept between loads (``hexcrawl serve``)
        self.parse_cache = parse_cache
        self._real_root: tuple[str, str] | None = None
        #: folder -> its real path, for ``realpath`` (every file of a folder shares it)
        self._real_dirs: dict[str, str] = {}
        self._shown: dict[Path, str] = {}
        #: file texts to use instead of what is on disk (resolved path -> text)
        self.overrides = {p.resolve(): t for p, t in (overrides or {}).items()}
        self.diags = Diagnostics()
        self.default_terrain: str | None = None
        #: ids defined in the content but dropped for their own errors (already reported),
        #: by kind ("path", "table", "location"): references to them are not "unknown"
        #: kinds whose one file ("path": paths.yaml, "region": regions.yaml) could not be
        #: read at all (reported already): references to them are not "unknown" either
        self.unreadable: set[str] = set()
        self.broken: dict[str, set[str]] = {"path": set(), "table": set(), "location": set(),
                                            "region": set()}
        self.rows_file: str | None = None
        #: the regions of regions.yaml, once loaded (for members' knowledge_regions)
        self.regions: dict[str, Region] = {}
        #: hexes whose terrain letter stands for a terrain reported as unknown
        self.broken_terrain: set[Hex] = set()
        #: False when a session file could not be read or validated (its number is unknown)
        self.sessions_complete = True
        #: False when campaign.yaml itself had errors (a stand-in took its place)
        self.campaign_file_ok = True
        #: terrain id -> built-in map symbol, where terrain.yaml decides it (symbol / like)
        self.terrain_symbols: dict[str, str] = {}
        #: terrain id -> the built-in terrain it starts from (terrain.yaml's like:)
        self.terrain_like: dict[str, str] = {}

    # -- files ----------------------------------------------------------------------------
    def path_str(self, path: Path) -> str:
        shown = self._shown.get(path)
        if shown is None:
            shown = self._shown[path] = display_path(path)
        return shown

    def inside(self, path: Path) -> bool:
        """Whether ``path``, every link followed, lies inside the campaign folder."""
        if self._real_root is None:
            real = os.path.normcase(os.path.realpath(self.root))
            self._real_root = (real, real if real.endswith(os.sep) else real + os.sep)
        root, prefix = self._real_root
        # a prefix test, not os.path.commonpath: the same answer for the real paths it is
        # given, at a fifth of the cost, and it runs for every file of every load
        real = os.path.normcase(self.realpath(path))
        return real == root or real.startswith(prefix)

    def realpath(self, path: Path) -> str:
        """``os.path.realpath(path)``, resolving each folder once per load: the real path of
        a file is its folder's real path joined with its name, that name resolved in turn
        when it is a link (the plain call reads every component of every file's path)."""
        name = path.name
        if name in ("", ".", "..") or not path.is_absolute() and not path.parent.parts:
            return os.path.realpath(path)
        folder = str(path.parent)
        real_folder = self._real_dirs.get(folder)
        if real_folder is None:
            real_folder = self._real_dirs[folder] = os.path.realpath(folder)
        joined = os.path.join(real_folder, name)
        return os.path.realpath(joined) if os.path.islink(joined) else joined

    def parse(self, text: str, shown: str, line_offset: int = 0) -> Located | None:
        """``load_yaml`` of one file's text (through the parse cache, if there is one)."""
        if self.parse_cache is not None:
            return self.parse_cache.load_yaml(text, shown, self.diags, line_offset)
        return load_yaml(text, shown, self.diags, line_offset)

    def validate(self, model: type[T], doc: Located,
                 prefix: tuple[str | int, ...] = ()) -> T | None:
        """``_validate`` into this load's messages (through the parse cache, if there is
        one: a document parsed from the same text as last time is not validated again)."""
        if self.parse_cache is None:
            return _validate(model, doc, prefix, self.diags)
        return self.parse_cache.validate(model, doc, prefix, self.diags,
                                         lambda own: _validate(model, doc, prefix, own))

    def outside_error(self, path: Path) -> None:
        self.diags.error(Pos(self.path_str(path)),
                         f"resolves outside the campaign folder (to {os.path.realpath(path)}): "
                         f"content and template files must lie inside it")

    def check_links(self, folder: str) -> None:
        """Report every link under ``folder`` (content or templates) that leads out of the
        campaign: its files would be published as if they were the campaign's."""
        base = self.root / folder
        if not base.is_dir():
            return
        if not self.inside(base):
            self.outside_error(base)
            return
        for dirpath, dirs, files in os.walk(base, followlinks=False):
            for name in sorted(dirs + files):
                path = Path(dirpath) / name
                if path.is_symlink() and not self.inside(path):
                    self.outside_error(path)

    def read(self, path: Path) -> str | None:
        """The text of a content file, within the size limit (``yamlpos.read_text``)."""
        if not self.inside(path):
            self.outside_error(path)
            return None
        if self.overrides:
            text = self.overrides.get(path.resolve())
            if text is not None:
                return text
        try:
            return read_text(path, self.path_str(path))
        except SourceError as exc:
            self.diags.error(exc.pos, exc.message)
        return None

    def yaml_file(self, path: Path) -> Located | None:
        text = self.read(path)
        if text is None:
            return None
        return self.parse(text, self.path_str(path))

    def mapping_doc(self, path: Path) -> Located | None:
        doc = self.yaml_file(path)
        if doc is None:
            return None
        if doc.data is None:
            doc.data = {}
        if not isinstance(doc.data, dict):
            self.diags.error(doc.pos(), "expected a mapping at the top of the file")
            return None
        return doc

    def present(self, path: Path) -> bool:
        """Whether an optional file is there (a folder or a broken link in its place is,
        and reading it reports the problem at its path)."""
        return path.exists() or path.is_symlink()

    def files(self, folder: str, *suffixes: str) -> list[Path]:
        base = self.root / folder
        if not base.is_dir():
            if self.present(base):
                self.diags.error(Pos(self.path_str(base)), f"this should be a folder of "
                                 f"{folder}/*{suffixes[0]} files, but it is a file")
            return []
        return content_files(base, suffixes)

    # -- the whole campaign ---------------------------------------------------------------
    def load(self) -> Campaign | None:
        if not self.root.is_dir():
            self.diags.error(Pos(self.path_str(self.root)), "content folder not found")
            return None
        for folder in LINKED_FOLDERS:
            self.check_links(folder)
        for folder, what in FOLDERS_OF.items():  # (the content folders: ``files``)
            base = self.root / folder
            if self.present(base) and not base.is_dir():
                self.diags.error(Pos(self.path_str(base)), f"this should be a folder of "
                                 f"{what}, but it is a file")
        campaign_path = self.root / "campaign.yaml"
        if not self.present(campaign_path):
            self.diags.error(Pos(self.path_str(campaign_path)),
                             "campaign.yaml is missing (run 'hexcrawl new DIR' for a scaffold)")
            return None
        cdoc = self.mapping_doc(campaign_path)
        spec = self.validate(m.CampaignFile, cdoc, ()) if cdoc else None
        if spec is None and cdoc is not None:
            self.campaign_file_ok = False
            spec = self.salvage_campaign(cdoc)
        if spec is None or cdoc is None:
            # keep going far enough to report problems in other files too
            self.load_rest_without_campaign()
            return None
        grid = Grid(spec.map.columns, spec.map.rows, spec.map.orientation)
        self.grid = grid
        self.faces = FACES if grid.orientation == "flat" else POINTY_FACES
        terrain = self.load_terrain()
        self.terrain = terrain
        symbols = load_symbols(self.root, set(terrain), self.diags, self.path_str)
        if spec.default_terrain and spec.default_terrain not in terrain:
            self.diags.error(cdoc.pos(("default_terrain",)),
                             f"unknown terrain '{spec.default_terrain}'"
                             f"{suggest(spec.default_terrain, terrain)}")
        elif spec.default_terrain:
            self.default_terrain = spec.default_terrain
        supported = languages()
        if spec.language not in supported:
            self.diags.warning(cdoc.pos(("language",)),
                               f"no interface strings for language '{spec.language}'; "
                               f"using English (supported: {', '.join(supported)})")
        self.check_reference(spec.reference, cdoc)
        self.check_label(spec.party.start, cdoc.pos(("party", "start")))
        self.check_offsets(spec.party.start_offsets, cdoc, ("party", "start_offsets"))
        names = [mem.name for mem in spec.party.members]
        self.check_unique_members(
            [(mem.name, ("party", "members", i, "name"))
             for i, mem in enumerate(spec.party.members)], cdoc)
        if spec.party.navigator and spec.party.navigator not in names:
            self.diags.error(cdoc.pos(("party", "navigator")),
                             f"navigator '{spec.party.navigator}' is not a party member"
                             f"{suggest(spec.party.navigator, names)}")
        for i, gear in enumerate(spec.party.gear):
            if gear not in KNOWN_GEAR:
                self.diags.warning(cdoc.pos(("party", "gear", i)),
                                   f"gear '{gear}' has no effect on the rules"
                                   f"{suggest(gear, KNOWN_GEAR)}")
        for i, mem in enumerate(spec.party.members):
            self.check_mount(mem, cdoc.pos(("party", "members", i, "mount")))

        tables = self.load_tables()
        self.tables = tables
        self.check_ids(spec.tables, tables, "table", cdoc, ("tables",))
        regions = self.load_regions()
        self.regions = regions
        for i, mem in enumerate(spec.party.members):
            self.check_knowledge_regions(mem, cdoc, ("party", "members", i))
        hexes = self.load_hexes(regions)
        paths = self.load_paths()
        locations = self.load_locations(paths)
        self.check_table_locations(locations)
        sessions = self.load_sessions(spec, paths, locations, tables)
        for res_id in spec.resources:
            self.check_id(res_id, "resource", cdoc.pos(("resources", res_id), key=True))
        for cid in spec.creatures:
            self.check_id(cid, "creature", cdoc.pos(("creatures", cid), key=True))
        for res_id, res in spec.resources.items():
            if res.owner and res.owner not in names:
                self.diags.error(cdoc.pos(("resources", res_id, "owner")),
                                 f"resource owner '{res.owner}' is not a party member"
                                 f"{suggest(res.owner, names)}")
        return Campaign(
            root=self.root,
            name=spec.name,
            seed=spec.seed,
            language=spec.language if spec.language in supported else "en",
            description=spec.description,
            map=spec.map,
            grid=grid,
            rules=spec.rules,
            party=spec.party,
            default_terrain=spec.default_terrain,
            terrain=terrain,
            hexes=hexes,
            paths=paths,
            regions=regions,
            locations=locations,
            tables=tables,
            sessions=tuple(sorted(sessions, key=lambda s: s.number)),
            resources=dict(spec.resources),
            campaign_pos=cdoc.pos(),
            members_by_name={mem.name: mem for mem in spec.party.members},
            creatures=dict(spec.creatures),
            reference=spec.reference,
            encounter_tables=tuple(spec.tables),
            terrain_symbols=dict(self.terrain_symbols),
            terrain_like=dict(self.terrain_like),
            symbols=symbols,
        )

    def salvage_campaign(self, doc: Located) -> m.CampaignFile | None:
        """A stand-in for a campaign.yaml with errors (already reported), so that one run
        checks every other file as fully as a good campaign.yaml would.

        Only the keys the other files do not depend on may be broken: the name, the seed,
        the language, the description, the rules and the campaign-level tables (stand-ins:
        empty, 0, defaults, none). A broken map, party, terrain default, resources or
        creatures would make checks of the other files wrong, so then there is no stand-in.
        """
        standins: dict[str, Any] = {"name": "", "seed": 0}
        replaceable = ("name", "seed", "language", "description", "rules", "tables")
        data = {k: v for k, v in doc.data.items() if k in m.CampaignFile.model_fields}
        for _ in range(len(m.CampaignFile.model_fields) + 1):
            try:
                return m.CampaignFile.model_validate({**standins, **data})
            except ValidationError as exc:
                bad = {str(e["loc"][0]) for e in exc.errors() if e["loc"]}
                if not bad or not bad <= set(replaceable):
                    return None
                for key in bad:
                    data.pop(key, None)
        return None

    def load_rest_without_campaign(self) -> None:
        """Check the shape of every other file when campaign.yaml is unusable.

        Without the map there is no way to check labels or cross-references, but YAML
        syntax, unknown and missing keys and wrong types are still worth reporting now,
        so that one run shows every mistake it can.
        """
        entries: list[tuple[Path, type[BaseModel]]] = [
            (self.root / "terrain.yaml", m.TerrainSpec), (self.root / "paths.yaml", m.PathSpec),
            (self.root / "regions.yaml", m.RegionSpec),
            *((p, m.HexEntry) for p in self.files("hexes", ".yaml", ".yml"))]
        for path, model in entries:
            doc = self.mapping_doc(path) if self.present(path) else None
            if doc is None:
                continue
            for key in doc.data:
                if model is not m.HexEntry or key not in ("terrain_rows", "legend"):
                    self.validate(model, doc, (key,))
        for folder, file_model in (("tables", m.TableFile), ("sessions", m.SessionFile)):
            for path in self.files(folder, ".yaml", ".yml"):
                doc = self.mapping_doc(path)
                if doc is not None:
                    self.validate(file_model, doc, ())
        for path in self.files("locations", ".md", ".markdown"):
            doc = self.front_matter(path)
            if doc is not None:
                self.validate(m.LocationFront, doc, ())

    def front_matter(self, path: Path, text: str | None = None) -> Located | None:
        """The YAML front matter of a Markdown file, positioned in the whole file
        (``text``: the file's, if it was read already)."""
        if text is None:
            text = self.read(path)
        if text is None:
            return None
        shown = self.path_str(path)
        parts = split_front_matter(text)
        if parts.front is None:
            self.diags.error(Pos(shown), "a location file starts with YAML front matter "
                             "between '---' lines (id, name, hex, ...)")
            return None
        doc = self.parse(parts.front, shown, line_offset=parts.front_line - 1)
        if doc is None:
            return None
        if not isinstance(doc.data, dict):
            self.diags.error(doc.pos(), "front matter must be a mapping")
            return None
        return doc

    # -- helpers --------------------------------------------------------------------------
    def check_reference(self, reference: m.ReferenceSpec, cdoc: Located) -> None:
        """``reference.players`` names sheets of the rules reference, each once."""
        chosen = reference.players or []
        for i, name in enumerate(chosen):
            pos = cdoc.pos(("reference", "players", i))
            if name == "gm-screen":
                self.diags.error(pos, "the GM screen is for the GM site only; it always has it")
            elif name not in m.REFERENCE_SHEETS:
                self.diags.error(pos, f"unknown reference sheet '{name}'"
                                      f"{suggest(name, m.REFERENCE_SHEETS)}; sheets: "
                                      f"{', '.join(m.REFERENCE_SHEETS)}")
            elif name in chosen[:i]:
                self.diags.warning(pos, f"reference sheet '{name}' is listed twice")

    def check_label(self, label: str, pos: Pos) -> Hex | None:
        grid = self.grid
        if not grid.is_label(label):
            hint = ""
            if label.isdigit() and len(label) % 2 == 0:
                half = len(label) // 2
                col, row = int(label[:half]), int(label[half:])
                if grid.on_map_cr(col, row):
                    hint = f" (did you mean '{grid.label_of(col, row)}'?)"
            self.diags.error(pos, f"'{label}' is not a hex label: write {grid.width * 2} digits, "
                             f"column then row, such as '{grid.label_of(1, 1)}'{hint}")
            return None
        col, row = grid.col_row(label)
        if not grid.on_map_cr(col, row):
            self.diags.error(pos, f"hex '{label}' is off the map (columns 1-{grid.columns}, "
                             f"rows 1-{grid.rows})")
            return None
        return grid.from_offset(col, row)

    def farthest(self, h: Hex, within: int | None = None) -> int:
        """Hexes from ``h`` to the farthest hex of the map (on its border: the distance is a
        norm, so it grows toward the edges). ``visible_from`` is clamped to it. With
        ``within``: the smaller of the two, ``within`` itself found without measuring to
        the whole border when a map corner is already that far."""
        grid = self.grid
        if within is not None and within <= max(
                distance(h, grid.from_offset(c, r))
                for c in (1, grid.columns) for r in (1, grid.rows)):
            return within
        border = [(c, r) for c in range(1, grid.columns + 1) for r in (1, grid.rows)] + \
            [(c, r) for r in range(1, grid.rows + 1) for c in (1, grid.columns)]
        farthest = max(distance(h, grid.from_offset(c, r)) for c, r in border)
        return farthest if within is None else min(within, farthest)

    def check_mount(self, mem: m.Member, pos: Pos) -> None:
        from generator.rules.tables import MOUNTS

        if mem.mount and mem.mount not in MOUNTS:
            self.diags.error(pos, f"unknown mount '{mem.mount}'{suggest(mem.mount, MOUNTS)}"
                             f" (known: {', '.join(MOUNTS)})")

    def check_ids(self, ids: Iterable[str], known: dict[str, Any], what: str,
                  doc: Located, at: tuple[str | int, ...]) -> None:
        for i, ident in enumerate(ids):
            self.check_ref(ident, known, what, doc.pos(at + (i,)))

    def check_id(self, ident: object, what: str, pos: Pos) -> bool:
        """Every id of every kind follows the one slug rule (generator.slug): ids name files
        and anchors, so ``../../evil`` must never reach the docs tree."""
        problem = check_id(ident)
        if problem is None:
            return True
        self.diags.error(pos, f"{what} id '{ident}' {problem}")
        return False

    def check_ref(self, ident: str, known: dict[str, Any], what: str, pos: Pos) -> bool:
        """Report ``ident`` unless it is known (or defined but broken, reported already)."""
        if ident in known:
            return True
        if ident not in self.broken.get(what, ()) and what not in self.unreadable:
            self.diags.error(pos, f"unknown {what} '{ident}'{suggest(ident, known)}")
        return False

    def check_knowledge_regions(self, member: m.Member, doc: Located,
                                at: tuple[str | int, ...]) -> None:
        """A member's ``knowledge_regions`` name regions of regions.yaml (rules.md 5)."""
        for j, rid in enumerate(member.knowledge_regions or ()):
            self.check_ref(rid, self.regions, "region",
                           doc.pos(at + ("knowledge_regions", j)))

    def check_offsets(self, offsets: Iterable[str] | None, doc: Located,
                      at: tuple[str | int, ...]) -> None:
        for face in offsets or {}:
            if face not in self.faces:
                self.diags.error(doc.pos(at + (face,), key=True), self.not_a_face(face))

    def not_a_face(self, face: str) -> str:
        """'E' is not a face of a flat-top hex, with the faces of this map and the likeliest
        ones: the same face in capitals or in words ('ne', 'north-east'), else the two faces
        either side of a face of the other orientation (E lies between NE and SE), else the
        closest spelling."""
        faces = self.faces
        word = re.sub(r"[\s_-]", "", face).upper()
        word = FACE_WORDS.get(word, word)
        if word in faces:
            near = [word]
        elif word in ALL_FACES:
            i = ALL_FACES.index(word)
            near = [f for f in (ALL_FACES[i - 1], ALL_FACES[(i + 1) % 8]) if f in faces]
        else:
            near = difflib.get_close_matches(word, faces, n=1, cutoff=0.6)
        hint = f"; did you mean {' or '.join(repr(f) for f in near)}?" if near else ""
        return (f"'{face}' is not a face of a {self.grid.orientation}-top hex (faces: "
                f"{', '.join(faces)}){hint}")

    def check_unique_members(self, names: list[tuple[str, tuple[str | int, ...]]],
                             doc: Located) -> None:
        first: dict[str, Pos] = {}
        for name, at in names:
            pos = doc.pos(at)
            if name in first:
                self.diags.error(pos, f"party member '{name}' is listed twice (first on line "
                                 f"{first[name].line}); member names must be unique")
            else:
                first[name] = pos

    # -- terrain.yaml ---------------------------------------------------------------------
    def load_terrain(self) -> dict[str, TerrainRule]:
        terrain = dict(TERRAIN)
        path = self.root / "terrain.yaml"
        if not self.present(path):
            return terrain
        doc = self.mapping_doc(path)
        if doc is None:
            return terrain
        for tid in doc.data:
            spec = self.validate(m.TerrainSpec, doc, (tid,))
            if not self.check_id(tid, "terrain", doc.pos((tid,), key=True)) or spec is None:
                continue
            base = terrain.get(tid)
            if spec.like:
                base = TERRAIN.get(spec.like)
                if base is None:
                    self.diags.error(doc.pos((tid, "like")),
                                     f"unknown built-in terrain '{spec.like}'"
                                     f"{suggest(spec.like, TERRAIN)}")
                    continue
            speed = spec.speed or m.TerrainSpeed()
            if spec.symbol is not None and spec.symbol not in (*SYMBOL_NAMES, NO_SYMBOL):
                self.diags.error(doc.pos((tid, "symbol")),
                                 f"unknown map symbol '{spec.symbol}'"
                                 f"{suggest(spec.symbol, SYMBOL_NAMES)} (built-in symbols: "
                                 f"{', '.join(SYMBOL_NAMES)}, or {NO_SYMBOL})")
            elif spec.symbol is not None:
                self.terrain_symbols[tid] = spec.symbol
            elif spec.like:
                self.terrain_symbols[tid] = spec.like
            if spec.like:
                self.terrain_like[tid] = spec.like
            if base is None:
                missing = [k for k in ("navigation_dc", "forage_dc", "speed")
                           if getattr(spec, k) is None]
                if spec.speed is not None:
                    missing += [f"speed.{k}" for k in ("highway", "road", "trackless")
                                if getattr(spec.speed, k) is None]
                if missing:
                    self.diags.error(doc.pos((tid,)),
                                     f"new terrain '{tid}' needs {', '.join(missing)} "
                                     f"(or 'like: <built-in terrain>')")
                    continue
                assert spec.navigation_dc is not None and spec.forage_dc is not None
                assert speed.highway is not None and speed.road is not None
                assert speed.trackless is not None
                terrain[tid] = TerrainRule(
                    tid, spec.name or tid.replace("-", " ").title(), speed.highway, speed.road,
                    speed.trackless, spec.navigation_dc, spec.forage_dc,
                    spec.color or "#cccccc", spec.letter or tid[0],
                    impassable=bool(spec.impassable),
                    density_dc={str(k): v for k, v in (spec.density_dc or {}).items()})
            else:
                terrain[tid] = replace(
                    base,
                    id=tid,
                    name=spec.name or (base.name if base.id == tid else tid.title()),
                    highway=speed.highway if speed.highway is not None else base.highway,
                    road=speed.road if speed.road is not None else base.road,
                    trackless=speed.trackless if speed.trackless is not None else base.trackless,
                    navigation_dc=spec.navigation_dc if spec.navigation_dc is not None
                    else base.navigation_dc,
                    forage_dc=spec.forage_dc if spec.forage_dc is not None else base.forage_dc,
                    color=spec.color or base.color,
                    letter=spec.letter or base.letter,
                    impassable=spec.impassable if spec.impassable is not None
                    else (base.impassable and speed.trackless is None),
                    density_dc={str(k): v for k, v in spec.density_dc.items()}
                    if spec.density_dc is not None
                    else base.density_dc,
                )
        return terrain

    # -- tables/*.yaml --------------------------------------------------------------------
    def load_tables(self) -> dict[str, Table]:
        tables: dict[str, Table] = {}
        self.table_docs: dict[str, tuple[Located, m.TableFile]] = {}
        docs = self.table_docs
        for path in self.files("tables", ".yaml", ".yml"):
            doc = self.mapping_doc(path)
            if doc is None:
                continue
            spec = self.validate(m.TableFile, doc, ())
            if spec is None:
                if isinstance(doc.data.get("id"), str):
                    self.broken["table"].add(doc.data["id"])
                continue
            if not self.check_id(spec.id, "table", doc.pos(("id",))):
                continue
            if spec.id in tables or spec.id in self.broken["table"]:
                where = tables[spec.id].source if spec.id in tables else "another file"
                self.diags.error(doc.pos(("id",)), f"duplicate table id '{spec.id}' (also in "
                                 f"{where})")
                continue
            table = self.build_table(spec, doc)
            if table is not None:
                tables[spec.id] = table
                docs[spec.id] = (doc, spec)
            else:
                self.broken["table"].add(spec.id)
        # references between tables, and cycles
        for doc, spec in docs.values():
            for i, row in enumerate(spec.rows):
                if row.table:
                    self.check_ref(row.table, tables, "table", doc.pos(("rows", i, "table")))
        found = rolltables.nesting({tid: [r.table for r in t.rows if r.table]
                                    for tid, t in tables.items()})
        for cycle in found.cycles:
            doc, spec = docs[cycle[0]]
            closing = next(i for i, r in enumerate(spec.rows) if r.table == cycle[1])
            self.diags.error(doc.pos(("rows", closing, "table")),
                             "tables refer to each other in a cycle: " + " -> ".join(cycle))
        for chain in found.too_deep:
            doc, spec = docs[chain[0]]
            first = next(i for i, r in enumerate(spec.rows) if r.table == chain[1])
            shown = chain if len(chain) <= 6 else (*chain[:3], "...", *chain[-2:])
            self.diags.error(doc.pos(("rows", first, "table")),
                             f"tables nest {len(chain) - 1} deep ({' -> '.join(shown)}); a "
                             f"table may lead to others at most {rolltables.MAX_NESTING} deep")
        return tables

    def check_table_locations(self, locations: dict[str, Location]) -> None:
        """A table row may name the location the encounter leads to."""
        for doc, spec in self.table_docs.values():
            for i, row in enumerate(spec.rows):
                if row.location:
                    self.check_ref(row.location, locations, "location",
                                   doc.pos(("rows", i, "location")))

    def build_table(self, spec: m.TableFile, doc: Located) -> Table | None:
        ok = True
        has_roll = [r.roll is not None for r in spec.rows]
        if spec.dice is not None:
            try:
                dice = parse_dice(spec.dice)
            except ValueError as exc:
                self.diags.error(doc.pos(("dice",)), str(exc))
                return None
            if dice.high > rolltables.MAX_RESULTS:
                self.diags.error(doc.pos(("dice",)),
                                 f"{dice} rolls up to {dice.high}: a table's dice roll at most "
                                 f"{rolltables.MAX_RESULTS} (1d1000, 10d100, ...)")
                return None
            ranges: list[tuple[int, int]] = []
            if all(has_roll):
                for i, row in enumerate(spec.rows):
                    assert row.roll is not None
                    if row.weight is not None:
                        self.diags.warning(doc.pos(("rows", i, "weight")),
                                           "'weight' is ignored when the row has a 'roll'")
                    try:
                        ranges.append(rolltables.parse_roll_cell(row.roll, dice))
                    except ValueError as exc:
                        self.diags.error(doc.pos(("rows", i, "roll")), str(exc))
                        ok = False
            elif not any(has_roll):
                weights = [r.weight or 1 for r in spec.rows]
                if sum(weights) != dice.high - dice.low + 1:
                    self.diags.error(doc.pos(("dice",)),
                                     f"weights add up to {sum(weights)} but {dice} has "
                                     f"{dice.high - dice.low + 1} results; give each row a "
                                     f"'roll' range instead")
                    return None
                ranges = [(a + dice.low - 1, b + dice.low - 1)
                          for a, b in rolltables.ranges_from_weights(weights)]
            else:
                i = has_roll.index(False)
                self.diags.error(doc.pos(("rows", i)),
                                 "either every row has a 'roll' or none does (then weights "
                                 "decide)")
                return None
            if ok and not self.check_coverage(spec, doc, ranges, dice.low, dice.high,
                                              str(dice)):
                ok = False
            roll_dice = str(dice)
        else:
            if any(has_roll):
                i = has_roll.index(True)
                self.diags.error(doc.pos(("rows", i, "roll")),
                                 "a row with 'roll' needs the table's 'dice' (e.g. dice: 1d8)")
                return None
            weights = [r.weight or 1 for r in spec.rows]
            if sum(weights) > rolltables.MAX_RESULTS:
                self.diags.error(doc.pos(("rows",), key=True),
                                 f"the weights add up to {sum(weights)}: a table's weights add "
                                 f"up to at most {rolltables.MAX_RESULTS}")
                return None
            ranges = rolltables.ranges_from_weights(weights)
            roll_dice = rolltables.dice_for_weights(sum(weights))
        for i, row in enumerate(spec.rows):
            if row.distance:
                try:
                    parse_dice(row.distance)
                except ValueError as exc:
                    self.diags.error(doc.pos(("rows", i, "distance")), str(exc))
        if not ok:
            return None
        return Table(spec.id, spec.name, spec.dice, spec.audience, spec.description,
                     tuple(spec.rows), tuple(ranges), roll_dice, doc.path, doc.pos())

    def check_coverage(self, spec: m.TableFile, doc: Located, ranges: list[tuple[int, int]],
                       low: int, high: int, dice: str) -> bool:
        """Every result of the dice has exactly one row: report values the dice cannot roll
        and overlaps at the row's ``roll``, and gaps at the row after the gap."""
        found = rolltables.coverage(ranges, low, high)
        span = rolltables.span
        for i in found.outside:
            a, b = ranges[i]
            self.diags.error(doc.pos(("rows", i, "roll")),
                             f"table '{spec.id}': row {i + 1} ({a}-{b}) lies outside what "
                             f"{dice} can roll ({low}-{high})")
        for i, j, first, last in found.overlaps:
            self.diags.error(doc.pos(("rows", i, "roll")), f"table '{spec.id}': row {i + 1} "
                             f"overlaps row {j + 1} on {span(first, last)}")
        if found.gaps:
            start = found.gaps[0][0]
            after = next((i for i, (a, _) in enumerate(ranges) if a > start), len(ranges) - 1)
            shown = ", ".join(span(a, b) for a, b in found.gaps[:8]) + (
                " ..." if len(found.gaps) > 8 else "")
            self.diags.error(doc.pos(("rows", after, "roll")),
                             f"table '{spec.id}': no row for {shown} (the dice roll "
                             f"{low}-{high})")
        return found.exact

    # -- regions.yaml ---------------------------------------------------------------------
    def load_regions(self) -> dict[str, Region]:
        regions: dict[str, Region] = {}
        path = self.root / "regions.yaml"
        if not self.present(path):
            return regions
        doc = self.mapping_doc(path)
        if doc is None:
            self.unreadable.add("region")  # reported; its ids are not "unknown" elsewhere
            return regions
        owner: dict[Hex, str] = {}
        for rid in doc.data:
            spec = self.validate(m.RegionSpec, doc, (rid,))
            if not self.check_id(rid, "region", doc.pos((rid,), key=True)) or spec is None:
                self.broken["region"].add(str(rid))
                continue
            hexes: list[Hex] = []
            listed: list[tuple[Hex, str, Pos]] = []
            for i, item in enumerate(spec.hexes):
                listed += self.region_hexes(item, doc.pos((rid, "hexes", i)))
            listed += self.region_rows(doc, (rid, "rows"), spec.rows)
            for h, label, pos in listed:
                if h in owner:
                    where = "this region" if owner[h] == str(rid) else f"region '{owner[h]}'"
                    self.diags.error(pos, f"hex '{label}' is already in {where}")
                    continue
                owner[h] = str(rid)
                hexes.append(h)
            self.check_ids(spec.tables, self.tables, "table", doc, (rid, "tables"))
            regions[str(rid)] = Region(str(rid), spec.name, tuple(hexes), tuple(spec.tables),
                                       spec.description, spec.gm)
        return regions

    def region_hexes(self, item: str, pos: Pos) -> list[tuple[Hex, str, Pos]]:
        """A label, or a rectangle ``"0101-0510"`` (columns 01-05, rows 01-10), as hexes."""
        if "-" not in item:
            h = self.check_label(item, pos)
            return [] if h is None else [(h, item, pos)]
        first, _, last = item.partition("-")
        a, b = self.check_label(first, pos), self.check_label(last, pos)
        if a is None or b is None:
            return []
        (c1, r1), (c2, r2) = self.grid.col_row(first), self.grid.col_row(last)
        if c1 > c2 or r1 > r2:
            self.diags.error(pos, f"range '{item}' runs backwards: give the top-left hex first "
                             f"('{self.grid.label_of(min(c1, c2), min(r1, r2))}-"
                             f"{self.grid.label_of(max(c1, c2), max(r1, r2))}')")
            return []
        return [(self.grid.from_offset(c, r), self.grid.label_of(c, r), pos)
                for r in range(r1, r2 + 1) for c in range(c1, c2 + 1)]

    def region_rows(self, doc: Located, at: tuple[str | int, ...],
                    rows: list[str]) -> list[tuple[Hex, str, Pos]]:
        """A region drawn like ``terrain_rows``: 'x' marks its hexes, '.' the others."""
        out: list[tuple[Hex, str, Pos]] = []
        if len(rows) > self.grid.rows:
            self.diags.error(doc.pos(at + (self.grid.rows,)),
                             f"{len(rows)} rows, but the map has {self.grid.rows}")
        for r, text in enumerate(rows[: self.grid.rows]):
            pos = doc.pos(at + (r,))
            shift = 1 if at + (r,) in doc.quoted else 0
            cells = [(i, ch) for i, ch in enumerate(text) if ch != " "]
            if len(cells) > self.grid.columns:
                self.diags.error(pos, f"row {r + 1} has {len(cells)} marks, but the map has "
                                 f"{self.grid.columns} columns")
            for c, (i, mark) in enumerate(cells[: self.grid.columns]):
                here = Pos(pos.path, pos.line, pos.col + shift + i)
                if mark in "xX":
                    label = self.grid.label_of(c + 1, r + 1)
                    out.append((self.grid.from_offset(c + 1, r + 1), label, here))
                elif mark != ".":
                    self.diags.error(here, f"'{mark}' (row {r + 1}, column {c + 1}): mark the "
                                     f"region's hexes with 'x' and the others with '.'")
        return out

    # -- hexes/*.yaml ---------------------------------------------------------------------
    def load_hexes(self, regions: dict[str, Region]) -> dict[Hex, HexInfo]:
        hexes: dict[Hex, HexInfo] = {}
        defined_at: dict[Hex, Pos] = {}
        row_terrain: dict[Hex, tuple[str, Pos]] = {}
        for path in self.files("hexes", ".yaml", ".yml"):
            doc = self.mapping_doc(path)
            if doc is None:
                continue
            data = doc.data
            if "terrain_rows" in data or "legend" in data:
                self.load_terrain_rows(doc, row_terrain)
            for key in data:
                if key in ("terrain_rows", "legend"):
                    continue
                pos = doc.pos((key,), key=True)
                h = self.check_label(str(key), pos)
                entry = self.validate(m.HexEntry, doc, (key,))
                if h is None or entry is None:
                    continue
                if h in defined_at:
                    first = defined_at[h]
                    self.diags.error(pos, f"hex '{key}' is defined twice (first at {first})")
                    continue
                defined_at[h] = pos
                if entry.terrain is not None and entry.terrain not in self.terrain:
                    self.diags.error(doc.pos((key, "terrain")),
                                     f"unknown terrain '{entry.terrain}'"
                                     f"{suggest(entry.terrain, self.terrain)}")
                    continue
                self.check_ids(entry.tables, self.tables, "table", doc, (key, "tables"))
                if entry.region is not None:
                    self.check_ref(entry.region, regions, "region", doc.pos((key, "region")))
                hexes[h] = HexInfo(h, str(key), entry.terrain or "", entry.density, entry.name,
                                   entry.description, entry.gm, tuple(entry.tables),
                                   entry.region, pos)
        # fill terrain from rows where the entry gave none; add row-only hexes
        for h, (tid, pos) in row_terrain.items():
            if h in hexes:
                if not hexes[h].terrain:
                    hexes[h] = replace(hexes[h], terrain=tid)
            else:
                hexes[h] = HexInfo(h, self.grid.label(h), tid, pos=pos)
        for h, info in list(hexes.items()):
            if not info.terrain:
                default = self.default_terrain_id()
                if default:
                    hexes[h] = replace(info, terrain=default)
                elif h in self.broken_terrain:  # its letter's terrain is reported already
                    del hexes[h]
                else:
                    self.diags.error(info.pos or Pos("hexes"),
                                     f"hex '{info.label}' has no terrain (give it 'terrain:', "
                                     f"a letter in 'terrain_rows', or set 'default_terrain' in "
                                     f"campaign.yaml)")
                    del hexes[h]
            elif info.density and self.terrain[info.terrain].density_dc == {}:
                self.diags.warning(info.pos or Pos("hexes"),
                                   f"hex '{info.label}': density only matters for forest")
        return hexes

    def default_terrain_id(self) -> str | None:
        """campaign.yaml's ``default_terrain``: for entries without terrain (hexes with no
        entry at all get it from ``Campaign.hex_info``)."""
        return self.default_terrain

    def load_terrain_rows(self, doc: Located, out: dict[Hex, tuple[str, Pos]]) -> None:
        data = doc.data
        legend = data.get("legend")
        rows = data.get("terrain_rows")
        if not isinstance(legend, dict) or not isinstance(rows, list):
            self.diags.error(doc.pos(), "the compact form needs both 'legend' (letter -> "
                             "terrain) and 'terrain_rows' (one string per row)")
            return
        if self.rows_file is not None:
            self.diags.error(doc.pos(("terrain_rows",), key=True),
                             f"'terrain_rows' is already given in {self.rows_file} (one file "
                             f"holds the rows of the whole map)")
            return
        self.rows_file = doc.path
        letters: dict[str, str] = {}
        for letter, tid in legend.items():
            pos = doc.pos(("legend", letter))
            if len(str(letter)) != 1:
                self.diags.error(doc.pos(("legend", letter), key=True),
                                 f"legend keys are single letters, not '{letter}'")
            elif not isinstance(tid, str) or tid not in self.terrain:
                self.diags.error(pos, f"unknown terrain '{tid}'{suggest(str(tid), self.terrain)}")
            else:
                letters[str(letter)] = tid
        if len(rows) > self.grid.rows:
            self.diags.error(doc.pos(("terrain_rows", self.grid.rows)),
                             f"{len(rows)} rows, but the map has {self.grid.rows}")
        elif len(rows) < self.grid.rows:
            at = ("terrain_rows", len(rows) - 1) if rows else ("terrain_rows",)
            self.diags.error(doc.pos(at), f"{len(rows)} rows, but the map has {self.grid.rows} "
                             f"(one string per row)")
        for r, text in enumerate(rows[: self.grid.rows]):
            pos = doc.pos(("terrain_rows", r))
            if not isinstance(text, str):
                self.diags.error(pos, "each row is a string of terrain letters")
                continue
            cells = [(i, ch) for i, ch in enumerate(text) if ch != " "]
            if len(cells) != self.grid.columns:
                self.diags.error(pos, f"row {r + 1} has {len(cells)} letters, but the map has "
                                 f"{self.grid.columns} columns")
            shift = 1 if ("terrain_rows", r) in doc.quoted else 0
            for c, (i, letter) in enumerate(cells[: self.grid.columns]):
                if letter not in letters:
                    if letter in legend:  # already reported in the legend
                        self.broken_terrain.add(self.grid.from_offset(c + 1, r + 1))
                        continue
                    hint = f" (did you mean '{letter.swapcase()}'?)" \
                        if letter.swapcase() in letters else ""
                    self.diags.error(Pos(pos.path, pos.line, pos.col + shift + i),
                                     f"letter '{letter}' (row {r + 1}, column {c + 1}) is not in "
                                     f"the legend{hint}")
                    continue
                h = self.grid.from_offset(c + 1, r + 1)
                out[h] = (letters[letter], pos)

    # -- paths.yaml -----------------------------------------------------------------------
    def load_paths(self) -> dict[str, Path_]:
        paths: dict[str, Path_] = {}
        path = self.root / "paths.yaml"
        if not self.present(path):
            return paths
        doc = self.mapping_doc(path)
        if doc is None:
            self.unreadable.add("path")  # reported; its ids are not "unknown" elsewhere
            return paths
        for pid in doc.data:
            spec = self.validate(m.PathSpec, doc, (pid,))
            if not self.check_id(pid, "path", doc.pos((pid,), key=True)) or spec is None:
                self.broken["path"].add(str(pid))
                continue
            hexes: list[Hex] = []
            ok = True
            for i, label in enumerate(spec.hexes):
                pos = doc.pos((pid, "hexes", i))
                h = self.check_label(label, pos)
                if h is None:
                    ok = False
                    continue
                if hexes and ok and self.grid.face_between(hexes[-1], h) is None:
                    self.diags.error(pos, f"path '{pid}': '{label}' is not a neighbour of "
                                     f"'{spec.hexes[i - 1]}' (consecutive hexes of a path must "
                                     f"touch)")
                    ok = False
                hexes.append(h)
            if not ok:
                self.broken["path"].add(str(pid))
            else:
                paths[str(pid)] = Path_(str(pid), spec.kind,
                                        spec.name or str(pid).replace("-", " ").title(),
                                        spec.condition, tuple(hexes), tuple(spec.hexes),
                                        spec.description, spec.gm)
        return paths

    # -- locations/*.md -------------------------------------------------------------------
    def load_locations(self, paths: dict[str, Path_]) -> dict[str, Location]:
        locations: dict[str, Location] = {}
        for path in self.files("locations", ".md", ".markdown"):
            text = self.read(path)
            if text is None:
                continue
            shown = self.path_str(path)
            parts = split_front_matter(text)
            doc = self.front_matter(path, text)
            if doc is None:
                self.broken["location"].add(slugify(path.stem))
                continue
            spec = self.validate(m.LocationFront, doc, ())
            if spec is None:
                given = doc.data.get("id")
                self.broken["location"].add(given if isinstance(given, str)
                                            else slugify(path.stem))
                continue
            lid = spec.id or slugify(path.stem)
            if spec.id is not None and not self.check_id(spec.id, "location", doc.pos(("id",))):
                self.broken["location"].add(spec.id)
                continue
            if lid in locations:
                self.diags.error(doc.pos(("id",)) if spec.id else doc.pos(),
                                 f"duplicate location id '{lid}' (also in "
                                 f"{locations[lid].source})")
                continue
            h = self.check_label(spec.hex, doc.pos(("hex",)))
            if h is None:
                self.broken["location"].add(lid)
                continue
            for i, pid in enumerate(spec.on):
                if not self.check_ref(pid, paths, "path", doc.pos(("on", i))):
                    continue
                if h not in paths[pid].hexes:
                    # a warning, not an error: content.md's own example does this; the
                    # location is simply not found by following that path
                    self.diags.warning(doc.pos(("on", i)),
                                       f"path '{pid}' does not pass through hex "
                                       f"'{spec.hex}': following it will not find this "
                                       f"location")
            self.check_ids(spec.tables, self.tables, "table", doc, ("tables",))
            if spec.visible_from and spec.visibility != "visible":
                self.diags.warning(doc.pos(("visible_from",)),
                                   "visible_from only matters for visibility: visible")
            locations[lid] = Location(
                id=lid, name=spec.name, hex=h, label=spec.hex, visibility=spec.visibility,
                visible_from=self.farthest(h, spec.visible_from), on=tuple(spec.on),
                tags=tuple(spec.tags),
                gm_only=spec.gm_only, familiar=spec.familiar, icon=spec.icon,
                tables=tuple(spec.tables), body=parts.body, source=shown, pos=doc.pos())
        return locations

    # -- sessions/*.yaml ------------------------------------------------------------------
    def load_sessions(self, spec: m.CampaignFile, paths: dict[str, Path_],
                      locations: dict[str, Location], tables: dict[str, Table]) -> list[Session]:
        parsed: list[tuple[m.SessionFile, Located]] = []
        for path in self.files("sessions", ".yaml", ".yml"):
            doc = self.mapping_doc(path)
            if doc is None:
                self.sessions_complete = False
                continue
            sf = self.validate(m.SessionFile, doc, ())
            if sf is not None:
                parsed.append((sf, doc))
            else:
                self.sessions_complete = False
        # in the order they are replayed: a member described in one session may be named
        # by the sessions after it
        parsed.sort(key=lambda item: item[0].session)
        # resources may be declared in campaign.yaml or in a session ('doom' tempts fate)
        self.resource_ids: dict[str, Any] = {"doom": None, **spec.resources}
        for sf, _ in parsed:
            self.resource_ids.update(sf.resources)
        sessions: list[Session] = []
        numbers: dict[int, str] = {}
        members = {mem.name for mem in spec.party.members}
        for sf, doc in parsed:
            if sf.session in numbers:
                self.diags.error(doc.pos(("session",)), f"session {sf.session} is already "
                                 f"logged in {numbers[sf.session]}")
                continue
            numbers[sf.session] = doc.path
            for res_id in sf.resources:
                self.check_id(res_id, "resource", doc.pos(("resources", res_id), key=True))
            party = sf.party
            if party.start is not None:
                self.check_label(party.start, doc.pos(("party", "start")))
            self.check_offsets(party.start_offsets, doc, ("party", "start_offsets"))
            present = set(members)
            if party.members is not None:
                present = set()
                self.check_unique_members(
                    [(who if isinstance(who, str) else who.name,
                      ("party", "members", i) if isinstance(who, str)
                      else ("party", "members", i, "name"))
                     for i, who in enumerate(party.members)], doc)
                for i, who in enumerate(party.members):
                    if isinstance(who, str):
                        if who not in members:
                            self.diags.error(doc.pos(("party", "members", i)),
                                             f"unknown party member '{who}'"
                                             f"{suggest(who, members)} (add them to "
                                             f"campaign.yaml or describe them here)")
                        present.add(who)
                    else:
                        self.check_mount(who, doc.pos(("party", "members", i, "mount")))
                        self.check_knowledge_regions(who, doc, ("party", "members", i))
                        present.add(who.name)
                        members.add(who.name)
            if party.navigator and party.navigator not in present:
                self.diags.error(doc.pos(("party", "navigator")),
                                 f"navigator '{party.navigator}' is not in the party"
                                 f"{suggest(party.navigator, present)}")
            for i, entry in enumerate(sf.log):
                self.check_entry(entry, doc, ("log", i), paths, locations, tables, spec,
                                 present)
            sessions.append(Session(sf.session, str(sf.date) if sf.date else None,
                                    sf.title or f"Session {sf.session}", sf.summary, sf.gm,
                                    party, tuple(sf.log), doc.path, doc,
                                    resources=dict(sf.resources)))
        return sessions

    def check_entry(self, entry: m.LogEntry, doc: Located, at: tuple[str | int, ...],
                    paths: dict[str, Path_], locations: dict[str, Location],
                    tables: dict[str, Table], spec: m.CampaignFile,
                    present: set[str] | None = None) -> None:
        """Cross-check one log entry; ``present`` are the party members of the session."""
        t = entry.travel
        if t is not None:
            if t.heading is not None and t.heading not in self.faces:
                self.diags.error(doc.pos(at + ("travel", "heading")),
                                 self.not_a_face(t.heading))
            toward = None
            if t.toward is not None:
                toward = self.check_label(t.toward, doc.pos(at + ("travel", "toward")))
            if t.follow is not None:
                if self.check_ref(t.follow, paths, "path", doc.pos(at + ("travel", "follow"))) \
                        and toward is not None and toward not in paths[t.follow].hexes:
                    self.diags.error(doc.pos(at + ("travel", "toward")),
                                     f"hex '{t.toward}' is not on path '{t.follow}'")
            if t.landmark is not None and t.landmark not in locations:
                if self.grid.is_label(t.landmark):
                    self.check_label(t.landmark, doc.pos(at + ("travel", "landmark")))
                elif t.landmark not in self.broken["location"]:
                    self.diags.error(doc.pos(at + ("travel", "landmark")),
                                     f"unknown landmark '{t.landmark}': name a location id or a "
                                     f"hex label{suggest(t.landmark, locations)}")
        if entry.search is not None and entry.search.target is not None:
            self.check_ref(entry.search.target, locations, "location",
                           doc.pos(at + ("search", "target")))
        if entry.encounter is not None:
            e = entry.encounter
            if e.table is not None:
                self.check_ref(e.table, tables, "table", doc.pos(at + ("encounter", "table")))
            if e.location is not None:
                self.check_ref(e.location, locations, "location",
                               doc.pos(at + ("encounter", "location")))
            if e.table in tables and e.roll is not None:
                if tables[e.table].row_for(e.roll) is None:
                    low = min(a for a, _ in tables[e.table].ranges)
                    high = max(b for _, b in tables[e.table].ranges)
                    self.diags.error(doc.pos(at + ("encounter", "roll")),
                                     f"roll {e.roll} matches no row of table '{e.table}' "
                                     f"(rows cover {low}-{high})")
        if entry.reveal is not None:
            for i, ident in enumerate(entry.reveal):
                if ident in locations or ident in self.broken["location"]:
                    continue
                if self.grid.is_label(ident):
                    self.check_label(ident, doc.pos(at + ("reveal", i)))
                else:
                    self.diags.error(doc.pos(at + ("reveal", i)),
                                     f"unknown location or hex '{ident}'"
                                     f"{suggest(ident, locations)}")
        if entry.chase is not None:
            ch = entry.chase
            known = set(spec.creatures) | {mem.name for mem in spec.party.members} | \
                (present or set())
            for side in ("quarry", "pursuers"):
                actors = getattr(ch, side)
                if actors == "party":
                    continue
                for j, who in enumerate(actors):
                    if isinstance(who, str) and who not in known:
                        self.diags.error(doc.pos(at + ("chase", side, j)),
                                         f"unknown chase participant '{who}'"
                                         f"{suggest(who, known)}: name a party member, a "
                                         f"creature from campaign.yaml 'creatures:', or give "
                                         f"stats inline ({{name, speed, con, stealth, "
                                         f"perception}})")
            if not ch.pursuers:
                self.diags.error(doc.pos(at + ("chase",)), "a chase needs pursuers")
            if ch.complications is not None:
                self.check_ref(ch.complications, tables, "table",
                               doc.pos(at + ("chase", "complications")))
        if entry.use is not None:
            self.check_ref(entry.use.resource, self.resource_ids, "resource",
                           doc.pos(at + ("use", "resource")))
            who = entry.use.by
            members = present if present is not None else \
                {mem.name for mem in spec.party.members}
            if who is not None and who not in members:
                self.diags.error(doc.pos(at + ("use", "by")),
                                 f"'{who}' is not in the party{suggest(who, members)}")
        if entry.expect is not None:
            ex = entry.expect
            if entry.action in m.INSTANT_ACTIONS:
                self.diags.error(doc.pos(at + ("expect",)),
                                 f"expect: goes on an entry that takes a watch, not on "
                                 f"'{entry.action}'")
            for key in ("hex", "believed"):
                label = getattr(ex, key)
                if label is not None:
                    self.check_label(label, doc.pos(at + ("expect", key)))
            for j, label in enumerate(ex.entered or ()):
                self.check_label(label, doc.pos(at + ("expect", "entered", j)))
            for j, lid in enumerate(ex.found):
                self.check_ref(lid, locations, "location", doc.pos(at + ("expect", "found", j)))
        for purpose, value in entry.rolls.items():
            values = value if isinstance(value, list) else [value]
            if not values:
                self.diags.warning(doc.pos(at + ("rolls", purpose)),
                                   f"empty list of {purpose} rolls: it records nothing, so "
                                   f"the generator rolls them (give the dice rolled at the "
                                   f"table, or remove the key)")


def load_campaign(root: Path, overrides: Mapping[Path, str] | None = None,
                  parse_cache: ParseCache | None = None,
                  ) -> tuple[Campaign | None, Diagnostics]:
    """Load and validate a campaign folder. The campaign is None when there are errors.

    ``overrides`` gives the text of some files instead of what is on disk (``hexcrawl play``
    checks an entry before it writes it); each must exist on disk. ``parse_cache``
    (``generator.content.parsecache``, kept by ``hexcrawl serve`` between loads) gives the
    files whose text did not change their last parse again; the result is the same."""
    loader = _Loader(root, overrides, parse_cache)
    if parse_cache is not None:
        parse_cache.begin()
    campaign = loader.load()
    if parse_cache is not None:
        parse_cache.end()
    if loader.diags.has_errors():
        return None, loader.diags
    return campaign, loader.diags


def load_partial(root: Path, parse_cache: ParseCache | None = None,
                 ) -> tuple[Campaign | None, Diagnostics, bool]:
    """Like ``load_campaign``, but the campaign as far as it loaded even with errors, and
    whether the replay of its sessions could still tell independent errors: campaign.yaml
    itself was right and every session file was read (``generator.onepass``). The campaign
    is None only when campaign.yaml gave nothing to build on. ``parse_cache`` as for
    ``load_campaign``."""
    loader = _Loader(root, parse_cache=parse_cache)
    if parse_cache is not None:
        parse_cache.begin()
    campaign = loader.load()
    if parse_cache is not None:
        parse_cache.end()
    return campaign, loader.diags, loader.sessions_complete and loader.campaign_file_ok
