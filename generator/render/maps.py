"""Every map of both sites, drawn with svgwrite from a view (never from the campaign).

One ``<symbol>`` per terrain is placed with ``<use>`` for each hex, so a map of thousands of
hexes stays small; coordinates are rounded to one decimal. Roads and rivers are polylines
through hex centres, tracks are polylines per session (true: solid, believed: dashed), and
locations are small icons.

What is drawn follows the view: a ``PlayerView`` holds only explored hexes, discovered
locations and the believed track, so the players' map cannot show anything else. It has no
element at all for an unexplored hex (a plain fog fill lies under the explored ones), and the
terrain symbols and icons it defines are only those it uses.

Links: ``MapLinks`` tells where a hex and a location point (relative URLs, from the page the
map is embedded in); a hex without a link is drawn without ``<a>``.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import svgwrite
from svgwrite.base import BaseElement, Title
from svgwrite.container import Group, Script, Use
from svgwrite.etree import etree
from svgwrite.params import Parameter
from svgwrite.path import Path as SvgPath
from svgwrite.shapes import Polyline
from svgwrite.text import TextPath, TRef, TSpan
from svgwrite.utils import strlist

from generator.content.symbols import SymbolArt, SymbolElement
from generator.hexgrid import Grid, Hex
from generator.knowledge import (
    GMSessionView,
    GMView,
    HexView,
    LocationView,
    PathView,
    PlayerView,
    SessionView,
    TerrainView,
    Track,
)
from generator.package_data import SITE_TEMPLATES
from generator.render import curves, symbols
from generator.render import labels as labels_
from generator.render.i18n import Translator

View = PlayerView | GMView

#: Circumradius of a hex in SVG user units.
SIZE = 20.0
#: Screen pixels per SVG unit at the map's natural size.
PIXELS_PER_UNIT = 1.8
ROUTE_PIXELS_PER_UNIT = 2.4
#: Track colours, one per session (cycled).
TRACK_COLOURS = ("#c0392b", "#2c6fbb", "#8e44ad", "#d35400", "#16a085", "#b7950b",
                 "#7f5539", "#c2185b")
FOG = "#e6e3dc"
#: Tracks of earlier sessions on the GM's map of one session (drawn thin and faded).
PAST_TRACK_COLOUR = "#8a8170"
PAST_TRACK_STYLE = "stroke-width:1.3;opacity:.7"
#: Outline of the hexes first explored during the session on the GM's map of one session.
NEW_HEX_COLOUR = "#e0a100"
NEW_HEX_STYLE = "fill:none;stroke-width:1.6;stroke-linejoin:round"
MAP_CSS = SITE_TEMPLATES / "assets" / "map.css"

#: The grid lines: each hex draws the inner half of its sides, so two hexes make one line,
#: as dark as two overlapping strokes of .28 would be.
GRID_LINE = {"fill": "none", "stroke": "#000", "stroke-opacity": ".48", "stroke-width": ".6"}
#: Hex labels (CCRR): their size and baseline below a hex's centre.
COORD_SIZE = 5
COORD_DY = -SIZE * 0.58
#: A map of at least this many hexes draws its terrain as one path per terrain drawing,
#: filled with a pattern tiled on the lattice (``_MapWriter.terrain_symbols``), under a
#: layer of links, one unpainted path per hex (``draw_hexes``); as an overview, it shows its
#: hex labels on the sites only once zoomed in enough to read them (``data-lod``: their
#: size in map units). A smaller map fills each hex's own path with a pattern over its
#: box: fewer bytes for a few hundred hexes, and as quick to draw.
TILED_HEXES = 1000
#: Location icons: half their size, and the distance between two in one hex.
ICON_RADIUS = 6.0
ICON_SPACING = 12.5
#: Room kept free around icons and markers, beyond their own size.
LABEL_GAP = 0.5
#: Location names: sizes tried in turn (the first is the normal size); hex names likewise.
NAME_SIZES = (6.2, 5)
HEX_NAME_SIZES = (5, 4.2)
#: Path names: sizes tried in turn, and the baseline's distances from the line tried (in
#: em; above the line, then below it).
PATH_NAME_SIZES = (5.5, 4.5)
PATH_NAME_DY = (-0.75, 1.3)
#: The party marker: its radius, and the spots tried in its hex (in hex sizes from the
#: centre), the first free one taken: beside the icon, then round the hex.
PARTY_RADIUS = SIZE * 0.2
PARTY_SPOTS: tuple[tuple[float, float], ...] = (
    (0, 0), (-.5, -.12), (.5, -.12), (-.5, .3), (.5, .3), (0, .58), (-.28, -.5), (.28, -.5),
    (0, -.3))
#: The players' overview shows at least this many columns and rows (with little known, the
#: map would otherwise blow a few hexes up to the page's width).
PLAYER_FRAME = (9, 6)
#: The fog: a pattern tile, and its mist (our own drawing: soft swirls and a few motes).
FOG_TILE = 90
FOG_MIST = ("M4 14q7-5 14-1t13 0M52 9q5-3 10 0M37 41q6-4 12-1t11 0t9 1M8 66q5-3.5 11-.5"
            "M61 71q7-4 13 0t12 0M70 30q4-2.5 8 0M22 84q4-2 8 0")
#: How far a path's curve may stray from a hex centre, in hex sizes (it is eased so that a
#: straight row of hexes gives a straight road).
PATH_EASE = 0.3
#: Rivers: stroke width at the source and at the mouth.
RIVER_WIDTHS = (1.3, 3.2)
#: Which names are placed first (the rest by name).
_ICON_RANK = {kind: i for i, kind in enumerate((
    "city", "town", "castle", "village", "temple", "tower", "bridge", "ford", "ruin", "cave",
    "tomb", "stones", "peak", "spring", "tree", "camp", "point"))}

def icon_kind(loc: LocationView) -> str:
    """The icon of a location (``symbols.icon_kind``: its icon, else its tags)."""
    return _icon_kind(loc.icon, tuple(loc.tags))


@functools.lru_cache(maxsize=4096)
def _icon_kind(icon: str | None, tags: tuple[str, ...]) -> str:
    return symbols.icon_kind(icon, tags)


def track_colour(session_number: int) -> str:
    return TRACK_COLOURS[(session_number - 1) % len(TRACK_COLOURS)]


@dataclass(frozen=True)
class MapLinks:
    """Where the map's hexes and location icons link to (None: no link)."""

    hex: Callable[[str], str | None] = field(default=lambda label: None)
    location: Callable[[str], str | None] = field(default=lambda lid: None)
    #: each hex's tooltip and link as the maps write them, found once for every map drawn
    #: with these links (all of one view, in one language)
    hex_parts: dict[str, tuple[str, str | None]] = field(default_factory=dict, compare=False)
    #: each hex's drawing (``_MapWriter.variant``), found once likewise
    variants: dict[str, tuple[str, str | None]] = field(default_factory=dict, compare=False)


def _r(value: float) -> float | int:
    """One decimal, and integers without '.0' (keeps thousands of hexes small)."""
    rounded = round(float(value), 1)
    return int(rounded) if rounded.is_integer() else rounded


def _num(value: float) -> str:
    return str(_r(value))


class _GridMemo:
    """What every map of a grid computes alike, kept: the hexes' rounded centres and the
    boxes of their labels (CCRR), found as the maps need them."""

    def __init__(self) -> None:
        self.centres: dict[Hex, tuple[float | int, float | int]] = {}
        #: a hex label (CCRR): its box, and the placer cells the box lies in
        self.coords: dict[str, tuple[labels_.Box, list[tuple[int, int]]]] = {}
        #: the label of each box of ``coords`` (by the box's id: the boxes are kept here)
        self.coord_of: dict[int, str] = {}
        #: a hex label's ``<text>`` in its column
        self.coord_texts: dict[str, str] = {}


_GRIDS: dict[Grid, _GridMemo] = {}
_MemoT = TypeVar("_MemoT")


def _per_grid(kept: dict[Grid, _MemoT], grid: Grid, make: Callable[[Grid], _MemoT]) -> _MemoT:
    """``kept[grid]``, made by ``make`` the first time (for the last few grids drawn)."""
    found = kept.get(grid)
    if found is None:
        if len(kept) >= 4:
            kept.clear()
        found = kept[grid] = make(grid)
    return found


def _grid_memo(grid: Grid) -> _GridMemo:
    """The memo of ``grid``."""
    return _per_grid(_GRIDS, grid, lambda _: _GridMemo())


