"""Each session of the chronicle as its audience sees it: the players' watches, notes, finds
and believed track (``player_session``); the GM's with the true track, every roll and what
the players knew at its end (``gm_session``).
"""

from __future__ import annotations

from collections.abc import Mapping

from generator.content.campaign import Campaign, Session
from generator.content.markdown import Prose
from generator.hexgrid import Grid
from generator.knowledge.common import campaign_path, track
from generator.knowledge.views import (
    ExploredState,
    GMSessionView,
    GMWatchView,
    HarmView,
    ProseFn,
    RulingView,
    SessionView,
    WatchView,
)
from generator.rules.chronicle import (
    PARTY_NOTE_ACTIVITIES,
    Chronicle,
    RulingRecord,
    SessionRecord,
    TimePoint,
    WatchRecord,
)
from generator.rules.tables import WATCHES_PER_DAY
from generator.slug import slugify


def _session_slug(rec: SessionRecord) -> str:
    return f"{rec.session:02d}-{slugify(rec.title, fallback='session')}"


def _elapsed(start: TimePoint, end: TimePoint) -> int:
    return (end.day - start.day) * WATCHES_PER_DAY + (end.watch - start.watch)


def _believed_legs(rec: SessionRecord) -> list[list[str | None]]:
    legs: list[list[str | None]] = [[rec.start.believed_hex]]
    for w in rec.watches:
        legs.append([w.believed_start_hex, *w.believed_hexes_entered])
    return legs


#: A path the players know by name: (name, kind), by path id.
PathNames = Mapping[str, tuple[str, str]]


def followed(session: Session | None, paths: PathNames) -> dict[int, tuple[str, str]]:
    """The path each travel watch of ``session`` followed (by log position), when
    ``paths`` (the audience's) has it."""
    out: dict[int, tuple[str, str]] = {}
    for i, entry in enumerate(session.log if session is not None else ()):
        path = entry.travel.follow if entry.travel is not None else None
        if path is not None and path in paths:
            out[i] = paths[path]
    return out


def _met(w: WatchRecord, prose: ProseFn) -> tuple[Prose | None, ...]:
    """What the party met in a watch, as it was told (see ``WatchView.met``): an encounter
    entry's ``tell:`` stands for its table row's."""
    out: list[Prose | None] = []
    for e in w.encounters:
        if e.cancelled or e.kind == "chase" or (e.kind == "logged" and w.tell):
            continue  # (an encounter entry's own tell: tells what the party met)
        told = prose(e.tell)
        if e.kind == "logged" or told is not None:
            out.append(told)
    return tuple(out)


def _player_ruling(r: RulingRecord, visible: set[str]) -> RulingView | None:
    """What the players noticed of a ruling: a new believed position, knowing they are
    lost or no longer, places found; None when they noticed nothing (the true hex of a
    lost party is never among it)."""
    before = None if r.before.knows_lost else r.before.believed_hex
    after = None if r.after.knows_lost else r.after.believed_hex
    found = tuple(lid for lid in r.found if lid in visible)
    if before == after and r.before.knows_lost == r.after.knows_lost and not found:
        return None
    return RulingView(believed=after, knows_lost=r.after.knows_lost,
                      moved=after is not None and after != before, found=found)


def _player_rulings(rec: SessionRecord, visible: set[str]) -> dict[int, tuple[RulingView, ...]]:
    """The rulings the players noticed, by the index of the watch they follow (-1: none)."""
    out: dict[int, list[RulingView]] = {}
    for r in rec.rulings:
        seen = _player_ruling(r, visible)
        if seen is not None:
            out.setdefault(r.follows, []).append(seen)
    return {k: tuple(v) for k, v in out.items()}


def _player_watch(w: WatchRecord, visible: set[str], notes: tuple[Prose, ...],
                  revealed: tuple[str, ...], prose: ProseFn,
                  follow: tuple[str, str] | None,
                  rulings: tuple[RulingView, ...] = ()) -> WatchView:
    return WatchView(
        index=w.index, day=w.day, watch=w.watch, activity=w.activity,
        heading=w.intended_face if w.activity == "travel" else None,
        believed_start=w.believed_start_hex,
        believed_entered=tuple(w.believed_hexes_entered),
        believed_end=w.believed_hex, knows_lost=w.knows_lost,
        found=tuple(lid for lid in w.discovered if lid in visible), notes=notes,
        revealed=revealed,
        note=prose(w.note) if w.activity in PARTY_NOTE_ACTIVITIES else None,
        tell=prose(w.tell), met=_met(w, prose),
        follow=follow[0] if follow else None, follow_kind=follow[1] if follow else None,
        rulings=rulings, believed_miles=float(w.believed_miles),
        forced_march=any(r.purpose in ("march", "march_damage") for r in w.rolls),
        harm=tuple(HarmView(h.member, h.amount, h.cause, h.mount,
                            unconscious=not h.mount and
                            h.nonlethal_after - h.amount < h.limit <= h.nonlethal_after)
                   for h in w.harm))


def _notes_by_watch(rec: SessionRecord, prose: ProseFn) -> dict[int, tuple[Prose, ...]]:
    out: dict[int, list[Prose]] = {}
    for index, text in rec.notes:
        note = prose(text)
        if note is not None:
            out.setdefault(index, []).append(note)
    return {k: tuple(v) for k, v in out.items()}


