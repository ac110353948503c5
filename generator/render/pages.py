"""The Markdown pages of one site, rendered with jinja2 from a view.

``render_docs(view)`` returns a ``DocsTree``: every file of the ``docs/`` folder (Markdown
pages, SVG maps) as text, plus the navigation. The pages are a list (``page_list``: which
page, from which template, with which context) drawn in this process one after another.
Templates live in ``site_templates/pages``; a campaign overrides any of them with a
same-named file in ``<content>/templates/`` (``generator.render.environment``).

A player render receives a ``PlayerView`` and nothing else: the players' templates cannot
reach GM data because it is not there. Templates run with ``StrictUndefined``, so asking a
player object for a GM field (``location.gm_only``) fails the build instead of printing
nothing.

Pages (paths inside ``docs/``; MkDocs serves ``x/y.md`` at ``x/y/``):

- ``index.md``: home (where and when the party is, the party and its dice in a line, the
  last session, recent finds)
- ``map.md`` (+ ``maps/overview.svg``): the map, its legend, named lands (players)
- ``maps/inline/*.svg``: the maps of the pages, each page holding a stand-in for its own,
  put back into the built page after Markdown (``generator.render.map_files``)
- ``sessions/index.md``, ``sessions/NN-title.md``: the chronicle (players) or the full
  watch-by-watch log with every roll and the map as it stood at the end of the session (GM)
- ``party.md``: the members (players: travel facts; GM: scores and conditions) and every
  usage and doom die with its ladder and history
- ``timeline.md``: the in-world days in order and what happened on each (players: sessions,
  finds, notes; GM: also encounters, getting lost and found, reveals, dice rolls). Once the
  days run past the first TIMELINE_DAYS, ``timeline/index.md`` (a row per page: its days,
  sessions, places found and, for the GM, encounters) and ``timeline/days-1-30.md``,
  ``timeline/days-31-60.md``, ... instead: the same days, TIMELINE_DAYS to a page
- ``locations/index.md``, ``locations/<id>.md``
- ``hex-key/index.md``, ``hex-key/<region>.md`` (GM): every hex, anchor ``#hex-CCRR``
- ``tables.md``: roll tables (players: ``audience: players`` only)
"""

from __future__ import annotations

import functools
import posixpath
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from markupsafe import Markup

from generator.content.markdown import MarkdownRenderer, Prose, current_page, default_renderer
from generator.dice import RollRecord
from generator.knowledge import (
    GMHexView,
    GMSessionView,
    GMView,
    RegionView,
    SessionView,
    TerrainView,
    View,
)
from generator.render import maps
from generator.render.environment import PAGE_TEMPLATES, TEMPLATES, cell, environment
from generator.render.escape import PageMarkup, text
from generator.render.journal import JournalDay, journal_days
from generator.render.map_files import stand_in
from generator.render.map_lists import map_list
from generator.render.navigation import (
    NavItem,
    navigation,
    region_title,
    sorted_locations,
)
from generator.render.page_cache import NoCache, PageCache, Tokens, overrides_pages
from generator.render.paths import (
    location_path,
    page_url,
    region_path,
    relative,
    root_of,
    session_path,
)
from generator.render.session_parts import session_parts, watch_targets
from generator.render.templates import render
from generator.render.timeline_pages import TIMELINE_DAYS, TimelinePeriod, timeline_periods
from generator.render.watch_log import key_rolls, outcome_legend, resource_events, roll_table

__all__ = [
    "PAGE_TEMPLATES", "TEMPLATES", "TIMELINE_DAYS", "DocsTree", "NavItem", "Page", "PageCache",
    "TimelinePeriod", "asset_files", "location_path", "overview_svg", "page_list",
    "page_url", "region_path", "render_docs", "root_of", "session_path", "timeline_periods",
]

@dataclass
class DocsTree:
    """Every generated file of one audience's ``docs/`` folder, and the navigation."""

    files: dict[str, str] = field(default_factory=dict)
    nav: list[NavItem] = field(default_factory=list)

    def nav_config(self) -> list[dict[str, Any]]:
        return [item.to_mkdocs() for item in self.nav]


