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

import math
import re
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field

import svgwrite
from svgwrite.base import BaseElement
from svgwrite.container import Group

from generator.content.symbols import SymbolArt, SymbolElement
from generator.hexgrid import Grid, Hex
from generator.knowledge import (
    GMSessionView,
    GMView,
    LocationView,
    PathView,
    PlayerView,
    SessionView,
    TerrainView,
    Track,
)
from generator.package_data import SITE_TEMPLATES
from generator.render import symbols
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

def icon_kind(loc: LocationView) -> str:
    """The icon of a location (``symbols.icon_kind``: its icon, else its tags)."""
    return symbols.icon_kind(loc.icon, loc.tags)


def track_colour(session_number: int) -> str:
    return TRACK_COLOURS[(session_number - 1) % len(TRACK_COLOURS)]


@dataclass(frozen=True)
class MapLinks:
    """Where the map's hexes and location icons link to (None: no link)."""

    hex: Callable[[str], str | None] = field(default=lambda label: None)
    location: Callable[[str], str | None] = field(default=lambda lid: None)


def _r(value: float) -> float | int:
    """One decimal, and integers without '.0' (keeps thousands of hexes small)."""
    rounded = round(float(value), 1)
    return int(rounded) if rounded.is_integer() else rounded


def _num(value: float) -> str:
    return str(_r(value))


class _Canvas:
    """Pixel geometry of one map: the grid, the hex size and the visible box."""

    def __init__(self, grid: Grid, hexes: Iterable[Hex], margin: float) -> None:
        self.grid = grid
        box = grid.bounds(hexes, SIZE) or (-SIZE, -SIZE, SIZE, SIZE)
        self.x0 = box[0] - margin
        self.y0 = box[1] - margin
        self.x1 = box[2] + margin
        self.y1 = box[3] + margin

    def centre(self, h: Hex) -> tuple[float | int, float | int]:
        x, y = self.grid.pixel(h, SIZE)
        return _r(x), _r(y)

    def inside(self, h: Hex) -> bool:
        x, y = self.grid.pixel(h, SIZE)
        return (self.x0 - SIZE <= x <= self.x1 + SIZE) and (self.y0 - SIZE <= y <= self.y1
                                                            + SIZE)

    def viewbox(self) -> str:
        return " ".join(_num(v) for v in (self.x0, self.y0, self.x1 - self.x0,
                                          self.y1 - self.y0))


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
    """Any SVG element with exactly the attributes given (svgwrite escapes their values)."""

    def __init__(self, tag: str, attrs: dict[str, object]) -> None:
        self.elementname = tag
        super().__init__(debug=False, profile="full")
        self.attribs.update(attrs)


def _use(symbol_id: str, at: tuple[float | int, float | int]) -> _Element:
    """A ``<use>`` of a symbol at a point (``x``/``y`` left out where 0)."""
    attrs: dict[str, object] = {"href": "#" + symbol_id}
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
    poly = dwg.polygon(_hex_points(grid), fill=colour)
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


def _css() -> str:
    """map.css without its comments and line breaks (embedded in every map)."""
    if not MAP_CSS.is_file():
        return ""
    text = re.sub(r"/\*.*?\*/", "", MAP_CSS.read_text(encoding="utf-8"), flags=re.S)
    return re.sub(r"\s*\n\s*", " ", text).strip()


def _link(parent: Group, href: str | None, title: str | None) -> Group:
    """An ``<a>`` (with a tooltip) inside ``parent``, or ``parent`` itself without a link.

    Links and uses carry SVG 2's plain ``href`` (every browser reads it; six bytes less than
    ``xlink:href`` on each of thousands of hexes)."""
    if href is None:
        return parent
    a = svgwrite.container.Hyperlink(href, debug=False, profile="full")
    a.attribs.pop("target", None)
    a.attribs["href"] = a.attribs.pop("xlink:href")
    if title:
        a.set_desc(title=title)
    parent.add(a)
    return a


