"""``hexcrawl print``: the reference sheets, the roll tables, the GM screen and the maps as
PDFs.

Each sheet is the Markdown the sites show (``generator.reference``), turned into a standalone
HTML page with the ``markdown`` package and the extensions MkDocs is configured with (tables,
admonition, attr_list, md_in_html) and ``site_templates/assets/print.css`` inlined: no network,
no CDN, no MkDocs theme. Headless Chromium prints each page to PDF.

Why headless Chromium and not WeasyPrint:

- **Output quality.** Chromium is the engine the sites are read in, so a printed sheet looks
  like the page on screen: the same CSS grid and multi-column layout (the two-page GM screen
  uses both), the same SVG renderer for the veer and facing diagrams, real font fallback for
  Cyrillic, CSS named pages (the GM screen prints landscape inside a portrait set) and page
  margin boxes for the footer. WeasyPrint has no multi-column fragmentation across pages and
  renders SVG through its own, more limited path.
- **Install weight.** Chromium is already required for the browser tests of the map, so
  printing adds nothing; WeasyPrint would add a Python package plus the Pango, Cairo and
  GDK-Pixbuf system libraries on every machine that prints or runs CI.
- **Cost.** One Chromium process per PDF takes a second or two; the sheets print in parallel.

Chromium is looked up as ``$HEXCRAWL_CHROMIUM``, then ``/usr/bin/chromium``, then
``chromium``, ``chromium-browser``, ``google-chrome`` on the PATH; without one,
``print_pdfs`` raises ``PrintError`` saying how to install it (Debian: ``apt-get install
chromium``).
"""

from __future__ import annotations

import html
import importlib
import math
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Collection, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from markupsafe import Markup, escape

from generator.content.campaign import Campaign
from generator.package_data import SITE_TEMPLATES
from generator.reference import print_safety
from generator.reference.render import Renderer, seen_terrain_only
from generator.reference.sheets import TOPICS, Audience, site_sheets

Paper = Literal["A4", "Letter"]
PAPERS: tuple[str, ...] = ("A4", "Letter")
PRINT_CSS = SITE_TEMPLATES / "assets" / "print.css"
#: The Markdown extensions of the sites' mkdocs configuration that the sheets use.
MD_EXTENSIONS = ("tables", "admonition", "attr_list", "md_in_html")
CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome",
                       "google-chrome-stable")
#: Seconds one Chromium process may take to print one sheet.
TIMEOUT = 120
#: The designed size of each document, in pages (A4 or Letter; the GM screen is landscape).
#: ``tests/test_print.py`` holds every printed sheet to it. The roll tables take what they
#: take: at most a page per table.
PAGE_BUDGET: dict[str, int] = {
    "gm-screen": 2, "travel": 2, "hex-progress": 1, "navigation": 1, "getting-lost": 1,
    "encounters": 1, "checks-d20": 1, "checks-brp": 2, "checks-bsh": 1, "modifiers": 2,
    "chases": 2, "facing": 1,
}


def page_budget(name: str, campaign: Campaign) -> int:
    """Pages a printed document may take (``gm-screen-brp`` counts as ``gm-screen``)."""
    if name == "tables":
        return max(1, len(campaign.tables))
    return PAGE_BUDGET["gm-screen" if name.startswith("gm-screen") else name]


class PrintError(RuntimeError):
    """Printing cannot proceed (no Chromium, or Chromium failed); the message says why."""


@dataclass(frozen=True)
class Sheet:
    """One printable document: its file stem, title and Markdown."""

    name: str
    title: str
    markdown: str


def find_chromium(explicit: str | None = None) -> str:
    """The Chromium executable to print with, or PrintError."""
    for candidate in (explicit, os.environ.get("HEXCRAWL_CHROMIUM"), *CHROMIUM_CANDIDATES):
        if not candidate:
            continue
        found = candidate if os.path.isabs(candidate) else shutil.which(candidate)
        if found and os.access(found, os.X_OK):
            return found
    raise PrintError(
        "printing needs headless Chromium, and none was found (looked for $HEXCRAWL_CHROMIUM, "
        + ", ".join(CHROMIUM_CANDIDATES)
        + "). Install it (Debian/Ubuntu: apt-get install chromium) or set HEXCRAWL_CHROMIUM "
        "to its path.")


