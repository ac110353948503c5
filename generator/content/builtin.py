"""The built-in terrain and mounts: data a campaign's files name and change.

terrain.yaml changes the built-in kinds of terrain and adds its own (``kinds/terrain.py``),
and a party member's ``mount`` must name one of ``MOUNTS``, so the loader checks a campaign
against these; the rules (``generator.rules.tables``, which hands them on) read the speeds
and DCs from the campaign's terrain. Sources: seed 000's terrain table and mounts, as pinned
down by rules.md sections 3 and 5.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

F = Fraction


@dataclass(frozen=True)
class TerrainRule:
    """Speed multipliers and check DCs of one terrain (rules.md sections 3 and 5)."""

    id: str
    name: str
    highway: Fraction
    road: Fraction  # road or trail
    trackless: Fraction
    navigation_dc: int
    forage_dc: int
    color: str
    letter: str
    impassable: bool = False
    #: forest only: navigation DC by density (sparse / medium / dense)
    density_dc: dict[str, int] = field(default_factory=dict)

    def speed_multiplier(self, path_kind: str | None) -> Fraction:
        if path_kind == "highway":
            return self.highway
        if path_kind in ("road", "trail"):
            return self.road
        return self.trackless

    def nav_dc(self, density: str | None) -> int:
        if self.density_dc:
            return self.density_dc.get(density or "medium", self.navigation_dc)
        return self.navigation_dc


#: Built-in terrain (seed 000 terrain table; rules.md sections 3 and 5). Water is impassable
#: on foot unless a campaign gives it a rate in terrain.yaml. The colours are the maps'
#: palette: every two differ plainly in colour and by at least 5 L* in lightness, so they stay
#: apart in greyscale print too (tests/unit/test_symbols.py).
TERRAIN: dict[str, TerrainRule] = {
    t.id: t
    for t in [
        TerrainRule("desert", "Desert", F(1), F(1, 2), F(1, 2), 12, 20, "#efd98d", "d"),
        TerrainRule("forest", "Forest", F(1), F(1), F(1, 2), 16, 14, "#669556", "f",
                    density_dc={"sparse": 14, "medium": 16, "dense": 18}),
        TerrainRule("hills", "Hills", F(1), F(3, 4), F(1, 2), 14, 12, "#f3c086", "h"),
        TerrainRule("jungle", "Jungle", F(1), F(3, 4), F(1, 4), 16, 14, "#30652d", "j"),
        TerrainRule("moor", "Moor", F(1), F(1), F(3, 4), 14, 16, "#cbb1cb", "o"),
        TerrainRule("mountains", "Mountains", F(3, 4), F(3, 4), F(1, 2), 16, 18, "#86776c",
                    "m"),
        TerrainRule("plains", "Plains", F(1), F(1), F(3, 4), 12, 12, "#e3f0af", "p"),
        TerrainRule("swamp", "Swamp", F(1), F(3, 4), F(1, 2), 15, 16, "#7da08d", "s"),
        TerrainRule("tundra", "Tundra", F(1), F(3, 4), F(3, 4), 12, 18, "#f1fdff", "t"),
        TerrainRule("lake", "Lake", F(0), F(0), F(0), 12, 12, "#74b0d3", "l",
                    impassable=True),
        TerrainRule("sea", "Sea", F(0), F(0), F(0), 12, 12, "#1e70a6", "w", impassable=True),
    ]
}


#: Mounts, miles per hour (rules.md section 3): (unloaded, loaded).
MOUNTS: dict[str, tuple[Fraction, Fraction]] = {
    "horse": (F(5), F(7, 2)),
    "pony": (F(4), F(3)),
    "riding_dog": (F(4), F(3)),
    "cart": (F(2), F(2)),
    "wagon": (F(2), F(2)),
}
