"""Write a small, valid campaign into a folder, so a test can add exactly one mistake.

The default campaign is an 8 x 8 flat-top map (mostly plains, a forest and hills), one
highway, one river, one location on the river, one encounter table and one session. It loads
with no errors and no warnings. In detail:

- map: plains everywhere except forest in columns 5-7 of rows 6-8 (0606 is dense forest) and
  hills in column 8 from row 3 down; ``actual_distance`` is off; seed 1234;
- party: Aria (speed 30, Survival +3, navigator, Knowledge (geography) 5) and Bram (speed 30,
  Survival +2) start in 0304 (plains, "Crossroads Meadow") on day 1, watch 2; no gear;
- paths: ``kings-road`` (highway) 0101 0201 0302 0402 0503, each step SE; ``mere`` (river)
  0601 0602 0703;
- location ``thornfold-mill`` in 0602, visible from 1 hex, on the mere, with a GM block;
- table ``thornwood-day`` (1d8: 1-2 wolves, 3 a charcoal burner, 4-8 tracks), used by 0606;
- resource ``debt-of-kessa`` (d6, owned by Aria);
- session 1: travel heading N (navigation 15, encounter [5] recorded), rest, note.

    root = write_campaign(tmp_path)                                  # the clean campaign
    root = write_campaign(tmp_path, files={"sessions/02.yaml": "session: 2\\nlog: []\\n"})
    root = write_campaign(tmp_path, campaign_overrides={"rules": {"checks": "brp"}})
    root = write_campaign(tmp_path, files={"paths.yaml": None})       # drop a default file
    campaign, diags = load(root)
    assert errors(diags, root) == [("sessions/02.yaml", 3, 5, "unknown ...")]
    assert find(root, "campaign.yaml", "Aria") == (20, 11)     # (line, column) of a text

``files`` maps a path inside the campaign to its content: a string is written as is (so a
test knows its line numbers), a dict or list is dumped as YAML, ``None`` removes a default
file. ``campaign_overrides`` is merged into campaign.yaml key by key (nested mappings merge;
``REMOVE`` deletes a key). The default texts are module constants so a test can edit them.
"""

from __future__ import annotations

import copy
import os
import textwrap
from pathlib import Path
from typing import Any

import yaml

from generator.content.campaign import Campaign
from generator.content.loader import load_campaign
from generator.diagnostics import Diagnostics

#: Marker for ``campaign_overrides``: delete this key from the default campaign.yaml.
REMOVE: Any = object()

CAMPAIGN: dict[str, Any] = {
    "name": "Test Marches",
    "seed": 1234,
    "language": "en",
    "map": {"columns": 8, "rows": 8, "orientation": "flat", "hex_miles": 12},
    "rules": {"checks": "d20", "advantage": "classic", "actual_distance": False,
              "encounter_check": "d12"},
    "party": {
        "start": "0304",
        "start_time": {"day": 1, "watch": 2},
        "members": [
            {"name": "Aria", "speed": 30, "survival": 3, "con": 1, "knowledge_geography": 5},
            {"name": "Bram", "speed": 30, "survival": 2, "con": 3},
        ],
        "navigator": "Aria",
        "gear": [],
    },
    "resources": {"debt-of-kessa": {"die": "d6", "name": "Kessa owes us", "owner": "Aria"}},
}

#: Terrain by rows (columns 1-8 left to right), plus two described hexes.
#: Plains everywhere except a forest in the south-east and hills in column 8.
HEXES = textwrap.dedent("""\
    legend: {p: plains, f: forest, h: hills}
    terrain_rows:
      - pppppppp
      - pppppppp
      - ppppppph
      - ppppppph
      - ppppppph
      - ppppfffh
      - ppppfffh
      - ppppfffh
    "0304":
      terrain: plains
      name: Crossroads Meadow
      description: Tall grass around a weathered milestone.
      gm: The milestone hides a cache of coins.
    "0606":
      terrain: forest
      density: dense
      name: Thornwood Edge
      tables: [thornwood-day]
    """)

#: kings-road runs 0101 -> 0503 (each step SE); the mere runs 0601 -> 0703.
PATHS = textwrap.dedent("""\
    kings-road: {kind: highway, hexes: ["0101", "0201", "0302", "0402", "0503"]}
    mere: {kind: river, name: The Mere, hexes: ["0601", "0602", "0703"]}
    """)

