"""Reusing the replay of the sessions before an edit (``hexcrawl serve``).

The replay is a fold: session after session over one ``PartyState`` and one ``Chronicle``.
What the fold holds after session *k* depends only on the campaign's own files and sessions
1..k, so when a GM edits session *N* of a campaign being served, the fold up to session
*N - 1* need not run again. ``ReplayCache`` keeps snapshots of the fold at session
boundaries and, on the next replay of the same campaign, restarts from the last snapshot
whose inputs are unchanged:

- *the campaign's inputs* are the Campaign without its sessions and without the location
  bodies (prose the rules never read), compared by value with the last replay's;
- *the sessions so far* are compared by value (the parsed log, with its source positions).

A snapshot is taken every ``EVERY`` sessions and after each of the last ``RECENT`` ones
(the sessions a GM usually edits) and the last one, so the cache holds a bounded number of
them, an edit replays at most ``EVERY`` sessions besides the edited one and those after it,
and an edit outside the sessions that changes none of the replay's inputs (a location's
prose) replays nothing. Snapshots are
copies: the finished ``SessionRecord``\\ s are shared (the fold never changes a session's
record once the session has ended), everything still growing is copied.

The campaign's inputs get a *token* (``inputs_token``), an object that stays the same from
one replay to the next exactly while they are unchanged, and so does each session
(``tokens``: while the campaign's inputs and every session up to that one are unchanged).
The renderer keys what it draws of a session (its maps, the GM's page of it) on the inputs'
token and the value of the session's view (``generator.render.pages``). The result of a
replay through the cache is the result of a replay from scratch; the tests compare the two.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from generator.content.campaign import Campaign, Session
from generator.diagnostics import Diagnostic
from generator.rules.chronicle import Chronicle

if TYPE_CHECKING:
    from generator.replay import Replayer
    from generator.rules.state import PartyState

#: A snapshot every this many sessions, and after each of the last ``RECENT`` sessions.
EVERY = 16
RECENT = 4


@dataclass
class _Snapshot:
    state: PartyState
    chronicle: Chronicle
    members_by_name: dict[str, Any]
    diags: list[Diagnostic]


def campaign_inputs(campaign: Campaign) -> Campaign:
    """The campaign as the replay and the session pages read it: no sessions, no bodies."""
    locations = {lid: dataclasses.replace(loc, body="")
                 for lid, loc in campaign.locations.items()}
    return dataclasses.replace(campaign, sessions=(), locations=locations)


def copy_chronicle(chronicle: Chronicle, memo: dict[int, Any]) -> Chronicle:
    """A copy the fold can go on with: finished session records shared, the growing sets
    and counts copied, anything else (resources, members, fields added later) deep-copied."""
    fast: dict[str, Any] = {
        "sessions": list(chronicle.sessions),
        "discovered": dict(chronicle.discovered),
        "known_how": dict(chronicle.known_how),
        "visits": dict(chronicle.visits),
        "lost_watches": dict(chronicle.lost_watches),
    }
    values: dict[str, Any] = {}
    for f in dataclasses.fields(chronicle):
        value = getattr(chronicle, f.name)
        values[f.name] = fast[f.name] if f.name in fast else copy.deepcopy(value, memo)
    return Chronicle(**values)


@dataclass
class ReplayCache:
    """Snapshots of one campaign's fold at session boundaries, and a token per session."""

    inputs: Campaign | None = None
    sessions: tuple[Session, ...] = ()
    #: sessions replayed -> the fold after them
    snapshots: dict[int, _Snapshot] = field(default_factory=dict)
    tokens: list[object] = field(default_factory=list)
    #: the same object while the campaign's inputs are (None before the first replay)
    inputs_token: object | None = None
    #: of the last replay: sessions whose inputs were unchanged, sessions not replayed again
    unchanged: int = 0
    reused: int = 0

    # -- used by Replayer.run ---------------------------------------------------------------
    def resume(self, replayer: Replayer, state: PartyState) -> tuple[int, PartyState]:
        """Where the fold of ``replayer`` can start: (sessions done, party state). Restores
        the replayer's chronicle, members and diagnostics from the snapshot it starts at."""
        campaign = replayer.c
        inputs = campaign_inputs(campaign)
        same = 0
        if self.inputs is None or inputs != self.inputs:
            self.inputs_token = object()
        else:
            for old, new in zip(self.sessions, campaign.sessions, strict=False):
                if old != new:
                    break
                same += 1
        self.tokens = self.tokens[:same] + [object() for _ in campaign.sessions[same:]]
        self.inputs, self.sessions, self.unchanged = inputs, campaign.sessions, same
        self.snapshots = {k: s for k, s in self.snapshots.items() if k <= same}
        self.reused = max(self.snapshots, default=0)
        if not self.reused:
            return 0, state
        snap = self.snapshots[self.reused]
        memo = self._memo(replayer)
        replayer.restore(copy_chronicle(snap.chronicle, memo), snap.members_by_name,
                         snap.diags)
        return self.reused, copy.deepcopy(snap.state, memo)

    def after_session(self, replayer: Replayer, done: int, state: PartyState) -> None:
        """The fold has replayed ``done`` sessions: keep a snapshot if this is a boundary."""
        if done % EVERY and done < len(replayer.c.sessions) - RECENT:
            return
        memo = self._memo(replayer)
        chronicle, members, diags = replayer.snapshot()
        self.snapshots[done] = _Snapshot(copy.deepcopy(state, memo),
                                         copy_chronicle(chronicle, memo), members, diags)

    @staticmethod
    def _memo(replayer: Replayer) -> dict[int, Any]:
        """What a copy shares instead of copying: the campaign and its members (read only)."""
        memo: dict[int, Any] = {id(replayer.c): replayer.c}
        for member in replayer.members_by_name.values():
            memo[id(member)] = member
        for member in replayer.c.party.members:
            memo[id(member)] = member
        return memo