@dataclass(frozen=True)
class Page:
    """One page of a site: ``template`` drawn at ``path`` with ``context``, besides what
    every page gets (``_Renderer.render``)."""

    path: str
    template: str
    context: Mapping[str, Any] = field(default_factory=dict)
    #: what the page shows, by which a cache keeps it between builds (``page_cache``)
    key: tuple[object, ...] | None = None
    #: the maps the page embeds (``DrawnMap``, or None), made only when the page is drawn;
    #: the template gets stand-ins for them (``generator.render.map_files``)
    drawings: Callable[[], Mapping[str, Any]] | None = None
    #: a session's page: the cache counts those it keeps and those drawn (``PageCache.get``)
    session: bool = False


@dataclass(frozen=True)
class DrawnMap:
    """One map of a page: its SVG (or the overview's ``maps.Deferred``) and the links its
    drawing kept (``maps.DrawnLinks``), for the list under it."""

    svg: str | maps.Deferred
    links: maps.DrawnLinks


@dataclass(frozen=True)
class Overview:
    """The overview map, drawn once for both: its file's SVG (``whole``), and the map as
    its map page embeds it (``embedded``: ``maps.Deferred``, and the links)."""

    whole: str
    embedded: DrawnMap


def _raw(value: str) -> str:
    """A link target or label as the template meant it: a concatenation in a template
    (``"map.md#map-" ~ label``) escapes its values (``PageEnvironment.join_parts``)."""
    return str(value.unescape()) if isinstance(value, Markup) else value


