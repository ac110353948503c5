"""The Markdown pages of one site, rendered with jinja2 from a view.

``render_docs(view)`` returns a ``DocsTree``: every file of the ``docs/`` folder (Markdown
pages, SVG maps) as text, plus the navigation. Templates live in ``site_templates/pages``;
a campaign overrides any of them with a same-named file in ``<content>/templates/``.

A player render receives a ``PlayerView`` and nothing else: the players' templates cannot
reach GM data because it is not there. Templates run with ``StrictUndefined``, so asking a
player object for a GM field (``location.gm_only``) fails the build instead of printing
nothing.

Pages (paths inside ``docs/``; MkDocs serves ``x/y.md`` at ``x/y/``):

- ``index.md``: home (where and when the party is, the party and its dice in a line, the
  last session, recent finds)
- ``map.md`` (+ ``maps/overview.svg``): the map, its legend, named lands (players)
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

import dataclasses
import functools
import posixpath
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from generator import i18n
from generator.content.markdown import MarkdownRenderer, Prose, current_page, default_renderer
from generator.incremental import PageMemo
from generator.knowledge import (
    GMSessionView,
    GMView,
    LocationView,
    PlayerView,
    RegionView,
    SessionView,
    TerrainView,
)
from generator.package_data import SITE_TEMPLATES
from generator.render import maps, parallel
from generator.render.escape import html_text, template_view, text
from generator.render.i18n import Translator
from generator.render.templates import TemplateFiles, cache_compiled, render
from generator.slug import slugify

View = PlayerView | GMView

TEMPLATES = SITE_TEMPLATES
PAGE_TEMPLATES = TEMPLATES / "pages"


#: Sections with more pages than this show only their index page in the navigation.
NAV_LIMIT = 40
#: A section of pages in time order (sessions, the timeline's pages) with more than NAV_LIMIT
#: lists the latest NAV_RECENT of them (``latest_in_nav``).
NAV_RECENT = 12
#: Days on one page of the timeline once the campaign runs past this many: the timeline is
#: then an index of pages of TIMELINE_DAYS days each (days 1-30, 31-60, ...), so that no
#: page grows with the campaign and an edit to one session redraws one page, not all of it.
TIMELINE_DAYS = 30


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


@dataclass(frozen=True)
class TimelinePeriod:
    """One page of a long timeline: the in-world days ``first`` to ``last`` (fixed bounds,
    TIMELINE_DAYS apart; ``days`` holds those of them on which anything happened)."""

    first: int
    last: int
    path: str
    #: the days, as the templates see them (escaped), and where they sit in the timeline
    days: tuple[Any, ...]
    start: int
    stop: int
    #: the sessions played on these days, in order
    sessions: tuple[int, ...]
    #: places found and, for the GM, encounters on these days
    found: int
    encounters: int


def timeline_periods(days: Sequence[Any]) -> list[TimelinePeriod]:
    """The pages of a timeline of ``days`` (``DayView``s in order), or none when every day
    fits on one page (the first TIMELINE_DAYS days)."""
    if not days or days[-1].day <= TIMELINE_DAYS:
        return []
    groups: dict[int, list[int]] = {}
    for i, day in enumerate(days):
        groups.setdefault((day.day - 1) // TIMELINE_DAYS, []).append(i)
    periods: list[TimelinePeriod] = []
    for n, indices in groups.items():
        first, last = n * TIMELINE_DAYS + 1, (n + 1) * TIMELINE_DAYS
        shown = tuple(days[i] for i in indices)
        sessions = dict.fromkeys(s for day in shown for s in day.sessions)
        moments = [mo for day in shown for mo in day.moments]
        periods.append(TimelinePeriod(
            first=first, last=last, path=f"timeline/days-{first}-{last}.md", days=shown,
            start=indices[0], stop=indices[-1] + 1, sessions=tuple(sessions),
            found=sum(len(mo.locations) for mo in moments if mo.kind == "found"),
            encounters=sum(1 for mo in moments if mo.kind == "encounter")))
    return periods


@dataclass
class DocsTree:
    """Every generated file of one audience's ``docs/`` folder, and the navigation."""

    files: dict[str, str] = field(default_factory=dict)
    nav: list[NavItem] = field(default_factory=list)

    def nav_config(self) -> list[dict[str, Any]]:
        return [item.to_mkdocs() for item in self.nav]