def _title(md: str, fallback: str) -> str:
    m = re.search(r"^#\s+(.+?)\s*$", md, re.M)
    return m.group(1) if m else fallback


def _tables_document(renderer: Renderer) -> Sheet | None:
    """Every roll table in one document, each table a section (h1 demoted to h2)."""
    pages = renderer.tables()
    index = pages.pop("tables/index.md")
    if not pages:
        return None
    title = _title(index, "Roll tables")
    parts = [f"# {title}\n"]
    for path in sorted(pages):
        body = pages[path]
        body = re.sub(r"^# ", "## ", body, count=1, flags=re.M)
        body = re.sub(r"^\[[^\]]*\]\(index\.md\)\s*$", "", body, flags=re.M)
        parts.append(f'<div class="ref-roll-table" markdown>\n\n{body}\n</div>\n')
    return Sheet("tables", title, "\n".join(parts))


def check_sheets(campaign: Campaign, audience: Audience, systems: Sequence[str] | None,
                 ) -> set[str]:
    """The check systems' sheets (``checks-<system>``) a print holds: those of ``systems``,
    or of the campaign's own system. The players get them only where their site has a
    checks sheet (``reference.players``)."""
    wanted = {f"checks-{s}" for s in (systems or (campaign.rules.checks,))}
    if audience == "players":
        theirs = [s for s in site_sheets(campaign, audience) if s.startswith("checks-")]
        return wanted if theirs and systems else set(theirs)
    return wanted


def sheets(campaign: Campaign, language: str | None = None, *, audience: Audience = "gm",
           systems: Sequence[str] | None = None, known_terrain: Collection[str] | None = None,
           checks: Collection[str] | None = None,
           ) -> tuple[list[Sheet], dict[str, str]]:
    """The printable documents and the diagrams they use (``img/*.svg`` -> SVG text).

    Every topic sheet, the roll tables in one document, and (GM only) the GM screen of the
    campaign's check system, or of each of ``systems`` (``gm-screen-<system>``). Of the
    check systems' sheets, only those of ``systems``, or of the campaign's own system
    (``check_sheets``), and any named in ``checks`` (``checks-brp`` ...).
    ``known_terrain``: the terrain the players have seen (their sheets name only those and
    the built-in ones, as on their site).
    """
    keep_checks = check_sheets(campaign, audience, systems) | set(checks or ())
    if known_terrain is not None:
        campaign = seen_terrain_only(campaign, known_terrain)
    r = Renderer(campaign, audience, language)
    # the check systems' sheets chosen here, whichever the site has
    r.sheets = tuple(s for s in (*TOPICS, "tables")
                     if (s in keep_checks if s.startswith("checks-") else s in r.sheets))
    topics = r.topics()
    images = {path: text for path, text in topics.items() if path.endswith(".svg")}
    docs: list[Sheet] = []
    if audience == "gm":
        if systems:
            for system in systems:
                md = r.gm_screen(system)
                docs.append(Sheet(f"gm-screen-{system}", _title(md, "GM screen"), md))
        else:
            md = r.gm_screen()
            docs.append(Sheet("gm-screen", _title(md, "GM screen"), md))
    for slug in TOPICS:
        if slug in r.sheets:  # the players': the sheets their site has (reference.players)
            md = topics[f"{slug}.md"]
            docs.append(Sheet(slug, _title(md, slug), md))
    tables = _tables_document(r) if "tables" in r.sheets else None
    if tables is not None:
        docs.append(tables)
    return docs, images


def _css_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