def _revealed_finds(rec: SessionRecord, visible: set[str]) -> list[tuple[str, ...]]:
    """Per watch, the visible locations first found through a GM reveal after it."""
    found_by_watches = {lid for w in rec.watches for lid in w.discovered}
    new = set(rec.discovered) - found_by_watches
    out: list[tuple[str, ...]] = []
    for w in rec.watches:
        ids = tuple(dict.fromkeys(i for i in w.revealed if i in new and i in visible))
        new -= set(ids)
        out.append(ids)
    return out


def unresolved_lost_watches(chronicle: Chronicle) -> dict[int, set[int]]:
    """The watches walked while lost that the party has not yet accounted for, by session
    position: it is still lost at the end of the chronicle. A lost stretch is accounted for
    once a later watch ends with the party no longer lost (it re-anchored) or a session
    starts it afresh, as ``explored_by_session`` counts it explored (seed 000, "Getting
    Lost")."""
    pending: list[tuple[int, int]] = []
    for pos, rec in enumerate(chronicle.sessions):
        if not rec.start.lost:
            pending.clear()
        ruled = {r.follows: r for r in rec.rulings}  # (the last ruling after each watch)
        for i, w in enumerate(rec.watches):
            if w.lost:
                pending.append((pos, i))
            else:
                pending.clear()
            if i in ruled and not ruled[i].after.lost:
                pending.clear()  # a ruling put the party back on its way
    out: dict[int, set[int]] = {}
    for pos, i in pending:
        out.setdefault(pos, set()).add(i)
    return out


def _known_legs(rec: SessionRecord, unresolved: set[int]) -> list[list[str | None]]:
    """The legs of ``known_track``: true, but for the watches still unaccounted for."""
    start_unknown = rec.start.lost and 0 in unresolved
    legs: list[list[str | None]] = [[rec.start.believed_hex if start_unknown
                                     else rec.start.hex]]
    for i, w in enumerate(rec.watches):
        if i in unresolved:
            legs.append([w.believed_start_hex, *w.believed_hexes_entered])
        else:
            legs.append([w.start_hex, *w.hexes_entered])
    return legs


def player_session(grid: Grid, rec: SessionRecord, visible: set[str],
                    prose: ProseFn, unresolved: set[int],
                    follows: Mapping[int, tuple[str, str]] | None = None) -> SessionView:
    """``follows``: the path each travel watch followed, by log position (``followed``)."""
    notes = _notes_by_watch(rec, prose)
    follows = follows or {}
    rulings = _player_rulings(rec, visible)
    watches = tuple(_player_watch(w, visible, notes.get(w.index, ()), revealed, prose,
                                  follows.get(w.entry), rulings.get(w.index, ()))
                    for w, revealed in zip(rec.watches, _revealed_finds(rec, visible),
                                           strict=True))
    return SessionView(
        number=rec.session, slug=_session_slug(rec), title=rec.title, date=rec.date,
        summary=prose(rec.summary),
        members=tuple(rec.members), start_day=rec.start.day, start_watch=rec.start.watch,
        end_day=rec.end.day, end_watch=rec.end.watch,
        elapsed_watches=_elapsed(rec.start, rec.end),
        miles=float(sum((w.believed_miles for w in rec.watches), start=0)),
        found=tuple(lid for lid in rec.discovered if lid in visible),
        opening_notes=notes.get(-1, ()), start_knows_lost=rec.start.knows_lost,
        opening_rulings=rulings.get(-1, ()),
        watches=watches,
        believed_track=track(grid, _believed_legs(rec)),
        believed_start=rec.start.believed_hex,
        believed_end=rec.end.believed_hex, end_knows_lost=rec.end.knows_lost,
        known_track=track(grid, _known_legs(rec, unresolved)))


def gm_session(campaign: Campaign, rec: SessionRecord, session: Session | None,
                state: ExploredState, prose: ProseFn, unresolved: set[int],
                all_locations: set[str]) -> GMSessionView:
    """The players' session with every location visible (``all_locations``: the ids of
    every location of the campaign), true miles, and the GM extras."""
    grid = campaign.grid
    names = {p.id: (p.name, p.kind) for p in campaign.paths.values()}
    base = dict(player_session(grid, rec, all_locations, prose,
                                unresolved, followed(session, names)).__dict__)
    base["watches"] = tuple(GMWatchView(**watch.__dict__, record=record)
                            for watch, record in zip(base["watches"], rec.watches,
                                                     strict=True))
    base["miles"] = float(sum((w.miles for w in rec.watches), start=0))
    true_legs: list[list[str | None]] = [[rec.start.hex]]
    true_legs += [[w.start_hex, *w.hexes_entered] for w in rec.watches]
    return GMSessionView(
        **base, gm=prose(session.gm) if session is not None else None,
        source=campaign_path(campaign, rec.source),
        true_track=track(grid, true_legs), start_hex=rec.start.hex, end=rec.end, record=rec,
        warnings=tuple((w.index, text) for w in rec.watches for text in w.warnings),
        state=state,
        opening_gm_notes=tuple(n for n in map(prose, rec.gm_notes) if n is not None))
