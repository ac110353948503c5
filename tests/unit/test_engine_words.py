"""The engine's warnings and problems are messages, translated where they are shown: why a
recorded roll went unused, which seeded roll changed the story, what is wrong with a ruling
or a chase, a watch's own warnings (the GM page, ``play``), in Russian and Ukrainian with no
English word hexcrawl wrote, while ``replay --json`` keeps them in English. And the wording
of the GM log: damage with its plural forms, a veer of 0 said as heading straight on, a
share of the way as the language writes a percentage."""

from __future__ import annotations

from pathlib import Path

import pytest
from latin_helpers import CampaignText, terminal_leftovers

from generator.content.loader import load_partial
from generator.diagnostics import Diagnostic, MessageError, Text
from generator.dice import RollRecord, said
from generator.i18n import Translator
from generator.replay import replay
from generator.replay.onepass import replay_errors_despite
from generator.replay.seeded import story_event
from generator.rules import chase_model
from generator.rules.chase_model import ChaseSpec

from campaign_factory import errors, load, write_campaign

LANGUAGES = ["ru", "uk"]
NOTHING_OWN = CampaignText(frozenset(), ())


def _log(tmp_path: Path, entries: str, language: str) -> list[Diagnostic]:
    """The replay's diagnostics of a one-session log in ``language``."""
    root = write_campaign(tmp_path, campaign_overrides={"language": language},
                          files={"sessions/01.yaml": f"session: 1\nlog:\n{entries}"})
    campaign, diags = load(root)
    assert campaign is not None, errors(diags, root)
    return replay(campaign)[1].items


#: Entries whose recorded rolls go unused for many reasons, and rulings with problems.
UNUSED = """  - rest: {}
    rolls: {navigation: 12, veer: 3, encounter: [4, 5], forage: 9, march: 4}
  - travel: {heading: N}
    rolls: {navigation: 18, veer: 3, realise: 9, distance: 7, encounter: [5], cautious: 2}
  - camp: {}
    rolls: {table: 3, reaction: 7, moment: 2, encounter: [5]}
  - reorient: {method: north}
    rolls: {reorient: 15, north: 15, encounter: [5]}
  - ruling: {note: a word}
    rolls: {navigation: 3}
"""


@pytest.mark.parametrize("language", LANGUAGES)
def test_unused_rolls_and_ruling_warnings_are_in_the_language(tmp_path: Path,
                                                              language: str) -> None:
    found = _log(tmp_path, UNUSED, language)
    t = Translator(language)
    said_ = [d.says(t.text) for d in found]
    assert len([d for d in found if "never used by this watch" in d.message]) >= 8, said_
    assert any("ruling sets nothing" in d.message for d in found), said_
    assert any("a ruling rolls no dice" in d.message for d in found), said_
    # every message translated: the diagnostics' English is not what the GM reads
    for d in found:
        assert d.text is not None and d.says(t.text) != d.message, d.message
    assert terminal_leftovers("\n".join(said_), NOTHING_OWN) == [], said_


@pytest.mark.parametrize("language", LANGUAGES)
def test_ruling_errors_are_in_the_language(tmp_path: Path, language: str) -> None:
    found = _log(tmp_path, "  - ruling: {lost: false, knows_lost: true, believed: '0303'}\n",
                 language)
    said_ = [d.says(Translator(language).text) for d in found if d.severity == "error"]
    assert len(said_) == 2, said_
    assert terminal_leftovers("\n".join(said_), NOTHING_OWN) == [], said_


def _roll(purpose: str, outcome: str | None, check: bool = False) -> RollRecord:
    return RollRecord(purpose, "1d20", 3, 3, None, outcome, False, is_check=check)


