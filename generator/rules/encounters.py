"""Encounter checks and rolling on roll tables (rules.md section 6; seed 000, "Encounters").

One check per watch, every watch: 1d12, 1 a wandering encounter (on the table of the hex,
else of its region, else of its terrain), 12 the hex's keyed location (in travel, explore or
search watches, while one is left to find this visit). A campaign may use "N in dX" instead.
Exploring makes two checks; cautious cancels a wandering encounter on a 50 % roll; a search
makes a third check that can only find its target. Tables nest; a row may ask for the
encounter's distance, the number appearing and the reaction (2d6).

:func:`roll_on_table` also serves ``hexcrawl roll`` at the table.
"""

from __future__ import annotations

from fractions import Fraction

from generator.content.campaign import Campaign, Location, Table
from generator.content.models import RulesSpec
from generator.content.rolltables import MAX_NESTING
from generator.diagnostics import N_, Text
from generator.dice import RollSource, parse_dice, said
from generator.hexgrid import Hex
from generator.rules import tables as T
from generator.rules.chronicle import EncounterRecord
from generator.rules.discovery import keyed_hit, keyed_location
from generator.rules.state import WatchCtx

#: cautious travel cancels a wandering encounter on 1-50 of a d100 (rules.md section 6)
CAUTIOUS_CANCEL_PERCENT = 50


def roll_on_table(tables: dict[str, Table], table: Table, rolls: RollSource,
                  enc: EncounterRecord, natural: int | None = None, depth: int = 0) -> list[Text]:
    """Roll on ``table`` (or use ``natural``), following nested tables; fills ``enc``. The
    rolls go to ``rolls.log``. Returns warnings (a roll that matches no row)."""
    spec = parse_dice(table.roll_dice)
    if natural is None:
        natural = rolls.take("table", spec.count, spec.sides,
                             detail=said("on_table", table=table.name, id=table.id)).natural
    enc.table = enc.table or table.id
    enc.roll = enc.roll if enc.roll is not None else natural
    row_index = table.row_for(natural)
    if row_index is None:
        return [N_("roll %(roll)s matches no row of table '%(table)s'", roll=natural,
                   table=table.id)]
    row = table.rows[row_index]
    if row.result:
        enc.result = f"{enc.result} / {row.result}" if enc.result else row.result
    if row.location:
        enc.location = row.location
    if row.tell:
        enc.tell = f"{enc.tell} {row.tell}" if enc.tell else row.tell
    if row.distance:
        d = parse_dice(row.distance)
        roll = rolls.take("encounter_distance", d.count, d.sides,
                          detail=said("dice", dice=row.distance))
        enc.distance = d.total(roll.natural)
        roll.total = enc.distance
    if row.appearing:
        n = parse_dice(row.appearing)
        roll = rolls.take("appearing", n.count, n.sides, detail=said("dice", dice=row.appearing))
        enc.appearing = max(1, n.total(roll.natural))
        roll.total = enc.appearing
    if row.reaction:
        roll = rolls.take("reaction", 2, 6)
        enc.reaction = T.reaction_for(roll.natural)
        roll.outcome = enc.reaction
    if row.table and row.table in tables and depth < MAX_NESTING:
        return roll_on_table(tables, tables[row.table], rolls, enc, None, depth + 1)
    return []


def encounter_die(rules: RulesSpec) -> tuple[int, int, int]:
    """(sides, wandering up to, keyed on) for the campaign's encounter check.

    >>> encounter_die(RulesSpec()), encounter_die(RulesSpec(encounter_check="2 in d8"))
    ((12, 1, 12), (8, 2, 8))
    """
    spec = rules.encounter_check
    if spec == "d12":
        return 12, 1, 12
    n, _, die = spec.partition(" in d")
    sides = int(die)
    return sides, int(n), sides


def table_for(campaign: Campaign, h: Hex) -> Table | None:
    """The wandering-encounter table of a hex: its own, else its region's, else its
    terrain's (a table with the terrain's id, or ``<terrain>-encounters``,
    ``encounters-<terrain>``), else the campaign's (``tables:`` in campaign.yaml); see
    ``Campaign.wandering_table``."""
    return campaign.wandering_table(h)


