"""Every map of both sites, drawn as SVG from a view (never from the campaign).

One ``<symbol>`` per terrain drawing fills the hexes (a pattern, or on a printed map one
``<use>`` per hex), so a map of thousands of hexes stays small; coordinates are rounded to
one decimal. Roads and rivers are curves through hex centres, tracks are polylines per
session (true: solid, believed: dashed), and locations are small icons.

What is drawn follows the view: a ``PlayerView`` holds only explored hexes, discovered
locations and the believed track, so the players' map cannot show anything else. It has no
element at all for an unexplored hex (a plain fog fill lies under the explored ones), and the
terrain symbols and icons it defines are only those it uses.

Links: ``MapLinks`` tells where a hex and a location point (relative URLs, from the page the
map is embedded in); a hex without a link is drawn without ``<a>``.

The modules, by concern: ``svg`` (the one writer of SVG text and its escaping), ``style``
(measures, colours, the map stylesheet), ``lattice`` (geometry: centres, the visible box,
lattice units), ``drawing`` (one map being drawn), ``terrain``, ``hexes``, ``paths``,
``tracks``, ``fog``, ``places`` (the layers), ``layout`` (where texts go), ``labels`` (text
sizes and boxes), ``curves``, ``symbols`` (the built-in terrain drawings and icons),
``legend`` (swatches), ``draw`` (whole maps) and ``deferred`` (the map page's copy).
"""

from generator.knowledge import View
from generator.render.maps.deferred import Deferred
from generator.render.maps.draw import (
    explored_map,
    overview_map,
    overview_page,
    printed_overview,
    session_map,
)
from generator.render.maps.drawing import DrawnLinks, KeyEntry, MapLinks, ViewIndex, icon_kind
from generator.render.maps.lattice import lattice
from generator.render.maps.layout import LayoutCache
from generator.render.maps.legend import (
    fog_swatch,
    icon_swatch,
    legend_icon_words,
    legend_icons,
    legend_terrains,
    new_hex_swatch,
    party_swatch,
    path_swatch,
    terrain_swatch,
    track_swatch,
)
from generator.render.maps.style import (
    COORD_SIZE,
    FOG,
    HEX_NAME_SIZES,
    ICON_RADIUS,
    NAME_SIZES,
    PARTY_RADIUS,
    PAST_TRACK_COLOUR,
    PIXELS_PER_UNIT,
    ROUTE_PIXELS_PER_UNIT,
    SIZE,
    TRACK_COLOURS,
    TextSizes,
    map_css,
    print_sizes,
    track_colour,
)
from generator.render.maps.terrain import TILED_HEXES

__all__ = [
    "COORD_SIZE", "FOG", "HEX_NAME_SIZES", "ICON_RADIUS", "NAME_SIZES", "PARTY_RADIUS",
    "PAST_TRACK_COLOUR", "PIXELS_PER_UNIT", "ROUTE_PIXELS_PER_UNIT", "SIZE", "TILED_HEXES",
    "TRACK_COLOURS", "Deferred", "DrawnLinks", "KeyEntry", "TextSizes", "LayoutCache",
    "MapLinks", "View", "ViewIndex",
    "explored_map", "fog_swatch", "icon_kind", "icon_swatch", "lattice", "legend_icon_words",
    "legend_icons",
    "legend_terrains", "map_css", "new_hex_swatch", "overview_map", "overview_page",
    "party_swatch",
    "path_swatch", "print_sizes", "printed_overview", "session_map", "terrain_swatch",
    "track_colour", "track_swatch",
]
