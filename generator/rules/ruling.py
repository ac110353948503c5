"""GM rulings: the table's word is final (format.md, "Rulings").

A ``ruling:`` entry sets what the table decided, where the rules or the dice would have it
otherwise ("we said you found the road again"): the true hex, the believed one, whether the
party is lost and knows it, and the places it found. It rolls no dice and takes no time (it
is an instant entry, like ``reveal``); the replay goes on from the state it sets.

Each key left out keeps the party's state, with what the rules make of the others
(rules.md section 5):

- a party that is not lost is where it believes it is: its believed track is put on the true
  one, the hexes and places it crossed while lost reach the players' map (as when it
  re-anchors), and its hex is explored;
- a party that becomes lost by a ruling does not know it (unless ``knows_lost: true``), has no
  veer, and believes it is where it believed before (unless ``believed`` says otherwise);
- a party that knows it is lost believes itself nowhere;
- a new true hex is a fresh trip inside that hex (rules.md section 4).

Contradictions are refused with the key that makes them: ``knows_lost: true`` for a party
that is not lost, a ``believed`` hex other than the true one for a party that is not lost, a
``believed`` hex for a party that knows it is lost.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.content.campaign import Campaign
from generator.content.sessionlog import Ruling
from generator.diagnostics import N_, Text
from generator.rules.chronicle import Chronicle, RulingRecord, SessionRecord
from generator.rules.lost import flush_pending, forget_believed
from generator.rules.state import PartyState, timepoint
from generator.rules.travel import Track


@dataclass(frozen=True)
class Problem:
    """What is wrong with a ruling: ``key`` is the key of the ``ruling:`` mapping it is at
    (None: the ruling itself)."""

    severity: str  # error | warning
    key: str | None
    #: translated where it is printed
    message: Text


@dataclass(frozen=True)
class _Target:
    """The state a ruling asks for, every key resolved."""

    hex: str
    lost: bool
    knows_lost: bool
    #: where a lost party that does not know it believes it is (None otherwise)
    believed: str | None


def _target(campaign: Campaign, state: PartyState, ruling: Ruling,
            ) -> tuple[_Target | None, list[Problem]]:
    grid = campaign.grid
    here = grid.label(state.true.hex)
    hex_ = ruling.hex if ruling.hex is not None else here
    lost = ruling.lost if ruling.lost is not None else state.lost
    if ruling.knows_lost is not None:
        knows = ruling.knows_lost
    else:
        # a party the ruling makes lost does not know it yet
        knows = state.knows_lost and state.lost and lost
    problems: list[Problem] = []
    if ruling.hex is not None and grid.is_label(hex_) and \
            campaign.hex_info(grid.parse(hex_)) is None:
        problems.append(Problem("error", "hex", N_(
            "hex '%(hex)s' has no terrain: give it an entry in hexes/ or set "
            "default_terrain in campaign.yaml", hex=hex_)))
    why_not_lost = (N_("lost: false") if ruling.lost is False
                    else N_("the party is not lost at this point of the log"))
    if knows and not lost:
        problems.append(Problem("error", "knows_lost", N_(
            "knows_lost: true, but %(why)s: a party that is not lost cannot know it is lost "
            "(add lost: true, or drop knows_lost)", why=why_not_lost)))
    if ruling.believed is not None and not lost and ruling.believed != hex_:
        problems.append(Problem("error", "believed", N_(
            "believed %(believed)s, but %(why)s, and a party that is not lost is where it "
            "believes it is (%(hex)s): add lost: true, or drop believed",
            believed=ruling.believed, why=why_not_lost, hex=hex_)))
    if ruling.believed is not None and lost and knows:
        problems.append(Problem("error", "believed", N_(
            "believed %(believed)s, but the party knows it is lost, so it believes itself "
            "nowhere: drop believed, or add knows_lost: false", believed=ruling.believed)))
    believed: str | None = None
    if lost and not knows:
        believed = ruling.believed
        if believed is None:
            last = state.believed if state.believed is not None else state.last_believed
            believed = grid.label(last.hex) if last is not None else None
        if believed is None:
            problems.append(Problem("error", None, N_(
                "the party is lost and does not know it, but where it believes it is is "
                "unknown: add believed: HEX")))
    if any(p.severity == "error" for p in problems):
        return None, problems
    return _Target(hex_, lost, knows, believed), problems


def apply_ruling(campaign: Campaign, chronicle: Chronicle, state: PartyState,
                 rec: SessionRecord, ruling: Ruling, *, entry: int, follows: int,
                 rolls: bool = False) -> tuple[RulingRecord | None, list[Problem]]:
    """Set the state the table decided (see the module docstring). ``follows`` is the index
    of the watch the ruling follows (-1: none yet), ``entry`` its position in the log,
    ``rolls`` whether the entry records dice (a ruling rolls none). Returns the record (None
    when the ruling contradicts itself or the party's state: nothing is changed then) and
    its problems."""
    target, problems = _target(campaign, state, ruling)
    if rolls:
        problems.append(Problem("warning", "rolls", N_(
            "a ruling rolls no dice: its rolls: are never used (the table's word stands "
            "for them)")))
    if not ruling.model_fields_set - {"note"} and not ruling.found:
        problems.append(Problem("warning", None, N_(
            "this ruling sets nothing (give hex, believed, lost, knows_lost or found)")))
    if target is None:
        return None, problems
    before = timepoint(campaign, state)
    grid = campaign.grid
    true_hex = grid.parse(target.hex)
    if true_hex != state.true.hex:
        # set down in a new hex: a fresh trip inside it, a new visit
        state.true = Track(true_hex)
        state.found_this_visit = set()
        if target.lost:
            state.trail = [true_hex]
    if not target.lost:
        state.lost = state.knows_lost = False
        state.veer = 0
        state.frozen_true = state.frozen_believed = None
        state.lost_terrains.clear()
        state.trail = []
        state.believed = state.true.copy()
        state.last_believed = None
        flush_pending(campaign, chronicle, state)
        chronicle.know(target.hex, "explored")
    else:
        if not state.lost:
            state.trail = [state.true.hex]
            state.veer = 0
            state.frozen_true = state.frozen_believed = None
        state.lost = True
        if target.knows_lost:
            if not state.knows_lost:
                forget_believed(state)
            state.knows_lost = True
        else:
            state.knows_lost = False
            assert target.believed is not None
            current = state.believed if state.believed is not None else state.last_believed
            if current is None or grid.label(current.hex) != target.believed:
                state.believed = Track(grid.parse(target.believed))
            elif state.believed is None:
                state.believed = current.copy()
    record = RulingRecord(entry=entry, follows=follows, before=before,
                          after=before, found=list(ruling.found), note=ruling.note)
    _found(campaign, chronicle, state, rec, record)
    record.after = timepoint(campaign, state)
    return record, problems


def _found(campaign: Campaign, chronicle: Chronicle, state: PartyState, rec: SessionRecord,
           record: RulingRecord) -> None:
    """The places the ruling says the party found: finds, as an encounter check's would be
    (a first find while lost reaches the players' map once the party knows where it is)."""
    for lid in record.found:
        loc = campaign.locations.get(lid)
        if loc is None:
            continue  # (the loader reported it)
        if lid not in state.found_this_visit:
            state.found_this_visit.add(lid)
            state.finds[lid] = state.finds.get(lid, 0) + 1
        if lid not in chronicle.discovered:
            chronicle.discovered[lid] = (rec.session, max(record.follows, 0))
            rec.discovered.append(lid)
            record.discovered.append(lid)
            if state.lost:
                state.pending_locations.append(lid)
        if not state.lost:
            chronicle.know(loc.label, "seen")
