"""Movement and hex progress at their edges (rules.md sections 3 and 4): the true track moved by
time, the believed track by miles, hustle's doubled hours, a stop at a face, going back the
way the party came. Each test fails if one comparison or one figure of the rule is turned
(mutation testing, docs/development.md); the expected values are worked out from the rules.

12-mile hexes: 6 miles to leave a hex from inside it, 12 by a far face, 6 by a near one.
"""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.content.campaign import Campaign
from generator.content.loader import load_campaign
from generator.hexgrid import Grid, Hex
from generator.rules.travel import (
    MoveResult,
    Track,
    blocked,
    face_kind,
    hustle_miles,
    hustle_time_for,
    miles_to_leave,
    move_distance,
    move_timed,
    path_between,
    rate_fn,
    requirement,
    stretch_path,
    trackless,
)

from replay_helpers import make_campaign, rolls_of, run, watches

GRID = Grid(10, 10)


def at(label: str, entry: str | None = None, progress: int | F = 0) -> Track:
    return Track(GRID.parse(label), entry, F(progress))


def labels(hexes: list[Hex]) -> list[str]:
    return [GRID.label(h) for h in hexes]


def timed(track: Track, hours: int | F, *, face: str | None = "N", mph: int | F = 3,
          hustle: int | F = 0, factor: F = F(1), deliberate: bool = False,
          wall: str | None = None) -> MoveResult:
    """Move ``track`` by ``face`` at ``mph`` everywhere; hexes outside the map block with
    ``map_edge``, and ``wall`` (a label) with ``impassable``."""
    def why(h: Hex) -> str | None:
        if not GRID.on_map(h):
            return "map_edge"
        return "impassable" if wall and GRID.label(h) == wall else None
    return move_timed(GRID, track, F(hours), 12, lambda t: face, why,
                      lambda t, f, n: (F(mph), None, None), F(hustle), factor, deliberate)


# -- rules.md section 4: the requirement of each face -------------------------------------------

def test_requirements_from_inside_by_a_near_face_a_far_face_and_the_entry() -> None:
    assert requirement(GRID, at("0505"), "NE", 12) == 6
    assert requirement(GRID, Track(GRID.parse("0505"), offsets={"N": F(2)}), "N", 12) == 2
    assert requirement(GRID, Track(GRID.parse("0505"), offsets={"N": F(2)}), "S", 12) == 6
    came_from_south = at("0505", "S")
    assert [requirement(GRID, came_from_south, f, 12) for f in
            ("N", "NE", "SE", "S", "SW", "NW")] == [12, 12, 6, 6, 6, 12]
    assert [face_kind(GRID, "S", f) for f in ("N", "NE", "SE", "S", "SW", "NW")] == [
        "far", "far", "near", "back", "near", "far"]
    assert face_kind(GRID, None, "N") == "start"


def test_miles_to_leave_back_through_the_entry_face_not_on_purpose_by_default() -> None:
    five_in = at("0505", "S", 5)
    assert miles_to_leave(GRID, five_in, "S", 12) == 1
    assert miles_to_leave(GRID, five_in, "S", 12, deliberate=True) == 5
    assert miles_to_leave(GRID, at("0505", "S", 13), "N", 12) == 0


def test_a_tracks_copy_is_its_own_and_a_fresh_trip_keeps_only_the_hex() -> None:
    track = Track(GRID.parse("0505"), "S", F(5), GRID.parse("0506"), {"N": F(2)})
    copy = track.copy()
    assert copy == track and copy.offsets is not track.offsets
    assert track.fresh() == Track(GRID.parse("0505"))


# -- the true track, by time ----------------------------------------------------------------------

