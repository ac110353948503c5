"""Browser tests: both sites of the example campaign in headless Chromium (Debian's), driven
by Playwright and served over HTTP from a thread of this module.

The campaign is built once per module, like tests/e2e/test_build.py does, with one addition:
``site_url`` is set to where this module serves each site. Material's instant navigation
only takes over the links listed in ``sitemap.xml``, and MkDocs leaves the sitemap empty
without a ``site_url``; a deployed site has one, so the tests build the sites as deployed.

Without Playwright or Chromium the tests skip, except under ``CI=true``, where they fail.
Screenshots go to ``test-artifacts/`` (git-ignored).
"""

from __future__ import annotations

import functools
import http.server
import itertools
import os
import re
import shutil
import subprocess
import sys
import threading
import zlib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urljoin, urlsplit

import pytest

from generator.content.campaign import Campaign
from generator.content.loader import load_campaign
from generator.render.maps import SIZE
from generator.replay import replay
from generator.rules.chronicle import Chronicle

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # the fixtures skip (or fail under CI) with the reason
    PlaywrightTimeout = TimeoutError  # type: ignore[misc,assignment]

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
AUDIENCES = ("players", "gm")
MAP_SVG = ".hexmap svg.hexmap-svg"


# ------------------------------------------------------------------------------------------
# the sites, served


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@dataclass
class Site:
    base: str  # http://127.0.0.1:PORT (the players' site under /players/, the GM's /gm/)
    campaign: Campaign
    chronicle: Chronicle
    root: Path = Path()  # the folder served (site/ of the built repository)

    def url(self, audience: str, path: str = "") -> str:
        return f"{self.base}/{audience}/{path}"


@pytest.fixture(scope="module")
def site(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """Both sites of a copy of the example campaign, built once and served on 127.0.0.1.

    (It takes ``browser`` so that a missing browser skips before the slow build.)"""
    repo = tmp_path_factory.mktemp("browser-repo")
    shutil.copytree(ROOT / "content", repo / "content")
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    (repo / "mkdocs.yml").write_text(
        config + "\nsite_url: !ENV [HEXCRAWL_TEST_SITE_URL]\n", encoding="utf-8")
    handler = functools.partial(_QuietHandler, directory=str(repo / "site"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        # one build per audience (each has its own site_url), both at once
        builds = {
            audience: subprocess.Popen(
                [sys.executable, "-m", "generator.cli", "build", "--audience", audience],
                cwd=repo, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                env={**os.environ, "PYTHONPATH": str(ROOT),
                     "HEXCRAWL_TEST_SITE_URL": f"{base}/{audience}/"})
            for audience in AUDIENCES
        }
        for audience, proc in builds.items():
            _, err = proc.communicate(timeout=600)
            assert proc.returncode == 0, f"{audience} build failed:\n{err}"
        campaign, _ = load_campaign(ROOT / "content")
        assert campaign is not None
        chronicle, _ = replay(campaign)
        ARTIFACTS.mkdir(exist_ok=True)
        yield Site(base, campaign, chronicle, repo / "site")
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


# ------------------------------------------------------------------------------------------
# pages, and what they did


@dataclass
class Watch:
    """Everything a page asked the network for, and what went wrong."""

    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)

    def attach(self, page: Page) -> None:
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.errors.append(f"uncaught: {exc}"))
        page.on("requestfailed",
                lambda request: self.failed.append(f"{request.url}: {request.failure}"))
        page.on("response", self._response)

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text} ({message.location})")

    def _response(self, response: Any) -> None:
        if response.status >= 400:
            self.failed.append(f"{response.url}: HTTP {response.status}")

    def foreign(self) -> list[str]:
        """Requests that went anywhere but 127.0.0.1 (data: and blob: URLs stay local)."""
        out = []
        for url in self.requests:
            parts = urlsplit(url)
            if parts.scheme in ("data", "blob", "about"):
                continue
            if parts.scheme not in ("http", "https", "ws", "wss") \
                    or parts.hostname != "127.0.0.1":
                out.append(url)
        return out


@pytest.fixture
def watch() -> Watch:
    return Watch()


@pytest.fixture
def page(browser: Browser, site: Site, watch: Watch) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  device_scale_factor=1, color_scheme="light")
    context.set_default_timeout(10_000)
    page = context.new_page()
    watch.attach(page)
    yield page
    context.close()
    # every test: nothing left the machine, and no script went wrong
    assert watch.foreign() == []
    assert watch.errors == []


def open_page(page: Page, url: str) -> None:
    page.goto(url, wait_until="networkidle")


# ------------------------------------------------------------------------------------------
# PNG pixels (Chromium's screenshots: 8-bit RGB or RGBA, not interlaced), no Pillow needed


