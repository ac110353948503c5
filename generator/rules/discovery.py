"""Finding locations (rules.md section 6; seed 000, "Finding Locations").

``visible`` locations are found by any party in their hex or within ``visible_from`` hexes;
those ``on`` a path by a party following that path through the hex; ``familiar`` ones (found
on two visits before, or declared familiar) on entering the hex; all others only by the keyed
result of an encounter check, twice for ``hidden`` ones.
"""

from __future__ import annotations

from generator.content.campaign import Campaign, Location
from generator.diagnostics import N_, NN_, Text
from generator.dice import Word
from generator.hexgrid import Hex, distance
from generator.rules.chronicle import EncounterRecord
from generator.rules.state import PartyState, Places, WatchCtx, believed_label


def discover(ctx: WatchCtx, loc: Location, how: str) -> None:
    """The party finds ``loc`` (once per visit). A first find while lost reaches the players'
    map only once the party knows where it is."""
    state, watch = ctx.state, ctx.watch
    if loc.id in state.found_this_visit:
        return
    state.found_this_visit.add(loc.id)
    state.finds[loc.id] = state.finds.get(loc.id, 0) + 1
    chronicle = ctx.chronicle
    if loc.id not in chronicle.discovered:
        chronicle.discovered[loc.id] = (ctx.session.session, watch.index)
        watch.discovered.append(loc.id)
        ctx.session.discovered.append(loc.id)
        if state.lost:
            state.pending_locations.append(loc.id)
        else:
            chronicle.know(loc.label, "seen")  # explored too when the party is there
        watch.say("found", name=loc.name, how=Word("found_how", how))
    elif how != "visible":
        watch.say("found_again", name=loc.name, how=Word("found_how", how))


def passive_discovery(ctx: WatchCtx, hexes: list[Hex], following: str | None,
                      entered: list[Hex]) -> None:
    """Visible, on-path and familiar locations of the hexes the party was in, in id order."""
    candidates: dict[str, Location] = {}
    for h in hexes:
        for loc in ctx.places.seen_from(h):
            candidates[loc.id] = loc
        for loc in ctx.places.by_hex.get(h, ()):
            candidates[loc.id] = loc
    for lid in sorted(candidates):
        loc = candidates[lid]
        if loc.visibility == "visible" and any(
                distance(h, loc.hex) <= loc.visible_from for h in hexes):
            discover(ctx, loc, "visible")
        elif following and following in loc.on and loc.hex in hexes \
                and loc.visibility != "hidden":
            discover(ctx, loc, "on the path")
        elif (loc.familiar or ctx.state.finds.get(loc.id, 0) >= 2) and loc.hex in entered:
            discover(ctx, loc, "familiar")


def keyed_location(campaign: Campaign, state: PartyState, h: Hex) -> Location | None:
    """The hex's keyed location not yet found this visit (the first by id)."""
    for loc in campaign.locations_in(h):
        if loc.id not in state.found_this_visit:
            return loc
    return None


def keyed_hit(ctx: WatchCtx, loc: Location) -> None:
    """A keyed result for ``loc``: found, or for a hidden one the first of two hits."""
    state, watch = ctx.state, ctx.watch
    if loc.visibility == "hidden":
        hits = state.hidden_hits.get(loc.id, 0) + 1
        state.hidden_hits[loc.id] = hits
        if hits < 2:
            watch.encounters.append(EncounterRecord("keyed", location=loc.id,
                                                    result="signs of something hidden",
                                                    hex=loc.label))
            watch.say("signs_of", name=loc.name, hits=hits, needed=2)
            return
    watch.encounters.append(EncounterRecord("keyed", location=loc.id, hex=loc.label))
    discover(ctx, loc, "keyed encounter")


def party_whereabouts(campaign: Campaign, state: PartyState) -> Text:
    """Where the party truly is, and where it believes it is when that differs: for the
    messages that tell a GM the log names a place the party is not at."""
    here = campaign.grid.label(state.true.hex)
    if state.knows_lost:
        return N_("the party's true hex %(hex)s (it knows it is lost)", hex=here)
    believed = believed_label(campaign, state)
    if believed is not None and believed != here:
        return N_("the party's true hex %(hex)s (it believes it is in %(believed)s)",
                  hex=here, believed=believed)
    return N_("the party's true hex %(hex)s", hex=here)


def out_of_reach(campaign: Campaign, places: Places, state: PartyState,
                 loc: Location) -> Text | None:
    """Why the party cannot come upon ``loc`` where it is (rules.md section 6): the place
    is neither in its true hex nor a visible location seen from there. None when it can.

    A GM who logs after the game may name a place the replay did not bring the party to;
    the log's word stands, and this says where each of them is."""
    here = state.true.hex
    if loc.hex == here or loc in places.seen_from(here):
        return None
    far = distance(here, loc.hex)
    # TRANSLATORS: where a place the log names is; %(party)s is "the party's true hex 0410"
    return NN_("is in hex %(hex)s, %(num)s hex from %(party)s at this watch",
               "is in hex %(hex)s, %(num)s hexes from %(party)s at this watch", far,
               hex=loc.label, party=party_whereabouts(campaign, state))


def unknowable(campaign: Campaign, loc: Location, discovered: bool,
               told: bool) -> Text | None:
    """Why the players have no way to know of ``loc``, for a ``reveal:`` of it (a warning,
    not an error: a rumour may reveal anything). A ``gm_only`` location never reaches the
    players' pages; a hidden one not yet found is known only from a table row that leads to
    it (a rumour) or from what the log tells the players right before the reveal or on it
    (``told``: a ``note:`` or ``tell:`` since the last watch). None when the reveal is
    plausible."""
    if loc.gm_only:
        return N_("a gm_only location: it never reaches the players' pages, so the reveal "
                  "shows them nothing")
    if loc.visibility != "hidden" or discovered or told:
        return None
    if any(row.location == loc.id for table in campaign.tables.values() for row in table.rows):
        return None
    return N_("a hidden location no table leads to, with no note or tell of how the players "
              "learned of it")
