"""``hexcrawl play`` as a GM meets it at a terminal (a real pseudo-terminal): what an entry
will ask for before its first die, each die's outcome at once, ``look``, chase creatures
named at the table, ``camp forage by``, the number appearing, the nonlethal flag, and
``quit`` asking for the session's title and summary."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
import yaml

from generator.content.loader import load_campaign
from generator.i18n import Translator
from generator.replay import replay

from play_helpers import (
    CONTENT,
    HEXCRAWL,
    SESSION6_COMMANDS,
    Terminal,
    answers_for,
    copy_campaign,
    session_json,
    without_sources,
)

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pty is POSIX-only")


def _session_file(content: Path, number: int) -> Path:
    return next((content / "sessions").glob(f"{number:02d}-*.yaml"))


def _play(content: Path, *args: str) -> Terminal:
    return Terminal([*HEXCRAWL, "play", "--content", str(content), *args], content.parent)


def _quit(term: Terminal) -> None:
    term.send("quit\r")
    term.expect(" is in ")
    assert term.close() == 0


def test_a_forced_march_is_announced_before_the_first_die_and_each_die_told_at_once(
        tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    with _play(content, "--continue") as term:
        status = term.expect("s6 day 9 w2>")
        # ten hours on the march since the last sleep: status says what comes next
        assert "any more marching before a sleep is a forced march" in status
        term.send("travel N\r")
        before_die = term.expect("for Navigation")
        assert "this entry asks for:" in before_die
        assert ("this watch is a forced march (hours 11-14 since the last sleep): each member "
                "makes a Constitution check each hour") in before_die
        assert "an encounter check" in before_die
        term.expect("[Enter: let it roll]:")
        term.send("15\r")
        # the navigation die's outcome comes before the next die is asked for
        told = term.expect("-> success")
        assert re.search(r"Navigation: 1d20 15 = \d+ vs \d+ -> success$", told), told
        assert "roll 2d6 for Distance" in term.expect("[Enter: let it roll]:")
        term.send("*\r")
        seen = term.expect("written to")
        assert re.search(r"Forced march: 1d20 \d+.* vs 14 -> .*forced march, hour 11", seen), seen
        assert "tell the players:" in seen
        term.expect("w3>")
        _quit(term)


def test_a_failed_navigation_check_announces_the_veer_die(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    with _play(content, "--continue") as term:
        term.expect("s6 day 9 w2>")
        term.send("travel N\r")
        first = term.expect("[Enter: let it roll]:")
        assert "veer" not in first.casefold()  # not needed unless the check fails
        term.send("3\r")
        assert "Navigation: 1d20 3 = 12 vs 16" in term.expect("-> failure")
        veer = term.expect("[Enter: let it roll]:")
        assert "now: a veer die: which way the lost party drifts" in veer
        assert "roll 1d10 for Veer" in veer and "written to" not in veer
        term.send("9\r")
        term.expect("Veer: 1d10 9 -> ")
        assert "for Distance" in term.expect("[Enter: let it roll]:")
        term.send("\x03")
        term.expect("entry dropped: nothing written")
        _quit(term)


def test_look_lists_the_hex_its_neighbours_and_the_landmarks(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    with _play(content, "--continue") as term:
        term.expect("s6 day 9 w2>")
        term.send("look\r")
        seen = term.expect("the party believes it is where it is")
        assert "true position (GM only):" in seen
        assert "0410: The Coaling Rings, Forest (sparse); paths: The Charcoal Track" in seen
        for face, label in (("N", "0409"), ("NE", "0510"), ("SE", "0511"), ("S", "0411"),
                            ("SW", "0311"), ("NW", "0310")):
            assert f"{face} {label}: " in seen
        assert "SE 0511: Cinderhollow Clearing, Forest (sparse); along The Charcoal Track" in seen
        assert "Cinderhollow [cinderhollow]: SE, 1 hex (12 miles) (found)" in seen
        _quit(term)


def test_chase_creatures_named_at_the_table_forage_by_and_undo(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    path = _session_file(content, 6)
    with _play(content, "--continue") as term:
        term.expect("s6 day 9 w2>")
        term.send("camp forage by Tib Quill\r")
        plan = term.expect("[Enter: let it roll]:")
        assert "a forage check" in plan and "Tib Quill: Survival +3" in plan
        term.send("*\r")
        seen = term.expect("w3>")
        assert "tell the players: you make camp" in seen
        term.send("undo\r")
        assert "removed the last entry: camp forage by Tib Quill" in term.expect("w2>")
        term.send("chase wilderness from grey scouts distance 90\r")
        ask = term.expect("[Enter: 30]:")
        assert "'grey scouts' is not a creature of this campaign" in ask
        assert "declare it under creatures: in campaign.yaml" in ask
        term.send("fast\r")
        term.expect("a speed in feet, such as 30 or 40")
        term.send("40\r")
        term.expect("[Enter: let it roll]:")
        term.send("*\r")
        seen = term.expect("w3>")
        assert "grey scouts" in seen and "a chase" in seen
        _quit(term)
    entry = yaml.safe_load(path.read_text(encoding="utf-8"))["log"][-1]
    assert entry["chase"]["pursuers"] == [{"name": "grey scouts", "speed": 40}]
    data = session_json(content, 6)
    assert data["watches"][-1]["activity"] == "chase"


def test_the_number_appearing_is_asked_for_and_recorded(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    table = content / "tables" / "elderholt.yaml"
    text = table.read_text(encoding="utf-8")
    table.write_text(text.replace('shadowing the party from upwind"\n',
                                  'shadowing the party from upwind"\n    appearing: 2d4\n'),
                     encoding="utf-8")
    with _play(content, "--continue") as term:
        term.expect("s6 day 9 w2>")
        term.send("encounter elderholt-encounters roll 4\r")
        first = term.expect("[Enter: let it roll]:")
        assert "this entry asks for:" in first and "the encounter's distance" in first
        # a logged encounter names its row: no table die
        term.send("\r")
        ask = term.expect("now: the number appearing")
        assert "Encounter distance: 2d6" in ask
        assert "roll 2d4 for" in term.expect("[Enter: let it roll]:")
        term.send("5\r")
        assert "written to" not in term.expect(": 2d4 5")
        term.send("*\r")
        term.expect("w3>")
        _quit(term)
    entry = yaml.safe_load(_session_file(content, 6).read_text(encoding="utf-8"))["log"][-1]
    assert entry["rolls"]["appearing"] == 5
    enc = session_json(content, 6)["watches"][-1]["encounters"][0]
    assert enc["appearing"] == 5 and enc["roll"] == 4


def test_a_member_past_the_nonlethal_threshold_is_flagged(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    campaign = content / "campaign.yaml"
    text = campaign.read_text(encoding="utf-8")
    campaign.write_text(text.replace("    - name: Tib Quill\n      speed: 30\n",
                                     "    - name: Tib Quill\n      speed: 30\n      hp: 6\n"),
                        encoding="utf-8")
    with _play(content, "--continue") as term:
        seen = term.expect("s6 day 9 w2>")
        assert ("warning: Tib Quill has 6 nonlethal damage (limit 6): unconscious or near it"
                in seen)
        assert "Brother Anselm has" not in seen
        _quit(term)


def test_quit_asks_for_a_title_and_a_summary_and_the_file_has_the_schema_line(
        tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    with _play(content, "--new", "--date", "2025-12-06") as term:
        term.expect("Title of session 7:")
        term.send("\r")  # no title yet: the placeholder
        term.expect("s7 day 9 w2>")
        term.send("rest\r")
        term.expect("[Enter: let it roll]:")
        term.send("4\r")
        seen = term.expect("w3>")
        assert "Encounter check: 1d12 4 -> nothing" in seen
        assert "tell the players: you rest" in seen and "a watch of" not in seen
        term.send("quit\r")
        term.expect("[Enter: keep 'Session 7']:")
        term.send("Back to the barrows\r")
        term.expect("for the chronicle [Enter: none]:")
        term.send("The wardens rest at the Coaling Rings and argue about the road.\r")
        term.expect("Session 7 is in")
        assert term.close() == 0
    path = _session_file(content, 7)
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=../schemas/session.schema.json\n")
    data = yaml.safe_load(text)
    assert data["title"] == "Back to the barrows"
    assert data["summary"] == "The wardens rest at the Coaling Rings and argue about the road."
    assert data["log"] == [{"rest": {}, "rolls": {"encounter": [4]}}]
    loaded, diags = load_campaign(content)
    assert loaded is not None, [d.format() for d in diags.items]
    assert loaded.sessions[-1].summary == data["summary"]
    _, rdiags = replay(loaded)
    assert not rdiags.has_errors()


def test_session_6_chase_re_entered_at_a_terminal_records_every_die(tmp_path: Path) -> None:
    """The wolves' chase of session 6, typed at a terminal die by die: every die is asked,
    told at once and recorded, and the chase replays as the logged one."""
    content = copy_campaign(tmp_path)
    path = _session_file(content, 6)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    at = next(i for i, e in enumerate(data["log"]) if "chase" in e)
    original = session_json(CONTENT, 6)
    chase_watch = next(w for w in original["watches"] if w["activity"] == "chase")
    campaign, _ = load_campaign(CONTENT)
    assert campaign is not None
    chronicle, _ = replay(campaign)
    rec = next(r for r in chronicle.sessions if r.session == 6)
    rolls = next(w for w in rec.watches if w.activity == "chase").rolls
    # the doom die Ysolde tempts after the chase (a use entry) rolls into the chase's watch
    uses = 0
    for later in data["log"][at + 1:]:
        if not {"note", "use", "reveal"} & set(later):
            break
        uses += "use" in later
    rolls = rolls[:len(rolls) - uses]
    data["log"] = data["log"][:at]
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    with _play(content, "--continue") as term:
        term.expect("s6 day 8 w4>")
        term.send(SESSION6_COMMANDS[at] + "\r")
        term.expect("this entry asks for:")
        for answer in answers_for(rolls):
            term.expect("[Enter: let it roll]:")
            term.send(answer + "\r")
            # the die's outcome, at once, and who rolled it
            term.expect("[at the table]" if answer else "[seeded]")
        seen = term.expect("written to")
        assert "[Enter: let it roll]" not in seen
        _quit(term)
    played = session_json(content, 6)
    watch = next(w for w in played["watches"] if w["activity"] == "chase")
    n = len(rolls)
    assert without_sources(watch["rolls"]) == without_sources(chase_watch["rolls"][:n])
    # the logged session's note entries and gm: remarks after the chase are not re-typed here
    typed_apart = ("rolls", "notes", "gm_notes")
    assert without_sources({k: v for k, v in watch.items() if k not in typed_apart}) == \
        without_sources({k: v for k, v in chase_watch.items() if k not in typed_apart})
    assert all(r["recorded"] for r in watch["rolls"])
    assert len(watch["rolls"]) == len(rolls) > 50


@pytest.mark.parametrize("language, plan, told, look, undo", [
    ("ru", "эта запись потребует:", "вы отдыхаете", "истинное положение (только для мастера):",
     "последняя запись удалена: «rest»"),
    ("uk", "цей запис потребуватиме:", "ви відпочиваєте", "справжнє положення (лише для майстра):",
     "останній запис вилучено: «rest»"),
])
def test_the_new_messages_in_russian_and_ukrainian(tmp_path: Path, language: str, plan: str,
                                                   told: str, look: str, undo: str) -> None:
    content = copy_campaign(tmp_path)
    cfile = content / "campaign.yaml"
    cfile.write_text(cfile.read_text(encoding="utf-8").replace("language: en",
                                                               f"language: {language}"),
                     encoding="utf-8")
    t = Translator(language)

    def prompt(watch: int) -> str:
        return t.gettext("s%(n)s day %(day)s w%(watch)s> ", n=6, day=9, watch=watch).strip()

    with _play(content, "--continue") as term:
        term.expect(prompt(2))
        term.send("look\r")
        # the faces read in the language too (south-east: ЮВ, ПдС)
        assert look in term.expect(t.label("face_short", "SE") + " 0511")
        term.send("rest\r")
        assert plan in term.expect("[Enter")
        term.send("*\r")
        seen = term.expect(prompt(3))
        assert told in seen and "a watch of" not in seen
        term.send("undo\r")
        assert undo in term.expect(prompt(2))
        term.send("quit\r")
        assert term.close() == 0


def test_a_wandering_encounter_names_its_row_before_the_dice_that_follow(
        tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    table = content / "tables" / "elderholt.yaml"
    text = table.read_text(encoding="utf-8")
    table.write_text(text.replace('shadowing the party from upwind"\n',
                                  'shadowing the party from upwind"\n    appearing: 2d4\n'),
                     encoding="utf-8")
    with _play(content, "--continue") as term:
        term.expect("s6 day 9 w2>")
        term.send("rest\r")
        assert "for Encounter check" in term.expect("[Enter: let it roll]:")
        term.send("1\r")
        term.expect("Encounter check: 1d12 1 -> wandering")
        assert "now: a roll on a table" in term.expect("[Enter: let it roll]:")
        term.send("4\r")
        term.expect("Table: 1d8 4")
        row = term.expect("now: the encounter's distance")
        assert "-> Grey wolves (2d4), lean after a bad winter" in row
        term.send("\r")
        assert "roll 2d4 for Number appearing" in term.expect("now: the number appearing") + \
            term.expect("[Enter: let it roll]:")
        term.send("5\r")
        term.expect("Number appearing: 2d4 5")
        term.send("*\r")
        seen = term.expect("written to")
        assert "number appearing: 5" in seen
        term.expect("w3>")
        _quit(term)
    entry = yaml.safe_load(_session_file(content, 6).read_text(encoding="utf-8"))["log"][-1]
    assert entry["rolls"]["encounter"] == [1] and entry["rolls"]["table"] == 4
    assert entry["rolls"]["appearing"] == 5


def test_look_from_a_lost_party_marks_the_believed_position(tmp_path: Path) -> None:
    """The README's second session: a failed navigation check and a veer leave the party in
    0503 believing it is in 0502; look describes both, the believed one marked as such."""
    from generator.scaffold import create

    camp = tmp_path / "camp"
    create(camp)
    for p in (camp / "sessions").glob("*.yaml"):
        p.unlink()
    (camp / "sessions" / "01.yaml").write_text(
        "session: 1\ndate: 2026-01-10\ntitle: Down the East Road\nlog:\n"
        "  - travel: {follow: east-road}\n"
        "    rolls: {distance: 7, judge_distance: 10, encounter: [5]}\n"
        "  - travel: {heading: NE}\n"
        "    rolls: {navigation: 14, distance: 9, judge_distance: 12, encounter: [4]}\n"
        "  - rest: {}\n    rolls: {encounter: [4]}\n"
        "  - camp: {forage: true}\n    rolls: {forage: 10, encounter: [8]}\n"
        "  - sleep: {}\n    rolls: {encounter: [6]}\n  - sleep: {}\n", encoding="utf-8")
    with Terminal([*HEXCRAWL, "play", "--content", str(camp), "--new", "--title", "Hills"],
                  tmp_path) as term:
        term.expect("s2 day 2 w2>")
        term.send("travel NE\r")
        for answer in ("3", "8", "8", "16", "6", "5"):
            term.expect("[Enter: let it roll]:")
            term.send(answer + "\r")
            term.expect("[at the table]")
        term.expect("written to")
        term.send("look\r")
        seen = term.expect("landmarks the party expects to see:")
        assert "true position (GM only):\n  0503: " in seen
        assert "believed position (where the party thinks it is, not where it is):\n  0502: " \
            in seen
        assert "NW 0402: Plains" in seen
        term.send("quit\r")
        term.expect("[Enter: none]:")
        term.send("\r")  # no summary: the file keeps none
        term.expect(" is in ")
        assert term.close() == 0
