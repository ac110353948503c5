"""The engine's side of the table logger's additions: who forages (``camp: {forage: true,
by: ...}``), a table row's number appearing (``appearing: 2d4``) and the checks the loader
makes of both, with positions."""

from __future__ import annotations

from pathlib import Path

from generator.content.loader import load_campaign
from generator.i18n import Translator
from generator.play.explain import command_text
from generator.replay import replay

from play_helpers import copy_campaign

english = Translator("en").said


def _append(content: Path, text: str) -> Path:
    path = next((content / "sessions").glob("06-*.yaml"))
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")
    return path


def test_the_named_member_forages(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    _append(content, "  - camp: {forage: true, by: Tib Quill}\n    rolls: {forage: 11}\n")
    campaign, diags = load_campaign(content)
    assert campaign is not None, [d.format() for d in diags.items]
    chronicle, _ = replay(campaign)
    roll = next(r for r in chronicle.sessions[-1].watches[-1].rolls if r.purpose == "forage")
    assert english(roll.detail).startswith("Tib Quill: Survival +3 vs DC 14")
    assert (roll.natural, roll.total, roll.outcome) == (11, 14, "success")


def test_a_forager_who_is_not_in_the_party_is_an_error_at_its_position(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    path = _append(content, "  - camp: {forage: true, by: Tib Quil}\n")
    campaign, diags = load_campaign(content)
    assert campaign is None
    line = len(path.read_text(encoding="utf-8").splitlines())
    messages = [d.format() for d in diags.errors]
    assert any(f"06-onto-the-hask.yaml:{line}:" in m and "'Tib Quil' is not in the party"
               in m and "Tib Quill" in m for m in messages), messages


def test_a_rows_number_appearing_is_rolled_and_recorded(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    table = content / "tables" / "elderholt.yaml"
    text = table.read_text(encoding="utf-8")
    table.write_text(text.replace('shadowing the party from upwind"\n',
                                  'shadowing the party from upwind"\n    appearing: 2d4\n'),
                     encoding="utf-8")
    _append(content, "  - encounter: {table: elderholt-encounters, roll: 4}\n"
                     "    rolls: {appearing: 5}\n")
    campaign, diags = load_campaign(content)
    assert campaign is not None, [d.format() for d in diags.items]
    chronicle, rdiags = replay(campaign)
    assert not rdiags.has_errors()
    watch = chronicle.sessions[-1].watches[-1]
    assert watch.encounters[0].appearing == 5
    roll = next(r for r in watch.rolls if r.purpose == "appearing")
    assert (roll.dice, roll.natural, roll.recorded) == ("2d4", 5, True)
    assert watch.encounters[0].to_json()["appearing"] == 5


def test_bad_appearing_dice_are_an_error_at_the_row(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    table = content / "tables" / "elderholt.yaml"
    text = table.read_text(encoding="utf-8")
    table.write_text(text.replace('shadowing the party from upwind"\n',
                                  'shadowing the party from upwind"\n    appearing: lots\n'),
                     encoding="utf-8")
    campaign, diags = load_campaign(content)
    assert campaign is None
    line = next(i for i, t in enumerate(table.read_text(encoding="utf-8").splitlines(), 1)
                if "appearing: lots" in t)
    assert any(f"elderholt.yaml:{line}:" in d.format() and "'lots' is not dice notation"
               in d.format() for d in diags.errors), [d.format() for d in diags.errors]


def test_entries_read_back_as_the_commands_that_make_them() -> None:
    assert command_text({"camp": {"forage": True, "by": "Wren"}}) == "camp forage by Wren"
    assert command_text({"travel": {"heading": "NE", "mode": ["cautious"],
                                    "hustle_hours": 2}}) == "travel NE cautious hustle 2"
    assert command_text({"travel": {"follow": "kings-road", "toward": "0403"}}) == \
        "follow kings-road to 0403"
    assert command_text({"reorient": {"method": "new_course"}}) == "reorient new course"
    assert command_text({"chase": {"environment": "wilderness", "quarry": "party",
                                   "pursuers": [{"name": "grey scouts", "speed": 40}]}}) == \
        "chase wilderness from grey scouts"
    assert "True" not in command_text({"camp": {"forage": True}})
