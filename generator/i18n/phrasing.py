"""What the engine says, phrased in the GM's language.

The rules build no sentences: a watch's summary and a roll's detail are ``Said`` values
(``generator.dice``), a kind and what fills it (who, which skill, the modifiers, the DC, the
outcome). Here each kind is one message (``SAID``), or a few for the sentences that are put
together from parts (a move, a check, a chase); the values are written the language's way:
numbers with Babel, words of the vocabulary with ``Translator.label``, a campaign's names as
written. ``Translator.said`` is the entry point.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from generator.dice import Said, SaidValue, Signed, Word
from generator.i18n.markers import N_, NN_, Msg, Plural

if TYPE_CHECKING:  # pragma: no cover
    from generator.i18n import Translator

#: One message per kind of ``Said`` phrased by filling it; ``%(name)s`` are its values. A
#: plural message counts its value ``num``.
SAID: dict[str, Msg | Plural] = {
    # -- the steps of a watch
    "sure_guide": N_("Following a sure guide ends the lost state."),
    "lost": N_("Lost; veers %(veer)s."),
    # a veer of 0: lost, but the heading is not turned
    "lost_straight": N_("Lost, though still heading straight on."),
    "still_lost_veers": N_("Still lost; now veers %(veer)s."),
    "still_lost_straight": N_("Still lost, still heading straight on."),
    "veer_grows": N_("Still lost; the veer grows to %(veer)s."),
    "veer_stays": N_("Still lost; the veer stays."),
    "hustling": N_("Hustling: %(harm)s."),
    # TRANSLATORS: %(num)s points of nonlethal damage
    "harmed": NN_("%(name)s takes %(num)s nonlethal (fatigued)",
                  "%(name)s takes %(num)s nonlethal (fatigued)"),
    # TRANSLATORS: %(num)s points of lethal damage to the member's mount
    "mount_harmed": NN_("%(name)s's %(mount)s takes %(num)s lethal",
                        "%(name)s's %(mount)s takes %(num)s lethal"),
    "forced_march": N_("Forced march, hour %(hour)s: %(harm)s."),
    "sleeps": N_("The party sleeps: hustle and march reset, fatigue gone."),
    "foraged_already": N_("Already foraged today."),
    "forage_feeds": NN_("Foraging feeds %(num)s for a day.",
                        "Foraging feeds %(num)s for a day."),
    "forage_nothing": N_("Foraging finds nothing."),
    "realises": N_("The party realises it is lost."),
    "north_found": N_("True north found: the party can hold a course again."),
    "north_mistaken": N_("The party mistakes %(face)s for north."),
    "new_course_found": N_("A new course: the party knows where it is again."),
    "new_course_wrong": N_("The new course is wrong, and the party does not know it."),
    "retracing": N_("Retracing its tracks: %(miles)s."),
    "back_on_course": N_("The party is back where it went astray, and knows it."),
    "wrongly_on_course": N_("The party wrongly believes it is back on course."),
    "still_off_course": N_("The party believes it is still off course."),
    "found": N_("Found %(name)s (%(how)s)."),
    "found_again": N_("Came upon %(name)s again (%(how)s)."),
    "signs_of": N_("Signs of %(name)s (hidden: %(hits)s of %(needed)s)."),
    "doomed_until_rest": N_("%(name)s is doomed until a long rest."),
    "target_elsewhere": N_("%(name)s is not in this hex: no third check."),
    "escape_factors": N_("Escape factors: %(factors)s."),
    "chase_escaped": N_("%(name)s escaped in round %(round)s"),
    "chase_caught": N_("%(by)s caught %(name)s in round %(round)s"),
    "chase_collapsed": N_("%(name)s collapsed exhausted in round %(round)s"),
    "chase_got_away": N_("%(name)s got away"),
    "chase_dropped_out": N_("%(name)s dropped out exhausted in round %(round)s"),
    # -- why a DC is what it is, what a bonus is for
    "trackless": N_("trackless %(dc)s"),
    "poor_visibility": N_("poor visibility %(dc)s"),
    "hustle": N_("hustle %(dc)s"),
    "cautious": N_("cautious %(dc)s"),
    "compass": N_("compass"),
    "knowledge": N_("knowledge"),
    "knowledge_of": N_("knowledge of %(region)s"),
    "poor_trail": N_("poor trail"),
    "judging_distance": N_("judging the distance"),
    "march_hour": N_("forced march, hour %(hour)s"),
    "forage_in": N_("forage, %(terrain)s"),
    "new_terrain": N_("a clearly new terrain: extra check"),
    "obvious_landmark": N_("an obvious landmark: extra check"),
    "new_course": N_("%(dc)s new course"),
    "doomed": N_("doomed: disadvantage"),
    "dash": N_("dash %(dashes)s, %(free)s free"),
    "stealth_escape": N_("to beat passive Perception %(perception)s; %(feet)s ft ahead of "
                         "%(lead)s"),
    # -- what a plain roll is
    "mounted": N_("%(name)s (mounted)"),
    "initiative": N_("%(actor)s: initiative %(bonus)s"),
    "north_face": N_("the face the party takes for north"),
    "misjudge": N_("1-%(max)s misjudges"),
    "minute_of_watch": NN_("half hour %(half)s, minute %(minute)s: %(num)s minute into the "
                           "watch",
                           "half hour %(half)s, minute %(minute)s: %(num)s minutes into the "
                           "watch"),
    "cautious_cancels": N_("cautious: 1-%(max)s cancels"),
    "on_table": N_("on %(table)s"),
    "march_mount": N_("%(name)s's %(mount)s, hour %(hour)s"),
    "march_member": N_("%(name)s, hour %(hour)s"),
    "doom_die": N_("Doom die of %(name)s"),
    "resource": N_("%(name)s"),
    "dice": N_("%(dice)s"),
}

#: The vocabulary's words for a few families the GM log needs beyond the sites' ones.
SAID_WORDS: dict[str, dict[str, Msg]] = {
    "skill": {
        "survival": N_("Survival"),
        "con": N_("Constitution"),
        "stealth": N_("Stealth"),
    },
    "net_advantage": {
        "advantage": N_("advantage"),
        "disadvantage": N_("disadvantage"),
        # a roll with one of each: neither counts (rules.md section 8)
        "cancel": N_("advantage and disadvantage cancel"),
    },
    "chase_environment": {
        "urban": N_("Urban chase"),
        "wilderness": N_("Wilderness chase"),
    },
    "chase_outcome": {
        "escaped": N_("the quarry escaped"),
        "caught": N_("the pursuers caught the quarry"),
        "pursuers_exhausted": N_("the pursuers dropped out exhausted"),
        "mixed": N_("some of the quarry were caught"),
    },
    # what the engine's rolls came to (``RollRecord.outcome``), beyond the sites' outcomes
    "outcome": {
        "nothing": N_("nothing"),
        "wandering": N_("wandering"),
        "wandering (cancelled)": N_("wandering (cancelled)"),
        "cancelled": N_("cancelled"),
        "happens": N_("happens"),
        "target": N_("the target"),
        "keyed": N_("keyed"),
        "keyed (nothing left to find)": N_("keyed (nothing left to find)"),
        "steps down": N_("steps down"),
        "holds": N_("holds"),
        "misjudges": N_("misjudges"),
        "judges rightly": N_("judges rightly"),
        "complication": N_("complication"),
        "no veer": N_("no veer"),
        "1 face right": N_("1 face right"),
        "2 faces right": N_("2 faces right"),
        "3 faces right": N_("3 faces right"),
        "1 face left": N_("1 face left"),
        "2 faces left": N_("2 faces left"),
        "3 faces left": N_("3 faces left"),
        "attacks": N_("attacks"),
        "hostile": N_("hostile"),
        "cautious": N_("cautious"),
        "neutral": N_("neutral"),
        "friendly": N_("friendly"),
    },
    "purpose": {
        "judge_distance": N_("Judge distance"),
        "march_damage": N_("Forced march damage"),
        "north": N_("True north"),
        "north_face": N_("Face taken for north"),
        "backtrack": N_("Backtrack"),
        "misjudge": N_("Misjudging"),
        "encounter_distance": N_("Encounter distance"),
        "appearing": N_("Number appearing"),
        "cautious": N_("Caution"),
        "moment_minute": N_("Minute of the watch"),
        "doom": N_("Doom die"),
        "use": N_("Usage die"),
        "initiative": N_("Initiative"),
        "complication": N_("Complication"),
        "chase_con": N_("Dash (Constitution)"),
        "stealth": N_("Stealth"),
    },
    "path": {"trackless": N_("trackless")},
    "terrain": {"unknown": N_("unknown")},
    # the results the engine gives an encounter (a chase's end, a hidden place's signs)
    "encounter_result": {
        "escaped": N_("escaped"),
        "caught": N_("caught"),
        "pursuers_exhausted": N_("pursuers exhausted"),
        "gave_up": N_("the pursuers gave up"),
        "mixed": N_("some caught"),
        "signs of something hidden": N_("signs of something hidden"),
        "wandering encounter (no table for this hex)":
            N_("wandering encounter (no table for this hex)"),
    },
    "found_how": {
        "visible": N_("visible"),
        "on the path": N_("on the path"),
        "familiar": N_("familiar"),
        "keyed encounter": N_("keyed encounter"),
        "search": N_("search"),
    },
}


def with_said_words(vocabulary: Mapping[str, Mapping[str, Msg]]) -> dict[str, dict[str, Msg]]:
    """``vocabulary`` with the words of ``SAID_WORDS`` added to its families."""
    out = {family: dict(words) for family, words in vocabulary.items()}
    for family, words in SAID_WORDS.items():
        out.setdefault(family, {}).update(words)
    return out


def value(t: Translator, v: SaidValue) -> str:
    """One value written the language's way."""
    if isinstance(v, Said):
        return phrase(t, v)
    if isinstance(v, Word):
        return t.label(v.family, v.key, v.key)
    if isinstance(v, Signed):
        return ("+" if v.value >= 0 else "-") + t.number(abs(v.value))
    if isinstance(v, tuple):
        return ", ".join(value(t, x) for x in v)
    if isinstance(v, bool):  # pragma: no cover - not a value the engine says
        return str(v)
    if isinstance(v, (int, Fraction)):
        return t.number(v, 2)
    return v


