"""The printable rules reference (generator/reference): every value a sheet prints equals the
engine's own table or function (one source of truth), read back from the generated Markdown;
the diagrams carry the right labels; roll tables keep GM material out of the players' site;
every string exists in en, ru and uk.
"""

from __future__ import annotations

import csv
import dataclasses
import doctest
import html
import posixpath
import random
import re
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path
from typing import Any

import markdown
import pytest

from generator.content.campaign import Campaign
from generator.content.models import (
    DEFAULT_PLAYER_SHEETS,
    REFERENCE_SHEETS,
    Member,
    ReferenceSpec,
)
from generator.dice import RollSource
from generator.hexgrid import Grid, Hex
from generator.i18n import VOCABULARY, Translator, languages
from generator.printing import sheets
from generator.reference import data as D
from generator.reference import facing, fmt, mdtables
from generator.reference.mdtables import ParsedTable, plain, tables_in
from generator.reference.render import Renderer, reference_nav, reference_pages
from generator.reference.sheets import (
    TOPICS,
    dice_distribution,
    forced_march_dc,
    hustle_damage,
    site_sheets,
)
from generator.replay import replay
from generator.rules import chase_model as CH
from generator.rules import checks as C
from generator.rules import fatigue, travel
from generator.rules import resources as R
from generator.rules import tables as T
from generator.rules.encounters import encounter_die
from generator.rules.state import party_mph
from generator.site import write_docs

from campaign_factory import dump, load, write_campaign
from replay_helpers import make_campaign, rolls_of, run, watches

english = Translator("en").said

LANGUAGES = languages()
#: Tables of numbers transcribed from the seeds (docs/rules.md names them), for comparison
DATA = Path(__file__).resolve().parents[1] / "data"

# -- a campaign with every kind of roll table ------------------------------------------------

TABLES: dict[str, Any] = {
    # weights, no dice: d6 derived
    "tables/weather.yaml": {"id": "weather", "name": "Weather", "audience": "players",
                            "rows": [{"weight": 3, "result": "Fair"},
                                     {"weight": 2, "result": "Rain"},
                                     {"weight": 1, "result": "Storm | hail",
                                      "table": "storm-omens"}]},
    # the nested table is the GM's
    "tables/storm-omens.yaml": {"id": "storm-omens", "name": "Storm omens", "audience": "gm",
                                "rows": [{"weight": 1, "result": "A drowned bell rings"},
                                         {"weight": 1, "result": "Lightning on the tower",
                                          "gm": "The tower's warden is a witch"},
                                         {"weight": 2, "result": "Nothing"}]},
    # sums of two dice
    "tables/road.yaml": {"id": "road", "name": "On the road", "dice": "2d6",
                         "audience": "players",
                         "rows": [{"roll": "2-4", "result": "Bandits", "distance": "2d6x10",
                                   "reaction": True},
                                  {"roll": "5-9", "result": "Pilgrims", "table": "weather"},
                                  {"roll": "10-12", "result": "A tinker",
                                   "gm": "He is a spy"}]},
    # d100 from weights
    "tables/finds.yaml": {"id": "finds", "name": "Finds", "audience": "gm",
                          "rows": [{"weight": 5, "result": "A coin"},
                                   {"weight": 90, "result": "Nothing"},
                                   {"weight": 5, "result": "A map", "location": "thornfold-mill"}]},
    # a d12 and a d20 from weights, a d8 from weights
    "tables/d12.yaml": {"id": "d12", "name": "Twelve", "rows": [{"weight": 12, "result": "x"}]},
    "tables/d20.yaml": {"id": "d20", "name": "Twenty", "rows": [{"weight": 19, "result": "y"},
                                                               {"weight": 1, "result": "z"}]},
    "tables/d4.yaml": {"id": "d4", "name": "Four", "rows": [{"weight": 2, "result": "a"},
                                                           {"weight": 2, "result": "b"}]},
    # the campaign's own urban chase complications
    "tables/chase-urban.yaml": {"id": "chase-urban", "name": "Town chase", "dice": "1d20",
                                "rows": [{"roll": "1-10", "result": "Market stalls collapse"},
                                         {"roll": "11-20", "result": "Clear street"}]},
}


@pytest.fixture(scope="module")
def campaign(tmp_path_factory: pytest.TempPathFactory) -> Campaign:
    root = write_campaign(tmp_path_factory.mktemp("ref"),
                          files={k: dump(v) for k, v in TABLES.items()})
    c, diags = load(root)
    assert c is not None, [d.format() for d in diags.sorted()]
    return c


def with_rules(campaign: Campaign, **rules: Any) -> Campaign:
    import dataclasses

    return dataclasses.replace(campaign, rules=campaign.rules.model_copy(update=rules))


@pytest.fixture(scope="module")
def gm(campaign: Campaign) -> dict[str, str]:
    return reference_pages(campaign, "gm", "en")


@pytest.fixture(scope="module")
def players(campaign: Campaign) -> dict[str, str]:
    return reference_pages(campaign, "players", "en")


def tables_of(files: dict[str, str], page: str) -> dict[str, ParsedTable]:
    return tables_in(files[f"reference/{page}.md"])


# -- reading cells back ----------------------------------------------------------------------

GLYPH = {"½": Fraction(1, 2), "¼": Fraction(1, 4), "¾": Fraction(3, 4), "⅜": Fraction(3, 8),
         "⅛": Fraction(1, 8), "⅓": Fraction(1, 3), "⅔": Fraction(2, 3)}


def num(cell: str) -> Fraction:
    """'×1½' -> 3/2, '−4' -> -4, '2,5' -> 5/2."""
    text = cell.replace("×", "").replace("−", "-").replace("+", "").replace(",", ".").strip()
    sign = -1 if text.startswith("-") else 1
    text = text.lstrip("-")
    whole = Fraction(0)
    if text and text[-1] in GLYPH:
        whole, text = GLYPH[text[-1]], text[:-1]
    return sign * (whole + (Fraction(text) if text else 0))


def span(cell: str) -> tuple[int, int]:
    """'1–4' -> (1, 4); '00' -> 100; '12' -> (12, 12)."""
    parts = [p.strip() for p in cell.replace("—", "–").split("–")]
    values = [100 if p == "00" else int(p) for p in parts]
    return values[0], values[-1]


