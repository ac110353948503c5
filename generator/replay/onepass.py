"""One pass: the errors the replay finds, reported in the same run as the loader's.

The replay runs only on a campaign without errors, so a recorded roll outside its die (a
d20 ``navigation: 21``) would show up only after every loading error was fixed: a second
layer of errors. When loading found errors, ``replay_errors_despite`` replays what does not
depend on them, and keeps only the errors that cannot follow from them:

- nothing, when campaign.yaml itself had errors (its rules decide every die) or a session
  file could not be read (its number, so the order of the sessions, is unknown);
- the sessions in order, up to the first entry that has a loading error (a session starts
  where the previous one ended, so nothing after such an entry can be trusted);
- of what that replay reports, only recorded rolls outside their die's range, which depend
  on the roll's purpose and the check system alone.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from generator.content.campaign import Campaign, Session
from generator.diagnostics import Diagnostic, Diagnostics

#: Replay errors that no loading error can cause, by their ``kind``.
INDEPENDENT = frozenset({"roll_out_of_range"})


def _same_file(a: str, b: str) -> bool:
    return Path(a).resolve() == Path(b).resolve()


def trusted_sessions(campaign: Campaign, errors: list[Diagnostic]) -> list[Session]:
    """The sessions, in order, cut before the first entry a loading error touches."""
    kept: list[Session] = []
    for session in campaign.sessions:
        lines = [d.pos.line for d in errors if _same_file(d.pos.path, session.source)]
        if not lines:
            kept.append(session)
            continue
        first = min(lines)
        starts = [session.entry_pos(i).line for i in range(len(session.log))]
        # the entry holding the first error is the last whose start is not after it; an
        # error before the first entry (the session's party, say) keeps no entry at all
        holding = sum(1 for line in starts if line <= first) - 1
        if holding >= 0:
            kept.append(dataclasses.replace(session, log=session.log[:holding]))
        break
    return kept


def replay_errors_despite(campaign: Campaign | None, diags: Diagnostics,
                          trustworthy: bool) -> list[Diagnostic]:
    """The independent replay errors of a campaign that loaded with errors (see above)."""
    from generator.replay import replay

    if campaign is None or not trustworthy or not diags.has_errors():
        return []
    sessions = trusted_sessions(campaign, diags.errors)
    if not sessions:
        return []
    try:
        _, found = replay(dataclasses.replace(campaign, sessions=tuple(sessions)))
    except Exception:  # a campaign with errors may break what the replay relies on
        return []
    return [d for d in found.errors if d.kind in INDEPENDENT]


__all__ = ["replay_errors_despite", "trusted_sessions"]