def png_pixels(data: bytes) -> list[bytes]:
    """The pixels of a PNG as RGB(A) byte strings."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, b"", b""
    while pos < len(data):
        length = int.from_bytes(data[pos:pos + 4], "big")
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height = int.from_bytes(header[0:4], "big"), int.from_bytes(header[4:8], "big")
    depth, colour, interlace = header[8], header[9], header[12]
    assert depth == 8 and colour in (2, 6) and interlace == 0, "unsupported PNG"
    bpp = 4 if colour == 6 else 3
    stride = width * bpp
    raw = zlib.decompress(idat)
    previous = bytearray(stride)
    pixels: list[bytes] = []
    for y in range(height):
        start = y * (stride + 1)
        kind = raw[start]
        line = bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - bpp] if i >= bpp else 0
            up = previous[i]
            up_left = previous[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - up_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - up_left)
                pred = left if pa <= pb and pa <= pc else up if pb <= pc else up_left
                line[i] = (line[i] + pred) & 0xFF
        pixels += [bytes(line[i:i + bpp]) for i in range(0, stride, bpp)]
        previous = line
    return pixels


# ------------------------------------------------------------------------------------------
# the map, from the page

#: Where the first hex of the map is on screen (its size grows on zoom, it moves on pan).
HEX_RECT = f"""() => {{
    const hex = document.querySelector('{MAP_SVG} .hexes path');
    const r = hex.getBoundingClientRect();
    return [r.left, r.top, r.width, r.height];
}}"""
VIEWBOX = f"() => document.querySelector('{MAP_SVG}').getAttribute('viewBox')"
#: A hex link of the map, visible on screen and not covered by an icon, with its centre.
PICK_HEX = f"""() => {{
    const svg = document.querySelector('{MAP_SVG}');
    for (const a of svg.querySelectorAll('.hexes a')) {{
        const href = a.getAttribute('href')
            || a.getAttributeNS('http://www.w3.org/1999/xlink', 'href');
        const m = href && href.match(/#(hex-[^#]+)$/);
        if (!m) continue;
        const r = a.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit && hit.closest('a') === a) return {{href: href, anchor: m[1], x: x, y: y}};
    }}
    return null;
}}"""


#: The centre of every hex of the map (its ``<path>``) in the map's own units, the transforms
#: of its groups applied: the hexes layer is scaled to lattice units (render/maps.py) and may
#: group a column of hexes under one ``translate``.
HEX_POSITIONS = f"""() => {{
    const svg = document.querySelector('{MAP_SVG}');
    return [...svg.querySelectorAll('.hexes path')].map(hex => {{
        const b = hex.getBBox();
        let at = new DOMPoint(b.x + b.width / 2, b.y + b.height / 2);
        for (let e = hex; e && e !== svg; e = e.parentElement) {{
            const t = e.transform && e.transform.baseVal.consolidate();
            if (t) at = at.matrixTransform(t.matrix);
        }}
        return [at.x, at.y];
    }});
}}"""


def map_centre(page: Page) -> tuple[float, float]:
    """A point in the middle of the visible part of the map."""
    box = page.locator(MAP_SVG).bounding_box()
    assert box is not None
    viewport = page.viewport_size
    assert viewport is not None
    bottom = min(box["y"] + box["height"], viewport["height"])
    return box["x"] + box["width"] / 2, (box["y"] + bottom) / 2


def check_pan_and_zoom(page: Page) -> None:
    """Wheel zooms in, a drag pans, a double-click resets; none of them follows a link."""
    url = page.url
    page.locator(MAP_SVG).scroll_into_view_if_needed()
    x, y = map_centre(page)
    home_box, home = page.evaluate(VIEWBOX), page.evaluate(HEX_RECT)
    scroll = page.evaluate("() => scrollY")

    page.mouse.move(x, y)
    page.mouse.wheel(0, -240)
    try:
        page.wait_for_function(f"() => document.querySelector('{MAP_SVG}')"
                               f".getAttribute('viewBox') !== {home_box!r}", timeout=3000)
    except PlaywrightTimeout:
        pytest.fail("the wheel did not change the map's viewBox: is the pan and zoom script "
                    "attached to this map?", pytrace=False)
    zoomed = page.evaluate(HEX_RECT)
    assert zoomed[2] > home[2] * 1.05, f"wheel did not zoom in: hex {home} -> {zoomed}"
    assert page.evaluate("() => scrollY") == scroll, "the wheel scrolled the page"

    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 40, y + 25, steps=4)
    page.mouse.move(x + 80, y + 50, steps=4)
    page.mouse.up()
    panned = page.evaluate(HEX_RECT)
    assert panned[2] == pytest.approx(zoomed[2], abs=0.5), "a drag changed the zoom"
    assert panned[0] - zoomed[0] == pytest.approx(80, abs=4), f"{zoomed} -> {panned}"
    assert panned[1] - zoomed[1] == pytest.approx(50, abs=4), f"{zoomed} -> {panned}"

    page.mouse.dblclick(x, y)  # over a hex link: resets, and must not follow the link
    page.wait_for_timeout(600)
    assert page.url == url, "a drag or a double-click on the map followed a link"
    assert page.evaluate(VIEWBOX) == home_box
    reset = page.evaluate(HEX_RECT)
    assert reset == pytest.approx(home, abs=0.5), f"double-click did not reset: {reset}"


# ------------------------------------------------------------------------------------------
# 1. home and map pages load cleanly, offline


@pytest.mark.parametrize("audience", AUDIENCES)
def test_pages_load_without_errors_and_stay_on_localhost(site: Site, page: Page, watch: Watch,
                                                         audience: str) -> None:
    for name, path in (("home", ""), ("map", "map/")):
        open_page(page, site.url(audience, path))
        assert site.campaign.name in page.title()
        assert page.locator("article h1").count() == 1
        page.screenshot(path=str(ARTIFACTS / f"{audience}-{name}.png"), full_page=True)
    assert watch.errors == []
    assert watch.failed == []
    assert len(watch.requests) > 5
    assert watch.foreign() == []


# ------------------------------------------------------------------------------------------
# 2. the GM's map is drawn


def test_gm_map_renders(site: Site, page: Page) -> None:
    open_page(page, site.url("gm", "map/"))
    svg = page.locator(MAP_SVG)
    assert svg.count() == 1
    assert svg.is_visible()
    box = svg.bounding_box()
    assert box is not None and box["width"] > 200 and box["height"] > 200, box
    # the GM sees every hex of the grid
    assert svg.locator(".hexes path").count() == len(site.campaign.grid.all_hexes())
    png = svg.screenshot(path=str(ARTIFACTS / "gm-map-svg.png"))
    pixels = png_pixels(png)
    colours = Counter(pixels)
    assert len(pixels) > 200 * 200
    assert len(colours) > 50, f"only {len(colours)} colours: the map looks blank"
    commonest = colours.most_common(1)[0][1]
    assert commonest < 0.5 * len(pixels), "one colour covers half the map"


# ------------------------------------------------------------------------------------------
# 3. a hex of the GM's map opens its hex key entry


def test_clicking_a_hex_opens_its_key_entry(site: Site, page: Page) -> None:
    map_url = site.url("gm", "map/")
    open_page(page, map_url)
    target = page.evaluate(PICK_HEX)
    assert target is not None, "no hex link of the map is visible and clickable"
    page.mouse.click(target["x"], target["y"])
    page.wait_for_url(urljoin(map_url, target["href"]))
    assert "/hex-key/" in page.url
    anchor = target["anchor"]
    assert re.fullmatch(r"hex-\d{4}", anchor), anchor
    assert page.locator(f"#{anchor}").count() == 1
    assert page.evaluate("() => document.querySelector(':target')?.id") == anchor
    # scrolled into view: near the top, and not under the sticky header
    page.wait_for_function("""id => {
        const r = document.getElementById(id).getBoundingClientRect();
        return r.top >= -1 && r.top < innerHeight / 3;
    }""", arg=anchor, timeout=3000)
    # (a hex with no entry of its own is a row of the key's table, its anchor an empty link
    # in the row's first cell: the row is what must be visible)
    assert page.evaluate("""id => {
        const el = document.getElementById(id), entry = el.closest('tr') || el;
        const r = entry.getBoundingClientRect();
        return entry.contains(document.elementFromPoint(r.left + 5, r.top + r.height / 2));
    }""", anchor), "the hex's entry is hidden under the header"


#: The outline hexcrawl.js draws round the hex a link opened the map on: its centre in the
#: map's units, and on screen.
TARGET = f"""() => {{
    const mark = document.querySelector('{MAP_SVG} path.hexmap-target');
    if (!mark) return null;
    const b = mark.getBBox(), r = mark.getBoundingClientRect();
    return {{x: b.x + b.width / 2, y: b.y + b.height / 2,
             sx: r.left + r.width / 2, sy: r.top + r.height / 2}};
}}"""


def test_a_location_page_opens_the_map_on_its_hex(site: Site, page: Page) -> None:
    """A players' location page links its hex on the map (map/#map-CCRR): the map opens
    framed on that hex, outlined where the hex is; another such address on the same page
    moves the frame and the outline."""
    grid = site.campaign.grid
    found = sorted(lid for lid in site.chronicle.discovered
                   if site.campaign.locations[lid].label in site.chronicle.explored
                   and not site.campaign.locations[lid].gm_only)
    assert len(found) >= 2
    first, second = (site.campaign.locations[lid] for lid in found[:2])
    open_page(page, site.url("players", f"locations/{first.id}/"))
    link = page.locator(f'.hexcrawl-meta a[href$="#map-{first.label}"]')
    assert link.count() == 1
    link.click()
    page.wait_for_function(f"() => location.hash === '#map-{first.label}'")
    page.wait_for_selector(f"{MAP_SVG} path.hexmap-target", state="attached")
    viewport = page.viewport_size
    assert viewport is not None

    def check(label: str) -> None:
        mark = page.evaluate(TARGET)
        assert mark is not None
        x, y = grid.pixel(grid.parse(label), SIZE)
        assert abs(mark["x"] - x) < 0.5 and abs(mark["y"] - y) < 0.5
        box = page.locator(MAP_SVG).bounding_box()
        assert box is not None
        # framed: the hex is in the middle of the part of the map the window shows
        bottom = min(box["y"] + box["height"], viewport["height"])
        assert abs(mark["sx"] - (box["x"] + box["width"] / 2)) < box["width"] / 10
        assert abs(mark["sy"] - (max(box["y"], 0) + bottom) / 2) < (bottom - box["y"]) / 10

    check(first.label)
    page.locator(MAP_SVG).screenshot(path=str(ARTIFACTS / "players-map-at-hex.png"))
    page.evaluate(f"() => {{ location.hash = '#map-{second.label}'; }}")
    page.wait_for_function(f"""() => {{
        const mark = document.querySelector('{MAP_SVG} path.hexmap-target');
        return mark && Math.abs(mark.getBBox().x + mark.getBBox().width / 2
                                - {grid.pixel(grid.parse(second.label), SIZE)[0]}) < 0.5;
    }}""", timeout=3000)
    check(second.label)
    assert page.locator(f"{MAP_SVG} path.hexmap-target").count() == 1


# ------------------------------------------------------------------------------------------
# 4. pan and zoom, on a loaded page and after Material's instant navigation


def test_pan_and_zoom(site: Site, page: Page) -> None:
    open_page(page, site.url("gm", "map/"))
    check_pan_and_zoom(page)


def test_pan_and_zoom_after_instant_navigation(site: Site, page: Page) -> None:
    open_page(page, site.url("gm"))
    # count Material's page switches; hexcrawl.js subscribed earlier, so it runs first
    page.evaluate("""() => {
        window.hexcrawlTestMarker = true;
        window.hexcrawlTestPages = 0;
        document$.subscribe(() => { window.hexcrawlTestPages += 1; });
    }""")
    pages_before = page.evaluate("() => window.hexcrawlTestPages")
    # Material makes the links absolute when instant navigation is on
    index = page.evaluate("url => [...document.querySelectorAll('a.md-tabs__link')]"
                          ".findIndex(a => a.href === url)", site.url("gm", "map/"))
    assert index >= 0, "no Map tab on the home page"
    page.locator("a.md-tabs__link").nth(index).click()
    page.wait_for_url(site.url("gm", "map/"))
    page.wait_for_selector(MAP_SVG)
    assert page.evaluate("() => window.hexcrawlTestMarker") is True, \
        "the Map tab reloaded the page: instant navigation did not take over (site_url?)"
    page.wait_for_function("n => window.hexcrawlTestPages > n", arg=pages_before)
    check_pan_and_zoom(page)


# ------------------------------------------------------------------------------------------
# 5. the players' map holds only what the party knows


def test_player_map_has_only_explored_hexes(site: Site, page: Page) -> None:
    open_page(page, site.url("players", "map/"))
    svg = page.locator(MAP_SVG)
    assert svg.is_visible()
    placed = page.evaluate(HEX_POSITIONS)
    grid = site.campaign.grid
    explored = sorted(site.chronicle.explored)
    assert explored, "the example campaign explored nothing"
    assert len(placed) == len(explored)
    expected = sorted(grid.pixel(grid.parse(label), SIZE) for label in explored)
    for (x, y), (ex, ey) in zip(sorted(placed), expected, strict=True):
        assert (x, y) == (pytest.approx(ex, abs=0.11), pytest.approx(ey, abs=0.11))

    # what the map says: names written on it and tooltips
    text = page.evaluate(f"() => document.querySelector('{MAP_SVG}').textContent").casefold()
    assert text
    hidden = [loc.name for loc in site.campaign.locations.values()
              if loc.id not in site.chronicle.discovered]
    assert hidden, "the example campaign has no undiscovered location"
    assert [name for name in hidden if name.casefold() in text] == []
    found = [site.campaign.locations[lid].name for lid in site.chronicle.discovered]
    assert [name for name in found if name.casefold() not in text] == []


# ------------------------------------------------------------------------------------------
# 6. search, offline, finds what the players know and nothing else


def search(page: Page, query: str) -> list[str]:
    """Type ``query`` into Material's search box; the titles of the results."""
    strings = page.evaluate("""() => JSON.parse(document.getElementById('__config')
        .textContent).translations""")
    none, placeholder = strings["search.result.none"], strings["search.result.placeholder"]
    state = """([text, wanted]) => {
        const meta = document.querySelector('.md-search-result__meta');
        const items = document.querySelectorAll('.md-search-result__list > li').length;
        return meta !== null && (meta.textContent.trim() === text ? items === 0
                                                                 : wanted && items > 0);
    }"""
    box = page.locator("input.md-search__input")
    box.click()
    box.fill("")  # back to the placeholder, so no earlier result is taken for this one's
    page.wait_for_function(state, arg=[placeholder, False], timeout=5000)
    # the whole query at once, then one key: Material searches on keyup, and typing letter by
    # letter would let a result for a prefix ("Grey" of "Greymere") pass for the query's
    box.fill(query)
    box.press("End")
    page.wait_for_function(state, arg=[none, True], timeout=8000)
    items = page.locator(".md-search-result__list > li")
    return [t.strip() for t in items.locator(".md-search-result__article h1, "
                                             ".md-search-result__article h2").all_inner_texts()]


