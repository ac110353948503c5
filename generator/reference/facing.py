"""Facing sectors on squares and hexes (seed 003, "facing"), computed rather than drawn by hand.

A creature faces one side of its space. Two lines leave the centre of its space through the
two corners of that side (on squares they are the diagonals of the seed; on flat-top hexes they
run along the grid lines): between them lies the **front** sector. The same construction on the
opposite side gives the **rear** sector; the rest is **side**. A cell belongs to the sector
holding more than half of its area; a cell cut exactly in half goes to the front if half of it
is front, and to the side if it is split between side and rear (seed 003).

>>> sectors_for_squares(1)[(0, -1)], sectors_for_squares(1)[(1, 0)], sectors_for_squares(1)[(0, 1)]
('front', 'side', 'rear')
>>> sectors_for_squares(2)[(1, -1)], sectors_for_squares(2)[(1, 1)]
('front', 'side')
"""

from __future__ import annotations

import math

from generator.hexgrid import Grid, Hex, within

Point = tuple[float, float]
Polygon = list[Point]

SECTORS = ("front", "side", "rear")
_EPS = 1e-9


def _area(poly: Polygon) -> float:
    total = 0.0
    for i, (x1, y1) in enumerate(poly):
        x2, y2 = poly[(i + 1) % len(poly)]
        total += x1 * y2 - x2 * y1
    return abs(total) / 2


def _cross(o: Point, a: Point, p: Point) -> float:
    return (a[0] - o[0]) * (p[1] - o[1]) - (a[1] - o[1]) * (p[0] - o[0])


def _clip(poly: Polygon, o: Point, a: Point) -> Polygon:
    """Sutherland-Hodgman: keep the part of ``poly`` left of the line o -> a (cross >= 0)."""
    out: Polygon = []
    n = len(poly)
    for i in range(n):
        cur, nxt = poly[i], poly[(i + 1) % n]
        c1, c2 = _cross(o, a, cur), _cross(o, a, nxt)
        if c1 >= 0:
            out.append(cur)
        if (c1 >= 0) != (c2 >= 0):
            t = c1 / (c1 - c2)
            out.append((cur[0] + t * (nxt[0] - cur[0]), cur[1] + t * (nxt[1] - cur[1])))
    return out


def _wedge_share(poly: Polygon, apex: Point, ray_a: Point, ray_b: Point) -> float:
    """Share of ``poly``'s area inside the convex wedge from ray a (apex->ray_a) clockwise to
    ray b, in screen coordinates (y down)."""
    # With y down, a point clockwise (on screen) from ray a has cross(apex, a, p) >= 0, and a
    # point counter-clockwise from ray b has cross(apex, b, p) <= 0, i.e. cross(b, apex, p) >= 0.
    clipped = _clip(poly, apex, ray_a)
    if clipped:
        clipped = _clip(clipped, ray_b, apex)
    whole = _area(poly)
    return _area(clipped) / whole if len(clipped) >= 3 and whole else 0.0


def classify(front: float, rear: float) -> str:
    """The sector of a cell from its shares of front and rear (side is the rest), by seed 003's
    tie rule."""
    side = 1.0 - front - rear
    if front > 0.5 - _EPS:
        return "front"
    if rear > 0.5 + _EPS:
        return "rear"
    if side > 0.5 - _EPS:
        return "side"  # more than half side, or split exactly between side and rear
    return max((front, "front"), (side, "side"), (rear, "rear"))[1]


def sectors_for_squares(radius: int) -> dict[tuple[int, int], str]:
    """Sectors of the squares within ``radius`` (Chebyshev) of a creature at (0, 0) that faces
    north (negative y, screen coordinates)."""
    apex = (0.0, 0.0)
    # front: through the north side's corners (-0.5, -0.5) and (0.5, -0.5)
    front_a, front_b = (-0.5, -0.5), (0.5, -0.5)
    rear_a, rear_b = (0.5, 0.5), (-0.5, 0.5)
    out: dict[tuple[int, int], str] = {}
    for x in range(-radius, radius + 1):
        for y in range(-radius, radius + 1):
            if (x, y) == (0, 0):
                continue
            poly = [(x - 0.5, y - 0.5), (x + 0.5, y - 0.5), (x + 0.5, y + 0.5), (x - 0.5, y + 0.5)]
            front = _wedge_share(poly, apex, _far(front_a), _far(front_b))
            rear = _wedge_share(poly, apex, _far(rear_a), _far(rear_b))
            out[(x, y)] = classify(front, rear)
    return out


def _far(p: Point, k: float = 1000.0) -> Point:
    """A point far along the ray from the origin through ``p`` (so clipping covers the map)."""
    return (p[0] * k, p[1] * k)


#: The flat-top grid the hex diagrams and classification use (facing north).
HEX_GRID = Grid(columns=99, rows=99, orientation="flat")


def sectors_for_hexes(radius: int, face: str = "N") -> dict[Hex, str]:
    """Sectors of the hexes within ``radius`` of a creature at axial (0, 0) facing ``face`` of a
    flat-top grid (unit circumradius)."""
    centre = Hex(0, 0)
    corners = HEX_GRID.corners(centre, 1.0)
    i = HEX_GRID.faces.index(face)
    # flat-top corners run clockwise on screen from angle 0; face N lies between corners 4
    # and 5, and face k between corners (k + 4) % 6 and (k + 5) % 6.
    fa, fb = corners[(i + 4) % 6], corners[(i + 5) % 6]
    ra, rb = corners[(i + 1) % 6], corners[(i + 2) % 6]
    out: dict[Hex, str] = {}
    for h in within(centre, radius):
        if h == centre:
            continue
        poly = HEX_GRID.corners(h, 1.0)
        front = _wedge_share(poly, (0.0, 0.0), _far(fa), _far(fb))
        rear = _wedge_share(poly, (0.0, 0.0), _far(ra), _far(rb))
        out[h] = classify(front, rear)
    return out


def sector_angle_hexes() -> float:
    """Opening of the front sector on hexes, in degrees (60)."""
    c = HEX_GRID.corners(Hex(0, 0), 1.0)
    a, b = c[4], c[5]
    return round(math.degrees(abs(math.atan2(a[1], a[0]) - math.atan2(b[1], b[0]))), 6)
