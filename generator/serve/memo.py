"""What a long-running process keeps between builds of one campaign (``hexcrawl serve``).

``hexcrawl build`` runs the pipeline once from scratch. Under ``hexcrawl serve`` (and
``mkdocs serve -f build/<audience>/mkdocs.yml``) the MkDocs hook runs it again after every
saved edit, and most of what it would compute is what it computed the time before. A
``BuildCache`` per campaign folder (``generator.serve.session``) keeps:

- ``replay``: the fold's snapshots at session boundaries (``generator.replay.snapshots``): the
  sessions before the edited one are not replayed again, and the campaign's inputs have a
  token that stays the same while they do;
- ``pages``: per audience, what the renderer drew (each session's page and maps, the overview
  map, the map, timeline and location pages), keyed by that token and by the value of what
  the page shows (a session's view, the tracks before it, its neighbours' titles, what the
  audience knows of the map), so an edit redraws only the pages whose inputs it really
  changed (``PageMemo``; ``generator.render.pages``);
- ``disk``: per audience, the bytes last written to each file of the docs tree with the size
  and modification time the file then had (``DiskMemo``), so unchanged files are neither
  rewritten nor read back to compare;
- ``titled``: per audience, the bytes made of each page's text (its title put into its front
  matter), so a page whose text did not change is not parsed again for its title.

Beside them, the serve session keeps the compiled theme templates (``TemplateBytecode`` in
``generator.serve.bytecode``).

Everything a cache returns is what the pipeline would compute without it; the tests build
with and without and compare the trees byte for byte.
"""

from __future__ import annotations

import os
from collections.abc import Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.replay.snapshots import ReplayCache
from generator.serve.parsecache import ParseCache


class PageMemo:
    """Rendered text by key, for one audience. Entries not used by a build are dropped at
    its end; a change of ``fingerprint`` (the templates, their overrides) drops them all."""

    def __init__(self) -> None:
        self.fingerprint: Hashable = None
        self.entries: dict[Hashable, str] = {}
        self.groups: dict[Hashable, dict[str, str]] = {}
        self.objects: dict[Hashable, Any] = {}
        self.used: set[Hashable] = set()
        self.hits = 0
        self.misses = 0

    def begin(self, fingerprint: Hashable) -> None:
        if fingerprint != self.fingerprint:
            self.entries.clear()
            self.groups.clear()
            self.objects.clear()
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

    def get_object(self, key: Hashable) -> Any:
        """Anything else kept under ``key`` (a page, a map, a token's memo), or None."""
        found = self.objects.get(key)
        if found is not None:
            self.used.add(key)
        return found

    def put_object(self, key: Hashable, value: Any) -> None:
        self.objects[key] = value
        self.used.add(key)

    def token(self, slot: Hashable, value: object) -> object:
        """A token for ``value`` in ``slot``: the one the last build gave ``slot`` when its
        value then was equal (``==``) to ``value``, else a new object. A key made of tokens
        stays the same while what they stand for does, and is cheap to hash."""
        kept = self.objects.get(("token", slot))
        token = kept[1] if kept is not None and kept[0] == value else object()
        self.put_object(("token", slot), (value, token))
        return token

    def end(self) -> None:
        for key in [k for k in self.objects if k not in self.used]:
            del self.objects[key]
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
    """Everything kept between builds of one campaign (a ``generator.site.cache.BuildCache``;
    ``parsed`` is the loader's ``generator.content.reading.ParseCache``)."""

    parsed: ParseCache = field(default_factory=ParseCache)
    replay: ReplayCache = field(default_factory=ReplayCache)
    pages: dict[str, PageMemo] = field(default_factory=dict)
    disk: dict[str, DiskMemo] = field(default_factory=dict)
    #: per audience, each page's rendered text and the bytes made of it (its title added)
    titled: dict[str, dict[str, tuple[str, bytes]]] = field(default_factory=dict)

    def pages_of(self, audience: str) -> PageMemo:
        return self.pages.setdefault(audience, PageMemo())

    def disk_of(self, audience: str) -> DiskMemo:
        return self.disk.setdefault(audience, DiskMemo())

    def titled_of(self, audience: str) -> dict[str, tuple[str, bytes]]:
        return self.titled.setdefault(audience, {})