def die(cell: str) -> tuple[int, int]:
    """'2d6' / '1к20' / 'd8' -> (count, sides); a leading sign is dropped."""
    m = re.fullmatch(r"[+−-]?(\d*)[dк](\d+)", cell.strip())
    assert m, cell
    return int(m.group(1) or 1), int(m.group(2))


# -- pages -----------------------------------------------------------------------------------


def test_pages_of_each_site(gm: dict[str, str], players: dict[str, str]) -> None:
    topic_pages = {f"reference/{slug}.md" for slug in TOPICS}
    svgs = {"reference/img/veer.svg", "reference/img/hex-progress.svg",
            "reference/img/facing-squares.svg", "reference/img/facing-hexes.svg"}
    assert topic_pages | svgs | {"reference/index.md", "reference/tables/index.md",
                                 "reference/gm-screen.md"} <= set(gm)
    # the players get the default sheets (test_players_reference_* below)
    assert {p for p in players if p.count("/") == 1} == {
        "reference/index.md", "reference/travel.md", "reference/checks-d20.md",
        "reference/modifiers.md", "reference/chases.md", "reference/facing.md"}
    assert "reference/gm-screen.md" not in players
    # every image a page shows is one of the files
    for files in (gm, players):
        for path, text in files.items():
            for src in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text):
                target = str(Path(path).parent / src)
                assert target in files, (path, src)


# -- the players' reference (reference.players) ----------------------------------------------


def with_players_sheets(campaign: Campaign, sheets: list[str] | None) -> Campaign:
    return dataclasses.replace(campaign, reference=ReferenceSpec(players=sheets))


def links_resolve(files: dict[str, str]) -> None:
    """Every relative link of the reference pages lands on one of its files."""
    for path, text in files.items():
        if not path.endswith(".md"):
            continue
        for target in re.findall(r"\]\(([^)#]+\.(?:md|svg))(?:#[^)]*)?\)", text):
            if "://" in target or target.startswith("../"):
                continue
            assert posixpath.normpath(posixpath.join(posixpath.dirname(path), target)) in files, (
                path, target)


def test_players_reference_by_default(campaign: Campaign, gm: dict[str, str],
                                      players: dict[str, str]) -> None:
    """Without reference.players the players get what a player uses: travel, their own check
    system, modifiers, chases, facing and the tables shown to them; the GM keeps all."""
    assert site_sheets(campaign, "players") == (
        "travel", "checks-d20", "modifiers", "chases", "facing", "tables")
    assert site_sheets(campaign, "gm") == (*TOPICS, "tables")
    for gone in ("hex-progress", "navigation", "getting-lost", "encounters", "checks-brp",
                 "checks-bsh"):
        assert f"reference/{gone}.md" not in players and f"reference/{gone}.md" in gm
    assert "reference/img/veer.svg" not in players and "reference/img/veer.svg" in gm
    index = players["reference/index.md"]
    assert "(travel.md)" in index and "(tables/index.md)" in index
    assert "(navigation.md)" not in index and "(checks-brp.md)" not in index
    nav = [path for _, path in reference_nav(campaign, "players")]
    assert nav == ["reference/index.md", "reference/travel.md", "reference/checks-d20.md",
                   "reference/modifiers.md", "reference/chases.md", "reference/facing.md",
                   "reference/tables/index.md"]
    assert all(path in players for path in nav)
    links_resolve(players)
    links_resolve(gm)
    # the default follows the campaign's check system
    assert "checks-bsh" in site_sheets(with_rules(campaign, checks="bsh"), "players")


def test_players_reference_as_chosen(campaign: Campaign) -> None:
    chosen = with_players_sheets(with_rules(campaign, checks="brp"),
                                 ["checks", "travel", "navigation"])
    files = reference_pages(chosen, "players", "en")
    assert {p for p in files if p.endswith(".md")} == {
        "reference/index.md", "reference/travel.md", "reference/navigation.md",
        "reference/checks-brp.md"}  # reading order, checks as the campaign's, no tables
    assert "tables/index.md" not in files["reference/index.md"]
    assert [p for _, p in reference_nav(chosen, "players")] == [
        "reference/index.md", "reference/travel.md", "reference/navigation.md",
        "reference/checks-brp.md"]
    links_resolve(files)
    # the GM site is not affected
    assert reference_pages(chosen, "gm", "en").keys() == reference_pages(
        with_rules(campaign, checks="brp"), "gm", "en").keys()
    # an empty list: no reference for the players at all
    none = with_players_sheets(campaign, [])
    assert reference_pages(none, "players") == {} and reference_nav(none, "players") == []


def test_players_reference_prints_the_players_sheets(campaign: Campaign) -> None:
    docs, _ = sheets.sheets(with_players_sheets(campaign, ["travel", "tables"]), "en",
                              audience="players")
    assert [d.name for d in docs] == ["travel", "tables"]
    gm_docs, _ = sheets.sheets(with_players_sheets(campaign, ["travel"]), "en")
    names = [d.name for d in gm_docs]
    # the GM screen, every topic but the other check systems' sheets, the tables
    assert "checks-brp" not in names and "checks-bsh" not in names
    assert names[0] == "gm-screen" and names[-1] == "tables" and len(names) == len(TOPICS)


def test_reference_players_is_checked(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, campaign_overrides={
        "reference": {"players": ["travel", "travle", "gm-screen", "travel"]}})
    c, diags = load(root)
    assert c is None
    messages = [d.format() for d in diags.sorted()]
    unknown = (r"campaign\.yaml:\d+:\d+: error: unknown reference sheet 'travle' "
               r"\(did you mean 'travel'\?\); sheets: 'travel', ")
    assert any(re.search(unknown, m) for m in messages), messages
    assert any("error: the GM screen is for the GM site only" in m for m in messages), messages
    assert any("warning: reference sheet 'travel' is listed twice" in m for m in messages)


def test_reference_sheet_ids_match_the_topics() -> None:
    assert set(REFERENCE_SHEETS) == {*TOPICS, "checks", "tables"}
    assert set(DEFAULT_PLAYER_SHEETS) <= set(REFERENCE_SHEETS)


