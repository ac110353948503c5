"""What ``hexcrawl play`` prints: the party's status, an entry's outcome, and the line for
the players.

The GM's lines come from the Chronicle (the same records the GM site renders); the line
"tell the players" comes only from the players' view (``knowledge.players_view``), so it
can say nothing the players' site would not show.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from generator.content.campaign import Campaign
from generator.dice import RollRecord
from generator.i18n import N_, Msg, Translator
from generator.knowledge import PlayerView, SessionView, WatchView
from generator.play.oracle import Outcome
from generator.rules import tables as T
from generator.rules.chronicle import Chronicle, SessionRecord, TimePoint, WatchRecord
from generator.rules.encounters import table_for
from generator.rules.resources import doom_id, resource_said

#: what the players hear of a watch that makes no miles, by activity
WATCH_TOLD: dict[str, Msg] = {
    "travel": N_("you travel"),
    "rest": N_("you rest"),
    "camp": N_("you make camp"),
    "sleep": N_("you sleep"),
    "search": N_("you search the area"),
    "reorient": N_("you try to find your bearings"),
    "encounter": N_("an encounter takes up the watch"),
    "chase": N_("a chase"),
}


def miles_text(value: float | Fraction, t: Translator) -> str:
    """Miles (or hours) as the language writes a number: ``12``, ``9.6``, ``9,6``."""
    return t.number(value, 1)


def veer_text(veer: int, t: Translator) -> str:
    if veer == 0:
        return "0"
    side = (t.ngettext("%(num)s face right", "%(num)s faces right", veer) if veer > 0
            else t.ngettext("%(num)s face left", "%(num)s faces left", -veer))
    return f"{veer:+d} ({side})"


def die_state(now: str, t: Translator) -> str:
    """A usage or doom die's state in the language: ``к6``, or ``exhausted`` in words."""
    return t.label("die", now) if now == "exhausted" else t.dice(now)


def party_now(campaign: Campaign, chronicle: Chronicle) -> tuple[TimePoint, WatchRecord | None]:
    """Where and when the party is after the chronicle's last session (the campaign's start
    before any), and the last watch played (None before any)."""
    last: WatchRecord | None = None
    for rec in chronicle.sessions:
        if rec.watches:
            last = rec.watches[-1]
    if chronicle.sessions:
        return chronicle.sessions[-1].end, last
    party = campaign.party
    return TimePoint(party.start, party.start_time.day, party.start_time.watch,
                     party.start), None


def march_warning(now: TimePoint, t: Translator) -> str:
    """How many hours of marching are left before a forced march (status)."""
    left = Fraction(T.MARCH_HOURS) - Fraction(now.march_hours)
    if left <= 0:
        return t.gettext("any more marching before a sleep is a forced march (a Constitution "
                         "check for each member each hour)")
    return t.gettext("%(hours)s h of marching left before a forced march (a watch of travel "
                     "is 4 h)", hours=miles_text(left, t))


def nonlethal_flags(campaign: Campaign, chronicle: Chronicle, t: Translator) -> list[str]:
    """Members whose nonlethal damage reached their hp (or the campaign's threshold)."""
    out: list[str] = []
    members = {m.name: m for m in campaign.party.members}
    for s in campaign.sessions:
        for who in s.party.members or ():
            if not isinstance(who, str):
                members[who.name] = who
    for name, ms in chronicle.members.items():
        m = members.get(name)
        limit = m.hp if m is not None and m.hp is not None else \
            campaign.rules.nonlethal_warning
        if ms.nonlethal >= limit:
            out.append(t.gettext("%(name)s has %(n)s nonlethal damage (limit %(limit)s): "
                                 "unconscious or near it; a sleep clears it", name=name,
                                 n=ms.nonlethal, limit=limit))
    return out