def markdown_html(text: str) -> str:
    """``text`` (a sheet's or a site page's Markdown) as HTML, with the sites' extensions."""
    # the markdown package ships no type hints; MkDocs depends on it, so it is always here
    md = importlib.import_module("markdown")
    return str(md.markdown(text, extensions=list(MD_EXTENSIONS), output_format="html"))


def page_rules(paper: str, campaign_name: str, title: str) -> str:
    """The ``@page`` rules of a printed document: the paper, and a footer with the
    campaign's name, the document's title and the page number."""
    size = "A4" if paper == "A4" else "letter"
    footer = _css_string(f"{print_safety.isolated(campaign_name)} · "
                         f"{print_safety.isolated(title)}")
    return (
        f"@page {{ size: {size}; @bottom-left {{ content: {footer}; font: 7pt sans-serif; "
        f"color: #7a7367; }} @bottom-right {{ content: counter(page) ' / ' counter(pages); "
        f"font: 7pt sans-serif; color: #7a7367; }} }}\n"
        f"@page hexcrawl-landscape {{ size: {size} landscape; }}\n")


def html_document(sheet: Sheet, campaign_name: str, language: str, paper: str,
                  css: str, images: Mapping[str, str] | None = None,
                  root: Path | None = None) -> str:
    """A standalone HTML page for one sheet: print.css inlined, paper size and footer set,
    loading nothing (``print_safety``: ``images`` are the diagrams, ``root`` the campaign
    folder whose files its images may show)."""
    body = print_safety.contained(markdown_html(sheet.markdown), images or {}, root)
    page_css = page_rules(paper, campaign_name, sheet.title)
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{html.escape(language)}">\n<head>\n<meta charset="utf-8">\n'
        f"{print_safety.policy_meta(print_safety.SHEET_POLICY)}\n"
        f"<title>{html.escape(print_safety.isolated(sheet.title))}</title>\n"
        f"<style>\n{css}\n{page_css}</style>\n</head>\n"
        f'<body class="hexcrawl-print sheet-{html.escape(sheet.name)}">\n'
        f'<article class="md-typeset">\n{body}\n</article>\n</body>\n</html>\n')


def chromium_command(chromium: str, user_data_dir: Path, pdf: Path, page: Path) -> list[str]:
    return [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
            "--no-first-run", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--disable-extensions", "--mute-audio",
            *print_safety.NO_NETWORK_FLAGS, f"--user-data-dir={user_data_dir}",
            "--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri()]


def print_one(chromium: str, page: Path, pdf: Path, work: Path) -> Path:
    profile = work / f"profile-{page.stem}"
    profile.mkdir(parents=True, exist_ok=True)
    cmd = chromium_command(chromium, profile, pdf, page)
    try:
        result = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT,
                                check=False, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as exc:
        raise PrintError(f"Chromium took longer than {TIMEOUT}s to print {page.name}") from exc
    if result.returncode != 0 or not pdf.is_file() or pdf.stat().st_size == 0:
        tail = "\n".join((result.stderr or "").strip().splitlines()[-5:])
        raise PrintError(f"Chromium could not print {page.name} (exit {result.returncode})"
                         + (f":\n{tail}" if tail else ""))
    return pdf


def print_pdfs(campaign: Campaign, out_dir: Path, language: str | None = None,
               paper: str = "A4", *, audience: Audience = "gm",
               systems: Sequence[str] | None = None, only: Sequence[str] | None = None,
               chromium: str | None = None, jobs: int = 2,
               known_terrain: Collection[str] | None = None) -> list[Path]:
    """Print every sheet, the roll tables and the GM screen to ``out_dir/<name>.pdf``.

    ``paper`` is ``A4`` or ``Letter``; ``language`` defaults to the campaign's; ``systems``
    prints a GM screen and the checks sheet of each check system (``gm-screen-d20.pdf``,
    ``checks-d20.pdf`` ...) instead of only the campaign's (``gm-screen.pdf`` and its
    ``checks-<system>.pdf``); ``only`` keeps the documents of those names (``travel``,
    ``gm-screen``, ``tables`` ...). Returns the PDFs in print order. Raises ``PrintError``
    when Chromium is missing or fails, ``ValueError`` for an unknown paper size or name.
    """
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not '{paper}'")
    browser = find_chromium(chromium)
    language = language or campaign.language
    docs, images = sheets(campaign, language, audience=audience, systems=systems,
                          known_terrain=known_terrain,
                          checks=[n for n in only or () if n.startswith("checks-")])
    if only is not None:
        names = [d.name for d in docs]
        unknown = [n for n in only if n not in names]
        if unknown:
            raise ValueError(f"no printable sheet named {', '.join(unknown)}; the sheets are "
                             f"{', '.join(names)}")
        docs = [d for d in docs if d.name in only]
    css = PRINT_CSS.read_text(encoding="utf-8")
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="hexcrawl-print-") as tmp:
        work = Path(tmp)
        site = work / "reference"
        for path, text in images.items():
            target = site / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        jobs_list: list[tuple[Path, Path]] = []
        for doc in docs:
            page = site / f"{doc.name}.html"
            page.parent.mkdir(parents=True, exist_ok=True)
            page.write_text(html_document(doc, campaign.name, language, paper, css, images,
                                          campaign.root), encoding="utf-8")
            jobs_list.append((page, out_dir / f"{doc.name}.pdf"))
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            futures = [pool.submit(print_one, browser, page, pdf, work)
                       for page, pdf in jobs_list]
            return [f.result() for f in futures]


