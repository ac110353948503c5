"""docs/reading-the-log.md ("How the replay reads your log"): every example is replayed.

The page's fenced blocks carry a ``title``: the files of the examples' campaign come first
(``campaign.yaml``, ``locations/barrow.md``); each ``sessions/01.yaml`` block starts an
example, replayed on that campaign; a ``hexcrawl replay`` block after it lists lines the text
replay must print (each line as printed, indentation aside), a ``hexcrawl check`` block the
diagnostics the example must produce. An example with a replay block must load and replay
with no error, ``expect:`` lines included.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from generator.content.loader import load_campaign
from generator.render.text import replay_text
from generator.replay import replay

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "reading-the-log.md"
FENCE = re.compile(r'^```(\w+) title="([^"]+)"\n(.*?)^```$', re.M | re.S)


@dataclass
class Example:
    heading: str
    session: str
    replay_lines: list[str] = field(default_factory=list)
    check_lines: list[str] = field(default_factory=list)


def parse() -> tuple[dict[str, str], list[Example]]:
    text = DOC.read_text("utf-8")
    base: dict[str, str] = {}
    examples: list[Example] = []
    for match in FENCE.finditer(text):
        title, body = match.group(2), match.group(3)
        heading = re.findall(r"^## (.+)$", text[:match.start()], re.M)[-1]
        if title == "sessions/01.yaml":
            examples.append(Example(heading, body))
        elif title.startswith("hexcrawl "):
            lines = [x.strip() for x in body.splitlines() if x.strip()]
            target = examples[-1]
            (target.replay_lines if title == "hexcrawl replay" else target.check_lines) \
                .extend(lines)
        else:
            assert not examples, f"{title}: campaign files come before the first example"
            base[title] = body
    return base, examples


BASE, EXAMPLES = parse()


def test_the_page_has_an_example_for_each_surprise() -> None:
    headings = {e.heading for e in EXAMPLES}
    assert headings == {
        "Hidden places need two keyed results", "Sleep is two rests in a row",
        "`toward` arrives; the party may not know it",
        "Lost parties keep their heading and their veer", "What the seeded dice do"}
    assert all(e.replay_lines or e.check_lines for e in EXAMPLES)


def test_the_readme_links_the_page() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    assert "(docs/reading-the-log.md)" in readme


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"{i}-{e.heading[:24]}"
                                                   for i, e in enumerate(EXAMPLES)])
def test_example_replays_as_the_page_says(example: Example, tmp_path: Path) -> None:
    for rel, body in {**BASE, "sessions/01.yaml": example.session}.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(body, "utf-8")
    campaign, diags = load_campaign(tmp_path)
    if campaign is not None:
        chronicle, rdiags = replay(campaign)
        diags.extend(rdiags.items)
    prefix = str(tmp_path) + "/"
    shown = [d.format().replace(prefix, "") for d in diags.sorted()]
    if example.check_lines:
        assert shown == example.check_lines
        return
    assert campaign is not None and not diags.has_errors(), shown
    printed = {x.strip() for x in replay_text(campaign, chronicle).splitlines()}
    for line in example.replay_lines:
        assert line in printed, f"{example.heading}: not in the replay: {line}"


def test_inserting_a_watch_moves_the_seeded_dice_and_a_note_does_not(tmp_path: Path) -> None:
    """The claims of "What the seeded dice do" beyond the two shown replays."""
    def navigation(log: str, watch: int) -> int:
        root = tmp_path / str(abs(hash(log)))
        for rel, body in {**BASE, "sessions/01.yaml": f"session: 1\nlog:\n{log}"}.items():
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / rel).write_text(body, "utf-8")
        campaign, diags = load_campaign(root)
        assert campaign is not None, diags.items
        chronicle, _ = replay(campaign)
        w = chronicle.sessions[0].watches[watch]
        return next(r.natural for r in w.rolls if r.purpose == "navigation")

    travel = "  - travel: {heading: S}\n"
    alone = navigation(travel, 0)
    assert navigation("  - note: Off we go.\n" + travel, 0) == alone
    assert navigation("  - rest\n" + travel, 1) != alone
    pinned = travel + "    rolls: {navigation: 11}\n"
    assert navigation("  - rest\n" + pinned, 1) == navigation(pinned, 0) == 11
