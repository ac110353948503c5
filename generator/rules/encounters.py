"""Rolling on roll tables: nested tables, encounter distance and reaction (rules.md 6).

Used by the replay for wandering encounters and by ``hexcrawl roll`` at the table.
"""

from __future__ import annotations

from generator.chronicle import EncounterRecord, RollRecord
from generator.content.campaign import Table
from generator.dice import RollSource, parse_dice
from generator.rules import tables as T

MAX_NESTING = 10


def plain_roll(log: list[RollRecord], rolls: RollSource, purpose: str, count: int, sides: int,
               *, modifier: int = 0, outcome: str | None = None, detail: str = "") -> int:
    """Roll ``count``d``sides`` for ``purpose``, append it to ``log`` and return the natural."""
    natural, recorded, dice = rolls.roll(purpose, count, sides)
    dice_txt = f"{count}d{sides}" + (f"{modifier:+d}" if modifier else "")
    log.append(RollRecord(purpose, dice_txt, natural, natural + modifier, None, outcome,
                          recorded, detail, dice))
    return natural


def roll_on_table(tables: dict[str, Table], table: Table, rolls: RollSource,
                  log: list[RollRecord], enc: EncounterRecord, natural: int | None = None,
                  depth: int = 0) -> list[str]:
    """Roll on ``table`` (or use ``natural``), following nested tables; fills ``enc``.

    Returns warnings (a roll that matches no row)."""
    spec = parse_dice(table.roll_dice)
    if natural is None:
        natural = plain_roll(log, rolls, "table", spec.count, spec.sides,
                             detail=f"on {table.name}")
    enc.table = enc.table or table.id
    enc.roll = enc.roll if enc.roll is not None else natural
    row_index = table.row_for(natural)
    if row_index is None:
        return [f"roll {natural} matches no row of table '{table.id}'"]
    row = table.rows[row_index]
    if row.result:
        enc.result = f"{enc.result} / {row.result}" if enc.result else row.result
    if row.location:
        enc.location = row.location
    if row.distance:
        d = parse_dice(row.distance)
        nat = plain_roll(log, rolls, "encounter_distance", d.count, d.sides,
                         detail=row.distance)
        enc.distance = d.total(nat)
        log[-1].total = enc.distance
    if row.reaction:
        nat = plain_roll(log, rolls, "reaction", 2, 6)
        enc.reaction = T.reaction_for(nat)
        log[-1].outcome = enc.reaction
    if row.table and row.table in tables and depth < MAX_NESTING:
        return roll_on_table(tables, tables[row.table], rolls, log, enc, None, depth + 1)
    return []
