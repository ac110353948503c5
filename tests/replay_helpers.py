"""Small campaigns for replay tests: a map from terrain rows and session logs as YAML text."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from generator.content.loader import load_campaign
from generator.diagnostics import Diagnostics
from generator.dice import RollSource
from generator.i18n import Translator
from generator.replay import replay
from generator.rules.chronicle import Chronicle


def recorded(seed: int = 1, **dice: list[int]) -> RollSource:
    """The dice of one watch: ``dice`` as the table recorded them (by purpose), every other
    die from the generator seeded with ``seed``."""
    return RollSource(seed=seed, session=1, watch=0, recorded=dict(dice))


LEGEND = {"p": "plains", "f": "forest", "h": "hills", "m": "mountains", "s": "swamp",
          "l": "lake", "d": "desert", "o": "moor"}


def plains(columns: int = 10, rows: int = 10) -> list[str]:
    return ["p" * columns for _ in range(rows)]


def make_campaign(root: Path, *, sessions: list[dict[str, Any]], rows: list[str] | None = None,
                  start: str = "0505", members: list[dict[str, Any]] | None = None,
                  rules: dict[str, Any] | None = None, gear: list[str] | None = None,
                  paths: dict[str, Any] | None = None, hexes: dict[str, Any] | None = None,
                  locations: dict[str, str] | None = None,
                  tables: dict[str, dict[str, Any]] | None = None,
                  campaign: dict[str, Any] | None = None) -> Path:
    rows = rows or plains()
    spec: dict[str, Any] = {
        "name": "Test March",
        "seed": 7,
        "map": {"columns": len(rows[0]), "rows": len(rows)},
        "rules": {"actual_distance": False, **(rules or {})},
        "party": {
            "start": start,
            "members": members or [{"name": "Aria", "speed": 30, "survival": 3, "con": 1}],
            "gear": gear or [],
        },
    }
    spec.update(campaign or {})
    root.mkdir(parents=True, exist_ok=True)
    (root / "campaign.yaml").write_text(yaml.safe_dump(spec, sort_keys=False), "utf-8")
    (root / "hexes").mkdir(exist_ok=True)
    doc: dict[str, Any] = {"legend": LEGEND, "terrain_rows": rows}
    doc.update(hexes or {})
    (root / "hexes" / "map.yaml").write_text(yaml.safe_dump(doc, sort_keys=False), "utf-8")
    if paths:
        (root / "paths.yaml").write_text(yaml.safe_dump(paths, sort_keys=False), "utf-8")
    (root / "sessions").mkdir(exist_ok=True)
    for i, session in enumerate(sessions, start=1):
        body = {"session": i, **session}
        (root / "sessions" / f"{i:02d}.yaml").write_text(
            yaml.safe_dump(body, sort_keys=False, allow_unicode=True), "utf-8")
    if locations:
        (root / "locations").mkdir(exist_ok=True)
        for name, text in locations.items():
            (root / "locations" / f"{name}.md").write_text(text, "utf-8")
    if tables:
        (root / "tables").mkdir(exist_ok=True)
        for name, table in tables.items():
            (root / "tables" / f"{name}.yaml").write_text(
                yaml.safe_dump(table, sort_keys=False), "utf-8")
    return root


def run(root: Path) -> tuple[Chronicle, Diagnostics]:
    campaign, diags = load_campaign(root)
    assert campaign is not None, [d.format() for d in diags.items]
    chronicle, rdiags = replay(campaign)
    return chronicle, rdiags


def watches(chronicle: Chronicle, session: int = 0) -> list[dict[str, Any]]:
    data = chronicle.to_json(Translator("en").said)
    result: list[dict[str, Any]] = data["sessions"][session]["watches"]
    return result


def rolls_of(watch: dict[str, Any], purpose: str) -> list[dict[str, Any]]:
    return [r for r in watch["rolls"] if r["purpose"] == purpose]
