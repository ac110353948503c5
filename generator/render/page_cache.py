"""What ``render_docs`` keeps pages by between builds, when its caller gives it a cache.

``hexcrawl serve`` rebuilds the docs after every saved edit and passes the memo it keeps
between builds (``generator.serve.memo.PageMemo``, a ``PageCache``); ``hexcrawl build``
passes none and every page is drawn. A page is taken from the cache when everything it shows
is what it was drawn from: the campaign's inputs (``inputs``, from
``generator.replay.snapshots``: the same object while the campaign's files but its sessions and
the locations' prose are unchanged) and, compared by value, the parts of the view it shows.
Values are compared once a build, through tokens (``PageCache.token``): a key made of
tokens stays the same while what they stand for does, and is cheap to hash.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from generator.knowledge import GMSessionView, GMView, SessionView, View
from generator.render.environment import PAGE_TEMPLATES


class PageCache(Protocol):
    """Text and objects kept between builds by key (``generator.serve.memo.PageMemo``)."""

    def get(self, key: Hashable) -> str | None:
        """A session's page kept under ``key``, or None (counted: hits and misses)."""

    def put(self, key: Hashable, text: str) -> str:
        """Keep a session's page under ``key``."""

    def get_object(self, key: Hashable) -> Any:
        """Anything else kept under ``key`` (a page, a map, a token's memo)."""

    def put_object(self, key: Hashable, value: Any) -> None:
        """Keep ``value`` under ``key``."""

    def token(self, slot: Hashable, value: object) -> object:
        """The token the last build gave ``slot`` if its value then equalled ``value``,
        else a new one."""


@dataclass(frozen=True)
class Tokens:
    """Tokens of what the maps and most pages show besides a page's own subject."""

    #: the campaign's inputs (``generator.replay.snapshots``)
    inputs: object
    #: the map as the audience knows it: hexes, paths, tables, regions and the locations
    #: but their bodies (none of these pages shows one: the GM's lore is not in the token)
    knowledge: object
    #: the sessions' numbers, slugs and titles (the links to them)
    titles: object
    #: every session's tracks, and where the party is now
    tracks: object
    now: object
    #: per session: its view's value, its tracks' value
    session_values: tuple[object, ...]
    session_tracks: tuple[object, ...]

    @classmethod
    def of(cls, view: View, cache: PageCache, inputs: object) -> Tokens:
        values, tracks = _session_tokens(view, cache, inputs)
        return cls(
            inputs=inputs,
            knowledge=cache.token("knowledge", (
                view.site, view.terrains, view.hexes, view.paths, view.tables,
                view.regions if isinstance(view, GMView) else (),
                [tuple(getattr(loc, f.name) for f in dataclasses.fields(loc)
                       if f.name != "body") for loc in view.locations.values()])),
            titles=cache.token("titles", [(s.number, s.slug, s.title) for s in view.sessions]),
            tracks=cache.token("tracks", [(s.number, s.known_track, track)
                                          for s, track in zip(view.sessions, tracks,
                                                              strict=True)]),
            now=cache.token("now", view.now),
            session_values=tuple(values), session_tracks=tuple(tracks))


def _session_tokens(view: View, memo: PageCache, inputs: object,
                    ) -> tuple[list[object], list[object]]:
    """Per session of ``view``: a token for its view's value and one for its tracks' value.

    A token is the one the last build gave the same slot when the campaign's inputs
    (``inputs``, from ``generator.replay.snapshots``) and the value (compared with ``==``) are
    the same, else a new object. The sessions after an edited one get their old tokens back
    as long as their replay came out the same."""
    key = ("session-values", inputs)
    old: dict[int, tuple[SessionView, object, object, object]] = \
        memo.get_object(key) or {}
    new: dict[int, tuple[SessionView, object, object, object]] = {}
    values: list[object] = []
    tracks: list[object] = []
    for session in view.sessions:
        track: object = (session.believed_track, session.true_track) \
            if isinstance(session, GMSessionView) else session.believed_track
        kept = old.get(session.number)
        if kept is not None and kept[0] == session:
            value_token, track_token = kept[1], kept[3]
        else:
            value_token = object()
            track_token = kept[3] if kept is not None and kept[2] == track else object()
        new[session.number] = (session, value_token, track, track_token)
        values.append(value_token)
        tracks.append(track_token)
    memo.put_object(key, new)
    return values, tracks


def overrides_pages(overrides: Path | None) -> bool:
    """Whether the campaign's ``templates/`` folder replaces one of the page templates. A
    campaign's template may show anything of the view, so pages are then not kept between
    builds (``render_docs``' memo): only what the built-in templates show is known."""
    if overrides is None or not overrides.is_dir():
        return False
    return any((overrides / path.relative_to(PAGE_TEMPLATES)).exists()
               for path in PAGE_TEMPLATES.rglob("*") if path.is_file())


class NoCache:
    """A ``PageCache`` that keeps nothing: every page and map is drawn (``hexcrawl build``,
    and the pages a campaign's own templates draw)."""

    def get(self, key: Hashable) -> str | None:
        return None

    def put(self, key: Hashable, text: str) -> str:
        return text

    def get_object(self, key: Hashable) -> Any:
        return None

    def put_object(self, key: Hashable, value: Any) -> None:
        return None

    def token(self, slot: Hashable, value: object) -> object:
        return object()
