"""Data to page: the tables of every reference sheet, built from the engine's own tables.

Each ``*_sheet`` function returns the context of one page template: ``MdTable`` values (rows
of formatted cells) plus the few numbers the prose quotes. Where the engine holds a table
(``generator.rules.tables``, ``checks``, ``resources``, ``travel``) it is read here, never
copied, and where the engine only has a function (``d20_degree``, ``brp_chance``,
``resistance_chance``, ``bsh_outcome``, ``requirement`` ...) the sheet asks the function, so
the printed sheet cannot disagree with the replay. Facts the engine lacks come from
``generator.reference.data``.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from generator.content.campaign import Campaign, Table
from generator.content.markdown import MarkdownRenderer, Prose, default_renderer, inert
from generator.content.models import DEFAULT_PLAYER_SHEETS, Member
from generator.dice import parse_dice
from generator.hexgrid import Grid, Hex
from generator.reference import data as D
from generator.reference import diagrams
from generator.reference.fmt import DASH, MINUS, Fmt
from generator.reference.strings import Translator
from generator.rules import chase_model as CH
from generator.rules import checks as C
from generator.rules import encounters as encounter_rules
from generator.rules import fatigue, travel
from generator.rules import resources as R
from generator.rules import tables as T

Audience = Literal["gm", "players"]
Align = Literal["l", "c", "r"]

#: Topic pages, in reading order (``reference/<slug>.md``).
TOPICS: tuple[str, ...] = (
    "travel", "hex-progress", "navigation", "getting-lost", "encounters",
    "checks-d20", "checks-brp", "checks-bsh", "modifiers", "chases", "facing",
)
SYSTEMS = ("d20", "brp", "bsh")


def site_sheets(campaign: Campaign, audience: Audience) -> tuple[str, ...]:
    """The topic pages (``TOPICS``) and ``tables`` of one site's rules reference, in reading
    order. The GM site has them all; the players get ``reference.players`` of campaign.yaml,
    or ``DEFAULT_PLAYER_SHEETS`` (travel, the campaign's own check system, modifiers, chases,
    facing, the roll tables shown to players); ``checks`` stands for the campaign's system."""
    every = (*TOPICS, "tables")
    if audience == "gm":
        return every
    chosen = campaign.reference.players
    names = DEFAULT_PLAYER_SHEETS if chosen is None else chosen
    wanted = {f"checks-{campaign.rules.checks}" if name == "checks" else name for name in names}
    return tuple(sheet for sheet in every if sheet in wanted)

#: Tables with more rows than this may break across pages between rows (class ``long``);
#: shorter ones are kept whole.
LONG_TABLE_ROWS = 12


@dataclass(frozen=True)
class MdTable:
    """One Markdown table of a sheet: an id (for tests and CSS), headers, rows of cells."""

    id: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    align: tuple[Align, ...] = ()
    #: CSS classes of the wrapper (``compact``, ``grid`` ...)
    classes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for row in self.rows:
            if len(row) != len(self.headers):
                raise ValueError(f"table {self.id}: row {row} has {len(row)} cells, "
                                 f"expected {len(self.headers)}")

    @property
    def alignment(self) -> tuple[Align, ...]:
        if self.align:
            return self.align
        centre: Align = "c"
        return ("l", *[centre] * (len(self.headers) - 1))


_ALIGN: dict[str, Align] = {"l": "l", "c": "c", "r": "r"}


def table(id: str, headers: Sequence[str], rows: Iterable[Sequence[str]],
          align: str = "", classes: Sequence[str] = ()) -> MdTable:
    aligns: tuple[Align, ...] = tuple(_ALIGN[a] for a in align if a in _ALIGN)
    body = tuple(tuple(r) for r in rows)
    extra = ("long",) if len(body) > LONG_TABLE_ROWS and "grid" not in classes else ()
    return MdTable(id, tuple(headers), body, aligns, tuple(classes) + extra)