# ------------------------------------------------------------------------------------------
# MkDocs' dirty reload, made exact (``hexcrawl serve``; ``mkdocs serve --dirty``)


@dataclass
class DirtySite:
    """What the MkDocs hook keeps of one served site between its builds.

    MkDocs' dirty build (``mkdocs serve --dirty``, which ``hexcrawl serve`` uses) renders
    only the pages whose Markdown file is newer than their HTML. Since the generator writes
    only the files whose bytes changed, those are exactly the pages that changed, and an edit
    to one session rebuilds a handful of pages instead of thousands. Three things a dirty
    build gets wrong are put right here:

    - what every page shows (the navigation, the configuration, the theme, an error page)
      changed: the site folder is emptied first, so every page is built (``full``);
    - the search index would hold only the rebuilt pages: each page's entries are kept
      (``search``, by page URL) and the index is written from all of them;
    - pages not read in this build have no title for the navigation of the pages that are:
      the titles of the last build are lent to them (``titles``).
    """

    built: bool = False
    #: the site folder was emptied before this build (every page is built)
    full: bool = True
    failed: bool = False
    config_pending: bool = False
    search: dict[str, list[dict[str, object]]] = field(default_factory=dict)
    titles: dict[str, str] = field(default_factory=dict)
    #: of the build under way: every documentation page (MkDocs ``File``\ s), the URLs of
    #: those read (their Markdown changed, or every page in a full build)
    pages: list[Any] = field(default_factory=list)
    read: set[str] = field(default_factory=set)

    def start(self, site_dir: str, *, dirty: bool, nav_changed: bool, removed: bool,
              failed: bool) -> None:
        """Before a build: empty the site folder when every page must be built.

        ``nav_changed``: the hook has just rewritten ``mkdocs.yml``. MkDocs read the old one
        for this build and will build again for the new one (it watches the file): that
        build is a full one too."""
        self.full = not dirty or not self.built or nav_changed or removed \
            or failed or self.failed or self.config_pending
        self.failed = failed
        self.config_pending = nav_changed
        if not dirty:  # the hook keeps no record of a build that is not dirty
            self.built = False
        if dirty and self.full:
            from mkdocs.utils import clean_directory

            clean_directory(site_dir)
        if self.full:
            self.search.clear()
            self.titles.clear()
        self.read = set()
        self.pages = []

    def remember(self, page: Any) -> None:
        """A page was read: its title is kept for the builds that will not read it."""
        self.read.add(page.url)
        if page.title is not None:
            self.titles[page.url] = page.title

    def lend_titles(self, pages: list[Any]) -> None:
        """Pages this dirty build will not read get the titles they had."""
        if self.full:
            return
        for page in pages:
            if page.url in self.titles and not page.file.is_modified():
                page.title = self.titles[page.url]

    def merge_search(self, plugins: Any) -> None:
        """Make the search plugin write the entries of every page of the site: those of the
        pages read now, the kept ones for the others."""
        self.built = True
        urls = [f.page.url for f in self.pages if f.page is not None]
        self.pages = []  # the build's pages (and all they hold) are not kept past it
        search = next((p for p in plugins.values() if hasattr(p, "search_index")
                       and hasattr(p.search_index, "entries")), None)
        if search is None:
            return
        current: dict[str, list[dict[str, object]]] = {}
        for entry in search.search_index.entries:
            page = str(entry.get("location", "")).split("#", 1)[0]
            current.setdefault(page, []).append(entry)
        for url in self.read:
            self.search[url] = current.get(url, [])
        self.search = {url: self.search[url] for url in urls if url in self.search}
        search.search_index.entries = [e for url in urls for e in self.search.get(url, ())]
        # the plugin's own merging assumes one changed page; the list above is complete
        search.search_index_prev = None

