"""The party page, the in-world timeline and the GM's map of each session.

Real builds (MkDocs) of a small replayed campaign with everything these pages show: usage dice
declared in campaign.yaml and in a session, doom dice rolled on critical failures and by
tempting fate, a stretch lost and re-anchored, wandering and logged encounters with secret
results, a GM reveal, an undiscovered location, a member with GM-only notes. The players'
pages must hold none of the secrets; the GM's session pages carry a map of what the players
knew at the end of each session, checked against a replay of the campaign cut after that
session (an independent oracle: the replay's own ``Chronicle.explored``).
"""

from __future__ import annotations

import dataclasses
import html
import re
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import yaml
from map_helpers import hex_layer, svg_numbers
from secret_campaign import SECRETS, load_secret_campaign, secret_chronicle

from generator.content.campaign import Campaign
from generator.content.loader import load_campaign
from generator.hexgrid import distance
from generator.knowledge import (
    GMView,
    ResourceView,
    explored_by_session,
    gm_view,
    players_view,
)
from generator.render.map_files import put_maps
from generator.render.maps import SIZE
from generator.render.pages import render_docs
from generator.replay import replay
from generator.rules.chronicle import Chronicle
from generator.site import build_sites
from generator.slug import slugify

from campaign_factory import CAMPAIGN, load, write_campaign

REPO = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"

PLAINS_TABLE = textwrap.dedent("""\
    id: plains
    name: Wild plains
    dice: 1d4
    audience: gm
    rows:
      - {roll: 1, result: "SECRET-WOLF-PACK"}
      - {roll: 2, result: "SECRET-PEDLAR"}
      - {roll: 3-4, result: "SECRET-STORM"}
    """)

HIDDEN_VAULT = textwrap.dedent("""\
    ---
    id: sunken-vault
    name: SECRET-VAULT-NAME
    hex: "0808"
    visibility: hidden
    ---
    SECRET-VAULT-BODY
    """)

SESSIONS = {
    # 0304 -> 0303 on course, a torch is used; then lost (veer) into 0403 with a wolf pack;
    # a critical failure on a realise check rolls Aria's doom die
    "sessions/01.yaml": textwrap.dedent("""\
        session: 1
        title: Out of Crossroads
        resources:
          torches: {die: d8, name: Bundle of torches, owner: Bram, gm: SECRET-TORCH-GM}
        log:
          - note: We set out at dawn.
          - travel: {heading: N}
            rolls: {navigation: 18, encounter: [5]}
          - use: {resource: torches, by: Bram, note: Lit the way}
            rolls: {use: 1}
          - travel: {heading: NE}
            rolls: {navigation: 2, veer: 9, encounter: [1], table: 1, realise: [1]}
          - rest: {}
          - sleep: {}
        """),
    # Aria tempts fate; still lost into 0404, the party realises it; a new course re-anchors
    # it (0403 and 0404 become known); the GM reveals 0101; a logged encounter
    "sessions/02.yaml": textwrap.dedent("""\
        session: 2
        title: Finding the way
        log:
          - use: {resource: doom, by: Aria, note: Tempting fate}
            rolls: {doom: 1}
          - travel: {heading: NE}
            rolls: {navigation: 2, realise: [20], encounter: [5]}
          - reorient: {method: new_course}
            rolls: {reorient: 20, encounter: [5]}
          - reveal: ["0101"]
          - encounter: {table: plains, roll: 2, note: A pedlar}
          - note: The pedlar told us of the north.
        """),
    # on course to the mill, which is seen from 0503; Kessa's debt is called in
    "sessions/03.yaml": textwrap.dedent("""\
        session: 3
        title: Down to the river
        log:
          - travel: {toward: "0602"}
            rolls: {navigation: 19, encounter: [5]}
          - travel: {toward: "0602"}
            rolls: {navigation: 19, encounter: [5]}
          - use: {resource: debt-of-kessa, by: Aria}
            rolls: {use: 6}
          - camp: {}
        """),
}

#: GM-only text of the replayed campaign: none may reach a players' page.
REPLAY_SECRETS = ("SECRET-TORCH-GM", "SECRET-WOLF-PACK", "SECRET-PEDLAR", "SECRET-VAULT-NAME",
                  "SECRET-VAULT-BODY", "SECRET-MEMBER-NOTE")


