"""The terrain's definitions: one ``<symbol>`` per terrain drawing (the hex in its colour,
its drawing over it: built-in symbols from ``symbols``, or a campaign's own art), and how the
hexes layers paint with them: a pattern tiled on the lattice (a large map), a pattern over
each hex's box (a small one), or a cell per drawing placed with one ``<use>`` per hex (a
printed map)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from generator.content.symbols import SymbolArt, SymbolElement
from generator.hexgrid import Grid, Hex
from generator.knowledge import TerrainView
from generator.render.maps import symbols
from generator.render.maps.drawing import MapDrawing, Variant
from generator.render.maps.lattice import LATTICE, hex_path, tile
from generator.render.maps.style import ART_BOX, GRID_LINE, SIZE
from generator.render.maps.svg import Attrs, Svg, exact, factor, num

#: A map of at least this many hexes draws its terrain as one path per terrain drawing,
#: filled with a pattern tiled on the lattice (``define``), under a layer of links, one
#: unpainted path per hex (``hexes.draw_hexes``); as an overview, it shows its hex labels on
#: the sites only once zoomed in enough to read them (``data-lod``: their size in map
#: units). A smaller map fills each hex's own path with a pattern over its box: fewer bytes
#: for a few hundred hexes, and as quick to draw.
TILED_HEXES = 1000


def use(out: Svg, symbol_id: str, at: tuple[float | int, float | int]) -> None:
    """A ``<use>`` of a symbol at a point (``x``/``y`` left out where 0)."""
    x, y = at
    out.leaf("use", {"xlink:href": "#" + symbol_id, "x": x or None, "y": y or None})


def _shape(out: Svg, element: SymbolElement) -> None:
    """An element of a campaign's symbol file (already sanitised by the loader)."""
    if not element.children:
        out.leaf(element.tag, dict(element.attrs))
        return
    out.open(element.tag, dict(element.attrs))
    for child in element.children:
        _shape(out, child)
    out.close(element.tag)


def _art(out: Svg, art: SymbolArt) -> None:
    """A campaign's own drawing, fitted into ``ART_BOX`` about the hex's centre."""
    x, y, w, h = art.view_box
    k = min(ART_BOX[0] / w, ART_BOX[1] / h)
    with out.group("g", {"transform": f"translate({num(-(x + w / 2) * k)} "
                                      f"{num(-(y + h / 2) * k)}) scale({round(k, 4)})"}):
        for element in art.elements:
            _shape(out, element)


def _part_paths(out: Svg, name: str) -> None:
    for d, fill, width in symbols.PARTS[name]:
        out.leaf("path", {"d": d, "fill": fill, "stroke-width": width})


def part_symbol(out: Svg, symbol_id: str, name: str) -> None:
    """A drawing repeated in the terrain symbols (a tree), painted by the ``<use>``."""
    with out.group("symbol", {"id": symbol_id, "overflow": "visible"}):
        _part_paths(out, name)


def terrain_drawing(out: Svg, terrain: TerrainView | None, density: str | None,
                    outline: bool, grid: Grid, parts: dict[str, str] | None = None,
                    hex_attrs: Attrs | None = None) -> None:
    """A terrain's drawing about (0, 0): the hex in its colour (with ``hex_attrs``), and its
    drawing over it. ``parts`` gives the ids of the part symbols (trees) defined in the same
    SVG; without it (a legend swatch) parts are drawn in place."""
    colour = terrain.color if terrain else "#ffffff"
    out.leaf("path", {"d": hex_path(grid), "fill": colour,
                      **({"stroke": colour, "stroke-width": "0.6"} if outline else {}),
                      **(hex_attrs or {})})
    if terrain is not None and terrain.art is not None:
        _art(out, terrain.art)
        return
    if terrain is None or not terrain.symbol:
        return
    layers = symbols.symbol_layers(terrain.symbol, density)
    if not layers:
        return
    common, each = symbols.painted(layers, colour)
    with out.group("g", {"stroke-linecap": "round", "stroke-linejoin": "round", **common}):
        for layer, attrs in zip(layers, each, strict=True):
            if not isinstance(layer, symbols.Part):
                out.leaf("path", attrs)
                continue
            with out.group("g", attrs):
                for x, y in layer.at:
                    if parts is not None:
                        use(out, parts[layer.name], (x, y))
                    else:
                        with out.group("g", {"transform": f"translate({num(x)} {num(y)})"}):
                            _part_paths(out, layer.name)