class _MapWriter:
    def __init__(self, view: View, links: MapLinks, t: Translator | None, prefix: str,
                 ) -> None:
        self.view = view
        self.links = links
        self.t = t
        self.prefix = prefix
        self.grid = view.site.grid

    # -- building blocks ------------------------------------------------------------------
    def drawing(self, canvas: _Canvas, css_class: str, scale: float) -> svgwrite.Drawing:
        dwg = svgwrite.Drawing(profile="full", debug=False, viewBox=canvas.viewbox())
        # natural size: small maps stay small; CSS shrinks big ones to the page width
        dwg.attribs["width"] = _num((canvas.x1 - canvas.x0) * scale)
        dwg.attribs["height"] = _num((canvas.y1 - canvas.y0) * scale)
        dwg.attribs["class"] = f"hexmap-svg {css_class}"
        dwg.attribs["role"] = "img"
        dwg.attribs["preserveAspectRatio"] = "xMidYMid meet"
        css = _css()
        if css:
            dwg.defs.add(dwg.style(css))
        return dwg

    def terrain_symbols(self, dwg: svgwrite.Drawing, labels: Sequence[str]) -> None:
        """One ``<symbol>`` per terrain drawing the hexes of ``labels`` use, with short ids
        (``m-t0``, ``m-t1``...) kept in ``self.symbol_ids`` by (terrain, density)."""
        variants = sorted({self.variant(label) for label in labels},
                          key=lambda v: (v[0], v[1] or ""))
        self.symbol_ids = {v: f"{self.prefix}t{i}" for i, v in enumerate(variants)}
        parts: dict[str, str] = {}
        for variant in variants:
            terrain = self.view.terrains.get(variant[0])
            if terrain is None or terrain.art is not None or not terrain.symbol:
                continue
            for layer in symbols.symbol_layers(terrain.symbol, variant[1]):
                if isinstance(layer, symbols.Part) and layer.name not in parts:
                    parts[layer.name] = f"{self.prefix}p-{layer.name}"
                    dwg.defs.add(part_symbol(dwg, parts[layer.name], layer.name))
        for variant, sid in self.symbol_ids.items():
            terrain = self.view.terrains.get(variant[0])
            dwg.defs.add(terrain_symbol(dwg, sid, terrain, variant[1],
                                        not self.view.site.show_grid, self.grid, parts))

    def variant(self, label: str) -> tuple[str, str | None]:
        """The drawing of a hex: its terrain, and for a forest drawing its density."""
        info = self.view.hexes[label]
        terrain = self.view.terrains.get(info.terrain)
        if terrain is not None and terrain.art is None and terrain.symbol == "forest" \
                and info.density in ("sparse", "dense"):
            return info.terrain, info.density
        return info.terrain, None

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

    def draw_hexes(self, dwg: svgwrite.Drawing, canvas: _Canvas, labels: Sequence[str]) -> None:
        cls = "hexes grid" if self.view.site.show_grid else "hexes"
        group = dwg.g(class_=cls)
        for label in labels:
            info = self.view.hexes[label]
            use = _use(self.symbol_ids[self.variant(label)], canvas.centre(info.hex))
            title = self.hex_title(label)
            href = self.links.hex(label)
            if href is None:
                if title:
                    use.set_desc(title=title)
                group.add(use)
            else:
                _link(group, href, title).add(use)
        dwg.add(group)

    def draw_paths(self, dwg: svgwrite.Drawing, canvas: _Canvas,
                   paths: Sequence[PathView] | None = None) -> None:
        group = dwg.g(class_="paths")
        order = {"river": 0, "trail": 1, "road": 2, "highway": 3}
        drawn = self.view.paths if paths is None else paths
        for path in sorted(drawn, key=lambda p: (order.get(p.kind, 9), p.id)):
            for run in path.runs:
                if not any(canvas.inside(h) for h in run):
                    continue
                points = [canvas.centre(h) for h in run]
                if len(points) == 1:
                    continue
                line = dwg.polyline(points, class_=f"path p-{path.kind}")
                line.set_desc(title=path.name)
                group.add(line)
            for h, face in path.stubs:
                if not canvas.inside(h):
                    continue
                mx, my = self.grid.face_midpoint(h, face, SIZE)
                group.add(dwg.polyline([canvas.centre(h), (_r(mx), _r(my))],
                                       class_=f"path p-{path.kind}"))
        dwg.add(group)

    def draw_labels(self, dwg: svgwrite.Drawing, canvas: _Canvas, labels: Sequence[str]) -> None:
        if not self.view.site.show_labels:
            return
        group = dwg.g(class_="labels")
        for label in labels:
            x, y = canvas.centre(self.view.hexes[label].hex)
            group.add(_text(dwg, label, (x, _r(y - SIZE * 0.58))))
        dwg.add(group)

    def draw_tracks(self, dwg: svgwrite.Drawing, canvas: _Canvas,
                    sessions: Sequence[SessionView], focus: bool,
                    past: Sequence[SessionView] = ()) -> None:
        group = dwg.g(class_="tracks")
        for session in past:
            earlier = list(session.believed_track)
            if isinstance(session, GMSessionView):
                earlier += list(session.true_track)
            for line in earlier:
                if len(line) > 1:
                    pl = dwg.polyline([canvas.centre(h) for h in line], class_="tr tr-past",
                                      stroke=PAST_TRACK_COLOUR, style=PAST_TRACK_STYLE)
                    pl.set_desc(title=self.t.gettext("Session %(n)s", n=session.number)
                                if self.t else f"Session {session.number}")
                    group.add(pl)
        for session in sessions:
            colour = track_colour(session.number) if not focus else TRACK_COLOURS[0]
            kinds: list[tuple[str, Track]] = []
            if isinstance(session, GMSessionView):
                kinds.append(("true", session.true_track))
            kinds.append(("believed", session.believed_track))
            for kind, lines in kinds:
                for line in lines:
                    points = [canvas.centre(h) for h in line]
                    if len(points) == 1:
                        x, y = points[0]
                        group.add(dwg.circle((x, y), r=2.2, class_=f"tr tr-{kind}-dot",
                                             fill=colour))
                        continue
                    pl = dwg.polyline(points, class_=f"tr tr-{kind}", stroke=colour)
                    pl.set_desc(title=self.t.gettext("Session %(n)s", n=session.number)
                                if self.t else f"Session {session.number}")
                    group.add(pl)
        dwg.add(group)

    def placed_locations(self) -> list[LocationView]:
        """Locations with a place on this map. Players see a location they found while lost
        only once they know where it was (its hex explored, after re-anchoring)."""
        if isinstance(self.view, GMView):
            return list(self.view.locations.values())
        return [loc for loc in self.view.locations.values()
                if self.view.site.grid.label(loc.hex) in self.view.hexes]

    def draw_locations(self, dwg: svgwrite.Drawing, canvas: _Canvas,
                       only: Collection[str] | None = None) -> set[str]:
        group = dwg.g(class_="locations")
        kinds: set[str] = set()
        by_hex: dict[Hex, list[LocationView]] = {}
        for loc in self.placed_locations():
            if canvas.inside(loc.hex) and (only is None or loc.id in only):
                by_hex.setdefault(loc.hex, []).append(loc)
        for h, locs in sorted(by_hex.items()):
            cx, cy = canvas.centre(h)
            for i, loc in enumerate(locs):
                dx = (i - (len(locs) - 1) / 2) * SIZE * 0.6
                kind = icon_kind(loc)
                kinds.add(kind)
                target = _link(group, self.links.location(loc.id), loc.name)
                item = dwg.g(class_="loc")
                item.add(_use(f"{self.prefix}{kind}", (_r(cx + dx), cy)))
                if len(locs) == 1:
                    item.add(dwg.text(loc.name, insert=(cx, _r(cy + SIZE * 0.72)),
                                      class_="loc-name"))
                if target is group:
                    item.set_desc(title=loc.name)
                target.add(item)
        dwg.add(group)
        return kinds

    def party_spots(self) -> list[tuple[str, str | None]]:
        """Where the party marker(s) go now: players see where they believe they are."""
        now = self.view.now
        spots: list[tuple[str, str | None]] = [("true", now.believed_hex)]
        if isinstance(self.view, GMView):
            spots = [("true", self.view.now.hex)]
            if now.believed_hex != self.view.now.hex:
                spots.append(("believed", now.believed_hex))
        return spots

    def draw_party(self, dwg: svgwrite.Drawing, canvas: _Canvas,
                   spots: Sequence[tuple[str, str | None]]) -> None:
        group = dwg.g(class_="party")
        for kind, label in spots:
            if label is None or not self.grid.is_label(label):
                continue
            h = self.grid.parse(label)
            if not canvas.inside(h):
                continue
            x, y = canvas.centre(h)
            marker = dwg.circle((x, _r(y - SIZE * 0.2)), r=SIZE * 0.22,
                                class_=f"party-{kind}")
            marker.set_desc(title=(self.t.gettext("The party") if self.t else "The party"))
            group.add(marker)
        dwg.add(group)

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
               outlined: Sequence[str] = ()) -> str:
        dwg = self.drawing(canvas, css_class, scale)
        if fog:
            dwg.add(dwg.rect((_r(canvas.x0), _r(canvas.y0)),
                             (_r(canvas.x1 - canvas.x0), _r(canvas.y1 - canvas.y0)),
                             class_="fog"))
        self.terrain_symbols(dwg, labels)
        self.draw_hexes(dwg, canvas, labels)
        self.draw_outlines(dwg, canvas, outlined)
        self.draw_paths(dwg, canvas, paths)
        self.draw_labels(dwg, canvas, labels)
        self.draw_tracks(dwg, canvas, sessions, focus, past)
        kinds = self.draw_locations(dwg, canvas, locations)
        self.icon_symbols(dwg, kinds)
        if party:
            self.draw_party(dwg, canvas, self.party_spots() if spots is None else spots)
        return str(dwg.tostring())