def page_count(pdf: Path) -> int:
    """Number of pages of a PDF written by Chromium (counts its page objects)."""
    data = pdf.read_bytes()
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))


# ------------------------------------------------------------------------------------------
# the maps: hexcrawl print map

#: Paper sizes for maps, portrait, in millimetres.
MAP_PAPERS: dict[str, tuple[float, float]] = {
    "A4": (210, 297), "A3": (297, 420), "Letter": (215.9, 279.4), "Tabloid": (279.4, 431.8)}
MAP_TEMPLATES = SITE_TEMPLATES / "print"
#: Page margin (crop marks and the sheet label live in it) and the overlap of two sheets.
MAP_MARGIN = 10.0
MAP_OVERLAP = 10.0
#: A poster's default scale: millimetres between two opposite sides of a hex.
POSTER_HEX_MM = 25.0
#: Room a one-page map leaves for its title and legend, in millimetres.
_MAP_RESERVED = 30.0


@dataclass(frozen=True)
class Tile:
    """One sheet of a poster: its name (column letter, row number), where the map is placed
    on it and which sides overlap a neighbour."""

    name: str
    col: int
    row: int
    img_x: float
    img_y: float
    left: bool
    right: bool
    up: bool
    down: bool
    where: str
    neighbours: str
    index_x: float = 0
    index_y: float = 0
    index_w: float = 0
    index_h: float = 0


@dataclass(frozen=True)
class PosterLayout:
    """How a poster cuts a map of ``map_w`` x ``map_h`` mm into sheets."""

    page: tuple[float, float]
    map_w: float
    map_h: float
    cols: int
    rows: int

    @property
    def tile(self) -> tuple[float, float]:
        return self.page[0] - 2 * MAP_MARGIN, self.page[1] - 2 * MAP_MARGIN

    @property
    def sheets(self) -> int:
        return self.cols * self.rows


def _sheet_name(col: int, row: int) -> str:
    letters = ""
    n = col
    while True:
        letters = chr(ord("A") + n % 26) + letters
        n = n // 26 - 1
        if n < 0:
            break
    return f"{letters}{row + 1}"


