"""The players' journal: each day of a session told as prose, from the players' session view.

The journal reads what the party believes: the road or river it followed (as the players'
map names it), the place it believed it reached (a location it knows there, the hex's name,
else the land's terrain), what it met (a ``tell:``), what it found, its own notes, its rests
and camps, and getting lost and finding its way again as it lived them. It is made from a
``SessionView`` of the players' view (the templates' copy, its text escaped), so it can tell
nothing that view does not hold: never the true hexes, a roll or a GM remark.

Every sentence is a gettext message of the site's language (en, ru, uk).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from generator.i18n import N_, NP_, Msg, Translator
from generator.render.paths import location_path

#: "The party followed <path> to <place>." by path kind: the words differ with the kind in
#: Russian and Ukrainian (a road is walked, a river followed along its bank).
FOLLOW_TO: dict[str, Msg] = {
    "highway": NP_("highway", "The party travelled along %(path)s to %(place)s."),
    "road": NP_("road", "The party travelled along %(path)s to %(place)s."),
    "trail": NP_("trail", "The party travelled along %(path)s to %(place)s."),
    "river": NP_("river", "The party travelled along %(path)s to %(place)s."),
}
FOLLOW_THROUGH: dict[str, Msg] = {
    "highway": NP_("highway", "The party travelled along %(path)s through %(terrain)s."),
    "road": NP_("road", "The party travelled along %(path)s through %(terrain)s."),
    "trail": NP_("trail", "The party travelled along %(path)s through %(terrain)s."),
    "river": NP_("river", "The party travelled along %(path)s through %(terrain)s."),
}
#: One watch spent in place, by activity; several alike in a row take ``SPENT_MANY``.
SPENT: dict[str, Msg] = {
    "rest": N_("The party rested."),
    "sleep": N_("The party slept."),
    "camp": N_("The party made camp."),
    "search": N_("The party searched the area."),
    "reorient": N_("The party stopped to get its bearings."),
    "chase": N_("The party was caught up in a chase."),
}
SPENT_MANY: dict[str, Msg] = {
    "rest": N_("The party rested for %(time)s."),
    "sleep": N_("The party slept for %(time)s."),
    "camp": N_("The party made camp and stayed for %(time)s."),
    "search": N_("The party searched the area for %(time)s."),
    "reorient": N_("The party spent %(time)s getting its bearings."),
}
#: Watches spent resting in one place: told together, under the camp when there is one.
HALTS = frozenset({"rest", "sleep", "camp"})
#: The end of a sentence (a note without one gets a full stop).
_ENDS = (".", "!", "?", "…", '"', "'", "»", "”", ")", "&#34;", "&#39;")


@dataclass(frozen=True)
class JournalDay:
    """One day of a session's journal: its number and its paragraphs (Markdown, separated
    by blank lines)."""

    day: int
    text: str


class _Teller:
    """The sentences of one session, for one page (its links) and one language."""

    def __init__(self, view: Any, t: Translator, location_link: Callable[[str], str],
                 hex_link: Callable[[str], str | None],
                 terrain_name: Callable[[str], str]) -> None:
        self.view, self.t = view, t
        self.location_link, self.hex_link = location_link, hex_link
        self.terrain_name = terrain_name
        #: the location the last travel sentence ended at (its "Found:" need not repeat it)
        self.named: str | None = None
        #: the session told: places are named as the party knew them by its end
        self.session = 0

    def say(self, msg: Msg, **values: Any) -> str:
        if msg.context is None:
            return self.t.gettext(msg.message, **values)
        return self.t.pgettext(msg.context, msg.message, **values)

    # -- places ---------------------------------------------------------------------------
    def place(self, label: str | None) -> str | None:
        """A believed hex by the name the players know: a location they found there, the
        hex's name (or label, when the players' map shows labels); None when it has none."""
        if label is None:
            return None
        info = self.view.hexes.get(label)
        if info is not None:
            for lid in info.locations:
                loc = self.view.locations.get(lid)
                # a place the party knew by then (not one it found in a later session)
                if loc is not None and loc.found_in is not None and loc.found_in <= self.session:
                    self.named = lid
                    return self.location_link(lid)
        known = self.view.place(label)
        if known:
            target = self.hex_link(label)
            return f"[{known}]({target})" if target else str(known)
        return None

    def region(self, label: str | None) -> str | None:
        info = self.view.hexes.get(label) if label is not None else None
        return info.region_name if info is not None else None

    def terrain(self, label: str | None) -> str | None:
        info = self.view.hexes.get(label) if label is not None else None
        if info is None:
            return None
        return self.terrain_name(info.terrain).lower()

    # -- sentences ------------------------------------------------------------------------
    def travel(self, first: Any, last: Any) -> str:
        """Consecutive travel watches on one course, from ``first`` to ``last``."""
        t = self.t
        self.named = None
        if last.knows_lost:
            return t.gettext("The party wandered, unsure of the way.")
        where, terrain = self.place(last.believed_end), self.terrain(last.believed_end)
        path, kind = first.follow, str(first.follow_kind or "road")
        if path:
            if where:
                return self.say(FOLLOW_TO.get(kind, FOLLOW_TO["road"]), path=path, place=where)
            if terrain:
                return self.say(FOLLOW_THROUGH.get(kind, FOLLOW_THROUGH["road"]), path=path,
                              terrain=terrain)
            return t.gettext("The party travelled along %(path)s.", path=path)
        face = t.face(first.heading) if first.heading else None
        if face and where:
            return t.gettext("The party travelled %(face)s to %(place)s.", face=face,
                             place=where)
        if face and terrain:
            return t.gettext("The party travelled %(face)s through %(terrain)s.", face=face,
                             terrain=terrain)
        if face:
            return t.gettext("The party travelled %(face)s.", face=face)
        if where:
            return t.gettext("The party travelled to %(place)s.", place=where)
        if terrain:
            return t.gettext("The party travelled through %(terrain)s.", terrain=terrain)
        return t.gettext("The party travelled on.")

    def halt(self, run: Sequence[Any]) -> str:
        kinds = {w.activity for w in run}
        activity = "camp" if "camp" in kinds else "sleep" if kinds == {"sleep"} else "rest"
        return self.spent(activity, len(run))

    def spent(self, activity: str, watches: int) -> str:
        if watches > 1 and activity in SPENT_MANY:
            return self.say(SPENT_MANY[activity], time=self.t.duration(watches))
        if activity in SPENT:
            return self.say(SPENT[activity])
        return ""

    def met(self, w: Any) -> list[str]:
        out: list[str] = []
        for told in w.met:
            if told:
                out.append(told.inline())
            elif w.activity == "encounter" and not w.tell:
                out.append(self.t.gettext("The party had an encounter."))
        if w.activity == "encounter" and not w.met and not w.tell:
            out.append(self.t.gettext("The party had an encounter."))
        return out

    def after(self, w: Any) -> list[str]:
        """What follows a watch's own sentence: its tell, what was met, found, noted."""
        out: list[str] = []
        if w.tell:
            out.append(w.tell.inline())
        out.extend(self.met(w))
        if w.note:
            out.append(w.note.inline())
        found = [lid for lid in (*w.found, *w.revealed) if lid != self.named]
        if found:
            out.append(self.t.gettext("Found: %(places)s.", places=", ".join(
                self.location_link(lid) for lid in found)))
        out.extend(note.inline() for note in w.notes)
        for r in w.rulings:
            out.extend(self.ruled(r))
        return out

    def ruled(self, r: Any) -> list[str]:
        """A GM ruling as the party lived it (a ``RulingView``): where it believed it was
        then, that it knew it was lost, what it found."""
        t = self.t
        out: list[str] = []
        if r.moved:
            where = self.place(r.believed)
            out.append(t.gettext("By the table's ruling, the party was in %(place)s.",
                                 place=where) if where else
                       t.gettext("By the table's ruling, the party was somewhere else."))
        if r.knows_lost:
            out.append(t.gettext("By the table's ruling, the party knew it was lost."))
        found = [lid for lid in r.found if lid != self.named]
        if found:
            out.append(t.gettext("Found: %(places)s.", places=", ".join(
                self.location_link(lid) for lid in found)))
        return out


