"""Whole maps: the overview (the GM's, the players'; on screen or printed), a session's route
map and the GM's map of what the players knew after a session. Each is a ``MapDrawing``
whose layers are drawn in order (``_render``), under and over one another."""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence

from generator.hexgrid import Grid, Hex
from generator.i18n import Translator
from generator.knowledge import GMSessionView, GMView, PathView, SessionView, View
from generator.render.maps import fog, hexes, layout, names, paths, places, terrain, tracks
from generator.render.maps.deferred import Deferred, deferred
from generator.render.maps.drawing import (
    DrawnLinks,
    KeyEntry,
    MapDrawing,
    MapLinks,
    Step,
    ViewIndex,
)
from generator.render.maps.lattice import Canvas
from generator.render.maps.style import (
    COORD_SIZE,
    FOCUS_FRAME,
    PIXELS_PER_UNIT,
    PLAYER_FRAME,
    ROUTE_PIXELS_PER_UNIT,
    SIZE,
    TEXT_SIZES,
    TextSizes,
    map_css,
)
from generator.render.maps.svg import num, written


def _render(m: MapDrawing, canvas: Canvas, labels: Sequence[str],
            sessions: Sequence[SessionView], css_class: str, fog_around: bool, focus: bool,
            party: bool, scale: float, *, paths_shown: Sequence[PathView] | None = None,
            locations: Collection[str] | None = None, past: Sequence[Step] = (),
            spots: Sequence[layout.Spot] | None = None, outlined: Sequence[str] = (),
            known: bool = False, layouts: layout.LayoutCache | None = None,
            frame: str | None = None, about: tuple[str, str] = ("", "")) -> None:
    """The map drawn into ``m``, its drawing finished (``svg.Drawing.finish``): the caller
    writes it. ``layouts``: take the placement pass's result from there when everything it
    reads is as it was, and keep it there. ``frame``: the box (x y width height) a page
    showing the map frames first (``data-focus``, hexcrawl.js); an overview on screen names
    its grid (``data-grid``), by which a page opens it on one hex. ``about``: the map's
    accessible name and description (``names``)."""
    m.tiled = len(labels) >= terrain.TILED_HEXES
    runs = paths.path_runs(m, canvas, paths_shown)
    icons = places.icon_spots(m, canvas, locations)
    party_spots = (places.party_spots(m) if spots is None else spots) if party else []
    if layouts is not None:
        key = layout.layout_key(m, canvas, labels, icons, runs, party_spots)
        placed = layouts.get(key) or layouts.put(
            key, layout.place(m, canvas, labels, icons, runs, party_spots))
    else:
        placed = layout.place(m, canvas, labels, icons, runs, party_spots)
    canvas.fit(placed.extent)
    m.written = placed.written
    m.key = placed.key
    root: dict[str, object] = {
        "viewBox": canvas.viewbox(),
        # natural size: small maps stay small; CSS shrinks big ones to the page width
        "width": num((canvas.x1 - canvas.x0) * scale),
        "height": num((canvas.y1 - canvas.y0) * scale),
        "class": f"hexmap-svg {css_class}",
        # a map holding links is a document of its own to assistive technology (an image
        # would hide its links), named by its label and described by its <desc> (a <title>
        # would also be the tooltip of every hex without one)
        "role": "graphics-document", "aria-label": about[0], "data-focus": frame}
    if css_class == "overview" and not m.for_print:
        # what hexcrawl.js needs to find a hex's centre from its label (a link to the map
        # page with ``#map-CCRR`` opens it on that hex): the grid's orientation, the digits
        # of a label's column and the hexes' size (``Grid.pixel``)
        root["data-grid"] = f"{m.grid.orientation} {m.grid.width} {num(SIZE)}"
    if css_class == "overview" and m.view.site.show_labels and m.tiled:
        # the site hides the hex labels until the map is zoomed in far enough to read
        # them (hexcrawl.css, hexcrawl.js: thousands of texts too small to read cost
        # the page a good part of its first paint); the file alone shows them
        root["class"] = f"hexmap-svg {css_class} lod"
        root["data-lod"] = COORD_SIZE
        m.lod = True
    css = map_css()
    if m.sizes.coord != COORD_SIZE:
        # a printed map's hex labels, larger than the stylesheet's (``style.print_sizes``)
        css += f".hexmap-svg .labels text{{font-size:{num(m.sizes.coord)}px}}"
    if css:
        m.defs.style(css)
    if fog_around:
        fog.draw_fog(m, canvas)
    terrain.define(m, labels)
    hexes.draw_hexes(m, canvas, labels)
    if fog_around:
        fog.draw_known_edge(m, labels)
    fog.draw_outlines(m, canvas, outlined)
    paths.draw_paths(m, runs)
    tracks.draw_tracks(m, canvas, sessions, focus, past, known)
    kinds = places.draw_locations(m, icons, placed)
    terrain.icon_symbols(m, kinds)
    places.draw_names(m, placed)
    # the hex labels over the tracks, icons and names (which keep clear of them), and the
    # believed tracks over everything but the party
    hexes.draw_coordinates(m, canvas, labels, placed.hidden,
                           {h for entry in placed.key for h in entry.hexes}, placed.moved)
    tracks.draw_tracks(m, canvas, sessions, focus, past, known, believed=True)
    if party:
        places.draw_party(m, placed)
    m.drawing.finish(root, desc=about[1])


