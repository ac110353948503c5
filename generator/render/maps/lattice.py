"""Where things are on a map: the hexes' centres and the visible box (``Canvas``), the hexes
inside a box (``HexIndex``), and the hex lattice in whole units (``lattice``) in which the
hexes layers are drawn: a hex's outline, the tile a terrain pattern repeats, the outline of
a set of hexes."""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Mapping

from generator.hexgrid import Grid, Hex
from generator.knowledge import HexView
from generator.render.maps import labels
from generator.render.maps.style import SIZE
from generator.render.maps.svg import num, rounded

Point = tuple[float | int, float | int]


class Canvas:
    """Pixel geometry of one map: the grid, the hex size and the visible box."""

    def __init__(self, grid: Grid, hexes: Iterable[Hex], margin: float) -> None:
        self.grid = grid
        self.centres: dict[Hex, Point] = {}
        box = grid.bounds(hexes, SIZE) or (-SIZE, -SIZE, SIZE, SIZE)
        self.x0 = box[0] - margin
        self.y0 = box[1] - margin
        self.x1 = box[2] + margin
        self.y1 = box[3] + margin

    def centre(self, h: Hex) -> Point:
        """A hex's centre, rounded as the map writes it (found once per map)."""
        found = self.centres.get(h)
        if found is None:
            x, y = self.grid.pixel(h, SIZE)
            found = self.centres[h] = (rounded(x), rounded(y))
        return found

    def inside(self, h: Hex) -> bool:
        x, y = self.grid.pixel(h, SIZE)
        return (self.x0 - SIZE <= x <= self.x1 + SIZE) and (self.y0 - SIZE <= y <= self.y1
                                                            + SIZE)

    def viewbox(self) -> str:
        return " ".join(num(v) for v in (self.x0, self.y0, self.x1 - self.x0,
                                         self.y1 - self.y0))

    def box(self) -> labels.Box:
        return labels.Box(self.x0, self.y0, self.x1, self.y1)

    def at_least(self, width: float, height: float) -> None:
        """Grow the visible box about its middle to at least ``width`` x ``height``."""
        cx, cy = (self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2
        half_w = max(self.x1 - self.x0, width) / 2
        half_h = max(self.y1 - self.y0, height) / 2
        self.x0, self.x1, self.y0, self.y1 = cx - half_w, cx + half_w, cy - half_h, cy + half_h

    def fit(self, box: labels.Box) -> None:
        """Grow the visible box to hold ``box`` too (the texts placed near the edges)."""
        self.x0, self.y0 = min(self.x0, box.x0), min(self.y0, box.y0)
        self.x1, self.y1 = max(self.x1, box.x1), max(self.y1, box.y1)


class HexIndex:
    """The hexes of a view by the x of their centre, each column by y: the hexes inside a
    map's box found by bisection (a route map of each session would otherwise test every
    hex of the view)."""

    def __init__(self, grid: Grid, hexes: Mapping[str, HexView]) -> None:
        columns: dict[float, list[tuple[float, int, str]]] = {}
        for n, (label, info) in enumerate(hexes.items()):
            x, y = grid.pixel(info.hex, SIZE)
            columns.setdefault(x, []).append((y, n, label))
        self.xs = sorted(columns)
        self.columns = [sorted(columns[x]) for x in self.xs]
        self.ys = [[y for y, _, _ in column] for column in self.columns]

    def within(self, canvas: Canvas) -> list[str]:
        """The labels ``canvas.inside`` accepts, in the view's order."""
        x0, y0 = canvas.x0 - SIZE, canvas.y0 - SIZE
        x1, y1 = canvas.x1 + SIZE, canvas.y1 + SIZE
        found: list[tuple[float, int, str]] = []
        for c in range(bisect_left(self.xs, x0), bisect_right(self.xs, x1)):
            ys = self.ys[c]
            found += self.columns[c][bisect_left(ys, y0):bisect_right(ys, y1)]
        return [label for _, _, label in sorted(found, key=lambda item: item[1])]


def columns(canvas: Canvas, items: Iterable[tuple[str, Hex]],
            ) -> list[tuple[float | int, list[tuple[str, float | int]]]]:
    """Items by the x of their hex centre (a column of the map), each column top-down."""
    by_x: dict[float | int, list[tuple[str, float | int]]] = {}
    for label, h in items:
        x, y = canvas.centre(h)
        by_x.setdefault(x, []).append((label, y))
    return [(x, sorted(col, key=lambda item: item[1])) for x, col in sorted(by_x.items())]


def hex_points(grid: Grid, scale: float = 1.0) -> list[Point]:
    return [(rounded(x), rounded(y)) for x, y in grid.corners(Hex(0, 0), SIZE * scale)]


def hex_path(grid: Grid, scale: float = 1.0) -> str:
    """Path data of a hex of circumradius ``SIZE * scale`` around (0, 0)."""
    corners = [(num(x), num(y)) for x, y in grid.corners(Hex(0, 0), SIZE * scale)]
    return "M" + "L".join(f"{x} {y}" for x, y in corners) + "z"


def points_text(points: Iterable[Point]) -> str:
    """A polyline's or polygon's ``points``: ``x,y x,y ...``."""
    return " ".join(f"{x},{y}" for x, y in points)


class Sides:
    """The sides of a grid's hexes as path data (``M`` corner ``L`` corner)."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self.steps = [grid.direction(face) for face in grid.faces]
        offsets = grid.corner_offsets(SIZE)
        self.corners = [(offsets[a], offsets[b])
                        for a, b in (face_corners(grid, i) for i in range(len(grid.faces)))]

    def text(self, h: Hex, side: int) -> str:
        cx, cy = self.grid.pixel(h, SIZE)
        (ax, ay), (bx, by) = self.corners[side]
        return f"M{num(cx + ax)} {num(cy + ay)}L{num(cx + bx)} {num(cy + by)}"


def face_corners(grid: Grid, face: int) -> tuple[int, int]:
    """The two corners (indexes into ``Grid.corners``) of a hex's side through ``face``."""
    # flat: corners start at angle 0 (east) clockwise; face N (index 0) lies between corners
    # 4 and 5. Pointy: corners start at -30 degrees; face NE (index 0) between 5 and 0.
    if grid.orientation == "flat":
        return (4 + face) % 6, (5 + face) % 6
    return (5 + face) % 6, (6 + face) % 6


#: The hexes layer is drawn in *lattice units*, in which every hex centre and corner lies on
#: whole numbers: flat-top, x in half sizes and y in half rows; pointy-top the other way
#: round. The layer's ``scale`` takes them back to SVG units; a hex is then ``M0 y`` and a
#: fixed outline of single digits (``l1-1h2l1 1-1 1h-2z``), exact, in a fraction of the
#: bytes of its rounded SVG coordinates.
SQRT3_HALF = round(math.sqrt(3) / 2 * SIZE, 4)
LATTICE: dict[str, tuple[tuple[float, float], tuple[int, int], str]] = {
    # units (x, y), the first corner's offset from the centre, the outline from it
    "flat": ((SIZE / 2, SQRT3_HALF), (-2, 0), "l1-1h2l1 1-1 1h-2z"),
    "pointy": ((SQRT3_HALF, SIZE / 2), (1, -1), "v2l-1 1-1-1v-2l1-1z"),
}


def lattice(grid: Grid, h: Hex) -> tuple[int, int]:
    """A hex's centre in lattice units (``grid.pixel`` divided by the units)."""
    if grid.orientation == "flat":
        return 3 * h.q, 2 * h.r + h.q
    return 2 * h.q + h.r, 3 * h.r


#: The rectangle in which the hex lattice repeats, in lattice units: flat-top every three
#: hex widths (two columns) by one row; pointy-top the other way round.
_PERIOD: dict[str, tuple[int, int]] = {"flat": (6, 2), "pointy": (2, 6)}
#: How far a hex reaches from its centre, in lattice units (x, y).
_REACH: dict[str, tuple[int, int]] = {"flat": (2, 1), "pointy": (1, 2)}


def tile(grid: Grid) -> tuple[tuple[int, int, int, int], list[tuple[int, int]]]:
    """The lattice's period as a tile (x, y, width, height) in lattice units, placed where
    the fewest hexes reach into it, and the centres of those hexes (a terrain pattern draws
    one hex at each)."""
    (pw, ph), (rx, ry) = _PERIOD[grid.orientation], _REACH[grid.orientation]
    best: tuple[tuple[int, int, int, int], list[tuple[int, int]]] | None = None
    for ox, oy in ((0, 0), (0, -1), (-1, 0)):
        spots = set()
        for q in range(-4, 5):
            for r in range(-4, 5):
                x, y = lattice(grid, Hex(q, r))
                if x + rx > ox and x - rx < ox + pw and y + ry > oy and y - ry < oy + ph:
                    spots.add((x, y))
        if best is None or len(spots) < len(best[1]):
            best = (ox, oy, pw, ph), sorted(spots)
    assert best is not None
    return best


#: A hex's corners about its centre in lattice units, in the order of its outline.
_CORNERS: dict[str, tuple[tuple[int, int], ...]] = {
    "flat": ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)),
    "pointy": ((1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2)),
}


