"""GM rulings end to end (format.md "Rulings"): both sites' pages, ``hexcrawl play``'s
``ruling`` command at a terminal, and ``hexcrawl replay`` stopping at the failing entry."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from build_helpers import docs_build
from conftest import hexcrawl

from generator.content.loader import load_campaign
from generator.replay import replay

from campaign_factory import write_campaign
from play_helpers import HEXCRAWL, Terminal, copy_campaign

SECRET_HEX = "ZqTrueHollowQz"
NOTE = "ZqRulingNoteQz"


@pytest.fixture(scope="module")
def trees(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("rulings")
    root = write_campaign(base / "content", campaign_overrides={
        "map": {"player_labels": True}}, files={
        "hexes/named.yaml": {"0206": {"terrain": "plains", "name": SECRET_HEX}},
        "sessions/01.yaml": {"session": 1, "title": "Astray", "log": [
            "rest",
            # the table moved the party without telling it: the players notice nothing
            {"ruling": {"hex": "0206", "lost": True, "believed": "0304", "note": NOTE}},
            "rest",
            {"ruling": {"knows_lost": True}},
            "rest",
        ]},
        "sessions/02.yaml": {"session": 2, "title": "Found again", "log": [
            {"ruling": {"lost": False, "found": ["thornfold-mill"]}},
            "rest",
        ]},
    })
    with pytest.MonkeyPatch.context() as mp:
        build = docs_build(root, "1", mp)
    return {"players": build / "players" / "docs", "gm": build / "gm" / "docs"}


def page(tree: Path, slug: str) -> str:
    (path,) = [p for p in tree.rglob("*.md") if p.name.startswith(slug)]
    return path.read_text("utf-8")


def test_the_gm_session_page_shows_each_ruling_before_and_after(
        trees: dict[str, Path]) -> None:
    text = page(trees["gm"], "01-astray")
    section = text[text.index("## Rulings"):]
    assert "Ruling 1" in section and "Ruling 2" in section
    first = section[:section.index("Ruling 2")]
    assert "after watch [1](#watch-1)" in first
    assert "| True hex | [0304" in first and f"[0206 {SECRET_HEX}]" in first
    assert "| Lost | no | yes |" in first and "| Knows it is lost | no | no |" in first
    assert NOTE in first
    assert "| Knows it is lost | no | yes |" in section[section.index("Ruling 2"):]
    # the watch the ruling follows links to it
    assert "[ruling](#rulings)" in text[:text.index("## Rulings")]
    later = page(trees["gm"], "02-found-again")
    assert "before the first watch" in later and "Thornfold" in later


def test_the_players_pages_never_show_the_true_hex_of_a_lost_party(
        trees: dict[str, Path]) -> None:
    text = page(trees["players"], "01-astray")
    assert SECRET_HEX not in text and "0206" not in text and NOTE not in text
    # what the players lived: they came to know they were lost
    # (the journal and the watch-by-watch list, both in the past tense)
    assert text.count("By the table's ruling, the party knew it was lost.") == 2
    everything = "\n".join(p.read_text("utf-8") for p in trees["players"].rglob("*.md"))
    assert NOTE not in everything
    # the party found its way: now it knows where it was, and found the mill
    later = page(trees["players"], "02-found-again")
    assert f"By the table's ruling, the party was in [{SECRET_HEX}]" in later
    assert "Thornfold Mill" in later


def test_replay_prints_up_to_the_failing_entry_then_the_errors(tmp_path: Path) -> None:
    root = write_campaign(tmp_path / "content", files={"sessions/01.yaml": {
        "session": 1, "log": ["rest", {"rest": {}, "expect": {"hex": "0101"}}, "rest"]}})
    result = hexcrawl("replay", "--content", str(root), cwd=tmp_path)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    out = result.stdout
    assert "[ 0]" in out and "[ 1]" in out and "[ 2]" not in out
    assert "the replay stops at log entry 2" in out
    assert "error: expected hex 0101, but the party ends the watch in 0304" in result.stderr
    result = hexcrawl("replay", "--json", "--content", str(root), cwd=tmp_path)
    assert result.returncode == 1
    data = json.loads(result.stdout)
    assert data["stopped_at"] == {"session": 1, "entry": 1}
    assert [w["entry"] for w in data["sessions"][0]["watches"]] == [0, 1]


def test_play_logs_a_ruling_at_the_terminal(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    (path,) = content.glob("sessions/06-*.yaml")
    before = path.read_bytes()
    with Terminal([*HEXCRAWL, "play", "--content", str(content), "--continue"],
                  tmp_path) as term:
        term.expect("s6 day 9 w2>")
        term.send("help\r")
        term.expect("what the table decided, no dice")
        term.send("ruling knows\r")  # the party is not lost here: refused, nothing written
        term.expect("cannot know it is lost")
        term.expect("nothing written")
        assert path.read_bytes() == before
        term.send("ruling at 0508 lost believed 0507 note we said they strayed\r")
        seen = term.expect("written to")
        assert "true hex 0410 -> 0508" in seen and "LOST, unaware" in seen
        term.expect("w2>")  # no time passed
        term.send("quit\r")
        term.expect("Session 6 is in")
        assert term.close() == 0
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert data["log"][-1] == {"ruling": {"hex": "0508", "lost": True, "believed": "0507",
                                          "note": "we said they strayed"}}
    assert path.read_bytes().startswith(before)
    campaign, diags = load_campaign(content)
    assert campaign is not None and not diags.has_errors()
    chronicle, rdiags = replay(campaign)
    assert not rdiags.has_errors()
    end = chronicle.sessions[-1].end
    assert (end.hex, end.believed_hex, end.lost) == ("0508", "0507", True)
