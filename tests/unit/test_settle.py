"""``hexcrawl settle``'s solver and its edit of the log: the fewest seeded dice changed to
meet an ``expect:``, recorded dice untouched, the rule named where no dice can, and nothing
but ``rolls:`` written (comments, flow style and CRLF line ends kept)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from generator.cli.settle import report_line
from generator.content.loader import load_campaign
from generator.content.rolls_edit import RollsEditError, with_rolls
from generator.i18n import Translator
from generator.replay import replay
from generator.replay.settle import Settlement, settle

from campaign_factory import CAMPAIGN, load, write_campaign
from play_helpers import copy_campaign

SESSION = """\
session: 7
title: Afterwards
log:
  - travel: {heading: N}
    rolls: {navigation: 15, distance: 8, judge_distance: 15, encounter: [6]}
  - ENTRY
    expect: EXPECT
"""


def _settle(tmp: Path, expect: str, entry: str = "travel: {heading: N}",
            **limits: int) -> tuple[Path, list[Settlement]]:
    content = copy_campaign(tmp)
    path = content / "sessions" / "07-afterwards.yaml"
    path.write_text(SESSION.replace("ENTRY", entry).replace("EXPECT", expect),
                    encoding="utf-8")
    campaign, diags = load_campaign(content)
    assert campaign is not None, diags.items
    return path, list(settle(campaign, **limits))


def _watch(content: Path, overrides: dict[Path, str]) -> dict[str, object]:
    campaign, diags = load_campaign(content, overrides)
    assert campaign is not None and not diags.has_errors(), diags.items
    chronicle, rdiags = replay(campaign)
    assert not rdiags.has_errors(), [d.format() for d in rdiags.errors]
    watch: dict[str, object] = chronicle.to_json()["sessions"][-1]["watches"][-1]
    return watch


def test_getting_lost_changes_one_die_and_keeps_the_recorded_ones(tmp_path: Path) -> None:
    path, [s] = _settle(tmp_path, "{lost: true}",
                        entry="travel: {heading: N}\n    rolls: {encounter: [6]}")
    assert s.settled and s.entry == 1
    assert [c.purpose for c in s.changes] == ["navigation"]
    change = s.changes[0]
    assert change.value < change.seeded  # a failure where the generator rolled a success
    # the recorded encounter die is kept as it was; only the changed die is added
    assert s.rolls == {"encounter": [6], "navigation": [change.value]}
    text = with_rolls(path.read_text(encoding="utf-8"), {s.entry: s.rolls})
    watch = _watch(path.parent.parent, {path: text})
    assert watch["lost"] is True
    rolls = watch["rolls"]
    assert isinstance(rolls, list)
    encounter = next(r for r in rolls if r["purpose"] == "encounter")
    assert encounter["natural"] == 6 and encounter["recorded"] is True


def test_a_rule_no_dice_can_pass_is_named_without_searching(tmp_path: Path) -> None:
    _, [s] = _settle(tmp_path, "{veer: 1, lost: false}")
    assert not s.settled and s.tried == 0 and not s.gave_up
    line = report_line(Translator("en"), s)
    assert "07-afterwards.yaml:6:5: error: cannot settle this entry" in line
    assert "a party that is not lost cannot veer" in line
    assert "record it as a ruling" in line and "docs/format.md#rulings" in line
    ru = report_line(Translator("ru"), s)
    assert "docs/format.md#rulings" in ru and "cannot settle" not in ru


def test_a_place_out_of_reach_is_named_with_its_distance(tmp_path: Path) -> None:
    # a rest never moves the party: no encounter die finds a place four hexes away
    _, [s] = _settle(tmp_path, "{found: [gallows-ash]}", entry="rest: {}")
    assert not s.settled and not s.gave_up and s.tried > 0
    line = report_line(Translator("en"), s)
    assert "Gallows Ash is 4 hexes from where the watch ends" in line


def test_the_search_gives_up_at_its_budget_and_says_so(tmp_path: Path) -> None:
    _, [s] = _settle(tmp_path, "{lost: true, veer: -1, knows_lost: true}", budget=20)
    assert not s.settled and s.gave_up and s.tried == 20
    assert "gave up after 20 replays of the watch" in report_line(Translator("en"), s)


def test_an_expectation_that_holds_is_left_alone(tmp_path: Path) -> None:
    _, results = _settle(tmp_path, "{lost: false}")
    assert results == []


LOG = """\
# the log of session 7, written after the game
session: 7
log:
  - travel: {heading: N}   # we went north
    expect: {lost: true}   # and got lost
  - {travel: {heading: N}, gm: "quoted 'text'", expect: {lost: true}}
  - rest: {}
    rolls:
      encounter:   # block style
        - 3
    expect: {hex: "0101"}
  - rest: {}
    rolls: {encounter: [4]}   # flow style
    expect: {hex: "0101"}
