"""Label geometry on real maps: the example campaign (content/, both audiences) and three
Text Mapper maps imported as a GM would import them (tests/data: the example's map, a coast
and a crowded fen march, with named hexes, villages, a tower on the map's edge, rivers).

On each overview, read back from the SVG with the width estimate the placement uses:
- every location's name names its own hex: the middle of the name lies in the icon's hex,
  or it starts right beside the icon, or it lies in a neighbouring hex with a leader line
  from the icon to the name;
- every hex name lies inside a hex of that name;
- no two names overlap, no name covers a hex label (CCRR), an icon or the party marker,
  and no party marker covers a hex label: every hex keeps its number.
"""

from __future__ import annotations

import itertools
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.content.campaign import Campaign
from generator.content.loader import load_campaign
from generator.hexgrid import Hex
from generator.interop import textmapper as tm
from generator.knowledge import gm_view, players_view
from generator.render.maps import (
    COORD_SIZE,
    HEX_NAME_SIZES,
    ICON_RADIUS,
    NAME_SIZES,
    PARTY_RADIUS,
    SIZE,
    MapLinks,
    View,
    overview_map,
)
from generator.render.maps import labels as L
from generator.replay import replay
from generator.rules.tables import TERRAIN

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parents[1] / "data"
SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
TEXT_MAPPER_MAPS = ("sallow-reach", "pterosaur-coast", "bone-fens")


def imported(name: str, into: Path) -> Campaign:
    """A Text Mapper map imported into a new campaign, as ``hexcrawl import`` does it."""
    source = DATA / f"{name}.txt"
    text = source.read_text(encoding="utf-8")
    result = tm.convert(tm.parse(text), tm.Mapping(), set(TERRAIN))
    tm.write_files(tm.planned_files(result, into, source, text), False, into)
    campaign, diags = load_campaign(into)
    assert campaign is not None, [d.format() for d in diags.errors]
    return campaign


def example() -> Campaign:
    campaign, diags = load_campaign(ROOT / "content")
    assert campaign is not None, [d.format() for d in diags.errors]
    return campaign


def translate(element: ET.Element) -> tuple[float, float]:
    m = re.fullmatch(r"translate\(([-\d.]+)(?:[ ,]([-\d.]+))?\)", element.get("transform", ""))
    return (float(m.group(1)), float(m.group(2) or 0)) if m else (0.0, 0.0)


def text_box(t: ET.Element, size: float, dx: float = 0, italic: bool = False,
             ) -> tuple[str, L.Box]:
    lines = [t.text or ""] + [s.text or "" for s in t.findall(f"{SVG}tspan")]
    box = L.label_box(lines, dx + float(t.get("x", 0)), float(t.get("y", 0)),
                      float(t.get("font-size", size)), t.get("text-anchor", "middle"), italic)
    return " ".join(lines), box


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == cls]


class Read:
    """What an overview draws, read back from its SVG."""

    def __init__(self, svg: str) -> None:
        root = ET.fromstring(svg)
        self.coords: list[tuple[str, L.Box]] = []
        for g in groups(root, "labels"):
            for column in [g, *g.findall(f"{SVG}g")]:
                dx, _ = translate(column)
                self.coords += [text_box(t, COORD_SIZE, dx) for t in column.findall(f"{SVG}text")]
        #: (location id, icon centre, name and its box or None, leader or None)
        self.places: list[tuple[str, tuple[float, float], tuple[str, L.Box] | None,
                                tuple[float, float, float, float] | None]] = []
        for g in groups(root, "locations"):
            for a in g.findall(f"{SVG}a"):
                lid = a.get(XLINK, "").strip("#")
                use = a.find(f"{SVG}use")
                assert use is not None
                text = a.find(f"{SVG}text")
                path = a.find(f"{SVG}path")
                leader = None
                if path is not None:
                    assert path.get("class") == "leader"
                    numbers = [float(v) for v in re.findall(r"-?[\d.]+", path.get("d", ""))]
                    leader = (numbers[0], numbers[1], numbers[2], numbers[3])
                self.places.append((lid, (float(use.get("x", 0)), float(use.get("y", 0))),
                                    None if text is None else text_box(text, NAME_SIZES[0]),
                                    leader))
        self.hex_names = [text_box(t, HEX_NAME_SIZES[0], italic=True)
                          for g in groups(root, "hnames") for t in g.findall(f"{SVG}text")]
        self.party = [L.around(float(c.get("cx", 0)), float(c.get("cy", 0)), PARTY_RADIUS)
                      for c in root.iter(f"{SVG}circle")
                      if c.get("class", "").startswith("party-")]


