"""The indexes the replay and the views use for speed give what the plain scans gave.

Each test compares an index (built once per campaign or per replay) with the scan it
replaced, on random maps and locations, so a change to either side shows up here.
"""

from __future__ import annotations

import dataclasses
import os
import random
from fractions import Fraction
from pathlib import Path

import nh3
import pytest

from generator.content.campaign import Campaign, Region
from generator.content.loader import _Loader, load_campaign
from generator.content.markdown import (
    MarkdownRenderer,
    _policy,
    _reserialise,
    sanitise,
    strip_gm,
)
from generator.hexgrid import Grid, Hex, distance
from generator.rules import tables as T
from generator.rules.state import Places
from generator.rules.travel import path_between


@pytest.mark.parametrize(("columns", "rows", "orientation"),
                         [(12, 9, "flat"), (120, 7, "flat"), (9, 105, "pointy")])
def test_all_hexes_come_in_label_order(columns: int, rows: int, orientation: str) -> None:
    grid = Grid(columns, rows, orientation)  # type: ignore[arg-type]
    every = grid.all_hexes()
    assert every == sorted(every, key=grid.label)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_neighbours_and_centre_distances_as_before(orientation: str) -> None:
    grid = Grid(20, 20, orientation)  # type: ignore[arg-type]
    dirs = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)) if orientation == "flat" \
        else ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
    h = Hex(3, 4)
    for face, (dq, dr) in zip(grid.faces, dirs, strict=True):
        assert grid.neighbor(h, face) == Hex(3 + dq, 4 + dr)
    with pytest.raises(ValueError):
        grid.direction("X")
    rng = random.Random(5)
    for _ in range(200):
        a = Hex(rng.randint(-9, 9), rng.randint(-9, 9))
        b = Hex(rng.randint(-9, 9), rng.randint(-9, 9))
        dq, dr = a.q - b.q, a.r - b.r
        exact = (Fraction(9, 4) * dq * dq + 3 * (Fraction(dr) + Fraction(dq, 2)) ** 2
                 if orientation == "flat"
                 else 3 * (Fraction(dq) + Fraction(dr, 2)) ** 2 + Fraction(9, 4) * dr * dr)
        assert grid.centre_sq_distance(a, b) == exact
        assert grid.centre_sq_distance4(a, b) == 4 * exact


# -- the campaign's and the replay's indexes, against the scans they replaced -------------

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def example() -> Campaign:
    campaign, diags = load_campaign(ROOT / "content")
    assert not diags.has_errors()
    return campaign


def _scan_path_between(campaign: Campaign, a: Hex, b: Hex) -> tuple[str | None, str | None]:
    best: tuple[int, str, str] | None = None
    for pid, path in campaign.paths.items():
        if T.PATH_SPEED_COLUMN[path.kind] is None:
            continue
        hs = path.hexes
        if any((hs[i] == a and hs[i + 1] == b) or (hs[i] == b and hs[i + 1] == a)
               for i in range(len(hs) - 1)):
            key = (T.PATH_PRECEDENCE[path.kind], pid, path.kind)
            if best is None or key < best:
                best = key
    return (best[2], best[1]) if best else (None, None)


def test_path_between_as_the_scan(example: Campaign) -> None:
    grid = example.grid
    pairs = {(a, b) for p in example.paths.values() for a, b in zip(p.hexes, p.hexes[1:],
                                                                     strict=False)}
    pairs |= {(h, n) for h in grid.all_hexes()[:60] for _, n in grid.neighbors(h)}
    assert pairs
    for a, b in sorted(pairs):
        for x, y in ((a, b), (b, a)):
            assert path_between(example, x, y) == _scan_path_between(example, x, y)


def test_region_of_as_the_scan(example: Campaign) -> None:
    def scan(h: Hex) -> Region | None:
        info = example.hexes.get(h)
        if info and info.region:
            return example.regions.get(info.region)
        for region in example.regions.values():
            if h in region.hexes:
                return region
        return None

    hexes = set(example.grid.all_hexes()) | {h for r in example.regions.values()
                                             for h in r.hexes}
    assert example.regions
    for h in sorted(hexes):
        assert example.region_of(h) is scan(h)