def test_nav_lists_every_page(campaign: Campaign, gm: dict[str, str]) -> None:
    nav = reference_nav(campaign, "gm", "en")
    assert all(path in gm for _, path in nav)
    assert [p for _, p in nav].count("reference/gm-screen.md") == 1
    assert "reference/gm-screen.md" not in [p for _, p in reference_nav(campaign, "players")]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("audience", ["gm", "players"])
def test_every_page_renders_to_html_in_every_language(campaign: Campaign, language: str,
                                                      audience: str) -> None:
    """Each sheet is valid Markdown for the sites' extensions: every marked table becomes an
    HTML table, and no row is left as raw pipes."""
    files = reference_pages(campaign, audience, language)  # type: ignore[arg-type]
    for path, text in files.items():
        if not path.endswith(".md"):
            ET.fromstring(text)  # well-formed SVG
            continue
        html = markdown.markdown(text, extensions=["tables", "admonition", "attr_list",
                                                   "md_in_html"])
        assert html.count("<table>") == len(tables_in(text)), path
        assert "\n| " not in html, path
        assert "{{" not in text and "{%" not in text, path
    topics = [t for t in site_sheets(campaign, audience) if t in TOPICS]  # type: ignore[arg-type]
    assert len(topics) >= 5
    for topic in topics:
        assert tables_in(files[f"reference/{topic}.md"]), topic


# -- travel (tables.py, the replay's speed) ---------------------------------------------------


def replay_mph(feet: int) -> Fraction:
    return party_mph([Member(name="x", speed=feet)])


def test_speed_table_is_the_replays_speed(gm: dict[str, str]) -> None:
    speeds = tables_of(gm, "travel")["speeds"]
    assert len(speeds.rows) == len(D.BASE_SPEEDS_FT)
    for feet, row in zip(D.BASE_SPEEDS_FT, speeds.rows, strict=True):
        mph = replay_mph(feet)
        assert row[0].startswith(str(feet))
        assert [num(c) for c in row[1:]] == [mph, mph * T.WATCH_HOURS, mph * T.MARCH_HOURS]


def test_mounts_modes_terrain_are_the_engines(campaign: Campaign, gm: dict[str, str]) -> None:
    t = tables_of(gm, "travel")
    assert [(num(r[1]), num(r[2])) for r in t["mounts"].rows] == list(T.MOUNTS.values())
    modes = t["modes"].rows
    assert num(modes[0][1]) == T.MODE_SPEED["normal"]
    assert num(modes[1][1].split()[0]) == T.HUSTLE_SPEED and num(modes[1][2]) == T.DC_HUSTLE
    assert (num(modes[2][1]), num(modes[2][2])) == (T.MODE_SPEED["cautious"], T.DC_CAUTIOUS)
    assert num(modes[3][1]) == T.MODE_SPEED["exploring"]
    assert num(modes[4][1]) == T.MODE_SPEED["foraging"]
    assert num(modes[5][1]) == T.MODE_SPEED["cautious"] * T.MODE_SPEED["exploring"]
    rows = t["terrain-speed"].rows
    passable = [r for r in campaign.terrain.values() if not r.impassable]
    assert len(rows) == len(passable)
    for rule, row in zip(passable, rows, strict=True):
        assert [num(c) for c in row[1:]] == [rule.highway, rule.road, rule.trackless]


def test_hustle_and_march_tables_match_the_replay(campaign: Campaign,
                                                  gm: dict[str, str]) -> None:
    for row in tables_of(gm, "travel")["hustle"].rows:
        hour, damage = int(row[0]), int(row[1])
        assert fatigue.hustle_damage(hour - 1, 1) == damage == hustle_damage(hour), hour
    march = tables_of(gm, "travel")["forced-march"].rows
    assert [int(r[1]) for r in march] == [forced_march_dc(h) for h in range(9, 13)]
    assert forced_march_dc(T.MARCH_HOURS + 1) == T.FORCED_MARCH_BASE_DC
    actual = tables_of(gm, "travel")["actual-distance"]
    assert [int(h) for h in actual.headers[1:]] == list(range(2, 13))
    assert [int(c) for c in actual.rows[0][1:]] == [
        (n + T.ACTUAL_DISTANCE_BONUS) * 10 for n in range(2, 13)]


# -- hex progress (travel.requirement) --------------------------------------------------------


@pytest.mark.parametrize("hex_miles", [12, 6])
def test_hex_progress_is_travel_requirement(campaign: Campaign, hex_miles: int) -> None:
    import dataclasses

    c = dataclasses.replace(campaign, map=campaign.map.model_copy(update={"hex_miles":
                                                                           hex_miles}))
    files = reference_pages(c, "gm", "en")
    rows = tables_of(files, "hex-progress")["hex-progress"].rows
    g = c.grid
    fresh = travel.requirement(g, travel.Track(Hex(0, 0)), "N", hex_miles)
    entered = travel.Track(Hex(0, 0), entry="S")
    assert num(rows[0][2]) == fresh == hex_miles / 2
    assert num(rows[1][2]) == travel.requirement(g, entered, "N", hex_miles) == hex_miles
    assert num(rows[2][2]) == travel.requirement(g, entered, "SE", hex_miles)
    assert num(rows[4][2]) == travel.requirement(g, entered, "S", hex_miles)
    svg = ET.fromstring(files["reference/img/hex-progress.svg"])
    labels = {el.get("data-face"): el.text for el in svg.iter()
              if el.get("data-role") == "miles"}
    for face in g.faces:
        assert num(labels[face] or "") == travel.requirement(g, entered, face, hex_miles)


# -- navigation ------------------------------------------------------------------------------


