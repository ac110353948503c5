"""Being lost: realising it, re-orienting, and the believed track (rules.md section 5; seed
000, "Lost Characters", "Re-orienting", "Backtracking").

A lost party does not know it at first. Once per watch it checks Survival against the
navigation DC of the stretch where it is; success means it knows, and its believed position
becomes unknown. A clearly new terrain type or an obvious landmark grants an extra check. To
find its way again it re-orients: ``north`` (DC 12), ``new_course`` (DC + 10) or
``backtrack`` (follow its own tracks back).
"""

from __future__ import annotations

from fractions import Fraction

from generator.content.campaign import Campaign
from generator.dice import Signed, Word, said
from generator.rules import tables as T
from generator.rules.chronicle import Chronicle
from generator.rules.navigation import next_face, stretch_dc, veer_text
from generator.rules.state import PartyState, WatchCtx
from generator.rules.travel import (
    MoveResult,
    Track,
    blocked,
    move_timed,
    rate_fn,
)


def flush_pending(campaign: Campaign, chronicle: Chronicle, state: PartyState) -> None:
    """Hexes crossed and locations found while lost reach the players' map once the party
    knows where it is again."""
    for label in state.pending_hexes:
        chronicle.know(label, "explored")
    for lid in state.pending_locations:
        chronicle.know(campaign.locations[lid].label, "seen")
    state.pending_hexes.clear()
    state.pending_locations.clear()


def reanchor(ctx: WatchCtx) -> None:
    """The party knows where it is (rules.md section 5): the lost state ends and the believed
    track is put back on the true one."""
    state = ctx.state
    state.lost = state.knows_lost = False
    state.veer = 0
    state.frozen_true = state.frozen_believed = None
    state.lost_terrains.clear()
    state.trail = []
    state.believed = state.true.copy()
    state.last_believed = None
    flush_pending(ctx.campaign, ctx.chronicle, state)
    ctx.chronicle.know(ctx.campaign.grid.label(state.true.hex), "explored")


def realise(ctx: WatchCtx, moved: MoveResult, visibility: str) -> None:
    """Rules.md section 5a.6: a lost party unaware of it checks Survival against the
    navigation DC of the hex where it is at the end of the watch."""
    state, watch, campaign = ctx.state, ctx.watch, ctx.campaign
    dc, _, why = stretch_dc(ctx, next_face(ctx))
    if visibility == "poor":
        dc += T.DC_POOR_VISIBILITY
        why.append(said("poor_visibility", dc=Signed(T.DC_POOR_VISIBILITY)))
    checks = 1
    if campaign.rules.realise_extra_checks:
        new = [ctx.terrain_id(h) for h in moved.entered
               if ctx.terrain_id(h) not in state.lost_terrains]
        if new:
            checks += 1
            why.append(said("new_terrain"))
        state.lost_terrains.update(x for x in new if x)
        if any(campaign.locations[lid].visibility == "visible" for lid in watch.discovered):
            checks += 1
            why.append(said("obvious_landmark"))
    for _ in range(checks):
        res = ctx.check("realise", state.navigator, dc, why=why)
        if res.success:
            state.knows_lost = True
            forget_believed(state)
            watch.say("realises")
            return


def forget_believed(state: PartyState) -> None:
    """The party knows it is lost: its believed position is unknown from now on, but the
    last position it believed in is kept (a failed new course resumes from there)."""
    if state.believed is not None:
        state.last_believed = state.believed
    state.believed = None


def reorient_north(ctx: WatchCtx) -> None:
    """Seed 000: Survival DC 12 finds true north; on a failure the party takes a random face
    (1d6) for north."""
    state, watch = ctx.state, ctx.watch
    res = ctx.check("north", state.navigator, T.REORIENT_NORTH_DC)
    if res.success:
        state.veer = 0
        state.frozen_true = state.frozen_believed = None
        watch.say("north_found")
        return
    roll = ctx.rolls.take("north_face", 1, 6, detail=said("north_face"))
    offset = [0, 1, 2, 3, -2, -1][roll.natural - 1]
    state.veer = offset
    if not state.lost:
        state.trail = [state.true.hex]
    state.lost = True
    state.frozen_true = state.frozen_believed = None
    watch.say("north_mistaken", face=Word("face_short", ctx.campaign.grid.faces[offset % 6]))


