"""The players' journal: each day of a session told as prose, from the players' session view.

The journal is told in one voice, the party's, in the third person and the past tense: the
road or river it followed (as the players' map names it), the place it believed it reached (a
location it knows there, the hex's name, else the land's terrain) and how far it reckoned it
had walked, what befell it (``journal_events``: the hustle, a forced march and who failed its
Constitution check, damage, someone falling unconscious, usage dice running out, a day spent
lost), what it found, its rests and camps, and getting lost and finding its way again as it
lived them. Words the journal does not write itself are quoted as they were written, each
with who wrote them: what the GM told the players (a ``tell:``, a table row's) and the
party's own notes (``note:`` entries, a watch's ``note:``).

It is made from a ``SessionView`` of the players' view, so it can tell nothing that view
does not hold: never the true hexes or miles, a roll or a GM remark. It is Markup of the
page (``PageMarkup``): its sentences are the templates' translator's (``PageTranslator``),
which escapes every name it is given, and its links and quotations escape theirs.

Every sentence is a gettext message of the site's language (en, ru, uk).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from generator.i18n import N_, NP_, Msg, Translator
from generator.knowledge import GMView, PlayerView, RulingView, SessionView, WatchView
from generator.render import journal_events as events
from generator.render.environment import page_translator
from generator.render.escape import PageMarkup, text
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
#: Who wrote a quoted passage: the caption above it.
SAID: dict[str, Msg] = {
    "gm": N_("In the GM's words:"),
    "party": N_("From the party's notes:"),
}


#: One thing the journal tells: ("say", a sentence of its own) or a passage it quotes as
#: written, by who wrote it (``SAID``: "gm", "party"; a ``Prose``).
Item = tuple[str, Any]


@dataclass(frozen=True)
class JournalDay:
    """One day of a session's journal: its number and its blocks (Markdown paragraphs and
    quoted passages, separated by blank lines)."""

    day: int
    text: str


class _Teller:
    """The sentences of one session, for one page (its links) and one language."""

    def __init__(self, view: PlayerView | GMView, t: Translator,
                 location_link: Callable[[str], str], hex_link: Callable[[str], str | None],
                 terrain_name: Callable[[str], str]) -> None:
        self.view, self.t = view, t
        self.location_link, self.hex_link = location_link, hex_link
        self.terrain_name = terrain_name
        #: the location the last travel sentence ended at (its "found" need not repeat it)
        self.named: str | None = None
        #: the session told: places are named as the party knew them by its end
        self.session = 0
        #: the session's party (a hustle that cost every member alike is told once)
        self.members: tuple[str, ...] = ()

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
            return PageMarkup("[%s](%s)") % (known, target) if target else text(known)
        return None

    def region(self, label: str | None) -> str | None:
        info = self.view.hexes.get(label) if label is not None else None
        return info.region_name if info is not None else None

    def terrain(self, label: str | None) -> str | None:
        info = self.view.hexes.get(label) if label is not None else None
        if info is None:
            return None
        return self.terrain_name(info.terrain).lower()

    def found(self, ids: Sequence[str]) -> list[str]:
        """"The party found ..." for locations not named by the sentence before."""
        found = list(dict.fromkeys(lid for lid in ids if lid != self.named))
        if not found:
            return []
        return [self.t.gettext("The party found %(places)s.", places=events.and_list(
            self.t, [self.location_link(lid) for lid in found]))]

    # -- sentences ------------------------------------------------------------------------
    def travel(self, first: WatchView, last: WatchView) -> str:
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

    def reckoned(self, run: Sequence[WatchView]) -> list[str]:
        """How far the party believed it walked: its reckoning, which the GM's page sets
        beside the true distance."""
        miles = round(sum(float(w.believed_miles) for w in run), 1)
        if miles <= 0:
            return []
        return [self.t.gettext("By the party's reckoning, that was %(miles)s.",
                               miles=self.t.count(miles, "mile"))]

    def halt(self, run: Sequence[WatchView]) -> str:
        kinds = {w.activity for w in run}
        activity = "camp" if "camp" in kinds else "sleep" if kinds == {"sleep"} else "rest"
        return self.spent(activity, len(run))

    def spent(self, activity: str, watches: int) -> str:
        if watches > 1 and activity in SPENT_MANY:
            return self.say(SPENT_MANY[activity], time=self.t.duration(watches))
        if activity in SPENT:
            return self.say(SPENT[activity])
        return ""

    def met(self, w: WatchView) -> list[Item]:
        """What the party met: the GM's words for it, or that it had an encounter."""
        out: list[Item] = []
        for told in w.met:
            if told:
                out.append(("gm", told))
            elif w.activity == "encounter" and not w.tell:
                out.append(("say", self.t.gettext("The party had an encounter.")))
        if w.activity == "encounter" and not w.met and not w.tell:
            out.append(("say", self.t.gettext("The party had an encounter.")))
        return out

    def after(self, w: WatchView) -> list[Item]:
        """What follows a watch's own sentence: what befell the party and what it found, in
        the journal's words; what the GM told and the party noted, quoted; the rulings and
        usage dice after it."""
        out: list[Item] = [("say", s) for s in events.befell(self.t, w, self.members)]
        out.extend(("say", s) for s in self.found((*w.found, *w.revealed)))
        if w.tell:
            out.append(("gm", w.tell))
        out.extend(self.met(w))
        if w.note:
            out.append(("party", w.note))
        out.extend(("party", note) for note in w.notes)
        for r in w.rulings:
            out.extend(("say", s) for s in self.ruled(r))
        out.extend(("say", s) for s in events.usage(
            self.t, self.view.usage_events.get(self.session, ()), w.index))
        return out

    def ruled(self, r: RulingView) -> list[str]:
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
        out.extend(self.found(r.found))
        return out


