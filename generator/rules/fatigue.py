"""Foraging and fatigue: hustle, the forced march, sleep, and living off the land (rules.md
sections 3 and 7; seed 000, "Hustle", "Forced March", "Foraging").

Damage goes to the Chronicle's member states (nonlethal and fatigue for walkers, lethal for a
ridden mount); a sleep clears it and resets the hustle and march counters.
"""

from __future__ import annotations

from fractions import Fraction

from generator.content.models import Member
from generator.dice import Said, Word, said
from generator.rules import tables as T
from generator.rules.chronicle import HarmRecord
from generator.rules.navigation import terrain_said
from generator.rules.resources import When, member_state, restore_doom
from generator.rules.state import WatchCtx


def harm(ctx: WatchCtx, member: Member, amount: int, cause: str) -> Said:
    """Nonlethal damage and fatigue; a ridden mount takes lethal damage instead. The watch
    keeps a record of it (``cause``: hustle or march) for the players' journal."""
    ms = member_state(ctx.chronicle.members, member.name)
    limit = member.hp if member.hp is not None else ctx.campaign.rules.nonlethal_warning
    if member.mount:
        ms.lethal += amount
        ctx.watch.harm.append(HarmRecord(member.name, amount, cause, mount=True,
                                         nonlethal_after=ms.nonlethal, limit=limit))
        return said("mount_harmed", name=member.name, mount=Word("mount", member.mount),
                    num=amount)
    ms.nonlethal += amount
    ms.fatigued = True
    ctx.watch.harm.append(HarmRecord(member.name, amount, cause,
                                     nonlethal_after=ms.nonlethal, limit=limit))
    return said("harmed", name=member.name, num=amount)


def hustle_damage(before: int, hours: int) -> int:
    """Damage to each member for ``hours`` more hustled hours after ``before`` of them since
    the last sleep (rules.md section 3, seed 000 "Hustle"): the first hour is free, the second
    deals 1 nonlethal and each further hour doubles the previous hour's damage.

    >>> hustle_damage(0, 1), hustle_damage(0, 4), hustle_damage(1, 1), hustle_damage(3, 1)
    (0, 7, 1, 4)
    """
    damage = 0
    for hour in range(before + 1, before + hours + 1):
        if hour > T.FREE_HUSTLE_HOURS:
            damage += 2 ** (hour - T.FREE_HUSTLE_HOURS - 1)
    return damage


def hustle(ctx: WatchCtx, hours: int) -> None:
    """Count ``hours`` hustled hours and deal their damage to every member."""
    state = ctx.state
    damage = hustle_damage(state.hustle_hours, hours)
    state.hustle_hours += hours
    if damage:
        hurt = [harm(ctx, m, damage, "hustle") for m in state.members]
        ctx.watch.say("hustling", harm=tuple(hurt))


def forced_march_dc(hour: int) -> int:
    """The Constitution DC of marching hour ``hour`` (9 or later): 10, then +2 per hour
    (rules.md section 3).

    >>> [forced_march_dc(h) for h in (9, 10, 11, 12)]
    [10, 12, 14, 16]
    """
    return T.FORCED_MARCH_BASE_DC + T.FORCED_MARCH_DC_STEP * (hour - T.MARCH_HOURS - 1)


def forced_march(ctx: WatchCtx, hours: Fraction) -> None:
    """Rules.md section 3 (seed 000, "Forced march"): 8 hours of marching between sleeps;
    each further hour needs a Constitution check of every member; failure deals 1d6
    nonlethal and fatigue. Ridden mounts fail automatically and take the damage as lethal."""
    state, watch = ctx.state, ctx.watch
    before = state.march_hours
    state.march_hours += hours
    first = int(before) + 1
    for hour in range(max(first, T.MARCH_HOURS + 1), int(state.march_hours) + 1):
        dc = forced_march_dc(hour)
        for member in state.members:
            if member.mount:
                dmg = ctx.rolls.take("march_damage", 1, 6,
                                     detail=said("march_mount", name=member.name,
                                                 mount=Word("mount", member.mount),
                                                 hour=hour))
                watch.say("forced_march", hour=hour,
                          harm=harm(ctx, member, dmg.natural, "march"))
                continue
            res = ctx.check("march", member, dc, score_kind="con",
                            why=[said("march_hour", hour=hour)])
            if not res.success:
                dmg = ctx.rolls.take("march_damage", 1, 6,
                                     detail=said("march_member", name=member.name, hour=hour))
                watch.say("forced_march", hour=hour,
                          harm=harm(ctx, member, dmg.natural, "march"))


def long_rest(ctx: WatchCtx) -> None:
    """A sleep (rules.md sections 3 and 9): resets the hustle and march counters, removes
    fatigue and nonlethal damage, restores every doom die and ends the doomed state."""
    state = ctx.state
    state.hustle_hours = 0
    state.march_hours = Fraction(0)
    when = When(ctx.session.session, ctx.watch.index, state.day)
    for member in state.members:
        ms = member_state(ctx.chronicle.members, member.name)
        ms.nonlethal = 0
        ms.fatigued = False
        restore_doom(ctx.chronicle.resources, ctx.chronicle.members, member.name, when)
    ctx.watch.say("sleeps")


def fed_by(system: str, outcome: str, total: int, dc: int) -> int:
    """Members fed for a day by a successful forage (rules.md section 7): one, plus one per 2
    points over the DC under d20; a special or critical feeds one more under brp and bsh.

    >>> fed_by("d20", "success", 19, 12), fed_by("brp", "special", 9, 12)
    (4, 2)
    """
    fed = 1
    if system == "d20":
        fed += max(0, (total - dc) // 2)
    elif outcome in ("special", "critical", "critical_success"):
        fed += 1
    return fed


def forage(ctx: WatchCtx, visibility: str, by: str | None = None) -> None:
    """Rules.md section 7: one Survival check per day against the forage DC of the hex (+2
    in poor visibility), made by the member ``by`` names, else by the party's best
    forager."""
    state, watch = ctx.state, ctx.watch
    if state.forage_day == state.day:
        watch.say("foraged_already")
        return
    state.forage_day = state.day
    rule = ctx.campaign.terrain_of(state.true.hex)
    dc = (rule.forage_dc if rule else 12) + (
        T.FORAGE_POOR_VISIBILITY if visibility == "poor" else 0)
    named = [m for m in state.members if m.name == by]
    forager = named[0] if named else max(state.members, key=lambda m: (m.survival, m.name))
    res = ctx.check("forage", forager, dc,
                    why=[said("forage_in", terrain=terrain_said(rule))])
    if res.success:
        watch.say("forage_feeds", num=fed_by(res.system, res.outcome, res.total, dc))
    else:
        watch.say("forage_nothing")
