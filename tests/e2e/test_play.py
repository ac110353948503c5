"""``hexcrawl play``: the command parser, the session-file writer, and scripted sessions
through the real command line (piped stdin) and through a pseudo-terminal."""

from __future__ import annotations

import os
import re
import subprocess
import time
from pathlib import Path

import pytest
import yaml

from generator.content.loader import load_campaign
from generator.content.sessionlog import INSTANT_ACTIONS
from generator.dice import RollRecord
from generator.play import commands
from generator.play.commands import CommandError, Vocabulary, parse
from generator.play.logfile import (
    LogFileError,
    SessionLog,
    append_text,
    header_text,
    render_entry,
)
from generator.play.loop import parse_values, vocabulary
from generator.play.oracle import ask_for
from generator.replay import replay

from play_helpers import (
    CONTENT,
    HEXCRAWL,
    ROOT,
    SESSION6_COMMANDS,
    Terminal,
    answers_for,
    copy_campaign,
    run_play,
    session_json,
    without_sources,
)


@pytest.fixture(scope="module")
def vocab() -> Vocabulary:
    campaign, _ = load_campaign(CONTENT)
    assert campaign is not None
    return vocabulary(campaign)


# -- the command parser -------------------------------------------------------------------------
@pytest.mark.parametrize("line, entry", [
    ("travel NE", {"travel": {"heading": "NE"}}),
    ("travel ne cautious hustle 2", {"travel": {"heading": "NE", "mode": ["cautious"],
                                                 "hustle_hours": 2}}),
    ("travel N explore forage hustle poor hours 1.5",
     {"travel": {"heading": "N", "mode": ["exploring", "foraging", "hustle"],
                 "visibility": "poor", "hours": 1.5}}),
    ("toward 0708", {"travel": {"toward": "0708"}}),
    ("travel 0708", {"travel": {"toward": "0708"}}),
    ("follow queens-road to 0403", {"travel": {"follow": "queens-road", "toward": "0403"}}),
    ("follow sallow backward", {"travel": {"follow": "sallow", "direction": "backward"}}),
    ("landmark the-greyhorn", {"travel": {"landmark": "the-greyhorn"}}),
    ("rest", {"rest": {}}),
    ("sleep by the fire", {"sleep": {"note": "by the fire"}}),
    ("camp forage", {"camp": {"forage": True}}),
    ("search the-sunken-chapel", {"search": {"target": "the-sunken-chapel"}}),
    ("search", {"search": {}}),
    ("reorient north", {"reorient": {"method": "north"}}),
    ("reorient new course", {"reorient": {"method": "new_course"}}),
    ("encounter road-encounters roll 3 note A tinker's cart",
     {"encounter": {"table": "road-encounters", "roll": 3,
                    "note": "A tinker's cart"}}),
    ("use lamp-oil", {"use": {"resource": "lamp-oil"}}),
    ("use doom by Ysolde Marr note she laughs at the wolf",
     {"use": {"resource": "doom", "by": "Ysolde Marr", "note": "she laughs at the wolf"}}),
    ("chase from hask-wolves distance 90 factor \"fog on the moor\"",
     {"chase": {"environment": "wilderness", "quarry": "party", "pursuers": ["hask-wolves"],
                "distance": 90, "escape_factors": ["fog on the moor"]}}),
    ("note The wind's up.", {"note": "The wind's up."}),
    ("reveal the-greyhorn 0405", {"reveal": ["the-greyhorn", "0405"]}),
])
def test_commands_make_log_entries(line: str, entry: dict[str, object],
                                   vocab: Vocabulary) -> None:
    assert parse(line, vocab).entry == entry


@pytest.mark.parametrize("line, key", [
    ("fly N", "err.command"),
    ("travel E", "err.face"),
    ("travel", "err.heading"),
    ("toward 9999", "err.label"),
    ("follow kings-raod", "err.unknown"),
    ("travel N hustle 9", "err.range"),
    ("travel N sideways", "err.option"),
    ("reorient sideways", "err.reorient"),
    ("chase distance 90", "err.pursuers"),
    ("use lamp-oyl", "err.unknown"),
    ("undo now", "err.extra"),
    ("note", "err.missing"),
])
def test_bad_commands_are_refused(line: str, key: str, vocab: Vocabulary) -> None:
    with pytest.raises(CommandError) as info:
        parse(line, vocab)
    assert info.value.key == key


