"""The SVG maps (render/maps/): what each audience's map draws, and nothing more."""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from map_helpers import hex_layer, path_points, svg_numbers, transform_of
from secret_campaign import SECRETS, load_secret_campaign, secret_chronicle

from generator.content.campaign import Campaign
from generator.knowledge import GMView, gm_view, players_view
from generator.render.maps import SIZE, MapLinks, overview_map, session_map
from generator.rules.chronicle import Chronicle

from campaign_factory import load, write_campaign

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"


@pytest.fixture
def campaign(tmp_path: Path) -> Campaign:
    return load_secret_campaign(tmp_path / "c")


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def group(root: ET.Element, cls: str) -> ET.Element | None:
    for g in root.iter(f"{SVG}g"):
        if g.get("class", "").split()[:1] == [cls]:
            return g
    return None


def placed(element: ET.Element, tag: str, dx: float = 0, dy: float = 0,
           ) -> list[tuple[ET.Element, float, float]]:
    """Every ``tag`` element under ``element`` with its position, group translations added
    (the map groups a column's hexes under one ``translate``)."""
    out: list[tuple[ET.Element, float, float]] = []
    for child in element:
        m = re.fullmatch(r"translate\(([-\d.]+)(?:[ ,]([-\d.]+))?\)", child.get("transform", ""))
        cx = dx + (float(m.group(1)) if m else 0)
        cy = dy + (float(m.group(2) or 0) if m else 0)
        if child.tag == f"{SVG}{tag}":
            out.append((child, cx + float(child.get("x", 0)), cy + float(child.get("y", 0))))
        out += placed(child, tag, cx, cy)
    return out


def hex_positions(root: ET.Element) -> list[tuple[float, float]]:
    g = group(root, "hexes")
    assert g is not None
    return [(round(x, 1), round(y, 1)) for _, x, y in hex_layer(g)]


def centre(campaign: Campaign, label: str) -> tuple[float, float]:
    x, y = campaign.grid.pixel(campaign.grid.parse(label), SIZE)
    return round(x, 1), round(y, 1)


def test_player_map_has_no_element_for_unexplored_hexes(campaign: Campaign) -> None:
    view = players_view(campaign, secret_chronicle())
    svg = overview_map(view, debug=True)
    for secret in SECRETS:
        assert secret not in svg
    root = parse(svg)
    positions = sorted(hex_positions(root))
    assert positions == sorted(centre(campaign, label) for label in ("0303", "0304", "0602"))
    # a single fog fill, no per-hex fog, no labels or grid (player_labels/grid are off)
    assert len([r for r in root.iter(f"{SVG}rect") if r.get("class") == "fog"]) == 1
    assert group(root, "labels") is None
    assert not re.search(r"\b0[1-8]0[1-8]\b", " ".join(t.text or "" for t in root.iter(
        f"{SVG}text")))
    # names only of what players know: a hex's name written on the map (its tooltip would
    # repeat it), else in its tooltip
    titles = [t.text for t in root.iter(f"{SVG}title")]
    shown = " ".join(root.itertext())
    assert "Crossroads Meadow" in shown
    assert ("Crossroads Meadow · Plains" in titles) == (
        "Crossroads Meadow" not in " ".join(" ".join(g.itertext()) for g in root.iter(
            f"{SVG}g") if g.get("class") == "hnames"))
    assert all("0505" not in (t or "") for t in titles)
    # only the terrain symbols and icons in use: no forest, no hills, no shrine or lair icon
    # (and map-CCRR on the first location of each hex: where map/#map-CCRR lands)
    ids = {e.get("id") for e in root.iter() if e.get("id")
           and not e.get("id", "").startswith("map-")}
    # m-fog: the fog's texture; m-l0, if the Mere's name fits, the line it follows; m-t0f:
    # the pattern that fills the hexes with the m-t0 symbol
    assert {"m-t0", "m-t0f", "m-village", "m-fog"} <= ids <= {
        "m-t0", "m-t0f", "m-village", "m-fog", "m-l0"}
    symbol = next(e for e in root.iter(f"{SVG}symbol") if e.get("id") == "m-t0")
    assert symbol[0].get("fill") == campaign.terrain["plains"].color
    classes = [p.get("class") for p in root.iter(f"{SVG}polyline")]
    # the route as the party knows it, never the GM's true track
    assert "tr tr-known" in classes and "tr tr-true" not in classes