def test_navigation_and_forage_dcs_are_the_terrains(campaign: Campaign,
                                                    gm: dict[str, str]) -> None:
    t = tables_of(gm, "navigation")
    passable = [r for r in campaign.terrain.values() if not r.impassable]
    for rule, row in zip(passable, t["navigation-dc"].rows, strict=True):
        if rule.density_dc:
            assert [int(x) for x in row[1].split("/")] == [
                rule.density_dc[d] for d in T.FOREST_DENSITIES]
        else:
            assert int(row[1]) == rule.navigation_dc
        assert int(row[2]) == rule.forage_dc
    mods = [(num(r[1]), r[2]) for r in t["navigation-modifiers"].rows]
    assert mods == [(T.DC_TRACKLESS, "—"), (T.DC_POOR_VISIBILITY, f"+{T.FORAGE_POOR_VISIBILITY}"),
                    (T.DC_HUSTLE, "—"), (T.DC_CAUTIOUS, "—")]
    assert [num(r[1]) for r in t["navigation-bonuses"].rows] == [T.BONUS_COMPASS,
                                                                  T.BONUS_KNOWLEDGE]
    brp = tables_of(reference_pages(with_rules(campaign, checks="brp"), "gm", "en"),
                    "navigation")
    assert [r[1] for r in brp["navigation-bonuses"].rows] == [
        f"+{T.BONUS_COMPASS * C.BRP_POINTS_PER_BONUS}%",
        f"+{T.BONUS_KNOWLEDGE * C.BRP_POINTS_PER_BONUS}%"]


def test_custom_terrain_appears_with_its_numbers(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, files={"terrain.yaml": dump({
        "bog": {"like": "swamp", "name": "Black Bog", "navigation_dc": 19, "forage_dc": 17}})})
    c, diags = load(root)
    assert c is not None, [d.format() for d in diags.sorted()]
    rows = tables_of(reference_pages(c, "gm", "ru"), "navigation")["navigation-dc"]
    assert rows.by_label()["Black Bog"] == ["19", "17"]
    assert "Болото" in rows.by_label()  # built-in names are translated


# -- getting lost (VEER_RANGES) and the veer diagram -------------------------------------------


def test_veer_table_is_veer_ranges(gm: dict[str, str]) -> None:
    rows = tables_of(gm, "getting-lost")["veer"].rows
    assert [span(r[0]) for r in rows] == [(lo, hi) for lo, hi, _ in T.VEER_RANGES]
    for roll in range(1, 11):
        faces = T.veer_from_d10(roll)
        row = next(r for r in rows if span(r[0])[0] <= roll <= span(r[0])[1])
        assert ("left" in row[1]) == (faces < 0) and ("right" in row[1]) == (faces > 0)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_veer_svg_puts_each_d10_range_on_its_face(campaign: Campaign,
                                                  orientation: str) -> None:
    """1-4 one face left (counter-clockwise), 5-6 straight on, 7-10 one face right, relative to
    the intended face (the arrow); each label sits in the neighbour beyond that face."""
    import dataclasses

    c = dataclasses.replace(campaign, grid=Grid(8, 8, orientation))  # type: ignore[arg-type]
    svg = ET.fromstring(reference_pages(c, "gm", "en")["reference/img/veer.svg"])
    texts = [el for el in svg.iter() if el.tag.endswith("text")]
    intended = next(el.get("data-face") for el in texts if el.get("data-role") == "intended")
    ranges = {el.get("data-face"): el for el in texts if el.get("data-role") == "veer-range"}
    g = c.grid
    assert intended == g.faces[0]
    expected = {g.rotate(intended, -1): "1–4", intended: "5–6", g.rotate(intended, 1): "7–10"}
    assert {f: el.text for f, el in ranges.items()} == expected
    # geometry: each label sits nearest the centre of the neighbour beyond its face
    size = 62.0
    hexagon = next(el for el in svg.iter() if el.tag.endswith("polygon")
                   and el.get("stroke-width") == "3")
    points = [tuple(map(float, p.split(","))) for p in (hexagon.get("points") or "").split()]
    cx = sum(p[0] for p in points) / 6
    cy = sum(p[1] for p in points) / 6
    for face, el in ranges.items():
        x, y = float(el.get("x") or 0), float(el.get("y") or 0)

        def dist(f: str, x: float = x, y: float = y) -> float:
            nx, ny = g.pixel(g.neighbor(Hex(0, 0), f), size)
            return (cx + nx - x) ** 2 + (cy + ny - y) ** 2

        assert min(g.faces, key=dist) == face
    assert int(ranges[g.rotate(intended, -1)].get("data-veer") or 0) == -1


def test_reorient_row_numbers(gm: dict[str, str]) -> None:
    rows = tables_of(gm, "getting-lost")["reorient"].rows
    assert rows[0][1] == f"DC {T.REORIENT_NORTH_DC}"
    assert f"+ {T.NEW_COURSE_EXTRA_DC}" in rows[1][1]
    assert f"{T.BACKTRACK_MISJUDGE_PERCENT}%" in rows[2][3]


# -- encounters (the replay's encounter die) ---------------------------------------------------


@pytest.mark.parametrize("check", ["d12", "2 in d8"])
def test_encounter_check_is_the_replays(campaign: Campaign, check: str) -> None:
    c = with_rules(campaign, encounter_check=check)
    sides, wander, keyed = encounter_die(c.rules)
    t = tables_of(reference_pages(c, "gm", "en"), "encounters")
    rows = t["encounter-check"]
    assert die(rows.headers[0]) == (1, sides)
    assert span(rows.rows[0][0]) == (1, wander) and "wandering" in rows.rows[0][1]
    assert span(rows.rows[-1][0]) == (keyed, sides) and "keyed" in rows.rows[-1][1]
    assert [(span(r[0]), r[1]) for r in t["reaction"].rows] == [
        ((lo, hi), {"attacks": "attack", "hostile": "are hostile", "cautious": "are wary",
                    "neutral": "are indifferent", "friendly": "are friendly"}[name])
        for lo, hi, name in T.REACTIONS]