def test_a_watch_crosses_at_six_miles_and_carries_the_rest_into_the_next_hex() -> None:
    """3 mph from inside 0505 heading N: 6 miles in 2 hours, then 6 of the 12 the far face
    needs."""
    m = timed(at("0505"), 4)
    assert (m.miles, m.hours, labels(m.entered), m.faces) == (12, 4, ["0504"], ["N"])
    assert [(t, GRID.label(h)) for t, h in m.crossings] == [(2, "0504")]
    assert (GRID.label(m.track.hex), m.track.entry, m.track.progress) == ("0504", "S", 6)
    assert m.track.prev == GRID.parse("0505") and m.stopped is None
    assert [(GRID.label(s.hex), s.exit_face, s.rate) for s in m.segments] == [
        ("0505", "N", 3), ("0504", "N", 3)]


def test_progress_that_reaches_the_requirement_exactly_crosses_and_the_watch_ends() -> None:
    m = timed(at("0505"), 2)
    assert (m.miles, m.hours, labels(m.entered)) == (6, 2, ["0504"])
    assert (m.track.entry, m.track.progress, len(m.segments)) == ("S", 0, 1)


def test_short_of_the_face_the_progress_grows() -> None:
    m = timed(at("0505", "S", 1), 3)
    assert (m.miles, m.hours, m.entered, m.track.progress) == (9, 3, [], 10)


def test_the_actual_distance_factor_slows_the_party() -> None:
    """80 %: 2.4 mph, so 6 miles take 2.5 hours and 1.5 hours more make 3.6 miles."""
    m = timed(at("0505"), 4, factor=F(8, 10))
    assert m.crossings[0][0] == F(5, 2) and m.track.progress == F(18, 5)
    assert m.miles == F(48, 5)


def test_no_face_to_leave_by_stops_the_watch_where_it_is() -> None:
    m = timed(at("0505"), 4, face=None)
    assert (m.stopped, m.hours, m.miles, m.entered) == ("target", 0, 0, [])


def test_a_party_of_one_mile_an_hour_still_moves() -> None:
    m = timed(at("0505"), 4, mph=1)
    assert (m.stopped, m.miles, m.track.progress) == (None, 4, 4)


def test_a_watch_of_no_time_still_crosses_a_face_already_reached() -> None:
    m = timed(at("0505", "S", 7), 0, face="SE")
    assert labels(m.entered) == ["0605"] and m.hours == 0
    m = timed(at("0505"), 0)
    assert (m.entered, m.miles, len(m.segments)) == ([], 0, 1)


def test_no_speed_stops_the_watch() -> None:
    m = timed(at("0505"), 4, mph=0)
    assert (m.stopped, m.hours, m.miles) == ("no_speed", 0, 0)


def test_progress_already_past_a_near_faces_requirement_crosses_at_once_even_at_no_speed(
        ) -> None:
    """Entered by S with 7 miles made, leaving NE (near, 6): the party is already there."""
    m = timed(at("0505", "S", 7), 4, face="SE", mph=0)
    assert labels(m.entered)[:1] == ["0605"] and m.crossings[0][0] == 0


# -- rules.md section 4: a stop at a face ---------------------------------------------------------

def test_the_map_edge_stops_the_party_at_the_face_with_the_faces_requirement() -> None:
    m = timed(at("0501"), 4)
    assert (m.stopped, GRID.label(m.blocked_hex or Hex(0, 0))) == ("map_edge", "0500")
    assert (m.miles, m.hours, m.track.progress, m.entered) == (6, 2, 6, [])


def test_a_stop_keeps_progress_already_higher_than_the_faces_requirement() -> None:
    """Entered by S with 8 made, an impassable hex to the SE (near, 6): progress stays 8."""
    m = timed(at("0505", "S", 8), 4, face="SE", wall="0605")
    assert (m.stopped, m.miles, m.hours, m.track.progress) == ("impassable", 0, 0, 8)
    m = timed(at("0505", "S", 8), 4, face="N", wall="0504")
    assert (m.stopped, m.miles, m.track.progress) == ("impassable", 4, 12)


# -- rules.md section 4: back the way the party came ----------------------------------------------

def test_going_back_on_purpose_walks_the_progress_down() -> None:
    """5 miles into 0505 from the S: back out by S needs the 5 made (1 h 40 at 3 mph);
    1 hour walks it down to 2."""
    m = timed(at("0505", "S", 5), 1, face="S", deliberate=True)
    assert (m.entered, m.miles, m.track.progress) == ([], 3, 2)
    m = timed(at("0505", "S", 5), 2, face="S", deliberate=True)
    assert labels(m.entered) == ["0506"] and m.crossings[0][0] == F(5, 3)