def miles(t: Translator, x: SaidValue | None) -> str:
    """Exact miles (up to two decimals), with the noun in the number's form."""
    n = x if isinstance(x, (int, Fraction)) else Fraction(0)
    if Fraction(n).denominator == 1:
        return t.count(int(n), "mile")
    return t.count(float(n), "mile").replace(t.number(float(n), 1), t.number(n, 2), 1)


def speed(t: Translator, x: SaidValue | None) -> str:
    """Miles per hour (up to two decimals), with the unit in the number's form."""
    n = x if isinstance(x, (int, Fraction)) else Fraction(0)
    if Fraction(n).denominator == 1:
        return t.count(int(n), "mph")
    return t.count(float(n), "mph", places=2)


def joined(t: Translator, items: SaidValue | None, sep: str = "; ") -> str:
    """A list of values (reasons, damage, participants) in one run of text."""
    if items is None:
        return ""
    seq: Iterable[SaidValue] = items if isinstance(items, tuple) else (items,)
    return sep.join(value(t, x) for x in seq)


def _move(t: Translator, s: Said) -> str:
    """``15 miles in 4 h into 0412, 0411 (trail, 3 mph, exit N [back]).``"""
    head = t.gettext("%(miles)s in %(hours)s", miles=miles(t, s.get("miles")),
                     hours=t.pgettext("hours, short", "%(num)s h",
                                      num=value(t, s.get("hours") or 0)))
    into = s.get("into")
    if into is not None:
        text = t.gettext("%(move)s into %(hexes)s", move=head, hexes=joined(t, into, ", "))
    else:
        text = t.gettext("%(move)s staying in %(hex)s", move=head,
                         hex=value(t, s.get("staying") or ""))
    stretch = s.get("stretch")
    if isinstance(stretch, Said):
        text += " " + t.gettext(
            "(%(path)s, %(speed)s, exit %(face)s [%(side)s])",
            path=value(t, stretch.get("path") or ""),
            speed=speed(t, stretch.get("mph")),
            face=value(t, stretch.get("exit") or ""), side=value(t, stretch.get("side") or ""))
    if s.get("arrived"):
        text += " " + t.gettext("— arrived")
    return t.gettext("%(text)s.", text=text)