@pytest.mark.parametrize("language", LANGUAGES)
def test_what_a_seeded_roll_caused_is_in_the_language(language: str) -> None:
    t = Translator(language)
    events = [story_event(r) for r in (
        _roll("navigation", "failure", True), _roll("realise", "success", True),
        _roll("encounter", "wandering"), _roll("march_damage", None),
        _roll("reaction", "friendly"), _roll("veer", "2 faces left"),
        _roll("judge_distance", "critical_failure", True), _roll("forage", "critical", True),
        _roll("doom", "steps down"), _roll("north_face", "NE"))]
    assert all(isinstance(e, Text) for e in events), events
    shown = [t.text(e) for e in events if e is not None]
    assert terminal_leftovers("\n".join(shown), NOTHING_OWN) == [], shown
    assert [e.english() for e in events[:3] if e is not None] == [
        "the party gets lost", "the party realises it is lost", "an encounter (wandering)"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_chase_that_cannot_be_run_says_why_in_the_language(language: str) -> None:
    t = Translator(language)
    with pytest.raises(MessageError) as bad_system:
        chase_model.validate(ChaseSpec("urban", (), ()), "gurps", "classic")
    with pytest.raises(MessageError) as no_quarry:
        chase_model.validate(ChaseSpec("urban", (), ()), "d20", "classic")
    assert "gurps" in t.text(bad_system.value.text)
    assert str(no_quarry.value) == "a chase needs a quarry"
    assert terminal_leftovers(t.text(no_quarry.value.text), NOTHING_OWN) == []


def test_replay_json_keeps_a_watchs_warnings_in_english(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, campaign_overrides={"language": "ru"}, files={
        "sessions/01.yaml": "session: 1\nlog:\n  - rest: {}\n    rolls: {navigation: 12}\n"})
    campaign, _ = load(root)
    assert campaign is not None
    chronicle, _ = replay(campaign)
    watch = chronicle.sessions[0].watches[0]
    assert [w.english() for w in watch.warnings] == watch.to_json()["warnings"] == [
        "recorded navigation roll 12 never used by this watch: a watch spent on rest rolls "
        "no navigation"]
    assert "не использован" in Translator("ru").text(watch.warnings[0])


def test_one_pass_keeps_the_out_of_range_rolls_by_their_kind_in_any_language(
        tmp_path: Path) -> None:
    """The replay errors a loading error cannot cause are picked by kind, not by their
    English words: found the same in a Russian campaign."""
    root = write_campaign(tmp_path, campaign_overrides={"language": "ru"}, files={
        "hexes/extra.yaml": '"0808": {terrain: forrest}\n',
        "sessions/01.yaml": "session: 1\nlog:\n  - travel: {heading: N}\n"
                            "    rolls: {navigation: 21}\n"})
    campaign, diags, trustworthy = load_partial(root)
    kept = replay_errors_despite(campaign, diags, trustworthy)
    assert [d.kind for d in kept] == ["roll_out_of_range"], [d.message for d in kept]


@pytest.mark.parametrize(("language", "one", "three"), [
    ("ru", "Wren получает 1 единицу несмертельного урона (утомлён)",
     "Wren получает 3 единицы несмертельного урона (утомлён)"),
    ("uk", "Wren отримує 1 одиницю несмертельної шкоди (втомлений)",
     "Wren отримує 3 одиниці несмертельної шкоди (втомлений)"),
])
def test_damage_takes_the_plural_form_of_its_number(language: str, one: str,
                                                   three: str) -> None:
    t = Translator(language)
    assert t.said(said("harmed", name="Wren", num=1)) == one
    assert t.said(said("harmed", name="Wren", num=3)) == three
    assert Translator("en").said(said("harmed", name="Wren", num=3)) == \
        "Wren takes 3 nonlethal (fatigued)"


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_a_veer_of_nothing_is_said_as_heading_straight_on(language: str) -> None:
    t = Translator(language)
    for kind in ("lost_straight", "still_lost_straight"):
        text = t.said(said(kind))
        assert "veer" not in text and "отклонения" not in text and "відхилення" not in text


def test_a_share_of_the_way_is_a_percentage_in_the_language() -> None:
    assert Translator("en").label("outcome", "120%") == "120%"
    assert Translator("ru").label("outcome", "80%") == "80\xa0%"
    assert Translator("uk").label("outcome", "100%") == "100%"
