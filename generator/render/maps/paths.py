"""The paths layer: rivers as curves that widen downstream, roads, highways and trails, each
stretch through the centres of its hexes (and where the players' map loses it, to the middle
of the side it leaves by)."""

from __future__ import annotations

from collections.abc import Sequence

from generator.hexgrid import Hex
from generator.knowledge import PathView
from generator.render.maps import curves
from generator.render.maps.drawing import MapDrawing
from generator.render.maps.lattice import Canvas
from generator.render.maps.layout import Run
from generator.render.maps.style import PATH_EASE, RIVER_WIDTHS, SIZE
from generator.render.maps.svg import num, rounded

#: The order paths are drawn in (each over the last).
_ORDER = {"river": 0, "trail": 1, "road": 2, "highway": 3}
#: The layers a path kind is drawn in (``<use>`` of one definition each).
_LAYERS = {"highway": ("cs cs-highway", "p-highway", "p-highway-in"), "road": ("cs", "p-road"),
           "trail": ("p-trail",)}


def path_runs(m: MapDrawing, canvas: Canvas, paths: Sequence[PathView] | None) -> list[Run]:
    """Every drawn stretch of every path as the points its curve passes: the hex centres,
    and where a path leaves into the unknown (players), the middle of the face it
    crosses. Rivers first, then trails, roads and highways (each drawn over the last)."""
    drawn = m.view.paths if paths is None else paths
    out: list[Run] = []
    for path in sorted(drawn, key=lambda p: (_ORDER.get(p.kind, 9), p.id)):
        for run in path.runs:
            if not any(canvas.inside(h) for h in run):
                continue
            before, after = _stub_faces(m, path, run)
            points: list[curves.Point] = [canvas.centre(h) for h in run]
            if before is not None:
                points.insert(0, _face_point(m, run[0], before))
            if after is not None:
                points.append(_face_point(m, run[-1], after))
            if len(points) >= 2:
                out.append((path, points))
    return out


def _stub_faces(m: MapDrawing, path: PathView, run: tuple[Hex, ...],
                ) -> tuple[str | None, str | None]:
    """The faces through which ``run`` continues into unknown hexes, at its start and end
    (``PathView.stubs`` lists them in path order)."""
    start = [face for h, face in path.stubs if h == run[0]
             and (len(run) == 1 or m.grid.neighbor(h, face) != run[1])]
    end = [face for h, face in path.stubs if h == run[-1]
           and (len(run) == 1 or m.grid.neighbor(h, face) != run[-2])]
    if len(run) == 1:
        return (start[0] if start else None), (start[1] if len(start) > 1 else None)
    return (start[0] if start else None), (end[-1] if end else None)


def _face_point(m: MapDrawing, h: Hex, face: str) -> curves.Point:
    x, y = m.grid.face_midpoint(h, face, SIZE)
    return rounded(x), rounded(y)


def _widening(segs: Sequence[curves.Segment]) -> list[tuple[str, str]]:
    """A river's curve cut into a few pieces of growing stroke width: (path data, width)."""
    pieces = min(len(segs), 4)
    out: list[tuple[str, str]] = []
    for j in range(pieces):
        part = segs[j * len(segs) // pieces:(j + 1) * len(segs) // pieces]
        k = j / (pieces - 1) if pieces > 1 else 0.5
        width = RIVER_WIDTHS[0] + (RIVER_WIDTHS[1] - RIVER_WIDTHS[0]) * k
        out.append((curves.segments_data(part), num(width)))
    return out


def draw_paths(m: MapDrawing, runs: Sequence[Run]) -> None:
    """Rivers as curves that widen downstream (in the order of their hexes); roads and
    highways defined once and drawn twice or three times with ``<use>``: a pale casing
    (so a road crossing a river reads as a bridge), the road, a highway's centre line;
    trails dashed, with no casing (a trail over a river is a ford)."""
    out = m.body
    with out.group("g", {"class": "paths"}):
        for n, (path, points) in enumerate(runs):
            segs = curves.segments(curves.ease(points, 1 if path.kind == "river" else 2,
                                               PATH_EASE * SIZE))
            if path.kind == "river":
                for piece, width in _widening(segs):
                    out.leaf("path", {"class": "p-river", "d": piece, "stroke-width": width})
                continue
            pid = f"{m.prefix}r{n}"
            m.defs.leaf("path", {"id": pid, "d": curves.segments_data(segs)})
            for cls in _LAYERS.get(path.kind, (f"p-{path.kind}",)):
                out.leaf("use", {"xlink:href": "#" + pid, "class": cls})