def test_leaving_by_the_entry_face_not_on_purpose_needs_six() -> None:
    """5 miles into 0505 from the S, veering back out by S: 1 mile more (20 minutes), then
    2 miles into 0506."""
    m = timed(at("0505", "S", 5), 1, face="S")
    assert labels(m.entered) == ["0506"] and m.crossings[0][0] == F(1, 3)
    assert (m.miles, m.track.progress) == (3, 2)


def test_going_back_into_a_wall_leaves_no_progress() -> None:
    m = timed(at("0505", "S", 5), 4, face="S", deliberate=True, wall="0506")
    assert (m.stopped, m.miles, m.track.progress) == ("impassable", 5, 0)


# -- rules.md section 3: hustle doubles the speed of the hustled hours, the first in the watch ----

@pytest.mark.parametrize(("distance", "t0", "until", "hours"), [
    (6, 0, F(1, 2), F(3, 2)),   # 3 miles in the hustled half hour, 3 at 3 mph
    (6, 0, 1, 1),               # exactly the hustled hour's 6 miles
    (3, 0, 1, F(1, 2)),
    (6, 1, 1, 2),               # hustle already over
    (6, 2, 1, 2),
    (9, F(1, 2), 1, F(5, 2)),   # 3 miles hustled, 6 more at 3 mph
])
def test_hustle_time(distance: int, t0: int | F, until: int | F, hours: int | F) -> None:
    assert hustle_time_for(F(distance), F(t0), F(3), F(until)) == hours


@pytest.mark.parametrize(("t0", "t1", "until", "miles"), [
    (0, 4, 1, 15), (2, 4, 1, 6), (0, F(1, 2), 1, 3), (F(1, 2), 2, 1, 6), (0, 1, 1, 6)])
def test_hustle_miles(t0: int | F, t1: int | F, until: int, miles: int | F) -> None:
    assert hustle_miles(F(t0), F(t1), F(3), F(until)) == miles


def test_a_hustled_hour_covers_the_six_miles_out_of_a_hex() -> None:
    m = timed(at("0505"), 4, hustle=1)
    assert m.crossings[0][0] == 1 and m.miles == 15 and m.track.progress == 9


# -- rules.md section 5: the believed track moves by miles ---------------------------------------

def distance(track: Track, miles: int | F, *, face: str | None = "N",
             deliberate: bool = True, wall: str | None = None) -> MoveResult:
    def why(h: Hex) -> str | None:
        if not GRID.on_map(h):
            return "map_edge"
        return "impassable" if wall and GRID.label(h) == wall else None
    return move_distance(GRID, track, F(miles), 12, lambda t: face, why, deliberate)


def test_the_believed_track_crosses_at_the_requirements_and_keeps_the_rest() -> None:
    m = distance(at("0505"), 10)
    assert (labels(m.entered), m.faces, m.miles) == (["0504"], ["N"], 10)
    assert (m.track.entry, m.track.progress, m.track.prev) == ("S", 4, GRID.parse("0505"))
    m = distance(at("0505"), 18)
    assert (labels(m.entered), m.miles, m.track.progress) == (["0504", "0503"], 18, 0)
    m = distance(at("0505"), 6)
    assert (labels(m.entered), m.track.progress) == (["0504"], 0)
    m = distance(at("0505"), 7)
    assert (labels(m.entered), m.track.progress) == (["0504"], 1)


def test_the_believed_track_stops_at_a_face_and_for_no_face() -> None:
    m = distance(at("0501"), 10)
    assert (m.stopped, m.miles, m.track.progress, m.entered) == ("map_edge", 6, 6, [])
    m = distance(at("0505"), 10, face=None)
    assert (m.stopped, m.miles, m.entered) == ("target", 0, [])


