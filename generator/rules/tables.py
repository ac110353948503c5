"""The rules as data: every number of the procedure lives here, once.

The replay reads these tables and the printable reference sheets render them, so the two can
never disagree. Sources: seed 000 (Justin Alexander's hexcrawl procedure, written for d20
3.5), as pinned down by rules.md sections 3-7.
"""

from __future__ import annotations

from fractions import Fraction

from generator.content.builtin import MOUNTS as MOUNTS
from generator.content.builtin import TERRAIN as TERRAIN
from generator.content.builtin import TerrainRule as TerrainRule

F = Fraction


FOREST_DENSITIES = ("sparse", "medium", "dense")

#: Path kinds and the speed column each uses (rules.md section 3). A river guides the way
#: (no navigation check when followed) but gives no road speed.
PATH_KINDS = ("highway", "road", "trail", "river")
PATH_SPEED_COLUMN = {"highway": "highway", "road": "road", "trail": "road", "river": None}
#: Which path wins in a hex on several at once (faster first).
PATH_PRECEDENCE = {"highway": 0, "road": 1, "trail": 2, "river": 3}

#: Travel modes and their speed multipliers (rules.md section 3). Hustle is per hour.
MODE_SPEED: dict[str, Fraction] = {
    "normal": F(1),
    "cautious": F(3, 4),
    "exploring": F(1, 2),
    "foraging": F(1, 2),
}
HUSTLE_SPEED = F(2)

#: Navigation DC modifiers (rules.md section 5; seed 000 "Terrain", "Conditions", modes).
DC_TRACKLESS = 2
DC_POOR_VISIBILITY = 4
FORAGE_POOR_VISIBILITY = 2
DC_HUSTLE = 4
DC_CAUTIOUS = -4
BONUS_COMPASS = 2
BONUS_KNOWLEDGE = 2
KNOWLEDGE_RANKS = 5
POOR_TRAIL_DC = 12
REORIENT_NORTH_DC = 12
NEW_COURSE_EXTRA_DC = 10
BACKTRACK_MISJUDGE_PERCENT = 75

#: Hustle and march (rules.md section 3).
FREE_HUSTLE_HOURS = 1
MARCH_HOURS = 8
FORCED_MARCH_BASE_DC = 10
FORCED_MARCH_DC_STEP = 2

#: Hex progress (rules.md section 4), as fractions of hex_miles: 6 and 12 for 12-mile hexes.
START_FRACTION = F(1, 2)
NEAR_FRACTION = F(1, 2)
FAR_FRACTION = F(1)

#: Time (rules.md section 2).
WATCH_HOURS = 4
WATCHES_PER_DAY = 6

#: Veer on a failed navigation check: d10 -> faces (rules.md section 5; seed 000 diagram).
VEER_RANGES: tuple[tuple[int, int, int], ...] = ((1, 4, -1), (5, 6, 0), (7, 10, 1))
MAX_VEER = 2


def veer_from_d10(roll: int) -> int:
    """-1 (one face left), 0, or +1 (one face right) for a d10 veer roll."""
    for low, high, faces in VEER_RANGES:
        if low <= roll <= high:
            return faces
    raise ValueError(f"d10 roll out of range: {roll}")


#: Actual distance (rules.md section 3): the party covers (2d6 + 3) x 10 % of the miles.
ACTUAL_DISTANCE_BONUS = 3

#: Encounter reaction on 2d6 (rules.md section 6).
REACTIONS: tuple[tuple[int, int, str], ...] = (
    (2, 3, "attacks"),
    (4, 5, "hostile"),
    (6, 8, "cautious"),
    (9, 10, "neutral"),
    (11, 12, "friendly"),
)


def reaction_for(total: int) -> str:
    for low, high, name in REACTIONS:
        if low <= total <= high:
            return name
    return "friendly" if total > 12 else "attacks"
