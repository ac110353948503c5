"""Each check system in its own terms, point by point (rules.md section 8): the sheets, the
GM's marks, the replay text, the journal across midnight, play's prompts and check's
warnings."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from generator.dice import RollRecord, said
from generator.i18n import Translator
from generator.play.oracle import ask_for
from generator.play.present import exhausted_reason, roll_help
from generator.reference.sheets.base import Ctx
from generator.reference.sheets.conflict import chases_sheet
from generator.reference.sheets.tables import gm_screen_sheet
from generator.reference.sheets.travel import encounters_sheet, travel_sheet
from generator.render.journal import _joins  # noqa: PLC2701 (the rule under test)
from generator.render.text import replay_text
from generator.render.watch_log import SIGNS, key_rolls, outcome_legend
from generator.replay import replay

from campaign_factory import errors, find, load, write_campaign

EN = Translator("en")


def _campaign(tmp_path: Path, system: str, **rules: object) -> tuple[Path, object]:
    root = write_campaign(tmp_path, campaign_overrides={"rules": {"checks": system, **rules}})
    campaign, diags = load(root)
    assert campaign is not None, [d.format() for d in diags.items]
    return root, campaign


def _cells(table: object) -> str:
    return " ".join(" ".join(row) for row in table.rows)  # type: ignore[attr-defined]


def test_brp_sheets_say_percent_chances_and_no_advantage(tmp_path: Path) -> None:
    _, campaign = _campaign(tmp_path, "brp")
    ctx = Ctx(campaign, "gm", "en")  # type: ignore[arg-type]
    forage = encounters_sheet(ctx)["forage_rule"]
    assert "special or critical success feeds one more" in forage and "points" not in forage
    march = _cells(travel_sheet(ctx)["march"])
    assert "Easy: CON × 10%" in march and "Normal: CON × 5%" in march and "DC" not in march
    chase = chases_sheet(ctx)
    assert "Con mod" not in chase["box"] and "advantage" not in chase["box"]
    assert "Easy: CON × 10%" in chase["box"] and "(CON − 10) ÷ 2" in chase["box"]
    screen = gm_screen_sheet(ctx, "brp")
    assert screen["enc"]["forage_rule"] == forage and screen["chase"]["box"] == chase["box"]


def test_bsh_sheets_roll_under_with_the_band(tmp_path: Path) -> None:
    _, campaign = _campaign(tmp_path, "bsh")
    ctx = Ctx(campaign, "gm", "en")  # type: ignore[arg-type]
    assert "critical success (a 1) feeds one more" in encounters_sheet(ctx)["forage_rule"]
    march = travel_sheet(ctx)["march"].rows
    assert march[0][1] == "roll under CON, with advantage" and march[1][1] == "roll under CON"
    assert "roll under CON, with advantage" in chases_sheet(ctx)["box"]


def test_d20_sheets_keep_their_wording(tmp_path: Path) -> None:
    _, campaign = _campaign(tmp_path, "d20")
    ctx = Ctx(campaign, "gm", "en")  # type: ignore[arg-type]
    assert "for every 2 points by which the result beats the DC" in \
        encounters_sheet(ctx)["forage_rule"]
    assert travel_sheet(ctx)["march"].rows[0][1] == "10"


def _roll(outcome: str, purpose: str = "forage", resource: str = "") -> RollRecord:
    detail = said("resource", name=resource) if resource else None
    return RollRecord(purpose, "1d100", 5, 5, 45, outcome, True, detail, [5])


def test_success_levels_have_distinct_marks_and_a_legend() -> None:
    levels = ("critical", "special", "success", "failure", "fumble")
    assert len({SIGNS[o] for o in levels}) == len(levels)
    watch = SimpleNamespace(record=SimpleNamespace(rolls=[_roll(o) for o in levels]))
    legend = outcome_legend(EN, [watch])
    for word in ("critical success", "special success", "success", "failure", "fumble"):
        assert word in legend
    assert EN.label("outcome", "critical") == EN.label("outcome", "critical_success")


def test_a_usage_die_is_named_by_its_resource() -> None:
    line = key_rolls(EN, [_roll("steps down", "use", "Torches")])
    assert line.startswith("Torches 1") or line.startswith("Torches 5"), line
    assert "die " not in line


def test_the_journal_keeps_a_rest_after_midnight_under_its_day() -> None:
    a = SimpleNamespace(activity="rest", day=1, knows_lost=False)
    b = SimpleNamespace(activity="rest", day=2, knows_lost=False)
    assert not _joins(a, b)
    assert _joins(a, SimpleNamespace(activity="rest", day=1, knows_lost=False))


def test_replay_prints_outcomes_and_uses_in_words(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, campaign_overrides={"rules": {"doom": "d4"}}, files={
        "sessions/01.yaml": "session: 1\nlog:\n  - travel: {heading: N}\n"
                            "    rolls: {navigation: 1, doom: 3, veer: 5, encounter: [6],"
                            " realise: 20}\n"
                            "  - use: {resource: doom, by: Aria, note: Aria dares the bridge}\n"
                            "    rolls: {doom: 4}\n"})
    campaign, _ = load(root)
    assert campaign is not None
    chronicle, _ = replay(campaign)
    text = replay_text(campaign, chronicle)
    assert "critical_failure" not in text and "-> critical failure" in text
    assert "use doom-Aria" not in text and "use Doom die of Aria: Aria dares" in text


def test_advantage_under_brp_is_a_positioned_warning(tmp_path: Path) -> None:
    root, _ = _campaign(tmp_path, "brp", advantage="classic")
    _, diags = load(root)
    line, col = find(root, "campaign.yaml", "advantage")
    warned = [d for d in diags.items if d.severity == "warning"
              and "has no advantage" in d.message]
    assert warned and warned[0].pos.line == line and warned[0].pos.col > col
    assert not errors(diags, root)


def test_an_exhausted_resource_is_refused_in_play(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, files={
        "sessions/01.yaml": "session: 1\nlog:\n  - use: {resource: debt-of-kessa}\n"
                            "    rolls: {use: 1}\n"})
    campaign, _ = load(root)
    assert campaign is not None
    chronicle, _ = replay(campaign)
    assert chronicle.resources["debt-of-kessa"].now == "d4"
    assert exhausted_reason(chronicle, {"use": {"resource": "debt-of-kessa"}}, EN) is None
    # one more 1 on the d4 and it has run out
    chronicle.resources["debt-of-kessa"].now = "exhausted"
    reason = exhausted_reason(chronicle, {"use": {"resource": "debt-of-kessa"}}, EN)
    assert reason is not None and "Kessa owes us has run out" in reason
    assert "00 is 100" in roll_help("brp", EN) and "advantage" not in roll_help("brp", EN)
    assert "advantage" in roll_help("d20", EN)


def test_the_minute_prompt_shows_no_generator_result() -> None:
    rec = RollRecord("moment_minute", "1d30", 5, 5, None, None, False,
                     said("minute_of_watch", half=1, minute=5, num=4), [5])
    assert EN.said(rec.detail) == "half hour 1, minute 5: 4 minutes into the watch"
    assert ask_for(rec).detail is None