def test_the_believed_track_goes_back_on_purpose_unless_told_otherwise() -> None:
    m = distance(at("0505", "S", 5), 3, face="S")
    assert (m.entered, m.miles, m.track.progress) == ([], 3, 2)
    m = distance(at("0505", "S", 5), 5, face="S")
    assert labels(m.entered) == ["0506"]
    m = distance(at("0505", "S", 5), 3, face="S", deliberate=False)
    assert (labels(m.entered), m.track.progress) == (["0506"], 2)
    m = distance(at("0505", "S", 5), 9, face="S", wall="0506")
    assert (m.stopped, m.miles, m.track.progress) == ("impassable", 5, 0)


# -- rules.md sections 3 and 4: the map as movement sees it --------------------------------------

ROADS = {
    "mill-trail": {"kind": "trail", "hexes": ["0505", "0504"]},
    "kings-road": {"kind": "road", "hexes": ["0505", "0504", "0503"]},
    "a-highway": {"kind": "highway", "hexes": ["0605", "0505"]},
    "brook": {"kind": "river", "hexes": ["0505", "0506"]},
    "a-river": {"kind": "river", "hexes": ["0604", "0505", "0504"]},
    "b-road": {"kind": "road", "hexes": ["0604", "0505"]},
    "c-road": {"kind": "road", "hexes": ["0604", "0505"]},
}


def campaign_of(tmp_path: Path) -> Campaign:
    rows = ["p" * 10 for _ in range(10)]
    rows[2] = "pppplppppp"          # 0503 a lake
    rows[6] = "pppphppppp"          # 0507 hills
    root = make_campaign(tmp_path, rows=rows, paths=ROADS, sessions=[{"log": []}])
    campaign, diags = load_campaign(root)
    assert campaign is not None, [d.format() for d in diags.items]
    return campaign


def test_paths_between_hexes_highway_then_road_then_trail_and_no_river(tmp_path: Path) -> None:
    c = campaign_of(tmp_path)
    p = c.grid.parse
    assert path_between(c, p("0505"), p("0504")) == ("road", "kings-road")
    assert path_between(c, p("0504"), p("0505")) == ("road", "kings-road")
    assert path_between(c, p("0605"), p("0505")) == ("highway", "a-highway")
    assert path_between(c, p("0505"), p("0506")) == (None, None)
    assert path_between(c, p("0604"), p("0505")) == ("road", "b-road")
    assert path_between(c, None, p("0505")) == (None, None)
    assert path_between(c, p("0505"), None) == (None, None)


def test_blocked_hexes(tmp_path: Path) -> None:
    c = campaign_of(tmp_path)
    assert blocked(c, c.grid.parse("0503")) == "impassable"
    assert blocked(c, c.grid.neighbor(c.grid.parse("0501"), "N")) == "map_edge"
    assert blocked(c, c.grid.parse("0507")) is None


def test_a_stretch_is_on_a_path_entered_along_it_or_left_along_it(tmp_path: Path) -> None:
    """From the highway (0605 into 0505) the stretch is on it whichever way the party leaves;
    a road stretch only toward 0504; a hex left along the road into a lake is not on it."""
    c = campaign_of(tmp_path)
    p = c.grid.parse
    from_highway = Track(p("0505"), "NE", prev=p("0605"))
    assert stretch_path(c, from_highway, "N") == ("highway", "a-highway")
    assert stretch_path(c, from_highway, None) == ("highway", "a-highway")
    inside = Track(p("0505"))
    assert stretch_path(c, inside, "N") == ("road", "kings-road")
    assert stretch_path(c, inside, "S") == (None, None) and trackless(c, inside, "S")
    assert stretch_path(c, inside, None) == (None, None)
    assert not trackless(c, inside, "N")
    into_lake = Track(p("0504"))
    assert stretch_path(c, into_lake, "N") == (None, None)