LOCATION = textwrap.dedent("""\
    ---
    id: thornfold-mill
    name: Thornfold Mill
    hex: "0602"
    visibility: visible
    visible_from: 1
    on: [mere]
    tags: [settlement, mill]
    ---
    A water mill on the Mere, its wheel still turning.

    !!! gm "Secrets"
        The miller smuggles salt.
    """)

TABLE = textwrap.dedent("""\
    id: thornwood-day
    name: Thornwood by day
    dice: 1d8
    audience: gm
    rows:
      - {roll: 1-2, result: "2d4 wolves", distance: 2d6x10}
      - {roll: 3, result: "A charcoal burner", reaction: true}
      - {roll: 4-8, result: "Tracks (1d10 days old)"}
    """)

SESSION = textwrap.dedent("""\
    session: 1
    date: 2026-11-03
    title: Along the King's Road
    log:
      - travel: {heading: N}
        rolls: {navigation: 15, encounter: [5]}
      - rest: {}
      - note: We saw smoke in the east.
    """)

#: The default files, by path inside the campaign folder (campaign.yaml is built from
#: ``CAMPAIGN``).
DEFAULT_FILES: dict[str, str] = {
    "hexes/map.yaml": HEXES,
    "paths.yaml": PATHS,
    "locations/thornfold-mill.md": LOCATION,
    "tables/thornwood-day.yaml": TABLE,
    "sessions/01.yaml": SESSION,
}


def merge(base: dict[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    """``base`` with ``overrides`` merged in: nested mappings merge, ``REMOVE`` deletes."""
    out = copy.deepcopy(base)
    for key, value in overrides.items():
        if value is REMOVE:
            out.pop(key, None)
        elif isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def dump(data: Any) -> str:
    """YAML text for ``data`` (labels such as "0304" come out quoted)."""
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


def write_campaign(
    root: Path,
    files: dict[str, str | dict[str, Any] | list[Any] | None] | None = None,
    campaign_overrides: dict[str, Any] | None = None,
    *,
    defaults: bool = True,
) -> Path:
    """Write the default campaign into ``root`` (created if needed) and return ``root``.

    ``files`` adds or replaces files (``None`` removes a default one); ``campaign_overrides``
    is merged into campaign.yaml. With ``defaults=False`` only campaign.yaml and ``files``
    are written.
    """
    root.mkdir(parents=True, exist_ok=True)
    contents: dict[str, str | dict[str, Any] | list[Any] | None] = {
        "campaign.yaml": merge(CAMPAIGN, campaign_overrides or {}),
    }
    if defaults:
        contents.update(DEFAULT_FILES)
    contents.update(files or {})
    for rel, content in contents.items():
        target = root / rel
        if content is None:
            if target.exists():
                target.unlink()
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        text = content if isinstance(content, str) else dump(content)
        target.write_text(text, encoding="utf-8")
    return root


def load(root: Path) -> tuple[Campaign | None, Diagnostics]:
    """Load the campaign at ``root`` (the campaign is None when there are errors)."""
    return load_campaign(root)


def where(diags: Diagnostics, root: Path,
          severity: str | None = None) -> list[tuple[str, int, int, str, str]]:
    """Diagnostics as ``(path relative to root, line, col, severity, message)``, sorted.

    ``severity`` ("error" or "warning") keeps only that kind.
    """
    out: list[tuple[str, int, int, str, str]] = []
    base = root.resolve()
    for d in diags.sorted():
        if severity is not None and d.severity != severity:
            continue
        p = Path(d.pos.path)
        try:
            # absolute without resolving symlinks: a linked file keeps its own name
            rel = Path(os.path.abspath(p)).relative_to(base).as_posix()
        except ValueError:
            rel = d.pos.path
        out.append((rel, d.pos.line, d.pos.col, d.severity, d.message))
    return out


def find(root: Path, rel: str, needle: str, nth: int = 0) -> tuple[int, int]:
    """1-based (line, column) of the ``nth`` occurrence of ``needle`` in a campaign file.

    For asserting positions in generated files such as campaign.yaml without counting lines
    by hand: ``find(root, "campaign.yaml", "Arya")``.
    """
    text = (root / rel).read_text(encoding="utf-8")
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    line = text.count("\n", 0, at) + 1
    col = at - (text.rfind("\n", 0, at) + 1) + 1
    return line, col


def errors(diags: Diagnostics, root: Path) -> list[tuple[str, int, int, str]]:
    """Errors only, as ``(path relative to root, line, col, message)``."""
    return [(p, line, col, msg) for p, line, col, _, msg in where(diags, root, "error")]
