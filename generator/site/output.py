"""The output folder: both sites switch in one step, builds take turns, a crash leaves no trace.

``hexcrawl build --out site`` keeps ``site/players`` and ``site/gm`` as the paths people and
web servers use, but they are symbolic links into a state folder, ``site/.hexcrawl``::

    site/players -> .hexcrawl/current/players
    site/gm      -> .hexcrawl/current/gm
    site/.hexcrawl/current -> sites-<id>              the one link a build replaces
    site/.hexcrawl/sites-<id>/players -> ../players-<id1>
    site/.hexcrawl/sites-<id>/gm      -> ../gm-<id2>
    site/.hexcrawl/players-<id1>/, gm-<id2>/           the built sites
    site/.hexcrawl/staging-<random>/                   a build in progress (mode 0700)
    site/.hexcrawl/lock                                held while a build runs

A build renders into a fresh staging folder (owner-only, so GM pages are never readable by
other users of the machine while it runs), moves each finished audience next to it, writes a
new ``sites-<id>`` folder of links (the new audiences, and the current ones for an audience
it did not build), and then replaces ``current`` with one ``rename(2)``: every reader sees
either both old sites or both new ones, whenever the process is killed. What is no longer
referenced (older versions, staging folders of killed builds, and the ``.site-new-*``
folders older releases left beside ``--out``) is removed by the next build, under its lock.

Builds take turns: ``build_lock`` holds file locks (``filelock``) on a file in the build
root (the docs trees MkDocs reads) and on the state folder's ``lock`` (the output); a second
build waits, after saying so, and every temporary name is unique.

Tools that copy a site should follow links: ``cp -rL site/players dest`` or
``rsync -a site/players/ dest``; GitHub's ``upload-pages-artifact`` (``path: site/players``)
does. Real folders found where the links go (a copy made that way, an older release's
sites) are hexcrawl's output and are replaced.

Where links to folders cannot be made (Windows without developer mode), or one cannot
replace another in one rename, ``site/players`` and ``site/gm`` are real folders, each
replaced by two renames: the old one moved into the state folder, the new one into its
place. Not one step for both audiences, but a build that fails, up to and during the
switch, still leaves the previous sites in place.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from filelock import FileLock, Timeout

from generator.audience import AUDIENCES
from generator.diagnostics import N_, Text, literal, one_line
from generator.site.writer import umask

STATE = ".hexcrawl"
CURRENT = "current"
LOCK = "lock"
BUILD_LOCK = ".hexcrawl.lock"
#: where a top-level audience link points, relative to the output folder
LINK_TARGET = os.path.join(STATE, CURRENT, "{audience}")

Notify = Callable[[str], None]


class OutputError(Exception):
    """The output folder cannot be prepared or switched; the message (a ``Text``, printed in
    the campaign's language) says why, after ``WHERE: error: `` when it names a place."""

    def __init__(self, text: Text, where: str | None = None) -> None:
        self.text, self.where = text, where
        english = one_line(text.english())
        super().__init__(f"{where}: error: {english}" if where is not None else english)


def _say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


@contextlib.contextmanager
def build_lock(paths: Sequence[Path], notify: Notify | None = None,
               held: Sequence[Path] = ()) -> Iterator[None]:
    """Hold an exclusive lock (``filelock``: ``flock`` on POSIX, ``LockFileEx`` on Windows)
    on every file of ``paths`` (created if missing), taken in one order so two builds cannot
    deadlock. When one is busy, ``notify`` is told once and the call waits for it. ``held``:
    lock files the caller holds already, left alone (a lock is per open file: opening one
    a second time would wait for ever)."""
    taken: dict[Path, FileLock] = {}
    skip = {p.resolve() for p in held}
    try:
        for path in sorted({p.resolve() for p in paths} - skip):
            lock = FileLock(path, mode=0o600, thread_local=False)
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                try:
                    lock.acquire(blocking=False)
                except Timeout:
                    (notify or _say)(f"waiting for another hexcrawl build to finish "
                                     f"(lock {path})")
                    lock.acquire()
            except OSError as exc:
                raise OutputError(N_("cannot create the lock file %(file)s: %(reason)s",
                                     file=str(path), reason=exc.strerror or str(exc))) from exc
            taken[path] = lock
        yield
    finally:
        for lock in reversed(list(taken.values())):
            lock.release()


def lock_files(out_dir: Path | None, build_root: Path) -> list[Path]:
    """The lock files of a build: the docs trees' and, when it writes sites, the output's."""
    paths = [build_root / BUILD_LOCK]
    if out_dir is not None:
        paths.append(out_dir / STATE / LOCK)
    return paths


def refuse_links_out(repository: Path, build_root: Path | None = None,
                     out_dir: Path | None = None, print_dir: Path | None = None) -> None:
    """Raise ``OutputError`` when a folder a command writes (``build_root``, the sites'
    ``out_dir``, the PDFs' ``print_dir``), or anything hexcrawl writes or removes under it,
    is a symbolic link leading outside the campaign's ``repository``: a link committed to a
    repository would otherwise have the build write GM pages, or delete files, wherever it
    leads. Call it before writing or removing anything.

    A folder named on the command line outside the repository (``--out /srv/www``) is the
    user's choice, whatever it is; what hexcrawl writes under it must stay inside it."""
    repo = os.path.realpath(repository)
    for folder, names in ((build_root, _build_names), (out_dir, _site_names),
                          (print_dir, _print_names)):
        if folder is None:
            continue
        if _inside(os.path.abspath(folder), os.path.abspath(repository)):
            # TRANSLATORS: it follows "outside" in "a link to ..., outside %(what)s"
            inside, what = repo, N_("the campaign repository %(folder)s",
                                    folder=os.path.abspath(repository))
            _refuse_if_out(folder, os.path.realpath(folder), inside, what)
        else:
            inside, what = os.path.realpath(folder), literal(str(folder))
        for path in names(folder):
            if os.path.islink(path):
                _refuse_if_out(path, os.path.realpath(path), inside, what)


def _inside(path: str, folder: str) -> bool:
    try:
        return os.path.commonpath([path, folder]) == folder
    except ValueError:  # another drive on Windows
        return False


def _refuse_if_out(path: Path, real: str, inside: str, what: Text) -> None:
    if not _inside(real, inside):
        raise OutputError(N_("a link to %(target)s, outside %(what)s; hexcrawl would write and "
                             "remove files there, so it stops: remove the link (or make it a "
                             "folder) and run it again", target=real, what=what), str(path))


def _build_names(build_root: Path) -> list[Path]:
    """What a build writes in the build root: its lock and each audience's tree."""
    names = [build_root / BUILD_LOCK]
    for audience in AUDIENCES:
        names += [build_root / audience, build_root / audience / "docs",
                  build_root / audience / "mkdocs.yml"]
    return names


def _site_names(out_dir: Path) -> list[Path]:
    """What a build writes, follows or removes in the output folder: the audiences' links,
    the state folder, everything in it, and the links of each version."""
    state = out_dir / STATE
    names = [out_dir / "players", out_dir / "gm", state]
    if state.is_dir() and not state.is_symlink():
        for entry in _entries(state):
            names.append(entry)
            if entry.name.startswith("sites-") and entry.is_dir() \
                    and not entry.is_symlink():
                names += _entries(entry)
    return names


def _print_names(print_dir: Path) -> list[Path]:
    """The PDFs ``hexcrawl print`` writes, by name."""
    if print_dir.is_dir() and not print_dir.is_symlink():
        return [p for p in _entries(print_dir) if p.suffix.lower() == ".pdf"]
    return []


def _entries(folder: Path) -> list[Path]:
    try:
        return sorted(folder.iterdir())
    except OSError:
        return []


def state_dir(out_dir: Path) -> Path:
    return out_dir / STATE


def clean_stale(out_dir: Path) -> list[Path]:
    """Remove what killed or finished builds left: staging folders, versions ``current`` no
    longer references, and older releases' ``.<out>-new-*`` folders beside ``out_dir``.
    Call it holding the output's lock. Returns what was removed; raises ``OutputError``."""
    try:
        return _clean_stale(out_dir)
    except OSError as exc:
        raise OutputError(N_("cannot clean %(folder)s: %(reason)s", folder=str(out_dir),
                             reason=exc.strerror or str(exc))) from exc


def _clean_stale(out_dir: Path) -> list[Path]:
    removed: list[Path] = []
    parent = out_dir.resolve().parent
    if parent.is_dir():
        for path in parent.glob(f".{out_dir.name}-new-*"):
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path, ignore_errors=True)
                removed.append(path)
    state = state_dir(out_dir)
    if not state.is_dir():
        return removed
    keep = _referenced(state)
    for path in state.iterdir():
        if path.name in (CURRENT, LOCK) or path.name in keep:
            continue
        if path.name.startswith(("staging-", "sites-", "players-", "gm-", ".current-")):
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)
            removed.append(path)
    return removed