def overview_map(view: View, links: MapLinks | None = None, t: Translator | None = None,
                 for_print: bool = False, layouts: layout.LayoutCache | None = None,
                 debug: bool = False, sizes: TextSizes = TEXT_SIZES,
                 drawn: DrawnLinks | None = None) -> str:
    """The whole map as SVG text: the GM's shows everything; the players' what they know.

    The players' map is cropped to what they know (explored hexes, found locations, their
    believed track), one hex of fog around it. ``for_print``: drawn for a PDF, with no
    pattern fills (see ``MapDrawing``). ``layouts``: placements kept from earlier drawings
    of the same overview (``LayoutCache``). ``debug``: svgwrite checks every element
    (``svg.Drawing``; the tests draw so). ``sizes``: its texts' sizes (a printed map's are
    larger, ``style.print_sizes``). ``drawn``: where the drawing keeps the links it draws
    (``DrawnLinks``, for the list beside the map).
    """
    m = MapDrawing(view, links or MapLinks(), t, "m-", for_print, debug=debug, sizes=sizes,
                   drawn=drawn)
    _overview(m, layouts)
    return written(m.drawing.root)


def overview_page(view: View, links: MapLinks, t: Translator | None,
                  layouts: layout.LayoutCache | None = None, debug: bool = False,
                  drawn: DrawnLinks | None = None) -> tuple[str, Deferred]:
    """The overview on screen (``overview_map``'s), drawn once for both its file and its
    map page: its SVG text, and the map page's copy (``deferred``: a large overview's
    links and labels held aside)."""
    m = MapDrawing(view, links, t, "m-", debug=debug, drawn=drawn)
    _overview(m, layouts)
    return deferred(m)


def printed_overview(view: View, t: Translator | None, sizes: TextSizes,
                     debug: bool = False) -> tuple[str, list[KeyEntry]]:
    """The overview drawn for print with texts of ``sizes``, and the names it has no room
    for (its key, listed by hex: ``layout.place``)."""
    m = MapDrawing(view, MapLinks(), t, "m-", True, debug=debug, sizes=sizes)
    _overview(m, None)
    return written(m.drawing.root), m.key


def _overview(m: MapDrawing, layouts: layout.LayoutCache | None) -> None:
    """``overview_map`` drawn into a map being drawn."""
    view, t, for_print = m.view, m.t, m.for_print
    m.anchors = not for_print
    grid = view.site.grid
    frame: str | None = None
    if isinstance(view, GMView):
        canvas = Canvas(grid, grid.all_hexes(), SIZE * 0.3)
        fog_around = False
    else:
        known = {info.hex for info in view.hexes.values()}
        known |= tracks.track_hexes(view.sessions, known=True)
        if view.now.believed_hex and grid.is_label(view.now.believed_hex):
            known.add(grid.parse(view.now.believed_hex))
        here = view.now.believed_hex
        frame = _frame(grid, {info.hex for info in view.hexes.values()},
                       grid.parse(here) if here and grid.is_label(here) else None)
        canvas = Canvas(grid, known, SIZE * 1.2)
        canvas.at_least(PLAYER_FRAME[0] * 1.5 * SIZE, PLAYER_FRAME[1] * math.sqrt(3) * SIZE)
        fog_around = True
    labels = [label for label, info in view.hexes.items() if canvas.inside(info.hex)]
    _render(m, canvas, labels, view.sessions, "overview", fog_around=fog_around,
            focus=False, party=True, scale=PIXELS_PER_UNIT, known=True, layouts=layouts,
            frame=None if for_print else frame, about=names.overview(view, t))


