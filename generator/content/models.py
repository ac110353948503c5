"""The content format as pydantic models (content.md is the binding contract).

Every model forbids unknown keys, so a typo such as ``terain:`` is an error with a position
rather than a silently ignored line. Cross-file checks (unknown ids, contiguity) live in
``loader.py``; these models check the shape of one file.
"""

from __future__ import annotations

import datetime as dt
import difflib
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
    model_validator,
)
from pydantic_core import PydanticCustomError

from generator.content.rolltables import MAX_RESULTS
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
        raise ValueError("expected a number such as 1, 0.75 or 3/4")
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(str(value))
    if isinstance(value, str) and re.fullmatch(r"\s*\d+(\s*/\s*\d+|\.\d+)?\s*", value):
        frac = Fraction(value.replace(" ", ""))
        return frac
    raise ValueError("expected a number such as 1, 0.75 or 3/4")


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
Audience = Literal["gm", "players"]


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
            raise ValueError(f"{info.field_name}: a map has at most {MAX_MAP_SIZE} "
                             f"{info.field_name}, because every hex is drawn on the SVG maps "
                             f"and a larger map would exhaust the build's memory; split a "
                             f"larger world into several campaigns")
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
            raise ValueError("encounter_check is 'd12' or a chance such as '1 in d8'")
        chance, sides = int(m.group(1)), int(m.group(2))
        if not 2 <= sides <= MAX_SIDES:
            raise ValueError(f"encounter_check '{v}': the die needs 2 to {MAX_SIDES} sides, "
                             f"such as '1 in d8'")
        if chance >= sides:
            raise ValueError(f"encounter_check '{v}': {chance} must be below {sides} (the "
                             f"die's highest face is the keyed encounter), such as "
                             f"'{sides - 1} in d{sides}' at most")
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
    audience: Audience = "gm"
    description: str | None = None
    rows: list[TableRow] = Field(min_length=1)


# ---------------------------------------------------------------------------------------------
# sessions/*.yaml

Mode = Literal["normal", "cautious", "exploring", "foraging", "hustle"]
#: Who reads a ``note:`` (content.md, "Who sees what"): the party's own doings are theirs,
#: what they met or spent is the GM's.
NOTE_SHOWN = "free text (Markdown): shown on both sites and in replay --json"
NOTE_GM = "free text (Markdown): GM site and replay --json only"
RollValue = int | list[int]
#: What an entry's ``tell:`` is, beside its action or inside its mapping.
TELL = "what the players are told happened (Markdown): the players' journal shows it"


class ActionBody(Model):
    """The mapping of an action that takes one (``rest: {}``, ``travel: {heading: N}``).
    A ``tell:`` may be written inside it, as ``note:`` is, or beside the action, as ``gm:``
    is; the entry's validator moves it beside the action, where every reader looks."""

    tell: str | None = Field(default=None, description=TELL)


class Travel(ActionBody):
    heading: Face | None = None
    toward: Label | None = None
    follow: str | None = None
    direction: Literal["forward", "backward"] | None = None
    landmark: Ref | None = None
    mode: list[Mode] | Mode = []
    hustle_hours: int = Field(default=0, ge=0, le=4)
    visibility: Literal["normal", "poor"] = "normal"
    hours: Multiplier | None = Field(default=None, description="hours on the move (default 4)")
    note: str | None = Field(default=None, description=NOTE_SHOWN)

    @model_validator(mode="after")
    def _one_direction(self) -> Travel:
        given = [k for k in ("heading", "toward", "follow", "landmark")
                 if getattr(self, k) is not None]
        if self.follow is not None and self.toward is not None and len(given) == 2:
            return self  # follow a path toward a hex on it
        if len(given) != 1:
            raise ValueError("a travel watch names exactly one of heading, toward, follow or "
                             "landmark (follow may add toward)")
        if self.direction is not None and self.follow is None:
            raise ValueError("direction only goes with follow")
        return self

    @property
    def modes(self) -> list[str]:
        m = [self.mode] if isinstance(self.mode, str) else list(self.mode)
        return [x for x in m if x != "normal"]


class Rest(ActionBody):
    note: str | None = Field(default=None, description=NOTE_SHOWN)


class Camp(ActionBody):
    forage: bool = False
    #: the member who forages (the party's best forager when not given)
    by: str | None = None
    note: str | None = Field(default=None, description=NOTE_SHOWN)


class Sleep(ActionBody):
    note: str | None = Field(default=None, description=NOTE_SHOWN)


class Search(ActionBody):
    target: str | None = None
    note: str | None = Field(default=None, description=NOTE_SHOWN)


class Reorient(ActionBody):
    method: Literal["north", "new_course", "backtrack"]
    note: str | None = Field(default=None, description=NOTE_SHOWN)


class EncounterEntry(ActionBody):
    table: str | None = None
    roll: int | None = None
    note: str | None = Field(default=None, description=NOTE_GM)
    location: str | None = None


class UseEntry(ActionBody):
    resource: str
    by: str | None = None
    note: str | None = Field(default=None, description=(
        "free text (Markdown): the die's history on both sites' party page, the GM's "
        "session page and replay --json"))


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


