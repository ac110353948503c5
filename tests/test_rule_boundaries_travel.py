"""The travel rules at their edges, through the replay: each test here fails if one comparison
or one choice of the rule is turned (mutation testing, docs/development.md). The rules are
those of docs/rules.md; the expected values are worked out from them, not read from the code.

Unless said otherwise: one member of speed 30 ft (3 mph), Survival +3, d20 checks, plains,
actual distance off, starting inside 0505 (tests/replay_helpers.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from replay_helpers import make_campaign, rolls_of, run, watches


def first_watch(tmp_path: Path, entry: dict[str, Any], **kw: Any) -> dict[str, Any]:
    root = make_campaign(tmp_path, sessions=[{"log": [entry]}], **kw)
    return watches(run(root)[0])[0]


# -- rules.md section 5a.1: a `follow` watch goes to "the next hex of `follow`" -----------------
# A road that loops back through 0505: 0505, 0504, 0604, 0505, 0506. Forward, the party takes
# the path from its first pass through 0505 (next 0504); backward, from its last pass (the one
# before it is 0604). On a road across plains (x1, 3 mph) a watch from inside 0505 enters two
# hexes (the loop's crossings are near faces).

LOOP = {"loop": {"kind": "road", "hexes": ["0505", "0504", "0604", "0505", "0506"]}}


def test_following_a_looping_path_forward_goes_on_from_its_first_pass(tmp_path: Path) -> None:
    w = first_watch(tmp_path, {"travel": {"follow": "loop"}}, paths=LOOP)
    assert w["hexes_entered"] == ["0504", "0604"] and w["exit_face"] == "N"


def test_following_a_looping_path_backward_goes_back_from_its_last_pass(tmp_path: Path) -> None:
    w = first_watch(tmp_path, {"travel": {"follow": "loop", "direction": "backward"}},
                    paths=LOOP)
    assert w["hexes_entered"] == ["0604", "0504"]


def test_following_a_path_forward_from_its_last_hex_goes_nowhere(tmp_path: Path) -> None:
    """At the end of the path there is no next hex: the party stays, with no navigation."""
    road = {"road": {"kind": "road", "hexes": ["0503", "0504", "0505"]}}
    w = first_watch(tmp_path, {"travel": {"follow": "road"}}, paths=road)
    assert w["hexes_entered"] == [] and w["end_hex"] == "0505"
    assert rolls_of(w, "navigation") == []


def test_following_a_path_backward_from_its_first_hex_goes_nowhere(tmp_path: Path) -> None:
    road = {"road": {"kind": "road", "hexes": ["0505", "0504", "0503"]}}
    w = first_watch(tmp_path, {"travel": {"follow": "road", "direction": "backward"}},
                    paths=road)
    assert w["hexes_entered"] == [] and w["end_hex"] == "0505"