def _located(campaign: Campaign, rng: random.Random, n: int, reach: int) -> Campaign:
    """``campaign`` with ``n`` visible locations at random hexes (some off the map's
    corner), seen from 0 to ``reach`` hexes away."""
    first = next(iter(campaign.locations.values()))
    locations = {}
    for i in range(n):
        h = Hex(rng.randint(-5, 40), rng.randint(-25, 30))
        locations[f"z{i:03d}"] = dataclasses.replace(
            first, id=f"z{i:03d}", hex=h, visibility=rng.choice(["visible", "hidden"]),
            visible_from=rng.randint(-1, reach))
    return dataclasses.replace(campaign, locations=locations)


@pytest.mark.parametrize("reach", [0, 3, 20])
def test_seen_from_as_the_scan(example: Campaign, reach: int) -> None:
    rng = random.Random(reach)
    campaign = _located(example, rng, 150, reach)
    places = Places.of(campaign)
    visible = [loc for loc in campaign.locations.values() if loc.visibility == "visible"]
    for _ in range(400):
        h = Hex(rng.randint(-30, 60), rng.randint(-50, 50))
        expected = [loc for loc in visible if distance(h, loc.hex) <= loc.visible_from]
        assert places.seen_from(h) == expected
        assert places.seen_from(h) == expected  # and again, from the memo


def test_has_gm_as_both_renderings(example: Campaign) -> None:
    md = MarkdownRenderer()
    texts = [loc.body for loc in example.locations.values()]
    texts += ["plain", "!!! gm\n    secret", "a <!-- b", "`<!--` in code", "", "x\n\n<!--",
              "<div class=\"gm\"></div>", "![i](a.png){: .gm }", "a &lt;!-- b",
              "!!! note\n    !!! gm\n        deep\n\n    after", "<p>a<div>b <!-- c</div>d",
              "!!! gm\n    x\n\ntail <!-- cut\n\n!!! gm\n    y"]
    for text in texts:
        fragment = md.html(text)
        assert md.has_gm(text) == (strip_gm(fragment) != _reserialise(fragment)), text
        assert MarkdownRenderer().has_gm(text) == md.has_gm(text)  # with no prose made first
        fresh = MarkdownRenderer()
        players = fresh.prose(text, "players")
        assert players is not None and players.html == strip_gm(fragment)
        assert fresh.has_gm(text) == md.has_gm(text)


def test_loader_realpath_as_os_realpath(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "camp"
    (root / "locations" / "deep").mkdir(parents=True)
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "x.md").write_text("x", "utf-8")
    (root / "locations" / "a.md").write_text("a", "utf-8")
    (root / "locations" / "link.md").symlink_to(tmp_path / "elsewhere" / "x.md")
    (root / "locations" / "rel.md").symlink_to("a.md")
    (root / "tables").symlink_to(tmp_path / "elsewhere")
    loader = _Loader(root)
    monkeypatch.chdir(tmp_path)
    paths = [root / "locations" / name for name in ("a.md", "link.md", "rel.md", "none.md")]
    paths += [root / "tables" / "x.md", root / "locations" / "deep" / ".." / "a.md",
              Path("camp/locations/a.md"), Path("camp/tables/x.md"), Path("camp"),
              root / "locations" / "..", Path("a.md")]
    for path in paths * 2:  # the second time from the folders already resolved
        assert loader.realpath(path) == os.path.realpath(path), path


def test_sanitise_as_nh3_clean(example: Campaign) -> None:
    md = MarkdownRenderer()
    fragments = ['<p><a href="x.md" onclick="evil()">a</a><script>bad()</script></p>',
                 '<table><tr><td style="text-align: right; color: red">1</td>'
                 '<th style="text-align:center">2</th></tr></table>',
                 '<p style="text-align: left">p</p><!-- note --><img src="javascript:x">',
                 '<div class="gm admonition"><p>s</p></div><iframe src="y"></iframe>',
                 '<a href="https://e.org" rel="x" title="t">e</a><details><summary>s</summary>'
                 '</details>']
    fragments += [md._md.reset().convert(loc.body) for loc in example.locations.values()]
    for fragment in fragments:
        assert sanitise(fragment) == nh3.clean(fragment, **_policy()), fragment
