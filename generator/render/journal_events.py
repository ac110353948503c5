"""What befell the party, told in the players' journal: the hustle and the forced march as
the party lived them (who failed the Constitution check, the damage, who fell unconscious),
its usage dice dwindling or running out, and days spent lost.

Every sentence is the party's, third person, past tense, and a gettext message of the site's
language. Russian and Ukrainian mark the past tense for a person's gender, which the
campaign does not record: a sentence about members names them in a list after a colon
("Проверку Телосложения провалили: ..."), which reads for one name as for several.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from generator.i18n import Translator
from generator.knowledge import WatchView
from generator.knowledge.views import HarmView, UsageEvent
from generator.render.escape import PageMarkup


def and_list(t: Translator, items: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C`` in the site's language (Markup: each item
    escaped, links as they are)."""
    if len(items) < 2:
        return PageMarkup("").join(items)
    return t.gettext("%(a)s and %(b)s", a=PageMarkup(", ").join(items[:-1]), b=items[-1])


def _by_member(harms: Iterable[HarmView]) -> dict[str, int]:
    """Damage summed per member, in the order they were first hurt."""
    out: dict[str, int] = {}
    for h in harms:
        out[h.member] = out.get(h.member, 0) + int(h.amount)
    return out


def _hurt(t: Translator, damage: dict[str, int]) -> list[str]:
    return [t.ngettext("%(name)s (%(n)s point of nonlethal damage)",
                       "%(name)s (%(n)s points of nonlethal damage)", n, name=name, n=n)
            for name, n in damage.items()]


def hustle(t: Translator, harms: Sequence[HarmView], members: Sequence[str]) -> list[str]:
    """The damage of hustling: the same for every member, as a rule."""
    damage = _by_member(h for h in harms if h.cause == "hustle" and not h.mount)
    if not damage:
        return []
    amounts = set(damage.values())
    if len(amounts) == 1 and set(damage) == set(members):
        n = amounts.pop()
        return [t.ngettext("Hustling cost every member of the party %(n)s point of nonlethal "
                           "damage and left them fatigued.",
                           "Hustling cost every member of the party %(n)s points of nonlethal "
                           "damage and left them fatigued.", n, n=n)]
    return [t.gettext("Hustling wore down %(list)s.", list=and_list(t, _hurt(t, damage)))]


def forced_march(t: Translator, harms: Sequence[HarmView]) -> list[str]:
    """A forced march: who failed the Constitution check and what it cost them."""
    out = [t.gettext("The party marched on past eight hours since its last sleep: a forced "
                     "march.")]
    damage = _by_member(h for h in harms if h.cause == "march" and not h.mount)
    if damage:
        out.append(t.ngettext(
            "%(list)s failed the Constitution check and was left fatigued.",
            "%(list)s failed the Constitution check and were left fatigued.", len(damage),
            list=and_list(t, _hurt(t, damage))))
    elif not any(h.mount for h in harms):
        out.append(t.gettext("Everyone passed the Constitution check."))
    return out


def mounts(t: Translator, harms: Sequence[HarmView]) -> list[str]:
    """Lethal damage to ridden mounts (hustled or force-marched)."""
    damage = _by_member(h for h in harms if h.mount)
    if not damage:
        return []
    hurt = [t.gettext("%(name)s's mount (%(n)s)", name=name, n=n)
            for name, n in damage.items()]
    return [t.gettext("The ridden mounts took lethal damage: %(list)s.",
                      list=and_list(t, hurt))]


def befell(t: Translator, w: WatchView, members: Sequence[str]) -> list[str]:
    """What a watch cost the party: hustle, a forced march, who fell unconscious."""
    out = hustle(t, w.harm, members)
    if w.forced_march:
        out.extend(forced_march(t, w.harm))
    out.extend(mounts(t, w.harm))
    out_cold = list(dict.fromkeys(h.member for h in w.harm if h.unconscious))
    if out_cold:
        out.append(t.ngettext("%(names)s fell unconscious.", "%(names)s fell unconscious.",
                              len(out_cold), names=and_list(t, out_cold)))
    return out


def usage(t: Translator, session_events: Iterable[UsageEvent], watch: int) -> list[str]:
    """Usage dice that stepped down after watch ``watch`` (-1: before the first) of a
    session, from the session's own usage events (``View.usage_events``): a resource
    dwindling or running out, a doom die falling."""
    out: list[str] = []
    for r, e in session_events:
        # (a long rest restores a die, a declaration sets it: neither wears it down)
        if e.watch != watch or e.before == e.after or e.reason in ("declared", "long rest"):
            continue
        if r.doom:
            out.append(t.gettext("%(name)s's doom die ran out: doomed until a long rest.",
                                 name=r.owner) if e.after == "exhausted" else
                       t.gettext("%(name)s's doom die dropped to %(die)s.", name=r.owner,
                                 die=t.dice(e.after)))
        else:
            out.append(t.gettext("%(resource)s ran out.", resource=r.name)
                       if e.after == "exhausted" else
                       t.gettext("%(resource)s dwindled: its usage die dropped to "
                                 "%(die)s.", resource=r.name, die=t.dice(e.after)))
    return out


def lost_day(t: Translator, watches: Sequence[WatchView], last_day: bool) -> str | None:
    """A day the party spent lost (it knew it was lost all day), or ended lost."""
    if watches and all(w.knows_lost for w in watches):
        return t.gettext("The whole day was lost: the party did not know where it was.")
    if watches and watches[-1].knows_lost and not last_day:
        return t.gettext("The day ended with the party still lost.")
    return None