def test_inline_replay_numbers_match_data(tmp_path: Path) -> None:
    """data.py restates numbers the replay writes inline; a replay shows they agree: feet per
    mph, exploring's checks, cautious's cancel chance, the moment dice, the foraging step."""
    root = make_campaign(tmp_path, members=[{"name": "Aria", "speed": 20, "survival": 3}],
                         sessions=[{"log": [
                             {"travel": {"heading": "N"},
                              "rolls": {"navigation": 19, "encounter": [1]}},
                             {"travel": {"heading": "N", "mode": "exploring"},
                              "rolls": {"navigation": 19, "encounter": [5, 6]}},
                             {"travel": {"heading": "N", "mode": "cautious"},
                              "rolls": {"navigation": 19, "encounter": [1],
                                        "cautious": [D.CAUTIOUS_CANCEL_PERCENT]}},
                             {"travel": {"heading": "N", "mode": "cautious"},
                              "rolls": {"navigation": 19, "encounter": [1],
                                        "cautious": [D.CAUTIOUS_CANCEL_PERCENT + 1]}},
                             {"camp": {"forage": True}, "rolls": {"forage": [15],
                                                                  "encounter": [5]}},
                         ]}])
    chronicle = run(root)[0]
    w = watches(chronicle)
    assert w[0]["miles"] == (Fraction(20, D.FEET_PER_MPH) * T.TERRAIN["plains"].trackless
                             * T.WATCH_HOURS)
    assert len(rolls_of(w[0], "encounter")) == D.ENCOUNTER_CHECKS["normal"]
    assert len(rolls_of(w[1], "encounter")) == D.ENCOUNTER_CHECKS["exploring"]
    assert rolls_of(w[2], "cautious")[0]["outcome"] == "cancelled"
    assert rolls_of(w[3], "cautious")[0]["outcome"] == "happens"
    assert w[0]["hexes_entered"]  # a wandering encounter in a watch that crosses a face
    moment = rolls_of(w[0], "moment") + rolls_of(w[0], "moment_minute")
    assert [r["dice"] for r in moment] == [f"1d{D.MOMENT_HALF_HOUR_DIE}",
                                           f"1d{D.MOMENT_MINUTE_DIE}"]
    # survival 3 + 15 = 18 against plains' forage DC 12: 1 + (18 - 12) // 2 members
    fed = re.search(r"feeds (\d+)", english(chronicle.sessions[0].watches[4].said))
    assert fed and int(fed.group(1)) == 1 + (18 - T.TERRAIN["plains"].forage_dc) // (
        D.FORAGE_POINTS_PER_EXTRA)


# -- d20 (d20_degree, SCALED_ADVANTAGE_DICE) ---------------------------------------------------


def offset(cell: str) -> int:
    m = re.search(r"DC(?: ([+−]) (\d+))?", cell)
    assert m, cell
    return 0 if not m.group(1) else (int(m.group(2)) * (1 if m.group(1) == "+" else -1))


def test_degrees_are_d20_degree(gm: dict[str, str]) -> None:
    t = tables_of(gm, "checks-d20")
    names = {"critical success": "critical_success", "success": "success",
             "failure": "failure", "critical failure": "critical_failure"}
    for cell, degree in t["d20-degrees"].rows:
        parts = cell.split(" – ")
        lo = offset(parts[0])
        hi = offset(parts[-1])
        if "or more" in cell:
            hi = lo + 20
        if "or less" in cell:
            lo = hi - 20
        for k in range(lo, hi + 1):
            assert C.d20_degree(10, 15 + k, 15) == names[degree], (cell, k)
    for base, up, down in t["d20-naturals"].rows:
        probe = {"critical_success": 26, "success": 16, "failure": 10, "critical_failure": 2}
        total = probe[names[base]]
        assert (names[up], names[down]) == (C.d20_degree(20, total, 15),
                                            C.d20_degree(1, total, 15))
    ladder = t["scaled-advantage"].rows
    assert {int(r[0]): die(r[1])[1] for r in ladder} == C.SCALED_ADVANTAGE_DICE
    assert all(r[2].startswith("−") and die(r[2]) == die(r[1]) for r in ladder)


# -- BRP (BRP_TABLE, brp_chance, brp_outcome, resistance_chance) --------------------------------


def test_brp_success_table_is_brp_table(gm: dict[str, str]) -> None:
    rows = tables_of(gm, "checks-brp")["brp-success"].rows
    assert len(rows) == len(C.BRP_TABLE) + 1
    for (lo, hi, crit, special, fumble), row in zip(C.BRP_TABLE, rows, strict=False):
        assert span(row[0]) == (lo, hi)
        assert span(row[1]) == (1, crit) and span(row[2]) == (1, special)
        assert span(row[4]) == (fumble, 100)
        for chance in (lo, hi):
            best = max(r for r in range(1, 101) if C.brp_outcome(r, chance) in C.SUCCESSES)
            if row[3] != "up to the chance":
                assert span(row[3]) == (1, best)
            else:
                assert best == chance


def test_brp_difficulty_is_brp_chance(gm: dict[str, str]) -> None:
    rows = tables_of(gm, "checks-brp")["brp-difficulty"].rows
    names = {"Easy": "easy", "Normal": "normal", "Hard": "hard"}
    for name, dcs, _, example in rows:
        numbers = [int(n) for n in re.findall(r"\d+", dcs)]
        probe = numbers[0]
        chance, band = C.brp_chance(45, probe)
        assert band == names[name] and example == f"{chance}%"
        if "or less" in dcs:
            assert C.brp_chance(45, probe + 1)[1] != band
        if "or more" in dcs:
            assert C.brp_chance(45, probe - 1)[1] != band


def resistance_value(cell: str) -> int:
    return 100 if cell == "✓" else 0 if cell == "✗" else int(cell)


def test_brp_resistance_grid_is_resistance_chance(gm: dict[str, str]) -> None:
    t = tables_of(gm, "checks-brp")
    grid = t["brp-resistance"]
    actives = [int(h) for h in grid.headers[1:]]
    assert actives == list(range(1, 22))
    for row in grid.rows:
        passive = int(row[0])
        for active, cell in zip(actives, row[1:], strict=True):
            assert resistance_value(cell) == C.resistance_chance(active, passive)
    for part in ("brp-resistance-diff-low", "brp-resistance-diff-high"):
        diff = t[part]
        for head, cell in zip(diff.headers[1:], diff.rows[0][1:], strict=True):
            d = int(head.replace("≤", "").replace("≥", "").replace("−", "-").replace("±", ""))
            assert resistance_value(cell) == C.resistance_chance(10 + d, 10)


def seed_table(name: str) -> list[list[str]]:
    """A table of numbers transcribed from a seed into ``tests/data`` (comments dropped)."""
    with (DATA / name).open(encoding="utf-8", newline="") as fh:
        rows = list(csv.reader(line for line in fh if not line.startswith("#")))
    return rows[1:]


