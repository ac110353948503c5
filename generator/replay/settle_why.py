"""Why no dice of an entry give what the GM expected: the rule that stands in the way.

``generator.replay.settle`` tries the dice of an entry; when none make the watch turn out as
its ``expect:`` says, this names the rule in the GM's words, from the expectation itself (a
party that is not lost cannot veer) and from every watch the search replayed (the place the
GM expected to find is three hexes from where any of them ends). The messages are marked for
translation and translated by the command that prints them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from generator.content.campaign import Campaign
from generator.content.sessionlog import Expect, LogEntry
from generator.hexgrid import distance
from generator.i18n import N_, NN_, Msg, Plural
from generator.rules.chronicle import WatchRecord
from generator.rules.state import PartyState


@dataclass(frozen=True)
class Reason:
    """A rule that stands in the way: a message to translate and its values (``num`` picks
    the plural form of a ``Plural``)."""

    message: Msg | Plural
    values: Mapping[str, object] = field(default_factory=dict)
    num: int | None = None


#: Watches that neither move the party nor change whether it is lost.
STAY = ("rest", "sleep", "camp", "search", "encounter", "chase")

NOT_LOST_NO_VEER = N_("a party that is not lost cannot veer")
STAYS_LOST = N_("a lost party stays lost until it re-orients, follows a path or heads for a "
                "landmark")


def _follows_safely(c: Campaign, entry: LogEntry) -> bool:
    """A travel watch that makes no navigation check: to a landmark, or along a path that
    is not a poor trail (rules.md section 5)."""
    travel = entry.travel
    if travel is None:
        return False
    if travel.landmark:
        return True
    path = c.paths.get(travel.follow or "")
    return path is not None and not (path.kind == "trail" and path.condition == "poor")


def ruled_out(c: Campaign, entry: LogEntry, state: PartyState,
              discovered: Mapping[str, tuple[int, int]], watch: WatchRecord) -> list[Reason]:
    """The rules that no dice of ``entry`` can get past, from the expectation itself, the
    kind of watch and the party before it (``watch``: the watch as the replay has it)."""
    ex = entry.expect
    assert ex is not None
    out: list[Reason] = []
    if ex.veer and ex.lost is False:
        out.append(Reason(NOT_LOST_NO_VEER))
    elif ex.veer and "compass" in state.gear:
        out.append(Reason(N_("a party with a compass does not veer: it holds its course")))
    stays = entry.action in STAY
    if ex.veer is not None and stays and ex.veer != state.veer:
        out.append(Reason(N_("a party that does not travel keeps its veer (%(veer)s)"),
                          {"veer": state.veer}))
    elif ex.veer is not None and abs(ex.veer) > abs(state.veer) + 1:
        # one navigation check a watch: a veer is rolled, or grows by a face, once
        out.append(Reason(N_("a veer grows by one face a watch at most, and it is %(veer)s "
                             "before this watch"), {"veer": state.veer}))
    if ex.knows_lost and ex.lost is False:
        out.append(Reason(N_("a party that is not lost cannot know it is lost")))
    if ex.lost is not None and ex.lost != watch.lost and (stays or _follows_safely(c, entry)):
        if not ex.lost:
            out.append(Reason(STAYS_LOST))
        elif stays:
            out.append(Reason(N_("a party that does not travel makes no navigation check, "
                                 "so it cannot get lost in this watch")))
        else:
            out.append(Reason(N_("a party that follows a path or heads for a landmark makes "
                                 "no navigation check, so it cannot get lost")))
    if stays and ((ex.hex is not None and ex.hex != watch.start_hex) or ex.entered):
        out.append(Reason(N_("a party that does not travel stays in %(hex)s"),
                          {"hex": watch.start_hex}))
    for lid in ex.found:
        loc = c.locations.get(lid)
        if loc is not None and lid in discovered:
            out.append(Reason(N_("%(place)s was found before this watch, and 'found:' lists "
                                 "only the places first found in it"), {"place": loc.name}))
    return out


def _lost_rules(ex: Expect, watches: list[WatchRecord]) -> list[Reason]:
    out: list[Reason] = []
    if ex.veer and not any(w.lost for w in watches):
        out.append(Reason(N_("a party that is not lost cannot veer, and no dice of this "
                             "entry get it lost")))
    if ex.lost is True and not any(w.lost for w in watches):
        out.append(Reason(N_("no dice of this entry get the party lost")))
    if ex.lost is False and watches and all(w.lost for w in watches):
        out.append(Reason(STAYS_LOST))
    if ex.knows_lost and ex.lost is not False and not any(w.knows_lost for w in watches):
        out.append(Reason(N_("no dice of this entry let the party realise it is lost")))
    return out


def _place_rules(c: Campaign, ex: Expect, watches: list[WatchRecord]) -> list[Reason]:
    out: list[Reason] = []
    grid = c.grid
    start = watches[0].start_hex if watches else None
    if ex.hex is not None and start is not None and not any(w.end_hex == ex.hex
                                                            for w in watches):
        far = distance(grid.parse(start), grid.parse(ex.hex))
        most = max(distance(grid.parse(start), grid.parse(w.end_hex)) for w in watches)
        if far > most:
            out.append(Reason(NN_(
                "%(hex)s is %(num)s hex from %(start)s, where the watch starts, and no dice "
                "of this entry take the party farther than %(most)s",
                "%(hex)s is %(num)s hexes from %(start)s, where the watch starts, and no dice "
                "of this entry take the party farther than %(most)s"),
                {"hex": ex.hex, "start": start, "most": most}, far))
        else:
            out.append(Reason(N_("no dice of this entry end the watch in %(hex)s"),
                              {"hex": ex.hex}))
    for lid in ex.found:
        loc = c.locations.get(lid)
        if loc is None or any(lid in w.discovered for w in watches):
            continue
        near = min((distance(grid.parse(loc.label), grid.parse(w.end_hex)) for w in watches),
                   default=0)
        if near:
            out.append(Reason(NN_("%(place)s is %(num)s hex from where the watch ends",
                                  "%(place)s is %(num)s hexes from where the watch ends"),
                              {"place": loc.name}, near))
        else:
            out.append(Reason(N_("no dice of this entry find %(place)s, even where the "
                                 "party reaches its hex"), {"place": loc.name}))
    if ex.believed is not None and not any(w.believed_hex == ex.believed for w in watches):
        out.append(Reason(N_("no dice of this entry make the party believe it is in "
                             "%(hex)s"), {"hex": ex.believed}))
    if ex.entered is not None and not any(w.hexes_entered == list(ex.entered)
                                          for w in watches):
        out.append(Reason(N_("no dice of this entry take the party through %(hexes)s"),
                          {"hexes": ", ".join(ex.entered) or "-"}))
    return out


def explain(c: Campaign, entry: LogEntry, watches: list[WatchRecord]) -> list[Reason]:
    """What keeps every watch the search replayed (``watches``) of ``entry`` from its
    ``expect:``: the closest the dice came."""
    ex = entry.expect
    assert ex is not None
    out = _lost_rules(ex, watches) + _place_rules(c, ex, watches)
    if ex.veer is not None and not any(w.veer == ex.veer for w in watches) and not any(
            r.message == NOT_LOST_NO_VEER for r in out):
        out.append(Reason(N_("no dice of this entry give a veer of %(veer)s"),
                          {"veer": ex.veer}))
    return out or [Reason(N_("no dice of this entry make the watch turn out as expected"))]
