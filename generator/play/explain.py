"""What an entry is about to ask for, and why, in the GM's words; and entries read back.

Before the first die of an entry, ``plan_lines`` reads the seeded replay of it (what the
generator would roll): a forced march, hustling, a realise check, extra encounter checks.
Nothing is decided here: the hours, DCs and checks are the replay's, and a die the seeded
replay did not need (a failed check asks for a veer die) is announced when it comes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from generator.content.campaign import Campaign
from generator.i18n import N_, Msg, Translator
from generator.play.oracle import Plan
from generator.play.present import party_now, session_record
from generator.rules import tables as T
from generator.rules.chronicle import Chronicle, TimePoint
from generator.rules.fatigue import hustle_damage

#: why a roll is asked, by purpose (the purposes the replay records)
WHY: dict[str, Msg] = {
    "navigation": N_("a navigation check: does the party keep its course?"),
    "veer": N_("a veer die: which way the lost party drifts"),
    "distance": N_("the distance actually covered"),
    "judge_distance": N_("a check to judge the distance covered"),
    "realise": N_("a realise check: the party is lost without knowing it; the navigator "
                  "checks whether they notice"),
    "forage": N_("a forage check"),
    "north": N_("a check to find north"),
    "backtrack": N_("a check to follow the party's own tracks back"),
    "new_course": N_("a check to set a new course"),
    "initiative": N_("initiative for every participant of the chase"),
    "complication": N_("complication dice: a participant on 1-10 makes the next one meet a "
                       "complication"),
    "table": N_("a roll on a table"),
    "chase_con": N_("Constitution checks for dashes beyond the free ones"),
    "appearing": N_("the number appearing"),
    "reaction": N_("a reaction roll (2d6)"),
    "encounter_distance": N_("the encounter's distance"),
    "doom": N_("a doom die"),
    "use": N_("a usage die"),
    "cautious": N_("a d100: cautious travel cancels the encounter on 1-50"),
}


#: rolls that depend on an earlier die (a failed check, a natural 1, an encounter): they
#: are announced when they come, not before the entry's first die
CONDITIONAL = frozenset({"veer", "realise", "doom", "march_damage", "moment", "moment_minute",
                         "cautious", "table", "reaction", "encounter_distance", "appearing",
                         "chase_con"})


def _purposes(plan: Plan) -> Counter[str]:
    if not plan.first:
        return Counter(r.purpose for r in plan.rolls[:1])
    return Counter(r.purpose for i, r in enumerate(plan.rolls)
                   if r.purpose not in CONDITIONAL or i == 0)


def _end(chronicle: Chronicle, number: int) -> TimePoint | None:
    rec = session_record(chronicle, number)
    return rec.end if rec is not None else None


def plan_lines(plan: Plan, entry: Mapping[str, Any], campaign: Campaign, before: Chronicle,
               number: int, t: Translator) -> tuple[list[str], set[str]]:
    """What the entry will ask for and why (before its first die), or what it now asks
    for besides (a die of a purpose not announced yet); and the purposes announced."""
    purposes = _purposes(plan)
    now, _ = party_now(campaign, before)
    end = _end(plan.chronicle, number)
    out: list[str] = []
    action = next(iter(entry))
    if plan.first and action == "travel" and end is not None:
        body = entry["travel"] if isinstance(entry["travel"], Mapping) else {}
        hours = int(body.get("hustle_hours") or 0)
        modes = body.get("mode") or []
        if hours == 0 and ("hustle" in modes or modes == "hustle"):
            hours = max(0, end.hustle_hours - now.hustle_hours)
        if hours:
            first = now.hustle_hours + 1
            damage = hustle_damage(now.hustle_hours, hours)
            last = first + hours - 1
            span = str(first) if first == last else f"{first}-{last}"
            out.append(t.gettext("this watch hustles (hours %(hours)s hustled since the last "
                                 "sleep): %(damage)s nonlethal damage and fatigue for each "
                                 "member", hours=span, damage=damage) if damage else
                       t.gettext("this watch hustles (hours %(hours)s hustled since the last "
                                 "sleep): the first hour is free, no damage", hours=span))
    if "march" in purposes:
        after = end.march_hours if end is not None else now.march_hours
        first = max(int(now.march_hours) + 1, T.MARCH_HOURS + 1)
        last = max(int(after), first)
        span = str(first) if first == last else f"{first}-{last}"
        out.append(t.gettext("this watch is a forced march (hours %(hours)s since the last "
                             "sleep): each member makes a Constitution check each hour; "
                             "a failure deals 1d6 nonlethal damage and fatigue", hours=span))
    for purpose, count in purposes.items():
        if purpose in ("encounter", "march", "march_damage", "moment", "moment_minute"):
            continue
        why = WHY.get(purpose)
        text = t.msg(why) if why is not None else t.label("purpose", purpose, purpose)
        out.append(text + (f" (×{count})" if count > 1 and plan.first else ""))
    if purposes.get("encounter"):
        n = purposes["encounter"]
        if n > 1:
            out.append(t.gettext("%(n)s encounter checks (an extra check: %(why)s)", n=n,
                                 why=_extra_why(entry, t)))
        else:
            out.append(t.gettext("an encounter check"))
    announced = set(purposes) | ({"march_damage"} if "march" in purposes else set())
    if not out:
        return [], announced
    if not plan.first:
        return [t.gettext("now: %(why)s", why=out[0])], announced
    return [t.gettext("this entry asks for:")] + ["  - " + line for line in out], announced


#: what a reorient watch does under the rules (rules.md section 5), by method
REORIENT_RULES: dict[str, Msg] = {
    "north": N_("north: Survival against DC 12; a success removes the veer, a failure makes "
                "the party take a wrong face for north (a party on course is then lost "
                "without knowing it)"),
    "new_course": N_("new course: Survival against the navigation DC + 10; a success ends any "
                     "lost state (the players learn where they truly are), a failure leaves "
                     "the party lost with a fresh veer, without knowing it"),
    "backtrack": N_("backtrack: the party retraces its tracks toward where it went astray, "
                    "then Survival against the navigation DC tells whether it is on course "
                    "(a failure misjudges it 75%% of the time)"),
}


def reorient_lines(method: str, lost: bool, t: Translator) -> list[str]:
    """Why a reorient watch of a party that does not know it is lost needs the GM's word:
    a party re-orients once it knows it is lost (rules.md section 5), and the replay plays
    the watch by the rules all the same, with what that means for this method."""
    head = t.gettext("the party is lost but does not know it: to the players it is on course, "
                     "and a party re-orients once it knows it is lost (rules.md, section 5)") \
        if lost else t.gettext("the party is not lost: a party re-orients once it knows it is "
                               "lost (rules.md, section 5)")
    out = [head, t.gettext("logged all the same, the watch goes by the rules:")]
    rule = REORIENT_RULES.get(method)
    if rule is not None:
        out.append("  " + t.msg(rule))
    return out


def _extra_why(entry: Mapping[str, Any], t: Translator) -> str:
    action = next(iter(entry))
    body = entry[action] if isinstance(entry[action], Mapping) else {}
    modes = body.get("mode") or []
    if action == "travel" and "exploring" in modes:
        return t.gettext("exploring makes two")
    if action == "search":
        return t.gettext("a search makes two, and a third for its target")
    return t.gettext("the rules of this watch")


def _list(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(v if isinstance(v, str) else str(v.get("name", "?"))
                         if isinstance(v, Mapping) else str(v) for v in value)
    return str(value)


def command_text(entry: Mapping[str, Any]) -> str:
    """An entry as the command that makes it (``camp forage by Wren``): what ``undo`` and
    ``gm`` name."""
    action = next(iter(entry))
    body = entry[action]
    words = [action]
    if action == "travel" and isinstance(body, Mapping):
        if "follow" in body:
            words[0] = "follow"
            words.append(str(body["follow"]))
            if "toward" in body:
                words += ["to", str(body["toward"])]
        elif "toward" in body:
            words = ["toward", str(body["toward"])]
        elif "landmark" in body:
            words = ["landmark", str(body["landmark"])]
        else:
            words.append(str(body.get("heading", "")))
        if "direction" in body:
            words.append(str(body["direction"]))
        modes = body.get("mode") or []
        words += [modes] if isinstance(modes, str) else list(modes)
        if body.get("hustle_hours"):
            words += ["hustle", str(body["hustle_hours"])]
        if body.get("visibility") == "poor":
            words.append("poor")
        if "hours" in body:
            words += ["hours", str(body["hours"])]
    elif action == "camp" and isinstance(body, Mapping):
        if body.get("forage"):
            words.append("forage")
            if body.get("by"):
                words += ["by", str(body["by"])]
    elif action == "search" and isinstance(body, Mapping) and body.get("target"):
        words.append(str(body["target"]))
    elif action == "reorient" and isinstance(body, Mapping):
        words.append(str(body.get("method", "")).replace("_", " "))
    elif action == "encounter" and isinstance(body, Mapping):
        words += [str(body[k]) for k in ("table", "roll") if k in body]
    elif action == "chase" and isinstance(body, Mapping):
        words.append(str(body.get("environment", "")))
        if body.get("pursuers") not in (None, "party"):
            words += ["from", _list(body["pursuers"])]
        if isinstance(body.get("quarry"), list):
            words += ["quarry", _list(body["quarry"])]
    elif action == "use" and isinstance(body, Mapping):
        words.append(str(body.get("resource", "")))
        if body.get("by"):
            words += ["by", str(body["by"])]
    elif action == "reveal":
        words.append(_list(body))
    elif action == "ruling" and isinstance(body, Mapping):
        for key in ("hex", "believed"):
            if key in body:
                words += ["at" if key == "hex" else key, str(body[key])]
        if "lost" in body:
            words.append("lost" if body["lost"] else "not lost")
        if "knows_lost" in body:
            words.append("knows" if body["knows_lost"] else "unaware")
        if body.get("found"):
            words += ["found", _list(body["found"])]
    elif action == "note":
        text = str(body)
        words.append(f'"{text[:40]}..."' if len(text) > 40 else f'"{text}"')
    return " ".join(w for w in words if w)
