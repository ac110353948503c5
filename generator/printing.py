"""``hexcrawl print``: the reference sheets, the roll tables and the GM screen as PDFs.

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
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from generator.content.campaign import Campaign
from generator.package_data import SITE_TEMPLATES
from generator.reference.render import Renderer
from generator.reference.sheets import TOPICS, Audience

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


def sheets(campaign: Campaign, language: str | None = None, *, audience: Audience = "gm",
           systems: Sequence[str] | None = None) -> tuple[list[Sheet], dict[str, str]]:
    """The printable documents and the diagrams they use (``img/*.svg`` -> SVG text).

    Every topic sheet, the roll tables in one document, and (GM only) the GM screen of the
    campaign's check system, or of each of ``systems`` (``gm-screen-<system>``).
    """
    r = Renderer(campaign, audience, language)
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


def html_document(sheet: Sheet, campaign_name: str, language: str, paper: str,
                  css: str) -> str:
    """A standalone HTML page for one sheet: print.css inlined, paper size and footer set."""
    # the markdown package ships no type hints; MkDocs depends on it, so it is always here
    md = importlib.import_module("markdown")
    body = str(md.markdown(sheet.markdown, extensions=list(MD_EXTENSIONS),
                           output_format="html"))
    size = "A4" if paper == "A4" else "letter"
    footer = _css_string(f"{campaign_name} · {sheet.title}")
    page_css = (
        f"@page {{ size: {size}; @bottom-left {{ content: {footer}; font: 7pt sans-serif; "
        f"color: #7a7367; }} @bottom-right {{ content: counter(page) ' / ' counter(pages); "
        f"font: 7pt sans-serif; color: #7a7367; }} }}\n"
        f"@page hexcrawl-landscape {{ size: {size} landscape; }}\n")
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{html.escape(language)}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(sheet.title)}</title>\n"
        f"<style>\n{css}\n{page_css}</style>\n</head>\n"
        f'<body class="hexcrawl-print sheet-{html.escape(sheet.name)}">\n'
        f'<article class="md-typeset">\n{body}\n</article>\n</body>\n</html>\n')


def chromium_command(chromium: str, user_data_dir: Path, pdf: Path, page: Path) -> list[str]:
    return [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
            "--no-first-run", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--disable-extensions", "--mute-audio",
            f"--user-data-dir={user_data_dir}", "--no-pdf-header-footer",
            f"--print-to-pdf={pdf}", page.as_uri()]


def _print_one(chromium: str, page: Path, pdf: Path, work: Path) -> Path:
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
               chromium: str | None = None, jobs: int = 2) -> list[Path]:
    """Print every sheet, the roll tables and the GM screen to ``out_dir/<name>.pdf``.

    ``paper`` is ``A4`` or ``Letter``; ``language`` defaults to the campaign's; ``systems``
    prints a GM screen per check system (``gm-screen-d20.pdf`` ...) instead of only the
    campaign's (``gm-screen.pdf``); ``only`` keeps the documents of those names (``travel``,
    ``gm-screen``, ``tables`` ...). Returns the PDFs in print order. Raises ``PrintError``
    when Chromium is missing or fails, ``ValueError`` for an unknown paper size or name.
    """
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not '{paper}'")
    browser = find_chromium(chromium)
    language = language or campaign.language
    docs, images = sheets(campaign, language, audience=audience, systems=systems)
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
            page.write_text(html_document(doc, campaign.name, language, paper, css),
                            encoding="utf-8")
            jobs_list.append((page, out_dir / f"{doc.name}.pdf"))
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            futures = [pool.submit(_print_one, browser, page, pdf, work)
                       for page, pdf in jobs_list]
            return [f.result() for f in futures]


def page_count(pdf: Path) -> int:
    """Number of pages of a PDF written by Chromium (counts its page objects)."""
    data = pdf.read_bytes()
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))
