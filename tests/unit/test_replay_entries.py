"""The instant entries of a log and the checks around them (generator.replay.entries), and
where ``hexcrawl replay`` stops when it fails (generator.replay.failure): what the GM reads,
at the line and column of the log they would fix (rules.md sections 9 and 11, format.md
"Session log").

Unless said otherwise: one member (Aria), d20 checks, plains, starting in 0505
(tests/replay_helpers.py).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from generator import cli
from generator.content.loader import load_campaign
from generator.diagnostics import Diagnostic, Diagnostics
from generator.i18n import Translator
from generator.replay import replay
from generator.replay.failure import first_failure
from generator.rules.chronicle import Chronicle, UseNote

from replay_helpers import make_campaign, run, watches


def at(d: Diagnostic) -> str:
    """The log's text from a diagnostic's line and column to the end of that line."""
    lines = Path(d.pos.path).read_text("utf-8").splitlines()
    return lines[d.pos.line - 1][d.pos.col - 1:]


def key_of(root: Path, session: int, entry: int, key: str) -> tuple[int, int]:
    """Line and column of ``key:`` in log entry ``entry`` of session file ``session``
    (block style, as replay_helpers writes it)."""
    lines = (root / "sessions" / f"{session:02d}.yaml").read_text("utf-8").splitlines()
    starts = [n for n, line in enumerate(lines) if line.startswith("- ")]
    for n in range(starts[entry], len(lines)):
        col = lines[n].find(f"{key}:")
        if col >= 0:
            return n + 1, col + 1
    raise AssertionError(f"no {key}: in entry {entry}")


# -- rules.md section 11: a recorded roll the watch never used ---------------------------------

def test_unused_rolls_of_a_list_are_warned_at_the_first_unused_value(tmp_path: Path) -> None:
    """A rest makes one encounter check: of ``encounter: [5, 6, 7]`` the 6 and the 7 are
    left, and the warning points at the 6, where the GM would start deleting."""
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"rest": {}, "rolls": {"encounter": [5, 6, 7]}}]}])
    _, diags = run(root)
    (w,) = diags.warnings
    assert w.message == (
        "recorded encounter rolls 6, 7 never used by this watch: the watch made 1 encounter "
        "check (travel, rest and camp one, exploring and search two, a search's target one "
        "more)")
    assert at(w) == "6"
    assert w.pos.line == key_of(root, 1, 0, "encounter")[0] + 2


def test_a_recorded_roll_outside_its_die_is_an_error_at_that_value(tmp_path: Path) -> None:
    """A search makes two encounter checks (rules.md section 6): the second recorded die,
    13, is no face of a d12; the error points at the 13, not at the list."""
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"search": {}, "rolls": {"encounter": [5, 13]}}]}])
    _, diags = run(root)
    (e,) = diags.errors
    assert e.message == "recorded encounter roll 13 is outside the die's range 1-12"
    assert e.kind == "roll_out_of_range"
    assert at(e) == "13"
    assert e.pos.line == key_of(root, 1, 0, "encounter")[0] + 2


def test_an_unused_roll_names_its_purpose_in_the_campaigns_language(tmp_path: Path) -> None:
    """The purpose is a word of the vocabulary, translated where the warning is printed (the
    English keeps the key as the GM types it)."""
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"rest": {}, "rolls": {"encounter": [5, 6]}}]}])
    _, diags = run(root)
    (w,) = diags.warnings
    assert w.message.startswith("recorded encounter roll 6 never used by this watch: ")
    assert w.says(Translator("ru").text).startswith(
        "записанный бросок «Проверка встречи» 6 не использован этой вахтой: ")
    assert w.says(Translator("uk").text).startswith(
        "записаний кидок «Перевірка зустрічі» 6 не використаний цією вахтою: ")


# -- format.md "Rulings" and a reveal: warnings at what the GM would fix ------------------------

def test_a_rulings_unused_rolls_are_warned_at_its_rolls(tmp_path: Path) -> None:
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"ruling": {"hex": "0606"}, "rolls": {"navigation": 3}}]}])
    _, diags = run(root)
    (w,) = diags.warnings
    assert w.message == ("a ruling rolls no dice: its rolls: are never used (the table's word "
                         "stands for them)")
    assert at(w) == "navigation: 3"
    assert w.pos.line == key_of(root, 1, 0, "rolls")[0] + 1


def test_a_reveal_of_a_hidden_place_where_the_party_stands_says_so(tmp_path: Path) -> None:
    """rules.md section 6: a hidden place no table leads to and no note explains is a warning
    even in the party's own hex, which it names as such."""
    cell = "---\nid: cell\nname: The Cell\nhex: \"0505\"\nvisibility: hidden\n---\n"
    root = make_campaign(tmp_path, sessions=[{"log": [{"reveal": ["cell"]}]}],
                         locations={"cell": cell})
    _, diags = run(root)
    (w,) = diags.warnings
    assert w.message == ("reveal of 'cell' (The Cell), a hidden location no table leads to, "
                         "with no note or tell of how the players learned of it; it is where "
                         "the party is")
    assert at(w) == "cell"


