"""The campaign's files parsed on another core while the program starts.

A build spends its first half second importing itself (pydantic building the content
models, the site and the map code) on one core. Parsing the campaign's YAML needs none of
that: ``ParseAhead``, started before those imports, forks a process that has imported next
to nothing, and that process reads and parses every content file into a ``ParseCache``
(``generator.content.parsecache``, the cache ``hexcrawl serve`` keeps between loads) while
this one imports. The load then goes through that cache: each document parsed from the text
the load reads gets the document and the messages the parse there gave, which are those a
parse here gives (a file whose text changed in between is parsed again), so the campaign
and every message are the same with or without it.

Only what the loader would parse is parsed: the files of the content folders, found as the
loader finds them (``content_files``), and the single files beside them. Whether a file may
be read at all (a link leading out of the campaign, a folder in the place of a file) is
still decided by the loader, which reports it; a file that cannot be read there is skipped.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

from generator.content.frontmatter import split_front_matter
from generator.content.parsecache import ParseCache
from generator.content.yamlpos import read_text
from generator.diagnostics import Diagnostics, SourceError, display_path
from generator.render import parallel

#: The content folders, each with the file suffixes the loader reads in it.
CONTENT_FOLDERS: dict[str, tuple[str, ...]] = {
    "hexes": (".yaml", ".yml"), "locations": (".md", ".markdown"),
    "tables": (".yaml", ".yml"), "sessions": (".yaml", ".yml")}
#: The files of the campaign folder itself.
SINGLE_FILES = ("campaign.yaml", "terrain.yaml", "paths.yaml", "regions.yaml")
MARKDOWN = (".md", ".markdown")
#: With fewer entries in the content folders, the load parses every file itself: forking
#: would cost more than it saves.
MIN_FILES = 64


def content_files(base: Path, suffixes: tuple[str, ...]) -> list[Path]:
    """The files of a content folder, its subfolders included, in the order they load:
    those ending in one of ``suffixes``, hidden files left out."""
    return sorted(p for p in base.rglob("*") if p.is_file() and p.suffix in suffixes
                  and not p.name.startswith("."))


def _files(root: Path) -> list[Path]:
    found = [path for path in (root / name for name in SINGLE_FILES) if path.is_file()]
    for folder, suffixes in CONTENT_FOLDERS.items():
        base = root / folder
        if base.is_dir():
            found += content_files(base, suffixes)
    return found


def parse_all(root: Path) -> ParseCache:
    """A parse cache holding every content file of the campaign in ``root`` parsed as the
    loader parses it (a location's front matter at its line). Files that cannot be read,
    and location files without front matter, are left out: the loader reports them."""
    cache = ParseCache()
    for path in _files(root):
        shown = display_path(path)
        try:
            text = read_text(path, shown)
        except SourceError:
            continue
        if path.suffix in MARKDOWN:
            parts = split_front_matter(text)
            if parts.front is None:
                continue
            cache.load_yaml(parts.front, shown, Diagnostics(), parts.front_line - 1)
        else:
            cache.load_yaml(text, shown, Diagnostics())
    return cache


class ParseAhead:
    """``parse_all(root)`` in a forked process (``parallel.Forked``) while this one goes on;
    ``result()`` gives its cache for the load (``load_partial(parse_cache=...)``), or None
    when nothing was parsed ahead: on one core, where forking is not safe, for a small
    campaign, or when the process failed. The load is the same either way."""

    def __init__(self, root: Path) -> None:
        self._forked: parallel.Forked[ParseCache] | None = None
        if parallel.jobs() < 2 or not parallel.can_fork() or not root.is_dir():
            return
        try:
            if sum(len(os.listdir(root / folder)) for folder in CONTENT_FOLDERS
                   if (root / folder).is_dir()) < MIN_FILES:
                return
            self._forked = parallel.Forked(functools.partial(parse_all, root))
        except OSError:
            return

    def result(self) -> ParseCache | None:
        forked, self._forked = self._forked, None
        if forked is None:
            return None
        try:
            return forked.result()
        except Exception:  # noqa: BLE001 - the load parses every file itself
            return None
