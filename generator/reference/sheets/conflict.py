"""The sheets of visibility, range, cover and conditions (seed 004), chases and facing
(seed 003; rules.md section 10).
"""

from __future__ import annotations

from typing import Any

from generator.audience import Audience
from generator.dice import parse_dice
from generator.reference import data as D
from generator.reference import diagrams
from generator.reference.fmt import DASH
from generator.reference.sheets import system as S
from generator.reference.sheets.base import Ctx, MdTable, table
from generator.rules import chase_model as CH
from generator.rules import resources as R

# ---------------------------------------------------------------------------------------------
# visibility, range, cover, conditions (seed 004)


def modifiers_sheet(ctx: Ctx) -> dict[str, Any]:
    t, f = ctx.t, ctx.f
    vis_rows = []
    for v in D.VISIBILITY:
        perception = (t.gettext("cannot see") if v.blind else
                      f.bonus_die(-v.perception) if v.perception else "—")
        if v.blind:
            attacks = t.gettext("everyone is blinded to everyone, and unseen")
        elif v.attacks:
            attacks = "; ".join(t.gettext("%(die)s at %(ft)s ft or more", die=f.bonus_die(-die),
                                          ft=ft)
                                for ft, die in v.attacks)
        else:
            attacks = "—"
        vis_rows.append((t.label("sight", v.id), t.label("sight_example", v.id), perception,
                         attacks))
    visibility = table("visibility", [t.gettext("Visibility"), t.gettext("For example"),
                                      t.gettext("Perception"), t.gettext("Attacks")], vis_rows,
                       "llcl")
    ranges = table("range", [t.gettext("Range"), t.gettext("Distance"), t.gettext("Attack")],
                   [(t.label("range", r.id),
                     t.gettext("up to %(x)s normal range", x=f.mult(r.multiple)),
                     f.bonus_die(-r.penalty) if r.penalty else "—")
                    for r in D.RANGE_BANDS], "llc")
    cover = table("cover",
                  [t.gettext("Cover"), t.gettext("For example"), t.gettext("Attacks against")],
                  [(t.label("cover", c.id), t.label("cover_example", c.id), f.bonus_die(-c.penalty))
                   for c in D.COVER], "llc")
    actions = table("combat-actions", [t.gettext("Action"), t.pgettext("rules reference", "Die"),
                                       t.gettext("Effect")],
                    [(t.label("action", a.id), f.bonus_die(a.die),
                      t.label("action_text", a.id, max=D.HELP_MAX)) for a in D.COMBAT_ACTIONS],
                    "lcl")
    cond_rows = []
    for c in D.CONDITIONS:
        dice = {k: f.die(v, 1) for k, v in c.dice.items()}
        numbers = {f"{k}_n": str(v) for k, v in c.dice.items()}
        levels = "—" if c.levels == 1 else f.span(1, c.levels)
        cond_rows.append((t.label("condition", c.id), levels,
                          t.label("condition_text", c.id, **dice, **numbers,
                                  dmg=f"{f.die(D.LEVEL_DAMAGE_DICE[1], 1)}{DASH}"
                                      f"{f.die(D.LEVEL_DAMAGE_DICE[5], 1)}",
                                  dc=D.LEVELLED_DEFAULT_DC, base=D.LEVELLED_ATTACK_DC_BASE)))
    conditions = table("conditions",
                       [t.gettext("Condition"), t.gettext("Levels"), t.gettext("Effect")],
                       cond_rows, "lcl")
    level_dice = table("level-damage", [t.gettext("Level"), *[str(n) for n in D.LEVEL_DAMAGE_DICE]],
                       [(t.gettext("Damage"),
                         *[f.die(s, 1) for s in D.LEVEL_DAMAGE_DICE.values()])],
                       "c" * 6, ("compact",))
    return {"visibility": visibility, "range": ranges, "cover": cover, "actions": actions,
            "conditions": conditions, "level_dice": level_dice,
            "advantage": ctx.campaign.rules.advantage, "max": D.SCALED_MAX}