def status_lines(campaign: Campaign, chronicle: Chronicle, t: Translator) -> list[str]:
    """The party as the GM needs it."""
    now, last = party_now(campaign, chronicle)
    grid = campaign.grid
    here = grid.parse(now.hex)
    info = campaign.hex_info(here)
    name = f" {info.name}" if info and info.name else ""
    believed = now.believed_hex if now.believed_hex is not None else t.gettext("unknown")
    lost = t.gettext("LOST, and they know it") if now.knows_lost else (
        t.gettext("LOST, unaware") if now.lost else t.gettext("on course"))
    out = [t.gettext("%(when)s", when=t.when(now.day, now.watch)),
           "  " + "; ".join([t.gettext("true hex %(hex)s", hex=f"{now.hex}{name}"),
                             t.gettext("believed %(hex)s", hex=believed), lost]
                            + ([t.gettext("veer %(veer)s", veer=veer_text(now.veer, t))]
                               if now.lost else []))]
    if last is not None and last.progress_miles:
        out.append("  " + t.gettext("%(distance)s made in this hex",
                                    distance=t.count(last.progress_miles, "mile")))
    out.append("  " + t.gettext("hustled %(hours)s h, marched %(march)s h since the last sleep",
                                hours=now.hustle_hours, march=miles_text(now.march_hours, t)))
    out.append("  " + march_warning(now, t))
    out.extend("  " + t.gettext("warning: %(message)s", message=m)
               for m in nonlethal_flags(campaign, chronicle, t))
    if info is not None:
        rule = campaign.terrain.get(info.terrain)
        terrain = t.label("terrain", info.terrain, rule.name if rule else info.terrain)
        if info.density:
            terrain += f" ({t.label('density', info.density, info.density)})"
        out.append("  " + t.gettext("terrain: %(terrain)s", terrain=terrain))
    paths = [f"{p.name} [{p.id}, {t.label('path', p.kind, p.kind)}]"
             for p in campaign.paths.values() if here in p.hexes]
    out.append("  " + t.gettext("paths: %(paths)s", paths=", ".join(paths) or t.gettext("none")))
    locs = [f"{loc.name} [{loc.id}, {loc.visibility}] "
            "(" + (t.gettext("found") if loc.id in chronicle.discovered
                   else t.gettext("not found yet")) + ")"
            for loc in campaign.locations_in(here)]
    out.append("  " + t.gettext("keyed: %(locations)s",
                                locations="; ".join(locs) or t.gettext("none")))
    # the table the engine rolls a wandering encounter on here (hex, else region, else
    # terrain), from the rules module the replay uses
    table = table_for(campaign, here)
    tables = [f"{table.name} [{table.id}]"] if table is not None else []
    out.append("  " + t.gettext("encounter table: %(tables)s",
                                tables="; ".join(tables) or t.gettext("none")))
    usage = [f"{r.name} {die_state(r.now, t)}" for r in chronicle.resources.values()
             if not r.doom]
    doom = [f"{r.owner or r.name} {die_state(r.now, t)}" for r in chronicle.resources.values()
            if r.doom]
    if usage:
        out.append("  " + t.gettext("usage dice: %(dice)s", dice=", ".join(usage)))
    if doom:
        out.append("  " + t.gettext("doom dice: %(dice)s", dice=", ".join(doom)))
    members: list[str] = []
    names = chronicle.sessions[-1].members if chronicle.sessions else [
        m.name for m in campaign.party.members]
    for who in names:
        ms = chronicle.members.get(who)
        marks: list[str] = []
        if ms is not None:
            if ms.nonlethal:
                marks.append(t.pgettext("logger status, short", "%(n)s nonlethal", n=ms.nonlethal))
            if ms.lethal:
                marks.append(t.pgettext("logger status, short", "%(n)s lethal", n=ms.lethal))
            if ms.fatigued:
                marks.append(t.gettext("fatigued"))
            if ms.doomed:
                marks.append(t.gettext("doomed"))
        members.append(who + (f" ({', '.join(marks)})" if marks else ""))
    out.append("  " + t.gettext("party: %(members)s", members="; ".join(members)))
    return out


