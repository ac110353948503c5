"""What lies around the known: the fog under the explored hexes, the edge of the known
world, and the outline of the hexes first explored in a session."""

from __future__ import annotations

from collections.abc import Sequence

from generator.render.maps.drawing import MapDrawing
from generator.render.maps.lattice import Canvas, Sides, hex_points, points_text
from generator.render.maps.style import FOG_MIST, FOG_TILE, NEW_HEX_COLOUR, NEW_HEX_STYLE
from generator.render.maps.svg import num


def draw_fog(m: MapDrawing, canvas: Canvas) -> None:
    """The unknown: a textured pattern (drifting mist over parchment) under the explored
    hexes, reaching well past the viewBox so that zooming out or a wide page never shows
    its edge; plain parchment on a printed map (a pattern would print as an image)."""
    w, h = canvas.x1 - canvas.x0, canvas.y1 - canvas.y0
    reach = 1.5 * max(w, h)
    box = {"x": num(canvas.x0 - reach), "y": num(canvas.y0 - reach),
           "width": num(w + 2 * reach), "height": num(h + 2 * reach)}
    if m.for_print:
        m.body.leaf("rect", {**box, "class": "fog"})
        return
    with m.defs.group("pattern", {"id": f"{m.prefix}fog", "width": FOG_TILE,
                                  "height": FOG_TILE, "patternUnits": "userSpaceOnUse"}):
        m.defs.leaf("rect", {"width": FOG_TILE, "height": FOG_TILE, "class": "fog"})
        m.defs.leaf("path", {"d": FOG_MIST, "class": "fog-mist"})
    m.body.leaf("rect", {**box, "fill": f"url(#{m.prefix}fog)"})


def draw_known_edge(m: MapDrawing, labels: Sequence[str]) -> None:
    """The edge of the known world: the hex sides between explored and unknown hexes,
    as one line."""
    explored = {m.hexes[label].hex for label in labels}
    parts: list[str] = []
    sides = Sides(m.grid)
    steps = list(enumerate(sides.steps))
    for h in sorted(explored):
        q, r = h
        for i, (dq, dr) in steps:
            # a Hex is a named tuple: a plain pair finds it in the set
            if (q + dq, r + dr) not in explored:
                parts.append(sides.text(h, i))
    if parts:
        m.body.leaf("path", {"class": "known-edge", "d": "".join(parts)})


def draw_outlines(m: MapDrawing, canvas: Canvas, labels: Sequence[str]) -> None:
    """A highlight outline on each hex of ``labels`` (one symbol, one ``<use>`` each)."""
    if not labels:
        return
    with m.defs.group("symbol", {"id": f"{m.prefix}new", "overflow": "visible"}):
        m.defs.leaf("polygon", {"points": points_text(hex_points(m.grid, 0.9)),
                                "stroke": NEW_HEX_COLOUR, "style": NEW_HEX_STYLE})
    with m.body.group("g", {"class": "new-hexes", "pointer-events": "none"}):
        for label in labels:
            x, y = canvas.centre(m.hexes[label].hex)
            m.body.leaf("use", {"xlink:href": f"#{m.prefix}new", "x": x, "y": y})
