"""``hexcrawl print booklet``: the GM's prep booklet, one PDF (``booklet.pdf``).

In order: a cover with the contents, the hex key by region (every described hex with its
name, terrain, description and GM notes, then the region's plain hexes; regions in the GM
site's order, the hexes in no region last; then the roads and rivers), the locations with
their GM text (GM blocks included: it is the GM's booklet), the campaign's roll tables and
the GM screen of the campaign's check system (or of each ``--system``), on landscape pages.

Nothing is written twice: the hex key and the locations are the Markdown pages the GM site
renders (``render_docs`` of the GM view, the campaign's template overrides included), the
tables and the screen the reference sheets (``generator.reference``), each turned into HTML as
``hexcrawl print`` turns a sheet (``printing.markdown_html``). Their links between pages
become links inside the booklet (a hex to its entry, a location to its pages, a table to its
table); a link to a page the booklet does not hold (a session) keeps its words only. Every
GM string was escaped by the page it comes from; ``print_safety.contained`` then inlines the
campaign's images, empties any other source and isolates bidirectional overrides, and the
page carries the sheets' Content-Security-Policy.

Page numbers: Chromium has no ``target-counter()``. The booklet is printed twice: Chromium
writes a named destination for every element a link points to, so the first PDF names the
page of each entry of the contents, and the second print shows those numbers. Where the
first PDF cannot be read so, the contents keep their links without numbers.
"""

from __future__ import annotations

import html
import posixpath
import re
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import jinja2
from markupsafe import Markup

from generator import i18n
from generator.content.campaign import Campaign, Table
from generator.i18n import Translator
from generator.knowledge import gm_view
from generator.package_data import SITE_TEMPLATES
from generator.printing import safety as print_safety
from generator.printing import sheets as printing
from generator.printing.chromium import find_chromium, print_one
from generator.reference.render import Renderer
from generator.reference.sheets import SYSTEMS
from generator.render.pages import location_path, page_url, region_path, render_docs
from generator.rules.chronicle import Chronicle

TEMPLATES = SITE_TEMPLATES / "print"
BOOKLET_CSS = TEMPLATES / "booklet.css"
#: Where a printed booklet goes in ``out_dir``.
BOOKLET_NAME = "booklet.pdf"


@dataclass(frozen=True)
class Entry:
    """One entry of the contents: a section's anchor, its title and depth (1: a part)."""

    anchor: str
    title: str
    level: int
    page: int | None = None


@dataclass(frozen=True)
class Section:
    """One section of the booklet: its anchor, its CSS class and its HTML (contained)."""

    anchor: str
    kind: str
    body: Markup


@dataclass
class Booklet:
    """Everything the booklet's template shows."""

    title: str
    sections: list[Section]
    entries: list[Entry]


_HEADING = re.compile(r"<(/?)h([1-5])\b")
_LINK = re.compile(r"""<a\b([^>]*?)\shref\s*=\s*("[^"]*"|'[^']*')([^>]*)>(.*?)</a>""",
                   re.IGNORECASE | re.DOTALL)


def demoted(body: str, by: int = 1) -> str:
    """``body`` with every heading ``by`` levels lower (``h1`` -> ``h2``): a page's title
    becomes a section of its part."""
    return _HEADING.sub(lambda m: f"<{m.group(1)}h{min(6, int(m.group(2)) + by)}", body)


def relinked(body: str, page: str, targets: Mapping[str, str]) -> str:
    """``body`` (the HTML of the site page at docs path ``page``) with each link to another
    page made a link inside the booklet: ``targets`` maps a docs path (and
    ``path#anchor``) to an anchor of the booklet; a link to a page it does not hold keeps
    its words only. Links to other sites are left as they are (a PDF fetches nothing)."""

    def link(m: re.Match[str]) -> str:
        href = html.unescape(m.group(2)[1:-1]).strip()
        parts = urlsplit(href)
        if parts.scheme or parts.netloc:
            return m.group(0)
        path, anchor = unquote(parts.path), parts.fragment
        if not path:
            return m.group(0)       # an anchor of the same page: it is in the booklet too
        target = posixpath.normpath(posixpath.join(posixpath.dirname(page), path))
        found = targets.get(f"{target}#{anchor}") if anchor else None
        if found is None:
            found = (f"#{anchor}" if anchor and target in targets else targets.get(target))
        if found is None:
            return f"<span>{m.group(4)}</span>"
        return f'<a{m.group(1)} href="{html.escape(found)}"{m.group(3)}>{m.group(4)}</a>'

    return _LINK.sub(link, body)


_IMG_SRC = re.compile(r"""(<img\b[^>]*?\ssrc\s*=\s*)("[^"]*"|'[^']*')""", re.IGNORECASE)


