"""The rolls of a watch as the GM's session page writes them: the key rolls of the watch in
one cell of the page's watch table (``key_rolls``), and every roll in the compact table of the
watch's collapsed block (``roll_table``).

A roll the seeded generator made (the log did not record it) carries a marker, ``⚄``; one
whose outcome changed the story (``generator.replay.seeded.story_event``: an encounter, a
failed check, the way a lost party veers...) carries a stronger one, since the GM will want
to record the die the table rolled there. A roll's detail is what the engine said of it
(``generator.dice.Said``): phrased in the page's language and escaped here, like anything
else a roll holds. What each function gives a template is Markup of the page
(``PageMarkup``): written out as it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from generator.dice import RollRecord
from generator.i18n import NP_, Msg, Translator
from generator.knowledge import GMWatchView
from generator.knowledge.views import UsageEvent
from generator.render.environment import cell
from generator.render.escape import PageMarkup, text
from generator.replay.seeded import story_event

#: Rolls that are the decisions of a watch: always among its key rolls. Other rolls are key
#: only when they changed the story (a failed forced march, the veer of a lost party...).
ALWAYS_KEY = frozenset({"navigation", "encounter", "realise", "reorient", "backtrack",
                        "forage", "search"})

#: The short names of the rolls in the watch table (a purpose not here prints as itself).
SHORT: dict[str, Msg] = {
    "navigation": NP_("roll, short", "nav"),
    "encounter": NP_("roll, short", "enc"),
    "veer": NP_("roll, short", "veer"),
    "realise": NP_("roll, short", "realise"),
    "reorient": NP_("roll, short", "reorient"),
    "backtrack": NP_("roll, short", "backtrack"),
    "forage": NP_("roll, short", "forage"),
    "search": NP_("roll, short", "search"),
    "march": NP_("roll, short", "march"),
    "march_damage": NP_("roll, short", "damage"),
    "judge_distance": NP_("roll, short", "judge"),
    "table": NP_("roll, short", "table"),
    "reaction": NP_("roll, short", "reaction"),
    "chase_con": NP_("roll, short", "con"),
    "complication": NP_("roll, short", "compl."),
    "stealth": NP_("roll, short", "stealth"),
    "doom": NP_("roll, short", "doom"),
    "use": NP_("roll, short", "die"),
    "cautious": NP_("roll, short", "caution"),
    "north_face": NP_("roll, short", "north"),
    "misjudge": NP_("roll, short", "misjudge"),
}

#: Outcomes of a check written as a sign (the outcome's word stays in the roll's block). Each
#: success level has its own, so a BRP critical and a special are told apart at a glance.
SIGNS = {"success": "✓", "failure": "✗", "critical_success": "✓✓", "critical": "✓✓",
         "special": "✓+", "critical_failure": "✗✗", "fumble": "✗✗", "nothing": "–",
         "none": "–"}
#: The legend's order of the signs, best first, with the outcome each one stands for.
LEGEND = ("critical_success", "critical", "special", "success", "failure", "critical_failure",
          "fumble")
#: Rolls of a usage die: the watch table names the resource instead of the roll.
USAGE = frozenset({"use", "doom"})
#: Outcomes the roll's name says already (a complication roll that brings one).
SAID = frozenset({"complication"})
#: Rolls of one purpose in a row shown in the watch table before "+N more".
GROUP = 3


def _word(t: Translator, msg: Msg) -> str:
    return t.pgettext(msg.context, msg.message) if msg.context else t.gettext(msg.message)


def _outcome(t: Translator, roll: RollRecord) -> str:
    """The outcome of a roll in the watch table: a sign, a word, or nothing."""
    if not roll.outcome or roll.outcome in SAID:
        return ""
    sign = SIGNS.get(roll.outcome)
    if sign is not None:
        return "\u00a0" + sign  # a sign never wraps away from its number
    return " → " + str(text(t.label("outcome", roll.outcome, roll.outcome)))


def seeded_mark(t: Translator, roll: RollRecord) -> PageMarkup:
    """The marker of a seeded roll (HTML), stronger when it changed the story; "" for a roll
    made at the table."""
    if roll.recorded:
        return PageMarkup("")
    if story_event(roll) is not None:
        return PageMarkup('<span class="hx-seeded hx-story" title="' + t.gettext(
            "seeded, and it changed the story: record the die the table rolled")
                          + '">⚄ ' + t.gettext("seeded") + "</span>")
    return PageMarkup('<span class="hx-seeded">⚄ ' + t.gettext("seeded") + "</span>")


def _is_key(roll: RollRecord) -> bool:
    return roll.purpose in ALWAYS_KEY or story_event(roll) is not None


def key_rolls(t: Translator, rolls: Iterable[RollRecord]) -> PageMarkup:
    """The key rolls of a watch on one line of the watch table, e.g. ``nav 4 ✗ · veer 2 →
    1 face right · enc 7 –``: the rolls of one purpose share their name (the first
    ``GROUP`` of them shown, then how many more), seeded ones are marked (``hx-seeded``;
    ``hx-story`` when they changed the story)."""
    groups: dict[str, list[RollRecord]] = {}
    parts: list[str] = []
    for roll in rolls:
        if roll.purpose in USAGE:
            # a usage die is named by its resource: "Torches 1 → steps down"
            groups.setdefault(f"{roll.purpose}:{roll.detail!r}", []).append(roll)
        elif _is_key(roll):
            groups.setdefault(roll.purpose, []).append(roll)
    for group in groups.values():
        purpose = group[0].purpose
        msg = SHORT.get(purpose)
        name = _word(t, msg) if msg else str(text(purpose.replace("_", " ")))
        if purpose in USAGE and group[0].detail:
            name = str(text(t.said(group[0].detail)))
        values: list[str] = []
        for roll in group[:GROUP]:
            value = f"{roll.natural}{_outcome(t, roll)}"
            if not roll.recorded:
                story = " hx-story" if story_event(roll) is not None else ""
                value = f'<span class="hx-seeded{story}">⚄ {value}</span>'
            values.append(value)
        more = len(group) - GROUP
        if more > 0:
            values.append(t.gettext("+%(n)s more", n=more))
        parts.append(name + " " + ", ".join(values))
    return PageMarkup(" · ".join(parts))


def roll_table(t: Translator, rolls: Iterable[RollRecord]) -> PageMarkup:
    """The rows of the compact table of a watch's rolls in its block: the roll (and its
    seeded marker), ``dice = natural → total vs target``, the outcome, the detail (last,
    escaped)."""
    label = t.label
    versus = t.pgettext("a roll against its target", "vs")
    rows: list[str] = []
    for roll in rolls:
        dice = f"{text(t.dice(roll.dice))} = {roll.natural}"
        if len(roll.dice_values) > 1:
            dice += " (" + ", ".join(map(str, roll.dice_values)) + ")"
        if roll.total != roll.natural or roll.target is not None:
            dice += f" → {roll.total}"
        if roll.target is not None:
            dice += f" {versus} {roll.target}"
        outcome = ""
        if roll.outcome:
            sign = SIGNS.get(roll.outcome)
            outcome = (sign + " " if sign and sign != "–" else "") + str(
                text(label("outcome", roll.outcome, roll.outcome)))
        mark = seeded_mark(t, roll)
        detail = text(t.said(roll.detail))
        rows.append("".join((
            "| ", str(label("purpose", roll.purpose, roll.purpose)),
            " " + mark if mark else "", " | ", dice, " | ", outcome, " | ",
            cell(detail), " |")))
    return PageMarkup("\n".join(rows))


def outcome_legend(t: Translator, watches: Iterable[GMWatchView],
                   more: Iterable[RollRecord] = ()) -> PageMarkup:
    """The legend of the outcome signs the session's rolls use, e.g. ``✓✓ critical success ·
    ✓+ special success · ✓ success``: only the signs on the page, in the order of
    ``LEGEND`` (``more``: rolls outside the watches); "" when no roll has one."""
    seen = {roll.outcome for w in watches for roll in w.record.rolls}
    seen.update(roll.outcome for roll in more)
    parts: list[str] = []
    for outcome in LEGEND:
        part = SIGNS[outcome] + "\u00a0" + str(text(t.label("outcome", outcome)))
        if outcome in seen and part not in parts:
            parts.append(part)
    return PageMarkup(" · ".join(parts))


def resource_events(t: Translator, by_session: Mapping[int, Iterable[UsageEvent]],
                    session: int) -> dict[int, list[PageMarkup]]:
    """What the usage dice did to a session, by the index of the watch it happened in or
    followed (-1: before the first): a resource running out, a member becoming doomed.
    ``by_session``: the usage dice's events by session (``View.usage_events``)."""
    out: dict[int, list[PageMarkup]] = {}
    for res, e in by_session.get(session, ()):
        if e.after != "exhausted" or e.before == "exhausted":
            continue
        if res.doom:
            what = t.gettext("%(who)s is doomed", who=text(res.owner or ""))
        else:
            what = t.gettext("%(resource)s runs out", resource=text(res.name))
        out.setdefault(e.watch, []).append(PageMarkup(what))
    return out