"""


def test_only_the_rolls_change_and_every_other_byte_stays() -> None:
    new = with_rolls(LOG, {0: {"navigation": [4]}, 1: {"navigation": [2], "veer": [7]},
                           2: {"encounter": [3, 12], "table": [5]},
                           3: {"encounter": [4, 1]}})
    added = [line for line in new.splitlines() if line not in LOG.splitlines()]
    assert added == [
        "    rolls: {navigation: 4}",
        "  - {travel: {heading: N}, rolls: {navigation: 2, veer: 7}, gm: \"quoted 'text'\", "
        "expect: {lost: true}}",
        "        - 12",
        "      table: 5",
        "    rolls: {encounter: [4, 1]}   # flow style",
    ]
    removed = [line for line in LOG.splitlines() if line not in new.splitlines()]
    assert removed == [
        "  - {travel: {heading: N}, gm: \"quoted 'text'\", expect: {lost: true}}",
        "    rolls: {encounter: [4]}   # flow style",
    ]
    data = yaml.safe_load(new)
    assert data["log"][2]["rolls"] == {"encounter": [3, 12], "table": 5}


def test_crlf_line_ends_and_a_byte_order_mark_are_kept() -> None:
    text = "\ufeff" + LOG.replace("\n", "\r\n")
    new = with_rolls(text, {0: {"navigation": [4]}, 2: {"encounter": [3, 12]}})
    assert new.startswith("\ufeff") and "\n" not in new.replace("\r\n", "")
    assert new.replace("    rolls: {navigation: 4}\r\n", "").replace(
        "\r\n        - 12", "") == text


def test_a_recorded_die_is_never_rewritten() -> None:
    with pytest.raises(RollsEditError, match="recorded 'encounter' rolls would change"):
        with_rolls(LOG, {3: {"encounter": [5]}})


def test_entries_settle_in_log_order_from_where_the_last_one_left_the_party(
        tmp_path: Path) -> None:
    # the rest is lost only once the journey before it is settled: settled from the log as
    # written, it would be a rest that cannot get lost
    _, results = _settle(tmp_path, "{lost: true}\n  - rest: {}\n    expect: {lost: true}")
    assert [(s.entry, s.settled) for s in results] == [(1, True)]


def test_getting_lost_the_way_the_table_remembers_takes_the_veer_die_too(
        tmp_path: Path) -> None:
    # the veer die is rolled only once the navigation check fails: it is tried after it
    _, [s] = _settle(tmp_path, "{lost: true, veer: -1}")
    assert s.settled, report_line(Translator("en"), s)
    assert [c.purpose for c in s.changes] == ["navigation", "veer"]
    assert set(s.rolls or {}) == {"navigation", "veer"}


def test_a_veer_that_grows_by_two_faces_in_a_watch_is_named(tmp_path: Path) -> None:
    _, [s] = _settle(tmp_path, "{lost: true, veer: 2}")
    assert not s.settled and s.tried == 0
    assert "a veer grows by one face a watch at most, and it is 0 before this watch" in \
        report_line(Translator("en"), s)


def test_a_d100_check_under_brp_settles_at_the_face_next_to_its_chance(tmp_path: Path) -> None:
    """rules.md section 8 under ``checks: brp``: the navigation check is a d100 rolled under
    the chance (Survival 42% +10% for trackless and Knowledge, Normal at DC 14: 52%). A d100
    is sampled where its outcome changes (docs/format.md, "Settling the dice"), not tried
    face by face, and the face settled on is the one nearest the generator's: 53, the
    first that fails, for a party the table remembers lost; 52, the last that succeeds, for
    one it remembers on course (neither is a middle of the range halved)."""
    members = copy.deepcopy(CAMPAIGN["party"]["members"])
    members[0]["survival"] = 42
    for seed, expect, seeded, value in ((1, "true", 11, 53), (6, "false", 86, 52)):
        root = write_campaign(
            tmp_path / str(seed),
            campaign_overrides={"seed": seed, "rules": {"checks": "brp"},
                                "party": {"members": members}},
            files={"sessions/01.yaml": "session: 1\nlog:\n  - travel: {heading: N}\n"
                   f"    rolls: {{encounter: [5]}}\n    expect: {{lost: {expect}}}\n"})
        campaign, diags = load(root)
        assert campaign is not None, diags.items
        # fewer replays of the watch than the die has faces
        [s] = settle(campaign, budget=30)
        assert s.settled, report_line(Translator("en"), s)
        assert [(c.purpose, c.dice, c.seeded, c.value) for c in s.changes] == [
            ("navigation", "1d100", seeded, value)]
        assert s.rolls == {"encounter": [5], "navigation": [value]}


def test_a_d20_settles_on_its_top_face_when_only_that_face_will_do(tmp_path: Path) -> None:
    """Survival -8 +2 (Knowledge) against DC 14: only a natural 20 keeps the party on
    course (20 - 6 = 14), and the search tries every face of a d20, the highest too."""
    members = copy.deepcopy(CAMPAIGN["party"]["members"])
    members[0]["survival"] = -8
    root = write_campaign(
        tmp_path, campaign_overrides={"party": {"members": members}},
        files={"sessions/01.yaml": "session: 1\nlog:\n  - travel: {heading: N}\n"
               "    rolls: {encounter: [5]}\n    expect: {lost: false}\n"})
    campaign, diags = load(root)
    assert campaign is not None, diags.items
    [s] = settle(campaign)
    assert s.settled, report_line(Translator("en"), s)
    assert [(c.purpose, c.value) for c in s.changes] == [("navigation", 20)]
