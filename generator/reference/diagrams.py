"""SVG diagrams of the reference sheets, drawn from the engine's geometry with the maps' SVG
SVG drawing (``generator.render.maps.svg``: svgwrite, which escapes every text and attribute).

- ``veer_svg``: a hex with the intended face and the d10 veer ranges on the faces the party
  would actually leave by (seed 000, "getting lost"; ``tables.VEER_RANGES``).
- ``hex_progress_svg``: miles needed to leave a hex by each face after entering through one
  (seed 000, "hex tracking"; ``travel.requirement``).
- ``facing_squares_svg`` / ``facing_hexes_svg``: front, side and rear sectors (seed 003),
  classified by ``facing.py``.

Every label a test (or a reader) needs is a ``<text>`` element with ``data-*`` attributes
naming what it labels, so the diagrams can be checked without looking at pixels.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from generator.hexgrid import Grid, Hex
from generator.reference import facing
from generator.render.maps.svg import Attrs, Drawing

FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif"
INK = "#2b2b2b"
FAINT = "#9a958c"
ARROW = "#1f5fa8"
FILL = "#f4f1e8"
SECTOR_FILL = {"front": "#9cc98f", "side": "#f1dc8a", "rear": "#e59a8c"}

Point = tuple[float, float]


class _Drawing:
    """One diagram: its root's size and title, then its elements in order (``debug``:
    svgwrite checks each, ``svg.Drawing``)."""

    def __init__(self, width: float, height: float, title: str, debug: bool = False) -> None:
        self.root: dict[str, object] = {
            "width": f"{width:g}px", "height": f"{height:g}px",
            "viewBox": f"0 0 {width:g} {height:g}", "role": "img", "aria-label": title}
        self.title = title
        self.drawing = Drawing(debug)
        self.body = self.drawing.body

    def add(self, tag: str, attrs: Attrs, text: str = "") -> None:
        self.body.element(tag, attrs, text)

    def polygon(self, points: Sequence[Point], **attrs: object) -> None:
        self.add("polygon", {"points": " ".join(f"{x},{y}" for x, y in points),
                             **_named(attrs)})

    def line(self, start: Point, end: Point, **attrs: object) -> None:
        self.add("line", {"x1": start[0], "y1": start[1], "x2": end[0], "y2": end[1],
                          **_named(attrs)})

    def rect(self, at: Point, size: Point, **attrs: object) -> None:
        self.add("rect", {"x": at[0], "y": at[1], "width": size[0], "height": size[1],
                          **_named(attrs)})

    def text(self) -> str:
        return self.drawing.text(self.root, title=self.title)


def _named(attrs: dict[str, object]) -> dict[str, object]:
    """Keyword arguments as SVG attribute names (``stroke_width`` is ``stroke-width``)."""
    return {key.replace("_", "-"): value for key, value in attrs.items()}


def _text(dwg: _Drawing, text: str, at: Point, size: float, *,
          weight: str = "normal", fill: str = INK, anchor: str = "middle",
          **data: str) -> None:
    dwg.add("text", {"x": round(at[0], 2), "y": round(at[1] + size * 0.35, 2),
                     "font-size": f"{size:g}px", "font-family": FONT, "font-weight": weight,
                     "fill": fill, "text-anchor": anchor,
                     **{f"data-{key.replace('_', '-')}": value for key, value in data.items()}},
            text)


def _arrow(dwg: _Drawing, start: Point, end: Point, colour: str, width: float = 5,
           head: float = 14) -> None:
    ang = math.atan2(end[1] - start[1], end[0] - start[0])
    shaft_end = (end[0] - head * 0.8 * math.cos(ang), end[1] - head * 0.8 * math.sin(ang))
    dwg.line(start, shaft_end, stroke=colour, stroke_width=width, stroke_linecap="round")
    left = (end[0] - head * math.cos(ang - 0.45), end[1] - head * math.sin(ang - 0.45))
    right = (end[0] - head * math.cos(ang + 0.45), end[1] - head * math.sin(ang + 0.45))
    dwg.polygon([end, left, right], fill=colour)


def _shift(points: Sequence[Point], dx: float, dy: float) -> list[Point]:
    return [(round(x + dx, 2), round(y + dy, 2)) for x, y in points]


def _hex_frame(grid: Grid, hexes: Sequence[Hex], size: float, margin: float
               ) -> tuple[float, float, float, float]:
    """(dx, dy, width, height) that fits ``hexes`` with ``margin`` around them."""
    box = grid.bounds(hexes, size)
    assert box is not None, "a diagram needs at least one hex"
    x0, y0, x1, y1 = box
    return margin - x0, margin - y0, x1 - x0 + 2 * margin, y1 - y0 + 2 * margin


def veer_svg(grid: Grid, veer_ranges: Sequence[tuple[int, int, int]],
             labels: Callable[[int], str], range_text: Callable[[int, int], str],
             intended_label: str, title: str, die_label: str = "d10",
             debug: bool = False) -> str:
    """The veer diagram: the intended face (arrow) and, on each face a lost party may leave
    by, the d10 results that send it there.

    ``veer_ranges`` is ``tables.VEER_RANGES`` ((low, high, faces): negative is left);
    ``labels(faces)`` names a veer ("one face left"); ``range_text(low, high)`` formats a range.
    """
    size = 62.0
    centre = Hex(0, 0)
    intended = grid.faces[0]
    around = [grid.neighbor(centre, f) for f in grid.faces]
    dx, dy, width, height = _hex_frame(grid, [centre, *around], size, 14)
    dwg = _Drawing(width, height, title, debug)
    shown = {grid.rotate(intended, faces) for _, _, faces in veer_ranges}
    for face in grid.faces:
        n = grid.neighbor(centre, face)
        fill = "#e6eef8" if face in shown else "none"
        dwg.polygon(_shift(grid.corners(n, size), dx, dy), fill=fill,
                            stroke=FAINT, stroke_width=1.2, stroke_dasharray="5,4")
    dwg.polygon(_shift(grid.corners(centre, size), dx, dy), fill=FILL, stroke=INK,
                        stroke_width=3)
    cx, cy = grid.pixel(centre, size)
    mx, my = grid.face_midpoint(centre, intended, size)
    _arrow(dwg, (cx + dx, cy + dy), (cx + dx + (mx - cx) * 0.92, cy + dy + (my - cy) * 0.92),
           ARROW)
    _text(dwg, intended_label, (cx + dx, cy + dy + size * 0.42), 11, fill=ARROW,
          weight="bold", role="intended", face=intended)
    for low, high, faces in veer_ranges:
        face = grid.rotate(intended, faces)
        nx, ny = grid.pixel(grid.neighbor(centre, face), size)
        _text(dwg, range_text(low, high), (nx + dx, ny + dy - 9), 22, weight="bold",
              role="veer-range", face=face, veer=str(faces), low=str(low), high=str(high))
        _text(dwg, labels(faces), (nx + dx, ny + dy + 15), 10.5, role="veer-label",
              face=face, veer=str(faces))
    _text(dwg, die_label, (width - 10, height - 14), 14, anchor="end", weight="bold",
          fill=FAINT, role="die")
    return dwg.text()


def hex_progress_svg(grid: Grid, entry: str, miles: dict[str, str], kinds: dict[str, str],
                     entry_label: str, title: str, debug: bool = False) -> str:
    """A hex entered through ``entry`` with the miles needed to leave by each face.

    ``miles`` maps each face to its label; ``kinds`` maps a face to its kind (near / far /
    back), written beside the miles.
    """
    size = 96.0
    centre = Hex(0, 0)
    dx, dy, width, height = _hex_frame(grid, [centre], size, 58)
    dwg = _Drawing(width, height, title, debug)
    corners = _shift(grid.corners(centre, size), dx, dy)
    dwg.polygon(corners, fill=FILL, stroke=INK, stroke_width=3)
    cx, cy = grid.pixel(centre, size)
    cx, cy = cx + dx, cy + dy
    for face in grid.faces:
        mx, my = grid.face_midpoint(centre, face, size)
        mx, my = mx + dx, my + dy
        vx, vy = (mx - cx), (my - cy)
        norm = math.hypot(vx, vy)
        ux, uy = vx / norm, vy / norm
        colour = {"far": "#2e7d32", "near": "#b26a00", "back": "#8e3b9e"}.get(kinds[face], INK)
        out = norm + 24
        ox, oy = cx + ux * out, cy + uy * out
        if face == entry:  # beside the arrow that comes in through this face
            ox, oy = ox - uy * 46, oy + ux * 46
        _text(dwg, miles[face], (ox, oy), 20, weight="bold", fill=colour, role="miles",
              face=face, kind=kinds[face])
        kx, ky = cx + ux * (norm - 20), cy + uy * (norm - 20)
        if face == entry:
            kx, ky = kx - uy * 30, ky + ux * 30
        _text(dwg, kinds.get(f"{face}:label", ""), (kx, ky), 11, fill=colour, role="kind",
              face=face)
    # the arrow enters through the entry face from outside
    mx, my = grid.face_midpoint(centre, entry, size)
    mx, my = mx + dx, my + dy
    ox, oy = cx + (mx - cx) * 1.6, cy + (my - cy) * 1.6
    _arrow(dwg, (ox, oy), (cx + (mx - cx) * 0.45, cy + (my - cy) * 0.45), ARROW)
    _text(dwg, entry_label, (ox + 10, oy - 6), 12, fill=ARROW, weight="bold", role="entry",
          face=entry, anchor="start")
    return dwg.text()


def _legend(dwg: _Drawing, at: Point, names: dict[str, str],
            letters: dict[str, str]) -> None:
    x, y = at
    for sector in facing.SECTORS:
        dwg.rect((x, y), (16, 16), fill=SECTOR_FILL[sector], stroke=INK,
                         stroke_width=0.8)
        _text(dwg, letters[sector], (x + 8, y + 8), 10, weight="bold")
        _text(dwg, names[sector], (x + 22, y + 8), 12, anchor="start", role="legend",
              sector=sector)
        x += 34 + 7.2 * len(names[sector])


def facing_squares_svg(radius: int, names: dict[str, str], letters: dict[str, str],
                       title: str, debug: bool = False) -> str:
    """Sectors on a square grid around a creature facing north."""
    cell = 34.0
    sectors = facing.sectors_for_squares(radius)
    side = (2 * radius + 1) * cell
    margin = 10.0
    width, height = side + 2 * margin, side + 2 * margin + 30
    dwg = _Drawing(width, height, title, debug)
    for (x, y), sector in sorted(sectors.items()):
        px, py = margin + (x + radius) * cell, margin + (y + radius) * cell
        dwg.rect((px, py), (cell, cell), fill=SECTOR_FILL[sector], stroke=INK,
                         stroke_width=0.8)
        _text(dwg, letters[sector], (px + cell / 2, py + cell / 2), 12, fill="#3a3a3a",
              role="cell", sector=sector, x=str(x), y=str(y))
    c = margin + radius * cell
    dwg.rect((c, c), (cell, cell), fill="#ffffff", stroke=INK, stroke_width=2)
    _arrow(dwg, (c + cell / 2, c + cell * 0.8), (c + cell / 2, c + cell * 0.12), ARROW,
           width=3.5, head=11)
    for corner in ((c, c), (c + cell, c), (c + cell, c + cell), (c, c + cell)):
        ox, oy = corner[0] - (c + cell / 2), corner[1] - (c + cell / 2)
        k = radius * 2 + 1
        dwg.line(corner, (corner[0] + ox * k, corner[1] + oy * k), stroke=INK,
                         stroke_width=1.4, stroke_dasharray="6,3")
    # keep the construction lines inside the grid
    dwg.rect((0, 0), (width, margin), fill="white")
    dwg.rect((0, side + margin), (width, height - side - margin), fill="white")
    dwg.rect((0, 0), (margin, height), fill="white")
    dwg.rect((side + margin, 0), (margin, height), fill="white")
    _legend(dwg, (margin, side + margin + 10), names, letters)
    return dwg.text()


def facing_hexes_svg(radius: int, names: dict[str, str], letters: dict[str, str],
                     title: str, debug: bool = False) -> str:
    """Sectors on a flat-top hex grid around a creature facing north."""
    size = 21.0
    grid = facing.HEX_GRID
    sectors = facing.sectors_for_hexes(radius)
    centre = Hex(0, 0)
    dx, dy, width, height = _hex_frame(grid, [centre, *sectors], size, 10)
    height += 30
    dwg = _Drawing(width, height, title, debug)
    for h, sector in sorted(sectors.items()):
        dwg.polygon(_shift(grid.corners(h, size), dx, dy), fill=SECTOR_FILL[sector],
                            stroke=INK, stroke_width=0.8)
        px, py = grid.pixel(h, size)
        _text(dwg, letters[sector], (px + dx, py + dy), 11, fill="#3a3a3a", role="cell",
              sector=sector, q=str(h.q), r=str(h.r))
    dwg.polygon(_shift(grid.corners(centre, size), dx, dy), fill="#ffffff",
                        stroke=INK, stroke_width=2)
    cx, cy = grid.pixel(centre, size)
    _arrow(dwg, (cx + dx, cy + dy + size * 0.55), (cx + dx, cy + dy - size * 0.75), ARROW,
           width=3.5, head=10)
    corners = grid.corners(centre, size)
    reach = size * (radius * math.sqrt(3) + 0.6)
    for i in (4, 5, 1, 2):  # through the corners of the front (N) and rear (S) faces
        x, y = corners[i]
        k = reach / size
        dwg.line((x + dx, y + dy), (cx + dx + (x - cx) * k, cy + dy + (y - cy) * k),
                         stroke=INK, stroke_width=1.4, stroke_dasharray="6,3")
    _legend(dwg, (10, height - 26), names, letters)
    return dwg.text()
