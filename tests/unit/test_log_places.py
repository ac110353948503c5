"""A log that names a place the party cannot be at is told so: a search for a location that is
not in (nor visible from) the party's true hex, an encounter that finds one, and a reveal of
a place the party has no way to know of, each a warning at the entry's key naming where the
party is and where the place is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.diagnostics import Diagnostic

from replay_helpers import make_campaign, run


def location(lid: str, hex_: str, **front: Any) -> str:
    extra = "".join(f"{k}: {str(v).lower() if isinstance(v, bool) else v}\n"
                    for k, v in front.items())
    return f"---\nid: {lid}\nname: The {lid.title()}\nhex: \"{hex_}\"\n{extra}---\nText.\n"


LOCATIONS = {
    "chapel": location("chapel", "0808", visibility="hidden"),
    "tower": location("tower", "0507", visibility="visible", visible_from=3),
    "well": location("well", "0505"),
    "barrow": location("barrow", "0909", visibility="hidden"),
    "den": location("den", "0101", gm_only=True),
}
RUMOURS = {"id": "rumours", "name": "Rumours", "dice": "1d2",
           "rows": [{"roll": 1, "result": "A barrow to the south-east", "location": "barrow"},
                    {"roll": 2, "result": "Nothing"}]}


def warnings_of(tmp_path: Path, log: list[Any]) -> list[Diagnostic]:
    root = make_campaign(tmp_path / "c", sessions=[{"log": log}], locations=LOCATIONS,
                         tables={"rumours": RUMOURS})
    _, diags = run(root)
    return [d for d in diags.sorted() if d.severity == "warning"]


def line_of(tmp_path: Path, needle: str) -> tuple[int, int]:
    text = (tmp_path / "c" / "sessions" / "01.yaml").read_text("utf-8")
    at = text.index(needle)
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


def test_a_search_for_a_place_elsewhere_is_a_warning_at_its_target(tmp_path: Path) -> None:
    (w,) = warnings_of(tmp_path, [{"search": {"target": "chapel"}, "rolls": {"encounter": [9, 9]}},
                                  {"search": {"target": "well"}, "rolls": {"encounter": [9, 9]}},
                                  {"search": {"target": "tower"},
                                   "rolls": {"encounter": [9, 9]}}])
    assert (w.pos.line, w.pos.col) == line_of(tmp_path, "chapel")
    assert "'chapel'" in w.message and "0808" in w.message and "0505" in w.message
    assert "5 hexes" in w.message
    assert w.message.startswith("search target 'chapel' (The Chapel) is in hex 0808")


def test_an_encounter_with_a_place_elsewhere_is_a_warning_at_its_location(
        tmp_path: Path) -> None:
    # the tower is seen from 0505, the well is there: only the chapel is out of reach
    (w,) = warnings_of(tmp_path, [{"encounter": {"location": "chapel"}},
                                  {"encounter": {"location": "tower"}},
                                  {"encounter": {"location": "well"}}])
    assert (w.pos.line, w.pos.col) == line_of(tmp_path, "chapel")
    assert w.message.startswith("encounter location 'chapel' (The Chapel) is in hex 0808")
    assert "the party's true hex 0505" in w.message


def test_a_reveal_of_a_place_the_party_cannot_know_of_is_a_warning(tmp_path: Path) -> None:
    # the barrow is named by a rumour, the well and 0303 are plain: the chapel is hidden and
    # no table leads to it, the den never reaches the players
    found = warnings_of(tmp_path, [{"reveal": ["chapel", "barrow", "well", "0303", "den"]}])
    assert [(d.pos.line, d.pos.col) for d in found] == [line_of(tmp_path, "chapel"),
                                                        line_of(tmp_path, "den")]
    chapel, den = (d.message for d in found)
    assert chapel.startswith("reveal of 'chapel' (The Chapel), a hidden location no table "
                             "leads to")
    assert "0808" in chapel and "0505" in chapel
    assert den.startswith("reveal of 'den' (The Den), a gm_only location")


def test_a_place_already_found_may_be_revealed(tmp_path: Path) -> None:
    found = warnings_of(tmp_path, [{"encounter": {"location": "chapel"}}, {"reveal": ["chapel"]}])
    assert [d.message.split(" (")[0] for d in found] == ["encounter location 'chapel'"]


def test_a_reveal_the_log_explains_is_no_warning(tmp_path: Path) -> None:
    # a note right before, or the reveal's own tell, says how the players learned of it
    assert warnings_of(tmp_path, [{"note": "The hermit spoke of a drowned chapel."},
                                  {"reveal": ["chapel"]}]) == []
    assert warnings_of(tmp_path, [{"reveal": ["chapel"], "tell": "A map in the ruins."}]) == []
    # but not a note before the last watch
    (w,) = warnings_of(tmp_path, [{"note": "Rain."}, {"rest": {}}, {"reveal": ["chapel"]}])
    assert "with no note or tell of how the players learned of it" in w.message
