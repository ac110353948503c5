"""The list beside a map that offers the map's own links (docs/accessibility.md).

A map's links (its hexes, its locations) are out of the Tab order (``tabindex="-1"``, set by
the page's script, ``hexcrawl.js``): a screen reader announces the map as one graphic, and a
keyboard would otherwise stop on every hex of it. So each page that shows a map also shows,
under it, a collapsed ``<details>`` listing the same targets by name: the places, then the
hexes. The list is made from the links the drawing kept as it added them to the map
(``maps.DrawnLinks``), never from the campaign, so it offers exactly what the map links to
and nothing more (the players' map holds only what the players know). ``map_targets``
reads the same targets from an SVG's text (the tests hold the two together).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass

from markupsafe import Markup, escape

from generator.i18n import Translator
from generator.render.maps import DrawnLinks

_SVG = "{http://www.w3.org/2000/svg}"
_HREF = "{http://www.w3.org/1999/xlink}href"
#: A link to a hex's entry (``#hex-0313``): the hex's label.
_HEX_ANCHOR = re.compile(r"#hex-([^#/]+)$")


@dataclass(frozen=True)
class MapLink:
    """One target of a map: where it points and the words that name it."""

    href: str
    name: str


@dataclass(frozen=True)
class MapTargets:
    """A map's targets: its places (locations) and its hexes, each once."""

    places: tuple[MapLink, ...]
    hexes: tuple[MapLink, ...]


def _words(element: ET.Element) -> str:
    """A link's name: its tooltip (``<title>``), else its text (a written name)."""
    title = element.find(f"{_SVG}title")
    if title is not None and title.text:
        return title.text.split(" · ")[0].strip()
    return " ".join(" ".join(element.itertext()).split())


def map_targets(svgs: Iterable[str]) -> MapTargets:
    """Every link of the maps ``svgs`` (a map and the layers held aside from it,
    ``maps.Deferred``): a location's link named by its name (written or in its tooltip),
    a hex's by its label. A hex that links where a place does (the
    players' hex of a location) is listed once, as the place."""
    places: dict[str, str] = {}
    hexes: dict[str, str] = {}
    for svg in svgs:
        root = ET.fromstring(svg)
        for group in root.iter(f"{_SVG}g"):
            classes = (group.get("class") or "").split()
            if "locations" in classes:
                into = places
            elif "hexes" in classes:
                into = hexes
            else:
                continue
            for link in group.iter(f"{_SVG}a"):
                href = link.get(_HREF)
                if not href or href in into:
                    continue
                # a hex by its label (its name is added from the view), a place by its name
                found = _HEX_ANCHOR.search(href) if into is hexes else None
                name = found.group(1) if found else _words(link)
                if name:
                    into[href] = name
    return _targets(places, hexes)


def drawn_targets(drawn: DrawnLinks) -> MapTargets:
    """The targets of a map as its drawing kept them (``maps.DrawnLinks``)."""
    return _targets(drawn.places, drawn.hexes)


def _targets(places: dict[str, str], hexes: dict[str, str]) -> MapTargets:
    """Places by name, hexes by label; a hex that links where a place does (the players'
    hex of a location) is listed once, as the place."""
    return MapTargets(
        tuple(MapLink(href, name) for href, name in
              sorted(places.items(), key=lambda item: (item[1].casefold(), item[0]))),
        tuple(MapLink(href, name) for href, name in sorted(hexes.items(),
              key=lambda item: (item[1], item[0]))
              if href not in places))


def _items(links: Iterable[MapLink]) -> Markup:
    # each value escaped and the items joined as plain text: a list has a hundred items or
    # more under every session's maps, and ``Markup.format`` parses its pattern for each
    return Markup("".join(f'<li><a href="{escape(link.href)}">{escape(link.name)}</a></li>'
                          for link in links))


def map_list(t: Translator, drawn: DrawnLinks, hex_names: dict[str, str]) -> Markup:
    """The collapsed list of a map's targets (``drawn_targets``), as HTML; empty for a map
    without links. ``hex_names``: a hex's name by its label, from the view the map was drawn
    from, for a hex named on the map itself (its link then has no tooltip)."""
    targets = drawn_targets(drawn)
    if not targets.places and not targets.hexes:
        return Markup("")
    parts = [Markup('<details class="hexmap-links"><summary>{0}</summary>').format(
        t.gettext("Places and hexes on this map"))]
    if targets.places:
        parts.append(Markup('<p class="hexmap-links-head">{0}</p><ul>{1}</ul>').format(
            t.gettext("Places"), _items(targets.places)))
    if targets.hexes:
        named = []
        for link in targets.hexes:
            name = hex_names.get(link.name)
            named.append(MapLink(link.href, f"{link.name} {name}" if name else link.name))
        parts.append(Markup('<p class="hexmap-links-head">{0}</p>'
                            '<ul class="hexmap-links-hexes">{1}</ul>').format(
            t.gettext("Hexes"), _items(named)))
    parts.append(Markup("</details>"))
    return Markup("").join(parts)
