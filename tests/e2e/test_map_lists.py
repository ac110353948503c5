"""The maps' links are out of the Tab order, and a list under each map offers the same
targets (docs/accessibility.md): on the example's two sites as ``hexcrawl build`` writes
them (``example_repo``), read as HTML and driven with the keyboard in headless Chromium."""

from __future__ import annotations

import html as html_module
import re
from pathlib import Path

from browser_helpers import served
from map_helpers import map_targets
from playwright.sync_api import Browser

#: Locations the example hides from the players until found (never found in its sessions).
HIDDEN = ("Barrow of the Antlered King", "Coldforge")
_LIST = re.compile(r'<details class="hexmap-links">.*?</details>', re.S)
_SVG = re.compile(r"<svg\b.*?</svg>", re.S)


def svg_hrefs(html: str) -> set[str]:
    return set(re.findall(r'<a [^>]*xlink:href="([^"]+)"', html))


def listed(html: str) -> dict[str, str]:
    """The list under a page's map: each link's target and its words."""
    found = _LIST.findall(html)
    return {href: html_module.unescape(words) for block in found
            for href, words in re.findall(r'<li><a href="([^"]+)">([^<]*)</a></li>', block)}


def page(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text(encoding="utf-8")


def test_every_link_of_a_map_is_listed_beside_it(
        example_repo: Path) -> None:
    site = example_repo / "site"
    pages = [page(site, "gm/map"), page(site, "players/map"),
             *(p.read_text(encoding="utf-8")
               for p in (site / "gm" / "sessions").glob("0*/index.html"))]
    for html in pages:
        links = re.findall(r"<a [^>]*xlink:href=[^>]*>", html)
        assert links, "a map without links"
        assert svg_hrefs(html) == set(listed(html))
    gm = listed(page(site, "gm/map"))
    assert gm["../locations/the-sunken-chapel/"] == "The Sunken Chapel"
    # a hex by its label and its name, where it has one
    assert any(re.fullmatch(r"\d{4} \S.*", words) for words in gm.values())
    # a link to a hex on the map still lands on its element
    assert re.search(r'<a id="map-\d{4}"[^>]* xlink:href=', page(site, "gm/map"))


def test_the_players_list_holds_only_what_the_players_map_shows(example_repo: Path) -> None:
    site = example_repo / "site"
    gm, players = page(site, "gm/map"), page(site, "players/map")
    theirs = listed(players)
    assert theirs and set(theirs) == svg_hrefs(players)
    words = " ".join(theirs.values())
    for name in HIDDEN:
        assert name in " ".join(listed(gm).values())
        assert name not in words and name not in players
    # every name the players read under their map is on their own map
    shown = map_targets(_SVG.findall(players))
    assert {link.name for link in shown.places} == {
        w for h, w in theirs.items() if "/locations/" in h}


def test_a_hex_named_on_the_map_and_a_place_in_its_tooltip_are_both_named() -> None:
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
           '<g class="hexes"><a xlink:href="r/#hex-0101" tabindex="-1"><path d="M0 0"/></a>'
           '<a xlink:href="l/inn/" tabindex="-1"><title>0102 · Plains</title></a></g>'
           '<g class="locations"><a xlink:href="l/inn/" tabindex="-1"><text>The &amp; Inn'
           '<tspan>of Ash</tspan></text></a><a xlink:href="l/cave/"><title>Cave</title>'
           '</a></g></svg>')
    found = map_targets([svg])
    assert [(p.href, p.name) for p in found.places] == [("l/cave/", "Cave"),
                                                        ("l/inn/", "The & Inn of Ash")]
    assert [(h.href, h.name) for h in found.hexes] == [("r/#hex-0101", "0101")]


def test_tab_from_the_top_of_the_gm_map_reaches_the_list_and_never_the_map(
        example_repo: Path, browser: Browser) -> None:
    with served(example_repo / "site") as base:
        tab = browser.new_page(viewport={"width": 1280, "height": 900})
        tab.goto(f"{base}/gm/map/")
        tab.wait_for_load_state("load")
        # the page's script takes every link of the map out of the Tab order
        assert tab.evaluate("""() => { const links = document.querySelectorAll('.hexmap svg a');
            return links.length > 100 && [...links].every(
                a => a.getAttribute('tabindex') === '-1'); }""")
        reached, inside = False, []
        for _ in range(150):
            tab.keyboard.press("Tab")
            where = tab.evaluate("""() => { const el = document.activeElement;
                return {svg: !!el.closest('svg'), list: !!el.closest('details.hexmap-links'),
                        tag: el.tagName}; }""")
            if where["svg"]:
                inside.append(where)
            if where["list"]:
                reached = True
                break
        assert inside == []
        assert reached, "Tab never reached the list under the map"
        # opened with the keyboard, the list's links are reached by Tab in turn
        tab.keyboard.press("Enter")
        tab.wait_for_selector("details.hexmap-links[open] a", state="visible")
        tab.keyboard.press("Tab")
        href = tab.evaluate("() => document.activeElement.getAttribute('href')")
        assert href is not None and "/gm/locations/" in href
        tab.close()
