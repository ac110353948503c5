"""The layers of things placed on the map: location icons with their names, path and hex
names (where ``layout.place`` put them), and the party marker."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from generator.hexgrid import Hex
from generator.knowledge import GMView, LocationView
from generator.render.maps import labels
from generator.render.maps.drawing import MapDrawing, icon_kind, link_name
from generator.render.maps.lattice import Canvas
from generator.render.maps.layout import Icon, Layout, Spot
from generator.render.maps.style import (
    ICON_SPACING,
    PARTY_RADIUS,
    SIZE,
)
from generator.render.maps.svg import Svg, num, rounded, xml_safe
from generator.render.maps.terrain import use


def icon_spots(m: MapDrawing, canvas: Canvas, only: Collection[str] | None) -> list[Icon]:
    """Where each location's icon goes: the centre of its hex, several side by side."""
    by_hex: dict[Hex, list[LocationView]] = {}
    y0, y1 = canvas.y0 - SIZE, canvas.y1 + SIZE
    for y, loc in m.index.locations_within(canvas.x0 - SIZE, canvas.x1 + SIZE):
        if y0 <= y <= y1 and (only is None or loc.id in only):
            by_hex.setdefault(loc.hex, []).append(loc)
    out: list[Icon] = []
    for h, locs in sorted(by_hex.items()):
        cx, cy = canvas.centre(h)
        for i, loc in enumerate(sorted(locs, key=lambda loc: loc.id)):
            dx = (i - (len(locs) - 1) / 2) * ICON_SPACING
            out.append((loc, rounded(cx + dx), cy))
    return out


def party_spots(m: MapDrawing) -> list[Spot]:
    """Where the party marker(s) go now: players see where they believe they are."""
    now = m.view.now
    spots: list[Spot] = [("true", now.believed_hex)]
    if isinstance(m.view, GMView):
        spots = [("true", m.view.now.hex)]
        if now.believed_hex != m.view.now.hex:
            spots.append(("believed", now.believed_hex))
    return spots


def label_text(out: Svg, label: labels.Label, default_size: float) -> None:
    """A placed label as ``<text>`` (a second line as a ``<tspan>``); size and anchor are
    written only where they differ from the group's."""
    x = rounded(label.x)
    attrs = {"x": x or None, "y": rounded(label.y) or None,
             "text-anchor": label.anchor if label.anchor != "middle" else None,
             "font-size": num(label.size) if label.size != default_size else None}
    if len(label.lines) == 1:
        out.element("text", attrs, label.lines[0])
        return
    with out.group("text", attrs):
        out.chars(label.lines[0])
        for line in label.lines[1:]:
            # in em, so that the line follows its text when the page draws it larger
            # (hexcrawl.js keeps names legible on a small screen)
            out.element("tspan", {"x": x, "dy": f"{labels.LINE_GAP:g}em"}, line)


def draw_locations(m: MapDrawing, icons: Sequence[Icon], layout: Layout) -> set[str]:
    """Each location: its icon and its placed name (with a leader line from the icon to a
    name set in a neighbouring hex), in a link to its page (the tooltip names it, also
    where the name did not fit). On the map page's overview (``m.anchors``) the first
    location of each hex carries the id ``map-CCRR``, where a link to the hex on the map
    lands without the page's script. Returns the icon kinds drawn."""
    out = m.body
    kinds: set[str] = set()
    anchored: set[Hex] = set()
    out.open("g", {"class": "locations", "font-size": num(m.sizes.names[0]),
                   "text-anchor": "middle"})
    for loc, x, y in icons:
        kind = icon_kind(loc)
        kinds.add(kind)
        label = layout.names.get(loc.id)
        href = m.links.location(loc.id)
        anchor = None
        if m.anchors and loc.hex not in anchored:
            anchored.add(loc.hex)
            anchor = "map-" + m.grid.label(loc.hex)
        # the tooltip names a location whose name did not fit (a shown name is the link's
        # own text)
        if href is not None:
            out.open("a", {"xlink:href": href, "id": anchor})
            if label is None:
                out.element("title", None, loc.name)
            use(out, f"{m.prefix}{kind}", (x, y))
        else:
            out.titled("use", {"xlink:href": f"#{m.prefix}{kind}", "x": x or None,
                               "y": y or None, "id": anchor},
                       loc.name if label is None else None)
        if label is not None:
            leader = layout.leaders.get(loc.id)
            if leader is not None:
                x0, y0, x1, y1 = leader
                out.leaf("path", {"class": "leader",
                                  "d": f"M{num(x0)} {num(y0)}L{num(x1)} {num(y1)}"})
            label_text(out, label, m.sizes.names[0])
        if href is not None:
            out.close("a")
            _drawn(m, href, loc.name, label)
    out.close("g")
    return kinds


def _drawn(m: MapDrawing, href: str, name: str, label: labels.Label | None) -> None:
    """A location's link kept in ``m.drawn``: named by its tooltip, else by its written
    name's lines (as the SVG reads)."""
    href = xml_safe(href)
    if href in m.drawn.places:
        return
    if label is None:
        words = link_name(name)
    else:
        words = " ".join(xml_safe(" ".join(label.lines)).split())
    if words:
        m.drawn.places[href] = words


def draw_names(m: MapDrawing, layout: Layout) -> None:
    """Path names along their lines and hex names (``map.labels: names``)."""
    out = m.body
    if layout.path_names:
        with out.group("g", {"class": "pnames", "text-anchor": "middle"}):
            for n, kind, name, placed in layout.path_names:
                lid = f"{m.prefix}l{n}"
                m.defs.leaf("path", {"id": lid, "d": placed.d})
                with out.group("text", {"class": f"pn-{kind}", "dy": f"{placed.dy:g}em",
                                        "font-size": num(placed.size)}):
                    out.element("textPath", {"startOffset": "50%", "xlink:href": "#" + lid},
                                name)
    if layout.hex_names:
        with out.group("g", {"class": "hnames", "font-size": num(m.sizes.hex_names[0]),
                             "text-anchor": "middle"}):
            for label in sorted(layout.hex_names):
                label_text(out, layout.hex_names[label], m.sizes.hex_names[0])


def draw_party(m: MapDrawing, layout: Layout) -> None:
    """The party marker(s), each with its tooltip."""
    out = m.body
    title = m.t.gettext("The party") if m.t else "The party"
    with out.group("g", {"class": "party"}):
        for kind, x, y in layout.party:
            out.titled("circle", {"class": f"party-{kind}", "cx": x, "cy": y,
                                  "r": PARTY_RADIUS}, title)
