"""The label placement pass (generator/render/maps/labels.py and the map writer's layout): on a
dense map no two labels overlap, none covers an icon or the party marker, none leaves the
viewBox, names shrink before they disappear, and a hex label gives way to a name.

Boxes are computed from the SVG with the same width estimate the placement uses;
tests/e2e/test_browser.py checks the estimate against the widths Chromium renders.
"""

from __future__ import annotations

import itertools
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.content.campaign import Campaign
from generator.knowledge import gm_view, players_view
from generator.render.maps import (
    COORD_SIZE,
    HEX_NAME_SIZES,
    ICON_RADIUS,
    NAME_SIZES,
    PARTY_RADIUS,
    SIZE,
    MapLinks,
    overview_map,
    print_sizes,
    printed_overview,
)
from generator.render.maps import labels as L
from generator.replay import replay
from generator.rules.chronicle import Chronicle

from campaign_factory import dump, load, write_campaign

SVG = "{http://www.w3.org/2000/svg}"
NAMES = [
    "Barrow of the Antlered King", "Mother Hask's Larder", "The Weeping Tower",
    "Saint Avel's Tollhouse", "Old Mill", "Wyrmwatch Keep", "The Glass Eye", "Inn",
    "Заброшенная мельница у брода", "Кестрельский мост", "Їжачок у тумані",
    "Гора Сірий Ріг", "Wolfshead Crossing", "Moot Hall of the Sallow Reach", "Ford",
    "The Drowned Stair", "Щучье озеро", "Ямщицкая застава", "Tom & Jerry's <Inn>",
]
TAGS = ["village", "town", "ruin", "cave", "temple", "tower", "castle", "bridge", "camp", ""]


def dense_campaign(tmp_path: Path, columns: int = 12, rows: int = 10, seed: int = 7,
                   names_on: bool = True) -> Campaign:
    """A small map crammed with long names: most hexes hold a location, some two or three,
    every column-1 and last-column hex one (the edges), hex names everywhere."""
    rng = random.Random(seed)
    width = 2
    files: dict[str, str | None] = {"paths.yaml": None, "locations/thornfold-mill.md": None,
                                    "sessions/01.yaml": None, "tables/thornwood-day.yaml": None}
    hexes: dict[str, dict[str, str]] = {}
    n = 0
    for c in range(1, columns + 1):
        for r in range(1, rows + 1):
            label = f"{c:0{width}d}{r:0{width}d}"
            hexes[label] = {"terrain": rng.choice(["plains", "forest", "hills"]),
                            "name": rng.choice(NAMES[:8]) + f" {label}"}
            edge = c in (1, columns) or r in (1, rows)
            count = 1 if edge else rng.choice([0, 1, 1, 2, 3])
            for _ in range(count):
                n += 1
                tag = rng.choice(TAGS)
                files[f"locations/site-{n}.md"] = (
                    "---\n" + dump({"id": f"site-{n}", "name": rng.choice(NAMES),
                                    "hex": label, "tags": [tag] if tag else []})
                    + "---\nA place.\n")
    files["hexes/map.yaml"] = dump(hexes)
    mid = f"{columns // 2:02d}"
    files["paths.yaml"] = dump({
        "long-road": {"kind": "road", "name": "The Very Long Road of the Western Marches",
                      "hexes": [f"{c:02d}{rows // 2:02d}" for c in range(1, columns + 1)]},
        "cold-river": {"kind": "river", "name": "Холодная река",
                       "hexes": [f"{mid}{r:02d}" for r in range(1, rows + 1)]}})
    root = write_campaign(tmp_path / "dense", files=files, campaign_overrides={
        "map": {"columns": columns, "rows": rows, **({"labels": "names"} if names_on else {})},
        "party": {"start": f"{mid}{rows // 2:02d}"}, "resources": {}})
    campaign, diags = load(root)
    assert campaign is not None, [d.format() for d in diags.errors]
    return campaign


# ------------------------------------------------------------------------------------------
# reading the SVG back


def _translate(element: ET.Element) -> tuple[float, float]:
    m = re.fullmatch(r"translate\(([-\d.]+)(?:[ ,]([-\d.]+))?\)", element.get("transform", ""))
    return (float(m.group(1)), float(m.group(2) or 0)) if m else (0.0, 0.0)


def texts(root: ET.Element, group_class: str, default_size: float) -> list[tuple[str, L.Box]]:
    """(text, estimated box) of every text in the groups of a class."""
    out: list[tuple[str, L.Box]] = []
    for g in root.iter(f"{SVG}g"):
        if g.get("class") != group_class:
            continue
        size_default = float(g.get("font-size", default_size))
        for parent in g.iter():
            dx, _ = _translate(parent)
            for t in parent.findall(f"{SVG}text"):
                lines = [t.text or ""] + [s.text or "" for s in t.findall(f"{SVG}tspan")]
                size = float(t.get("font-size", size_default))
                box = L.label_box(lines, dx + float(t.get("x", 0)), float(t.get("y", 0)),
                                  size, t.get("text-anchor", "middle"),
                                  italic=group_class == "hnames")
                out.append((" / ".join(lines), box))
    return out


