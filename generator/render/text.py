"""The replay as readable text for the terminal (``hexcrawl replay``)."""

from __future__ import annotations

from generator.content.campaign import Campaign
from generator.i18n import Translator
from generator.rules.chronicle import Chronicle, RulingRecord, TimePoint, WatchRecord, entry_rolls


def _state(p: TimePoint) -> str:
    lost = ("LOST (knows)" if p.knows_lost else "LOST") if p.lost else "not lost"
    return f"{p.hex}, believed {p.believed_hex or '?'}, {lost}"


def _ruling_lines(r: RulingRecord) -> list[str]:
    lines = [f"  ruling: {_state(r.before)} -> {_state(r.after)}"]
    if r.found:
        lines.append(f"       found: {', '.join(r.found)}")
    if r.note:
        lines.append(f"       note: {r.note}")
    return lines


def _outcome(t: Translator, outcome: str) -> str:
    """An outcome in the language's words (``critical_failure``: "critical failure")."""
    return t.label("outcome", outcome, outcome.replace("_", " "))


def _use_line(t: Translator, chronicle: Chronicle, rid: str, note: str) -> str:
    """A ``use`` entry's note, naming the resource (a doom die by its member)."""
    res = chronicle.resources.get(rid)
    if res is None:
        name = rid
    elif res.doom:
        name = t.gettext("Doom die of %(who)s", who=res.owner or "")
    else:
        name = res.name
    return "  " + t.gettext("use %(resource)s: %(note)s", resource=name, note=note)


def _watch_line(w: WatchRecord, t: Translator) -> list[str]:
    where = w.start_hex if w.start_hex == w.end_hex else f"{w.start_hex} -> {w.end_hex}"
    state = []
    if w.lost:
        state.append("LOST" + (" (knows)" if w.knows_lost else ""))
        if w.veer:
            state.append(f"veer {w.veer:+d}")
    believed = w.believed_hex if w.believed_hex is not None else "?"
    head = (f"  [{w.index:>2}] day {w.day} watch {w.watch}  {w.activity:<9} {where:<14} "
            f"believed {believed:<5} {' '.join(state)}")
    lines = [head.rstrip()]
    if w.said:
        lines.append(f"       {t.said(w.said)}")
    for r in w.rolls:
        rec = "recorded" if r.recorded else "seeded"
        target = f" vs {r.target}" if r.target is not None else ""
        outcome = f" -> {_outcome(t, r.outcome)}" if r.outcome else ""
        detail = f"  ({t.said(r.detail)})" if r.detail else ""
        lines.append(f"       {r.purpose:<16} {r.dice:<8} {r.natural:>3} = {r.total:<4}"
                     f"{target}{outcome}  [{rec}]{detail}")
    for e in w.encounters:
        what = e.result or (f"location {e.location}" if e.location else e.kind)
        extra = []
        if e.distance is not None:
            extra.append(f"distance {e.distance} ft")
        if e.reaction:
            extra.append(e.reaction)
        if e.cancelled:
            extra.append("cancelled by caution")
        lines.append(f"       encounter ({e.kind}): {what}"
                     + (f" [{', '.join(extra)}]" if extra else ""))
        if e.note:
            lines.append(f"         note: {e.note}")
        if e.tell:
            lines.append(f"         players are told: {e.tell}")
    for warning in w.warnings:
        lines.append(f"       warning: {t.text(warning)}")
    if w.note and w.activity not in ("encounter", "chase"):  # those print it above
        lines.append(f"       note: {w.note}")
    if w.tell:
        lines.append(f"       players are told: {w.tell}")
    for remark in w.gm_notes:
        lines.append(f"       gm: {remark}")
    return lines


