"""GM rulings (format.md "Rulings"): a ``ruling:`` entry sets what the table decided, with
no dice and no time, and the replay goes on from there; each audience sees what it may."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.content.loader import load_campaign
from generator.knowledge import gm_view, players_view
from generator.replay import replay

from replay_helpers import make_campaign, run

CHAPEL = "---\nname: Grey Chapel\nhex: \"0808\"\n---\nA roofless chapel.\n"
CAIRN = "---\nname: Old Cairn\nhex: \"0303\"\n---\nStones piled high.\n"


def campaign(tmp_path: Path, log: list[Any], **more: Any) -> Path:
    return make_campaign(tmp_path, sessions=[{"log": log}],
                         locations={"chapel": CHAPEL, "cairn": CAIRN}, **more)


def errors(diags: Any) -> list[str]:
    return [d.format() for d in diags.items if d.severity == "error"]


def test_a_ruling_sets_the_true_hex_with_no_dice_and_no_time(tmp_path: Path) -> None:
    """Not lost, the party is set down in 0808: it knows where it is (explored), the chapel
    is found, the clock does not move, and the next watch starts there."""
    root = campaign(tmp_path, [
        {"rest": {}},
        {"ruling": {"hex": "0808", "found": ["chapel"], "note": "we said: the chapel"}},
        {"rest": {}},
    ])
    ch, diags = run(root)
    assert not errors(diags), errors(diags)
    s = ch.sessions[0]
    first, second = s.watches
    assert first.end_hex == "0505" and second.start_hex == "0808"
    assert (second.day, second.watch) == (first.day, first.watch + 1)  # no time passed
    assert not second.rolls or all(r.purpose == "encounter" for r in second.rolls)
    (ruling,) = s.rulings
    assert (ruling.before.hex, ruling.after.hex) == ("0505", "0808")
    assert ruling.after.believed_hex == "0808" and not ruling.after.lost
    assert ruling.follows == 0 and ruling.entry == 1 and ruling.discovered == ["chapel"]
    assert "chapel" in ch.discovered and ch.how_known("0808") == "explored"
    data = ch.to_json()["sessions"][0]["rulings"][0]
    assert data["before"]["hex"] == "0505" and data["after"]["hex"] == "0808"
    assert data["note"] == "we said: the chapel"


def test_a_ruling_makes_the_party_lost_without_telling_it(tmp_path: Path) -> None:
    """lost: true moves the true hex; the party believes it is where it was, unaware; the
    players' view never holds the true hex."""
    root = campaign(tmp_path, [
        {"ruling": {"hex": "0808", "lost": True}},
        {"rest": {}},
    ])
    ch, diags = run(root)
    assert not errors(diags), errors(diags)
    w = ch.sessions[0].watches[0]
    assert (w.start_hex, w.believed_start_hex, w.lost, w.knows_lost) == \
        ("0808", "0505", True, False)
    assert "0808" not in ch.explored
    campaign_, _ = load_campaign(root)
    assert campaign_ is not None
    pv = players_view(campaign_, ch)
    s = pv.sessions[0]
    assert s.believed_end == "0505" and "0808" not in pv.hexes
    assert not s.opening_rulings  # nothing the players noticed


def test_a_ruling_ends_the_lost_state_and_the_players_learn_where_they_were(
        tmp_path: Path) -> None:
    """A party lost by a failed check is ruled back on the road: lost: false re-anchors it
    (the believed track jumps to the true hex, the hexes crossed while lost are explored)."""
    root = campaign(tmp_path, [
        {"travel": {"heading": "N"}, "rolls": {"navigation": 1, "veer": 1, "realise": 1}},
        {"ruling": {"lost": False, "found": ["cairn"]}},
        {"rest": {}},
    ])
    ch, diags = run(root)
    assert not errors(diags), errors(diags)
    travel, rest = ch.sessions[0].watches
    assert travel.lost and not rest.lost
    assert rest.believed_start_hex == rest.start_hex == travel.end_hex
    for label in travel.hexes_entered:
        assert label in ch.explored
    campaign_, _ = load_campaign(root)
    assert campaign_ is not None
    pv = players_view(campaign_, ch)
    (ruled,) = pv.sessions[0].watches[0].rulings
    assert ruled.believed == travel.end_hex and not ruled.knows_lost
    assert ruled.found == ("cairn",)


