"""Empty files made early, on a core that would otherwise wait, for the build to write into.

Making a file costs some file systems far more than filling it: on the virtual disks this
project is measured on, creating a file takes about 0.7 ms of the kernel's time, against
0.02 ms to write 20 KB into it, so the 1,500 pages of a campaign of 1,000 locations and 200
sessions cost a second of a core just to exist, in the busiest part of the build.
``SpareFiles`` starts a process at the lowest priority there is (the kernel runs it only
on a core nothing else wants: while the campaign loads and replays, that is often one)
that makes about as many empty files as the build will write, in a folder of the build
root; the writers then give each new file one of them (``writer.Spares``: a rename and a
link, 0.06 ms), and make the file as before once none is left. The trees written are the
same; the folder and the spares left over are removed when the build ends, however it ends.

Each build has a folder of spares of its own, so another build at the same time neither
takes them nor sees them. Where forking is not safe, on one core, or for a small campaign,
nothing is made.
"""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
from pathlib import Path

from generator import writer
from generator.render import parallel

#: The folder of a build's spare files, in the build root (followed by its process id).
FOLDER = ".hexcrawl-spare"
#: For fewer files than this nothing is made ahead: starting a process costs more.
MIN_FILES = 64
#: Files a build writes besides its session and location pages, about (index pages,
#: timeline, hex key, reference, maps, support files), per audience.
OTHER_FILES = 60


def expected_files(content: Path) -> int:
    """About how many files a build of the campaign in ``content`` writes, from the number
    of entries of its folders (nothing read): each session's page on both sites, each
    location's on the GM's and a share of them on the players', and the others."""

    def entries(folder: str) -> int:
        try:
            return len(os.listdir(content / folder))
        except OSError:
            return 0

    locations, sessions = entries("locations"), entries("sessions")
    return locations + locations // 4 + 2 * sessions + 2 * OTHER_FILES


def _make(folder: Path, count: int, mode: int) -> None:
    """In the spare-making process (``parallel.Forked``, ended by ``kill`` when the build
    is done): the lowest priority, then ``count`` empty files."""
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):  # not on Linux
        os.nice(19)
    for i in range(count):
        try:
            os.close(os.open(folder / f"{writer.SPARE_PREFIX}{i:06d}",
                             os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, mode))
        except FileExistsError:
            continue


class SpareFiles:
    """Spare files made ahead in a folder of this process's own in ``build_root``, from
    the moment this is made (so that the maker can use the idle moments of the imports);
    inside ``with`` the writers of this process and of those it forks give them to new
    files (see the module docstring). The folder is removed when the block ends, and the
    build root too if it was made for it and nothing else is in it (a build that failed
    before writing leaves nothing behind)."""

    def __init__(self, content: Path, build_root: Path) -> None:
        self.build_root = build_root
        self.folder = build_root / f"{FOLDER}-{os.getpid()}"
        self.made_root = not os.path.lexists(build_root)
        self.maker: parallel.Forked[None] | None = None
        count = expected_files(content)
        if count < MIN_FILES or parallel.jobs() < 2 or not parallel.can_fork():
            return
        try:
            build_root.mkdir(parents=True, exist_ok=True)
            _remove_stale(build_root)
            self.folder.mkdir()
            self.maker = parallel.Forked(functools.partial(
                _make, self.folder, count, writer.TreeWriter(build_root).mode))
        except OSError:
            return  # no spares: the writers make every file

    def __enter__(self) -> SpareFiles:
        if self.maker is not None:
            writer.spares = writer.Spares(self.folder)
        return self

    def __exit__(self, *_: object) -> None:
        if self.maker is None:
            return
        writer.spares = None
        self.maker.kill()
        self.maker = None
        shutil.rmtree(self.folder, ignore_errors=True)
        if self.made_root:
            with contextlib.suppress(OSError):
                self.build_root.rmdir()  # only if empty


def _remove_stale(build_root: Path) -> None:
    """Remove the spare folders of builds that ended without removing them (killed), and
    one of this process's id left by an earlier one."""
    for name in os.listdir(build_root):
        if not name.startswith(f"{FOLDER}-"):
            continue
        try:
            pid = int(name[len(FOLDER) + 1:])
        except ValueError:
            continue
        if pid != os.getpid() and _alive(pid):
            continue
        path = build_root / name
        if path.is_symlink():
            path.unlink()
        else:
            shutil.rmtree(path, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