def test_brp_resistance_grid_equals_the_seed(gm: dict[str, str]) -> None:
    """Seed 002's printed resistance table, cell by cell ('--' is automatic)."""
    lines = seed_table("seed-002-resistance.csv")
    assert len(lines) == 21
    grid = tables_of(gm, "checks-brp")["brp-resistance"]
    for passive, line in enumerate(lines, start=1):
        assert int(line[0]) == passive
        ours = grid.rows[passive - 1][1:]
        for active, (theirs, mine) in enumerate(zip(line[1:], ours, strict=True), start=1):
            if theirs == "--":
                assert mine == ("✓" if active > passive else "✗")
            else:
                assert mine == theirs


def test_brp_success_table_equals_the_seed(gm: dict[str, str]) -> None:
    """Seed 002's success table: skill bands, critical, special and fumble ranges."""
    seed_rows = [r for r in seed_table("seed-002-brp-success.csv") if r[0] != "above"]
    rows = tables_of(gm, "checks-brp")["brp-success"].rows
    assert len(seed_rows) == len(C.BRP_TABLE) == 30
    for (chance, crit, special, _success, _failure, fumble), row in zip(seed_rows, rows,
                                                                          strict=False):
        def norm(x: str) -> tuple[int, int]:
            parts = [100 if p == "00" else int(p) for p in x.split("-")]
            return parts[0], parts[-1]
        assert span(row[0]) == norm(chance)
        assert span(row[1])[1] == norm(crit)[1] and span(row[2])[1] == norm(special)[1]
        assert span(row[4]) == norm(fumble)


def test_brp_opposed_follows_the_cancelling_ladder(gm: dict[str, str]) -> None:
    rows = tables_of(gm, "checks-brp")["brp-opposed"].rows
    assert ("special", "special", "failure / failure") in [tuple(r) for r in rows]
    assert ("special", "success", "success / failure") in [tuple(r) for r in rows]
    assert ("special", "failure", "special / failure") in [tuple(r) for r in rows]


# -- Black Sword Hack (bsh_outcome, check, bsh_group_success, usage dice) ------------------------


def test_bsh_outcomes_and_advantage_are_the_engines(gm: dict[str, str]) -> None:
    t = tables_of(gm, "checks-bsh")
    rows = t["bsh-outcomes"].rows
    assert rows[0][0] == "1" and rows[-1][0] == "20"
    for attribute in (8, 12, 17):
        assert C.bsh_outcome(1, attribute) == "critical_success"
        assert C.bsh_outcome(20, attribute) == "critical_failure"
        assert C.bsh_outcome(attribute - 1, attribute) == "success"
        assert C.bsh_outcome(attribute, attribute) == "failure"
    assert rows[1][0] == "2 … A − 1" and rows[2][0] == "A … 19"
    adv = t["bsh-advantage"].rows
    for row, (dc, kept) in zip(adv, [(C.BSH_ADVANTAGE_MAX_DC, min),
                                     (C.BSH_ADVANTAGE_MAX_DC + 1, None),
                                     (C.BSH_DISADVANTAGE_MIN_DC, max)], strict=True):
        assert str(dc) in row[0]
        res = C.resolve("bsh", RollSource(1, 1, 0, {"p": [15, 4]}), "p", score=10, dc=dc)
        if kept is None:
            assert res.dice == "1d20" and "one d20" in row[1]
        else:
            assert res.dice == "2d20" and res.natural == kept(15, 4)
    group = t["bsh-group"]
    for members, needed in zip(group.headers[1:], group.rows[0][1:], strict=True):
        m, n = int(members), int(needed)
        assert C.bsh_group_success(n, m) and not C.bsh_group_success(n - 1, m)


def simulate_uses(sides: int, trials: int, rng: random.Random) -> float:
    total = 0
    for _ in range(trials):
        die_now = sides
        while die_now:
            die_now = R.use(die_now, rng.randint(1, die_now))
            total += 1
    return total / trials


def test_usage_dice_show_book_and_computed_expectations(gm: dict[str, str]) -> None:
    """rules.md section 9 gives d20 30 ... d4 2; the sheet shows that and the exact
    expectation (rolls until exhaustion with a step down on 1-2), and they are near."""
    rows = tables_of(gm, "checks-bsh")["usage-dice"].rows
    assert [die(r[0])[1] for r in rows] == list(R.LADDER)
    rng = random.Random(2024)
    for row in rows:
        sides = die(row[0])[1]
        book, computed = int(row[2]), num(row[3])
        assert book == R.EXPECTED_USES_SEED[sides] == {20: 30, 12: 20, 10: 14, 8: 9, 6: 5,
                                                       4: 2}[sides]
        assert computed == R.expected_uses(sides)
        assert abs(book - computed) <= 1
        assert abs(simulate_uses(sides, 4000, rng) - float(computed)) < 0.05 * float(computed)
        assert num(row[1].rstrip("%")) == Fraction(200, sides).limit_denominator(1) or \
            abs(float(num(row[1].rstrip("%"))) - 200 / sides) < 0.5


def test_doom_die_is_the_replays_default(campaign: Campaign) -> None:
    c = with_rules(campaign, checks="bsh")
    expected = R.doom_die_of(Member(name="x"), c.rules)
    page = reference_pages(campaign, "gm", "en")["reference/checks-bsh.md"]
    assert expected is not None and f"{expected} here" in page


# -- seed 004 tables (data.py) ---------------------------------------------------------------


