"""MkDocs in a worker process: the process, what it runs, and what it loads while it waits.

A build has two MkDocs runs and MkDocs builds one page at a time, so a build of both sites
starts a ``Worker`` first thing (``hexcrawl build`` before it loads the campaign,
``build_sites`` otherwise), gives it the GM's MkDocs (the long leg) as soon as the GM's docs
are written, and builds the players' docs and site itself meanwhile. The worker is a fresh
interpreter started the same way on every platform ("spawn": never a fork of the build and
its threads). While the build loads and renders pages, the worker imports MkDocs, the
Material theme, the Markdown extensions a build loads and the modules its caller names (the
hook's: ``preload``), so that cost leaves the critical path.

This module is what the worker imports of ours, so it imports nothing heavy of ours: no
page renderer, maps or content models (``generator.site.build`` imports those). MkDocs
itself is imported inside the functions that run it, so that the build's own process does
not pay for it before it needs it.
"""

from __future__ import annotations

import importlib
import logging
import multiprocessing
import os
import threading
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from generator.audience import AUDIENCES, Audience
from generator.diagnostics import N_
from generator.site.config import DOCS_FRESH
from generator.site.errors import SiteError
from generator.site.progress import Stage

#: What a build's MkDocs run imports (MkDocs, the Material theme and its search plugin, the
#: Markdown extensions of the base configuration, the highlighter they pull in): the worker
#: imports them while it waits for its first site. A module missing here is imported by
#: MkDocs when it needs it, as without the preload.
PRELOAD = (
    "mkdocs.commands.build",
    "mkdocs.config.defaults",
    "mkdocs.plugins",
    "mkdocs.structure.pages",
    "mkdocs.structure.nav",
    "mkdocs.theme",
    "mkdocs.contrib.search",
    "material",
    "material.templates",
    "material.plugins.search.plugin",
    "markdown",
    "markdown.extensions.toc",
    "markdown.extensions.tables",
    "markdown.extensions.attr_list",
    "markdown.extensions.md_in_html",
    "markdown.extensions.admonition",
    "markdown.extensions.codehilite",
    "pymdownx.details",
    "pygments.formatters.html",
    "jinja2",
    "yaml",
)


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def _page_counter(stage: Stage) -> Any:
    """An MkDocs plugin that tells ``stage`` how many pages there are and each one built."""
    from mkdocs.plugins import BasePlugin

    class PageCounter(BasePlugin):  # type: ignore[type-arg,no-untyped-call]
        """Two steps a page: MkDocs renders every page's Markdown, then writes every page."""

        def on_files(self, files: Any, **_: Any) -> Any:
            stage.size(2 * len(files.documentation_pages()))
            return files

        def on_page_content(self, html: str, **_: Any) -> str:
            stage.advance()
            return html

        def on_post_page(self, output: str, **_: Any) -> str:
            stage.advance()
            return output

    return PageCounter()


def run_mkdocs(config_file: Path, site_dir: Path, stage: Stage | None = None) -> list[str]:
    """Build one site in-process; returns MkDocs' warnings, raises SiteError on failure.

    ``stage``, if given, learns the number of pages and is advanced as each is built."""
    import jinja2
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    handler = _Collect()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(handler)
    try:
        config = load_config(config_file=str(config_file), site_dir=str(site_dir),
                             strict=False)
        config.extra[DOCS_FRESH] = True
        if stage is not None:
            config.plugins["hexcrawl-progress"] = _page_counter(stage)
        config.plugins.on_startup(command="build", dirty=False)
        try:
            build(config, dirty=False)
        finally:
            config.plugins.on_shutdown()
    except SystemExit as exc:  # mkdocs.exceptions.Abort is a SystemExit
        errors = [m for m in handler.messages if m]
        detail = "; ".join(errors[-3:]) or str(exc) or "aborted"
        raise SiteError(N_("MkDocs failed for %(file)s: %(detail)s", file=str(config_file),
                           detail=detail)) from exc
    except Exception as exc:
        where = ""
        if isinstance(exc, jinja2.TemplateSyntaxError) and exc.filename:
            where = f" in {exc.filename}:{exc.lineno}"
        raise SiteError(N_("MkDocs failed for %(file)s%(where)s: %(detail)s",
                           file=str(config_file), where=where,
                           detail=f"{type(exc).__name__}: {exc}")) from exc
    finally:
        logger.removeHandler(handler)
    return handler.messages


def mkdocs_in_worker(config_file: Path, site_dir: Path) -> tuple[list[str], int]:
    """``run_mkdocs`` in the worker: its warnings and the steps it counted."""
    stage = Stage("MkDocs")
    return run_mkdocs(config_file, site_dir, stage), stage.done


