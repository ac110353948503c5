"""Where the replay fails: the first log entry an error points into, so that ``hexcrawl
replay`` can show the replay up to and including it before the errors."""

from __future__ import annotations

from bisect import bisect_right

from generator.content.campaign import Campaign
from generator.diagnostics import Diagnostics


def first_failure(campaign: Campaign, diags: Diagnostics) -> tuple[int, int] | None:
    """(session number, log entry index) of the earliest error in log order (entry -1: the
    session's own keys, before its log); None when no error lies in a session log."""
    found: list[tuple[int, int]] = []
    by_path = {s.source: s for s in campaign.sessions}
    for d in diags.errors:
        session = by_path.get(d.pos.path)
        if session is None:
            continue
        starts = [session.entry_pos(i).line for i in range(len(session.log))]
        found.append((session.number, bisect_right(starts, d.pos.line) - 1))
    return min(found) if found else None
