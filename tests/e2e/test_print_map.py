"""``hexcrawl print map``, end to end: the command line prints the players' and the GM's maps
of the example campaign as PDFs through headless Chromium, on every paper, as one page or a
poster; pdfinfo reads the page count and size, pdftotext the words on them.

Without Chromium or poppler-utils these tests skip locally, never in CI (``CI=true``).
"""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from generator.content.loader import load_campaign
from generator.i18n import Translator
from generator.knowledge import gm_view, players_view
from generator.printing import chromium, mapkey
from generator.printing import maps as printed_maps
from generator.render import maps
from generator.replay import replay
from tests.conftest import made_once

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
IN_CI = os.environ.get("CI", "").lower() == "true"
#: Page sizes in points (portrait), as pdfinfo prints them.
POINTS = {"A4": (595, 842), "A3": (842, 1191), "Letter": (612, 792), "Tabloid": (792, 1224)}


def need(tool: str) -> str:
    found = shutil.which(tool)
    if found:
        return found
    if IN_CI:
        pytest.fail(f"{tool} is missing, and CI must run the print tests (.ci/run installs it)")
    pytest.skip(f"{tool} is not installed")


@pytest.fixture(scope="module")
def tools() -> None:
    try:
        chromium.find_chromium()
    except chromium.PrintError:
        need("chromium")
    need("pdftotext")
    need("pdfinfo")