def terrain_symbol(out: Svg, symbol_id: str, terrain: TerrainView | None,
                   density: str | None, outline: bool, grid: Grid,
                   parts: dict[str, str] | None = None) -> None:
    """The ``<symbol>`` of a terrain (``terrain_drawing``)."""
    with out.group("symbol", {"id": symbol_id, "overflow": "visible"}):
        terrain_drawing(out, terrain, density, outline, grid, parts)


def define(m: MapDrawing, labels: Sequence[str]) -> None:
    """One ``<symbol>`` per terrain drawing the hexes of ``labels`` use, with short ids
    (``m-t0``, ``m-t1``...) kept in ``m.symbol_ids`` by (terrain, density), and what the
    hexes layer paints with them."""
    variants = sorted({m.variant(label) for label in labels}, key=lambda v: (v[0], v[1] or ""))
    m.symbol_ids = {v: f"{m.prefix}t{i}" for i, v in enumerate(variants)}
    parts = _part_symbols(m, variants)
    if m.for_print:
        _print_cells(m, parts)
    elif m.tiled:
        _tiled_patterns(m, parts)
    else:
        _hex_patterns(m, parts)


def _part_symbols(m: MapDrawing, variants: Sequence[Variant]) -> dict[str, str]:
    """The part symbols (trees) the drawings use, each defined once: their ids by name."""
    parts: dict[str, str] = {}
    for variant in variants:
        terrain = m.view.terrains.get(variant[0])
        if terrain is None or terrain.art is not None or not terrain.symbol:
            continue
        for layer in symbols.symbol_layers(terrain.symbol, variant[1]):
            if isinstance(layer, symbols.Part) and layer.name not in parts:
                parts[layer.name] = f"{m.prefix}p-{layer.name}"
                part_symbol(m.defs, parts[layer.name], layer.name)
    return parts


def _fill_rule(sid: str, terrain: TerrainView | None, grid_lines: bool) -> str:
    rule = f"fill:url(#{sid}f)"
    if not grid_lines:  # the hex's own colour over the seams between hexes
        rule += f";stroke:{terrain.color if terrain else '#ffffff'}"
    return f".{sid}{{{rule}}}"


def _tiled_patterns(m: MapDrawing, parts: dict[str, str]) -> None:
    """A large map: each terrain drawing's pattern in lattice units, tiled with the
    lattice's period. The tile draws the symbol (and the inner half of the hex's sides) at
    every hex centre that reaches into it, each clipped to its hex, so that it is exactly
    what a hex filled on its own would show. One tile serves every hex of the drawing:
    Chromium rasterises a pattern sized to each element's own box once per element, which
    made a map of 10,000 hexes take seconds to show and to pan."""
    defs, prefix = m.defs, m.prefix
    grid_lines = m.view.site.show_grid
    (ux, uy), _, _ = LATTICE[m.grid.orientation]
    (ox, oy, pw, ph), spots = tile(m.grid)
    hex_d = hex_path(m.grid)
    with defs.group("clipPath", {"id": f"{prefix}hc"}):
        defs.leaf("path", {"d": hex_d})
    if grid_lines:  # each hex draws the inner half of its sides (the rest is clipped)
        # (styled by attributes: a <use> clone does not match the map's selectors)
        defs.leaf("path", {"id": f"{prefix}g", "d": hex_d, "class": "grid", **GRID_LINE})
    box = " ".join(factor(v) for v in (ox * ux, oy * uy, pw * ux, ph * uy))
    rules: list[str] = []
    for variant, sid in m.symbol_ids.items():
        terrain = m.view.terrains.get(variant[0])
        terrain_symbol(defs, sid, terrain, variant[1], not grid_lines, m.grid, parts)
        with defs.group("g", {"id": f"{sid}c", "clip-path": f"url(#{prefix}hc)"}):
            use(defs, sid, (0, 0))
            if grid_lines:
                use(defs, f"{prefix}g", (0, 0))
        # lattice units are not square: the box is stretched to the tile, which undoes them
        with defs.group("pattern", {"id": f"{sid}f", "patternUnits": "userSpaceOnUse",
                                    "x": ox or None, "y": oy or None, "width": pw,
                                    "height": ph, "viewBox": box,
                                    "preserveAspectRatio": "none"}):
            for x, y in spots:
                use(defs, f"{sid}c", (exact(x * ux), exact(y * uy)))
        rules.append(_fill_rule(sid, terrain, grid_lines))
    if rules:
        defs.style("".join(rules))