class _Renderer:
    """A view's templates: their helpers, and their rendering. The templates get the view
    itself; what they write out is escaped on output (``generator.render.escape``)."""

    @functools.cached_property
    def hex_names(self) -> dict[str, str]:
        """A named hex's name by its label, for the lists under the maps: found once a
        build, not once a page (a large map has thousands of hexes and as many pages)."""
        return {label: info.name for label, info in self.view.hexes.items() if info.name}

    def __init__(self, view: View, overrides: Path | None,
                 markdown: MarkdownRenderer | None = None) -> None:
        self.view = view
        self.markdown = markdown or default_renderer()
        #: the templates' translator (its phrases Markup) and the plain one (navigation, maps)
        self.env, self.tt = environment(view.site.language, overrides)
        self.t = self.tt.plain
        self.session_by_number = {s.number: s for s in self.view.sessions}
        #: a campaign's own session-gm.md draws every watch of a session on its page, as it
        #: did before long sessions were split (``session_parts``)
        self.split_sessions = overrides is None or not (overrides / "session-gm.md").exists()
        #: the timeline's pages when it is too long for one (``timeline_periods``)
        self.periods = timeline_periods(self.view.timeline)
        #: the page the timeline starts at: the whole timeline, or the index of its pages
        self.timeline_page = "timeline/index.md" if self.periods else "timeline.md"
        self.region_of: dict[str, RegionView] = {}
        self._swatches: dict[tuple[Any, ...], PageMarkup] = {}
        self._links: dict[str, maps.MapLinks] = {}
        if isinstance(view, GMView):
            for region in view.regions:
                for label in region.hexes:
                    self.region_of[label] = region

    # -- links ----------------------------------------------------------------------------
    def hex_target(self, label: str) -> tuple[str, str] | None:
        """The page (docs path) and anchor a hex links to, or None."""
        if isinstance(self.view, GMView):
            region = self.region_of.get(label)
            return (region_path(region), f"hex-{label}") if region else None
        info = self.view.hexes.get(label)
        if info is None:
            return None
        if info.locations:
            return location_path(info.locations[0]), ""
        if info.name or info.description:
            return "map.md", f"hex-{label}"
        return None

    def map_links(self, root: str) -> maps.MapLinks:
        """The maps' links from a page at ``root``: one object for every page there (the
        session pages share one), so what the maps find for a hex is found once."""
        found = self._links.get(root)
        if found is not None:
            return found

        def hex_href(label: str) -> str | None:
            target = self.hex_target(label)
            if target is None:
                return None
            page, anchor = target
            return root + page_url(page) + (f"#{anchor}" if anchor else "")

        def location_href(location_id: str) -> str | None:
            return root + page_url(location_path(location_id))

        found = self._links[root] = maps.MapLinks(hex=hex_href, location=location_href)
        return found

    def terrain_name(self, terrain: TerrainView | str | None) -> str:
        if isinstance(terrain, str):
            found = self.view.terrains.get(terrain)
            if found is None:
                return terrain
            terrain = found
        if terrain is None:
            return ""
        return self.t.terrain(terrain)

    def swatch(self, name: str, *args: Any) -> PageMarkup:
        """``maps.<name>(*args)`` (a legend's swatch, ``swatch`` in the templates), drawn once
        for the site: the GM's session pages show the same few on every page."""
        key = (name, *args)
        found = self._swatches.get(key)
        if found is None:
            found = self._swatches[key] = PageMarkup(getattr(maps, name)(*args))
        return found

    def plain_hex_rows(self, hexes: Iterable[GMHexView]) -> PageMarkup:
        """The rows of a region's table of plain hexes in the GM's hex key
        (``plain_hex_rows`` in the templates): one line a hex, as ``region.md`` wrote them
        with a loop (``hexes``: ``GMHexView``), their text escaped."""
        label = self.t.label
        rows: list[str] = []
        for h in hexes:
            density = f" ({label('density', h.density, h.density)})" if h.density else ""
            rows.append("".join((
                '| <a id="hex-', str(h.label), '"></a>', str(h.label), " | ",
                text(self.terrain_name(h.terrain)), density, " | ", str(h.visits or ""), " | ",
                label("known", h.known) if h.known else "", " |")))
        return PageMarkup("\n".join(rows))

    def roll_rows(self, rolls: Iterable[RollRecord]) -> PageMarkup:
        """The rows of a watch's table of rolls on the GM's session page (``roll_rows`` in
        the templates): one line a roll, as ``session-gm.md`` wrote them with a loop over
        the rolls (``rolls``: the watch's rolls, their detail escaped here). The shipped
        page now writes its rolls with ``watch_log``; a campaign's own ``session-gm.md`` of
        before keeps this one."""
        t = self.t
        label = t.label
        recorded, seeded = t.gettext("at the table"), t.gettext("seeded")
        rows: list[str] = []
        for roll in rolls:
            natural = str(roll.natural)
            if len(roll.dice_values) > 1:
                natural += " (" + ", ".join(map(str, roll.dice_values)) + ")"
            rows.append("".join((
                "| ", str(label("purpose", roll.purpose, roll.purpose)), " | ",
                str(t.dice(roll.dice)),
                " | ", natural, " | ", str(roll.total), " | ",
                "" if roll.target is None else str(roll.target), " | ",
                str(label("outcome", roll.outcome, roll.outcome)) if roll.outcome else "",
                " | ", recorded if roll.recorded else seeded, " | ",
                cell(t.said(roll.detail)),
                " |")))
        return PageMarkup("\n".join(rows))

    def prose(self, value: str | Prose | None) -> Prose | None:
        """The chronicle's Markdown (a GM remark, an encounter's result, a note) rendered
        and sanitised for this site's audience (``prose`` in the templates); Prose and None
        as they are."""
        if value is None or isinstance(value, Prose):
            return value
        return self.markdown.prose(_raw(value), self.view.site.audience)

    # -- rendering ------------------------------------------------------------------------
    def render(self, template: str, path: str, **context: Any) -> str:
        root = root_of(path)

        def link(target: str) -> PageMarkup:
            """A Markdown link target from this page to another docs file (an id or a
            label, a slug or digits, needs no escape in it)."""
            target = _raw(target)
            anchor = ""
            if "#" in target:
                target, anchor = target.split("#", 1)
                anchor = "#" + anchor
            if not target:
                return PageMarkup(anchor)
            return PageMarkup(relative(target, posixpath.dirname(path)) + anchor)

        def hex_link(label: str) -> PageMarkup | None:
            """A Markdown link target for a hex (GM: its hex key entry)."""
            target = self.hex_target(_raw(label))
            if target is None:
                return None
            page, anchor = target
            return link(page + (f"#{anchor}" if anchor else ""))

        def hex_ref(label: str | None) -> PageMarkup:
            """``_macros.md``'s ``hexref`` in Python: a hex label linked to its target."""
            if label is None:
                return PageMarkup("?")
            target = hex_link(label)
            return PageMarkup("[%s](%s)") % (label, target) if target else text(label)

        def hex_refs(labels: Iterable[str | None]) -> PageMarkup:
            """``_macros.md``'s ``hexrefs`` in Python: hex labels, linked, in a row."""
            refs = [hex_ref(label) for label in labels]
            return PageMarkup(" → ").join(refs) if refs else PageMarkup(self.tt.gettext("—"))

        def journal(session: SessionView) -> list[JournalDay]:
            """The players' journal of a session, a paragraph a day (``render.journal``)."""
            return journal_days(session, self.view, self.tt, link, hex_link,
                                self.terrain_name)

        values: dict[str, Any] = {
            "view": self.view, "site": self.view.site, "gm": self.view.site.gm,
            "t": self.tt, "page": path, "root": root, "link": link, "hex_link": hex_link,
            "terrain_name": self.terrain_name, "maps": maps,
            "session_path": session_path, "location_path": location_path,
            "region_path": region_path, "page_url": page_url,
            "session_by_number": self.session_by_number, "timeline_page": self.timeline_page,
            "roll_rows": self.roll_rows, "hex_ref": hex_ref, "hex_refs": hex_refs,
            "swatch": self.swatch, "plain_hex_rows": self.plain_hex_rows,
            "key_rolls": functools.partial(key_rolls, self.t),
            "roll_table": functools.partial(roll_table, self.t),
            "outcome_legend": functools.partial(outcome_legend, self.t),
            "resource_events": functools.partial(resource_events, self.t,
                                                 self.view.usage_events),
            "journal": journal, "prose": self.prose,
        }
        values.update(context)
        token = current_page.set(path)
        try:
            return render(self.env, template, values)
        finally:
            current_page.reset(token)


