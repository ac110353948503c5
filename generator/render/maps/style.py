"""The maps' fixed measures and colours: the hex size, track colours, text sizes, the fog,
rivers; and the site's map stylesheet, embedded in every map."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from generator.package_data import SITE_TEMPLATES

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


@dataclass(frozen=True)
class TextSizes:
    """The sizes of a map's texts, in SVG units: hex labels (CCRR), location names, hex
    names and path names (each tuple tried in turn, the first the normal size)."""

    coord: float = COORD_SIZE
    names: tuple[float, ...] = NAME_SIZES
    hex_names: tuple[float, ...] = HEX_NAME_SIZES
    path_names: tuple[float, ...] = PATH_NAME_SIZES
    #: a printed map: a hex's name may reach into the hexes beside, a hex label may move
    #: within its hex out of a name's way, and a name with no room is listed in the
    #: page's key (``layout.place``)
    printed: bool = False

    @property
    def coord_dy(self) -> float:
        """A hex label's baseline below its hex's centre: lower for a larger label, whose
        top stays inside the hex."""
        return COORD_DY + (self.coord - COORD_SIZE) * 0.75


TEXT_SIZES = TextSizes()
#: The least sizes of a printed map's texts, in points: hex labels, then names (a map
#: printed small sets its texts at these sizes, however small its hexes come out).
PRINT_COORD_PT = 7.2
PRINT_NAME_PT = (8.8, 8.2, 7.2)


def print_sizes(pt_per_unit: float) -> TextSizes:
    """The sizes of a map printed at ``pt_per_unit`` points an SVG unit: each at least its
    print size (``PRINT_COORD_PT``, ``PRINT_NAME_PT``), never smaller than on screen; a
    name that does not fit at them goes to the page's key rather than set smaller
    (``printed``)."""

    def at_least(points: float, size: float) -> float:
        return round(max(size, points / pt_per_unit), 2)

    def ladder(points: tuple[float, ...], screen: tuple[float, ...]) -> tuple[float, ...]:
        """The sizes tried in turn: each print size, or the screen's where it is larger."""
        padded = screen + screen[-1:] * len(points)
        return tuple(dict.fromkeys(at_least(pt, size) for pt, size in zip(points, padded,
                                                                           strict=False)))

    coord = at_least(PRINT_COORD_PT, COORD_SIZE)
    return TextSizes(
        coord, ladder(PRINT_NAME_PT, NAME_SIZES), ladder(PRINT_NAME_PT[1:], HEX_NAME_SIZES),
        ladder(PRINT_NAME_PT[1:], PATH_NAME_SIZES), printed=True)


#: The party marker: its radius, and the spots tried in its hex (in hex sizes from the
#: centre), the first free one taken: beside the icon, then round the hex.
PARTY_RADIUS = SIZE * 0.2
PARTY_SPOTS: tuple[tuple[float, float], ...] = (
    (0, 0), (-.5, -.12), (.5, -.12), (-.5, .3), (.5, .3), (0, .58), (-.28, -.5), (.28, -.5),
    (0, -.3))
#: The players' overview shows at least this many columns and rows (with little known, the
#: map would otherwise blow a few hexes up to the page's width).
PLAYER_FRAME = (9, 6)
#: The map page opens on the players' explored hexes, at least this many columns and rows
#: (``data-focus``, hexcrawl.js).
FOCUS_FRAME = (6, 4)
#: The fog: a pattern tile, and its mist (our own drawing: soft swirls and a few motes).
FOG_TILE = 90
FOG_MIST = ("M4 14q7-5 14-1t13 0M52 9q5-3 10 0M37 41q6-4 12-1t11 0t9 1M8 66q5-3.5 11-.5"
            "M61 71q7-4 13 0t12 0M70 30q4-2.5 8 0M22 84q4-2 8 0")
#: How far a path's curve may stray from a hex centre, in hex sizes (it is eased so that a
#: straight row of hexes gives a straight road).
PATH_EASE = 0.3
#: Rivers: stroke width at the source and at the mouth.
RIVER_WIDTHS = (1.3, 3.2)
#: The box a campaign's symbol drawing is fitted into (centred in the hex).
ART_BOX = (30.0, 26.0)


def track_colour(session_number: int) -> str:
    return TRACK_COLOURS[(session_number - 1) % len(TRACK_COLOURS)]


def map_css(swatches: bool = False) -> str:
    """map.css without its comments and line breaks, embedded in every map, less the
    rules of the legend's swatches and of hovered links; with ``swatches``, whole (for a
    page that shows the swatches without the site's stylesheet: a printed map)."""
    return _map_css(MAP_CSS, swatches)


@functools.lru_cache(maxsize=2)
def _map_css(path: Path, swatches: bool) -> str:
    """``map_css``, read once: a file of the installed package, the same for every map."""
    if not path.is_file():
        return ""
    text = _minified(path)
    if swatches:
        return text
    # nor, in a map, what only a page does: hovering and focusing a link (the site links
    # map.css itself; librsvg would take a hovered hex for every hex)
    return "".join(rule + "}" for rule in text.split("}")
                   if rule and not rule.startswith(".hexmap-swatch")
                   and ":hover" not in rule.split("{")[0])


def _minified(path: Path) -> str:
    text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
    text = re.sub(r"\s*\n\s*", " ", text)
    text = re.sub(r"\s*([{};,])\s*", r"\1", text)
    return re.sub(r":\s+", ":", text).replace(";}", "}").strip()