def write_replayed_campaign(root: Path, language: str = "en") -> Path:
    members: list[dict[str, Any]] = [dict(m) for m in CAMPAIGN["party"]["members"]]
    members[0]["notes"] = "SECRET-MEMBER-NOTE: owes the guild"
    members[1]["mount"] = "pony"
    return write_campaign(root, files={"tables/plains.yaml": PLAINS_TABLE,
                                       "locations/sunken-vault.md": HIDDEN_VAULT, **SESSIONS},
                          campaign_overrides={"rules": {"doom": "d6"}, "language": language,
                                              "party": {"members": members}})


def load_replayed(root: Path, language: str = "en") -> tuple[Campaign, Chronicle]:
    campaign, diags = load(write_replayed_campaign(root, language))
    assert campaign is not None and not diags.errors, [d.format() for d in diags.items]
    chronicle, rdiags = replay(campaign)
    assert not rdiags.errors, [d.format() for d in rdiags.items]
    return campaign, chronicle


def cut_after(campaign: Campaign, n: int) -> Chronicle:
    """The replay of the campaign's first ``n`` sessions alone."""
    chronicle, _ = replay(dataclasses.replace(campaign, sessions=campaign.sessions[:n]))
    return chronicle


class Built:
    def __init__(self, base: Path, campaign: Campaign, chronicle: Chronicle) -> None:
        self.base = base
        self.campaign = campaign
        self.chronicle = chronicle
        self.site = base / "site"
        self.build = base / "build"

    def page(self, audience: str, url: str) -> str:
        """A built page's HTML, entities decoded."""
        path = self.site / audience / url / "index.html"
        return html.unescape(path.read_text(encoding="utf-8"))

    def doc(self, audience: str, path: str) -> str:
        return (self.build / audience / "docs" / path).read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    base = tmp_path_factory.mktemp("extra")
    campaign, chronicle = load_replayed(base / "campaign")
    report = build_sites(campaign, chronicle, out_dir=base / "site", build_root=base / "build",
                         repo_config=REPO / "mkdocs.yml")
    assert report.warnings == []
    return Built(base, campaign, chronicle)


def section(page: str, anchor: str) -> str:
    """The HTML from the heading with id ``anchor`` to the next heading of that level."""
    start = re.search(rf'<h([1-6]) id="{re.escape(anchor)}"', page)
    assert start is not None, anchor
    level = int(start.group(1))
    end = re.compile(rf"<h[1-{level}][ >]|</article>").search(page, start.end())
    return page[start.start(): end.start() if end else len(page)]


def table_rows(fragment: str) -> list[str]:
    """The body rows of the first table in ``fragment``, as text cells joined by '|'."""
    body = re.search(r"<tbody>(.*?)</tbody>", fragment, re.S)
    assert body is not None
    rows = re.findall(r"<tr>(.*?)</tr>", body.group(1), re.S)
    return ["|".join(re.sub(r"<[^>]+>", "", c).strip()
                     for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)) for row in rows]


# ------------------------------------------------------------------------------------------
# navigation and home


def test_party_and_timeline_follow_sessions_in_the_nav(built: Built) -> None:
    for audience in ("players", "gm"):
        config = yaml.safe_load((built.build / audience / "mkdocs.yml").read_text("utf-8"))
        titles = [next(iter(item)) for item in config["nav"]]
        at = titles.index("Sessions")
        assert titles[at + 1: at + 3] == ["Party", "Timeline"], titles
        assert {"Party": "party.md"} in config["nav"]
        assert {"Timeline": "timeline.md"} in config["nav"]


def test_home_keeps_a_summary_and_links_to_the_party_page(built: Built) -> None:
    for audience in ("players", "gm"):
        home = built.page(audience, "")
        assert 'href="party/"' in home and 'href="timeline/"' in home
        assert "Bundle of torches <strong>d6</strong>" in home
        assert "History of" not in home and "Paid for" not in home   # the history moved
    assert "Aria (" in built.page("gm", "") and "fatigued" in built.page("gm", "")
    assert "fatigued" not in built.page("players", "")


# ------------------------------------------------------------------------------------------
# the party page


