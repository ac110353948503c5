"""``hexcrawl new DIR``: write a small, valid starter campaign into a new folder.

The starter campaign lives in the package folder ``generator/scaffold_campaign/`` (an 8x6 map,
a road, two locations, one table and one session, each key explained by a comment). It is
copied file by file; nothing that already exists is ever overwritten.
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

#: The package folder holding the starter campaign.
SCAFFOLD_PACKAGE = "generator"
SCAFFOLD_FOLDER = "scaffold_campaign"


def _source() -> Traversable:
    return resources.files(SCAFFOLD_PACKAGE).joinpath(SCAFFOLD_FOLDER)


def _walk(folder: Traversable, prefix: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...],
                                                                         Traversable]]:
    """Every file under ``folder`` as (relative parts, file), sorted, skipping caches and
    hidden files."""
    out: list[tuple[tuple[str, ...], Traversable]] = []
    for item in sorted(folder.iterdir(), key=lambda t: t.name):
        if item.name.startswith(".") or item.name == "__pycache__":
            continue
        parts = prefix + (item.name,)
        if item.is_dir():
            out.extend(_walk(item, parts))
        elif item.is_file():
            out.append((parts, item))
    return out


def scaffold_files() -> list[str]:
    """Relative paths (POSIX style) of the files ``create`` writes."""
    return ["/".join(parts) for parts, _ in _walk(_source())]


def create(target: Path) -> list[Path]:
    """Copy the starter campaign into ``target`` and return the files written, in order.

    ``target`` may be missing (it is created, with its parents) or an empty folder.
    Raises ``FileExistsError`` if it exists and is anything but an empty folder. Files are
    created exclusively, so even a file that appears while copying is never overwritten.
    """
    target = Path(target)
    if target.exists():
        if not target.is_dir():
            raise FileExistsError(f"{target} exists and is not a folder")
        if any(target.iterdir()):
            raise FileExistsError(f"{target} is not empty; choose a new or empty folder")
    files = _walk(_source())
    if not files:  # pragma: no cover - a broken installation
        raise FileNotFoundError("the starter campaign is missing from the installed package")
    target.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for parts, item in files:
        dest = target.joinpath(*parts)
        dest.parent.mkdir(parents=True, exist_ok=True)
        with dest.open("xb") as fh:  # "x": fail rather than overwrite
            fh.write(item.read_bytes())
        written.append(dest)
    return written


__all__ = ["create", "scaffold_files"]
