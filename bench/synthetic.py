"""Write a large synthetic campaign for benchmarks (and for trying the tool at scale).

    python bench/synthetic.py OUT_DIR --columns 60 --rows 50 --locations 1500 --sessions 40

The map is random terrain from a seeded generator; a highway crosses it, a river winds down
it; locations of every visibility are scattered; sessions wander with `heading`, `toward`,
`follow`, rests, searches and re-orientation, two days of six watches each with a night's
sleep (a party that never slept would roll ever harder forced-march checks every watch, as
no real campaign does), all rolls left to the seeded generator.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path
from typing import Any

import yaml

LAND = ["plains", "plains", "forest", "forest", "hills", "moor", "swamp", "mountains"]
FACES = ["N", "NE", "SE", "S", "SW", "NW"]


def label(c: int, r: int, width: int) -> str:
    return f"{c:0{width}d}{r:0{width}d}"


def write(out: Path, columns: int, rows: int, locations: int, sessions: int,
          seed: int = 1, entries: int = 0) -> Path:
    """The campaign; with ``entries``, one session whose log holds that many entries (the
    days of ``sessions`` sessions one after the other) instead of ``sessions`` files."""
    rng = random.Random(seed)
    width = max(2, len(str(columns)), len(str(rows)))
    out.mkdir(parents=True, exist_ok=True)
    for sub in ("hexes", "locations", "sessions", "tables"):
        (out / sub).mkdir(exist_ok=True)
    letters = {"p": "plains", "f": "forest", "h": "hills", "o": "moor", "s": "swamp",
               "m": "mountains"}
    inverse = {v: k for k, v in letters.items()}
    grid = [[inverse[rng.choice(LAND)] for _ in range(columns)] for _ in range(rows)]
    mid = rows // 2
    # a straight row is contiguous on a flat-top map: odd -> even column is SE, even -> odd NE
    highway = [label(c, mid, width) for c in range(1, columns + 1)]
    for c in range(columns):
        grid[mid - 1][c] = "p"
    (out / "hexes" / "map.yaml").write_text(yaml.safe_dump(
        {"legend": letters, "terrain_rows": ["".join(row) for row in grid]},
        sort_keys=False), "utf-8")
    river = [label(columns // 3, r, width) for r in range(1, rows + 1)]
    (out / "paths.yaml").write_text(yaml.safe_dump({
        "great-road": {"kind": "highway", "name": "The Great Road", "hexes": highway},
        "long-river": {"kind": "river", "name": "The Long River", "hexes": river},
    }, sort_keys=False), "utf-8")
    for i in range(locations):
        c, r = rng.randint(1, columns), rng.randint(1, rows)
        vis = ["normal", "visible", "hidden"][i % 3]
        front: dict[str, Any] = {"id": f"site-{i:05d}", "name": f"Site {i}",
                                 "hex": label(c, r, width), "visibility": vis,
                                 "tags": [rng.choice(["ruin", "lair", "camp", "shrine"])]}
        if vis == "visible":
            front["visible_from"] = rng.randint(0, 2)
        body = (f"Stones and stories of site {i}.\n\n!!! gm \"Secrets\"\n"
                f"    The truth about site {i}.\n")
        (out / "locations" / f"site-{i:05d}.md").write_text(
            "---\n" + yaml.safe_dump(front, sort_keys=False) + "---\n" + body, "utf-8")
    (out / "tables" / "plains.yaml").write_text(yaml.safe_dump({
        "id": "plains", "name": "Plains encounters", "dice": "1d6", "audience": "gm",
        "rows": [{"roll": "1-3", "result": "Riders", "reaction": True},
                 {"roll": "4-6", "result": "Wolves", "distance": "2d6x10"}]},
        sort_keys=False), "utf-8")
    start = label(1, mid, width)
    (out / "campaign.yaml").write_text(yaml.safe_dump({
        "name": "Synthetic March", "seed": seed, "language": "en",
        "map": {"columns": columns, "rows": rows},
        "party": {"start": start, "members": [
            {"name": "Ana", "speed": 30, "survival": 5, "con": 2},
            {"name": "Bo", "speed": 30, "survival": 2, "con": 1}]},
    }, sort_keys=False), "utf-8")
    def travel() -> dict[str, Any]:
        choice = rng.random()
        if choice < 0.6:
            return {"travel": {"heading": rng.choice(FACES)}}
        if choice < 0.85:
            return {"travel": {"toward": label(rng.randint(1, columns),
                                               rng.randint(1, rows), width)}}
        return {"travel": {"follow": "great-road"}}

    def pick(*weighted: tuple[float, dict[str, Any]]) -> dict[str, Any]:
        roll = rng.random()
        for weight, entry in weighted:
            if roll < weight:
                return entry
            roll -= weight
        return weighted[-1][1]

    days: list[dict[str, Any]] = []
    for s in range(1, sessions + 1 if not entries else 10**9):
        if entries and len(days) >= entries:
            break
        log: list[dict[str, Any]] = []
        # two days of six watches, as parties live them: two watches on the road, a third
        # that is sometimes a forced march, sometimes a search, a halt or taking bearings
        # (a lost party finds its way again), then the night's sleep (two rests in a row)
        # and a watch about camp
        for _ in range(2):
            log.append(travel())
            log.append(travel())
            log.append(pick((0.35, travel()), (0.2, {"search": {}}),
                            (0.3, {"reorient": {"method": "new_course"}}), (0.15, {"rest": {}})))
            log.append({"rest": {}})
            log.append({"rest": {}})
            log.append(pick((0.4, {"search": {}}), (0.3, {"rest": {}}),
                            (0.3, {"reorient": {"method": "new_course"}})))
        log.append({"note": f"The party rests after session {s}."})
        if entries:
            days += log
            continue
        (out / "sessions" / f"{s:03d}.yaml").write_text(yaml.safe_dump(
            {"session": s, "title": f"Session {s}", "log": log}, sort_keys=False), "utf-8")
    if entries:
        (out / "sessions" / "001.yaml").write_text(yaml.safe_dump(
            {"session": 1, "title": "The long march", "log": days[:entries]},
            sort_keys=False), "utf-8")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out", type=Path)
    ap.add_argument("--columns", type=int, default=60)
    ap.add_argument("--rows", type=int, default=50)
    ap.add_argument("--locations", type=int, default=1500)
    ap.add_argument("--sessions", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--entries", type=int, default=0,
                    help="one session log of this many entries instead of --sessions files")
    a = ap.parse_args()
    write(a.out, a.columns, a.rows, a.locations, a.sessions, a.seed, a.entries)
    print(a.out)


if __name__ == "__main__":
    main()
