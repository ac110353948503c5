"""The replay as readable text for the terminal (``hexcrawl replay``)."""

from __future__ import annotations

from generator.content.campaign import Campaign
from generator.dice import RollRecord
from generator.i18n import Translator
from generator.rules.chronicle import (
    Chronicle,
    EncounterRecord,
    RulingRecord,
    SessionRecord,
    TimePoint,
    WatchRecord,
    entry_rolls,
)


def _lost(t: Translator, lost: bool, knows: bool) -> str:
    """``LOST``, ``LOST (knows)`` or ``not lost``, in the language of ``t``."""
    if not lost:
        return t.gettext("not lost")
    return t.gettext("LOST (knows)") if knows else t.gettext("LOST")


def _state(t: Translator, p: TimePoint) -> str:
    return t.gettext("%(hex)s, believed %(believed)s, %(lost)s", hex=p.hex,
                     believed=p.believed_hex or "?", lost=_lost(t, p.lost, p.knows_lost))


def _ruling_lines(t: Translator, r: RulingRecord) -> list[str]:
    lines = ["  " + t.gettext("ruling: %(before)s -> %(after)s", before=_state(t, r.before),
                              after=_state(t, r.after))]
    if r.found:
        lines.append("       " + t.gettext("found: %(what)s", what=", ".join(r.found)))
    if r.note:
        lines.append("       " + _note(t, r.note))
    return lines


def _note(t: Translator, text: str) -> str:
    return t.gettext("note: %(text)s", text=text)


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


def _roll_line(t: Translator, r: RollRecord) -> str:
    """A roll: its purpose as the log's ``rolls:`` names it (the GM records it under that
    key), the dice, the die and the total, the target, the outcome, recorded or seeded."""
    rec = t.gettext("recorded") if r.recorded else t.gettext("seeded")
    target = " " + t.gettext("vs %(target)s", target=r.target) if r.target is not None else ""
    outcome = f" -> {_outcome(t, r.outcome)}" if r.outcome else ""
    detail = f"  ({t.said(r.detail)})" if r.detail else ""
    return (f"       {r.purpose:<16} {t.dice(r.dice):<8} {r.natural:>3} = {r.total:<4}"
            f"{target}{outcome}  [{rec}]{detail}")


def _encounter_lines(t: Translator, e: EncounterRecord) -> list[str]:
    if e.result and (e.kind in ("chase", "keyed") or (e.kind == "wandering" and not e.table)):
        what = t.label("encounter_result", e.result, e.result)  # the engine's own result
    elif e.result:
        what = e.result  # a table's row, as written
    elif e.location:
        what = t.gettext("location %(id)s", id=e.location)
    else:
        what = t.label("encounter", e.kind, e.kind)
    extra = []
    if e.distance is not None:
        extra.append(t.gettext("distance %(d)s ft", d=e.distance))
    if e.reaction:
        extra.append(t.label("outcome", e.reaction, e.reaction))
    if e.cancelled:
        extra.append(t.gettext("cancelled by caution"))
    lines = ["       " + t.gettext("encounter (%(kind)s): %(what)s",
                                   kind=t.label("encounter", e.kind, e.kind), what=what)
             + (f" [{', '.join(extra)}]" if extra else "")]
    if e.note:
        lines.append("         " + _note(t, e.note))
    if e.tell:
        lines.append("         " + _told(t, e.tell))
    return lines


def _told(t: Translator, text: str) -> str:
    return t.gettext("players are told: %(text)s", text=text)


def _watch_line(w: WatchRecord, t: Translator) -> list[str]:
    where = w.start_hex if w.start_hex == w.end_hex else f"{w.start_hex} -> {w.end_hex}"
    state = []
    if w.lost:
        state.append(_lost(t, True, w.knows_lost))
        if w.veer:
            state.append(t.gettext("veer %(n)s", n=f"{w.veer:+d}"))
    believed = w.believed_hex if w.believed_hex is not None else "?"
    # the activity as the log names it, lower case as a word in the line
    activity = t.label("activity", w.activity, w.activity).lower()
    head = (f"  [{w.index:>2}] " + t.gettext("day %(day)s watch %(watch)s", day=w.day,
                                              watch=w.watch)
            + f"  {activity:<9} {where:<14} "
            + t.gettext("believed %(hex)s", hex=f"{believed:<5}") + f" {' '.join(state)}")
    lines = [head.rstrip()]
    if w.said:
        lines.append(f"       {t.said(w.said)}")
    lines += [_roll_line(t, r) for r in w.rolls]
    for e in w.encounters:
        lines += _encounter_lines(t, e)
    for warning in w.warnings:
        lines.append("       " + t.gettext("warning: %(text)s", text=t.text(warning)))
    if w.note and w.activity not in ("encounter", "chase"):  # those print it above
        lines.append("       " + _note(t, w.note))
    if w.tell:
        lines.append("       " + _told(t, w.tell))
    for remark in w.gm_notes:
        lines.append("       " + _gm(t, remark))
    return lines