def poster_layout(view_w: float, view_h: float, paper: str, orientation: str = "auto",
                  hex_mm: float = POSTER_HEX_MM) -> PosterLayout:
    """Sheets for a map whose viewBox is ``view_w`` x ``view_h`` units at ``hex_mm`` between
    opposite hex sides: as few as the orientation allows, overlapping by ``MAP_OVERLAP``.

    A 622 x 584 unit map (the example campaign's GM map) at 25 mm a hex is 449 x 421 mm:
    six A4 sheets either way (portrait wins the tie), four A3 sheets, or one landscape A3
    sheet at 16 mm a hex (287 x 270 mm).

    >>> p = poster_layout(622, 583.6, "A4", hex_mm=25)
    >>> (p.cols, p.rows, p.page)
    (3, 2, (210, 297))
    >>> poster_layout(622, 583.6, "A3", hex_mm=25).sheets
    4
    >>> poster_layout(622, 583.6, "A3", hex_mm=16).sheets
    1
    """
    from generator.render.maps import SIZE

    mm = hex_mm / (3 ** 0.5 * SIZE)
    map_w, map_h = view_w * mm, view_h * mm
    w, h = MAP_PAPERS[paper]
    options: list[PosterLayout] = []
    for page in ((w, h), (h, w)):
        if orientation == "portrait" and page[0] > page[1]:
            continue
        if orientation == "landscape" and page[0] < page[1]:
            continue
        tw, th = page[0] - 2 * MAP_MARGIN, page[1] - 2 * MAP_MARGIN
        cols = max(1, math.ceil((map_w - MAP_OVERLAP) / (tw - MAP_OVERLAP)))
        rows = max(1, math.ceil((map_h - MAP_OVERLAP) / (th - MAP_OVERLAP)))
        options.append(PosterLayout(page, map_w, map_h, cols, rows))
    return min(options, key=lambda p: (p.sheets, p.page[0] > p.page[1]))


def _map_orientation(view_w: float, view_h: float, paper: str, orientation: str,
                     ) -> tuple[float, float]:
    """The page of a one-page map: the orientation that prints it largest."""
    w, h = MAP_PAPERS[paper]
    pages = [(w, h), (h, w)] if orientation == "auto" else [
        (w, h) if orientation == "portrait" else (h, w)]

    def scale(page: tuple[float, float]) -> float:
        return min((page[0] - 2 * MAP_MARGIN) / view_w,
                   (page[1] - 2 * MAP_MARGIN - _MAP_RESERVED) / view_h)

    return max(pages, key=scale)


def _map_legend(view: Any, t: Any) -> list[tuple[str, str]]:
    """(swatch SVG, words) for the printed legend: what the map shows."""
    from generator.knowledge import GMView
    from generator.render import maps

    items: list[tuple[str, str]] = []
    for terrain, density in maps.legend_terrains(view):
        # a campaign's own name, isolated: the template escapes the rest
        name = Markup("<bdi>%s</bdi>") % t.terrain(terrain)
        if density:
            name = Markup(t.gettext("%(terrain)s, %(density)s", terrain=name,
                                    density=escape(t.label("density", density))))
        items.append((maps.terrain_swatch(terrain, density), name))
    if not isinstance(view, GMView):
        items.append((maps.fog_swatch(), t.gettext("Unexplored")))
    kinds = {p.kind for p in view.paths}
    for kind in ("highway", "road", "trail", "river"):
        if kind in kinds:
            items.append((maps.path_swatch(kind), t.label("path", kind)))
    for kind in maps.legend_icons(view):
        items.append((maps.icon_swatch(kind), t.label("icon", kind)))
    if isinstance(view, GMView):
        items.append((maps.party_swatch("true"), t.gettext("The party")))
        items.append((maps.party_swatch("believed"), t.gettext("where the party believes it is")))
        items.append((maps.track_swatch("#555", "true"), t.gettext("true track")))
        items.append((maps.track_swatch("#555", "believed"), t.gettext("believed track")))
    else:
        items.append((maps.party_swatch("true"), t.gettext("where the party believes it is")))
        items.append((maps.track_swatch("#555", "known"), t.gettext(
            "the party's route as it knows it now (a stretch walked while lost, once it found "
            "its bearings again)")))
    return items


