"""``hexcrawl play`` when the table is not kind: a sessions folder it cannot write (every
command says so and the file stays as it was), escape sequences typed at the prompt of a
real pseudo-terminal."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import yaml

from play_helpers import HEXCRAWL, Terminal, copy_campaign, run_play

pytest.importorskip("termios")      # the pseudo-terminal tests need a POSIX terminal


def _file(content: Path, number: int) -> Path:
    return next(content.glob(f"sessions/{number:02d}-*.yaml"))


@contextmanager
def unwritable(folder: Path) -> Iterator[None]:
    """``folder`` made unwritable for this process: read-only for a user, immutable
    (``chattr +i``) for root, who writes through permissions."""
    if os.geteuid() == 0:
        chattr = shutil.which("chattr")
        if chattr is None or subprocess.run([chattr, "+i", str(folder)],
                                            capture_output=True).returncode != 0:
            pytest.skip("root here, and no immutable folders on this file system")
        try:
            yield
        finally:
            subprocess.run([chattr, "-i", str(folder)], check=True)
    else:
        mode = folder.stat().st_mode
        folder.chmod(0o555)
        try:
            yield
        finally:
            folder.chmod(mode)


def test_gm_and_undo_with_an_unwritable_sessions_folder_are_reported(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    path = _file(content, 6)
    with Terminal([*HEXCRAWL, "play", "--content", str(content), "--continue"], tmp_path) as term:
        term.expect("s6 day 9 w2>")
        term.send("note the first\r")
        term.expect("written to")
        term.expect("w2>")
        written = path.read_bytes()
        with unwritable(path.parent):
            for command in ("gm the owl is watching", "undo", "note the second"):
                term.send(command + "\r")
                seen = term.expect("cannot write")
                assert "Traceback" not in seen, seen
            term.send("quit\r")
            rest = term.expect("Session 6 is in")
            assert "Traceback" not in rest
        assert term.close() == 0
    assert path.read_bytes() == written
    assert yaml.safe_load(written)["log"][-1] == {"note": "the first"}


def test_a_new_session_in_an_unwritable_folder_is_an_error_not_a_traceback(
        tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    with unwritable(content / "sessions"):
        proc = run_play(content, "quit\n", "--new", "--title", "Into the fog")
    assert proc.returncode == 1
    assert "cannot write" in proc.stderr and "Traceback" not in proc.stderr


def test_an_escape_sequence_typed_at_the_prompt_is_dropped(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    path = _file(content, 6)
    with Terminal([*HEXCRAWL, "play", "--content", str(content), "--continue"], tmp_path) as term:
        term.expect("s6 day 9 w2>")
        # colour codes, an SGR report with too few fields, a typical report of no button
        term.send("note \x1b[31mred\x1b[0m \x1b[<5M\x1b[Mzzzwine\r")
        seen = term.expect("written to")
        assert "Unhandled exception" not in seen and "Traceback" not in seen, seen
        term.expect("w2>")
        term.send("quit\r")
        term.expect("Session 6 is in")
        assert term.close() == 0
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["log"][-1] == {"note": "red wine"}



#: A hex name that would set the clipboard (OSC 52), colour the text with the one-byte C1
#: CSI, and reverse the rest of the line (a right-to-left override), on the GM's terminal.
HOSTILE_NAME = "Cross\\e]52;c;cm0gLXJmIH4=\\aroads \\x9b31mMeadow\\u202etxt.exe"


def _hostile_campaign(tmp_path: Path) -> Path:
    from campaign_factory import HEXES, write_campaign

    return write_campaign(tmp_path / "c", files={"hexes/map.yaml": HEXES.replace(
        "name: Crossroads Meadow", f'name: "{HOSTILE_NAME}"')})


def test_escape_sequences_in_content_reach_the_terminal_as_text(tmp_path: Path) -> None:
    """``play`` shows the names it quotes from content with their control characters
    escaped, on a real terminal and through a pipe."""
    content = _hostile_campaign(tmp_path)
    with Terminal([*HEXCRAWL, "play", "--content", str(content), "--new", "--title", "T"],
                  tmp_path) as term:
        term.expect("w4>")
        term.send("look\r")
        seen = term.expect("landmarks in sight")
        term.send("quit\r")
        term.expect("no entries")
        assert term.close() == 0
    for shown in (seen, run_play(content, "look\nquit\n", "--new", "--title", "T").stdout):
        assert "S 0304: Cross\\x1b]52;c;cm0gLXJmIH4=\\x07roads \\x9b31mMeadow\\u202etxt.exe" \
            in shown, shown
        for raw in ("\x1b]52", "\x07", "\x9b", "\u202e"):
            assert raw not in shown


def test_escape_sequences_in_content_reach_check_as_text(tmp_path: Path) -> None:
    from campaign_factory import HEXES, write_campaign

    root = write_campaign(tmp_path / "c", files={"hexes/map.yaml": HEXES.replace(
        "terrain: plains\n  name", f'terrain: "{HOSTILE_NAME}"\n  name')})
    proc = subprocess.run([*HEXCRAWL, "check", "--content", str(root)], capture_output=True,
                          text=True, timeout=300, cwd=tmp_path,
                          env=dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2])))
    assert proc.returncode == 1
    line = next(ln for ln in proc.stderr.splitlines() if "unknown terrain" in ln)
    assert line.endswith("unknown terrain 'Cross\\x1b]52;c;cm0gLXJmIH4=\\x07roads "
                         "\\x9b31mMeadow\\u202etxt.exe'"), line
