"""Terrain symbols, location icons, the palette, the legend and a campaign's own symbols
(generator/render/maps/symbols.py, generator/content/symbols.py, render/maps/)."""

from __future__ import annotations

import itertools
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from secret_campaign import load_secret_campaign, secret_chronicle

from generator.content.campaign import Campaign
from generator.content.loader import load_campaign
from generator.content.symbols import ICON_WORDS, SYMBOL_NAMES
from generator.knowledge import gm_view, players_view
from generator.render import maps
from generator.render.maps.symbols import ICONS, SYMBOLS, delta_e, icon_kind, lab, luminance
from generator.render.pages import overview_svg, render_docs
from generator.replay import replay
from generator.rules.chronicle import Chronicle
from generator.rules.tables import TERRAIN

from campaign_factory import load, write_campaign

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
#: The least lightness difference (CIE L*) between two terrains: apart in greyscale print.
MIN_LIGHTNESS_STEP = 5.0
#: The least colour difference (CIE76) between two terrains on screen.
MIN_COLOUR_DIFFERENCE = 15.0


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def symbol_of(root: ET.Element, symbol_id: str) -> ET.Element:
    return next(e for e in root.iter(f"{SVG}symbol") if e.get("id") == symbol_id)


def uses(root: ET.Element) -> dict[str, int]:
    """How often each symbol is placed in the hexes group ("#id": count): a hex is a path
    whose class, or its group's, is the symbol's id; the class fills it with a pattern that
    draws the symbol over the hex's box, undistorted."""
    hexes = next(g for g in root.iter(f"{SVG}g") if g.get("class", "").startswith("hexes"))
    style = "".join(e.text or "" for e in root.iter(f"{SVG}style"))
    out: dict[str, int] = {}

    def walk(element: ET.Element, inherited: str) -> None:
        for child in element:
            cls = child.get("class", "")
            sid = cls if re.fullmatch(r"m-t\d+", cls) else inherited
            if child.tag == f"{SVG}path":
                assert sid, "a hex with no terrain drawing"
                out["#" + sid] = out.get("#" + sid, 0) + 1
            walk(child, sid)

    walk(hexes, "")
    for href in out:
        sid = href[1:]
        assert f".{sid}{{fill:url(#{sid}f)" in style, sid
        pattern = next(e for e in root.iter(f"{SVG}pattern") if e.get("id") == sid + "f")
        assert next(pattern.iter(f"{SVG}use")).get(XLINK) == href
        # drawn onto the hex's box (whose own scale is undone by the layer's scale)
        assert pattern.get("patternContentUnits") == "objectBoundingBox"
    return out


# ------------------------------------------------------------------------------------------
# the palette


def _pairs(colours: dict[str, str]) -> list[tuple[str, str]]:
    return list(itertools.combinations(sorted(colours), 2))


def test_every_two_built_in_terrains_differ_in_colour_and_in_greyscale() -> None:
    colours = {tid: t.color for tid, t in TERRAIN.items()}
    for a, b in _pairs(colours):
        lightness = abs(lab(colours[a])[0] - lab(colours[b])[0])
        assert lightness >= MIN_LIGHTNESS_STEP, (
            f"{a} {colours[a]} and {b} {colours[b]} print as nearly the same grey "
            f"(L* differs by {lightness:.1f})")
        assert delta_e(colours[a], colours[b]) >= MIN_COLOUR_DIFFERENCE, (a, b)
    # the greyscale order is a real spread, not a cluster at one end
    greys = sorted(luminance(c) for c in colours.values())
    assert greys[0] < 0.2 and greys[-1] > 0.85


def test_the_example_campaigns_terrains_differ_pairwise() -> None:
    campaign, _ = load_campaign(ROOT / "content")
    assert campaign is not None
    used = {info.terrain for info in campaign.hexes.values()}
    colours = {tid: campaign.terrain[tid].color for tid in used}
    assert "farmland" in colours and len(colours) >= 7
    for a, b in _pairs(colours):
        assert abs(lab(colours[a])[0] - lab(colours[b])[0]) >= MIN_LIGHTNESS_STEP, (a, b)
        assert delta_e(colours[a], colours[b]) >= MIN_COLOUR_DIFFERENCE, (a, b)


def test_colour_arithmetic() -> None:
    assert luminance("#000") == 0 and luminance("#ffffff") == pytest.approx(1)
    assert lab("#ffffff")[0] == pytest.approx(100, abs=0.1)
    assert lab("#777777")[0] == pytest.approx(50, abs=1)
    assert delta_e("#123456", "#123456") == 0


# ------------------------------------------------------------------------------------------
# the drawings

