"""What a long-running process keeps between builds of one campaign (``hexcrawl serve``).

``hexcrawl build`` runs the pipeline once from scratch. Under ``hexcrawl serve`` (and
``mkdocs serve -f build/<audience>/mkdocs.yml``) the MkDocs hook runs it again after every
saved edit, and most of what it would compute is what it computed the time before. A
``BuildCache`` per campaign folder (``cache_for``) keeps:

- ``replay``: the fold's snapshots at session boundaries (``generator.replay_cache``): the
  sessions before the edited one are not replayed again, and each session has a token that
  stays the same while its inputs do;
- ``pages``: per audience, what the renderer drew of each session (its maps and the GM's page
  of it), keyed by those tokens (``PageMemo``; ``generator.render.pages``);
- ``disk``: per audience, the bytes last written to each file of the docs tree with the size
  and modification time the file then had (``DiskMemo``), so unchanged files are neither
  rewritten nor read back to compare.

Everything a cache returns is what the pipeline would compute without it; the tests build
with and without and compare the trees byte for byte.
"""

from __future__ import annotations

import os
from collections.abc import Hashable
from dataclasses import dataclass, field
from pathlib import Path

from generator.replay_cache import ReplayCache


class PageMemo:
    """Rendered text by key, for one audience. Entries not used by a build are dropped at
    its end; a change of ``fingerprint`` (the templates, their overrides) drops them all."""

    def __init__(self) -> None:
        self.fingerprint: Hashable = None
        self.entries: dict[Hashable, str] = {}
        self.groups: dict[Hashable, dict[str, str]] = {}
        self.used: set[Hashable] = set()
        self.hits = 0
        self.misses = 0

    def begin(self, fingerprint: Hashable) -> None:
        if fingerprint != self.fingerprint:
            self.entries.clear()
            self.groups.clear()
            self.fingerprint = fingerprint
        self.used = set()
        self.hits = self.misses = 0

    def get(self, key: Hashable) -> str | None:
        text = self.entries.get(key)
        if text is None:
            self.misses += 1
        else:
            self.hits += 1
            self.used.add(key)
        return text

    def put(self, key: Hashable, text: str) -> str:
        self.entries[key] = text
        self.used.add(key)
        return text

    def get_pages(self, key: Hashable) -> dict[str, str] | None:
        """A group of pages (path -> text) kept under one key."""
        pages = self.groups.get(key)
        if pages is not None:
            self.used.add(key)
        return pages

    def put_pages(self, key: Hashable, pages: dict[str, str]) -> None:
        self.groups[key] = dict(pages)
        self.used.add(key)

    def end(self) -> None:
        for key in [k for k in self.entries if k not in self.used]:
            del self.entries[key]
        for key in [k for k in self.groups if k not in self.used]:
            del self.groups[key]


@dataclass
class DiskMemo:
    """The bytes last written to each file of one tree, and the file's (size, mtime_ns) then."""

    files: dict[str, tuple[bytes, int, int]] = field(default_factory=dict)

    def unchanged(self, path: Path, rel: str, data: bytes) -> bool:
        """Whether ``path`` surely holds ``data``: it was written with those bytes and has not
        been touched since (same size and modification time)."""
        known = self.files.get(rel)
        if known is None or known[0] != data:
            return False
        try:
            st = os.stat(path)
        except OSError:
            return False
        return (st.st_size, st.st_mtime_ns) == known[1:]

    def record(self, path: Path, rel: str, data: bytes) -> None:
        try:
            st = os.stat(path)
        except OSError:
            self.files.pop(rel, None)
            return
        self.files[rel] = (data, st.st_size, st.st_mtime_ns)

    def keep_only(self, rels: set[str]) -> None:
        for rel in [r for r in self.files if r not in rels]:
            del self.files[rel]


@dataclass
class BuildCache:
    replay: ReplayCache = field(default_factory=ReplayCache)
    pages: dict[str, PageMemo] = field(default_factory=dict)
    disk: dict[str, DiskMemo] = field(default_factory=dict)

    def pages_of(self, audience: str) -> PageMemo:
        return self.pages.setdefault(audience, PageMemo())

    def disk_of(self, audience: str) -> DiskMemo:
        return self.disk.setdefault(audience, DiskMemo())


_CACHES: dict[str, BuildCache] = {}


def cache_for(content: Path) -> BuildCache:
    """The cache of the campaign in ``content`` for this process (made on first use)."""
    return _CACHES.setdefault(os.path.realpath(content), BuildCache())


def templates_fingerprint(*folders: Path | None) -> tuple[tuple[str, int, int], ...]:
    """Every template file of ``folders`` with its size and modification time: a rendered
    page stays valid while this does."""
    out: list[tuple[str, int, int]] = []
    for folder in folders:
        if folder is None or not folder.is_dir():
            continue
        for dirpath, _, names in os.walk(folder):
            for name in names:
                path = os.path.join(dirpath, name)
                try:
                    st = os.stat(path)
                except OSError:
                    continue
                out.append((path, st.st_size, st.st_mtime_ns))
    return tuple(sorted(out))