def sources_from_root(body: str, page: str) -> str:
    """``body`` (the HTML of the site page at docs path ``page``) with each relative image
    source made relative to the docs root again: the site wrote it for the page's address
    (``locations/den/``), the booklet's images are looked up in the campaign folder, as a
    printed table's are (``print_safety.contained``)."""
    folder = page_url(page)

    def source(m: re.Match[str]) -> str:
        src = html.unescape(m.group(2)[1:-1]).strip()
        parts = urlsplit(src)
        if parts.scheme or parts.netloc or src.startswith("/") or not parts.path:
            return m.group(0)
        path = posixpath.normpath(posixpath.join(folder, unquote(parts.path)))
        return f'{m.group(1)}"{html.escape(path)}"'

    return _IMG_SRC.sub(source, body)


def _section(anchor: str, kind: str, body: str, images: Mapping[str, str],
             root: Path) -> Section:
    return Section(anchor, kind, Markup(print_safety.contained(body, images, root)))


def booklet(campaign: Campaign, chronicle: Chronicle, language: str | None = None,
            systems: Sequence[str] | None = None) -> Booklet:
    """The booklet's sections and contents (see the module docstring), in ``language``
    (default: the campaign's), with the GM screen of each of ``systems`` (default: the
    campaign's check system)."""
    language = language or campaign.language
    campaign = replace(campaign, language=language)
    t = Translator(language)
    view = gm_view(campaign, chronicle)
    pages = render_docs(view, campaign.root / "templates").files
    sheets = Renderer(campaign, "gm", language)
    images = {p: text for p, text in sheets.topics().items() if p.endswith(".svg")}
    tables = sheets.tables()
    del tables["tables/index.md"]

    # every page the booklet holds, by docs path -> its anchor here
    regions = [(region_path(r), r) for r in view.regions]
    locations = sorted(view.locations.values(), key=lambda loc: loc.name.casefold())
    targets: dict[str, str] = {}
    for i, (path, _) in enumerate(regions):
        targets[path] = f"region-{i + 1}"
    for i, loc in enumerate(locations):
        targets[location_path(loc.id)] = f"location-{i + 1}"
    def table_of(path: str) -> Table:
        return campaign.tables[path[len("tables/"):-len(".md")]]

    table_paths = sorted(tables, key=lambda path: table_of(path).name.casefold())
    for i, path in enumerate(table_paths):
        anchor = f"table-{i + 1}"
        targets[f"reference/{path}"] = anchor
        targets[f"tables.md#table-{table_of(path).id}"] = anchor
    targets["tables.md"] = "part-tables"

    sections: list[Section] = []
    entries: list[Entry] = []

    def part(anchor: str, title: str) -> None:
        entries.append(Entry(anchor, title, 1))
        heading = f'<h1 class="booklet-part-title">{html.escape(title)}</h1>'
        sections.append(Section(anchor, "booklet-part", Markup(heading)))

    def page(path: str, anchor: str, kind: str, markdown: str, title: str,
             demote: int = 1) -> None:
        body = demoted(printing.markdown_html(markdown), demote)
        if not path.startswith("reference/"):   # a site page: its images' sources
            body = sources_from_root(body, path)
        body = relinked(body, path, targets)
        sections.append(_section(anchor, kind, body, images, campaign.root))
        entries.append(Entry(anchor, title, 2))

    part("part-hex-key", t.gettext("Hex key"))
    for path, region in regions:
        title = region.name or (t.gettext("Other hexes") if len(regions) > 1
                                else t.gettext("All hexes"))
        page(path, targets[path], "booklet-region", pages[path], title)
    # the roads and rivers, with their GM secrets: the hex key index's section after its table
    index = pages.get("hex-key/index.md", "")
    roads = re.search(r"^## ", index, re.M)
    if roads is not None:
        page("hex-key/index.md", "paths", "booklet-paths", index[roads.start():],
             t.gettext("Roads and rivers"), demote=0)
    if locations:
        part("part-locations", t.gettext("Locations"))
        for loc in locations:
            path = location_path(loc.id)
            page(path, targets[path], "booklet-location", pages[path], loc.name)
    if table_paths:
        part("part-tables", t.gettext("Roll tables"))
        for path in table_paths:
            markdown = re.sub(r"^\[[^\]]*\]\(index\.md\)\s*$", "", tables[path], flags=re.M)
            page(f"reference/{path}", targets[f"reference/{path}"],
                 "booklet-table ref-roll-table", markdown, table_of(path).name)
    screens = [s for s in (systems or (campaign.rules.checks,)) if s in SYSTEMS]
    for i, system in enumerate(screens):
        markdown = sheets.gm_screen(system)
        anchor = f"screen-{i + 1}"
        body = relinked(printing.markdown_html(markdown), "reference/gm-screen.md", targets)
        sections.append(_section(anchor, "booklet-screen", body, images, campaign.root))
        title = t.gettext("GM screen")
        if len(screens) > 1:
            title += " · " + sheets.ctx.t.label("system", system)
        entries.append(Entry(anchor, title, 1))
    return Booklet(t.gettext("GM prep booklet"), sections, entries)


