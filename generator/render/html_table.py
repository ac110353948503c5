"""The big structured tables of a page written as HTML, not as Markdown tables.

The GM's session page holds a row for every watch and one for every roll of it. Written as
Markdown (``| a | b |``), each of their cells goes through Python-Markdown's table extension
and its inline patterns on every build, for text that holds no prose: numbers, hex labels,
links, the engine's words. Written as an HTML ``<table>`` block, Python-Markdown passes it
through as it is (a raw HTML block), and converts only the prose around it.

What changes for a template that writes such a table:

- the values are escaped on output as everywhere (``generator.render.escape``): a plain
  string made ``inert``, whose character references mean the same in HTML as in Markdown;
  the cells are filled with ``td`` (``html_cell``), not ``cell``, which escapes the pipes
  only a Markdown table needs escaped;
- no Markdown inside: emphasis is ``<strong>``/``<em>``, and a link is an ``<a>`` whose URL
  is already the final one, because MkDocs rewrites ``.md`` links only in the Markdown
  (``PageLinks``: the same URLs as the maps' links, ``MapLinks``, with directory URLs);
- the look stays: Material wraps every ``table:not([class])`` of the page in its scrolling
  box from the built page, whatever wrote the table, and ``hexcrawl.js`` makes those boxes
  focusable; header cells carry ``scope``.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from markupsafe import Markup

from generator.content.markdown import Prose
from generator.render.escape import PageMarkup, text
from generator.render.paths import location_path, page_url


def html_cell(value: object) -> PageMarkup:
    """Text for a cell of an HTML table (``td`` in the templates): Prose on one line; Markup
    as it is, its line breaks made ``<br>``; anything else made inert line by line, the
    lines joined by ``<br>``."""
    if isinstance(value, Prose):
        return PageMarkup(value.inline())
    if value is None:
        return PageMarkup("")
    if isinstance(value, Markup):
        return PageMarkup(str(value).replace("\n", "<br>"))
    return PageMarkup("<br>").join(str(value).split("\n"))


def html_quoted(value: object) -> PageMarkup:
    """A Prose field as a block quote (a chronicle note) inside raw HTML (``html_quoted``
    in the templates); anything else escaped into one."""
    if isinstance(value, Prose):
        return PageMarkup(value.raw_block("blockquote", "hexcrawl-note"))
    if value is None:
        return PageMarkup("")
    return PageMarkup("<blockquote>\n<p>%s</p>\n</blockquote>") % (value,)


@dataclass(frozen=True)
class PageLinks:
    """The links of one page's HTML tables (``html`` in the templates): final URLs relative
    to the page, as the built site serves it (``root``: the page's prefix to the site root,
    ``generator.render.paths.root_of``)."""

    root: str
    #: the page (docs path) and anchor a hex links to, or None (``_Renderer.hex_target``)
    hex_target: Callable[[str], tuple[str, str] | None]
    #: a location's name by its id (a location the site does not show is not there)
    location_names: Mapping[str, str]
    #: a roll table's name by its id
    table_names: Mapping[str, str]
    #: what a row of hexes shows without any hex (the page's language)
    none: str

    def href(self, target: str) -> PageMarkup:
        """The URL of ``target`` (a docs path, ``#anchor`` optional; an anchor alone stays on
        the page), for an ``href`` attribute."""
        raw = str(target.unescape()) if isinstance(target, Markup) else str(target)
        path, sep, anchor = raw.partition("#")
        url = (self.root + page_url(path) if path else "") + sep + anchor
        return PageMarkup(html.escape(url, quote=True))

    def hex(self, label: str | None) -> PageMarkup:
        """A hex label linked to its target (``?`` for no hex)."""
        if label is None:
            return PageMarkup("?")
        target = self.hex_target(str(label))
        if target is None:
            return text(label)
        page, anchor = target
        return PageMarkup('<a href="%s">%s</a>') % (
            self.href(page + (f"#{anchor}" if anchor else "")), label)

    def hexes(self, labels: Iterable[str | None]) -> PageMarkup:
        """Hex labels, linked, in a row (``—`` for none)."""
        refs = [self.hex(label) for label in labels]
        return PageMarkup(" → ").join(refs) if refs else text(self.none)

    def location(self, location_id: str) -> PageMarkup:
        """A location linked by its name (its id alone when the site does not show it)."""
        name = self.location_names.get(location_id)
        if name is None:
            return text(location_id)
        return PageMarkup('<a href="%s">%s</a>') % (self.href(location_path(location_id)),
                                                    name)

    def locations(self, ids: Iterable[str]) -> PageMarkup:
        return PageMarkup(", ").join(self.location(i) for i in ids)

    def table(self, table_id: str) -> PageMarkup:
        """A roll table linked by its name (its id alone when the site does not show it)."""
        name = self.table_names.get(table_id)
        if name is None:
            return text(table_id)
        return PageMarkup('<a href="%s">%s</a>') % (self.href(f"tables.md#table-{table_id}"),
                                                    name)
