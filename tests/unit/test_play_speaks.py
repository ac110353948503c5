"""``hexcrawl play`` as the table speaks: the line the GM reads to the players names the road
and the hex the party believes it is in (never the true one of a lost party), a table row's
``tell:`` is read out when the row comes up, an encounter check that finds nothing asks for
no timing dice, and a ``tell:`` written inside an action mapping is the entry's ``tell:``.

The play loop runs in-process here on plain lines (what a script or a pipe gives it); the
interactive prompts are tested through a pseudo-terminal in test_play_speaks_table.py."""

from __future__ import annotations

import datetime as dt
import io
from pathlib import Path

from generator.content.loader import load_campaign
from generator.play.loop import start
from generator.play.ui import PlainInput
from generator.replay import replay
from generator.scaffold import create

#: the README's first session on the new campaign: the party follows the East Road to 0403
SESSION1 = ("session: 1\ndate: 2026-01-10\ntitle: Down the East Road\nlog:\n"
            "  - travel: {follow: east-road}\n"
            "    rolls: {distance: 7, judge_distance: 10, encounter: [5]}\n")

#: the README's first day: along the road, north-east, then a night's camp and sleep
DAY1 = SESSION1 + (
    "  - travel: {heading: NE}\n"
    "    rolls: {navigation: 14, distance: 9, judge_distance: 12, encounter: [4]}\n"
    "  - rest: {}\n    rolls: {encounter: [4]}\n"
    "  - camp: {forage: true}\n    rolls: {forage: 10, encounter: [8]}\n"
    "  - sleep: {}\n    rolls: {encounter: [6]}\n  - sleep: {}\n")
#: then a failed navigation check and a veer: lost in 0503, believing it is in 0502
LOST = DAY1 + ("  - travel: {heading: NE}\n    rolls: {navigation: 3, veer: 8, distance: 8, "
               "judge_distance: 16, encounter: [6], realise: 5}\n")


def _campaign(tmp_path: Path, log: str = SESSION1) -> Path:
    camp = tmp_path / "camp"
    create(camp)
    for p in (camp / "sessions").glob("*.yaml"):
        p.unlink()
    (camp / "sessions" / "01.yaml").write_text(log, encoding="utf-8")
    return camp


def _play(camp: Path, *lines: str) -> str:
    """``hexcrawl play --new`` fed ``lines`` (commands and the answers to its prompts), as a
    script feeds it; everything it printed."""
    out = io.StringIO()
    inp = PlainInput(io.StringIO("".join(line + "\n" for line in lines)), out)
    code = start(camp, new=True, title="Next", date=dt.date(2026, 1, 17), inp=inp,
                 say=lambda text: out.write(text + "\n"))
    assert code == 0, out.getvalue()
    return out.getvalue()


def _tell(seen: str) -> list[str]:
    return [line for line in seen.splitlines() if line.startswith("tell the players:")]


def test_on_a_road_the_players_hear_the_road_and_the_hex(tmp_path: Path) -> None:
    camp = _campaign(tmp_path)
    seen = _play(camp, "follow east-road forward", "7", "10", "5", "quit")
    tell = _tell(seen)
    assert len(tell) == 1, seen
    # not lost: the believed hex is the true one, on the East Road, an unnamed plains hex
    assert "on The East Road, in the plains (hex " in tell[0], tell
    assert "somewhere in the plains" not in tell[0]
    campaign, _ = load_campaign(camp)
    assert campaign is not None
    chronicle, _ = replay(campaign)
    assert f"(hex {chronicle.sessions[-1].end.hex})" in tell[0]


def test_a_lost_party_hears_the_hex_it_believes_in_never_the_true_one(
        tmp_path: Path) -> None:
    """The README's second session: a failed navigation check and a veer leave the party in
    0503 believing it is in 0502; the players are told 0502."""
    camp = _campaign(tmp_path, DAY1)
    seen = _play(camp, "travel NE", "3", "8", "8", "16", "6", "5", "status", "quit")
    assert "true hex 0503" in seen and "believed 0502; LOST, unaware" in seen, seen
    tell = _tell(seen)
    assert len(tell) == 1 and "you believe you are in hex 0502" in tell[0], tell
    assert "0503" not in tell[0]


def test_reorient_while_lost_unaware_says_so_and_logs_only_on_yes(tmp_path: Path) -> None:
    camp = _campaign(tmp_path, LOST)
    seen = _play(camp, "reorient backtrack", "n", "reorient backtrack", "y", "*", "quit")
    assert seen.count("the party is lost but does not know it: to the players it is on "
                      "course") == 2, seen
    assert "backtrack: the party retraces its tracks" in seen
    assert seen.count("Log this reorient watch anyway? [y/N]") == 2
    assert seen.count("written to") == 1
    entries = (camp / "sessions").glob("02-*.yaml")
    assert "reorient: {method: backtrack}" in next(entries).read_text(encoding="utf-8")


