"""The sheets of moving through the hexes: travel, hex progress, navigation, getting lost,
and encounters, finding locations and foraging (seed 000; rules.md sections 3 to 7).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from generator.content.campaign import Campaign
from generator.hexgrid import Grid, Hex
from generator.reference import data as D
from generator.reference import diagrams
from generator.reference.sheets import system as S
from generator.reference.sheets.base import Ctx, table
from generator.rules import checks as C
from generator.rules import encounters as encounter_rules
from generator.rules import fatigue, travel
from generator.rules import tables as T

# ---------------------------------------------------------------------------------------------
# travel (seed 000 "speed and distance", "travel modes", "terrain"; rules.md section 3)


def hustle_damage(hour: int) -> int:
    """Nonlethal damage of the ``hour``-th hustled hour between sleeps (rules.md section 3),
    asked of the engine."""
    return fatigue.hustle_damage(hour - 1, 1)


def forced_march_dc(hour: int) -> int:
    """DC of the Constitution check for the ``hour``-th hour of marching (> MARCH_HOURS)."""
    return fatigue.forced_march_dc(hour)


def mph_for_feet(feet: int) -> Fraction:
    return Fraction(feet, D.FEET_PER_MPH)


def travel_sheet(ctx: Ctx) -> dict[str, Any]:
    t, f = ctx.t, ctx.f
    speeds = table(
        "speeds", [t.gettext("Speed"), t.gettext("Miles / hour"), t.gettext("Miles / watch"),
                   t.gettext("Miles / day")],
        [(f"{ft} " + t.gettext("ft"), f.num(mph_for_feet(ft)),
          f.num(mph_for_feet(ft) * T.WATCH_HOURS), f.num(mph_for_feet(ft) * T.MARCH_HOURS))
         for ft in D.BASE_SPEEDS_FT], "lrrr")
    mounts = table(
        "mounts", [t.pgettext("mount or vehicle", "Mount"), t.gettext("Miles / hour"),
                   t.gettext("Loaded"),
                   t.gettext("Miles / day")],
        [(t.label("mount_title", m), f.num(free), f.num(loaded), f.num(free * T.MARCH_HOURS))
         for m, (free, loaded) in T.MOUNTS.items()], "lrrr")
    both = T.MODE_SPEED["cautious"] * T.MODE_SPEED["exploring"]
    modes = table(
        "modes", [t.gettext("Mode"), t.gettext("Speed"), t.gettext("Navigation DC"),
                  t.gettext("Encounters")],
        [
            (t.pgettext("travel mode", "Normal"), f.mult(T.MODE_SPEED["normal"]), "—",
             t.gettext("checks per watch: %(n)s", n=D.ENCOUNTER_CHECKS["normal"])),
            (t.gettext("Hustle"), t.gettext("%(x)s per hustled hour", x=f.mult(T.HUSTLE_SPEED)),
             f.signed(T.DC_HUSTLE), "—"),
            (t.gettext("Cautious"), f.mult(T.MODE_SPEED["cautious"]), f.signed(T.DC_CAUTIOUS),
             t.gettext("wandering ones cancelled on 1–%(pct)s (d100)",
                       pct=D.CAUTIOUS_CANCEL_PERCENT)),
            (t.gettext("Exploring"), f.mult(T.MODE_SPEED["exploring"]), "—",
             t.gettext("checks per watch: %(n)s", n=D.ENCOUNTER_CHECKS["exploring"])),
            (t.gettext("Foraging"), f.mult(T.MODE_SPEED["foraging"]), "—",
             t.gettext("1 check; one forage check a day")),
            (t.gettext("Cautious + exploring"), f.mult(both), f.signed(T.DC_CAUTIOUS),
             t.gettext("%(n)s checks; wandering ones cancelled on 1–%(pct)s",
                       n=D.ENCOUNTER_CHECKS["exploring"], pct=D.CAUTIOUS_CANCEL_PERCENT)),
        ], "lccl")
    terrain = table(
        "terrain-speed", [t.gettext("Terrain"), t.gettext("Highway"), t.gettext("Road or trail"),
                          t.gettext("Trackless")],
        [(ctx.terrain_name(r), f.mult(r.highway), f.mult(r.road), f.mult(r.trackless))
         for r in ctx.passable_terrain()], "lccc")
    hustle = table(
        "hustle", [t.gettext("Hustled hour"), t.gettext("Damage"),
                   t.pgettext("running total", "Total")],
        [(str(h), str(hustle_damage(h)),
          str(sum(hustle_damage(i) for i in range(1, h + 1)))) for h in range(1, 7)], "ccc")
    d20 = ctx.campaign.rules.checks == "d20"
    march = table(
        "forced-march", [t.gettext("Hour of marching"),
                         t.gettext("Constitution DC") if d20 else t.gettext("Constitution")],
        [(t.gettext("hour %(n)s", n=h),
          str(forced_march_dc(h)) if d20 else S.con_check(ctx, forced_march_dc(h)))
         for h in range(T.MARCH_HOURS + 1, T.MARCH_HOURS + 5)], "lc")
    lo, hi = D.ACTUAL_DISTANCE_DICE[0], D.ACTUAL_DISTANCE_DICE[0] * D.ACTUAL_DISTANCE_DICE[1]
    actual = table(
        "actual-distance", [f.die(D.ACTUAL_DISTANCE_DICE[1], D.ACTUAL_DISTANCE_DICE[0]),
                            *[str(n) for n in range(lo, hi + 1)]],
        [(t.gettext("%% of miles"), *[
            str((n + T.ACTUAL_DISTANCE_BONUS) * D.ACTUAL_DISTANCE_PERCENT_PER_POINT)
            for n in range(lo, hi + 1)])], "l" + "c" * (hi - lo + 1), ("compact",))
    return {
        "speeds": speeds, "mounts": mounts, "modes": modes, "terrain": terrain,
        "hustle": hustle, "march": march, "actual": actual,
        "impassable": [ctx.terrain_name(r) for r in ctx.impassable_terrain()],
        "watch_hours": T.WATCH_HOURS, "watches": T.WATCHES_PER_DAY,
        "march_hours": T.MARCH_HOURS, "free_hustle": T.FREE_HUSTLE_HOURS,
        "hustle_dc": f.signed(T.DC_HUSTLE), "both": f.mult(both),
        "march_dc": T.FORCED_MARCH_BASE_DC, "march_step": T.FORCED_MARCH_DC_STEP,
        "feet_per_mph": D.FEET_PER_MPH, "system": ctx.campaign.rules.checks,
        "actual_on": ctx.campaign.rules.actual_distance,
        "actual_dice": f.die(D.ACTUAL_DISTANCE_DICE[1], D.ACTUAL_DISTANCE_DICE[0])
        + f"+{T.ACTUAL_DISTANCE_BONUS}",
        "actual_low": (lo + T.ACTUAL_DISTANCE_BONUS) * D.ACTUAL_DISTANCE_PERCENT_PER_POINT,
        "actual_high": (hi + T.ACTUAL_DISTANCE_BONUS) * D.ACTUAL_DISTANCE_PERCENT_PER_POINT,
    }


# ---------------------------------------------------------------------------------------------
# hex progress (seed 000 "hex tracking"; rules.md section 4)


def progress_requirements(grid: Grid, hex_miles: int, entry: str) -> dict[str, Fraction]:
    """Miles to leave a hex by each face after entering through ``entry``, from
    ``travel.requirement`` (leaving back through ``entry`` not deliberately)."""
    track = travel.Track(Hex(0, 0), entry=entry, progress=Fraction(0))
    return {face: travel.requirement(grid, track, face, hex_miles) for face in grid.faces}


def hex_progress_sheet(ctx: Ctx) -> dict[str, Any]:
    t, f, grid = ctx.t, ctx.f, ctx.grid
    miles = ctx.campaign.hex_miles
    entry = grid.faces[3]  # entered from the bottom of the drawing
    req = progress_requirements(grid, miles, entry)
    fresh = travel.requirement(grid, travel.Track(Hex(0, 0)), grid.faces[0], miles)
    made = Fraction(5)
    back = travel.miles_to_leave(grid, travel.Track(Hex(0, 0), entry, made), entry, miles,
                                 deliberate=True)
    kinds = {face: travel.face_kind(grid, entry, face) for face in grid.faces}
    far = [fc for fc in grid.faces if kinds[fc] == "far"]
    near = [fc for fc in grid.faces if kinds[fc] == "near"]
    rows = [
        (t.gettext("Starting a trip inside the hex"), t.gettext("any face"), f.num(fresh)),
        (t.gettext("Crossing to the far side"),
         t.gettext("the opposite face or either face beside it"), f.num(req[far[0]])),
        (t.gettext("Turning to a near side"), t.gettext("either face beside the one entered by"),
         f.num(req[near[0]])),
        (t.gettext("Going back the way it came, on purpose"), t.gettext("the face entered by"),
         t.gettext("the miles already made here")),
        (t.gettext("Going back any other way (e.g. lost)"), t.gettext("the face entered by"),
         f.num(req[entry])),
    ]
    requirements = table("hex-progress",
                         [t.pgettext("hex progress", "Situation"), t.gettext("Leaving by"),
                                          t.pgettext("miles needed", "Miles")], rows, "llc")
    # hours to leave at a few effective speeds
    speeds = [Fraction(3, 4), Fraction(1), Fraction(3, 2), Fraction(2), Fraction(9, 4),
              Fraction(3), Fraction(4), Fraction(5)]
    hours = table(
        "hours-per-hex", [t.gettext("Effective mph"),
                          t.gettext("Hours for %(distance)s",
                                    distance=t.count(fresh, "mile", 2, "object")),
                          t.gettext("Hours for %(distance)s",
                                    distance=t.count(req[far[0]], "mile", 2, "object"))],
        [(f.num(s), f.num(fresh / s, 1), f.num(req[far[0]] / s, 1)) for s in speeds], "ccc")
    labels = {fc: f.num(req[fc]) for fc in grid.faces}
    svg_kinds: dict[str, str] = dict(kinds)
    for fc in grid.faces:
        svg_kinds[f"{fc}:label"] = t.label("progress_kind", kinds[fc])
    svg = diagrams.hex_progress_svg(grid, entry, labels, svg_kinds, t.gettext("entered here"),
                                    t.gettext("Miles needed to leave a hex by each face"))
    return {"requirements": requirements, "hours": hours, "svg": svg,
            "hex_miles": miles, "half": f.num(fresh), "full": f.num(req[far[0]]),
            "back_example_made": made, "back_example": back,
            "entry_face": ctx.face(entry)}


# ---------------------------------------------------------------------------------------------
# navigation (seed 000 "navigation"; rules.md section 5)


def nav_dc_cell(ctx: Ctx, rule: T.TerrainRule) -> str:
    if rule.density_dc:
        return " / ".join(str(rule.density_dc[d]) for d in T.FOREST_DENSITIES
                          if d in rule.density_dc)
    return str(rule.navigation_dc)


def navigation_sheet(ctx: Ctx) -> dict[str, Any]:
    t, f = ctx.t, ctx.f
    dcs = table(
        "navigation-dc", [t.gettext("Terrain"), t.gettext("Navigation DC"), t.gettext("Forage DC")],
        [(ctx.terrain_name(r), nav_dc_cell(ctx, r), str(r.forage_dc))
         for r in ctx.passable_terrain()], "lcc")
    densities = [(t.label("density", d), str(r.density_dc[d])) for r in ctx.passable_terrain()
                 for d in T.FOREST_DENSITIES if r.density_dc and d in r.density_dc][:3]
    modifiers = table(
        "navigation-modifiers",
                      [t.gettext("Situation"), t.gettext("Navigation DC"), t.gettext("Forage DC")],
        [
            (t.gettext("Trackless (not entering or leaving along a highway, road or trail)"),
             f.signed(T.DC_TRACKLESS), "—"),
            (t.gettext("Poor visibility (fog, night, storm)"), f.signed(T.DC_POOR_VISIBILITY),
             f.signed(T.FORAGE_POOR_VISIBILITY)),
            (t.gettext("Hustling during the watch"), f.signed(T.DC_HUSTLE), "—"),
            (t.gettext("Moving cautiously"), f.signed(T.DC_CAUTIOUS), "—"),
        ], "lcc")
    system = ctx.campaign.rules.checks
    per = C.BRP_POINTS_PER_BONUS

    def bonus_cell(points: int) -> str:
        if system == "brp":
            return "+" + f.pct(points * per)
        return f.signed(points)

    bonuses = table(
        "navigation-bonuses", [t.gettext("Help"), t.gettext("Bonus")],
        [
            (t.gettext("A compass (it also cancels veer at every hex boundary)"),
             bonus_cell(T.BONUS_COMPASS)),
            (t.gettext("%(ranks)s+ ranks of Knowledge (geography or local) for the region",
                       ranks=T.KNOWLEDGE_RANKS), bonus_cell(T.BONUS_KNOWLEDGE)),
        ], "lc")
    return {"dcs": dcs, "modifiers": modifiers, "bonuses": bonuses,
            "densities": densities, "poor_trail_dc": T.POOR_TRAIL_DC,
            "system": system, "per": per}


# ---------------------------------------------------------------------------------------------
# getting lost (seed 000 "getting lost", "lost characters"; rules.md section 5)


def veer_text(ctx: Ctx, faces: int) -> str:
    if faces == 0:
        return ctx.t.gettext("no veer: straight on")
    if faces < 0:
        return ctx.t.gettext("%(n)s face left", n=abs(faces))
    return ctx.t.gettext("%(n)s face right", n=abs(faces))


def veer_short(ctx: Ctx, faces: int) -> str:
    """The diagram's label of a veer (shorter than the table's)."""
    if faces == 0:
        return ctx.t.gettext("straight on")
    if faces < 0:
        return ctx.t.pgettext("diagram label", "%(n)s face left", n=abs(faces))
    return ctx.t.pgettext("diagram label", "%(n)s face right", n=abs(faces))


def getting_lost_sheet(ctx: Ctx) -> dict[str, Any]:
    t, f = ctx.t, ctx.f
    veer = table("veer", [f.die(10, 1), t.gettext("Veer")],
                 [(f.span(lo, hi), veer_text(ctx, faces)) for lo, hi, faces in T.VEER_RANGES],
                 "cl")
    svg = diagrams.veer_svg(ctx.grid, T.VEER_RANGES, lambda n: veer_short(ctx, n),
                            f.span, t.gettext("intended"),
                            t.gettext("Veer on a failed navigation check (d10)"), f.die(10))
    reorient = table(
        "reorient", [t.gettext("Method"), t.gettext("Survival check"), t.gettext("Success"),
                     t.gettext("Failure")],
        [
            (t.gettext("Find north"), ctx.dc(T.REORIENT_NORTH_DC),
             t.gettext("the party knows true north"),
             t.gettext("it takes a random face for north")),
            (t.gettext("Set a new course"),
             t.gettext("navigation %(dc)s + %(n)s", dc=ctx.dc(), n=T.NEW_COURSE_EXTRA_DC),
             t.gettext("no longer lost; position re-anchored"),
             t.gettext("lost again at once, unaware, with a fresh veer roll")),
            (t.gettext("Backtrack"), t.gettext("navigation %(dc)s, each watch", dc=ctx.dc()),
             t.gettext("learns truly whether it was on course"),
             t.gettext("%(pct)s%% chance it judges wrongly", pct=T.BACKTRACK_MISJUDGE_PERCENT)),
        ], "llll")
    return {"veer": veer, "svg": svg, "reorient": reorient, "max_veer": T.MAX_VEER,
            "extra_check": ctx.campaign.rules.realise_extra_checks}


# ---------------------------------------------------------------------------------------------
# encounters, finding locations, foraging (seed 000; rules.md sections 6 and 7)


def encounter_die(campaign: Campaign) -> tuple[int, int, int]:
    """(sides, wandering up to, keyed on): asked of the engine itself."""
    return encounter_rules.encounter_die(campaign.rules)


def encounters_sheet(ctx: Ctx) -> dict[str, Any]:
    t, f = ctx.t, ctx.f
    sides, wander, keyed = encounter_die(ctx.campaign)
    check_rows = [(f.span(1, wander),
                   t.gettext("wandering encounter: roll on the hex's table, else its region's, "
                             "else its terrain's"))]
    if keyed - 1 > wander:
        check_rows.append((f.span(wander + 1, keyed - 1), t.gettext("nothing")))
    check_rows.append((f.span(keyed, sides) if keyed < sides else str(keyed),
                       t.gettext("the hex's keyed location, if one is left to find this visit "
                                 "(travel, explore or search watches only)")))
    check = table("encounter-check", [f.die(sides, 1), t.gettext("Result")], check_rows, "cl")
    activity = table(
        "encounter-activity", [t.pgettext("encounter checks", "Activity"), t.gettext("Checks"),
                               t.gettext("Notes")],
        [
            (t.pgettext("encounter checks", "Travel"), str(D.ENCOUNTER_CHECKS["normal"]),
             t.gettext("may find keyed places")),
            (t.gettext("Rest or camp"), str(D.ENCOUNTER_CHECKS["normal"]),
             t.gettext("wandering encounters only")),
            (t.gettext("Exploring"), str(D.ENCOUNTER_CHECKS["exploring"]),
             t.gettext("twice the chance of everything")),
            (t.gettext("Cautious"), str(D.ENCOUNTER_CHECKS["normal"]),
             t.gettext("a wandering encounter is cancelled on 1–%(pct)s of d100",
                       pct=D.CAUTIOUS_CANCEL_PERCENT)),
            (t.gettext("Searching in place"),
             f"{D.ENCOUNTER_CHECKS['exploring']} + {D.SEARCH_EXTRA_CHECKS}",
             t.gettext("no progress; the extra check can only find the place sought, and only if "
                       "the party has reason to look here")),
        ], "lcl")
    finding = table(
        "finding", [t.gettext("Place"), t.gettext("Found when")],
        [
            (t.gettext("Visible"),
             t.gettext("the party is in its hex or within the hexes its key gives")),
            (t.gettext("On a road, trail or river"),
             t.gettext("the party follows that path through the hex")),
            (t.gettext("Familiar"),
             t.gettext("the party enters the hex (a place becomes familiar once found on %(n)s "
                       "separate visits, or by the GM's word)", n=D.FAMILIAR_AFTER_FINDS)),
            (t.gettext("Any other"), t.gettext("an encounter check rolls %(roll)s", roll=keyed)),
            (t.gettext("Hidden"),
             t.gettext("the check rolls %(roll)s on %(n)s separate occasions (the first shows only "
                       "signs)", roll=keyed, n=D.HIDDEN_KEYED_HITS)),
        ], "ll")
    reactions = table(
        "reaction", [f.die(D.REACTION_DICE[1], D.REACTION_DICE[0]), t.gettext("The creatures…")],
        [(f.span(lo, hi), t.label("reaction_phrase", name)) for lo, hi, name in T.REACTIONS], "cl")
    forage = table(
        "forage-dc", [t.gettext("Terrain"), t.gettext("Forage DC")],
        [(ctx.terrain_name(r), str(r.forage_dc)) for r in ctx.passable_terrain()], "lc")
    return {"check": check, "activity": activity, "finding": finding,
            "reactions": reactions, "forage": forage, "sides": sides,
            "half_die": f.die(D.MOMENT_HALF_HOUR_DIE, 1),
            "minute_die": f.die(D.MOMENT_MINUTE_DIE, 1),
            "forage_step": D.FORAGE_POINTS_PER_EXTRA,
            "forage_poor": f.signed(T.FORAGE_POOR_VISIBILITY),
            "forage_rule": S.forage_rule(ctx, f.signed(T.FORAGE_POOR_VISIBILITY),
                                         D.FORAGE_POINTS_PER_EXTRA),
            "system": ctx.campaign.rules.checks,
            "custom_check": ctx.campaign.rules.encounter_check != "d12"}
