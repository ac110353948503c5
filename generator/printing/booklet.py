"""``hexcrawl print booklet``: the GM's prep booklet, one PDF (``booklet.pdf``).

In order: a cover with the contents, the hex key by region (every described hex with its
name, terrain, description and GM notes, then the region's plain hexes; regions in the GM
site's order, the hexes in no region last; then the roads and rivers), the locations with
their GM text (GM blocks included: it is the GM's booklet), the campaign's roll tables and
the GM screen of the campaign's check system (or of each ``--system``), on landscape pages.

Nothing is written twice: the hex key and the locations are laid out by the booklet's own
template (``site_templates/print/booklet.html``) from the GM view, the same objects the GM
site's pages are drawn from; the tables and the screen are the reference sheets
(``generator.reference``), turned into HTML as ``hexcrawl print sheets`` turns a sheet
(``sheets.markdown_html``). The template escapes every string of the view and puts each
campaign name in ``<bdi>``; the GM's prose is the view's sanitised HTML (``Prose.html``),
and ``print_safety.contained`` inlines the campaign's images in it, empties any other source
and isolates bidirectional overrides; the page carries the sheets' Content-Security-Policy.
Links lead inside the booklet (a hex to its entry, a location to its section, a table to its
table); a link to a page the booklet does not hold (a session) keeps its words only.

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

from markupsafe import Markup

from generator.audience import Audience
from generator.content.campaign import Campaign
from generator.content.markdown import Prose
from generator.i18n import Translator
from generator.knowledge import GMHexView, GMLocationView, GMView, RegionView, gm_view
from generator.package_data import SITE_TEMPLATES
from generator.printing import safety as print_safety
from generator.printing import sheets as printing
from generator.printing.chromium import find_chromium, print_one
from generator.reference.render import Renderer
from generator.reference.sheets import SYSTEMS
from generator.render.environment import html_environment
from generator.render.paths import location_path, region_path
from generator.rules.chronicle import Chronicle

TEMPLATES = SITE_TEMPLATES / "print"
BOOKLET_CSS = TEMPLATES / "booklet.css"
#: Where a printed booklet goes in ``out_dir``.
BOOKLET_NAME = "booklet.pdf"
#: The docs path the roads and rivers have on the GM site: their prose's links start there.
PATHS_PAGE = "hex-key/index.md"


@dataclass(frozen=True)
class Entry:
    """One entry of the contents: a section's anchor, its title and depth (1: a part)."""

    anchor: str
    title: str
    level: int
    page: int | None = None


@dataclass(frozen=True)
class Section:
    """One reference sheet of the booklet (a roll table, a GM screen): its anchor, its CSS
    class and its HTML (contained)."""

    anchor: str
    kind: str
    body: Markup


@dataclass(frozen=True)
class RegionPart:
    """A region's section of the hex key: its hexes with something to say, then the plain
    ones (a row each)."""

    anchor: str
    title: str
    page: str
    region: RegionView
    described: tuple[GMHexView, ...]
    plain: tuple[GMHexView, ...]


@dataclass(frozen=True)
class LocationPart:
    anchor: str
    page: str
    location: GMLocationView


@dataclass
class Booklet:
    """Everything the booklet's template shows: the GM view's parts, the reference sheets,
    the contents, and where each link of the booklet leads (``anchors``: a docs path of the
    GM site, or ``tables.md#table-<id>``, to an anchor here)."""

    title: str
    view: GMView
    regions: list[RegionPart]
    locations: list[LocationPart]
    tables: list[Section]
    screens: list[Section]
    entries: list[Entry]
    anchors: dict[str, str]
    #: the reference's diagrams (``img/x.svg`` -> SVG) and the campaign folder, whose
    #: images the booklet may show
    images: dict[str, str]
    root: Path


_HEADING = re.compile(r"<(/?)h([1-5])\b")
_LINK = re.compile(r"""<a\b([^>]*?)\shref\s*=\s*("[^"]*"|'[^']*')([^>]*)>(.*?)</a>""",
                   re.IGNORECASE | re.DOTALL)


def demoted(body: str, by: int = 1) -> str:
    """``body`` with every heading ``by`` levels lower (``h1`` -> ``h2``): a sheet's title
    becomes a section of its part, a heading of the GM's prose one under its section's."""
    return _HEADING.sub(lambda m: f"<{m.group(1)}h{min(6, int(m.group(2)) + by)}", body)


