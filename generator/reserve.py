"""The pages a build will write, made as empty files early, on a core that would otherwise
wait.

Making a file costs some file systems far more than filling it: on the virtual disks this
project is measured on, creating a file takes about 0.7 ms of the kernel's time, against
0.02 ms to write 20 KB into it, so the 1,500 pages of a campaign of 1,000 locations and 200
sessions cost a second of a core just to exist. A build knows most of its pages' names as
soon as the campaign has loaded: every session has its page on both sites, and every
location its page on the GM's. ``reserving`` starts a process at the lowest priority (the
kernel runs it only on a core nothing else wants) that creates those files, empty, in the
docs trees while this process replays; the writer fills a reserved file in place
(``TreeWriter.write_if_changed``), and what was not reserved in time is created as before.
The trees written are the same.

Only pages certain to be written are reserved (``planned_pages``; ``tests/test_reserve.py``
holds it to what a build writes), only files that do not exist are created, and only
inside the docs trees (``TreeWriter``). The build's lock on its build root is taken first,
so no other build's tree is touched; when the build fails, the reserved files still empty
are removed again.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from generator import output
from generator.content.campaign import Campaign
from generator.knowledge import Audience, session_slug
from generator.render import parallel
from generator.writer import TreeWriter

#: Fewer pages than this are not reserved: starting a process costs more than it saves.
MIN_PAGES = 64


def planned_pages(campaign: Campaign, audience: Audience) -> list[str]:
    """Pages of ``audience``'s docs tree (paths under ``docs/``) that every build of this
    campaign writes: each session's page, and for the GM each location's."""
    pages = [f"docs/sessions/{session_slug(s.number, s.title)}.md" for s in campaign.sessions]
    if audience == "gm":
        pages += [f"docs/locations/{location_id}.md" for location_id in campaign.locations]
    return pages


def _reserve(plan: Sequence[tuple[Path, list[str]]]) -> None:
    """In the reserving process: the lowest priority there is, then every planned file."""
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):  # not on Linux
        os.nice(19)
    for root, pages in plan:
        TreeWriter(root).reserve(pages)


class _Reserver:
    """``_reserve(plan)`` in a forked process; ``stop()`` ends it (done or not) and waits."""

    def __init__(self, plan: Sequence[tuple[Path, list[str]]]) -> None:
        sys.stdout.flush()
        sys.stderr.flush()
        self.pid = os.fork()
        if self.pid == 0:  # the child
            code = 0
            try:
                _reserve(plan)
            except BaseException:  # noqa: BLE001 - the build writes what is not reserved
                code = 1
            finally:
                os._exit(code)

    def stop(self) -> None:
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)


@contextlib.contextmanager
def reserving(campaign: Campaign, audiences: Sequence[Audience], build_root: Path,
              ) -> Iterator[None]:
    """Reserve the planned pages of ``audiences`` under ``build_root`` (``build_root /
    audience``, as ``site.write_docs`` writes them) while the block runs, holding the build
    root's lock throughout; the reserving process is stopped when the block ends. Where
    forking is not safe, on one core, or for a small campaign, nothing is reserved (and no
    lock is taken here: the build takes it itself)."""
    plan = [(build_root / audience, planned_pages(campaign, audience)) for audience in audiences]
    if sum(len(pages) for _, pages in plan) < MIN_PAGES or parallel.jobs() < 2 \
            or not parallel.can_fork():
        yield
        return
    with output.build_lock(output.lock_files(None, build_root)):
        try:
            reserver = _Reserver(plan)
        except OSError:
            yield
            return
        done = False
        try:
            yield
            done = True
        finally:
            reserver.stop()
            if not done:
                _unreserve(plan)


def _unreserve(plan: Sequence[tuple[Path, list[str]]]) -> None:
    """After a failed build: remove the planned files that are still empty (no page is)."""
    for root, pages in plan:
        for page in pages:
            path = root / page
            with contextlib.suppress(OSError):
                if not path.is_symlink() and path.is_file() and path.stat().st_size == 0:
                    path.unlink()