# -- a reveal: what the GM tells the players, without a roll (format.md "Session log") -------

WELL = "---\nid: well\nname: The Well\nhex: \"0504\"\n---\n"
NORTH = {"travel": {"heading": "N"}, "rolls": {"navigation": 19, "encounter": [5]}}
REST = {"rest": {}, "rolls": {"encounter": [5]}}


def test_a_reveal_before_any_watch_is_found_in_the_sessions_first_watch_slot(
        tmp_path: Path) -> None:
    root = make_campaign(tmp_path, sessions=[{"log": [{"reveal": ["well", "0707"]}, REST]}],
                         locations={"well": WELL})
    chronicle, _ = run(root)
    assert chronicle.discovered["well"] == (1, 0)
    assert chronicle.sessions[0].discovered == ["well"]
    assert chronicle.sessions[0].revealed_hexes == ["0707"]
    # before the first watch: no watch to list it on
    assert chronicle.sessions[0].watches[0].revealed == []


def test_a_reveal_is_listed_on_the_watch_it_follows(tmp_path: Path) -> None:
    root = make_campaign(tmp_path, sessions=[{"log": [
        REST, {"reveal": ["0707"]}, REST, {"reveal": ["well"]}]}], locations={"well": WELL})
    chronicle, _ = run(root)
    assert [w.revealed for w in chronicle.sessions[0].watches] == [["0707"], ["well"]]
    assert chronicle.discovered["well"] == (1, 1)


def test_a_revealed_place_counts_as_one_find(tmp_path: Path) -> None:
    """rules.md section 6: a place found twice before is familiar, found on entering its
    hex. A reveal is one find: with a ruling's find after it the party, walking into 0504,
    finds the well; with the reveal alone it does not."""
    once = make_campaign(tmp_path / "once", locations={"well": WELL}, sessions=[
        {"log": [{"reveal": ["well"]}, NORTH]}])
    twice = make_campaign(tmp_path / "twice", locations={"well": WELL}, sessions=[
        {"log": [{"reveal": ["well"]}, {"ruling": {"found": ["well"]}}, NORTH]}])
    assert "The Well" not in watches(run(once)[0])[0]["summary"]
    assert "Came upon The Well again (familiar)." in watches(run(twice)[0])[0]["summary"]


# -- rules.md section 9: use and tempting fate -------------------------------------------------

def use_log(tmp_path: Path, log: list[dict[str, Any]],
            **kw: Any) -> tuple[Path, Chronicle, Diagnostics]:
    root = make_campaign(tmp_path, sessions=[{"log": log}], **kw)
    chronicle, diags = run(root)
    return root, chronicle, diags


def test_tempting_fate_without_a_member_is_an_error_at_the_use(tmp_path: Path) -> None:
    root, _, diags = use_log(tmp_path, [{"rest": {}, "rolls": {"encounter": [5]}},
                                        {"use": {"resource": "doom"}}])
    (e,) = diags.errors
    assert e.message == ("tempting fate needs 'by: <member>' and a doom die (set rules.doom "
                         "or use the bsh check system)")
    # at the entry's use: (its mapping, on the line below the key), not the whole log
    assert at(e) == "resource: doom"
    assert e.pos.line == key_of(root, 1, 1, "use")[0] + 1


def test_tempting_fate_without_a_doom_die_is_the_same_error(tmp_path: Path) -> None:
    """d20 checks and no ``rules.doom``: Aria has no doom die to tempt fate with."""
    root, _, diags = use_log(tmp_path, [{"use": {"resource": "doom", "by": "Aria"}}])
    (e,) = diags.errors
    assert e.message == ("tempting fate needs 'by: <member>' and a doom die (set rules.doom "
                         "or use the bsh check system)")
    assert at(e) == "resource: doom"


def test_a_resource_declared_only_in_a_later_session_is_an_error_at_its_id(
        tmp_path: Path) -> None:
    root = make_campaign(tmp_path, sessions=[
        {"log": [{"use": {"resource": "rope", "by": "Aria"}}]},
        {"resources": {"rope": {"die": "d4"}}, "log": [{"rest": {}}]}])
    _, diags = run(root)
    (e,) = diags.errors
    assert e.message == ("resource 'rope' is not declared yet (declare it in campaign.yaml or "
                         "in an earlier session's 'resources:')")
    assert at(e) == "rope"
    assert (e.pos.line, e.pos.col) == (key_of(root, 1, 0, "resource")[0],
                                       key_of(root, 1, 0, "resource")[1] + len("resource: "))