def test_player_search_finds_discovered_places_only(site: Site, page: Page) -> None:
    open_page(page, site.url("players"))
    locations = site.campaign.locations
    # one-word names: a longer name would match its common words ("The", "Old") elsewhere
    found = sorted(locations[lid].name for lid in site.chronicle.discovered
                   if " " not in locations[lid].name)
    hidden = sorted(loc.name for loc in locations.values()
                    if loc.id not in site.chronicle.discovered and " " not in loc.name)
    assert found and hidden, "no one-word location names to search for"

    titles = search(page, found[0])
    assert any(found[0] in t for t in titles), f"searching {found[0]!r} found {titles}"
    for name in hidden[:2]:
        assert search(page, name) == [], f"searching {name!r} found something"


# ------------------------------------------------------------------------------------------
# wide tables (issue 13, layout)

WIDE_TABLES = """() => {
  const column = document.querySelector('.md-content__inner').getBoundingClientRect();
  const out = {page: [document.documentElement.scrollWidth, window.innerWidth],
               column: [column.left, column.right], tables: []};
  for (const table of document.querySelectorAll('.md-content .md-typeset table')) {
    const box = table.closest('.md-typeset__scrollwrap') || table;
    const style = getComputedStyle(box);
    const before = box.getBoundingClientRect();
    box.scrollLeft = box.scrollWidth;
    const cells = table.querySelectorAll('tr:first-child > *');
    const last = cells[cells.length - 1].getBoundingClientRect();
    const after = box.getBoundingClientRect();
    box.scrollLeft = 0;
    out.tables.push({wide: box.scrollWidth > box.clientWidth + 1, left: before.left,
                     right: before.right, overflow: style.overflowX,
                     cue: style.backgroundImage, attachment: style.backgroundAttachment,
                     lastRight: last.right, boxRight: after.right});
  }
  return out;
}"""