def _hex_patterns(m: MapDrawing, parts: dict[str, str]) -> None:
    """A map of fewer than ``TILED_HEXES`` hexes: one pattern per terrain drawing over a
    hex's own box, which each hex's path of the ``.hexes`` layer fills itself with. (A
    ``<use>`` per hex makes Chromium build a shadow tree for each, and a map of 10,000 hexes
    then takes several times as long to show and pan.)"""
    defs = m.defs
    grid_lines = m.view.site.show_grid
    # the pattern's box is the hex's own bounding box, its content drawn in fractions of
    # it (``objectBoundingBox``) by a transform that takes the hex, about its centre, onto
    # the box exactly (a pattern's viewBox stretched with preserveAspectRatio="none" would
    # do the same, but librsvg keeps the aspect ratio and draws slivers)
    x0, y0, x1, y1 = m.grid.bounds([Hex(0, 0)], SIZE) or (0, 0, 1, 1)
    w, h = x1 - x0, y1 - y0
    onto = "matrix(" + " ".join(re.sub(r"^(-?)0\.", r"\1.", factor(v))
                                for v in (1 / w, 0, 0, 1 / h, -x0 / w, -y0 / h)) + ")"
    rules: list[str] = []
    for variant, sid in m.symbol_ids.items():
        terrain = m.view.terrains.get(variant[0])
        terrain_symbol(defs, sid, terrain, variant[1], not grid_lines, m.grid, parts)
        with defs.group("pattern", {"id": f"{sid}f", "width": 1, "height": 1,
                                    "patternContentUnits": "objectBoundingBox"}):
            if not grid_lines:
                defs.leaf("use", {"xlink:href": "#" + sid, "transform": onto})
            else:
                with defs.group("g", {"transform": onto}):
                    use(defs, sid, (0, 0))
                    # each hex draws the inner half of its sides
                    defs.leaf("path", {"d": hex_path(m.grid), "class": "grid"})
        rules.append(_fill_rule(sid, terrain, grid_lines))
    if rules:
        defs.style("".join(rules))


def _print_cells(m: MapDrawing, parts: dict[str, str]) -> None:
    """A printed map's terrain drawings: each a symbol clipped to its hex (with the inner
    half of the hex's sides), for one ``<use>`` per hex (``hexes.draw_hexes``)."""
    defs, prefix = m.defs, m.prefix
    grid_lines = m.view.site.show_grid
    hex_d = hex_path(m.grid)
    with defs.group("clipPath", {"id": f"{prefix}hc"}):
        defs.leaf("path", {"d": hex_d})
    for variant, sid in m.symbol_ids.items():
        terrain = m.view.terrains.get(variant[0])
        terrain_symbol(defs, sid, terrain, variant[1], not grid_lines, m.grid, parts)
        with defs.group("g", {"id": f"{sid}c", "clip-path": f"url(#{prefix}hc)"}):
            use(defs, sid, (0, 0))
            if grid_lines:
                defs.leaf("path", {"d": hex_d, **GRID_LINE})


def icon_symbols(m: MapDrawing, kinds: set[str]) -> None:
    """The ``<symbol>`` of each location icon drawn."""
    for kind in sorted(kinds):
        with m.defs.group("symbol", {"id": f"{m.prefix}{kind}", "overflow": "visible"}):
            m.defs.leaf("path", {"class": "icon",
                                 "d": symbols.ICONS.get(kind, symbols.ICONS["point"])})
