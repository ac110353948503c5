"""The hexes layers: the terrain and the hexes themselves (each in its link, with its
tooltip), drawn in lattice units (``lattice.LATTICE``), and the hex labels (CCRR)."""

from __future__ import annotations

import functools
from collections.abc import Collection, Mapping, Sequence

from generator.render.maps.drawing import HEX_ANCHOR, MapDrawing, link_name
from generator.render.maps.labels import Box, label_box
from generator.render.maps.lattice import LATTICE, Canvas, columns, lattice, outline
from generator.render.maps.style import TEXT_SIZES, TextSizes
from generator.render.maps.svg import Svg, factor, num, xml_safe


def draw_hexes(m: MapDrawing, canvas: Canvas, labels: Sequence[str]) -> None:
    """The hexes: one ``<use>`` each on a printed map (``draw_printed``), each filled with
    its pattern on a small one (``draw_filled``), else in two layers, both in lattice units
    (see ``LATTICE``): the terrain (``draw_terrain``) and over it every hex as a path of its
    own, in its link, with its tooltip (``.hexes``). That layer is not painted (map.css): it
    is where a pointer or the keyboard finds a hex, and it shows the hex hovered or focused.
    Its hexes are grouped by column (a column one group translated to its x; each hex
    ``M0 y`` and a fixed outline of single digits)."""
    if m.for_print:
        draw_printed(m, canvas, labels)
        return
    if not m.tiled:
        draw_filled(m, labels)
        return
    (ux, uy), (cx, cy), steps = LATTICE[m.grid.orientation]
    scale = f"scale({factor(ux)} {factor(uy)})"
    centres = [(label, lattice(m.grid, m.hexes[label].hex)) for label in labels]
    draw_terrain(m, centres, scale)
    by_x: dict[int, list[tuple[int, str]]] = {}
    for label, (x, y) in centres:
        by_x.setdefault(x, []).append((y, label))
    out = m.body
    m.layers["hexes"] = out.open("g", {"class": "hexes links", "transform": scale})
    for x in sorted(by_x):
        at = x + cx
        if at:
            out.open("g", {"transform": f"translate({at})"})
        for y, label in sorted(by_x[x]):
            hex_element(m, out, label, f"M0 {y + cy}{steps}")
        if at:
            out.close("g")
    out.close("g")


def draw_printed(m: MapDrawing, canvas: Canvas, labels: Sequence[str]) -> None:
    """A printed map's hexes: one ``<use>`` of its terrain's cell at each hex centre."""
    out = m.body
    out.open("g", {"class": "hexes print"})
    for label in labels:
        x, y = canvas.centre(m.hexes[label].hex)
        out.leaf("use", {"xlink:href": f"#{m.sid(label)}c", "x": num(x), "y": num(y)})
    out.close("g")


def draw_filled(m: MapDrawing, labels: Sequence[str]) -> None:
    """A map of fewer than ``terrain.TILED_HEXES`` hexes: every hex as a path filled with
    its terrain's pattern (``terrain.define``), in lattice units, grouped so that each hex
    gives little more than its own position: either column by column (a column one group
    translated to its x, in it one group per terrain drawing, whose class gives the fill:
    each hex is ``M0 y...``), or, where columns mix many terrains, one group per terrain
    drawing (each hex ``Mx y...``), whichever is shorter."""
    cls = "hexes grid" if m.view.site.show_grid else "hexes"
    (ux, uy), (cx, cy), steps = LATTICE[m.grid.orientation]
    by_column: dict[int, dict[str, list[tuple[int, str]]]] = {}
    by_terrain: dict[str, list[tuple[int, int, str]]] = {}
    for label in labels:
        x, y = lattice(m.grid, m.hexes[label].hex)
        sid = m.sid(label)
        by_column.setdefault(x, {}).setdefault(sid, []).append((y, label))
        by_terrain.setdefault(sid, []).append((x, y, label))
    # bytes beyond "M", each hex's y and its outline: column groups and their terrain
    # groups (a lone hex of a terrain takes the class itself), against each hex's x
    column_bytes = sum(len(f'<g transform="translate({x + cx})"></g>') + sum(
        len(f'<g class="{sid}"></g>') if len(hexes) > 1 else len(f' class="{sid}"')
        for sid, hexes in col.items()) for x, col in by_column.items())
    terrain_bytes = sum(len(f'<g class="{sid}"></g>') for sid in by_terrain) + sum(
        len(f"{x + cx} ") - 2 for hexes in by_terrain.values() for x, _, _ in hexes)
    out = m.body
    out.open("g", {"class": cls, "transform": f"scale({factor(ux)} {factor(uy)})"})
    if terrain_bytes < column_bytes:
        for sid in sorted(by_terrain, key=m.order):
            with out.group("g", {"class": sid}):
                for x, y, label in sorted(by_terrain[sid]):
                    hex_element(m, out, label, f"M{x + cx} {y + cy}{steps}")
    else:
        for x in sorted(by_column):
            at = x + cx
            if at:
                out.open("g", {"transform": f"translate({at})"})
            for sid in sorted(by_column[x], key=m.order):
                hexes = sorted(by_column[x][sid])
                if len(hexes) == 1:
                    y, label = hexes[0]
                    hex_element(m, out, label, f"M0 {y + cy}{steps}", cls=sid)
                    continue
                with out.group("g", {"class": sid}):
                    for y, label in hexes:
                        hex_element(m, out, label, f"M0 {y + cy}{steps}")
            if at:
                out.close("g")
    out.close("g")