def test_party_page_lists_every_resource_with_its_die_and_history(built: Built) -> None:
    resources = built.chronicle.resources
    assert {"debt-of-kessa", "torches", "doom-Aria", "doom-Bram"} <= set(resources)
    for audience in ("players", "gm"):
        page = built.page(audience, "party")
        summary = table_rows(section(page, "resources"))
        assert len(summary) == len(resources)
        for r in resources.values():
            # a doom die is named by its member, once ("Doom die of Aria")
            name = f"Doom die of {r.owner}" if r.doom else r.name
            row = next(x for x in summary if x.startswith(name))
            assert "(doom die)" not in row
            assert row.split("|")[2:4] == [r.now, r.start], row
            part = section(page, f"resource-{slugify(r.id)}")
            assert f"Die now: {r.now}" in re.sub(r"<[^>]+>", "", part)
            assert re.search(rf'<li class="step-now" aria-current="step">{r.now}</li>', part)
            assert part.count('class="step-now"') == 1
            history = table_rows(part) if r.history else []
            assert len(history) == len(r.history), (audience, r.id)
            for row_text, event in zip(history, r.history, strict=True):
                cells = row_text.split("|")
                assert cells[1] == str(event.day)
                assert cells[3] == ("" if event.roll is None else str(event.roll))
                assert cells[4].startswith(f"{event.before} → ")
    torches = table_rows(section(built.page("players", "party"), "resource-torches"))
    assert torches == ["1|1|Bram||d8 → d8|declared",
                       "1|1|Bram|1|d8 → d6|used"]  # a use's note is the GM's
    # a doom roll forced by a critical failure is shown in the session it happened in
    aria = table_rows(section(built.page("players", "party"), "resource-doom-aria"))
    assert [row.split("|")[0] for row in aria] == ["1", "2"]
    assert aria[1].endswith("|d6 → d4|tempting fate")


def test_party_members_per_audience(built: Built) -> None:
    players = built.page("players", "party")
    members = table_rows(section(players, "members"))
    assert members == ["Aria|30 ft, 3 mph|on foot|1–3", "Bram|4 mph|pony|1–3"]
    for word in ("Survival", "Perception", "fatigued", "nonlethal", "navigator", "Scores",
                 "SECRET-MEMBER-NOTE"):
        assert word not in players, word
    gm = built.page("gm", "party")
    rows = table_rows(section(gm, "members"))
    assert rows[0].startswith("Aria (navigator)|30 ft, 3 mph|on foot|1–3|")
    assert "nonlethal" in rows[0] and "fatigued" in rows[0]
    scores = table_rows(section(gm, "scores"))
    assert scores[0].startswith("Aria|3|1|5|0|")
    assert "SECRET-MEMBER-NOTE: owes the guild" in gm
    assert "SECRET-TORCH-GM" in section(gm, "resource-torches")


def test_ladder_steps() -> None:
    r = ResourceView("x", "X", None, None, "d8", "d4", False, ())
    assert r.ladder() == (("d20", "above"), ("d12", "above"), ("d10", "above"),
                          ("d8", "spent"), ("d6", "spent"), ("d4", "now"),
                          ("exhausted", "left"))
    spent = ResourceView("x", "X", None, None, "d4", "exhausted", True, ())
    assert spent.ladder()[-2:] == (("d4", "spent"), ("exhausted", "now"))


# ------------------------------------------------------------------------------------------
# the timeline


