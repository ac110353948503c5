"""The placement pass: where the party markers, location names, path names and hex names go
(``place``), so that no two placed texts, icons or markers overlap, and which hex labels
(CCRR) a name covers. ``LayoutCache`` keeps placements for a caller that draws the same
overview again and again (``hexcrawl serve``)."""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field

from generator.hexgrid import Hex
from generator.knowledge import LocationView, PathView
from generator.render.maps import curves, labels
from generator.render.maps.drawing import KeyEntry, MapDrawing, icon_kind
from generator.render.maps.hexes import coord_box, moved_boxes
from generator.render.maps.lattice import Canvas
from generator.render.maps.style import (
    HEX_NAME_SIZES,
    ICON_RADIUS,
    LABEL_GAP,
    NAME_SIZES,
    PARTY_RADIUS,
    PARTY_SPOTS,
    PATH_NAME_DY,
    PATH_NAME_SIZES,
    SIZE,
)
from generator.render.maps.svg import rounded

#: A location's icon and where it is drawn.
Icon = tuple[LocationView, float | int, float | int]
#: A drawn stretch of a path and the points its curve passes.
Run = tuple[PathView, list[curves.Point]]
#: Where a party marker goes: its kind ("true", "believed") and its hex's label.
Spot = tuple[str, str | None]

#: Which names are placed first (the rest by name).
_ICON_RANK = {kind: i for i, kind in enumerate((
    "city", "town", "castle", "village", "temple", "tower", "bridge", "ford", "ruin", "cave",
    "tomb", "stones", "peak", "spring", "tree", "camp", "point"))}


@dataclass(frozen=True)
class PathName:
    """A path's name set along a stretch of it: that stretch's path data (left to right),
    the font size, and the boxes the letters cover."""

    d: str
    size: float
    #: the baseline's distance from the line, in em (negative: above it)
    dy: float
    boxes: tuple[labels.Box, ...]


@dataclass
class Layout:
    """The placement pass's result (``place``)."""

    #: party markers: (kind, x, y)
    party: list[tuple[str, float | int, float | int]] = field(default_factory=list)
    #: location id -> its name's place
    names: dict[str, labels.Label] = field(default_factory=dict)
    #: location id -> a leader line (x0, y0, x1, y1) from its icon to its name, for a name
    #: set away from its icon's hex
    leaders: dict[str, tuple[float, float, float, float]] = field(default_factory=dict)
    #: (index of the path stretch, kind, name, where)
    path_names: list[tuple[int, str, str, PathName]] = field(default_factory=list)
    #: hex label -> its name's place (``map.labels: names``)
    hex_names: dict[str, labels.Label] = field(default_factory=dict)
    #: hexes whose name is written on the map (in them, or in a neighbour of the same name)
    written: set[str] = field(default_factory=set)
    #: hex labels (CCRR) left out: on a map that shows none, those of the hexes its key
    #: names that a name covers (where labels are shown, names keep clear of them)
    hidden: set[str] = field(default_factory=set)
    #: hex label -> the baseline of its label (CCRR) moved within its hex, out of a
    #: printed name's way
    moved: dict[str, int] = field(default_factory=dict)
    #: the canvas and every placed text
    extent: labels.Box = labels.Box(0, 0, 0, 0)
    #: a printed map's names that have no room on it (``printed``), for its key
    key: list[KeyEntry] = field(default_factory=list)


class LayoutCache:
    """Placements kept by everything the placement pass reads (``layout_key``): the caller
    that draws the same overview after every edit (``hexcrawl serve``) keeps one, and an
    edit that moves no name, icon, path or party marker places nothing again (on a large
    map, placing the names is a good part of drawing it)."""

    def __init__(self, kept: int = 4) -> None:
        self.kept = kept
        self.layouts: dict[Hashable, Layout] = {}

    def get(self, key: Hashable) -> Layout | None:
        return self.layouts.get(key)

    def put(self, key: Hashable, layout: Layout) -> Layout:
        while len(self.layouts) >= self.kept:
            del self.layouts[next(iter(self.layouts))]
        self.layouts[key] = layout
        return layout


