"""A game day under each check system played through a pseudo-terminal, then the GM's
session page built from it: what the GM reads speaks the campaign's system (BRP percent
chances and success levels, Black Sword Hack rolls under an attribute), never d20-only
wording (rules.md section 8)."""

from __future__ import annotations

import os
import re
import select
import time
from pathlib import Path

import yaml
from conftest import hexcrawl

from campaign_factory import write_campaign
from play_helpers import HEXCRAWL, Terminal

PROMPT = re.compile(r"(\[Enter: let it roll\]:|w\d>|\[Enter: none\]:)[^\w\n]*$")


def _campaign(tmp_path: Path, system: str) -> Path:
    survival = {"brp": [45, 30], "bsh": [12, 10]}[system]
    return write_campaign(tmp_path, campaign_overrides={
        "rules": {"checks": system, "doom": "d4"},
        "party": {"members": [
            {"name": "Aria", "speed": 30, "survival": survival[0], "con": 12,
             "knowledge_geography": 5},
            {"name": "Bram", "speed": 30, "survival": survival[1], "con": 14}]},
        "resources": {"torches": {"die": "d4", "name": "Torches"}},
    }, files={"sessions/01.yaml": None})


def _until_prompt(term: Terminal, timeout: float = 90) -> str:
    """Everything up to the next prompt: a roll's, the command line's or the summary's."""
    end = time.monotonic() + timeout
    while not PROMPT.search(term.buffer):
        left = end - time.monotonic()
        assert left > 0, f"no prompt; got:\n{term.buffer[-2000:]}"
        ready, _, _ = select.select([term.master], [], [], left)
        if ready:
            chunk = os.read(term.master, 65536)
            assert chunk, f"play ended:\n{term.buffer}"
            term.buffer += re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]|\x1b[()][AB0-9]|\r", "",
                                  chunk.decode("utf-8", "replace"))
    seen, term.buffer = term.buffer, ""
    return seen


def _answer(prompt: str) -> str:
    """What the table's dice show at a roll prompt: a success under either system, nothing
    on the encounter die, a 1 on a usage die."""
    last = prompt.rsplit("\n", 1)[-1]
    if "two d20" in last:
        return "5 6"
    for die, value in (("1d100", "5"), ("1d20", "5"), ("1d12", "6"), ("1d4", "1"),
                       ("1d10", "5"), ("1d6", "1")):
        if f"roll {die} " in last:
            return value
    return ""


def _play_day(tmp_path: Path, root: Path, commands: list[str]) -> str:
    """Play ``commands`` as a GM types them, answering every die; the whole transcript."""
    transcript: list[str] = []
    with Terminal([*HEXCRAWL, "play", "--content", str(root), "--new", "--title", "A day"],
                  tmp_path) as term:
        transcript.append(_until_prompt(term))
        for command in commands:
            term.send(command + "\r")
            while True:
                seen = _until_prompt(term)
                transcript.append(seen)
                if "let it roll]:" not in seen.rsplit("\n", 1)[-1]:
                    break
                term.send(_answer(seen) + "\r")
        term.send("quit\r")
        transcript.append(_until_prompt(term))
        term.send("\r")
        transcript.append(term.expect("is in"))
        assert term.close() == 0
    return "".join(transcript)


