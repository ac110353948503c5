"""The legend's swatches: small inline SVGs the page templates place next to their words
(a terrain's hex, the fog, a path, a track, an icon, the party), and what a map's legend
lists. A swatch is Markup: SVG that ``generator.render.maps.svg`` wrote, escaping its text
and attributes, which a page template embeds as it is."""

from __future__ import annotations

import math

from markupsafe import Markup

from generator.hexgrid import Grid
from generator.knowledge import TerrainView, View
from generator.render.maps import symbols
from generator.render.maps.drawing import icon_kind, placed_locations
from generator.render.maps.lattice import hex_path, hex_points, points_text
from generator.render.maps.style import NEW_HEX_COLOUR, NEW_HEX_STYLE, PAST_TRACK_STYLE
from generator.render.maps.svg import Drawing, rounded
from generator.render.maps.terrain import terrain_drawing

#: The box of a swatch of one hex.
_HEX_BOX = "-21 -18.3 42 36.6"
#: The outline of a hex in a swatch.
_HEX_EDGE = {"stroke": "#000", "stroke-opacity": ".2", "stroke-width": "0.8"}


def _swatch(width: int, height: int, d: Drawing, view_box: str | None = None) -> Markup:
    """A swatch: decoration beside the word that names it, hidden from assistive
    technology."""
    return Markup(d.text({"width": width, "height": height,
                          "viewBox": view_box or f"0 0 {width} {height}",
                          "class": "hexmap-swatch", "aria-hidden": "true"}))


def terrain_swatch(terrain: TerrainView | str, density: str | None = None,
                   debug: bool = False) -> str:
    """A hex of a terrain with its drawing (or of a plain colour), for the legend."""
    grid = Grid(1, 1)
    d = Drawing(debug)
    out = d.body
    if isinstance(terrain, str):
        out.leaf("polygon", {"points": points_text(hex_points(grid)), "fill": terrain,
                             **_HEX_EDGE})
    else:
        with out.group("g"):
            terrain_drawing(out, terrain, density, False, grid, hex_attrs=_HEX_EDGE)
    return _swatch(30, 26, d, _HEX_BOX)


def fog_swatch(debug: bool = False) -> str:
    """A hex of fog (the unknown on the players' map), for the legend."""
    d = Drawing(debug)
    out = d.body
    out.leaf("path", {"d": hex_path(Grid(1, 1)), "class": "fog", **_HEX_EDGE})
    out.leaf("path", {"d": "M-14-4q5-4 10 0t10 0M-6 7q4-3 8 0t8 0", "class": "fog-mist"})
    return _swatch(30, 26, d, _HEX_BOX)


def path_swatch(kind: str, debug: bool = False) -> str:
    """A short stretch of a path kind, drawn as on the map (casing, line, centre line)."""
    d = Drawing(debug)
    out = d.body
    line = "M3 7.5C10 3 14 3 18 6S26 9 31 4.5"
    if kind == "river":
        out.leaf("path", {"class": "p-river", "d": line, "stroke-width": "2.4"})
    else:
        for cls in {"highway": ("cs cs-highway", "p-highway", "p-highway-in"),
                    "road": ("cs", "p-road")}.get(kind, (f"p-{kind}",)):
            out.leaf("path", {"class": cls, "d": line})
    return _swatch(34, 12, d)


def track_swatch(colour: str, kind: str, debug: bool = False) -> str:
    """A stretch of track of a kind ("true", "believed", "known", "past")."""
    d = Drawing(debug)
    out = d.body
    out.leaf("polyline", {"class": f"tr tr-{kind}", "points": "2,6 32,6", "stroke": colour,
                          "style": PAST_TRACK_STYLE if kind == "past" else None})
    return _swatch(34, 12, d)


def new_hex_swatch(debug: bool = False) -> str:
    """The outline of a hex first explored in the session (the GM's map of one session)."""
    points = [(rounded(11 + 9 * math.cos(math.radians(60 * i))),
               rounded(10 + 9 * math.sin(math.radians(60 * i)))) for i in range(6)]
    d = Drawing(debug)
    out = d.body
    out.leaf("polygon", {"points": points_text(points), "stroke": NEW_HEX_COLOUR,
                         "style": NEW_HEX_STYLE})
    return _swatch(22, 20, d)


def icon_swatch(kind: str, debug: bool = False) -> str:
    d = Drawing(debug)
    out = d.body
    out.leaf("path", {"class": "icon", "d": symbols.ICONS.get(kind, symbols.ICONS["point"])})
    return _swatch(18, 18, d, "-7.5 -7.5 15 15")


def party_swatch(kind: str = "true", debug: bool = False) -> str:
    d = Drawing(debug)
    out = d.body
    out.leaf("circle", {"class": f"party-{kind}", "cx": 8, "cy": 8, "r": 5})
    return _swatch(16, 16, d)


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
    kinds = {icon_kind(loc) for loc in placed_locations(view)}
    return [kind for kind in symbols.ICONS if kind in kinds]


def legend_icon_words(view: View) -> list[str]:
    """The words of the places the overview marks with the generic marker (``point``: no
    icon word matched their icon or their tags), for its legend entry, so that a campaign's
    own tag (``sinkhole``) is named beside the marker it got: in alphabetical order, each
    once."""
    words: dict[str, str] = {}
    for loc in placed_locations(view):
        if icon_kind(loc) != "point":
            continue
        for word in ([loc.icon] if loc.icon else []) + list(loc.tags):
            words.setdefault(word.casefold(), word)
    return [words[key] for key in sorted(words)]
