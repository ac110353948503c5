"""The in-world timeline: the days in order and what happened on each.

The players' is built from their own session views only, so it can tell nothing their
session pages do not; the GM's adds encounters, getting lost and re-anchoring, reveals and
dice rolls.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from generator.knowledge.views import (
    DayView,
    GMMomentView,
    GMSessionView,
    MomentView,
    SessionView,
    UsageEvent,
)

#: A moment's place in its session: (watch index, 0 start / 1 during / 2 after / 3 end).
_Order = tuple[int, int]


def _slot_after(s: SessionView, index: int) -> tuple[int, int]:
    """The day and watch right after watch ``index`` of a session (-1: its start)."""
    if index < 0:
        return s.start_day, s.start_watch
    if index + 1 < len(s.watches):
        nxt = s.watches[index + 1]
        return nxt.day, nxt.watch
    return s.end_day, s.end_watch


def player_moments(s: SessionView) -> list[tuple[_Order, MomentView]]:
    """What the players' own session view tells: the session, finds, what the party was
    told and met, and notes."""
    out: list[tuple[_Order, MomentView]] = []

    def add(order: _Order, when: tuple[int, int], kind: str, **more: Any) -> None:
        out.append((order, MomentView(when[0], when[1], s.number, kind, **more)))

    add((-1, 0), (s.start_day, s.start_watch), "session_start")
    placed = {lid for w in s.watches for lid in (*w.found, *w.revealed)}
    ruled = {lid for r in (*s.opening_rulings, *(r for w in s.watches for r in w.rulings))
             for lid in r.found}
    early = tuple(lid for lid in s.found if lid not in placed | ruled)  # revealed before watch 1
    if early:
        add((-1, 2), _slot_after(s, -1), "found", locations=early)
    for r in s.opening_rulings:
        if r.found:
            add((-1, 2), _slot_after(s, -1), "found", locations=r.found)
    for note in s.opening_notes:
        add((-1, 2), _slot_after(s, -1), "note", text=note)
    for i, w in enumerate(s.watches):
        # what the party was told, met and noted in the watch, in the journal's order
        for text in (w.tell, *w.met, w.note):
            if text:
                add((i, 1), (w.day, w.watch), "note", text=text)
        if w.found:
            add((i, 1), (w.day, w.watch), "found", locations=w.found)
        if w.revealed:
            add((i, 2), _slot_after(s, i), "found", locations=w.revealed)
        for r in w.rulings:
            if r.found:
                add((i, 2), _slot_after(s, i), "found", locations=r.found)
        for note in w.notes:
            add((i, 2), _slot_after(s, i), "note", text=note)
    add((len(s.watches), 3), (s.end_day, s.end_watch), "session_end")
    return out


def gm_moments(s: GMSessionView, usage: Sequence[UsageEvent],
                ) -> list[tuple[_Order, MomentView]]:
    """The players' moments plus encounters, getting lost and found, reveals, dice rolls;
    ``usage``: the usage dice's events of this session (``usage_by_session``)."""
    out = player_moments(s)
    position = {w.index: i for i, w in enumerate(s.watches)}

    def add(order: _Order, when: tuple[int, int], kind: str, **more: Any) -> None:
        out.append((order, GMMomentView(when[0], when[1], s.number, kind, **more)))

    # the GM's remarks on entries before the first watch (those on a watch are on its
    # session page)
    for remark in s.opening_gm_notes:
        add((-1, 2), _slot_after(s, -1), "note", text=remark)
    lost, knows = s.record.start.lost, s.record.start.knows_lost
    revealed_hexes = set(s.record.revealed_hexes)
    in_watches: set[str] = set()
    for i, r in enumerate(s.record.watches):
        when = (r.day, r.watch)
        if lost and not r.lost:
            add((i, 1), when, "reanchored", hex=r.end_hex)
        elif r.lost and (not lost or (knows and not r.knows_lost)):
            add((i, 1), when, "lost", hex=r.end_hex)
        if r.lost and r.knows_lost and not (lost and knows):
            add((i, 1), when, "realised", hex=r.end_hex)
        lost, knows = r.lost, r.knows_lost
        for enc in r.encounters:
            add((i, 1), when, "encounter", hex=enc.hex, encounter=enc,
                locations=(enc.location,) if enc.location else ())
        hexes = tuple(dict.fromkeys(x for x in r.revealed if x in revealed_hexes))
        in_watches.update(hexes)
        if hexes:
            add((i, 2), _slot_after(s, i), "revealed", hexes=hexes)
    early = tuple(dict.fromkeys(x for x in s.record.revealed_hexes if x not in in_watches))
    if early:
        add((-1, 2), _slot_after(s, -1), "revealed", hexes=early)
    for res, ev in usage:
        if ev.reason == "declared":
            continue
        i = position.get(ev.watch, -1)
        if ev.reason in ("use", "tempting fate") or i < 0:
            add((i, 2), _slot_after(s, i), "resource", resource=res, event=ev)
        else:
            w = s.watches[i]
            add((i, 1), (w.day, w.watch), "resource", resource=res, event=ev)
    return out


def timeline_days(sessions: Sequence[tuple[SessionView, list[tuple[_Order, MomentView]]]],
              ) -> tuple[DayView, ...]:
    """Days in order, each with its sessions, activities and moments (in play order)."""
    moments: dict[int, list[tuple[int, _Order, int, MomentView]]] = {}
    activities: dict[int, dict[str, int]] = {}
    played: dict[int, dict[int, None]] = {}
    for pos, (s, items) in enumerate(sessions):
        for w in s.watches:
            counts = activities.setdefault(w.day, {})
            counts[w.activity] = counts.get(w.activity, 0) + 1
            played.setdefault(w.day, {})[s.number] = None
        for n, (order, moment) in enumerate(items):
            moments.setdefault(moment.day, []).append((pos, order, n, moment))
            played.setdefault(moment.day, {})[s.number] = None
    days: list[DayView] = []
    previous: int | None = None
    for day in sorted(played):
        ordered = sorted(moments.get(day, []), key=lambda item: item[:3])
        days.append(DayView(
            day=day, sessions=tuple(played[day]),
            activities=tuple(activities.get(day, {}).items()),
            moments=tuple(item[3] for item in ordered),
            gap=0 if previous is None else day - previous))
        previous = day
    return tuple(days)
