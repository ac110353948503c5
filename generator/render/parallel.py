"""Pages drawn in worker processes: the many independent pages of a large campaign.

A session's page (its maps, every roll of every watch) depends on the view and nothing
drawn before it, so on a machine with more than one core a cold build draws them in forked
workers: each inherits the rendered view, draws its share and sends back the text. The tree
written is the same byte for byte as drawing them one after another (tests/test_parallel.py).

The work is split only where forking is safe and pays:

- the platform can ``fork`` (Linux, the BSDs; not Windows; macOS only if asked, see below);
- the process runs no other thread (``hexcrawl serve`` does: its rebuilds draw in-process,
  and they draw few pages anyway) and is not itself a daemonic worker;
- there are at least ``MIN_PAGES`` pages to draw.

``HEXCRAWL_JOBS`` sets the number of workers (``1`` draws everything in-process); by
default it is the number of cores this process may use, at most ``MAX_JOBS``. A page that
fails in a worker is drawn again in-process, so its error is the one a serial build reports.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import pickle
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from typing import Generic, TypeVar

T = TypeVar("T")

#: Fewer pages than this are drawn in-process: starting workers costs more than it saves.
MIN_PAGES = 16
#: At most this many workers by default.
MAX_JOBS = 8
#: Chunks per worker: the later sessions' pages are the larger, so work is dealt in turns,
#: and small enough that the workers end together (16 against 8: 0.1-0.3 s less at 200
#: sessions, where the last chunk drawn alone was the build's last tenth of a second).
CHUNKS_PER_JOB = 16

_DRAW: Callable[[int], str] | None = None
#: In a process started by ``Forked``: the number of workers it may use (its parent keeps
#: the other cores busy).
_JOBS: int | None = None


def pool(workers: int) -> ProcessPoolExecutor:
    """Forked worker processes that end when this process does, however it ends: a worker
    inherits both ends of its task pipe, so without the watch a parent killed (``kill -9``,
    the out-of-memory killer) would leave it waiting for work for ever, holding the
    parent's standard output and error open."""
    return ProcessPoolExecutor(workers, multiprocessing.get_context("fork"),
                               initializer=_watch_parent, initargs=(os.getpid(),))


