"""The party and its dice: every member the campaign or the chronicle names (the players'
travel facts; the GM's scores and condition too), and every usage and doom die with its
history.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.content.campaign import Campaign
from generator.content.models import Member
from generator.knowledge.views import GMMemberView, MemberView, ProseFn, ResourceEventView
from generator.rules.chronicle import (
    Chronicle,
    ResourceEvent,
    ResourceState,
)
from generator.rules.resources import resource_said
from generator.rules.tables import MOUNTS


@dataclass(frozen=True)
class RosterEntry:
    name: str
    spec: Member | None
    sessions: tuple[int, ...]
    current: bool
    navigator: bool


def roster(campaign: Campaign, chronicle: Chronicle) -> list[RosterEntry]:
    """Every member the campaign or the chronicle names, in order of first appearance, with
    the latest declaration of them up to the last replayed session (campaign.yaml or a
    session's full entry), the sessions they played, and the last party and navigator."""
    party = campaign.party
    specs: dict[str, Member] = {m.name: m for m in party.members}
    order: dict[str, None] = dict.fromkeys(specs)
    played: dict[str, list[int]] = {}
    navigator = party.navigator if party.navigator in specs else party.members[0].name
    current = list(specs)
    logs = {s.number: s for s in campaign.sessions}
    for rec in chronicle.sessions:
        session = logs.get(rec.session)
        for who in (session.party.members or []) if session is not None else []:
            if not isinstance(who, str):
                specs[who.name] = who
                order.setdefault(who.name)
        current = list(rec.members)
        for name in rec.members:
            order.setdefault(name)
            played.setdefault(name, []).append(rec.session)
        wanted = session.party.navigator if session is not None else None
        if wanted and wanted in specs:
            navigator = wanted
        elif navigator not in current and current:
            navigator = current[0]
    for name in chronicle.members:
        order.setdefault(name)
    return [RosterEntry(name, specs.get(name), tuple(played.get(name, ())), name in current,
                         name == navigator) for name in order]


def _mph(spec: Member) -> float:
    if spec.mount and spec.mount in MOUNTS:
        unloaded, loaded = MOUNTS[spec.mount]
        return float(loaded if spec.mount_loaded else unloaded)
    return spec.speed / 10


def member_view(entry: RosterEntry) -> MemberView:
    spec = entry.spec
    return MemberView(
        name=entry.name, speed=spec.speed if spec else None,
        mph=_mph(spec) if spec else None, mount=spec.mount if spec else None,
        mount_loaded=spec.mount_loaded if spec else False, sessions=entry.sessions,
        current=entry.current)


def gm_member_view(entry: RosterEntry, chronicle: Chronicle, prose: ProseFn) -> GMMemberView:
    spec = entry.spec
    state = chronicle.members.get(entry.name)
    return GMMemberView(
        **member_view(entry).__dict__,
        survival=spec.survival if spec else None, con=spec.con if spec else None,
        knowledge_geography=spec.knowledge_geography if spec else None,
        knowledge_local=spec.knowledge_local if spec else None,
        stealth=spec.stealth if spec else None, perception=spec.perception if spec else None,
        initiative=spec.initiative if spec else None, level=spec.level if spec else None,
        notes=prose(spec.notes) if spec else None, navigator=entry.navigator,
        nonlethal=state.nonlethal if state else 0, lethal=state.lethal if state else 0,
        fatigued=state.fatigued if state else False, doomed=state.doomed if state else False)


def resource_states(chronicle: Chronicle) -> list[ResourceState]:
    return sorted(chronicle.resources.values(), key=lambda r: (r.doom, r.name.casefold()))


def resource_fields(r: ResourceState, chronicle: Chronicle, prose: ProseFn,
                    gm: bool = True) -> dict[str, Any]:
    """A usage die's fields; the note of a ``use`` entry is the GM's (content.md, "Who sees
    what"), so the players' history leaves it out (``gm=False``)."""
    return {
        "id": r.id, "name": r.name, "owner": r.owner, "description": prose(r.description),
        "start": r.start, "now": r.now, "doom": r.doom,
        "history": tuple(ResourceEventView(_event_session(chronicle, r, e), e.watch, e.day,
                                           e.by, e.roll, e.before, e.after, e.reason,
                                           prose(e.note) if gm else None)
                         for e in r.history),
    }


def _event_session(chronicle: Chronicle, r: ResourceState, e: ResourceEvent) -> int:
    """The session a usage-die event belongs to.

    The replay records a doom roll forced by a critical failure under the number of the last
    *finished* session (0 during the first one); the watch holding that roll tells the real
    session. Every other event, and a correctly numbered one, keeps its number.
    """
    if e.reason != "doom":
        return e.session
    holders: list[int] = []
    for rec in chronicle.sessions:
        if 0 <= e.watch < len(rec.watches):
            w = rec.watches[e.watch]
            if w.day == e.day and any(roll.purpose == "doom" and roll.natural == e.roll
                                      and roll.detail == resource_said(r)
                                      for roll in w.rolls):
                holders.append(rec.session)
    if not holders or e.session in holders:
        return e.session
    later = [n for n in holders if n > e.session]
    return later[0] if later else holders[0]