def page_url(path: str) -> str:
    """The URL of a docs page relative to the site root (directory URLs)."""
    if path == "index.md":
        return ""
    stem = path[:-3] if path.endswith(".md") else path
    if stem.endswith("/index"):
        return stem[: -len("index")]
    return stem + "/"


def root_of(path: str) -> str:
    """Relative prefix from a page to the site root (``''``, ``'../'``, ``'../../'``)."""
    depth = len([p for p in page_url(path).split("/") if p])
    return "../" * depth


def session_path(session: SessionView) -> str:
    return f"sessions/{session.slug}.md"


def location_path(location_id: str) -> str:
    return f"locations/{location_id}.md"


def region_path(region: RegionView) -> str:
    return f"hex-key/{region.slug}.md"


def cell(value: object) -> str:
    """Text safe inside a Markdown table cell (Prose on one line)."""
    if isinstance(value, Prose):
        return value.inline()
    return str(value if value is not None else "").replace("|", "\\|").replace("\n", "<br>")


def inline(value: object) -> str:
    """A Prose field on one line (inside a list item, a sentence or a cell)."""
    if isinstance(value, Prose):
        return value.inline()
    return "" if value is None else str(value)


def quoted(value: object) -> str:
    """A Prose field as a block quote (chronicle notes)."""
    if isinstance(value, Prose):
        return value.quoted()
    return quote(str(value))


def runs(numbers: Iterable[int]) -> list[tuple[int, int]]:
    """Consecutive numbers as (first, last) runs: 1 2 3 5 -> (1, 3), (5, 5)."""
    out: list[tuple[int, int]] = []
    for n in numbers:
        if out and n == out[-1][1] + 1:
            out[-1] = (out[-1][0], n)
        else:
            out.append((n, n))
    return out


def quote(text: str) -> str:
    """Text for a Markdown block quote (every line prefixed)."""
    return "\n".join(f"> {line}" if line.strip() else ">" for line in text.splitlines())


def relative(target: str, start: str) -> str:
    """``posixpath.relpath`` for docs paths (no ``..``, no leading ``/``), without its
    trips to the file system: ``relative("locations/a.md", "sessions")`` is
    ``../locations/a.md``."""
    to = target.split("/")
    base = start.split("/") if start else []
    common = 0
    while common < len(base) and common < len(to) - 1 and base[common] == to[common]:
        common += 1
    return "/".join([".."] * (len(base) - common) + to[common:])


#: Jinja environments by (language, override folder): each template is compiled once per
#: process, for every build of every audience (Jinja reloads a template whose file changed).
_ENVIRONMENTS: dict[tuple[str, str | None], tuple[jinja2.Environment, Translator]] = {}


def environment(language: str, overrides: Path | None) -> tuple[jinja2.Environment, Translator]:
    """The page templates' environment for ``language`` (and the campaign's overrides),
    with its translator."""
    folder = str(overrides) if overrides is not None and overrides.is_dir() else None
    key = (language, folder)
    if key not in _ENVIRONMENTS:
        t = Translator(language)
        loaders: list[jinja2.BaseLoader] = []
        if folder is not None:
            loaders.append(TemplateFiles(folder))
        loaders.append(TemplateFiles(str(PAGE_TEMPLATES)))
        env = jinja2.Environment(
            loader=jinja2.ChoiceLoader(loaders), undefined=jinja2.StrictUndefined,
            autoescape=False, trim_blocks=True, lstrip_blocks=True,
            keep_trailing_newline=True)
        i18n.install(env, t)
        env.filters["cell"] = cell
        env.filters["inline"] = inline
        env.filters["quoted"] = quoted
        env.filters["quote"] = quote
        env.filters["num"] = t.number  # 4.5, 4,5: the language's decimals
        env.filters["slug"] = slugify
        env.filters["runs"] = runs
        cache_compiled(env, PAGE_TEMPLATES)
        _ENVIRONMENTS[key] = (env, t)
    return _ENVIRONMENTS[key]