def test_timeline_day_by_day(built: Built) -> None:
    players = built.page("players", "timeline")
    text = re.sub(r"<[^>]+>", "", players)
    days = re.findall(r'<h2 id="day-(\d+)"', players)
    assert days == ["1", "2"]
    day1 = re.sub(r"<[^>]+>", "", section(players, "day-1"))
    for fact in ("Session 1 begins: Out of Crossroads", "We set out at dawn.",
                 "Watch 2 (dawn)", "Session 1 ends", "Session 2 begins: Finding the way",
                 "Travel (3 watches)"):
        assert fact in day1, fact
    day2 = re.sub(r"<[^>]+>", "", section(players, "day-2"))
    assert "Found: Thornfold Mill" in day2 and "Watch 4 (afternoon)" in day2
    assert "The pedlar told us of the north." in day2
    # the GM's moments are not the players'
    for gm_only in ("strays off course", "realises it is lost", "knows where it is again",
                    "Encounter (wandering)", "Encounter (logged)", "Revealed",
                    "Bundle of torches:", "0403", "0101"):
        assert gm_only not in text, gm_only
    gm = re.sub(r"<[^>]+>", "", built.page("gm", "timeline"))
    for fact in ("The party strays off course · 0403", "The party realises it is lost · 0404",
                 "The party knows where it is again · 0404", "SECRET-WOLF-PACK",
                 "SECRET-PEDLAR", "Revealed to the players: 0101",
                 "Bundle of torches: d8 → d6 (used, roll 1, Bram): Lit the way",
                 "Doom die of Aria: d6 → d4 (tempting fate, roll 1, Aria)",
                 "Found: Thornfold Mill"):
        assert fact in gm, fact
    assert gm.index("strays off course") < gm.index("realises it is lost") \
        < gm.index("knows where it is again")


def test_player_party_page_and_timeline_hold_no_secret(built: Built) -> None:
    for url, doc in (("party", "party.md"), ("timeline", "timeline.md"), ("", "index.md")):
        for text in (built.page("players", url), built.doc("players", doc)):
            for secret in REPLAY_SECRETS:
                assert secret not in text, (url, secret)
    for url in ("party", "timeline"):
        gm = built.page("gm", url)
        assert any(secret in gm for secret in REPLAY_SECRETS)


def test_secret_campaign_pages_hold_no_secret(tmp_path: Path) -> None:
    """The secret campaign's hand-built chronicle (secrets everywhere), docs only."""
    campaign = load_secret_campaign(tmp_path / "c")
    players = render_docs(players_view(campaign, secret_chronicle()))
    for path in ("party.md", "timeline.md", "index.md"):
        for secret in SECRETS:
            assert secret not in players.files[path], (path, secret)
    assert "Kessa owes us" in players.files["party.md"]
    assert "Paid for the ferry" not in players.files["party.md"]  # a use's note: the GM's
    assert "We saw smoke in the east." in players.files["timeline.md"]
    assert "Thornfold Mill" in players.files["timeline.md"]
    gm = render_docs(gm_view(campaign, secret_chronicle()))
    assert "SECRET-RESOURCE-GM" in gm.files["party.md"]
    for secret in ("SECRET-ENCOUNTER", "SECRET-GMONLY-NAME", "strays off course · [0403]"):
        assert secret in gm.files["timeline.md"], secret


def test_timeline_in_russian(tmp_path: Path) -> None:
    campaign = load_secret_campaign(tmp_path / "c", language="ru")
    docs = render_docs(players_view(campaign, secret_chronicle())).files
    assert "## День 1 { #day-1 }" in docs["timeline.md"]
    assert "**Вахта 2 (рассвет)** · [Начало сессии 1:" in docs["timeline.md"]
    assert "# Отряд" in docs["party.md"] and "Кость сейчас" in docs["party.md"]


# ------------------------------------------------------------------------------------------
# the GM's map of each session


def explored_svg(page: str) -> ET.Element:
    found = re.search(r'<figure class="hexmap explored"[^>]*>(<svg.*?</svg>)</figure>', page,
                      re.S)
    assert found is not None
    return ET.fromstring(found.group(1))


def uses_in(root: ET.Element, cls: str) -> list[ET.Element]:
    groups = [g for g in root.iter(f"{SVG}g") if g.get("class", "").split()[:1] == [cls]]
    return [u for g in groups for u in g.iter(f"{SVG}use")]


def hex_paths(root: ET.Element) -> list[tuple[ET.Element, float, float]]:
    """The hexes of a map (paths in lattice units) with their centres in SVG units."""
    return [hexes for g in root.iter(f"{SVG}g") if g.get("class", "").split()[:1] == ["hexes"]
            for hexes in hex_layer(g)]


