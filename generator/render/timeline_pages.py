"""A long timeline in pages of TIMELINE_DAYS days each."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

#: Days on one page of the timeline once the campaign runs past this many: the timeline is
#: then an index of pages of TIMELINE_DAYS days each (days 1-30, 31-60, ...), so that no
#: page grows with the campaign and an edit to one session redraws one page, not all of it.
TIMELINE_DAYS = 30


@dataclass(frozen=True)
class TimelinePeriod:
    """One page of a long timeline: the in-world days ``first`` to ``last`` (fixed bounds,
    TIMELINE_DAYS apart; ``days`` holds those of them on which anything happened)."""

    first: int
    last: int
    path: str
    #: the days, as the templates see them (escaped), and where they sit in the timeline
    days: tuple[Any, ...]
    start: int
    stop: int
    #: the sessions played on these days, in order
    sessions: tuple[int, ...]
    #: places found and, for the GM, encounters on these days
    found: int
    encounters: int


def timeline_periods(days: Sequence[Any]) -> list[TimelinePeriod]:
    """The pages of a timeline of ``days`` (``DayView``s in order), or none when every day
    fits on one page (the first TIMELINE_DAYS days)."""
    if not days or days[-1].day <= TIMELINE_DAYS:
        return []
    groups: dict[int, list[int]] = {}
    for i, day in enumerate(days):
        groups.setdefault((day.day - 1) // TIMELINE_DAYS, []).append(i)
    periods: list[TimelinePeriod] = []
    for n, indices in groups.items():
        first, last = n * TIMELINE_DAYS + 1, (n + 1) * TIMELINE_DAYS
        shown = tuple(days[i] for i in indices)
        sessions = dict.fromkeys(s for day in shown for s in day.sessions)
        moments = [mo for day in shown for mo in day.moments]
        periods.append(TimelinePeriod(
            first=first, last=last, path=f"timeline/days-{first}-{last}.md", days=shown,
            start=indices[0], stop=indices[-1] + 1, sessions=tuple(sessions),
            found=sum(len(mo.locations) for mo in moments if mo.kind == "found"),
            encounters=sum(1 for mo in moments if mo.kind == "encounter")))
    return periods
