"""The rules' tables at their edges: each test pins one table of docs/rules.md, die face by
die face, so that moving a range edge by one fails a test (a hand-made change of the
veer ranges from 1-4 / 5-6 to 1-3 / 4-6 once passed every unit and replay test).

The expected values are written out here from docs/rules.md and seed 000, not read from
``generator.rules.tables``: a test that compared the table with itself would pass any table.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from generator.content.models import Member, RulesSpec
from generator.content.rolltables import (
    coverage,
    nesting,
    parse_dice,
    parse_roll_cell,
    ranges_from_weights,
    span,
)
from generator.dice import RollSource
from generator.hexgrid import Grid, Hex
from generator.rules import checks as C
from generator.rules import tables as T
from generator.rules.chase import resolve_chase
from generator.rules.chase_model import (
    Actor,
    ChaseSpec,
    con_check_score,
    dash_feet,
    exhaustion_effects,
    free_dashes,
)
from generator.rules.encounters import encounter_die
from generator.rules.fatigue import fed_by, forced_march_dc, hustle_damage
from generator.rules.navigation import grown_veer, veer_text
from generator.rules.resources import die_name, doom_die_of, expected_uses, parse_die, use
from generator.rules.travel import (
    Track,
    face_kind,
    fmt_miles,
    miles_to_leave,
    mode_multiplier,
    requirement,
)

# -- rules.md section 5: "Roll 1d10 for veer: 1-4 one face left, 5-6 no veer, 7-10 one face
# right" ---------------------------------------------------------------------------------------

VEER_BY_D10 = {1: -1, 2: -1, 3: -1, 4: -1, 5: 0, 6: 0, 7: 1, 8: 1, 9: 1, 10: 1}


@pytest.mark.parametrize("roll", sorted(VEER_BY_D10))
def test_veer_d10_one_to_four_left_five_six_straight_seven_to_ten_right(roll: int) -> None:
    assert T.veer_from_d10(roll) == VEER_BY_D10[roll]


def test_veer_range_edges_sit_between_four_and_five_and_between_six_and_seven() -> None:
    assert (T.veer_from_d10(4), T.veer_from_d10(5)) == (-1, 0)
    assert (T.veer_from_d10(6), T.veer_from_d10(7)) == (0, 1)


@pytest.mark.parametrize("roll", [0, 11, -1])
def test_veer_d10_outside_one_to_ten_is_refused(roll: int) -> None:
    with pytest.raises(ValueError, match="d10 roll out of range"):
        T.veer_from_d10(roll)


def test_veer_table_as_the_reference_sheets_print_it() -> None:
    assert T.VEER_RANGES == ((1, 4, -1), (5, 6, 0), (7, 10, 1))


# -- rules.md section 5: "their veer may increase, but not decrease", at most two faces -------

@pytest.mark.parametrize(("veer", "lost", "result", "after"), [
    (0, False, -1, -1), (0, False, 0, 0), (0, False, 1, 1),   # first failure takes the die
    (0, True, 1, 1), (0, True, -1, -1), (0, True, 0, 0),      # lost with no veer: the die
    (1, True, 1, 2), (-1, True, -1, -2),                      # same way: grows by a face
    (2, True, 1, 2), (-2, True, -1, -2),                      # never past two faces
    (1, True, -1, 1), (-1, True, 1, -1),                      # other way: keeps its veer
    (1, True, 0, 1), (-2, True, 0, -2),                       # straight: keeps its veer
    (1, False, -1, -1),                                       # not lost: a fresh veer
])
def test_a_lost_partys_veer_grows_only_its_own_way_up_to_two_faces(
        veer: int, lost: bool, result: int, after: int) -> None:
    assert grown_veer(veer, lost, result) == after


def test_max_veer_is_two_faces() -> None:
    assert T.MAX_VEER == 2


@pytest.mark.parametrize(("veer", "text"), [
    (0, "no veer"), (1, "1 face right"), (-1, "1 face left"), (2, "2 faces right"),
    (-2, "2 faces left"),
])
def test_veer_words_of_the_log(veer: int, text: str) -> None:
    assert veer_text(veer) == text


# -- rules.md section 6: reaction on 2d6 ---------------------------------------------------------

REACTION_BY_2D6 = {2: "attacks", 3: "attacks", 4: "hostile", 5: "hostile", 6: "cautious",
                   7: "cautious", 8: "cautious", 9: "neutral", 10: "neutral", 11: "friendly",
                   12: "friendly"}


@pytest.mark.parametrize("total", sorted(REACTION_BY_2D6))
def test_reaction_2d6_edges(total: int) -> None:
    assert T.reaction_for(total) == REACTION_BY_2D6[total]


def test_reaction_beyond_the_dice_clamps_to_the_nearest_end() -> None:
    assert (T.reaction_for(1), T.reaction_for(13), T.reaction_for(-3)) == (
        "attacks", "friendly", "attacks")


# -- rules.md sections 3 and 5: terrain speeds and DCs ---------------------------------------------

def test_speed_multiplier_columns() -> None:
    hills = T.TERRAIN["hills"]
    assert hills.speed_multiplier("highway") == 1
    assert hills.speed_multiplier("road") == Fraction(3, 4)
    assert hills.speed_multiplier("trail") == Fraction(3, 4)
    assert hills.speed_multiplier("river") == Fraction(1, 2)
    assert hills.speed_multiplier(None) == Fraction(1, 2)


def test_forest_navigation_dc_by_density_medium_by_default() -> None:
    forest = T.TERRAIN["forest"]
    assert [forest.nav_dc(d) for d in ("sparse", "medium", "dense", None)] == [14, 16, 18, 16]
    assert forest.nav_dc("unheard-of") == 16
    assert T.TERRAIN["plains"].nav_dc("dense") == 12


# -- rules.md section 3: hustle and the forced march --------------------------------------------

@pytest.mark.parametrize(("before", "hours", "damage"), [
    (0, 1, 0),          # the first hustled hour between sleeps is free
    (0, 2, 1),          # the second deals 1
    (0, 3, 1 + 2),      # each further hour doubles the previous hour's damage
    (0, 4, 1 + 2 + 4),
    (1, 1, 1), (2, 1, 2), (3, 1, 4), (4, 1, 8),
    (0, 0, 0), (5, 0, 0),
])
def test_hustle_first_hour_free_then_one_doubling(before: int, hours: int, damage: int) -> None:
    assert hustle_damage(before, hours) == damage


def test_hustle_and_march_limits() -> None:
    assert (T.FREE_HUSTLE_HOURS, T.MARCH_HOURS) == (1, 8)
    assert T.HUSTLE_SPEED == 2


@pytest.mark.parametrize(("hour", "dc"), [(9, 10), (10, 12), (11, 14), (12, 16), (16, 24)])
def test_forced_march_dc_ten_plus_two_per_hour_beyond_the_ninth(hour: int, dc: int) -> None:
    assert forced_march_dc(hour) == dc


# -- rules.md section 7: foraging feeds one, plus one per 2 points over the DC (d20 only) ------

@pytest.mark.parametrize(("total", "fed"), [(12, 1), (13, 1), (14, 2), (15, 2), (16, 3),
                                            (19, 4), (22, 6)])
def test_forage_d20_one_more_per_two_points_over(total: int, fed: int) -> None:
    assert fed_by("d20", "success", total, 12) == fed


@pytest.mark.parametrize(("system", "outcome", "fed"), [
    ("brp", "success", 1), ("brp", "special", 2), ("brp", "critical", 2),
    ("bsh", "success", 1), ("bsh", "critical_success", 2),
])
def test_forage_brp_and_bsh_feed_one_more_on_a_special_or_critical(
        system: str, outcome: str, fed: int) -> None:
    # the margin over the DC is d20's rule only: a big total changes nothing here
    assert fed_by(system, outcome, 60, 12) == fed


# -- rules.md section 6: the encounter die -------------------------------------------------------

@pytest.mark.parametrize(("spec", "die"), [
    ("d12", (12, 1, 12)), ("1 in d6", (6, 1, 6)), ("2 in d8", (8, 2, 8)),
    ("3 in d20", (20, 3, 20)),
])
def test_encounter_die_sides_wandering_range_and_keyed_face(
        spec: str, die: tuple[int, int, int]) -> None:
    assert encounter_die(RulesSpec(encounter_check=spec)) == die


# -- rules.md section 8, brp: resistance 50 + 5 x (active - passive), automatic 10 or more apart -

@pytest.mark.parametrize(("active", "passive", "chance"), [
    (10, 10, 50), (11, 10, 55), (10, 11, 45),
    (19, 10, 95), (20, 10, 100), (25, 10, 100),     # 9 apart is a roll, 10 apart automatic
    (10, 19, 5), (10, 20, 0), (3, 20, 0),
])
def test_brp_resistance_automatic_from_ten_apart(active: int, passive: int, chance: int) -> None:
    assert C.resistance_chance(active, passive) == chance


# -- rules.md section 8, bsh: roll under; 1 critical success, 20 critical failure ---------------

@pytest.mark.parametrize(("roll", "attribute", "outcome"), [
    (1, 1, "critical_success"), (1, 25, "critical_success"),
    (20, 25, "critical_failure"), (20, 1, "critical_failure"),
    (11, 12, "success"), (12, 12, "failure"), (13, 12, "failure"), (2, 3, "success"),
    (19, 20, "success"), (2, 2, "failure"),
])
def test_bsh_roll_under_the_attribute(roll: int, attribute: int, outcome: str) -> None:
    assert C.bsh_outcome(roll, attribute) == outcome


@pytest.mark.parametrize(("successes", "members", "group"), [
    (0, 0, False),              # nobody to check: no success
    (0, 1, False), (1, 1, True),
    (1, 2, True), (0, 2, False),
    (1, 3, False), (2, 3, True),
    (2, 4, True), (1, 4, False),
])
def test_bsh_group_succeeds_when_at_least_half_succeed(
        successes: int, members: int, group: bool) -> None:
    assert C.bsh_group_success(successes, members) is group


@pytest.mark.parametrize(("dc", "band"), [(10, 1), (11, 1), (12, 0), (16, 0), (17, -1), (20, -1)])
def test_bsh_dc_band_advantage_to_eleven_disadvantage_from_seventeen(dc: int, band: int) -> None:
    assert C.bsh_band(dc) == band


@pytest.mark.parametrize(("dc", "chance", "band"), [
    (11, 80, "easy"), (12, 40, "normal"), (16, 40, "normal"), (17, 20, "hard"),
])
def test_brp_band_edges_eleven_twelve_sixteen_seventeen(dc: int, chance: int, band: str) -> None:
    assert C.brp_chance(40, dc) == (chance, band)


def test_brp_hard_halves_rounding_up_and_bonus_adds_five_points() -> None:
    assert C.brp_chance(41, 17) == (21, "hard")
    assert C.brp_chance(40, 14, bonus=2) == (50, "normal")
    assert C.brp_chance(40, 11, bonus=1) == (90, "easy")


@pytest.mark.parametrize(("natural", "total", "dc", "degree"), [
    (10, 25, 15, "critical_success"), (10, 24, 15, "success"),
    (10, 15, 15, "success"), (10, 14, 15, "failure"),
    (10, 5, 15, "failure"), (10, 4, 15, "critical_failure"),
    (20, 24, 15, "critical_success"), (20, 25, 15, "critical_success"),
    (20, 4, 15, "failure"), (1, 15, 15, "failure"), (1, 5, 15, "critical_failure"),
    (1, 25, 15, "success"),
])
def test_d20_degrees_ten_over_and_more_than_ten_under(
        natural: int, total: int, dc: int, degree: str) -> None:
    assert C.d20_degree(natural, total, dc) == degree


@pytest.mark.parametrize(("sources", "mode", "net"), [
    ([1, 1, 1, 1, 1, 1], "scaled", 5), ([-3, -3], "scaled", -5), ([2, -1], "scaled", 1),
    ([2, 1], "classic", 1), ([-2], "classic", -1), ([1, -1], "classic", 0),
])
def test_d20_advantages_net_one_for_one_scaled_at_most_five(
        sources: list[int], mode: str, net: int) -> None:
    assert C.net_advantage("d20", sources, advantage_mode=mode) == net


def test_brp_has_no_advantage() -> None:
    assert C.net_advantage("brp", [1, 1], dc=5) == 0


@pytest.mark.parametrize(("roll", "chance", "outcome"), [
    (5, 1, "success"), (6, 1, "failure"),           # 01-05 always succeed
    (95, 120, "success"), (96, 120, "failure"),     # 96-00 always fail
    (100, 120, "fumble"), (99, 120, "failure"),
    (1, 0, "failure"), (3, -5, "failure"),          # 0 % or less never succeeds
    (96, 0, "fumble"), (95, 0, "failure"),
    (50, 50, "success"), (51, 50, "failure"), (3, 50, "critical"), (4, 50, "special"),
    (10, 50, "special"), (11, 50, "success"), (98, 50, "fumble"), (97, 50, "failure"),
])
def test_brp_outcome_edges(roll: int, chance: int, outcome: str) -> None:
    assert C.brp_outcome(roll, chance) == outcome


def test_brp_ranges_above_one_hundred_percent_and_at_zero() -> None:
    assert C.brp_ranges(101) == (6, 21, 100)
    assert C.brp_ranges(120) == (6, 24, 100)
    assert C.brp_ranges(0) == (1, 1, 96)
    assert C.brp_ranges(100) == (5, 20, 100)


# -- rules.md section 4: hex progress, 6 from inside, 12 by a far face, 6 by a near one -------

def test_progress_needed_to_leave_by_each_face() -> None:
    grid = Grid(3, 3)
    inside = Track(Hex(1, 1))
    assert {requirement(grid, inside, f, 12) for f in ("N", "NE", "SE", "S", "SW", "NW")} == {6}
    entered_s = Track(Hex(1, 1), entry="S", progress=Fraction(0))
    assert [requirement(grid, entered_s, f, 12) for f in ("N", "NE", "SE", "S", "SW", "NW")] \
        == [12, 12, 6, 6, 6, 12]
    assert [face_kind(grid, "S", f) for f in ("N", "NE", "SE", "S", "SW", "NW")] == [
        "far", "far", "near", "back", "near", "far"]
    assert face_kind(grid, None, "N") == "start"
    # progress that reaches the requirement exactly crosses at once; beyond it too
    done = Track(Hex(1, 1), entry="S", progress=Fraction(12))
    assert miles_to_leave(grid, done, "N", 12) == 0
    assert miles_to_leave(grid, Track(Hex(1, 1), entry="S", progress=Fraction(13)), "N", 12) == 0
    # going back on purpose walks the progress made back down; not on purpose needs 6
    five = Track(Hex(1, 1), entry="S", progress=Fraction(5))
    assert miles_to_leave(grid, five, "S", 12, deliberate=True) == 5
    assert miles_to_leave(grid, five, "S", 12) == 1
    assert miles_to_leave(grid, Track(Hex(1, 1), progress=Fraction(5)), "S", 12,
                          deliberate=True) == 1


def test_progress_scales_with_the_hex_size() -> None:
    grid = Grid(3, 3)
    assert requirement(grid, Track(Hex(1, 1)), "N", 6) == 3
    assert requirement(grid, Track(Hex(1, 1), entry="S"), "N", 6) == 6
    assert requirement(grid, Track(Hex(1, 1), offsets={"N": Fraction(2)}), "N", 12) == 2
    assert requirement(grid, Track(Hex(1, 1), offsets={"N": Fraction(2)}), "S", 12) == 6


# -- rules.md section 3: travel modes multiply ------------------------------------------------

@pytest.mark.parametrize(("modes", "mult"), [
    ([], 1), (["normal"], 1), (["cautious"], Fraction(3, 4)), (["exploring"], Fraction(1, 2)),
    (["foraging"], Fraction(1, 2)), (["cautious", "exploring"], Fraction(3, 8)),
    (["hustle"], 1),
])
def test_travel_modes_multiply(modes: list[str], mult: Fraction) -> None:
    assert mode_multiplier(modes) == mult


@pytest.mark.parametrize(("miles", "text"), [
    (Fraction(6), "6"), (Fraction(9, 4), "2.25"), (Fraction(4, 3), "1.33"),
    (Fraction(5, 2), "2.5"), (Fraction(0), "0"),
])
def test_miles_in_the_log(miles: Fraction, text: str) -> None:
    assert fmt_miles(miles) == text


# -- rules.md section 9: usage dice, 1 or 2 steps down the ladder -------------------------------

@pytest.mark.parametrize(("sides", "roll", "after"), [
    (20, 1, 12), (20, 2, 12), (20, 3, 20), (12, 2, 10), (10, 2, 8), (8, 1, 6), (6, 2, 4),
    (4, 2, 0), (4, 3, 4), (0, 1, 0),
])
def test_usage_die_steps_down_on_one_or_two(sides: int, roll: int, after: int) -> None:
    assert use(sides, roll) == after


def test_usage_die_expected_uses_and_names() -> None:
    assert expected_uses(4) == 2 and expected_uses(6) == 5 and expected_uses(0) == 0
    assert expected_uses(20) == 30
    assert (die_name(0), die_name(8)) == ("exhausted", "d8")
    assert parse_die("d12") == 12
    with pytest.raises(ValueError, match="'d7' is not a usage die"):
        parse_die("d7")


def test_doom_die_own_then_campaign_then_d6_under_bsh() -> None:
    plain = Member(name="Aria", speed=30)
    assert doom_die_of(plain, RulesSpec()) is None
    assert doom_die_of(plain, RulesSpec(checks="bsh")) == "d6"
    assert doom_die_of(plain, RulesSpec(checks="bsh", doom="d8")) == "d8"
    assert doom_die_of(Member(name="Bram", speed=30, doom="d4"),
                       RulesSpec(checks="bsh", doom="d8")) == "d4"


# -- rules.md section 10: chases ------------------------------------------------------------------

@pytest.mark.parametrize(("system", "con", "dashes"), [
    ("d20", 0, 3), ("d20", 2, 5), ("d20", -3, 0), ("d20", -5, 0),
    ("brp", 10, 3), ("brp", 11, 3), ("brp", 12, 4), ("brp", 9, 2), ("bsh", 8, 2),
    ("bsh", 3, 0),
])
def test_free_dashes_three_plus_the_con_modifier(system: str, con: int, dashes: int) -> None:
    assert free_dashes(system, con) == dashes


@pytest.mark.parametrize(("mode", "level", "effects"), [
    ("classic", 0, (0, 0, 0)), ("classic", 1, (1, 0, 0)), ("classic", 2, (1, 0, 1)),
    ("classic", 4, (1, 0, 1)),
    ("scaled", 0, (0, 0, 0)), ("scaled", 1, (1, 5, 0)), ("scaled", 3, (3, 15, 0)),
    ("scaled", 4, (3, 15, 0)),
])
def test_exhaustion_effects_by_level(mode: str, level: int,
                                     effects: tuple[int, int, int]) -> None:
    assert exhaustion_effects("d20", mode, level) == effects
    if mode == "scaled" and level:
        # the homebrew is d20's only: bsh keeps seed 003's levels
        assert exhaustion_effects("bsh", mode, level)[1] == 0


@pytest.mark.parametrize(("speed", "halvings", "feet"), [
    (30, 0, 60), (30, 1, 30), (25, 1, 25), (25, 2, 12), (-5, 0, 0)])
def test_a_dash_covers_twice_the_speed_halved_rounding_down(
        speed: int, halvings: int, feet: int) -> None:
    assert dash_feet(speed, halvings) == feet


def test_con_check_score_by_system() -> None:
    assert (con_check_score("d20", 2), con_check_score("brp", 12),
            con_check_score("bsh", 12)) == (2, 60, 12)


# -- docs/content.md, roll tables: a cycle of nested tables, from its first table --------------

@pytest.mark.parametrize(("edges", "cycles"), [
    ({"a": ["a"]}, (("a", "a"),)),
    ({"a": ["b"], "b": ["c"], "c": ["a"]}, (("a", "b", "c", "a"),)),
    ({"a": ["b", "c"], "b": ["c"], "c": ["a"]}, (("a", "c", "a"),)),      # the shortest
    ({"a": ["x", "b"], "b": ["a"], "x": []}, (("a", "b", "a"),)),
    ({"b": ["c"], "c": ["d"], "d": ["b"], "a": ["b"]}, (("b", "c", "d", "b"),)),
    ({"a": ["b"], "b": ["a", "c"], "c": ["d"], "d": ["c"]},
     (("a", "b", "a"), ("c", "d", "c"))),
    ({"a": ["b"], "b": ["c"], "c": []}, ()),
])
def test_nested_table_cycles(edges: dict[str, list[str]],
                             cycles: tuple[tuple[str, ...], ...]) -> None:
    assert tuple(sorted(nesting(edges).cycles)) == cycles


def test_nested_tables_deeper_than_the_limit() -> None:
    chain = {"a": ["b"], "b": ["c"], "c": ["d"], "d": []}
    assert nesting(chain, limit=3).too_deep == ()
    assert nesting(chain, limit=2).too_deep == (("a", "b", "c", "d"),)


def test_roll_spans() -> None:
    assert (span(3, 3), span(1, 4), span(11, 12)) == ("3", "1-4", "11-12")


# -- rules.md section 10: the end of a round, quarry by quarry ------------------------------------

def test_each_quarry_is_caught_or_escapes_on_its_own() -> None:
    """Urban sight 60 ft, start 60 ft ahead, one dash each (2 x speed). After round 1 the Guard
    is at 80 ft; Slow at 100 (20 ft ahead, in sight: no roll), Fast at 180 (100 ft ahead, out of
    sight: Stealth 15 + 5 = 20 against passive Perception 10 + 1 escapes), Lame at 70 (the
    Guard reached it: caught). Initiative 10 each: Slow, Fast, Lame, Guard."""
    slow = Actor("Slow", speed_ft=20, con=5, stealth=0, perception=10, initiative=5)
    fast = Actor("Fast", speed_ft=60, con=5, stealth=5, perception=10, initiative=3)
    lame = Actor("Lame", speed_ft=5, con=5, stealth=0, perception=10, initiative=1)
    guard = Actor("Guard", speed_ft=40, con=5, stealth=0, perception=10, initiative=0)
    spec = ChaseSpec("urban", [slow, fast, lame], [guard], rounds=1)
    rolls = RollSource(seed=7, session=1, watch=0, recorded={
        "initiative": [10, 10, 10, 10], "complication": [20] * 4, "stealth": [15]})
    result = resolve_chase(spec, "d20", rolls)
    assert result.order == ["Slow", "Fast", "Lame", "Guard"]
    (rnd,) = result.rounds
    assert rnd.lead == "Guard"
    assert rnd.caught == [("Lame", "Guard")]
    assert rnd.escaped == ["Fast"]
    assert [(e.name, e.distance_ft, e.rolled, e.escaped) for e in rnd.escape_checks] == [
        ("Slow", 20, False, False), ("Fast", 100, True, True)]
    assert [r.purpose for r in rnd.rolls].count("stealth") == 1
    status = {q.name: (q.status, q.dashes) for q in result.quarry}
    assert status == {"Slow": ("got_away", 1), "Fast": ("escaped", 1), "Lame": ("caught", 1)}
    assert result.outcome == "mixed"
    assert rolls.unused() == {}


# -- docs/content.md, roll tables: cells, weights and coverage ---------------------------------

def test_roll_cells_and_the_d100_zeroes() -> None:
    d100, d6, two_d6 = parse_dice("1d100"), parse_dice("1d6"), parse_dice("2d6")
    assert parse_roll_cell("1-2", d6) == (1, 2)
    assert parse_roll_cell(3, d6) == (3, 3)
    assert parse_roll_cell("91-00", d100) == (91, 100)
    # a d100 row of the single result 00 (100) once failed to load: "range '00' runs
    # backwards"
    assert parse_roll_cell("00", d100) == (100, 100)
    assert parse_roll_cell("000", d100) == (100, 100)
    assert parse_roll_cell("05", d100) == (5, 5)
    assert parse_roll_cell("10-12", two_d6) == (10, 12)
    with pytest.raises(ValueError, match="'x' is not a roll or range such as 3 or 1-2"):
        parse_roll_cell("x", d6)


def test_ranges_from_weights_start_at_one() -> None:
    assert ranges_from_weights([2, 1, 3]) == [(1, 2), (3, 3), (4, 6)]


def test_coverage_outside_overlaps_and_gaps() -> None:
    assert coverage([(1, 2), (3, 8)], 1, 8).exact
    assert coverage([(0, 2), (3, 8)], 1, 8).outside == (0,)
    assert coverage([(1, 2), (3, 9)], 1, 8).outside == (1,)
    assert coverage([(1, 5), (3, 8)], 1, 8).overlaps == ((1, 0, 3, 5),)
    assert coverage([(3, 8), (1, 4)], 1, 8).overlaps == ((1, 0, 3, 4),)
    assert coverage([(1, 2), (5, 8)], 1, 8).gaps == ((3, 4),)
