"""Usage dice and doom dice (rules.md section 9; seed 001, Black Sword Hack "usage die" and
"doom").

A usage die is rolled each time its resource is used; a 1 or a 2 steps it down the ladder
d20 > d12 > d10 > d8 > d6 > d4, and a 1 or 2 on the d4 exhausts the resource. The doom die is
a usage die per member, rolled on a critical failure of any check and when the member tempts
fate; exhausted, the member is doomed (disadvantage on every check) until a long rest, which
restores the die and ends the doomed state.

The state is the Chronicle's ``resources`` (each die now and its history) and ``members``
(who is doomed); the functions below change it and nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from generator.content.models import Member, ResourceSpec, RulesSpec
from generator.dice import RollSource, Said, said
from generator.rules.chronicle import MemberState, ResourceEvent, ResourceState, WatchRecord

#: The ladder, largest first (seed 001).
LADDER: tuple[int, ...] = (20, 12, 10, 8, 6, 4)
#: Rolls that step a usage die down (seed 001: a 1 or a 2).
STEP_DOWN_MAX = 2
#: Expected uses before exhaustion as the seed states them.
EXPECTED_USES_SEED: dict[int, int] = {20: 30, 12: 20, 10: 14, 8: 9, 6: 5, 4: 2}
EXHAUSTED = 0


def step_down(sides: int) -> int:
    """The next die down the ladder, or EXHAUSTED (0) below the d4."""
    i = LADDER.index(sides)
    return LADDER[i + 1] if i + 1 < len(LADDER) else EXHAUSTED


def use(sides: int, roll: int) -> int:
    """The die after a use that rolled ``roll``."""
    if sides == EXHAUSTED:
        return EXHAUSTED
    return step_down(sides) if roll <= STEP_DOWN_MAX else sides


def expected_uses(sides: int) -> Fraction:
    """Expected number of uses until exhaustion, computed exactly: each die lasts on average
    sides / 2 rolls (a geometric wait for a 1 or 2), and the ladder adds them up."""
    if sides == EXHAUSTED:
        return Fraction(0)
    return Fraction(sides, STEP_DOWN_MAX) + expected_uses(step_down(sides))


def die_name(sides: int) -> str:
    return "exhausted" if sides == EXHAUSTED else f"d{sides}"


def parse_die(text: str) -> int:
    sides = int(text.lstrip("d"))
    if sides not in LADDER:
        raise ValueError(f"'{text}' is not a usage die ({', '.join(f'd{s}' for s in LADDER)})")
    return sides


# ---------------------------------------------------------------------------------------------
# resources of a campaign: declaring, using, the doom die


def doom_id(name: str) -> str:
    """The resource id of a member's doom die."""
    return f"doom-{name}"


def doom_die_of(member: Member, rules: RulesSpec) -> str | None:
    """The member's doom die: its own, else the campaign's, else a d6 under bsh (seed 001)."""
    if member.doom:
        return member.doom
    if rules.doom:
        return rules.doom
    return "d6" if rules.checks == "bsh" else None


def declare_doom(resources: dict[str, ResourceState], member: Member, rules: RulesSpec) -> None:
    die = doom_die_of(member, rules)
    rid = doom_id(member.name)
    if die is None or rid in resources:
        return
    resources[rid] = ResourceState(rid, f"Doom ({member.name})", member.name, None, die, die,
                                   doom=True)


def declare(resources: dict[str, ResourceState], specs: Mapping[str, ResourceSpec],
            session: int, day: int) -> None:
    """Resources declared in campaign.yaml (session -1) or a session persist from then on."""
    for rid, spec in specs.items():
        if rid in resources:
            continue
        resources[rid] = ResourceState(
            rid, spec.name or rid.replace("-", " ").capitalize(), spec.owner,
            spec.description, spec.die, spec.die, gm=spec.gm,
            history=[ResourceEvent(session, -1, day, spec.owner, None, spec.die, spec.die,
                                   "declared")])


def resource_said(res: ResourceState) -> Said:
    """A usage die as the GM reads it: a member's doom die by its member, a declared
    resource by its name."""
    if res.doom and res.owner:
        return said("doom_die", name=res.owner)
    return said("resource", name=res.name)


def member_state(members: dict[str, MemberState], name: str) -> MemberState:
    return members.setdefault(name, MemberState(name))


@dataclass(frozen=True)
class When:
    """Where a usage roll goes in the history: session, watch index (the watch it happens
    in, or the one it follows; -1 before the first) and day."""

    session: int
    watch: int
    day: int


def roll_usage(resources: dict[str, ResourceState], members: dict[str, MemberState],
               rolls: RollSource, rid: str, by: str | None, reason: str, note: str | None,
               when: When, watch: WatchRecord | None = None) -> ResourceEvent | None:
    """Roll the usage die of ``rid`` (purpose ``doom`` for a doom die, else ``use``) and step
    it down on a 1 or 2. An exhausted doom die dooms its member (the watch's summary says
    so). None when the die is already exhausted (nothing is rolled)."""
    res = resources[rid]
    if res.now == "exhausted":
        return None
    sides = parse_die(res.now)
    roll = rolls.take("doom" if res.doom else "use", 1, sides, detail=resource_said(res))
    after = die_name(use(sides, roll.natural))
    roll.outcome = "steps down" if after != res.now else "holds"
    event = ResourceEvent(when.session, when.watch, when.day, by, roll.natural, res.now, after,
                          reason, note)
    res.history.append(event)
    res.now = after
    if res.doom and after == "exhausted" and by:
        member_state(members, by).doomed = True
        if watch is not None:
            watch.say("doomed_until_rest", name=by)
    return event


def restore_doom(resources: dict[str, ResourceState], members: dict[str, MemberState],
                 name: str, when: When) -> None:
    """A long rest restores the member's doom die to full and ends its doomed state."""
    member_state(members, name).doomed = False
    res = resources.get(doom_id(name))
    if res is not None and res.now != res.start:
        res.history.append(ResourceEvent(when.session, when.watch, when.day, name, None,
                                         res.now, res.start, "long rest"))
        res.now = res.start


@dataclass
class DoomDice:
    """The doom dice as every check reads them (rules.md section 9; seed 001: a critical
    failure on any roll forces the doom roll; exhausted, the member is doomed)."""

    resources: dict[str, ResourceState]
    members: dict[str, MemberState]
    when: When
    #: the watch whose summary says who became doomed
    watch: WatchRecord | None = None

    def doomed(self, who: str) -> bool:
        res = self.resources.get(doom_id(who))
        return res is not None and res.now == "exhausted"

    def critical_failure(self, who: str, rolls: RollSource) -> None:
        """A critical failure (or fumble) of ``who``: roll its doom die, if it has one."""
        if doom_id(who) in self.resources:
            roll_usage(self.resources, self.members, rolls, doom_id(who), who, "doom", None,
                       self.when, self.watch)