def relinked(body: str, page: str, targets: Mapping[str, str]) -> str:
    """``body`` (HTML written for the GM site's page at docs path ``page``) with each link
    to another page made a link inside the booklet: ``targets`` maps a docs path (and
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
            found = (anchor if anchor and target in targets else targets.get(target))
        if found is None:
            return f"<span>{m.group(4)}</span>"
        return f'<a{m.group(1)} href="#{html.escape(found)}"{m.group(3)}>{m.group(4)}</a>'

    return _LINK.sub(link, body)


_IMG_SRC = re.compile(r"""(<img\b[^>]*?\ssrc\s*=\s*)("[^"]*"|'[^']*')""", re.IGNORECASE)


def sources_from_root(body: str, page: str) -> str:
    """``body`` (the GM's prose on the GM site's page at docs path ``page``) with each
    relative image source made relative to the docs root: the GM wrote it from the page's
    file (``locations/den.md``), the booklet's images are looked up in the campaign folder,
    as a printed table's are (``print_safety.contained``)."""
    folder = posixpath.dirname(page)

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


def _regions(view: GMView, t: Translator) -> list[RegionPart]:
    """The hex key's sections: each region, its hexes split as the GM site's region page
    splits them (a hex with a name, words, a location or a table has an entry)."""
    parts: list[RegionPart] = []
    for i, region in enumerate(view.regions):
        title = region.name or (t.gettext("Other hexes") if len(view.regions) > 1
                                else t.gettext("All hexes"))
        hexes = [view.hexes[label] for label in region.hexes]
        described = tuple(h for h in hexes
                          if h.name or h.description or h.gm or h.locations or h.tables)
        plain = tuple(h for h in hexes if h not in described)
        parts.append(RegionPart(f"region-{i + 1}", title, region_path(region), region,
                                described, plain))
    return parts


def _reference(campaign: Campaign, sheets: Renderer, anchors: dict[str, str],
               images: Mapping[str, str]) -> list[tuple[Section, str]]:
    """The roll tables, each the reference's table sheet with the table's name, in the
    order of their names; ``anchors`` gets where the links to them lead."""
    tables = sheets.tables()
    del tables["tables/index.md"]

    def table_id(path: str) -> str:
        return path[len("tables/"):-len(".md")]

    def name(path: str) -> str:
        return campaign.tables[table_id(path)].name

    paths = sorted(tables, key=lambda path: name(path).casefold())
    for i, path in enumerate(paths):
        anchors[f"reference/{path}"] = f"table-{i + 1}"
        anchors[f"tables.md#table-{table_id(path)}"] = f"table-{i + 1}"
    if paths:
        anchors["tables.md"] = "part-tables"
    sections: list[tuple[Section, str]] = []
    for path in paths:
        markdown = re.sub(r"^\[[^\]]*\]\(index\.md\)\s*$", "", tables[path], flags=re.M)
        body = demoted(printing.markdown_html(markdown))
        body = relinked(body, f"reference/{path}", anchors)
        sections.append((_section(anchors[f"reference/{path}"],
                                  "booklet-table ref-roll-table", body, images,
                                  campaign.root), name(path)))
    return sections


