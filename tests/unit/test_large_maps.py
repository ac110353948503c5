"""Maps of ``TILED_HEXES`` hexes or more (render/maps/): the terrain as one outline per
terrain drawing, filled with a pattern tiled on the hex lattice; the links in a layer of
their own, one unpainted path per hex; the overview's labels by level of detail, and the map
page's copy with its links and labels held aside (``maps.overview_page``).

The tests draw small campaigns with the threshold lowered (``TILED_HEXES``), and check each
structure against what it must show: each hex of the drawing it shows when filled on its
own, exactly over its hex; a tile that repeats with the lattice; every hex linked once."""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from map_helpers import hex_layer, transform_of
from secret_campaign import load_secret_campaign, secret_chronicle

from generator.content.campaign import Campaign
from generator.hexgrid import Hex
from generator.knowledge import gm_view, players_view
from generator.render import maps
from generator.render.maps import SIZE, MapLinks, overview_map
from generator.render.maps import terrain as terrain_defs
from generator.render.maps.lattice import outline
from generator.rules.chronicle import Chronicle

from campaign_factory import load, write_campaign

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"


@pytest.fixture
def tiled(monkeypatch: pytest.MonkeyPatch) -> None:
    """Draw every map as a large one."""
    monkeypatch.setattr(terrain_defs, "TILED_HEXES", 1)


def group(root: ET.Element, cls: str) -> ET.Element | None:
    for g in root.iter(f"{SVG}g"):
        if g.get("class", "").split()[:1] == [cls]:
            return g
    return None


def loops(d: str) -> list[list[tuple[float, float]]]:
    """The closed loops of path data written with M, m, l, h, v and z (after z the pen is
    back at the loop's start, where a following m moves from)."""
    tokens = re.findall(r"[MmlhvzZ]|-?\d*\.?\d+", d)
    out: list[list[tuple[float, float]]] = []
    x = y = 0.0
    start = (0.0, 0.0)
    command = ""
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.isalpha():
            command = token
            i += 1
            if command in "zZ":
                x, y = start
            continue
        if command in "Mm":
            dx, dy = float(token), float(tokens[i + 1])
            x, y = (dx, dy) if command == "M" else (x + dx, y + dy)
            start = (x, y)
            out.append([start])
            i += 2
            command = "l"
            continue
        if command == "l":
            x, y = x + float(token), y + float(tokens[i + 1])
            i += 2
        elif command == "h":
            x += float(token)
            i += 1
        elif command == "v":
            y += float(token)
            i += 1
        out[-1].append((x, y))
    return out


def winding(point: tuple[float, float], loop: list[tuple[float, float]]) -> int:
    px, py = point
    n = 0
    for (ax, ay), (bx, by) in zip(loop, loop[1:] + loop[:1], strict=True):
        cross = (bx - ax) * (py - ay) - (px - ax) * (by - ay)
        if ay <= py < by and cross > 0:
            n += 1
        elif by <= py < ay and cross < 0:
            n -= 1
    return n


def inside(point: tuple[float, float], d: str) -> bool:
    """Whether the nonzero fill of path data ``d`` covers ``point``."""
    return sum(winding(point, loop) for loop in loops(d)) != 0


def drawn_at(terrain: ET.Element, point: tuple[float, float]) -> str | None:
    """The class (terrain drawing) of the last terrain path that covers ``point``, a point in
    SVG units (the layer is in lattice units)."""
    sx, sy, _, _ = transform_of(terrain)
    local = (point[0] / sx, point[1] / sy)
    found = None
    for path in terrain.iter(f"{SVG}path"):
        if inside(local, path.get("d", "")):
            found = path.get("class")
    return found