def test_player_labels_and_grid_when_the_campaign_allows(tmp_path: Path) -> None:
    campaign = load_secret_campaign(tmp_path / "c")
    campaign = type(campaign)(**{**campaign.__dict__, "map": campaign.map.model_copy(
        update={"player_labels": True, "player_grid": True})})
    root = parse(overview_map(players_view(campaign, secret_chronicle()), debug=True))
    labels = group(root, "labels")
    assert labels is not None
    shown = sorted(t.text or "" for t in labels.iter(f"{SVG}text"))
    # 0602's label gives way to a name over it, if one is set there
    assert shown[:2] == ["0303", "0304"]
    names = [t.text for t in root.iter(f"{SVG}textPath")]
    assert shown == ["0303", "0304", "0602"] or names == ["The Mere"]
    hexes = group(root, "hexes")
    assert hexes is not None and "grid" in hexes.get("class", "")


def test_gm_map_shows_everything_with_links(campaign: Campaign) -> None:
    links = MapLinks(hex=lambda label: f"hex-key/#hex-{label}",
                     location=lambda lid: f"locations/{lid}/")
    svg = overview_map(gm_view(campaign, secret_chronicle()), links, debug=True)
    root = parse(svg)
    assert len(hex_positions(root)) == 64
    hrefs = [a.get(XLINK) for a in root.iter(f"{SVG}a")]
    assert "hex-key/#hex-0304" in hrefs and "locations/hidden-shrine/" in hrefs
    labels = group(root, "labels")
    # every hex's label, but for those a placed name covers (tests/unit/test_labels.py)
    assert labels is not None and len(list(labels.iter(f"{SVG}text"))) > 50
    classes = [p.get("class") for p in root.iter(f"{SVG}polyline")]
    assert "tr tr-true" in classes and "tr tr-believed" in classes
    paths = group(root, "paths")
    assert paths is not None
    assert {e.get("class") for e in paths} >= {"p-highway", "p-river", "cs cs-highway"}
    for name in ("SECRET-UNFOUND-NAME", "SECRET-GMONLY-NAME", "SECRET-TRUE-TRACK-NAME"):
        assert name in svg
    # the party marker at the true hex and a second, dashed one where it believes it is
    party = group(root, "party")
    assert party is not None
    assert [c.get("class") for c in party] == ["party-true", "party-believed"]


def test_coordinates_are_rounded(campaign: Campaign) -> None:
    svg = overview_map(gm_view(campaign, secret_chronicle()), debug=True)
    numbers = svg_numbers(svg)
    assert numbers and all(len(n.split(".")[1]) == 1 for n in numbers)


def test_session_map_is_cropped(campaign: Campaign) -> None:
    view = gm_view(campaign, secret_chronicle())
    whole = parse(overview_map(view, debug=True)).get("viewBox", "").split()
    route_svg = session_map(view, view.sessions[0], debug=True)
    assert route_svg is not None
    route = parse(route_svg).get("viewBox", "").split()
    assert float(route[2]) < float(whole[2]) and float(route[3]) < float(whole[3])
    assert len(hex_positions(parse(route_svg))) < 64
    # players: their route map shows only their explored hexes too
    pview = players_view(campaign, secret_chronicle())
    proute = session_map(pview, pview.sessions[0], debug=True)
    assert proute is not None
    assert len(hex_positions(parse(proute))) <= 3
    for secret in SECRETS:
        assert secret not in proute


def test_no_map_before_any_exploration(campaign: Campaign) -> None:
    root = parse(overview_map(players_view(campaign, Chronicle("x")), debug=True))
    assert hex_positions(root) == []


