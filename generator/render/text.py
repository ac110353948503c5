"""The replay as readable text for the terminal (``hexcrawl replay``)."""

from __future__ import annotations

from generator.chronicle import Chronicle, WatchRecord
from generator.content.campaign import Campaign


def _watch_line(w: WatchRecord) -> list[str]:
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
    if w.summary:
        lines.append(f"       {w.summary}")
    for r in w.rolls:
        rec = "recorded" if r.recorded else "seeded"
        target = f" vs {r.target}" if r.target is not None else ""
        outcome = f" -> {r.outcome}" if r.outcome else ""
        detail = f"  ({r.detail})" if r.detail else ""
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
    for warning in w.warnings:
        lines.append(f"       warning: {warning}")
    for note in w.notes:
        lines.append(f"       note: {note}")
    return lines


def replay_text(campaign: Campaign, chronicle: Chronicle, session: int | None = None) -> str:
    out = [f"{chronicle.campaign}"]
    for s in chronicle.sessions:
        if session is not None and s.session != session:
            continue
        out.append("")
        out.append(f"Session {s.session}: {s.title}" + (f" ({s.date})" if s.date else ""))
        out.append(f"  start {s.start.hex}, day {s.start.day} watch {s.start.watch}; "
                   f"party: {', '.join(s.members)}")
        notes: dict[int, list[str]] = {}
        for after, text in s.notes:
            notes.setdefault(after, []).append(text)
        for text in notes.get(-1, []):
            out.append(f"  note: {text}")
        for w in s.watches:
            out.extend(_watch_line(w))
            for text in notes.get(w.index, []):
                out.append(f"  note: {text}")
        end = s.end
        lost = " (lost)" if end.lost else ""
        out.append(f"  end {end.hex}{lost}, believed {end.believed_hex or '?'}, "
                   f"day {end.day} watch {end.watch}; found: "
                   f"{', '.join(s.discovered) or 'nothing new'}")
    return "\n".join(out)
