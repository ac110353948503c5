"""Helpers for the ``hexcrawl play`` tests: a campaign copy, running the real CLI, and the
answers that re-enter a logged session at the prompts."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from generator.content.loader import load_campaign
from generator.play.oracle import ask_for
from generator.replay import replay
from generator.rules.chronicle import RollRecord

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
    data = next(s for s in chronicle.to_json()["sessions"] if s["session"] == number)
    return json.loads(json.dumps(data))


def without_sources(data: Any) -> Any:
    """A replay JSON without the recorded/seeded flags (a re-entered log records every
    roll the original left to the generator)."""
    if isinstance(data, dict):
        return {k: without_sources(v) for k, v in data.items() if k != "recorded"}
    if isinstance(data, list):
        return [without_sources(v) for v in data]
    return data