PATH_DATA = re.compile(r"^(?:[MmLlHhVvCcSsQqTtAaZz]|-?\d*\.?\d+|[\s,])+$")


def test_every_built_in_terrain_and_forest_density_has_its_own_drawing() -> None:
    assert set(SYMBOL_NAMES) >= set(TERRAIN)
    drawings = {name: repr(layers) for name, layers in SYMBOLS.items()}
    assert len(set(drawings.values())) == len(drawings), "two symbols draw the same"
    assert {"forest-sparse", "forest", "forest-dense"} <= set(SYMBOLS)
    for name, layers in SYMBOLS.items():
        assert layers, name
        for layer in layers:
            d = getattr(layer, "d", None)
            assert d is None or PATH_DATA.match(d), (name, d)


def test_every_icon_is_path_data_and_every_word_names_an_icon() -> None:
    for kind, d in ICONS.items():
        assert PATH_DATA.match(d), kind
    assert set(ICON_WORDS.values()) <= set(ICONS)


@pytest.mark.parametrize(("icon", "tags", "kind"), [
    (None, ("settlement", "town", "market"), "town"),   # a specific word beats a generic one
    (None, ("settlement",), "village"),
    (None, ("landmark", "tree"), "tree"),
    (None, ("bridge", "toll", "landmark"), "bridge"),
    (None, ("ruin", "toll", "shrine"), "ruin"),         # otherwise the first tag that names one
    ("castle", ("ruin",), "castle"),                   # the icon always wins
    (None, ("Город",), "town"),
    (None, ("Місто",), "city"),
    (None, ("печера",), "cave"),
    (None, ("fey", "court"), "point"),
    (None, (), "point"),
])
def test_icon_kind(icon: str | None, tags: tuple[str, ...], kind: str) -> None:
    assert icon_kind(icon, tags) == kind


# ------------------------------------------------------------------------------------------
# the maps


def test_symbols_are_defined_once_and_placed_by_their_patterns(tmp_path: Path) -> None:
    campaign = load_secret_campaign(tmp_path / "c")
    root = parse(maps.overview_map(gm_view(campaign, secret_chronicle()), debug=True))
    placed = uses(root)
    assert sum(placed.values()) == 64
    symbols = [e.get("id") for e in root.iter(f"{SVG}symbol")]
    assert len(symbols) == len(set(symbols))
    # every placed symbol is defined, and every terrain symbol defined is placed
    terrain_symbols = {s for s in symbols if re.fullmatch(r"m-t\d+", s or "")}
    assert {h.lstrip("#") for h in placed} == terrain_symbols
    # each draws the hex in its terrain's colour, and a drawing over it
    for sid in terrain_symbols:
        symbol = symbol_of(root, sid)
        assert symbol[0].tag == f"{SVG}path" and len(symbol) == 2, sid


def tiny(tmp_path: Path, hexes: str, rows: int, start: str, **files: str) -> Path:
    """A one-column campaign of ``rows`` hexes with no paths, locations or sessions."""
    return write_campaign(tmp_path / "c", files={
        "hexes/map.yaml": hexes, "paths.yaml": None, "locations/thornfold-mill.md": None,
        "sessions/01.yaml": None, **files},
        campaign_overrides={"map": {"columns": 1, "rows": rows}, "party": {"start": start}})


def test_forest_density_picks_the_drawing(tmp_path: Path) -> None:
    root_dir = tiny(tmp_path, """
"0101": {terrain: forest, density: sparse}
"0102": {terrain: forest, density: dense}
"0103": {terrain: forest}
"0104": {terrain: forest, density: medium}
"0105": {terrain: plains}
""", 5, "0105")
    campaign, diags = load(root_dir)
    assert campaign is not None, [d.format() for d in diags.items]
    view = gm_view(campaign, Chronicle("x"))
    root = parse(maps.overview_map(view, debug=True))
    placed = uses(root)
    # sparse, dense, and medium for both the implicit and the explicit medium; plains
    assert sorted(placed.values()) == [1, 1, 1, 2]
    trees = {sid: len([u for u in symbol_of(root, sid.lstrip("#")).iter(f"{SVG}use")])
             for sid in placed}
    assert sorted(trees.values()) == [0, 2, 3, 6]
    assert maps.legend_terrains(view) == [
        (view.terrains["forest"], "sparse"), (view.terrains["forest"], None),
        (view.terrains["forest"], "dense"), (view.terrains["plains"], None)]