def test_module_doctests() -> None:
    import doctest

    assert doctest.testmod(commands).failed == 0


def test_headings_follow_the_map_orientation() -> None:
    pointy = Vocabulary(faces=("NE", "E", "SE", "SW", "W", "NW"))
    assert parse("travel e", pointy).entry == {"travel": {"heading": "E"}}
    with pytest.raises(CommandError):
        parse("travel N", pointy)


# -- the session file ---------------------------------------------------------------------------
HAND_WRITTEN = """\
# Session 7, written by hand before the game
session: 7
title: "The Barrows"   # working title
log:
  # the first watch, from my notes
  - travel: {heading: N,
             mode: [cautious]}
    rolls: {navigation: 14}

  - note: >-
      A folded note
      over two lines.
# end of the log
"""


def test_append_keeps_every_byte_of_the_file() -> None:
    new, chunk = append_text(HAND_WRITTEN, {"rest": {}, "rolls": {"encounter": [4]}})
    assert chunk is not None and new == HAND_WRITTEN + chunk
    data = yaml.safe_load(new)
    assert data["log"][-1] == {"rest": {}, "rolls": {"encounter": [4]}}
    assert data["log"][0] == {"travel": {"heading": "N", "mode": ["cautious"]},
                              "rolls": {"navigation": 14}}


def test_append_goes_inside_the_log_when_a_key_follows_it() -> None:
    text = "session: 3\nlog:\n- rest: {}\n\n# the summary\nsummary: Quiet.\n"
    new, _ = append_text(text, {"note": "Then more."})
    assert new == "session: 3\nlog:\n- rest: {}\n- note: Then more.\n\n# the summary\n" \
                  "summary: Quiet.\n"


def test_a_new_session_file_grows_entry_by_entry() -> None:
    import datetime as dt

    text = header_text(7, "Into: the Barrows", dt.date(2026, 12, 5))
    text, _ = append_text(text, {"travel": {"toward": "0708"},
                                 "rolls": {"navigation": 3, "encounter": [1]}})
    text, _ = append_text(text, {"gm": "x", "rest": {}})
    assert text == ("session: 7\ndate: 2026-12-05\ntitle: 'Into: the Barrows'\nlog:\n"
                    "  - travel: {toward: \"0708\"}\n"
                    "    rolls: {navigation: 3, encounter: [1]}\n"
                    "  - gm: x\n    rest: {}\n")


def test_long_notes_are_folded_and_long_rolls_wrapped() -> None:
    note = " ".join(["word"] * 40)
    text = render_entry({"note": note})
    assert text.startswith("  - note: >-\n      word")
    assert yaml.safe_load(text) == [{"note": note}]
    rolls = {"march": list(range(1, 21)) * 3, "encounter": [5]}
    text = render_entry({"rest": {}, "rolls": rolls})
    assert max(len(line) for line in text.splitlines()) <= 96
    assert yaml.safe_load(text) == [{"rest": {}, "rolls": rolls}]
    assert all(not line.endswith(" ") for line in text.splitlines())


def test_undo_removes_only_what_play_appended(tmp_path: Path) -> None:
    path = tmp_path / "07.yaml"
    path.write_text(HAND_WRITTEN, encoding="utf-8")
    log = SessionLog(path)
    with pytest.raises(LogFileError):
        log.undo()  # the hand-written entries are the GM's
    assert path.read_text(encoding="utf-8") == HAND_WRITTEN
    log.append({"rest": {}})
    log.append({"note": "two"})
    # the GM fixes a typo by hand while playing
    path.write_text(path.read_text(encoding="utf-8").replace("working", "final"),
                    encoding="utf-8")
    assert log.undo() == {"note": "two"}
    assert log.undo() == {"rest": {}}
    assert path.read_text(encoding="utf-8") == HAND_WRITTEN.replace("working", "final")
    assert not list(tmp_path.glob(".*.tmp"))