def campaign_of(tmp_path: Path, orientation: str) -> Campaign:
    root_dir = write_campaign(tmp_path / orientation, files={
        "hexes/map.yaml": None, "paths.yaml": None, "sessions/01.yaml": None,
        "locations/thornfold-mill.md": None},
                              campaign_overrides={"map": {"orientation": orientation,
                                                          "columns": 8, "rows": 6},
                                                  "default_terrain": "plains"})
    (root_dir / "hexes").mkdir(exist_ok=True)
    (root_dir / "hexes" / "map.yaml").write_text(
        '"0202": {terrain: forest}\n"0203": {terrain: hills}\n"0303": {terrain: forest}\n'
        '"0304": {terrain: forest, density: dense}\n"0505": {terrain: hills}\n'
        '"0605": {terrain: hills}\n"0606": {terrain: hills}\n', encoding="utf-8")
    campaign, diags = load(root_dir)
    assert campaign is not None, [d.format() for d in diags.items]
    return campaign


def filled_drawings(svg: str) -> dict[tuple[float, float], str]:
    """Each hex's drawing on a small map (each hex's own path, of the drawing's class or in
    its group): hex centre -> class."""
    layer = group(ET.fromstring(svg), "hexes")
    assert layer is not None

    def walk(element: ET.Element, cls: str) -> dict[ET.Element, str]:
        out: dict[ET.Element, str] = {}
        for child in element:
            own = child.get("class") or cls
            if child.tag == f"{SVG}path":
                out[child] = own
            out.update(walk(child, own))
        return out

    classes = walk(layer, "")
    return {(round(x, 1), round(y, 1)): classes[path] for path, x, y in hex_layer(layer)}


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("grid_lines", [True, False])
def test_the_terrain_layer_draws_each_hex_exactly_as_filled_on_its_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, orientation: str,
        grid_lines: bool) -> None:
    """Each hex of a large map is covered, over its whole area and nowhere beyond, by the
    outline of its terrain drawing: the drawing a small map fills that hex with."""
    campaign = campaign_of(tmp_path, orientation)
    view = gm_view(campaign, Chronicle("x"))
    view = dataclasses.replace(view, site=dataclasses.replace(view.site, show_grid=grid_lines))
    expected = filled_drawings(overview_map(view, debug=True))
    monkeypatch.setattr(terrain_defs, "TILED_HEXES", 1)
    root = ET.fromstring(overview_map(view, debug=True))
    terrain = group(root, "terrain")
    assert terrain is not None
    assert len(list(terrain.iter(f"{SVG}path"))) == len(set(expected.values()))
    grid = campaign.grid
    assert len(expected) == len(grid.all_hexes())
    for h in grid.all_hexes():
        cx, cy = grid.pixel(h, SIZE)
        want = expected[(round(cx, 1), round(cy, 1))]
        assert drawn_at(terrain, (cx, cy)) == want, grid.label(h)
        # just inside each corner: still this hex's drawing; just beyond the map's edge and
        # between corners outside the hex: a neighbour's, or none past the map's edge
        for x, y in grid.corners(h, SIZE):
            assert drawn_at(terrain, (cx + 0.95 * (x - cx), cy + 0.95 * (y - cy))) == want
    # a point off the map (beyond the first hex's outer corner) is drawn by no terrain
    first = min(grid.all_hexes(), key=lambda h: grid.pixel(h, SIZE))
    fx, fy = grid.pixel(first, SIZE)
    assert drawn_at(terrain, (fx - 1.2 * SIZE, fy)) is None


def test_the_players_terrain_layer_covers_only_explored_hexes(tmp_path: Path,
                                                              tiled: None) -> None:
    campaign = load_secret_campaign(tmp_path / "c")
    view = players_view(campaign, secret_chronicle())
    root = ET.fromstring(overview_map(view, debug=True))
    terrain = group(root, "terrain")
    assert terrain is not None
    grid = campaign.grid
    explored = {info.hex for info in view.hexes.values()}
    assert explored
    for h in grid.all_hexes():
        drawn = drawn_at(terrain, grid.pixel(h, SIZE))
        assert (drawn is not None) == (h in explored), grid.label(h)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("grid_lines", [True, False])
