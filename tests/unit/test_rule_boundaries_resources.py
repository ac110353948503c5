"""Usage dice and doom dice (rules.md section 9) at their edges, the fifth round of mutation
testing (docs/development.md): what the replay keeps of a declared resource and of each roll."""

from __future__ import annotations

from fractions import Fraction

from generator.content.models import Member, ResourceSpec, RulesSpec
from generator.dice import RollSource
from generator.i18n import Translator
from generator.rules.chronicle import MemberState, ResourceEvent, ResourceState, WatchRecord
from generator.rules.resources import (
    When,
    declare,
    declare_doom,
    doom_id,
    resource_said,
    roll_usage,
)

from replay_helpers import recorded

english = Translator("en").said


def rolls(**dice: list[int]) -> RollSource:
    return recorded(**dice)


def a_watch() -> WatchRecord:
    return WatchRecord(0, 1, 1, "travel", "0505", "0505", None, [], Fraction(0), Fraction(0),
                       False, False, 0)


def test_a_declared_resource_starts_full_with_its_declaration_in_its_history() -> None:
    resources: dict[str, ResourceState] = {}
    declare(resources, {"torches": ResourceSpec(die="d8", owner="Wren")}, session=2, day=3)
    res = resources["torches"]
    assert (res.name, res.owner, res.start, res.now) == ("Torches", "Wren", "d8", "d8")
    assert res.history == [ResourceEvent(2, -1, 3, "Wren", None, "d8", "d8", "declared")]


def test_a_doom_die_belongs_to_its_member_and_is_named_by_it() -> None:
    resources: dict[str, ResourceState] = {}
    declare_doom(resources, Member(name="Wren", speed=30, doom="d6"), RulesSpec())
    res = resources[doom_id("Wren")]
    assert (res.owner, res.now, res.doom) == ("Wren", "d6", True)
    assert english(resource_said(res)) == english(resource_said(
        ResourceState("x", "x", "Wren", None, "d4", "d4", doom=True)))


def test_a_usage_roll_over_two_holds_and_keeps_its_note() -> None:
    """Seed 001: a 1 or a 2 steps the die down; a 3 holds it."""
    resources: dict[str, ResourceState] = {}
    declare(resources, {"torches": ResourceSpec(die="d8")}, session=1, day=1)
    source = rolls(use=[3, 2])
    event = roll_usage(resources, {}, source, "torches", "Wren", "use", "the crypt",
                       When(1, 0, 1))
    assert event is not None and (event.roll, event.after, event.note) == (3, "d8", "the crypt")
    assert source.log[-1].outcome == "holds"
    roll_usage(resources, {}, source, "torches", "Wren", "use", None, When(1, 0, 1))
    assert (resources["torches"].now, source.log[-1].outcome) == ("d6", "steps down")


def test_an_exhausted_doom_die_dooms_its_member_until_a_long_rest() -> None:
    resources: dict[str, ResourceState] = {}
    members: dict[str, MemberState] = {}
    declare_doom(resources, Member(name="Wren", speed=30, doom="d4"), RulesSpec())
    watch = a_watch()
    roll_usage(resources, members, rolls(doom=[1]), doom_id("Wren"), "Wren", "doom", None,
               When(1, 0, 1), watch)
    assert resources[doom_id("Wren")].now == "exhausted"
    assert members["Wren"].doomed
    assert [english(s) for s in watch.said] == ["Wren is doomed until a long rest."]
