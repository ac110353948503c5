"""What the built pages give readers who use assistive technology or a validator, and the
404 page and the sitemap with and without ``site_url``: on the example's two sites as
``hexcrawl build`` writes them (``example_repo``), served by ``python -m http.server``'s own
handler from a thread, as the README serves them."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from urllib.error import HTTPError
from urllib.parse import urljoin
from urllib.request import urlopen

import pytest
from browser_helpers import served

from generator.scaffold import create
from tests.conftest import ROOT, hexcrawl, made_once

AUDIENCES = ("players", "gm")


def pages(site: Path) -> Iterator[Path]:
    for audience in AUDIENCES:
        yield from sorted((site / audience).rglob("*.html"))


def article(page: Path) -> str:
    """The page's own content (Material's <article>), without the theme around it."""
    text = page.read_text(encoding="utf-8")
    found = re.search(r"<article\b[^>]*>(.*)</article>", text, re.S)
    return found.group(1) if found else ""


def test_no_markdown_attribute_is_left_on_an_element(example_repo: Path) -> None:
    """md_in_html consumes the attribute it reads; one left over is invalid HTML."""
    left = [str(p) for p in pages(example_repo / "site")
            if re.search(r"<[a-zA-Z][^<>]*\smarkdown=", p.read_text(encoding="utf-8"))]
    assert left == []
    gm_map = (example_repo / "site" / "gm" / "map" / "index.html").read_text(encoding="utf-8")
    assert '<div class="hexmap hexmap-wide">' in gm_map


def test_every_header_cell_says_what_its_column_holds(example_repo: Path) -> None:
    site = example_repo / "site"
    empty = [str(p) for p in pages(site)
             if re.search(r"<th\b[^>]*>\s*</th>", p.read_text(encoding="utf-8"))]
    assert empty == []
    session = article(next((site / "gm" / "sessions").glob("01-*/index.html")))
    assert '<th><span class="hx-sr-only">When</span></th>' in session
    region = article(next(p for p in (site / "gm" / "hex-key").glob("*/index.html")
                          if "Plain hexes" in p.read_text(encoding="utf-8")))
    assert "<th>Known to the players</th>" in region


def skipped_levels(html: str) -> list[tuple[int, int]]:
    levels = [int(level) for level in re.findall(r"<h([1-6])[\s>]", html)]
    return [(a, b) for a, b in zip([0, *levels], levels, strict=False) if b > a + 1]


def test_no_page_skips_a_heading_level(example_repo: Path) -> None:
    """A screen reader's list of headings has no gap: the hex key's entries and the GM
    screen's panels are the second level under the page's title."""
    site = example_repo / "site"
    assert skipped_levels("<h1>a</h1><h3>b</h3>") == [(1, 3)]
    skips = {str(p): skipped_levels(article(p)) for p in pages(site)}
    assert {p: s for p, s in skips.items() if s} == {}
    screen = article(site / "gm" / "reference" / "gm-screen" / "index.html")
    assert len(re.findall(r"<h2[\s>]", screen)) >= 10
    hask = article(site / "gm" / "hex-key" / "the-hask" / "index.html")
    assert re.search(r'<h2 id="hex-\d{4}"', hask)


# ------------------------------------------------------------------------------------------
# the 404 page and the sitemap


class _Links(HTMLParser):
    """The stylesheets, scripts, icon and links of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.assets: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "link" and a.get("href") and a.get("rel") in ("stylesheet", "icon"):
            self.assets.append(str(a["href"]))
        elif tag == "script" and a.get("src"):
            self.assets.append(str(a["src"]))
        elif tag == "a" and a.get("href") and not str(a["href"]).startswith(("http", "#")):
            self.links.append(str(a["href"]))


def fetch(url: str) -> int:
    try:
        with urlopen(url, timeout=30) as response:  # noqa: S310 (a local test server)
            response.read()
            return int(response.status)
    except HTTPError as exc:
        return exc.code


def check_not_found_pages(site: Path) -> None:
    """Each site's 404 page, opened at /players/404.html and /gm/404.html, loads every style
    and script it names and links to pages that are there."""
    with served(site) as base:
        for audience in AUDIENCES:
            url = f"{base}/{audience}/404.html"
            with urlopen(url, timeout=30) as response:  # noqa: S310
                links = _Links()
                links.feed(response.read().decode("utf-8"))
            kinds = {Path(a.split("?")[0]).suffix for a in links.assets}
            assert {".css", ".js"} <= kinds, links.assets
            failed = {a: code for a in links.assets + links.links
                      if (code := fetch(urljoin(url, a))) != 200}
            assert failed == {}, (audience, failed)
            assert any(link.rstrip("/").endswith("sessions") for link in links.links)


def test_the_404_pages_work_under_players_and_gm_without_site_url(example_repo: Path) -> None:
    check_not_found_pages(example_repo / "site")
    sitemap = (example_repo / "site" / "players" / "sitemap.xml").read_text(encoding="utf-8")
    assert "<loc>" not in sitemap  # a sitemap needs full addresses: the build warned


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The example built as published: each site with its own site_url, and what the build
    said; built once per test run however many pytest-xdist workers run this module's tests."""
    def make(folder: Path) -> None:
        repo = folder / "published"
        shutil.copytree(ROOT / "content", repo / "content")
        shutil.copy(ROOT / "mkdocs.yml", repo / "mkdocs.yml")
        result = hexcrawl("build", "--site-url", "https://reach.example.org/sallow/",
                          "--gm-site-url", "https://gm.example.org/", cwd=repo)
        assert result.returncode == 0, result.stderr
        (folder / "stderr.txt").write_text(result.stderr, "utf-8")

    folder = made_once(tmp_path_factory, "published", make)
    return folder / "published", (folder / "stderr.txt").read_text("utf-8")


def test_the_404_pages_work_under_players_and_gm_with_site_url(
        published: tuple[Path, str]) -> None:
    repo, stderr = published
    check_not_found_pages(repo / "site")
    page = (repo / "site" / "players" / "404.html").read_text(encoding="utf-8")
    # served at another address of the published site, its base is the site's root
    assert 's="/sallow/"' in page and 'm="/players/"' in page
    assert "sitemap" not in stderr
    sitemap = (repo / "site" / "players" / "sitemap.xml").read_text(encoding="utf-8")
    assert "<loc>https://reach.example.org/sallow/map/</loc>" in sitemap


def test_a_build_without_site_url_warns_once_in_the_campaigns_language(
        tmp_path: Path) -> None:
    camp = tmp_path / "camp"
    create(camp)
    config = camp / "campaign.yaml"
    config.write_text(config.read_text(encoding="utf-8").replace("language: en", "language: ru"),
                      encoding="utf-8")
    result = hexcrawl("build", "--content", str(camp), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stderr.splitlines() if "sitemap.xml" in line]
    assert lines == ["warning: camp/site/players: sitemap.xml не перечисляет ни одной "
                     "страницы: карте сайта нужен адрес, по которому опубликован сайт "
                     "(site_url в mkdocs.yml или hexcrawl build --site-url)"]
    assert result.stdout.rstrip().endswith("(1 предупреждение)"), result.stdout