def test_big_map_stays_small(tmp_path: Path) -> None:
    """Bytes per hex, labels and links included (its speed is measured in bench/, never
    asserted here)."""
    root = write_campaign(tmp_path / "big", files={"hexes/map.yaml": None},
                          campaign_overrides={"map": {"columns": 80, "rows": 60},
                                              "default_terrain": "plains"})
    (root / "hexes").mkdir(exist_ok=True)
    (root / "hexes" / "map.yaml").write_text('"0606": {terrain: forest}\n', encoding="utf-8")
    campaign, diags = load(root)
    assert campaign is not None, [d.format() for d in diags.items]
    svg = overview_map(gm_view(campaign, Chronicle("x")),
                       MapLinks(hex=lambda label: f"../hex-key/other/#hex-{label}"), debug=True)
    assert len(hex_positions(parse(svg))) == 4800
    assert len(svg) / 4800 < 150  # issue 14's target


def test_a_location_found_while_lost_is_placed_only_after_reanchoring(tmp_path: Path) -> None:
    """Lost, the party sights a visible tor: it is found (its page exists for the players)
    but its place stays off their map until they know where they are; a landmark watch that
    re-anchors them puts it on the map."""
    from generator.content.loader import load_campaign
    from generator.knowledge import players_view
    from generator.render.maps import overview_map
    from generator.replay import replay

    from replay_helpers import make_campaign

    loc = ("---\nname: Lonely Tor\nhex: \"0503\"\nvisibility: visible\nvisible_from: 1\n"
           "---\nA crag.\n")
    lost = [{"travel": {"heading": "N"}, "rolls": {"navigation": 2, "veer": 5,
                                                   "realise": [2, 3]}}]
    for name, log, placed in (("lost", lost, False),
                              ("found", [*lost, {"travel": {"landmark": "tor"}}], True)):
        root = make_campaign(tmp_path / name, locations={"tor": loc},
                             sessions=[{"log": log}])
        campaign, _ = load_campaign(root)
        assert campaign is not None
        chronicle, _ = replay(campaign)
        view = players_view(campaign, chronicle)
        assert "tor" in view.locations
        shown = " ".join(ET.fromstring(overview_map(view, debug=True)).itertext())  # a name's lines
        assert ("Lonely Tor" in shown) is placed


def _lost_then(tmp_path: Path, name: str, more: list[dict[str, object]]) -> tuple[
        Campaign, Chronicle]:
    """A party that heads north, goes astray unaware (navigation 2, veer 9: right) for two
    watches, and then does ``more``."""
    from generator.content.loader import load_campaign
    from generator.replay import replay

    from replay_helpers import make_campaign

    loc = ("---\nname: Lonely Tor\nhex: \"0503\"\nvisibility: visible\nvisible_from: 1\n"
           "---\nA crag.\n")
    lost = [{"travel": {"heading": "N"}, "rolls": {"navigation": 2, "veer": 9,
                                                   "realise": [2, 3]}},
            {"travel": {"heading": "N"}, "rolls": {"realise": [2, 3]}}]
    root = make_campaign(tmp_path / name, locations={"tor": loc},
                         sessions=[{"log": lost}, {"log": more}])
    campaign, _ = load_campaign(root)
    assert campaign is not None
    chronicle, _ = replay(campaign)
    return campaign, chronicle


def _hexes_of(track: tuple[tuple[object, ...], ...]) -> set[object]:
    return {h for line in track for h in line}


def test_after_reanchoring_the_players_map_shows_the_true_stretch_not_the_old_belief(
        tmp_path: Path) -> None:
    """While lost and unaware the players' overview follows their belief; once they find
    their bearings (a landmark watch) it follows where they truly walked, and the old belief
    is gone from it, while the session page's route map still shows what they believed."""
    campaign, chronicle = _lost_then(tmp_path, "still-lost", [{"rest": {}}])
    view = players_view(campaign, chronicle)
    gm = gm_view(campaign, chronicle)
    first = view.sessions[0]
    assert chronicle.sessions[-1].end.lost
    assert first.known_track == first.believed_track != gm.sessions[0].true_track

    campaign, chronicle = _lost_then(tmp_path, "found", [{"travel": {"landmark": "tor"}}])
    view = players_view(campaign, chronicle)
    gm = gm_view(campaign, chronicle)
    assert not chronicle.sessions[-1].end.lost
    first = view.sessions[0]
    believed_only = _hexes_of(first.believed_track) - _hexes_of(gm.sessions[0].true_track)
    assert believed_only, "the belief should have strayed from the true route"
    assert first.known_track == gm.sessions[0].true_track
    root = parse(overview_map(view, debug=True))
    drawn = [(float(x), float(y)) for p in root.iter(f"{SVG}polyline")
             if p.get("class") == "tr tr-known"
             for x, y in (pt.split(",") for pt in p.get("points", "").split())]
    assert drawn, "no route on the players' overview"
    believed_points = {centre(campaign, campaign.grid.label(h)) for h in believed_only}
    assert not believed_points & set(drawn), "the old belief is still drawn"
    route = session_map(view, first, debug=True)
    assert route is not None
    believed_lines = [p for p in parse(route).iter(f"{SVG}polyline")
                      if p.get("class") == "tr tr-believed"]
    assert believed_lines, "the session's own map no longer shows what they believed then"