def _referenced(state: Path) -> set[str]:
    """Names inside ``state`` the current version uses (its ``sites-`` folder and the
    audience folders it links to)."""
    current = state / CURRENT
    if not current.is_symlink():
        return set()
    version = os.readlink(current)
    keep = {version}
    folder = state / version
    if folder.is_dir():
        for link in folder.iterdir():
            if link.is_symlink():
                keep.add(Path(os.readlink(link)).name)
    return keep


def new_staging(out_dir: Path) -> Path:
    """A fresh, owner-only staging folder for one build (``tempfile.mkdtemp``: mode 0700,
    a unique name)."""
    state = state_dir(out_dir)
    try:
        state.mkdir(parents=True, exist_ok=True)
        return Path(tempfile.mkdtemp(prefix="staging-", dir=state))
    except OSError as exc:
        raise OutputError(N_("cannot create a build folder in %(folder)s: %(reason)s",
                             folder=str(state), reason=exc.strerror or str(exc))) from exc


def current_sites(out_dir: Path) -> dict[str, Path]:
    """The audiences the output folder serves now, and the real folder of each."""
    out: dict[str, Path] = {}
    version = state_dir(out_dir) / CURRENT
    if version.is_dir():
        for link in version.iterdir():
            if link.is_symlink() and link.is_dir():
                out[link.name] = link.resolve()
    return out


