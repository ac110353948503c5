"""The list beside a map that offers the map's own links (docs/accessibility.md).

A map's links (its hexes, its locations) are out of the Tab order (``tabindex="-1"``, set by
the page's script, ``hexcrawl.js``): a screen reader announces the map as one graphic, and a
keyboard would otherwise stop on every hex of it. So each page that shows a map also shows,
under it, a collapsed ``<details>`` listing the same targets by name: the places, then the
hexes. The list is made from the links the drawing kept as it added them to the map
(``maps.DrawnLinks``), never from the campaign, so it offers exactly what the map links to
and nothing more (the players' map holds only what the players know). The tests read the
same targets back from the SVG's text and hold the two together.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from markupsafe import Markup, escape

from generator.i18n import Translator
from generator.render.maps import DrawnLinks


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


def drawn_targets(drawn: DrawnLinks) -> MapTargets:
    """The targets of a map as its drawing kept them (``maps.DrawnLinks``): places by name,
    hexes by label; a hex that links where a place does (the players' hex of a location) is
    listed once, as the place."""
    places, hexes = drawn.places, drawn.hexes
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
