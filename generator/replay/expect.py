"""Outcome assertions in session logs: ``expect:`` on an entry.

A GM who writes a log after the game remembers what happened ("we ended up in 0508, lost,
and found the cairn") but rarely every die. An entry may say so::

    - travel: {heading: NE}
      rolls: {navigation: 7}
      expect: {hex: "0508", lost: true, found: [cairn]}

After the replay, each expectation is compared with the entry's watch record. When they
disagree the build fails with an error at the entry that names the rolls the seeded
generator made for it: those are the dice to look up and record in ``rolls:`` (or to enter
through ``hexcrawl play``), or for ``hexcrawl settle`` to find (``generator.replay.settle``).
When every roll of the entry was recorded, the log itself says otherwise, and the error says
that instead.
"""

from __future__ import annotations

from generator.content.campaign import Campaign
from generator.content.models import Expect
from generator.diagnostics import Diagnostics
from generator.rules.chronicle import Chronicle, WatchRecord


def _word(value: bool) -> str:
    return "true" if value else "false"


def mismatches(ex: Expect, w: WatchRecord) -> list[str]:
    """What the watch record says otherwise, one phrase per expectation that fails."""
    out: list[str] = []
    if ex.hex is not None and ex.hex != w.end_hex:
        out.append(f"hex {ex.hex}, but the party ends the watch in {w.end_hex}")
    if ex.believed is not None and ex.believed != w.believed_hex:
        out.append(f"believed {ex.believed}, but the party believes "
                   f"{w.believed_hex or 'nothing (it knows it is lost)'}")
    if ex.lost is not None and ex.lost != w.lost:
        out.append(f"lost: {_word(ex.lost)}, but the replay has lost: {_word(w.lost)}")
    if ex.knows_lost is not None and ex.knows_lost != w.knows_lost:
        out.append(f"knows_lost: {_word(ex.knows_lost)}, but the replay has knows_lost: "
                   f"{_word(w.knows_lost)}")
    if ex.veer is not None and ex.veer != w.veer:
        out.append(f"veer {ex.veer}, but the replay has veer {w.veer}")
    missing = [lid for lid in ex.found if lid not in w.discovered]
    if missing:
        found = ", ".join(w.discovered) or "nothing new"
        out.append(f"found {', '.join(missing)}, but the watch finds {found}")
    if ex.entered is not None and list(ex.entered) != w.hexes_entered:
        out.append(f"entered {', '.join(ex.entered) or 'no hex'}, but the party enters "
                   f"{', '.join(w.hexes_entered) or 'no hex'}")
    return out


def check_expectations(campaign: Campaign, chronicle: Chronicle, diags: Diagnostics) -> None:
    """Report every ``expect:`` the replay contradicts, at the entry's ``expect`` key."""
    records = {rec.session: rec for rec in chronicle.sessions}
    for session in campaign.sessions:
        rec = records.get(session.number)
        if rec is None:
            continue
        watches = {w.entry: w for w in rec.watches}
        for i, entry in enumerate(session.log):
            if entry.expect is None or i not in watches:
                continue
            w = watches[i]
            wrong = mismatches(entry.expect, w)
            if not wrong:
                continue
            seeded = [f"{r.purpose} {r.natural}" for r in w.rolls if not r.recorded]
            if seeded:
                why = (f"the seeded generator rolled {', '.join(seeded)}; record the rolls "
                       f"made at the table in this entry's 'rolls:', or let 'hexcrawl "
                       f"settle' find the dice that give it (where none can, it names the "
                       f"rule in the way; a ruling then records what the table decided, "
                       f"docs/format.md#rulings)")
            else:
                why = ("every roll of the entry is recorded, so the log itself says "
                       "otherwise; if the table decided so, record a ruling "
                       "(docs/format.md#rulings)")
            diags.error(session.entry_pos(i, "expect"),
                        f"expected {'; '.join(wrong)} ({why})")