def _quiet(w: WatchView) -> bool:
    """A watch that adds nothing to its sentence (it may join the one before)."""
    return not (w.tell or w.met or w.note or w.found or w.revealed or w.notes or w.rulings
                or w.harm or w.forced_march)


def _same_course(a: WatchView, b: WatchView) -> bool:
    # along a path the heading bends with it: the path is the course
    return bool(a.activity == b.activity == "travel" and a.follow == b.follow
                and (a.follow or a.heading == b.heading) and a.knows_lost == b.knows_lost)


def _joins(a: WatchView, b: WatchView) -> bool:
    """Whether watch ``b`` is told in the same sentence as ``a`` before it: halts (rests,
    sleep and camps), or the same course or task, on the same day (a sentence stays under
    the day its watches are in, as the watch list below it says)."""
    if a.knows_lost != b.knows_lost or a.day != b.day:
        return False
    if a.activity in HALTS and b.activity in HALTS:
        return True
    return _quiet(a) and a.day == b.day and (
        _same_course(a, b) or a.activity == b.activity not in ("travel", "encounter", "chase"))


def _runs(watches: Sequence[WatchView]) -> Iterable[list[WatchView]]:
    """Watches grouped into runs told as one sentence."""
    run: list[WatchView] = []
    for w in watches:
        if run and not _joins(run[-1], w):
            yield run
            run = []
        run.append(w)
    if run:
        yield run