def _reasons(t: Translator, s: Said) -> str:
    why = s.get("why")
    return " (" + joined(t, why, ", ") + ")" if why else ""


def _actor(t: Translator, s: Said) -> str:
    skill = value(t, s.get("skill") or "")
    actor = s.get("actor")
    if not actor:
        return skill
    return t.gettext("%(actor)s: %(skill)s", actor=value(t, actor), skill=skill)


def _check_d20(t: Translator, s: Said) -> str:
    """``Wren: Survival +7 +2 vs DC 16 (forest, sparse, trackless +2)``."""
    parts = [_actor(t, s), value(t, s.get("score") or 0)]
    bonus, extra = s.get("bonus"), s.get("extra")
    if bonus is not None:
        parts.append(value(t, bonus))
    if extra is not None:
        parts.append(t.gettext("%(extra)s (advantage die)", extra=value(t, extra)))
    parts.append(t.gettext("vs DC %(dc)s", dc=value(t, s.get("dc") or 0)))
    return " ".join(parts) + _reasons(t, s)


def _check_brp(t: Translator, s: Said) -> str:
    """``Wren: Survival 45% +10%, Normal: 55%``: the band stands for the DC, BRP speaks of
    percent chances."""
    score = s.get("score")
    head = _actor(t, s) + " " + t.percent(score if isinstance(score, int) else 0, 0)
    bonus = s.get("bonus")
    if isinstance(bonus, Signed):
        head += " " + ("+" if bonus.value >= 0 else "-") + t.percent(abs(bonus.value), 0)
    chance = s.get("chance")
    return t.gettext("%(check)s, %(band)s: %(chance)s", check=head,
                     band=value(t, s.get("band") or ""),
                     chance=t.percent(chance if isinstance(chance, int) else 0, 0)) + \
        _reasons(t, s)