#: roll purposes the vocabulary's ``purpose`` does not name (the logger names every die it asks for)
PLAY_PURPOSES: dict[str, Msg] = {
    "appearing": N_("Number appearing"),
    "judge_distance": N_("Judge distance"),
    "march_damage": N_("Forced march damage"),
    "doom": N_("Doom die"),
    "use": N_("Usage die"),
    "initiative": N_("Initiative"),
    "complication": N_("Complication"),
    "chase_con": N_("Dash (Constitution)"),
    "encounter_distance": N_("Encounter distance"),
    "moment_minute": N_("Minute of the watch"),
    "cautious": N_("Caution"),
    "north": N_("Find north"),
    "backtrack": N_("Backtrack"),
    "new_course": N_("New course"),
}
#: outcomes the engine writes in words the vocabulary's ``outcome`` does not have
PLAY_OUTCOMES: dict[str, Msg] = {
    "holds": N_("holds"),
    "steps down": N_("steps down"),
    "no veer": N_("no veer"),
    "1 face left": N_("1 face left"),
    "1 face right": N_("1 face right"),
    "2 faces left": N_("2 faces left"),
    "2 faces right": N_("2 faces right"),
    "nothing": N_("nothing"),
    "wandering": N_("wandering encounter"),
    "wandering (cancelled)": N_("wandering encounter (cancelled)"),
    "keyed": N_("keyed location"),
    "keyed (nothing left to find)": N_("keyed (nothing left to find)"),
    "cancelled": N_("cancelled"),
    "happens": N_("happens"),
    "target": N_("the place searched for"),
    "complication": N_("complication"),
}


def purpose_label(purpose: str, t: Translator) -> str:
    """A roll purpose in words, as the GM site writes it."""
    own = PLAY_PURPOSES.get(purpose)
    return t.msg(own) if own is not None else t.label("purpose", purpose, purpose)


def outcome_label(outcome: str, t: Translator) -> str:
    own = PLAY_OUTCOMES.get(outcome)
    return t.msg(own) if own is not None else t.label("outcome", outcome, outcome)


def roll_line(r: RollRecord, t: Translator, by_generator: bool | None = None) -> str:
    """A roll and what came of it, and who rolled it: the table, or the seeded generator
    (``by_generator``; by default, a roll the log does not record)."""
    generated = not r.recorded if by_generator is None else by_generator
    values = f" ({', '.join(map(str, r.dice_values))})" if len(r.dice_values) > 1 else ""
    total = f" = {r.total}" if r.total != r.natural else ""
    versus = t.pgettext("a roll against its target", "vs")
    target = f" {versus} {r.target}" if r.target is not None else ""
    outcome = " -> " + outcome_label(r.outcome, t) if r.outcome else ""
    return t.gettext("  %(purpose)s: %(dice)s %(natural)s%(total)s%(target)s%(outcome)s  "
                     "[%(source)s] %(detail)s", purpose=purpose_label(r.purpose, t),
                     dice=t.dice(r.dice), natural=f"{r.natural}{values}", total=total,
                     target=target, outcome=outcome,
                     source=t.gettext("seeded") if generated else t.gettext("at the table"),
                     detail=t.said(r.detail)).rstrip()


def _encounter_lines(watch: WatchRecord, campaign: Campaign, t: Translator) -> Iterable[str]:
    for e in watch.encounters:
        parts: list[str] = []
        if e.result:
            # the engine's own results (a chase's end, a hidden place's signs) are words of
            # the vocabulary; a table's row is the campaign's text, as written
            engines = e.kind in ("chase", "keyed") or (e.kind == "wandering" and not e.table)
            parts.append(t.label("encounter_result", e.result, e.result) if engines
                         else e.result)
        if e.location:
            loc = campaign.locations.get(e.location)
            parts.append(loc.name if loc else e.location)
        if e.table:
            table = campaign.tables.get(e.table)
            roll = ", " + t.gettext("roll") + f" {e.roll}" if e.roll is not None else ""
            parts.append("(" + t.gettext("table")
                         + f" {table.name if table else e.table}{roll})")
        if e.appearing is not None:
            parts.append(t.gettext("number appearing: %(n)s", n=e.appearing))
        if e.distance is not None:
            parts.append(t.gettext("distance %(d)s ft", d=e.distance))
        if e.reaction:
            parts.append(t.gettext("reaction") + ": "
                         + t.label("reaction", e.reaction, e.reaction))
        if e.cancelled:
            parts.append(t.gettext("cancelled by caution"))
        if e.hex:
            parts.append(f"@{e.hex}")
        if e.note:
            parts.append(e.note)
        yield t.gettext("  encounter (%(kind)s): %(what)s",
                        kind=t.label("encounter", e.kind, e.kind), what="; ".join(parts) or "-")


