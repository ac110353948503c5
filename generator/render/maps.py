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
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field

import svgwrite
from svgwrite.container import Group

from generator.hexgrid import Grid, Hex
from generator.knowledge import (
    GMSessionView,
    GMView,
    LocationView,
    PathView,
    PlayerView,
    SessionView,
    Track,
)
from generator.package_data import SITE_TEMPLATES
from generator.render.i18n import Translator
from generator.slug import slugify

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

#: Icon shapes (SVG path data in a box of about +-5 units), by icon kind.
ICON_PATHS: dict[str, str] = {
    "settlement": "M-5,1L0,-4L5,1V5H-5Z",
    "castle": "M-5,5V-3H-3V-1H-1V-3H1V-1H3V-3H5V5Z",
    "tower": "M-2.5,5V-3L0,-5.5L2.5,-3V5Z",
    "ruin": "M-5,5V-1L-3,-3V5ZM-1,5V-4L1,-2V5ZM3,5V0L5,-1V5Z",
    "lair": "M-5,5V0A5,5 0 0 1 5,0V5H2V1A2,2 0 0 0 -2,1V5Z",
    "temple": "M-1,-5H1V-2H4V0H1V5H-1V0H-4V-2H-1Z",
    "camp": "M-5,5L0,-5L5,5ZM-1,5L0,2L1,5Z",
    "point": "M-3.5,0A3.5,3.5 0 1 0 3.5,0A3.5,3.5 0 1 0 -3.5,0Z",
}
#: Words (icon names or tags) that select an icon kind.
ICON_ALIASES: dict[str, str] = {
    # English, and Russian/Ukrainian words as ``slugify`` transliterates them
    **{w: "settlement" for w in ("settlement", "village", "town", "city", "hamlet", "mill",
                                 "farm", "inn", "house", "derevnia", "selo", "gorod",
                                 "misto", "melnitsa", "mlin", "khutor")},
    **{w: "castle" for w in ("castle", "fort", "fortress", "keep", "stronghold", "zamok",
                             "krepost", "fortetsia")},
    **{w: "tower" for w in ("tower", "watchtower", "bashnia", "vezha")},
    **{w: "ruin" for w in ("ruin", "ruins", "ruiny", "ruini")},
    **{w: "lair" for w in ("lair", "cave", "dungeon", "mine", "barrow", "tomb", "peshchera",
                           "pechera", "logovo", "kurgan")},
    **{w: "temple" for w in ("temple", "shrine", "church", "chapel", "monastery", "khram",
                             "tserkov", "tserkva", "monastyr")},
    **{w: "camp" for w in ("camp", "tent", "lager", "tabir")},
    **{w: "point" for w in ("point", "landmark")},
}


def icon_kind(loc: LocationView) -> str:
    """The icon of a location: its ``icon``, else the first tag that names one, else a dot."""
    for word in ((loc.icon,) if loc.icon else ()) + loc.tags:
        kind = ICON_ALIASES.get(word.casefold()) or ICON_ALIASES.get(slugify(word))
        if kind:
            return kind
    return "point"


def track_colour(session_number: int) -> str:
    return TRACK_COLOURS[(session_number - 1) % len(TRACK_COLOURS)]


@dataclass(frozen=True)
class MapLinks:
    """Where the map's hexes and location icons link to (None: no link)."""

    hex: Callable[[str], str | None] = field(default=lambda label: None)
    location: Callable[[str], str | None] = field(default=lambda lid: None)


def _r(value: float) -> float | int:
    """One decimal, and integers without '.0' (keeps thousands of hexes small)."""
    rounded = round(value, 1)
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


def _css() -> str:
    return MAP_CSS.read_text(encoding="utf-8") if MAP_CSS.is_file() else ""


def _link(parent: Group, href: str | None, title: str | None) -> Group:
    """An ``<a>`` (with a tooltip) inside ``parent``, or ``parent`` itself without a link."""
    if href is None:
        return parent
    a = svgwrite.container.Hyperlink(href)
    a.attribs.pop("target", None)
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

    def terrain_symbols(self, dwg: svgwrite.Drawing, terrain_ids: set[str]) -> None:
        points = _hex_points(self.grid)
        outline = not self.view.site.show_grid
        for tid in sorted(terrain_ids):
            terrain = self.view.terrains.get(tid)
            colour = terrain.color if terrain else "#ffffff"
            symbol = dwg.symbol(id=f"{self.prefix}t-{tid}")
            symbol.attribs["overflow"] = "visible"
            poly = dwg.polygon(points, fill=colour)
            if outline:
                poly.attribs["stroke"] = colour
                poly.attribs["stroke-width"] = "0.6"
            symbol.add(poly)
            dwg.defs.add(symbol)

    def icon_symbols(self, dwg: svgwrite.Drawing, kinds: set[str]) -> None:
        for kind in sorted(kinds):
            symbol = dwg.symbol(id=f"{self.prefix}i-{kind}")
            symbol.attribs["overflow"] = "visible"
            symbol.add(dwg.path(d=ICON_PATHS[kind], class_="icon"))
            dwg.defs.add(symbol)

    def hex_title(self, label: str) -> str:
        info = self.view.hexes[label]
        terrain = self.view.terrains.get(info.terrain)
        parts: list[str] = []
        if self.view.site.show_labels:
            parts.append(label)
        if info.name:
            parts.append(info.name)
        if terrain:
            parts.append(self.t.terrain(terrain) if self.t else terrain.name)
        return " · ".join(parts)

    def draw_hexes(self, dwg: svgwrite.Drawing, canvas: _Canvas, labels: Sequence[str]) -> None:
        cls = "hexes grid" if self.view.site.show_grid else "hexes"
        group = dwg.g(class_=cls)
        for label in labels:
            info = self.view.hexes[label]
            x, y = canvas.centre(info.hex)
            title = self.hex_title(label)
            use = dwg.use(f"#{self.prefix}t-{info.terrain}", insert=(x, y))
            href = self.links.hex(label)
            if href is None:
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
            group.add(dwg.text(label, insert=(x, _r(y - SIZE * 0.58)), class_="lbl"))
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
                item.add(dwg.use(f"#{self.prefix}i-{kind}", insert=(_r(cx + dx), cy)))
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
        self.terrain_symbols(dwg, {self.view.hexes[label].terrain for label in labels})
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


def terrain_swatch(colour: str) -> str:
    dwg = _swatch(22, 20)
    points = [(_r(11 + 10 * math.cos(math.radians(60 * i))),
               _r(10 + 10 * math.sin(math.radians(60 * i)))) for i in range(6)]
    dwg.add(dwg.polygon(points, fill=colour, stroke="#0003", stroke_width=0.8))
    return str(dwg.tostring())


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
    dwg = _swatch(16, 16)
    group = dwg.g(transform="translate(8 8) scale(1.2)")
    group.add(dwg.path(d=ICON_PATHS.get(kind, ICON_PATHS["point"]), class_="icon"))
    dwg.add(group)
    return str(dwg.tostring())


def party_swatch(kind: str = "true") -> str:
    dwg = _swatch(16, 16)
    dwg.add(dwg.circle((8, 8), r=5, class_=f"party-{kind}"))
    return str(dwg.tostring())
