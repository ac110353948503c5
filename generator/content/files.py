"""Which files of a campaign folder are content, and whether each lies inside the campaign.

Content files are found by folder (``files``) and, for the single files of the campaign
folder, by name (``present``). A link leading out of the campaign, a file where a folder
belongs, or a folder where a file belongs is reported here, with its path, before anything
is read.
"""

from __future__ import annotations

import os
from pathlib import Path

from generator.diagnostics import N_, Diagnostics, Pos, display_path

#: Folders of a campaign whose files are read or published: none may link out of it.
LINKED_FOLDERS = ("hexes", "locations", "tables", "sessions", "templates", "symbols")
#: Optional folders that are not content, and what they hold: a file in the place of one
#: would be silently ignored, so it is an error.
FOLDERS_OF = {"templates": N_("template overrides (templates/*.md, templates/reference/*.md)"),
              "templates/reference": N_("reference sheet overrides "
                                        "(templates/reference/*.md)"),
              "symbols": N_("map symbols (symbols/<terrain-id>.svg)")}
YAML = (".yaml", ".yml")
MARKDOWN = (".md", ".markdown")


def content_files(base: Path, suffixes: tuple[str, ...]) -> list[Path]:
    """The files of a content folder, its subfolders included, in the order they load:
    those ending in one of ``suffixes``, hidden files left out."""
    return sorted(p for p in base.rglob("*") if p.is_file() and p.suffix in suffixes
                  and not p.name.startswith("."))


class CampaignFiles:
    """The files of the campaign in ``root``, problems with them reported to ``diags``."""

    def __init__(self, root: Path, diags: Diagnostics) -> None:
        self.root = root
        self.diags = diags
        self._real_root: tuple[str, str] | None = None
        #: folder -> its real path, for ``realpath`` (every file of a folder shares it)
        self._real_dirs: dict[str, str] = {}
        self._shown: dict[Path, str] = {}

    def path_str(self, path: Path) -> str:
        """``path`` as messages show it."""
        shown = self._shown.get(path)
        if shown is None:
            shown = self._shown[path] = display_path(path)
        return shown

    def inside(self, path: Path) -> bool:
        """Whether ``path``, every link followed, lies inside the campaign folder."""
        if self._real_root is None:
            real = os.path.normcase(os.path.realpath(self.root))
            self._real_root = (real, real if real.endswith(os.sep) else real + os.sep)
        root, prefix = self._real_root
        # a prefix test, not os.path.commonpath: the same answer for the real paths it is
        # given, at a fifth of the cost, and it runs for every file of every load
        real = os.path.normcase(self.realpath(path))
        return real == root or real.startswith(prefix)

    def realpath(self, path: Path) -> str:
        """``os.path.realpath(path)``, resolving each folder once per load: the real path of
        a file is its folder's real path joined with its name, that name resolved in turn
        when it is a link (the plain call reads every component of every file's path)."""
        name = path.name
        if name in ("", ".", "..") or not path.is_absolute() and not path.parent.parts:
            return os.path.realpath(path)
        folder = str(path.parent)
        real_folder = self._real_dirs.get(folder)
        if real_folder is None:
            real_folder = self._real_dirs[folder] = os.path.realpath(folder)
        joined = os.path.join(real_folder, name)
        return os.path.realpath(joined) if os.path.islink(joined) else joined

    def outside_error(self, path: Path) -> None:
        self.diags.error(Pos(self.path_str(path)),
                         N_("resolves outside the campaign folder (to %(target)s): content "
                            "and template files must lie inside it",
                            target=os.path.realpath(path)))

    def check_links(self, folder: str) -> None:
        """Report every link under ``folder`` (content or templates) that leads out of the
        campaign: its files would be published as if they were the campaign's."""
        base = self.root / folder
        if not base.is_dir():
            return
        if not self.inside(base):
            self.outside_error(base)
            return
        for dirpath, dirs, files in os.walk(base, followlinks=False):
            for name in sorted(dirs + files):
                path = Path(dirpath) / name
                if path.is_symlink() and not self.inside(path):
                    self.outside_error(path)

    def check_folders(self) -> None:
        """Links out of the campaign, and files in the place of its optional folders (the
        content folders: ``files``)."""
        for folder in LINKED_FOLDERS:
            self.check_links(folder)
        for folder, what in FOLDERS_OF.items():
            base = self.root / folder
            if self.present(base) and not base.is_dir():
                self.diags.error(Pos(self.path_str(base)), N_(
                    "this should be a folder of %(what)s, but it is a file", what=what))

    def present(self, path: Path) -> bool:
        """Whether an optional file is there (a folder or a broken link in its place is,
        and reading it reports the problem at its path)."""
        return path.exists() or path.is_symlink()

    def files(self, folder: str, *suffixes: str) -> list[Path]:
        """The files of the content folder ``folder`` ending in one of ``suffixes``."""
        base = self.root / folder
        if not base.is_dir():
            if self.present(base):
                self.diags.error(Pos(self.path_str(base)), N_(
                    "this should be a folder of %(files)s files, but it is a file",
                    files=f"{folder}/*{suffixes[0]}"))
            return []
        return content_files(base, suffixes)
