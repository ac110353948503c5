"""One-pass diagnostics (issue 13, item 2): warnings that say why. A recorded roll the watch
never used names what made the watch not need it."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.replay import replay

from campaign_factory import errors, load, write_campaign


def unused_warnings(tmp_path: Path, entry: str, **co: object) -> list[str]:
    root = write_campaign(tmp_path, campaign_overrides=dict(co) or None,
                          files={"sessions/01.yaml": f"session: 1\nlog:\n{entry}"})
    campaign, diags = load(root)
    assert campaign is not None, errors(diags, root)
    _, rdiags = replay(campaign)
    assert not rdiags.errors, rdiags.errors
    return [d.message.split(": ", 1)[1] for d in rdiags.warnings
            if "never used by this watch" in d.message]


CASES = [
    # the wandering result of the issue: no table anywhere for plains 0304
    ("  - rest: {}\n    rolls: {encounter: [1], table: 3}\n", {},
     "the wandering encounter had no table to roll on (none for the hex, its region, its "
     "terrain or the campaign: see 'tables' in campaign.yaml)"),
    ("  - travel: {heading: N}\n    rolls: {navigation: 18, veer: 3, encounter: [5]}\n", {},
     "the navigation check succeeded: only a party that gets lost rolls the veer"),
    ("  - travel: {heading: N}\n    rolls: {navigation: 18, encounter: [5], realise: 9}\n", {},
     "the party was not lost at the end of the watch"),
    ("  - travel: {follow: kings-road}\n    rolls: {navigation: 9, encounter: [5]}\n",
     {"party": {"start": "0302"}},
     "a 'follow' watch needs no navigation check"),
    ("  - travel: {heading: N}\n    rolls: {navigation: 18, distance: 7, encounter: [5]}\n",
     {}, "campaign.yaml's rules.actual_distance is off"),
    ("  - camp: {}\n    rolls: {forage: 12, encounter: [5]}\n", {},
     "the party was not foraging"),
    ("  - rest: {}\n    rolls: {encounter: [5], moment: 3}\n", {},
     "no encounter came up in a watch that crossed hexes (the moment places one in the hex "
     "the party was in at the time)"),
    ("  - reorient: {method: north}\n    rolls: {reorient: 15, north: 15, encounter: [5]}\n",
     {}, "only a 'reorient: {method: new_course}' watch rolls reorient (this one is 'north')"),
]


@pytest.mark.parametrize("entry, co, why", CASES, ids=[c[2][:30] for c in CASES])
def test_an_unused_roll_says_what_made_the_watch_not_need_it(
        tmp_path: Path, entry: str, co: dict[str, object], why: str) -> None:
    found = unused_warnings(tmp_path, entry, **co)
    assert found == [why] or any(why in f for f in found), found


def test_did_you_mean_finds_an_id_from_a_part_of_it(tmp_path: Path) -> None:
    """`unknown path 'sallow'` of the issue: a word that is part of an id suggests it."""
    paths = ("upper-sallow-river: {kind: river, hexes: ['0601', '0602', '0703']}\n"
             "kings-road: {kind: highway, hexes: ['0101', '0201', '0302', '0402', '0503']}\n")
    root = write_campaign(tmp_path, files={
        "paths.yaml": paths, "locations/thornfold-mill.md": None,
        "sessions/01.yaml": "session: 1\nlog:\n  - travel: {follow: sallow}\n"})
    campaign, diags = load(root)
    assert campaign is None
    assert errors(diags, root) == [
        ("sessions/01.yaml", 3, 22,
         "unknown path 'sallow' (did you mean 'upper-sallow-river'?)")]


def test_module_doctests() -> None:
    import doctest

    from generator import diagnostics
    from generator.rules import unused

    assert doctest.testmod(diagnostics).failed == 0
    assert doctest.testmod(unused).failed == 0


# ------------------------------------------------------------------------------------------
# the replay's errors in the same run as the loader's


def all_errors(tmp_path: Path, session: str, **co: object) -> list[tuple[str, int, str]]:
    from generator.console import load_all_errors

    root = write_campaign(tmp_path, campaign_overrides=dict(co) or None, files={
        "hexes/extra.yaml": '"0808": {terrain: forrest}\n',
        "sessions/01.yaml": f"session: 1\nlog:\n{session}"})
    campaign, diags = load_all_errors(root)
    assert campaign is None
    return [(path, line, msg.split(" (")[0]) for path, line, _, msg in errors(diags, root)]


def test_a_roll_outside_its_die_is_reported_with_the_loaders_errors(tmp_path: Path) -> None:
    found = all_errors(tmp_path, "  - travel: {heading: N}\n    rolls: {navigation: 25}\n"
                                 "  - travel: {follow: kings-raod}\n")
    assert found == [
        ("hexes/extra.yaml", 1, "unknown terrain 'forrest'"),
        ("sessions/01.yaml", 4, "recorded navigation roll 25 is outside the die's range 1-20"),
        ("sessions/01.yaml", 5, "unknown path 'kings-raod'"),
    ]


def test_nothing_after_an_entry_with_an_error_is_replayed(tmp_path: Path) -> None:
    """The party's position after a broken entry is unknown: rolls after it are not judged."""
    found = all_errors(tmp_path, "  - travel: {follow: kings-raod}\n"
                                 "  - travel: {heading: N}\n    rolls: {navigation: 25}\n")
    assert [msg for *_, msg in found] == ["unknown terrain 'forrest'",
                                          "unknown path 'kings-raod'"]


def test_no_replay_when_campaign_yaml_is_wrong(tmp_path: Path) -> None:
    """campaign.yaml's rules decide every die: with errors there, no roll is judged."""
    found = all_errors(tmp_path, "  - travel: {heading: N}\n    rolls: {navigation: 25}\n",
                       sed=1)
    assert [msg for *_, msg in found] == ["unknown key 'sed'", "unknown terrain 'forrest'"]


def test_a_bare_word_with_keys_says_how_to_write_it(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, files={
        "sessions/01.yaml": "session: 1\nlog:\n  - search\n    rolls: {encounter: [12]}\n"})
    _, diags = load(root)
    (only,) = errors(diags, root)
    assert only[:3] == ("sessions/01.yaml", 4, 5)  # the key indented too deep
    assert only[3].endswith("(a bare '- search' cannot carry keys such as 'rolls:': write "
                            "'- search: {}' and put the keys under it)")
