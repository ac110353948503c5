"""Seeded rolls that changed the story are flagged (``hexcrawl check``, ``--strict``).

The default test campaign's session 1 records every die of its travel watch. Taking one of
them out leaves that die to the seeded generator: a navigation roll that fails puts the
party off course, which the table never saw; a roll that changes nothing is no warning.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from generator import cli
from generator.diagnostics import Diagnostics, Text
from generator.dice import RollRecord
from generator.i18n import Translator
from generator.replay import replay
from generator.replay.seeded import flag_story_rolls, story_event

from campaign_factory import find, load, write_campaign


def english(text: Text | None) -> str | None:
    return None if text is None else text.english()

SESSION = """session: 1
title: Into the Marches
log:
  - travel: {heading: N}
    rolls: {%sencounter: [5]}
  - rest: {}
    rolls: {encounter: [5]}
"""


def roll(purpose: str, outcome: str | None, *, check: bool = False) -> RollRecord:
    return RollRecord(purpose, "1d20", 4, 4, 10 if check else None, outcome, False,
                      is_check=check)


def test_what_counts_as_an_event() -> None:
    assert english(story_event(roll("navigation", "failure", check=True))) == "the party gets lost"
    assert story_event(roll("navigation", "success", check=True)) is None
    assert story_event(roll("navigation", "critical_success", check=True)) is not None
    assert english(story_event(roll("realise", "success", check=True))) == \
        "the party realises it is lost"
    assert story_event(roll("realise", "failure", check=True)) is None
    assert story_event(roll("encounter", "nothing")) is None
    assert story_event(roll("encounter", "wandering (cancelled)")) is None
    assert english(story_event(roll("encounter", "wandering"))) == "an encounter (wandering)"
    assert english(story_event(roll("march_damage", None))) == "forced-march damage"
    assert story_event(roll("initiative", None)) is None
    assert story_event(roll("doom", "holds")) is None
    assert english(story_event(roll("doom", "steps down"))) == "a usage die steps down"


def test_the_events_a_seeded_die_can_cause_at_their_edges() -> None:
    """rules.md section 11: a seeded die that changed the story is named with what it did; a
    cautious cancel, a location's encounter and a chase complication are events, their other
    outcomes are not."""
    def event(record: RollRecord) -> str | None:
        said = story_event(record)
        return None if said is None else said.english()

    assert event(roll("cautious", "cancelled")) == "an encounter cancelled by caution"
    assert event(roll("cautious", "stands")) is None
    assert event(roll("encounter", "target")) == "a location's encounter"
    assert event(roll("complication", "complication")) == "a chase complication"
    assert event(roll("complication", "none")) is None
    assert event(roll("judge_distance", "critical_success", check=True)) == (
        "a critical success on the judge_distance check")


def seeded_failure(tmp_path: Path) -> tuple[Path, int]:
    """A campaign whose session-1 navigation die is left to the seeded generator, which
    fails it (found by trying the recorded values' absence against each seed)."""
    for seed in range(1, 200):
        root = write_campaign(tmp_path / str(seed), campaign_overrides={"seed": seed},
                              files={"sessions/01.yaml": SESSION % ""})
        campaign, diags = load(root)
        assert campaign is not None, diags.items
        chronicle, _ = replay(campaign)
        nav = [r for w in chronicle.sessions[0].watches for r in w.rolls
               if r.purpose == "navigation"]
        if nav and nav[0].outcome in ("failure", "critical_failure"):
            return root, seed
    raise AssertionError("no seed fails the navigation check")


def test_check_warns_at_the_entry_and_strict_makes_it_an_error(tmp_path: Path) -> None:
    root, _ = seeded_failure(tmp_path)
    line, col = find(root, "sessions/01.yaml", "- travel")
    result = CliRunner().invoke(cli.main, ["check", "--content", str(root)])
    assert result.exit_code == 0, result.output
    warning = next(x for x in result.output.splitlines() if ": warning: " in x)
    assert f"sessions/01.yaml:{line}:{col + 2}: warning: " in warning
    assert "seeded generator" in warning and "navigation" in warning
    assert "the party gets lost" in warning and "Record the dice the table rolled" in warning
    strict = CliRunner().invoke(cli.main, ["check", "--strict", "--content", str(root)])
    assert strict.exit_code == 1
    assert f"sessions/01.yaml:{line}:{col + 2}: error: " in strict.output
    assert "1 error" in strict.output


def test_a_recorded_die_or_a_quiet_one_is_no_warning(tmp_path: Path) -> None:
    root = write_campaign(tmp_path / "recorded",
                          files={"sessions/01.yaml": SESSION % "navigation: 3, veer: 5, "})
    campaign, _ = load(root)
    assert campaign is not None
    chronicle, _ = replay(campaign)
    assert [r.outcome for w in chronicle.sessions[0].watches for r in w.rolls
            if r.purpose == "navigation"] == ["failure"]  # a failure, but the table's own
    diags = Diagnostics()
    assert flag_story_rolls(campaign, chronicle, diags) == 0 and not diags.items


def test_the_example_campaign_records_every_die_that_changed_its_story() -> None:
    root = Path(__file__).resolve().parents[2] / "content"
    campaign, _ = load(root)
    assert campaign is not None
    chronicle, _ = replay(campaign)
    diags = Diagnostics()
    assert flag_story_rolls(campaign, chronicle, diags, strict=True) == 0, diags.items


def story_warnings(tmp_path: Path, rolls: str, *, seed: int = 1234,
                   more: str = "") -> list[tuple[int, int, str]]:
    """``hexcrawl check``'s story warnings, as (line, column, message), for session 1 of the
    test campaign: a travel watch with ``rolls``, then ``more`` entries."""
    root = write_campaign(tmp_path / f"seed-{seed}", campaign_overrides={"seed": seed},
                          files={"sessions/01.yaml": "session: 1\nlog:\n  - travel: {heading: N}"
                                 f"\n    rolls: {{{rolls}}}\n{more}"})
    campaign, diags = load(root)
    assert campaign is not None, diags.items
    chronicle, _ = replay(campaign)
    out = Diagnostics()
    flag_story_rolls(campaign, chronicle, out)
    assert all(d.severity == "warning" for d in out.items)
    return [(d.pos.line, d.pos.col, d.message) for d in out.items]


ONE = ("the table never rolled this: the seeded generator rolled {roll}. Record the die the "
       "table rolled under this entry's rolls: (e.g. '{keep}' keeps it)")


def test_one_seeded_check_is_named_with_its_die_outcome_and_check(tmp_path: Path) -> None:
    """rules.md section 11: the one seeded die of an entry is named with the die, its
    outcome, the check as the GM log shows it and what it caused."""
    check = "Aria: Survival +3 +2 vs DC 14 (plains, trackless +2, knowledge)"
    # the seed's navigation die fails (3 + 5 < 14); the veer and realise dice are recorded
    assert story_warnings(tmp_path, "veer: 5, realise: 2, encounter: [5]", seed=1) == [
        (3, 5, ONE.format(roll=f"navigation 3 (1d20 -> failure; {check}): the party gets lost",
                          keep="navigation: 3"))]
    # a natural 1 is a critical failure, and says so
    assert story_warnings(tmp_path, "veer: 5, realise: 2, encounter: [5]", seed=10) == [
        (3, 5, ONE.format(roll=f"navigation 1 (1d20 -> critical failure; {check}): the party "
                               "gets lost (a critical failure)", keep="navigation: 1"))]


def test_one_seeded_plain_roll_is_named_with_what_it_decided(tmp_path: Path) -> None:
    # a recorded failed navigation leaves the veer die to the generator: a 10 veers right
    assert story_warnings(tmp_path, "navigation: 3, realise: 2, encounter: [5]") == [
        (3, 5, ONE.format(roll="veer 10 (1d10 -> 1 face right): the way the lost party "
                               "veers: 1 face right", keep="veer: 10"))]
    # a logged encounter with no roll: the table's die, named with the table it rolled on
    encounter = "  - encounter: {table: thornwood-day}\n"
    assert story_warnings(tmp_path, "navigation: 15, encounter: [5]", more=encounter) == [
        (5, 5, ONE.format(roll="table 4 (1d8; on Thornwood by day): a row of Thornwood by day",
                          keep="table: 4"))]


GROUP = ("{n} rolls the table never made changed the story here, rolled by the seeded "
         "generator: {rolls}. Record the dice the table rolled under this entry's rolls: (a "
         "list per purpose, e.g. '{keep}'); hexcrawl check --list-seeded lists each roll")

#: Two more travel watches: the third one's hours 9 to 12 are a forced march.
MARCH = ("  - travel: {heading: N}\n    rolls: {navigation: 15, encounter: [5]}\n"
         "  - travel: {heading: N}\n    rolls: {navigation: 15, encounter: [5]}\n")


def test_several_seeded_rolls_of_one_entry_are_grouped_by_purpose(tmp_path: Path) -> None:
    """One warning per entry: each purpose once, its values in the order rolled, and each
    event they caused once, a critical failure's under the event it is."""
    recorded = "navigation: 15, encounter: [5]"
    # every march check fails, the 1 critically: one event, named once
    assert story_warnings(tmp_path, recorded, seed=13, more=MARCH) == [(7, 5, GROUP.format(
        n=6, rolls="march 1, 4, 3 (a member takes forced-march damage); march_damage 2, 3, 4 "
        "(forced-march damage)", keep="march: [1, ...]"))]
    # a critical success and failures: two events of one purpose, in the order they came
    assert story_warnings(tmp_path, recorded, seed=11, more=MARCH) == [(7, 5, GROUP.format(
        n=9, rolls="march 18, 5, 8, 1, 3 (a critical success on the march check; a member "
        "takes forced-march damage); march_damage 2, 5, 2, 3 (forced-march damage)",
        keep="march: [18, ...]"))]
    # a table's die in a group names the table's row, beside the reaction it brought
    encounter = "  - encounter: {table: thornwood-day}\n"
    assert story_warnings(tmp_path, recorded, seed=2, more=encounter) == [(5, 5, GROUP.format(
        n=2, rolls="table 3 (a row of Thornwood by day); reaction 12 (how the creatures "
        "react: friendly)", keep="table: [3, ...]"))]


def test_a_seeded_die_the_detail_does_not_explain(tmp_path: Path) -> None:
    """A table roll whose record names no table still says it chose a row; a check rolled
    with advantage shows both dice."""
    root = write_campaign(tmp_path, files={"sessions/01.yaml": SESSION % "navigation: 15, "})
    campaign, _ = load(root)
    assert campaign is not None
    for extra, said in (
            (RollRecord("table", "1d8", 4, 4, None, None, False), "table 4 (1d8): a table's row"),
            (RollRecord("forage", "2d20", 17, 17, 20, "failure", False, dice_values=[4, 17],
                        is_check=True), "forage 17 (2d20 [4, 17] -> failure): foraging finds "
             "nothing")):
        chronicle, _ = replay(campaign)
        chronicle.sessions[0].watches[0].rolls.append(extra)
        diags = Diagnostics()
        assert flag_story_rolls(campaign, chronicle, diags) == 1
        assert [d.message for d in diags.items] == [
            ONE.format(roll=said, keep=f"{extra.purpose}: {extra.natural}")]


def test_the_story_warnings_in_russian(tmp_path: Path) -> None:
    """The warning, the purposes and the outcomes it names reach a Russian GM translated."""
    ru, en = Translator("ru"), Translator("en")
    north = story_event(RollRecord("north_face", "1d6", 2, 2, None, "NE", False))
    assert north is not None
    assert ru.text(north) == "грань, которую заблудившийся отряд принимает за север: СВ"
    judged = story_event(RollRecord("judge_distance", "1d20", 2, 2, 10, "failure", False,
                                    is_check=True))
    assert judged is not None
    assert en.text(judged) == "a failed Judge distance check"
    assert ru.text(judged) == "провал проверки «Оценка расстояния»"
    root = write_campaign(tmp_path, campaign_overrides={"seed": 13}, files={
        "sessions/01.yaml": "session: 1\nlog:\n  - travel: {heading: N}\n"
                            "    rolls: {navigation: 15, encounter: [5]}\n" + MARCH})
    campaign, _ = load(root)
    assert campaign is not None
    chronicle, _ = replay(campaign)
    diags = Diagnostics()
    flag_story_rolls(campaign, chronicle, diags)
    [said] = [ru.text(d.text) for d in diags.items]
    assert said.startswith("6 бросков, которых стол не делал, изменили здесь ход событий; их "
                           "сделал генератор: «Форсированный марш» 1, 4, 3 (участник получает "
                           "урон форсированного марша); «Урон форсированного марша» 2, 3, 4")
    assert said.endswith("«hexcrawl check --list-seeded» перечисляет каждый бросок")
