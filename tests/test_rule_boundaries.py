"""The rules' tables at their edges: each test pins one table of docs/rules.md, die face by
die face, so that moving a range edge by one fails a test (mutation testing found that the
veer ranges could change from 1-4 / 5-6 to 1-3 / 4-6 with every unit and replay test passing).

The expected values are written out here from docs/rules.md and seed 000, not read from
``generator.rules.tables``: a test that compared the table with itself would pass any table.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from generator.rules import tables as T
from generator.rules.navigation import grown_veer, veer_text

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