def _check_bsh(t: Translator, s: Said) -> str:
    """``Wren: Survival 12 +2 = 14 (roll under; DC 16, advantage, threat +2)``: a bonus shown
    beside the score it raises."""
    inside = [t.gettext("roll under"), t.gettext("DC %(dc)s", dc=value(t, s.get("dc") or 0))]
    mode, threat = s.get("mode"), s.get("threat")
    if mode is not None:
        inside[-1] += ", " + value(t, mode)
    if threat is not None:
        inside[-1] += ", " + t.gettext("threat %(n)s", n=value(t, threat))
    score = value(t, s.get("score") or 0)
    bonus = s.get("bonus")
    if bonus is not None:
        score = t.gettext("%(score)s %(bonus)s = %(attribute)s", score=score,
                          bonus=value(t, bonus), attribute=value(t, s.get("attribute") or 0))
    return (_actor(t, s) + " " + score + " (" + "; ".join(inside) + ")" + _reasons(t, s))


def _chase(t: Translator, s: Said) -> str:
    """``Urban chase, 2 rounds: the pursuers caught the quarry (Guard caught Thief in round
    2).``"""
    rounds = s.get("rounds")
    n = rounds if isinstance(rounds, int) else 0
    outcome = s.get("outcome")
    if isinstance(outcome, Word) and outcome.key == "gave_up":
        how = t.ngettext("the pursuers gave up after %(num)s round",
                         "the pursuers gave up after %(num)s rounds", n)
    else:
        how = value(t, outcome or "")
    return t.gettext("%(chase)s, %(rounds)s: %(outcome)s (%(parts)s).",
                     chase=value(t, s.get("environment") or ""),
                     rounds=t.ngettext("%(num)s round", "%(num)s rounds", n),
                     outcome=how, parts=joined(t, s.get("parts")))


def _terrain(t: Translator, s: Said) -> str:
    name = value(t, s.get("name") or "").lower()
    density = s.get("density")
    return name + (", " + value(t, density) if density is not None else "")


def _complication(t: Translator, s: Said) -> str:
    text = t.gettext("%(actor)s: complication on 1-%(max)s",
                     actor=value(t, s.get("actor") or ""), max=value(t, s.get("max") or 0))
    strikes = s.get("strikes")
    if strikes is not None:
        text += ", " + t.gettext("strikes %(who)s", who=value(t, strikes))
    return text


#: The kinds put together from parts.
COMPOSED: dict[str, Callable[[Translator, Said], str]] = {
    "move": _move,
    "check_d20": _check_d20,
    "check_brp": _check_brp,
    "check_bsh": _check_bsh,
    "chase": _chase,
    # dice as rolled (``2d20kh1``, and each die of several): the language's notation
    "dice_rolled": lambda t, s: t.dice(str(s.get("dice") or "")) + (
        " [" + joined(t, s.get("each"), ", ") + "]" if s.get("each") else ""),
    "terrain": _terrain,
    "complication_roll": _complication,
}

#: Values written as a list (``; ``), or as miles.
_LISTS = frozenset({"harm", "factors", "parts"})


def phrase(t: Translator, s: Said) -> str:
    """``s`` as text in ``t``'s language."""
    composed = COMPOSED.get(s.kind)
    if composed is not None:
        return composed(t, s)
    message = SAID[s.kind]
    values = {k: (joined(t, v) if k in _LISTS else miles(t, v) if k == "miles"
                  else value(t, v)) for k, v in s.values}
    if isinstance(message, Plural):
        num = s.get("num")
        n = int(num) if isinstance(num, (int, Fraction)) else 0
        return t.ngettext(message.singular, message.plural, n, **values)
    return t.msg(message, **values)
