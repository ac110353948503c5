"""One map being drawn (``MapDrawing``): the view it shows, where its hexes and locations
link to (``MapLinks``), the language of its tooltips, the prefix of its ids, and the SVG
it is drawn into (``svg.Drawing``: its definitions and its layers). Each layer is a module of this
package that draws into it; ``draw`` puts the layers together."""

from __future__ import annotations

import functools
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from generator.hexgrid import Hex
from generator.i18n import Translator
from generator.knowledge import (
    GMSessionView,
    GMView,
    HexView,
    LocationView,
    SessionView,
    View,
)
from generator.render.maps import symbols
from generator.render.maps.lattice import Canvas, HexIndex
from generator.render.maps.style import SIZE, TEXT_SIZES, TextSizes
from generator.render.maps.svg import Drawing, Element, xml_safe

#: A hex's drawing: its terrain, and for a forest drawing its density.
Variant = tuple[str, str | None]


def icon_kind(loc: LocationView) -> str:
    """The icon of a location (``symbols.icon_kind``: its icon, else its tags)."""
    return symbols.icon_kind(loc.icon, loc.tags)


@dataclass(frozen=True)
class KeyEntry:
    """A name a printed map has no room for, listed in a key beside it: the hexes it names
    (a path: where its named stretch begins and ends), whose labels the map keeps, the
    name, and a path's kind (None for a place or a hex)."""

    hexes: tuple[str, ...]
    name: str
    kind: str | None = None


@dataclass(frozen=True)
class MapLinks:
    """Where the map's hexes and location icons link to (None: no link)."""

    hex: Callable[[str], str | None] = field(default=lambda label: None)
    location: Callable[[str], str | None] = field(default=lambda lid: None)


@dataclass
class DrawnLinks:
    """The links a map holds, kept by the drawing as it adds each ``<a>`` (for the list
    under the map, ``render.map_lists``, which then never reads the SVG back): a place's
    target and its name, a hex's target and its label (where its target is the hex's
    entry, ``#hex-CCRR``) or its name as its tooltip gives it; each target once, the
    first drawn."""

    places: dict[str, str] = field(default_factory=dict)
    hexes: dict[str, str] = field(default_factory=dict)


#: A link to a hex's entry (``#hex-0313``): the hex's label.
HEX_ANCHOR = re.compile(r"#hex-([^#/]+)$")


def link_name(title: str) -> str:
    """The name a link's tooltip gives (a hex's is ``name · terrain``), as the SVG reads."""
    return xml_safe(title).split(" · ")[0].strip()


def placed_locations(view: View) -> list[LocationView]:
    """Locations with a place on the map. Players see a location they found while lost only
    once they know where it was (its hex explored, after re-anchoring)."""
    if isinstance(view, GMView):
        return list(view.locations.values())
    return [loc for loc in view.locations.values()
            if view.site.grid.label(loc.hex) in view.hexes]


Step = tuple[Hex, Hex]


class PastSteps:
    """The steps (from a hex to the next) of every session's tracks, each with the first
    session that took it: what the GM's map of a session draws of the sessions before it
    (``past``). Found once for all the maps of a view, so that the map of the thousandth
    session neither looks through nor draws a thousand tracks: a step taken by many
    sessions is one stroke, and only the steps near the map's frame are looked at."""

    def __init__(self, sessions: Sequence[SessionView]) -> None:
        self.position = {id(s): i for i, s in enumerate(sessions)}
        first: dict[Step, int] = {}
        for i, session in enumerate(sessions):
            lines = list(session.believed_track)
            if isinstance(session, GMSessionView):
                lines += list(session.true_track)
            for line in lines:
                for a, b in zip(line, line[1:], strict=False):
                    if a != b:
                        first.setdefault((a, b) if a < b else (b, a), i)
        #: by hex, the steps from it and the first session that took each
        self.by_hex: dict[Hex, list[tuple[int, Step]]] = {}
        for step, i in first.items():
            for h in step:
                self.by_hex.setdefault(h, []).append((i, step))

    def before(self, session: SessionView, hexes: Iterable[Hex]) -> list[Step]:
        """The steps taken before ``session`` with an end among ``hexes`` (those of the
        map), in a stable order."""
        limit = self.position.get(id(session), 0)
        return sorted({step for h in hexes for i, step in self.by_hex.get(h, ()) if i < limit})


