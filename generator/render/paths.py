"""Where each page of a site lives in its ``docs/`` folder, and the links between them.

MkDocs serves ``x/y.md`` at ``x/y/`` (directory URLs), so a page's links are relative to
that folder.
"""

from __future__ import annotations

from generator.knowledge import RegionView, SessionView


def page_url(path: str) -> str:
    """The URL of a docs page relative to the site root (directory URLs)."""
    if path == "index.md":
        return ""
    stem = path[:-3] if path.endswith(".md") else path
    if stem.endswith("/index"):
        return stem[: -len("index")]
    return stem + "/"


def root_of(path: str) -> str:
    """Relative prefix from a page to the site root (``''``, ``'../'``, ``'../../'``)."""
    depth = len([p for p in page_url(path).split("/") if p])
    return "../" * depth


def session_path(session: SessionView) -> str:
    return f"sessions/{session.slug}.md"


def location_path(location_id: str) -> str:
    return f"locations/{location_id}.md"


def region_path(region: RegionView) -> str:
    return f"hex-key/{region.slug}.md"


def relative(target: str, start: str) -> str:
    """``posixpath.relpath`` for docs paths (no ``..``, no leading ``/``), without its
    trips to the file system: ``relative("locations/a.md", "sessions")`` is
    ``../locations/a.md``."""
    to = target.split("/")
    base = start.split("/") if start else []
    common = 0
    while common < len(base) and common < len(to) - 1 and base[common] == to[common]:
        common += 1
    return "/".join([".."] * (len(base) - common) + to[common:])