def _gm_page(tmp_path: Path, root: Path) -> tuple[str, str]:
    result = hexcrawl("build", "--content", str(root), "--docs-only", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    gm = next((root / "build" / "gm" / "docs" / "sessions").glob("01-*.md"))
    players = next((root / "build" / "players" / "docs" / "sessions").glob("01-*.md"))
    return gm.read_text(encoding="utf-8"), players.read_text(encoding="utf-8")


def _roll_prompts(transcript: str) -> list[str]:
    return [line for line in transcript.splitlines() if "let it roll]" in line]


DAY = ["use torches", "travel N", "camp forage", "use torches", "use doom by Aria", "rest",
       "rest", "help"]


def test_a_brp_day_speaks_percent_chances(tmp_path: Path) -> None:
    root = _campaign(tmp_path, "brp")
    transcript = _play_day(tmp_path, root, DAY)
    prompts = _roll_prompts(transcript)
    nav = next(p for p in prompts if "Navigation" in p)
    # the chance, the bonus in percentage points and the band; no DC, no advantage
    assert "1d100" in nav and "45% +10%" in nav and "55%" in nav, nav
    for prompt in prompts:
        assert "DC" not in prompt and "advantage" not in prompt, prompt
    # the help says what to type under BRP: one d100, 00 is 100, no advantage
    assert "one d100; 00 is 100" in transcript
    assert "advantage" not in transcript.split("Commands (one watch each", 1)[1]
    # a special success is named one way
    assert "-> special success" in transcript
    # the use of a die that ran out before the first watch is refused, with the reason
    assert "Torches has run out" in transcript
    log = yaml.safe_load(next((root / "sessions").glob("01-*.yaml")).read_text("utf-8"))
    assert [e for e in log["log"] if "use" in e and e["use"]["resource"] == "torches"] == [
        {"use": {"resource": "torches"}, "rolls": {"use": 1}}]
    # the step-down before the first watch shows in play as later ones do
    first = transcript.split("use torches", 1)[1].split("travel N", 1)[0]
    assert "-> steps down" in first and "Torches: d4 -> exhausted" in first

    gm, players = _gm_page(tmp_path, root)
    assert "✓+\u00a0special success" in gm  # the legend tells it from a critical
    assert "| Forage | 1d100 = 5 → 5 vs 45 | ✓+ special success |" in gm
    assert "**Before the first watch**" in gm and "| Usage die | 1d4 = 1 |" in gm
    assert "**Torches runs out**" in gm and "**Aria is doomed**" in gm
    # the watch table names a usage die by its resource, not "die 1 -> steps down"
    assert re.search(r"\| [^|]*Aria[^|]* 1 → steps down", gm), gm
    watches = gm.split("## Watch by watch", 1)[1]
    assert "DC" not in watches and "advantage" not in watches
    # the players' journal tells a usage die in its own voice (what befell the party), one
    # used before the first watch as any other: never the GM's notation of the step
    assert "Torches ran out." in players and "Torches: d4" not in players


def test_a_bsh_day_rolls_under_the_attribute(tmp_path: Path) -> None:
    root = _campaign(tmp_path, "bsh")
    day = ["travel N", "use doom by Aria", "use doom by Aria", "travel N",
           "travel N hours 1", "help"]
    transcript = _play_day(tmp_path, root, day)
    prompts = _roll_prompts(transcript)
    nav = next(p for p in prompts if "Navigation" in p)
    # the Knowledge bonus beside the attribute it raises, and a roll under it
    assert "Survival 12 +2 = 14" in nav and "roll under" in nav and "1d20" in nav, nav
    # doomed, Aria's forced-march hour at DC 10: the band's advantage cancels the doom's
    # disadvantage, and the prompt says so
    march = [p for p in prompts if "Forced march" in p or "Constitution" in p]
    aria = next(p for p in march if "Aria" in p)
    assert "advantage and disadvantage cancel" in aria and "roll 1d20" in aria, aria
    bram = next(p for p in march if "Bram" in p)
    assert "roll two d20" in bram, bram
    assert "doom die is exhausted: Aria is doomed until a long rest" in transcript
    assert "two d20 for a roll with advantage or disadvantage" in transcript
    for prompt in prompts:
        assert "%" not in prompt, prompt

    gm, _ = _gm_page(tmp_path, root)
    assert "**Aria is doomed**" in gm
    assert "Outcomes:" in gm and "✓\u00a0success" in gm
    assert re.search(r"\| [^|]*Aria[^|]* 1 → steps down", gm), gm
    assert "die 1 → steps down" not in gm