def _lost_state(p: TimePoint, t: Translator) -> str:
    return t.gettext("LOST, and they know it") if p.knows_lost else (
        t.gettext("LOST, unaware") if p.lost else t.gettext("on course"))


def _ruling_lines(out: Outcome, t: Translator) -> list[str]:
    """A ruling's state before and after, as the GM's session page shows it."""
    rec = session_record(out.chronicle, out.session.session)
    if rec is None or not rec.rulings:
        return []
    r = rec.rulings[-1]
    unknown = t.gettext("unknown")
    lines = [
        t.gettext("  ruling, no dice and no time: true hex %(before)s -> %(after)s",
                  before=r.before.hex, after=r.after.hex),
        t.gettext("  believed: %(before)s -> %(after)s",
                  before=r.before.believed_hex or unknown, after=r.after.believed_hex or unknown),
        t.gettext("  lost: %(state)s", state=_lost_state(r.before, t) + " -> "
                  + _lost_state(r.after, t)),
    ]
    if r.found:
        campaign = out.campaign
        lines.append(t.gettext("  found: %(places)s", places=", ".join(
            campaign.locations[lid].name if lid in campaign.locations else lid
            for lid in r.found)))
    return lines


def outcome_lines(out: Outcome, before: Chronicle, t: Translator, rolls: bool = True) -> list[str]:
    """An entry's result, as the GM site shows a watch."""
    lines: list[str] = []
    campaign = out.campaign
    w = out.watch
    if w is not None:
        lines.append(t.gettext("watch %(n)s: %(activity)s, %(when)s", n=w.index + 1,
                               activity=t.label("activity", w.activity, w.activity),
                               when=t.when(w.day, w.watch)))
    if rolls:
        lines.extend(roll_line(r, t) for r in out.rolls)
    if w is not None:
        believed = w.believed_hex if w.believed_hex is not None else t.gettext("unknown")
        if w.hexes_entered:
            route = " -> ".join([w.start_hex, *w.hexes_entered])
            lines.append(t.gettext("  true: %(route)s (%(distance)s); believed: %(believed)s",
                                   route=route, distance=t.count(w.miles, "mile"),
                                   believed=believed))
        else:
            lines.append(t.gettext("  stays in %(hex)s; believed: %(believed)s", hex=w.end_hex,
                                   believed=believed))
        if w.lost or w.activity in ("travel", "reorient"):
            state = t.gettext("LOST, and they know it") if w.knows_lost else (
                t.gettext("LOST, unaware") if w.lost else t.gettext("on course"))
            if w.lost:
                state += ", " + t.gettext("veer %(veer)s", veer=veer_text(w.veer, t))
            lines.append(t.gettext("  lost: %(state)s", state=state))
        lines.extend(_encounter_lines(w, campaign, t))
        if w.discovered:
            names = [campaign.locations[lid].name if lid in campaign.locations else lid
                     for lid in w.discovered]
            lines.append(t.gettext("  found: %(places)s", places=", ".join(names)))
        if w.said:
            lines.append(t.gettext("  %(summary)s", summary=t.said(w.said)))
        lines.extend(t.gettext("warning: %(message)s", message=t.text(m)) for m in w.warnings)
    action = next(iter(out.entry))
    if action == "use":
        for rid, res in out.chronicle.resources.items():
            old = before.resources.get(rid)
            for event in res.history[len(old.history) if old else 0:]:
                lines.append(t.gettext("  %(name)s: %(before)s -> %(after)s",
                                       name=t.said(resource_said(res)),
                                       before=die_state(event.before, t),
                                       after=die_state(event.after, t)))
    elif action == "note":
        lines.append(t.gettext("  note for the chronicle"))
    elif action == "reveal":
        lines.append(t.gettext("  revealed to the players: %(what)s",
                               what=", ".join(map(str, out.entry["reveal"]))))
    elif action == "ruling":
        lines.extend(_ruling_lines(out, t))
    lines.extend(t.gettext("warning: %(message)s", message=t.text(m)) for m in out.warnings
                 if w is None or m not in w.warnings)
    return lines