class ViewIndex:
    """What every map of one view looks up by position, found once for all of them (on
    first use): its hexes (``HexIndex``) and its placed locations by the x of their hex's
    centre. A caller drawing many maps of a view (the session pages) passes one in; without
    it each map finds them again."""

    def __init__(self, view: View) -> None:
        self.view = view

    @functools.cached_property
    def hexes(self) -> HexIndex:
        return HexIndex(self.view.site.grid, self.view.hexes)

    @functools.cached_property
    def _locations(self) -> tuple[list[float], list[tuple[float, LocationView]]]:
        placed = []
        for n, loc in enumerate(placed_locations(self.view)):
            x, y = self.view.site.grid.pixel(loc.hex, SIZE)
            placed.append((x, n, y, loc))
        placed.sort(key=lambda item: (item[0], item[1]))
        return [x for x, *_ in placed], [(y, loc) for _, _, y, loc in placed]

    @functools.cached_property
    def past_steps(self) -> PastSteps:
        return PastSteps(self.view.sessions)

    def locations_within(self, x0: float, x1: float) -> list[tuple[float, LocationView]]:
        """The placed locations whose hex's centre lies between x0 and x1: (its y, it)."""
        xs, locations = self._locations
        return locations[bisect_left(xs, x0):bisect_right(xs, x1)]


class MapDrawing:
    """One map being drawn (see the module)."""

    def __init__(self, view: View, links: MapLinks, t: Translator | None, prefix: str,
                 for_print: bool = False, index: ViewIndex | None = None,
                 debug: bool = False, sizes: TextSizes = TEXT_SIZES,
                 drawn: DrawnLinks | None = None) -> None:
        self.view = view
        self.links = links
        #: the links drawn (``DrawnLinks``): the caller's, to list them beside the map
        self.drawn = drawn if drawn is not None else DrawnLinks()
        self.t = t
        self.prefix = prefix
        self.grid = view.site.grid
        # A printed map is drawn without patterns: Chromium's PDF backend turns every
        # pattern fill into an image at print resolution (hundreds of megabytes for one
        # map), while a <use> of a symbol stays vector and is written once per hex.
        self.for_print = for_print
        #: the sizes of its texts (a printed map's: ``style.print_sizes``)
        self.sizes = sizes
        self._index = index
        #: whether the terrain is tiled (``terrain.TILED_HEXES``), set by ``draw``
        self.tiled = False
        #: each terrain drawing's symbol id (``terrain.define``)
        self.symbol_ids: dict[Variant, str] = {}
        self._variants: dict[str, Variant] = {}
        #: hexes whose names are written on the map (their tooltips would repeat them)
        self.written: set[str] = set()
        #: the names a printed map has no room for (``layout.place``), for its key
        self.key: list[KeyEntry] = []
        #: the SVG drawn (``debug``: svgwrite checks every element, see ``svg``)
        self.drawing = Drawing(debug)
        self.defs = self.drawing.defs
        self.body = self.drawing.body
        #: whether each hex holding a location gets the id ``map-CCRR`` (the map page's
        #: overview: a link to ``map/#map-CCRR`` lands on it)
        self.anchors = False
        #: whether the page shows the hex labels by level of detail (``lod``), set by ``draw``
        self.lod = False
        #: the layers a map page may hold aside (``deferred``), by name (``hexes``: the
        #: links, ``labels``), each a group at the root of the drawing
        self.layers: dict[str, Element] = {}

    @property
    def index(self) -> ViewIndex:
        if self._index is None or self._index.view is not self.view:
            self._index = ViewIndex(self.view)
        return self._index

    @property
    def hexes(self) -> Mapping[str, HexView]:
        return self.view.hexes

    def variant(self, label: str) -> Variant:
        """The drawing of a hex: its terrain, and for a forest drawing its density."""
        found = self._variants.get(label)
        if found is not None:
            return found
        info = self.view.hexes[label]
        terrain = self.view.terrains.get(info.terrain)
        if terrain is not None and terrain.art is None and terrain.symbol == "forest" \
                and info.density in ("sparse", "dense"):
            found = (info.terrain, info.density)
        else:
            found = (info.terrain, None)
        self._variants[label] = found
        return found

    def sid(self, label: str) -> str:
        """The symbol id of a hex's drawing."""
        return self.symbol_ids[self.variant(label)]

    def order(self, sid: str) -> int:
        """A symbol id's place among the drawings (``m-t12``: 12)."""
        return int(sid[len(self.prefix) + 1:])

    def hex_title(self, label: str) -> str | None:
        """The tooltip of a named hex (name · terrain); an unnamed hex has none, nor one
        whose name is written on the map: its label and name are on the map and its terrain
        is drawn (and the legend names it)."""
        info = self.view.hexes[label]
        if not info.name or label in self.written:
            return None
        terrain = self.view.terrains.get(info.terrain)
        parts = [info.name]
        if terrain:
            parts.append(self.t.terrain(terrain) if self.t else terrain.name)
        return " · ".join(parts)

    def within(self, canvas: Canvas) -> list[str]:
        """The labels of the view's hexes inside ``canvas`` (``Canvas.inside``), in the
        view's order."""
        return self.index.hexes.within(canvas)