def test_speed_by_the_path_of_the_stretch_and_the_terrain(tmp_path: Path) -> None:
    """3 mph: plains on the road x1, trackless x3/4; hills trackless x1/2."""
    c = campaign_of(tmp_path)
    p = c.grid.parse
    rate_of = rate_fn(c, F(3))
    assert rate_of(Track(p("0505")), "N", p("0504")) == (3, "road", "kings-road")
    assert rate_of(Track(p("0505")), "S", p("0506")) == (F(9, 4), None, None)
    assert rate_of(Track(p("0507")), "S", p("0508")) == (F(3, 2), None, None)


# -- rules.md section 5a: the travel watch, step by step, as the GM log tells it -------------

def session(tmp_path: Path, log: list[dict[str, Any]], **kw: Any,
            ) -> tuple[list[dict[str, Any]], list[str]]:
    root = make_campaign(tmp_path, sessions=[{"log": log}], **kw)
    chronicle, diags = run(root)
    return watches(chronicle), [d.format() for d in diags.items]


def at_key(message: str, key: str) -> bool:
    """The diagnostic's PATH:LINE:COL points at the value of ``key:`` in its file."""
    path, line, col = message.split(": ")[0].rsplit(":", 2)
    text = Path(path).read_text("utf-8").splitlines()[int(line) - 1]
    return text[:int(col) - 1].strip() == f"{key}:"


NAV = {"navigation": 19, "encounter": [5]}
ROAD = {"road": {"kind": "road", "hexes": ["0505", "0504", "0503"]}}


def test_the_move_in_the_gm_log_miles_hours_hexes_way_speed_exit_side_and_arrival(
        tmp_path: Path) -> None:
    """Toward 0504 along the road (3 mph): 6 miles in 2 hours, arrived; then heading N, 12
    miles by the far face into 0503."""
    w, diags = session(tmp_path, [{"travel": {"toward": "0504"}, "rolls": NAV},
                                  {"travel": {"heading": "N"}, "rolls": NAV}], paths=ROAD)
    assert diags == []
    assert w[0]["summary"] == "6 miles in 2 h into 0504 (road, 3 mph, exit N [start]) — arrived."
    assert w[1]["summary"] == "12 miles in 4 h into 0503 (road, 3 mph, exit N [far])."
    assert w[1]["said"][0]["stretch"] == {"kind": "stretch", "path": "road", "mph": 3,
                                          "exit": "N", "side": "far"}
    assert (w[1]["intended_face"], w[1]["exit_face"], w[1]["believed_miles"]) == ("N", "N", 12)


def test_a_watch_of_two_hours_moves_for_two_hours(tmp_path: Path) -> None:
    w, _ = session(tmp_path, [{"travel": {"heading": "N", "hours": 2}, "rolls": NAV}])
    assert w[0]["summary"] == "4.5 miles in 2 h staying in 0505 (trackless, 2.25 mph, exit N " \
        "[start])."
    assert (w[0]["miles"], w[0]["believed_miles"]) == (4.5, 4.5)


def test_a_toward_that_starts_in_its_target_warns_at_its_toward(tmp_path: Path) -> None:
    w, diags = session(tmp_path, [{"travel": {"toward": "0505"}, "rolls": {"encounter": [5]}}])
    msg = "the party is already in 0505, the target: no move and no navigation check"
    assert w[0]["warnings"] == [msg] and w[0]["miles"] == 0
    (diag,) = diags
    assert diag.endswith(f" warning: {msg}") and at_key(diag, "toward")
    assert (w[0]["intended_face"], w[0]["exit_face"], w[0]["hexes_entered"]) == (None, None, [])


def test_a_party_standing_in_a_lake_is_warned_and_stays(tmp_path: Path) -> None:
    rows = ["p" * 10 for _ in range(10)]
    rows[4] = "pppplppppp"      # 0505 a lake
    w, diags = session(tmp_path, [{"travel": {"heading": "N"}, "rolls": NAV}], rows=rows)
    msg = ("the party stands in 0505 (Lake), which cannot be walked: it cannot move from there "
           "(is the party's start hex right?)")
    (diag,) = diags
    assert w[0]["warnings"] == [msg] and diag.endswith(f": warning: {msg}")
    assert diag.split(":")[0].endswith("sessions/01.yaml")     # at the watch's entry
    assert w[0]["summary"] == "0 miles in 0 h staying in 0505 (trackless, 0 mph, exit N [start])."
    assert w[0]["exit_face"] == "N"