def map_html(campaign: Campaign, view: Any, svg: str, image: str, paper: str,
             poster: bool, orientation: str = "auto", hex_mm: float = POSTER_HEX_MM,
             language: str | None = None) -> str:
    """The standalone HTML page of a printed map (``image`` is the map's SVG file beside
    it; ``svg`` its text, for the viewBox)."""
    import jinja2

    from generator.i18n import Translator
    from generator.knowledge import GMView
    from generator.render import maps

    t = Translator(language or campaign.language)
    m = re.search(r'viewBox="([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+)"', svg)
    assert m, "a map without a viewBox"
    view_w, view_h = float(m.group(3)), float(m.group(4))
    gm = isinstance(view, GMView)
    title = t.gettext("The GM's map") if gm else t.gettext("The players' map")
    context: dict[str, Any] = {
        "language": t.language, "campaign": campaign.name, "title": title, "image": image,
        "policy": print_safety.MAP_POLICY,
        "margin": MAP_MARGIN, "overlap": MAP_OVERLAP, "legend": _map_legend(view, t),
        # the legend's swatches are inline SVGs of the page: they need the map's styles
        # (the map itself is an image that carries its own)
        "map_css": maps.map_css(swatches=True),
        "scale": t.gettext("One hex: %(miles)s miles across.", miles=campaign.hex_miles),
        "tiles": [],
        "tile_w": 0, "tile_h": 0, "map_w": 0, "map_h": 0, "crop_marks": []}
    if not poster:
        page = _map_orientation(view_w, view_h, paper, orientation)
    else:
        layout = poster_layout(view_w, view_h, paper, orientation, hex_mm)
        page = layout.page
        tw, th = layout.tile
        step_x, step_y = tw - MAP_OVERLAP, th - MAP_OVERLAP
        # the cover's index: the whole map with the sheets drawn over it
        avail_w = page[0] - 2 * MAP_MARGIN
        avail_h = page[1] - 2 * MAP_MARGIN - 55
        total_w = layout.cols * step_x + MAP_OVERLAP
        total_h = layout.rows * step_y + MAP_OVERLAP
        k = min(avail_w / total_w, avail_h / total_h)
        tiles: list[Tile] = []
        for row in range(layout.rows):
            for col in range(layout.cols):
                name = _sheet_name(col, row)
                near = [f"{arrow} {_sheet_name(c, r)}" for arrow, c, r in (
                    ("←", col - 1, row), ("↑", col, row - 1), ("→", col + 1, row),
                    ("↓", col, row + 1)) if 0 <= c < layout.cols and 0 <= r < layout.rows]
                tiles.append(Tile(
                    name, col, row, round(-col * step_x, 2), round(-row * step_y, 2),
                    col > 0, col < layout.cols - 1, row > 0, row < layout.rows - 1,
                    t.gettext("row %(row)s of %(rows)s, column %(col)s of %(cols)s",
                              row=row + 1, rows=layout.rows, col=col + 1, cols=layout.cols),
                    "  ".join(near),
                    round(col * step_x * k, 2), round(row * step_y * k, 2), round(tw * k, 2),
                    round(th * k, 2)))
        marks: list[tuple[float, float, float, float]] = []
        x0, y0, x1, y1 = MAP_MARGIN, MAP_MARGIN, page[0] - MAP_MARGIN, page[1] - MAP_MARGIN
        for x in (x0, x1):
            for y in (y0, y1):
                out_x = -7 if x == x0 else 2
                out_y = -7 if y == y0 else 2
                marks.append((x + out_x, y - 0.1, 5, 0.2))   # horizontal, outside the corner
                marks.append((x - 0.1, y + out_y, 0.2, 5))   # vertical
        context.update({
            "tiles": tiles, "tile_w": tw, "tile_h": th, "map_w": round(layout.map_w, 2),
            "map_h": round(layout.map_h, 2), "crop_marks": marks,
            "index_w": round(total_w * k, 2), "index_h": round(total_h * k, 2),
            "sheets_note": t.gettext("poster of %(n)s sheets (%(paper)s)", n=layout.sheets,
                                     paper=paper),
            # TRANSLATORS: how to assemble a printed poster of the map
            "assembly": t.gettext(
                "To assemble: trim each sheet along its crop marks, then lay it over its "
                "neighbour so the strips beyond the dashed lines match (sheets are named by "
                "column letter and row number).")})
    context.update({"page_w": page[0], "page_h": page[1]})
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(MAP_TEMPLATES)),
                             autoescape=True, undefined=jinja2.StrictUndefined,
                             trim_blocks=True, lstrip_blocks=True)
    return env.get_template("map.html").render(context)