def check_wide_tables(page: Page, url: str, slack: float) -> int:
    """Every table of the page sits in the content column (Material lets its scroll box
    reach ``slack`` pixels into the margin); one wider than the column scrolls sideways,
    its last column reachable, with shadows as the cue. Returns how many are wide."""
    open_page(page, url)
    info = page.evaluate(WIDE_TABLES)
    assert info["page"][0] <= info["page"][1], info["page"]  # no sideways page scroll
    left, right = info["column"]
    for t in info["tables"]:
        assert left - slack <= t["left"] and t["right"] <= right + slack, (t, info["column"])
        if t["wide"]:
            assert t["overflow"] in ("auto", "scroll"), t
            assert t["lastRight"] <= t["boxRight"] + 1, t  # scrolled to the end: all shown
            assert t["cue"].count("gradient") == 4 and "local" in t["attachment"], t
    return sum(t["wide"] for t in info["tables"])


def test_wide_tables_scroll_inside_the_content_column(site: Site, page: Page) -> None:
    """A table wider than the column (the rules grids on a phone) scrolls inside it instead
    of being cut off at the right, and says so with a shadow on the side it continues; the
    GM's watch table fits the column of a desktop window."""
    assert check_wide_tables(page, site.url("gm", "sessions/06-onto-the-hask/"), 17) == 0
    page.set_viewport_size({"width": 420, "height": 800})  # a phone: no sidebars
    check_wide_tables(page, site.url("gm", "sessions/06-onto-the-hask/"), 17)
    assert check_wide_tables(page, site.url("players", "reference/travel/"), 17) >= 1