def _track_hexes(sessions: Iterable[SessionView]) -> set[Hex]:
    out: set[Hex] = set()
    for s in sessions:
        lines = list(s.believed_track)
        if isinstance(s, GMSessionView):
            lines += list(s.true_track)
        for line in lines:
            out.update(line)
    return out


def overview_map(view: View, links: MapLinks | None = None, t: Translator | None = None,
                 ) -> str:
    """The whole map as SVG text: the GM's shows everything; the players' what they know.

    The players' map is cropped to what they know (explored hexes, found locations, their
    believed track), one hex of fog around it.
    """
    writer = _MapWriter(view, links or MapLinks(), t, "m-")
    grid = view.site.grid
    if isinstance(view, GMView):
        canvas = _Canvas(grid, grid.all_hexes(), SIZE * 0.3)
        fog = False
    else:
        known = {info.hex for info in view.hexes.values()}
        known |= _track_hexes(view.sessions)
        if view.now.believed_hex and grid.is_label(view.now.believed_hex):
            known.add(grid.parse(view.now.believed_hex))
        canvas = _Canvas(grid, known, SIZE * 1.2)
        fog = True
    labels = [label for label, info in view.hexes.items() if canvas.inside(info.hex)]
    return writer.render(canvas, labels, view.sessions, "overview", fog=fog, focus=False,
                         party=True, scale=PIXELS_PER_UNIT)