def icons(root: ET.Element) -> list[L.Box]:
    g = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "locations")
    return [L.around(float(u.get("x", 0)), float(u.get("y", 0)), ICON_RADIUS)
            for u in g.iter(f"{SVG}use")]


def party(root: ET.Element) -> list[L.Box]:
    return [L.around(float(c.get("cx", 0)), float(c.get("cy", 0)), PARTY_RADIUS)
            for c in root.iter(f"{SVG}circle") if c.get("class", "").startswith("party-")]


def view_box(root: ET.Element) -> L.Box:
    x, y, w, h = (float(v) for v in root.get("viewBox", "").split())
    return L.Box(x, y, x + w, y + h)


def overlapping(boxes: list[tuple[str, L.Box]]) -> list[tuple[str, str]]:
    return [(a, b) for (a, ba), (b, bb) in itertools.combinations(boxes, 2) if ba.overlaps(bb)]


# ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def dense(tmp_path_factory: pytest.TempPathFactory) -> tuple[Campaign, ET.Element]:
    campaign = dense_campaign(tmp_path_factory.mktemp("labels"))
    svg = overview_map(gm_view(campaign, Chronicle("x")),
                       MapLinks(location=lambda lid: f"../locations/{lid}/"), debug=True)
    return campaign, ET.fromstring(svg)


def test_no_two_labels_overlap_on_a_dense_map(dense: tuple[Campaign, ET.Element]) -> None:
    campaign, root = dense
    names = texts(root, "locations", NAME_SIZES[0])
    hex_names = texts(root, "hnames", HEX_NAME_SIZES[0])
    assert len(names) > 60 and len(hex_names) > 10, (len(names), len(hex_names))
    assert overlapping(names + hex_names) == []


def test_no_label_covers_an_icon_or_the_party(dense: tuple[Campaign, ET.Element]) -> None:
    _, root = dense
    things = icons(root) + party(root)
    assert len(party(root)) == 1
    for text, box in texts(root, "locations", NAME_SIZES[0]) + texts(root, "hnames", 4.6):
        assert not any(box.overlaps(t) for t in things), text
    marker = party(root)[0]
    assert not any(marker.overlaps(i) for i in icons(root))


def test_no_label_leaves_the_canvas(dense: tuple[Campaign, ET.Element]) -> None:
    campaign, root = dense
    box = view_box(root)
    every = texts(root, "locations", NAME_SIZES[0]) + texts(root, "hnames", 4.6) + texts(
        root, "labels", COORD_SIZE)
    assert every
    for text, b in every:
        assert b.inside(box), (text, b, box)
    # the viewBox grew past the hexes to hold the names at the edges
    hexes = campaign.grid.bounds(campaign.grid.all_hexes(), SIZE)
    assert hexes is not None
    assert box.x1 > hexes[2] + SIZE * 0.3 or box.x0 < hexes[0] - SIZE * 0.3


def test_names_shrink_before_they_disappear_and_stay_in_the_tooltip(
        dense: tuple[Campaign, ET.Element]) -> None:
    campaign, root = dense
    g = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "locations")
    links = g.findall(f"{SVG}a")
    assert len(links) == len(campaign.locations)
    shown = [a for a in links if a.find(f"{SVG}text") is not None]
    small = [a for a in shown if a.find(f"{SVG}text").get("font-size") == str(NAME_SIZES[1])]
    assert small, "nothing was set smaller on a crowded map"
    assert len(shown) < len(links), "a map this crowded must drop some names"
    for a in links:  # a name shown is the link's text; one left out is its tooltip
        assert (a.find(f"{SVG}text") is None) == (a.find(f"{SVG}title") is not None)
    two_line = [a for a in shown if a.find(f"{SVG}text").find(f"{SVG}tspan") is not None]
    assert two_line, "long names are never broken onto two lines"


def test_every_hex_keeps_its_label_and_no_name_covers_one(
        dense: tuple[Campaign, ET.Element]) -> None:
    campaign, root = dense
    coords = texts(root, "labels", COORD_SIZE)
    assert len(coords) == len(campaign.grid.all_hexes())
    names = texts(root, "locations", NAME_SIZES[0]) + texts(root, "hnames", 4.6)
    things = party(root) + icons(root)
    for text, box in coords:
        assert not any(box.overlaps(b) for _, b in names), text
        assert not any(box.overlaps(b) for b in things), text