#: Every box that scrolls sideways, with what a keyboard and a screen reader learn of it.
SCROLL_BOXES = """() => [...document.querySelectorAll(
        '.md-typeset .md-typeset__scrollwrap, .md-typeset :not(.md-typeset__table) > table')]
    .filter(el => el.scrollWidth > el.clientWidth + 1)
    .map(el => {
        el.focus();
        const by = el.getAttribute('aria-labelledby');
        const name = by ? (document.getElementById(by) || {}).textContent
                        : el.getAttribute('aria-label');
        return {focused: document.activeElement === el, tabindex: el.getAttribute('tabindex'),
                role: el.getAttribute('role') || el.tagName.toLowerCase(),
                name: (name || '').trim()};
    })"""


def test_tables_that_scroll_take_the_keyboards_focus(site: Site, page: Page) -> None:
    """A table that scrolls sideways can be reached with Tab and scrolled with the arrow
    keys, and a screen reader names it after the heading above it."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, site.url("gm", "reference/gm-screen/"))
    boxes = page.evaluate(SCROLL_BOXES)
    assert boxes, "no table scrolls on the GM screen at phone width"
    for box in boxes:
        assert box["focused"] and box["tabindex"] == "0", box
        assert box["role"] in ("region", "table") and box["name"], box
    page.keyboard.press("ArrowRight")  # the last box has the focus: it scrolls (smoothly)
    page.wait_for_function("document.activeElement.scrollLeft > 0", timeout=5_000)
    page.set_viewport_size({"width": 1600, "height": 900})  # wide enough: out of the way
    page.wait_for_timeout(400)  # the resize is debounced
    open_page(page, site.url("players", "party/"))
    assert page.evaluate(SCROLL_BOXES) == []
    assert page.locator("[data-hexcrawl-scroll]").count() == 0


class _NotFoundHandler(_QuietHandler):
    """A host that answers a missing page of a site with its 404 page (GitHub Pages)."""

    def send_head(self) -> Any:
        path = self.translate_path(self.path)
        if not os.path.exists(path) and self.path.startswith(("/players/", "/gm/")):
            audience = self.path.split("/")[1]
            self.path = f"/{audience}/404.html"
        return super().send_head()


def test_the_404_page_is_styled_at_any_address(site: Site, page: Page, watch: Watch,
                                               tmp_path: Path) -> None:
    """Served for a missing page deep in a site, the 404 page loads its styles and scripts
    from the site's root and links to its pages."""
    handler = functools.partial(_NotFoundHandler, directory=str(site.root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        for audience in AUDIENCES:
            open_page(page, f"{base}/{audience}/no/such/page/")
            assert page.locator("h1").first.inner_text().startswith("404")
            header = page.evaluate(
                "getComputedStyle(document.querySelector('.md-header')).backgroundColor")
            assert header == "rgb(93, 64, 55)", header  # hexcrawl.css's primary colour
            assert page.evaluate("typeof document$") != "undefined"  # Material's script ran
            home = page.locator(".md-tabs__link").first.evaluate("a => a.href")
            assert home == f"{base}/{audience}/", home
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
    assert watch.failed == []

# ------------------------------------------------------------------------------------------
# 7. the maps as a GM sees them: symbols, curves, legible labels that never overlap


#: Every placed text of the map (names of locations, hexes and paths) and every icon and
#: party marker, as boxes in the map's user units, measured by Chromium.
MAP_BOXES = f"""() => {{
    const svg = document.querySelector('{MAP_SVG}');
    const inUser = el => {{
        const b = el.getBBox(), m = svg.getScreenCTM().inverse().multiply(el.getScreenCTM());
        const pts = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height],
                     [b.x + b.width, b.y + b.height]].map(([x, y]) => [
            m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]);
        const xs = pts.map(p => p[0]), ys = pts.map(p => p[1]);
        return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    }};
    const ctm = el => svg.getScreenCTM().inverse().multiply(el.getScreenCTM());
    const glyphs = t => {{
        /* a name along a path: each letter's cell (its box, turned with the path) */
        const m = ctm(t), out = [];
        for (let i = 0; i < t.getNumberOfChars(); i++) {{
            const r = t.getExtentOfChar(i);
            const pts = [[r.x, r.y], [r.x + r.width, r.y], [r.x, r.y + r.height],
                         [r.x + r.width, r.y + r.height]].map(([x, y]) => [
                m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]);
            const xs = pts.map(p => p[0]), ys = pts.map(p => p[1]);
            out.push([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]);
        }}
        return out;
    }};
    const texts = [...svg.querySelectorAll('.locations text, .hnames text, .pnames text')]
        .filter(t => getComputedStyle(t).visibility !== 'hidden')  /* given way (hexcrawl.js) */
        .map(t => {{
            const onPath = t.querySelector('textPath') !== null;
            return {{text: t.textContent, box: inUser(t), parts: onPath ? glyphs(t) : null,
                     size: parseFloat(getComputedStyle(t).fontSize),
                     length: onPath ? null : t.getComputedTextLength(),
                     lines: t.querySelectorAll('tspan').length + 1}};
        }});
    const marks = [...svg.querySelectorAll('.locations use, .party circle')].map(inUser);
    const vb = (svg.getAttribute('data-whole') || svg.getAttribute('viewBox'))
        .split(/[ ,]+/).map(Number);
    return {{texts, marks, viewBox: [vb[0], vb[1], vb[0] + vb[2], vb[1] + vb[3]]}};
}}"""


def _overlap(a: list[float], b: list[float], slack: float = 0.3) -> bool:
    return (a[0] + slack < b[2] and b[0] + slack < a[2] and a[1] + slack < b[3]
            and b[1] + slack < a[3])


def _boxes(text: dict[str, Any]) -> list[list[float]]:
    """A label's boxes: its letters' cells along a path, else its one box."""
    parts: list[list[float]] | None = text["parts"]
    return parts if parts else [text["box"]]


def _clash(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return any(_overlap(x, y) for x in _boxes(a) for y in _boxes(b))


def check_map_labels(page: Page, name: str) -> dict[str, Any]:
    """No two rendered labels overlap, none covers an icon or the party, every one lies in
    the viewBox, and the width estimate the placement used is never short."""
    from generator.render.maps.labels import text_width

    found = page.evaluate(MAP_BOXES)
    texts, marks, (x0, y0, x1, y1) = found["texts"], found["marks"], found["viewBox"]
    assert texts, f"{name}: no names on the map"
    clashes = [(a["text"], b["text"]) for a, b in itertools.combinations(texts, 2)
               if _clash(a, b)]
    assert clashes == [], f"{name}: labels overlap: {clashes[:5]}"
    covering = [t["text"] for t in texts for m in marks
                if any(_overlap(box, m) for box in _boxes(t))]
    assert covering == [], f"{name}: labels cover icons or the party: {covering[:5]}"
    outside = [t["text"] for t in texts
               if t["box"][0] < x0 or t["box"][1] < y0 or t["box"][2] > x1 or t["box"][3] > y1]
    assert outside == [], f"{name}: labels leave the map: {outside}"
    for t in texts:
        if t["length"] is not None and t["lines"] == 1:
            estimate = text_width(t["text"], t["size"])
            assert t["length"] <= estimate, (t["text"], t["length"], estimate)
    return found


def test_gm_map_shows_symbols_curves_and_clean_labels(site: Site, page: Page) -> None:
    open_page(page, site.url("gm", "map/"))
    svg = page.locator(MAP_SVG)
    found = check_map_labels(page, "GM map")
    assert len(found["texts"]) >= 25
    # terrain drawings, each a <symbol> used by the hexes; curves for roads and rivers
    assert page.evaluate(f"() => document.querySelectorAll('{MAP_SVG} symbol').length") > 15
    curves = page.evaluate(f"""() => [...document.querySelectorAll(
        '{MAP_SVG} .paths path, {MAP_SVG} defs > path[id]')].map(p => p.getAttribute('d'))""")
    assert curves and all("C" in d or "S" in d for d in curves if d)
    names = page.evaluate(f"""() => [...document.querySelectorAll('{MAP_SVG} textPath')]
        .map(t => t.textContent)""")
    assert "The Old Queen's Road" in names and "The Sallow" in names
    svg.screenshot(path=str(ARTIFACTS / "gm-map.png"))
    box = svg.bounding_box()
    assert box is not None
    # at full page width, the legend below lists the drawings the map uses
    legend = page.locator("ul.hexmap-legend li").all_inner_texts()
    assert any("Forest, dense" in item for item in legend)
    assert any("town" in item for item in legend) and any("bridge" in item for item in legend)


def test_players_map_page_is_full_width_with_fog_and_labels(site: Site, page: Page) -> None:
    open_page(page, site.url("players", "map/"))
    svg = page.locator(MAP_SVG)
    box = svg.bounding_box()
    viewport = page.viewport_size
    assert box is not None and viewport is not None
    assert box["width"] > 0.8 * viewport["width"], f"the map is {box['width']}px wide"
    # the page hides its navigation and table of contents (front matter hide:)
    assert not page.locator(".md-sidebar--primary").is_visible()
    assert not page.locator(".md-sidebar--secondary").is_visible()
    fog = page.evaluate(f"""() => [...document.querySelectorAll('{MAP_SVG} rect')]
        .filter(r => (r.getAttribute('fill') || '').startsWith('url(#')).length""")
    assert fog == 1
    check_map_labels(page, "players' map")
    # the page opens framed on the explored hexes: the party is on the first screen
    marker = page.locator(f"{MAP_SVG} .party circle").first.bounding_box()
    assert marker is not None and 0 <= marker["y"] <= viewport["height"] - marker["height"]
    assert page.evaluate(f"() => document.querySelector('{MAP_SVG}')"
                         f".getAttribute('data-whole')") is not None
    svg.screenshot(path=str(ARTIFACTS / "players-map.png"))
    # no pixel of the map is plain, untextured grey: the fog carries its mist
    pixels = png_pixels(svg.screenshot())
    assert len(Counter(pixels)) > 50


@pytest.fixture(scope="module")
def imported_site(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Both sites of the example's map as a Text Mapper file imports it
    (tests/data/sallow-reach.txt), built and served on 127.0.0.1; the base URL."""
    repo = tmp_path_factory.mktemp("imported-repo")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-m", "generator.cli", "import", "text-mapper",
         str(ROOT / "tests" / "data" / "sallow-reach.txt"), "--into", str(repo / "content")],
        cwd=repo, capture_output=True, text=True, timeout=300, env=env)
    assert result.returncode == 0, result.stderr + result.stdout
    build = subprocess.run(
        [sys.executable, "-m", "generator.cli", "build", "--content", str(repo / "content"),
         "--out", str(repo / "site")], cwd=repo, capture_output=True, text=True, timeout=600,
        env=env)
    assert build.returncode == 0, build.stderr
    handler = functools.partial(_QuietHandler, directory=str(repo / "site"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        ARTIFACTS.mkdir(exist_ok=True)
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.mark.parametrize("audience", AUDIENCES)
def test_an_imported_text_mapper_map_renders_cleanly(imported_site: str, page: Page,
                                                     audience: str) -> None:
    open_page(page, f"{imported_site}/{audience}/map/")
    svg = page.locator(MAP_SVG)
    assert svg.is_visible()
    if audience == "gm":
        assert svg.locator(".hexes path").count() == 320
        found = check_map_labels(page, "imported GM map")
        assert {"Ashford", "Kestrel Bridge", "Coldforge"} <= {t["text"] for t in found["texts"]}
    svg.screenshot(path=str(ARTIFACTS / f"imported-{audience}-map.png"))


# ------------------------------------------------------------------------------------------
# a large map (render/maps.py, TILED_HEXES): links that join the map once loaded, hex labels
# by level of detail, and without scripts both as they are


@pytest.fixture(scope="module")
def large_site(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The GM site of a synthetic 40 x 30 campaign (1,200 hexes: a large map), built and
    served on 127.0.0.1; the map page's URL."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import synthetic
    finally:
        sys.path.remove(str(ROOT / "bench"))
    repo = tmp_path_factory.mktemp("large-repo")
    content = synthetic.write(repo / "content", 40, 30, locations=12, sessions=1)
    handler = functools.partial(_QuietHandler, directory=str(repo / "site" / "gm"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        # served where its site_url says (Material's instant navigation needs it)
        build = subprocess.run(
            [sys.executable, "-m", "generator.cli", "build", "--content", str(content),
             "--audience", "gm", "--out", str(repo / "site"), "--gm-site-url", base],
            cwd=repo, capture_output=True, text=True, timeout=600,
            env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert build.returncode == 0, build.stderr
        yield base + "map/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


LARGE_MAP_STATE = f"""() => {{
    const svg = document.querySelector('{MAP_SVG}');
    const labels = svg.querySelector('.labels');
    return {{links: svg.querySelectorAll('.hexes a').length,
             labels: svg.querySelectorAll('.labels text').length,
             shown: labels ? getComputedStyle(labels).display !== 'none' : false,
             aside: document.querySelectorAll('noscript.hexmap-deferred').length,
             detail: svg.classList.contains('detail')}};
}}"""


def test_a_large_map_links_every_hex_and_shows_labels_when_zoomed_in(
        large_site: str, browser: Browser) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  device_scale_factor=1)
    context.set_default_timeout(15_000)
    page = context.new_page()
    watch = Watch()
    watch.attach(page)
    try:
        open_page(page, large_site)
        # the links join the map once the page has loaded: one per hex
        page.wait_for_function(f"() => document.querySelectorAll("
                               f"'{MAP_SVG} .hexes a').length === 1200")
        state = page.evaluate(LARGE_MAP_STATE)
        # at the fitted zoom the labels (5 units of a map 1,200 units wide) are too small to
        # read: not on the map yet
        assert state == {"links": 1200, "labels": 0, "shown": False, "aside": 1,
                         "detail": False}, state
        target = page.evaluate(PICK_HEX)
        assert target is not None, "no hex link of the map is visible and clickable"
        # zoomed in, the labels join the map and show, big enough to read
        x, y = map_centre(page)
        page.mouse.move(x, y)
        for _ in range(14):
            page.mouse.wheel(0, -240)
        page.wait_for_function(f"() => document.querySelector('{MAP_SVG}')"
                               ".classList.contains('detail')")
        state = page.evaluate(LARGE_MAP_STATE)
        assert state["shown"] and state["aside"] == 0 and state["labels"] >= 1100, state
        height = page.evaluate(f"""() => {{
            const svg = document.querySelector('{MAP_SVG}'), r = svg.getBoundingClientRect();
            for (const t of svg.querySelectorAll('.labels text')) {{
                const b = t.getBoundingClientRect();
                if (b.left > r.left && b.right < r.right && b.top > r.top && b.bottom < r.bottom)
                    return b.height;
            }}
            return 0;
        }}""")
        assert height >= 6, height
        # a hex still opens its key entry
        target = page.evaluate(PICK_HEX)
        assert target is not None
        page.mouse.click(target["x"], target["y"])
        page.wait_for_url(urljoin(large_site, target["href"]))
        assert page.evaluate("() => document.querySelector(':target')?.id") == target["anchor"]
    finally:
        context.close()
    assert watch.errors == [] and watch.foreign() == []


def test_a_large_map_links_and_labels_work_without_scripts(large_site: str,
                                                          browser: Browser) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  device_scale_factor=1, java_script_enabled=False)
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        open_page(page, large_site)
        layers = page.locator(".hexmap svg.hexmap-layer")
        assert layers.count() == 2
        assert page.locator(".hexmap svg.hexmap-layer .hexes a").count() == 1200
        assert page.locator(".hexmap svg.hexmap-layer .labels text").count() >= 1100
        # the layers lie exactly over the map
        boxes = [page.locator(sel).first.bounding_box() for sel in
                 (MAP_SVG, ".hexmap svg.hexmap-layer")]
        assert boxes[0] is not None and boxes[1] is not None
        for key in ("x", "y", "width", "height"):
            assert abs(boxes[0][key] - boxes[1][key]) < 1, (key, boxes)
        # a hex, clicked, opens its key entry: the one whose hex lies under the pointer
        link = page.locator(".hexmap svg.hexmap-layer .hexes a").nth(600)
        box = link.bounding_box()
        assert box is not None
        href = link.get_attribute("xlink:href") or link.get_attribute("href")
        assert href is not None
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_url(urljoin(large_site, href))
    finally:
        context.close()


def test_a_large_maps_links_join_it_after_instant_navigation(large_site: str,
                                                            browser: Browser) -> None:
    """Material's instant navigation parses the page itself, the <noscript> as markup:
    the links still join the map, and only once."""
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  device_scale_factor=1)
    context.set_default_timeout(15_000)
    page = context.new_page()
    watch = Watch()
    watch.attach(page)
    try:
        open_page(page, urljoin(large_site, "../"))
        page.evaluate("() => { window.hexcrawlTestMarker = true; }")
        index = page.evaluate("url => [...document.querySelectorAll('a.md-tabs__link')]"
                              ".findIndex(a => a.href === url)", large_site)
        assert index >= 0, "no Map tab on the home page"
        page.locator("a.md-tabs__link").nth(index).click()
        page.wait_for_url(large_site)
        page.wait_for_function(f"() => document.querySelectorAll("
                               f"'{MAP_SVG} .hexes a').length === 1200")
        assert page.evaluate("() => window.hexcrawlTestMarker") is True, \
            "the Map tab reloaded the page: instant navigation did not take over"
        assert page.evaluate("() => document.querySelectorAll('.hexes a').length") == 1200
        # (a link is found under the pointer once the page has settled after the switch)
        page.wait_for_function(f"() => ({PICK_HEX})() !== null")
    finally:
        context.close()
    assert watch.errors == [] and watch.foreign() == []


# ------------------------------------------------------------------------------------------
# the GM's session page of a long session: a row a watch, each watch one click away


@pytest.fixture(scope="module")
def long_session_site(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The GM site of a synthetic campaign whose first session runs 16 watches, every roll
    left to the seeded generator, built and served on 127.0.0.1; the session page's URL."""
    import yaml

    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import synthetic
    finally:
        sys.path.remove(str(ROOT / "bench"))
    repo = tmp_path_factory.mktemp("long-session-repo")
    content = synthetic.write(repo / "content", 20, 15, locations=30, sessions=1)
    log_file = content / "sessions" / "001.yaml"
    log = yaml.safe_load(log_file.read_text("utf-8"))
    log["log"][-1:-1] = [{"travel": {"heading": "N"}}, {"rest": {}},
                         {"travel": {"follow": "great-road"}}, {"search": {}}]
    log_file.write_text(yaml.safe_dump(log, sort_keys=False), "utf-8")
    handler = functools.partial(_QuietHandler, directory=str(repo / "site" / "gm"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        build = subprocess.run(
            [sys.executable, "-m", "generator.cli", "build", "--content", str(content),
             "--audience", "gm", "--out", str(repo / "site"), "--gm-site-url", base],
            cwd=repo, capture_output=True, text=True, timeout=600,
            env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert build.returncode == 0, build.stderr
        ARTIFACTS.mkdir(exist_ok=True)
        yield base + "sessions/01-session-1/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


#: Every table of the article: its scrolling box's widths (Material wraps a table in
#: .md-typeset__scrollwrap; without its script the table is the box).
TABLE_WIDTHS = """() => [...document.querySelectorAll('.md-content .md-typeset table')]
    .filter(t => t.offsetParent !== null)
    .map(t => { const box = t.closest('.md-typeset__scrollwrap') || t;
                return {scroll: box.scrollWidth, client: box.clientWidth,
                        head: t.querySelector('tr').innerText.slice(0, 60)}; })"""


def test_a_long_gm_session_page_is_compact_and_nothing_is_cut(long_session_site: str,
                                                              browser: Browser) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  device_scale_factor=1)
    context.set_default_timeout(15_000)
    page = context.new_page()
    watch = Watch()
    watch.attach(page)
    try:
        open_page(page, long_session_site)
        rows = page.locator(".hx-watches table tbody tr")
        watches = rows.count()
        assert watches >= 14, f"the session has {watches} watches"
        assert page.locator("details.hx-watch").count() == watches
        assert page.locator("details.hx-watch[open]").count() == 0
        # no table is cut off or scrolls sideways, nor does the page
        tables = page.evaluate(TABLE_WIDTHS)
        assert tables, "no tables on the page"
        assert [t for t in tables if t["scroll"] > t["client"] + 1] == [], tables
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 1280
        # a row a watch: the page of 16 watches stays short (the old page was 16,667 px
        # for 14 watches: a key/value table and a wide roll table for each)
        height = page.evaluate("() => document.documentElement.scrollHeight")
        assert height < 5000, f"the page is {height} px tall"
        page.screenshot(path=str(ARTIFACTS / "gm-long-session.png"), full_page=True)
        # every roll here is the seeded generator's: marked, with a legend; the ones that
        # changed the story marked more strongly
        assert page.locator(".hx-legend .hx-seeded").count() == 2
        assert page.locator(".hx-watches .hx-seeded").count() > watches
        assert page.locator(".hx-watches .hx-seeded.hx-story").count() >= 1
        # a watch's number opens its block, at its anchor
        page.locator(".hx-watches tbody tr").nth(6).locator("a").first.click()
        page.wait_for_function("() => location.hash === '#watch-7'")
        page.wait_for_function(
            "() => document.getElementById('watch-7').closest('details').open")
        block = page.locator("details.hx-watch").nth(6)
        assert block.locator(".hx-rolls table tbody tr").count() >= 1
        top = page.evaluate("() => document.getElementById('watch-7').closest('details')"
                            ".getBoundingClientRect().top")
        assert 0 <= top < 300, f"the opened block is at {top} px"
        # opened, every block still fits: its rolls' detail wraps
        page.evaluate("() => document.querySelectorAll('details.hx-watch')"
                      ".forEach(d => { d.open = true; })")
        tables = page.evaluate(TABLE_WIDTHS)
        assert len(tables) > watches
        assert [t for t in tables if t["scroll"] > t["client"] + 1] == [], tables
    finally:
        context.close()
    assert watch.errors == [] and watch.foreign() == []