def layout_key(m: MapDrawing, canvas: Canvas, hexes: Sequence[str], icons: Sequence[Icon],
               runs: Sequence[Run], spots: Sequence[Spot]) -> Hashable:
    """Everything ``place`` reads, as a value: the canvas, the hexes and their names, each
    icon's place, name and kind, each path stretch's points and name, the party's spots.
    Two calls with equal keys place every text in the same place."""
    site = m.view.site
    names = tuple((label, m.hexes[label].name) for label in hexes
                  if m.hexes[label].name) if site.show_names else ()
    return (canvas.grid, canvas.x0, canvas.y0, canvas.x1, canvas.y1, site.show_labels,
            site.show_names, tuple(hexes), names,
            tuple((loc.id, loc.name, loc.hex, icon_kind(loc), x, y) for loc, x, y in icons),
            tuple((path.id, path.name, path.kind, tuple(points)) for path, points in runs),
            tuple(spots), m.sizes)


def place(m: MapDrawing, canvas: Canvas, hexes: Sequence[str], icons: Sequence[Icon],
          runs: Sequence[Run], spots: Sequence[Spot]) -> Layout:
    """The placement pass: every icon and every hex label (CCRR) is fixed; the party
    marker takes a free spot in its hex; then location names, path names and hex names, in
    that order, each at the first free candidate (a location's name around its icon and
    inside its hex, then smaller, then in a neighbouring hex with a leader line; a hex's
    name inside its hex; else it is left to the tooltip). No two placed texts, icons,
    markers or hex labels overlap, so every hex keeps its number; the viewBox later grows
    to hold every text. Printed (``printed``), a hex label may move within its hex (to
    its middle, else its foot) to make room for a name, never under one, and the names
    with no room are listed for the map's key (``Layout.key``)."""
    bounds = canvas.box()
    placer = labels.Placer(bounds)
    out = Layout()
    for _, x, y in icons:
        placer.take(labels.around(x, y, ICON_RADIUS + LABEL_GAP))
    numbers = _take_numbers(m, canvas, placer, hexes) if m.view.site.show_labels else set()
    _place_party(m, canvas, placer, spots, out)
    important = sorted(icons, key=lambda item: (_ICON_RANK.get(icon_kind(item[0]), 99),
                                                 item[0].name.casefold(), item[0].id))
    for loc, x, y in important:
        placed = _place_location_name(canvas, placer, loc, x, y, bounds, numbers,
                                      m.sizes.names)
        if placed is not None:
            out.names[loc.id], leader = placed
            if leader is not None:
                out.leaders[loc.id] = leader
        elif m.sizes.printed:
            out.key.append(KeyEntry((m.grid.label(loc.hex),), loc.name))
    named: set[str] = set()
    for n, (path, points) in enumerate(runs):
        if path.name and path.name != path.id:
            spot = _place_path_name(placer, path.name, points, bounds, m.sizes.path_names)
            if spot is not None:
                named.add(path.id)
                out.path_names.append((n, path.kind, path.name, spot))
    if m.sizes.printed:
        out.key += [KeyEntry((m.grid.label(p.runs[0][0]), m.grid.label(p.runs[-1][-1])),
                             p.name, p.kind) for p in {id(p): p for p, _ in runs}.values()
                    if p.name and p.name != p.id and p.id not in named and p.runs]
    if m.view.site.show_names:
        _place_hex_names(m, canvas, placer, hexes, icons, out)
    if m.sizes.printed and not m.view.site.show_labels:
        # a map without hex labels has those of the hexes its key names, where free in
        # their hex
        shown = {h for entry in out.key for h in entry.hexes}
        for label in hexes:
            if label not in shown:
                continue
            y = canvas.centre(m.hexes[label].hex)[1]
            box = coord_box(label, *canvas.centre(m.hexes[label].hex), m.sizes)
            free = next((b for b in (box, *moved_boxes(box, y)) if placer.free(b)), None)
            if free is None:
                out.hidden.add(label)
            else:
                placer.take(free)
                placer.moved[label] = free
    out.moved = {label: round(box.y0 + m.sizes.coord * labels.ASCENT)
                 for label, box in placer.moved.items()
                 if box != coord_box(label, *canvas.centre(m.hexes[label].hex), m.sizes)}
    texts = [*out.names.values(), *out.hex_names.values()]
    boxes = [t.box for t in texts] + [b for *_, spot in out.path_names for b in spot.boxes]
    out.extent = bounds
    for box in boxes:
        out.extent = out.extent.union(box.grow(1.5))
    return out