# ---------------------------------------------------------------------------------------------
# chases (seed 003; rules.md section 10)


def complication_rows(ctx: Ctx, environment: str) -> tuple[str, list[tuple[str, str]]]:
    """(source, rows) of a complication table: the campaign's ``chase-<env>`` table when it
    has one (the table the replay rolls on), else our own situations."""
    f = ctx.f
    tid = D.CHASE_TABLE_ID.format(environment=environment)
    own = ctx.campaign.tables.get(tid)
    if own is not None and (ctx.audience == Audience.GM or own.audience == Audience.PLAYERS):
        spec = parse_dice(own.roll_dice)
        d100 = spec.count == 1 and spec.sides == 100
        return "campaign", [(f.span(lo, hi, d100=d100), ctx.inline(row.result))
                            for (lo, hi), row in zip(own.ranges, own.rows, strict=False)]
    rows = [(str(i), ctx.t.label("complication", f"{environment}.{i}"))
            for i in range(1, D.COMPLICATION_COUNT + 1)]
    if D.COMPLICATION_COUNT < CH.COMPLICATION_MAX:
        rows.append((f.span(D.COMPLICATION_COUNT + 1, CH.COMPLICATION_MAX),
                     ctx.t.gettext("the GM's choice")))
    rows.append((f.span(CH.COMPLICATION_MAX + 1, CH.COMPLICATION_DIE),
                 ctx.t.gettext("no complication")))
    return "default", rows


def exhaustion_rows(ctx: Ctx) -> list[tuple[str, str]]:
    """What exhaustion does in a chase, asked of the engine: 5e's levels (seed 003), or with
    ``advantage: scaled`` seed 004's homebrew; and the doom die on a critical failure."""
    t, rules = ctx.t, ctx.campaign.rules
    if CH.scaled_exhaustion(rules.checks, rules.advantage):
        rows = [(t.gettext("Each of exhaustion levels 1–%(n)s", n=CH.SCALED_EXHAUSTION_LEVELS),
                 t.gettext("one disadvantage on Constitution and Stealth, −%(ft)s ft of speed",
                           ft=CH.SCALED_EXHAUSTION_SPEED_FT))]
    elif rules.checks == "brp":
        # Basic Roleplaying has no disadvantage: exhaustion only slows
        rows = [(t.gettext("Exhaustion that halves speed"),
                 t.gettext("level %(n)s+", n=CH.EXHAUSTION_HALF_SPEED))]
    else:
        rows = [(t.gettext("Exhaustion that hinders Constitution and Stealth"),
                 t.gettext("level %(n)s+", n=CH.EXHAUSTION_CHECK_DISADVANTAGE_LEVEL)),
                (t.gettext("Exhaustion that halves speed"),
                 t.gettext("level %(n)s+", n=CH.EXHAUSTION_HALF_SPEED))]
    if any(R.doom_die_of(m, rules) for m in ctx.campaign.party.members):
        if rules.checks == "brp":
            rows.append((t.gettext("A fumble on a chase roll"),
                         t.gettext("the doom die rolls (being doomed changes no roll: Basic "
                                   "Roleplaying has no disadvantage)")))
        else:
            rows.append((t.gettext("A critical failure on a chase check"),
                         t.gettext("the doom die rolls; doomed, every check has "
                                   "disadvantage")))
    return rows