def draw_terrain(m: MapDrawing, centres: Sequence[tuple[str, tuple[int, int]]],
                 scale: str) -> None:
    """Each terrain drawing as one path, the outline of its hexes (``lattice.outline``: a
    stretch of one terrain costs its edge, not its area), filled with its pattern
    (``terrain.define``). The drawing with the most hexes fills instead the outline of all
    the hexes, under the others."""
    by_sid: dict[str, list[tuple[int, int]]] = {}
    for label, at in centres:
        by_sid.setdefault(m.sid(label), []).append(at)
    if not by_sid:
        return
    base = max(by_sid, key=lambda sid: (len(by_sid[sid]), -m.order(sid)))
    out = m.body
    with out.group("g", {"class": "terrain", "transform": scale}):
        out.leaf("path", {"class": base, "d": outline(m.grid, [at for _, at in centres])})
        for sid in sorted(by_sid, key=m.order):
            if sid != base:
                out.leaf("path", {"class": sid, "d": outline(m.grid, by_sid[sid])})


def hex_element(m: MapDrawing, out: Svg, label: str, d: str, cls: str | None = None) -> None:
    """One hex: its path (of class ``cls``, if given), with its tooltip, in its link."""
    title = m.hex_title(label)
    href = m.links.hex(label)
    if href is None:
        out.titled("path", {"class": cls, "d": d}, title)
        return
    out.open("a", {"xlink:href": href})
    if title:
        out.element("title", None, title)
    out.leaf("path", {"class": cls, "d": d})
    out.close("a")
    # listed by its label where it links to its entry, else by the name its tooltip gives
    href = xml_safe(href)
    if href not in m.drawn.hexes:
        found = HEX_ANCHOR.search(href)
        name = found.group(1) if found else link_name(title) if title else ""
        if name:
            m.drawn.hexes[href] = name


def coord_y(y: float, sizes: TextSizes = TEXT_SIZES) -> int:
    """The baseline of a hex's label (CCRR), the hex's centre at ``y``: in whole units (a
    fraction of a unit is nothing at their size, and thousands of them are written)."""
    return round(y + sizes.coord_dy)


def coord_box(label: str, x: float, y: float, sizes: TextSizes = TEXT_SIZES) -> Box:
    """The room a hex's label (CCRR) takes, the hex's centre at (x, y) (every label of a
    map has as many digits, all of one width: measured once)."""
    shape = _coord_shape(len(label), sizes.coord)
    at = coord_y(y, sizes)
    return Box(x + shape.x0, at + shape.y0, x + shape.x1, at + shape.y1)


def moved_boxes(box: Box, y: float) -> tuple[Box, Box]:
    """Where a hex's label at the top of its hex (``box``, the hex's centre at ``y``) may
    go when it moves: the middle of its hex, where it can be taken for no other hex's;
    else its foot, as far below the centre, a unit higher (clear of the next hex's)."""
    half = (box.y1 - box.y0) / 2
    return (Box(box.x0, y - half, box.x1, y + half),
            Box(box.x0, 2 * y - box.y1 - 1, box.x1, 2 * y - box.y0 - 1))


@functools.lru_cache(maxsize=8)
def _coord_shape(digits: int, size: float) -> Box:
    """The box of a hex label of ``digits`` digits, its centre at (0, 0) (every digit is
    as wide as another)."""
    return label_box(("0" * digits,), 0, 0, size, "middle")


def draw_coordinates(m: MapDrawing, canvas: Canvas, labels: Sequence[str],
                     hidden: Collection[str] = (), keyed: Collection[str] = (),
                     moved: Mapping[str, int] | None = None) -> None:
    """Each hex's label (CCRR) at its top, column by column, or where it moved out of a
    printed name's way (``moved``: its baseline); those ``hidden`` are left out. On a map
    that shows no labels, those of the hexes a printed map's key names (``keyed``), so
    that they can be found."""
    moved = moved or {}
    shown = [label for label in labels if label not in hidden
             and (m.view.site.show_labels or label in keyed)]
    if not shown:
        return
    out = m.body
    m.layers["labels"] = out.open("g", {"class": "labels"})
    for x, column in columns(canvas, [(label, m.hexes[label].hex) for label in shown]):
        if x:
            out.open("g", {"transform": f"translate({x})"})
        for label, y in column:
            at = moved[label] if label in moved else coord_y(y, m.sizes)
            out.element("text", {"y": at or None}, label)
        if x:
            out.close("g")
    out.close("g")