def _take_numbers(m: MapDrawing, canvas: Canvas, placer: labels.Placer,
                  hexes: Sequence[str]) -> set[int]:
    """Every hex's label (CCRR) taken at the top of its hex; printed, movable within its
    hex for a name (its hex keeps its number; the names of a crowded map need the room),
    and off an icon from the start. The ids of the boxes taken at the top (a leader line
    may pass under one)."""
    numbers: set[int] = set()
    for label in hexes:
        x, y = canvas.centre(m.hexes[label].hex)
        box = coord_box(label, x, y, m.sizes)
        numbers.add(id(box))
        if not m.sizes.printed:
            placer.take(box)
            continue
        room = (box, *moved_boxes(box, y))
        # an icon may reach into the room under the baseline: digits have no descenders
        free = next((s for s in room if placer.free(labels.Box(
            s.x0, s.y0, s.x1, s.y1 - labels.DESCENT * m.sizes.coord))), box)
        placer.take_movable(label, free, room)
        if free is not box:
            placer.moved[label] = free
    return numbers


def _place_party(m: MapDrawing, canvas: Canvas, placer: labels.Placer,
                 spots: Sequence[Spot], out: Layout) -> None:
    """Each party marker at the first free spot of ``PARTY_SPOTS`` in its hex (in a named
    hex the middle last: the name goes there); with none free, the first that leaves the
    hex's label (CCRR) readable."""
    for kind, where in spots:
        if where is None or not m.grid.is_label(where):
            continue
        h = m.grid.parse(where)
        if not canvas.inside(h):
            continue
        cx, cy = canvas.centre(h)
        number = (placer.moved.get(where) or coord_box(where, cx, cy, m.sizes)
                  if m.view.site.show_labels else None)
        choices = [(rounded(cx + dx * SIZE), rounded(cy + dy * SIZE)) for dx, dy in PARTY_SPOTS]
        if m.view.site.show_names and where in m.hexes and m.hexes[where].name:
            choices = choices[1:] + choices[:1]  # the middle is the hex name's
        x, y = next((p for p in choices if placer.free(labels.around(*p, PARTY_RADIUS
                                                                      + LABEL_GAP))),
                    next((p for p in choices if number is None or not labels.around(
                        *p, PARTY_RADIUS + LABEL_GAP).overlaps(number)), choices[0]))
        placer.take(labels.around(x, y, PARTY_RADIUS + LABEL_GAP))
        out.party.append((kind, x, y))