def _quiet(w: Any) -> bool:
    """A watch that adds nothing to its sentence (it may join the one before)."""
    return not (w.tell or w.met or w.note or w.found or w.revealed or w.notes or w.rulings)


def _same_course(a: Any, b: Any) -> bool:
    # along a path the heading bends with it: the path is the course
    return bool(a.activity == b.activity == "travel" and a.follow == b.follow
                and (a.follow or a.heading == b.heading) and a.knows_lost == b.knows_lost)


def _joins(a: Any, b: Any) -> bool:
    """Whether watch ``b`` is told in the same sentence as ``a`` before it: halts (rests,
    sleep and camps), or the same course or task, on the same day (a sentence stays under
    the day its watches are in, as the watch list below it says)."""
    if a.knows_lost != b.knows_lost or a.day != b.day:
        return False
    if a.activity in HALTS and b.activity in HALTS:
        return True
    return _quiet(a) and a.day == b.day and (
        _same_course(a, b) or a.activity == b.activity not in ("travel", "encounter", "chase"))


def _runs(watches: Sequence[Any]) -> Iterable[list[Any]]:
    """Watches grouped into runs told as one sentence."""
    run: list[Any] = []
    for w in watches:
        if run and not _joins(run[-1], w):
            yield run
            run = []
        run.append(w)
    if run:
        yield run