def overview_svg(view: View) -> str:
    """The overview map of a site as its map page embeds it (links from ``map.md``)."""
    r = _Renderer(view, None)
    return maps.overview_map(view, r.map_links(root_of("map.md")), r.t)


def render_docs(view: View, overrides: Path | None = None,
                markdown: MarkdownRenderer | None = None, cache: PageCache | None = None,
                inputs: object | None = None) -> DocsTree:
    """Every page and map of one audience's site (see the module docstring), drawn one after
    another from the page list (``page_list``). Templates get the view and escape what they
    write out (``generator.render.escape``); maps and navigation titles escape theirs.

    With ``cache`` and ``inputs`` (the token of the campaign's inputs, from
    ``generator.replay.snapshots``), a page or map is taken from the cache when everything it
    shows is what it was drawn from (``generator.render.page_cache``). A session's page,
    maps included, is kept by the session's own view, the titles of the sessions before and
    after it and, for the GM, the tracks of the sessions before it (drawn faded on its map);
    for the players, by the map as they know it now. The overview map is kept by that map,
    every session's tracks and where the party is; the map, timeline and location index
    pages by what they list. When the campaign replaces a page template (``overrides``),
    pages are drawn every time (a template of its own may show anything); the maps are
    still kept."""
    kept: PageCache = cache if cache is not None and inputs is not None else NoCache()
    tokens = Tokens.of(view, kept, inputs)
    r = _Renderer(view, overrides, markdown)
    map_key = ("overview", inputs, tokens.knowledge, tokens.tracks, tokens.now)
    overview = kept.get_object(map_key)
    if not isinstance(overview, Overview):
        # the placement of the overview's names, kept between the builds of hexcrawl serve
        layouts = kept.get_object(("map-layouts",))
        if not isinstance(layouts, maps.LayoutCache):
            layouts = maps.LayoutCache()
            kept.put_object(("map-layouts",), layouts)
        drawn = maps.DrawnLinks()
        whole, embedded = maps.overview_page(view, r.map_links(root_of("map.md")), r.t,
                                             layouts=layouts, drawn=drawn)
        overview = Overview(whole, DrawnMap(embedded, drawn))
        kept.put_object(map_key, overview)
    # the maps show what the view holds and nothing else; a campaign's own page template
    # may show anything of it
    pages_kept = NoCache() if overrides_pages(overrides) else kept
    tree = DocsTree(nav=navigation(view, r.t, r.periods))
    tree.files["maps/overview.svg"] = overview.whole
    for page in page_list(view, r, overview, tokens, pages_kept):
        tree.files[page.path] = _draw(r, page, pages_kept, tree.files)
    return tree