def believed_text(view: PlayerView, label: str, t: Translator) -> str:
    """Where the party believes it is, from the players' view (``label``: the believed hex,
    which is the true one unless the party is lost without knowing it): the road or river
    it is on, the hex's name and its region, else its terrain, and always the hex, so that
    the GM can point to it on the map."""
    info = view.hexes.get(label)
    if info is None:
        return t.gettext("you believe you are in hex %(hex)s", hex=label)
    roads = [p.name for p in view.paths if any(info.hex in run for run in p.runs)]
    # the named area: the hex's own name, and the region it lies in
    place = ", ".join(n for n in (info.name, info.region_name) if n) or None
    terrain = t.terrain(view.terrains[info.terrain]).lower() \
        if info.terrain in view.terrains else None
    if roads and place:
        return t.gettext("you believe you are on %(path)s, in %(place)s (hex %(hex)s)",
                         path=" / ".join(roads), place=place, hex=label)
    if roads and terrain:
        return t.gettext("you believe you are on %(path)s, in the %(terrain)s (hex %(hex)s)",
                         path=" / ".join(roads), terrain=terrain, hex=label)
    if roads:
        return t.gettext("you believe you are on %(path)s (hex %(hex)s)",
                         path=" / ".join(roads), hex=label)
    if place:
        return t.gettext("you believe you are in %(place)s (hex %(hex)s)", place=place,
                         hex=label)
    if terrain:
        return t.gettext("you believe you are somewhere in the %(terrain)s (hex %(hex)s)",
                         terrain=terrain, hex=label)
    return t.gettext("you believe you are in hex %(hex)s", hex=label)


def told_texts(wv: WatchView, out: Outcome, t: Translator) -> list[str]:
    """What the players are told the party met: the entry's ``tell:``, the ``tell:`` of each
    table row that came up (as the players' view renders them, plain), and a reminder to
    describe an encounter nothing was written for."""
    told = [p.text for p in (wv.tell, *wv.met) if p]
    untold = out.watch is not None and not wv.tell and any(
        not e.cancelled and e.kind != "keyed" and not e.tell for e in out.watch.encounters)
    if untold:
        told.append(t.gettext("something happens (describe the encounter)"))
    return told


def _session(view: PlayerView, number: int) -> SessionView | None:
    return next((s for s in view.sessions if s.number == number), None)