def test_a_rolled_rows_tell_is_read_to_the_players(tmp_path: Path) -> None:
    camp = _campaign(tmp_path)
    table = camp / "tables" / "wild-encounters.yaml"
    table.write_text(table.read_text(encoding="utf-8").replace(
        "    result: Tracks, a day old\n",
        "    result: Tracks, a day old\n    tell: Fresh boot prints cross the path.\n"),
        encoding="utf-8")
    seen = _play(camp, "encounter wild-encounters", "5", "quit")
    assert "-> Tracks, a day old" in seen, seen
    tell = _tell(seen)
    assert len(tell) == 1 and "Fresh boot prints cross the path." in tell[0], tell
    assert "describe the encounter" not in tell[0]
    # a row without a tell still reminds the GM to describe what the party met
    seen = _play(camp, "encounter wild-encounters", "3", "9", "quit")
    assert "something happens (describe the encounter)" in _tell(seen)[0], seen


def _watch_rolls(camp: Path) -> list[str]:
    campaign, diags = load_campaign(camp)
    assert campaign is not None, [d.format() for d in diags.items]
    chronicle, rdiags = replay(campaign)
    assert not rdiags.has_errors(), [d.format() for d in rdiags.items]
    return [r.purpose for r in chronicle.sessions[-1].watches[-1].rolls]


def test_an_encounter_check_that_finds_nothing_rolls_no_moment(tmp_path: Path) -> None:
    # north from 0303 into 0302: plains with nothing left to find; a 12 finds nothing, so
    # the moment of the watch (which hex the party was in) cannot matter
    camp = _campaign(tmp_path, SESSION1.replace("[5]}\n", "[5]}\n  - rest: {}\n"
                                                "    rolls: {encounter: [6]}\n"))
    seen = _play(camp, "travel N", "20", "12", "20", "12", "quit")
    assert "stays in" not in seen  # (the watch crossed into another hex)
    assert "Encounter check: 1d12 12 -> keyed (nothing left to find)" in seen, seen
    assert "Moment" not in seen and "Minute of the watch" not in seen
    assert "moment" not in _watch_rolls(camp)


def test_a_keyed_result_on_the_way_to_a_place_still_rolls_its_moment(tmp_path: Path) -> None:
    # the wayside shrine lies in 0403 (off the road's sight here: found only by a 12): when
    # in the watch the party rolled it decides whether it was in the shrine's hex
    log = ("session: 1\nlog:\n  - travel: {follow: east-road}\n"
           "    rolls: {distance: 12, encounter: [12], moment: 8, moment_minute: 30}\n")
    camp = _campaign(tmp_path, log)
    shrine = camp / "locations" / "wayside-shrine.md"
    shrine.write_text("\n".join(line for line in shrine.read_text(encoding="utf-8").split("\n")
                                if not line.startswith("on:")), encoding="utf-8")
    purposes = _watch_rolls(camp)
    assert "moment" in purposes and "moment_minute" in purposes, purposes


def test_a_tell_inside_the_action_mapping_is_the_entrys_tell(tmp_path: Path) -> None:
    camp = _campaign(tmp_path, SESSION1 + (
        "  - encounter: {table: wild-encounters, roll: 5, tell: \"A pedlar waves.\"}\n"
        "  - rest: {note: We rest, tell: \"The wind turns cold.\"}\n"))
    campaign, diags = load_campaign(camp)
    assert campaign is not None, [d.format() for d in diags.items]
    log = campaign.sessions[0].log
    assert log[1].tell == "A pedlar waves." and log[2].tell == "The wind turns cold."
    chronicle, _ = replay(campaign)
    assert [w.tell for w in chronicle.sessions[0].watches[1:]] == [
        "A pedlar waves.", "The wind turns cold."]


def test_a_tell_given_twice_is_an_error_that_shows_where_it_goes(tmp_path: Path) -> None:
    camp = _campaign(tmp_path, SESSION1 + (
        "  - encounter: {table: wild-encounters, roll: 5, tell: \"A pedlar waves.\"}\n"
        "    tell: A pedlar.\n"))
    campaign, diags = load_campaign(camp)
    assert campaign is None
    messages = [d.format() for d in diags.errors]
    assert any("01.yaml:7:" in m and "tell:" in m and "once" in m for m in messages), messages


def test_the_session_schema_takes_a_tell_inside_an_action(tmp_path: Path) -> None:
    from generator.content.schema import all_schemas

    schema = all_schemas()["session.schema.json"]
    defs = schema["$defs"]
    for name in ("Travel", "Rest", "Camp", "Sleep", "Search", "Reorient", "EncounterEntry",
                 "UseEntry", "ChaseEntry"):
        assert "tell" in defs[name]["properties"], name
        assert defs[name]["properties"]["tell"]["description"]