def test_a_lake_and_the_map_edge_stop_the_party_with_a_warning(tmp_path: Path) -> None:
    rows = ["p" * 10 for _ in range(10)]
    rows[3] = "pppplppppp"      # 0504 a lake
    w, _ = session(tmp_path / "lake", [{"travel": {"heading": "N"}, "rolls": NAV}], rows=rows)
    assert w[0]["warnings"] == ["the party cannot enter 0504: its terrain is impassable"]
    assert (w[0]["miles"], w[0]["end_hex"], w[0]["exit_face"]) == (6, "0505", "N")
    w, _ = session(tmp_path / "edge", [{"travel": {"heading": "N"}, "rolls": NAV}],
                   start="0501")
    assert len(w[0]["warnings"]) == 1
    assert w[0]["warnings"][0].startswith("the map ends: the party cannot enter ")
    assert w[0]["warnings"][0] != "the map ends: the party cannot enter None"


def test_entering_a_hex_with_no_terrain_is_an_error_at_the_entry(tmp_path: Path) -> None:
    root = make_campaign(tmp_path, sessions=[{"log": [{"travel": {"heading": "N"},
                                                       "rolls": NAV}]}])
    (root / "hexes" / "map.yaml").write_text(yaml.safe_dump({"0505": {"terrain": "plains"}}),
                                             "utf-8")
    chronicle, diags = run(root)
    msg = ("the party would enter hex 0504, which has no terrain (add it to hexes/ or set "
           "default_terrain)")
    assert [(d.severity, d.message) for d in diags.items] == [("error", msg)]
    assert watches(chronicle)[0]["warnings"] == [msg]


def test_toward_goes_round_a_lake(tmp_path: Path) -> None:
    """From 0506 toward 0503 with lakes in 0505 and 0504: NE into 0605, then N into 0604."""
    rows = ["p" * 10 for _ in range(10)]
    rows[3] = rows[4] = "pppplppppp"
    w, _ = session(tmp_path, [{"travel": {"toward": "0503"}, "rolls": NAV}] * 2, rows=rows,
                   start="0506")
    assert [x["hexes_entered"] for x in w] == [["0605"], ["0604"]]


CAIRN_ON_ROAD = "---\nname: Old Cairn\nhex: \"0504\"\non: [road]\n---\nStones.\n"


@pytest.mark.parametrize(("travel", "found"), [({"follow": "road"}, ["cairn"]),
                                               ({"heading": "N"}, [])])
def test_a_location_on_a_path_is_found_by_following_the_path(
        tmp_path: Path, travel: dict[str, str], found: list[str]) -> None:
    w, _ = session(tmp_path, [{"travel": travel, "rolls": NAV}], paths=ROAD,
                   locations={"cairn": CAIRN_ON_ROAD})
    assert w[0]["hexes_entered"] == ["0504"] and w[0]["discovered"] == found


def test_off_the_path_it_follows_the_party_heads_for_its_nearest_hex(tmp_path: Path) -> None:
    """0707, 0706, 0705 from 0505: 0706 and 0705 are both two hexes away; the first along the
    path is taken."""
    road = {"road": {"kind": "road", "hexes": ["0707", "0706", "0705"]}}
    w, diags = session(tmp_path, [{"travel": {"follow": "road"}, "rolls": NAV}], paths=road)
    msg = "the party is in 0505, not on 'road': it heads for the path's nearest hex 0706"
    assert w[0]["warnings"] == [msg]
    (diag,) = diags
    assert diag.endswith(f" warning: {msg}") and at_key(diag, "follow")
    assert rolls_of(w[0], "navigation") != []


