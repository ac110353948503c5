"""``hexcrawl print booklet`` (generator/printing/booklet.py, site_templates/print/booklet.*):
the GM's prep booklet printed by headless Chromium and read back with ``pdftotext`` and
``pdfinfo``: its parts in order, a region's hexes in label order and the hexes in no region
last, GM notes and GM blocks, the roll tables, the GM screen on landscape pages, contents
whose page numbers are the pages the parts start on, the paper and the language.

Without Chromium or poppler-utils these tests skip locally, never in CI (``CI=true``).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.content.campaign import Campaign
from generator.printing import booklet
from generator.replay import replay
from tests.conftest import made_once

from campaign_factory import HEXES, PATHS, dump, load, write_campaign
from print_helpers import need

pytestmark = pytest.mark.browser

RLO = "\u202e"

REGIONS = {
    "bramble": {"name": "Bramble Reach", "description": "Hedged fields and sunken lanes.",
                "gm": "The hedges are older than the kingdom.",
                "hexes": ["0101", "0203", "0304", "0602"]},
    "ashen": {"name": "Ashen Downs", "hexes": ["0606", "0706"]},
}
MORE_HEXES = HEXES + """\
"0101":
  terrain: plains
  name: Northgate Field
  description: A field of standing stones in rows.
"0203":
  terrain: plains
  description: A shepherd's shelter of turf.
  gm: The shepherd is a deserter from the king's army.
"0706":
  terrain: forest
  density: medium
  name: Ashen Hollow
  description: Burnt stumps and new birch.
"0808":
  terrain: hills
  name: Lonely Tor
  description: A bare tor with one rowan on it.
  gm: A wyvern nests on the far side.
"""
WEATHER = {"id": "weather", "name": "Weather on the downs", "audience": "players",
           "rows": [{"weight": 3, "result": "Fair and bright"},
                    {"weight": 1, "result": "Hail from the north"}]}
HOSTILE_LOCATION = f"""\
---
id: abbey
name: "Abbey <b>of</b> {RLO}Rood"
hex: "0203"
---
The abbey's bell hangs in a yew. <img src="http://127.0.0.1:9/ping.png"> ![x](/etc/hostname)

!!! gm "Secrets"
    The abbot <script>alert(1)</script> keeps the relic under the altar.
"""


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_campaign(tmp_path_factory.mktemp("booklet") / "campaign", files={
        "regions.yaml": dump(REGIONS), "hexes/map.yaml": MORE_HEXES,
        "tables/weather.yaml": dump(WEATHER), "locations/abbey.md": HOSTILE_LOCATION,
        "paths.yaml": PATHS.replace("name: The Mere,", "name: The Mere, gm: Eels guard the ford,")})


@pytest.fixture(scope="module")
def campaign(root: Path) -> Campaign:
    c, diags = load(root)
    assert c is not None, [d.format() for d in diags.sorted()]
    return c


@pytest.fixture(scope="module")
def a4(root: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The booklet as the command line prints it: A4, English, the campaign's d20 screen;
    printed once per test run however many pytest-xdist workers run this module's tests
    (each worker's ``root`` holds the same campaign)."""
    need("chromium")

    def make(out: Path) -> None:
        result = subprocess.run(
            [sys.executable, "-m", "generator.cli", "print", "booklet", "--content", str(root),
             "--out", str(out)], cwd=root.parent, capture_output=True, text=True, check=False,
            timeout=600)
        assert result.returncode == 0, result.stdout + result.stderr
        assert result.stdout.strip().endswith("booklet.pdf")

    return made_once(tmp_path_factory, "booklet-a4", make) / "booklet.pdf"


@pytest.fixture(scope="module")
def letter_ru(campaign: Campaign, tmp_path_factory: pytest.TempPathFactory) -> Path:
    chronicle, _ = replay(campaign)
    return booklet.print_booklet(campaign, chronicle, tmp_path_factory.mktemp("ru"), "ru",
                                 "Letter", systems=["d20", "brp"])


def pages_of(pdf: Path) -> list[str]:
    """The text of each page (``pdftotext``, in reading order)."""
    need("pdftotext")
    result = subprocess.run(["pdftotext", "-layout", "-enc", "UTF-8", str(pdf), "-"],
                            capture_output=True, text=True, check=True)
    return result.stdout.split("\f")[:-1]


def sizes_of(pdf: Path) -> list[tuple[float, float]]:
    """Each page's width and height in points (``pdfinfo``)."""
    need("pdfinfo")
    result = subprocess.run(["pdfinfo", "-f", "1", "-l", "9999", str(pdf)],
                            capture_output=True, text=True, check=True)
    return [(float(w), float(h)) for w, h in
            re.findall(r"Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)", result.stdout)]


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_parts_come_in_order(a4: Path) -> None:
    text = flat(" ".join(pages_of(a4)[1:]))       # after the cover and its contents
    order = ["Hex key", "Ashen Downs", "Bramble Reach", "Other hexes", "Roads and rivers",
             "The Mere", "Locations",
             "Thornfold Mill", "Roll tables", "Thornwood by day", "Weather on the downs",
             "GM screen"]
    at = 0
    for words in order:
        at = text.find(words, at)
        assert at >= 0, f"{words} missing, or before the one it follows"


