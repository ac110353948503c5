"""The rolls of a watch on the GM's session page (generator.render.watch_log): the key rolls
in the watch table's cell, every roll in the watch's block, seeded ones marked."""

from __future__ import annotations

from generator.dice import RollRecord, Signed, Word, said
from generator.i18n import Translator
from generator.render.watch_log import key_rolls, roll_table

EN = Translator("en")


def roll(purpose: str, natural: int, outcome: str | None, recorded: bool = True,
         is_check: bool = False, **more: object) -> RollRecord:
    return RollRecord(purpose=purpose, dice=str(more.pop("dice", "1d20")), natural=natural,
                      total=int(str(more.pop("total", natural))),
                      target=more.pop("target", None),  # type: ignore[arg-type]
                      outcome=outcome, recorded=recorded, is_check=is_check,
                      detail=more.pop("detail", None))  # type: ignore[arg-type]


WREN_NAVIGATES = said("check_d20", actor="Wren", skill=Word("skill", "survival"),
                      score=Signed(7), bonus=Signed(2), dc=16,
                      why=(said("terrain", name=Word("terrain", "forest"),
                                density=Word("density", "sparse")),
                           said("trackless", dc=Signed(2))))


def test_key_rolls_show_the_decisions_and_what_changed_the_story() -> None:
    rolls = [roll("navigation", 4, "failure", is_check=True),
             roll("distance", 7, "100%", dice="2d6+3", total=10),
             roll("judge_distance", 14, "success", is_check=True),
             roll("veer", 9, "1 face right", dice="1d10"),
             roll("encounter", 7, "nothing", dice="1d12")]
    cell = key_rolls(EN, rolls)
    # the distance and a judged distance that changed nothing are left to the block
    assert cell == "nav 4\u00a0✗ · veer 9 → 1 face right · enc 7\u00a0–"
    assert "hx-seeded" not in cell  # every die was rolled at the table


def test_seeded_rolls_are_marked_and_story_rolls_more_strongly() -> None:
    cell = key_rolls(EN, [roll("navigation", 12, "success", recorded=False, is_check=True),
                          roll("encounter", 1, "wandering", recorded=False, dice="1d12")])
    assert '<span class="hx-seeded">⚄ 12\u00a0✓</span>' in cell
    assert '<span class="hx-seeded hx-story">⚄ 1 → wandering</span>' in cell
    rows = roll_table(EN, [roll("encounter", 1, "wandering", recorded=False, dice="1d12")])
    assert 'class="hx-seeded hx-story"' in rows and "⚄ seeded" in rows


def test_many_rolls_of_one_purpose_share_a_name_and_say_how_many_more() -> None:
    marches = [roll("march", n, "failure", is_check=True, target=10) for n in (3, 5, 7, 9, 2)]
    assert key_rolls(EN, marches) == "march 3\u00a0✗, 5\u00a0✗, 7\u00a0✗, +2 more"


def test_a_rolls_line_in_its_block_reads_dice_natural_total_target() -> None:
    rows = roll_table(EN, [
        roll("navigation", 15, "success", is_check=True, total=24, target=16,
             detail=WREN_NAVIGATES),
        roll("encounter", 6, "nothing", dice="1d12")]).splitlines()
    assert rows[0] == ("| Navigation | 1d20 = 15 → 24 vs 16 | ✓ success | Wren: Survival "
                       "&#43;7 &#43;2 vs DC 16 &#40;forest, sparse, trackless &#43;2&#41; |")
    assert rows[1] == "| Encounter check | 1d12 = 6 | nothing |  |"


def test_a_rolls_detail_and_outcome_are_in_the_sites_language() -> None:
    """The engine's detail of a check (who, skill, modifiers, DC, why) and the raw outcomes
    of its rolls read in the GM's language, numbers and all."""
    rows = roll_table(Translator("ru"), [
        roll("navigation", 15, "success", is_check=True, total=24, target=16,
             detail=WREN_NAVIGATES),
        roll("veer", 3, "1 face right", dice="1d10"),
        roll("encounter", 1, "wandering (cancelled)", dice="1d12")]).splitlines()
    assert "Wren: Выживание &#43;7 &#43;2 против СЛ 16 &#40;лес, редкий, без дороги" in rows[0]
    assert "1 грань вправо" in rows[1] and "блуждающая &#40;отменена&#41;" in rows[2]
    for row in rows:
        assert not {"vs", "Survival", "forest", "face", "wandering"} & set(row.split())


def test_what_a_gm_typed_is_escaped_in_both() -> None:
    hostile = "Tom & <b>Jerry</b> | [x](javascript:alert(1)) {{ 7*7 }}"
    rows = roll_table(EN, [roll("table", 3, hostile, detail=said("on_table", table=hostile),
                                dice="1d6")])
    cell = key_rolls(EN, [roll("veer", 3, hostile, dice="1d10")])
    for out in (rows, cell):
        assert "<b>" not in out and "](javascript" not in out and "{{" not in out
    assert rows.count(" | ") == 3  # the detail's bar does not open a column


def test_short_names_are_translated() -> None:
    cell = key_rolls(Translator("ru"), [roll("navigation", 4, "failure", is_check=True),
                                        roll("encounter", 7, "nothing", dice="1d12")])
    assert cell == "нав. 4\u00a0✗ · встр. 7\u00a0–"