def replay_text(campaign: Campaign, chronicle: Chronicle, session: int | None = None,
                stop: tuple[int, int] | None = None, t: Translator | None = None) -> str:
    """The replay, every watch of every session (or of ``session``); with ``stop``
    (session number, log entry), only up to and including that entry of that session: the
    entry that failed. ``t`` words outcomes and resources (the campaign's language by
    default)."""
    t = t or Translator(campaign.language)
    out = [f"{chronicle.campaign}"]
    for s in chronicle.sessions:
        if stop is not None and s.session > stop[0]:
            break
        if session is not None and s.session != session:
            continue
        last = stop[1] if stop is not None and s.session == stop[0] else None
        out.append("")
        out.append(f"Session {s.session}: {s.title}" + (f" ({s.date})" if s.date else ""))
        out.append(f"  start {s.start.hex}, day {s.start.day} watch {s.start.watch}; "
                   f"party: {', '.join(s.members)}")
        notes: dict[int, list[str]] = {}
        for after, text in s.notes:
            notes.setdefault(after, []).append(text)
        for text in notes.get(-1, []):
            out.append(f"  note: {text}")
        for text in s.gm_notes:
            out.append(f"  gm: {text}")
        uses: dict[int, list[str]] = {}
        for u in s.uses:
            uses.setdefault(u.after, []).append(_use_line(t, chronicle, u.resource, u.note))
        out.extend(uses.get(-1, []))
        rulings: dict[int, list[RulingRecord]] = {}
        for r in s.rulings:
            if last is None or r.entry <= last:
                rulings.setdefault(r.follows, []).append(r)
        for r in rulings.get(-1, []):
            out.extend(_ruling_lines(r))
        for w in s.watches:
            if last is not None and w.entry > last:
                break
            out.extend(_watch_line(w, t))
            if w.entry == last:
                break  # (what follows the failing watch in the log comes after it)
            for text in notes.get(w.index, []):
                out.append(f"  note: {text}")
            out.extend(uses.get(w.index, []))
            for r in rulings.get(w.index, []):
                out.extend(_ruling_lines(r))
        if last is not None:
            log = next((x for x in campaign.sessions if x.number == s.session), None)
            where = ""
            if log is not None and 0 <= last < len(log.log):
                at = log.entry_pos(last)
                where = f" ({at.path}:{at.line})"
            what = f"log entry {last + 1}{where}" if last >= 0 else "the start of the session"
            out.append(f"  the replay stops at {what}: see the errors")
            break
        end = s.end
        lost = " (lost)" if end.lost else ""
        out.append(f"  end {end.hex}{lost}, believed {end.believed_hex or '?'}, "
                   f"day {end.day} watch {end.watch}; found: "
                   f"{', '.join(s.discovered) or 'nothing new'}")
    return "\n".join(out)


def seeded_text(campaign: Campaign, chronicle: Chronicle, listing: bool = False,
                t: Translator | None = None) -> str:
    """``hexcrawl check``: per session, how many of its rolls (and checks) the replay made
    itself because the log does not record them; with ``listing`` each such roll, at its
    log entry (``file:line``), with its purpose and the value used; in the language of
    ``t`` (default: the campaign's)."""
    if not chronicle.sessions:
        return ""  # nothing logged yet: nothing to count
    t = t if t is not None else Translator(campaign.language)
    sessions = {s.number: s for s in campaign.sessions}
    rows = entry_rolls(chronicle)
    lines = [t.gettext("Rolls the replay made itself (not recorded in the logs):")]
    for rec in chronicle.sessions:
        mine = [r for r in rows if r.session == rec.session]
        seeded = [r for r in mine if not r.roll.recorded]
        checks = sum(r.roll.is_check for r in seeded)
        # "of N rolls" as one plural message: after "of" the count takes another case in
        # Russian and Ukrainian ("из 21 броска") than alone ("21 бросок")
        count = (t.ngettext("%(seeded)s of %(num)s roll (%(checks)s)",
                            "%(seeded)s of %(num)s rolls (%(checks)s)", len(mine),
                            seeded=len(seeded),
                            checks=t.ngettext("%(num)s check", "%(num)s checks", checks))
                 if seeded else t.ngettext("none of %(num)s roll", "none of %(num)s rolls",
                                           len(mine)))
        lines.append("  " + t.gettext("session %(n)s (%(title)s): %(count)s", n=rec.session,
                                      title=rec.title, count=count))
        if not listing:
            continue
        session = sessions.get(rec.session)
        for r in seeded:
            pos = session.entry_pos(r.entry) if session is not None else None
            where = f"{pos.path}:{pos.line}" if pos is not None else t.gettext(
                "entry %(n)s", n=r.entry + 1)
            roll = r.roll
            dice = f" {roll.dice_values}" if len(roll.dice_values) > 1 else ""
            # the purpose as the log's rolls: names it, for the GM to record it there
            what = (t.gettext("%(purpose)s check", purpose=roll.purpose) if roll.is_check
                    else t.gettext("%(purpose)s roll", purpose=roll.purpose))
            lines.append(f"    {where}: " + t.gettext("session %(n)s", n=rec.session)
                         + f", {what} {t.dice(roll.dice)} = {roll.natural}{dice}"
                         + (f" ({t.said(roll.detail)})" if roll.detail else ""))
    if not any(not r.roll.recorded for r in rows):
        pass  # every roll is recorded: nothing to list or to record
    elif listing:
        lines.append(t.gettext("Record a value under the entry's rolls: (for example "
                               "'navigation: 14') to keep it."))
    else:
        lines.append(t.gettext("hexcrawl check --list-seeded lists them."))
    return "\n".join(lines)
