"""Progress of `build` and `check` (generator/site/progress.py): a live display per stage on a
terminal once a command has run over a second, one summary line otherwise, `--quiet` and
`--verbose`. The terminal case runs the real command under a pseudo-terminal."""

from __future__ import annotations

import doctest
import io
import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

from generator.scaffold import create
from generator.site import progress as progress_module
from generator.site.progress import Reporter

ROOT = Path(__file__).resolve().parents[2]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\r")


def hexcrawl(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, check=False, timeout=600)


def run_stages(reporter: Reporter, pause: float = 0.0) -> None:
    with reporter:
        with reporter.stage("load") as st:
            st.detail = "3 hexes"
        with reporter.stage("players: MkDocs") as st:
            st.size(4)
            for _ in range(4):
                time.sleep(pause / 4)
                st.advance()
            st.detail = "2 pages"
        reporter.close("built site/players in 0.1 s")


def test_not_a_terminal_prints_one_summary_line() -> None:
    out = io.StringIO()
    run_stages(Reporter("normal", stream=out, terminal=False))
    assert out.getvalue() == "built site/players in 0.1 s\n"


def test_verbose_prints_each_stage_with_its_time_and_what_it_did() -> None:
    out = io.StringIO()
    run_stages(Reporter("verbose", stream=out, terminal=False))
    lines = out.getvalue().splitlines()
    assert len(lines) == 3
    assert re.fullmatch(r" +\d+\.\d\d s  load \(3 hexes\)", lines[0]), lines
    assert re.fullmatch(r" +\d+\.\d\d s  players: MkDocs \(2 pages\)", lines[1]), lines
    assert lines[2] == "built site/players in 0.1 s"


def test_quiet_prints_nothing() -> None:
    out = io.StringIO()
    run_stages(Reporter("quiet", stream=out, terminal=True, after=0))
    assert out.getvalue() == ""


def test_a_terminal_shows_the_stages_only_after_a_second() -> None:
    fast = io.StringIO()
    run_stages(Reporter("normal", stream=fast, terminal=True, after=60))
    assert "load" not in fast.getvalue()
    assert ANSI.sub("", fast.getvalue()).strip().endswith("built site/players in 0.1 s")

    slow = io.StringIO()
    run_stages(Reporter("normal", stream=slow, terminal=True, after=0.05), pause=0.6)
    shown = ANSI.sub("", slow.getvalue())
    assert "✓ load" in shown and "players: MkDocs" in shown
    assert "100 %" in shown  # the sized stage has a bar and a percentage
    assert shown.strip().endswith("built site/players in 0.1 s")


def test_module_doctests() -> None:
    assert doctest.testmod(progress_module).failed == 0


# ------------------------------------------------------------------------------------------
# the commands


def test_build_quiet_verbose_and_the_summary_line(tmp_path: Path) -> None:
    camp = tmp_path / "camp"
    create(camp)
    quiet = hexcrawl("build", "--content", str(camp), "--docs-only", "-q", cwd=tmp_path)
    assert quiet.returncode == 0, quiet.stderr
    assert quiet.stdout == "" and quiet.stderr == ""

    # with its site_url: a players' site without one warns that its sitemap needs it
    plain = hexcrawl("build", "--content", str(camp), "--audience", "players",
                     "--site-url", "https://example.org/camp/", cwd=tmp_path)
    assert plain.returncode == 0, plain.stderr
    assert plain.stderr == ""
    assert re.fullmatch(r"built camp/site/players in \d+\.\d s\n", plain.stdout), plain.stdout

    verbose = hexcrawl("build", "--content", str(camp), "--audience", "players", "--verbose",
                       "--site-url", "https://example.org/camp/", cwd=tmp_path)
    assert verbose.returncode == 0, verbose.stderr
    stages = [re.sub(r"^ *\d+\.\d\d s  ", "", x) for x in verbose.stderr.splitlines()]
    assert stages[0] == "load (48 hexes, 2 locations, 1 table, 1 session)"
    assert stages[1] == "replay (4 watches)"
    assert stages[2] == "players: pages (0 files written, 0 removed)"  # nothing changed
    assert re.fullmatch(r"players: MkDocs \(\d+ pages\)", stages[3]), stages
    assert stages[4] == "swap"
    assert len(stages) == 5
    assert verbose.stdout.startswith("built camp/site/players in ")

    both = hexcrawl("build", "--content", str(camp), "-q", "-v", cwd=tmp_path)
    assert both.returncode == 2
    assert "--quiet and --verbose exclude each other" in both.stderr


def test_quiet_check_prints_only_errors(tmp_path: Path) -> None:
    camp = tmp_path / "camp"
    create(camp)
    session = next((camp / "sessions").glob("*.yaml"))
    session.write_text(session.read_text("utf-8") + "    rolls: {forage: 7}\n", "utf-8")
    loud = hexcrawl("check", "--content", str(camp), cwd=tmp_path)
    assert loud.returncode == 0 and ": warning: " in loud.stderr, loud.stderr
    assert hexcrawl("check", "--content", str(camp), "-q", cwd=tmp_path).stderr == ""
    (camp / "hexes" / "bad.yaml").write_text('"0909": {terrain: forest}\n', "utf-8")
    bad = hexcrawl("check", "--content", str(camp), "-q", cwd=tmp_path)
    assert bad.returncode == 1
    assert [x.split(": ", 2)[1] for x in bad.stderr.splitlines()] == ["error"], bad.stderr


def test_build_on_a_terminal_shows_each_stage(tmp_path: Path) -> None:
    """The real command under a pseudo-terminal: a build of the starter campaign takes over a
    second, so the stages appear, each with its spinner or bar, and one summary line stays."""
    camp = tmp_path / "camp"
    create(camp)
    leader, follower = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "100", "TERM": "xterm"}
    proc = subprocess.Popen([sys.executable, "-m", "generator.cli", "build", "--content",
                             str(camp)], cwd=tmp_path, env=env, stdin=follower,
                            stdout=follower, stderr=follower)
    os.close(follower)
    chunks: list[bytes] = []
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 1)
        if ready:
            try:
                data = os.read(leader, 65536)
            except OSError:  # the child closed the terminal
                break
            if not data:
                break
            chunks.append(data)
        elif proc.poll() is not None:
            break
    os.close(leader)
    assert proc.wait(timeout=60) == 0
    screen = ANSI.sub("", b"".join(chunks).decode("utf-8", "replace"))
    for stage in ("load", "replay", "players: pages", "gm: pages", "players: MkDocs",
                  "gm: MkDocs"):
        assert stage in screen, screen
    assert "✓ players: MkDocs" in screen  # a finished stage keeps its row until the end
    # (no site_url: the players' sitemap lists no page, the one warning)
    assert re.search(r"built camp/site/players and camp/site/gm in \d+\.\d s \(1 warning\)\s*$",
                     screen), screen
