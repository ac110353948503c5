"""Work done in forked processes beside a build (``Forked``, ``pool``).

The pages of a site are drawn in-process, one after another (``generator.render.pages``);
what is left here serves the build's remaining forks, which are to go the same way.

Forking is used only where it is safe (``can_fork``): the platform can ``fork`` (Linux, the
BSDs; not Windows; macOS only if asked), the process runs no other thread and is not itself
a daemonic worker. ``HEXCRAWL_JOBS`` sets the number of cores a build may use (``1``:
nothing forked); by default it is the number of cores this process may use, at most
``MAX_JOBS``.
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
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Generic, TypeVar

T = TypeVar("T")

#: At most this many workers by default.
MAX_JOBS = 8

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


class Forked(Generic[T]):
    """``work()`` run at once in a forked child process while this one goes on; ``result()``
    waits for it and returns its value, or raises here the exception it raised there.

    Made with a bare ``fork`` and a pipe, no thread: this process can still fork its own
    workers afterwards (``can_fork``). The child may use one worker fewer than
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
