"""Why a watch did not need a roll the log recorded for it (rules.md section 5a: "a recorded
roll that the watch never uses is a warning").

The warning names the reason, read from the watch as the replay recorded it, so the GM can
tell a typo in ``rolls:`` from a watch that went otherwise than remembered: a wandering
result with no table to roll on, a navigation check that succeeded (so no veer), a party that
was not lost (so no realise check), a campaign with ``actual_distance`` off, and so on.
Pure: it reads the watch record, the log entry and the campaign's rules.
"""

from __future__ import annotations

from generator.content.campaign import Campaign
from generator.content.sessionlog import LogEntry
from generator.rules.chronicle import WatchRecord

#: Purposes that only a travel watch rolls.
TRAVEL_ONLY = ("navigation", "veer", "distance", "judge_distance", "realise")
#: Purposes of a re-orienting watch, by the method that rolls them.
REORIENT = {"reorient": "new_course", "north": "north", "north_face": "north",
            "backtrack": "backtrack", "misjudge": "backtrack"}


def _rolled(watch: WatchRecord, purpose: str) -> list[str | None]:
    """The outcomes of the watch's rolls of one purpose."""
    return [r.outcome for r in watch.rolls if r.purpose == purpose]


def why_unused(purpose: str, used: int, watch: WatchRecord | None, entry: LogEntry,
               campaign: Campaign) -> str:
    """What made the watch need no (more) roll of ``purpose``; ``used`` of the recorded ones
    were used."""
    if used and purpose == "encounter":
        return (f"the watch made {used} encounter check{'s' * (used != 1)} (travel, rest and "
                "camp one, exploring and search two, a search's target one more)")
    if used:
        return f"the watch rolled {purpose} {_times(used)} only"
    if watch is None:
        return f"a '{entry.action}' entry takes no watch and rolls no {purpose}"
    activity = watch.activity
    travel = entry.travel
    if purpose in TRAVEL_ONLY and activity != "travel":
        return f"a {activity} watch rolls no {purpose}"
    if purpose == "navigation":
        if travel is not None and (travel.follow or travel.landmark):
            how = "follow" if travel.follow else "landmark"
            return f"a '{how}' watch needs no navigation check"
        return "the watch made no navigation check (it started in its target)"
    if purpose == "veer":
        nav = _rolled(watch, "navigation")
        if not nav:
            return "the watch made no navigation check, so nothing could veer"
        return "the navigation check succeeded: only a party that gets lost rolls the veer"
    if purpose in ("distance", "judge_distance"):
        if not campaign.rules.actual_distance:
            return "campaign.yaml's rules.actual_distance is off"
        return "the watch did not move"
    if purpose == "realise":
        if not watch.lost:
            return "the party was not lost at the end of the watch"
        return "the party already knew it was lost"
    if purpose == "encounter":
        return "the watch made no encounter check"
    if purpose in ("moment", "moment_minute"):
        return ("no encounter came up in a watch that crossed hexes (the moment places one "
                "in the hex the party was in at the time)")
    if purpose == "cautious":
        if travel is None or "cautious" not in travel.modes:
            return "the party was not travelling cautiously"
        return "no wandering encounter came up to cancel"
    if purpose in ("table", "encounter_distance", "reaction"):
        wandering = [e for e in watch.encounters if e.kind in ("wandering", "logged")
                     and not e.cancelled]
        if any(e.kind == "wandering" and e.table is None for e in wandering):
            return ("the wandering encounter had no table to roll on (none for the hex, its "
                    "region, its terrain or the campaign: see 'tables' in campaign.yaml)")
        if not wandering:
            return "no wandering encounter came up"
        if purpose == "table":
            return "the encounter's table was rolled already"
        what = "distance" if purpose == "encounter_distance" else "reaction"
        return f"the table row rolled asks for no {what}"
    if purpose == "forage":
        return "the party was not foraging"
    if purpose in ("march", "march_damage"):
        if purpose == "march_damage" and _rolled(watch, "march"):
            return "every march check succeeded"
        return "the party had not marched more than 8 hours since it last slept"
    if purpose in REORIENT:
        method = entry.reorient.method if entry.reorient is not None else None
        if method != REORIENT[purpose]:
            return (f"only a 'reorient: {{method: {REORIENT[purpose]}}}' watch rolls "
                    f"{purpose}" + (f" (this one is '{method}')" if method else ""))
        if purpose == "north_face":
            return "the north check succeeded"
        if purpose == "misjudge":
            return "the backtrack check succeeded"
        return f"the watch rolled no {purpose}"
    return f"this {activity} watch rolled no {purpose}"


def _times(n: int) -> str:
    return "once" if n == 1 else "twice" if n == 2 else f"{n} times"


__all__ = ["why_unused"]