def test_legend_lists_what_the_map_uses(tmp_path: Path) -> None:
    campaign = load_secret_campaign(tmp_path / "c")
    gm = gm_view(campaign, secret_chronicle())
    players = players_view(campaign, secret_chronicle())
    gm_icons, player_icons = maps.legend_icons(gm), maps.legend_icons(players)
    assert set(player_icons) < set(gm_icons)
    assert player_icons == ["village"]
    page = render_docs(players).files["map.md"]
    assert "village, farm, inn" in page and "cave, dungeon" not in page
    assert [t.id for t, _ in maps.legend_terrains(players)] == ["plains"]
    gm_page = render_docs(gm).files["map.md"]
    for kind in gm_icons:
        assert maps.icon_swatch(kind, debug=True) in gm_page


def test_a_terrain_like_a_built_in_draws_its_symbol_unless_told(tmp_path: Path) -> None:
    root_dir = tiny(tmp_path, '"0101": {terrain: pinewood}\n"0102": {terrain: farmland}\n'
                              '"0103": {terrain: bare}\n"0104": {terrain: glass}\n', 4, "0102",
                    **{"terrain.yaml": "pinewood: {like: forest, color: '#2f5d3a'}\n"
                       "farmland: {like: plains, symbol: fields, color: '#f2cf7c'}\n"
                       "bare: {like: hills, symbol: none}\n"
                       "glass: {navigation_dc: 12, forage_dc: 20, color: '#aaccee',\n"
                       "        speed: {highway: 1, road: 1, trackless: 1}}\n"})
    campaign, diags = load(root_dir)
    assert campaign is not None, [d.format() for d in diags.items]
    view = gm_view(campaign, Chronicle("x"))
    assert {tid: t.symbol for tid, t in view.terrains.items()} == {
        "pinewood": "forest", "farmland": "fields", "bare": None, "glass": None}
    root = parse(maps.overview_map(view, debug=True))
    drawn = {symbol_of(root, h.lstrip("#"))[0].get("fill"): len(symbol_of(root, h.lstrip("#")))
             for h in uses(root)}
    assert drawn == {"#2f5d3a": 2, "#f2cf7c": 2, campaign.terrain["bare"].color: 1,
                     "#aaccee": 1}


def test_an_unknown_symbol_name_is_an_error_with_a_suggestion(tmp_path: Path) -> None:
    root_dir = write_campaign(tmp_path / "c", files={
        "terrain.yaml": "farmland:\n  like: plains\n  symbol: feilds\n"})
    _, diags = load(root_dir)
    errors = [d.format() for d in diags.errors]
    assert any(re.search(r"terrain\.yaml:3:\d+: error: unknown map symbol 'feilds' \(did you "
                         r"mean 'fields'\?\)", e) for e in errors), errors


# ------------------------------------------------------------------------------------------
# bytes per hex of the GM's overview map, symbols on (the budget: at most 200)

MAX_BYTES_PER_HEX = 200


def _gm_overview_bytes(root_dir: Path) -> float:
    campaign, diags = load_campaign(root_dir)
    assert campaign is not None, [d.format() for d in diags.errors]
    chronicle, _ = replay(campaign)
    view = gm_view(campaign, chronicle)
    svg = overview_svg(view)
    return len(svg.encode("utf-8")) / len(campaign.grid.all_hexes())


def test_the_example_campaigns_gm_map_stays_within_the_byte_budget() -> None:
    assert _gm_overview_bytes(ROOT / "content") <= MAX_BYTES_PER_HEX