def test_a_regions_hexes_in_order_and_the_hexes_in_no_region_last(a4: Path) -> None:
    text = flat(" ".join(pages_of(a4)[1:]))
    region = text[text.find("Bramble Reach"):text.find("Other hexes")]
    assert "Hedged fields and sunken lanes." in region
    assert "The hedges are older than the kingdom." in region        # the region's GM note
    hexes = ["0101 · Northgate Field", "0203", "0304 · Crossroads Meadow"]
    at = [region.find(h) for h in hexes]
    assert -1 not in at and at == sorted(at), dict(zip(hexes, at, strict=True))
    assert "A field of standing stones in rows." in region
    assert "Ashen Hollow" not in region and "Lonely Tor" not in region
    other = text.find("Other hexes")
    rest = text[other:text.find("Locations", other)]
    assert "0808 · Lonely Tor" in rest and "A wyvern nests on the far side." in rest


def test_gm_notes_and_gm_blocks_are_printed(a4: Path) -> None:
    text = flat(" ".join(pages_of(a4)))
    for words in ("The milestone hides a cache of coins.",         # a hex's GM note
                  "The shepherd is a deserter from the king's army.",
                  "The miller smuggles salt.",                     # a location's GM block
                  "Eels guard the ford",                           # a river's secret
                  "keeps the relic under the altar"):
        assert words in text, words


def test_roll_tables_and_the_gm_screen(a4: Path) -> None:
    pages = pages_of(a4)
    text = flat(" ".join(pages))
    tables = text[text.find("Roll tables", len(flat(pages[0]))):]
    for words in ("Thornwood by day", "A charcoal burner", "2d4 wolves",
                  "Weather on the downs", "Hail from the north"):
        assert words in tables, words
    screen = [i for i, page in enumerate(pages) if "GM screen · d20" in flat(page)]
    assert screen, "no GM screen"
    sizes = sizes_of(a4)
    for i in range(screen[0], len(pages)):
        w, h = sizes[i]
        assert w > h, (i + 1, w, h)                                  # landscape
    assert sizes[0][0] < sizes[0][1]                                 # the rest portrait


def test_contents_give_the_pages_the_parts_start_on(a4: Path) -> None:
    pages = pages_of(a4)
    cover = pages[0]
    assert "Contents" in cover and "GM prep booklet" in flat(cover)
    for title in ("Hex key", "Bramble Reach", "Other hexes", "Locations", "Thornfold Mill",
                  "Roll tables", "GM screen"):
        m = re.search(rf"{re.escape(title)}[ .]*?(\d+)\s*$", cover, re.M)
        assert m, (title, cover)
        number = int(m.group(1))
        assert 1 < number <= len(pages), (title, number)
        assert title in flat(pages[number - 1]), (title, number)


def test_paper_and_language(a4: Path, letter_ru: Path) -> None:
    (w, h), *_ = sizes_of(a4)
    assert abs(w - 595) < 2 and abs(h - 842) < 2
    (w, h), *_ = sizes_of(letter_ru)
    assert abs(w - 612) < 2 and abs(h - 792) < 2
    text = flat(" ".join(pages_of(letter_ru)))
    for words in ("Содержание", "Ключ гексов", "Таблицы", "Ширма мастера"):
        assert words in text, words
    assert "Hex key" not in text
    # one GM screen per --system
    assert "Ширма мастера · к20" in text and "Ширма мастера · Basic Roleplaying" in text


def test_campaign_strings_are_escaped_isolated_and_load_nothing(campaign: Campaign) -> None:
    """The booklet's HTML: a location's name shows as typed, in <bdi>; its raw HTML is text
    or gone; an image from the network or outside the campaign has no source; the page
    carries the sheets' Content-Security-Policy."""
    chronicle, _ = replay(campaign)
    book = booklet.booklet(campaign, chronicle)
    page = booklet.booklet_html(campaign, book, "en", "A4")
    assert page.index("Content-Security-Policy") < page.index("<style>")
    assert "<script>" not in page and "<b>of</b>" not in page
    assert "Abbey &lt;b&gt;of&lt;/b&gt;" in page or "Abbey &#60;b&#62;of&#60;/b&#62;" in page
    assert RLO in page
    outside = re.sub(r"<bdi>[^<]*</bdi>|\u2068[^\u2069]*\u2069", "", page)
    assert RLO not in outside                         # every override inside an isolate
    assert "127.0.0.1" not in page and "/etc/hostname" not in page
    assert not re.search(r"""<img\b[^>]*\ssrc\s*=\s*["'](?!data:|["'])""", page)


def test_links_between_pages_lead_inside_the_booklet(a4: Path) -> None:
    """A location's hex links to the hex's entry in the hex key, a hex's location to the
    location: both are destinations of the PDF, on the pages that show them."""
    pages = pages_of(a4)
    found = booklet.anchor_pages(a4)
    assert "0602" in pages[found["hex-0602"] - 1]
    mill = [a for a, p in found.items() if a.startswith("location-")
            and "Thornfold Mill" in pages[p - 1]]
    assert mill, found


def test_contents_without_page_numbers_when_the_pdf_does_not_say(tmp_path: Path,
                                                                  campaign: Campaign) -> None:
    """A PDF that names no destination gives no pages; the contents then keep their links
    and print no number."""
    plain = tmp_path / "plain.pdf"
    plain.write_bytes(b"%PDF-1.4\n1 0 obj\n<</Type /Catalog /Pages 2 0 R>>\nendobj\n")
    assert booklet.anchor_pages(plain) == {}
    chronicle, _ = replay(campaign)
    book = booklet.booklet(campaign, chronicle)
    page = booklet.booklet_html(campaign, book, "en", "Letter")
    assert 'href="#part-hex-key"' in page and '<span class="booklet-page">' not in page
    assert "size: letter" in page
    numbered = booklet.booklet_html(campaign, book, "en", "A4",
                                    {e.anchor: 7 for e in book.entries})
    assert '<span class="booklet-page">7</span>' in numbered
