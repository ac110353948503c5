"""What ``write_docs`` keeps between builds, when its caller gives it a cache.

``hexcrawl build`` gives none: every page is drawn and every file compared with what is on
disk. ``hexcrawl serve`` rebuilds after every saved edit and gives the ``BuildCache`` its
session keeps (``generator.serve.memo``); these protocols say what the site stage asks of
it, so the stage never names the dev server (the pattern of ``render/page_cache.py``).
"""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path
from typing import Protocol

from generator.render.page_cache import PageCache
from generator.replay.snapshots import ReplayCache


class PageStore(PageCache, Protocol):
    """One audience's pages by key, kept between builds (``generator.serve.memo.PageMemo``)."""

    def begin(self, fingerprint: Hashable) -> None:
        """A build starts; a new ``fingerprint`` (the templates changed) drops everything."""

    def end(self) -> None:
        """A build ended: what it did not use goes."""

    def get_pages(self, key: Hashable) -> dict[str, str] | None:
        """A group of pages (path -> text) kept under ``key``, or None."""

    def put_pages(self, key: Hashable, pages: dict[str, str]) -> None:
        """Keep a group of pages under ``key``."""


class FileStore(Protocol):
    """The bytes last written to each file of one docs tree (``generator.serve.memo.DiskMemo``)."""

    def unchanged(self, path: Path, rel: str, data: bytes) -> bool:
        """Whether ``path`` surely still holds ``data`` as it was written."""

    def record(self, path: Path, rel: str, data: bytes) -> None:
        """``data`` was just written to ``path``."""

    def keep_only(self, rels: set[str]) -> None:
        """Forget every file but ``rels``."""


class BuildCache(Protocol):
    """Everything kept between builds of one campaign (``generator.serve.memo.BuildCache``)."""

    @property
    def replay(self) -> ReplayCache:
        """The replay's snapshots (``generator.replay.snapshots``)."""

    def pages_of(self, audience: str) -> PageStore:
        """The pages kept of ``audience``'s site."""

    def disk_of(self, audience: str) -> FileStore:
        """The files written of ``audience``'s docs tree."""

    def titled_of(self, audience: str) -> dict[str, tuple[str, bytes]]:
        """Per page of ``audience``: its rendered text and the bytes made of it."""