def test_a_ruling_that_the_party_knows_it_is_lost(tmp_path: Path) -> None:
    root = campaign(tmp_path, [
        {"ruling": {"lost": True, "knows_lost": True}},
        {"rest": {}},
    ])
    ch, diags = run(root)
    assert not errors(diags), errors(diags)
    w = ch.sessions[0].watches[0]
    assert w.lost and w.knows_lost and w.believed_start_hex is None


def test_contradictory_rulings_are_errors_at_their_key(tmp_path: Path) -> None:
    root = campaign(tmp_path, [
        {"ruling": {"lost": False, "knows_lost": True}},
        {"ruling": {"hex": "0606", "believed": "0707"}},
        {"ruling": {"lost": True, "knows_lost": True, "believed": "0707"}},
        {"ruling": {}},
    ])
    ch, diags = run(root)
    found = errors(diags)
    assert len(found) == 3, found
    # each at the key that makes the contradiction
    lines = (root / "sessions" / "01.yaml").read_text("utf-8").splitlines()
    keys = [lines[d.pos.line - 1][d.pos.col - 1:] for d in diags.items
            if d.severity == "error"]
    assert keys[0].startswith("true") and "knows_lost" in lines[diags.errors[0].pos.line - 1]
    assert keys[1].startswith("'0707'") and keys[2].startswith("'0707'"), keys
    assert "04.yaml:4:" not in " ".join(found)
    assert "knows_lost" in found[0] and "cannot know it is lost" in found[0]
    assert "where it believes it is (0606)" in found[1]
    assert "believes itself nowhere" in found[2]
    warnings = [d.format() for d in diags.items if d.severity == "warning"]
    assert any("sets nothing" in w for w in warnings)
    # nothing changed: the party is still in its start hex, not lost
    end = ch.sessions[0].end
    assert (end.hex, end.lost) == ("0505", False)


def test_unknown_hex_and_location_are_load_errors(tmp_path: Path) -> None:
    root = campaign(tmp_path, [{"ruling": {"hex": "9999", "found": ["chapl"]}}])
    _, diags = load_campaign(root)
    texts = [d.format() for d in diags.items]
    assert any("ruling" not in t and "off the map" in t for t in texts) or \
        any("off the map" in t for t in texts), texts
    assert any("chapl" in t and "chapel" in t for t in texts), texts


def test_the_gm_view_keeps_the_ruling_and_its_note(tmp_path: Path) -> None:
    root = campaign(tmp_path, [
        {"rest": {}},
        {"ruling": {"hex": "0808", "lost": True, "believed": "0606", "note": "secret"}},
    ])
    campaign_, diags = load_campaign(root)
    assert campaign_ is not None
    ch, rdiags = replay(campaign_)
    assert not errors(rdiags)
    gv = gm_view(campaign_, ch)
    (r,) = gv.sessions[0].record.rulings
    assert (r.after.hex, r.after.believed_hex, r.note) == ("0808", "0606", "secret")
    pv = players_view(campaign_, ch)
    (seen,) = pv.sessions[0].watches[0].rulings
    assert seen.believed == "0606"
    assert "0808" not in repr(pv.sessions[0])


def test_replay_text_shows_the_ruling_before_and_after(tmp_path: Path) -> None:
    from generator.render.text import replay_text

    root = campaign(tmp_path, [{"rest": {}}, {"ruling": {"hex": "0808", "lost": True}}])
    campaign_, _ = load_campaign(root)
    assert campaign_ is not None
    ch, _ = replay(campaign_)
    text = replay_text(campaign_, ch)
    assert "ruling: 0505, believed 0505, not lost -> 0808, believed 0505, LOST" in text
