"""The encounter rules at their edges, through the replay: each test here fails if one
comparison, one die or one word of the record is turned (mutation testing,
docs/development.md). The rules are those of docs/rules.md sections 2 and 6 and of the roll
tables of docs/content.md; the expected values are worked out from them, not read from the code.

Unless said otherwise: one member of speed 30 ft (3 mph), d20 checks, plains, actual distance
off, starting inside 0505 (tests/replay_helpers.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from replay_helpers import make_campaign, rolls_of, run, watches

# -- docs/content.md, roll tables: the rows a wandering encounter reads ----------------------

WILD = {"id": "wild", "name": "The Wild", "dice": "1d6", "rows": [
    {"roll": 1, "result": "Wolves", "appearing": "2d4", "distance": "2d6x10",
     "tell": "Wolves howl."},
    {"roll": 2, "result": "A rider", "reaction": True},
    {"roll": 3, "result": "Go deeper", "table": "deep", "tell": "The grass parts."},
    {"roll": 4, "result": "Skeletons", "appearing": "1d4-2"},
    {"roll": 5, "result": "A map", "location": "cairn"},
    {"roll": 6, "result": "Quiet"},
]}
DEEP = {"id": "deep", "name": "Deeper In", "dice": "1d2", "rows": [
    {"roll": 1, "result": "A bear", "tell": "A bear stands up."},
    {"roll": 2, "result": "An elk"},
]}
CAIRN = "---\nname: Old Cairn\nhex: \"0303\"\n---\nStones piled high.\n"


def rest_watch(tmp_path: Path, rolls: dict[str, Any], **kw: Any) -> dict[str, Any]:
    """A rest watch in 0505 under plains, whose table is ``wild`` (a table named after the
    terrain)."""
    tables = {"plains": {**WILD, "id": "plains"}, "deep": DEEP}
    root = make_campaign(tmp_path, tables=tables, locations={"cairn": CAIRN},
                         sessions=[{"log": [{"rest": {}, "rolls": rolls}]}], **kw)
    chronicle, diags = run(root)
    assert [d for d in diags.items if d.severity == "error"] == []
    return watches(chronicle)[0]


def test_a_wandering_encounter_rolls_on_the_hexs_table_and_records_it(tmp_path: Path) -> None:
    """d12 1: wandering; the table's d6 is 1 (wolves): distance 2d6x10 at 7 is 70 feet,
    appearing 2d4 at 5 is 5; the roll names the table it was on."""
    w = rest_watch(tmp_path, {"encounter": [1], "table": 1, "encounter_distance": 7,
                              "appearing": 5})
    (enc,) = w["encounters"]
    assert (enc["kind"], enc["table"], enc["roll"], enc["result"], enc["hex"]) == (
        "wandering", "plains", 1, "Wolves", "0505")
    assert (enc["distance"], enc["appearing"], enc["tell"]) == (70, 5, "Wolves howl.")
    assert rolls_of(w, "encounter")[0]["outcome"] == "wandering"
    (table,) = rolls_of(w, "table")
    assert (table["dice"], table["natural"], table["detail"]) == ("1d6", 1, "on The Wild")
    assert table["said"] == {"kind": "on_table", "table": "The Wild", "id": "plains"}
    (dist,) = rolls_of(w, "encounter_distance")
    assert (dist["dice"], dist["natural"], dist["total"], dist["detail"]) == (
        "2d6", 7, 70, "2d6x10")
    (app,) = rolls_of(w, "appearing")
    assert (app["dice"], app["natural"], app["total"], app["detail"]) == ("2d4", 5, 5, "2d4")
    assert w["warnings"] == []


@pytest.mark.parametrize(("natural", "appearing"), [(1, 1), (3, 1), (4, 2)])
def test_at_least_one_appears(tmp_path: Path, natural: int, appearing: int) -> None:
    """1d4-2 appearing: 1 and 3 give -1 and 1, both one creature; 4 gives 2."""
    w = rest_watch(tmp_path, {"encounter": [1], "table": 4, "appearing": natural})
    assert w["encounters"][0]["appearing"] == appearing
    assert rolls_of(w, "appearing")[0]["total"] == appearing


@pytest.mark.parametrize(("total", "reaction"), [
    (2, "attacks"), (3, "attacks"), (4, "hostile"), (5, "hostile"), (6, "cautious"),
    (8, "cautious"), (9, "neutral"), (10, "neutral"), (11, "friendly"), (12, "friendly")])
def test_a_row_that_asks_for_a_reaction_rolls_2d6(tmp_path: Path, total: int,
                                                  reaction: str) -> None:
    w = rest_watch(tmp_path, {"encounter": [1], "table": 2, "reaction": total})
    assert w["encounters"][0]["reaction"] == reaction
    (roll,) = rolls_of(w, "reaction")
    assert (roll["dice"], roll["natural"], roll["outcome"]) == ("2d6", total, reaction)
    assert w["warnings"] == []


def test_a_nested_table_adds_its_result_and_tell_to_the_first_tables_roll(
        tmp_path: Path) -> None:
    """Row 3 rolls on ``deep`` (d2 1, a bear): the record keeps the first table and its roll,
    and joins the results with " / " and the tells with a space."""
    w = rest_watch(tmp_path, {"encounter": [1], "table": [3, 1]})
    (enc,) = w["encounters"]
    assert (enc["table"], enc["roll"]) == ("plains", 3)
    assert enc["result"] == "Go deeper / A bear"
    assert enc["tell"] == "The grass parts. A bear stands up."
    first, second = rolls_of(w, "table")
    assert (first["dice"], second["dice"]) == ("1d6", "1d2")
    assert second["said"] == {"kind": "on_table", "table": "Deeper In", "id": "deep"}


def test_a_row_naming_a_location_records_it(tmp_path: Path) -> None:
    w = rest_watch(tmp_path, {"encounter": [1], "table": 5})
    assert w["encounters"][0]["location"] == "cairn"


def test_without_a_table_the_encounter_says_so(tmp_path: Path) -> None:
    root = make_campaign(tmp_path, sessions=[{"log": [{"rest": {}, "rolls": {"encounter": [1]}}]}])
    (enc,) = watches(run(root)[0])[0]["encounters"]
    assert (enc["kind"], enc["hex"]) == ("wandering", "0505")
    assert enc["result"] == "wandering encounter (no table for this hex)"


def test_a_logged_encounter_uses_the_logged_row_and_rolls_no_table_die(tmp_path: Path) -> None:
    """``encounter: {table, roll}``: the row the table rolled, no ``table`` roll."""
    root = make_campaign(tmp_path, tables={"wild": WILD, "deep": DEEP},
                         locations={"cairn": CAIRN}, sessions=[{"log": [
        {"encounter": {"table": "wild", "roll": 2}, "rolls": {"reaction": 11}}]}])
    chronicle, diags = run(root)
    w = watches(chronicle)[0]
    (enc,) = w["encounters"]
    assert (enc["kind"], enc["table"], enc["roll"], enc["result"], enc["reaction"]) == (
        "logged", "wild", 2, "A rider", "friendly")
    assert rolls_of(w, "table") == []


# -- docs/content.md: "at most 10 deep below the table rolled first" --------------------------

def chain_tables(steps: int) -> dict[str, dict[str, Any]]:
    """t0 -> t1 -> ... -> t<steps>: each a d2 whose 1 goes on to the next."""
    tables: dict[str, dict[str, Any]] = {}
    for i in range(steps + 1):
        rows: list[dict[str, Any]] = [{"roll": 1, "result": f"r{i}"}, {"roll": 2, "result": "x"}]
        if i < steps:
            rows[0]["table"] = f"t{i + 1}"
        tables[f"t{i}"] = {"id": f"t{i}", "name": f"T{i}", "dice": "1d2", "rows": rows}
    return tables


def test_a_table_ten_deep_below_the_first_is_still_rolled(tmp_path: Path) -> None:
    root = make_campaign(tmp_path, tables=chain_tables(10), sessions=[{"log": [
        {"encounter": {"table": "t0", "roll": 1}, "rolls": {"table": [1] * 10}}]}])
    chronicle, diags = run(root)
    assert diags.items == []
    w = watches(chronicle)[0]
    assert w["encounters"][0]["result"] == " / ".join(f"r{i}" for i in range(11))
    assert len(rolls_of(w, "table")) == 10


# -- rules.md section 6: which d12 face does what, in which watch ------------------------------

@pytest.mark.parametrize(("faces", "outcomes"), [
    ([1], ["wandering"]), ([2], ["nothing"]), ([11], ["nothing"]), ([12], ["nothing"])])
def test_a_rest_watch_finds_no_keyed_location(tmp_path: Path, faces: list[int],
                                              outcomes: list[str]) -> None:
    """A 12 in a rest watch is nothing, even with a location in the hex."""
    cairn = CAIRN.replace("0303", "0505")
    root = make_campaign(tmp_path, locations={"cairn": cairn},
                         sessions=[{"log": [{"rest": {}, "rolls": {"encounter": faces}}]}])
    w = watches(run(root)[0])[0]
    assert [r["outcome"] for r in rolls_of(w, "encounter")] == outcomes
    assert w["discovered"] == []


def test_a_search_finds_the_hexs_location_on_twelve_then_nothing_left(tmp_path: Path) -> None:
    """Search in 0303 (two checks): 12 finds the cairn; a second 12 has nothing left."""
    root = make_campaign(tmp_path, start="0303", locations={"cairn": CAIRN}, sessions=[{"log": [
        {"search": {}, "rolls": {"encounter": [12, 12]}}]}])
    w = watches(run(root)[0])[0]
    assert [r["outcome"] for r in rolls_of(w, "encounter")] == [
        "keyed", "keyed (nothing left to find)"]
    assert [(e["kind"], e["location"]) for e in w["encounters"]] == [("keyed", "cairn")]


@pytest.mark.parametrize(("faces", "outcomes", "found"), [
    ([5, 6, 12], ["nothing", "nothing", "target"], True),
    ([5, 6, 11], ["nothing", "nothing", "nothing"], False),
    ([5, 6, 1], ["nothing", "nothing", "nothing"], False),
])
def test_a_searchs_third_check_finds_only_its_target_on_twelve(
        tmp_path: Path, faces: list[int], outcomes: list[str], found: bool) -> None:
    root = make_campaign(tmp_path, start="0303", locations={"cairn": CAIRN}, sessions=[{"log": [
        {"search": {"target": "cairn"}, "rolls": {"encounter": faces}}]}])
    w = watches(run(root)[0])[0]
    assert [r["outcome"] for r in rolls_of(w, "encounter")] == outcomes
    assert w["encounters"] == ([{"kind": "keyed", "location": "cairn", "hex": "0303"}]
                               if found else [])


def test_a_search_without_a_target_makes_two_checks(tmp_path: Path) -> None:
    root = make_campaign(tmp_path, start="0303", sessions=[{"log": [
        {"search": {}, "rolls": {"encounter": [5, 6, 7]}}]}])
    w = watches(run(root)[0])[0]
    assert [r["natural"] for r in rolls_of(w, "encounter")] == [5, 6]
    assert "encounter roll 7" in " ".join(w["warnings"])


@pytest.mark.parametrize(("cautious", "outcome", "cancelled"), [
    (50, "cancelled", True), (51, "happens", False)])
def test_a_cautious_cancel_is_recorded_with_its_hex(tmp_path: Path, cautious: int,
                                                    outcome: str, cancelled: bool) -> None:
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"travel": {"heading": "N", "mode": ["cautious"], "hours": 1},
         "rolls": {"navigation": 19, "encounter": [1], "cautious": cautious}}]}])
    w = watches(run(root)[0])[0]
    (enc_roll,) = rolls_of(w, "encounter")
    (c,) = rolls_of(w, "cautious")
    assert (c["dice"], c["outcome"]) == ("1d100", outcome)
    assert c["said"] == {"kind": "cautious_cancels", "max": 50}
    assert enc_roll["outcome"] == ("wandering (cancelled)" if cancelled else "wandering")
    (enc,) = w["encounters"]
    assert (enc["kind"], enc["hex"], enc.get("cancelled", False)) == (
        "wandering", "0505", cancelled)


# -- rules.md section 2: the moment of an encounter in a watch that crossed hexes --------------
# Heading N, trackless plains (3 x 3/4 = 2.25 mph): 6 miles to leave 0505, crossing into 0504
# at 160 minutes; 12 more miles (a far face) take longer than the watch's 80 minutes left.

def crossing_watch(tmp_path: Path, rolls: dict[str, Any], **kw: Any) -> dict[str, Any]:
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"travel": {"heading": "N"}, "rolls": {"navigation": 19, **rolls}}]}], **kw)
    chronicle, diags = run(root)
    w = watches(chronicle)[0]
    assert w["hexes_entered"] == ["0504"]
    return w


@pytest.mark.parametrize(("half", "minute", "hex_", "num"), [
    (6, 11, "0504", 160), (6, 10, "0505", 159), (1, 1, "0505", 0), (8, 30, "0504", 239)])
def test_a_wandering_encounters_moment_places_it_in_the_hex_of_that_minute(
        tmp_path: Path, half: int, minute: int, hex_: str, num: int) -> None:
    """Minute (d8 - 1) x 30 + (d30 - 1): 6 and 11 are minute 160, the crossing itself."""
    w = crossing_watch(tmp_path, {"encounter": [1], "moment": half, "moment_minute": minute})
    assert w["encounters"][0]["hex"] == hex_
    (h,) = rolls_of(w, "moment")
    (m,) = rolls_of(w, "moment_minute")
    assert (h["dice"], m["dice"]) == ("1d8", "1d30")
    assert m["said"] == {"kind": "minute_of_watch", "half": half, "minute": minute, "num": num}


@pytest.mark.parametrize("face", [2, 11])
def test_an_encounter_check_that_finds_nothing_rolls_no_moment(tmp_path: Path,
                                                               face: int) -> None:
    """Not even with a location to find in the hex the party enters."""
    w = crossing_watch(tmp_path, {"encounter": [face]},
                       locations={"cairn": CAIRN.replace("0303", "0504")})
    assert rolls_of(w, "moment") == [] and rolls_of(w, "moment_minute") == []
    assert [r["outcome"] for r in rolls_of(w, "encounter")] == ["nothing"]


def test_a_keyed_result_with_nothing_to_find_in_the_watch_rolls_no_moment(
        tmp_path: Path) -> None:
    w = crossing_watch(tmp_path, {"encounter": [12]})
    assert rolls_of(w, "moment") == []
    assert [r["outcome"] for r in rolls_of(w, "encounter")] == ["keyed (nothing left to find)"]


@pytest.mark.parametrize(("where", "half", "minute", "found"), [
    ("0504", 6, 11, True), ("0504", 6, 10, False), ("0505", 6, 10, True),
    ("0505", 6, 11, False)])
def test_a_keyed_result_finds_the_location_of_the_hex_at_its_moment(
        tmp_path: Path, where: str, half: int, minute: int, found: bool) -> None:
    """A cairn in 0504 (entered at minute 160) or in 0505 (left then)."""
    cairn = CAIRN.replace("0303", where)
    w = crossing_watch(tmp_path, {"encounter": [12], "moment": half, "moment_minute": minute},
                       locations={"cairn": cairn})
    assert len(rolls_of(w, "moment")) == 1
    assert [r["outcome"] for r in rolls_of(w, "encounter")] == (
        ["keyed"] if found else ["keyed (nothing left to find)"])
    assert [e.get("location") for e in w["encounters"]] == (["cairn"] if found else [])


def test_exploring_makes_two_checks_each_with_its_moment(tmp_path: Path) -> None:
    """Exploring halves the speed (1.125 mph): 6 miles take 5 h 20 min, past the watch."""
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"travel": {"heading": "N", "mode": ["exploring"]},
         "rolls": {"navigation": 19, "encounter": [1, 1]}}]}])
    w = watches(run(root)[0])[0]
    assert w["hexes_entered"] == [] and len(rolls_of(w, "encounter")) == 2
    assert [e["kind"] for e in w["encounters"]] == ["wandering", "wandering"]
    assert rolls_of(w, "moment") == []


@pytest.mark.parametrize(("face", "wandering", "keyed"), [
    (1, True, False), (2, True, False), (3, False, False), (7, False, False),
    (8, False, True)])
def test_n_in_dx_wandering_up_to_n_keyed_on_the_top_face(tmp_path: Path, face: int,
                                                         wandering: bool, keyed: bool) -> None:
    cairn = CAIRN.replace("0303", "0505")
    root = make_campaign(tmp_path, rules={"encounter_check": "2 in d8"},
                         locations={"cairn": cairn}, sessions=[{"log": [
                             {"search": {}, "rolls": {"encounter": [face, 4]}}]}])
    w = watches(run(root)[0])[0]
    kinds = [e["kind"] for e in w["encounters"]]
    assert kinds == (["wandering"] if wandering else ["keyed"] if keyed else [])
    assert rolls_of(w, "encounter")[0]["dice"] == "1d8"