def _place_hex_names(m: MapDrawing, canvas: Canvas, placer: labels.Placer,
                     hexes: Sequence[str], icons: Sequence[Icon], out: Layout) -> None:
    """Each named hex's name inside its hex (``map.labels: names``), but where a location
    there bears the same name; a name shared by neighbouring hexes once, in the hex of
    the group nearest its middle that has room."""
    bounds = canvas.box()
    flat = canvas.grid.orientation == "flat"
    # a hex may hold several locations: any of them may bear the hex's name
    named_here = {(m.grid.label(loc.hex), loc.name) for loc, _, _ in icons}
    shown_here = {(m.grid.label(loc.hex), loc.name) for loc, _, _ in icons
                  if loc.id in out.names}
    with_icon = {label for label, _ in named_here}
    for choices in name_bearers(m, hexes):
        for label in choices:
            info = m.hexes[label]
            if not info.name or (label, info.name) in named_here:
                if info.name and (label, info.name) in shown_here:
                    out.written.add(label)  # the location's name is the hex's
                break
            cx, cy = canvas.centre(info.hex)
            found = [(c, box, _fits_hex(flat, box, cx, cy)) for c, box in
                     _hex_name_candidates(info.name, cx, cy, label in with_icon,
                                          m.sizes.hex_names)]
            # printed, a name too long for its hex may reach into the hexes beside (at
            # each size, after every spot inside it)
            candidates = [(c, box) for c, box, inside in sorted(
                              found, key=lambda f: (-f[0].size, not f[2]))
                          if inside or (m.sizes.printed and _fits_wide(box, cx, cy))]
            placed = (labels.place_boxed(placer, candidates, bounds)
                      or labels.place_boxed(placer, candidates))
            if placed is not None:
                out.hex_names[label] = placed
                out.written.update(choices)
                break
        else:
            name = m.hexes[choices[0]].name
            if m.sizes.printed and name:
                out.key.append(KeyEntry(tuple(choices), name))


def name_bearers(m: MapDrawing, hexes: Sequence[str]) -> list[list[str]]:
    """The hexes whose names are written, each with the hexes that may write it instead:
    of neighbouring hexes that share a name (a lake, a stretch of fen) the name is written
    once, in the one nearest the middle of the group, else in the next nearest."""
    by_name: dict[str, list[Hex]] = {}
    for label in hexes:
        info = m.hexes[label]
        if info.name:
            by_name.setdefault(info.name, []).append(info.hex)
    out: list[tuple[int, list[str]]] = []
    order = {label: n for n, label in enumerate(hexes)}
    for found in by_name.values():
        left = set(found)
        while left:
            start = min(left)
            group, todo = {start}, [start]
            while todo:
                h = todo.pop()
                for _, n in m.grid.neighbors(h):
                    if n in left and n not in group:
                        group.add(n)
                        todo.append(n)
            left -= group
            points = {h: m.grid.pixel(h, SIZE) for h in group}
            mx = sum(p[0] for p in points.values()) / len(group)
            my = sum(p[1] for p in points.values()) / len(group)
            ranked = [m.grid.label(h) for h in sorted(group, key=lambda h: (
                (points[h][0] - mx) ** 2 + (points[h][1] - my) ** 2, h))]
            out.append((order[ranked[0]], ranked))
    return [ranked for _, ranked in sorted(out)]


def own_hex(canvas: Canvas, h: Hex, x: float, y: float) -> bool:
    """Whether (x, y) lies in hex ``h`` (nearer its centre than any neighbour's)."""
    return _in_hex(_centres(canvas, h), x, y)


def _centres(canvas: Canvas, h: Hex) -> list[tuple[float, float]]:
    """The centre of a hex, then its neighbours' (for ``_in_hex``)."""
    return [canvas.centre(h), *(canvas.grid.pixel(n, SIZE) for _, n in canvas.grid.neighbors(h))]


def _in_hex(centres: Sequence[tuple[float, float]], x: float, y: float) -> bool:
    """Whether (x, y) is nearer the first of ``centres`` than any other."""
    (cx, cy), *others = centres
    mine = (x - cx) ** 2 + (y - cy) ** 2
    return all((x - nx) ** 2 + (y - ny) ** 2 >= mine for nx, ny in others)


