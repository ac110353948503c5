"""Helpers for the ``hexcrawl play`` tests: a campaign copy, running the real CLI, and the
answers that re-enter a logged session at the prompts."""

from __future__ import annotations

import json
import os
import re
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from generator.content.loader import load_campaign
from generator.dice import RollRecord
from generator.i18n import Translator
from generator.play.oracle import ask_for
from generator.replay import replay

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
HEXCRAWL = [sys.executable, "-m", "generator.cli"]

#: session 6 of the example campaign as the GM types it at the table (one command per entry)
SESSION6_COMMANDS = [
    "note", "travel N hustle 2", "travel N", "travel N hours 1", "note", "camp forage",
    "rest", "rest", "note", "travel N cautious exploring", "travel N",
    'chase wilderness party from hask-wolves distance 90 advantage 1 factor "fog on the moor" '
    'factor "broken ground to hide in" note Three wolves of the Hask run the wardens along the '
    "moor's edge.",
    "note", "use doom by Ysolde Marr note Ysolde steps out alone to meet the lead wolf.",
    "travel NW poor hours 2", "note", "use lamp-oil by Tib Quill", "reorient north", "note",
    "reorient backtrack", "note",
]


def copy_campaign(tmp: Path, drop: tuple[str, ...] = ()) -> Path:
    dest = tmp / "campaign"
    shutil.copytree(CONTENT, dest)
    for pattern in drop:
        for p in dest.glob(pattern):
            p.unlink()
    return dest


def run_play(content: Path, stdin: str, *args: str, cwd: Path | None = None,
             timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([*HEXCRAWL, "play", "--content", str(content), *args],
                          input=stdin, capture_output=True, text=True, timeout=timeout,
                          cwd=cwd or content.parent, env=env)


def answers_for(rolls: list[RollRecord]) -> list[str]:
    """What the GM types at each roll prompt to reproduce ``rolls``: the recorded values,
    Enter for the ones the generator rolled."""
    out: list[str] = []
    for r in rolls:
        ask = ask_for(r)
        if r.recorded:
            out.append(" ".join(map(str, ask.seeded)))
        else:
            out.append("")
    return out


def session_json(content: Path, number: int) -> dict[str, Any]:
    campaign, diags = load_campaign(content)
    assert campaign is not None, [d.format() for d in diags.items]
    chronicle, rdiags = replay(campaign)
    assert not rdiags.has_errors(), [d.format() for d in rdiags.items]
    sessions = chronicle.to_json(Translator("en").said)["sessions"]
    data = next(s for s in sessions if s["session"] == number)
    return json.loads(json.dumps(data))


def without_sources(data: Any) -> Any:
    """A replay JSON without the recorded/seeded flags (a re-entered log records every
    roll the original left to the generator)."""
    if isinstance(data, dict):
        return {k: without_sources(v) for k, v in data.items() if k != "recorded"}
    if isinstance(data, list):
        return [without_sources(v) for v in data]
    return data


class Terminal:
    """The real command in a pseudo-terminal: what a GM at a terminal sees and types."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        import pty

        self.master, slave = pty.openpty()
        try:  # a wide terminal, so that long prompts are not wrapped
            import fcntl
            import struct
            import termios

            fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 250, 0, 0))
        except (ImportError, OSError):
            pass
        env = dict(os.environ, PYTHONPATH=str(ROOT), TERM="xterm", COLUMNS="200",
                   LINES="50", PROMPT_TOOLKIT_NO_CPR="1")
        self.proc = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave, cwd=cwd,
                                     env=env, close_fds=True, start_new_session=True)
        os.close(slave)
        self.buffer = ""

    def expect(self, text: str, timeout: float = 60) -> str:
        end = time.monotonic() + timeout
        while text not in self.buffer:
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{text!r} not seen; got:\n{self.buffer[-2000:]}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    chunk = b""
                if not chunk:
                    raise AssertionError(f"{text!r} not seen before exit:\n{self.buffer}")
                self.buffer += re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]|\x1b[()][AB0-9]|\r", "",
                                      chunk.decode("utf-8", "replace"))
        at = self.buffer.index(text) + len(text)
        seen, self.buffer = self.buffer[:at], self.buffer[at:]
        return seen

    def send(self, text: str) -> None:
        os.write(self.master, text.encode())

    def close(self) -> int:
        try:
            return self.proc.wait(timeout=60)
        finally:
            os.close(self.master)

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc: object) -> None:
        # a test that failed half-way leaves no program running behind it
        if self.proc.poll() is None:
            self.proc.kill()