#: The session page templates, one an audience: each audience's process compiles its own.
_SESSION_TEMPLATES = ("session.md", "session-gm.md")


def compile_templates(language: str, overrides: Path | None,
                      names: Sequence[str] | None = None) -> None:
    """Compile ``names`` (default: every page template but the session pages') in this process's
    environment for ``language``, so that processes forked afterwards inherit them instead
    of each compiling its own. A template that fails to compile is left alone: it fails, at
    its file and line, where it is rendered."""
    env, _ = environment(language, overrides)
    if names is None:
        names = sorted(p.name for p in PAGE_TEMPLATES.glob("*.md")
                       if p.name not in _SESSION_TEMPLATES)
    for name in names:
        try:
            env.get_template(name)
        except Exception:  # noqa: BLE001, S112 - reported when the page is drawn
            continue


#: The fields of a session only its own page shows: every watch and the record of each.
SESSION_DETAIL = ("watches", "record")


class _Deferred:
    """Stands, in the templates' copy of a session, for a field only the session's own page
    shows (``SESSION_DETAIL``): that page gets the session copied whole
    (``_Renderer.session``); any other page touching the field is an error, not a page
    drawn from a field left unescaped."""

    def _refuse(self, *_: object) -> Any:
        raise RuntimeError("a session's watches are shown on the session's own page only")

    __getattr__ = __iter__ = __len__ = __bool__ = __getitem__ = _refuse


_DEFERRED = _Deferred()


def _light(session: Any) -> Any:
    """``session`` with its ``SESSION_DETAIL`` fields deferred."""
    detail: dict[str, Any] = {f: _DEFERRED for f in SESSION_DETAIL if hasattr(session, f)}
    return dataclasses.replace(session, **detail)


