"""``reorient`` at a terminal while the party does not know it is lost: play says what that
means under the rules (rules.md section 5) and logs the watch only on the GM's yes."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import yaml

from play_helpers import HEXCRAWL, Terminal, copy_campaign

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pty is POSIX-only")


def _entries(content: Path) -> list[dict[str, object]]:
    path = next((content / "sessions").glob("06-*.yaml"))
    return list(yaml.safe_load(path.read_text(encoding="utf-8"))["log"])


def test_reorient_on_course_explains_the_rules_and_asks_first(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    before = _entries(content)
    with Terminal([*HEXCRAWL, "play", "--content", str(content), "--continue"],
                  content.parent) as term:
        term.expect("s6 day 9 w2>")
        term.send("reorient new course\r")
        seen = term.expect("Log this reorient watch anyway? [y/N]")
        assert "the party is not lost: a party re-orients once it knows it is lost" in seen
        assert "new course: Survival against the navigation DC + 10" in seen
        assert "roll " not in seen  # nothing is asked before the GM says yes
        term.send("\r")
        term.expect("nothing written")
        term.expect("s6 day 9 w2>")
        assert _entries(content) == before
        term.send("reorient north\r")
        seen = term.expect("Log this reorient watch anyway? [y/N]")
        assert "north: Survival against DC 12" in seen
        term.send("y\r")
        assert "for Find north" in term.expect("[Enter: let it roll]:")
        term.send("*\r")
        term.expect("written to")
        term.expect("s6 day 9 w3>")
        term.send("quit\r")
        term.expect(" is in ")
        assert term.close() == 0
    after = _entries(content)
    assert after[:-1] == before and after[-1]["reorient"] == {"method": "north"}
