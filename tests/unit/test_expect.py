"""``expect:`` in session logs: the replay checks what the GM remembers happened."""

from __future__ import annotations

import subprocess
from pathlib import Path

from generator.content.loader import load_campaign
from generator.content.schema import all_schemas
from generator.replay import replay

from play_helpers import HEXCRAWL, ROOT, copy_campaign

SESSION = """\
session: 7
title: Afterwards
log:
  - travel: {heading: N}
    rolls: {navigation: 15, distance: 8, judge_distance: 15, encounter: [6]}
    expect: FIRST
  - travel: {heading: N}
    expect: EXPECT
"""


def _write(tmp: Path, expect: str, *, second_rolls: str = "", first: str = "{}") -> Path:
    content = copy_campaign(tmp)
    text = SESSION.replace("EXPECT", expect).replace("FIRST", first)
    if second_rolls:
        text += f"    rolls: {second_rolls}\n"
    (content / "sessions" / "07-afterwards.yaml").write_text(text, encoding="utf-8")
    return content


def _watches(content: Path) -> list[dict[str, object]]:
    campaign, diags = load_campaign(content)
    assert campaign is not None, diags.items
    chronicle, _ = replay(campaign)
    watches: list[dict[str, object]] = chronicle.to_json()["sessions"][-1]["watches"]
    return watches


def test_expectations_that_hold_pass(tmp_path: Path) -> None:
    w1, w2 = _watches(_write(tmp_path, "{}"))
    entered = ", ".join(f'"{h}"' for h in w1["hexes_entered"])  # type: ignore[attr-defined]
    first = (f'{{hex: "{w1["end_hex"]}", believed: "{w1["believed_hex"]}", lost: false, '
             f'knows_lost: false, entered: [{entered}]}}')
    second = f'{{hex: "{w2["end_hex"]}", lost: {str(w2["lost"]).lower()}, veer: {w2["veer"]}}}'
    content = _write(tmp_path / "again", second, first=first)
    campaign, diags = load_campaign(content)
    assert campaign is not None
    _, rdiags = replay(campaign)
    assert not rdiags.has_errors(), [d.format() for d in rdiags.items]


def test_a_wrong_expectation_names_the_seeded_rolls(tmp_path: Path) -> None:
    content = _write(tmp_path, '{hex: "0101", found: [ashford]}')
    proc = subprocess.run([*HEXCRAWL, "check", "--content", str(content)], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 1
    line = next(x for x in proc.stderr.splitlines() if "expected" in x)
    assert "07-afterwards.yaml:8:13: error: expected hex 0101, but the party ends" in line
    assert "found 'ashford', but the watch finds" in line
    assert "the seeded generator rolled navigation " in line and "encounter " in line
    assert "record the rolls made at the table" in line
    assert "let 'hexcrawl settle' find the dice" in line and "docs/format.md#rulings" in line
    assert "Traceback" not in proc.stderr


def test_a_wrong_expectation_with_every_roll_recorded(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    (content / "sessions" / "07-afterwards.yaml").write_text(
        "session: 7\nlog:\n  - rest: {}\n    rolls: {encounter: [6]}\n"
        "    expect: {lost: true}\n", encoding="utf-8")
    campaign, _ = load_campaign(content)
    assert campaign is not None
    _, diags = replay(campaign)
    [error] = diags.errors
    assert "expected lost: true, but the replay has lost: false" in error.message
    assert "the log itself says otherwise" in error.message
    assert "record a ruling (docs/format.md#rulings)" in error.message


def test_expect_is_checked_by_the_loader(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    (content / "sessions" / "07-afterwards.yaml").write_text(
        "session: 7\nlog:\n  - note: x\n    expect: {lost: true}\n"
        "  - rest: {}\n    expect: {found: [nowhere], hex: \"9999\"}\n", encoding="utf-8")
    _, diags = load_campaign(content)
    messages = [d.format() for d in diags.errors]
    assert any(":4:13: error: expect: goes on an entry that takes a watch" in m
               for m in messages), messages
    assert any(":6:22: error: unknown location 'nowhere'" in m for m in messages), messages
    assert any("9999" in m for m in messages), messages
    (content / "sessions" / "07-afterwards.yaml").write_text(
        "session: 7\nlog:\n  - rest: {}\n    expect: {velocity: 3}\n", encoding="utf-8")
    _, diags = load_campaign(content)
    assert any("unknown key 'velocity'" in d.message for d in diags.errors)


def test_expect_is_in_the_session_schema() -> None:
    schema = all_schemas()["session.schema.json"]
    text = str(schema)
    assert "expect" in text and "The hex the party is truly in after the entry." in text