def hex_at(start: Hex, crossings: list[tuple[Fraction, Hex]], hours: Fraction) -> Hex:
    """The hex the party was in ``hours`` into the watch."""
    here = start
    for t, h in crossings:
        if t <= hours:
            here = h
    return here


def _moment_matters(ctx: WatchCtx, natural: int, wander_max: int, keyed: int,
                    keyed_allowed: bool, is_target_check: bool, target: Location | None,
                    start: Hex, crossings: list[tuple[Fraction, Hex]]) -> bool:
    """Whether a check's result needs its moment: a wandering encounter always does (the hex
    picks the table); a keyed one only when some hex of the watch could yield a find."""
    hexes = [start, *(h for _, h in crossings)]
    if is_target_check:
        return natural == keyed and target is not None and target.hex in hexes
    if natural <= wander_max:
        return True
    if natural != keyed or not keyed_allowed:
        return False
    return any(keyed_location(ctx.campaign, ctx.state, h) is not None for h in hexes)


def encounter_checks(ctx: WatchCtx, *, checks: int, keyed_allowed: bool, cautious: bool,
                     start: Hex, crossings: list[tuple[Fraction, Hex]],
                     target: Location | None = None) -> None:
    """The watch's encounter checks (a third for a search's ``target``). A wandering or keyed
    result in a watch that crossed hexes rolls its moment (1d8 half hours, 1d30 minutes;
    rules.md section 2) to place it in the hex the party was in then, but only when the
    moment can change what the check finds: a keyed result rolls none when no hex of the
    watch has anything left to find (nor a target check that cannot find its target)."""
    watch, rolls, campaign = ctx.watch, ctx.rolls, ctx.campaign
    sides, wander_max, keyed = encounter_die(campaign.rules)
    total_checks = checks + (1 if target is not None else 0)
    for i in range(total_checks):
        is_target_check = target is not None and i == checks
        roll = rolls.take("encounter", 1, sides)
        natural = roll.natural
        here = start
        if crossings and _moment_matters(ctx, natural, wander_max, keyed, keyed_allowed,
                                         is_target_check, target, start, crossings):
            half = rolls.take("moment", 1, 8).natural
            minute = rolls.take("moment_minute", 1, 30)
            offset = Fraction((half - 1) * 30 + (minute.natural - 1), 60)
            here = hex_at(start, crossings, offset)
            # the die's own numbers first: a 5 on the d30 is minute 5 of the half hour,
            # which begins 4 minutes after the half hour does
            minute.detail = said("minute_of_watch", half=half, minute=minute.natural,
                                 num=int(offset * 60))
        if is_target_check:
            assert target is not None
            if natural == keyed and target.hex == here:
                roll.outcome = "target"
                keyed_hit(ctx, target)
            else:
                roll.outcome = "nothing"
            continue
        if natural <= wander_max:
            if cautious:
                c = rolls.take("cautious", 1, 100,
                               detail=said("cautious_cancels", max=CAUTIOUS_CANCEL_PERCENT))
                if c.natural <= CAUTIOUS_CANCEL_PERCENT:
                    roll.outcome = "wandering (cancelled)"
                    c.outcome = "cancelled"
                    watch.encounters.append(EncounterRecord("wandering", cancelled=True,
                                                            hex=ctx.label(here)))
                    continue
                c.outcome = "happens"
            roll.outcome = "wandering"
            enc = EncounterRecord("wandering", hex=ctx.label(here))
            table = table_for(campaign, here)
            if table is not None:
                watch.warnings.extend(roll_on_table(campaign.tables, table, rolls, enc))
            else:
                enc.result = "wandering encounter (no table for this hex)"
            watch.encounters.append(enc)
        elif natural == keyed and keyed_allowed:
            loc = keyed_location(campaign, ctx.state, here)
            if loc is None:
                roll.outcome = "keyed (nothing left to find)"
                continue
            roll.outcome = "keyed"
            keyed_hit(ctx, loc)
        else:
            roll.outcome = "nothing"
