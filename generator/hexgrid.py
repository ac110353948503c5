"""Hex grid geometry: labels, axial/cube coordinates, faces, distance, pixel centres.

Rules, section 1 (seed 000, "Hexes"): hexes are labelled ``CCRR`` (column then row, 1-based,
zero-padded). With flat-top hexes odd columns sit half a hex higher than even columns, which
is the "odd-q" offset layout with 0-based indices. Everything inside the engine works in axial
coordinates ``(q, r)``; labels exist only at the edges (content files and output), following
Red Blob Games' hexagon guide.

>>> g = Grid(columns=20, rows=16)
>>> g.label(g.neighbor(g.parse("0506"), "NE"))
'0605'
>>> distance(g.parse("0303"), g.parse("0505"))
3
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property
from typing import Literal, NamedTuple

Orientation = Literal["flat", "pointy"]

#: Faces clockwise from north (flat-top). Pointy-top maps use ``POINTY_FACES``.
FACES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
POINTY_FACES: tuple[str, ...] = ("NE", "E", "SE", "SW", "W", "NW")

# Axial direction vectors in face order (flat-top: N, NE, SE, S, SW, NW).
_FLAT_DIRS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
# Pointy-top: NE, E, SE, SW, W, NW.
_POINTY_DIRS: tuple[tuple[int, int], ...] = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))


class Hex(NamedTuple):
    """Axial coordinates of a hex (q = column axis, r = row axis).

    A named tuple: immutable, ordered by (q, r), and compared and hashed in C, which matters
    because the replay, the views and the maps compare and look up hexes millions of times
    on a big map.
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:  # type: ignore[override]
        return Hex(self.q + other.q, self.r + other.r)


