"""Loading: read every content file, validate it, cross-check ids, build the Campaign.

This is the only module that reads content files. Problems never raise: they become
diagnostics with a position, all collected in one run, so a GM sees every mistake at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

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
from generator.content.markdown import split_front_matter, strip_gm_blocks
from generator.content.yamlpos import Located, load_yaml
from generator.diagnostics import Diagnostics, Pos, display_path, suggest
from generator.dice import parse_dice
from generator.hexgrid import FACES, POINTY_FACES, Grid, Hex
from generator.rules import rolltables
from generator.rules.tables import TERRAIN, TerrainRule
from generator.slug import slugify

T = TypeVar("T", bound=BaseModel)

SUPPORTED_LANGUAGES = ("en", "ru", "uk")
KNOWN_GEAR = ("compass",)


def _all_field_names() -> list[str]:
    names: set[str] = set()
    for obj in vars(m).values():
        if isinstance(obj, type) and issubclass(obj, BaseModel) and obj is not BaseModel:
            names.update(obj.model_fields)
    return sorted(names)


_FIELD_NAMES = _all_field_names()


def _validation_diags(exc: ValidationError, doc: Located, prefix: tuple[str | int, ...],
                      diags: Diagnostics) -> None:
    """Turn pydantic errors into positioned diagnostics (one per place)."""
    seen: set[Pos] = set()
    root = doc.data
    for err in exc.errors():
        data: Any = root
        for part in prefix:
            data = data[part] if isinstance(data, (dict, list)) else None
        path: list[str | int] = list(prefix)
        field_name: str | int | None = None
        for part in err["loc"]:
            if isinstance(data, dict) and part in data:
                path.append(part)
                data = data[part]
            elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
                path.append(part)
                data = data[part]
            elif err["type"] in ("missing", "extra_forbidden") and isinstance(part, str):
                field_name = part
            # other parts are pydantic's union-branch tags: skip them
        kind = err["type"]
        if kind == "extra_forbidden":
            key = path[-1] if path else field_name
            pos = doc.pos(tuple(path), key=True)
            msg = f"unknown key '{key}'{suggest(str(key), _FIELD_NAMES)}"
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
        _validation_diags(exc, doc, prefix, diags)
        return None


class _Loader:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.diags = Diagnostics()

    # -- files ----------------------------------------------------------------------------
    def path_str(self, path: Path) -> str:
        return display_path(path)

    def read(self, path: Path) -> str | None:
        try:
            return path.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            self.diags.error(Pos(self.path_str(path)), f"not UTF-8 text: {exc.reason}")
        except OSError as exc:
            self.diags.error(Pos(self.path_str(path)), f"cannot read: {exc.strerror}")
        return None

    def yaml_file(self, path: Path) -> Located | None:
        text = self.read(path)
        if text is None:
            return None
        return load_yaml(text, self.path_str(path), self.diags)

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

    def files(self, folder: str, *suffixes: str) -> list[Path]:
        base = self.root / folder
        if not base.is_dir():
            return []
        return sorted(p for p in base.rglob("*") if p.is_file() and p.suffix in suffixes
                      and not p.name.startswith("."))

    # -- the whole campaign ---------------------------------------------------------------
    def load(self) -> Campaign | None:
        if not self.root.is_dir():
            self.diags.error(Pos(self.path_str(self.root)), "content folder not found")
            return None
        campaign_path = self.root / "campaign.yaml"
        if not campaign_path.is_file():
            self.diags.error(Pos(self.path_str(campaign_path)),
                             "campaign.yaml is missing (run 'hexcrawl new DIR' for a scaffold)")
            return None
        cdoc = self.mapping_doc(campaign_path)
        spec = _validate(m.CampaignFile, cdoc, (), self.diags) if cdoc else None
        if spec is None or cdoc is None:
            # keep going far enough to report problems in other files too
            self.load_rest_without_campaign()
            return None
        grid = Grid(spec.map.columns, spec.map.rows, spec.map.orientation)
        self.grid = grid
        self.faces = FACES if grid.orientation == "flat" else POINTY_FACES
        terrain = self.load_terrain()
        self.terrain = terrain
        if spec.default_terrain and spec.default_terrain not in terrain:
            self.diags.error(cdoc.pos(("default_terrain",)),
                             f"unknown terrain '{spec.default_terrain}'"
                             f"{suggest(spec.default_terrain, terrain)}")
        if spec.language not in SUPPORTED_LANGUAGES:
            self.diags.warning(cdoc.pos(("language",)),
                               f"no interface strings for language '{spec.language}'; "
                               f"using English (supported: {', '.join(SUPPORTED_LANGUAGES)})")
        self.check_label(spec.party.start, cdoc.pos(("party", "start")))
        names = [mem.name for mem in spec.party.members]
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
        regions = self.load_regions()
        hexes = self.load_hexes(regions)
        paths = self.load_paths()
        locations = self.load_locations(paths)
        sessions = self.load_sessions(spec, paths, locations, tables)
        # regions named by hex entries
        for info in hexes.values():
            if info.region and info.region not in regions and info.pos:
                self.diags.error(info.pos, f"unknown region '{info.region}'"
                                 f"{suggest(info.region, regions)}")
        for res_id, res in spec.resources.items():
            if res.owner and res.owner not in names:
                self.diags.error(cdoc.pos(("resources", res_id, "owner")),
                                 f"resource owner '{res.owner}' is not a party member"
                                 f"{suggest(res.owner, names)}")
        return Campaign(
            root=self.root,
            name=spec.name,
            seed=spec.seed,
            language=spec.language if spec.language in SUPPORTED_LANGUAGES else "en",
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
        )

    def load_rest_without_campaign(self) -> None:
        for path in self.files("hexes", ".yaml", ".yml"):
            self.mapping_doc(path)
        for path in self.files("sessions", ".yaml", ".yml"):
            self.mapping_doc(path)
        for path in self.files("tables", ".yaml", ".yml"):
            self.mapping_doc(path)

    # -- helpers --------------------------------------------------------------------------
    def check_label(self, label: str, pos: Pos) -> Hex | None:
        grid = self.grid
        if not grid.is_label(label):
            self.diags.error(pos, f"'{label}' is not a hex label: write {grid.width * 2} digits, "
                             f"column then row, such as '{grid.label_of(1, 1)}' (quote it)")
            return None
        col, row = grid.col_row(label)
        if not grid.on_map_cr(col, row):
            self.diags.error(pos, f"hex '{label}' is off the map (columns 1-{grid.columns}, "
                             f"rows 1-{grid.rows})")
            return None
        return grid.from_offset(col, row)

    def check_mount(self, mem: m.Member, pos: Pos) -> None:
        from generator.rules.tables import MOUNTS

        if mem.mount and mem.mount not in MOUNTS:
            self.diags.error(pos, f"unknown mount '{mem.mount}'{suggest(mem.mount, MOUNTS)}"
                             f" (known: {', '.join(MOUNTS)})")

    def check_ids(self, ids: Iterable[str], known: dict[str, Any], what: str,
                  doc: Located, at: tuple[str | int, ...]) -> None:
        for i, ident in enumerate(ids):
            if ident not in known:
                self.diags.error(doc.pos(at + (i,)),
                                 f"unknown {what} '{ident}'{suggest(ident, known)}")

    # -- terrain.yaml ---------------------------------------------------------------------
    def load_terrain(self) -> dict[str, TerrainRule]:
        terrain = dict(TERRAIN)
        path = self.root / "terrain.yaml"
        if not path.is_file():
            return terrain
        doc = self.mapping_doc(path)
        if doc is None:
            return terrain
        for tid, raw in doc.data.items():
            spec = _validate(m.TerrainSpec, doc, (tid,), self.diags)
            if spec is None:
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
                    impassable=bool(spec.impassable), density_dc=dict(spec.density_dc or {}))
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
                    density_dc=dict(spec.density_dc) if spec.density_dc is not None
                    else base.density_dc,
                )
        return terrain

    # -- tables/*.yaml --------------------------------------------------------------------
    def load_tables(self) -> dict[str, Table]:
        tables: dict[str, Table] = {}
        docs: dict[str, tuple[Located, m.TableFile]] = {}
        for path in self.files("tables", ".yaml", ".yml"):
            doc = self.mapping_doc(path)
            if doc is None:
                continue
            spec = _validate(m.TableFile, doc, (), self.diags)
            if spec is None:
                continue
            if spec.id in tables:
                self.diags.error(doc.pos(("id",)), f"duplicate table id '{spec.id}' (also in "
                                 f"{tables[spec.id].source})")
                continue
            table = self.build_table(spec, doc)
            if table is not None:
                tables[spec.id] = table
                docs[spec.id] = (doc, spec)
        # references between tables, and cycles
        for tid, (doc, spec) in docs.items():
            for i, row in enumerate(spec.rows):
                if row.table and row.table not in tables:
                    self.diags.error(doc.pos(("rows", i, "table")),
                                     f"unknown table '{row.table}'{suggest(row.table, tables)}")
        for tid in tables:
            cycle = self.find_cycle(tid, tables)
            if cycle and cycle[0] == tid:
                doc, spec = docs[tid]
                self.diags.error(doc.pos(("id",)),
                                 "tables refer to each other in a cycle: " + " -> ".join(cycle))
        return tables

    def find_cycle(self, start: str, tables: dict[str, Table]) -> list[str] | None:
        stack: list[tuple[str, list[str]]] = [(start, [start])]
        while stack:
            tid, trail = stack.pop()
            for row in tables[tid].rows:
                nxt = row.table
                if not nxt or nxt not in tables:
                    continue
                if nxt == start:
                    return trail + [nxt]
                if nxt not in trail:
                    stack.append((nxt, trail + [nxt]))
        return None

    def build_table(self, spec: m.TableFile, doc: Located) -> Table | None:
        ok = True
        has_roll = [r.roll is not None for r in spec.rows]
        if spec.dice is not None:
            try:
                dice = parse_dice(spec.dice)
            except ValueError as exc:
                self.diags.error(doc.pos(("dice",)), str(exc))
                return None
            ranges: list[tuple[int, int]] = []
            if all(has_roll):
                for i, row in enumerate(spec.rows):
                    assert row.roll is not None
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
            if ok:
                for problem in rolltables.check_coverage(ranges, dice):
                    self.diags.error(doc.pos(("rows",)), f"table '{spec.id}': {problem}")
            roll_dice = str(dice)
        else:
            if any(has_roll):
                i = has_roll.index(True)
                self.diags.error(doc.pos(("rows", i, "roll")),
                                 "a row with 'roll' needs the table's 'dice' (e.g. dice: 1d8)")
                return None
            weights = [r.weight or 1 for r in spec.rows]
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

    # -- regions.yaml ---------------------------------------------------------------------
    def load_regions(self) -> dict[str, Region]:
        regions: dict[str, Region] = {}
        path = self.root / "regions.yaml"
        if not path.is_file():
            return regions
        doc = self.mapping_doc(path)
        if doc is None:
            return regions
        owner: dict[Hex, str] = {}
        for rid in doc.data:
            spec = _validate(m.RegionSpec, doc, (rid,), self.diags)
            if spec is None:
                continue
            hexes: list[Hex] = []
            for i, label in enumerate(spec.hexes):
                h = self.check_label(label, doc.pos((rid, "hexes", i)))
                if h is None:
                    continue
                if h in owner:
                    self.diags.error(doc.pos((rid, "hexes", i)),
                                     f"hex '{label}' is already in region '{owner[h]}'")
                    continue
                owner[h] = str(rid)
                hexes.append(h)
            self.check_ids(spec.tables, self.tables, "table", doc, (rid, "tables"))
            regions[str(rid)] = Region(str(rid), spec.name, tuple(hexes), tuple(spec.tables),
                                       spec.description, spec.gm)
        return regions

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
                entry = _validate(m.HexEntry, doc, (key,), self.diags)
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
                if self.default_terrain_id():
                    hexes[h] = replace(info, terrain=self.default_terrain_id() or "")
                else:
                    self.diags.error(info.pos or Pos("hexes"),
                                     f"hex '{info.label}' has no terrain")
                    del hexes[h]
            elif info.density and self.terrain[info.terrain].density_dc == {}:
                self.diags.warning(info.pos or Pos("hexes"),
                                   f"hex '{info.label}': density only matters for forest")
        return hexes

    def default_terrain_id(self) -> str | None:
        return None  # resolved in Campaign.hex_info; entries must name terrain or use rows

    def load_terrain_rows(self, doc: Located, out: dict[Hex, tuple[str, Pos]]) -> None:
        data = doc.data
        legend = data.get("legend")
        rows = data.get("terrain_rows")
        if not isinstance(legend, dict) or not isinstance(rows, list):
            self.diags.error(doc.pos(), "the compact form needs both 'legend' (letter -> "
                             "terrain) and 'terrain_rows' (one string per row)")
            return
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
                    if letter in legend:
                        continue  # already reported in the legend
                    self.diags.error(Pos(pos.path, pos.line, pos.col + shift + i),
                                     f"letter '{letter}' (row {r + 1}, column {c + 1}) is not in "
                                     f"the legend{suggest(letter, letters)}")
                    continue
                h = self.grid.from_offset(c + 1, r + 1)
                out[h] = (letters[letter], pos)

    # -- paths.yaml -----------------------------------------------------------------------
    def load_paths(self) -> dict[str, Path_]:
        paths: dict[str, Path_] = {}
        path = self.root / "paths.yaml"
        if not path.is_file():
            return paths
        doc = self.mapping_doc(path)
        if doc is None:
            return paths
        for pid in doc.data:
            spec = _validate(m.PathSpec, doc, (pid,), self.diags)
            if spec is None:
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
            if ok:
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
            if parts.front is None:
                self.diags.error(Pos(shown), "a location file starts with YAML front matter "
                                 "between '---' lines (id, name, hex, ...)")
                continue
            doc = load_yaml(parts.front, shown, self.diags, line_offset=parts.front_line - 1)
            if doc is None:
                continue
            if not isinstance(doc.data, dict):
                self.diags.error(doc.pos(), "front matter must be a mapping")
                continue
            spec = _validate(m.LocationFront, doc, (), self.diags)
            if spec is None:
                continue
            lid = spec.id or slugify(path.stem)
            if spec.id is not None and spec.id != slugify(spec.id):
                self.diags.error(doc.pos(("id",)), f"id '{spec.id}' must be a slug of lowercase "
                                 f"letters, digits and dashes, such as '{slugify(spec.id)}'")
                continue
            if lid in locations:
                self.diags.error(doc.pos(("id",)) if spec.id else doc.pos(),
                                 f"duplicate location id '{lid}' (also in "
                                 f"{locations[lid].source})")
                continue
            h = self.check_label(spec.hex, doc.pos(("hex",)))
            if h is None:
                continue
            for i, pid in enumerate(spec.on):
                if pid not in paths:
                    self.diags.error(doc.pos(("on", i)),
                                     f"unknown path '{pid}'{suggest(pid, paths)}")
                elif h not in paths[pid].hexes:
                    self.diags.error(doc.pos(("on", i)),
                                     f"path '{pid}' does not pass through hex '{spec.hex}'")
            self.check_ids(spec.tables, self.tables, "table", doc, ("tables",))
            if spec.visible_from and spec.visibility != "visible":
                self.diags.warning(doc.pos(("visible_from",)),
                                   "visible_from only matters for visibility: visible")
            locations[lid] = Location(
                id=lid, name=spec.name, hex=h, label=spec.hex, visibility=spec.visibility,
                visible_from=spec.visible_from, on=tuple(spec.on), tags=tuple(spec.tags),
                gm_only=spec.gm_only, familiar=spec.familiar, icon=spec.icon,
                tables=tuple(spec.tables), body_players=strip_gm_blocks(parts.body),
                body_gm=parts.body, source=shown, pos=doc.pos())
        return locations

    # -- sessions/*.yaml ------------------------------------------------------------------
    def load_sessions(self, spec: m.CampaignFile, paths: dict[str, Path_],
                      locations: dict[str, Location], tables: dict[str, Table]) -> list[Session]:
        sessions: list[Session] = []
        numbers: dict[int, str] = {}
        members = {mem.name for mem in spec.party.members}
        for path in self.files("sessions", ".yaml", ".yml"):
            doc = self.mapping_doc(path)
            if doc is None:
                continue
            sf = _validate(m.SessionFile, doc, (), self.diags)
            if sf is None:
                continue
            if sf.session in numbers:
                self.diags.error(doc.pos(("session",)), f"session {sf.session} is already "
                                 f"logged in {numbers[sf.session]}")
                continue
            numbers[sf.session] = doc.path
            party = sf.party
            if party.start is not None:
                self.check_label(party.start, doc.pos(("party", "start")))
            present = set(members)
            if party.members is not None:
                present = set()
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
                        present.add(who.name)
                        members.add(who.name)
            if party.navigator and party.navigator not in present:
                self.diags.error(doc.pos(("party", "navigator")),
                                 f"navigator '{party.navigator}' is not in the party"
                                 f"{suggest(party.navigator, present)}")
            for i, entry in enumerate(sf.log):
                self.check_entry(entry, doc, ("log", i), paths, locations, tables, spec)
            sessions.append(Session(sf.session, str(sf.date) if sf.date else None,
                                    sf.title or f"Session {sf.session}", sf.summary, sf.gm,
                                    party, tuple(sf.log), doc.path, doc))
        return sessions

    def check_entry(self, entry: m.LogEntry, doc: Located, at: tuple[str | int, ...],
                    paths: dict[str, Path_], locations: dict[str, Location],
                    tables: dict[str, Table], spec: m.CampaignFile) -> None:
        t = entry.travel
        if t is not None:
            if t.heading is not None and t.heading not in self.faces:
                self.diags.error(doc.pos(at + ("travel", "heading")),
                                 f"'{t.heading}' is not a face of a {self.grid.orientation}-top "
                                 f"hex (faces: {', '.join(self.faces)})")
            if t.toward is not None:
                self.check_label(t.toward, doc.pos(at + ("travel", "toward")))
            if t.follow is not None:
                if t.follow not in paths:
                    self.diags.error(doc.pos(at + ("travel", "follow")),
                                     f"unknown path '{t.follow}'{suggest(t.follow, paths)}")
                elif t.toward is not None and self.grid.is_label(t.toward) and \
                        self.grid.parse(t.toward) not in paths[t.follow].hexes:
                    self.diags.error(doc.pos(at + ("travel", "toward")),
                                     f"hex '{t.toward}' is not on path '{t.follow}'")
            if t.landmark is not None and t.landmark not in locations:
                if self.grid.is_label(t.landmark):
                    self.check_label(t.landmark, doc.pos(at + ("travel", "landmark")))
                else:
                    self.diags.error(doc.pos(at + ("travel", "landmark")),
                                     f"unknown landmark '{t.landmark}': name a location id or a "
                                     f"hex label{suggest(t.landmark, locations)}")
            if t.hustle_hours and "hustle" not in t.modes:
                pass  # hustle_hours alone is enough
        if entry.search is not None and entry.search.target is not None and \
                entry.search.target not in locations:
            self.diags.error(doc.pos(at + ("search", "target")),
                             f"unknown location '{entry.search.target}'"
                             f"{suggest(entry.search.target, locations)}")
        if entry.encounter is not None:
            e = entry.encounter
            if e.table is not None and e.table not in tables:
                self.diags.error(doc.pos(at + ("encounter", "table")),
                                 f"unknown table '{e.table}'{suggest(e.table, tables)}")
            if e.location is not None and e.location not in locations:
                self.diags.error(doc.pos(at + ("encounter", "location")),
                                 f"unknown location '{e.location}'"
                                 f"{suggest(e.location, locations)}")
            if e.table in tables and e.roll is not None:
                if tables[e.table].row_for(e.roll) is None:
                    self.diags.error(doc.pos(at + ("encounter", "roll")),
                                     f"roll {e.roll} matches no row of table '{e.table}'")
        if entry.reveal is not None:
            for i, ident in enumerate(entry.reveal):
                if ident in locations:
                    continue
                if self.grid.is_label(ident):
                    self.check_label(ident, doc.pos(at + ("reveal", i)))
                else:
                    self.diags.error(doc.pos(at + ("reveal", i)),
                                     f"unknown location or hex '{ident}'"
                                     f"{suggest(ident, locations)}")
        if entry.use is not None and entry.use.resource not in spec.resources:
            self.diags.error(doc.pos(at + ("use", "resource")),
                             f"unknown resource '{entry.use.resource}'"
                             f"{suggest(entry.use.resource, spec.resources)}")
        for purpose, value in entry.rolls.items():
            values = value if isinstance(value, list) else [value]
            if not values:
                self.diags.warning(doc.pos(at + ("rolls", purpose)), "empty list of rolls")


def load_campaign(root: Path) -> tuple[Campaign | None, Diagnostics]:
    """Load and validate a campaign folder. The campaign is None when there are errors."""
    loader = _Loader(root)
    campaign = loader.load()
    if loader.diags.has_errors():
        return None, loader.diags
    return campaign, loader.diags
