"""The map pages on a phone at the table and on a desk, in headless Chromium (Debian's) driven
by Playwright: the example's two sites as ``hexcrawl build`` writes them (``example_repo``),
served from a thread of this module.

A phone is a 390 x 844 window with a touch screen; its fingers are touch events sent
through the DevTools protocol, which go the way a real finger's do (the browser scrolls the
page or hands the pointer events to the page's script, by the map's ``touch-action``)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from browser_helpers import served

from tests.e2e.test_browser import MAP_SVG

if TYPE_CHECKING:
    from playwright.sync_api import Browser, CDPSession, Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PHONE = {"width": 390, "height": 844}
#: The smallest text a reader holding a phone reads without zooming (CSS pixels): the
#: script draws labels at 9 px at least, or at their own size from 8 px where a larger one
#: would cover another (hexcrawl.js, LEGIBLE and FLOOR).
LEGIBLE = 8


@pytest.fixture(scope="module")
def base(example_repo: Path) -> Iterator[str]:
    """The example's sites served on 127.0.0.1 (the players' under /players/, the GM's
    under /gm/)."""
    with served(example_repo / "site") as url:
        yield url


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    yield context.new_page()
    context.close()


def open_map(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(MAP_SVG)
    page.wait_for_timeout(300)  # the script frames the map once the page has its size


def view_box(page: Page) -> str:
    return str(page.evaluate(f"document.querySelector('{MAP_SVG}').getAttribute('viewBox')"))


def fingers(cdp: CDPSession, page: Page, path: list[list[tuple[float, float]]]) -> None:
    """Fingers touching down at ``path[0]``'s points, moving through the others, lifted."""
    def send(kind: str, points: list[tuple[float, float]]) -> None:
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
            {"x": x, "y": y, "id": n} for n, (x, y) in enumerate(points)]})
    send("touchStart", path[0])
    for points in path[1:]:
        send("touchMove", points)
        page.wait_for_timeout(16)
    send("touchEnd", [])
    page.wait_for_timeout(400)


def test_a_swipe_scrolls_the_page_until_the_map_is_zoomed(base: str, phone: Page) -> None:
    """Over the players' map a vertical swipe scrolls the page and leaves the map as it
    was; two fingers zoom it in; then one finger pans the map and the page stays put."""
    open_map(phone, f"{base}/players/map/")
    touch_action = f"getComputedStyle(document.querySelector('{MAP_SVG}').parentNode).touchAction"
    assert phone.evaluate(touch_action) == "pan-y"
    cdp = phone.context.new_cdp_session(phone)
    box = phone.locator(MAP_SVG).bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, min(box["y"] + box["height"] / 2, 600)
    home = view_box(phone)
    fingers(cdp, phone, [[(x, y - 20 * i)] for i in range(12)])
    assert phone.evaluate("scrollY") > 100, "a swipe over the map did not scroll the page"
    assert view_box(phone) == home, "a swipe over the map moved the map"

    phone.evaluate("scrollTo(0, 0)")
    phone.wait_for_timeout(200)
    fingers(cdp, phone, [[(x - 20 - 8 * i, y), (x + 20 + 8 * i, y)] for i in range(12)])
    zoomed = view_box(phone)
    assert float(zoomed.split()[2]) < float(home.split()[2]) / 2, (home, zoomed)
    assert phone.evaluate(touch_action) == "none"
    fingers(cdp, phone, [[(x, y - 15 * i)] for i in range(12)])
    assert phone.evaluate("scrollY") == 0, "once zoomed in, a swipe scrolled the page"
    panned = view_box(phone)
    assert float(panned.split()[1]) > float(zoomed.split()[1]), (zoomed, panned)
    assert panned.split()[2:] == zoomed.split()[2:]