def journal_days(session: Any, view: Any, t: Translator, link: Callable[[str], str],
                 hex_link: Callable[[str], str | None],
                 terrain_name: Callable[[str], str]) -> list[JournalDay]:
    """The journal of a players' session (the templates' copy of a ``SessionView``), a day
    at a time. ``link`` (a docs path to a link from the page) and ``hex_link`` (a
    hex's link, or None) make the page's links; ``terrain_name`` names a terrain id."""

    def location_link(lid: str) -> str:
        loc = view.locations.get(lid)
        return f"[{loc.name}]({link(location_path(lid))})" if loc is not None else str(lid)

    teller = _Teller(view, t, location_link, hex_link, terrain_name)
    teller.session = session.number
    # a day is paragraphs of sentences: each leg of the journey begins one
    days: dict[int, list[list[str]]] = {}
    lost = bool(session.start_knows_lost)
    region = teller.region(session.believed_start)
    opening = [n.inline() for n in session.opening_notes]
    for r in session.opening_rulings:
        opening.extend(teller.ruled(r))
        lost = bool(r.knows_lost)
    if opening:
        days[session.start_day] = [opening]
    for run in _runs(session.watches):
        first, last = run[0], run[-1]
        paragraphs = days.setdefault(first.day, [[]])
        if first.activity == "travel" and paragraphs[-1]:
            paragraphs.append([])
        sentences = paragraphs[-1]
        if first.knows_lost and not lost:
            sentences.append(t.gettext("The party realised it was lost."))
        elif lost and not first.knows_lost and first.activity != "reorient":
            sentences.append(t.gettext("The party found its way again."))
        if first.activity == "travel":
            sentences.append(teller.travel(first, last))
            entered = None if last.knows_lost else teller.region(last.believed_end)
            if entered and entered != region:
                sentences.append(t.gettext("The party entered %(region)s.", region=entered))
            region = entered or region
        elif first.activity in HALTS:
            sentences.append(teller.halt(run))
        elif first.activity != "encounter":
            sentences.append(teller.spent(first.activity, len(run)))
        if first.activity == "reorient" and lost and not last.knows_lost:
            sentences.append(t.gettext("The party found its way again."))
        lost = bool(last.knows_lost)
        for w in run:
            sentences.extend(teller.after(w))
            if w.rulings:
                lost = bool(w.rulings[-1].knows_lost)
        teller.named = None
    return [JournalDay(day, "\n\n".join(" ".join(_sentence(s) for s in sentences if s)
                                         for sentences in paragraphs if any(sentences)))
            for day, paragraphs in sorted(days.items()) if any(map(any, paragraphs))]


def _sentence(text: str) -> str:
    """A sentence of the journal ends as one: a note written without a full stop gets one."""
    text = text.strip()
    bare = re.sub(r"(<[^>]*>|\s)+$", "", text)
    return text if bare.endswith(_ENDS) or not bare else text + "."
