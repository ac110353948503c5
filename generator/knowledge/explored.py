"""The players' knowledge session by session, for the GM's map of each session."""

from __future__ import annotations

from collections.abc import Iterable

from generator.content.campaign import Campaign
from generator.knowledge.common import valid_hex, visible_runs
from generator.knowledge.views import ExploredState, PathView
from generator.rules.chronicle import Chronicle, RulingRecord


def explored_by_session(campaign: Campaign, chronicle: Chronicle) -> list[frozenset[str]]:
    """The hex labels the players knew at the end of each session of the chronicle.

    The replay keeps only the final set (``Chronicle.explored``); its growth is re-derived
    here from the watches by the replay's rules (seed 000, "Getting Lost"): the start hex; a
    hex entered, or the hex of a location found, while not lost; a revealed hex or location.
    What the party crosses or finds while lost waits until a watch ends with the party no
    longer lost (it re-anchored) or a session starts it afresh.

    The last set is exactly the chronicle's: a hex the walk never explores counts from the
    session it was first touched (the first session if never), and a hex the chronicle does
    not hold is left out, so the session maps always agree with the overview.
    """
    locations = campaign.locations
    first: dict[str, int] = {}
    touched: dict[str, int] = {}
    pending: list[str] = []

    def explore(labels: Iterable[str], pos: int) -> None:
        for label in labels:
            first.setdefault(label, pos)
            touched.setdefault(label, pos)

    def wait(labels: Iterable[str], pos: int) -> None:
        for label in labels:
            touched.setdefault(label, pos)
            pending.append(label)

    def flush(pos: int) -> None:
        explore(pending, pos)
        pending.clear()

    def labels_of(ids: Iterable[str]) -> list[str]:
        return [locations[i].label for i in ids if i in locations]

    def ruled(rulings: Iterable[RulingRecord], pos: int) -> None:
        # a ruling sets where the party is: known at once when it is not lost
        for r in rulings:
            if r.after.lost:
                wait(labels_of(r.discovered), pos)
            else:
                flush(pos)
                explore([r.after.hex, *labels_of(r.discovered)], pos)

    explore([campaign.party.start], 0)
    for pos, rec in enumerate(chronicle.sessions):
        if not rec.start.lost:
            flush(pos)
            explore([rec.start.hex], pos)
        found_in_watches: set[str] = set()
        rulings: dict[int, list[RulingRecord]] = {}
        for r in rec.rulings:
            rulings.setdefault(r.follows, []).append(r)
            found_in_watches.update(r.discovered)
        ruled(rulings.get(-1, ()), pos)
        for w in rec.watches:
            found_in_watches.update(w.discovered)
            reached = [*w.hexes_entered, *labels_of(w.discovered)]
            if w.lost:
                wait(reached, pos)
            else:
                flush(pos)
                explore([*reached, w.end_hex], pos)
            for ident in w.revealed:
                if ident in locations:
                    found_in_watches.add(ident)
                    explore([locations[ident].label], pos)
                else:
                    explore([ident], pos)
            ruled(rulings.get(w.index, ()), pos)
        explore(rec.revealed_hexes, pos)
        explore(labels_of(lid for lid in rec.discovered if lid not in found_in_watches), pos)

    return _growth(campaign, chronicle, first, touched)


def _growth(campaign: Campaign, chronicle: Chronicle, first: dict[str, int],
            touched: dict[str, int]) -> list[frozenset[str]]:
    """The chronicle's explored hexes at the end of each session: each from the session it
    was first explored (``first``), else first touched (``touched``), else the first."""
    grid = campaign.grid
    final = {label for label in chronicle.explored if valid_hex(grid, label) is not None}
    by_session: dict[int, set[str]] = {}
    for label in final:
        by_session.setdefault(first.get(label, touched.get(label, 0)), set()).add(label)
    out: list[frozenset[str]] = []
    known: set[str] = set()
    for pos in range(len(chronicle.sessions)):
        known |= by_session.get(pos, set())
        out.append(frozenset(known))
    return out


def explored_states(campaign: Campaign, chronicle: Chronicle) -> list[ExploredState]:
    """``explored_by_session`` with the locations found and the paths drawn at each end."""
    grid = campaign.grid
    out: list[ExploredState] = []
    before: frozenset[str] = frozenset()
    for rec, explored in zip(chronicle.sessions, explored_by_session(campaign, chronicle),
                             strict=True):
        hexes = {grid.parse(label) for label in explored}
        paths: list[PathView] = []
        for path in sorted(campaign.paths.values(), key=lambda p: p.id):
            runs, stubs = visible_runs(grid, path.hexes, hexes)
            if runs:
                paths.append(PathView(path.id, path.kind, path.name, runs, stubs))
        discovered = frozenset(lid for lid, (number, _) in chronicle.discovered.items()
                               if number <= rec.session and lid in campaign.locations)
        out.append(ExploredState(explored, explored - before, discovered, tuple(paths)))
        before = explored
    return out