def test_a_terrain_pattern_is_one_tile_of_the_lattice(tmp_path: Path, tiled: None,
                                                      orientation: str,
                                                      grid_lines: bool) -> None:
    """A terrain's pattern repeats with the lattice: the tile, in the terrain layer's own
    units, maps its box onto SVG units one to one (the symbol drawn as designed), and
    places the drawing's cell (the symbol and the grid line, clipped to its hex) at the
    centre of every hex that reaches into it, and nowhere else."""
    campaign = campaign_of(tmp_path, orientation)
    view = gm_view(campaign, Chronicle("x"))
    view = dataclasses.replace(view, site=dataclasses.replace(view.site, show_grid=grid_lines))
    root = ET.fromstring(overview_map(view, debug=True))
    terrain = group(root, "terrain")
    assert terrain is not None
    sx, sy, tx, ty = transform_of(terrain)
    assert (tx, ty) == (0, 0)
    ids = {e.get("id"): e for e in root.iter() if e.get("id")}
    clip = ids["m-hc"]
    assert clip.tag == f"{SVG}clipPath"
    grid = campaign.grid
    hex_box = grid.bounds([Hex(0, 0)], SIZE)
    assert hex_box is not None
    for path in terrain.iter(f"{SVG}path"):
        sid = path.get("class", "")
        pattern = ids[sid + "f"]
        assert pattern.get("patternUnits") == "userSpaceOnUse"
        assert pattern.get("preserveAspectRatio") == "none"
        x, y = float(pattern.get("x", 0)), float(pattern.get("y", 0))
        w, h = float(pattern.get("width", 0)), float(pattern.get("height", 0))
        vx, vy, vw, vh = map(float, (pattern.get("viewBox") or "").split())
        # one to one: SVG units per symbol unit
        assert sx * w / vw == pytest.approx(1, abs=1e-4)
        assert sy * h / vh == pytest.approx(1, abs=1e-4)
        assert (vx, vy) == (pytest.approx(x * sx, abs=1e-3), pytest.approx(y * sy, abs=1e-3))
        # the tile is a period of the lattice: every hex centre, moved by it, is one
        exact = [grid.pixel(Hex(q, r), SIZE) for q in range(-12, 13) for r in range(-12, 13)]
        centres = {(round(px, 2), round(py, 2)) for px, py in exact}
        for px, py in centres:
            if abs(px) < 60 and abs(py) < 60:
                assert (round(px + vw, 2), round(py, 2)) in centres
                assert (round(px, 2), round(py + vh, 2)) in centres
        # the cells: at the centre of each hex reaching into the tile
        e = 1e-3
        want = sorted((round(px, 2), round(py, 2)) for px, py in exact
                      if px + hex_box[2] > vx + e and px + hex_box[0] < vx + vw - e
                      and py + hex_box[3] > vy + e and py + hex_box[1] < vy + vh - e)
        got = sorted((round(float(u.get("x", 0)), 2), round(float(u.get("y", 0)), 2))
                     for u in pattern)
        assert got == want
        assert all(u.get(XLINK) == f"#{sid}c" for u in pattern)
        cell = ids[sid + "c"]
        assert cell.get("clip-path") == "url(#m-hc)"
        assert [u.get(XLINK) for u in cell] == [f"#{sid}"] + (["#m-g"] if grid_lines else [])


def test_every_hex_of_a_large_map_has_one_link_over_its_hex(campaign: Campaign,
                                                            tiled: None) -> None:
    links = MapLinks(hex=lambda label: f"../hex-key/#hex-{label}")
    root = ET.fromstring(overview_map(gm_view(campaign, Chronicle("x")), links, debug=True))
    layer = group(root, "hexes")
    assert layer is not None and "links" in layer.get("class", "").split()
    parents = {child: parent for parent in layer.iter() for child in parent}
    found: dict[str, tuple[float, float]] = {}
    for path, x, y in hex_layer(layer):
        a = parents[path]
        assert a.tag == f"{SVG}a"
        label = (a.get(XLINK) or "").rsplit("-", 1)[1]
        assert label not in found
        found[label] = (round(x, 1), round(y, 1))
    grid = campaign.grid
    assert found == {grid.label(h): tuple(round(v, 1) for v in grid.pixel(h, SIZE))
                     for h in grid.all_hexes()}


@pytest.fixture
def campaign(tmp_path: Path) -> Campaign:
    return load_secret_campaign(tmp_path / "c")