def map_pages(pdf_paper: str, poster: bool, svg: str, orientation: str = "auto",
              hex_mm: float = POSTER_HEX_MM) -> int:
    """How many pages a printed map takes (a poster: its sheets and the cover)."""
    m = re.search(r'viewBox="[-\d.]+ [-\d.]+ ([-\d.]+) ([-\d.]+)"', svg)
    assert m
    if not poster:
        return 1
    return 1 + poster_layout(float(m.group(1)), float(m.group(2)), pdf_paper, orientation,
                             hex_mm).sheets


def print_maps(campaign: Campaign, chronicle: Any, out_dir: Path, *,
               audiences: Sequence[str] = ("players", "gm"), paper: str = "A4",
               poster: bool = False, orientation: str = "auto",
               hex_mm: float = POSTER_HEX_MM, language: str | None = None,
               chromium: str | None = None) -> list[Path]:
    """Print the players' and/or the GM's overview map to ``out_dir/map-<audience>.pdf``
    (``map-<audience>-poster.pdf`` for a poster): one page of ``paper`` (A4, A3, Letter,
    Tabloid) in the orientation that prints it largest, with a title and a legend; or a
    poster at ``hex_mm`` millimetres a hex, tiled over sheets that overlap by
    ``MAP_OVERLAP`` mm, with crop marks, overlap lines and sheet names, after a cover page
    with the whole map, where each sheet goes, and the legend. The players' map is built
    from the players' view only, as on their site."""
    from generator.i18n import Translator
    from generator.knowledge import view_for
    from generator.render import maps

    if paper not in MAP_PAPERS:
        raise ValueError(f"paper must be one of {', '.join(MAP_PAPERS)}, not '{paper}'")
    if orientation not in ("auto", "portrait", "landscape"):
        raise ValueError(f"orientation must be auto, portrait or landscape, not "
                         f"'{orientation}'")
    if not 5 <= hex_mm <= 200:
        raise ValueError(f"a hex of {hex_mm} mm is out of range (5 to 200)")
    browser = find_chromium(chromium)
    out_dir.mkdir(parents=True, exist_ok=True)
    results: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="hexcrawl-print-map-") as tmp:
        work = Path(tmp)
        jobs_list: list[tuple[Path, Path]] = []
        for audience in audiences:
            view = view_for(campaign, chronicle, "players" if audience == "players" else "gm")
            t = Translator(language or campaign.language)
            svg = maps.overview_map(view, maps.MapLinks(), t, for_print=True)
            image = work / f"map-{audience}.svg"
            image.write_text('<?xml version="1.0" encoding="utf-8"?>\n' + svg,
                             encoding="utf-8")
            page = work / f"map-{audience}.html"
            page.write_text(map_html(campaign, view, svg, image.name, paper, poster,
                                     orientation, hex_mm, language), encoding="utf-8")
            stem = f"map-{audience}-poster" if poster else f"map-{audience}"
            jobs_list.append((page, out_dir / f"{stem}.pdf"))
        with ThreadPoolExecutor(max_workers=2) as pool:
            futures = [pool.submit(print_one, browser, page, pdf, work)
                       for page, pdf in jobs_list]
            results = [f.result() for f in futures]
    return results