def test_the_players_map_is_framed_round_what_they_know(campaign: Campaign) -> None:
    """Cropped to what the party knows plus a margin, but never to fewer than a few hexes
    (three known hexes are not blown up to a page's width); fog reaches past the frame."""
    view = players_view(campaign, secret_chronicle())
    root = parse(overview_map(view, debug=True))
    x, y, w, h = (float(v) for v in root.get("viewBox", "").split())
    whole = parse(overview_map(gm_view(campaign, secret_chronicle()),
                               debug=True)).get("viewBox", "")
    assert w >= 9 * 1.5 * SIZE - 0.1 and h >= 6 * 3 ** 0.5 * SIZE - 0.1
    assert w < float(whole.split()[2]) + 1e-6 or h < float(whole.split()[3])
    fog = [r for r in root.iter(f"{SVG}rect") if "fog" in (r.get("fill") or "")]
    assert len(fog) == 1
    assert float(fog[0].get("x", 0)) < x and float(fog[0].get("width", 0)) > 2 * w
    assert any(p.get("class") == "known-edge" for p in root.iter(f"{SVG}path"))


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("grid_lines", [True, False])
def test_each_hex_shows_its_symbol_undistorted_at_its_centre(
        tmp_path: Path, orientation: str, grid_lines: bool) -> None:
    """A hex is a path in lattice units filled with a pattern over its own box: the pattern
    (stretched to the box) and the layer's scale together must draw the terrain symbol at
    SVG scale 1, centred on the hex, in both orientations."""
    root_dir = write_campaign(tmp_path / orientation, files={
        "hexes/map.yaml": None, "paths.yaml": None, "sessions/01.yaml": None,
        "locations/thornfold-mill.md": None},
                              campaign_overrides={"map": {"orientation": orientation,
                                                          "columns": 8, "rows": 6},
                                                  "default_terrain": "plains"})
    (root_dir / "hexes").mkdir(exist_ok=True)
    (root_dir / "hexes" / "map.yaml").write_text(
        '"0202": {terrain: forest}\n"0203": {terrain: hills}\n', encoding="utf-8")
    campaign, diags = load(root_dir)
    assert campaign is not None, [d.format() for d in diags.items]
    view = gm_view(campaign, Chronicle("x"))
    # (the GM's map always has the grid; a players' map has it with ``map.player_grid``)
    view = dataclasses.replace(view, site=dataclasses.replace(view.site, show_grid=grid_lines))
    root = parse(overview_map(view, debug=True))
    layer = group(root, "hexes")
    assert layer is not None
    sx, sy, tx, ty = transform_of(layer)
    assert (tx, ty) == (0, 0)
    patterns = {p.get("id"): p for p in root.iter(f"{SVG}pattern")}
    style = "".join(e.text or "" for e in root.iter(f"{SVG}style"))
    expected = sorted((round(x, 1), round(y, 1)) for x, y in
                      (campaign.grid.pixel(h, SIZE) for h in campaign.grid.all_hexes()))
    assert sorted(hex_positions(root)) == expected

    def walk(element: ET.Element, cls: str) -> list[tuple[ET.Element, str]]:
        out: list[tuple[ET.Element, str]] = []
        for child in element:
            own = child.get("class") or cls
            if child.tag == f"{SVG}path":
                out.append((child, own))
            out += walk(child, own)
        return out

    hexes = walk(layer, "")
    assert len(hexes) == len(expected)
    for path, sid in hexes:
        assert f".{sid}{{fill:url(#{sid}f)" in style
        pattern = patterns[sid + "f"]
        # the content in fractions of the hex's box, taken onto it by one matrix (librsvg
        # would keep the aspect ratio of a stretched viewBox)
        assert pattern.get("patternContentUnits") == "objectBoundingBox"
        assert pattern.get("patternUnits") in (None, "objectBoundingBox")
        assert (pattern.get("width"), pattern.get("height")) == ("1", "1")
        (onto,) = pattern
        a, _, _, d, e, f = map(float, re.findall(r"-?[\d.]+", onto.get("transform", "")))
        inside = [onto] if onto.tag == f"{SVG}use" else list(onto)
        vw, vh, vx, vy = 1 / a, 1 / d, -e / a, -f / d
        points = path_points(path.get("d", ""))
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        bw, bh = max(xs) - min(xs), max(ys) - min(ys)
        # SVG units per symbol unit, each way: 1 (the symbol is drawn as designed)
        assert sx * bw / vw == pytest.approx(1, abs=2e-3)
        assert sy * bh / vh == pytest.approx(1, abs=2e-3)
        # the symbol's origin lands on the hex's centre (in lattice units, before the
        # column's translate: the box's centre)
        assert min(xs) - vx * bw / vw == pytest.approx((min(xs) + max(xs)) / 2, abs=1e-3)
        assert min(ys) - vy * bh / vh == pytest.approx((min(ys) + max(ys)) / 2, abs=1e-3)
        symbol = inside[0]
        assert symbol.tag == f"{SVG}use" and symbol.get(XLINK) == "#" + sid
        assert [e.get("class") for e in inside[1:]] == (["grid"] if grid_lines else [])