def test_a_large_overview_shows_its_labels_by_level_of_detail(campaign: Campaign,
                                                              tiled: None) -> None:
    view = gm_view(campaign, secret_chronicle())
    root = ET.fromstring(overview_map(view, debug=True))
    assert "lod" in root.get("class", "").split()
    assert root.get("data-lod") == str(maps.COORD_SIZE)
    labels = group(root, "labels")
    assert labels is not None and len(list(labels.iter(f"{SVG}text"))) > 0
    # a session's map is not an overview: always its labels
    session = view.sessions[0]
    route = maps.session_map(view, session, debug=True)
    assert route is not None
    assert "lod" not in ET.fromstring(route).get("class", "").split()


def test_the_map_page_holds_a_large_overviews_links_and_labels_aside(
        tmp_path: Path, tiled: None) -> None:
    """``overview_page``: the overview's file as ``overview_map`` draws it, and the map
    page's copy: the map with empty ``.hexes`` and ``.labels`` layers, each layer an SVG of
    its own with the map's box; put back, they give the map again, element for element
    and attribute for attribute. Typed text stays escaped in them (nothing could close the
    ``<noscript>`` they go in)."""
    name = "</noscript><script>alert(1)</script> & \"Tom's\" {{ 7*7 }}"
    campaign = load_secret_campaign(tmp_path / "c", files={
        "hexes/extra.yaml": f'"0101": {{terrain: plains, name: {yaml_quote(name)}}}\n'})
    view = gm_view(campaign, Chronicle("x"))
    links = MapLinks(hex=lambda label: f"../hex-key/#hex-{label}")
    svg, embedded = maps.overview_page(view, links, None, debug=True)
    assert svg == overview_map(view, links, debug=True)
    assert name not in svg
    assert [n for n, _ in embedded.layers] == ["hexes", "labels"]
    root = ET.fromstring(embedded.map)
    for cls in ("hexes", "labels"):
        g = group(root, cls)
        assert g is not None and len(g) == 0
    for cls, layer in embedded.layers:
        assert "</noscript" not in layer.lower() and "<script" not in layer.lower()
        layer_root = ET.fromstring(layer)
        for box in ("viewBox", "width", "height"):
            assert layer_root.get(box) == root.get(box)
        assert layer_root.get("class", "").split() == ["hexmap-svg", "hexmap-layer"]
        assert layer_root.get("aria-hidden") == ("true" if cls == "labels" else None)
        assert 'xmlns:xlink="http://www.w3.org/1999/xlink"' in layer[:layer.index(">")]
        [held] = list(layer_root)
        place = group(root, cls)
        assert place is not None and held.attrib == place.attrib
        place.extend(held)
        if cls == "hexes":
            titles = [t.text for t in layer_root.iter(f"{SVG}title")]
            assert any(t and t.startswith(name) for t in titles), titles
    assert elements(root) == elements(ET.fromstring(svg))


def elements(root: ET.Element) -> list[tuple[str, dict[str, str], str, str, int]]:
    """A tree element by element in document order, each with its attributes, its text,
    the text after it and its number of children (which together give the tree)."""
    return [(e.tag, dict(e.attrib), e.text or "", e.tail or "", len(e)) for e in root.iter()]


def test_a_small_overview_is_embedded_whole(campaign: Campaign) -> None:
    view = gm_view(campaign, Chronicle("x"))
    small = overview_map(view, debug=True)
    assert "lod" not in ET.fromstring(small).get("class", "").split()
    assert maps.overview_page(view, MapLinks(), None, debug=True) == (
        small, maps.Deferred(small, ()))


def yaml_quote(text: str) -> str:
    """A YAML double-quoted scalar."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def test_the_terrain_outline_of_a_ring_leaves_its_hole_empty(tiled: None) -> None:
    """Hexes round an unexplored one: the outline winds the other way round the hole."""
    from generator.hexgrid import Grid
    grid = Grid(5, 5)
    middle = grid.parse("0303")
    ring = [maps.lattice(grid, n) for _, n in grid.neighbors(middle)]
    d = outline(grid, ring)
    assert not inside(maps.lattice(grid, middle), d)
    for at in ring:
        assert inside(at, d)
    assert len(loops(d)) == 2
