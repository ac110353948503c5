"""What each map is called and what it shows, for those who cannot see it: its accessible
name (``aria-label`` and ``<title>``) and description (``<desc>``), in the site's language."""

from __future__ import annotations

from generator.i18n import Translator
from generator.knowledge import GMSessionView, GMView, SessionView, View


def _t(t: Translator | None) -> Translator:
    """The site's translator; English for a map drawn without one."""
    return t if t is not None else Translator("en")


def overview(view: View, t: Translator | None) -> tuple[str, str]:
    """The overview's name and description: whose map, and after which session."""
    tr = _t(t)
    last = view.sessions[-1].number if view.sessions else None
    if isinstance(view, GMView):
        name = tr.gettext("The GM's map of the whole region")
        desc = (tr.gettext("Every hex and location, the true and believed tracks, after "
                           "session %(n)s.", n=last) if last is not None else
                tr.gettext("Every hex and location, before the first session."))
    else:
        name = tr.gettext("The players' map")
        desc = (tr.gettext("The hexes the party has explored, the places it has found and "
                           "its routes, as the party knows them after session %(n)s.",
                           n=last) if last is not None else
                tr.gettext("Nothing explored yet."))
    return name, desc


def route(view: View, session: SessionView, t: Translator | None) -> tuple[str, str]:
    """A session's route map: its name and description."""
    tr = _t(t)
    name = tr.gettext("Route of session %(n)s: %(title)s", n=session.number,
                      title=session.title)
    if isinstance(view, GMView) and isinstance(session, GMSessionView):
        desc = tr.gettext("Where the party truly went in session %(n)s (solid line) and "
                          "where it believed it went (dashed line).", n=session.number)
    else:
        desc = tr.gettext("The party's route in session %(n)s, as the party believed it "
                          "went.", n=session.number)
    return name, desc


def explored(session: SessionView, t: Translator | None) -> tuple[str, str]:
    """The GM's map of what the players knew after a session: its name and description."""
    tr = _t(t)
    name = tr.gettext("What the players knew after session %(n)s", n=session.number)
    desc = tr.gettext("The hexes the players had explored by the end of session %(n)s "
                      "around its route, those first explored in it outlined, this "
                      "session's tracks and earlier ones faded.", n=session.number)
    return name, desc
