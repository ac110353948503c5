"""The campaign as it was at a git revision, copied into a temporary folder.

``hexcrawl public --since REF`` builds the players' site that revision would build. The files
are read out of git's history with ``git archive``: the user's working tree, index and
branches are never touched, nor is anything written into the repository's ``.git``.
"""

from __future__ import annotations

import os
import posixpath
import subprocess
import tarfile
from dataclasses import dataclass
from pathlib import Path

from generator.i18n import Translator


class RevisionError(Exception):
    """The revision cannot be read; the message says why (``REF: error: ...``)."""


@dataclass(frozen=True)
class Revision:
    """A revision of the repository holding a campaign: the name the user gave, the commit
    it names, and where the campaign's repository folder was copied to (None when the
    campaign was not in that revision)."""

    ref: str
    commit: str
    repository: Path | None


def _git(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE")}
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True,
                          check=False, env=env)


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else ""


def campaign_at(ref: str, repository: Path, into: Path, t: Translator) -> Revision:
    """Copy ``repository`` (the campaign's repository folder: it may lie inside a larger git
    repository) as it was at ``ref`` into ``into``. Raises ``RevisionError`` when there is
    no git, no git repository or no such commit."""
    try:
        top = _git(["rev-parse", "--show-toplevel", "--show-prefix"], repository)
    except OSError as exc:
        raise RevisionError(t.gettext(
            "%(path)s: error: --since needs git, which cannot be run here (%(reason)s)",
            path=repository, reason=exc.strerror or exc)) from exc
    if top.returncode != 0:
        raise RevisionError(t.gettext(
            "%(path)s: error: --since needs a git repository, and this folder is in none "
            "(%(reason)s)", path=repository, reason=_last_line(top.stderr)))
    toplevel, prefix = (top.stdout.splitlines() + ["", ""])[:2]
    prefix = prefix.strip().rstrip("/")
    found = _git(["rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}"],
                 repository)
    if found.returncode != 0 or not found.stdout.strip():
        raise RevisionError(t.gettext(
            "%(ref)s: error: not a commit of the git repository %(path)s (a branch, a tag "
            "or a commit, such as HEAD~1 or main)", ref=ref, path=toplevel))
    commit = found.stdout.strip()
    if prefix and _git(["cat-file", "-e", f"{commit}:{prefix}"], repository).returncode != 0:
        return Revision(ref, commit, None)
    _extract(commit, prefix, Path(toplevel), into, ref, t)
    folder = into / prefix if prefix else into
    return Revision(ref, commit, folder if folder.is_dir() else None)


def _extract(commit: str, prefix: str, toplevel: Path, into: Path, ref: str,
             t: Translator) -> None:
    """``git archive`` of ``commit`` (only ``prefix``, if given) unpacked into ``into``:
    folders and files, and links that stay inside ``into``."""
    args = ["git", "archive", "--format=tar", commit] + (["--", prefix] if prefix else [])
    env = {k: v for k, v in os.environ.items()
           if k not in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE")}
    with subprocess.Popen(args, cwd=toplevel, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, env=env) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        try:
            with tarfile.open(fileobj=proc.stdout, mode="r|") as archive:
                for member in archive:
                    _unpack(archive, member, into)
        except (tarfile.TarError, OSError) as exc:
            proc.kill()
            raise RevisionError(t.gettext(
                "%(ref)s: error: cannot read the campaign of this revision (%(reason)s)",
                ref=ref, reason=exc)) from exc
        errors = proc.stderr.read().decode("utf-8", errors="replace")
    if proc.returncode != 0:
        raise RevisionError(t.gettext(
            "%(ref)s: error: cannot read the campaign of this revision (%(reason)s)",
            ref=ref, reason=_last_line(errors)))


def _unpack(archive: tarfile.TarFile, member: tarfile.TarInfo, into: Path) -> None:
    name = posixpath.normpath(member.name)
    if name.startswith(("/", "../")) or name == "..":
        return
    target = into / name
    if member.isdir():
        target.mkdir(parents=True, exist_ok=True)
    elif member.isfile():
        source = archive.extractfile(member)
        if source is None:
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(source.read())
        if member.mode & 0o111:
            target.chmod(0o755)
    elif member.issym():
        # a link committed to the repository: kept when it leads to a file of the copy
        # (as the build of the working tree would read it), dropped when it leads out
        linked = posixpath.normpath(posixpath.join(posixpath.dirname(name), member.linkname))
        if member.linkname.startswith("/") or linked == ".." or linked.startswith("../"):
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.symlink(member.linkname, target)
        except OSError:  # no links here (Windows without developer mode): left out
            pass
