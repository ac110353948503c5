"""A Russian- or Ukrainian-speaking GM reads no English that hexcrawl wrote: every page of
both sites of the example built in the language (Markdown, the SVG maps' text, what a reader
sees of the HTML in them), a scripted ``play`` session at a terminal and ``check`` on a
campaign with errors of many kinds hold no Latin-script word but the campaign's own text,
dice notation where the GM types it, and the few names that are no language
(``tests/latin_helpers.py``)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT
from latin_helpers import (
    CampaignText,
    campaign_words,
    hexcrawls_words,
    site_leftovers,
    terminal_leftovers,
)

from generator.play.commands import COMMANDS

from play_helpers import copy_campaign, run_play

LANGUAGES = ["ru", "uk"]


def _in_language(root: Path, language: str) -> None:
    campaign = root / "campaign.yaml"
    text = re.sub(r"(?m)^language:.*\n", "", campaign.read_text("utf-8"))
    campaign.write_text(f"language: {language}\n" + text, "utf-8")


@pytest.fixture
def built(example_translated: tuple[str, Path]) -> tuple[str, Path]:
    """The example in Russian, then Ukrainian, its pages generated once per test run
    (``conftest.py``); read only."""
    return example_translated


@pytest.mark.parametrize("site", ["players", "gm"])
def test_every_page_of_both_sites_is_in_the_language(built: tuple[str, Path], site: str,
                                                     ) -> None:
    language, repo = built
    docs = repo / "build" / site / "docs"
    assert len(list(docs.rglob("*.md"))) >= 25 and list(docs.rglob("*.svg"))
    assert site_leftovers(docs, campaign_words(repo / "content")) == {}, language


def test_the_detector_is_not_fooled_by_the_campaigns_words() -> None:
    """The campaign's words excuse only themselves, as written: its "her doom die" does not
    excuse hexcrawl's "Doom (Wren)", its "a d4 until the next long rest" does not excuse a
    "d6" hexcrawl wrote, and English left in a tooltip or an SVG label is found."""
    own = CampaignText(frozenset({"doom", "die", "Wren", "a", "until", "the", "next"}),
                       ("a d4 until the next long rest",))
    page = ("Wren: a d4 until the next long rest. Doom (Wren) **d6** `checks: d20`\n"
            '<span title="Permanent link">¶</span> <svg><text>Unexplored</text></svg>\n')
    assert hexcrawls_words(page, own) == ["Doom", "d", "Permanent", "link", "Unexplored"]
    assert hexcrawls_words("<svg><text>Lost</text></svg>", own, markdown=False) == ["Lost"]


def _run(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LANGUAGE": "", "LC_ALL": "", "LANG": "C"}
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def _broken(tmp_path: Path, language: str) -> Path:
    """The example campaign in ``language`` with errors and warnings of many kinds: YAML
    syntax, unknown ids and keys, a value of the wrong type, model errors, replay errors
    (an unmet ``expect:``, a roll out of range)."""
    root = copy_campaign(tmp_path)
    _in_language(root, language)
    paths = root / "paths.yaml"
    paths.write_text(paths.read_text("utf-8")
                     + "old-way: {kind: trial, hexes: [\"0101\", \"0102\"]}\n"
                     + "short-way: {kind: trail, hexes: [\"0101\"]}\n", "utf-8")
    (root / "hexes" / "broken.yaml").write_text("\"0101\":\n  terrain: forest\n    x: 1\n",
                                                "utf-8")
    sessions = sorted((root / "sessions").glob("*.yaml"))
    first = sessions[0]
    first.write_text(first.read_text("utf-8").replace("number: 1", "number: one", 1), "utf-8")
    second = sessions[1]
    second.write_text(second.read_text("utf-8") + "  - use: {resource: nothing-such}\n",
                      "utf-8")
    return root


def _replay_errors(tmp_path: Path, language: str) -> Path:
    """The example campaign in ``language``, well-formed, whose last session's replay goes
    wrong: a roll out of its die's range and an ``expect:`` the replay does not meet."""
    root = copy_campaign(tmp_path)
    _in_language(root, language)
    last = sorted((root / "sessions").glob("*.yaml"))[-1]
    last.write_text(last.read_text("utf-8") + "  - travel: {heading: N}\n"
                    "    rolls: {navigation: 99}\n    expect: {hex: \"0101\"}\n", "utf-8")
    return root


@pytest.mark.parametrize("language", LANGUAGES)
def test_check_on_a_broken_campaign_is_in_the_language(tmp_path: Path, language: str) -> None:
    root = _broken(tmp_path, language)
    done = _run(root, "check")
    assert done.returncode == 1, done.stderr
    diagnostics = re.findall(r"(?m)^\S+:\d+:\d+: (?:error|warning): ", done.stderr)
    assert len(diagnostics) >= 4, done.stderr
    assert terminal_leftovers(done.stderr, campaign_words(root)) == [], done.stderr