def _place_location_name(canvas: Canvas, placer: labels.Placer, loc: LocationView,
                         x: float, y: float, bounds: labels.Box, numbers: set[int],
                         sizes: Sequence[float] = NAME_SIZES,
                         ) -> tuple[labels.Label, tuple[float, float, float, float] | None] | None:
    """A location's name: around its icon with the middle of the name inside the icon's
    hex (each size in turn), else set in a neighbouring hex with a leader line from the
    icon, else right beside the icon reaching into the next hex, else None (the tooltip
    names it). Spots inside the canvas first; outside it the viewBox grows."""
    r = ICON_RADIUS + LABEL_GAP
    centres = _centres(canvas, loc.hex)

    def near(size: float) -> Iterator[tuple[labels.Label, labels.Box]]:
        """The spots around the icon, then lower under it, whose middle is in its hex (made
        as they are tried: most names take one of the first)."""
        around = labels.boxed_name_candidates(loc.name, x, y, r, (size,))
        below = labels.boxed_name_candidates(loc.name, x, y, r, (size,))
        lower = ((dataclasses.replace(label, y=label.y + drop),
                  labels.Box(box.x0, box.y0 + drop, box.x1, box.y1 + drop))
                 for label, box in below if label.anchor == "middle" and label.y > y
                 for drop in _DROPS)
        for label, box in itertools.chain(around, lower):
            if _in_hex(centres, (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2):
                yield label, box

    for size in sizes:
        for inside in (bounds, None):
            label = labels.place_boxed(placer, near(size), inside)
            if label is not None:
                return label, None
    hugging: list[tuple[labels.Label, labels.Box]] = []
    for size in sizes:
        away = list(_away_candidates(centres, loc.name, size))
        for inside in (bounds, None):
            for label, box in away:
                if inside is not None and not box.inside(inside):
                    continue
                if not placer.free(box):
                    continue
                line = _leader(x, y, box)
                if line is None or not _line_free(placer, line, numbers):
                    continue
                placer.take(box)
                placer.take_all(_line_boxes(line))
                return label, line
        # last, rather than no name: beside the icon, reaching into the next hex
        hugging += [(label, box) for label, box in labels.boxed_name_candidates(
                        loc.name, x, y, r, (size,))
                    if label.anchor != "middle" and _in_hex(centres, label.x, label.y)]
    for inside in (bounds, None):
        label = labels.place_boxed(placer, hugging, inside)
        if label is not None:
            return label, None
    return None


#: How much lower than right under its icon a name is tried next: enough to clear the
#: labels (CCRR) of the hexes beside, so that a long name fits under its icon.
_DROPS = (1, 2)


def _away_candidates(centres: Sequence[tuple[float, float]], name: str, size: float,
                     ) -> Iterator[tuple[labels.Label, labels.Box]]:
    """Spots for a name in a neighbouring hex (``centres``: the icon's hex's, then its
    neighbours'), the middle of the name on the way from the icon's hex to the
    neighbour's centre (nearer, then farther), one line or two; below and above first."""
    (cx, cy), *others = centres
    split = labels.two_lines(name)
    layouts: list[tuple[str, ...]] = [(name,)] + ([split] if split is not None else [])
    shapes = []
    for lines in layouts:
        box = labels.label_box(lines, 0, 0, size, "middle")
        shapes.append((lines, box, (box.y0 + box.y1) / 2))
    # straight down, straight up, then the rest (by how far they lie sideways)
    ranked = sorted(others, key=lambda p: (abs(p[0] - cx) > 1, abs(p[0] - cx), -(p[1] - cy)))
    for reach in (0.62, 0.85):
        for nx, ny in ranked:
            tx, ty = round(cx + (nx - cx) * reach), cy + (ny - cy) * reach
            for lines, box, mid in shapes:
                ay = round(ty - mid)
                yield (labels.Label(lines, tx, ay, size, "middle"),
                       labels.Box(tx + box.x0, ay + box.y0, tx + box.x1, ay + box.y1))


def _leader(x: float, y: float, box: labels.Box) -> tuple[float, float, float, float] | None:
    """A leader line from an icon at (x, y) to the nearest point of a name's box, kept
    clear of both."""
    px, py = min(max(x, box.x0), box.x1), min(max(y, box.y0), box.y1)
    dx, dy = px - x, py - y
    length = math.hypot(dx, dy)
    start, end = ICON_RADIUS + 1.0, length - 0.8
    if end - start < 2.0:
        return None
    ux, uy = dx / length, dy / length
    return (round(x + ux * start), round(y + uy * start), round(x + ux * end),
            round(y + uy * end))


def _line_boxes(line: tuple[float, float, float, float]) -> list[labels.Box]:
    """Small boxes along a leader line, for the placer (a later name keeps off it)."""
    x0, y0, x1, y1 = line
    steps = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / 2))
    return [labels.around(x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps, 0.5)
            for k in range(steps + 1)]