def _gm(t: Translator, text: str) -> str:
    # TRANSLATORS: a remark for the GM's eyes only, in hexcrawl replay's text
    return t.gettext("gm: %(text)s", text=text)


def _session_head(t: Translator, s: SessionRecord) -> list[str]:
    return [t.gettext("Session %(n)s: %(title)s", n=s.session, title=s.title)
            + (f" ({s.date})" if s.date else ""),
            "  " + t.gettext("start %(hex)s, day %(day)s watch %(watch)s; party: %(members)s",
                             hex=s.start.hex, day=s.start.day, watch=s.start.watch,
                             members=", ".join(s.members))]


def _session_end(t: Translator, s: SessionRecord) -> str:
    end = s.end
    return "  " + t.gettext(
        "end %(hex)s%(lost)s, believed %(believed)s, day %(day)s watch %(watch)s; found: "
        "%(found)s", hex=end.hex, lost=" (" + t.gettext("lost") + ")" if end.lost else "",
        believed=end.believed_hex or "?", day=end.day, watch=end.watch,
        found=", ".join(s.discovered) or t.gettext("nothing new"))


def _stop_line(t: Translator, campaign: Campaign, s: SessionRecord, last: int) -> str:
    """Where a replay that failed stops: the failing log entry, at its file and line."""
    if last < 0:
        return "  " + t.gettext("the replay stops at the start of the session: see the errors")
    log = next((x for x in campaign.sessions if x.number == s.session), None)
    if log is not None and 0 <= last < len(log.log):
        at = log.entry_pos(last)
        return "  " + t.gettext("the replay stops at log entry %(n)s (%(where)s): see the "
                                "errors", n=last + 1, where=f"{at.path}:{at.line}")
    return "  " + t.gettext("the replay stops at log entry %(n)s: see the errors", n=last + 1)


def replay_text(campaign: Campaign, chronicle: Chronicle, session: int | None = None,
                stop: tuple[int, int] | None = None, t: Translator | None = None) -> str:
    """The replay, every watch of every session (or of ``session``); with ``stop``
    (session number, log entry), only up to and including that entry of that session: the
    entry that failed. In the language of ``t`` (the campaign's by default); the rolls'
    purposes stay the keys a log's ``rolls:`` records them under."""
    t = t or Translator(campaign.language)
    out = [f"{chronicle.campaign}"]
    for s in chronicle.sessions:
        if stop is not None and s.session > stop[0]:
            break
        if session is not None and s.session != session:
            continue
        last = stop[1] if stop is not None and s.session == stop[0] else None
        out.append("")
        out += _session_head(t, s)
        notes: dict[int, list[str]] = {}
        for after, text in s.notes:
            notes.setdefault(after, []).append(text)
        for text in notes.get(-1, []):
            out.append("  " + _note(t, text))
        for text in s.gm_notes:
            out.append("  " + _gm(t, text))
        uses: dict[int, list[str]] = {}
        for u in s.uses:
            uses.setdefault(u.after, []).append(_use_line(t, chronicle, u.resource, u.note))
        out.extend(uses.get(-1, []))
        rulings: dict[int, list[RulingRecord]] = {}
        for r in s.rulings:
            if last is None or r.entry <= last:
                rulings.setdefault(r.follows, []).append(r)
        for r in rulings.get(-1, []):
            out.extend(_ruling_lines(t, r))
        for w in s.watches:
            if last is not None and w.entry > last:
                break
            out.extend(_watch_line(w, t))
            if w.entry == last:
                break  # (what follows the failing watch in the log comes after it)
            for text in notes.get(w.index, []):
                out.append("  " + _note(t, text))
            out.extend(uses.get(w.index, []))
            for r in rulings.get(w.index, []):
                out.extend(_ruling_lines(t, r))
        if last is not None:
            out.append(_stop_line(t, campaign, s, last))
            break
        out.append(_session_end(t, s))
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
