"""The campaign's roll tables as sheets, the reference's index and the GM screen.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from generator.audience import Audience
from generator.content.campaign import Campaign, Table
from generator.content.markdown import inert
from generator.dice import parse_dice
from generator.reference import data as D
from generator.reference.sheets.base import Ctx, table
from generator.reference.sheets.checks import brp_sheet, bsh_sheet, d20_sheet
from generator.reference.sheets.conflict import chases_sheet, modifiers_sheet
from generator.reference.sheets.travel import (
    encounter_die,
    encounters_sheet,
    getting_lost_sheet,
    hex_progress_sheet,
    hustle_damage,
    nav_dc_cell,
    navigation_sheet,
    travel_sheet,
)

# ---------------------------------------------------------------------------------------------
# roll tables (content/tables)


def dice_distribution(dice: str) -> dict[int, Fraction]:
    """Chance of each natural total of ``NdS`` (modifiers are not part of the natural roll)."""
    spec = parse_dice(dice)
    sides = spec.sides
    # ways[t]: in how many ways the dice so far add up to t; one more die adds the ways of
    # the `sides` totals below, a difference of running sums (linear in the totals)
    ways = [1]
    for _ in range(spec.count):
        running = [0]
        for w in ways:
            running.append(running[-1] + w)
        top = len(ways)
        ways = [running[min(t, top)] - running[max(t - sides, 0)]
                for t in range(len(ways) + sides)]
    outcomes = sides ** spec.count
    return {t: Fraction(w, outcomes) for t, w in enumerate(ways) if w}


def visible_tables(campaign: Campaign, audience: Audience) -> dict[str, Table]:
    return {tid: tb for tid, tb in sorted(campaign.tables.items())
            if audience == Audience.GM or tb.audience == Audience.PLAYERS}


def table_page_path(table_id: str) -> str:
    return f"tables/{table_id}.md"


def roll_table_sheet(ctx: Ctx, tb: Table, known_locations: set[str] | None) -> dict[str, Any]:
    t, f = ctx.t, ctx.f
    shown = visible_tables(ctx.campaign, ctx.audience)
    spec = parse_dice(tb.roll_dice)
    d100 = spec.count == 1 and spec.sides == 100
    dist = dice_distribution(tb.roll_dice)
    rows = []
    for (lo, hi), row in zip(tb.ranges, tb.rows, strict=False):
        notes: list[str] = []
        if row.table:
            if row.table in shown:
                notes.append(t.gettext("roll on %(name)s", name=f"[{inert(shown[row.table].name)}]"
                                                              f"({row.table}.md)"))
            else:
                notes.append(t.gettext("the GM rolls further"))
        if row.distance:
            d = parse_dice(row.distance)
            dist_txt = f.die(d.sides, d.count) + (f"{d.modifier:+d}" if d.modifier else "") + (
                f"×{d.factor}" if d.factor != 1 else "")
            notes.append(t.gettext("distance %(d)s ft", d=dist_txt))
        if row.reaction:
            notes.append(t.gettext("reaction %(dice)s",
                                   dice=f.die(D.REACTION_DICE[1], D.REACTION_DICE[0])))
        if row.location and ctx.campaign.locations.get(row.location) is not None:
            loc = ctx.campaign.locations[row.location]
            if ctx.audience == Audience.GM or (known_locations is not None
                                        and row.location in known_locations):
                notes.append(f"[{inert(loc.name)}](../../locations/{loc.id}.md)")
        if ctx.audience == Audience.GM and row.gm:
            notes.append("<em>" + t.gettext("GM") + f": {ctx.inline(row.gm)}</em>")
        chance = sum((dist.get(v, Fraction(0)) for v in range(lo, hi + 1)), Fraction(0))
        rows.append((f.span(lo, hi, d100=d100), ctx.inline(row.result), "; ".join(notes),
                     f.pct(chance * 100, 1)))
    md = table(f"roll-{tb.id}", [f.die(spec.sides, spec.count), t.gettext("Result"),
                                 t.gettext("Notes"), t.gettext("Chance")], rows, "cllr")
    return {"table": md, "tb": tb, "dice": f.die(spec.sides, spec.count),
            "name": tb.name, "description": ctx.prose(tb.description),
            "audience_label": t.label("audience_short", tb.audience)}


# ---------------------------------------------------------------------------------------------
# index and GM screen


def index_sheet(ctx: Ctx, pages: Sequence[str], tables: bool = True) -> dict[str, Any]:
    t, f = ctx.t, ctx.f
    rules = ctx.campaign.rules
    sides, wander, keyed = encounter_die(ctx.campaign)
    settings = table("settings", [t.gettext("Setting"), t.gettext("Value")], [
        (t.gettext("Check system"), t.label("system", rules.checks)),
        (t.gettext("Advantage"), t.label("advantage", rules.advantage)),
        (t.gettext("Hex size"),
         t.gettext("%(distance)s centre to centre",
                   distance=t.count(ctx.campaign.hex_miles, "mile"))),
        (t.gettext("Actual distance rule"),
         t.gettext("yes") if rules.actual_distance else t.gettext("no")),
        (t.gettext("Encounter check"),
         t.gettext("%(die)s: %(wander)s wandering, %(keyed)s a keyed place", die=f.die(sides, 1),
                   wander=f.span(1, wander), keyed=keyed)),
    ], "ll")
    listing = []
    for slug in pages:
        current = slug == f"checks-{rules.checks}"
        listing.append({"title": t.label("page", slug), "path": f"{slug}.md",
                        "blurb": t.label("blurb", slug), "current": current})
    return {"settings": settings, "pages": listing, "tables": tables}


def tables_index_sheet(ctx: Ctx) -> dict[str, Any]:
    t = ctx.t
    rows = []
    for tid, tb in visible_tables(ctx.campaign, ctx.audience).items():
        spec = parse_dice(tb.roll_dice)
        row = [f"[{inert(tb.name)}]({tid}.md)", ctx.f.die(spec.sides, spec.count),
               str(len(tb.rows))]
        if ctx.audience == Audience.GM:
            row.append(t.label("audience_short", tb.audience))
        rows.append(tuple(row))
    headers = [t.gettext("Table"), t.pgettext("rules reference", "Dice"), t.gettext("Rows")]
    if ctx.audience == Audience.GM:
        headers.append(t.gettext("For"))
    return {"listing": table("tables", headers, rows, "lccc"[:len(headers)])}


def gm_screen_sheet(ctx: Ctx, system: str) -> dict[str, Any]:
    """Everything the GM screen shows for ``system`` (d20, brp or bsh)."""
    t, f = ctx.t, ctx.f
    terrain = table(
        "screen-terrain", [t.gettext("Terrain"), t.gettext("Hwy"), t.gettext("Road"),
                           t.gettext("Off"), t.gettext("Nav"),
                           t.pgettext("GM screen, short", "Forage")],
        [(ctx.terrain_name(r), f.mult(r.highway), f.mult(r.road), f.mult(r.trackless),
          nav_dc_cell(ctx, r), str(r.forage_dc)) for r in ctx.passable_terrain()], "lccccc")
    hustle = table("screen-hustle", [t.gettext("Hustled hour"), *[str(h) for h in range(1, 7)]],
                   [(t.gettext("Damage"), *[str(hustle_damage(h)) for h in range(1, 7)])],
                   "c" * 7, ("compact",))
    vis = table("screen-visibility", [t.gettext("Visibility"), t.gettext("Perception")],
                [(t.label("sight", v.id), t.gettext("cannot see") if v.blind else
                  f.bonus_die(-v.perception) if v.perception else "—") for v in D.VISIBILITY],
                "lc")
    cover = table("screen-cover", [t.gettext("Cover"), t.gettext("Attacks against")],
                  [(t.label("cover", c.id), f.bonus_die(-c.penalty)) for c in D.COVER], "lc")
    sys_ctx = dataclasses.replace(ctx, campaign=dataclasses.replace(
        ctx.campaign, rules=ctx.campaign.rules.model_copy(update={"checks": system})))
    return {
        "system": system,
        "screen": {"terrain": terrain, "hustle": hustle, "visibility": vis, "cover": cover},
        "travel": travel_sheet(sys_ctx), "nav": navigation_sheet(sys_ctx),
        "progress": hex_progress_sheet(sys_ctx), "lost": getting_lost_sheet(sys_ctx),
        "enc": encounters_sheet(sys_ctx), "d20": d20_sheet(sys_ctx), "brp": brp_sheet(sys_ctx),
        "bsh": bsh_sheet(sys_ctx), "mods": modifiers_sheet(sys_ctx),
        "chase": chases_sheet(sys_ctx),
    }