class _Renderer:
    """The templates' copy of a view (``template_view``), their helpers, and their rendering.

    With ``defer``, the copy leaves out what only each session's own page shows
    (``SESSION_DETAIL``, two thirds of the copying at 200 sessions): the page of session
    ``i`` gets ``session(i)``, copied whole when it is drawn, so the workers that draw the
    session pages start sooner and copy their own sessions, each once."""

    def __init__(self, view: View, overrides: Path | None,
                 markdown: MarkdownRenderer | None = None,
                 copies: dict[int, Any] | None = None, defer: bool = False) -> None:
        self.view = view
        md = markdown or default_renderer()
        audience = view.site.audience

        def prose(value: str | None) -> Prose | None:
            return md.prose(value, audience)

        self._prose = prose
        self._copies: dict[int, Any] = {}
        self._sessions: dict[int, Any] | None = {} if defer else None
        shown: View = view
        if defer:
            shown = dataclasses.replace(view, sessions=tuple(_light(s) for s in view.sessions))
        #: what the templates get: every GM-typed string escaped (generator.render.escape)
        self.tview = template_view(shown, prose, copies)
        self.env, self.t = environment(view.site.language, overrides)
        self.session_by_number = {s.number: s for s in self.tview.sessions}
        #: the timeline's pages when it is too long for one (``timeline_periods``)
        self.periods = timeline_periods(self.tview.timeline)
        #: the page the timeline starts at: the whole timeline, or the index of its pages
        self.timeline_page = "timeline/index.md" if self.periods else "timeline.md"
        self.region_of: dict[str, RegionView] = {}
        self._swatches: dict[tuple[Any, ...], str] = {}
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

    def session(self, i: int) -> Any:
        """The templates' copy of session ``i`` with every field (see the class)."""
        if self._sessions is None:
            return self.tview.sessions[i]
        found = self._sessions.get(i)
        if found is None:
            session = self.view.sessions[i]
            # a watch's rolls reach the page through ``roll_rows`` alone, which escapes
            # their text itself: they are not copied (three in five of a session's objects)
            for watch in getattr(getattr(session, "record", None), "watches", ()):
                self._copies[id(watch.rolls)] = watch.rolls
            found = self._sessions[i] = template_view(session, self._prose, self._copies)
        return found

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
            found = self.tview.terrains.get(terrain)
            if found is None:
                return terrain
            terrain = found
        if terrain is None:
            return ""
        return self.t.terrain(terrain)

    def swatch(self, name: str, *args: Any) -> str:
        """``maps.<name>(*args)`` (a legend's swatch, ``swatch`` in the templates), drawn once
        for the site: the GM's session pages show the same few on every page."""
        key = (name, *args)
        found = self._swatches.get(key)
        if found is None:
            found = self._swatches[key] = getattr(maps, name)(*args)
        return found

    def plain_hex_rows(self, hexes: Iterable[Any]) -> str:
        """The rows of a region's table of plain hexes in the GM's hex key
        (``plain_hex_rows`` in the templates): one line a hex, as ``region.md`` wrote them
        with a loop (``hexes`` are the templates' copies of ``GMHexView``)."""
        label = self.t.label
        explored = self.t.gettext("explored by the players")
        rows: list[str] = []
        for h in hexes:
            density = f" ({label('density', h.density, h.density)})" if h.density else ""
            rows.append("".join((
                '| <a id="hex-', str(h.label), '"></a>', str(h.label), " | ",
                str(self.terrain_name(h.terrain)), density, " | ", str(h.visits or ""), " | ",
                explored if h.explored else "", " |")))
        return "\n".join(rows)

    def roll_rows(self, rolls: Iterable[Any]) -> str:
        """The rows of a watch's table of rolls on the GM's session page (``roll_rows`` in
        the templates): one line a roll, as ``session-gm.md`` wrote them with a loop over
        the rolls (``rolls``: the templates' copies, their detail escaped text, or, on a page
        drawn from a session copied whole by ``session``, the chronicle's own, whose detail
        is escaped here)."""
        t = self.t
        label = t.label
        recorded, seeded = t.gettext("at the table"), t.gettext("seeded")
        rows: list[str] = []
        for roll in rolls:
            natural = str(roll.natural)
            if len(roll.dice_values) > 1:
                natural += " (" + ", ".join(map(str, roll.dice_values)) + ")"
            rows.append("".join((
                "| ", str(label("purpose", roll.purpose, roll.purpose)), " | ", str(roll.dice),
                " | ", natural, " | ", str(roll.total), " | ",
                "" if roll.target is None else str(roll.target), " | ",
                str(label("outcome", roll.outcome, roll.outcome)) if roll.outcome else "",
                " | ", recorded if roll.recorded else seeded, " | ",
                cell(roll.detail if isinstance(roll.detail, Markup) else text(roll.detail)),
                " |")))
        return "\n".join(rows)

    # -- rendering ------------------------------------------------------------------------
    def render(self, template: str, path: str, **context: Any) -> str:
        root = root_of(path)

        def link(target: str) -> str:
            """A Markdown link target from this page to another docs file."""
            anchor = ""
            if "#" in target:
                target, anchor = target.split("#", 1)
                anchor = "#" + anchor
            if not target:
                return anchor
            return relative(target, posixpath.dirname(path)) + anchor

        def hex_link(label: str) -> str | None:
            """A Markdown link target for a hex (GM: its hex key entry)."""
            target = self.hex_target(label)
            if target is None:
                return None
            page, anchor = target
            return link(page + (f"#{anchor}" if anchor else ""))

        def hex_ref(label: str | None) -> str:
            """``_macros.md``'s ``hexref`` in Python: a hex label linked to its target."""
            if label is None:
                return "?"
            target = hex_link(label)
            return f"[{label}]({target})" if target else str(label)

        def hex_refs(labels: Iterable[str | None]) -> str:
            """``_macros.md``'s ``hexrefs`` in Python: hex labels, linked, in a row."""
            refs = [hex_ref(label) for label in labels]
            return " → ".join(refs) if refs else self.t.gettext("—")

        values: dict[str, Any] = {
            "view": self.tview, "site": self.tview.site, "gm": self.view.site.gm,
            "t": self.t, "page": path, "root": root, "link": link, "hex_link": hex_link,
            "terrain_name": self.terrain_name, "maps": maps,
            "session_path": session_path, "location_path": location_path,
            "region_path": region_path, "page_url": page_url,
            "session_by_number": self.session_by_number, "timeline_page": self.timeline_page,
            "roll_rows": self.roll_rows, "hex_ref": hex_ref, "hex_refs": hex_refs,
            "swatch": self.swatch, "plain_hex_rows": self.plain_hex_rows,
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


def _session_tokens(view: View, memo: PageMemo, inputs: object,
                    ) -> tuple[list[object], list[object]]:
    """Per session of ``view``: a token for its view's value and one for its tracks' value.

    A token is the one the last build gave the same slot when the campaign's inputs
    (``inputs``, from ``generator.replay_cache``) and the value (compared with ``==``) are
    the same, else a new object. The sessions after an edited one get their old tokens back
    as long as their replay came out the same."""
    key = ("session-values", inputs)
    old: dict[int, tuple[SessionView, object, object, object]] = \
        memo.get_object(key) or {}
    new: dict[int, tuple[SessionView, object, object, object]] = {}
    values: list[object] = []
    tracks: list[object] = []
    for session in view.sessions:
        track: object = (session.believed_track, session.true_track) \
            if isinstance(session, GMSessionView) else session.believed_track
        kept = old.get(session.number)
        if kept is not None and kept[0] == session:
            value_token, track_token = kept[1], kept[3]
        else:
            value_token = object()
            track_token = kept[3] if kept is not None and kept[2] == track else object()
        new[session.number] = (session, value_token, track, track_token)
        values.append(value_token)
        tracks.append(track_token)
    memo.put_object(key, new)
    return values, tracks


def overrides_pages(overrides: Path | None) -> bool:
    """Whether the campaign's ``templates/`` folder replaces one of the page templates. A
    campaign's template may show anything of the view, so pages are then not kept between
    builds (``render_docs``' memo): only what the built-in templates show is known."""
    if overrides is None or not overrides.is_dir():
        return False
    return any((overrides / path.relative_to(PAGE_TEMPLATES)).exists()
               for path in PAGE_TEMPLATES.rglob("*") if path.is_file())


#: ``render_docs``' item of the overview map among the session pages' items (their indexes)
OVERVIEW = -1


def render_docs(view: View, overrides: Path | None = None,
                markdown: MarkdownRenderer | None = None, memo: PageMemo | None = None,
                inputs: object | None = None,
                ready: Callable[[Mapping[str, str]], None] | None = None) -> DocsTree:
    """Every page and map of one audience's site (see the module docstring). Templates get
    the view with every GM-typed string escaped; maps and navigation titles escape theirs.

    With ``memo`` and ``inputs`` (the token of the campaign's inputs, from
    ``generator.replay_cache``: the same object while the campaign's files but its sessions
    and the locations' prose are unchanged), a page or map is taken from the memo when
    everything it shows is what it was drawn from: the campaign's inputs and, compared by
    value, the parts of the view it shows. A session's page, maps included, is kept by the
    session's own view (the state it ends in, every watch, every note), the titles of the
    sessions before and after it (its links) and, for the GM, the tracks of the sessions
    before it (drawn faded on its map); for the players, the map as they know it now (the
    hexes, paths and locations of their view). The overview map is kept by that map, every
    session's tracks and where the party is; the map, timeline and location index pages by
    what they list. An edit to one session redraws it and only those pages whose inputs
    really changed. When the campaign replaces a page template (``overrides``), pages are
    drawn every time (a template of its own may show anything); the maps are still kept.

    ``ready``: while workers draw the session pages (and the overview map), it is given
    every other page, finished, to do with them what it would do at the end (title and
    write them) on a core that would otherwise wait for the workers, and then the session
    pages, a chunk at a time as the workers finish them; the tree returned still holds
    every page."""
    keyed = memo if inputs is not None else None
    # the maps show what the view holds and nothing else; a campaign's own page template
    # may show anything of it
    pages_kept = keyed if not overrides_pages(overrides) else None
    copies: dict[int, Any] = {}
    values: list[object] = []
    tracks: list[object] = []
    if keyed is not None:
        # the templates' copy of a session's view depends on the view's value alone, as a
        # hex's on the hex's view
        values, tracks = _session_tokens(view, keyed, inputs)
        for session_view, token in zip(view.sessions, values, strict=True):
            found = keyed.get_object(("session-view", token))
            if found is not None:
                copies[id(session_view)] = found
        for hex_info in view.hexes.values():
            found = keyed.get_object(("hex-view", hex_info))
            if found is not None:
                copies[id(hex_info)] = found
    # the session pages' detail is copied as each page is drawn, where nothing is kept
    # between builds and only hexcrawl's own templates show the sessions
    r = _Renderer(view, overrides, markdown, copies,
                  defer=keyed is None and not overrides_pages(overrides))
    tv = r.tview
    if keyed is not None:
        for shown_session, token in zip(tv.sessions, values, strict=True):
            keyed.put_object(("session-view", token), shown_session)
        for label, info in view.hexes.items():
            keyed.put_object(("hex-view", info), tv.hexes[label])
    t = r.t
    tree = DocsTree()
    files = tree.files

    # Tokens of what the maps and most pages show besides a session's own view: the map as
    # the audience knows it (hexes, paths, locations and the rest), the sessions' numbers
    # and titles (links), their tracks and where the party is.
    knowledge = titles = all_tracks = now = None
    if keyed is not None:
        # (none of them shows a location's body: the GM's lore is not in the token)
        knowledge = keyed.token("knowledge", (
            view.site, view.terrains, view.hexes, view.paths, view.tables,
            view.regions if isinstance(view, GMView) else (),
            [tuple(getattr(loc, f.name) for f in dataclasses.fields(loc) if f.name != "body")
             for loc in view.locations.values()]))
        titles = keyed.token("titles", [(s.number, s.slug, s.title) for s in view.sessions])
        all_tracks = keyed.token("tracks", [(s.number, s.known_track, track)
                                           for s, track in zip(view.sessions, tracks, strict=True)])
        now = keyed.token("now", view.now)

    def kept_page(key: tuple[object, ...], make: Callable[[], str], kept: PageMemo | None,
                  ) -> str:
        """``make()``, or what it made in an earlier build under ``key``."""
        if kept is None:
            return make()
        page = kept.get_object(key)
        if page is None:
            page = make()
            kept.put_object(key, page)
        return str(page)

    sessions = list(view.sessions)
    shown = list(tv.sessions)
    session_template = "session-gm.md" if isinstance(view, GMView) else "session.md"
    # what every map of the view looks up by position, found once for them all; and the
    # overview's placement of names, kept between the builds of ``hexcrawl serve``
    index = maps.ViewIndex(view)
    layouts = keyed.get_object(("map-layouts",)) if keyed is not None else None
    if keyed is not None and layouts is None:
        layouts = maps.LayoutCache()
        keyed.put_object(("map-layouts",), layouts)

    # the overview map, the largest drawing of all, is drawn by a worker too (as item
    # OVERVIEW), unless the memo keeps it
    map_key = ("overview", inputs, knowledge, all_tracks, now)
    overview_kept = keyed.get_object(map_key) if keyed is not None else None

    def draw(i: int) -> str:
        if i == OVERVIEW:
            return maps.overview_map(view, r.map_links(root_of("map.md")), t, layouts=layouts)
        session = sessions[i]
        path = session_path(session)
        links = r.map_links(root_of(path))
        route = maps.session_map(view, session, links, t, index)
        explored: str | None = None
        if isinstance(view, GMView) and isinstance(session, GMSessionView):
            explored = maps.explored_map(view, session, links, t, index)
        return r.render(
            session_template, path, session=r.session(i), route=route, explored_svg=explored,
            previous=shown[i - 1] if i > 0 else None,
            next=shown[i + 1] if i + 1 < len(shown) else None)

    kept: dict[int, str] = {}
    keys: dict[int, tuple[object, ...]] = {}
    for i in range(len(sessions)) if pages_kept is not None else ():
        assert pages_kept is not None
        following = sessions[i + 1] if i + 1 < len(sessions) else None
        before = sessions[i - 1] if i > 0 else None
        # the GM's map of a session draws the tracks before it; the players' shows the map
        # as they know it now
        key = ("session-page", inputs, values[i],
               tuple(tracks[:i]) if isinstance(view, GMView) else knowledge,
               (before.slug, before.title) if before else None,
               (following.slug, following.title) if following else None)
        page = pages_kept.get(key)
        if page is not None:
            kept[i] = page
        else:
            keys[i] = key
    nav: list[NavItem] = []

    def other_pages() -> None:
        """Every page but the sessions' (in the tree's order: the sessions' pages take
        their places, already reserved, when they are collected)."""
        files["index.md"] = r.render("home.md", "index.md")
        files["maps/overview.svg"] = files["map.md"] = ""  # filled in with the sessions'
        files["sessions/index.md"] = r.render("sessions.md", "sessions/index.md")
        for session in sessions:
            files[session_path(session)] = ""  # its place in the tree, filled in at the end

        files["party.md"] = r.render("party.md", "party.md")
        periods = r.periods
        if not periods:
            timeline = keyed.token("timeline", view.timeline) if keyed is not None else None
            files["timeline.md"] = kept_page(
                ("timeline-page", inputs, timeline, titles, knowledge),
                lambda: r.render("timeline.md", "timeline.md"), pages_kept)
        else:
            # each page of a long timeline is kept by its own days: a note in the last session
            # redraws the last page alone, and the index only when a page or its counts change
            index = keyed.token("timeline-index", [
                (p.first, p.sessions, p.found, p.encounters) for p in periods]) \
                if keyed is not None else None
            files["timeline/index.md"] = kept_page(
                ("timeline-index", inputs, index, titles),
                lambda: r.render("timeline.md", "timeline/index.md", periods=periods), pages_kept)
            for i, period in enumerate(periods):
                earlier = periods[i - 1] if i > 0 else None
                later = periods[i + 1] if i + 1 < len(periods) else None
                days = keyed.token(("timeline", period.first),
                                   view.timeline[period.start:period.stop]) \
                    if keyed is not None else None
                files[period.path] = kept_page(
                    ("timeline-period", inputs, period.first, days, titles, knowledge,
                     earlier.first if earlier else None, later.first if later else None),
                    functools.partial(r.render, "timeline.md", period.path, period=period,
                                      previous=earlier, next=later), pages_kept)

        files["locations/index.md"] = kept_page(
            ("locations-page", inputs, knowledge, titles),
            lambda: r.render("locations.md", "locations/index.md"), pages_kept)
        locations: list[LocationView] = sorted(view.locations.values(),
                                               key=lambda loc: loc.name.casefold())
        # A location's page shows its own view, its finding session's title and the campaign's
        # names (hexes, paths, tables): kept by those while the campaign's inputs are unchanged
        # (``inputs``), it is drawn again only when one of them changed. So is a region's page
        # of the hex key (its hexes' views, visits included).
        found_in = {s.number: (s.slug, s.title) for s in sessions}
        for loc in locations:
            path = location_path(loc.id)
            page_key: tuple[object, ...] = ("location-page", inputs, loc,
                                            found_in.get(loc.found_in or 0))
            page = pages_kept.get_object(page_key) if pages_kept is not None else None
            if page is None:
                page = r.render("location.md", path, location=tv.locations[loc.id])
                if pages_kept is not None:
                    pages_kept.put_object(page_key, page)
            files[path] = page

        # The navigation stays small whatever the campaign's size: Material renders it into every
        # page, so a nav listing every page would make the build quadratic. Past NAV_LIMIT pages
        # a section shows its index (and the latest sessions); the index pages and the map lead
        # to everything else.
        nav_sessions = latest_in_nav(sessions)
        nav_locations = locations if len(locations) <= NAV_LIMIT else []
        nav[:] = [
            NavItem(t.gettext("Home"), "index.md"),
            NavItem(t.gettext("Map"), "map.md"),
            NavItem(t.gettext("Sessions"), children=(
                NavItem("", "sessions/index.md"),
                *(NavItem(t.gettext("Session %(n)s: %(title)s", n=s.number, title=s.title),
                          session_path(s))
                  for s in nav_sessions))),
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
            files["hex-key/index.md"] = r.render("hex-key.md", "hex-key/index.md")
            region_items: list[NavItem] = [NavItem("", "hex-key/index.md")]
            assert isinstance(tv, GMView)
            for region, shown_region in zip(view.regions, tv.regions, strict=True):
                path = region_path(region)
                title = region.name or (t.gettext("Other hexes") if len(view.regions) > 1
                                        else t.gettext("All hexes"))
                page_key = ("region-page", inputs, region, title,
                            tuple(view.hexes[label] for label in region.hexes))
                page = pages_kept.get_object(page_key) if pages_kept is not None else None
                if page is None:
                    page = r.render("region.md", path, region=shown_region,
                                    title=text(region.name) if region.name else Markup(title))
                    if pages_kept is not None:
                        pages_kept.put_object(page_key, page)
                files[path] = page
                region_items.append(NavItem(title, path))
            nav.append(NavItem(t.gettext("Hex key"), children=tuple(region_items)))
        if view.tables or isinstance(view, GMView):
            files["tables.md"] = r.render("tables.md", "tables.md")
            nav.append(NavItem(t.gettext("Tables"), "tables.md"))

    # the session pages are drawn by workers, when it pays, while this process draws the
    # other pages; they are collected, in their place in the tree, at the end. The workers
    # inherit the session template compiled.
    compile_templates(view.site.language, overrides, [session_template])
    drawing = parallel.Pages(draw, ([OVERVIEW] if overview_kept is None else [])
                             + [i for i in range(len(sessions)) if i not in kept])
    try:
        other_pages()
    except BaseException:
        drawing.close()
        raise
    arrived: Callable[[dict[int, str]], None] | None = None
    if ready is not None and drawing.pool is not None:
        reserved = {"maps/overview.svg", "map.md", *(session_path(s) for s in sessions)}
        ready({p: page for p, page in files.items() if p not in reserved})

        def arrived(pages: dict[int, str]) -> None:
            """The pages of a chunk the workers drew, handed on as they come (the overview
            map with its page)."""
            done = {session_path(sessions[i]): page for i, page in pages.items()
                    if i != OVERVIEW}
            if OVERVIEW in pages:
                done.update(map_pages(pages[OVERVIEW]))
            ready(done)

    def map_pages(overview: str) -> dict[str, str]:
        """The overview map and its page, in the tree."""
        files["maps/overview.svg"] = overview
        files["map.md"] = kept_page(("map-page", *map_key, titles),
                                    lambda: r.render("map.md", "map.md", svg=overview),
                                    pages_kept)
        return {"maps/overview.svg": overview, "map.md": files["map.md"]}

    drawn = drawing.result(arrived)
    overview = overview_kept if overview_kept is not None else drawn[OVERVIEW]
    if keyed is not None and overview_kept is None:
        keyed.put_object(map_key, overview)
    if files["map.md"] == "":  # not handed over already
        map_pages(overview)
    for i, session in enumerate(sessions):
        page = kept[i] if i in kept else drawn[i]
        files[session_path(session)] = page
        if i in keys:
            assert pages_kept is not None
            pages_kept.put(keys[i], page)
    tree.nav = nav
    return tree


#: For the site module: read a support file (CSS, JS) shipped in ``site_templates``.
def asset_files() -> dict[str, bytes]:
    """``assets/*`` files copied into every docs folder, by docs-relative path."""
    out: dict[str, bytes] = {}
    folder = TEMPLATES / "assets"
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            out["assets/" + path.relative_to(folder).as_posix()] = path.read_bytes()
    return out