def chases_sheet(ctx: Ctx) -> dict[str, Any]:
    t, f = ctx.t, ctx.f
    escape = table("escape-factors",
                   [t.gettext("The quarry's situation"), t.gettext("Stealth roll")],
                   [(t.label("escape", e.id),
                     t.gettext("advantage") if e.effect > 0 else t.gettext("disadvantage"))
                    for e in D.ESCAPE_FACTORS], "ll")
    comp: dict[str, MdTable] = {}
    sources: dict[str, str] = {}
    for env in CH.ENVIRONMENTS:
        source, rows = complication_rows(ctx, env)
        sources[env] = source
        comp[env] = table(f"complications-{env}", [f.die(CH.COMPLICATION_DIE, 1),
                                                   t.label("environment", env)], rows, "cl")
    comp_range = f.span(1, CH.COMPLICATION_MAX)
    comp_die = f.die(CH.COMPLICATION_DIE, 1)
    engine = table("chase-rules", [t.gettext("Rule"), t.gettext("Value")], [
        (t.gettext("Movement each turn (everyone Dashes)"),
         t.gettext("%(x)s speed", x=f.mult(CH.DASH_MULTIPLIER))),
        (t.gettext("Free Dashes"), S.free_dashes(ctx)),
        (t.gettext("Each further Dash"),
         t.gettext("%(check)s or 1 exhaustion", check=S.con_check(ctx, CH.CON_CHECK_DC))),
        *exhaustion_rows(ctx),
        (t.gettext("Exhaustion that drops out"),
         t.gettext("level %(n)s+", n=CH.EXHAUSTION_DROP_OUT)),
        (t.gettext("Complication"),
         t.gettext("%(range)s on %(die)s: the next participant moves at half speed",
                   range=comp_range, die=comp_die)),
        (t.gettext("Starting distance (unless given)"),
         f"{CH.DEFAULT_START_DISTANCE_FT} " + t.gettext("ft")),
        (t.gettext("Out of sight beyond"),
         t.gettext("%(urban)s ft in town, %(wild)s ft in the wild",
                   urban=CH.DEFAULT_SIGHT_FT["urban"], wild=CH.DEFAULT_SIGHT_FT["wilderness"])),
        (t.gettext("Escape"), S.stealth_roll(ctx)),
        (t.gettext("Pursuers give up after"),
         t.gettext("%(n)s rounds (unless given)", n=CH.DEFAULT_MAX_ROUNDS)),
    ], "ll")
    return {"escape": escape, "complications": comp, "sources": sources, "engine": engine,
            "free": CH.FREE_DASHES_BASE, "dash_dc": CH.CON_CHECK_DC,
            "drop": CH.EXHAUSTION_DROP_OUT, "half": CH.EXHAUSTION_HALF_SPEED,
            "comp_range": comp_range, "comp_die": comp_die,
            "table_ids": {env: D.CHASE_TABLE_ID.format(environment=env)
                          for env in CH.ENVIRONMENTS},
            "system": ctx.campaign.rules.checks,
            "free_text": S.free_dashes(ctx), "dash_check": S.con_check(ctx, CH.CON_CHECK_DC),
            "stealth_text": S.stealth_roll(ctx),
            "box": S.chase_box(ctx, CH.EXHAUSTION_HALF_SPEED, CH.EXHAUSTION_DROP_OUT, comp_die,
                               comp_range)}


# ---------------------------------------------------------------------------------------------
# facing (seed 003)


def facing_sheet(ctx: Ctx) -> dict[str, Any]:
    t = ctx.t
    names = {s: t.label("sector", s) for s in ("front", "side", "rear")}
    letters = {s: t.label("sector_letter", s) for s in ("front", "side", "rear")}
    squares = diagrams.facing_squares_svg(3, names, letters,
                                          t.gettext("Facing sectors on a square grid"))
    hexes = diagrams.facing_hexes_svg(3, names, letters, t.gettext("Facing sectors on a hex grid"))
    ties = table("facing-ties", [t.gettext("A cell…"), t.gettext("belongs to")],
                 [(t.gettext("with more than half in one sector"), t.gettext("that sector")),
                  (t.gettext("exactly half in the front"), names["front"]),
                  (t.gettext("split half side, half rear"), names["side"])], "ll")
    sectors = table("facing-sectors", [t.gettext("Sector"), t.gettext("The creature"),
                                       t.gettext("Attacks from there")],
                    [(names[s], t.label("sector_can", s), t.label("sector_attacked", s))
                     for s in ("front", "side", "rear")], "lll")
    return {"squares": squares, "hexes": hexes, "ties": ties, "sectors": sectors}
