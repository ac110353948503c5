"""Which files of a campaign folder are content, in the order they load."""

from __future__ import annotations

from pathlib import Path


def content_files(base: Path, suffixes: tuple[str, ...]) -> list[Path]:
    """The files of a content folder, its subfolders included, in the order they load:
    those ending in one of ``suffixes``, hidden files left out."""
    return sorted(p for p in base.rglob("*") if p.is_file() and p.suffix in suffixes
                  and not p.name.startswith("."))
