"""A long session's GM page in parts.

The GM's session page holds every watch: a row of the watch table and a collapsed block with
every roll. A session of a few hundred watches reads well on one page; one of thousands (a
season logged as one file) makes a page of tens of megabytes that no browser opens quickly
and that MkDocs converts for minutes. Past ``PART_WATCHES`` watches the session's page keeps
what is about the whole session (its maps, where it started and ended, warnings, rulings)
and lists its parts; each part is a page of whole days, with its own watch table and blocks,
linked to the parts before and after it and back to the session. A watch's anchor
(``#watch-N``, N counted from the session's start) is on its part's page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import cast

from generator.knowledge.views import GMSessionView, GMWatchView
from generator.render.paths import session_path
from generator.rules.chronicle import WatchRecord

#: A session with more watches than this is split; a part holds whole days up to this many
#: watches (a single longer day makes a part of its own).
PART_WATCHES = 300


@dataclass(frozen=True)
class SessionPart:
    """One page of a long session's watches: ``watches[start:stop]`` of the session."""

    number: int
    start: int
    stop: int
    first_day: int
    last_day: int
    miles: Fraction
    #: whether the party was lost before the part's first watch (its watch table marks
    #: getting lost and back on course against it)
    lost_before: bool
    path: str


def part_path(session: GMSessionView, number: int) -> str:
    """The docs path of part ``number`` of a session's GM page."""
    return f"{session_path(session).removesuffix('.md')}/part-{number}.md"


def _days(session: GMSessionView) -> list[tuple[int, int]]:
    """The (start, stop) watch indexes of each in-game day of the session, in order."""
    spans: list[tuple[int, int]] = []
    for i, watch in enumerate(session.watches):
        if spans and session.watches[spans[-1][0]].day == watch.day:
            spans[-1] = (spans[-1][0], i + 1)
        else:
            spans.append((i, i + 1))
    return spans


def _record(session: GMSessionView, index: int) -> WatchRecord:
    """The replay's record of watch ``index`` (0-based): a GM session's watches are the GM's."""
    return cast(GMWatchView, session.watches[index]).record


def _lost_after(session: GMSessionView, index: int) -> bool:
    """Whether the party was lost after watch ``index`` (0-based), the rulings that follow it
    included, as the watch table counts it."""
    lost: bool = _record(session, index).lost
    for ruling in session.record.rulings:
        if ruling.follows == session.watches[index].index:
            lost = ruling.after.lost
    return lost


def session_parts(session: GMSessionView) -> tuple[SessionPart, ...]:
    """The parts of a session's GM page: none when its watches fit on one page."""
    if len(session.watches) <= PART_WATCHES:
        return ()
    spans: list[tuple[int, int]] = []
    for start, stop in _days(session):
        if spans and stop - spans[-1][0] <= PART_WATCHES:
            spans[-1] = (spans[-1][0], stop)
        else:
            spans.append((start, stop))
    return tuple(
        SessionPart(
            number=n, start=start, stop=stop,
            first_day=session.watches[start].day, last_day=session.watches[stop - 1].day,
            miles=sum((_record(session, i).miles for i in range(start, stop)), Fraction(0)),
            lost_before=(session.record.start.lost if start == 0
                         else _lost_after(session, start - 1)),
            path=part_path(session, n))
        for n, (start, stop) in enumerate(spans, 1))


def watch_targets(session: GMSessionView,
                  parts: tuple[SessionPart, ...]) -> Callable[[int], str]:
    """``watch_target(n)`` for the templates: the docs target of watch ``n`` (counted from 1)
    of the session: its part's page and anchor, or the anchor on the session's own page."""
    def target(n: int) -> str:
        for part in parts:
            if part.start < n <= part.stop:
                return f"{part.path}#watch-{n}"
        return f"#watch-{n}"
    return target
