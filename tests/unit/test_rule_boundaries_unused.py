"""Rules.md section 5a: a recorded roll that the watch never uses is a warning, and the warning
says why the watch needed none, in the GM's language: the reasons of an encounter entry, a
north check that succeeded, a roll no watch of this kind makes, a purpose rolled fewer times
than recorded (format.md, "Rolls"). The typed key stays as the GM typed it in English; in
another language the purpose and the activity are the vocabulary's words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.i18n import Translator

from replay_helpers import make_campaign, run

SIX = [{"roll": n, "result": "Quiet"} for n in range(1, 7)]
#: the plains' own encounter table (a table named after the terrain): row 3 leads to ``deep``
PLAINS = {"id": "plains", "name": "Plains", "dice": "1d6", "rows": [
    {"roll": 1, "result": "Wolves", "distance": "2d6x10"},
    {"roll": 2, "result": "A rider", "reaction": True},
    {"roll": 3, "result": "Go deeper", "table": "deep"},
    *SIX[3:]]}
DEEP = {"id": "deep", "name": "Deeper In", "dice": "1d2", "rows": [
    {"roll": 1, "result": "A bear"}, {"roll": 2, "result": "An elk"}]}
WHY = "never used by this watch: "


def warnings(tmp_path: Path, entry: dict[str, Any] | list[dict[str, Any]],
             language: str | None = None, **campaign: Any) -> list[str]:
    """The replay's warnings of a log of one entry (or several): in English (the message as
    the log's keys say it), or in ``language``."""
    log = entry if isinstance(entry, list) else [entry]
    more: dict[str, Any] = {"tables": {"plains": PLAINS, "deep": DEEP}, **campaign}
    root = make_campaign(tmp_path, sessions=[{"log": log}], **more)
    _, diags = run(root)
    translate = Translator(language).text if language else None
    return [d.says(translate) for d in diags.warnings]


def test_an_encounter_entry_says_why_each_encounter_roll_went_unused(tmp_path: Path) -> None:
    """``encounter: {table, roll}`` gives the table's roll itself (row 4: a plain result): the
    watch makes no encounter check, rolls no table, and the row asks for no distance and no
    reaction."""
    found = warnings(tmp_path, {"encounter": {"table": "plains", "roll": 4}, "rolls": {
        "encounter": [5], "table": 4, "encounter_distance": 7, "reaction": 8}})
    assert found == [
        "recorded encounter roll 5 " + WHY + "the watch made no encounter check",
        "recorded table roll 4 " + WHY + "the encounter's table was rolled already",
        "recorded encounter_distance roll 7 " + WHY + "the table row rolled asks for no distance",
        "recorded reaction roll 8 " + WHY + "the table row rolled asks for no reaction",
    ]


def test_a_row_with_a_distance_leaves_only_the_reaction_unused(tmp_path: Path) -> None:
    """Row 1 asks for a distance (2d6x10) and no reaction: the distance roll is used, the
    reaction roll is not, for the reaction's own reason."""
    found = warnings(tmp_path, {"encounter": {"table": "plains", "roll": 1}, "rolls": {
        "encounter_distance": 7, "reaction": 8}})
    assert found == [
        "recorded reaction roll 8 " + WHY + "the table row rolled asks for no reaction"]


def test_a_north_check_that_succeeds_needs_no_north_face(tmp_path: Path) -> None:
    """Seed 000: a failed north check takes a random face (1d6) for north; one that succeeds
    (d20 20) takes none."""
    found = warnings(tmp_path, {"reorient": {"method": "north"},
                                "rolls": {"encounter": [5], "north": 20, "north_face": 3}})
    assert found == ["recorded north_face roll 3 " + WHY + "the north check succeeded"]
    # a failed one (d20 2) uses the face: nothing left over
    assert warnings(tmp_path / "failed", {"reorient": {"method": "north"}, "rolls": {
        "encounter": [5], "north": 2, "north_face": 3}}) == []


def test_a_purpose_no_watch_of_this_kind_rolls(tmp_path: Path) -> None:
    """An initiative roll (a chase's) on a rest watch: no reason of travel, encounters, camp
    or re-orienting fits, so the warning names the watch's activity and the purpose."""
    entry = {"rest": {}, "rolls": {"encounter": [5], "initiative": 7}}
    assert warnings(tmp_path, entry) == [
        "recorded initiative roll 7 " + WHY + "this watch (rest) rolled no initiative"]
    assert warnings(tmp_path / "ru", entry, "ru") == [
        "записанный бросок «Инициатива» 7 не использован этой вахтой: эта вахта («Отдых») не "
        "бросала «Инициатива»"]


def test_a_purpose_rolled_fewer_times_than_recorded(tmp_path: Path) -> None:
    """A wandering encounter (d12 1) rolls on the plains table (3), which leads to ``deep``
    (1): two table rolls of three recorded."""
    entry = {"rest": {}, "rolls": {"encounter": [1], "table": [3, 1, 2]}}
    assert warnings(tmp_path, entry) == [
        "recorded table roll 2 " + WHY + "the watch rolled table only 2 times"]
    assert warnings(tmp_path / "ru", entry, "ru") == [
        "записанный бросок «Таблица» 2 не использован этой вахтой: вахта бросила «Таблица» "
        "только 2 раза"]