@pytest.mark.parametrize("language", LANGUAGES)
def test_check_on_replay_errors_is_in_the_language(tmp_path: Path, language: str) -> None:
    root = _replay_errors(tmp_path, language)
    done = _run(root, "check")
    assert done.returncode == 1, done.stderr
    assert re.search(r"(?m)^\S+:\d+:\d+: error: ", done.stderr), done.stderr
    assert terminal_leftovers(done.stderr, campaign_words(root)) == [], done.stderr


#: A game day at the table as the GM types it, each command with what the GM answers at its
#: roll prompts (``*``: the generator rolls the rest): a navigation that fails (a 1, which
#: costs a doom die roll) and veers a face; a forced march; a camp with foraging; an
#: encounter from a table; a rest and a sleep; a ruling; a hustle; a usage die stepping
#: down; a chase the party loses; a search; undo and the errors of a mistyped line.
TABLE_DAY: list[tuple[str, list[str]]] = [
    ("help", []), ("look", []), ("travel N", ["1", "", "1", "*"]), ("status", []),
    ("camp forage", ["*"]), ("encounter elderholt-encounters", ["*"]), ("rest", ["*"]),
    ("sleep", ["*"]), ("ruling lost unaware note спорят о дороге", []), ("status", []),
    ("travel S hustle 2", ["*"]), ("use lamp-oil by Tib Quill", ["1"]),
    ("chase wilderness from hask-wolves distance 90", ["*"]), ("search", ["*"]),
    ("status", []), ("undo", []), ("fly", []), ("travel Q", []), ("quit", []),
]

#: what the GM types that the messages name: the keys as the keyboard names them, the
#: commands (``help — список``) and the headings a command takes (``N, NE, SE``)
TYPED = frozenset({"Enter", "Ctrl", "C", *COMMANDS, "N", "NE", "E", "SE", "S", "SW", "W",
                   "NW"})


def _play_a_day(root: Path) -> str:
    """What ``hexcrawl play`` printed for ``TABLE_DAY``, without what the GM typed (echoed
    after each prompt) and the commands' syntax in the help, which the GM types."""
    typed = "".join(f"{command}\n" + "".join(f"{a}\n" for a in answers)
                    for command, answers in TABLE_DAY)
    done = run_play(root, typed, "--continue")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    out = re.sub(r"(?m)(^с\d+ день \d+ в\d> |\]: ).*$", r"\1", done.stdout + done.stderr)
    return re.sub(rf"(?m)^  (?:{'|'.join(COMMANDS)})\b.*?   ", "  ", out)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_day_of_play_is_in_the_language(tmp_path: Path, language: str) -> None:
    root = copy_campaign(tmp_path)
    _in_language(root, language)
    transcript = _play_a_day(root)
    # the day went as scripted: a veer, rolls in the language's notation, a step down, a
    # chase, an undo
    assert re.search(r"[+-]1 \(на 1 ", transcript) and "1к20" in transcript, transcript
    assert "к8 -> к6" in transcript and "«search»" in transcript
    assert terminal_leftovers(transcript, campaign_words(root), TYPED, whole=True) == [], \
        transcript


@pytest.mark.parametrize("language", LANGUAGES)
def test_check_warnings_of_the_log_are_in_the_language(tmp_path: Path, language: str) -> None:
    """A search for a place far away, the reveal of a hidden place no one told the players
    of, a "GM only" note the players would read, and a key the format does not know."""
    root = copy_campaign(tmp_path)
    _in_language(root, language)
    last = sorted((root / "sessions").glob("*.yaml"))[-1]
    last.write_text(last.read_text("utf-8") + "  - search: {target: gate-of-teeth}\n"
                    "  - reveal: [barrow-of-the-antlered-king]\n", "utf-8")
    gate = root / "locations" / "gate-of-teeth.md"
    gate.write_text(gate.read_text("utf-8") + '\n!!! note "GM only"\n    A spy.\n', "utf-8")
    done = _run(root, "check")
    assert done.returncode == 0, done.stderr
    warnings = re.findall(r"(?m)^\S+:\d+:\d+: warning: ", done.stderr)
    assert len(warnings) == 3, done.stderr
    assert terminal_leftovers(done.stderr, campaign_words(root)) == [], done.stderr
    last.write_text(last.read_text("utf-8") + "  - camp: {}\n    bogus_key: 1\n", "utf-8")
    done = _run(root, "check")
    assert done.returncode == 1 and "bogus_key" in done.stderr, done.stderr
    assert terminal_leftovers(done.stderr, campaign_words(root)) == [], done.stderr