class _Canvas:
    """Pixel geometry of one map: the grid, the hex size and the visible box."""

    def __init__(self, grid: Grid, hexes: Iterable[Hex], margin: float) -> None:
        self.grid = grid
        self.centres = _grid_memo(grid).centres
        box = grid.bounds(hexes, SIZE) or (-SIZE, -SIZE, SIZE, SIZE)
        self.x0 = box[0] - margin
        self.y0 = box[1] - margin
        self.x1 = box[2] + margin
        self.y1 = box[3] + margin

    def centre(self, h: Hex) -> tuple[float | int, float | int]:
        found = self.centres.get(h)
        if found is None:
            x, y = self.grid.pixel(h, SIZE)
            found = self.centres[h] = (_r(x), _r(y))
        return found

    def inside(self, h: Hex) -> bool:
        x, y = self.grid.pixel(h, SIZE)
        return (self.x0 - SIZE <= x <= self.x1 + SIZE) and (self.y0 - SIZE <= y <= self.y1
                                                            + SIZE)

    def viewbox(self) -> str:
        return " ".join(_num(v) for v in (self.x0, self.y0, self.x1 - self.x0,
                                          self.y1 - self.y0))

    def box(self) -> labels_.Box:
        return labels_.Box(self.x0, self.y0, self.x1, self.y1)

    def at_least(self, width: float, height: float) -> None:
        """Grow the visible box about its middle to at least ``width`` x ``height``."""
        cx, cy = (self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2
        half_w = max(self.x1 - self.x0, width) / 2
        half_h = max(self.y1 - self.y0, height) / 2
        self.x0, self.x1, self.y0, self.y1 = cx - half_w, cx + half_w, cy - half_h, cy + half_h

    def fit(self, box: labels_.Box) -> None:
        """Grow the visible box to hold ``box`` too (the texts placed near the edges)."""
        self.x0, self.y0 = min(self.x0, box.x0), min(self.y0, box.y0)
        self.x1, self.y1 = max(self.x1, box.x1), max(self.y1, box.y1)


class _HexIndex:
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

    def within(self, canvas: _Canvas) -> list[str]:
        """The labels ``canvas.inside`` accepts, in the view's order."""
        x0, y0 = canvas.x0 - SIZE, canvas.y0 - SIZE
        x1, y1 = canvas.x1 + SIZE, canvas.y1 + SIZE
        found: list[tuple[float, int, str]] = []
        for c in range(bisect_left(self.xs, x0), bisect_right(self.xs, x1)):
            ys = self.ys[c]
            found += self.columns[c][bisect_left(ys, y0):bisect_right(ys, y1)]
        return [label for _, _, label in sorted(found, key=lambda item: item[1])]


#: The index of the last view's hexes (the hexes dict it was built from, kept alive so
#: that identity means the same dict).
_hex_index: tuple[Mapping[str, HexView], _HexIndex] | None = None


def _hexes_inside(view: View, canvas: _Canvas) -> list[str]:
    """The labels of the view's hexes inside ``canvas`` (see ``_Canvas.inside``)."""
    global _hex_index
    if _hex_index is None or _hex_index[0] is not view.hexes:
        _hex_index = (view.hexes, _HexIndex(view.site.grid, view.hexes))
    index = _hex_index[1]
    return index.within(canvas)


#: The faded tracks of earlier sessions as text (``_MapWriter.past_tracks``): the sessions
#: of the last view drawn, and by session (its id; the session kept with its text).
_past_tracks: tuple[Sequence[SessionView], dict[int, tuple[SessionView, str]]] | None = None


#: The placed locations of the last view drawn by the x of their centre
#: (``_MapWriter.placed_centres``).
_centres: tuple[View, tuple[list[float], list[tuple[float, float, LocationView]]]] | None = None

#: The terrain definitions of small maps as text (``_MapWriter.small_map_defs``): the
#: terrains of the last view drawn, and by prefix, drawings, grid and grid lines.
_defs: tuple[Mapping[str, TerrainView], dict[Hashable, str]] | None = None


@dataclass(frozen=True)
class _PathName:
    """A path's name set along a stretch of it: that stretch's path data (left to right),
    the font size, and the boxes the letters cover."""

    d: str
    size: float
    #: the baseline's distance from the line, in em (negative: above it)
    dy: float
    boxes: tuple[labels_.Box, ...]


@dataclass
class _Layout:
    """The placement pass's result (``_MapWriter.layout``)."""

    #: party markers: (kind, x, y)
    party: list[tuple[str, float | int, float | int]] = field(default_factory=list)
    #: location id -> its name's place
    names: dict[str, labels_.Label] = field(default_factory=dict)
    #: (index of the path stretch, kind, name, where)
    path_names: list[tuple[int, str, str, _PathName]] = field(default_factory=list)
    #: hex label -> its name's place (``map.labels: names``)
    hex_names: dict[str, labels_.Label] = field(default_factory=dict)
    #: hex labels (CCRR) left out because a name covers them
    hidden: set[str] = field(default_factory=set)
    #: the canvas and every placed text
    extent: labels_.Box = labels_.Box(0, 0, 0, 0)


def _place_name(placer: labels_.Placer, text: str, x: float, y: float, r: float,
                sizes: Sequence[float], bounds: labels_.Box, avoid: labels_.Placer,
                ) -> labels_.Label | None:
    """A name around a thing: at each size, a spot inside the canvas that covers no hex
    label, else one inside the canvas, else any spot (the viewBox then grows); smaller sizes
    only when nothing fits."""
    for size in sizes:
        key = (text, x, y, r, size)
        candidates = _NAME_SPOTS.get(key)
        if candidates is None:
            if len(_NAME_SPOTS) >= _NAME_SPOTS_KEPT:
                _NAME_SPOTS.clear()
            candidates = _NAME_SPOTS[key] = [
                (label, label.box) for label in labels_.name_candidates(text, x, y, r, (size,))]
        for inside, keep_clear in ((bounds, avoid), (bounds, None), (None, None)):
            label = labels_.place_boxed(placer, candidates, inside, keep_clear)
            if label is not None:
                return label
    return None


#: The candidate places of a name around a thing, with their boxes (``_place_name``), by
#: name, place, room and size: a location is named on the map of every session near it.
_NAME_SPOTS: dict[tuple[str, float, float, float, float],
                  list[tuple[labels_.Label, labels_.Box]]] = {}
_NAME_SPOTS_KEPT = 1 << 14


def _hex_name_candidates(name: str, cx: float, cy: float, has_icon: bool,
                         ) -> Iterator[labels_.Label]:
    """Where a hex's name may go inside its hex: the middle (when no icon is there), the
    lower part, the upper part; one line or two; then smaller."""
    split = labels_.two_lines(name)
    for size in HEX_NAME_SIZES:
        layouts: list[tuple[str, ...]] = [(name,)]
        if split is not None:
            layouts.append(split)
        for lines in layouts:
            extra = (len(lines) - 1) * labels_.LINE_GAP * size
            spots = [cy + 0.62 * SIZE - extra, cy - 0.12 * SIZE - extra / 2]
            if not has_icon:
                spots.insert(0, cy + size * 0.35 - extra / 2)
            for y in spots:
                yield labels_.Label(lines, cx, round(y, 1), size, "middle", italic=True)


def _place_path_name(placer: labels_.Placer, name: str, points: Sequence[curves.Point],
                     bounds: labels_.Box, avoid: labels_.Placer) -> _PathName | None:
    """A path's name along a calm stretch of it, the first free one of a few (the middle,
    then towards either end), read left to right; None when it fits nowhere."""
    for spots in _path_name_spots(name, tuple(points)):
        for inside, keep_clear in ((bounds, avoid), (bounds, None), (None, None)):
            for spot in spots:
                if spot is None:
                    continue
                boxes = spot.boxes
                if inside is not None and not all(b.inside(inside) for b in boxes):
                    continue
                if keep_clear is not None and not all(keep_clear.free(b) for b in boxes):
                    continue
                if all(placer.free(b) for b in boxes):
                    placer.take_all(boxes)
                    return spot
    return None


#: The candidate places of a path's name along a stretch of it (``_path_name_spots``), by
#: name and points: the same road crosses the route map of every session along it, and its
#: geometry (the smoothed line, each window's bend and letter boxes) is the same each time.
_PATH_NAME_SPOTS: dict[tuple[str, tuple[curves.Point, ...]],
                       list[list[_PathName | None]]] = {}
_PATH_NAME_SPOTS_KEPT = 512


def _path_name_spots(name: str, points: tuple[curves.Point, ...],
                     ) -> list[list[_PathName | None]]:
    """For each size that fits the stretch, every candidate place of the name in the order
    they are tried (fractions of the length, then the baseline above or below the line), or
    None where the line bends too much there."""
    key = (name, points)
    found = _PATH_NAME_SPOTS.get(key)
    if found is not None:
        return found
    line = curves.densify(curves.smooth(curves.densify(points, SIZE), 4), 1.5)
    total = curves.length(line)
    polyline = curves.Polyline(line)
    out: list[list[_PathName | None]] = []
    for size in PATH_NAME_SIZES:
        width = labels_.text_width(name, size, italic=True) + size
        if width > total * 0.95:
            continue
        spots: list[_PathName | None] = []
        for fraction, dy in itertools.product((0.5, 0.33, 0.67, 0.2, 0.8), PATH_NAME_DY):
            start = min(max(fraction * total - width / 2, 0.0), total - width)
            window = polyline.window(start, start + width)
            if _bend(window) > 1.1:
                spots.append(None)
                continue
            if window[-1][0] < window[0][0]:
                window.reverse()
            boxes = _letter_boxes(window, size, dy)
            sparse = window[::max(1, len(window) // 6)]
            if sparse[-1] != window[-1]:
                sparse.append(window[-1])
            spots.append(_PathName(curves.path_data(sparse), size, dy, tuple(boxes)))
        out.append(spots)
    while len(_PATH_NAME_SPOTS) >= _PATH_NAME_SPOTS_KEPT:
        del _PATH_NAME_SPOTS[next(iter(_PATH_NAME_SPOTS))]
    _PATH_NAME_SPOTS[key] = out
    return out


def _bend(points: Sequence[curves.Point]) -> float:
    """How much a polyline turns, in radians (the sum of its turns, sampled coarsely)."""
    coarse = list(points[::3]) + ([points[-1]] if (len(points) - 1) % 3 else [])
    total = 0.0
    for a, b, c in zip(coarse, coarse[1:], coarse[2:], strict=False):
        t1 = math.atan2(b[1] - a[1], b[0] - a[0])
        t2 = math.atan2(c[1] - b[1], c[0] - b[0])
        total += abs((t2 - t1 + math.pi) % (2 * math.pi) - math.pi)
    return total


def _letter_boxes(window: Sequence[curves.Point], size: float, dy: float,
                  ) -> list[labels_.Box]:
    """Boxes covering the letters of a name set on ``window``, its baseline ``dy`` em from
    the line (negative: on the left of the direction, above for a line read left to
    right)."""
    length = curves.length(window)
    out: list[labels_.Box] = []
    steps = max(1, math.ceil(length / (size * 0.7)))
    lift = (-dy + 0.36) * size
    line = curves.Polyline(window)
    for k in range(steps + 1):
        (x, y), theta = line.point_at(length * k / steps)
        nx, ny = math.sin(theta), -math.cos(theta)  # the left of the direction: "above"
        out.append(labels_.around(x + nx * lift, y + ny * lift, 0.58 * size))
    return out


def _widening(segs: Sequence[curves.Segment]) -> list[tuple[str, str]]:
    """A river's curve cut into a few pieces of growing stroke width: (path data, width)."""
    pieces = min(len(segs), 4)
    out: list[tuple[str, str]] = []
    for j in range(pieces):
        part = segs[j * len(segs) // pieces:(j + 1) * len(segs) // pieces]
        k = j / (pieces - 1) if pieces > 1 else 0.5
        width = RIVER_WIDTHS[0] + (RIVER_WIDTHS[1] - RIVER_WIDTHS[0]) * k
        out.append((curves.segments_data(part), _num(width)))
    return out


def _label_text(dwg: svgwrite.Drawing, label: labels_.Label, default_size: float,
                ) -> svgwrite.text.Text:
    """A placed label as ``<text>`` (a second line as a ``<tspan>``); size and anchor are
    written only where they differ from the group's."""
    text = _text(dwg, label.lines[0], (_r(label.x), _r(label.y)))
    if label.anchor != "middle":
        text.attribs["text-anchor"] = label.anchor
    if label.size != default_size:
        text.attribs["font-size"] = _num(label.size)
    for line in label.lines[1:]:
        text.add(dwg.tspan(line, x=[_r(label.x)], dy=[_num(labels_.LINE_GAP * label.size)]))
    return text


class _Sides:
    """The sides of a grid's hexes as path data (``M`` corner ``L`` corner), each written
    once: every explored map of a build draws the edge of the known world again."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self.steps = [grid.direction(face) for face in grid.faces]
        offsets = grid.corner_offsets(SIZE)
        self.corners = [(offsets[a], offsets[b])
                        for a, b in (_face_corners(grid, i) for i in range(len(grid.faces)))]
        self.written: dict[tuple[Hex, int], str] = {}

    def text(self, h: Hex, side: int) -> str:
        found = self.written.get((h, side))
        if found is None:
            cx, cy = self.grid.pixel(h, SIZE)
            (ax, ay), (bx, by) = self.corners[side]
            found = f"M{_num(cx + ax)} {_num(cy + ay)}L{_num(cx + bx)} {_num(cy + by)}"
            self.written[(h, side)] = found
        return found


_SIDES: dict[Grid, _Sides] = {}


def _sides(grid: Grid) -> _Sides:
    """The sides of ``grid``."""
    return _per_grid(_SIDES, grid, _Sides)


def _face_corners(grid: Grid, face: int) -> tuple[int, int]:
    """The two corners (indexes into ``Grid.corners``) of a hex's side through ``face``."""
    # flat: corners start at angle 0 (east) clockwise; face N (index 0) lies between corners
    # 4 and 5. Pointy: corners start at -30 degrees; face NE (index 0) between 5 and 0.
    if grid.orientation == "flat":
        return (4 + face) % 6, (5 + face) % 6
    return (5 + face) % 6, (6 + face) % 6


def _hex_points(grid: Grid, scale: float = 1.0) -> list[tuple[float | int, float | int]]:
    return [(_r(x), _r(y)) for x, y in grid.corners(Hex(0, 0), SIZE * scale)]


def _text(dwg: svgwrite.Drawing, text: str, at: tuple[float | int, float | int],
          **attrs: str) -> svgwrite.text.Text:
    """A ``<text>`` at a point (``x``/``y`` left out where 0; styled by its group's class)."""
    element = dwg.text(text)
    for key, value in zip(("x", "y"), at, strict=True):
        if value:
            element.attribs[key] = value
    element.attribs.update(attrs)
    return element


class _Element(BaseElement):  # type: ignore[misc]
    """Any SVG element with exactly the attributes given (svgwrite escapes their values).
    What svgwrite's own constructor makes, without its work: the parameters (no checks,
    the full profile) are one object shared by every such element."""

    def __init__(self, tag: str, attrs: dict[str, object]) -> None:
        self.elementname = tag
        self._parameter = _UNCHECKED
        self.attribs = dict(attrs)
        self.elements: list[BaseElement] = []


#: svgwrite's parameters of an element that is not checked (``_Element``)
_UNCHECKED = Parameter(debug=False, profile="full")


def _columns(canvas: _Canvas, items: Iterable[tuple[str, Hex]],
             ) -> list[tuple[float | int, list[tuple[str, float | int]]]]:
    """Items by the x of their hex centre (a column of the map), each column top-down."""
    columns: dict[float | int, list[tuple[str, float | int]]] = {}
    for label, h in items:
        x, y = canvas.centre(h)
        columns.setdefault(x, []).append((label, y))
    return [(x, sorted(col, key=lambda item: item[1])) for x, col in sorted(columns.items())]


def _column_group(parent: Group, x: float | int) -> Group:
    """A group translated to ``x`` inside ``parent`` (``parent`` itself for x = 0)."""
    if not x:
        return parent
    group = Group(debug=False, profile="full", transform=f"translate({x})")
    parent.add(group)
    return group


def _use(symbol_id: str, at: tuple[float | int, float | int]) -> _Element:
    """A ``<use>`` of a symbol at a point (``x``/``y`` left out where 0)."""
    attrs: dict[str, object] = {"xlink:href": "#" + symbol_id}
    attrs.update({key: value for key, value in zip(("x", "y"), at, strict=True) if value})
    return _Element("use", attrs)


def _shape(element: SymbolElement) -> _Element:
    """An element of a campaign's symbol file (already sanitised by the loader)."""
    out = _Element(element.tag, dict(element.attrs))
    for child in element.children:
        out.add(_shape(child))
    return out


#: The box a campaign's symbol drawing is fitted into (centred in the hex).
ART_BOX = (30.0, 26.0)


def _art_group(dwg: svgwrite.Drawing, art: SymbolArt) -> Group:
    x, y, w, h = art.view_box
    k = min(ART_BOX[0] / w, ART_BOX[1] / h)
    group = dwg.g(transform=f"translate({_num(-(x + w / 2) * k)} {_num(-(y + h / 2) * k)}) "
                            f"scale({round(k, 4)})")
    for element in art.elements:
        group.add(_shape(element))
    return group


def part_symbol(dwg: svgwrite.Drawing, symbol_id: str, name: str) -> svgwrite.container.Symbol:
    """A drawing repeated in the terrain symbols (a tree), painted by the ``<use>``."""
    symbol = dwg.symbol(id=symbol_id)
    symbol.attribs["overflow"] = "visible"
    for group in _part_paths(name):
        symbol.add(group)
    return symbol


def _part_paths(name: str) -> list[_Element]:
    out: list[_Element] = []
    for d, fill, width in symbols.PARTS[name]:
        attrs: dict[str, object] = {"d": d}
        if fill is not None:
            attrs["fill"] = fill
        if width is not None:
            attrs["stroke-width"] = width
        out.append(_Element("path", attrs))
    return out


def terrain_symbol(dwg: svgwrite.Drawing, symbol_id: str, terrain: TerrainView | None,
                   density: str | None, outline: bool, grid: Grid,
                   parts: dict[str, str] | None = None) -> svgwrite.container.Symbol:
    """The ``<symbol>`` of a terrain: the hex in its colour, and its drawing over it.

    ``parts`` gives the ids of the part symbols (trees) defined in the same SVG; without
    it (a legend swatch) parts are drawn in place."""
    colour = terrain.color if terrain else "#ffffff"
    symbol = dwg.symbol(id=symbol_id)
    symbol.attribs["overflow"] = "visible"
    poly = _Element("path", {"d": _hex_path(grid), "fill": colour})
    if outline:
        poly.attribs["stroke"] = colour
        poly.attribs["stroke-width"] = "0.6"
    symbol.add(poly)
    if terrain is not None and terrain.art is not None:
        symbol.add(_art_group(dwg, terrain.art))
    elif terrain is not None and terrain.symbol:
        layers = symbols.symbol_layers(terrain.symbol, density)
        if layers:
            common, each = symbols.painted(layers, colour)
            art = _Element("g", {"stroke-linecap": "round", "stroke-linejoin": "round",
                                 **common})
            for layer, attrs in zip(layers, each, strict=True):
                if isinstance(layer, symbols.Part):
                    uses = _Element("g", dict(attrs))
                    for x, y in layer.at:
                        if parts is not None:
                            uses.add(_use(parts[layer.name], (x, y)))
                        else:
                            placed = _Element("g", {"transform": f"translate({_num(x)} "
                                                                 f"{_num(y)})"})
                            for path in _part_paths(layer.name):
                                placed.add(path)
                            uses.add(placed)
                    art.add(uses)
                else:
                    art.add(_Element("path", dict(attrs)))
            symbol.add(art)
    return symbol


def icon_symbol(dwg: svgwrite.Drawing, symbol_id: str, kind: str) -> svgwrite.container.Symbol:
    symbol = dwg.symbol(id=symbol_id)
    symbol.attribs["overflow"] = "visible"
    symbol.add(dwg.path(d=symbols.ICONS.get(kind, symbols.ICONS["point"]), class_="icon"))
    return symbol


def _xml(dwg: BaseElement, raw: Sequence[str] = ()) -> str:
    """The SVG text of ``dwg`` and everything in it: what svgwrite's ``tostring`` writes,
    with ``<x />`` tightened to ``<x/>``. ``raw``: the layers written as text
    (``_MapWriter.raw``), put where their placeholders are."""
    out: list[str] = []
    _write_element(dwg, out, raw)
    text = "".join(out)
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate: a character reference, as ElementTree
            text = text.encode("utf-8", "xmlcharrefreplace").decode("utf-8")
    return text


def _write_element(element: BaseElement, out: list[str], raw: Sequence[str]) -> None:
    """``element`` as svgwrite's ``get_xml`` builds it and ElementTree writes it, appended
    to ``out``: the attributes sorted by name, each but the empty or None ones escaped as
    ElementTree escapes them; the text of a ``<text>``, ``<tspan>`` or ``<textPath>``, a
    ``<style>``'s CDATA section after the children; ``<x/>`` for an element with neither.
    Several times as fast as building the ElementTree and writing it (tens of thousands of
    elements a build). An element of a class whose ``get_xml`` does something else is
    written by svgwrite itself."""
    kind = type(element)
    if kind.get_xml not in _KNOWN_XML:
        xml = element.get_xml()
        if isinstance(element, Title) and not xml.attrib and not len(xml):
            text = xml.text or ""  # a <title> or <desc>: its text alone
            out.append(f"<{xml.tag}>{_cdata(text)}</{xml.tag}>" if text else f"<{xml.tag}/>")
            return
        text = etree.tostring(xml, encoding="utf-8").decode("utf-8").replace(" />", "/>")
        out.append(_RAW.sub(lambda m: raw[int(m.group(1))], text) if raw else text)
        return
    attribs = element.attribs
    if kind is svgwrite.Drawing:  # what Drawing.get_xml adds
        attribs.update({
            "xmlns": "http://www.w3.org/2000/svg",
            "xmlns:xlink": "http://www.w3.org/1999/xlink",
            "xmlns:ev": "http://www.w3.org/2001/xml-events",
            "baseProfile": element.profile, "version": element.version})
    elif isinstance(element, SvgPath):
        attribs["d"] = str(strlist(element.commands, " "))
    elif isinstance(element, Polyline):
        attribs["points"] = element.points_to_string(element.points)
    elif isinstance(element, (Use, TextPath, TRef)):
        element.update_id()  # an href given as an element: its id
    tag = element.elementname
    if tag == _RAW_TAG:
        out.append(raw[int(attribs["n"])])
        return
    out.append("<" + tag)
    for name, value in sorted(attribs.items()):
        if value is not None:
            shown = value if type(value) is str else str(value)
            if shown:
                out.append(f' {name}="{_attr(shown)}"')
    text = str(element.text) if isinstance(element, (TSpan, TextPath)) else ""
    cdata = element._content if isinstance(element, Script) else ""
    children = element.elements
    if not text and not cdata and not children:
        out.append("/>")
        return
    out.append(">")
    if text:
        out.append(_cdata(text))
    for child in children:
        _write_element(child, out, raw)
    if cdata:
        out.append(f"<![CDATA[{cdata}]]>")
    out.append(f"</{tag}>")


#: The ``get_xml`` methods whose work ``_write_element`` does itself
_KNOWN_XML = frozenset({
    BaseElement.get_xml, svgwrite.Drawing.get_xml, Use.get_xml, TSpan.get_xml,
    TextPath.get_xml, TRef.get_xml, Script.get_xml, SvgPath.get_xml, Polyline.get_xml})


#: A placeholder element for a layer written as text (thousands of hexes: ``svgwrite``
#: would make, and ElementTree write, an object per element, ten times slower).
_RAW_TAG = "hexcrawl-raw"
_RAW = re.compile(rf'<{_RAW_TAG} n="(\d+)"/>')


def _scale(value: float) -> str:
    """A scale factor: as many decimals as it has (at most four)."""
    return str(int(value)) if float(value).is_integer() else str(round(value, 4))


def _attr(value: str) -> str:
    """An attribute value written as text, escaped as svgwrite (ElementTree) escapes it."""
    if _PLAIN_ATTR(value):
        return value
    return (value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("\n", "&#10;").replace("\r", "&#13;")
            .replace("\t", "&#09;"))


#: Whether an attribute value has nothing to escape (most: numbers, ids, classes, paths)
_PLAIN_ATTR = re.compile(r'[^&<>"\n\r\t]*').fullmatch


def _cdata(value: str) -> str:
    """Element text written as text, escaped as svgwrite (ElementTree) escapes it."""
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


#: The hexes layer is drawn in *lattice units*, in which every hex centre and corner lies on
#: whole numbers: flat-top, x in half sizes and y in half rows; pointy-top the other way
#: round. The layer's ``scale`` takes them back to SVG units; a hex is then ``M0 y`` and a
#: fixed outline of single digits (``l1-1h2l1 1-1 1h-2z``), exact, in a fraction of the
#: bytes of its rounded SVG coordinates.
SQRT3_HALF = round(math.sqrt(3) / 2 * SIZE, 4)
_LATTICE: dict[str, tuple[tuple[float, float], tuple[int, int], str]] = {
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


def _tile(grid: Grid) -> tuple[tuple[int, int, int, int], list[tuple[int, int]]]:
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


def _exact(value: float) -> float | int:
    """A coordinate kept to four decimals (a pattern's tile must fit the lattice exactly)."""
    rounded = round(float(value), 4)
    return int(rounded) if rounded.is_integer() else rounded


def _outline(grid: Grid, centres: Iterable[tuple[int, int]]) -> str:
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


#: A hex's corners about its centre in lattice units, in the order of its outline.
_CORNERS: dict[str, tuple[tuple[int, int], ...]] = {
    "flat": ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)),
    "pointy": ((1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2)),
}


def _hex_path(grid: Grid, scale: float = 1.0) -> str:
    """Path data of a hex of circumradius ``SIZE * scale`` around (0, 0)."""
    corners = [(_num(x), _num(y)) for x, y in grid.corners(Hex(0, 0), SIZE * scale)]
    return "M" + "L".join(f"{x} {y}" for x, y in corners) + "z"


def map_css() -> str:
    """map.css without its comments and line breaks (embedded in every map, and in a page
    that shows the legend's swatches without the site's stylesheet: a printed map)."""
    return _map_css(MAP_CSS)


@functools.lru_cache(maxsize=1)
def _map_css(path: Path) -> str:
    """``map_css`` (read once: it ships with hexcrawl and every map embeds it)."""
    if not path.is_file():
        return ""
    text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
    text = re.sub(r"\s*\n\s*", " ", text)
    text = re.sub(r"\s*([{};,])\s*", r"\1", text)
    return re.sub(r":\s+", ":", text).replace(";}", "}").strip()


def _link(parent: Group, href: str | None, title: str | None) -> Group:
    """An ``<a>`` (with a tooltip) inside ``parent``, or ``parent`` itself without a link.

    Links and uses keep ``xlink:href``: Material's instant navigation re-assigns the ``href``
    property of every element with an ``href`` attribute, which an SVG element refuses."""
    if href is None:
        return parent
    a = svgwrite.container.Hyperlink(href, debug=False, profile="full")
    a.attribs.pop("target", None)
    if title:
        a.set_desc(title=title)
    parent.add(a)
    return a


class _MapWriter:
    def __init__(self, view: View, links: MapLinks, t: Translator | None, prefix: str,
                 for_print: bool = False) -> None:
        self.view = view
        self.links = links
        self.t = t
        self.prefix = prefix
        self.grid = view.site.grid
        # A printed map is drawn without patterns: Chromium's PDF backend turns every
        # pattern fill into an image at print resolution (hundreds of megabytes for one
        # map), while a <use> of a symbol stays vector and is written once per hex.
        self.for_print = for_print

    # -- building blocks ------------------------------------------------------------------
    def drawing(self, canvas: _Canvas, css_class: str, scale: float) -> svgwrite.Drawing:
        dwg = svgwrite.Drawing(profile="full", debug=False, viewBox=canvas.viewbox())
        # natural size: small maps stay small; CSS shrinks big ones to the page width
        dwg.attribs["width"] = _num((canvas.x1 - canvas.x0) * scale)
        dwg.attribs["height"] = _num((canvas.y1 - canvas.y0) * scale)
        dwg.attribs["class"] = f"hexmap-svg {css_class}"
        dwg.attribs["role"] = "img"
        dwg.attribs["preserveAspectRatio"] = "xMidYMid meet"
        css = map_css()
        if css:
            dwg.defs.add(dwg.style(css))
        return dwg

    def terrain_symbols(self, dwg: svgwrite.Drawing, labels: Sequence[str]) -> None:
        """One ``<symbol>`` per terrain drawing the hexes of ``labels`` use, with short ids
        (``m-t0``, ``m-t1``...) kept in ``self.symbol_ids`` by (terrain, density)."""
        variants = sorted({self.variant(label) for label in labels},
                          key=lambda v: (v[0], v[1] or ""))
        self.symbol_ids = {v: f"{self.prefix}t{i}" for i, v in enumerate(variants)}
        if self.for_print:
            self.print_cells(dwg, variants)
            return
        if not self.tiled:
            self.raw(dwg.defs, self.small_map_defs(tuple(variants)))
            return
        parts: dict[str, str] = {}
        for variant in variants:
            terrain = self.view.terrains.get(variant[0])
            if terrain is None or terrain.art is not None or not terrain.symbol:
                continue
            for layer in symbols.symbol_layers(terrain.symbol, variant[1]):
                if isinstance(layer, symbols.Part) and layer.name not in parts:
                    parts[layer.name] = f"{self.prefix}p-{layer.name}"
                    dwg.defs.add(part_symbol(dwg, parts[layer.name], layer.name))
        grid_lines = self.view.site.show_grid
        # The terrain layer fills every hex of a drawing with one pattern in lattice units
        # (``draw_hexes``), tiled with the lattice's period: the tile draws the symbol (and
        # the inner half of the hex's sides) at every hex centre that reaches into it, each
        # clipped to its hex, so that it is exactly what a hex filled on its own would show.
        # One tile serves every hex of the drawing: Chromium rasterises a pattern sized to
        # each element's own box once per element, which made a map of 10,000 hexes take
        # seconds to show and to pan.
        (ux, uy), _, _ = _LATTICE[self.grid.orientation]
        (ox, oy, pw, ph), spots = _tile(self.grid)
        hex_d = _hex_path(self.grid)
        clip = _Element("clipPath", {"id": f"{self.prefix}hc"})
        clip.add(_Element("path", {"d": hex_d}))
        dwg.defs.add(clip)
        if grid_lines:  # each hex draws the inner half of its sides (the rest is clipped)
            # (styled by attributes: a <use> clone does not match the map's selectors)
            dwg.defs.add(_Element("path", {"id": f"{self.prefix}g", "d": hex_d,
                                           "class": "grid", **GRID_LINE}))
        box = " ".join(_scale(v) for v in (ox * ux, oy * uy, pw * ux, ph * uy))
        rules: list[str] = []
        for variant, sid in self.symbol_ids.items():
            terrain = self.view.terrains.get(variant[0])
            dwg.defs.add(terrain_symbol(dwg, sid, terrain, variant[1], not grid_lines,
                                        self.grid, parts))
            cell = _Element("g", {"id": f"{sid}c", "clip-path": f"url(#{self.prefix}hc)"})
            cell.add(_use(sid, (0, 0)))
            if grid_lines:
                cell.add(_use(f"{self.prefix}g", (0, 0)))
            dwg.defs.add(cell)
            pattern = _Element("pattern", {"id": f"{sid}f", "patternUnits": "userSpaceOnUse",
                                           **{k: v for k, v in (("x", ox), ("y", oy)) if v},
                                           "width": pw, "height": ph, "viewBox": box,
                                           # lattice units are not square: the box is
                                           # stretched to the tile, which undoes them
                                           "preserveAspectRatio": "none"})
            for x, y in spots:
                pattern.add(_use(f"{sid}c", (_exact(x * ux), _exact(y * uy))))
            dwg.defs.add(pattern)
            rule = f"fill:url(#{sid}f)"
            if not grid_lines:  # the hex's own colour over the seams between hexes
                rule += f";stroke:{terrain.color if terrain else '#ffffff'}"
            rules.append(f".{sid}{{{rule}}}")
        if rules:
            dwg.defs.add(dwg.style("".join(rules)))

    def print_cells(self, dwg: svgwrite.Drawing,
                    variants: Sequence[tuple[str, str | None]]) -> None:
        """A printed map's terrain drawings: each a symbol clipped to its hex (with the inner
        half of the hex's sides), for one ``<use>`` per hex (``draw_hexes_print``)."""
        parts: dict[str, str] = {}
        for variant in variants:
            terrain = self.view.terrains.get(variant[0])
            if terrain is None or terrain.art is not None or not terrain.symbol:
                continue
            for layer in symbols.symbol_layers(terrain.symbol, variant[1]):
                if isinstance(layer, symbols.Part) and layer.name not in parts:
                    parts[layer.name] = f"{self.prefix}p-{layer.name}"
                    dwg.defs.add(part_symbol(dwg, parts[layer.name], layer.name))
        grid_lines = self.view.site.show_grid
        hex_d = _hex_path(self.grid)
        clip = _Element("clipPath", {"id": f"{self.prefix}hc"})
        clip.add(_Element("path", {"d": hex_d}))
        dwg.defs.add(clip)
        for variant, sid in self.symbol_ids.items():
            terrain = self.view.terrains.get(variant[0])
            dwg.defs.add(terrain_symbol(dwg, sid, terrain, variant[1], not grid_lines,
                                        self.grid, parts))
            cell = _Element("g", {"id": f"{sid}c", "clip-path": f"url(#{self.prefix}hc)"})
            cell.add(_use(sid, (0, 0)))
            if grid_lines:
                cell.add(_Element("path", {"d": hex_d, **GRID_LINE}))
            dwg.defs.add(cell)

    def draw_hexes_print(self, dwg: svgwrite.Drawing, canvas: _Canvas,
                         labels: Sequence[str]) -> None:
        """A printed map's hexes: one ``<use>`` of its terrain's cell at each hex centre."""
        out = ['<g class="hexes print">']
        for label in labels:
            x, y = canvas.centre(self.view.hexes[label].hex)
            sid = self.symbol_ids[self.variant(label)]
            out.append(f'<use xlink:href="#{sid}c" x="{_num(x)}" y="{_num(y)}"/>')
        out.append("</g>")
        self.raw(dwg, "".join(out))

    def small_map_defs(self, variants: tuple[tuple[str, str | None], ...]) -> str:
        """The definitions of a small map's terrain drawings (their part symbols, symbols,
        patterns and style rules) as text. Every route map of a build defines a few of the
        same drawings: each set is written once (``_DEFS``)."""
        global _defs
        if _defs is None or _defs[0] is not self.view.terrains:
            _defs = (self.view.terrains, {})
        key = (self.prefix, variants, self.grid, self.view.site.show_grid)
        text = _defs[1].get(key)
        if text is None:
            scratch = svgwrite.Drawing(profile="full", debug=False)
            parts: dict[str, str] = {}
            for variant in variants:
                terrain = self.view.terrains.get(variant[0])
                if terrain is None or terrain.art is not None or not terrain.symbol:
                    continue
                for layer in symbols.symbol_layers(terrain.symbol, variant[1]):
                    if isinstance(layer, symbols.Part) and layer.name not in parts:
                        parts[layer.name] = f"{self.prefix}p-{layer.name}"
                        scratch.defs.add(part_symbol(scratch, parts[layer.name], layer.name))
            self.hex_patterns(scratch, parts)
            text = "".join(_xml(element) for element in scratch.defs.elements)
            _defs[1][key] = text
        return text

    def hex_patterns(self, dwg: svgwrite.Drawing, parts: dict[str, str]) -> None:
        """A map of fewer than ``TILED_HEXES`` hexes: one pattern per terrain drawing over a
        hex's own box, which each hex's path of the ``.hexes`` layer fills itself with."""
        grid_lines = self.view.site.show_grid
        # the pattern's box is the hex's own (its bounding box, in which the pattern is
        # drawn, stretched to it: "none"), exact, so that the symbol lands where it would
        # be drawn at the hex's centre
        x0, y0, x1, y1 = self.grid.bounds([Hex(0, 0)], SIZE) or (0, 0, 0, 0)
        box = " ".join(_scale(v) for v in (x0, y0, x1 - x0, y1 - y0))
        rules: list[str] = []
        for variant, sid in self.symbol_ids.items():
            terrain = self.view.terrains.get(variant[0])
            dwg.defs.add(terrain_symbol(dwg, sid, terrain, variant[1], not grid_lines,
                                        self.grid, parts))
            # The hexes are paths filled with a pattern that draws the symbol once over the
            # hex's own box: a <use> per hex makes Chromium build a shadow tree for each,
            # and a map of 10,000 hexes then takes several times as long to show and pan.
            pattern = _Element("pattern", {"id": f"{sid}f", "width": 1, "height": 1,
                                           "viewBox": box, "preserveAspectRatio": "none"})
            pattern.add(_use(sid, (0, 0)))
            if grid_lines:  # each hex draws the inner half of its sides
                pattern.add(_Element("path", {"d": _hex_path(self.grid), "class": "grid"}))
            dwg.defs.add(pattern)
            rule = f"fill:url(#{sid}f)"
            if not grid_lines:  # the hex's own colour over the seams between hexes
                rule += f";stroke:{terrain.color if terrain else '#ffffff'}"
            rules.append(f".{sid}{{{rule}}}")
        if rules:
            dwg.defs.add(dwg.style("".join(rules)))

    def variant(self, label: str) -> tuple[str, str | None]:
        """The drawing of a hex: its terrain, and for a forest drawing its density."""
        found = self.links.variants.get(label)
        if found is not None:
            return found
        info = self.view.hexes[label]
        terrain = self.view.terrains.get(info.terrain)
        if terrain is not None and terrain.art is None and terrain.symbol == "forest" \
                and info.density in ("sparse", "dense"):
            found = (info.terrain, info.density)
        else:
            found = (info.terrain, None)
        self.links.variants[label] = found
        return found

    def icon_symbols(self, dwg: svgwrite.Drawing, kinds: set[str]) -> None:
        for kind in sorted(kinds):
            dwg.defs.add(icon_symbol(dwg, f"{self.prefix}{kind}", kind))

    def hex_title(self, label: str) -> str | None:
        """The tooltip of a named hex (name · terrain); an unnamed hex has none: its label
        is on the map and its terrain is drawn (and the legend names it)."""
        info = self.view.hexes[label]
        if not info.name:
            return None
        terrain = self.view.terrains.get(info.terrain)
        parts = [info.name]
        if terrain:
            parts.append(self.t.terrain(terrain) if self.t else terrain.name)
        return " · ".join(parts)

    def raw(self, parent: Group | svgwrite.Drawing, text: str) -> None:
        """Put ``text`` (SVG written as text, escaped) in ``parent`` (see ``_xml``)."""
        parent.add(_Element(_RAW_TAG, {"n": len(self.raws)}))
        self.raws.append(text)

    def draw_hexes_filled(self, dwg: svgwrite.Drawing, labels: Sequence[str]) -> None:
        """A map of fewer than ``TILED_HEXES`` hexes: every hex as a path filled with its
        terrain's pattern (``hex_patterns``), in lattice units (see
        ``_LATTICE``), grouped so that each hex gives little more than its own position:
        either column by column (a column one group translated to its x, in it one group
        per terrain drawing, whose class gives the fill: each hex is ``M0 y...``), or, where
        columns mix many terrains, one group per terrain drawing (each hex ``Mx y...``),
        whichever is shorter. Written as text."""
        cls = "hexes grid" if self.view.site.show_grid else "hexes"
        (ux, uy), (cx, cy), steps = _LATTICE[self.grid.orientation]
        columns: dict[int, dict[str, list[tuple[int, str]]]] = {}
        terrains: dict[str, list[tuple[int, int, str]]] = {}
        for label in labels:
            x, y = lattice(self.grid, self.view.hexes[label].hex)
            sid = self.symbol_ids[self.variant(label)]
            columns.setdefault(x, {}).setdefault(sid, []).append((y, label))
            terrains.setdefault(sid, []).append((x, y, label))

        def order(sid: str) -> int:
            return int(sid[len(self.prefix) + 1:])

        # bytes beyond "M", each hex's y and its outline: column groups and their terrain
        # groups (a lone hex of a terrain takes the class itself), against each hex's x
        by_column = sum(len(f'<g transform="translate({x + cx})"></g>') + sum(
            len(f'<g class="{sid}"></g>') if len(hexes) > 1 else len(f' class="{sid}"')
            for sid, hexes in col.items()) for x, col in columns.items())
        by_terrain = sum(len(f'<g class="{sid}"></g>') for sid in terrains) + sum(
            len(f"{x + cx} ") - 2 for hexes in terrains.values() for x, _, _ in hexes)
        out = [f'<g class="{cls}" transform="scale({_scale(ux)} {_scale(uy)})">']
        if by_terrain < by_column:
            for sid in sorted(terrains, key=order):
                out.append(f'<g class="{sid}">')
                out.extend(self.hex_element(label, f"M{x + cx} {y + cy}{steps}")
                           for x, y, label in sorted(terrains[sid]))
                out.append("</g>")
        else:
            for x in sorted(columns):
                at = x + cx
                if at:
                    out.append(f'<g transform="translate({at})">')
                for sid in sorted(columns[x], key=order):
                    hexes = sorted(columns[x][sid])
                    if len(hexes) == 1:
                        y, label = hexes[0]
                        out.append(self.hex_element(label, f"M0 {y + cy}{steps}", cls=sid))
                        continue
                    out.append(f'<g class="{sid}">')
                    out.extend(self.hex_element(label, f"M0 {y + cy}{steps}")
                               for y, label in hexes)
                    out.append("</g>")
                if at:
                    out.append("</g>")
        out.append("</g>")
        self.raw(dwg, "".join(out))

    def draw_hexes(self, dwg: svgwrite.Drawing, canvas: _Canvas, labels: Sequence[str]) -> None:
        """The hexes in two layers, both in lattice units (see ``_LATTICE``) and written as
        text: the terrain (``draw_terrain``) and over it every hex as a path of its own,
        in its link, with its tooltip (``.hexes``). That layer is not painted (map.css): it
        is where a pointer or the keyboard finds a hex, and it shows the hex hovered or
        focused. Its hexes are grouped by column (a column one group translated to its x;
        each hex ``M0 y`` and a fixed outline of single digits)."""
        if self.for_print:
            self.draw_hexes_print(dwg, canvas, labels)
            return
        if not self.tiled:
            self.draw_hexes_filled(dwg, labels)
            return
        (ux, uy), (cx, cy), steps = _LATTICE[self.grid.orientation]
        scale = f'transform="scale({_scale(ux)} {_scale(uy)})"'
        centres = [(label, lattice(self.grid, self.view.hexes[label].hex)) for label in labels]
        self.draw_terrain(dwg, centres, scale)
        columns: dict[int, list[tuple[int, str]]] = {}
        for label, (x, y) in centres:
            columns.setdefault(x, []).append((y, label))
        out = [f'<g class="hexes links" {scale}>']
        for x in sorted(columns):
            at = x + cx
            if at:
                out.append(f'<g transform="translate({at})">')
            out.extend(self.hex_element(label, f"M0 {y + cy}{steps}")
                       for y, label in sorted(columns[x]))
            if at:
                out.append("</g>")
        out.append("</g>")
        self.raw(dwg, "".join(out))

    def draw_terrain(self, dwg: svgwrite.Drawing, centres: Sequence[tuple[str, tuple[int, int]]],
                     scale: str) -> None:
        """Each terrain drawing as one path, the outline of its hexes (``_outline``: a
        stretch of one terrain costs its edge, not its area), filled with its pattern
        (``terrain_symbols``). The drawing with the most hexes fills instead the outline of
        all the hexes, under the others."""
        by_sid: dict[str, list[tuple[int, int]]] = {}
        for label, at in centres:
            by_sid.setdefault(self.symbol_ids[self.variant(label)], []).append(at)
        if not by_sid:
            return

        def order(sid: str) -> int:
            return int(sid[len(self.prefix) + 1:])

        base = max(by_sid, key=lambda sid: (len(by_sid[sid]), -order(sid)))
        out = [f'<g class="terrain" {scale}>']
        out.append(f'<path class="{base}" d="{_outline(self.grid, [at for _, at in centres])}"/>')
        for sid in sorted(by_sid, key=order):
            if sid != base:
                out.append(f'<path class="{sid}" d="{_outline(self.grid, by_sid[sid])}"/>')
        out.append("</g>")
        self.raw(dwg, "".join(out))

    def hex_element(self, label: str, d: str, cls: str | None = None) -> str:
        """One hex: its path (of class ``cls``, if given), with its tooltip, in its link."""
        parts = self.links.hex_parts.get(label)
        if parts is None:
            title = self.hex_title(label)
            href = self.links.hex(label)
            parts = self.links.hex_parts[label] = (
                f"<title>{_cdata(title)}</title>" if title else "",
                None if href is None else _attr(href))
        tip, href = parts
        path = f'<path class="{cls}" d="{d}"' if cls else f'<path d="{d}"'
        if href is None:
            return f"{path}>{tip}</path>" if tip else f"{path}/>"
        return f'<a xlink:href="{href}">{tip}{path}/></a>'

    def path_runs(self, canvas: _Canvas, paths: Sequence[PathView] | None,
                  ) -> list[tuple[PathView, list[curves.Point]]]:
        """Every drawn stretch of every path as the points its curve passes: the hex centres,
        and where a path leaves into the unknown (players), the middle of the face it
        crosses. Rivers first, then trails, roads and highways (each drawn over the last)."""
        order = {"river": 0, "trail": 1, "road": 2, "highway": 3}
        drawn = self.view.paths if paths is None else paths
        out: list[tuple[PathView, list[curves.Point]]] = []
        for path in sorted(drawn, key=lambda p: (order.get(p.kind, 9), p.id)):
            for run in path.runs:
                if not any(canvas.inside(h) for h in run):
                    continue
                before, after = self.stub_faces(path, run)
                points: list[curves.Point] = [canvas.centre(h) for h in run]
                if before is not None:
                    points.insert(0, self.face_point(run[0], before))
                if after is not None:
                    points.append(self.face_point(run[-1], after))
                if len(points) >= 2:
                    out.append((path, points))
        return out

    def stub_faces(self, path: PathView, run: tuple[Hex, ...]) -> tuple[str | None, str | None]:
        """The faces through which ``run`` continues into unknown hexes, at its start and end
        (``PathView.stubs`` lists them in path order)."""
        start = [face for h, face in path.stubs if h == run[0]
                 and (len(run) == 1 or self.grid.neighbor(h, face) != run[1])]
        end = [face for h, face in path.stubs if h == run[-1]
               and (len(run) == 1 or self.grid.neighbor(h, face) != run[-2])]
        if len(run) == 1:
            return (start[0] if start else None), (start[1] if len(start) > 1 else None)
        return (start[0] if start else None), (end[-1] if end else None)

    def face_point(self, h: Hex, face: str) -> curves.Point:
        x, y = self.grid.face_midpoint(h, face, SIZE)
        return _r(x), _r(y)

    def draw_paths(self, dwg: svgwrite.Drawing,
                   runs: Sequence[tuple[PathView, list[curves.Point]]]) -> None:
        """Rivers as curves that widen downstream (in the order of their hexes); roads and
        highways defined once and drawn twice or three times with ``<use>``: a pale casing
        (so a road crossing a river reads as a bridge), the road, a highway's centre line;
        trails dashed, with no casing (a trail over a river is a ford)."""
        group = dwg.g(class_="paths")
        for n, (path, points) in enumerate(runs):
            segs = curves.segments(curves.ease(points, 1 if path.kind == "river" else 2,
                                               PATH_EASE * SIZE))
            if path.kind == "river":
                for piece, width in _widening(segs):
                    group.add(_Element("path", {"class": "p-river", "d": piece,
                                                "stroke-width": width}))
                continue
            pid = f"{self.prefix}r{n}"
            dwg.defs.add(_Element("path", {"id": pid, "d": curves.segments_data(segs)}))
            layers = {"highway": ("cs cs-highway", "p-highway", "p-highway-in"),
                      "road": ("cs", "p-road"), "trail": ("p-trail",)}.get(
                          path.kind, (f"p-{path.kind}",))
            for cls in layers:
                group.add(_Element("use", {"xlink:href": "#" + pid, "class": cls}))
        dwg.add(group)

    def draw_coordinates(self, dwg: svgwrite.Drawing, canvas: _Canvas, labels: Sequence[str],
                         hidden: Collection[str] = ()) -> None:
        """Each hex's label (CCRR) at its top, column by column; those under a name are left
        out (the name wins)."""
        if not self.view.site.show_labels:
            return
        out = ['<g class="labels">']
        texts = _grid_memo(self.grid).coord_texts
        for x, column in _columns(canvas, [(label, self.view.hexes[label].hex)
                                           for label in labels if label not in hidden]):
            if x:
                out.append(f'<g transform="translate({x})">')
            for label, y in column:
                text = texts.get(label)
                if text is None:
                    at = _r(y + COORD_DY)
                    text = texts[label] = (f'<text y="{at}">{_cdata(label)}</text>' if at
                                           else f"<text>{_cdata(label)}</text>")
                out.append(text)
            if x:
                out.append("</g>")
        out.append("</g>")
        self.raw(dwg, "".join(out))

    def draw_tracks(self, dwg: svgwrite.Drawing, canvas: _Canvas,
                    sessions: Sequence[SessionView], focus: bool,
                    past: Sequence[SessionView] = (), known: bool = False) -> None:
        """Each session's tracks: the GM's true and believed ones; on the players' overview
        (``known``) the route as they know it now (``SessionView.known_track``), else their
        belief of the time."""
        group = dwg.g(class_="tracks")
        earlier = "".join(self.past_tracks(dwg, canvas, session) for session in past)
        if earlier:
            self.raw(group, earlier)
        for session in sessions:
            colour = track_colour(session.number) if not focus else TRACK_COLOURS[0]
            kinds: list[tuple[str, Track]] = []
            if isinstance(session, GMSessionView):
                kinds.append(("true", session.true_track))
            if known and not isinstance(session, GMSessionView):
                kinds.append(("known", session.known_track))
            else:
                kinds.append(("believed", session.believed_track))
            for kind, lines in kinds:
                for line in lines:
                    points = [canvas.centre(h) for h in line]
                    if len(points) == 1:
                        x, y = points[0]
                        group.add(dwg.circle((x, y), r=2.2, class_=f"tr tr-{kind}-dot",
                                             fill=colour))
                        continue
                    group.add(dwg.polyline(points, class_=f"tr tr-{kind}", stroke=colour))
        dwg.add(group)

    def past_tracks(self, dwg: svgwrite.Drawing, canvas: _Canvas,
                    session: SessionView) -> str:
        """An earlier session's tracks, faded, as text. The GM's map of each session draws
        every earlier session's tracks: written once per session of the view, not once per
        later map (a map's coordinates do not depend on its box)."""
        global _past_tracks
        if _past_tracks is None or _past_tracks[0] is not self.view.sessions:
            _past_tracks = (self.view.sessions, {})
        memo = _past_tracks[1]
        kept = memo.get(id(session))
        if kept is not None and kept[0] is session:
            return kept[1]
        earlier = list(session.believed_track)
        if isinstance(session, GMSessionView):
            earlier += list(session.true_track)
        text = "".join(
            _xml(dwg.polyline([canvas.centre(h) for h in line], class_="tr tr-past",
                              stroke=PAST_TRACK_COLOUR, style=PAST_TRACK_STYLE))
            for line in earlier if len(line) > 1)
        memo[id(session)] = (session, text)
        return text

    def placed_locations(self) -> list[LocationView]:
        """Locations with a place on this map. Players see a location they found while lost
        only once they know where it was (its hex explored, after re-anchoring)."""
        if isinstance(self.view, GMView):
            return list(self.view.locations.values())
        return [loc for loc in self.view.locations.values()
                if self.view.site.grid.label(loc.hex) in self.view.hexes]

    def icon_spots(self, canvas: _Canvas, only: Collection[str] | None,
                   ) -> list[tuple[LocationView, float | int, float | int]]:
        """Where each location's icon goes: the centre of its hex, several side by side."""
        xs, placed = self.placed_centres()
        by_hex: dict[Hex, list[LocationView]] = {}
        x0, x1 = canvas.x0 - SIZE, canvas.x1 + SIZE
        y0, y1 = canvas.y0 - SIZE, canvas.y1 + SIZE
        for _, y, loc in placed[bisect_left(xs, x0):bisect_right(xs, x1)]:
            if y0 <= y <= y1 and (only is None or loc.id in only):
                by_hex.setdefault(loc.hex, []).append(loc)
        out: list[tuple[LocationView, float | int, float | int]] = []
        for h, locs in sorted(by_hex.items()):
            cx, cy = canvas.centre(h)
            for i, loc in enumerate(sorted(locs, key=lambda loc: loc.id)):
                dx = (i - (len(locs) - 1) / 2) * ICON_SPACING
                out.append((loc, _r(cx + dx), cy))
        return out

    def placed_centres(self) -> tuple[list[float], list[tuple[float, float, LocationView]]]:
        """The placed locations (``placed_locations``) by the x of their hex's centre, with
        that centre: the same for every map of the view, found once (``_centres``)."""
        global _centres
        if _centres is None or _centres[0] is not self.view:
            placed = []
            for n, loc in enumerate(self.placed_locations()):
                x, y = self.grid.pixel(loc.hex, SIZE)
                placed.append((x, n, y, loc))
            placed.sort(key=lambda item: (item[0], item[1]))
            _centres = (self.view, ([x for x, *_ in placed],
                                    [(x, y, loc) for x, _, y, loc in placed]))
        return _centres[1]

    def party_spots(self) -> list[tuple[str, str | None]]:
        """Where the party marker(s) go now: players see where they believe they are."""
        now = self.view.now
        spots: list[tuple[str, str | None]] = [("true", now.believed_hex)]
        if isinstance(self.view, GMView):
            spots = [("true", self.view.now.hex)]
            if now.believed_hex != self.view.now.hex:
                spots.append(("believed", now.believed_hex))
        return spots

    def layout(self, canvas: _Canvas, labels: Sequence[str],
               icons: Sequence[tuple[LocationView, float | int, float | int]],
               runs: Sequence[tuple[PathView, list[curves.Point]]],
               spots: Sequence[tuple[str, str | None]]) -> _Layout:
        """The placement pass: every icon is fixed; the party marker takes a free spot in its
        hex; then location names, path names and hex names, in that order, each at the first
        free candidate (around the thing it names, then smaller, else left to the tooltip).
        A hex label (CCRR) under a placed name is hidden. No two placed texts, icons or
        markers overlap; the viewBox later grows to hold every text."""
        bounds = canvas.box()
        placer = labels_.Placer(bounds)
        out = _Layout()
        for _, x, y in icons:
            placer.take(labels_.around(x, y, ICON_RADIUS + LABEL_GAP))
        # the hex labels (CCRR): names keep clear of them where they can (``soft``)
        soft = labels_.Placer(bounds)
        memo = _grid_memo(self.grid)
        coords: dict[str, labels_.Box] = {}
        if self.view.site.show_labels:
            for label in labels:
                entry = memo.coords.get(label)
                if entry is None:
                    x, y = canvas.centre(self.view.hexes[label].hex)
                    box = labels_.label_box((label,), x, y + COORD_DY, COORD_SIZE, "middle")
                    entry = memo.coords[label] = (box, soft.cells_of(box))
                    memo.coord_of[id(box)] = label
                coords[label] = entry[0]
                soft.take_in(*entry)
        for kind, where in spots:
            if where is None or not self.grid.is_label(where):
                continue
            h = self.grid.parse(where)
            if not canvas.inside(h):
                continue
            cx, cy = canvas.centre(h)
            taken = [coords[where]] if where in coords else []
            for dx, dy in PARTY_SPOTS:
                x, y = _r(cx + dx * SIZE), _r(cy + dy * SIZE)
                box = labels_.around(x, y, PARTY_RADIUS + LABEL_GAP)
                if placer.free(box) and not any(box.overlaps(t) for t in taken):
                    break
            else:
                x, y = _r(cx + PARTY_SPOTS[0][0] * SIZE), _r(cy + PARTY_SPOTS[0][1] * SIZE)
            placer.take(labels_.around(x, y, PARTY_RADIUS + LABEL_GAP))
            out.party.append((kind, x, y))
        important = sorted(icons, key=lambda item: (_ICON_RANK.get(icon_kind(item[0]), 99),
                                                     item[0].name.casefold(), item[0].id))
        for loc, x, y in important:
            name = _place_name(placer, loc.name, x, y, ICON_RADIUS + LABEL_GAP, NAME_SIZES,
                               bounds, soft)
            if name is not None:
                out.names[loc.id] = name
        for n, (path, points) in enumerate(runs):
            if path.name and path.name != path.id:
                placed = _place_path_name(placer, path.name, points, bounds, soft)
                if placed is not None:
                    out.path_names.append((n, path.kind, path.name, placed))
        if self.view.site.show_names:
            named_here = {self.grid.label(loc.hex): loc.name for loc, _, _ in icons}
            for label in self.name_bearers(labels):
                info = self.view.hexes[label]
                if not info.name or named_here.get(label) == info.name:
                    continue
                cx, cy = canvas.centre(info.hex)
                has_icon = label in named_here
                placed_name = None
                for inside, keep_clear in ((bounds, soft), (bounds, None), (None, None)):
                    placed_name = labels_.place(
                        placer, _hex_name_candidates(info.name, cx, cy, has_icon), inside,
                        keep_clear)
                    if placed_name is not None:
                        break
                if placed_name is not None:
                    out.hex_names[label] = placed_name
        texts = [*out.names.values(), *out.hex_names.values()]
        boxes = [t.box for t in texts] + [b for *_, placed in out.path_names
                                          for b in placed.boxes]
        # a hex label under a placed text is hidden
        for box in boxes:
            out.hidden.update(memo.coord_of[id(coord)] for coord in soft.hits(box))
        out.extent = bounds
        for box in boxes:
            out.extent = out.extent.union(box.grow(1.5))
        return out

    def layout_key(self, canvas: _Canvas, labels: Sequence[str],
                   icons: Sequence[tuple[LocationView, float | int, float | int]],
                   runs: Sequence[tuple[PathView, list[curves.Point]]],
                   spots: Sequence[tuple[str, str | None]]) -> Hashable:
        """Everything ``layout`` reads, as a value: the canvas, the hexes and their names,
        each icon's place, name and kind, each path stretch's points and name, the party's
        spots. Two calls with equal keys place every text in the same place."""
        site = self.view.site
        hexes = self.view.hexes
        names = tuple((label, hexes[label].name) for label in labels
                      if hexes[label].name) if site.show_names else ()
        return (canvas.grid, canvas.x0, canvas.y0, canvas.x1, canvas.y1, site.show_labels,
                site.show_names, tuple(labels), names,
                tuple((loc.id, loc.name, loc.hex, icon_kind(loc), x, y) for loc, x, y in icons),
                tuple((path.id, path.name, path.kind, tuple(points)) for path, points in runs),
                tuple(spots))

    def name_bearers(self, labels: Sequence[str]) -> list[str]:
        """The hexes whose names are written: of neighbouring hexes that share a name (a lake,
        a stretch of fen) only the one nearest the middle of the group, so the name is
        written once."""
        by_name: dict[str, list[Hex]] = {}
        for label in labels:
            info = self.view.hexes[label]
            if info.name:
                by_name.setdefault(info.name, []).append(info.hex)
        keep: set[str] = set()
        for hexes in by_name.values():
            left = set(hexes)
            while left:
                start = min(left)
                group, todo = {start}, [start]
                while todo:
                    h = todo.pop()
                    for _, n in self.grid.neighbors(h):
                        if n in left and n not in group:
                            group.add(n)
                            todo.append(n)
                left -= group
                points = {h: self.grid.pixel(h, SIZE) for h in group}
                mx = sum(p[0] for p in points.values()) / len(group)
                my = sum(p[1] for p in points.values()) / len(group)
                keep.add(self.grid.label(min(group, key=lambda h: (
                    (points[h][0] - mx) ** 2 + (points[h][1] - my) ** 2, h))))
        return [label for label in labels if label in keep]

    def draw_locations(self, dwg: svgwrite.Drawing,
                       icons: Sequence[tuple[LocationView, float | int, float | int]],
                       layout: _Layout) -> set[str]:
        """Each location: its icon and its placed name, in a link to its page (the tooltip
        names it, also where the name did not fit)."""
        group = dwg.g(class_="locations", font_size=_num(NAME_SIZES[0]), text_anchor="middle")
        kinds: set[str] = set()
        for loc, x, y in icons:
            kind = icon_kind(loc)
            kinds.add(kind)
            label = layout.names.get(loc.id)
            # the tooltip names a location whose name did not fit (a shown name is the
            # link's own text)
            target = _link(group, self.links.location(loc.id),
                           loc.name if label is None else None)
            use = _use(f"{self.prefix}{kind}", (x, y))
            if target is group and label is None:
                use.set_desc(title=loc.name)
            target.add(use)
            if label is not None:
                target.add(_label_text(dwg, label, NAME_SIZES[0]))
        dwg.add(group)
        return kinds

    def draw_names(self, dwg: svgwrite.Drawing, layout: _Layout) -> None:
        """Path names along their lines and hex names (``map.labels: names``)."""
        if layout.path_names:
            group = dwg.g(class_="pnames", text_anchor="middle")
            for n, kind, name, placed in layout.path_names:
                lid = f"{self.prefix}l{n}"
                dwg.defs.add(_Element("path", {"id": lid, "d": placed.d}))
                text = dwg.text("", class_=f"pn-{kind}", font_size=_num(placed.size),
                                dy=[_num(placed.dy * placed.size)])
                text.add(svgwrite.text.TextPath("#" + lid, name, startOffset="50%",
                                                debug=False, profile="full"))
                group.add(text)
            dwg.add(group)
        if layout.hex_names:
            group = dwg.g(class_="hnames", font_size=_num(HEX_NAME_SIZES[0]),
                          text_anchor="middle")
            for label in sorted(layout.hex_names):
                group.add(_label_text(dwg, layout.hex_names[label], HEX_NAME_SIZES[0]))
            dwg.add(group)

    def draw_party(self, dwg: svgwrite.Drawing, layout: _Layout) -> None:
        group = dwg.g(class_="party")
        for kind, x, y in layout.party:
            marker = dwg.circle((x, y), r=PARTY_RADIUS, class_=f"party-{kind}")
            marker.set_desc(title=(self.t.gettext("The party") if self.t else "The party"))
            group.add(marker)
        dwg.add(group)

    def draw_fog(self, dwg: svgwrite.Drawing, canvas: _Canvas) -> None:
        """The unknown: a textured pattern (drifting mist over parchment) under the explored
        hexes, reaching well past the viewBox so that zooming out or a wide page never shows
        its edge."""
        w, h = canvas.x1 - canvas.x0, canvas.y1 - canvas.y0
        reach = 1.5 * max(w, h)
        if self.for_print:  # plain parchment: a pattern would print as an image
            dwg.add(_Element("rect", {"x": _num(canvas.x0 - reach),
                                      "y": _num(canvas.y0 - reach),
                                      "width": _num(w + 2 * reach),
                                      "height": _num(h + 2 * reach), "class": "fog"}))
            return
        pattern = dwg.pattern(id=f"{self.prefix}fog", size=(FOG_TILE, FOG_TILE),
                              patternUnits="userSpaceOnUse")
        pattern.add(_Element("rect", {"width": FOG_TILE, "height": FOG_TILE,
                                      "class": "fog"}))
        pattern.add(_Element("path", {"d": FOG_MIST, "class": "fog-mist"}))
        dwg.defs.add(pattern)
        w, h = canvas.x1 - canvas.x0, canvas.y1 - canvas.y0
        reach = 1.5 * max(w, h)
        dwg.add(_Element("rect", {"x": _num(canvas.x0 - reach), "y": _num(canvas.y0 - reach),
                                  "width": _num(w + 2 * reach), "height": _num(h + 2 * reach),
                                  "fill": f"url(#{self.prefix}fog)"}))

    def draw_known_edge(self, dwg: svgwrite.Drawing, canvas: _Canvas,
                        labels: Sequence[str]) -> None:
        """The edge of the known world: the hex sides between explored and unknown hexes,
        as one line."""
        explored = {self.view.hexes[label].hex for label in labels}
        parts: list[str] = []
        sides = _sides(self.grid)
        steps = list(enumerate(sides.steps))
        for h in sorted(explored):
            q, r = h
            for i, (dq, dr) in steps:
                # a Hex is a named tuple: a plain pair finds it in the set
                if (q + dq, r + dr) not in explored:
                    parts.append(sides.text(h, i))
        if parts:
            dwg.add(_Element("path", {"class": "known-edge", "d": "".join(parts)}))

    # -- whole maps -----------------------------------------------------------------------
    def draw_outlines(self, dwg: svgwrite.Drawing, canvas: _Canvas,
                      labels: Sequence[str]) -> None:
        """A highlight outline on each hex of ``labels`` (one symbol, one ``<use>`` each)."""
        if not labels:
            return
        symbol = dwg.symbol(id=f"{self.prefix}new")
        symbol.attribs["overflow"] = "visible"
        symbol.add(dwg.polygon(_hex_points(self.grid, 0.9), stroke=NEW_HEX_COLOUR,
                               style=NEW_HEX_STYLE))
        dwg.defs.add(symbol)
        group = dwg.g(class_="new-hexes")
        group.attribs["pointer-events"] = "none"
        for label in labels:
            group.add(dwg.use(f"#{self.prefix}new", insert=canvas.centre(
                self.view.hexes[label].hex)))
        dwg.add(group)

    def render(self, canvas: _Canvas, labels: Sequence[str], sessions: Sequence[SessionView],
               css_class: str, fog: bool, focus: bool, party: bool, scale: float, *,
               paths: Sequence[PathView] | None = None,
               locations: Collection[str] | None = None,
               past: Sequence[SessionView] = (),
               spots: Sequence[tuple[str, str | None]] | None = None,
               outlined: Sequence[str] = (), known: bool = False,
               memo_layout: bool = False) -> str:
        """The map as SVG text. ``memo_layout``: take the placement pass's result from
        ``_LAYOUTS`` when everything it reads is as it was (the overview under serve)."""
        self.raws: list[str] = []
        self.tiled = len(labels) >= TILED_HEXES
        runs = self.path_runs(canvas, paths)
        icons = self.icon_spots(canvas, locations)
        party_spots = (self.party_spots() if spots is None else spots) if party else []
        if memo_layout:
            key = self.layout_key(canvas, labels, icons, runs, party_spots)
            layout = _LAYOUTS.get(key) or _keep_layout(
                key, self.layout(canvas, labels, icons, runs, party_spots))
        else:
            layout = self.layout(canvas, labels, icons, runs, party_spots)
        canvas.fit(layout.extent)
        dwg = self.drawing(canvas, css_class, scale)
        if css_class == "overview" and self.view.site.show_labels and self.tiled:
            # the site hides the hex labels until the map is zoomed in far enough to read
            # them (hexcrawl.css, hexcrawl.js: thousands of texts too small to read cost
            # the page a good part of its first paint); the file alone shows them
            dwg.attribs["class"] += " lod"
            dwg.attribs["data-lod"] = COORD_SIZE
        if fog:
            self.draw_fog(dwg, canvas)
        self.terrain_symbols(dwg, labels)
        self.draw_hexes(dwg, canvas, labels)
        if fog:
            self.draw_known_edge(dwg, canvas, labels)
        self.draw_outlines(dwg, canvas, outlined)
        self.draw_paths(dwg, runs)
        self.draw_coordinates(dwg, canvas, labels, layout.hidden)
        self.draw_tracks(dwg, canvas, sessions, focus, past, known)
        kinds = self.draw_locations(dwg, icons, layout)
        self.icon_symbols(dwg, kinds)
        self.draw_names(dwg, layout)
        if party:
            self.draw_party(dwg, layout)
        return _xml(dwg, self.raws)


#: The overview's last placements by ``_MapWriter.layout_key`` (the players' and the GM's,
#: under ``hexcrawl serve``): an edit that moves no name, icon, path or party marker places
#: nothing again. A ``_Layout`` kept here is only read by the drawing.
_LAYOUTS: dict[Hashable, _Layout] = {}
_LAYOUTS_KEPT = 4


def _keep_layout(key: Hashable, layout: _Layout) -> _Layout:
    while len(_LAYOUTS) >= _LAYOUTS_KEPT:
        del _LAYOUTS[next(iter(_LAYOUTS))]
    _LAYOUTS[key] = layout
    return layout


def _track_hexes(sessions: Iterable[SessionView], known: bool = False) -> set[Hex]:
    out: set[Hex] = set()
    for s in sessions:
        lines = list(s.known_track if known and not isinstance(s, GMSessionView)
                     else s.believed_track)
        if isinstance(s, GMSessionView):
            lines += list(s.true_track)
        for line in lines:
            out.update(line)
    return out


def overview_map(view: View, links: MapLinks | None = None, t: Translator | None = None,
                 for_print: bool = False) -> str:
    """The whole map as SVG text: the GM's shows everything; the players' what they know.

    The players' map is cropped to what they know (explored hexes, found locations, their
    believed track), one hex of fog around it. ``for_print``: drawn for a PDF, with no
    pattern fills (see ``_MapWriter``).
    """
    writer = _MapWriter(view, links or MapLinks(), t, "m-", for_print)
    grid = view.site.grid
    if isinstance(view, GMView):
        canvas = _Canvas(grid, grid.all_hexes(), SIZE * 0.3)
        fog = False
    else:
        known = {info.hex for info in view.hexes.values()}
        known |= _track_hexes(view.sessions, known=True)
        if view.now.believed_hex and grid.is_label(view.now.believed_hex):
            known.add(grid.parse(view.now.believed_hex))
        canvas = _Canvas(grid, known, SIZE * 1.2)
        canvas.at_least(PLAYER_FRAME[0] * 1.5 * SIZE, PLAYER_FRAME[1] * math.sqrt(3) * SIZE)
        fog = True
    labels = [label for label, info in view.hexes.items() if canvas.inside(info.hex)]
    return writer.render(canvas, labels, view.sessions, "overview", fog=fog, focus=False,
                         party=True, scale=PIXELS_PER_UNIT, known=True, memo_layout=True)


def session_map(view: View, session: SessionView, links: MapLinks | None = None,
                t: Translator | None = None) -> str | None:
    """A small route map of one session (a cropped viewBox), or None without a track."""
    hexes = _track_hexes([session])
    if not hexes:
        return None
    writer = _MapWriter(view, links or MapLinks(), t, "s-")
    canvas = _Canvas(view.site.grid, hexes, SIZE * 2.2)
    labels = _hexes_inside(view, canvas)
    return writer.render(canvas, labels, [session], "route",
                         fog=not isinstance(view, GMView), focus=True, party=False,
                         scale=ROUTE_PIXELS_PER_UNIT)


def explored_map(view: GMView, session: GMSessionView, links: MapLinks | None = None,
                 t: Translator | None = None) -> str | None:
    """The GM's map of the players' knowledge at the end of ``session``.

    The hexes explored by then (``session.state``, computed in knowledge.py) over fog, the
    hexes first explored in this session outlined, the paths over explored hexes, the
    locations found by then, earlier sessions' tracks thin and faded, this session's true
    and believed tracks in full, and the party where it truly was and believed it was at the
    end. Cropped to all of that plus a margin; None when there is nothing to draw.
    """
    state = session.state
    grid = view.site.grid
    upto: list[GMSessionView] = []
    for s in view.sessions:
        upto.append(s)
        if s is session:
            break
    labels = sorted(label for label in state.explored if label in view.hexes)
    end = session.end
    spots: list[tuple[str, str | None]] = [("true", end.hex)]
    if end.believed_hex != end.hex:
        spots.append(("believed", end.believed_hex))
    hexes = {view.hexes[label].hex for label in labels} | _track_hexes(upto)
    hexes |= {grid.parse(label) for _, label in spots
              if label is not None and grid.is_label(label)}
    if not hexes:
        return None
    writer = _MapWriter(view, links or MapLinks(), t, "x-")
    canvas = _Canvas(grid, hexes, SIZE * 1.2)
    return writer.render(canvas, labels, [session], "explored", fog=True, focus=True,
                         party=True, scale=ROUTE_PIXELS_PER_UNIT, paths=state.paths,
                         locations=state.discovered, past=upto[:-1], spots=spots,
                         outlined=sorted(label for label in state.new if label in view.hexes))


# ------------------------------------------------------------------------------------------
# legend swatches (small inline SVGs the page templates place next to their words)


def _swatch(width: int, height: int) -> svgwrite.Drawing:
    dwg = svgwrite.Drawing(profile="full", debug=False, size=(width, height),
                           viewBox=f"0 0 {width} {height}")
    dwg.attribs["class"] = "hexmap-swatch"
    dwg.attribs["aria-hidden"] = "true"
    return dwg


def terrain_swatch(terrain: TerrainView | str, density: str | None = None) -> str:
    """A hex of a terrain with its drawing (or of a plain colour), for the legend."""
    dwg = _swatch(30, 26)
    dwg.attribs["viewBox"] = "-21 -18.3 42 36.6"
    grid = Grid(1, 1)
    if isinstance(terrain, str):
        dwg.add(dwg.polygon(_hex_points(grid), fill=terrain, stroke="#0003", stroke_width=0.8))
        return _xml(dwg)
    symbol = terrain_symbol(dwg, "x", terrain, density, False, grid)
    group = dwg.g()
    for child in symbol.elements:
        group.add(child)
    group.elements[0].attribs.update({"stroke": "#0003", "stroke-width": "0.8"})
    dwg.add(group)
    return _xml(dwg)


def fog_swatch() -> str:
    """A hex of fog (the unknown on the players' map), for the legend."""
    dwg = _swatch(30, 26)
    dwg.attribs["viewBox"] = "-21 -18.3 42 36.6"
    dwg.add(_Element("path", {"d": _hex_path(Grid(1, 1)), "class": "fog", "stroke": "#0003",
                              "stroke-width": "0.8"}))
    dwg.add(_Element("path", {"d": "M-14-4q5-4 10 0t10 0M-6 7q4-3 8 0t8 0", "class": "fog-mist"}))
    return _xml(dwg)


def legend_terrains(view: View) -> list[tuple[TerrainView, str | None]]:
    """The terrain drawings the map uses, for its legend: (terrain, density), forests by
    density where their drawings differ (sparse, medium as None, dense)."""
    used: set[tuple[str, str | None]] = set()
    for info in view.hexes.values():
        terrain = view.terrains.get(info.terrain)
        if terrain is None:
            continue
        density = info.density if info.density in ("sparse", "dense") else None
        if terrain.art is not None or terrain.symbol != "forest":
            density = None
        used.add((info.terrain, density))
    order = {"sparse": 0, None: 1, "dense": 2}
    return [(view.terrains[tid], density)
            for tid, density in sorted(used, key=lambda v: (v[0], order[v[1]]))]


def legend_icons(view: View) -> list[str]:
    """The location icons the overview map shows, in the legend's order."""
    placed = _MapWriter(view, MapLinks(), None, "").placed_locations()
    kinds = {icon_kind(loc) for loc in placed}
    return [kind for kind in symbols.ICONS if kind in kinds]


def path_swatch(kind: str) -> str:
    """A short stretch of a path kind, drawn as on the map (casing, line, centre line)."""
    dwg = _swatch(34, 12)
    d = "M3 7.5C10 3 14 3 18 6S26 9 31 4.5"
    if kind == "river":
        dwg.add(_Element("path", {"class": "p-river", "d": d, "stroke-width": "2.4"}))
    else:
        for cls in {"highway": ("cs cs-highway", "p-highway", "p-highway-in"),
                    "road": ("cs", "p-road")}.get(kind, (f"p-{kind}",)):
            dwg.add(_Element("path", {"class": cls, "d": d}))
    return _xml(dwg)


def track_swatch(colour: str, kind: str) -> str:
    dwg = _swatch(34, 12)
    line = dwg.polyline([(2, 6), (32, 6)], class_=f"tr tr-{kind}", stroke=colour)
    if kind == "past":
        line.attribs["style"] = PAST_TRACK_STYLE
    dwg.add(line)
    return _xml(dwg)


def new_hex_swatch() -> str:
    """The outline of a hex first explored in the session (the GM's map of one session)."""
    dwg = _swatch(22, 20)
    points = [(_r(11 + 9 * math.cos(math.radians(60 * i))),
               _r(10 + 9 * math.sin(math.radians(60 * i)))) for i in range(6)]
    dwg.add(dwg.polygon(points, stroke=NEW_HEX_COLOUR, style=NEW_HEX_STYLE))
    return _xml(dwg)


def icon_swatch(kind: str) -> str:
    dwg = _swatch(18, 18)
    dwg.attribs["viewBox"] = "-7.5 -7.5 15 15"
    dwg.add(dwg.path(d=symbols.ICONS.get(kind, symbols.ICONS["point"]), class_="icon"))
    return _xml(dwg)


def party_swatch(kind: str = "true") -> str:
    dwg = _swatch(16, 16)
    dwg.add(dwg.circle((8, 8), r=5, class_=f"party-{kind}"))
    return _xml(dwg)


# ------------------------------------------------------------------------------------------
# the map page: a large overview's heavy layers held aside


@dataclass(frozen=True)
class Deferred:
    """An overview as its map page embeds it (``deferred``): ``map``, the SVG with its
    ``.hexes`` and ``.labels`` layers left empty, and ``layers``, each of them as an SVG of
    its own, the same size and viewBox, for a ``<noscript>`` beside the map."""

    map: str
    #: (the layer's class, its SVG)
    layers: tuple[tuple[str, str], ...]


_ROOT = re.compile(r"<svg [^>]*>")
_GROUP = re.compile(r"<g[ >/]|</g>")


def deferred(svg: str) -> Deferred:
    """A large overview (marked ``lod``) with its layers of links and labels held aside.

    While a page loads, Material restyles the whole page several times, each time in
    proportion to its elements; an overview of 10,000 hexes has some 33,000 of them, most
    in the links (one per hex, not painted) and the hex labels (too small to read until
    zoomed in). The map page shows the map without them and puts each beside it in a
    ``<noscript>``: the browser keeps that as text, and hexcrawl.js puts the links into the
    map once the page has loaded and the labels once they are big enough to read. Without
    scripts the ``<noscript>`` is markup, which lies over the map, as it would be drawn in
    it. A map not marked ``lod`` is returned whole."""
    root = _ROOT.search(svg)
    if root is None or ' lod"' not in root.group(0):
        return Deferred(svg, ())
    layers: list[tuple[str, str]] = []
    out = svg
    for name in ("hexes", "labels"):
        found = re.search(f'<g class="{name}[" ]', out)
        if found is None:
            continue
        start = found.start()
        end = _group_end(out, start)
        head = out[start:out.index(">", start) + 1]
        layers.append((name, _layer_svg(root.group(0), name, out[start:end])))
        out = out[:start] + head + "</g>" + out[end:]
    return Deferred(out, tuple(layers))


def _group_end(text: str, start: int) -> int:
    """Where the ``<g>`` that opens at ``start`` closes (just after its ``</g>``)."""
    depth = 0
    for m in _GROUP.finditer(text, start):
        if m.group(0) == "</g>":
            depth -= 1
            if depth == 0:
                return m.end()
        elif not text.startswith("/>", text.index(">", m.start()) - 1):
            depth += 1
    raise ValueError("unbalanced <g> in a map")


def _layer_svg(root: str, name: str, layer: str) -> str:
    """One layer as an SVG of its own, over the map (``hexmap-layer``), with the map's
    size, viewBox and namespaces (its styles are the map's: an inline SVG's ``<style>``
    applies to the whole page)."""
    attrs = dict(re.findall(r'([\w:-]+)="([^"]*)"', root))
    keep = ("xmlns", "xmlns:xlink", "viewBox", "width", "height", "preserveAspectRatio")
    head = " ".join(f'{k}="{attrs[k]}"' for k in keep if k in attrs)
    hidden = ' aria-hidden="true"' if name == "labels" else ""
    return f'<svg {head} class="hexmap-svg hexmap-layer"{hidden}>{layer}</svg>'