@pytest.mark.parametrize(("language", "why"), [
    (None, "a watch spent on rest rolls no navigation"),
    ("ru", "на вахте «Отдых» не бросают «Навигация»"),
    ("uk", None),
])
def test_the_activity_and_the_purpose_are_the_languages_words(
        tmp_path: Path, language: str | None, why: str | None) -> None:
    """The reason names the activity and the purpose in the vocabulary's words; in English
    they are the keys the GM typed."""
    (found,) = warnings(tmp_path, {"rest": {}, "rolls": {"encounter": [5], "navigation": 7}},
                        language)
    reason = found.split(": ", 1)[1]
    if why is not None:
        assert reason == why
    else:
        # Ukrainian: neither English key is left in the reason
        assert "rest" not in reason and "navigation" not in reason and "«" in reason, reason


def test_an_entry_that_takes_no_watch_rolls_nothing_but_its_own(tmp_path: Path) -> None:
    """A ``use`` entry rolls its usage die only: a veer recorded on it is named with the
    entry's action."""
    entry = {"use": {"resource": "debt", "by": "Aria"}, "rolls": {"use": 5, "veer": 3}}
    more = {"campaign": {"resources": {"debt": {"die": "d6", "owner": "Aria"}}}}
    assert warnings(tmp_path, entry, **more) == [
        "recorded veer roll 3 " + WHY + "a 'use' entry takes no watch and rolls no veer"]
    assert warnings(tmp_path / "ru", entry, "ru", **more) == [
        "записанный бросок «Отклонение» 3 не использован этой вахтой: запись 'use' не "
        "занимает вахты и не бросает «Отклонение»"]


def test_a_watch_that_crossed_no_hex_needs_no_moment(tmp_path: Path) -> None:
    assert warnings(tmp_path, {"rest": {}, "rolls": {"encounter": [5], "moment_minute": 7}}) == [
        "recorded moment_minute roll 7 " + WHY + "no encounter came up in a watch that crossed "
        "hexes (the moment places one in the hex the party was in at the time)"]


def test_a_wandering_encounter_with_no_table_rolls_none(tmp_path: Path) -> None:
    """d12 1 is a wandering encounter; with no table for the plains or the campaign it is
    logged without a result, and the recorded table roll is never used."""
    assert warnings(tmp_path, {"rest": {}, "rolls": {"encounter": [1], "table": 3}},
                    tables={}) == [
        "recorded table roll 3 " + WHY + "the wandering encounter had no table to roll on "
        "(none for the hex, its region, its terrain or the campaign: see 'tables' in "
        "campaign.yaml)"]


def test_march_damage_after_march_checks_that_all_succeeded(tmp_path: Path) -> None:
    """Rules.md section 3: past 8 hours of travel since the last sleep, each hour is a march
    check; the third 4-hour watch makes four (hours 9 to 12), all 20: no damage to roll."""
    calm = {"travel": {"heading": "N"}, "rolls": {"navigation": 19, "encounter": [5]}}
    third = {"travel": {"heading": "N"}, "rolls": {
        "navigation": 19, "encounter": [5], "march": [20, 20, 20, 20], "march_damage": 3}}
    assert warnings(tmp_path, [calm, calm, third]) == [
        "recorded march_damage roll 3 " + WHY + "every march check succeeded"]


def test_a_backtrack_that_succeeds_needs_no_misjudge(tmp_path: Path) -> None:
    """Lost by a ruling and wandering N, the party backtracks: its check (d20 20) succeeds,
    so it rolls no percentile to misjudge."""
    assert warnings(tmp_path, [
        {"ruling": {"lost": True}},
        {"travel": {"heading": "N"}, "rolls": {"encounter": [5], "realise": 1}},
        {"reorient": {"method": "backtrack"},
         "rolls": {"encounter": [5], "backtrack": 20, "misjudge": 50}}]) == [
        "recorded misjudge roll 50 " + WHY + "the backtrack check succeeded"]


@pytest.mark.parametrize("entry", [{"note": "The mist lifts.", "rolls": {"veer": 3}},
                                   {"reveal": ["0606"], "rolls": {"veer": 3}}])
def test_a_roll_recorded_on_a_note_or_a_reveal_is_a_warning(tmp_path: Path,
                                                            entry: dict[str, Any]) -> None:
    """Any entry may carry rolls (format.md); a note or a reveal takes no watch, so a roll
    recorded on one is warned of at its roll, never dropped without a word."""
    action = next(iter(entry))
    assert warnings(tmp_path, [{"rest": {}, "rolls": {"encounter": [5]}}, entry]) == [
        f"recorded veer roll 3 {WHY}a '{action}' entry takes no watch and rolls no veer"]