def _line_free(placer: labels.Placer, line: tuple[float, float, float, float],
               numbers: set[int]) -> bool:
    """Whether a leader line crosses nothing placed but hex labels (``numbers``: their
    boxes' ids; they are drawn over it, with a halo)."""
    return all(id(hit) in numbers for b in _line_boxes(line) for hit in placer.hits(b))


def _fits_hex(flat: bool, box: labels.Box, cx: float, cy: float) -> bool:
    """Whether a box lies within the hex centred at (cx, cy), grown by ``HEX_NAME_SLACK``
    (a name may reach a little into the hex's border): a flat-top hex is ``r`` wide at
    its middle, narrowing by ``1/sqrt(3)`` of the height off it; a pointy-top one likewise
    on its side."""
    r = SIZE * HEX_NAME_SLACK
    half = r * _SQRT3 / 2
    across = max(abs(box.x0 - cx), abs(box.x1 - cx))
    along = max(abs(box.y0 - cy), abs(box.y1 - cy))
    if not flat:
        across, along = along, across
    return along <= half and across <= r - along / _SQRT3


def _fits_wide(box: labels.Box, cx: float, cy: float) -> bool:
    """Whether a printed name, centred on its hex at (cx, cy), stays within
    ``PRINT_NAME_REACH`` of it sideways and in the band of its hex's middle."""
    return (max(abs(box.x0 - cx), abs(box.x1 - cx)) <= SIZE * PRINT_NAME_REACH
            and max(abs(box.y0 - cy), abs(box.y1 - cy)) <= SIZE * 0.8)


_SQRT3 = math.sqrt(3)
#: How far a printed hex name may reach sideways from its hex's centre, in hex sizes:
#: about halfway into the hexes beside (their own names and labels keep it off them).
PRINT_NAME_REACH = 1.9


#: How far a hex's name may reach past its hex's sides, as a factor of the hex's size.
HEX_NAME_SLACK = 1.08


def _hex_name_candidates(name: str, cx: float, cy: float, has_icon: bool,
                         sizes: Sequence[float] = HEX_NAME_SIZES,
                         ) -> Iterator[tuple[labels.Label, labels.Box]]:
    """Where a hex's name may go inside its hex, with its box: the middle (when no icon is
    there), the lower part, the upper part; one line or two; then smaller."""
    split = labels.two_lines(name)
    for size in sizes:
        layouts: list[tuple[str, ...]] = [(name,)]
        if split is not None:
            layouts.append(split)
        for lines in layouts:
            shape = labels.label_box(lines, 0, 0, size, "middle", True)
            extra = (len(lines) - 1) * labels.LINE_GAP * size
            spots = [cy + 0.62 * SIZE - extra, cy - 0.12 * SIZE - extra / 2]
            if not has_icon:
                spots.insert(0, cy + size * 0.35 - extra / 2)
            for y in spots:
                y = round(y)
                yield (labels.Label(lines, cx, y, size, "middle", italic=True),
                       labels.Box(cx + shape.x0, y + shape.y0, cx + shape.x1, y + shape.y1))