def test_actual_distance_seventy_percent_and_the_misjudged_miles(tmp_path: Path) -> None:
    """2d6 4 + 3: 70 % of 9 miles is 6.3; judging fails (2 + 3 < 14): the party believes it
    made the 9 computed."""
    w, _ = session(tmp_path, [{"travel": {"heading": "N"},
                               "rolls": {**NAV, "distance": 4, "judge_distance": 2}}],
                   rules={"actual_distance": True})
    (d,) = rolls_of(w[0], "distance")
    assert d["outcome"] == "70%" and d["dice"].startswith("2d6")
    assert (w[0]["miles"], w[0]["believed_miles"]) == (6.3, 9)


def test_a_follow_watch_judges_distance_without_the_trackless_two(tmp_path: Path) -> None:
    w, _ = session(tmp_path, [{"travel": {"follow": "road"},
                               "rolls": {"encounter": [5], "distance": 7, "judge_distance": 10}}],
                   paths=ROAD, rules={"actual_distance": True})
    assert rolls_of(w[0], "judge_distance")[0]["target"] == 12


def test_arriving_at_a_landmark_re_anchors_the_believed_track(tmp_path: Path) -> None:
    """Landmark 0504 along the road at 150 % (2d6 12): the party arrives after 6 true miles;
    misjudging, it would believe it made 4, but arriving is unmistakable."""
    w, _ = session(tmp_path, [{"travel": {"landmark": "0504"},
                               "rolls": {"encounter": [5], "distance": 12, "judge_distance": 2}}],
                   paths=ROAD, rules={"actual_distance": True})
    assert w[0]["end_hex"] == "0504" and w[0]["believed_miles"] == 4
    assert (w[0]["believed_hex"], w[0]["believed_hexes_entered"]) == ("0504", ["0504"])


def test_following_a_path_toward_a_hex_on_it_stops_there(tmp_path: Path) -> None:
    """Along the road from 0505 toward 0504: 6 miles at 3 mph, arrived after 2 hours."""
    w, _ = session(tmp_path, [{"travel": {"follow": "road", "toward": "0504"},
                               "rolls": {"encounter": [5]}}], paths=ROAD)
    assert w[0]["summary"] == "6 miles in 2 h into 0504 (road, 3 mph, exit N [start]) — arrived."


def test_a_lost_party_unaware_moves_its_believed_track_by_its_new_heading(
        tmp_path: Path) -> None:
    """Lost heading N (veer 5: none), unaware; the next watch heads N again: the believed
    track, 3 miles into 0504, makes the 9 more the far face needs and enters 0503."""
    lost = {"navigation": 2, "veer": 5, "realise": 2, "encounter": [5]}
    w, _ = session(tmp_path, [{"travel": {"heading": "N"}, "rolls": lost},
                              {"travel": {"heading": "N"}, "rolls": {**lost, "navigation": 19}}])
    assert w[1]["lost"] and not w[1]["knows_lost"]
    assert w[1]["believed_hexes_entered"] == ["0503"]


def test_a_landmark_watch_of_a_party_that_knows_it_is_lost_starts_where_it_truly_is(
        tmp_path: Path) -> None:
    lost = {"navigation": 2, "veer": 5, "realise": 19, "encounter": [5]}
    w, _ = session(tmp_path, [{"travel": {"heading": "N"}, "rolls": lost},
                              {"travel": {"landmark": "0503"}, "rolls": {"encounter": [5]}}])
    assert w[0]["knows_lost"]
    assert w[1]["believed_start_hex"] == w[1]["start_hex"] == "0504"


def test_a_hustle_mode_hustles_the_whole_watch(tmp_path: Path) -> None:
    """Trackless plains at 2.25 mph, doubled for the four hours: 18 miles."""
    w, _ = session(tmp_path, [{"travel": {"heading": "N", "mode": ["hustle"]}, "rolls": NAV}])
    assert w[0]["miles"] == 18


def test_a_cautious_follow_watch_judges_distance_four_under_the_terrain_dc(
        tmp_path: Path) -> None:
    w, _ = session(tmp_path, [{"travel": {"follow": "road", "mode": ["cautious"]},
                               "rolls": {"encounter": [5], "distance": 7, "judge_distance": 10}}],
                   paths=ROAD, rules={"actual_distance": True})
    assert rolls_of(w[0], "judge_distance")[0]["target"] == 8