def test_typed_text_in_the_hexes_layer_is_escaped(tmp_path: Path) -> None:
    """The hexes and labels layers, the map's largest, escape what a GM typed: a hex name
    with markup, an ampersand, quotes and Jinja, and a link with the same, show as typed
    (the SVG parses; no element or attribute comes from them)."""
    name = "Tom & Jerry's <Inn> \"quoted\" {{ 7*7 }} {% if %} ]]> <!-- x -->"
    root_dir = write_campaign(tmp_path / "c", files={
        "hexes/map.yaml": None, "paths.yaml": None, "sessions/01.yaml": None,
        "locations/thornfold-mill.md": None},
        campaign_overrides={"map": {"columns": 8, "rows": 6}, "default_terrain": "plains"})
    (root_dir / "hexes").mkdir(exist_ok=True)
    (root_dir / "hexes" / "map.yaml").write_text(
        "\"0202\": {terrain: forest, name: " + '"' + name.replace('"', '\\"') + '"}\n',
        encoding="utf-8")
    campaign, diags = load(root_dir)
    assert campaign is not None, [d.format() for d in diags.items]
    href = "../x/?a=1&b=\"2\"<3>'4'#hex-"
    svg = overview_map(gm_view(campaign, Chronicle("x")),
                       MapLinks(hex=lambda label: href + label), debug=True)
    root = parse(svg)
    layer = group(root, "hexes")
    assert layer is not None
    titles = ["".join(t.itertext()) for t in layer.iter(f"{SVG}title")]
    assert len(titles) == 1 and titles[0].startswith(name + " · "), titles
    links = [a.get(XLINK) for a in layer.iter(f"{SVG}a")]
    assert len(links) == 48 and href + "0202" in links
    # nothing but the map's own elements, and no attribute a GM typed
    tags = {e.tag.split("}")[1] for e in layer.iter()}
    assert tags == {"g", "a", "path", "title"}, tags
    assert {k for e in layer.iter() for k in e.attrib} <= {"class", "transform", "d", XLINK,
                                                                  "tabindex"}
    labels = group(root, "labels")
    assert labels is not None
    assert sorted("".join(t.itertext()) for t in labels.iter(f"{SVG}text")) == sorted(
        campaign.grid.label(h) for h in campaign.grid.all_hexes())


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_the_hex_index_finds_what_a_scan_finds(tmp_path: Path, orientation: str) -> None:
    """Route maps take the hexes inside their box from an index of the view's hexes: the
    same hexes, in the same order, as testing every hex."""
    import random

    from generator.render.maps.lattice import Canvas, HexIndex

    root_dir = write_campaign(tmp_path / orientation, files={
        "hexes/map.yaml": None, "paths.yaml": None, "sessions/01.yaml": None,
        "locations/thornfold-mill.md": None},
        campaign_overrides={"map": {"orientation": orientation, "columns": 23, "rows": 17},
                            "default_terrain": "plains"})
    campaign, diags = load(root_dir)
    assert campaign is not None, [d.format() for d in diags.items]
    view = gm_view(campaign, Chronicle("x"))
    everything = list(view.hexes)
    rng = random.Random(7)
    index = HexIndex(campaign.grid, view.hexes)
    hexes = [info.hex for info in view.hexes.values()]
    for _ in range(200):
        some = rng.sample(hexes, rng.randint(1, 6))
        canvas = Canvas(campaign.grid, some, SIZE * rng.choice([0, 1.1, 2.2, 7]))
        expected = [label for label in everything if canvas.inside(view.hexes[label].hex)]
        assert index.within(canvas) == expected
    whole = Canvas(campaign.grid, hexes, SIZE)
    assert index.within(whole) == everything