def test_a_use_of_an_exhausted_die_warns_at_the_use_and_rolls_nothing(
        tmp_path: Path) -> None:
    """d4 steps down to exhausted on a 1; the next use rolls nothing (rules.md section 9)."""
    root = make_campaign(tmp_path, sessions=[
        {"resources": {"rope": {"die": "d4"}},
         "log": [{"use": {"resource": "rope"}, "rolls": {"use": 1}},
                 {"use": {"resource": "rope"}}]}])
    chronicle, diags = run(root)
    (w,) = diags.warnings
    assert w.message == ("resource 'rope' is already exhausted: its usage die ran out on an "
                         "earlier use, so this one rolls nothing")
    assert at(w) == "resource: rope"
    assert w.pos.line == key_of(root, 1, 1, "use")[0] + 1
    assert [(e.roll, e.before, e.after) for e in chronicle.resources["rope"].history
            if e.reason == "use"] == [(1, "d4", "exhausted")]


def test_a_use_is_recorded_with_its_session_the_watch_it_follows_and_its_member(
        tmp_path: Path) -> None:
    """Session 2, after its first watch (index 0): a roll of 3 holds the d8."""
    root = make_campaign(tmp_path, campaign={"resources": {"rope": {"die": "d8"}}}, sessions=[
        {"log": [{"rest": {}, "rolls": {"encounter": [5]}}]},
        {"log": [{"rest": {}, "rolls": {"encounter": [5]}},
                 {"use": {"resource": "rope", "by": "Aria", "note": "down the well"},
                  "rolls": {"use": 3}}]}])
    chronicle, diags = run(root)
    assert not diags.items, [d.format() for d in diags.items]
    (event,) = [e for e in chronicle.resources["rope"].history if e.reason == "use"]
    assert (event.session, event.watch, event.day, event.by, event.roll, event.before,
            event.after, event.note) == (2, 0, 1, "Aria", 3, "d8", "d8", "down the well")
    assert chronicle.sessions[1].uses == [UseNote(0, "rope", "Aria", "down the well")]


def test_tempting_fate_right_after_the_first_watch_dooms_in_that_watch(tmp_path: Path) -> None:
    """A d4 doom die exhausted by a 1 dooms Aria; the watch the entry follows (the session's
    first, index 0) says so in its summary."""
    _, chronicle, diags = use_log(
        tmp_path, [{"rest": {}, "rolls": {"encounter": [5]}},
                   {"use": {"resource": "doom", "by": "Aria"}, "rolls": {"doom": 1}}],
        rules={"doom": "d4"})
    assert not diags.errors, [d.format() for d in diags.errors]
    (w,) = watches(chronicle)
    assert "Aria is doomed until a long rest." in w["summary"]
    assert chronicle.members["Aria"].doomed
    (event,) = [e for e in chronicle.resources["doom-Aria"].history if e.roll is not None]
    assert (event.reason, event.by, event.before, event.after) == (
        "tempting fate", "Aria", "d4", "exhausted")


# -- generator.replay.failure: where `hexcrawl replay` stops -----------------------------------

def failing_twice(tmp_path: Path) -> Path:
    return make_campaign(tmp_path, sessions=[
        {"log": [{"rest": {}, "rolls": {"encounter": [5]}},
                 {"rest": {}, "rolls": {"encounter": [5]}},
                 {"ruling": {"knows_lost": True}},
                 {"rest": {}, "rolls": {"encounter": [5]}}]},
        {"log": [{"ruling": {"knows_lost": True}}]}])


def test_the_replay_stops_at_the_first_entry_an_error_points_into(tmp_path: Path) -> None:
    """An error in entry 2 of session 1 and one in entry 0 of session 2: the replay is shown
    up to and including session 1's entry 2 (an error on an entry's later line still points
    into that entry)."""
    root = failing_twice(tmp_path)
    campaign, _ = load_campaign(root)
    assert campaign is not None
    _, rdiags = replay(campaign)
    assert len(rdiags.errors) == 2
    assert first_failure(campaign, rdiags) == (1, 2)


def test_no_stop_when_no_error_lies_in_a_session_log(tmp_path: Path) -> None:
    root = make_campaign(tmp_path, sessions=[{"log": [{"rest": {}, "rolls": {"encounter": [5]}}]}])
    campaign, _ = load_campaign(root)
    assert campaign is not None
    _, rdiags = replay(campaign)
    assert first_failure(campaign, rdiags) is None


def test_replay_json_stops_at_the_failing_entry(tmp_path: Path) -> None:
    """``hexcrawl replay --json`` (in process): the watches up to the failing entry, and
    ``stopped_at`` naming it; session 2 is not shown."""
    root = failing_twice(tmp_path)
    result = CliRunner().invoke(cli.main, ["replay", "--json", "--content", str(root)])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["stopped_at"] == {"session": 1, "entry": 2}
    assert [s["session"] for s in data["sessions"]] == [1]
    assert [w["entry"] for w in data["sessions"][0]["watches"]] == [0, 1]
