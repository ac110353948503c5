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
from generator.content.sessionlog import Expect
from generator.diagnostics import N_, Diagnostics, Text, typed
from generator.rules.chronicle import Chronicle, WatchRecord


def mismatches(ex: Expect, w: WatchRecord) -> list[Text]:
    """What the watch record says otherwise, one phrase per expectation that fails (the
    values as the log writes them: hex labels, ids, ``true``/``false``)."""
    out: list[Text] = []
    if ex.hex is not None and ex.hex != w.end_hex:
        out.append(N_("hex %(hex)s, but the party ends the watch in %(end)s", hex=ex.hex,
                      end=w.end_hex))
    if ex.believed is not None and ex.believed != w.believed_hex:
        out.append(N_("believed %(hex)s, but the party believes %(believed)s", hex=ex.believed,
                      believed=w.believed_hex or N_("nothing (it knows it is lost)")))
    if ex.lost is not None and ex.lost != w.lost:
        out.append(N_("lost: %(expected)s, but the replay has lost: %(got)s",
                      expected=_word(ex.lost), got=_word(w.lost)))
    if ex.knows_lost is not None and ex.knows_lost != w.knows_lost:
        out.append(N_("knows_lost: %(expected)s, but the replay has knows_lost: %(got)s",
                      expected=_word(ex.knows_lost), got=_word(w.knows_lost)))
    if ex.veer is not None and ex.veer != w.veer:
        out.append(N_("veer %(expected)s, but the replay has veer %(got)s", expected=ex.veer,
                      got=w.veer))
    missing = [lid for lid in ex.found if lid not in w.discovered]
    if missing:
        out.append(N_("found %(expected)s, but the watch finds %(got)s",
                      expected=typed(missing),
                      got=typed(w.discovered) or N_("nothing new")))
    if ex.entered is not None and list(ex.entered) != w.hexes_entered:
        out.append(N_("entered %(expected)s, but the party enters %(got)s",
                      expected=", ".join(ex.entered) or N_("no hex"),
                      got=", ".join(w.hexes_entered) or N_("no hex")))
    return out


def _word(value: bool) -> str:
    return "true" if value else "false"


def _joined(parts: list[Text]) -> Text:
    """Phrases joined with ``; ``."""
    joined = parts[0]
    for part in parts[1:]:
        joined = N_("%(first)s; %(then)s", first=joined, then=part)
    return joined


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
                why = N_("the seeded generator rolled %(rolls)s; record the rolls made at the "
                         "table in this entry's 'rolls:', or let 'hexcrawl settle' find the "
                         "dice that give it (where none can, it names the rule in the way; a "
                         "ruling then records what the table decided, %(doc)s)",
                         rolls=", ".join(seeded), doc="docs/format.md#rulings")
            else:
                why = N_("every roll of the entry is recorded, so the log itself says "
                         "otherwise; if the table decided so, record a ruling (%(doc)s)",
                         doc="docs/format.md#rulings")
            diags.error(session.entry_pos(i, "expect"),
                        N_("expected %(wrong)s (%(why)s)", wrong=_joined(wrong), why=why))