def worker_start() -> None:
    """A worker's start: it ends with the build that started it (a build killed mid-way must
    not leave a worker running on, writing into a folder the next build removes), and it
    writes nothing to the build's terminal or pipes (its warnings come back as values)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    for fd in (1, 2):
        os.dup2(devnull, fd)
    parent = multiprocessing.parent_process()

    def watch() -> None:
        # waits on the parent's sentinel (a pipe on POSIX, a process handle on Windows),
        # which is ready when the parent has ended however it ended
        assert parent is not None
        parent.join()
        os._exit(1)

    if parent is not None:
        threading.Thread(target=watch, name="hexcrawl-parent-watch", daemon=True).start()


def preload(more: Sequence[str] = ()) -> None:
    """Import what a build's MkDocs run imports (``PRELOAD``, then ``more``). A module that
    cannot be imported is skipped: MkDocs imports what it needs when it needs it, and says
    what fails then."""
    for name in (*PRELOAD, *more):
        try:
            importlib.import_module(name)
        except Exception:  # MkDocs imports it again when it needs it, and says what fails
            continue


def _serve(conn: Connection, more: Sequence[str]) -> None:
    """The worker's life: start, preload (``more`` too), then run each call it is sent (a
    function and its arguments) and send back ("ok", value) or ("error", exception), until
    told to stop (None) or its build is gone."""
    worker_start()
    preload(more)
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        function, args = job
        try:
            reply: tuple[str, Any] = ("ok", function(*args))
        except Exception as exc:
            reply = ("error", exc)
        try:
            conn.send(reply)
        except Exception as exc:  # an exception that cannot be pickled: said as text
            conn.send(("error", SiteError(f"{type(exc).__name__}: {exc}")))


class WorkerGone(Exception):
    """The worker ended without an answer (killed, out of memory): build here instead."""


class Worker:
    """One spawned process that runs the calls it is given, one at a time (``submit``, then
    ``result``), having imported ``PRELOAD`` and ``preload`` (module names: what the
    caller knows MkDocs will import, such as the modules of hexcrawl's hook) while it
    waits for the first. ``close`` ends it whatever it is doing: a build that fails while
    the worker runs MkDocs stops it before removing the folder it writes into. Raises
    ``OSError`` when no process can be started."""

    def __init__(self, preload: Sequence[str] = ()) -> None:
        context = multiprocessing.get_context("spawn")
        self._conn, child = context.Pipe()
        self._process = context.Process(target=_serve, args=(child, tuple(preload)),
                                        name="hexcrawl-mkdocs", daemon=True)
        try:
            self._process.start()
        finally:
            child.close()
        #: it answered a call and waits for the next: told to stop, it ends at once
        self._waiting = False

    def submit(self, function: Callable[..., Any], *args: Any) -> None:
        """Send the worker a call (a module-level function, pickled by name)."""
        try:
            self._conn.send((function, args))
        except OSError as exc:
            raise WorkerGone() from exc
        self._waiting = False

    def result(self) -> Any:
        """The value of the call submitted, or the exception it raised, raised here;
        ``WorkerGone`` if the worker ended first."""
        try:
            kind, value = self._conn.recv()
        except (EOFError, OSError) as exc:
            raise WorkerGone() from exc
        self._waiting = True
        if kind == "error":
            raise value
        return value

    def close(self) -> None:
        """End the worker: one waiting for a call is told to stop; one still starting or
        running a call (the build failed meanwhile) is terminated, so that it writes
        nothing more and the build need not wait for it."""
        if self._waiting and self._process.is_alive():
            try:
                self._conn.send(None)
                self._process.join(1)
            except OSError:
                pass
        if self._process.is_alive():
            self._process.terminate()
        self._process.join()
        self._conn.close()

    def __enter__(self) -> Worker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def jobs() -> int:
    """How many processes a build may use: ``HEXCRAWL_JOBS`` if set, else the cores."""
    try:
        return max(1, int(os.environ.get("HEXCRAWL_JOBS", "")))
    except ValueError:
        return os.cpu_count() or 1


def start_worker(audiences: Sequence[Audience], docs_only: bool = False,
                 preload: Sequence[str] = ()) -> Worker | None:
    """The worker that builds the GM's site while the build's own process builds the
    players' (``generator.site.build.build_sites``), or None where the build runs in one
    process: one audience, ``--docs-only``, one core or ``HEXCRAWL_JOBS=1`` (a machine short
    of memory), or no process to be had. ``hexcrawl build`` starts it before it loads the
    campaign, so the worker's start and imports overlap the load and the GM's pages."""
    if docs_only or set(audiences) != set(AUDIENCES) or jobs() < 2:
        return None
    try:
        return Worker(preload)
    except OSError:
        return None