def outline(grid: Grid, centres: Iterable[tuple[int, int]]) -> str:
    """Path data, in lattice units, of the outline of hexes (their centres in lattice
    units): every side between a hex of them and one not of them, chained into closed
    loops that run the same way round as each hex's own outline, so that holes wind the
    other way and stay empty (nonzero fill)."""
    corners = _CORNERS[grid.orientation]
    inside = set(centres)
    # each side of a hex as (from, to), from corner i to corner i + 1; its neighbour across
    # it lies twice the side's midpoint away
    step: dict[tuple[int, int], tuple[int, int]] = {}
    for x, y in inside:
        for i, (ax, ay) in enumerate(corners):
            bx, by = corners[(i + 1) % 6]
            if (x + ax + bx, y + ay + by) not in inside:
                step[(x + ax, y + ay)] = (x + bx, y + by)
    out: list[str] = []
    last: tuple[int, int] | None = None
    for start in sorted(step):
        if start not in step:
            continue
        sx, sy = start
        parts = [f"M{sx} {sy}" if last is None else f"m{sx - last[0]} {sy - last[1]}"]
        command = ""
        at = start
        while True:
            nxt = step.pop(at)
            if nxt == start:  # the last side: the "z"
                break
            dx, dy = nxt[0] - at[0], nxt[1] - at[1]
            letter, numbers = ("h", f"{dx}") if not dy else ("v", f"{dy}") if not dx \
                else ("l", f"{dx} {dy}")
            parts.append((letter if letter != command else " ") + numbers)
            command = letter
            at = nxt
        out.append("".join(parts).replace(" -", "-") + "z")
        last = start
    return "".join(out)
