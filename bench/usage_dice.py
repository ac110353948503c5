"""The parts of the generator that read the usage dice's history, timed alone.

    python bench/usage_dice.py OUT --sessions 2000     # write the campaign, then time
    python bench/usage_dice.py OUT                     # time the campaign already in OUT

The campaign is ``bench/synthetic.py``'s (a 30 x 30 map, 90 locations) with a die declared
in every session and used twice in it (``lamp-N``), so the dice's events grow with the
sessions. Prints the CPU seconds (``time.process_time``) of the GM's view (its timeline),
every session's journal (the players' view) and every GM session page's list of dice run
out. Run it with ``PYTHONPATH`` set to each tree in turns for an A/B.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from synthetic import write


def with_dice(content: Path) -> None:
    """A die declared in every session's log and used at its start and after its first
    rest."""
    for f in sorted((content / "sessions").glob("*.yaml")):
        n = int(f.stem)
        text = f.read_text(encoding="utf-8")
        text = text.replace("log:\n", f"resources:\n  lamp-{n}: {{die: d6, name: Lamp {n}}}\n"
                            f"log:\n- use: {{resource: lamp-{n}}}\n", 1)
        text = text.replace("- rest: {}\n", f"- rest: {{}}\n- use: {{resource: lamp-{n}}}\n", 1)
        f.write_text(text, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", type=Path)
    parser.add_argument("--sessions", type=int, default=0)
    args = parser.parse_args()
    content = args.out / "content"
    if args.sessions:
        write(content, columns=30, rows=30, locations=90, sessions=args.sessions)
        with_dice(content)

    from generator.content.loader import load_campaign
    from generator.i18n import Translator
    from generator.knowledge import view_for
    from generator.render import watch_log
    from generator.render.journal import journal_days
    from generator.replay import replay

    campaign, _ = load_campaign(content)
    assert campaign is not None
    chronicle, _ = replay(campaign)
    t = Translator("en")
    start = time.process_time()
    gm = view_for(campaign, chronicle, "gm")
    gm_view = time.process_time()
    players = view_for(campaign, chronicle, "players")
    mark = time.process_time()
    for s in players.sessions:
        journal_days(s, players, t, lambda p: p, lambda label: None, lambda x: x)
    journals = time.process_time()
    # (before the dice were found by session, the list read the dice themselves)
    found = getattr(gm, "usage_events", gm.resources)
    for s in gm.sessions:
        watch_log.resource_events(t, found, s.number)
    lists = time.process_time()
    print(f"GM view {gm_view - start:.2f} · journals {journals - mark:.2f} · "
          f"GM pages' lists {lists - journals:.2f} CPU s")


if __name__ == "__main__":
    main()