def booklet(campaign: Campaign, chronicle: Chronicle, language: str | None = None,
            systems: Sequence[str] | None = None) -> Booklet:
    """The booklet's parts and contents (see the module docstring), in ``language``
    (default: the campaign's), with the GM screen of each of ``systems`` (default: the
    campaign's check system)."""
    language = language or campaign.language
    campaign = replace(campaign, language=language)
    t = Translator(language)
    view = gm_view(campaign, chronicle)
    sheets = Renderer(campaign, Audience.GM, language)
    images = {p: text for p, text in sheets.topics().items() if p.endswith(".svg")}

    regions = _regions(view, t)
    ordered = sorted(view.locations.values(), key=lambda loc: loc.name.casefold())
    locations = [LocationPart(f"location-{i + 1}", location_path(loc.id), loc)
                 for i, loc in enumerate(ordered)]
    # every page of the GM site the booklet holds, by docs path -> its anchor here
    anchors: dict[str, str] = {part.page: part.anchor for part in regions}
    anchors.update((part.page, part.anchor) for part in locations)
    printed = _reference(campaign, sheets, anchors, images)
    tables = [section for section, _ in printed]

    entries = [Entry("part-hex-key", t.gettext("Hex key"), 1),
               *(Entry(part.anchor, part.title, 2) for part in regions)]
    if view.paths:
        entries.append(Entry("paths", t.gettext("Roads and rivers"), 2))
    if locations:
        entries.append(Entry("part-locations", t.gettext("Locations"), 1))
        entries.extend(Entry(part.anchor, part.location.name, 2) for part in locations)
    if tables:
        entries.append(Entry("part-tables", t.gettext("Roll tables"), 1))
        entries.extend(Entry(section.anchor, name, 2) for section, name in printed)
    screens: list[Section] = []
    chosen = [s for s in (systems or (campaign.rules.checks,)) if s in SYSTEMS]
    for i, system in enumerate(chosen):
        body = relinked(printing.markdown_html(sheets.gm_screen(system)),
                        "reference/gm-screen.md", anchors)
        screens.append(_section(f"screen-{i + 1}", "booklet-screen", body, images,
                                campaign.root))
        title = t.gettext("GM screen")
        if len(chosen) > 1:
            title += " · " + sheets.ctx.t.label("system", system)
        entries.append(Entry(f"screen-{i + 1}", title, 1))
    return Booklet(t.gettext("GM prep booklet"), view, regions, locations, tables, screens,
                   entries, anchors, images, campaign.root)


class Helpers:
    """What the booklet's template calls: the GM's prose made printable, the booklet's own
    links, terrain names."""

    def __init__(self, book: Booklet, t: Translator) -> None:
        self.book = book
        self.t = t
        self.region_of = {label: part.anchor for part in book.regions
                          for label in part.region.hexes}

    def prose(self, value: Prose | None, page: str) -> Markup:
        """``value`` (a Markdown field of the GM view, on the GM site's page ``page``) as
        the booklet's HTML: headings one level under its section's, images inlined from
        the campaign folder or emptied, links inside the booklet."""
        if not value:
            return Markup("")
        body = relinked(sources_from_root(demoted(value.html), page), page,
                        self.book.anchors)
        return Markup(print_safety.contained(body, self.book.images, self.book.root))

    def hex_href(self, label: str | None) -> str | None:
        """The hex's entry in the hex key, or None."""
        return f"#hex-{label}" if label is not None and label in self.region_of else None

    def location_href(self, location_id: str) -> str | None:
        anchor = self.book.anchors.get(location_path(location_id))
        return f"#{anchor}" if anchor else None

    def table_href(self, table_id: str) -> str | None:
        anchor = self.book.anchors.get(f"tables.md#table-{table_id}")
        return f"#{anchor}" if anchor else None

    def terrain_name(self, terrain: str) -> str:
        found = self.book.view.terrains.get(terrain)
        return terrain if found is None else self.t.terrain(found)

    def session_title(self, number: int) -> str | None:
        """``Session 3: Title`` of the session of that number, or None."""
        for session in self.book.view.sessions:
            if session.number == number:
                return self.t.gettext("Session %(n)s: %(title)s", n=session.number,
                                      title=session.title)
        return None


def bdi(value: object) -> Markup:
    """A campaign string, escaped, in ``<bdi>``: a right-to-left override typed in it
    (U+202E) reverses nothing around it."""
    return Markup("<bdi>%s</bdi>") % value


def booklet_html(campaign: Campaign, book: Booklet, language: str, paper: str,
                 pages: Mapping[str, int] | None = None, *, room: bool = False) -> str:
    """The booklet's standalone HTML page; ``pages``: the page of each anchor, for the
    contents (``room``: none yet, but the room they take, for the first print)."""
    t = Translator(language)
    env = html_environment(TEMPLATES, t)
    env.filters["bdi"] = bdi
    css = "\n".join((printing.PRINT_CSS.read_text(encoding="utf-8"),
                     BOOKLET_CSS.read_text(encoding="utf-8"),
                     printing.page_rules(paper, campaign.name, book.title)))
    entries = [replace(e, page=pages.get(e.anchor) if pages is not None else None)
               for e in book.entries]
    context: dict[str, Any] = {
        "language": language, "policy": print_safety.policy_meta(print_safety.SHEET_POLICY),
        "campaign": campaign.name, "title": book.title, "css": Markup(css),
        "entries": entries, "book": book, "view": book.view, "t": t,
        "h": Helpers(book, t), "paths_page": PATHS_PAGE,
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
