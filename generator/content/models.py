"""The content format as pydantic models (content.md is the binding contract).

Every model forbids unknown keys, so a typo such as ``terain:`` is an error with a position
rather than a silently ignored line. Cross-file checks (unknown ids, contiguity) live in
``loader.py``; these models check the shape of one file.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    ValidationInfo,
    WithJsonSchema,
    field_validator,
)
from pydantic_core import PydanticCustomError

from generator.audience import AudienceWord
from generator.content.rolltables import MAX_RESULTS
from generator.diagnostics import N_, MessageError
from generator.dice import MAX_SIDES


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)


def _label(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value


def _fraction(value: Any) -> Any:
    if isinstance(value, Fraction):
        return value
    if isinstance(value, bool):
        raise MessageError(N_("expected a number such as 1, 0.75 or 3/4"))
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(str(value))
    if isinstance(value, str) and re.fullmatch(r"\s*\d+(\s*/\s*\d+|\.\d+)?\s*", value):
        frac = Fraction(value.replace(" ", ""))
        return frac
    raise MessageError(N_("expected a number such as 1, 0.75 or 3/4"))


#: A hex label such as "0304" (quote it in YAML, or write it with its leading zero).
#: (Editors read YAML 1.2, where an unquoted 0304 is the number 304: the schema allows it.)
Label = Annotated[str, BeforeValidator(_label), WithJsonSchema(
    {"anyOf": [{"type": "string", "pattern": "^[0-9]{4,}$"}, {"type": "integer", "minimum": 0}],
     "description": "hex label CCRR: column then row, 1-based, zero-padded, such as \"0304\""})]
#: A location id or a hex label (an unquoted 1203 reads as a number: take it as the label).
Ref = Annotated[str, BeforeValidator(_label), WithJsonSchema(
    {"anyOf": [{"type": "string"}, {"type": "integer", "minimum": 0}],
     "description": "a location id or a hex label"})]
#: A hex label, or a rectangle of hexes "0101-0510" (columns 01-05, rows 01-10, both ends in).
HexOrRange = Annotated[str, BeforeValidator(_label), WithJsonSchema(
    {"anyOf": [{"type": "string", "pattern": "^[0-9]{4,}(-[0-9]{4,})?$"},
               {"type": "integer", "minimum": 0}],
     "description": "a hex label such as \"0304\", or a rectangle \"0101-0510\": the hexes "
                    "from column 01, row 01 to column 05, row 10"})]
Multiplier = Annotated[
    Fraction,
    BeforeValidator(_fraction),
    PlainSerializer(lambda f: str(f), return_type=str),
    WithJsonSchema({"oneOf": [{"type": "number"}, {"type": "string",
                                                  "pattern": r"^\d+(/\d+)?$"}]}),
]
FACES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
#: A face of a hex: N NE SE S SW NW on a flat-top map, NE E SE SW W NW on a pointy-top one.
#: The loader checks it against the map's own orientation (and suggests the nearest face), so
#: the model takes any text; the schema lists every face of either orientation.
Face = Annotated[str, WithJsonSchema(
    {"enum": list(FACES),
     "description": "a face of the map's hexes: N NE SE S SW NW (flat-top maps) or NE E SE SW "
                    "W NW (pointy-top maps)"})]
Die = Annotated[str, Field(pattern=r"^d(4|6|8|10|12|20)$")]


def _not_blank(value: str) -> str:
    if not value.strip():
        raise PydanticCustomError("blank", "is empty or only spaces (write the name)")
    return value


#: A name or title a page shows: anything but empty or only spaces.
Name = Annotated[str, AfterValidator(_not_blank), WithJsonSchema(
    {"type": "string", "minLength": 1, "pattern": "\\S"})]


# ---------------------------------------------------------------------------------------------
# campaign.yaml


#: The largest map, in columns and in rows. Every hex is drawn on the SVG maps and listed in
#: the GM's hex key: a 200 x 200 map (40,000 hexes, 2,400 miles across) is a 7 MB overview
#: SVG and builds in under a minute; much larger maps would exhaust the memory of the build.
MAX_MAP_SIZE = 200


class MapSpec(Model):
    columns: int = Field(ge=1, json_schema_extra={"maximum": MAX_MAP_SIZE})
    rows: int = Field(ge=1, json_schema_extra={"maximum": MAX_MAP_SIZE})
    orientation: Literal["flat", "pointy"] = "flat"
    hex_miles: int = Field(default=12, ge=1)
    #: show hex labels and grid on the players' map (the procedure hides hexes from players)
    player_labels: bool = False
    player_grid: bool = False
    #: hex names written on the maps (``names``, the default) or in their tooltips only
    #: (``none``)
    labels: Literal["none", "names"] = "names"

    @field_validator("columns", "rows")
    @classmethod
    def _not_too_large(cls, v: int, info: ValidationInfo) -> int:
        if v > MAX_MAP_SIZE:
            raise MessageError(N_(
                "%(key)s: a map has at most %(num)s %(key)s, because every hex is drawn on "
                "the SVG maps and a larger map would exhaust the build's memory; split a "
                "larger world into several campaigns", key=info.field_name, num=MAX_MAP_SIZE))
        return v


class RulesSpec(Model):
    checks: Literal["d20", "brp", "bsh"] = "d20"
    advantage: Literal["classic", "scaled"] = "classic"
    actual_distance: bool = True
    encounter_check: str = "d12"
    #: extra realise checks on a clearly new terrain type or an obvious landmark (rules.md 5)
    realise_extra_checks: bool = True
    #: doom die per member (rules.md section 9); on by default under bsh (d6)
    doom: Die | None = None
    #: play flags a member whose nonlethal damage reaches this (a member's ``hp`` wins)
    nonlethal_warning: int = Field(default=10, ge=1)

    @field_validator("encounter_check")
    @classmethod
    def _check_encounter(cls, v: str) -> str:
        if v == "d12":
            return v
        m = re.fullmatch(r"(\d{1,9}) in d(\d{1,9})", v)
        if m is None:
            raise MessageError(N_("encounter_check is '%(d12)s' or a chance such as "
                                  "'%(example)s'", d12="d12", example="1 in d8"))
        chance, sides = int(m.group(1)), int(m.group(2))
        if not 2 <= sides <= MAX_SIDES:
            raise MessageError(N_("encounter_check '%(value)s': the die needs 2 to %(num)s "
                                  "sides, such as '%(example)s'", value=v, num=MAX_SIDES,
                                  example="1 in d8"))
        if chance >= sides:
            raise MessageError(N_(
                "encounter_check '%(value)s': %(chance)s must be below %(sides)s (the die's "
                "highest face is the keyed encounter), such as '%(most)s' at most", value=v,
                chance=chance, sides=sides, most=f"{sides - 1} in d{sides}"))
        return v


class Member(Model):
    name: Name
    speed: int = Field(default=30, ge=5, description="feet per round; miles per hour = speed/10")
    survival: int = 0
    con: int = 0
    knowledge_geography: int = 0
    knowledge_local: int = 0
    #: regions (ids of regions.yaml) the Knowledge ranks are for; None: everywhere (rules.md 5)
    knowledge_regions: list[str] | None = None
    mount: str | None = None
    mount_loaded: bool = False
    stealth: int = 0
    perception: int = 10
    level: int = 1
    initiative: int = 0
    doom: Die | None = None
    #: hit points: play flags the member when nonlethal damage reaches them
    hp: int | None = Field(default=None, ge=1)
    notes: str | None = None


class StartTime(Model):
    day: int = Field(default=1, ge=1)
    watch: int = Field(default=1, ge=1, le=6)


class PartySpec(Model):
    start: Label
    start_time: StartTime = StartTime()
    start_offsets: dict[Face, Multiplier] | None = None
    #: names must be unique: the loader checks it, so it can point at the second one
    members: list[Member] = Field(min_length=1)
    navigator: str | None = None
    gear: list[str] = []


class ResourceSpec(Model):
    die: Literal["d4", "d6", "d8", "d10", "d12", "d20"]
    name: Name | None = None
    owner: str | None = None
    description: str | None = None
    gm: str | None = None


#: The sheets a campaign can give its players (``reference.players``): the rules reference's
#: topic pages, ``checks`` (the campaign's own check system) and ``tables`` (the roll tables
#: shown to players). The GM site always has every sheet and the GM screen.
REFERENCE_SHEETS: tuple[str, ...] = (
    "travel", "hex-progress", "navigation", "getting-lost", "encounters", "checks",
    "checks-d20", "checks-brp", "checks-bsh", "modifiers", "chases", "facing", "tables",
)
#: The players' sheets when campaign.yaml names none: what a player uses at the table. The
#: GM's own procedures (hex progress, navigation, getting lost, encounters and finding
#: places) and the other check systems stay on the GM site.
DEFAULT_PLAYER_SHEETS: tuple[str, ...] = (
    "travel", "checks", "modifiers", "chases", "facing", "tables")

ReferenceSheet = Annotated[str, WithJsonSchema({"type": "string",
                                                "enum": list(REFERENCE_SHEETS)})]


class ReferenceSpec(Model):
    players: list[ReferenceSheet] | None = None


class SecretsSpec(Model):
    words: list[Annotated[str, Field(min_length=1, max_length=100)]] = Field(
        default=[], description=(
            "More words that make a heading, a box title or a paragraph's first words read "
            "as GM-only, besides the built-in ones (spoiler, \"keeper only\"): check warns "
            "where such text is public."))



class ChaseActor(Model):
    """A creature in a chase (seed 003): speed in feet per round, the Constitution number of
    the check system (d20 modifier, brp score, bsh score), Stealth and passive Perception."""

    name: Name
    speed: int = Field(default=30, ge=0)
    con: int = 0
    stealth: int = 0
    perception: int = 10
    initiative: int = 0
    count: int = Field(default=1, ge=1, le=50, description="several alike: 'Wolf 1', 'Wolf 2'")


class CampaignFile(Model):
    name: Name
    seed: int
    language: str = "en"
    description: str | None = None
    map: MapSpec
    rules: RulesSpec = RulesSpec()
    party: PartySpec
    default_terrain: str | None = None
    #: wandering-encounter tables of the last resort: hex, then region, then terrain, then these
    tables: list[str] = []
    resources: dict[str, ResourceSpec] = {}
    #: creatures that chases may name by id (rules.md section 10)
    creatures: dict[str, ChaseActor] = {}
    reference: ReferenceSpec = ReferenceSpec()
    #: the secrets check of every Markdown field the players read
    secrets: SecretsSpec = SecretsSpec()


# ---------------------------------------------------------------------------------------------
# terrain.yaml


class TerrainSpeed(Model):
    highway: Multiplier | None = None
    road: Multiplier | None = None
    trackless: Multiplier | None = None


class TerrainSpec(Model):
    name: Name | None = None
    letter: str | None = Field(default=None, min_length=1, max_length=1)
    color: str | None = Field(default=None, pattern=r"^#[0-9a-fA-F]{3,8}$")
    navigation_dc: int | None = None
    forage_dc: int | None = None
    speed: TerrainSpeed | None = None
    impassable: bool | None = None
    density_dc: dict[Literal["sparse", "medium", "dense"], int] | None = None
    like: str | None = Field(default=None, description="built-in terrain to start from")
    symbol: str | None = None


# ---------------------------------------------------------------------------------------------
# hexes/*.yaml


class HexEntry(Model):
    terrain: str | None = None
    density: Literal["sparse", "medium", "dense"] | None = None
    name: Name | None = None
    description: str | None = None
    gm: str | None = None
    tables: list[str] = []
    region: str | None = None


# ---------------------------------------------------------------------------------------------
# paths.yaml, regions.yaml


class PathSpec(Model):
    kind: Literal["highway", "road", "trail", "river"]
    name: Name | None = None
    condition: Literal["good", "poor"] = "good"
    hexes: list[Label] = Field(min_length=2)
    description: str | None = None
    gm: str | None = None


class RegionSpec(Model):
    name: Name
    hexes: list[HexOrRange] = []
    #: the region drawn like terrain_rows: one string per map row from row 1, one mark per
    #: column ('x' in the region, '.' not; spaces ignored); fewer rows than the map is fine
    rows: list[str] = []
    tables: list[str] = []
    description: str | None = None
    gm: str | None = None


# ---------------------------------------------------------------------------------------------
# locations/*.md front matter


class LocationFront(Model):
    id: str | None = None
    name: Name
    hex: Label
    visibility: Literal["normal", "visible", "hidden"] = "normal"
    visible_from: int = Field(default=0, ge=0)
    on: list[str] = []
    tags: list[str] = []
    gm_only: bool = False
    familiar: bool = False
    icon: str | None = None
    tables: list[str] = []


# ---------------------------------------------------------------------------------------------
# tables/*.yaml


class TableRow(Model):
    roll: str | int | None = None
    weight: int | None = Field(default=None, ge=1, le=MAX_RESULTS)
    result: str = ""
    table: str | None = None
    distance: str | None = None
    #: the number appearing, rolled when the row comes up (``2d4``: 5 wolves)
    appearing: str | None = None
    reaction: bool = False
    location: str | None = None
    gm: str | None = None
    #: what the players are told when this row comes up in an encounter (players' site)
    tell: str | None = None


class TableFile(Model):
    id: str
    name: Name
    dice: str | None = None
    audience: AudienceWord = "gm"
    description: str | None = None
    rows: list[TableRow] = Field(min_length=1)