def reorient_new_course(ctx: WatchCtx) -> None:
    """Seed 000: Survival against the navigation DC + 10; success ends the lost state, failure
    leaves the party lost again with a fresh veer, unaware."""
    state, watch = ctx.state, ctx.watch
    dc, _, why = stretch_dc(ctx, next_face(ctx))
    target = dc + T.NEW_COURSE_EXTRA_DC
    res = ctx.check("reorient", state.navigator, target,
                    why=[*why, said("new_course", dc=Signed(T.NEW_COURSE_EXTRA_DC))])
    if res.success:
        reanchor(ctx)
        watch.say("new_course_found")
        return
    roll = ctx.rolls.take("veer", 1, 10)
    state.veer = T.veer_from_d10(roll.natural)
    roll.outcome = veer_text(state.veer)
    state.lost = True
    state.knows_lost = False
    state.trail = [state.true.hex]
    # it believes it has its bearings: the believed track resumes where it last believed it
    # was, never on the true track (the players' map must not learn that)
    if state.believed is None and state.last_believed is not None:
        state.believed = state.last_believed.copy()
    state.frozen_true = state.frozen_believed = None
    watch.say("new_course_wrong")


def backtrack(ctx: WatchCtx) -> None:
    """Seed 000, "Backtracking": follow the party's own tracks back toward where it went
    astray, then a Survival check against the navigation DC tells truly whether it is on
    course; on a failure it misjudges 75 % of the time."""
    state, watch, campaign = ctx.state, ctx.watch, ctx.campaign
    grid = campaign.grid
    trail = state.trail

    def retrace(track: Track) -> str | None:
        while len(trail) > 1 and track.hex == trail[-2]:
            trail.pop()
        if len(trail) <= 1 or track.hex != trail[-1]:
            return None
        return grid.face_between(track.hex, trail[-2])

    if len(trail) > 1:
        moved = move_timed(grid, state.true, Fraction(T.WATCH_HOURS), campaign.hex_miles,
                           retrace, lambda h: blocked(campaign, h),
                           rate_fn(campaign, state.mph), Fraction(0), deliberate=True)
        state.true = moved.track
        retrace(state.true)
        watch.miles = moved.miles
        watch.hexes_entered = [grid.label(h) for h in moved.entered]
        watch.say("retracing", miles=moved.miles)
    dc, _, why = stretch_dc(ctx, retrace(state.true))
    res = ctx.check("backtrack", state.navigator, dc, why=why)
    on_course = not state.lost or len(trail) <= 1
    believes = on_course
    if not res.success:
        roll = ctx.rolls.take("misjudge", 1, 100,
                              detail=said("misjudge", max=T.BACKTRACK_MISJUDGE_PERCENT))
        if roll.natural <= T.BACKTRACK_MISJUDGE_PERCENT:
            believes = not on_course
            roll.outcome = "misjudges"
        else:
            roll.outcome = "judges rightly"
    if believes and on_course:
        reanchor(ctx)
        watch.say("back_on_course")
    elif believes:
        state.knows_lost = False
        state.believed = Track(trail[0] if trail else state.true.hex)
        watch.say("wrongly_on_course")
    else:
        state.lost = True
        state.knows_lost = True
        forget_believed(state)
        watch.say("still_off_course")


REORIENT = {"north": reorient_north, "new_course": reorient_new_course,
            "backtrack": backtrack}


def reorient(ctx: WatchCtx, method: str) -> None:
    """A ``reorient`` watch (rules.md section 5)."""
    REORIENT[method](ctx)
