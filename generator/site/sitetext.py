"""The text a built players' site shows, page by page, as plain sentences.

``hexcrawl public`` compares two built sites by what a player can read in them, not by their
HTML (whose links, classes and map drawings change without a word changing):

- each page's text is its article (``<article>`` of the Material theme: the page's own
  Markdown, its maps drawn into it, their labels and the tooltips of their hexes); the
  navigation only repeats the titles of the pages, and the rest of the theme's frame (search
  box, buttons) is the same on every build;
- the home page also carries what every page shows around the article: the site's title,
  its description and the footer;
- a map file of its own (``maps/overview.svg``) is read like a page: its labels and tooltips.
  The maps drawn into the pages (``maps/inline/``) are read with the pages that show them.

MkDocs' search index and sitemap are made of the same pages' text and addresses, so they
hold nothing the pages do not.

Text is cut into blocks (paragraphs, list items, headings, table rows, map labels), and
blocks into sentences, so that a sentence added to a paragraph shows as that sentence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

#: elements whose start or end ends a block of text
BLOCKS = frozenset({
    "address", "article", "aside", "blockquote", "br", "caption", "dd", "desc", "details",
    "div", "dl", "dt", "figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6",
    "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "summary", "table",
    "tbody", "text", "tfoot", "thead", "title", "tr", "ul",
})
#: elements whose text nobody reads on the page
SILENT = frozenset({"script", "style", "template", "noscript"})
#: elements that are never closed
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                  "source", "track", "wbr"})
#: classes of the theme's own marks inside an article (the heading anchors' pilcrows)
MARKS = frozenset({"headerlink"})
SENTENCE_END = re.compile(r"(?<=[.!?…])\s+(?=\S)")
SPACE = re.compile(r"\s+")
#: the maps drawn into the pages, also written as files of their own
INLINE_MAPS = "maps/inline/"


@dataclass(frozen=True)
class PageText:
    """One page of a site as a player reads it: its address in the site (``locations/
    ashford/``; the home page is ``""``), its title and its sentences in order."""

    path: str
    title: str
    sentences: tuple[str, ...]


class _Text(HTMLParser):
    """Collects the blocks of text inside the elements ``keep`` selects (all, when None),
    leaving out silent elements and the theme's marks."""

    def __init__(self, keep: frozenset[str] | None) -> None:
        super().__init__(convert_charrefs=True)
        self.keep = keep
        self.depth = 0 if keep is not None else 1  # inside a kept element when > 0
        self.stack: list[tuple[str, bool]] = []  # open elements: (tag, silent)
        self.blocks: list[str] = []
        self.line: list[str] = []
        self.title = ""
        self.in_h1 = False
        self.meta: list[str] = []

    def _silent(self) -> bool:
        return any(quiet for _, quiet in self.stack)

    def flush(self) -> None:
        text = SPACE.sub(" ", "".join(self.line)).strip()
        self.line = []
        if text and text not in ("·", "|"):
            self.blocks.append(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = set((dict(attrs).get("class") or "").split())
        if tag == "meta" and dict(attrs).get("name") == "description":
            self.meta.append(dict(attrs).get("content") or "")
        kept = self.keep is not None and tag in self.keep
        if tag in VOID:
            if tag == "br" and self.depth:
                self.flush()
            elif tag == "img" and self.depth and not self._silent():
                self.line.append(f" {dict(attrs).get('alt') or ''} ")
            return
        quiet = tag in SILENT or bool(classes & MARKS)
        self.stack.append((tag, quiet))
        if kept:
            self.depth += 1
        if tag in BLOCKS:
            self.flush()
        elif tag in ("td", "th") and "".join(self.line).strip():
            self.line.append(" · ")
        elif tag == "tspan":
            self.line.append(" ")
        if tag == "h1" and not self.title:
            self.in_h1 = True

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID or not any(t == tag for t, _ in self.stack):
            return
        while self.stack:
            open_tag, _ = self.stack.pop()
            if self.keep is not None and open_tag in self.keep:
                self.depth -= 1
            if open_tag in BLOCKS:
                self.flush()
            if open_tag == "h1" and self.in_h1:
                self.in_h1 = False
                self.title = self.blocks[-1] if self.blocks else ""
            if open_tag == tag:
                break

    def handle_data(self, data: str) -> None:
        if self.depth > 0 and not self._silent():
            self.line.append(data)

    def close(self) -> None:
        super().close()
        self.flush()


def sentences(blocks: list[str]) -> tuple[str, ...]:
    """The sentences of ``blocks``, each block cut after ``.``, ``!``, ``?`` or ``…``.

    >>> sentences(["It rains. The road is mud!", "Ashford"])
    ('It rains.', 'The road is mud!', 'Ashford')
    """
    return tuple(s for block in blocks for s in SENTENCE_END.split(block) if s)


def page_text(html: str, path: str, home: bool = False) -> PageText:
    """The text of one built page: its article (with the maps drawn into it), and on the
    home page also the site's title, description and footer."""
    parser = _Text(frozenset({"article"}))
    parser.feed(html)
    parser.close()
    blocks = parser.blocks
    if home:
        frame = _Text(frozenset({"head", "footer"}))
        frame.feed(html)
        frame.close()
        blocks = frame.blocks + [m for m in frame.meta if m.strip()] + blocks
    return PageText(path, parser.title or path or "/", sentences(blocks))


def svg_text(svg: str, path: str) -> PageText:
    """The labels and tooltips of a map file."""
    parser = _Text(None)
    parser.feed(svg)
    parser.close()
    return PageText(path, path, sentences(parser.blocks))


def site_text(site: Path) -> dict[str, PageText]:
    """Every page of the built site in ``site`` (HTML pages and map files), by address."""
    root = site.resolve()
    pages: dict[str, PageText] = {}
    for file in sorted(root.rglob("*")):
        if file.is_symlink() or not file.is_file():
            continue
        rel = file.relative_to(root).as_posix()
        if file.suffix == ".html":
            if rel == "404.html":
                continue  # the theme's page for a wrong address: no campaign text
            path = rel.removesuffix("index.html")
            text = file.read_text("utf-8", errors="replace")
            pages[path] = page_text(text, path, home=path == "")
        elif file.suffix == ".svg" and not rel.startswith(INLINE_MAPS) \
                and not rel.startswith("assets/"):
            pages[rel] = svg_text(file.read_text("utf-8", errors="replace"), rel)
    return pages
