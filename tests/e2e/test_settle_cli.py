"""``hexcrawl settle`` as a GM runs it: a log written after the game, with what happened in
``expect:`` and no dice, is settled so that ``check`` passes and the replay tells the story
the table played; only ``rolls:`` lines change, and nothing is written without consent."""

from __future__ import annotations

import difflib
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from conftest import ROOT, hexcrawl

from generator.content.loader import load_campaign
from generator.replay import replay

from play_helpers import HEXCRAWL, Terminal

SESSION_3 = Path("content/sessions/03-the-sunken-chapel.yaml")
#: the entries of session 3 written from memory: the journey to the Oak, the search that
#: found the chapel, a watch in camp
ENTRIES = {0: "    rolls: {distance: 7, judge_distance: 10, encounter: [10]}\n",
           2: "    rolls: {encounter: [5, 9, 12]}\n",
           7: "    rolls: {encounter: [8]}\n"}


def _story(repo: Path) -> list[list[tuple[Any, ...]]]:
    """Where the party truly is and believes it is after every watch, and what it found."""
    campaign, diags = load_campaign(repo / "content")
    assert campaign is not None, diags.items
    chronicle, _ = replay(campaign)
    return [[(w.entry, w.end_hex, w.believed_hex, w.lost, tuple(w.discovered))
             for w in s.watches] for s in chronicle.sessions]


def _expect(w: dict[str, Any]) -> str:
    labels = ", ".join(f'"{h}"' for h in w["hexes_entered"])
    return (f'    expect: {{hex: "{w["end_hex"]}", believed: "{w["believed_hex"]}", '
            f'lost: {str(w["lost"]).lower()}, found: [{", ".join(w["discovered"])}], '
            f'entered: [{labels}]}}\n')


def _written_after_the_game(tmp: Path) -> Path:
    """The example campaign with session 3's three entries written from memory."""
    repo = tmp / "repo"
    shutil.copytree(ROOT / "content", repo / "content")
    shutil.copy(ROOT / "mkdocs.yml", repo / "mkdocs.yml")
    campaign, _ = load_campaign(repo / "content")
    assert campaign is not None
    chronicle, _ = replay(campaign)
    watches = {w["entry"]: w for w in chronicle.to_json()["sessions"][2]["watches"]}
    path = repo / SESSION_3
    text = path.read_text(encoding="utf-8")
    for entry, rolls in ENTRIES.items():
        assert text.count(rolls) == 1
        text = text.replace(rolls, _expect(watches[entry]))
    path.write_text(text, encoding="utf-8")
    return repo


def test_settle_makes_the_log_tell_what_happened(tmp_path: Path) -> None:
    original = _original(tmp_path)
    repo = _written_after_the_game(tmp_path)
    before = (repo / SESSION_3).read_text(encoding="utf-8")
    failing = hexcrawl("check", cwd=repo)
    assert failing.returncode == 1 and "hexcrawl settle" in failing.stderr

    run = hexcrawl("settle", "--yes", cwd=repo)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "settled by changing" in run.stdout and "wrote " in run.stdout
    assert "Traceback" not in run.stderr

    assert hexcrawl("check", cwd=repo).returncode == 0
    assert _story(repo) == original
    after = (repo / SESSION_3).read_text(encoding="utf-8")
    changed = [line for line in difflib.ndiff(before.splitlines(), after.splitlines())
               if line[:2] in ("+ ", "- ")]
    assert changed and all(line.startswith("+     rolls: {") for line in changed), changed


def _original(tmp: Path) -> list[list[tuple[Any, ...]]]:
    """The story of the campaign as played, every die recorded."""
    repo = tmp / "played"
    shutil.copytree(ROOT / "content", repo / "content")
    return _story(repo)


def test_dry_run_and_a_pipe_without_yes_write_nothing(tmp_path: Path) -> None:
    repo = _written_after_the_game(tmp_path)
    before = (repo / SESSION_3).read_bytes()
    dry = hexcrawl("settle", "--dry-run", "--session", "3", cwd=repo)
    assert dry.returncode == 0, dry.stderr
    assert "+    rolls: {" in dry.stdout and "--dry-run: nothing written" in dry.stdout
    assert (repo / SESSION_3).read_bytes() == before
    piped = subprocess.run([sys.executable, "-m", "generator.cli", "settle"], cwd=repo,
                           input="y\n", capture_output=True, text=True, timeout=600,
                           env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert piped.returncode == 1
    assert "nothing written" in piped.stderr and "hexcrawl settle --yes" in piped.stderr
    assert (repo / SESSION_3).read_bytes() == before


def test_at_a_terminal_settle_asks_before_writing(tmp_path: Path) -> None:
    repo = _written_after_the_game(tmp_path)
    # a log saved on Windows keeps its line ends
    before = (repo / SESSION_3).read_bytes().replace(b"\n", b"\r\n")
    (repo / SESSION_3).write_bytes(before)
    args = [*HEXCRAWL, "settle", "--session", "3"]
    with Terminal(args, repo) as term:
        term.expect("Write these rolls? [y/N]")
        term.send("n\r")
        term.expect("nothing written")
        assert term.close() == 0
    assert (repo / SESSION_3).read_bytes() == before
    with Terminal(args, repo) as term:
        term.expect("Write these rolls? [y/N]")
        term.send("y\r")
        term.expect("wrote content/sessions/03-the-sunken-chapel.yaml")
        assert term.close() == 0
    after = (repo / SESSION_3).read_bytes()
    assert after.replace(b"    rolls: {encounter: [12]}\r\n", b"") == before
    assert b"\n" not in after.replace(b"\r\n", b"")


def test_the_diff_drives_no_terminal(tmp_path: Path) -> None:
    """The diff quotes the log's lines around each change: a right-to-left override and an
    isolate there (YAML takes both raw) are shown as escapes, reordering nothing."""
    repo = _written_after_the_game(tmp_path)
    path = repo / SESSION_3
    text = path.read_text(encoding="utf-8")
    search = "  - search: {target: the-sunken-chapel}\n"
    assert text.count(search) == 1
    path.write_text(text.replace(search, search + "    # eht\u202e \u2067red\n"),
                    encoding="utf-8")
    dry = hexcrawl("settle", "--dry-run", "--session", "3", cwd=repo)
    assert dry.returncode == 0, dry.stderr
    assert "# eht\\u202e \\u2067red" in dry.stdout
    assert "\u202e" not in dry.stdout and "\u2067" not in dry.stdout