def test_modifier_tables_are_the_data(gm: dict[str, str]) -> None:
    t = tables_of(gm, "modifiers")
    vis = t["visibility"].rows
    for v, row in zip(D.VISIBILITY, vis, strict=True):
        if v.perception:
            assert die(row[2]) == (1, v.perception) and row[2].startswith("−")
        for feet, sides in v.attacks:
            assert f"−1d{sides} at {feet} ft" in row[3]
    assert [die(r[2])[1] if r[2] != "—" else None for r in t["range"].rows] == [
        r.penalty for r in D.RANGE_BANDS]
    assert [f"×{r.multiple}" in row[1] for r, row in zip(D.RANGE_BANDS, t["range"].rows,
                                                          strict=True)] == [True] * 4
    assert [die(r[2])[1] for r in t["cover"].rows] == [c.penalty for c in D.COVER]
    assert [(r[1][0], die(r[1])[1]) for r in t["combat-actions"].rows] == [
        ("−" if a.die < 0 else "+", abs(a.die)) for a in D.COMBAT_ACTIONS]
    conditions = t["conditions"].rows
    assert len(conditions) == len(D.CONDITIONS)
    for cond, row in zip(D.CONDITIONS, conditions, strict=True):
        assert row[1] == ("—" if cond.levels == 1 else f"1–{cond.levels}")
        for key, sides in cond.dice.items():
            if key in ("speed", "min_speed", "distance", "reach"):
                assert f"{sides} ft" in row[2], (cond.id, key)
            else:
                assert f"1d{sides}" in row[2], (cond.id, key)
    level = t["level-damage"]
    assert [die(c)[1] for c in level.rows[0][1:]] == list(D.LEVEL_DAMAGE_DICE.values())


# -- chases (rules/chase.py, data.py) ---------------------------------------------------------


def test_chase_sheet_reads_the_chase_engine(gm: dict[str, str]) -> None:
    t = tables_of(gm, "chases")
    rules = t["chase-rules"].by_label()
    assert rules["Free Dashes"] == [f"{CH.FREE_DASHES_BASE} + Con modifier"]
    assert rules["Each further Dash"] == [f"Constitution DC {CH.CON_CHECK_DC} or 1 exhaustion"]
    assert rules["Exhaustion that drops out"] == [f"level {CH.EXHAUSTION_DROP_OUT}+"]
    assert rules["Exhaustion that halves speed"] == [f"level {CH.EXHAUSTION_HALF_SPEED}+"]
    assert f"{CH.DEFAULT_SIGHT_FT['urban']} ft" in rules["Out of sight beyond"][0]
    assert [e.effect > 0 for e in D.ESCAPE_FACTORS] == [
        r[1] == "advantage" for r in t["escape-factors"].rows]
    # the campaign's chase-urban table replaces ours; the wilderness one is our own
    urban = t["complications-urban"].rows
    assert urban == [["1–10", "Market stalls collapse"], ["11–20", "Clear street"]]
    wild = t["complications-wilderness"].rows
    assert [span(r[0]) for r in wild][-1] == (CH.COMPLICATION_MAX + 1, CH.COMPLICATION_DIE)
    assert len(wild) == D.COMPLICATION_COUNT + 1


# -- facing (seed 003) -----------------------------------------------------------------------


def test_facing_on_squares_follows_the_seeds_rule() -> None:
    s = facing.sectors_for_squares(3)
    assert s[(0, -1)] == "front" and s[(0, 1)] == "rear"
    assert s[(1, -1)] == s[(-1, -1)] == "front"  # cut in half, half front: front
    assert s[(1, 1)] == s[(-1, 1)] == "side"  # half side, half rear: side
    assert s[(1, 0)] == s[(-3, 0)] == "side"
    assert s[(2, -3)] == "front" and s[(3, 2)] == "side"
    # rows ahead widen by one square each side: 3, 5, 7 squares at 1, 2, 3 steps
    assert sum(v == "front" for v in s.values()) == 3 + 5 + 7
    assert sum(v == "rear" for v in s.values()) == 1 + 3 + 5


def test_facing_on_hexes_is_a_60_degree_wedge() -> None:
    s = facing.sectors_for_hexes(3)
    g = facing.HEX_GRID
    n = g.neighbor(Hex(0, 0), "N")
    assert s[n] == "front" and s[g.neighbor(Hex(0, 0), "S")] == "rear"
    assert all(s[g.neighbor(Hex(0, 0), f)] == "side" for f in ("NE", "SE", "SW", "NW"))
    assert facing.sector_angle_hexes() == 60.0
    # the hexes split by the wedge lines two steps out: half front -> front,
    # half side/half rear -> side
    assert s[g.neighbor(g.neighbor(Hex(0, 0), "N"), "NE")] == "front"
    assert s[g.neighbor(g.neighbor(Hex(0, 0), "S"), "SE")] == "side"
    assert list(s.values()).count("front") == 7 and list(s.values()).count("rear") == 5


def test_facing_svgs_show_the_classification(gm: dict[str, str]) -> None:
    squares = ET.fromstring(gm["reference/img/facing-squares.svg"])
    cells = {(int(el.get("data-x") or 0), int(el.get("data-y") or 0)): el
             for el in squares.iter() if el.get("data-role") == "cell"}
    expected = facing.sectors_for_squares(3)
    assert {k: el.get("data-sector") for k, el in cells.items()} == expected
    assert {el.text for k, el in cells.items() if expected[k] == "front"} == {"F"}
    hexes = ET.fromstring(gm["reference/img/facing-hexes.svg"])
    hcells = {Hex(int(el.get("data-q") or 0), int(el.get("data-r") or 0)): el.get("data-sector")
              for el in hexes.iter() if el.get("data-role") == "cell"}
    assert hcells == facing.sectors_for_hexes(3)


# -- roll tables ------------------------------------------------------------------------------


def test_roll_table_ranges_and_dice_from_weights(campaign: Campaign,
                                                 gm: dict[str, str]) -> None:
    expected_dice = {"weather": (1, 6), "storm-omens": (1, 4), "road": (2, 6),
                     "finds": (1, 100), "d12": (1, 12), "d20": (1, 20), "d4": (1, 4)}
    for tid, dice in expected_dice.items():
        t = tables_in(gm[f"reference/tables/{tid}.md"])[f"roll-{tid}"]
        assert die(t.headers[0]) == dice
        assert [span(r[0]) for r in t.rows] == list(campaign.tables[tid].ranges)
        chances = [num(r[3].rstrip("%")) for r in t.rows]
        assert abs(sum(chances) - 100) < Fraction(1, 2)
    finds = tables_in(gm["reference/tables/finds.md"])["roll-finds"]
    assert [r[0] for r in finds.rows] == ["01–05", "06–95", "96–00"]
    road = tables_in(gm["reference/tables/road.md"])["roll-road"]
    dist = dice_distribution("2d6")
    # exact arithmetic: the printed chance is within 1/20 of a percent of the true one
    # (pytest.approx refuses a Fraction tolerance since pytest 9.2)
    expected = sum(dist[v] for v in range(2, 5)) * 100
    assert abs(num(road.rows[0][3].rstrip("%")) - expected) <= Fraction(1, 20)
    assert "distance 2d6×10 ft" in road.rows[0][2] and "reaction 2d6" in road.rows[0][2]
    assert road.rows[0][2] and "[Weather](weather.md)" in road.rows[1][2]