#: Every label of the map shown on screen: its text, its box in the map's units and its
#: font size in CSS pixels as drawn.
SHOWN_LABELS = f"""() => {{
    const svg = document.querySelector('{MAP_SVG}');
    const frame = svg.getBoundingClientRect();
    const shown = [...svg.querySelectorAll(
        '.locations text, .hnames text, .pnames text, .labels text')].filter(t => {{
        if (getComputedStyle(t).visibility === 'hidden' || !t.getClientRects().length) {{
            return false;
        }}
        const r = t.getBoundingClientRect();
        return r.right > frame.left && r.left < frame.right && r.bottom > frame.top
            && r.top < frame.bottom && r.bottom > 0 && r.top < innerHeight;
    }});
    return shown.map(t => {{
        const b = t.getBBox(), m = svg.getScreenCTM().inverse().multiply(t.getScreenCTM());
        const screen = t.getScreenCTM();
        return {{text: t.textContent,
                 box: [b.x * m.a + m.e, b.y * m.d + m.f, (b.x + b.width) * m.a + m.e,
                       (b.y + b.height) * m.d + m.f],
                 onPath: t.querySelector('textPath') !== null,
                 pixels: parseFloat(getComputedStyle(t).fontSize) * screen.a}};
    }});
}}"""


def overlap(a: list[float], b: list[float], slack: float = 0.3) -> bool:
    return (a[0] + slack < b[2] and b[0] + slack < a[2] and a[1] + slack < b[3]
            and b[1] + slack < a[3])


def check_labels(page: Page, name: str, at_least: int) -> list[dict[str, Any]]:
    """At least ``at_least`` labels shown, every one at a legible size, no two of them
    covering each other (a name along a path is measured by its letters elsewhere: here by
    its whole box, which only names across a path's bend may share)."""
    shown: list[dict[str, Any]] = page.evaluate(SHOWN_LABELS)
    assert len(shown) >= at_least, f"{name}: {[t['text'] for t in shown]}"
    small = [(t["text"], round(t["pixels"], 1)) for t in shown if t["pixels"] < LEGIBLE - 0.05]
    assert small == [], f"{name}: labels too small to read on a phone: {small[:8]}"
    flat = [t for t in shown if not t["onPath"]]
    clashes = [(a["text"], b["text"]) for a, b in itertools.combinations(flat, 2)
               if overlap(a["box"], b["box"])]
    assert clashes == [], f"{name}: labels overlap: {clashes[:5]}"
    return shown


def test_the_gm_map_is_readable_on_a_phone(base: str, phone: Page) -> None:
    """At phone width the whole GM map shows its places' names at a legible size, none over
    another (the less important ones give way); zoomed in on a hex, the hex labels come
    back, as legible and as clear of one another."""
    open_map(phone, f"{base}/gm/map/")
    names = check_labels(phone, "the whole GM map", at_least=12)
    assert {"Ashford", "Greymere"} & {t["text"] for t in names}
    hidden = phone.evaluate(f"""() => [...document.querySelectorAll(
        '{MAP_SVG} .locations text')].filter(t => getComputedStyle(t).visibility === 'hidden')
        .length""")
    assert hidden > 0, "every name shown at a legible size: the test shows nothing"
    open_map(phone, f"{base}/gm/map/#map-0313")
    zoomed = check_labels(phone, "the GM map zoomed on hex 0313", at_least=8)
    assert any(t["text"] == "0313" for t in zoomed)


@pytest.mark.parametrize("height", [900, 1800])
def test_the_players_map_opens_on_every_hex_they_know(base: str, browser: Browser,
                                                      height: int) -> None:
    """Every hex on the players' map (explored, seen from afar, revealed) is whole on the
    first screen of their map page."""
    context = browser.new_context(viewport={"width": 1280, "height": height})
    page = context.new_page()
    try:
        open_map(page, f"{base}/players/map/")
        outside = page.evaluate(f"""() => {{
            const svg = document.querySelector('{MAP_SVG}');
            const frame = svg.getBoundingClientRect();
            const hexes = [...svg.querySelectorAll('.hexes path')];
            return [hexes.length, hexes.map(h => h.getBoundingClientRect()).filter(r =>
                r.left < frame.left - 1 || r.right > frame.right + 1 || r.top < frame.top - 1
                || r.bottom > Math.min(frame.bottom, innerHeight) + 1).length];
        }}""")
        assert outside[0] >= 10 and outside[1] == 0, outside
    finally:
        context.close()
