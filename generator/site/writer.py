"""The one writer of generated trees: nothing it writes or removes lies outside its root.

Every file of a docs tree (``build/<audience>/docs``) and its ``mkdocs.yml`` is written
through a ``TreeWriter``. A relative path is refused when it is absolute, empty, holds
``..`` or ``.`` or a backslash or NUL, or when, with every symbolic link followed, it would
land outside the root (a link planted inside the tree counts). Ids are slugs already
(``generator.slug``); this is the second wall, so a mistake there cannot write
``../../evil-table.md``.

Writes touch a file only when its bytes changed (editors and ``mkdocs serve`` see real
changes only). A file that exists is replaced atomically, through a uniquely named temporary
file in the same folder (a reader sees the old bytes or the new, and two writers never share
a temporary name); a file that does not exist yet is created in its place (``O_EXCL``: if
another appears there first, that one is replaced as above), so a cold build makes one new
name per file instead of two.

Each folder's real path is found once per writer (a tree of a thousand files in a dozen
folders): what is checked is that path joined with the file's name, or, where the file is a
link, where it leads.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

from generator.diagnostics import N_, MessageError


class UnsafePath(MessageError):
    """A path that would reach outside the writer's root (a ``Text``: the build reports it
    in the campaign's language)."""


class TreeWriter:
    def __init__(self, root: Path) -> None:
        self.root = Path(os.path.abspath(root))
        #: the file mode of the files written (the process's umask, read once)
        self.mode = 0o666 & ~umask()
        #: the real path of each existing folder written into, by its path
        self._folders: dict[str, str] = {}
        self._real_root: str | None = None

    def path(self, rel: str, again: bool = False) -> Path:
        """The file ``rel`` names inside the root; raises ``UnsafePath`` when it would not be
        inside (see the module docstring). ``again``: find its folders' real paths anew."""
        if not rel or "\\" in rel or "\0" in rel:
            raise UnsafePath(N_("refusing to write %(file)s: not a plain relative path",
                                file=repr(rel)))
        pure = PurePosixPath(rel)
        if pure.is_absolute() or any(part in ("..", ".", "") for part in rel.split("/")):
            raise UnsafePath(N_("refusing to write %(file)s outside %(root)s", file=repr(rel),
                                root=str(self.root)))
        target = self.root.joinpath(*pure.parts)
        if self._real_root is None or again:
            self._real_root = os.path.realpath(self.root)
        real_root = self._real_root
        real = self._real(target, again)
        if os.path.commonpath([real_root, real]) != real_root or real == real_root:
            raise UnsafePath(N_("refusing to write %(file)s: it resolves to %(real)s, "
                                "outside %(root)s", file=repr(rel), real=real,
                                root=str(self.root)))
        return target

    def _real(self, target: Path, again: bool) -> str:
        """``os.path.realpath(target)``, its folder's part found once per writer."""
        folder = str(target.parent)
        real_folder = None if again else self._folders.get(folder)
        if real_folder is None:
            real_folder = os.path.realpath(folder)
            if os.path.isdir(real_folder):  # a folder still to be made is checked again
                self._folders[folder] = real_folder
        try:
            if stat.S_ISLNK(os.lstat(target).st_mode):
                return os.path.realpath(target)
        except OSError:
            pass
        return os.path.join(real_folder, target.name)

    def write_if_changed(self, rel: str, data: bytes) -> bool:
        """Write ``data`` to ``rel`` unless it holds those bytes already; True if written."""
        path = self.path(rel)
        exists = os.path.lexists(path)
        try:
            if exists and path.is_file() and path.read_bytes() == data:
                return False
        except OSError:
            pass
        if not path.parent.is_dir():
            path.parent.mkdir(parents=True, exist_ok=True)
            # the folders now exist: check again that none of them is a link out of the tree
            self.path(rel, again=True)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _CLOEXEC, self.mode)
        except FileExistsError:
            return self._replace(path, data)
        try:
            # the mode of the replaced files, whatever the umask is now (on the file opened,
            # where the platform can: never through a name)
            os.chmod(fd if os.chmod in os.supports_fd else path, self.mode)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
        except BaseException:
            path.unlink(missing_ok=True)
            raise
        return True

    def _replace(self, path: Path, data: bytes) -> bool:
        """Replace the file ``path`` with ``data``, atomically."""
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".hexcrawl-tmp",
                                   dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.chmod(tmp, self.mode)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return True

    def remove_stale(self, keep: Iterable[str], under: str = "") -> list[str]:
        """Remove every file below ``under`` (all of the root by default) whose relative path
        is not in ``keep``, and the folders left empty. Links are removed, never followed.
        Returns the removed paths, relative to the root."""
        keep = set(keep)
        start = self.path(under) if under else self.root
        removed: list[str] = []
        if not start.is_dir() or start.is_symlink():
            return removed
        for folder, dirs, files in os.walk(start, topdown=False, followlinks=False):
            base = Path(folder)
            for name in files + [d for d in dirs if (base / d).is_symlink()]:
                path = base / name
                rel = path.relative_to(self.root).as_posix()
                if rel not in keep:
                    path.unlink()
                    removed.append(rel)
            if base != start and not any(base.iterdir()):
                base.rmdir()
        return sorted(removed)


_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


def umask() -> int:
    """The process's file mode creation mask."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