def test_a_printed_map_keeps_every_hex_label_clear_of_every_name(
        dense: tuple[Campaign, ET.Element]) -> None:
    """Printed small, a map's labels and names are too large for its hexes: a label moves
    within its hex out of a name's way (to the middle, else the foot), never under one,
    and the names with no room go to the key."""
    campaign, _ = dense
    sizes = print_sizes(0.85)
    svg, key = printed_overview(gm_view(campaign, Chronicle("x")), None, sizes, debug=True)
    root = ET.fromstring(svg)
    coords = texts(root, "labels", sizes.coord)
    assert sorted(text for text, _ in coords) == sorted(
        campaign.grid.label(h) for h in campaign.grid.all_hexes())
    names = (texts(root, "locations", sizes.names[0])
             + texts(root, "hnames", sizes.hex_names[0]))
    assert len(names) > 20
    # (a label may lie over an icon of a hex holding several, drawn over it with its halo)
    for text, box in coords:
        assert not any(box.overlaps(b) for _, b in names), text
        assert not any(box.overlaps(b) for b in party(root)), text
    # some labels moved for a name, each within its hex: its box is inside the hex's
    # bounding box, the width of a hex across
    grid = campaign.grid
    centres = {grid.label(h): grid.pixel(h, SIZE) for h in grid.all_hexes()}
    moved = 0
    for text, box in coords:
        x, y = centres[text]
        assert y - SIZE <= box.y0 and box.y1 <= y + SIZE and abs((box.x0 + box.x1) / 2 - x) < 1
        moved += box.y0 > y - SIZE * 0.6
    assert 0 < moved < len(coords)
    assert key, "a dense map printed small has names with no room: they go to the key"


def test_names_are_escaped(dense: tuple[Campaign, ET.Element]) -> None:
    _, root = dense
    every = [t for t, _ in texts(root, "locations", NAME_SIZES[0])]
    titles = [t.text for t in root.iter(f"{SVG}title")]
    assert "Tom & Jerry's <Inn>" in titles + every


def test_the_party_marker_keeps_clear_of_the_icon_and_name_in_its_hex(tmp_path: Path) -> None:
    root_dir = write_campaign(tmp_path / "c")  # the party starts in 0304; put a town there
    (root_dir / "locations" / "town.md").write_text(
        "---\nname: Crossroads Town\nhex: \"0304\"\ntags: [town]\nvisibility: visible\n"
        "familiar: true\n---\nA town.\n", encoding="utf-8")
    campaign, _ = load(root_dir)
    assert campaign is not None
    chronicle, _ = replay(campaign)
    for view in (gm_view(campaign, Chronicle("x")), players_view(campaign, chronicle)):
        root = ET.fromstring(overview_map(view, debug=True))
        marker = party(root)
        assert len(marker) == 1
        icon_boxes = icons(root)
        names = texts(root, "locations", NAME_SIZES[0])
        assert icon_boxes and not any(marker[0].overlaps(b) for b in icon_boxes)
        assert not any(marker[0].overlaps(b) for _, b in names)


def test_width_estimates_are_wider_for_cyrillic_and_capitals() -> None:
    assert L.text_width("Москва", 10) > L.text_width("Moskva", 10)
    assert L.text_width("WWW", 10) > L.text_width("www", 10) > L.text_width("iii", 10)
    assert L.text_width("abc", 10, italic=True) < L.text_width("abc", 10)
    assert L.two_lines("Barrow of the Antlered King") == ("Barrow of the", "Antlered King")
    assert L.two_lines("Ashford") is None


def test_placer_refuses_overlaps() -> None:
    placer = L.Placer(L.Box(0, 0, 100, 100))
    first = L.place(placer, L.name_candidates("Somewhere long", 50, 50, 5, (5.5,)))
    assert first is not None
    boxes = [first.box]
    for _ in range(30):
        label = L.place(placer, L.name_candidates("Somewhere long", 50, 50, 5, (5.5, 4)))
        if label is None:
            break
        assert not any(label.box.overlaps(b) for b in boxes)
        boxes.append(label.box)
    assert 3 <= len(boxes) < 30


def test_a_name_shared_by_neighbouring_hexes_is_written_once(tmp_path: Path) -> None:
    hexes = {f"0{c}0{r}": {"terrain": "lake", "name": "Lake Lanthorn"}
             for c in (1, 2) for r in (1, 2)}
    hexes["0503"] = {"terrain": "lake", "name": "Lake Lanthorn"}      # not touching: again
    hexes["0401"] = {"terrain": "plains", "name": "Westgate Downs"}
    root = write_campaign(tmp_path / "c", files={
        "hexes/map.yaml": dump(hexes), "paths.yaml": None,
        "locations/thornfold-mill.md": None, "sessions/01.yaml": None,
        "tables/thornwood-day.yaml": None},
        campaign_overrides={"map": {"columns": 5, "rows": 3, "labels": "names"},
                            "party": {"start": "0401"}, "default_terrain": "plains"})
    campaign, diags = load(root)
    assert campaign is not None, [d.format() for d in diags.errors]
    svg = ET.fromstring(overview_map(gm_view(campaign, Chronicle("x")), debug=True))
    written = [t.replace(" / ", " ") for t, _ in texts(svg, "hnames", HEX_NAME_SIZES[0])]
    assert sorted(written) == ["Lake Lanthorn", "Lake Lanthorn", "Westgate Downs"]
