"""Seeded rolls that changed the story: the dice the replay rolled itself (the log does not
record them) whose outcome put an event in the GM's record, an encounter, a failed or
critical check, damage, getting lost or realising it, a chase's turn, a usage die stepping
down. ``hexcrawl check`` warns about each one at its log entry, so that nothing the table
did not see passes unnoticed; ``--strict`` makes them errors for groups that log every die.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.content.campaign import Campaign
from generator.diagnostics import Diagnostics, Pos
from generator.dice import RollRecord
from generator.i18n import Translator
from generator.rules.chronicle import Chronicle, EntryRoll, seeded_rolls

#: Outcomes of a check that change the story whatever the check was for.
_FAILED = frozenset({"failure", "critical_failure", "fumble"})
_CRITICAL = frozenset({"critical_success", "critical", "special"})

#: Checks whose success, not failure, is the event: realising one is lost.
_SUCCESS_IS_THE_EVENT = {"realise": "the party realises it is lost"}

#: What a failed check of a purpose means at the table.
_FAILED_MEANS = {
    "navigation": "the party gets lost",
    "march": "a member takes forced-march damage",
    "chase_con": "a member tires in the chase",
    "stealth": "the chase's quarry is spotted",
    "forage": "foraging finds nothing",
    "reorient": "the party stays lost",
    "backtrack": "the party cannot retrace its steps",
}

#: Plain rolls (not checks) that decide an event, and what each one decided.
_DECIDES = {
    "table": "what the party meets (the table's row)",
    "reaction": "how the creatures react",
    "veer": "the way the lost party veers",
    "north_face": "the face the lost party takes for north",
    "misjudge": "how far the lost party misjudges its position",
    "march_damage": "forced-march damage",
    "complication": "a chase complication",
}


@dataclass(frozen=True)
class StoryRoll:
    """A seeded roll and the event it caused."""

    at: EntryRoll
    caused: str


def story_event(roll: RollRecord) -> str | None:
    """The event a roll put in the record, or None when its outcome changed nothing."""
    purpose, outcome = roll.purpose, roll.outcome or ""
    if purpose == "encounter":
        if outcome in ("", "nothing") or "cancelled" in outcome:
            return None
        return "a location's encounter" if outcome == "target" else f"an encounter ({outcome})"
    if purpose == "cautious":
        return "an encounter cancelled by caution" if outcome == "cancelled" else None
    if purpose in ("doom", "use"):
        return "a usage die steps down" if outcome == "steps down" else None
    if purpose == "complication":
        return _DECIDES[purpose] if outcome == "complication" else None
    if purpose in _DECIDES:
        return _DECIDES[purpose] + (f": {outcome}" if outcome else "")
    if not roll.is_check:
        return None
    if purpose in _SUCCESS_IS_THE_EVENT:
        return _SUCCESS_IS_THE_EVENT[purpose] if outcome in ("success", *_CRITICAL) else None
    if outcome in _FAILED:
        what = _FAILED_MEANS.get(purpose, f"a failed {purpose.replace('_', ' ')} check")
        return what + (" (a critical failure)" if outcome != "failure" else "")
    if outcome in _CRITICAL:
        return f"a critical success on the {purpose.replace('_', ' ')} check"
    return None


def story_rolls(chronicle: Chronicle) -> list[StoryRoll]:
    """Every seeded roll that caused an event, in log order."""
    out: list[StoryRoll] = []
    for row in seeded_rolls(chronicle):
        caused = story_event(row.roll)
        if caused is not None:
            out.append(StoryRoll(row, caused))
    return out


def _table_row(roll: RollRecord) -> str:
    """What a table roll decided: the row of the table its detail names."""
    name = roll.detail.get("table") if roll.detail is not None else None
    return f"a row of {name}" if isinstance(name, str) and name else "a table's row"


def _one(story: StoryRoll) -> str:
    roll = story.at.roll
    dice = f" {roll.dice_values}" if len(roll.dice_values) > 1 else ""
    outcome = f" -> {roll.outcome.replace('_', ' ')}" if roll.outcome else ""
    detail = f"; {Translator('en').said(roll.detail)}" if roll.detail else ""
    caused = _table_row(roll) if roll.purpose == "table" else story.caused
    return f"{roll.purpose} {roll.natural} ({roll.dice}{dice}{outcome}{detail}): {caused}"


def _grouped(stories: list[StoryRoll]) -> str:
    """Many story rolls of one entry, by purpose: the values rolled and what they caused."""
    by_purpose: dict[str, list[StoryRoll]] = {}
    for story in stories:
        by_purpose.setdefault(story.at.roll.purpose, []).append(story)
    parts = []
    for purpose, group in by_purpose.items():
        values = ", ".join(str(s.at.roll.natural) for s in group)
        caused = sorted({_table_row(s.at.roll) if purpose == "table"
                         else s.caused.removesuffix(" (a critical failure)") for s in group})
        parts.append(f"{purpose} {values} ({'; '.join(caused)})")
    return "; ".join(parts)


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
            message = (f"the table never rolled this: the seeded generator rolled "
                       f"{_one(stories[0])}. Record the die the table rolled under this "
                       f"entry's rolls: (e.g. '{first.purpose}: {first.natural}' keeps it)")
        else:
            message = (f"{len(stories)} rolls the table never made changed the story here, "
                       f"rolled by the seeded generator: {_grouped(stories)}. Record the dice "
                       f"the table rolled under this entry's rolls: (a list per purpose, e.g. "
                       f"'{first.purpose}: [{first.natural}, ...]'); hexcrawl check "
                       f"--list-seeded lists each roll")
        (diags.error if strict else diags.warning)(pos, message)
    return len(by_entry)