def distance(a: Hex, b: Hex) -> int:
    """Number of steps between two hexes (cube distance; the third coordinate's difference
    is minus the sum of the other two: the replay measures millions of distances)."""
    dq = a.q - b.q
    dr = a.r - b.r
    return max(abs(dq), abs(dr), abs(dq + dr))


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes exactly ``radius`` steps away, clockwise from the one due 'north-west'."""
    if radius == 0:
        return [center]
    result: list[Hex] = []
    h = Hex(center.q + _FLAT_DIRS[4][0] * radius, center.r + _FLAT_DIRS[4][1] * radius)
    for i in range(6):
        for _ in range(radius):
            result.append(h)
            h = h + Hex(*_FLAT_DIRS[i])
    return result


def within(center: Hex, radius: int) -> list[Hex]:
    """All hexes at distance <= radius, sorted."""
    out = [
        Hex(center.q + dq, center.r + dr)
        for dq in range(-radius, radius + 1)
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1)
    ]
    return sorted(out)


def face_index(face: str, orientation: Orientation = "flat") -> int:
    faces = FACES if orientation == "flat" else POINTY_FACES
    return faces.index(face)


def rotate(face: str, steps: int, orientation: Orientation = "flat") -> str:
    """Rotate a face clockwise by ``steps`` (negative: counter-clockwise, i.e. left)."""
    faces = FACES if orientation == "flat" else POINTY_FACES
    return faces[(faces.index(face) + steps) % 6]


def opposite(face: str, orientation: Orientation = "flat") -> str:
    return rotate(face, 3, orientation)


@dataclass(frozen=True)
class Grid:
    """A rectangular map of ``columns`` x ``rows`` hexes with CCRR labels."""

    columns: int
    rows: int
    orientation: Orientation = "flat"

    # -- labels ---------------------------------------------------------------------------
    @cached_property
    def width(self) -> int:
        """Digits per coordinate in a label: 2, or more for maps over 99 wide or tall."""
        return max(2, len(str(self.columns)), len(str(self.rows)))

    @cached_property
    def _parsed(self) -> dict[str, Hex]:
        """Labels already parsed (``parse`` is called for every label of every page)."""
        return {}

    @property
    def faces(self) -> tuple[str, ...]:
        return FACES if self.orientation == "flat" else POINTY_FACES

    def label_of(self, col: int, row: int) -> str:
        """Label of 1-based (column, row)."""
        return f"{col:0{self.width}d}{row:0{self.width}d}"

    def is_label(self, text: str) -> bool:
        return len(text) == 2 * self.width and text.isdigit()

    def col_row(self, label: str) -> tuple[int, int]:
        """1-based (column, row) of a label. Raises ValueError on a malformed label."""
        if not self.is_label(label):
            raise ValueError(f"'{label}' is not a hex label of the form {'C' * self.width}"
                             f"{'R' * self.width}")
        return int(label[: self.width]), int(label[self.width :])

    def on_map_cr(self, col: int, row: int) -> bool:
        return 1 <= col <= self.columns and 1 <= row <= self.rows

    def parse(self, label: str) -> Hex:
        h = self._parsed.get(label)
        if h is None:
            col, row = self.col_row(label)
            h = self._parsed[label] = self.from_offset(col, row)
        return h

    def label(self, h: Hex) -> str:
        col, row = self.to_offset(h)
        return self.label_of(col, row)

    def from_offset(self, col: int, row: int) -> Hex:
        """1-based offset -> axial. Flat: odd-q (0-based); pointy: odd-r (0-based)."""
        x, y = col - 1, row - 1
        if self.orientation == "flat":
            return Hex(x, y - (x - (x & 1)) // 2)
        return Hex(x - (y - (y & 1)) // 2, y)

    def to_offset(self, h: Hex) -> tuple[int, int]:
        if self.orientation == "flat":
            x = h.q
            y = h.r + (h.q - (h.q & 1)) // 2
        else:
            y = h.r
            x = h.q + (h.r - (h.r & 1)) // 2
        return x + 1, y + 1

    def on_map(self, h: Hex) -> bool:
        return self.on_map_cr(*self.to_offset(h))

    def all_hexes(self) -> list[Hex]:
        """Every hex of the map, column by column: the order of their labels too, as every
        label spells its column, then its row, in digits of the same width."""
        return [self.from_offset(c, r) for c in range(1, self.columns + 1)
                for r in range(1, self.rows + 1)]

    # -- neighbours -----------------------------------------------------------------------
    @cached_property
    def _directions(self) -> dict[str, Hex]:
        """Face -> axial step, looked up once per face (the replay steps thousands of
        times)."""
        dirs = _FLAT_DIRS if self.orientation == "flat" else _POINTY_DIRS
        return {face: Hex(*step) for face, step in zip(self.faces, dirs, strict=True)}

    def direction(self, face: str) -> Hex:
        step = self._directions.get(face)
        if step is None:
            self.faces.index(face)  # not a face of this grid: the ValueError it always was
            raise ValueError(face)  # pragma: no cover - index raised already
        return step

    def neighbor(self, h: Hex, face: str) -> Hex:
        step = self.direction(face)
        return Hex(h.q + step.q, h.r + step.r)

    def neighbors(self, h: Hex) -> list[tuple[str, Hex]]:
        return [(f, self.neighbor(h, f)) for f in self.faces]

    def face_between(self, a: Hex, b: Hex) -> str | None:
        """The face of ``a`` through which one steps into ``b``, or None if not adjacent."""
        for f in self.faces:
            if self.neighbor(a, f) == b:
                return f
        return None

    def rotate(self, face: str, steps: int) -> str:
        return rotate(face, steps, self.orientation)

    def opposite(self, face: str) -> str:
        return opposite(face, self.orientation)

    # -- geometry -------------------------------------------------------------------------
    def centre_sq_distance(self, a: Hex, b: Hex) -> Fraction:
        """Squared distance between hex centres in units of the hex size, computed exactly.

        Flat-top: x = 3/2 q, y = sqrt(3) (r + q/2); pointy-top: x = sqrt(3) (q + r/2),
        y = 3/2 r. The squares are rational, so ties are decided exactly.
        """
        return Fraction(self.centre_sq_distance4(a, b), 4)

    def centre_sq_distance4(self, a: Hex, b: Hex) -> int:
        """Four times ``centre_sq_distance``: an integer, so ``toward`` can rank neighbours
        without building fractions (the same order, as both sides are scaled alike)."""
        dq, dr = a.q - b.q, a.r - b.r
        if self.orientation == "flat":
            return 9 * dq * dq + 3 * (2 * dr + dq) ** 2
        return 3 * (2 * dq + dr) ** 2 + 9 * dr * dr

    def toward(self, here: Hex, target: Hex,
               passable: Callable[[Hex], bool] | None = None) -> str | None:
        """The face to leave by when heading for ``target`` (rules, section 5).

        The neighbour nearest the target by hex distance; ties go to the neighbour whose centre
        is nearest the target's centre, then to the first face clockwise from N. Only
        neighbours for which ``passable`` holds are candidates (the target itself always is,
        so a party heading for a lake walks up to its shore). None when already there or when
        no neighbour is a candidate.
        """
        if here == target:
            return None
        best: tuple[int, int, int] | None = None
        best_face = None
        for i, (face, n) in enumerate(self.neighbors(here)):
            if passable is not None and n != target and not passable(n):
                continue
            key = (distance(n, target), self.centre_sq_distance4(n, target), i)
            if best is None or key < best:
                best, best_face = key, face
        return best_face

    def pixel(self, h: Hex, size: float) -> tuple[float, float]:
        """Centre of a hex in pixels for hexes of circumradius ``size``, origin at hex (0, 0)."""
        sqrt3 = 3 ** 0.5
        if self.orientation == "flat":
            return size * 1.5 * h.q, size * sqrt3 * (h.r + h.q / 2)
        return size * sqrt3 * (h.q + h.r / 2), size * 1.5 * h.r

    def corner_offsets(self, size: float) -> tuple[tuple[float, float], ...]:
        """The six corners of a hex relative to its centre (see ``corners``)."""
        return _corner_offsets(self.orientation, size)

    def corners(self, h: Hex, size: float) -> list[tuple[float, float]]:
        """The six corners of a hex, clockwise from the one at angle 0 (flat) / -30 (pointy)."""
        cx, cy = self.pixel(h, size)
        return [(cx + dx, cy + dy) for dx, dy in _corner_offsets(self.orientation, size)]

    def bounds(self, hexes: Iterable[Hex], size: float
               ) -> tuple[float, float, float, float] | None:
        """(min x, min y, max x, max y) of the corners of ``hexes``; None for no hexes."""
        centres = [self.pixel(h, size) for h in hexes]
        if not centres:
            return None
        offsets = _corner_offsets(self.orientation, size)
        xs = [x for x, _ in centres]
        ys = [y for _, y in centres]
        return (min(xs) + min(dx for dx, _ in offsets), min(ys) + min(dy for _, dy in offsets),
                max(xs) + max(dx for dx, _ in offsets), max(ys) + max(dy for _, dy in offsets))

    def face_midpoint(self, h: Hex, face: str, size: float) -> tuple[float, float]:
        ax, ay = self.pixel(h, size)
        bx, by = self.pixel(self.neighbor(h, face), size)
        return (ax + bx) / 2, (ay + by) / 2


@cache
def _corner_offsets(orientation: Orientation, size: float) -> tuple[tuple[float, float], ...]:
    import math

    start = 0 if orientation == "flat" else -30
    return tuple((size * math.cos(math.radians(start + 60 * i)),
                  size * math.sin(math.radians(start + 60 * i))) for i in range(6))
