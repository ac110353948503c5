"""The session log format as pydantic models: one file per game session, its log of
entries (docs/format.md, "sessions/*.yaml"). The shapes the rest of the content shares
(labels, faces, members, resources) are in ``models``."""

from __future__ import annotations

import datetime as dt
import difflib
from typing import Any, Literal

from pydantic import (
    Field,
    model_validator,
)

from generator.content.models import (
    ChaseActor,
    Face,
    Label,
    Member,
    Model,
    Multiplier,
    Name,
    Ref,
    ResourceSpec,
    StartTime,
)
from generator.diagnostics import N_, MessageError, typed

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
            raise MessageError(N_("a travel watch names exactly one of heading, toward, "
                                  "follow or landmark (follow may add toward)"))
        if self.direction is not None and self.follow is None:
            raise MessageError(N_("direction only goes with follow"))
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
            raise MessageError(N_(
                "'tell:' is given twice, inside '%(key)s:' and beside it: write it once, "
                "either inside the mapping (%(inside)s) or beside the action, as a key of the "
                "entry indented like '%(key)s:' (%(beside)s)", key=key,
                inside=f'{key}: {{..., tell: "..."}}', beside='tell: "..."'))
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
            hint = N_("did you mean '%(name)s'? ", name=close[0]) if close else ""
            raise MessageError(N_(
                "'%(entry)s' is not a log entry: %(hint)sa bare word may only be one of "
                "%(words)s; other entries are mappings such as '%(travel)s' or '%(note)s'",
                entry=data, hint=hint, words=typed(BARE_ACTIONS),
                travel="travel: {heading: N}", note="note: text"))
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
            if not given:
                raise MessageError(N_("each log entry has exactly one action (%(actions)s); "
                                      "found none", actions=typed(ACTION_KEYS)))
            raise MessageError(N_("each log entry has exactly one action (%(actions)s); "
                                  "found %(found)s", actions=typed(ACTION_KEYS),
                                  found=typed(given)))
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