def test_a_layout_cache_places_each_overview_once_and_draws_what_a_fresh_placement_draws(
        campaign: Campaign) -> None:
    """An overview drawn again with the same ``LayoutCache`` takes its placement from it:
    the same map, and no placement made again; another view (the players') is placed anew
    and kept beside it."""
    from generator.render.maps import LayoutCache

    view = gm_view(campaign, secret_chronicle())
    cache = LayoutCache()
    first = overview_map(view, layouts=cache, debug=True)
    assert first == overview_map(view, debug=True)
    (kept,) = cache.layouts.values()
    assert overview_map(gm_view(campaign, secret_chronicle()), layouts=cache, debug=True) == first
    assert list(cache.layouts.values()) == [kept] and next(iter(cache.layouts.values())) is kept
    players = players_view(campaign, secret_chronicle())
    assert overview_map(players, layouts=cache, debug=True) == overview_map(players, debug=True)
    assert len(cache.layouts) == 2


def test_route_maps_drawn_with_a_view_index_are_those_drawn_without(campaign: Campaign) -> None:
    """The session pages share one ``ViewIndex`` of the view: their maps are the maps each
    draws on its own."""
    from generator.render.maps import ViewIndex, explored_map

    for view in (gm_view(campaign, secret_chronicle()),
                 players_view(campaign, secret_chronicle())):
        index = ViewIndex(view)
        for session in view.sessions:
            assert session_map(view, session, index=index, debug=True) == session_map(
                view, session, debug=True)
            if isinstance(view, GMView):
                assert explored_map(view, session, index=index, debug=True) == explored_map(  # type: ignore[arg-type]
                    view, session, debug=True)  # type: ignore[arg-type]


def test_a_rebuild_with_a_page_memo_takes_the_overviews_placement_from_it(
        campaign: Campaign, monkeypatch: pytest.MonkeyPatch) -> None:
    """Under ``hexcrawl serve`` the docs are rendered with a page memo: the overview drawn
    again (here: new inputs) takes its placement from the ``LayoutCache`` kept there."""
    from generator.render.maps import layout
    from generator.render.pages import render_docs
    from generator.serve.memo import PageMemo

    monkeypatch.setenv("HEXCRAWL_JOBS", "1")
    found: list[bool] = []
    real = layout.LayoutCache.get

    def get(cache: layout.LayoutCache, key: object) -> layout.Layout | None:
        kept = real(cache, key)  # type: ignore[arg-type]
        found.append(kept is not None)
        return kept

    monkeypatch.setattr(layout.LayoutCache, "get", get)
    view = gm_view(campaign, secret_chronicle())
    memo = PageMemo()
    trees = []
    for _ in range(2):
        memo.begin("templates")
        trees.append(render_docs(view, cache=memo, inputs=object()))
    assert found == [False, True]
    assert trees[0].files["maps/overview.svg"] == trees[1].files["maps/overview.svg"]
