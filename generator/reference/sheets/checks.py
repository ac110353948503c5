"""The sheets of the check systems: d20 (seed 004), BRP (seed 002) and Black Sword Hack
(seed 001); rules.md sections 8 and 9.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

from generator.content.campaign import Campaign
from generator.content.models import Member
from generator.reference import data as D
from generator.reference.fmt import DASH, MINUS
from generator.reference.sheets.base import Ctx, table
from generator.rules import checks as C
from generator.rules import resources as R

# ---------------------------------------------------------------------------------------------
# d20 (seed 004 "degrees of success", "advantage"; rules.md section 8)


def d20_bands(dc: int = 15, natural: int = 10) -> dict[str, tuple[int, int]]:
    """Total - DC offsets of each degree (without a natural 1 or 20), asked of d20_degree."""
    out: dict[str, tuple[int, int]] = {}
    for total in range(dc - 40, dc + 41):
        degree = C.d20_degree(natural, total, dc)
        k = total - dc
        lo, hi = out.get(degree, (k, k))
        out[degree] = (min(lo, k), max(hi, k))
    return out


def d20_sheet(ctx: Ctx) -> dict[str, Any]:
    t, f = ctx.t, ctx.f
    bands = d20_bands()
    dc = ctx.dc()

    def offset(k: int) -> str:
        return dc if k == 0 else f"{dc} {'+' if k > 0 else MINUS} {abs(k)}"

    order = list(reversed(C.D20_OUTCOMES))
    rows = []
    for degree in order:
        lo, hi = bands[degree]
        if degree == order[0]:
            cell = t.gettext("%(x)s or more", x=offset(lo))
        elif degree == order[-1]:
            cell = t.gettext("%(x)s or less", x=offset(hi))
        else:
            cell = f"{offset(lo)} {DASH} {offset(hi)}"
        rows.append((cell, t.label("degree", degree)))
    degrees = table("d20-degrees", [t.gettext("Total"), t.gettext("Degree")], rows, "ll")
    shift_rows = []
    for degree in order:
        lo, hi = bands[degree]
        probe = max(lo, -15) + 15  # a total inside the band, DC 15
        shift_rows.append((t.label("degree", degree),
                           t.label("degree", C.d20_degree(20, probe, 15)),
                           t.label("degree", C.d20_degree(1, probe, 15))))
    shifts = table("d20-naturals", [t.gettext("Degree"), t.gettext("with a natural 20"),
                                    t.gettext("with a natural 1")],
                   shift_rows, "lll")
    ladder = table(
        "scaled-advantage", [t.gettext("Net"), t.gettext("Advantages"), t.gettext("Disadvantages"),
                             t.gettext("Average")],
        [(str(n), f.bonus_die(s), f.bonus_die(-s), f.num(Fraction(s + 1, 2)))
         for n, s in sorted(C.SCALED_ADVANTAGE_DICE.items())], "cccc")
    return {"degrees": degrees, "shifts": shifts, "ladder": ladder,
            "advantage": ctx.campaign.rules.advantage, "max": max(C.SCALED_ADVANTAGE_DICE),
            "crit_margin": bands["critical_success"][0],
            "example_adv": 2, "example_die": f.die(C.SCALED_ADVANTAGE_DICE[2], 1)}


# ---------------------------------------------------------------------------------------------
# BRP (seed 002; rules.md section 8)


def brp_bands() -> list[tuple[str, int, int]]:
    """(difficulty, lowest DC, highest DC) as brp_chance assigns them, for DCs 1-40."""
    out: list[tuple[str, int, int]] = []
    for dc in range(1, 41):
        _, band = C.brp_chance(50, dc)
        if out and out[-1][0] == band:
            out[-1] = (band, out[-1][1], dc)
        else:
            out.append((band, dc, dc))
    return out


def brp_success_max(chance: int) -> int:
    """The highest d100 roll that succeeds at ``chance`` (asked of brp_outcome)."""
    return max(r for r in range(1, 101) if C.brp_outcome(r, chance) in C.SUCCESSES)


def brp_sheet(ctx: Ctx) -> dict[str, Any]:
    t, f = ctx.t, ctx.f
    example = 45
    band_rows = []
    bands = brp_bands()
    for band, lo, hi in bands:
        if band == bands[0][0]:
            dcs = t.gettext("%(dc)s %(n)s or less", dc=ctx.dc(), n=hi)
        elif band == bands[-1][0]:
            dcs = t.gettext("%(dc)s %(n)s or more", dc=ctx.dc(), n=lo)
        else:
            dcs = f"{ctx.dc()} {f.span(lo, hi)}"
        chance, _ = C.brp_chance(example, lo)
        band_rows.append((t.label("brp_band", band), dcs, t.label("brp_band_rule", band),
                          f.pct(chance)))
    difficulty = table("brp-difficulty", [t.gettext("Difficulty"), t.gettext("Procedure DC"),
                                          t.gettext("Chance"),
                                          t.gettext("Skill %(n)s%%", n=example)],
                       band_rows, "lllc")
    rows = []
    for lo, hi, crit, special, fumble in C.BRP_TABLE:
        s_lo, s_hi = brp_success_max(lo), brp_success_max(hi)
        success_cell = f.span(1, s_lo, d100=True) if s_lo == s_hi else t.gettext("up to the chance")
        rows.append((f.span(lo, hi), f.span(1, crit, d100=True),
                     f.span(1, special, d100=True), success_cell,
                     f.span(fumble, 100, d100=True)))
    rows.append((t.gettext("over 100"),
                 t.gettext("%(part)s of the chance, rounded up", part="1/20"),
                 t.gettext("%(part)s of the chance, rounded up", part="1/5"),
                 f.span(1, brp_success_max(150), d100=True), f.span(100, 100, d100=True)))
    success = table("brp-success",
                    [t.gettext("Chance"), t.gettext("Critical"), t.gettext("Special"),
                                    t.gettext("Success"), t.gettext("Fumble")], rows, "ccccc",
                    ("compact",))
    short = table("brp-success-short",
                  [t.gettext("Chance"), t.gettext("Critical"), t.gettext("Special"),
                                        t.gettext("Fumble")],
                  [(r[0], r[1], r[2], r[4]) for r in rows], "cccc", ("compact",))
    lo_span, hi_span = D.BRP_RESISTANCE_SPAN
    span = range(lo_span, hi_span + 1)

    def cell(active: int, passive: int) -> str:
        chance = C.resistance_chance(active, passive)
        return "✓" if chance >= 100 else "✗" if chance <= 0 else str(chance)

    grid = table("brp-resistance",
                 [t.gettext("P \\ A"), *[str(a) for a in span]],
                 [(str(p), *[cell(a, p) for a in span]) for p in span],
                 "c" * (len(span) + 1), ("grid",))
    diffs = list(range(-10, 11))

    def diff_cell(d: int) -> str:
        return f.signed(d) if abs(d) < 10 else (f"≤{MINUS}10" if d < 0 else "≥+10")

    def diff_chance(d: int) -> str:
        return cell(10 + d, 10)

    resist_low = table("brp-resistance-diff-low",
                       [t.gettext("A − P"), *[diff_cell(d) for d in diffs[:11]]],
                       [("%", *[diff_chance(d) for d in diffs[:11]])], "c" * 12, ("compact",))
    resist_high = table("brp-resistance-diff-high",
                        [t.gettext("A − P"), *[diff_cell(d) for d in diffs[11:]]],
                        [("%", *[diff_chance(d) for d in diffs[11:]])], "c" * 11,
                        ("compact",))
    opposed_rows = []
    for a, b in itertools.combinations_with_replacement(D.BRP_LEVELS, 2):
        ra, rb = D.brp_opposed(a, b)
        opposed_rows.append((t.label("brp_level", a), t.label("brp_level", b),
                             t.label("brp_level", ra) + " / " + t.label("brp_level", rb)))
    opposed = table("brp-opposed",
                    [t.gettext("One side"), t.gettext("The other"), t.gettext("Become")],
                    opposed_rows, "lll")
    return {"difficulty": difficulty, "success": success, "success_short": short,
            "resistance": grid,
            "resist_low": resist_low, "resist_high": resist_high, "opposed": opposed,
            "per": C.BRP_POINTS_PER_BONUS, "always": C.BRP_ALWAYS_SUCCEEDS,
            "never": f.span(C.BRP_ALWAYS_FAILS, 100, d100=True),
            "exp_die": f.die(D.BRP_EXPERIENCE_DIE, 1)}


# ---------------------------------------------------------------------------------------------
# Black Sword Hack (seed 001; rules.md sections 8 and 9)


def bsh_outcome_rows(attribute: int) -> list[tuple[int, int, str]]:
    """(low roll, high roll, outcome) of a d20 against ``attribute``, asked of bsh_outcome."""
    out: list[tuple[int, int, str]] = []
    for roll in range(1, 21):
        outcome = C.bsh_outcome(roll, attribute)
        if out and out[-1][2] == outcome:
            out[-1] = (out[-1][0], roll, outcome)
        else:
            out.append((roll, roll, outcome))
    return out


def group_needed(members: int) -> int:
    return min(s for s in range(0, members + 1) if C.bsh_group_success(s, members))


def doom_default(campaign: Campaign) -> str:
    """The doom die a member gets under bsh when nothing else is set (asked of the engine)."""
    bsh = campaign.rules.model_copy(update={"checks": "bsh"})
    return R.doom_die_of(Member(name="-"), bsh) or "d6"


def bsh_sheet(ctx: Ctx) -> dict[str, Any]:
    t, f = ctx.t, ctx.f
    a = t.gettext("A")
    attribute = 12
    rows = []
    for lo, hi, outcome in bsh_outcome_rows(attribute):

        def rel(v: int) -> str:
            k = v - attribute
            if k == 0:
                return a
            if abs(k) <= 3:
                return f"{a} {'+' if k > 0 else MINUS} {abs(k)}"
            return str(v)

        cell = rel(lo) if lo == hi else f"{rel(lo)} … {rel(hi)}"
        rows.append((cell, t.label("bsh_outcome", outcome)))
    outcomes = table("bsh-outcomes", [f.die(20, 1), t.gettext("Result")], rows, "cl")
    adv = table(
        "bsh-advantage", [t.gettext("Procedure DC"), t.gettext("Roll")],
        [
            (t.gettext("%(dc)s %(n)s or less", dc=ctx.dc(), n=C.BSH_ADVANTAGE_MAX_DC),
             t.gettext("advantage: two d20, the player picks")),
            (f"{ctx.dc()} {f.span(C.BSH_ADVANTAGE_MAX_DC + 1, C.BSH_DISADVANTAGE_MIN_DC - 1)}",
             t.gettext("one d20")),
            (t.gettext("%(dc)s %(n)s or more", dc=ctx.dc(), n=C.BSH_DISADVANTAGE_MIN_DC),
             t.gettext("disadvantage: two d20, the GM picks")),
        ], "ll")
    group = table("bsh-group",
                  [t.pgettext("party size", "Members"), *[str(m) for m in range(1, 9)]],
                  [(t.gettext("Successes needed"), *[str(group_needed(m)) for m in range(1, 9)])],
                  "c" * 9, ("compact",))
    usage = table(
        "usage-dice", [t.pgettext("rules reference", "Die"), t.gettext("Steps down per roll"),
                       t.gettext("Uses (book)"),
                       t.gettext("Uses (computed)"), t.gettext("Then")],
        [(f.die(s), f.pct(Fraction(R.STEP_DOWN_MAX * 100, s), 0),
          str(R.EXPECTED_USES_SEED[s]), f.num(R.expected_uses(s), 1),
          f.die(R.step_down(s)) if R.step_down(s) else t.pgettext("usage die", "exhausted"))
         for s in R.LADDER], "ccccc")
    return {"outcomes": outcomes, "advantage": adv, "group": group, "usage": usage,
            "doom": ctx.f.die(int(doom_default(ctx.campaign).lstrip("d"))),
            "step": R.STEP_DOWN_MAX, "ladder": " > ".join(f.die(s) for s in R.LADDER)}
