"""A travel watch, in the order of rules.md section 5a.

1. the intended face (frozen while lost); 2. the navigation check and the veer; 3. the actual
distance and judging it; 4. movement (the true track by time, the believed track by the miles
the party believes it made); 5. encounter checks and finding locations; 6. realising.
Each step is a procedure of its own module; this one only keeps the order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from generator.content.campaign import Path_
from generator.content.sessionlog import Travel
from generator.diagnostics import N_
from generator.dice import Said, Word, said
from generator.hexgrid import Hex, distance
from generator.rules import tables as T
from generator.rules.discovery import passive_discovery
from generator.rules.encounters import encounter_checks
from generator.rules.fatigue import forage, forced_march, hustle
from generator.rules.lost import realise, reanchor
from generator.rules.navigation import (
    get_lost,
    navigation_dc,
    path_face,
    roll_bonus,
    taken_face,
)
from generator.rules.state import WatchCtx, believed_label
from generator.rules.travel import (
    MoveResult,
    Track,
    blocked,
    face_kind,
    mode_multiplier,
    move_distance,
    move_timed,
    rate_fn,
)


def describe_move(ctx: WatchCtx, moved: MoveResult, start: Track, factor: Fraction) -> Said:
    """The GM log's step for the movement of a watch: miles and hours, the hexes entered (or
    the one it stayed in), the way, speed and exit face of the first stretch, and whether it
    arrived."""
    grid = ctx.campaign.grid
    way = None
    if moved.segments:
        seg = moved.segments[0]
        way = said("stretch", path=Word("path", seg.path_kind or "trackless"),
                   mph=seg.rate * factor, exit=Word("face_short", seg.exit_face),
                   side=Word("progress_kind", face_kind(grid, start.entry, seg.exit_face)))
    return said("move", miles=moved.miles, hours=moved.hours,
                into=tuple(grid.label(h) for h in moved.entered) or None,
                staying=None if moved.entered else grid.label(moved.track.hex),
                stretch=way, arrived=1 if moved.stopped == "target" else None)


def note_stop(ctx: WatchCtx, moved: MoveResult) -> None:
    """A stop at the map's edge or an impassable hex is a warning; a hex with no terrain an
    error at the entry (rules.md section 4)."""
    here = ctx.campaign.terrain_of(moved.track.hex)
    if not moved.entered and moved.miles == 0 and here is not None and here.impassable:
        # nothing moves in water: a party that stands in it (a start hex on a lake) is stuck
        msg = N_("the party stands in %(hex)s (%(terrain)s), which cannot be walked: it cannot "
                 "move from there (is the party's start hex right?)",
                 hex=ctx.label(moved.track.hex), terrain=here.name)
        ctx.watch.warnings.append(msg)
        ctx.diags.warning(ctx.pos(), msg)
    elif moved.stopped in ("map_edge", "impassable"):
        where = ctx.label(moved.blocked_hex)
        ctx.watch.warnings.append(
            N_("the map ends: the party cannot enter %(hex)s", hex=where)
            if moved.stopped == "map_edge" else
            N_("the party cannot enter %(hex)s: its terrain is impassable", hex=where))
    elif moved.stopped == "unknown_hex":
        msg = N_("the party would enter hex %(hex)s, which has no terrain (add it to hexes/ "
                 "or set default_terrain)", hex=ctx.label(moved.blocked_hex))
        ctx.diags.error(ctx.pos(), msg)
        ctx.watch.warnings.append(msg)


@dataclass
class Way:
    """Where a travel watch means to go (rules.md section 5): its kind (``heading``,
    ``toward``, ``follow`` or ``landmark``) and how to aim from any position."""

    kind: str
    target: Hex | None
    aim: Chooser
    #: the path followed (None when not following one, or when off it)
    follow: Path_ | None

    @property
    def navigates(self) -> bool:
        """``heading`` and ``toward`` need a navigation check; ``follow`` and ``landmark``
        do not."""
        return self.kind in ("heading", "toward")


def way_of(ctx: WatchCtx, t: Travel) -> Way:
    """The watch's way. Off a path it is told to follow, the party heads for the path's
    nearest hex (a warning), with a navigation check. ``toward`` and ``landmark`` aim at
    neighbours on the map and passable only (rules.md section 5)."""
    campaign, grid, start = ctx.campaign, ctx.campaign.grid, ctx.state.true.hex
    follow = campaign.paths.get(t.follow) if t.follow else None
    kind = "heading" if t.heading else "toward" if t.toward and not follow else \
        "follow" if follow else "landmark"
    target: Hex | None = grid.parse(t.toward) if t.toward and not follow else None
    if t.landmark:
        loc = campaign.locations.get(t.landmark)
        target = loc.hex if loc else grid.parse(t.landmark)
    direction = 1
    if follow is not None:
        idx = follow.index_of(start)
        if not idx:
            # the nearest hex, the first along the path among equals (min keeps the first
            # of equal keys, so no table of first positions is needed)
            nearest = min(follow.hexes, key=lambda h: distance(h, start))
            msg = N_("the party is in %(hex)s, not on '%(path)s': it heads for the path's "
                     "nearest hex %(nearest)s", hex=grid.label(start), path=follow.id,
                     nearest=grid.label(nearest))
            ctx.watch.warnings.append(msg)
            ctx.diags.warning(ctx.pos("travel", "follow"), msg)
            kind, target, follow = "toward", nearest, None
        elif t.toward:
            goal = follow.hexes.index(grid.parse(t.toward))
            direction = 1 if goal >= idx[0] else -1
        elif t.direction == "backward":
            direction = -1

    def passable(h: Hex) -> bool:
        return blocked(campaign, h) not in ("map_edge", "impassable")

    if follow is not None:
        aim = path_face(ctx, follow, direction, grid.parse(t.toward) if t.toward else None)
    elif kind == "heading":
        def aim(track: Track) -> str | None:
            return t.heading
    else:
        def aim(track: Track) -> str | None:
            assert target is not None
            return grid.toward(track.hex, target, passable)
    return Way(kind, target, aim, follow)


def travel_watch(ctx: WatchCtx, t: Travel) -> None:
    """One travel watch (rules.md section 5a)."""
    campaign, state, watch = ctx.campaign, ctx.state, ctx.watch
    way = way_of(ctx, t)
    start = state.true.hex
    if way.kind == "toward" and not state.lost and way.target == start:
        # rules.md 4: a toward that starts at its target makes no move and no check; a lost
        # party does not know it is there
        msg = N_("the party is already in %(hex)s, the target: no move and no navigation "
                 "check", hex=campaign.grid.label(start))
        watch.warnings.append(msg)
        ctx.diags.warning(ctx.pos("travel", "toward"), msg)
        moved = MoveResult(state.true, Fraction(0), Fraction(0))
    else:
        moved = journey(ctx, t, way)
    # 5. encounters and discovery --------------------------------------------------------
    following = way.follow.id if (way.follow is not None and not state.lost) else None
    passive_discovery(ctx, [start] + moved.entered, following, moved.entered)
    encounter_checks(ctx, checks=2 if "exploring" in t.modes else 1, keyed_allowed=True,
                     cautious="cautious" in t.modes, start=start, crossings=moved.crossings)
    if "foraging" in t.modes:
        forage(ctx, t.visibility)
    # 6. realising -----------------------------------------------------------------------
    if state.lost and not state.knows_lost:
        realise(ctx, moved, t.visibility)


def journey(ctx: WatchCtx, t: Travel, way: Way) -> MoveResult:
    """Steps 1 to 4 of a travel watch: intended face, navigation, distance, movement.

    Long because it follows rules.md 5a step by step, in the rule book's order, on state each
    step hands the next (the intended face, the veer, the miles): read whole, it can be
    checked against the rules line by line; its parts are in ``travel``, ``navigation`` and
    ``lost``.
    """
    campaign, state, watch, rolls = ctx.campaign, ctx.state, ctx.watch, ctx.rolls
    grid = campaign.grid
    hours = t.hours if t.hours is not None else Fraction(T.WATCH_HOURS)
    hustle_hours = min(t.hustle_hours or (T.WATCH_HOURS if "hustle" in t.modes else 0),
                       int(hours))

    # 1. intended face -------------------------------------------------------------------
    poor_trail = way.follow is not None and way.follow.kind == "trail" and \
        way.follow.condition == "poor"
    if not way.navigates and not poor_trail:
        if state.lost:
            watch.say("sure_guide")
        reanchor(ctx)
        watch.lost = watch.knows_lost = False
        watch.veer = 0
        watch.believed_start_hex = believed_label(campaign, state)
    intended_true = way.aim(state.true)
    intended_believed = way.aim(state.believed) if state.believed is not None else None
    if state.lost:
        if way.kind == "heading":
            # the players' own choice (rules.md 5a.1): a new heading is the intended face,
            # and the veer still turns it
            state.frozen_true = state.frozen_believed = t.heading
        elif state.frozen_true is None:
            state.frozen_true = intended_true
            state.frozen_believed = intended_believed
        intended_true = state.frozen_true
        intended_believed = state.frozen_believed
    watch.intended_face = intended_true

    # 2. navigation check ----------------------------------------------------------------
    nav_dc, base_dc, mode_dc, why = navigation_dc(
        ctx, t, hustle_hours, taken_face(state, intended_true, grid.rotate))
    if way.navigates or poor_trail:
        bonus, bonus_why = roll_bonus(campaign, state, state.true.hex)
        res = ctx.check("navigation", state.navigator,
                        nav_dc if way.navigates else T.POOR_TRAIL_DC, bonus=bonus,
                        why=(*(why if way.navigates else [said("poor_trail")]), *bonus_why))
        if res.success and poor_trail:
            reanchor(ctx)
            watch.believed_start_hex = believed_label(campaign, state)
            intended_true = intended_believed = way.aim(state.true)
        elif not res.success:
            get_lost(ctx, intended_true, intended_believed)
            intended_true, intended_believed = state.frozen_true, state.frozen_believed
    watch.intended_face = intended_true

    # 3. actual distance -----------------------------------------------------------------
    factor = Fraction(1)
    judged = True
    if campaign.rules.actual_distance:
        roll = rolls.take("distance", 2, 6, modifier=T.ACTUAL_DISTANCE_BONUS)
        factor = Fraction(roll.natural + T.ACTUAL_DISTANCE_BONUS, 10)
        roll.outcome = f"{int(factor * 100)}%"
        judge_dc = nav_dc if way.navigates else base_dc + (
            T.DC_POOR_VISIBILITY if t.visibility == "poor" else 0) + mode_dc
        judged = ctx.check("judge_distance", state.navigator, judge_dc,
                           why=[said("judging_distance")]).success

    # 4. movement ------------------------------------------------------------------------
    choose_true, choose_believed = _choosers(ctx, way.aim, intended_true, intended_believed)
    lost_now = state.lost
    true_start = state.true
    moved = move_timed(grid, state.true, hours, campaign.hex_miles, choose_true,
                       lambda h: blocked(campaign, h),
                       rate_fn(campaign, state.mph * mode_multiplier(t.modes)),
                       Fraction(hustle_hours), factor, deliberate=not lost_now)
    state.true = moved.track
    watch.miles = moved.miles
    watch.hexes_entered = [grid.label(h) for h in moved.entered]
    watch.exit_face = moved.faces[0] if moved.faces else (
        choose_true(moved.track) if moved.stopped not in ("target",) else None)
    note_stop(ctx, moved)
    hustle(ctx, hustle_hours)
    forced_march(ctx, moved.hours)
    if state.believed is not None and not state.knows_lost:
        believed_miles = moved.miles if judged else moved.miles / factor
        bmoved = move_distance(grid, state.believed, believed_miles, campaign.hex_miles,
                               choose_believed, lambda h: blocked(campaign, h))
        state.believed = bmoved.track
        watch.believed_miles = believed_miles
        watch.believed_hexes_entered = [grid.label(h) for h in bmoved.entered]
        if not way.navigates and moved.stopped == "target" and \
                not state.lost and state.believed.hex != state.true.hex:
            # arriving at a landmark or a named place on the path is unmistakable
            watch.believed_hexes_entered = [grid.label(h) for h in moved.entered]
            state.believed = state.true.copy()
    for h in moved.entered:
        if state.lost:
            state.pending_hexes.append(grid.label(h))
            state.trail.append(h)
        else:
            ctx.chronicle.know(grid.label(h), "explored")
        state.found_this_visit = set()
    watch.said.insert(0, describe_move(ctx, moved, true_start, factor))
    return moved


Chooser = Callable[[Track], str | None]


def _choosers(ctx: WatchCtx, aim: Chooser, intended_true: str | None,
              intended_believed: str | None) -> tuple[Chooser, Chooser]:
    """The exit face at each hex for the true and the believed track: while lost, the frozen
    intended face (the true track rotated by the veer, no veer with a compass); otherwise the
    aim from where each track is."""
    state, grid = ctx.state, ctx.campaign.grid
    lost_now = state.lost
    compass = "compass" in state.gear

    def choose_true(track: Track) -> str | None:
        if lost_now and intended_true is not None:
            return intended_true if compass else grid.rotate(intended_true, state.veer)
        return aim(track)

    def choose_believed(track: Track) -> str | None:
        if lost_now:
            return intended_believed
        return aim(track)

    return choose_true, choose_believed
