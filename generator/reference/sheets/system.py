"""The procedure's checks in the campaign's check system (rules.md section 8): what a sheet
says where the procedure speaks d20 (a DC, a Constitution check, a result beating the DC).

Each phrase is asked of the engine's own functions (``brp_chance``, ``bsh_band``,
``chase_model``; ``fatigue.fed_by`` counts the fed), so a sheet under ``checks: brp`` or
``checks: bsh`` says what the replay does in that system's terms, never a DC or an
advantage the system lacks.
"""

from __future__ import annotations

from generator.reference.sheets.base import Ctx
from generator.rules import chase_model as CH
from generator.rules import checks as C


def system_of(ctx: Ctx) -> str:
    return ctx.campaign.rules.checks


def con_check(ctx: Ctx, dc: int) -> str:
    """A Constitution check against ``dc``: ``Constitution DC 10`` (d20), ``Easy: CON × 10%``
    (brp, CON × 5 % through the DC's band), ``roll under CON, advantage`` (bsh)."""
    t = ctx.t
    system = system_of(ctx)
    if system == "brp":
        _, band = C.brp_chance(1, dc)
        rule = {"easy": t.gettext("CON × 10%%"), "normal": t.gettext("CON × 5%%"),
                "hard": t.gettext("CON × 5%% ÷ 2, rounded up")}[band]
        return t.gettext("%(band)s: %(rule)s", band=t.label("brp_band", band), rule=rule)
    if system == "bsh":
        return bsh_roll(ctx, t.gettext("roll under CON"), dc)
    return t.gettext("Constitution %(dc)s", dc=ctx.dc(dc))


def bsh_roll(ctx: Ctx, what: str, dc: int) -> str:
    """A roll under an attribute with the advantage or disadvantage of the DC's band."""
    t = ctx.t
    band = C.bsh_band(dc)
    if band > 0:
        return t.gettext("%(what)s, with advantage", what=what)
    if band < 0:
        return t.gettext("%(what)s, with disadvantage", what=what)
    return what


def forage_rule(ctx: Ctx, poor: str, step: int) -> str:
    """How a forage check feeds the party, as ``fatigue.fed_by`` counts it."""
    t = ctx.t
    system = system_of(ctx)
    if system == "brp":
        return t.gettext(
            "While foraging (half speed) the party may make one Survival roll a day, at the "
            "chance the forage DC of the hex gives (Easy, Normal or Hard; %(poor)s to the DC in "
            "poor visibility). A success feeds one member for a day; a special or critical "
            "success feeds one more.", poor=poor)
    if system == "bsh":
        return t.gettext(
            "While foraging (half speed) the party may make one Survival roll a day, under the "
            "attribute, with advantage where the forage DC of the hex is %(easy)s or less and "
            "disadvantage where it is %(hard)s or more (%(poor)s to the DC in poor visibility). "
            "A success feeds one member for a day; a critical success (a 1) feeds one more.",
            poor=poor, easy=C.BSH_ADVANTAGE_MAX_DC, hard=C.BSH_DISADVANTAGE_MIN_DC)
    return t.gettext(
        "While foraging (half speed) the party may make one Survival check a day against the "
        "forage DC of the hex (%(poor)s in poor visibility). Success feeds one member for a day, "
        "plus one more for every %(step)s points by which the result beats the DC.",
        poor=poor, step=step)


def free_dashes(ctx: Ctx) -> str:
    """How many Dashes are free: the modifier under d20, computed from the score elsewhere."""
    t = ctx.t
    if system_of(ctx) == "d20":
        return t.gettext("%(n)s + Con modifier", n=CH.FREE_DASHES_BASE)
    return t.gettext("%(n)s + (CON − 10) ÷ 2, rounded down", n=CH.FREE_DASHES_BASE)


def stealth_roll(ctx: Ctx) -> str:
    """The quarry's escape roll: Stealth against the pursuers' best passive Perception."""
    t = ctx.t
    n = CH.STEALTH_BEATS_PASSIVE
    system = system_of(ctx)
    if system == "brp":
        return t.gettext("Stealth %%, at the difficulty of the pursuers' best passive "
                         "Perception + %(n)s taken as the DC", n=n)
    if system == "bsh":
        return t.gettext("roll under Stealth; the pursuers' best passive Perception + %(n)s, "
                         "taken as the DC, gives advantage or disadvantage", n=n)
    return t.gettext("Stealth beats the best passive Perception (DC = it + %(n)s)", n=n)


def chase_box(ctx: Ctx, half: int, drop: int, die: str, span: str) -> str:
    """The GM screen's chase panel in the campaign's system."""
    t = ctx.t
    return t.gettext(
        "Everyone Dashes. Free Dashes: %(free)s. Each further Dash: %(con)s; a failure is "
        "1 exhaustion (%(half)s+: half speed; %(drop)s: out). End of turn %(die)s: %(range)s = "
        "complication, the next in initiative moves at half speed. End of round: %(stealth)s; "
        "never out of sight = fail.",
        free=free_dashes(ctx), con=con_check(ctx, CH.CON_CHECK_DC), half=half, drop=drop,
        die=die, range=span, stealth=stealth_roll(ctx))
