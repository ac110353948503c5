"""Usage dice and doom dice (rules.md section 9; seed 001, Black Sword Hack "usage die" and
"doom").

A usage die is rolled each time its resource is used; a 1 or a 2 steps it down the ladder
d20 > d12 > d10 > d8 > d6 > d4, and a 1 or 2 on the d4 exhausts the resource. The doom die is
a usage die per member, rolled on a critical failure and when the member tempts fate;
exhausted, the member is doomed (disadvantage on every check) until a long rest restores it.
"""

from __future__ import annotations

from fractions import Fraction

#: The ladder, largest first (seed 001).
LADDER: tuple[int, ...] = (20, 12, 10, 8, 6, 4)
#: Rolls that step a usage die down (seed 001: a 1 or a 2).
STEP_DOWN_MAX = 2
#: Expected uses before exhaustion as the seed states them.
EXPECTED_USES_SEED: dict[int, int] = {20: 30, 12: 20, 10: 14, 8: 9, 6: 5, 4: 2}
EXHAUSTED = 0


def step_down(sides: int) -> int:
    """The next die down the ladder, or EXHAUSTED (0) below the d4."""
    i = LADDER.index(sides)
    return LADDER[i + 1] if i + 1 < len(LADDER) else EXHAUSTED


def use(sides: int, roll: int) -> int:
    """The die after a use that rolled ``roll``."""
    if sides == EXHAUSTED:
        return EXHAUSTED
    return step_down(sides) if roll <= STEP_DOWN_MAX else sides


def expected_uses(sides: int) -> Fraction:
    """Expected number of uses until exhaustion, computed exactly: each die lasts on average
    sides / 2 rolls (a geometric wait for a 1 or 2), and the ladder adds them up."""
    if sides == EXHAUSTED:
        return Fraction(0)
    return Fraction(sides, STEP_DOWN_MAX) + expected_uses(step_down(sides))


def die_name(sides: int) -> str:
    return "exhausted" if sides == EXHAUSTED else f"d{sides}"


def parse_die(text: str) -> int:
    sides = int(text.lstrip("d"))
    if sides not in LADDER:
        raise ValueError(f"'{text}' is not a usage die ({', '.join(f'd{s}' for s in LADDER)})")
    return sides
