"""Seeded rolls that changed the story: the dice the replay rolled itself (the log does not
record them) whose outcome put an event in the GM's record, an encounter, a failed or
critical check, damage, getting lost or realising it, a chase's turn, a usage die stepping
down. ``hexcrawl check`` warns about each one at its log entry, so that nothing the table
did not see passes unnoticed; ``--strict`` makes them errors for groups that log every die.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from generator.content.campaign import Campaign
from generator.diagnostics import N_, NN_, Diagnostics, Phrased, Pos, Text
from generator.dice import RollRecord, Word, said
from generator.i18n import phrased
from generator.rules.chronicle import Chronicle, EntryRoll, seeded_rolls

#: Outcomes of a check that change the story whatever the check was for.
_FAILED = frozenset({"failure", "critical_failure", "fumble"})
_CRITICAL = frozenset({"critical_success", "critical", "special"})

#: Checks whose success, not failure, is the event: realising one is lost.
_SUCCESS_IS_THE_EVENT = {"realise": N_("the party realises it is lost")}

#: What a failed check of a purpose means at the table.
_FAILED_MEANS = {
    "navigation": N_("the party gets lost"),
    "march": N_("a member takes forced-march damage"),
    "chase_con": N_("a member tires in the chase"),
    "stealth": N_("the chase's quarry is spotted"),
    "forage": N_("foraging finds nothing"),
    "reorient": N_("the party stays lost"),
    "backtrack": N_("the party cannot retrace its steps"),
}

#: Plain rolls (not checks) that decide an event, and what each one decided.
_DECIDES = {
    "table": N_("what the party meets (the table's row)"),
    "reaction": N_("how the creatures react"),
    "veer": N_("the way the lost party veers"),
    "north_face": N_("the face the lost party takes for north"),
    "misjudge": N_("how far the lost party misjudges its position"),
    "march_damage": N_("forced-march damage"),
    "complication": N_("a chase complication"),
}


@dataclass(frozen=True)
class StoryRoll:
    """A seeded roll and the event it caused."""

    at: EntryRoll
    caused: Text


def _purpose(purpose: str) -> Phrased:
    """A roll's purpose in the GM's words (its key as typed where the vocabulary has none)."""
    return phrased(Word("purpose", purpose), purpose)


def _outcome(roll: RollRecord) -> Phrased:
    """A roll's outcome in the GM's words."""
    outcome = roll.outcome or ""
    return phrased(Word("face_short" if roll.purpose == "north_face" else "outcome", outcome))


def story_event(roll: RollRecord) -> Text | None:
    """The event a roll put in the record, or None when its outcome changed nothing."""
    purpose, outcome = roll.purpose, roll.outcome or ""
    if purpose == "encounter":
        if outcome in ("", "nothing") or "cancelled" in outcome:
            return None
        if outcome == "target":
            return N_("a location's encounter")
        return N_("an encounter (%(outcome)s)", outcome=phrased(Word("outcome", outcome)))
    if purpose == "cautious":
        return N_("an encounter cancelled by caution") if outcome == "cancelled" else None
    if purpose in ("doom", "use"):
        return N_("a usage die steps down") if outcome == "steps down" else None
    if purpose == "complication":
        return _DECIDES[purpose] if outcome == "complication" else None
    if purpose in _DECIDES:
        if not outcome:
            return _DECIDES[purpose]
        return N_("%(event)s: %(outcome)s", event=_DECIDES[purpose],
                  outcome=_outcome(roll))
    if not roll.is_check:
        return None
    if purpose in _SUCCESS_IS_THE_EVENT:
        return _SUCCESS_IS_THE_EVENT[purpose] if outcome in ("success", *_CRITICAL) else None
    if outcome in _FAILED:
        what = _FAILED_MEANS.get(purpose) or N_("a failed %(purpose)s check",
                                                purpose=_purpose(purpose))
        return what if outcome == "failure" else N_("%(event)s (a critical failure)",
                                                     event=what)
    if outcome in _CRITICAL:
        return N_("a critical success on the %(purpose)s check", purpose=_purpose(purpose))
    return None


def story_rolls(chronicle: Chronicle) -> list[StoryRoll]:
    """Every seeded roll that caused an event, in log order."""
    out: list[StoryRoll] = []
    for row in seeded_rolls(chronicle):
        caused = story_event(row.roll)
        if caused is not None:
            out.append(StoryRoll(row, caused))
    return out


def _table_row(roll: RollRecord) -> Text:
    """What a table roll decided: the row of the table its detail names."""
    name = roll.detail.get("table") if roll.detail is not None else None
    if isinstance(name, str) and name:
        return N_("a row of %(table)s", table=name)
    return N_("a table's row")


def _one(story: StoryRoll) -> Text:
    """``navigation 3 (1d20 -> failure; Wren: Survival +7 vs DC 16): the party gets lost``."""
    roll = story.at.roll
    each = tuple(roll.dice_values) if len(roll.dice_values) > 1 else None
    inside: list[Text | Phrased] = [phrased(said("dice_rolled", dice=roll.dice, each=each))]
    if roll.outcome:
        inside = [N_("%(dice)s -> %(outcome)s", dice=inside[0],
                     outcome=_outcome(roll))]
    if roll.detail:
        inside.append(phrased(roll.detail))
    caused = _table_row(roll) if roll.purpose == "table" else story.caused
    return N_("%(purpose)s %(natural)s (%(how)s): %(caused)s", purpose=_purpose(roll.purpose),
              natural=roll.natural, how=_joined(inside), caused=caused)


def _joined(parts: Sequence[Text | Phrased]) -> Text | Phrased:
    """Messages one after the other, each translated."""
    if len(parts) == 1:
        return parts[0]
    return N_("%(first)s; %(rest)s", first=parts[0], rest=_joined(parts[1:]))


def _grouped(stories: list[StoryRoll]) -> Text | Phrased:
    """Many story rolls of one entry, by purpose: the values rolled and what they caused."""
    by_purpose: dict[str, list[StoryRoll]] = {}
    for story in stories:
        by_purpose.setdefault(story.at.roll.purpose, []).append(story)
    parts = []
    for purpose, group in by_purpose.items():
        values = ", ".join(str(s.at.roll.natural) for s in group)
        caused: list[Text | Phrased] = []
        for s in group:
            what = _table_row(s.at.roll) if purpose == "table" else _without_critical(s.caused)
            if what not in caused:
                caused.append(what)
        parts.append(N_("%(purpose)s %(values)s (%(caused)s)", purpose=_purpose(purpose),
                        values=values, caused=_joined(caused)))
    return _joined(parts)


def _without_critical(caused: Text) -> Text:
    """The event without "(a critical failure)": a group names each event once."""
    if caused.message == "%(event)s (a critical failure)":
        event = dict(caused.values)["event"]
        return event if isinstance(event, Text) else caused
    return caused


def flag_story_rolls(campaign: Campaign, chronicle: Chronicle, diags: Diagnostics,
                     strict: bool = False) -> int:
    """Add a positioned warning (with ``strict``, an error) to ``diags`` for each log entry
    whose seeded rolls changed the story, naming the rolls and what they caused; returns how
    many entries."""
    sessions = {s.number: s for s in campaign.sessions}
    by_entry: dict[tuple[int, int], list[StoryRoll]] = {}
    for story in story_rolls(chronicle):
        by_entry.setdefault((story.at.session, story.at.entry), []).append(story)
    for (number, entry), stories in by_entry.items():
        session = sessions.get(number)
        pos = session.entry_pos(entry) if session is not None else Pos("?")
        first = stories[0].at.roll
        if len(stories) == 1:
            message = N_("the table never rolled this: the seeded generator rolled %(roll)s. "
                         "Record the die the table rolled under this entry's rolls: (e.g. "
                         "'%(purpose)s: %(natural)s' keeps it)", roll=_one(stories[0]),
                         purpose=first.purpose, natural=first.natural)
        else:
            message = NN_("%(num)s roll the table never made changed the story here, rolled "
                          "by the seeded generator: %(rolls)s. Record the dice the table "
                          "rolled under this entry's rolls: (a list per purpose, e.g. "
                          "'%(purpose)s: [%(natural)s, ...]'); hexcrawl check --list-seeded "
                          "lists each roll",
                          "%(num)s rolls the table never made changed the story here, rolled "
                          "by the seeded generator: %(rolls)s. Record the dice the table "
                          "rolled under this entry's rolls: (a list per purpose, e.g. "
                          "'%(purpose)s: [%(natural)s, ...]'); hexcrawl check --list-seeded "
                          "lists each roll", len(stories), rolls=_grouped(stories),
                          purpose=first.purpose, natural=first.natural)
        (diags.error if strict else diags.warning)(pos, message)
    return len(by_entry)
