"""What each audience may know: the player view holds nothing GM-only (generator.knowledge)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from secret_campaign import SECRETS, load_secret_campaign, secret_chronicle

from generator.content.campaign import Campaign
from generator.knowledge import (
    DayView,
    GMHexView,
    GMView,
    HexView,
    LocationView,
    MemberView,
    MomentView,
    PathView,
    PlayerView,
    ResourceEventView,
    ResourceView,
    RowView,
    SessionView,
    TableView,
    WatchView,
    gm_view,
    players_view,
    track,
)
from generator.rules.chronicle import Chronicle, SessionRecord, TimePoint, WatchRecord


@pytest.fixture
def campaign(tmp_path: Path) -> Campaign:
    return load_secret_campaign(tmp_path / "c")


def walk(value: Any) -> list[Any]:
    """Every value reachable from a view (dataclass fields, containers), depth first."""
    out: list[Any] = []
    stack = [value]
    seen: set[int] = set()
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        out.append(item)
        if dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(getattr(item, f.name) for f in dataclasses.fields(item))
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack.extend(item)
    return out


def test_player_view_holds_no_secret(campaign: Campaign) -> None:
    view = players_view(campaign, secret_chronicle())
    text = "\n".join(str(v) for v in walk(view) if isinstance(v, str))
    for secret in SECRETS:
        assert secret not in text, secret


def test_player_view_has_only_player_types(campaign: Campaign) -> None:
    """No GM subclass (which carries gm fields, rolls, the true track) hides in it."""
    view = players_view(campaign, secret_chronicle())
    allowed = (PlayerView, HexView, PathView, LocationView, TableView, RowView, SessionView,
               WatchView, ResourceView, ResourceEventView, MemberView, DayView, MomentView)
    for item in walk(view):
        if dataclasses.is_dataclass(item) and not isinstance(item, type):
            name = type(item).__name__
            assert not name.startswith("GM"), name
            if type(item).__module__.startswith("generator.knowledge") and name not in (
                    "SiteInfo", "NowView", "TerrainView"):
                assert type(item) in allowed, name
            for f in dataclasses.fields(item):
                assert f.name not in ("gm", "record", "true_track", "rolls", "encounters",
                                      "encounter", "event", "survival", "nonlethal",
                                      "fatigued", "state"), (name, f.name)


def test_player_view_contents(campaign: Campaign) -> None:
    view = players_view(campaign, secret_chronicle())
    # explored hexes only, with terrain and player-facing text
    assert set(view.hexes) == {"0303", "0304", "0602"}
    assert view.hexes["0304"].name == "Crossroads Meadow"
    description = view.hexes["0304"].description
    assert description is not None
    assert description.text == "Tall grass around a weathered milestone."
    # gm_only locations never, undiscovered never; discovered ones with the player body
    assert set(view.locations) == {"thornfold-mill"}
    mill = view.locations["thornfold-mill"]
    assert "A water mill on the Mere" in mill.body
    assert "!!! gm" not in mill.body and "??? gm" not in mill.body
    assert mill.found_in == 1
    assert view.hexes["0304"].locations == ()       # the gm_only lair is not listed
    # only terrains of explored hexes: no forest, no hills
    assert set(view.terrains) == {"plains"}
    # players' tables only, and their rows point only at what players may see
    assert set(view.tables) == {"rumours"}
    rows = view.tables["rumours"].rows
    assert [r.location for r in rows] == [None, None, None, "thornfold-mill"]
    assert [r.table for r in rows] == [None, None, None, None]


def test_player_view_believed_track_only(campaign: Campaign) -> None:
    view = players_view(campaign, secret_chronicle())
    grid = campaign.grid
    session = view.sessions[0]
    hexes = {grid.label(h) for line in session.believed_track for h in line}
    assert hexes == {"0304", "0303", "0302"}          # believed, never the true 0403
    assert [w.believed_end for w in session.watches] == ["0303", "0302", "0302"]
    assert view.now.believed_hex == "0302"
    assert view.now.knows_lost is False
    assert session.miles == 18
    assert session.found == ("thornfold-mill",)      # the gm_only lair is filtered out
    assert [n.text for n in session.watches[1].notes] == ["We saw smoke in the east."]


def test_player_paths_only_where_explored(campaign: Campaign) -> None:
    view = players_view(campaign, secret_chronicle())
    paths = {p.id: p for p in view.paths}
    # the King's Road crosses no explored hex; the Mere crosses 0602 only
    assert set(paths) == {"mere"}
    grid = campaign.grid
    assert [[grid.label(h) for h in run] for run in paths["mere"].runs] == [["0602"]]
    assert sorted(face for _, face in paths["mere"].stubs) == ["N", "SE"]


def test_gm_view_holds_everything(campaign: Campaign) -> None:
    view = gm_view(campaign, secret_chronicle())
    text = "\n".join(str(v) for v in walk(view) if isinstance(v, str))
    for secret in SECRETS:
        assert secret in text, secret
    assert len(view.hexes) == 64
    assert isinstance(view.hexes["0304"], GMHexView)
    assert view.hexes["0403"].visits == 2 and view.hexes["0403"].lost_watches == 2
    assert view.hexes["0304"].explored and not view.hexes["0505"].explored
    assert set(view.locations) == {"thornfold-mill", "gm-lair", "hidden-shrine"}
    assert view.locations["hidden-shrine"].found_in is None
    assert view.now.hex == "0403" and view.now.believed_hex == "0302" and view.now.lost
    session = view.sessions[0]
    grid = campaign.grid
    assert [[grid.label(h) for h in line] for line in session.true_track] == [
        ["0304", "0303", "0403"]]
    assert session.gm is not None and session.gm.text == "SECRET-SESSION-GM"
    assert [r.name for r in view.regions] == ["North Reach", ""]
    assert view.regions[0].hexes == ("0303", "0304", "0403")
    assert isinstance(view, GMView)


def test_resources_and_members(campaign: Campaign) -> None:
    view = players_view(campaign, secret_chronicle())
    assert [(r.name, r.start, r.now) for r in view.resources] == [("Kessa owes us", "d6", "d4")]
    assert view.resources[0].history[0].note is None  # a use's note is the GM's
    gm_note = gm_view(campaign, secret_chronicle()).resources[0].history[0].note
    assert gm_note is not None and gm_note.text == "Paid for the ferry"
    # players: travel facts only; scores and conditions are the GM's
    assert [(m.name, m.speed, m.mph, m.mount, m.sessions, m.current)
            for m in view.members] == [("Aria", 30, 3.0, None, (1,), True),
                                       ("Bram", 30, 3.0, None, (1,), True)]
    assert {f.name for f in dataclasses.fields(view.members[0])} == {
        "name", "speed", "mph", "mount", "mount_loaded", "sessions", "current"}
    gm = gm_view(campaign, secret_chronicle())
    assert gm.resources[0].gm is not None and gm.resources[0].gm.text == "SECRET-RESOURCE-GM"
    assert [(m.name, m.fatigued, m.survival, m.navigator) for m in gm.members] == [
        ("Aria", False, 3, True), ("Bram", True, 2, False)]


def test_timeline_holds_only_the_players_moments(campaign: Campaign) -> None:
    view = players_view(campaign, secret_chronicle())
    assert [d.day for d in view.timeline] == [1]
    kinds = [(m.watch, m.kind) for m in view.timeline[0].moments]
    # the row tell of an encounter, the note after the watch, a rest's tell and note
    assert kinds == [(2, "session_start"), (3, "note"), (4, "note"), (4, "note"), (4, "note"),
                     (4, "found"), (5, "session_end")]
    texts = [m.text.text for m in view.timeline[0].moments if m.text is not None]
    assert texts == ["Howling far off in the grass", "We saw smoke in the east.",
                     "A shepherd waved from a ridge", "We rested by the stones"]
    assert view.timeline[0].moments[5].locations == ("thornfold-mill",)   # not the gm lair
    assert view.timeline[0].activities == (("travel", 2), ("rest", 1))
    gm = gm_view(campaign, secret_chronicle())
    gm_kinds = [m.kind for m in gm.timeline[0].moments]
    assert {"lost", "encounter", "resource"} <= set(gm_kinds)


def test_track_breaks_on_unknown_and_jumps(campaign: Campaign) -> None:
    grid = campaign.grid
    lines = track(grid, [["0304", "0303"], [None, "0302"], ["0302", "0301"], ["0808"]])
    assert [[grid.label(h) for h in line] for line in lines] == [
        ["0304", "0303"], ["0302", "0301"], ["0808"]]


def test_knows_lost_means_no_believed_position(campaign: Campaign) -> None:
    w = WatchRecord(index=0, day=2, watch=1, activity="travel", start_hex="0303",
                    end_hex="0403", believed_hex=None, hexes_entered=["0403"],
                    miles=Fraction(6), progress_miles=Fraction(0), lost=True, knows_lost=True,
                    veer=1, believed_start_hex="0303", believed_hexes_entered=[None])
    rec = SessionRecord(2, "Lost", None, None, TimePoint("0303", 2, 1, "0303"),
                        TimePoint("0403", 2, 2, None, True, True, 1), [w])
    chronicle = Chronicle("x", [rec], {}, {"0303": "explored"}, {}, {})
    view = players_view(campaign, chronicle)
    assert view.now.believed_hex is None and view.now.knows_lost
    assert view.sessions[0].watches[0].believed_entered == (None,)
    assert "0403" not in view.hexes


def test_no_sessions_starts_at_party_start(campaign: Campaign) -> None:
    view = players_view(campaign, Chronicle("x"))
    assert view.now.believed_hex == "0304"
    assert (view.now.day, view.now.watch) == (1, 2)
    assert view.sessions == () and view.hexes == {}


def test_gm_pages_name_content_files_inside_the_campaign_wherever_the_build_runs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The loader keeps paths relative to the working directory (for its messages), but a
    build run from a subfolder must not print ``../../sessions/01.yaml`` on the GM pages."""
    from generator.replay import replay

    from campaign_factory import load, write_campaign

    root = write_campaign(tmp_path / "camp")
    deeper = root / "notes" / "deeper"
    deeper.mkdir(parents=True)
    shown = []
    for cwd, where in ((root, Path(".")), (deeper, Path("../..")), (tmp_path, Path("camp"))):
        monkeypatch.chdir(cwd)
        campaign, _ = load(where)
        assert campaign is not None
        view = gm_view(campaign, replay(campaign)[0])
        shown.append(([s.source for s in view.sessions],
                       sorted(loc.source for loc in view.locations.values()),
                       sorted(t.source for t in view.tables.values())))
    assert shown[0] == shown[1] == shown[2]
    assert shown[0] == (["sessions/01.yaml"], ["locations/thornfold-mill.md"],
                        ["tables/thornwood-day.yaml"])