def test_gm_session_map_shows_what_was_explored_by_its_end(built: Built) -> None:
    """Around the session's route: the hexes explored by its end, no other, every one next
    to its tracks among them, those first explored in it outlined."""
    gm = gm_view(built.campaign, built.chronicle)
    grid = built.campaign.grid
    before: set[str] = set()
    for n, session in enumerate(gm.sessions, start=1):
        expected = {label for label in cut_after(built.campaign, n).explored
                    if label in gm.hexes}
        root = explored_svg(built.page("gm", f"sessions/{session.slug}"))
        centres = {tuple(round(v, 1) for v in grid.pixel(grid.parse(label), SIZE)): label
                   for label in gm.hexes}
        drawn = {centres[(round(x, 1), round(y, 1))] for _, x, y in hex_paths(root)}
        assert drawn <= expected, (n, sorted(drawn - expected))
        route = {h for line in (*session.true_track, *session.believed_track) for h in line}
        near = {label for label in expected
                if any(distance(grid.parse(label), h) <= 1 for h in route)}
        assert near <= drawn, (n, sorted(near - drawn))
        assert len(uses_in(root, "new-hexes")) == len(drawn & (expected - before))
        # this session's tracks highlighted; earlier ones faded where they cross its frame
        classes = [p.get("class") for p in root.iter(f"{SVG}polyline")]
        shapes = classes + [c.get("class") for c in root.iter(f"{SVG}circle")]
        # the earlier sessions' steps are one path, each step drawn once
        classes += [p.get("class") for p in root.iter(f"{SVG}path")]
        assert any("tr-true" in (c or "") for c in shapes)
        assert any("tr-believed" in (c or "") for c in shapes)
        crossing = [line for s in gm.sessions[: n - 1]
                    for line in (*s.true_track, *s.believed_track)
                    if len(line) > 1 and route & set(line)]
        if crossing:
            assert "tr tr-past" in classes, n
        if n == 1:
            assert "tr tr-past" not in classes
        before = expected
    # players never get this map
    for session in gm.sessions:
        assert "hexmap explored" not in built.page("players", f"sessions/{session.slug}")


def test_gm_session_maps_of_the_example_campaign() -> None:
    """The example campaign (lost stretches, reveals, six sessions), docs only."""
    campaign, _ = load_campaign(REPO / "content")
    assert campaign is not None
    chronicle, _ = replay(campaign)
    view = gm_view(campaign, chronicle)
    docs = render_docs(view).files
    whole = [float(v) for v in ET.fromstring(docs["maps/overview.svg"]).get(
        "viewBox", "").split()]
    for n, session in enumerate(view.sessions, start=1):
        expected = {label for label in cut_after(campaign, n).explored if label in view.hexes}
        page = put_maps(docs[f"sessions/{session.slug}.md"], docs.__getitem__)
        svg = re.search(r'<figure class="hexmap explored"[^>]*>(<svg.*?</svg>)</figure>',
                        page, re.S)
        assert svg is not None
        root = ET.fromstring(svg.group(1))
        assert 0 < len(hex_paths(root)) <= len(expected) == len(session.state.explored)
        assert session.state.explored == expected
        # cropped, and every coordinate rounded to one decimal at most
        box = [float(v) for v in root.get("viewBox", "").split()]
        assert box[2] * box[3] < whole[2] * whole[3]
        numbers = svg_numbers(svg.group(1))
        assert all(len(x.split(".")[1]) == 1 for x in numbers)
        assert len(svg.group(1)) < 60_000


def test_explored_by_session_matches_cut_replays(built: Built) -> None:
    sets = explored_by_session(built.campaign, built.chronicle)
    assert sets[-1] == frozenset(built.chronicle.explored)
    for n, explored in enumerate(sets, start=1):
        assert explored == frozenset(cut_after(built.campaign, n).explored), n
    # 0403 and 0404, crossed while lost, count from the session that re-anchored (2)
    assert "0403" not in sets[0] and {"0403", "0404", "0101"} <= sets[1]


def test_hand_built_chronicle_session_state(tmp_path: Path) -> None:
    """A chronicle not made by the replay still ends on exactly its explored set."""
    campaign = load_secret_campaign(tmp_path / "c")
    view = gm_view(campaign, secret_chronicle())
    assert isinstance(view, GMView)
    state = view.sessions[-1].state
    assert state.explored == frozenset(secret_chronicle().explored)
    assert state.discovered == {"thornfold-mill", "gm-lair"}
    assert [p.id for p in state.paths] == ["mere"]
