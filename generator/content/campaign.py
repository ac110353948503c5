"""The loaded campaign: an immutable model of everything in ``content/``.

Built by ``loader.load_campaign`` after validation; every later stage (replay, knowledge,
render) reads only this, never the files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from generator.audience import Audience
from generator.content.builtin import TerrainRule
from generator.content.models import (
    ChaseActor,
    MapSpec,
    Member,
    PartySpec,
    ReferenceSpec,
    ResourceSpec,
    RulesSpec,
    TableRow,
)
from generator.content.sessionlog import LogEntry, SessionParty
from generator.content.symbols import NO_SYMBOL, SYMBOL_NAMES, SymbolArt
from generator.content.yamlpos import Located
from generator.diagnostics import Pos
from generator.hexgrid import Grid, Hex


@dataclass(frozen=True)
class HexInfo:
    hex: Hex
    label: str
    terrain: str
    density: str | None = None
    name: str | None = None
    description: str | None = None
    gm: str | None = None
    tables: tuple[str, ...] = ()
    region: str | None = None
    pos: Pos | None = None


@dataclass(frozen=True)
class Path_:
    id: str
    kind: str
    name: str
    condition: str
    hexes: tuple[Hex, ...]
    labels: tuple[str, ...]
    description: str | None = None
    gm: str | None = None

    def index_of(self, h: Hex) -> list[int]:
        return [i for i, x in enumerate(self.hexes) if x == h]


@dataclass(frozen=True)
class Region:
    id: str
    name: str
    hexes: tuple[Hex, ...]
    tables: tuple[str, ...] = ()
    description: str | None = None
    gm: str | None = None


@dataclass(frozen=True)
class Location:
    id: str
    name: str
    hex: Hex
    label: str
    visibility: str
    visible_from: int
    on: tuple[str, ...]
    tags: tuple[str, ...]
    gm_only: bool
    familiar: bool
    icon: str | None
    tables: tuple[str, ...]
    #: the full Markdown body, GM blocks included (the players' view renders it without
    #: them: generator.content.markdown)
    body: str
    source: str
    pos: Pos


@dataclass(frozen=True)
class Table:
    id: str
    name: str
    dice: str | None
    audience: Audience
    description: str | None
    rows: tuple[TableRow, ...]
    #: inclusive natural-roll range of each row, derived from `roll` or weights
    ranges: tuple[tuple[int, int], ...]
    #: the dice rolled on this table (explicit, or derived from the weights)
    roll_dice: str
    source: str
    pos: Pos

    def row_for(self, natural: int) -> int | None:
        for i, (low, high) in enumerate(self.ranges):
            if low <= natural <= high:
                return i
        return None


@dataclass(frozen=True)
class Session:
    number: int
    date: str | None
    title: str
    summary: str | None
    gm: str | None
    party: SessionParty
    log: tuple[LogEntry, ...]
    source: str
    located: Located
    resources: dict[str, ResourceSpec] = field(default_factory=dict)

    def entry_pos(self, index: int, *more: str | int) -> Pos:
        return self.located.pos(("log", index, *more))

    def roll_pos(self, index: int, purpose: str, ordinal: int) -> Pos:
        value = self.log[index].rolls.get(purpose)
        if isinstance(value, list):
            return self.located.pos(("log", index, "rolls", purpose, ordinal))
        return self.located.pos(("log", index, "rolls", purpose))


@dataclass(frozen=True)
class Campaign:
    root: Path
    name: str
    seed: int
    language: str
    description: str | None
    map: MapSpec
    grid: Grid
    rules: RulesSpec
    party: PartySpec
    default_terrain: str | None
    terrain: dict[str, TerrainRule]
    hexes: dict[Hex, HexInfo]
    paths: dict[str, Path_]
    regions: dict[str, Region]
    locations: dict[str, Location]
    tables: dict[str, Table]
    sessions: tuple[Session, ...]
    resources: dict[str, ResourceSpec]
    campaign_pos: Pos
    members_by_name: dict[str, Member] = field(default_factory=dict)
    creatures: dict[str, ChaseActor] = field(default_factory=dict)
    #: the players' sheets of the rules reference (generator.reference.sheets.site_sheets)
    reference: ReferenceSpec = field(default_factory=ReferenceSpec)
    #: campaign.yaml ``tables``: wandering-encounter tables for hexes with no other table
    encounter_tables: tuple[str, ...] = ()
    #: terrain id -> built-in map symbol chosen in terrain.yaml (``symbol:`` or ``like:``);
    #: a terrain not listed draws the symbol of its own id, if there is one
    terrain_symbols: dict[str, str] = field(default_factory=dict)
    #: the campaign's own symbol drawings (``symbols/<terrain-id>.svg``)
    symbols: dict[str, SymbolArt] = field(default_factory=dict)
    #: terrain id -> the built-in terrain terrain.yaml started it from (``like:``)
    terrain_like: dict[str, str] = field(default_factory=dict)

    def terrain_symbol(self, terrain_id: str) -> str | None:
        """The built-in symbol a terrain draws, or None (a plain colour)."""
        name = self.terrain_symbols.get(terrain_id,
                                        terrain_id if terrain_id in SYMBOL_NAMES else None)
        return None if name in (None, NO_SYMBOL) else name

    @property
    def hex_miles(self) -> int:
        return self.map.hex_miles

    def hex_info(self, h: Hex) -> HexInfo | None:
        info = self.hexes.get(h)
        if info is None and self.default_terrain and self.grid.on_map(h):
            return HexInfo(h, self.grid.label(h), self.default_terrain)
        return info

    def terrain_of(self, h: Hex) -> TerrainRule | None:
        info = self.hex_info(h)
        return self.terrain.get(info.terrain) if info else None

    def wandering_table(self, h: Hex) -> Table | None:
        """The table a wandering encounter in ``h`` rolls on: the hex's own ``tables``, else
        its region's, else its terrain's (a table whose id is the terrain, or
        ``<terrain>-encounters``, ``encounters-<terrain>``), else campaign.yaml's ``tables``;
        the first of a list that exists."""
        info = self.hex_info(h)
        region = self.region_of(h)
        for tid in (*(info.tables if info else ()), *(region.tables if region else ())):
            if tid in self.tables:
                return self.tables[tid]
        if info:
            for tid in (info.terrain, f"{info.terrain}-encounters",
                        f"encounters-{info.terrain}"):
                if tid in self.tables:
                    return self.tables[tid]
        for tid in self.encounter_tables:
            if tid in self.tables:
                return self.tables[tid]
        return None

    def region_of(self, h: Hex) -> Region | None:
        info = self.hexes.get(h)
        if info and info.region:
            return self.regions.get(info.region)
        return self._region_by_hex.get(h)

    @cached_property
    def _region_by_hex(self) -> dict[Hex, Region]:
        """Each hex of a region's ``hexes`` -> the first region (in ``regions`` order) that
        lists it: built once, on first use (the views ask for every hex of the map)."""
        out: dict[Hex, Region] = {}
        for region in self.regions.values():
            for h in region.hexes:
                out.setdefault(h, region)
        return out

    @cached_property
    def _locations_by_hex(self) -> dict[Hex, tuple[Location, ...]]:
        """Every hex's locations, sorted by id: built once, on first use."""
        by_hex: dict[Hex, list[Location]] = {}
        for loc in sorted(self.locations.values(), key=lambda loc: loc.id):
            by_hex.setdefault(loc.hex, []).append(loc)
        return {h: tuple(locs) for h, locs in by_hex.items()}

    def locations_in(self, h: Hex) -> list[Location]:
        """The locations in hex ``h``, sorted by id."""
        return list(self._locations_by_hex.get(h, ()))

    @cached_property
    def path_steps(self) -> dict[tuple[Hex, Hex], tuple[tuple[str, Path_], ...]]:
        """(a, b) -> (id, path) of the paths that have ``a`` and ``b`` as consecutive hexes,
        either way, in the order of ``paths``: built once, on first use (the replay asks for every
        stretch of every watch, and testing every step of every path each time was slow)."""
        steps: dict[tuple[Hex, Hex], list[tuple[str, Path_]]] = {}
        for pid, path in self.paths.items():
            hs = path.hexes
            for a, b in zip(hs, hs[1:], strict=False):
                for key in ((a, b), (b, a)):
                    on = steps.setdefault(key, [])
                    if not on or on[-1][1] is not path:
                        on.append((pid, path))
        return {key: tuple(on) for key, on in steps.items()}