def session_map(view: View, session: SessionView, links: MapLinks | None = None,
                t: Translator | None = None) -> str | None:
    """A small route map of one session (a cropped viewBox), or None without a track."""
    hexes = _track_hexes([session])
    if not hexes:
        return None
    writer = _MapWriter(view, links or MapLinks(), t, "s-")
    canvas = _Canvas(view.site.grid, hexes, SIZE * 2.2)
    labels = [label for label, info in view.hexes.items() if canvas.inside(info.hex)]
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
        return str(dwg.tostring())
    symbol = terrain_symbol(dwg, "x", terrain, density, False, grid)
    group = dwg.g()
    for child in symbol.elements:
        group.add(child)
    group.elements[0].attribs.update({"stroke": "#0003", "stroke-width": "0.8"})
    dwg.add(group)
    return str(dwg.tostring())


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
    dwg = _swatch(34, 12)
    dwg.add(dwg.polyline([(2, 6), (32, 6)], class_=f"path p-{kind}"))
    return str(dwg.tostring())


def track_swatch(colour: str, kind: str) -> str:
    dwg = _swatch(34, 12)
    line = dwg.polyline([(2, 6), (32, 6)], class_=f"tr tr-{kind}", stroke=colour)
    if kind == "past":
        line.attribs["style"] = PAST_TRACK_STYLE
    dwg.add(line)
    return str(dwg.tostring())


def new_hex_swatch() -> str:
    """The outline of a hex first explored in the session (the GM's map of one session)."""
    dwg = _swatch(22, 20)
    points = [(_r(11 + 9 * math.cos(math.radians(60 * i))),
               _r(10 + 9 * math.sin(math.radians(60 * i)))) for i in range(6)]
    dwg.add(dwg.polygon(points, stroke=NEW_HEX_COLOUR, style=NEW_HEX_STYLE))
    return str(dwg.tostring())


def icon_swatch(kind: str) -> str:
    dwg = _swatch(18, 18)
    dwg.attribs["viewBox"] = "-7.5 -7.5 15 15"
    dwg.add(dwg.path(d=symbols.ICONS.get(kind, symbols.ICONS["point"]), class_="icon"))
    return str(dwg.tostring())


def party_swatch(kind: str = "true") -> str:
    dwg = _swatch(16, 16)
    dwg.add(dwg.circle((8, 8), r=5, class_=f"party-{kind}"))
    return str(dwg.tostring())