def hexcrawl(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=600,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def printed(tmp_path_factory: pytest.TempPathFactory, *args: str) -> Path:
    """The folder ``hexcrawl print map ARGS`` printed into, printed once per test run however
    many tests (and pytest-xdist workers) read the same map: a print is a Chromium run.
    Tests only read it."""
    def make(out: Path) -> None:
        result = hexcrawl("print", "map", *args, "--out", str(out))
        assert result.returncode == 0, result.stderr

    return made_once(tmp_path_factory, "print-map" + "".join(args).replace("-", "_"), make)


def info(pdf: Path) -> tuple[int, list[tuple[float, float]]]:
    """Pages, and the size of each page in points (pdfinfo -l)."""
    out = subprocess.run(["pdfinfo", "-f", "1", "-l", "999", str(pdf)], capture_output=True,
                         text=True, check=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", out, re.M).group(1))  # type: ignore[union-attr]
    sizes = [(float(w), float(h)) for w, h in re.findall(
        r"^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)", out, re.M)]
    return pages, sizes


def images(pdf: Path) -> list[str]:
    """The raster images a PDF holds (``pdfimages -list``): a printed map has none."""
    listed = subprocess.run([need("pdfimages"), "-list", str(pdf)], capture_output=True,
                            text=True, check=True).stdout.splitlines()
    return listed[2:]


def small_and_vector(pdf: Path) -> None:
    """A printed map stays vector and small: its terrain symbols are drawn, not images."""
    assert pdf.stat().st_size < 2_000_000, (pdf, pdf.stat().st_size)
    assert images(pdf) == [], images(pdf)


def key_pages(pdf: Path) -> list[int]:
    """The pages after the first that hold the rest of a printed map's key."""
    pages = subprocess.run(["pdftotext", "-f", "2", str(pdf), "-"], capture_output=True,
                           text=True, check=True).stdout.split("\f")
    return [n for n, page in enumerate(pages, start=2)
            if "Names the map has no room for, by hex" in page]


def text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout


def is_paper(size: tuple[float, float], paper: str, landscape: bool | None = None) -> bool:
    w, h = POINTS[paper]
    options = [(w, h), (h, w)] if landscape is None else [(h, w) if landscape else (w, h)]
    return any(abs(size[0] - a) < 2 and abs(size[1] - b) < 2 for a, b in options)


@pytest.fixture(scope="module")
def example() -> tuple[object, object]:
    campaign, _ = load_campaign(ROOT / "content")
    assert campaign is not None
    chronicle, _ = replay(campaign)
    return campaign, chronicle


def test_both_maps_on_one_a4_page_with_their_legends(tools: None, example: tuple[object, object],
                                                    tmp_path: Path) -> None:
    result = hexcrawl("print", "map", "--content", "content", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    players, gm = tmp_path / "map-players.pdf", tmp_path / "map-gm.pdf"
    assert result.stdout.split() == [str(players), str(gm)]
    campaign, chronicle = example
    for pdf in (players, gm):
        pages, sizes = info(pdf)
        # the map on one page; a key too long for the room under it goes on
        assert all(is_paper(size, "A4") for size in sizes), (pdf, sizes)
        assert pages == 1 or key_pages(pdf) == list(range(2, pages + 1)), pdf
        small_and_vector(pdf)
    gm_words, player_words = text(gm), text(players)
    assert "The Sallow Reach" in gm_words and "The GM's map" in gm_words
    assert "The players' map" in player_words
    # the legend: terrains, icons, the scale
    for words in ("Moor", "Forest, dense", "town", "bridge", "One hex: 12 miles across."):
        assert words in gm_words, words
    assert "Unexplored" in player_words and "Unexplored" not in gm_words
    # names on the map are text in the PDF; the players' map holds only what they found
    assert "Ashford" in player_words and "Kestrel Bridge" in player_words
    hidden = [loc.name for loc in campaign.locations.values()  # type: ignore[attr-defined]
              if loc.id not in chronicle.discovered]  # type: ignore[attr-defined]
    assert hidden and "Coldforge" in hidden
    assert "Coldforge" in gm_words
    leaked = [name for name in hidden if name in player_words]
    assert leaked == [], leaked


@pytest.mark.parametrize(("paper", "args", "landscape"), [
    ("Tabloid", ["--audience", "players"], None),
    ("Letter", ["--audience", "gm", "--orientation", "landscape"], True),
])
def test_other_papers_and_orientations(tools: None, tmp_path_factory: pytest.TempPathFactory,
                                       paper: str, args: list[str],
                                       landscape: bool | None) -> None:
    (pdf,) = printed(tmp_path_factory, "--audience", args[1], "--paper", paper,
                     *args[2:]).glob("*.pdf")
    pages, sizes = info(pdf)
    assert all(is_paper(size, paper, landscape) for size in sizes), sizes
    assert pages == 1 or key_pages(pdf) == list(range(2, pages + 1)), pages


def test_a_poster_tiles_the_map_over_overlapping_sheets(tools: None,
                                                         example: tuple[object, object],
                                                         tmp_path: Path) -> None:
    campaign, chronicle = example
    t = Translator(campaign.language)  # type: ignore[attr-defined]
    svg, key = printed_maps.printed_svg(gm_view(campaign, chronicle), t, "A4", True,  # type: ignore
                                        hex_mm=30)
    expected = printed_maps.map_pages("A4", True, svg, hex_mm=30,
                                      key=mapkey.key_rows(key, t))
    layout_sheets = printed_maps.poster_layout(*printed_maps._view_box(svg), "A4",
                                               hex_mm=30).sheets
    assert layout_sheets > 4, "the example's GM map should need several A4 sheets at 30 mm"
    result = hexcrawl("print", "map", "--audience", "gm", "--poster", "--hex-size", "30",
                      "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    pdf = tmp_path / "map-gm-poster.pdf"
    pages, sizes = info(pdf)
    assert pages == expected and all(is_paper(s, "A4") for s in sizes), (pages, sizes)
    words = text(pdf)
    # the cover names every sheet, and each sheet says where it goes and who its neighbours
    # are; names and hex labels are text on the sheets
    assert "poster of" in words and "To assemble" in words
    assert "A1" in words and "B2" in words and "row 1 of" in words and "→ B1" in words
    assert "Ashford" in words and "0313" in words
    small_and_vector(pdf)


def test_a_poster_of_the_players_map_on_a3(tools: None, example: tuple[object, object],
                                           tmp_path: Path) -> None:
    campaign, chronicle = example
    t = Translator(campaign.language)  # type: ignore[attr-defined]
    svg, key = printed_maps.printed_svg(players_view(campaign, chronicle), t, "A3", True,  # type: ignore
                                        hex_mm=40)
    result = hexcrawl("print", "map", "--audience", "players", "--poster", "--paper", "A3",
                      "--hex-size", "40", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    pages, sizes = info(tmp_path / "map-players-poster.pdf")
    assert pages == printed_maps.map_pages("A3", True, svg, hex_mm=40,
                                           key=mapkey.key_rows(key, t)) > 2
    assert all(is_paper(s, "A3") for s in sizes)
    small_and_vector(tmp_path / "map-players-poster.pdf")


def test_a_printed_map_has_no_pattern_fills(example: tuple[object, object]) -> None:
    """Chromium prints a pattern fill as an image: the printed map draws each hex's terrain
    with a <use> of its symbol, and the fog as a flat colour."""
    campaign, chronicle = example
    for view in (gm_view(campaign, chronicle), players_view(campaign, chronicle)):  # type: ignore
        screen = maps.overview_map(view, maps.MapLinks(), debug=True)
        printed = maps.overview_map(view, maps.MapLinks(), for_print=True, debug=True)
        assert "<pattern" in screen and "<pattern" not in printed
        assert len(re.findall(r'<use [^>]*xlink:href="#m-t', printed)) >= len(view.hexes)


def test_print_map_usage_errors(tmp_path: Path) -> None:
    """Each of ``print map`` and ``print sheets`` takes only its own options (the sheets
    print on A4 or Letter, the map has no --system, the sheets no --poster)."""
    for args, message in (
            (["map", "travel"], "unexpected extra argument (travel)"),
            (["--paper", "A3"], "Invalid value for '--paper'"),
            (["--poster"], "No such option"),
            (["map", "--system", "brp"], "No such option"),
            (["map", "--paper", "A5"], "Invalid value for '--paper'")):
        result = hexcrawl("print", *args, "--out", str(tmp_path))
        assert result.returncode == 2, (args, result.stderr)
        assert message in result.stderr, (args, result.stderr)
        command = "print map" if args[0] == "map" else "print sheets"
        assert command in result.stderr, (args, result.stderr)


def test_poster_layout_and_sheet_names() -> None:
    layout = printed_maps.poster_layout(1000, 200, "A4", hex_mm=25)
    assert layout.page == (297, 210) and layout.rows == 1 and layout.cols == 3
    tw, th = layout.tile
    # every part of the map lies on a sheet: the sheets, less their overlaps, cover it
    assert layout.cols * (tw - printed_maps.MAP_OVERLAP) + printed_maps.MAP_OVERLAP >= layout.map_w
    assert layout.rows * (th - printed_maps.MAP_OVERLAP) + printed_maps.MAP_OVERLAP >= layout.map_h
    assert [printed_maps._sheet_name(c, 0) for c in (0, 1, 25, 26, 27)] == [
        "A1", "B1", "Z1", "AA1", "AB1"]
    with pytest.raises(ValueError, match="paper"):
        printed_maps.print_maps(None, None, Path("x"), paper="A5")  # type: ignore[arg-type]


def _pixels(ppm: bytes) -> list[tuple[int, int, int]]:
    """The pixels of a binary PPM (P6) as pdftoppm writes it."""
    magic, width, height, depth, data = ppm.split(maxsplit=4)
    assert magic == b"P6" and depth == b"255"
    count = int(width) * int(height)
    return [(data[i], data[i + 1], data[i + 2]) for i in range(0, 3 * count, 3)]


def test_the_printed_legend_draws_its_swatches_in_the_maps_colours(
        tools: None, example: tuple[object, object], tmp_path: Path) -> None:
    """The legend's swatches are inline SVGs of the printed page, styled by the map's classes:
    without the map's styles every road, river and party marker printed as a black shape.
    The map image is left out here, so every colour on the page is the legend's."""
    campaign, chronicle = example
    view = gm_view(campaign, chronicle)  # type: ignore[arg-type]
    svg = maps.overview_map(view, maps.MapLinks(), debug=True)
    page = tmp_path / "legend.html"
    page.write_text(printed_maps.map_html(campaign, view, svg, "missing.svg", "A4",  # type: ignore[arg-type]
                                      poster=False), encoding="utf-8")
    pdf = chromium.print_one(chromium.find_chromium(), page, tmp_path / "legend.pdf", tmp_path)
    subprocess.run([need("pdftoppm"), "-r", "60", str(pdf), str(tmp_path / "legend")],
                   check=True)
    (image,) = tmp_path.glob("legend*.ppm")
    pixels = set(_pixels(image.read_bytes()))

    def shows(colour: str) -> bool:
        want = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
        return any(all(abs(a - b) <= 24 for a, b in zip(p, want, strict=True))
                   for p in pixels)

    for colour, what in (("#d62728", "the party"), ("#3b7dc0", "a river"),
                         ("#8b5a2b", "a road")):
        assert shows(colour), f"the legend draws {what} without its colour {colour}"


#: A DejaVu Sans word's box in pdftotext -bbox: its height is 1.164 times the font size (the
#: font's ascent and descent), and each digit is 0.636 em wide.
_DEJAVU_HEIGHT = 1.164
_DIGIT_EM = 0.636
_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">'
                   r"([^<]*)</word>")


def map_text_sizes(pdf: Path) -> tuple[dict[str, float], dict[str, float]]:
    """The font size, in points, of each hex label (CCRR, from its width) and of each word
    of a name (from its height: the smallest of its copies, a halo and a fill) printed on
    the map, above the legend. Path names (set along a curve, letter by letter) are left
    out (and the key's pages after the map)."""
    text = subprocess.run(["pdftotext", "-bbox", "-l", "1", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    words = [(float(a), float(b), float(c), float(d), w) for a, b, c, d, w in _WORD.findall(text)]
    legend_top = min(y0 for _, y0, _, _, w in words if w == "Farmland")
    numbers: dict[str, float] = {}
    names: dict[str, float] = {}
    for x0, y0, x1, y1, word in words:
        if y0 >= legend_top or y0 < 48:  # the legend, the page's title (14 mm)
            continue
        if re.fullmatch(r"\d{4}", word):
            numbers[word] = (x1 - x0) / (4 * _DIGIT_EM)
        elif len(word) >= 3 and word.isalpha():
            size = (y1 - y0) / _DEJAVU_HEIGHT
            names[word] = min(size, names.get(word, size))
    return numbers, names


def test_the_printed_gm_map_reads_at_print_sizes(
        tools: None, tmp_path_factory: pytest.TempPathFactory) -> None:
    """On A4, in the orientation that prints the map largest, the hex labels are at least
    7 pt and the names at least 7 pt; names the page has no room for go to its key rather
    than set smaller."""
    pdf = printed(tmp_path_factory, "--audience", "gm", "--paper", "A4") / "map-gm.pdf"
    _, sizes = info(pdf)
    # the example's map is about square: portrait
    assert is_paper(sizes[0], "A4") and sizes[0][0] < sizes[0][1]
    numbers, names = map_text_sizes(pdf)
    # every hex keeps its number
    assert len(numbers) == 320, len(numbers)
    assert min(numbers.values()) >= 7, sorted(numbers.items(), key=lambda i: i[1])[:3]
    for name in ("Ashford", "Greymere", "Coldforge"):
        assert name in names
    assert min(names.values()) >= 7, sorted(names.items(), key=lambda i: i[1])[:3]


def _words(pdf: Path) -> list[tuple[int, float, float, float, float, str]]:
    """Every word of the PDF: its page (from 1), box in points and text (pdftotext)."""
    text = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    out = []
    for n, page in enumerate(text.split("<page ")[1:], start=1):
        # NFKC: the PDF's ligatures (fi) as their letters
        out += [(n, float(a), float(b), float(c), float(d),
                 unicodedata.normalize("NFKC", html.unescape(w)))
                for a, b, c, d, w in _WORD.findall(page)]
    return out


@pytest.mark.parametrize(("paper", "args"), [
    ("A4", []), ("Letter", ["--orientation", "landscape"]), ("A4", ["--orientation",
                                                                   "landscape"])])
def test_every_name_of_the_gm_map_is_on_its_printed_page_or_its_key(
        tools: None, example: tuple[object, object], tmp_path_factory: pytest.TempPathFactory,
        paper: str, args: list[str]) -> None:
    """Every place's, named hex's and road's or river's name is written on the printed map
    or listed in its key by hex number, most of them on the map; the map fills
    the page's width or height, the legend under it with no empty band between them, and
    no word runs off the page."""
    pdf = printed(tmp_path_factory, "--audience", "gm", "--paper", paper, *args) / "map-gm.pdf"
    _, sizes = info(pdf)
    words = _words(pdf)
    legend_top = min(y0 for page, _, y0, _, _, w in words if page == 1 and w == "Farmland")
    # the key: under the legend, beside the map, or on a page of its own
    _, key_x, key_y, *_ = next(w for w in words if w[5] == "Names")
    in_key = [page > 1 or (x0 >= key_x - 1 and y0 >= key_y - 1
                           and (key_y > legend_top or y0 < legend_top))
              for page, x0, y0, *_ in words]
    on_map = [w for (page, _, y0, _, _, w), keyed_word in zip(words, in_key, strict=True)
              if page == 1 and 40 < y0 < legend_top and not keyed_word]
    numbers = [w for w in on_map if re.fullmatch(r"\d{4}", w)]
    # (pdftotext gives the words of the key's columns in no fixed order, a long name
    # broken over two lines, at a hyphen too)
    key = {part for w, keyed_word in zip(words, in_key, strict=True) if keyed_word
           for part in re.split(r"[-\s]+", w[5]) if part}
    assert {"Names", "room", "hex"} <= key, key
    campaign, chronicle = example
    view = gm_view(campaign, chronicle)  # type: ignore[arg-type]
    names = {loc.name: (loc.label,) for loc in view.locations.values()}
    names |= {info.name: (label,) for label, info in view.hexes.items() if info.name}
    names |= {p.name: () for p in view.paths if p.name}
    # a road's or river's name is set letter by letter along it: read from the map's SVG
    svg, _ = printed_maps.printed_svg(
        view, Translator(campaign.language), paper, False,  # type: ignore[attr-defined]
        "landscape" if args else "auto")
    along = [html.unescape(a) for a in re.findall(r"<textPath[^>]*>([^<]*)<", svg)]
    keyed = []
    for name, where in names.items():
        if all(word in on_map for word in name.split()) or name in along:
            continue
        assert set(re.split(r"[-\s]+", name)) <= key, f"{name!r} is on neither map nor key"
        keyed.append(name)
        # listed with its hex's number
        assert set(where) <= key, (where, name)
    assert keyed, "the example's map is crowded: some names go to the key"
    if not args:
        # in the orientation that prints it largest, with every hex's number kept, most
        # places' names are on the map (the hexes' names, placed after them, mostly go
        # to the key)
        places = {loc.name for loc in view.locations.values()}
        assert len(places & set(keyed)) < len(places) / 2, sorted(places & set(keyed))
        assert len(set(numbers)) == len(view.hexes)
    # the map fills the frame: its labels span the page's printable width (portrait) or
    # height (landscape), and the legend follows right under it
    page_w, page_h = sizes[0]
    xs = [x for page, x, y0, x1, y1, w in words if page == 1 and re.fullmatch(r"\d{4}", w)]
    ys = [y1 for page, x0, y0, x1, y1, w in words if page == 1 and re.fullmatch(r"\d{4}", w)]
    mm = 72 / 25.4
    if page_w < page_h:
        assert min(xs) < 25 * mm and max(xs) > page_w - 35 * mm, (min(xs), max(xs))
    assert legend_top - max(ys) < 15 * mm, (legend_top, max(ys))
    for page, _, _, x1, y1, word in words:
        assert x1 <= page_w - 5 * mm and y1 <= page_h - 5 * mm, (page, word, x1, y1)


#: Where a word's box lies about its baseline, in em, as pdftotext gives it for DejaVu Sans:
#: the filled text's box (the font's ascent and descent), and the box of the halo's stroked
#: copy printed under it (wider by the font's bounding box and the stroke).
_FILL = (0.928, 0.236)
_HALO = (1.139, 0.42)


def _em_box(word: tuple[int, float, float, float, float, str], sizes: list[float],
            ) -> tuple[float, float, float, float]:
    """A word's box as the filled text's (its halo's copy brought back to it), its font
    size found from its width (a hex number: every digit is as wide) or its height (a name,
    set at one of ``sizes`` points)."""
    _, x0, y0, x1, y1, text = word
    height = y1 - y0
    if re.fullmatch(r"\d{4}", text):
        size = (x1 - x0) / (4 * _DIGIT_EM)
        kind = min((_FILL, _HALO), key=lambda k: abs(height - (k[0] + k[1]) * size))
    else:
        size, kind = min(((s, k) for s in sizes for k in (_FILL, _HALO)),
                         key=lambda sk: abs(height - (sk[1][0] + sk[1][1]) * sk[0]))
    assert abs(height - (kind[0] + kind[1]) * size) < 0.6, (text, height, size)
    base = y1 - kind[1] * size
    return x0, base - _FILL[0] * size, x1, base + _FILL[1] * size


@pytest.mark.parametrize(("paper", "args"), [
    ("A4", []), ("Letter", ["--orientation", "landscape"])])
def test_every_hex_number_of_the_printed_gm_map_is_printed_clear_of_every_name(
        tools: None, example: tuple[object, object], tmp_path_factory: pytest.TempPathFactory,
        paper: str, args: list[str]) -> None:
    """On A4 or Letter, where the example's names are too long for its hexes, every hex
    keeps its number, and no word of a name (a place's, a hex's) lies over one: a number
    moves within its hex out of a name's way, or the name goes to the key (under the map,
    or beside it on a wide page)."""
    pdf = printed(tmp_path_factory, "--audience", "gm", "--paper", paper, *args) / "map-gm.pdf"
    words = [w for w in _words(pdf) if w[0] == 1]
    legend_top = min(y0 for _, _, y0, _, _, w in words if w == "Farmland")
    # the key's heading: beside the map (a wide page), or under the legend
    key_x = min([x0 for _, x0, y0, _, _, w in words if w == "Names" and y0 < legend_top]
                or [10_000.0])
    on_map = [w for w in words if 40 < w[2] < legend_top and w[1] < key_x - 1]
    numbers = [w for w in on_map if re.fullmatch(r"\d{4}", w[5])]
    campaign, chronicle = example
    view = gm_view(campaign, chronicle)  # type: ignore[arg-type]
    assert {w[5] for w in numbers} == set(view.hexes), "a hex's number is missing"
    # the names' sizes in points: their sizes on the map, at its scale on the page
    orientation = "landscape" if args else "auto"
    svg, _ = printed_maps.printed_svg(view, Translator("en"), paper, False, orientation)
    per_unit = printed_maps.points_per_unit(*printed_maps._view_box(svg), paper, False,
                                            orientation)
    sizes = [float(s) * per_unit for s in set(re.findall(r'font-size="([\d.]+)"', svg))]
    names = [_em_box(w, sizes) for w in on_map if w not in numbers and w[5].isalpha()]
    assert len(names) > 40, len(names)
    covered = []
    for number in numbers:
        x0, y0, x1, y1 = _em_box(number, sizes)
        covered += [(number[5], box) for box in names
                    if x0 < box[2] and box[0] < x1 and y0 < box[3] and box[1] < y1]
    assert covered == [], covered[:5]


def test_a_poster_lists_the_names_it_has_no_room_for_in_its_key(
        tools: None, example: tuple[object, object], tmp_path: Path) -> None:
    """A poster keeps its texts at their screen size: a name with no room on its sheets is
    listed by hex number in the key, on pages of its own after the sheets, as on one page;
    none is left out."""
    result = hexcrawl("print", "map", "--audience", "gm", "--poster", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    pdf = tmp_path / "map-gm-poster.pdf"
    campaign, chronicle = example
    view = gm_view(campaign, chronicle)  # type: ignore[arg-type]
    t = Translator(campaign.language)  # type: ignore[attr-defined]
    svg, entries = printed_maps.printed_svg(view, t, "A4", True)
    rows = mapkey.key_rows(entries, t)
    assert rows, "the example's poster at 25 mm a hex has names with no room"
    sheets = printed_maps.poster_layout(*printed_maps._view_box(svg), "A4").sheets
    pages, _ = info(pdf)
    assert pages == printed_maps.map_pages("A4", True, svg, key=rows) > 1 + sheets
    words = _words(pdf)
    key_pages = {page for page, *_, w in words if w == "Names"}
    assert key_pages and min(key_pages) == 2 + sheets and max(key_pages) == pages
    key = {part for page, *_, w in words if page in key_pages
           for part in re.split(r"[-\s,–]+", w) if part}
    names = {loc.name: loc.label for loc in view.locations.values()}
    names |= {info.name: label for label, info in view.hexes.items() if info.name}
    on_map = html.unescape(" ".join(re.findall(r">([^<>]+)<", svg)))
    for row in rows:
        assert set(re.split(r"[-\s,–]+", f"{row.where} {row.name}")) - {""} <= key, row
    for name, label in names.items():
        if name not in on_map:
            assert name in {row.name for row in rows}, f"{name!r} is on neither map nor key"
            assert label in key, (name, label)