def _place_path_name(placer: labels.Placer, name: str, points: Sequence[curves.Point],
                     bounds: labels.Box, sizes: Sequence[float] = PATH_NAME_SIZES,
                     ) -> PathName | None:
    """A path's name along a calm stretch of it, the first free one of a few (the middle,
    then towards either end), read left to right; None when it fits nowhere. A candidate
    is worked out when first tried (the first is free on most maps) and kept for the
    second round, outside the map's bounds, and for later maps (``_path_name_candidates``)."""
    for makers in _path_name_candidates(name, tuple(points), tuple(sizes)):
        for inside in (bounds, None):
            for make in makers:
                spot = make()
                if spot is None:
                    continue
                boxes = spot.boxes
                if inside is not None and not all(b.inside(inside) for b in boxes):
                    continue
                if all(placer.free(b) for b in boxes):
                    placer.take_all(boxes)
                    return spot
                if any(placer.make_room(boxes, reach) for reach in labels.MOVE_REACH
                       if placer.movable):
                    return spot
    return None


@functools.lru_cache(maxsize=256)
def _path_name_candidates(name: str, points: tuple[curves.Point, ...],
                          sizes: tuple[float, ...] = PATH_NAME_SIZES,
                          ) -> tuple[tuple[Callable[[], PathName | None], ...], ...]:
    """``_path_name_spots``, each candidate worked out once, when first asked for, and kept
    for every later map that draws the same stretch: a path is drawn on every session's
    maps through the same points (its hexes' centres do not move with the map's frame), and
    its name's candidate places are most of the placement pass."""
    return tuple(tuple(functools.cache(make) for make in makers)
                 for makers in _path_name_spots(name, points, sizes))


def _path_name_spots(name: str, points: Sequence[curves.Point],
                     sizes: Sequence[float] = PATH_NAME_SIZES,
                     ) -> Iterator[list[Callable[[], PathName | None]]]:
    """For each size that fits the stretch, every candidate place of the name in the order
    they are tried (fractions of the length, then the baseline above or below the line),
    each as a function giving the place, or None where the line bends too much there."""
    line = curves.densify(curves.smooth(curves.densify(points, SIZE), 4), 1.5)
    total = curves.length(line)
    polyline = curves.Polyline(line)
    for size in sizes:
        width = labels.text_width(name, size, italic=True) + size
        if width > total * 0.95:
            continue

        def spot(fraction: float, dy: float, size: float = size,
                 width: float = width) -> PathName | None:
            start = min(max(fraction * total - width / 2, 0.0), total - width)
            window = polyline.window(start, start + width)
            if _bend(window) > 1.1:
                return None
            if window[-1][0] < window[0][0]:
                window.reverse()
            boxes = _letter_boxes(window, size, dy)
            sparse = window[::max(1, len(window) // 6)]
            if sparse[-1] != window[-1]:
                sparse.append(window[-1])
            return PathName(curves.path_data(sparse), size, dy, tuple(boxes))

        yield [functools.partial(spot, fraction, dy) for fraction, dy in
               itertools.product((0.5, 0.33, 0.67, 0.2, 0.8), PATH_NAME_DY)]


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
                  ) -> list[labels.Box]:
    """Boxes covering the letters of a name set on ``window``, its baseline ``dy`` em from
    the line (negative: on the left of the direction, above for a line read left to
    right)."""
    length = curves.length(window)
    out: list[labels.Box] = []
    steps = max(1, math.ceil(length / (size * 0.7)))
    lift = (-dy + 0.36) * size
    line = curves.Polyline(window)
    for k in range(steps + 1):
        (x, y), theta = line.point_at(length * k / steps)
        nx, ny = math.sin(theta), -math.cos(theta)  # the left of the direction: "above"
        out.append(labels.around(x + nx * lift, y + ny * lift, 0.58 * size))
    return out