def test_players_see_only_their_tables_and_no_gm_notes(players: dict[str, str],
                                                       gm: dict[str, str]) -> None:
    player_tables = {p for p in players if p.startswith("reference/tables/")}
    assert player_tables == {"reference/tables/index.md", "reference/tables/weather.md",
                             "reference/tables/road.md"}
    weather = tables_in(players["reference/tables/weather.md"])["roll-weather"]
    assert "Storm | hail" == html.unescape(weather.rows[2][1])  # the pipe as a reference
    assert "storm-omens" not in players["reference/tables/weather.md"]
    assert "the GM rolls further" in weather.rows[2][2]
    assert "[Storm omens](storm-omens.md)" in tables_in(
        gm["reference/tables/weather.md"])["roll-weather"].rows[2][2]
    assert "spy" not in players["reference/tables/road.md"]
    assert "He is a spy" in gm["reference/tables/road.md"]
    assert all("spy" not in text and "witch" not in text for text in players.values())
    index = tables_in(players["reference/tables/index.md"])["tables"]
    assert [plain(r[0]) for r in index.rows] == ["On the road", "Weather"]
    # the chase sheet of the players does not show the GM's chase-urban table
    urban = tables_of(players, "chases")["complications-urban"].rows
    assert "Market stalls collapse" not in str(urban)


def test_location_links_only_where_the_audience_knows_the_place(campaign: Campaign) -> None:
    gm_page = reference_pages(campaign, "gm", "en")["reference/tables/finds.md"]
    assert "[Thornfold Mill](../../locations/thornfold-mill.md)" in gm_page


def test_campaign_templates_override_ours(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, files={
        "templates/reference/facing.md":
            "# Our own facing rules\n\n{{ t.label('sector', 'front') }}, {{ _('Sector') }}\n"})
    c, _ = load(root)
    assert c is not None
    assert reference_pages(c, "gm", "uk")["reference/facing.md"] == (
        "# Our own facing rules\n\nпередній, Сектор\n")


# -- strings ---------------------------------------------------------------------------------


def vocabulary_ids() -> dict[str, set[str]]:
    """Every family of the sheets' vocabulary and the ids the rules' tables give it."""
    return {
        "condition": {c.id for c in D.CONDITIONS}, "condition_text": {c.id for c in D.CONDITIONS},
        "sight": {v.id for v in D.VISIBILITY}, "sight_example": {v.id for v in D.VISIBILITY},
        "range": {r.id for r in D.RANGE_BANDS}, "cover": {c.id for c in D.COVER},
        "cover_example": {c.id for c in D.COVER}, "action": {a.id for a in D.COMBAT_ACTIONS},
        "action_text": {a.id for a in D.COMBAT_ACTIONS},
        "escape": {e.id for e in D.ESCAPE_FACTORS}, "environment": set(CH.ENVIRONMENTS),
        "complication": {f"{env}.{i}" for env in CH.ENVIRONMENTS
                         for i in range(1, D.COMPLICATION_COUNT + 1)},
        "degree": set(C.D20_OUTCOMES), "brp_level": set(D.BRP_LEVELS),
        "reaction_phrase": {name for _, _, name in T.REACTIONS}, "mount_title": set(T.MOUNTS),
        "terrain": set(T.TERRAIN), "system": set(CH.CHECK_SYSTEMS),
        "page": {*TOPICS, "index", "tables", "gm-screen"},
        "blurb": {*TOPICS, "tables", "gm-screen"},
    }


def test_every_id_of_the_rules_tables_has_a_word() -> None:
    """The sheets look words up by the ids of the engine's tables: each one has an entry
    (an id added to a table without one fails here, not in a campaign's build); the
    catalogue tests (test_i18n.py) hold every entry to a translation."""
    for family, ids in vocabulary_ids().items():
        assert ids and ids <= set(VOCABULARY[family]), (family, ids - set(VOCABULARY[family]))
        assert all(VOCABULARY[family][i].message.strip() for i in ids), family


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_translated_sheets_have_no_english_headings(campaign: Campaign, language: str) -> None:
    files = reference_pages(campaign, "gm", language)
    for path, text in files.items():
        if path.endswith(".md") and "/tables/" not in path:
            for heading in re.findall(r"^#+ (.+)$", text, re.M):
                assert re.search(r"[а-яіїєґА-ЯІЇЄҐ]", heading) or "d20" in heading or \
                    "Basic Roleplaying" in heading or "Black Sword Hack" in heading, (
                        path, heading)


def test_renderer_gm_screen_for_each_system(campaign: Campaign) -> None:
    r = Renderer(campaign, "gm", "en")
    for system, marker in (("d20", "d20-degrees"), ("brp", "brp-success-short"),
                           ("bsh", "usage-dice")):
        page = r.gm_screen(system)
        assert marker in tables_in(page), system
        assert "screen-terrain" in tables_in(page)


@pytest.mark.parametrize("module", [D, facing, fmt, mdtables])
def test_module_doctests(module: Any) -> None:
    assert doctest.testmod(module).failed == 0


def test_players_site_without_a_reference(tmp_path: Path) -> None:
    """``reference.players: []``: the players' docs have no reference pages and their
    navigation no Rules reference; the GM's keep both."""
    root = write_campaign(tmp_path / "c", campaign_overrides={"reference": {"players": []}})
    c, diags = load(root)
    assert c is not None, [d.format() for d in diags.sorted()]
    chronicle, _ = replay(c)
    for audience, present in (("players", False), ("gm", True)):
        result = write_docs(c, chronicle, audience, tmp_path / "build", tmp_path / "site")
        config = result.config.read_text(encoding="utf-8")
        assert ("reference/index.md" in config) is present, audience
        assert (result.docs / "reference").is_dir() is present, audience
