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
from generator.diagnostics import N_, NN_, Phrased, Text
from generator.dice import Word
from generator.i18n import phrased
from generator.rules.chronicle import WatchRecord

#: Purposes that only a travel watch rolls.
TRAVEL_ONLY = ("navigation", "veer", "distance", "judge_distance", "realise")
#: Purposes of a re-orienting watch, by the method that rolls them.
REORIENT = {"reorient": "new_course", "north": "north", "north_face": "north",
            "backtrack": "backtrack", "misjudge": "backtrack"}


def _word(family: str, key: str) -> Phrased:
    """A purpose or an activity: as the GM types it in English, in the vocabulary's words in
    another language."""
    return phrased(Word(family, key), key)


def _rolled(watch: WatchRecord, purpose: str) -> list[str | None]:
    """The outcomes of the watch's rolls of one purpose."""
    return [r.outcome for r in watch.rolls if r.purpose == purpose]


def why_unused(purpose: str, used: int, watch: WatchRecord | None, entry: LogEntry,
               campaign: Campaign) -> Text:
    """What made the watch need no (more) roll of ``purpose``; ``used`` of the recorded ones
    were used. A message, translated where it is printed; ``purpose`` and the activity are
    the keys the GM typed (``rolls: {navigation: ...}``, ``- rest:``).

    >>> why_unused("veer", 0, None, LogEntry.model_validate({"note": "x"}), None).english()
    "a 'note' entry takes no watch and rolls no veer"
    """
    if used:
        return _used_only(purpose, used)
    if watch is None:
        return N_("a '%(action)s' entry takes no watch and rolls no %(purpose)s",
                  action=entry.action, purpose=_word("purpose", purpose))
    if purpose in TRAVEL_ONLY and watch.activity != "travel":
        return N_("a watch spent on %(activity)s rolls no %(purpose)s",
                  activity=_word("activity", watch.activity), purpose=_word("purpose", purpose))
    for why in (_travel, _encounter, _camp, _reorient):
        found = why(purpose, watch, entry, campaign)
        if found is not None:
            return found
    return N_("this watch (%(activity)s) rolled no %(purpose)s",
              activity=_word("activity", watch.activity), purpose=_word("purpose", purpose))


def _used_only(purpose: str, used: int) -> Text:
    if purpose == "encounter":
        return NN_("the watch made %(num)s encounter check (travel, rest and camp one, "
                   "exploring and search two, a search's target one more)",
                   "the watch made %(num)s encounter checks (travel, rest and camp one, "
                   "exploring and search two, a search's target one more)", used)
    if used == 1:
        return N_("the watch rolled %(purpose)s once only", purpose=_word("purpose", purpose))
    return NN_("the watch rolled %(purpose)s only %(num)s time",
               "the watch rolled %(purpose)s only %(num)s times", used,
               purpose=_word("purpose", purpose))


def _travel(purpose: str, watch: WatchRecord, entry: LogEntry, campaign: Campaign,
            ) -> Text | None:
    """Why a travel watch needed no roll of one of the travel purposes."""
    travel = entry.travel
    if purpose == "navigation":
        if travel is not None and (travel.follow or travel.landmark):
            how = "follow" if travel.follow else "landmark"
            return N_("a '%(how)s' watch needs no navigation check", how=how)
        return N_("the watch made no navigation check (it started in its target)")
    if purpose == "veer":
        if not _rolled(watch, "navigation"):
            return N_("the watch made no navigation check, so nothing could veer")
        return N_("the navigation check succeeded: only a party that gets lost rolls the "
                  "veer")
    if purpose in ("distance", "judge_distance"):
        if not campaign.rules.actual_distance:
            return N_("campaign.yaml's rules.actual_distance is off")
        return N_("the watch did not move")
    if purpose == "realise":
        if not watch.lost:
            return N_("the party was not lost at the end of the watch")
        return N_("the party already knew it was lost")
    return None


def _encounter(purpose: str, watch: WatchRecord, entry: LogEntry, campaign: Campaign,
               ) -> Text | None:
    """Why a watch needed no roll of an encounter's purposes."""
    travel = entry.travel
    if purpose == "encounter":
        return N_("the watch made no encounter check")
    if purpose in ("moment", "moment_minute"):
        return N_("no encounter came up in a watch that crossed hexes (the moment places "
                  "one in the hex the party was in at the time)")
    if purpose == "cautious":
        if travel is None or "cautious" not in travel.modes:
            return N_("the party was not travelling cautiously")
        return N_("no wandering encounter came up to cancel")
    if purpose in ("table", "encounter_distance", "reaction"):
        wandering = [e for e in watch.encounters if e.kind in ("wandering", "logged")
                     and not e.cancelled]
        if any(e.kind == "wandering" and e.table is None for e in wandering):
            return N_("the wandering encounter had no table to roll on (none for the hex, "
                      "its region, its terrain or the campaign: see 'tables' in "
                      "campaign.yaml)")
        if not wandering:
            return N_("no wandering encounter came up")
        if purpose == "table":
            return N_("the encounter's table was rolled already")
        if purpose == "encounter_distance":
            return N_("the table row rolled asks for no distance")
        return N_("the table row rolled asks for no reaction")
    return None


def _camp(purpose: str, watch: WatchRecord, entry: LogEntry, campaign: Campaign,
          ) -> Text | None:
    """Why a watch needed no foraging or forced-march roll."""
    if purpose == "forage":
        return N_("the party was not foraging")
    if purpose in ("march", "march_damage"):
        if purpose == "march_damage" and _rolled(watch, "march"):
            return N_("every march check succeeded")
        return N_("the party had not marched more than 8 hours since it last slept")
    return None


def _reorient(purpose: str, watch: WatchRecord, entry: LogEntry, campaign: Campaign,
              ) -> Text | None:
    """Why a watch needed no roll of a re-orienting method."""
    if purpose not in REORIENT:
        return None
    method = entry.reorient.method if entry.reorient is not None else None
    if method != REORIENT[purpose]:
        if method:
            return N_("only a 'reorient: {method: %(method)s}' watch rolls %(purpose)s (this "
                      "one is '%(this)s')", method=REORIENT[purpose],
                      purpose=_word("purpose", purpose), this=method)
        return N_("only a 'reorient: {method: %(method)s}' watch rolls %(purpose)s",
                  method=REORIENT[purpose], purpose=_word("purpose", purpose))
    if purpose == "north_face":
        return N_("the north check succeeded")
    if purpose == "misjudge":
        return N_("the backtrack check succeeded")
    return N_("the watch rolled no %(purpose)s", purpose=_word("purpose", purpose))


__all__ = ["why_unused"]