def _draw(r: _Renderer, page: Page, cache: PageCache, files: dict[str, str]) -> str:
    """``page``'s text: kept by ``cache`` under the page's key, or drawn. The files of its
    maps are added to ``files``."""
    if page.key is not None:
        found = cache.get(page.key) if page.session else cache.get_object(page.key)
        kept = cache.get_object(("map-files", page.key)) if page.drawings else {}
        if found is not None and kept is not None:
            files.update(kept)
            return str(found)
    made_files: dict[str, str] = {}
    drawings = page.drawings() if page.drawings is not None else {}
    shown = {name: _stand_ins(value.svg if isinstance(value, DrawnMap) else value,
                              root_of(page.path), made_files)
             for name, value in drawings.items()}
    # each map's targets listed under it (its links are out of the Tab order)
    lists = {name: map_list(r.t, value.links, r.hex_names)
             for name, value in drawings.items() if isinstance(value, DrawnMap)}
    made = r.render(page.template, page.path, **page.context, **shown, map_lists=lists)
    if page.key is not None:
        if page.session:
            cache.put(page.key, made)
        else:
            cache.put_object(page.key, made)
        if page.drawings is not None:
            cache.put_object(("map-files", page.key), made_files)
    files.update(made_files)
    return made


def _stand_ins(drawing: Any, root: str, files: dict[str, str]) -> Any:
    """What a template gets for one of its page's maps: a stand-in for each SVG
    (``generator.render.map_files``), whose file goes into ``files``."""
    if isinstance(drawing, str):
        return Markup(stand_in(drawing, root, files))
    if isinstance(drawing, maps.Deferred):
        return maps.Deferred(Markup(stand_in(drawing.map, root, files)),
                             tuple((name, Markup(stand_in(layer, root, files)))
                                   for name, layer in drawing.layers))
    return drawing


def page_list(view: View, r: _Renderer, overview: Overview, tokens: Tokens,
              cache: PageCache) -> list[Page]:
    """Every page of the site but the overview map (``overview``), with its template, its
    context and what it shows (its key)."""
    tv = view
    inputs, knowledge, titles = tokens.inputs, tokens.knowledge, tokens.titles
    sessions = view.sessions
    positions = maps.ViewIndex(view)
    pages = [
        Page("index.md", "home.md"),
        # ``svg``: the overview itself, for a campaign's own map page
        Page("map.md", "map.md", {"svg": overview.whole},
             ("map-page", inputs, knowledge, tokens.tracks, tokens.now, titles),
             drawings=lambda: {"embedded": overview.embedded}),
        Page("sessions/index.md", "sessions.md"),
    ]
    pages.extend(_session_pages(view, r, tokens, positions))
    pages.append(Page("party.md", "party.md"))
    periods = r.periods
    if not periods:
        pages.append(Page("timeline.md", "timeline.md", key=(
            "timeline-page", inputs, cache.token("timeline", view.timeline), titles,
            knowledge)))
    else:
        # each page of a long timeline is kept by its own days: a note in the last session
        # redraws the last page alone, and the index only when a page or its counts change
        index = cache.token("timeline-index", [(p.first, p.sessions, p.found, p.encounters)
                                               for p in periods])
        pages.append(Page("timeline/index.md", "timeline.md", {"periods": periods},
                          ("timeline-index", inputs, index, titles)))
        for i, period in enumerate(periods):
            earlier = periods[i - 1] if i > 0 else None
            later = periods[i + 1] if i + 1 < len(periods) else None
            days = cache.token(("timeline", period.first),
                               view.timeline[period.start:period.stop])
            pages.append(Page(
                period.path, "timeline.md",
                {"period": period, "previous": earlier, "next": later},
                ("timeline-period", inputs, period.first, days, titles, knowledge,
                 earlier.first if earlier else None, later.first if later else None)))
    pages.append(Page("locations/index.md", "locations.md",
                      key=("locations-page", inputs, knowledge, titles)))
    # a location's page shows its own view, its finding session's title, the campaign's
    # names (hexes, paths, tables) and whether its hex is on the map; a region's page of
    # the hex key its hexes' views
    found_in = {s.number: (s.slug, s.title) for s in sessions}
    for loc in sorted_locations(view):
        pages.append(Page(location_path(loc.id), "location.md",
                          {"location": tv.locations[loc.id]},
                          ("location-page", inputs, loc, found_in.get(loc.found_in or 0),
                           loc.label in view.hexes)))
    if isinstance(view, GMView):
        assert isinstance(tv, GMView)
        pages.append(Page("hex-key/index.md", "hex-key.md"))
        for region, shown_region in zip(view.regions, tv.regions, strict=True):
            title = region_title(view, r.t, region)
            pages.append(Page(
                region_path(region), "region.md",
                {"region": shown_region,
                 "title": text(region.name) if region.name else PageMarkup(title)},
                ("region-page", inputs, region, title,
                 tuple(view.hexes[label] for label in region.hexes))))
    if view.tables or isinstance(view, GMView):
        pages.append(Page("tables.md", "tables.md"))
    return pages


