"""Roll-table ranges: parse ``roll:`` cells and derive ranges from weights.

A table either names its dice and gives each row a ``roll`` (``3``, ``"1-2"``, ``"95-00"``)
or omits them and gives ``weight``s; then the smallest standard die (d4, d6, d8, d10, d12,
d20, d100) whose faces the total weight fits exactly is chosen, else a dN with N the total.
"""

from __future__ import annotations

import re

from generator.dice import DiceSpec, parse_dice

STANDARD_DICE = (4, 6, 8, 10, 12, 20, 100)
_RANGE = re.compile(r"^\s*(\d+)\s*(?:[-–]\s*(\d+))?\s*\+?\s*$")


def parse_roll_cell(cell: str | int, dice: DiceSpec) -> tuple[int, int]:
    """``"1-2"`` -> (1, 2). On a d100, ``00`` means 100. Raises ValueError."""
    text = str(cell)
    m = _RANGE.match(text)
    if not m:
        raise ValueError(f"'{text}' is not a roll or range such as 3 or 1-2")
    low = int(m.group(1))
    high = int(m.group(2)) if m.group(2) else low
    if dice.count == 1 and dice.sides == 100:
        low = 100 if m.group(1) in ("00", "000") else low
        high = 100 if m.group(2) in ("00", "000") else high
    if text.strip().endswith("+"):
        high = dice.high
    if low > high:
        raise ValueError(f"range '{text}' runs backwards")
    return low, high


def dice_for_weights(total: int) -> str:
    for sides in STANDARD_DICE:
        if total == sides:
            return f"1d{sides}"
    return f"1d{total}"


def ranges_from_weights(weights: list[int]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    low = 1
    for w in weights:
        out.append((low, low + w - 1))
        low += w
    return out


__all__ = ["parse_dice", "parse_roll_cell", "dice_for_weights", "ranges_from_weights",
           "STANDARD_DICE"]
