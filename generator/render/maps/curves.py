"""Smooth lines through points: Catmull-Rom splines as cubic Bézier path data.

Roads and rivers run through hex centres. A polyline through them zig-zags (a straight row
of flat-top hexes alternates north-east and south-east); a Catmull-Rom spline passes through
every centre with a continuous tangent, the tangent at each point parallel to the chord of
its neighbours. Segment ``p1 -> p2`` of the spline through ``p0, p1, p2, p3`` is the cubic
Bézier with control points ``p1 + (p2 - p0) / 6`` and ``p2 - (p3 - p1) / 6`` (the uniform
spline, tension 1/2); the ends repeat their point.

>>> d = path_data([(0, 0), (10, 0), (20, 0)])
>>> d
'M0 0C1.7 0 6.7 0 10 0S18.3 0 20 0'
>>> round(length([(0, 0), (3, 4), (3, 10)]), 1)
11.0
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Sequence

Point = tuple[float, float]
#: A cubic Bézier segment: start, control 1, control 2, end.
Segment = tuple[Point, Point, Point, Point]


def _n(v: float) -> str:
    r = round(v, 1)
    if r == 0:
        return "0"
    text = f"{r:.1f}".rstrip("0").rstrip(".")
    if text.startswith("0."):
        return text[1:]
    if text.startswith("-0."):
        return "-" + text[2:]
    return text


def _pair(p: Point) -> str:
    y = _n(p[1])
    return f"{_n(p[0])}{'' if y.startswith('-') else ' '}{y}"


def segments(points: Sequence[Point]) -> list[Segment]:
    """The Bézier segments of the Catmull-Rom spline through ``points`` (two or more)."""
    pts = [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]
    out: list[Segment] = []
    for i in range(len(pts) - 1):
        p0 = pts[i - 1] if i > 0 else pts[i]
        p1, p2 = pts[i], pts[i + 1]
        p3 = pts[i + 2] if i + 2 < len(pts) else pts[i + 1]
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        out.append((p1, c1, c2, p2))
    return out


def segments_data(segs: Sequence[Segment]) -> str:
    """Path data of consecutive segments of one spline: ``C`` for the first, then ``S``,
    whose first control point is the mirror of the previous second one (in a Catmull-Rom
    spline it is, exactly: both are ``p ± (next - previous) / 6``)."""
    if not segs:
        return ""
    start, c1, c2, end = segs[0]
    out = f"M{_pair(start)}C{_pair(c1)} {_pair(c2)} {_pair(end)}"
    for _, _, c2, end in segs[1:]:
        out += f"S{_pair(c2)} {_pair(end)}"
    return out


def path_data(points: Sequence[Point]) -> str:
    """Path data of the smooth curve through ``points`` (a line for two points)."""
    if len(points) < 2:
        return ""
    return segments_data(segments(points))


def length(points: Sequence[Point]) -> float:
    """Length of the polyline through ``points``."""
    return sum(math.dist(a, b) for a, b in zip(points, points[1:], strict=False))


def smooth(points: Sequence[Point], passes: int = 3) -> list[Point]:
    """A calmer line near ``points`` (ends kept): each pass averages every inner point with
    its neighbours (1/4, 1/2, 1/4). Labels follow it rather than the wavy road."""
    pts = list(points)
    for _ in range(passes):
        if len(pts) < 3:
            break
        pts = [pts[0]] + [((a[0] + 2 * b[0] + c[0]) / 4, (a[1] + 2 * b[1] + c[1]) / 4)
                          for a, b, c in zip(pts, pts[1:], pts[2:], strict=False)] + [pts[-1]]
    return pts


def ease(points: Sequence[Point], passes: int, limit: float) -> list[Point]:
    """``smooth`` with every point kept within ``limit`` of where it was (a road still
    passes through the middle of its hexes, only without the zig-zag)."""
    eased = smooth(points, passes)
    out: list[Point] = []
    for (x, y), (ex, ey) in zip(points, eased, strict=True):
        d = math.hypot(ex - x, ey - y)
        k = min(1.0, limit / d) if d else 1.0
        out.append((x + (ex - x) * k, y + (ey - y) * k))
    return out


def densify(points: Sequence[Point], step: float) -> list[Point]:
    """``points`` with extra points on each stretch, at most ``step`` apart."""
    out: list[Point] = []
    for a, b in zip(points, points[1:], strict=False):
        n = max(1, math.ceil(math.dist(a, b) / step))
        out += [(a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n) for k in range(n)]
    if points:
        out.append(points[-1])
    return out


def point_at(points: Sequence[Point], distance: float) -> tuple[Point, float]:
    """The point ``distance`` along the polyline and the direction there (radians)."""
    walked = 0.0
    for a, b in zip(points, points[1:], strict=False):
        step = math.dist(a, b)
        if step and walked + step >= distance:
            k = (distance - walked) / step
            return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k), math.atan2(
                b[1] - a[1], b[0] - a[0])
        walked += step
    if len(points) >= 2:
        a, b = points[-2], points[-1]
        return b, math.atan2(b[1] - a[1], b[0] - a[0])
    return (points[0] if points else (0.0, 0.0)), 0.0


class Polyline:
    """A polyline that knows the distance along it to each of its points: ``point_at`` and
    ``window`` by bisection instead of a walk from the start (a path's name tries dozens of
    stretches of a line of hundreds of points). Results are those of ``point_at`` on the
    points, to the last bit: the distances are summed in the same order."""

    def __init__(self, points: Sequence[Point]) -> None:
        self.points = list(points)
        self.steps = [math.dist(a, b) for a, b in zip(self.points, self.points[1:],
                                                      strict=False)]
        walked = 0.0
        self.walked = [walked]
        for step in self.steps:
            walked += step
            self.walked.append(walked)

    def point_at(self, distance: float) -> tuple[Point, float]:
        """As ``point_at(points, distance)``."""
        pts, steps = self.points, self.steps
        # the first stretch i -> i + 1, of some length, that reaches ``distance``
        i = bisect_left(self.walked, distance, 1) - 1
        while i < len(steps) and not steps[i]:
            i += 1
        if i < len(steps):
            a, b = pts[i], pts[i + 1]
            k = (distance - self.walked[i]) / steps[i]
            return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k), math.atan2(
                b[1] - a[1], b[0] - a[0])
        return point_at(pts, distance)

    def window(self, start: float, end: float) -> list[Point]:
        """The stretch between two distances along the line: the points strictly between
        them, and where the line is at each end."""
        lo = max(bisect_right(self.walked, start), 1)
        hi = bisect_left(self.walked, end)
        return [self.point_at(start)[0], *self.points[lo:hi], self.point_at(end)[0]]