def hex_at(campaign: Campaign, x: float, y: float, near: Hex) -> Hex:
    """The hex whose centre is nearest (x, y), among ``near`` and the hexes around it."""
    grid = campaign.grid
    around = {near} | {n for _, n in grid.neighbors(near)}
    around |= {m for h in list(around) for _, m in grid.neighbors(h)}

    def dist(h: Hex) -> float:
        cx, cy = grid.pixel(h, SIZE)
        return (cx - x) ** 2 + (cy - y) ** 2
    return min(around, key=lambda h: (dist(h), h))


def name_anchor(box: L.Box, x: float) -> tuple[float, float]:
    """Where a name beside its icon is anchored: the side of its box nearer the icon."""
    return (box.x0 if abs(box.x0 - x) < abs(box.x1 - x) else box.x1), (box.y0 + box.y1) / 2


def anchored(campaign: Campaign, point: tuple[float, float], own: Hex) -> bool:
    return hex_at(campaign, *point, own) == own


def middle(box: L.Box) -> tuple[float, float]:
    return (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2


def distance_to_box(x: float, y: float, box: L.Box) -> float:
    return math.hypot(x - min(max(x, box.x0), box.x1), y - min(max(y, box.y0), box.y1))


def check(campaign: Campaign, view: View) -> Read:
    """Every rule of the module, on ``view``'s overview; returns what was read."""
    svg = overview_map(view, MapLinks(location=lambda lid: f"#{lid}"), debug=True)
    read = Read(svg)
    grid = campaign.grid
    problems: list[str] = []
    for lid, (x, y), name, leader in read.places:
        if name is None:
            continue
        text, box = name
        own = view.locations[lid].hex
        found = hex_at(campaign, *middle(box), own)
        if found == own:
            continue
        if leader is None and anchored(campaign, name_anchor(box, x), own):
            continue  # right beside its icon (the anchor in the icon's hex)
        if found not in {n for _, n in grid.neighbors(own)}:
            problems.append(f"{text!r} of {grid.label(own)} lies in {grid.label(found)}")
        elif leader is None:
            problems.append(f"{text!r} of {grid.label(own)} lies in {grid.label(found)} "
                            f"without a leader line")
        else:
            x0, y0, x1, y1 = leader
            if math.hypot(x0 - x, y0 - y) > ICON_RADIUS + 2 or distance_to_box(x1, y1, box) > 2:
                problems.append(f"the leader of {text!r} does not join icon and name")
    names_of: dict[str, set[Hex]] = {}
    for info in view.hexes.values():
        if info.name:
            names_of.setdefault(info.name, set()).add(info.hex)
    for text, box in read.hex_names:
        hexes = names_of.get(text)
        assert hexes, f"{text!r} names no hex"
        x, y = middle(box)
        if not any(hex_at(campaign, x, y, h) == h for h in hexes):
            problems.append(f"hex name {text!r} lies outside its hex")
    named = [name for *_, name, _ in read.places if name is not None] + read.hex_names
    for (a, ba), (b, bb) in itertools.combinations(named, 2):
        if ba.overlaps(bb):
            problems.append(f"{a!r} overlaps {b!r}")
    icons = [L.around(x, y, ICON_RADIUS) for _, (x, y), _, _ in read.places]
    for label, box in read.coords:
        for text, other in named:
            if box.overlaps(other):
                problems.append(f"{text!r} covers the hex label {label}")
        if any(box.overlaps(p) for p in read.party):
            problems.append(f"the party marker covers the hex label {label}")
        if any(box.overlaps(i) for i in icons):
            problems.append(f"an icon covers the hex label {label}")
    for text, box in named:
        if any(box.overlaps(t) for t in icons + read.party):
            problems.append(f"{text!r} covers an icon or the party")
    assert problems == [], "\n".join(problems)
    return read


def test_the_example_campaigns_maps() -> None:
    campaign = example()
    chronicle, _ = replay(campaign)
    gm = check(campaign, gm_view(campaign, chronicle))
    assert len(gm.coords) == len(campaign.grid.all_hexes())
    assert len(gm.hex_names) > 20 and len([p for p in gm.places if p[2]]) > 25
    players = check(campaign, players_view(campaign, chronicle))
    assert players.hex_names and players.places


@pytest.mark.parametrize("name", TEXT_MAPPER_MAPS)
def test_imported_text_mapper_maps(name: str, tmp_path: Path) -> None:
    campaign = imported(name, tmp_path / name)
    chronicle, _ = replay(campaign)
    read = check(campaign, gm_view(campaign, chronicle))
    # a Text Mapper map shows a label on every named hex: here those that fit inside their
    # hex beside its number, icons and place names (about half on the crowded example's
    # map), the others in their tooltips
    named = {info.name for info in campaign.hexes.values() if info.name}
    written = {text for text, _ in read.hex_names}
    located = {loc.name for loc in campaign.locations.values()}
    assert len(written) >= 0.45 * len(named - located), sorted(named - located - written)


def test_a_crowded_edge_sends_a_name_to_a_neighbouring_hex_with_a_leader(
        tmp_path: Path) -> None:
    """The Bone Spire stands in 0901 on the map's top edge, hemmed in by named hexes and
    villages: its name either stays in its hex or points back to it."""
    campaign = imported("bone-fens", tmp_path / "fens")
    read = check(campaign, gm_view(campaign, replay(campaign)[0]))
    spire = next(p for p in read.places if p[0] == "the-bone-spire")
    assert spire[2] is not None
    assert hex_at(campaign, *middle(spire[2][1]), campaign.grid.parse("0901")) in (
        {campaign.grid.parse("0901")} | {n for _, n in campaign.grid.neighbors(
            campaign.grid.parse("0901"))})


def test_the_believed_route_is_drawn_over_the_names_and_the_party_over_it() -> None:
    """A lost party's believed detour is never hidden under a name: on the GM's map the
    believed tracks come after every name (and the hex labels), the party marker last."""
    campaign = example()
    chronicle, _ = replay(campaign)
    root = ET.fromstring(overview_map(gm_view(campaign, chronicle), debug=True))
    order = [e.get("class", "") for e in root]
    believed = [n for n, e in enumerate(root) if e.get("class") == "tr tr-believed"]
    assert believed, "the example has a session with a believed track"
    for layer in ("locations", "hnames", "pnames", "labels"):
        assert order.index(layer) < believed[0], layer
    assert order.index("party") > believed[-1]
    assert order.index("tracks") < order.index("locations")  # the true tracks under them


def test_the_players_map_page_frames_every_hex_they_know() -> None:
    """The players' overview names the box its page opens on (``data-focus``): every hex
    the party knows (explored, seen from afar, revealed: the example has revealed hexes far
    from the rest) and where it believes it is, whole,
    inside the map; the GM's has none."""
    campaign = example()
    chronicle, _ = replay(campaign)
    view = players_view(campaign, chronicle)
    root = ET.fromstring(overview_map(view, debug=True))
    x, y, w, h = (float(v) for v in root.get("data-focus", "").split())
    vx, vy, vw, vh = (float(v) for v in root.get("viewBox", "").split())
    assert vx <= x and vy <= y and x + w <= vx + vw and y + h <= vy + vh
    here = view.now.believed_hex
    assert here is not None
    ways = {chronicle.known_how.get(label) for label in view.hexes}
    assert {"explored", "revealed"} <= ways, ways
    for label in [*view.hexes, here]:
        px, py = campaign.grid.pixel(campaign.grid.parse(label), SIZE)
        assert x + SIZE * 0.8 <= px <= x + w - SIZE * 0.8, label
        assert y + SIZE * 0.8 <= py <= y + h - SIZE * 0.8, label
    gm = ET.fromstring(overview_map(gm_view(campaign, chronicle), debug=True))
    assert gm.get("data-focus") is None