def _watch_parent(parent: int) -> None:
    """In a worker: exit as soon as ``parent`` is no longer this process's parent."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.2)
        os._exit(1)

    threading.Thread(target=watch, name="hexcrawl-watch-parent", daemon=True).start()


def jobs() -> int:
    """How many workers a build may use (``HEXCRAWL_JOBS``, else the usable cores)."""
    if _JOBS is not None:
        return _JOBS
    value = os.environ.get("HEXCRAWL_JOBS", "").strip()
    if value:
        try:
            return max(1, int(value))
        except ValueError:
            return 1
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, MAX_JOBS))


def can_fork() -> bool:
    """Whether forking workers is safe here (see the module docstring)."""
    if "fork" not in multiprocessing.get_all_start_methods():
        return False
    if sys.platform == "darwin" and os.environ.get("HEXCRAWL_JOBS", "").strip() in ("", "0"):
        return False  # system libraries on macOS may not survive a fork: only when asked
    if threading.active_count() != 1:
        return False
    return not multiprocessing.current_process().daemon


def _draw_chunk(indices: Sequence[int]) -> list[tuple[int, str | None]]:
    """In a worker: the text of each page, or None for one that failed (drawn again)."""
    assert _DRAW is not None
    out: list[tuple[int, str | None]] = []
    for i in indices:
        try:
            out.append((i, _DRAW(i)))
        except Exception:  # noqa: BLE001 - the parent draws it again and reports the error
            out.append((i, None))
    return out


def draw_pages(draw: Callable[[int], str], items: Sequence[int]) -> dict[int, str]:
    """``{i: draw(i)}`` for every ``i`` of ``items``, in worker processes when it pays."""
    return Pages(draw, items).result()


class Pages:
    """``{i: draw(i)}`` for every ``i`` of ``items``: drawn by worker processes that start
    at once, when it pays (see the module docstring), while this process goes on with other
    work; ``result()`` collects them, and draws here whatever the workers did not (every
    page, where no worker was started). Call ``result()`` exactly once.

    The pages are dealt in chunks, and ``result()`` first draws here, one at a time from the
    last, the chunks no worker has taken yet: this process, done with its own work, joins
    the workers instead of waiting for them, whoever had the larger share."""

    def __init__(self, draw: Callable[[int], str], items: Sequence[int]) -> None:
        self.draw = draw
        self.items = list(items)
        self.pool: ProcessPoolExecutor | None = None
        self.futures: list[Future[list[tuple[int, str | None]]]] = []
        self.chunks: list[list[int]] = []
        # at least MIN_PAGES / 2 pages a worker
        workers = min(jobs(), len(items) // max(1, MIN_PAGES // 2))
        if len(items) < MIN_PAGES or workers < 2 or not can_fork():
            return
        global _DRAW
        _DRAW = draw  # the workers are forked at the first submit: each inherits it
        step = workers * CHUNKS_PER_JOB
        chunks = [self.items[k::step] for k in range(step) if self.items[k::step]]
        try:
            self.pool = pool(workers)
            self.futures = [self.pool.submit(_draw_chunk, chunk) for chunk in chunks]
            self.chunks = chunks
        except (OSError, BrokenProcessPool):
            self.close()  # no workers to be had: everything is drawn here
        finally:
            _DRAW = None

    def result(self, arrived: Callable[[dict[int, str]], None] | None = None,
               ) -> dict[int, str]:
        """Every page, by index. ``arrived``, if given, is handed the pages of each chunk
        as it comes back (from a worker, or drawn here) while the others are still being
        drawn, to do with them what it would do at the end on a core that would otherwise
        wait; a page that failed in a worker is not handed over (it is drawn again here at
        the end, and its error raised)."""
        done: dict[int, str | None] = {}

        def took(pages: list[tuple[int, str | None]]) -> None:
            done.update(pages)
            if arrived is not None:
                good = {i: text for i, text in pages if text is not None}
                if good:
                    arrived(good)

        try:
            # a chunk still queued is cancelled and drawn here; the workers meanwhile take
            # the next ones from the front of the queue
            for future, chunk in reversed(list(zip(self.futures, self.chunks, strict=True))):
                if future.cancel():
                    took([(i, self.draw(i)) for i in chunk])
            for future in as_completed([f for f in self.futures if not f.cancelled()]):
                try:
                    pages = future.result()
                except (OSError, BrokenProcessPool):
                    break  # the workers died: what is missing is drawn here
                took(pages)
        finally:
            self.close()
        return {i: text if (text := done.get(i)) is not None else self.draw(i)
                for i in self.items}

    def close(self) -> None:
        self.futures = []
        self.chunks = []
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None


class Forked(Generic[T]):
    """``work()`` run at once in a forked child process while this one goes on; ``result()``
    waits for it and returns its value, or raises here the exception it raised there.

    Made with a bare ``fork`` and a pipe, no thread: this process can still fork its own
    workers afterwards (``can_fork``). The child draws its pages with one worker fewer than
    this process would (``jobs``), since this process keeps a core busy meanwhile; it
    leaves through ``os._exit``, so nothing this process had buffered is written twice.
    ``result()`` raises ``BrokenProcessPool`` when the child died without an answer (killed),
    and the caller does the work itself. Call ``result()`` or ``kill()`` exactly once."""

    def __init__(self, work: Callable[[], T]) -> None:
        sys.stdout.flush()
        sys.stderr.flush()
        read, write = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:  # the child
            os.close(read)
            code = 0
            try:
                global _JOBS
                _JOBS = max(1, jobs() - 1)
                try:
                    answer: tuple[bool, object] = (True, work())
                except BaseException as exc:  # noqa: BLE001 - raised again in the parent
                    answer = (False, exc)
                try:
                    data = pickle.dumps(answer)
                except Exception:  # noqa: BLE001 - an exception that does not pickle
                    data = pickle.dumps((False, RuntimeError(repr(answer[1]))))
                with os.fdopen(write, "wb") as out:
                    out.write(data)
            except BaseException:  # noqa: BLE001 - the parent sees no answer
                code = 1
            finally:
                os._exit(code)
        os.close(write)
        self.read = read

    def result(self) -> T:
        with os.fdopen(self.read, "rb") as answer:
            data = answer.read()
        os.waitpid(self.pid, 0)
        if not data:
            raise BrokenProcessPool("the forked process ended without an answer")
        ok, value = pickle.loads(data)
        if not ok:
            assert isinstance(value, BaseException)
            raise value
        return value  # type: ignore[no-any-return]

    def kill(self) -> None:
        """End the child, done or not, and wait for it; its answer, if any, is dropped."""
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)
        os.close(self.read)
        os.waitpid(self.pid, 0)