def publish(out_dir: Path, staging: Path, audiences: Sequence[str]) -> None:
    """Make the sites built in ``staging/<audience>`` current, all in one step.

    Audiences not in ``audiences`` keep the site they have. ``out_dir/<audience>`` links are
    created where missing. Real folders in their place (an older release's sites, a site
    copied with ``cp -rL``, or one published by renames) are hexcrawl's output: they are
    replaced by links after the switch (a one-time migration, not atomic). Where the
    switch cannot be made with links (``_can_link``), each audience's folder is replaced
    by renames instead (``_publish_by_renames``). Either way, when a step fails
    the steps done are undone and the previous sites stay. Raises ``OutputError``.
    """
    state = state_dir(out_dir)
    tag = staging.name.removeprefix("staging-")
    undo: list[tuple[Path, Path]] = []  # renames done, (from, to), undone on a failure
    try:
        if _can_link(state, tag):
            _publish_by_links(out_dir, staging, audiences, tag, undo)
        else:
            _publish_by_renames(out_dir, staging, audiences, tag, undo)
    except OSError as exc:
        for source, target in reversed(undo):
            with contextlib.suppress(OSError):
                os.rename(target, source)
        raise OutputError(N_("cannot switch the sites in %(folder)s: %(reason)s",
                             folder=str(out_dir), reason=exc.strerror or str(exc))) from exc


def _can_link(state: Path, tag: str) -> bool:
    """Whether the switch can be made with links in ``state``: links to folders can be
    made (not on Windows without developer mode, nor on some file systems) and one can
    replace another in one rename."""
    probes = [state / f".current-{tag}-probe-{n}" for n in (1, 2)]
    try:
        for probe in probes:
            os.symlink(f"sites-{tag}", probe, target_is_directory=True)
        os.replace(probes[0], probes[1])
        return True
    except (OSError, NotImplementedError):
        return False
    finally:
        for probe in probes:
            with contextlib.suppress(OSError):
                os.unlink(probe)