class ChaseEntry(ActionBody):
    environment: Literal["urban", "wilderness"] = "wilderness"
    #: "party", or names of party members and creatures (campaign `creatures:`), or stats
    quarry: Literal["party"] | list[str | ChaseActor] = "party"
    pursuers: Literal["party"] | list[str | ChaseActor] = []
    distance: int = Field(default=60, ge=0, description="feet between quarry and lead pursuer")
    sight: int | None = Field(default=None, ge=0, description="feet; urban 60, wilderness 240")
    advantage: int = Field(default=0, ge=-1, le=1,
                           description="net advantage on escape checks from escape factors")
    escape_factors: list[str] = []
    rounds: int = Field(default=10, ge=1, le=100)
    complications: str | None = Field(default=None, description="table id for complications")
    note: str | None = Field(default=None, description=NOTE_GM)


class Expect(Model):
    """What the GM remembers happened in an entry logged afterwards: the replay
    checks it and, when seeded dice disagree, names the rolls to record."""

    hex: Label | None = None
    believed: Label | None = None
    lost: bool | None = None
    knows_lost: bool | None = None
    veer: int | None = Field(default=None, ge=-2, le=2)
    found: list[str] = []
    entered: list[Label] | None = None


class Ruling(Model):
    """What the table decided, set without dice and without time passing (format.md,
    "Rulings"): the replay goes on from this state."""

    hex: Label | None = None
    believed: Label | None = None
    lost: bool | None = None
    knows_lost: bool | None = None
    found: list[str] = []
    note: str | None = Field(default=None, description=NOTE_GM)


ACTION_KEYS = ("travel", "rest", "camp", "sleep", "search", "reorient", "encounter", "reveal",
               "note", "use", "chase", "ruling")
#: Entries that do not take a watch (content.md: every entry but note, reveal, use and
#: ruling).
INSTANT_ACTIONS = ("note", "reveal", "use", "ruling")
#: Actions a log may give as a bare word (``- rest``): those that need no options.
BARE_ACTIONS = ("rest", "sleep", "camp", "search")


def _lift_tell(data: dict[str, Any]) -> None:
    """A ``tell:`` inside the action's mapping becomes the entry's (one text, one place to
    read it); given in both places it is an error rather than one silently winning."""
    for key in ACTION_KEYS:
        body = data.get(key)
        if not isinstance(body, dict) or not isinstance(body.get("tell"), str):
            continue
        if data.get("tell") is not None:
            raise ValueError(
                f"'tell:' is given twice, inside '{key}:' and beside it: write it once, "
                f"either inside the mapping ({key}: {{..., tell: \"...\"}}) or beside "
                f"the action, as a key of the entry indented like '{key}:' (tell: \"...\")")
        body = dict(body)
        data["tell"] = body.pop("tell")
        data[key] = body


class LogEntry(Model):
    travel: Travel | None = None
    rest: Rest | None = None
    camp: Camp | None = None
    sleep: Sleep | None = None
    search: Search | None = None
    reorient: Reorient | None = None
    encounter: EncounterEntry | None = None
    reveal: list[Ref] | None = None
    note: str | None = None
    use: UseEntry | None = None
    chase: ChaseEntry | None = None
    ruling: Ruling | None = None
    rolls: dict[str, RollValue] = {}
    gm: str | None = Field(default=None, description="GM-only remark on this entry")
    tell: str | None = Field(default=None, description=TELL)
    expect: Expect | None = None

    @model_validator(mode="before")
    @classmethod
    def _empty_actions(cls, data: Any) -> Any:
        # `rest: {}` and a bare `rest:` (null) both mean "rest with no options", and so does
        # a bare word in the log (`- rest`, `- sleep`)
        if isinstance(data, str) and data.strip() in BARE_ACTIONS:
            return {data.strip(): {}}
        if isinstance(data, str):
            close = difflib.get_close_matches(data.strip(), BARE_ACTIONS, n=1)
            hint = f"did you mean '{close[0]}'? " if close else ""
            raise ValueError(
                f"'{data}' is not a log entry: {hint}a bare word may only be one of "
                f"{', '.join(BARE_ACTIONS)}; other entries are mappings such as "
                "'travel: {heading: N}' or 'note: text'")
        if isinstance(data, dict):
            data = dict(data)
            for key in ("rest", "camp", "sleep", "search"):
                if key in data and data[key] is None:
                    data[key] = {}
            _lift_tell(data)
        return data

    @model_validator(mode="after")
    def _exactly_one(self) -> LogEntry:
        given = [k for k in ACTION_KEYS if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError(
                "each log entry has exactly one action ("
                + ", ".join(ACTION_KEYS) + f"); found {', '.join(given) or 'none'}")
        return self

    @property
    def action(self) -> str:
        return next(k for k in ACTION_KEYS if getattr(self, k) is not None)


class SessionParty(Model):
    start: Label | None = None
    start_time: StartTime | None = None
    start_offsets: dict[Face, Multiplier] | None = None
    members: list[str | Member] | None = None
    navigator: str | None = None
    gear: list[str] | None = None


class SessionFile(Model):
    session: int = Field(ge=0)
    date: dt.date | str | None = None
    title: Name | None = None
    summary: str | None = None
    gm: str | None = None
    party: SessionParty = SessionParty()
    #: resources (usage dice) first declared in this session; they persist afterwards
    resources: dict[str, ResourceSpec] = {}
    log: list[LogEntry] = []