def test_undo_refuses_when_the_gm_added_an_entry_after(tmp_path: Path) -> None:
    path = tmp_path / "07.yaml"
    path.write_text(HAND_WRITTEN, encoding="utf-8")
    log = SessionLog(path)
    log.append({"rest": {}})
    edited = path.read_text(encoding="utf-8") + "  - note: by hand\n"
    path.write_text(edited, encoding="utf-8")
    with pytest.raises(LogFileError):
        log.undo()
    assert path.read_text(encoding="utf-8") == edited


# -- scripted sessions through the real command line -------------------------------------------
def _file(content: Path, number: int) -> Path:
    return next(content.glob(f"sessions/{number:02d}-*.yaml"))


def test_scripted_session_writes_what_it_shows(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    before = _file(content, 6).read_text(encoding="utf-8")
    script = "\n".join(["travel N", "14", "", "12", "*", "rest", "4", "status", "quit"]) + "\n"
    proc = run_play(content, script, "--continue")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Continuing session 6" in out
    text = _file(content, 6).read_text(encoding="utf-8")
    assert text.startswith(before)
    added = yaml.safe_load(text)["log"][-2:]
    assert added[0]["travel"] == {"heading": "N"}
    assert added[0]["rolls"]["navigation"] == 14 and added[0]["rolls"]["judge_distance"] == 12
    assert added[1] == {"rest": {}, "rolls": {"encounter": [4]}}
    assert "the generator rolled" in out  # Enter let it roll, and it said so
    # the file replays to exactly the states shown
    data = session_json(content, 6)
    travel, rest = data["watches"][-2], data["watches"][-1]
    route = " -> ".join([travel["start_hex"], *travel["hexes_entered"]])
    shown = re.findall(r"(?:true: (\S.*?) \(([\d.]+) miles\)|stays in (\d+)); believed: (\S+)",
                       out)
    assert shown[0][0] == route or shown[0][2] == travel["end_hex"]
    assert shown[0][3] == (travel["believed_hex"] or "unknown")
    assert shown[1][2] == rest["end_hex"]
    for roll in travel["rolls"]:
        assert roll["recorded"] is True
    assert "tell the players:" in out and "replays differently" not in out
    assert f"true hex {rest['end_hex']}" in out.split("status")[-1]
    assert re.search(r"hustled \d+ h, marched [\d.]+ h since the last sleep", out)
    from generator.rules.encounters import table_for

    campaign, _ = load_campaign(content)
    assert campaign is not None
    table = table_for(campaign, campaign.grid.parse(rest["end_hex"]))
    assert table is not None and f"encounter table: {table.name} [{table.id}]" in out


def test_bad_command_and_rejected_entry_write_nothing(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    path = _file(content, 6)
    before = path.read_bytes()
    script = "\n".join(["travell N", "follow queens-road to 0909", "use doom", "undo",
                        "quit"]) + "\n"
    proc = run_play(content, script, "--continue")
    assert proc.returncode == 0, proc.stderr
    assert "error: unknown command 'travell' (did you mean 'travel'?)" in proc.stdout
    assert "error: hex '0909' is not on path 'queens-road'" in proc.stdout
    assert "nothing to undo" in proc.stdout
    assert "tempting fate needs 'by: <member>'" in proc.stdout
    assert proc.stdout.count("nothing written") == 2
    assert path.read_bytes() == before
    assert not list(path.parent.glob(".*.tmp"))


def test_end_of_input_in_the_middle_of_an_entry_writes_nothing(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    path = _file(content, 6)
    before = path.read_bytes()
    proc = run_play(content, "rest\n4\nnote kept\ntravel N\n14\n", "--continue")
    assert proc.returncode == 0, proc.stderr
    assert "entry dropped: nothing written" in proc.stdout
    entries = yaml.safe_load(path.read_text(encoding="utf-8"))["log"]
    assert path.read_bytes().startswith(before)
    assert [next(iter(e)) for e in entries[-2:]] == ["rest", "note"]


def test_undo_and_gm_remarks(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    path = _file(content, 6)
    before = path.read_text(encoding="utf-8")
    script = "gm before anything\nrest\n3\ngm the owl is watching\nnote x\nundo\nquit\n"
    proc = run_play(content, script, "--continue")
    assert proc.returncode == 0, proc.stderr
    entries = yaml.safe_load(path.read_text(encoding="utf-8"))["log"]
    assert entries[-1] == {"rest": {}, "rolls": {"encounter": [3]},
                           "gm": "before anything\nthe owl is watching"}
    assert path.read_text(encoding="utf-8").startswith(before)


def test_new_session_is_numbered_and_an_empty_one_is_removed(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    proc = run_play(content, "quit\n", "--new", "--title", "The Barrows of the Hask")
    assert proc.returncode == 0, proc.stderr
    assert "Started session 7" in proc.stdout and "no entries" in proc.stdout
    assert not list(content.glob("sessions/07-*"))
    proc = run_play(content, "sleep\n\n", "--new", "--title", "The Barrows of the Hask",
                    "--date", "2026-01-03")
    assert proc.returncode == 0, proc.stderr
    path = content / "sessions" / "07-the-barrows-of-the-hask.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert data["session"] == 7 and str(data["date"]) == "2026-01-03"
    assert data["log"][0]["sleep"] == {} and len(data["log"][0]["rolls"]["encounter"]) == 1
    # dated in the past: without a flag, play starts session 8 ...
    proc = run_play(content, "quit\n")
    assert "Started session 8" in proc.stdout
    # ... and --continue goes on with session 7
    proc = run_play(content, "status\nquit\n", "--continue")
    assert "Continuing session 7" in proc.stdout


def test_a_broken_campaign_is_reported_not_played(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    (content / "campaign.yaml").write_text("name: x\n", encoding="utf-8")
    proc = run_play(content, "quit\n", "--continue")
    assert proc.returncode == 1
    assert "campaign.yaml:1:1: error:" in proc.stderr and "Traceback" not in proc.stderr


def test_prompts_in_the_campaigns_language(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    cfile = content / "campaign.yaml"
    cfile.write_text(cfile.read_text(encoding="utf-8").replace("language: en",
                                                               "language: uk"),
                     encoding="utf-8")
    proc = run_play(content, "rest\n\nfly\nquit\n", "--continue")
    assert proc.returncode == 0, proc.stderr
    assert "Продовжуємо сесію 6" in proc.stdout
    assert "хай кине генератор" in proc.stdout and "скажіть гравцям:" in proc.stdout
    assert "невідома команда 'fly'" in proc.stdout


def session_input(number: int, typed: list[str]) -> str:
    """What the GM types to re-enter a logged session: each command, then at each roll prompt
    the roll recorded in the log (Enter where the log left it to the generator), then the
    entry's GM remark."""
    campaign, _ = load_campaign(CONTENT)
    assert campaign is not None
    chronicle, _ = replay(campaign)
    session = next(s for s in campaign.sessions if s.number == number)
    rec = next(r for r in chronicle.sessions if r.session == number)
    lines: list[str] = []
    for i, (entry, command) in enumerate(zip(session.log, typed, strict=True)):
        lines.append(f"note {entry.note}" if command == "note" else command)
        watch = next((w for w in rec.watches if w.entry == i), None)
        if watch is not None:
            uses = 0  # a use rolls into the watch before it: those are its own answers
            for later in session.log[i + 1:]:
                if later.action not in INSTANT_ACTIONS:
                    break
                uses += later.action == "use"
            lines += answers_for(watch.rolls[:len(watch.rolls) - uses])
        elif entry.action == "use":
            lines += [str(v) for v in entry.rolls.values()]
        if entry.gm:
            lines.append("gm " + " ".join(entry.gm.split()))
    return "\n".join(lines) + "\nquit\n"


def _values(value: object) -> list[object]:
    return value if isinstance(value, list) else [value]


def test_session_6_re_entered_through_play_replays_the_same(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path, drop=("sessions/06-*.yaml",))
    proc = run_play(content, session_input(6, SESSION6_COMMANDS), "--new", "--title",
                    "Onto the Hask", "--date", "2025-11-29")
    assert proc.returncode == 0, proc.stderr
    assert "error" not in proc.stdout and "replays differently" not in proc.stdout
    assert without_sources(session_json(content, 6)) == \
        without_sources(session_json(CONTENT, 6))
    original = yaml.safe_load(_file(CONTENT, 6).read_text(encoding="utf-8"))
    played = yaml.safe_load(_file(content, 6).read_text(encoding="utf-8"))
    for a, b in zip(original["log"], played["log"], strict=True):
        assert {k: v for k, v in a.items() if k not in ("rolls", "gm")} == \
            {k: v for k, v in b.items() if k not in ("rolls", "gm")}
        for purpose, value in a.get("rolls", {}).items():
            # every roll the GM recorded, as recorded (one value may be written as a list)
            assert _values(b["rolls"][purpose]) == _values(value)
        assert " ".join(str(a.get("gm", "")).split()) == " ".join(str(b.get("gm", "")).split())
    # and every roll is recorded now: the log no longer depends on the generator
    campaign, _ = load_campaign(content)
    assert campaign is not None
    chronicle, _ = replay(campaign)
    assert all(r.recorded for w in chronicle.sessions[-1].watches for r in w.rolls)


# -- through a pseudo-terminal (prompt_toolkit) -------------------------------------------------
def test_terminal_session_with_completion_and_ctrl_c(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    path = _file(content, 6)
    before = path.read_bytes()
    with Terminal([*HEXCRAWL, "play", "--content", str(content), "--continue"], tmp_path) as term:
        term.expect("s6 day 9 w2>")
        # Ctrl-C in the middle of an entry drops it
        term.send("travel N\r")
        term.expect("for Navigation")
        term.send("\x03")
        term.expect("entry dropped: nothing written")
        assert path.read_bytes() == before
        # Tab completes a path id
        term.send("follow charc\t")
        term.expect("charcoal-track")
        term.send(" to 0413\r")
        term.expect("[Enter: let it roll]:")
        term.send("11\r")
        term.expect("[Enter: let it roll]:")
        term.send("*\r")  # the generator rolls the rest
        seen = term.expect("written to")
        assert "tell the players:" in seen
        assert "replays differently" not in term.expect("w3>")
        term.send("quit\r")
        term.expect("Session 6 is in")
        assert term.close() == 0
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert data["log"][-1]["travel"] == {"follow": "charcoal-track", "toward": "0413"}
    assert data["log"][-1]["rolls"]["navigation"] == 11
    assert path.read_bytes().startswith(before)


def test_sigint_at_a_roll_prompt_writes_nothing(tmp_path: Path) -> None:
    import signal

    content = copy_campaign(tmp_path)
    path = _file(content, 6)
    before = path.read_bytes()
    proc = subprocess.Popen([*HEXCRAWL, "play", "--content", str(content), "--continue"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=tmp_path)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("travel N\n")
    proc.stdin.flush()
    seen = ""
    while "for Navigation" not in seen:
        seen += proc.stdout.read(1)
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate("quit\n", timeout=60)
    assert "entry dropped: nothing written" in out
    assert proc.returncode == 0
    assert path.read_bytes() == before


# -- what a roll prompt asks for ----------------------------------------------------------------
def _record(purpose: str, dice: str, natural: int, values: list[int],
            target: int | None = 14) -> RollRecord:
    return RollRecord(purpose, dice, natural, natural, target, None, False, "", values)


def test_each_roll_record_asks_for_its_physical_dice() -> None:
    pair = ask_for(_record("navigation", "2d20kl1", 4, [4, 17]))
    assert [d.notation for d in pair.dice] == ["1d20", "1d20"] and pair.seeded == (4, 17)
    bsh = ask_for(_record("march", "2d20", 17, [17, 3]))
    assert len(bsh.dice) == 2 and {d.purpose for d in bsh.dice} == {"march"}
    scaled = ask_for(_record("forage", "1d20+1d6", 12, [12, 5]))
    assert [(d.purpose, d.sides) for d in scaled.dice] == [("forage", 20),
                                                           ("forage_advantage", 6)]
    distance = ask_for(_record("distance", "2d6+3", 9, [4, 5], target=None))
    assert [(d.count, d.sides) for d in distance.dice] == [(2, 6)] and distance.seeded == (9,)
    assert parse_values("4, 17", pair) == [4, 17]
    assert parse_values("4", pair) is None and parse_values("0 21", pair) is None
    assert parse_values("12", distance) == [12] and parse_values("13", distance) is None


def test_percentile_dice_read_00_as_100() -> None:
    """Percentile dice show 00 for 100 (docs/rules.md, section 8): play takes it as typed."""
    d100 = ask_for(_record("navigation", "1d100", 42, [42]))
    assert parse_values("00", d100) == [100] and parse_values("100", d100) == [100]
    assert parse_values("0", d100) is None and parse_values("05", d100) == [5]
    d20 = ask_for(_record("navigation", "1d20", 4, [4]))
    assert parse_values("00", d20) is None


def test_completion_offers_headings_and_ids(vocab: Vocabulary) -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from generator.play.ui import PlayCompleter

    def words(text: str) -> list[str]:
        return [c.text for c in PlayCompleter(vocab).get_completions(Document(text),
                                                                     CompleteEvent())]

    assert words("tr") == ["travel"]
    assert words("travel ") == ["N", "NE", "SE", "S", "SW", "NW"]
    assert "charcoal-track" in words("follow ch")
    assert words("use lamp") == ["lamp-oil"] and "Ysolde Marr" in words("use doom by ")
    assert words("chase from hask") == ["hask-wolves"]
    assert words("reorient n") == ["north", "new course"]
    pointy = Vocabulary(faces=("NE", "E", "SE", "SW", "W", "NW"))
    assert [c.text for c in PlayCompleter(pointy).get_completions(
        Document("travel "), CompleteEvent())] == ["NE", "E", "SE", "SW", "W", "NW"]


def test_a_usage_die_before_the_first_watch_is_asked_and_recorded(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    proc = run_play(content, "use lamp-oil by Tib Quill\n2\nquit\n", "--new", "--title", "Oil")
    assert proc.returncode == 0, proc.stderr
    assert "roll 1d8 for Usage die" in proc.stdout and "Lamp oil: d8 -> d6" in proc.stdout
    data = yaml.safe_load((content / "sessions" / "07-oil.yaml").read_text(encoding="utf-8"))
    assert data["log"] == [{"use": {"resource": "lamp-oil", "by": "Tib Quill"},
                            "rolls": {"use": 2}}]


def test_play_finds_the_campaign_from_a_folder_inside_it(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([*HEXCRAWL, "play", "--continue"], input="rest\n5\nquit\n",
                          capture_output=True, text=True, cwd=content / "sessions", env=env,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "Continuing session 6" in proc.stdout
    entries = yaml.safe_load(_file(content, 6).read_text(encoding="utf-8"))["log"]
    assert entries[-1] == {"rest": {}, "rolls": {"encounter": [5]}}


def test_a_party_that_knows_it_is_lost_is_not_told_it_made_0_miles(tmp_path: Path) -> None:
    """Knowingly lost, the party has no believed miles (its believed track waits until it
    finds its bearings): the players hear the heading, never 'about 0 miles'. Numbers follow
    the campaign's language."""
    from campaign_factory import write_campaign

    lost = ("session: 2\nlog:\n  - travel: {heading: N}\n"
            "    rolls: {navigation: 1, veer: 3, realise: 20, encounter: [5]}\n")
    root = write_campaign(tmp_path, files={"sessions/02.yaml": lost})
    proc = run_play(root, "travel NE\n*\nquit\n", "--continue")
    assert proc.returncode == 0, proc.stderr
    (tell,) = [line for line in proc.stdout.splitlines() if "tell the players:" in line]
    assert "you head north-east; you know you are lost;" in tell, tell
    assert "miles" not in tell, tell
    root = write_campaign(tmp_path / "ru", files={"sessions/02.yaml": lost},
                          campaign_overrides={"language": "ru"})
    proc = run_play(root, "travel N\n*\nquit\n", "--continue")
    assert proc.returncode == 0, proc.stderr
    assert "вы идёте на север; вы знаете, что заблудились;" in proc.stdout, proc.stdout
    from fractions import Fraction

    from generator.i18n import Translator
    from generator.play.present import miles_text

    assert [miles_text(Fraction(9, 2), Translator(lang)) for lang in ("en", "ru", "uk")] == [
        "4.5", "4,5", "4,5"]
    assert miles_text(Fraction(12), Translator("ru")) == "12"