def _publish_by_links(out_dir: Path, staging: Path, audiences: Sequence[str], tag: str,
                      undo: list[tuple[Path, Path]]) -> None:
    """Move the new sites into the state folder, write a version of links to them and to
    the sites kept, and replace ``current`` with it in one ``rename(2)``."""
    state = state_dir(out_dir)
    mode = 0o777 & ~umask()
    current = state / CURRENT
    versions: dict[str, str] = {a: Path(os.readlink(link)).name
                                for a, link in _current_links(state).items()}
    for audience in audiences:
        os.chmod(staging / audience, mode)
        _move(staging / audience, state / f"{audience}-{tag}", undo)
        versions[audience] = f"{audience}-{tag}"
    for audience in AUDIENCES:
        if audience in versions:
            continue
        # a site kept that no version links to: a real folder served as it is (in the
        # output folder, or in a copy of ``current`` made with cp -rL)
        served = [out_dir / audience] + ([current / audience] if _is_real_dir(current) else [])
        for site in served:
            if _is_real_dir(site):
                _move(site, state / f"{audience}-{tag}", undo)
                versions[audience] = f"{audience}-{tag}"
                break
    links = staging / "sites"
    links.mkdir()
    for audience, folder in sorted(versions.items()):
        os.symlink(os.path.join(os.pardir, folder), links / audience,
                   target_is_directory=True)
    os.chmod(links, mode)
    os.rename(links, state / f"sites-{tag}")
    pointer = state / f".current-{tag}"
    os.symlink(f"sites-{tag}", pointer, target_is_directory=True)
    if os.path.lexists(current) and not current.is_symlink():
        # a real folder (a copy made with cp -rL): no link can replace it in one step
        _move(current, state / f".current-{tag}-old", undo)
    os.replace(pointer, current)  # the switch: one rename(2)
    undo.clear()  # done: the new sites are current
    for audience in versions:
        _link_audience(out_dir, audience, tag)


def _publish_by_renames(out_dir: Path, staging: Path, audiences: Sequence[str], tag: str,
                        undo: list[tuple[Path, Path]]) -> None:
    """Without symbolic links: move each audience's site aside (into the state folder, where
    the next clean-up removes it) and the new one into its place. Not one step: a reader,
    or a kill, can meet one audience's site new and the other's old, or an audience
    missing, until the next build; a failure undoes what was done."""
    state = state_dir(out_dir)
    mode = 0o777 & ~umask()
    for audience in audiences:
        os.chmod(staging / audience, mode)
        final = out_dir / audience
        if os.path.lexists(final):
            _move(final, state / f"{audience}-{tag}", undo)
        _move(staging / audience, final, undo)
    undo.clear()
    current = state / CURRENT
    if os.path.lexists(current) and not any((out_dir / a).is_symlink()
                                            for a in ("players", "gm")):
        # no audience is served through the versions any more: all of them go
        os.rename(current, state / f".current-{tag}-old")


def _move(source: Path, target: Path, undo: list[tuple[Path, Path]]) -> None:
    os.rename(source, target)
    undo.append((source, target))


def _current_links(state: Path) -> dict[str, Path]:
    version = state / CURRENT
    if not version.is_symlink() or not version.is_dir():
        return {}
    return {link.name: link for link in version.iterdir() if link.is_symlink()}


def _is_real_dir(path: Path) -> bool:
    return path.is_dir() and not path.is_symlink()


def _link_audience(out_dir: Path, audience: str, tag: str) -> None:
    path = out_dir / audience
    target = LINK_TARGET.format(audience=audience)
    if path.is_symlink() and os.readlink(path) == target:
        return
    tmp = out_dir / f".{audience}-link-{tag}"
    os.symlink(target, tmp, target_is_directory=True)
    if _is_real_dir(path):
        # hexcrawl's own output served as a folder: its content is in a version now, or
        # was replaced; the clean-up removes it
        os.rename(path, state_dir(out_dir) / f"staging-legacy-{audience}-{tag}")
    os.replace(tmp, path)
