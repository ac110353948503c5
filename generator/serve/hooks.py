"""MkDocs hooks for a generated hexcrawl site (``hooks:`` in ``build/<audience>/mkdocs.yml``).

``mkdocs serve -f build/gm/mkdocs.yml`` (and ``hexcrawl serve``) watch the campaign folder;
on every rebuild this hook loads the campaign, replays it and rewrites the docs tree, writing
only files whose content changed, so MkDocs sees just the pages that really changed. When
``hexcrawl build`` runs MkDocs itself the docs are already fresh (it says so in the config it
passes: ``generator.site.config.DOCS_FRESH``) and the hook does nothing (nor does it with
``HEXCRAWL_HOOK=off``, for measuring MkDocs alone).

Whoever runs MkDocs, the hook puts each page's maps into the built page (``on_post_page``,
``generator.render.map_files``): the Markdown holds stand-ins, the maps are files of their
own, so neither the Markdown converter nor the search plugin goes through them.

Between builds the hook keeps what did not change in the serve session
(``generator.serve.session``; MkDocs loads this file anew with each configuration, so it
keeps nothing itself): the replay of
the sessions before the edited one, the pages drawn of them, the files already written. Under
``hexcrawl serve`` MkDocs builds *dirty* (only the pages whose Markdown changed); the hook
keeps that exact: it empties the site when the navigation or the configuration changed, and
writes the search index of every page, not only of the rebuilt ones. The theme's templates
are compiled once (``on_env``): kept in the process and in the user's template cache.

A campaign with errors keeps the last good docs tree. While serving, every page is then
replaced by an error page listing the messages with their positions
(``generator.serve.errors``); MkDocs' live reload brings the pages back as soon as an edit
fixes the content. ``mkdocs build`` on a campaign with errors fails with the messages instead.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority

from generator.audience import AUDIENCES, Audience

log = logging.getLogger("mkdocs.plugins.hexcrawl")

#: What this hook's events import when ``hexcrawl build`` runs MkDocs on fresh docs: the
#: build's worker process imports them while it waits for its site (``generator.site.worker``)
BUILD_IMPORTS = ("mkdocs.exceptions", "generator.serve.session", "generator.serve.bytecode",
                 "generator.render.templates", "generator.render.map_files",
                 "generator.site.notfound", "generator.site.config")


def on_startup(command: str, dirty: bool, **_: Any) -> None:
    from generator.serve.session import SESSION

    SESSION.start(command, dirty)


def _active(config: Any) -> tuple[Audience, Path, dict[str, Any]] | None:
    """(audience, folder of the generated mkdocs.yml, extra) when the hook should run."""
    from generator.site.config import DOCS_FRESH

    extra = config.extra or {}
    if extra.get(DOCS_FRESH) or os.environ.get("HEXCRAWL_HOOK") == "off":
        return None
    audience = extra.get("hexcrawl_audience")
    content = extra.get("hexcrawl_content")
    config_file = config.config_file_path
    if audience not in AUDIENCES or not content or not config_file:
        return None
    return Audience(audience), Path(config_file).resolve().parent, extra


def on_pre_build(config: Any, **_: Any) -> None:
    """Regenerate the docs tree (see the module docstring)."""
    _regenerate(config)


def _regenerate(config: Any) -> None:
    from generator.serve.session import SESSION

    state = SESSION.state
    active = _active(config)
    if active is None:
        state.failed = []
        return
    # the pipeline is imported only when the hook regenerates: a build that wrote its docs
    # itself (``hexcrawl build``, its worker) starts MkDocs without it
    from mkdocs.exceptions import Abort

    from generator import site
    from generator.content.loader import load_campaign
    from generator.diagnostics import Diagnostics, Pos
    from generator.render import map_files
    from generator.replay import replay
    from generator.site.config import ConfigOptions

    dirty = SESSION.dirty_site(config.config_file_path)
    audience, base, extra = active
    theme = config.theme
    state.language = str(theme["language"]) if theme is not None and "language" in theme \
        else "en"
    content_dir = (base / extra["hexcrawl_content"]).resolve()
    cache = SESSION.cache_for(content_dir)
    campaign, diags = load_campaign(content_dir, parse_cache=cache.parsed)
    if campaign is not None:
        chronicle, rdiags = replay(campaign, cache.replay)
        diags.extend(rdiags.items)
    for d in diags.sorted():
        (log.error if d.severity == "error" else log.warning)(d.format())
    if campaign is not None and not diags.has_errors():
        repo = extra.get("hexcrawl_repo_config")
        options = ConfigOptions(no_hooks=bool(extra.get("hexcrawl_no_hooks")),
                                site_url=extra.get("hexcrawl_site_url") or None)
        try:
            result = site.write_docs(
                campaign, chronicle, audience, build_dir=base.parent,
                out_dir=(base / extra.get("hexcrawl_out", "../../site")).resolve(),
                repo_config=(base / repo).resolve() if repo else None,
                options=options, cache=cache)
        except site.SiteError as exc:
            diags = Diagnostics()
            where = exc.pos if isinstance(exc.pos, Pos) else Pos(str(exc.pos or content_dir))
            diags.error(where, exc.text)  # a Text: the error page says it in the language
            log.error("hexcrawl: %s", exc)
        else:
            state.failed = []
            if result.written or result.removed:
                log.info("hexcrawl: %d files regenerated, %d removed", len(result.written),
                         len(result.removed))
            # a page removed needs a full build (every page lists the pages); a map removed
            # is no page's any more: it leaves the served site, and that is all
            maps_removed = [r for r in result.removed if map_files.is_map_file(r)]
            dirty.start(config.site_dir, dirty=state.dirty,
                        nav_changed="mkdocs.yml" in result.written,
                        removed=len(maps_removed) < len(result.removed), failed=False)
            if state.dirty:
                for rel in maps_removed:
                    (Path(config.site_dir) / rel).unlink(missing_ok=True)
            return
    if not state.serving:
        raise Abort(f"hexcrawl: {len(diags.errors)} content errors (listed above); "
                    "the site was not built")
    state.failed = diags.sorted()
    dirty.start(config.site_dir, dirty=state.dirty, nav_changed=False, removed=False,
                failed=True)
    log.error("hexcrawl: content has errors; the browser shows them until they are fixed")


def on_serve(server: Any, config: Any, builder: Any, **_: Any) -> Any:
    """Under serve, MkDocs rebuilds on what it watches. Two of its habits cost every edit
    time the hook does not need:

    - it watches the docs folder, which only the hook writes (from the campaign folder,
      watched through the generated ``watch:``): every edit's regeneration would make it
      build a second time, nothing having changed, and hold the pages back while it does;
      the docs folder is left unwatched (``mkdocs.yml`` stays watched: the hook rewrites it
      when the navigation changes, and MkDocs must then load it again);
    - it polls every watched file twice a second: a saved file waits a quarter of a second
      on average before anyone notices, and every poll reads the state of the campaign's
      thousands of files. Where the system tells of changes as they happen (Linux's
      inotify), the watcher is one that listens instead.

    And one habit of Python's: its cycle collector goes through every object the process
    holds, and after the first build that is the caches of a whole campaign (millions of
    objects at a thousand pages). Its full passes then cost an edit's rebuild up to half a
    second. What the first build left is moved out of its sight (``gc.freeze``), the
    garbage collected first; what later builds make is collected as ever."""
    if _active(config) is None:
        return server
    try:
        server.unwatch(str(config.docs_dir))
    except (KeyError, ValueError):  # not watched
        pass
    _listen(server, [str(config.config_file_path), *(str(p) for p in config.watch)])
    import gc

    gc.collect()
    gc.freeze()
    return server


def _listen(server: Any, probe: list[str]) -> None:
    """Give ``server`` (MkDocs' LiveReloadServer, not started yet) a watcher told of changes
    by the system instead of its polling one, when the system can: tried first on
    ``probe`` (the paths it will watch); on any failure the polling watcher stays."""
    try:
        from watchdog.observers.inotify import InotifyObserver
    except ImportError:  # not Linux
        return
    from watchdog import events
    from watchdog.events import FileSystemEvent, FileSystemEventHandler

    #: every kind of event that tells of a change (watchdog 4 and later filter by kind)
    changes = [kind for name in ("FileCreatedEvent", "FileModifiedEvent", "FileDeletedEvent",
                                 "FileMovedEvent", "FileClosedEvent", "DirCreatedEvent",
                                 "DirModifiedEvent", "DirDeletedEvent", "DirMovedEvent")
               if (kind := getattr(events, name, None)) is not None]

    class Changed(FileSystemEventHandler):
        """Passes on the events that change a file: inotify also tells of every file
        opened and closed unwritten, and the hook reads every content file on each build
        (MkDocs would rebuild for ever)."""

        def __init__(self, inner: FileSystemEventHandler) -> None:
            super().__init__()
            self.inner = inner

        def dispatch(self, event: FileSystemEvent) -> None:
            if event.event_type not in ("opened", "closed_no_write"):
                self.inner.dispatch(event)

    class ChangesObserver(InotifyObserver):
        def schedule(self, event_handler: FileSystemEventHandler, path: Any,
                     **kwargs: Any) -> Any:
            handler = Changed(event_handler)
            if changes:
                # the system is not even asked about opened and unwritten files: each
                # load's 2 x thousands of them otherwise keep the watcher's thread
                # busy while the build runs, and the load waits on it
                try:
                    return super().schedule(handler, path, event_filter=changes, **kwargs)
                except TypeError:  # a watchdog before 4.0
                    pass
            return super().schedule(handler, path, **kwargs)

    old = server.observer
    handlers = getattr(old, "_handlers", None)
    refs = getattr(server, "_watch_refs", None)
    if not isinstance(handlers, dict) or not isinstance(refs, dict) or old.is_alive():
        return
    try:
        trial = InotifyObserver()
        for path in probe:
            if os.path.exists(path):
                trial.schedule(FileSystemEventHandler(), path, recursive=os.path.isdir(path))
        trial.start()
        trial.stop()
        trial.join()
    except OSError as exc:  # e.g. no inotify watches left: keep polling
        log.debug("hexcrawl: polling for changes (%s)", exc)
        return
    new = ChangesObserver()
    for path, watch in list(refs.items()):
        for handler in handlers.get(watch, ()):
            refs[path] = new.schedule(handler, watch.path, recursive=watch.is_recursive)
    server.observer = new


def on_env(env: Any, **_: Any) -> Any:
    """Theme templates compiled once, not once per build: kept in the process (the serve
    session's ``bytecode``, for every rebuild under serve) and in the user's template cache
    on disk (for every build's first site; Jinja's own ``FileSystemBytecodeCache``)."""
    from generator.render.templates import template_cache
    from generator.serve.session import SESSION

    env.bytecode_cache = SESSION.bytecode.over(template_cache(env))
    return env


def _dirty_site(config: Any) -> Any:
    """The hook's record of the site being served dirty, or None (``generator.serve.memo``)."""
    from generator.serve.session import SESSION

    if not SESSION.state.dirty or _active(config) is None:
        return None
    return SESSION.dirty_site(config.config_file_path)


def on_files(files: Any, config: Any, **_: Any) -> Any:
    if (site := _dirty_site(config)) is not None:
        site.pages = files.documentation_pages()
    return files


def on_nav(nav: Any, config: Any, **_: Any) -> Any:
    if (site := _dirty_site(config)) is not None:
        site.lend_titles(nav.pages)
    return nav


def on_page_content(html: str, page: Any, config: Any, **_: Any) -> str:
    if (site := _dirty_site(config)) is not None:
        site.remember(page)
    return html


@event_priority(50)  # before the search plugin writes its index
def on_post_build(config: Any, **_: Any) -> None:
    if (site := _dirty_site(config)) is not None:
        site.merge_search(config.plugins)


def _error_page_audience(template_name: str, config: Any) -> str | None:
    """The audience of a hexcrawl site's error page being built (404.html), else None."""
    from generator.site.notfound import is_error_page

    audience = (config.extra or {}).get("hexcrawl_audience")
    if audience in AUDIENCES and is_error_page(template_name):
        return str(audience)
    return None


def on_template_context(context: Any, template_name: str, config: Any, **_: Any) -> Any:
    """The 404 page's links relative to the site's root (``generator.site.notfound``)."""
    from generator.site.notfound import relative_context

    if _error_page_audience(template_name, config) is None:
        return context
    return relative_context(context, config)


def on_post_template(output: str, template_name: str, config: Any, **_: Any) -> str:
    """The 404 page with the script that finds the site's root wherever it is served."""
    from generator.site.notfound import rooted

    audience = _error_page_audience(template_name, config)
    if audience is None:
        return output
    return rooted(output, audience, config.site_url)


def on_post_page(output: str, page: Any, config: Any, **_: Any) -> str:
    """The page with its maps put in (``generator.render.map_files``): after its Markdown
    and after the search plugin indexed it (``on_page_context``), so neither goes through
    the maps. While serving a campaign with errors, the error page instead."""
    import html

    from generator.serve.errors import error_page
    from generator.serve.session import SESSION

    state = SESSION.state
    if state.failed and state.serving:
        # the generated config holds site_name as HTML text (the theme writes it unescaped);
        # the error page escapes what it is given, so it gets the name back as typed
        return error_page(state.failed, state.language,
                          html.unescape(str(config.site_name or "")))
    return _put_maps(output, page, config)


def _put_maps(output: str, page: Any, config: Any) -> str:
    from mkdocs.exceptions import PluginError

    from generator.render.map_files import has_stand_ins, put_maps

    if not has_stand_ins(output):
        return output
    docs = Path(config.docs_dir)

    def read(path: str) -> str:
        try:
            return (docs / path).read_text(encoding="utf-8")
        except OSError as exc:
            raise PluginError(
                f"hexcrawl: {page.file.src_uri}: its map {path} cannot be read from {docs} "
                f"({exc.strerror or exc}); run hexcrawl build again") from exc

    return put_maps(output, read)
