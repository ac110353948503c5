"""``hexcrawl print sheets``: the reference sheets, the roll tables and the GM screen as
PDFs.

Each sheet is the Markdown the sites show (``generator.reference``), turned into a standalone
HTML page with the ``markdown`` package and the extensions MkDocs is configured with (tables,
admonition, attr_list, md_in_html) and ``site_templates/assets/print.css`` inlined: no network,
no CDN, no MkDocs theme. Headless Chromium prints each page to PDF
(``generator.printing.chromium``).
"""

from __future__ import annotations

import html
import importlib
import re
import tempfile
from collections.abc import Collection, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from generator.audience import Audience
from generator.content.campaign import Campaign
from generator.package_data import SITE_TEMPLATES
from generator.printing import safety as print_safety
from generator.printing.chromium import find_chromium, print_one
from generator.reference.render import Renderer, seen_terrain_only
from generator.reference.sheets import TOPICS, site_sheets

Paper = Literal["A4", "Letter"]
PAPERS: tuple[str, ...] = ("A4", "Letter")
PRINT_CSS = SITE_TEMPLATES / "assets" / "print.css"
#: The Markdown extensions of the sites' mkdocs configuration that the sheets use.
MD_EXTENSIONS = ("tables", "admonition", "attr_list", "md_in_html")

#: The designed size of each document, in pages (A4 or Letter; the GM screen is landscape).
#: ``tests/e2e/test_print.py`` holds every printed sheet to it. The roll tables take what they
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


@dataclass(frozen=True)
class Sheet:
    """One printable document: its file stem, title and Markdown."""

    name: str
    title: str
    markdown: str


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
    if audience == Audience.PLAYERS:
        theirs = [s for s in site_sheets(campaign, audience) if s.startswith("checks-")]
        return wanted if theirs and systems else set(theirs)
    return wanted


def sheets(campaign: Campaign, language: str | None = None, *, audience: Audience = Audience.GM,
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
    if audience == Audience.GM:
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
    r"""``text`` as a CSS string inside an HTML ``<style>``: quotes, backslashes, ``<`` and
    ``>`` as CSS escapes (the HTML parser ends the style element at ``</style`` whatever the
    CSS quoting, so a campaign name could otherwise write a ``<meta>`` refresh into the page
    head), line breaks and other control characters as spaces.

    >>> print(_css_string('Tom "Big" </style>'))
    "Tom \22 Big\22  \3c /style\3e "
    """
    out = []
    for char in text:
        if char in '"\\<>':
            out.append(f"\\{ord(char):x} ")
        elif char < " " or "\x7f" <= char <= "\x9f":
            out.append(" ")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


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


def print_pdfs(campaign: Campaign, out_dir: Path, language: str | None = None,
               paper: str = "A4", *, audience: Audience = Audience.GM,
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