def test_a_100_by_100_synthetic_gm_map_stays_within_the_byte_budget(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import synthetic
    finally:
        sys.path.remove(str(ROOT / "bench"))
    root_dir = synthetic.write(tmp_path / "synthetic", 100, 100, locations=1500, sessions=6)
    assert _gm_overview_bytes(root_dir) <= MAX_BYTES_PER_HEX


# ------------------------------------------------------------------------------------------
# a campaign's own symbols: symbols/<terrain-id>.svg

GOOD_SYMBOL = """<?xml version="1.0" encoding="UTF-8"?>
<!-- drawn in Inkscape; GM-NOTE-IN-COMMENT -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
     width="64" height="48" viewBox="0 0 64 48">
  <title>GM-TITLE-IN-SYMBOL</title>
  <defs id="defs2"/>
  <g id="layer1" inkscape:label="Layer 1" class="GM-CLASS">
    <path d="M8 40 L32 8 L56 40 Z" style="fill:#aa3322;stroke:#220000;stroke-width:2"
          id="GM-ID-IN-SYMBOL"/>
    <circle cx="32" cy="30" r="5" fill="#fff"/>
  </g>
</svg>
"""


def _symbol_campaign(tmp_path: Path, files: dict[str, str | bytes]) -> tuple[
        Campaign | None, list[str]]:
    root_dir = write_campaign(tmp_path / "c")
    for name, text in files.items():
        path = root_dir / "symbols" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
    campaign, diags = load(root_dir)
    return campaign, [d.format() for d in diags.items]


def test_a_campaign_symbol_replaces_the_drawing_on_both_maps(tmp_path: Path) -> None:
    campaign, problems = _symbol_campaign(tmp_path, {"plains.svg": GOOD_SYMBOL})
    assert campaign is not None and problems == []
    art = campaign.symbols["plains"]
    assert art.view_box == (0, 0, 64, 48)
    for view in (players_view(campaign, secret_chronicle()),
                 gm_view(campaign, secret_chronicle())):
        svg = maps.overview_map(view, debug=True)
        root = parse(svg)
        plains = next(s for s in root.iter(f"{SVG}symbol")
                      if s[0].get("fill") == campaign.terrain["plains"].color)
        drawn = plains[1]
        assert drawn.get("transform", "").startswith("translate(")
        assert [e.tag for e in drawn.iter()][1:] == [f"{SVG}g", f"{SVG}path", f"{SVG}circle"]
        path = next(drawn.iter(f"{SVG}path"))
        assert (path.get("fill"), path.get("stroke"), path.get("stroke-width")) == (
            "#aa3322", "#220000", "2")
        # nothing of the editor's file beyond the shapes: no comment, title, id or class
        for secret in ("GM-NOTE-IN-COMMENT", "GM-TITLE-IN-SYMBOL", "GM-ID-IN-SYMBOL",
                       "GM-CLASS", "inkscape"):
            assert secret not in svg


@pytest.mark.parametrize(("name", "text", "where", "message"), [
    ("plains.svg", "<svg viewBox='0 0 10 10'><path d='M0 0L5 5'></svg>", ":1:",
     "not a well-formed SVG file: mismatched tag"),
    ("plains.svg", "<html><body/></html>", ":1:1:", "root element is <html>, not <svg>"),
    ("plains.svg", "<svg viewBox='0 0 10 10'>\n  <script>alert(1)</script>\n</svg>", ":2:3:",
     "<script> is not allowed"),
    ("plains.svg", "<svg viewBox='0 0 10 10'>\n<path d='M0 0' onclick='x()'/></svg>", ":2:1:",
     "attribute 'onclick' is not allowed"),
    ("plains.svg", "<svg viewBox='0 0 10 10'><path d='M0 0' fill='url(http://x/y)'/></svg>",
     ":1:", "refers to something outside the drawing"),
    ("plains.svg", "<svg viewBox='0 0 10 10'><image href='x.png'/></svg>", ":1:",
     "<image> is not allowed"),
    ("plains.svg", "<svg viewBox='0 0 10 10'><style>body{}</style></svg>", ":1:",
     "<style> is not allowed"),
    ("plains.svg", "<!DOCTYPE svg [<!ENTITY a 'aaaa'>]><svg viewBox='0 0 1 1'/>", ":1:",
     "DOCTYPE"),
    ("plains.svg", "<svg><path d='M0 0L1 1'/></svg>", ":1:1:", "needs a viewBox"),
    ("plains.svg", "<svg viewBox='0 0 10 10'></svg>", ":1:1:", "draws nothing"),
    ("plains.svg", b"<svg viewBox='0 0 1 1'><path d='\xff'/></svg>", ":", "not UTF-8"),
    ("plaims.svg", "<svg viewBox='0 0 1 1'><path d='M0 0'/></svg>", ":1:1:",
     "unknown terrain 'plaims' (did you mean 'plains'?)"),
])
def test_a_bad_symbol_file_is_an_error_at_its_position(
        tmp_path: Path, name: str, text: str | bytes, where: str, message: str) -> None:
    campaign, problems = _symbol_campaign(tmp_path, {name: text})
    hits = [p for p in problems if f"symbols/{name}{where}" in p and message in p]
    assert hits and hits[0].split(": ")[1] == "error", problems


def test_a_file_that_is_not_svg_is_a_warning_and_a_huge_one_an_error(tmp_path: Path) -> None:
    big = "<svg viewBox='0 0 1 1'>" + "<path d='M0 0L1 1'/>" * 12000 + "</svg>"
    campaign, problems = _symbol_campaign(tmp_path, {"notes.txt": "x", "forest.svg": big})
    assert any("symbols/notes.txt:1:1: warning: not an SVG file" in p for p in problems)
    assert any("symbols/forest.svg:1:1: error:" in p and "too large" in p for p in problems)