def booklet_html(campaign: Campaign, book: Booklet, language: str, paper: str,
                 pages: Mapping[str, int] | None = None, *, room: bool = False) -> str:
    """The booklet's standalone HTML page; ``pages``: the page of each anchor, for the
    contents (``room``: none yet, but the room they take, for the first print)."""
    t = Translator(language)
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)),
                             autoescape=True, undefined=jinja2.StrictUndefined,
                             trim_blocks=True, lstrip_blocks=True)
    i18n.install(env, t)
    css = "\n".join((printing.PRINT_CSS.read_text(encoding="utf-8"),
                     BOOKLET_CSS.read_text(encoding="utf-8"),
                     printing.page_rules(paper, campaign.name, book.title)))
    entries = [replace(e, page=pages.get(e.anchor) if pages is not None else None)
               for e in book.entries]
    context: dict[str, Any] = {
        "language": language, "policy": print_safety.policy_meta(print_safety.SHEET_POLICY),
        "campaign": campaign.name, "title": book.title, "css": Markup(css),
        "entries": entries, "sections": book.sections,
        "numbered": pages is not None or room}
    return env.get_template("booklet.html").render(context)


_OBJECT = re.compile(rb"(\d+) 0 obj\s*(.*?)endobj", re.DOTALL)
_REF = re.compile(rb"(\d+) 0 R")


def anchor_pages(pdf: Path) -> dict[str, int]:
    """The page (from 1) of every named destination of a PDF written by Chromium: the
    elements its links point to, by id. Empty when the PDF does not say."""
    data = pdf.read_bytes()
    objects = {int(m.group(1)): m.group(2) for m in _OBJECT.finditer(data)}
    catalog = next((body for body in objects.values() if b"/Type /Catalog" in body), None)
    if catalog is None:
        return {}
    root = re.search(rb"/Pages (\d+) 0 R", catalog)
    dests = re.search(rb"/Dests (\d+) 0 R", catalog)
    if root is None or dests is None:
        return {}
    order: list[int] = []

    def walk(number: int, depth: int = 0) -> None:
        body = objects.get(number, b"")
        kids = re.search(rb"/Kids \[([^\]]*)\]", body)
        if b"/Type /Pages" in body and kids is not None and depth < 64:
            for ref in _REF.finditer(kids.group(1)):
                walk(int(ref.group(1)), depth + 1)
        else:
            order.append(number)

    walk(int(root.group(1)))
    index = {number: i + 1 for i, number in enumerate(order)}
    found: dict[str, int] = {}
    for m in re.finditer(rb"/([^\s/\[\]<>()]+)\s*\[\s*(\d+) 0 R",
                         objects.get(int(dests.group(1)), b"")):
        name = re.sub(rb"#([0-9A-Fa-f]{2})", lambda h: bytes([int(h.group(1), 16)]),
                      m.group(1)).decode("utf-8", "replace")
        page = index.get(int(m.group(2)))
        if page is not None:
            found[name] = page
    return found


def print_booklet(campaign: Campaign, chronicle: Chronicle, out_dir: Path,
                  language: str | None = None, paper: str = "A4", *,
                  systems: Sequence[str] | None = None,
                  chromium: str | None = None) -> Path:
    """Print the GM's prep booklet to ``out_dir/booklet.pdf`` (see the module docstring) on
    ``paper`` (A4 or Letter). Raises ``PrintError`` when Chromium is missing or fails,
    ``ValueError`` for an unknown paper size."""
    if paper not in printing.PAPERS:
        raise ValueError(f"paper must be one of {', '.join(printing.PAPERS)}, not '{paper}'")
    browser = find_chromium(chromium)
    language = language or campaign.language
    book = booklet(campaign, chronicle, language, systems)
    out_dir.mkdir(parents=True, exist_ok=True)
    pdf = out_dir / BOOKLET_NAME
    with tempfile.TemporaryDirectory(prefix="hexcrawl-print-booklet-") as tmp:
        work = Path(tmp)
        page = work / "booklet.html"
        page.write_text(booklet_html(campaign, book, language, paper, room=True),
                        encoding="utf-8")
        first = print_one(browser, page, work / "first.pdf", work)
        pages = anchor_pages(first)
        wanted = {e.anchor for e in book.entries}
        page.write_text(booklet_html(campaign, book, language, paper,
                                     pages if wanted <= set(pages) else None),
                        encoding="utf-8")
        print_one(browser, page, pdf, work)
    return pdf