def _told(teller: _Teller, session: SessionView) -> dict[int, list[list[Item]]]:
    """The session's items by day, a list per leg of the journey (each travel begins one)."""
    t = teller.t
    days: dict[int, list[list[Item]]] = {}
    lost = bool(session.start_knows_lost)
    region = teller.region(session.believed_start)
    opening: list[Item] = [("party", n) for n in session.opening_notes]
    for r in session.opening_rulings:
        opening.extend(("say", s) for s in teller.ruled(r))
        lost = bool(r.knows_lost)
    opening.extend(("say", s) for s in events.usage(
        t, teller.view.usage_events.get(session.number, ()), -1))
    if opening:
        days[session.start_day] = [opening]
    for run in _runs(session.watches):
        first, last = run[0], run[-1]
        legs = days.setdefault(first.day, [[]])
        if first.activity == "travel" and legs[-1]:
            legs.append([])
        said: list[str] = []
        if first.knows_lost and not lost:
            said.append(t.gettext("The party realised it was lost."))
        elif lost and not first.knows_lost and first.activity != "reorient":
            said.append(t.gettext("The party found its way again."))
        if first.activity == "travel":
            said.append(teller.travel(first, last))
            said.extend(teller.reckoned(run))
            entered = None if last.knows_lost else teller.region(last.believed_end)
            if entered and entered != region:
                said.append(t.gettext("The party entered %(region)s.", region=entered))
            region = entered or region
        elif first.activity in HALTS:
            said.append(teller.halt(run))
        elif first.activity != "encounter":
            said.append(teller.spent(first.activity, len(run)))
        if first.activity == "reorient" and lost and not last.knows_lost:
            said.append(t.gettext("The party found its way again."))
        legs[-1].extend(("say", s) for s in said if s)
        lost = bool(last.knows_lost)
        for w in run:
            legs[-1].extend(teller.after(w))
            if w.rulings:
                lost = bool(w.rulings[-1].knows_lost)
        teller.named = None
    return days


def journal_days(session: SessionView, view: PlayerView | GMView, t: Translator,
                 link: Callable[[str], str], hex_link: Callable[[str], str | None],
                 terrain_name: Callable[[str], str]) -> list[JournalDay]:
    """The journal of a players' session (a ``SessionView``), a day at a time, in the words
    of ``t`` as the templates' ``PageTranslator``. ``link`` (a docs path to a link from the
    page) and ``hex_link`` (a hex's link, or None) make the page's links; ``terrain_name``
    names a terrain id."""
    t = page_translator(t)

    def location_link(lid: str) -> str:
        loc = view.locations.get(lid)
        if loc is None:
            return text(lid)
        return PageMarkup("[%s](%s)") % (loc.name, link(location_path(lid)))

    teller = _Teller(view, t, location_link, hex_link, terrain_name)
    teller.session, teller.members = session.number, tuple(session.members)
    days = _told(teller, session)
    last_day = max((w.day for w in session.watches), default=session.start_day)
    for day, legs in days.items():
        lost = events.lost_day(t, [w for w in session.watches if w.day == day],
                               day == last_day)
        if lost:
            legs[-1].append(("say", lost))
    out: list[JournalDay] = []
    for day, legs in sorted(days.items()):
        blocks = [block for leg in legs for block in _blocks(t, leg)]
        if blocks:
            out.append(JournalDay(day, PageMarkup("\n\n").join(blocks)))
    return out


def _blocks(t: Translator, items: Sequence[Item]) -> list[str]:
    """A leg's items as Markdown blocks: the journal's sentences in a paragraph, each run
    of passages one writer wrote in one quotation under its caption."""
    out: list[str] = []
    told = (item for item in items if item[0] != "say" or item[1])
    for who, group in itertools.groupby(told, key=lambda item: item[0]):
        parts = [what for _, what in group]
        out.append(_paragraph(parts) if who == "say" else _quote(t, who, parts))
    return out


def _paragraph(sentences: Sequence[str]) -> str:
    return PageMarkup(" ").join(_sentence(s) for s in sentences)


def _quote(t: Translator, who: str, passages: Sequence[Any]) -> str:
    """Passages quoted as written (each a ``Prose``, its block form), under a caption that
    says who wrote them: the GM (what the players were told) or the party (its notes)."""
    return PageMarkup('<figure class="hexcrawl-quote hexcrawl-said-%s" markdown="1">\n'
                      "<figcaption>%s</figcaption>\n"
                      '<blockquote markdown="1">\n%s\n</blockquote>\n</figure>') % (
        who, t.msg(SAID[who]), PageMarkup("\n").join(passages))


def _sentence(said: str) -> str:
    """A sentence of the journal ends as one."""
    said = PageMarkup.escape(said).strip()
    bare = re.sub(r"(<[^>]*>|\s)+$", "", said)
    return said if bare.endswith(_ENDS) or not bare else said + "."