def tell_line(before: PlayerView, after: PlayerView, out: Outcome, t: Translator) -> str:
    """What the players learn from the entry: computed from the players' view only."""
    number = out.session.session
    s_before, s_after = _session(before, number), _session(after, number)
    parts: list[str] = []
    if s_after is None:
        return t.gettext("tell the players: %(text)s", text=t.gettext("nothing new"))
    new_watch = out.watch is not None and s_after.watches and (
        s_before is None or len(s_after.watches) > len(s_before.watches))
    if new_watch:
        wv = s_after.watches[-1]
        miles = s_after.miles - (s_before.miles if s_before else 0)
        if wv.activity == "travel" and wv.heading and miles:
            parts.append(t.gettext("you head %(face)s and make about %(distance)s",
                                   face=t.face(wv.heading),
                                   distance=t.count(miles, "mile", case="object")))
        elif wv.activity == "travel" and wv.heading:
            # a party that knows it is lost has no believed miles: it cannot say how far
            parts.append(t.gettext("you head %(face)s", face=t.face(wv.heading)))
        elif miles:
            parts.append(t.gettext("you make about %(distance)s",
                                   distance=t.count(miles, "mile", case="object")))
        else:
            told = WATCH_TOLD.get(wv.activity)
            parts.append(t.msg(told) if told is not None else t.gettext("a watch passes"))
        if wv.knows_lost:
            parts.append(t.gettext("you know you are lost"))
        elif wv.believed_end is not None:
            parts.append(believed_text(after, wv.believed_end, t))
        found = [after.locations[lid].name for lid in wv.found if lid in after.locations]
        if found:
            parts.append(t.gettext("you find %(places)s", places=", ".join(found)))
        parts.extend(told_texts(wv, out, t))
        parts.append(t.gettext("it is now %(when)s", when=t.when(after.now.day, after.now.watch)))
    if out.entry.get("ruling") is not None:
        parts.extend(_ruled_parts(before, after, t))
    new_places = [loc.name for lid, loc in after.locations.items()
                  if lid not in before.locations
                  and not (new_watch and lid in s_after.watches[-1].found)]
    if new_places:
        parts.append(t.gettext("you learn of %(places)s", places=", ".join(new_places)))
    return t.gettext("tell the players: %(text)s",
                     text="; ".join(parts) if parts else t.gettext("nothing new"))


def _ruled_parts(before: PlayerView, after: PlayerView, t: Translator) -> list[str]:
    """What the players notice of a ruling: where they believe they are now, that they know
    they are lost (from the players' views: never the true hex of a lost party)."""
    was, now = before.now, after.now
    if now.knows_lost:
        return [] if was.knows_lost else [t.gettext("you know you are lost")]
    if now.believed_hex is None or (now.believed_hex == was.believed_hex
                                    and not was.knows_lost):
        return []
    place = after.place(now.believed_hex)
    hexview = after.hexes.get(now.believed_hex)
    if place:
        return [t.gettext("you believe you are in %(place)s", place=place)]
    if hexview is not None and hexview.terrain in after.terrains:
        return [t.gettext("you believe you are somewhere in the %(terrain)s",
                          terrain=t.terrain(after.terrains[hexview.terrain]).lower())]
    return []


def session_record(chronicle: Chronicle, number: int) -> SessionRecord | None:
    return next((s for s in chronicle.sessions if s.session == number), None)


def roll_help(system: str, t: Translator) -> str:
    """What to type at a roll prompt, in the campaign's check system."""
    if system == "brp":
        # Basic Roleplaying rolls one d100 and has no advantage
        return t.gettext("At a roll prompt: type the die (a check is one d100; 00 is 100), "
                         "Enter lets the generator roll it, * lets it roll the rest of the "
                         "entry, Ctrl-C drops the entry.")
    if system == "bsh":
        return t.gettext("At a roll prompt: type the die (two d20 for a roll with advantage "
                         "or disadvantage), Enter lets the generator roll it, * lets it roll "
                         "the rest of the entry, Ctrl-C drops the entry.")
    return t.gettext("At a roll prompt: type the die (two values for advantage), Enter lets the "
                     "generator roll it, * lets it roll the rest of the entry, Ctrl-C drops the "
                     "entry.")


def exhausted_reason(chronicle: Chronicle, entry: dict[str, Any], t: Translator) -> str | None:
    """Why a ``use`` entry is refused: its usage die has run out, so it would roll nothing
    (rules.md section 9); None for any other entry."""
    use = entry.get("use")
    if not isinstance(use, dict):
        return None
    rid = str(use.get("resource", ""))
    if rid == "doom" and use.get("by"):
        rid = doom_id(str(use["by"]))
    res = chronicle.resources.get(rid)
    if res is None or res.now != "exhausted":
        return None
    if res.doom:
        return t.gettext("%(who)s's doom die is exhausted: %(who)s is doomed until a long "
                         "rest, and there is nothing left to roll", who=res.owner or "")
    return t.gettext("%(resource)s has run out: its usage die is exhausted, so there is "
                     "nothing to roll", resource=res.name)