@dataclass(frozen=True)
class Ctx:
    """What every sheet needs: the campaign, the audience, the language and its tools."""

    campaign: Campaign
    audience: Audience
    language: str
    #: renders the campaign's Markdown (table rows and descriptions) for the audience
    markdown: MarkdownRenderer | None = None

    def prose(self, text: str | None) -> Prose | None:
        """A Markdown field of the campaign for this audience (players: no GM blocks)."""
        return (self.markdown or default_renderer()).prose(text, self.audience)

    def inline(self, text: str | None) -> str:
        """A Markdown field on one line, for a table cell."""
        prose = self.prose(text)
        return prose.inline() if prose is not None else ""

    @property
    def t(self) -> Translator:
        return Translator(self.language)

    @property
    def f(self) -> Fmt:
        return Fmt(self.language)

    @property
    def grid(self) -> Grid:
        return self.campaign.grid

    def terrain_name(self, rule: T.TerrainRule) -> str:
        builtin = T.TERRAIN.get(rule.id)
        if builtin is not None and rule.name == builtin.name:
            return self.t.label("terrain", rule.id)
        return inert(rule.name)

    def passable_terrain(self) -> list[T.TerrainRule]:
        return [r for r in self.campaign.terrain.values() if not r.impassable]

    def impassable_terrain(self) -> list[T.TerrainRule]:
        return [r for r in self.campaign.terrain.values() if r.impassable]

    def dc(self, n: int | None = None) -> str:
        """"DC" or "DC 12" in the language."""
        word = self.t.gettext("DC")
        return word if n is None else f"{word} {n}"

    def face(self, face: str) -> str:
        return self.t.label("face", face)


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
        [(t.label("mount", m), f.num(free), f.num(loaded), f.num(free * T.MARCH_HOURS))
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
    march = table(
        "forced-march", [t.gettext("Hour of marching"), t.gettext("Constitution DC")],
        [(t.gettext("hour %(n)s", n=h), str(forced_march_dc(h)))
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
        "feet_per_mph": D.FEET_PER_MPH,
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
                          t.gettext("Hours for %(miles)s mi", miles=f.num(fresh)),
                          t.gettext("Hours for %(miles)s mi", miles=f.num(req[far[0]]))],
        [(f.num(s), f.num(fresh / s, 1), f.num(req[far[0]] / s, 1)) for s in speeds], "ccc")
    labels = {fc: f.num(req[fc]) for fc in grid.faces}
    svg_kinds: dict[str, str] = dict(kinds)
    for fc in grid.faces:
        svg_kinds[f"{fc}:label"] = t.label("progress_kind", kinds[fc])
    svg = diagrams.hex_progress_svg(grid, entry, labels, svg_kinds, t.gettext("entered here"),
                                    t.gettext("Miles needed to leave a hex by each face"))
    return {"requirements": requirements, "hours": hours, "svg": svg,
            "hex_miles": miles, "half": f.num(fresh), "full": f.num(req[far[0]]),
            "back_example_made": f.num(made), "back_example": f.num(back),
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
        [(f.span(lo, hi), t.label("reaction", name)) for lo, hi, name in T.REACTIONS], "cl")
    forage = table(
        "forage-dc", [t.gettext("Terrain"), t.gettext("Forage DC")],
        [(ctx.terrain_name(r), str(r.forage_dc)) for r in ctx.passable_terrain()], "lc")
    return {"check": check, "activity": activity, "finding": finding,
            "reactions": reactions, "forage": forage, "sides": sides,
            "half_die": f.die(D.MOMENT_HALF_HOUR_DIE, 1),
            "minute_die": f.die(D.MOMENT_MINUTE_DIE, 1),
            "forage_step": D.FORAGE_POINTS_PER_EXTRA,
            "forage_poor": f.signed(T.FORAGE_POOR_VISIBILITY),
            "system": ctx.campaign.rules.checks,
            "custom_check": ctx.campaign.rules.encounter_check != "d12"}


# ---------------------------------------------------------------------------------------------
# d20 (seed 004 "degrees of success", "advantage"; rules.md section 8)


def d20_bands(dc: int = 15, natural: int = 10) -> dict[str, tuple[int, int]]:
    """Total - DC offsets of each degree (without a natural 1 or 20), asked of d20_degree."""
    out: dict[str, tuple[int, int]] = {}
    for total in range(dc - 40, dc + 41):
        degree = C.d20_degree(natural, total, dc)
        k = total - dc
        lo, hi = out.get(degree, (k, k))
        out[degree] = (min(lo, k), max(hi, k))
    return out


def d20_sheet(ctx: Ctx) -> dict[str, Any]:
    t, f = ctx.t, ctx.f
    bands = d20_bands()
    dc = ctx.dc()

    def offset(k: int) -> str:
        return dc if k == 0 else f"{dc} {'+' if k > 0 else MINUS} {abs(k)}"

    order = list(reversed(C.D20_OUTCOMES))
    rows = []
    for degree in order:
        lo, hi = bands[degree]
        if degree == order[0]:
            cell = t.gettext("%(x)s or more", x=offset(lo))
        elif degree == order[-1]:
            cell = t.gettext("%(x)s or less", x=offset(hi))
        else:
            cell = f"{offset(lo)} {DASH} {offset(hi)}"
        rows.append((cell, t.label("degree", degree)))
    degrees = table("d20-degrees", [t.gettext("Total"), t.gettext("Degree")], rows, "ll")
    shift_rows = []
    for degree in order:
        lo, hi = bands[degree]
        probe = max(lo, -15) + 15  # a total inside the band, DC 15
        shift_rows.append((t.label("degree", degree),
                           t.label("degree", C.d20_degree(20, probe, 15)),
                           t.label("degree", C.d20_degree(1, probe, 15))))
    shifts = table("d20-naturals", [t.gettext("Degree"), t.gettext("with a natural 20"),
                                    t.gettext("with a natural 1")],
                   shift_rows, "lll")
    ladder = table(
        "scaled-advantage", [t.gettext("Net"), t.gettext("Advantages"), t.gettext("Disadvantages"),
                             t.gettext("Average")],
        [(str(n), f.bonus_die(s), f.bonus_die(-s), f.num(Fraction(s + 1, 2)))
         for n, s in sorted(C.SCALED_ADVANTAGE_DICE.items())], "cccc")
    return {"degrees": degrees, "shifts": shifts, "ladder": ladder,
            "advantage": ctx.campaign.rules.advantage, "max": max(C.SCALED_ADVANTAGE_DICE),
            "crit_margin": bands["critical_success"][0],
            "example_adv": 2, "example_die": f.die(C.SCALED_ADVANTAGE_DICE[2], 1)}


# ---------------------------------------------------------------------------------------------
# BRP (seed 002; rules.md section 8)


def brp_bands() -> list[tuple[str, int, int]]:
    """(difficulty, lowest DC, highest DC) as brp_chance assigns them, for DCs 1-40."""
    out: list[tuple[str, int, int]] = []
    for dc in range(1, 41):
        _, band = C.brp_chance(50, dc)
        if out and out[-1][0] == band:
            out[-1] = (band, out[-1][1], dc)
        else:
            out.append((band, dc, dc))
    return out


def brp_success_max(chance: int) -> int:
    """The highest d100 roll that succeeds at ``chance`` (asked of brp_outcome)."""
    return max(r for r in range(1, 101) if C.brp_outcome(r, chance) in C.SUCCESSES)


def brp_sheet(ctx: Ctx) -> dict[str, Any]:
    t, f = ctx.t, ctx.f
    example = 45
    band_rows = []
    bands = brp_bands()
    for band, lo, hi in bands:
        if band == bands[0][0]:
            dcs = t.gettext("%(dc)s %(n)s or less", dc=ctx.dc(), n=hi)
        elif band == bands[-1][0]:
            dcs = t.gettext("%(dc)s %(n)s or more", dc=ctx.dc(), n=lo)
        else:
            dcs = f"{ctx.dc()} {f.span(lo, hi)}"
        chance, _ = C.brp_chance(example, lo)
        band_rows.append((t.label("brp_band", band), dcs, t.label("brp_band_rule", band),
                          f.pct(chance)))
    difficulty = table("brp-difficulty", [t.gettext("Difficulty"), t.gettext("Procedure DC"),
                                          t.gettext("Chance"),
                                          t.gettext("Skill %(n)s%%", n=example)],
                       band_rows, "lllc")
    rows = []
    for lo, hi, crit, special, fumble in C.BRP_TABLE:
        s_lo, s_hi = brp_success_max(lo), brp_success_max(hi)
        success_cell = f.span(1, s_lo, d100=True) if s_lo == s_hi else t.gettext("up to the chance")
        rows.append((f.span(lo, hi), f.span(1, crit, d100=True),
                     f.span(1, special, d100=True), success_cell,
                     f.span(fumble, 100, d100=True)))
    rows.append((t.gettext("over 100"),
                 t.gettext("%(part)s of the chance, rounded up", part="1/20"),
                 t.gettext("%(part)s of the chance, rounded up", part="1/5"),
                 f.span(1, brp_success_max(150), d100=True), f.span(100, 100, d100=True)))
    success = table("brp-success",
                    [t.gettext("Chance"), t.gettext("Critical"), t.gettext("Special"),
                                    t.gettext("Success"), t.gettext("Fumble")], rows, "ccccc",
                    ("compact",))
    short = table("brp-success-short",
                  [t.gettext("Chance"), t.gettext("Critical"), t.gettext("Special"),
                                        t.gettext("Fumble")],
                  [(r[0], r[1], r[2], r[4]) for r in rows], "cccc", ("compact",))
    lo_span, hi_span = D.BRP_RESISTANCE_SPAN
    span = range(lo_span, hi_span + 1)

    def cell(active: int, passive: int) -> str:
        chance = C.resistance_chance(active, passive)
        return "✓" if chance >= 100 else "✗" if chance <= 0 else str(chance)

    grid = table("brp-resistance",
                 [t.gettext("P \\ A"), *[str(a) for a in span]],
                 [(str(p), *[cell(a, p) for a in span]) for p in span],
                 "c" * (len(span) + 1), ("grid",))
    diffs = list(range(-10, 11))

    def diff_cell(d: int) -> str:
        return f.signed(d) if abs(d) < 10 else (f"≤{MINUS}10" if d < 0 else "≥+10")

    def diff_chance(d: int) -> str:
        return cell(10 + d, 10)

    resist_low = table("brp-resistance-diff-low",
                       [t.gettext("A − P"), *[diff_cell(d) for d in diffs[:11]]],
                       [("%", *[diff_chance(d) for d in diffs[:11]])], "c" * 12, ("compact",))
    resist_high = table("brp-resistance-diff-high",
                        [t.gettext("A − P"), *[diff_cell(d) for d in diffs[11:]]],
                        [("%", *[diff_chance(d) for d in diffs[11:]])], "c" * 11,
                        ("compact",))
    opposed_rows = []
    for a, b in itertools.combinations_with_replacement(D.BRP_LEVELS, 2):
        ra, rb = D.brp_opposed(a, b)
        opposed_rows.append((t.label("brp_level", a), t.label("brp_level", b),
                             t.label("brp_level", ra) + " / " + t.label("brp_level", rb)))
    opposed = table("brp-opposed",
                    [t.gettext("One side"), t.gettext("The other"), t.gettext("Become")],
                    opposed_rows, "lll")
    return {"difficulty": difficulty, "success": success, "success_short": short,
            "resistance": grid,
            "resist_low": resist_low, "resist_high": resist_high, "opposed": opposed,
            "per": C.BRP_POINTS_PER_BONUS, "always": C.BRP_ALWAYS_SUCCEEDS,
            "never": f.span(C.BRP_ALWAYS_FAILS, 100, d100=True),
            "exp_die": f.die(D.BRP_EXPERIENCE_DIE, 1)}


# ---------------------------------------------------------------------------------------------
# Black Sword Hack (seed 001; rules.md sections 8 and 9)


def bsh_outcome_rows(attribute: int) -> list[tuple[int, int, str]]:
    """(low roll, high roll, outcome) of a d20 against ``attribute``, asked of bsh_outcome."""
    out: list[tuple[int, int, str]] = []
    for roll in range(1, 21):
        outcome = C.bsh_outcome(roll, attribute)
        if out and out[-1][2] == outcome:
            out[-1] = (out[-1][0], roll, outcome)
        else:
            out.append((roll, roll, outcome))
    return out


def group_needed(members: int) -> int:
    return min(s for s in range(0, members + 1) if C.bsh_group_success(s, members))


def doom_default(campaign: Campaign) -> str:
    """The doom die a member gets under bsh when nothing else is set (asked of the engine)."""
    bsh = campaign.rules.model_copy(update={"checks": "bsh"})
    return R.doom_die_of(Member(name="-"), bsh) or "d6"


def bsh_sheet(ctx: Ctx) -> dict[str, Any]:
    t, f = ctx.t, ctx.f
    a = t.gettext("A")
    attribute = 12
    rows = []
    for lo, hi, outcome in bsh_outcome_rows(attribute):

        def rel(v: int) -> str:
            k = v - attribute
            if k == 0:
                return a
            if abs(k) <= 3:
                return f"{a} {'+' if k > 0 else MINUS} {abs(k)}"
            return str(v)

        cell = rel(lo) if lo == hi else f"{rel(lo)} … {rel(hi)}"
        rows.append((cell, t.label("bsh_outcome", outcome)))
    outcomes = table("bsh-outcomes", [f.die(20, 1), t.gettext("Result")], rows, "cl")
    adv = table(
        "bsh-advantage", [t.gettext("Procedure DC"), t.gettext("Roll")],
        [
            (t.gettext("%(dc)s %(n)s or less", dc=ctx.dc(), n=C.BSH_ADVANTAGE_MAX_DC),
             t.gettext("advantage: two d20, the player picks")),
            (f"{ctx.dc()} {f.span(C.BSH_ADVANTAGE_MAX_DC + 1, C.BSH_DISADVANTAGE_MIN_DC - 1)}",
             t.gettext("one d20")),
            (t.gettext("%(dc)s %(n)s or more", dc=ctx.dc(), n=C.BSH_DISADVANTAGE_MIN_DC),
             t.gettext("disadvantage: two d20, the GM picks")),
        ], "ll")
    group = table("bsh-group",
                  [t.pgettext("party size", "Members"), *[str(m) for m in range(1, 9)]],
                  [(t.gettext("Successes needed"), *[str(group_needed(m)) for m in range(1, 9)])],
                  "c" * 9, ("compact",))
    usage = table(
        "usage-dice", [t.pgettext("rules reference", "Die"), t.gettext("Steps down per roll"),
                       t.gettext("Uses (book)"),
                       t.gettext("Uses (computed)"), t.gettext("Then")],
        [(f.die(s), f.pct(Fraction(R.STEP_DOWN_MAX * 100, s), 0),
          str(R.EXPECTED_USES_SEED[s]), f.num(R.expected_uses(s), 1),
          f.die(R.step_down(s)) if R.step_down(s) else t.pgettext("usage die", "exhausted"))
         for s in R.LADDER], "ccccc")
    return {"outcomes": outcomes, "advantage": adv, "group": group, "usage": usage,
            "doom": ctx.f.die(int(doom_default(ctx.campaign).lstrip("d"))),
            "step": R.STEP_DOWN_MAX, "ladder": " > ".join(f.die(s) for s in R.LADDER)}


# ---------------------------------------------------------------------------------------------
# visibility, range, cover, conditions (seed 004)


def modifiers_sheet(ctx: Ctx) -> dict[str, Any]:
    t, f = ctx.t, ctx.f
    vis_rows = []
    for v in D.VISIBILITY:
        perception = (t.gettext("cannot see") if v.blind else
                      f.bonus_die(-v.perception) if v.perception else "—")
        if v.blind:
            attacks = t.gettext("everyone is blinded to everyone, and unseen")
        elif v.attacks:
            attacks = "; ".join(t.gettext("%(die)s at %(ft)s ft or more", die=f.bonus_die(-die),
                                          ft=ft)
                                for ft, die in v.attacks)
        else:
            attacks = "—"
        vis_rows.append((t.label("sight", v.id), t.label("sight_example", v.id), perception,
                         attacks))
    visibility = table("visibility", [t.gettext("Visibility"), t.gettext("For example"),
                                      t.gettext("Perception"), t.gettext("Attacks")], vis_rows,
                       "llcl")
    ranges = table("range", [t.gettext("Range"), t.gettext("Distance"), t.gettext("Attack")],
                   [(t.label("range", r.id),
                     t.gettext("up to %(x)s normal range", x=f.mult(r.multiple)),
                     f.bonus_die(-r.penalty) if r.penalty else "—")
                    for r in D.RANGE_BANDS], "llc")
    cover = table("cover",
                  [t.gettext("Cover"), t.gettext("For example"), t.gettext("Attacks against")],
                  [(t.label("cover", c.id), t.label("cover_example", c.id), f.bonus_die(-c.penalty))
                   for c in D.COVER], "llc")
    actions = table("combat-actions", [t.gettext("Action"), t.pgettext("rules reference", "Die"),
                                       t.gettext("Effect")],
                    [(t.label("action", a.id), f.bonus_die(a.die),
                      t.label("action_text", a.id, max=D.HELP_MAX)) for a in D.COMBAT_ACTIONS],
                    "lcl")
    cond_rows = []
    for c in D.CONDITIONS:
        dice = {k: f.die(v, 1) for k, v in c.dice.items()}
        numbers = {f"{k}_n": str(v) for k, v in c.dice.items()}
        levels = "—" if c.levels == 1 else f.span(1, c.levels)
        cond_rows.append((t.label("condition", c.id), levels,
                          t.label("condition_text", c.id, **dice, **numbers,
                                  dmg=f"{f.die(D.LEVEL_DAMAGE_DICE[1], 1)}{DASH}"
                                      f"{f.die(D.LEVEL_DAMAGE_DICE[5], 1)}",
                                  dc=D.LEVELLED_DEFAULT_DC, base=D.LEVELLED_ATTACK_DC_BASE)))
    conditions = table("conditions",
                       [t.gettext("Condition"), t.gettext("Levels"), t.gettext("Effect")],
                       cond_rows, "lcl")
    level_dice = table("level-damage", [t.gettext("Level"), *[str(n) for n in D.LEVEL_DAMAGE_DICE]],
                       [(t.gettext("Damage"),
                         *[f.die(s, 1) for s in D.LEVEL_DAMAGE_DICE.values()])],
                       "c" * 6, ("compact",))
    return {"visibility": visibility, "range": ranges, "cover": cover, "actions": actions,
            "conditions": conditions, "level_dice": level_dice,
            "advantage": ctx.campaign.rules.advantage, "max": D.SCALED_MAX}


# ---------------------------------------------------------------------------------------------
# chases (seed 003; rules.md section 10)


def complication_rows(ctx: Ctx, environment: str) -> tuple[str, list[tuple[str, str]]]:
    """(source, rows) of a complication table: the campaign's ``chase-<env>`` table when it
    has one (the table the replay rolls on), else our own situations."""
    f = ctx.f
    tid = D.CHASE_TABLE_ID.format(environment=environment)
    own = ctx.campaign.tables.get(tid)
    if own is not None and (ctx.audience == "gm" or own.audience == "players"):
        spec = parse_dice(own.roll_dice)
        d100 = spec.count == 1 and spec.sides == 100
        return "campaign", [(f.span(lo, hi, d100=d100), ctx.inline(row.result))
                            for (lo, hi), row in zip(own.ranges, own.rows, strict=False)]
    rows = [(str(i), ctx.t.label("complication", f"{environment}.{i}"))
            for i in range(1, D.COMPLICATION_COUNT + 1)]
    if D.COMPLICATION_COUNT < CH.COMPLICATION_MAX:
        rows.append((f.span(D.COMPLICATION_COUNT + 1, CH.COMPLICATION_MAX),
                     ctx.t.gettext("the GM's choice")))
    rows.append((f.span(CH.COMPLICATION_MAX + 1, CH.COMPLICATION_DIE),
                 ctx.t.gettext("no complication")))
    return "default", rows


def exhaustion_rows(ctx: Ctx) -> list[tuple[str, str]]:
    """What exhaustion does in a chase, asked of the engine: 5e's levels (seed 003), or with
    ``advantage: scaled`` seed 004's homebrew; and the doom die on a critical failure."""
    t, rules = ctx.t, ctx.campaign.rules
    if CH.scaled_exhaustion(rules.checks, rules.advantage):
        rows = [(t.gettext("Each of exhaustion levels 1–%(n)s", n=CH.SCALED_EXHAUSTION_LEVELS),
                 t.gettext("one disadvantage on Constitution and Stealth, −%(ft)s ft of speed",
                           ft=CH.SCALED_EXHAUSTION_SPEED_FT))]
    else:
        rows = [(t.gettext("Exhaustion that hinders Constitution and Stealth"),
                 t.gettext("level %(n)s+", n=CH.EXHAUSTION_CHECK_DISADVANTAGE_LEVEL)),
                (t.gettext("Exhaustion that halves speed"),
                 t.gettext("level %(n)s+", n=CH.EXHAUSTION_HALF_SPEED))]
    if any(R.doom_die_of(m, rules) for m in ctx.campaign.party.members):
        rows.append((t.gettext("A critical failure on a chase check"),
                     t.gettext("the doom die rolls; doomed, every check has disadvantage")))
    return rows


def chases_sheet(ctx: Ctx) -> dict[str, Any]:
    t, f = ctx.t, ctx.f
    escape = table("escape-factors",
                   [t.gettext("The quarry's situation"), t.gettext("Stealth roll")],
                   [(t.label("escape", e.id),
                     t.gettext("advantage") if e.effect > 0 else t.gettext("disadvantage"))
                    for e in D.ESCAPE_FACTORS], "ll")
    comp: dict[str, MdTable] = {}
    sources: dict[str, str] = {}
    for env in CH.ENVIRONMENTS:
        source, rows = complication_rows(ctx, env)
        sources[env] = source
        comp[env] = table(f"complications-{env}", [f.die(CH.COMPLICATION_DIE, 1),
                                                   t.label("environment", env)], rows, "cl")
    comp_range = f.span(1, CH.COMPLICATION_MAX)
    comp_die = f.die(CH.COMPLICATION_DIE, 1)
    engine = table("chase-rules", [t.gettext("Rule"), t.gettext("Value")], [
        (t.gettext("Movement each turn (everyone Dashes)"),
         t.gettext("%(x)s speed", x=f.mult(CH.DASH_MULTIPLIER))),
        (t.gettext("Free Dashes"), t.gettext("%(n)s + Con modifier", n=CH.FREE_DASHES_BASE)),
        (t.gettext("Each further Dash"),
         t.gettext("Constitution DC %(dc)s or 1 exhaustion", dc=CH.CON_CHECK_DC)),
        *exhaustion_rows(ctx),
        (t.gettext("Exhaustion that drops out"),
         t.gettext("level %(n)s+", n=CH.EXHAUSTION_DROP_OUT)),
        (t.gettext("Complication"),
         t.gettext("%(range)s on %(die)s: the next participant moves at half speed",
                   range=comp_range, die=comp_die)),
        (t.gettext("Starting distance (unless given)"),
         f"{CH.DEFAULT_START_DISTANCE_FT} " + t.gettext("ft")),
        (t.gettext("Out of sight beyond"),
         t.gettext("%(urban)s ft in town, %(wild)s ft in the wild",
                   urban=CH.DEFAULT_SIGHT_FT["urban"], wild=CH.DEFAULT_SIGHT_FT["wilderness"])),
        (t.gettext("Escape"),
         t.gettext("Stealth beats the best passive Perception (DC = it + %(n)s)",
                   n=CH.STEALTH_BEATS_PASSIVE)),
        (t.gettext("Pursuers give up after"),
         t.gettext("%(n)s rounds (unless given)", n=CH.DEFAULT_MAX_ROUNDS)),
    ], "ll")
    return {"escape": escape, "complications": comp, "sources": sources, "engine": engine,
            "free": CH.FREE_DASHES_BASE, "dash_dc": CH.CON_CHECK_DC,
            "drop": CH.EXHAUSTION_DROP_OUT, "half": CH.EXHAUSTION_HALF_SPEED,
            "comp_range": comp_range, "comp_die": comp_die,
            "table_ids": {env: D.CHASE_TABLE_ID.format(environment=env)
                          for env in CH.ENVIRONMENTS},
            "system": ctx.campaign.rules.checks}


# ---------------------------------------------------------------------------------------------
# facing (seed 003)


def facing_sheet(ctx: Ctx) -> dict[str, Any]:
    t = ctx.t
    names = {s: t.label("sector", s) for s in ("front", "side", "rear")}
    letters = {s: t.label("sector_letter", s) for s in ("front", "side", "rear")}
    squares = diagrams.facing_squares_svg(3, names, letters,
                                          t.gettext("Facing sectors on a square grid"))
    hexes = diagrams.facing_hexes_svg(3, names, letters, t.gettext("Facing sectors on a hex grid"))
    ties = table("facing-ties", [t.gettext("A cell…"), t.gettext("belongs to")],
                 [(t.gettext("with more than half in one sector"), t.gettext("that sector")),
                  (t.gettext("exactly half in the front"), names["front"]),
                  (t.gettext("split half side, half rear"), names["side"])], "ll")
    sectors = table("facing-sectors", [t.gettext("Sector"), t.gettext("The creature"),
                                       t.gettext("Attacks from there")],
                    [(names[s], t.label("sector_can", s), t.label("sector_attacked", s))
                     for s in ("front", "side", "rear")], "lll")
    return {"squares": squares, "hexes": hexes, "ties": ties, "sectors": sectors}


# ---------------------------------------------------------------------------------------------
# roll tables (content/tables)


def dice_distribution(dice: str) -> dict[int, Fraction]:
    """Chance of each natural total of ``NdS`` (modifiers are not part of the natural roll)."""
    spec = parse_dice(dice)
    sides = spec.sides
    # ways[t]: in how many ways the dice so far add up to t; one more die adds the ways of
    # the `sides` totals below, a difference of running sums (linear in the totals)
    ways = [1]
    for _ in range(spec.count):
        running = [0]
        for w in ways:
            running.append(running[-1] + w)
        top = len(ways)
        ways = [running[min(t, top)] - running[max(t - sides, 0)]
                for t in range(len(ways) + sides)]
    outcomes = sides ** spec.count
    return {t: Fraction(w, outcomes) for t, w in enumerate(ways) if w}


def visible_tables(campaign: Campaign, audience: Audience) -> dict[str, Table]:
    return {tid: tb for tid, tb in sorted(campaign.tables.items())
            if audience == "gm" or tb.audience == "players"}


def table_page_path(table_id: str) -> str:
    return f"tables/{table_id}.md"


def roll_table_sheet(ctx: Ctx, tb: Table, known_locations: set[str] | None) -> dict[str, Any]:
    t, f = ctx.t, ctx.f
    shown = visible_tables(ctx.campaign, ctx.audience)
    spec = parse_dice(tb.roll_dice)
    d100 = spec.count == 1 and spec.sides == 100
    dist = dice_distribution(tb.roll_dice)
    rows = []
    for (lo, hi), row in zip(tb.ranges, tb.rows, strict=False):
        notes: list[str] = []
        if row.table:
            if row.table in shown:
                notes.append(t.gettext("roll on %(name)s", name=f"[{inert(shown[row.table].name)}]"
                                                              f"({row.table}.md)"))
            else:
                notes.append(t.gettext("the GM rolls further"))
        if row.distance:
            d = parse_dice(row.distance)
            dist_txt = f.die(d.sides, d.count) + (f"{d.modifier:+d}" if d.modifier else "") + (
                f"×{d.factor}" if d.factor != 1 else "")
            notes.append(t.gettext("distance %(d)s ft", d=dist_txt))
        if row.reaction:
            notes.append(t.gettext("reaction %(dice)s",
                                   dice=f.die(D.REACTION_DICE[1], D.REACTION_DICE[0])))
        if row.location and ctx.campaign.locations.get(row.location) is not None:
            loc = ctx.campaign.locations[row.location]
            if ctx.audience == "gm" or (known_locations is not None
                                        and row.location in known_locations):
                notes.append(f"[{inert(loc.name)}](../../locations/{loc.id}.md)")
        if ctx.audience == "gm" and row.gm:
            notes.append("<em>" + t.gettext("GM") + f": {ctx.inline(row.gm)}</em>")
        chance = sum((dist.get(v, Fraction(0)) for v in range(lo, hi + 1)), Fraction(0))
        rows.append((f.span(lo, hi, d100=d100), ctx.inline(row.result), "; ".join(notes),
                     f.pct(chance * 100, 1)))
    md = table(f"roll-{tb.id}", [f.die(spec.sides, spec.count), t.gettext("Result"),
                                 t.gettext("Notes"), t.gettext("Chance")], rows, "cllr")
    return {"table": md, "tb": tb, "dice": f.die(spec.sides, spec.count),
            "name": inert(tb.name), "description": ctx.prose(tb.description),
            "audience_label": t.label("audience", tb.audience)}


# ---------------------------------------------------------------------------------------------
# index and GM screen


def index_sheet(ctx: Ctx, pages: Sequence[str], tables: bool = True) -> dict[str, Any]:
    t, f = ctx.t, ctx.f
    rules = ctx.campaign.rules
    sides, wander, keyed = encounter_die(ctx.campaign)
    settings = table("settings", [t.gettext("Setting"), t.gettext("Value")], [
        (t.gettext("Check system"), t.label("system", rules.checks)),
        (t.gettext("Advantage"), t.label("advantage", rules.advantage)),
        (t.gettext("Hex size"),
         t.gettext("%(n)s miles centre to centre", n=ctx.campaign.hex_miles)),
        (t.gettext("Actual distance rule"),
         t.gettext("yes") if rules.actual_distance else t.gettext("no")),
        (t.gettext("Encounter check"),
         t.gettext("%(die)s: %(wander)s wandering, %(keyed)s a keyed place", die=f.die(sides, 1),
                   wander=f.span(1, wander), keyed=keyed)),
    ], "ll")
    listing = []
    for slug in pages:
        current = slug == f"checks-{rules.checks}"
        listing.append({"title": t.label("page", slug), "path": f"{slug}.md",
                        "blurb": t.label("blurb", slug), "current": current})
    return {"settings": settings, "pages": listing, "tables": tables}


def tables_index_sheet(ctx: Ctx) -> dict[str, Any]:
    t = ctx.t
    rows = []
    for tid, tb in visible_tables(ctx.campaign, ctx.audience).items():
        spec = parse_dice(tb.roll_dice)
        row = [f"[{inert(tb.name)}]({tid}.md)", ctx.f.die(spec.sides, spec.count),
               str(len(tb.rows))]
        if ctx.audience == "gm":
            row.append(t.label("audience", tb.audience))
        rows.append(tuple(row))
    headers = [t.gettext("Table"), t.pgettext("rules reference", "Dice"), t.gettext("Rows")]
    if ctx.audience == "gm":
        headers.append(t.gettext("For"))
    return {"listing": table("tables", headers, rows, "lccc"[:len(headers)])}


def gm_screen_sheet(ctx: Ctx, system: str) -> dict[str, Any]:
    """Everything the GM screen shows for ``system`` (d20, brp or bsh)."""
    t, f = ctx.t, ctx.f
    terrain = table(
        "screen-terrain", [t.gettext("Terrain"), t.gettext("Hwy"), t.gettext("Road"),
                           t.gettext("Off"), t.gettext("Nav"),
                           t.pgettext("GM screen, short", "Forage")],
        [(ctx.terrain_name(r), f.mult(r.highway), f.mult(r.road), f.mult(r.trackless),
          nav_dc_cell(ctx, r), str(r.forage_dc)) for r in ctx.passable_terrain()], "lccccc")
    hustle = table("screen-hustle", [t.gettext("Hustled hour"), *[str(h) for h in range(1, 7)]],
                   [(t.gettext("Damage"), *[str(hustle_damage(h)) for h in range(1, 7)])],
                   "c" * 7, ("compact",))
    vis = table("screen-visibility", [t.gettext("Visibility"), t.gettext("Perception")],
                [(t.label("sight", v.id), t.gettext("cannot see") if v.blind else
                  f.bonus_die(-v.perception) if v.perception else "—") for v in D.VISIBILITY],
                "lc")
    cover = table("screen-cover", [t.gettext("Cover"), t.gettext("Attacks against")],
                  [(t.label("cover", c.id), f.bonus_die(-c.penalty)) for c in D.COVER], "lc")
    sys_ctx = dataclasses.replace(ctx, campaign=dataclasses.replace(
        ctx.campaign, rules=ctx.campaign.rules.model_copy(update={"checks": system})))
    return {
        "system": system,
        "screen": {"terrain": terrain, "hustle": hustle, "visibility": vis, "cover": cover},
        "travel": travel_sheet(sys_ctx), "nav": navigation_sheet(sys_ctx),
        "progress": hex_progress_sheet(sys_ctx), "lost": getting_lost_sheet(sys_ctx),
        "enc": encounters_sheet(sys_ctx), "d20": d20_sheet(sys_ctx), "brp": brp_sheet(sys_ctx),
        "bsh": bsh_sheet(sys_ctx), "mods": modifiers_sheet(sys_ctx),
        "chase": chases_sheet(sys_ctx),
    }
