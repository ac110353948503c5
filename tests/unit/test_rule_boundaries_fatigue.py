"""Fatigue and damage (rules.md section 3) at their edges, the fifth round of mutation testing
(docs/development.md): what the replay records of a member's nonlethal damage."""

from __future__ import annotations

from pathlib import Path

from replay_helpers import make_campaign, rolls_of, run, watches


def test_hustle_damage_is_recorded_against_the_members_hp_or_the_campaigns_warning(
        tmp_path: Path) -> None:
    """Hustle's nonlethal damage is recorded with the limit a GM is warned at (and the
    players' journal says "unconscious" at): a member's ``hp``, else ``rules.nonlethal_warning``
    (docs/format.md)."""
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"travel": {"heading": "S", "hustle_hours": 3}, "rolls": {"navigation": 19,
                                                                  "encounter": [5]}},
    ]}], members=[{"name": "Aria", "speed": 30, "survival": 3, "con": 1},
                  {"name": "Bram", "speed": 30, "survival": 3, "con": 1, "hp": 2}],
        rules={"nonlethal_warning": 7})
    ch, _ = run(root)
    harm = ch.sessions[0].watches[0].harm
    assert [(h.member, h.amount, h.cause, h.mount, h.nonlethal_after, h.limit)
            for h in harm] == [("Aria", 3, "hustle", False, 3, 7),
                               ("Bram", 3, "hustle", False, 3, 2)]


def test_hustled_hours_add_up_across_watches_until_a_sleep(tmp_path: Path) -> None:
    """Hustled hours count from the last sleep, not per watch (rules.md section 3): two
    hours (0 + 1) then two more (2 + 4) deal 1, then 6 nonlethal."""
    root = make_campaign(tmp_path, sessions=[{"log": [
        {"travel": {"heading": "S", "hustle_hours": 2}, "rolls": {"navigation": 19,
                                                                  "encounter": [5]}},
        {"travel": {"heading": "S", "hustle_hours": 2}, "rolls": {"navigation": 19,
                                                                  "encounter": [5]}},
    ]}])
    ch, _ = run(root)
    amounts = [[h.amount for h in w.harm] for w in ch.sessions[0].watches]
    assert amounts == [[1], [6]]
    assert ch.members["Aria"].nonlethal == 7


def test_foraging_uses_the_forage_dc_of_the_hex_the_party_stands_in(tmp_path: Path) -> None:
    """rules.md section 7: desert forage DC 20 (not the plains' 12): 16 + 3 = 19 finds
    nothing, 17 + 3 = 20 feeds one."""
    for natural, outcome in ((16, "failure"), (17, "success")):
        root = make_campaign(tmp_path / str(natural), rows=["d" * 10] * 10, sessions=[{"log": [
            {"camp": {"forage": True}, "rolls": {"forage": natural, "encounter": [5]}}]}])
        w = watches(run(root)[0])[0]
        forage = rolls_of(w, "forage")[0]
        assert (forage["target"], forage["total"], forage["outcome"]) == (
            20, natural + 3, outcome)
        assert forage["detail"] == "Aria: Survival +3 vs DC 20 (forage, desert)"