def _frame(grid: Grid, known: Collection[Hex], here: Hex | None) -> str | None:
    """The box the players' map page opens on: every hex the party knows (explored, seen
    from afar, revealed) and the one where it believes it is, with a margin, at least
    ``FOCUS_FRAME`` hexes across. None when the party knows no hex."""
    chosen = set(known) | ({here} if here is not None else set())
    if not chosen:
        return None
    found = Canvas(grid, chosen, SIZE * 0.6)
    found.at_least(FOCUS_FRAME[0] * 1.5 * SIZE, FOCUS_FRAME[1] * math.sqrt(3) * SIZE)
    return found.viewbox()


def session_map(view: View, session: SessionView, links: MapLinks | None = None,
                t: Translator | None = None, index: ViewIndex | None = None,
                debug: bool = False, drawn: DrawnLinks | None = None) -> str | None:
    """A small route map of one session (a cropped viewBox), or None without a track.
    ``index``: the view's ``ViewIndex``, for a caller drawing the map of every session;
    ``drawn``: as ``overview_map``'s."""
    found = tracks.track_hexes([session])
    if not found:
        return None
    m = MapDrawing(view, links or MapLinks(), t, "s-", index=index, debug=debug, drawn=drawn)
    canvas = Canvas(view.site.grid, found, SIZE * 2.2)
    _render(m, canvas, m.within(canvas), [session], "route",
            fog_around=not isinstance(view, GMView), focus=True, party=False,
            scale=ROUTE_PIXELS_PER_UNIT, about=names.route(view, session, t))
    return written(m.drawing.root)


def explored_map(view: GMView, session: GMSessionView, links: MapLinks | None = None,
                 t: Translator | None = None, index: ViewIndex | None = None,
                 debug: bool = False, drawn: DrawnLinks | None = None) -> str | None:
    """The GM's map of the players' knowledge at the end of ``session``, around its route.

    Framed as the session's route map is (its true and believed tracks and where the party
    truly was and believed it was at the end, with the same margin), so the two read side
    by side: the hexes the players had explored by then (``session.state``, computed in
    knowledge.py) over fog, the hexes first explored in this session outlined, the paths
    over explored hexes, the locations found by then, earlier sessions' tracks thin and
    faded, this session's tracks in full and the party at its end. Only the session's
    surroundings: the whole of what the players know is the overview's business, and a
    map of all of it on every session page would grow with the campaign. None when there
    is nothing to draw. ``drawn``: as ``overview_map``'s.
    """
    state = session.state
    grid = view.site.grid
    end = session.end
    spots: list[layout.Spot] = [("true", end.hex)]
    if end.believed_hex != end.hex:
        spots.append(("believed", end.believed_hex))
    found = tracks.track_hexes([session])
    found |= {grid.parse(label) for _, label in spots
              if label is not None and grid.is_label(label)}
    if not found:
        return None
    m = MapDrawing(view, links or MapLinks(), t, "x-", index=index, debug=debug, drawn=drawn)
    canvas = Canvas(grid, found, SIZE * 2.2)
    labels = [label for label in m.within(canvas) if label in state.explored]
    steps = (index or ViewIndex(view)).past_steps
    past = steps.before(session, (m.hexes[label].hex for label in m.within(canvas)))
    _render(m, canvas, labels, [session], "explored", fog_around=True, focus=True,
            party=True, scale=ROUTE_PIXELS_PER_UNIT, paths_shown=state.paths,
            locations=state.discovered, past=past, spots=spots,
            outlined=sorted(set(labels) & state.new), about=names.explored(session, t))
    return written(m.drawing.root)