def _session_pages(view: View, r: _Renderer, tokens: Tokens,
                   positions: maps.ViewIndex) -> list[Page]:
    """Each session's page and, for a long session of the GM's, its parts
    (``session_parts``), with what each shows (its key)."""
    inputs, knowledge = tokens.inputs, tokens.knowledge
    gm = isinstance(view, GMView)
    sessions = shown = view.sessions
    pages: list[Page] = []
    for i, session in enumerate(sessions):
        before = sessions[i - 1] if i > 0 else None
        following = sessions[i + 1] if i + 1 < len(sessions) else None
        parts = (session_parts(session) if isinstance(session, GMSessionView)
                 and r.split_sessions else ())
        context = {"session": shown[i], "previous": shown[i - 1] if i > 0 else None,
                   "next": shown[i + 1] if i + 1 < len(shown) else None,
                   "parts": parts, "part": None,
                   "watch_target": watch_targets(session, parts)
                   if isinstance(session, GMSessionView) else None}
        pages.append(Page(
            session_path(session), "session-gm.md" if gm else "session.md", context,
            # the GM's map of a session draws the tracks before it; the players' shows the
            # map as they know it now
            ("session-page", inputs, tokens.session_values[i],
             tokens.session_tracks[:i] if gm else knowledge,
             (before.slug, before.title) if before else None,
             (following.slug, following.title) if following else None),
            drawings=_session_maps(view, r, i, positions), session=True))
        # a part shows the session's watches of its days and the session's title
        pages.extend(Page(part.path, "session-gm.md", {**context, "part": part},
                          ("session-part", inputs, tokens.session_values[i], part.number))
                     for part in parts)
    return pages


def _session_maps(view: View, r: _Renderer, i: int,
                  index: maps.ViewIndex) -> Callable[[], Mapping[str, Any]]:
    """The maps of session ``i``'s page: its route and, for the GM, what the players knew
    at its end (``index``: what every map of the view looks up by position, found once)."""

    def draw() -> Mapping[str, Any]:
        session = view.sessions[i]
        links = r.map_links(root_of(session_path(session)))
        explored: DrawnMap | None = None
        if isinstance(view, GMView) and isinstance(session, GMSessionView):
            drawn = maps.DrawnLinks()
            svg = maps.explored_map(view, session, links, r.t, index, drawn=drawn)
            explored = DrawnMap(svg, drawn) if svg is not None else None
        drawn = maps.DrawnLinks()
        route = maps.session_map(view, session, links, r.t, index, drawn=drawn)
        return {"route": DrawnMap(route, drawn) if route is not None else None,
                "explored_svg": explored}

    return draw


#: For the site module: read a support file (CSS, JS) shipped in ``site_templates``.
def asset_files() -> dict[str, bytes]:
    """``assets/*`` files copied into every docs folder, by docs-relative path."""
    out: dict[str, bytes] = {}
    folder = TEMPLATES / "assets"
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            out["assets/" + path.relative_to(folder).as_posix()] = path.read_bytes()
    return out

