"""The sites' navigation (``nav:`` of each generated mkdocs.yml), kept small whatever the
campaign's size."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from generator.i18n import Translator
from generator.knowledge import GMView, LocationView, RegionView, View
from generator.render.escape import html_text
from generator.render.paths import location_path, region_path, session_path
from generator.render.timeline_pages import TimelinePeriod

#: Sections with more pages than this show only their index page in the navigation.
NAV_LIMIT = 40
#: A section of pages in time order (sessions, the timeline's pages) with more than NAV_LIMIT
#: lists the latest NAV_RECENT of them (``latest_in_nav``).
NAV_RECENT = 12


@dataclass(frozen=True)
class NavItem:
    """One entry of the site navigation: a page, or a section of pages."""

    title: str
    path: str | None = None
    children: tuple[NavItem, ...] = ()

    def to_mkdocs(self) -> dict[str, Any]:
        """The entry for ``nav:`` in mkdocs.yml. The theme writes titles out as HTML, so a
        title is escaped here (``html_text``): ``Tom & Jerry's <Inn>`` shows as typed."""
        title = html_text(self.title)
        if self.children:
            return {title: [c.to_mkdocs() if c.title else c.path for c in self.children]}
        return {title: self.path}


def latest_in_nav(pages: Sequence[Any]) -> Sequence[Any]:
    """The pages of a time-ordered section that its navigation lists: all of them, or past
    NAV_LIMIT the latest NAV_RECENT (the section's index leads to the rest)."""
    return pages if len(pages) <= NAV_LIMIT else pages[-NAV_RECENT:]


def region_title(view: GMView, t: Translator, region: RegionView) -> str:
    """A region's name, or what its hex key page is called without one."""
    return region.name or (t.gettext("Other hexes") if len(view.regions) > 1
                           else t.gettext("All hexes"))


def sorted_locations(view: View) -> list[LocationView]:
    """The locations of a view by name, as the site lists them."""
    return sorted(view.locations.values(), key=lambda loc: loc.name.casefold())


def navigation(view: View, t: Translator, periods: Sequence[TimelinePeriod]) -> list[NavItem]:
    """The site's navigation. It stays small whatever the campaign's size: Material renders
    it into every page, so a nav listing every page would make the build quadratic. Past
    NAV_LIMIT pages a section shows its index (and the latest sessions); the index pages and
    the map lead to everything else."""
    locations = sorted_locations(view)
    nav_locations = locations if len(locations) <= NAV_LIMIT else []
    nav = [
        NavItem(t.gettext("Home"), "index.md"),
        NavItem(t.gettext("Map"), "map.md"),
        NavItem(t.gettext("Sessions"), children=(
            NavItem("", "sessions/index.md"),
            *(NavItem(t.gettext("Session %(n)s: %(title)s", n=s.number, title=s.title),
                      session_path(s))
              for s in latest_in_nav(view.sessions)))),
        NavItem(t.gettext("Party"), "party.md"),
        NavItem(t.gettext("Timeline"), "timeline.md") if not periods else
        NavItem(t.gettext("Timeline"), children=(
            NavItem("", "timeline/index.md"),
            *(NavItem(t.gettext("Days %(first)s–%(last)s", first=p.first, last=p.last), p.path)
              for p in latest_in_nav(periods)))),
        NavItem(t.gettext("Locations"), children=(
            NavItem("", "locations/index.md"),
            *(NavItem(loc.name, location_path(loc.id)) for loc in nav_locations))),
    ]
    if isinstance(view, GMView):
        nav.append(NavItem(t.gettext("Hex key"), children=(
            NavItem("", "hex-key/index.md"),
            *(NavItem(region_title(view, t, region), region_path(region))
              for region in view.regions))))
    if view.tables or isinstance(view, GMView):
        nav.append(NavItem(t.gettext("Tables"), "tables.md"))
    return nav
