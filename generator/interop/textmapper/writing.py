"""Writing an imported Text Mapper map into a campaign: every file's text from PyYAML's
emitter, read back and compared with what it is meant to hold before anything is written,
then written beside its place and renamed into it (never over a user's file without
``--force``, never through a link)."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from generator.content.markdown import inert as markdown_inert
from generator.diagnostics import N_, NN_, Text, display_path, literal
from generator.interop.textmapper.importing import Imported, ImportedLocation
from generator.slug import slugify


class ImportError_(Exception):
    """The import cannot write (files in the way); nothing was written. Its ``text`` is
    printed in the language of the command."""

    def __init__(self, text: Text) -> None:
        super().__init__(text.english())
        self.text = text


def inert(text: str) -> str:
    """``text`` safe to print on a terminal: every control or invisible formatting character
    (escape sequences, bidi overrides, line breaks) shown as its escape, ``\\x1b``."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


class _Dumper(yaml.SafeDumper):
    """PyYAML's safe dumper, writing every string that holds a line break or a control
    character double-quoted (there each is an escape). Left to itself PyYAML may write such
    a string single-quoted over several lines, where a break at its end reads back as a
    space, and the file would not hold one hex a line."""


def _represent_str(dumper: yaml.SafeDumper, data: str) -> yaml.ScalarNode:
    style = None if data.isprintable() else '"'
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


_Dumper.add_representer(str, _represent_str)


def dump_yaml(data: Any, width: int = 100, flow: bool | None = None) -> str:
    """YAML text of ``data`` from PyYAML's emitter: it quotes and escapes whatever a value
    holds (a brace, a quote, a line break, a control character), so no value of a map or of
    a mapping file can become a key or a hex of its own."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=flow, width=width)


def _comment(text: str) -> str:
    """A YAML comment line: line breaks and controls of ``text`` (a file name) shown as their
    escapes, so the comment ends where it should."""
    return "# " + inert(text)


def _hexes_data(imported: Imported) -> dict[str, dict[str, str]]:
    return {label: dict(imported.hexes[label]) for label in sorted(imported.hexes)}


def hexes_yaml(imported: Imported, source: str) -> str:
    """The hexes file: one hex a line (a flow mapping as wide as it needs)."""
    return (_comment(f"Imported from Text Mapper ({source}) by hexcrawl import text-mapper.")
            + "\n# One hex a line: terrain, a forest's density, the name Text Mapper's label "
              "gave.\n" + dump_yaml(_hexes_data(imported), width=1_000_000))


def _paths_data(imported: Imported) -> dict[str, dict[str, Any]]:
    return {pid: {key: spec[key] for key in ("kind", "name", "hexes") if key in spec}
            for pid, spec in imported.paths.items()}


def paths_yaml(imported: Imported, source: str) -> str:
    return (_comment(f"Imported from Text Mapper ({source}) by hexcrawl import text-mapper.")
            + "\n# A river is listed from its source to its mouth (the map widens it that "
              "way).\n" + dump_yaml(_paths_data(imported)))


def _front(loc: ImportedLocation) -> dict[str, Any]:
    return {"id": loc.id, "name": loc.name, "hex": loc.label, "tags": list(loc.tags)}


_PLAIN_NAME = re.compile(r"[A-Za-z0-9 .,'-]*")


def location_md(loc: ImportedLocation, source: str) -> str:
    # the map's file name lands in a page the players read: plain, or made inert for Markdown
    shown = source if _PLAIN_NAME.fullmatch(source) else markdown_inert(inert(source))
    return ("---\n" + dump_yaml(_front(loc)) + "---\n"
            f"Imported from Text Mapper ({shown}). What the players learn when they find "
            f"it.\n")


def _campaign_data(imported: Imported, name: str, text: str) -> dict[str, Any]:
    start = imported.locations[0].label if imported.locations else min(imported.hexes)
    return {"name": name, "seed": zlib.crc32(text.encode("utf-8")), "language": "en",
            "map": {"columns": imported.columns, "rows": imported.rows,
                    "orientation": "flat", "hex_miles": 12},
            "party": {"start": start, "members": [
                {"name": "Scout", "speed": 30, "survival": 2, "con": 1}]}}


def campaign_yaml(imported: Imported, name: str, text: str) -> str:
    return ("# Imported from Text Mapper by hexcrawl import text-mapper. Set the party, the "
            "rules\n# and the seed; every key is described in the README's format section.\n"
            + dump_yaml(_campaign_data(imported, name, text)))


def terrain_yaml(imported: Imported) -> str:
    return ("# Terrain of the imported map that is not built in (from the map's "
            "'# hexcrawl: terrain' lines).\n" + dump_yaml(imported.terrain))


def _read_back(path: Path, text: str) -> Any:
    """What a written file holds, read as the loader will (a location: its front matter)."""
    if path.suffix == ".md":
        head, sep, _ = text.partition("\n---\n")
        if not text.startswith("---\n") or not sep:
            return None
        text = head[len("---\n"):]
    return yaml.safe_load(text)


def checked(files: dict[Path, tuple[str, Any]]) -> dict[Path, str]:
    """The text of each file after reading it back: each must hold exactly what was meant,
    else ``ImportError_`` (and nothing is written)."""
    for path, (text, meant) in files.items():
        try:
            back = _read_back(path, text)
        except yaml.YAMLError as exc:
            back = exc
        if back != meant:
            raise ImportError_(N_(
                "%(file)s would not read back as the import meant it (nothing was written); "
                "please report this with the map and the mapping file",
                file=display_path(path)))
    return {path: text for path, (text, _) in files.items()}

@dataclass
class Written:
    written: list[Path]
    backups: list[tuple[Path, Path]]


def planned_files(imported: Imported, into: Path, source_path: Path, text: str,
                  name: str | None = None) -> dict[Path, str]:
    """Every file the import writes, by path, with its text, each read back and compared
    with what it is meant to hold (``checked``)."""
    source = source_path.name
    files: dict[Path, tuple[str, Any]] = {}
    if not (into / "campaign.yaml").exists():
        title = name or source_path.stem.replace("-", " ").replace("_", " ").title()
        files[into / "campaign.yaml"] = (campaign_yaml(imported, title, text),
                                         _campaign_data(imported, title, text))
    if imported.terrain and not (into / "terrain.yaml").exists():
        files[into / "terrain.yaml"] = (terrain_yaml(imported), imported.terrain)
    stem = slugify(source_path.stem, fallback="text-mapper")
    files[into / "hexes" / f"{stem}.yaml"] = (hexes_yaml(imported, source),
                                              _hexes_data(imported))
    if imported.paths:
        files[into / "paths.yaml"] = (paths_yaml(imported, source), _paths_data(imported))
    for loc in imported.locations:
        files[into / "locations" / f"{loc.id}.md"] = (location_md(loc, source), _front(loc))
    return checked(files)


def _backup_name(path: Path) -> Path:
    candidate = path.with_name(path.name + ".bak")
    n = 2
    while candidate.exists():
        candidate = path.with_name(f"{path.name}.bak{n}")
        n += 1
    return candidate


def _linked(files: dict[Path, str], into: Path) -> Path | None:
    """The first file or folder under ``into`` on the way to one of ``files`` that is a
    symbolic link (or a Windows junction): writing through it would land outside."""
    for path in files:
        try:
            parts = path.relative_to(into).parts
        except ValueError:
            return path
        step = into
        for part in parts:
            step = step / part
            junction = getattr(step, "is_junction", None)
            if step.is_symlink() or (junction is not None and junction()):
                return step
    return None


def write_files(files: dict[Path, str], force: bool, into: Path) -> Written:
    """Write ``files`` (all under ``into``); a link on the way to one, or a file that exists
    without ``force``, is an ``ImportError_`` and nothing is written. ``force`` first renames
    each that exists to ``NAME.bak`` (never losing a file). Each file is written to a
    temporary name beside it and renamed into place."""
    linked = _linked(files, into)
    if linked:
        raise ImportError_(N_("%(file)s is a link; nothing was written (the import writes "
                              "only inside the campaign folder)", file=display_path(linked)))
    existing = sorted(p for p in files if p.exists())
    if existing and not force:
        shown = ", ".join(display_path(p) for p in existing[:6])
        files_in_the_way = NN_("%(files)s and %(num)s more", "%(files)s and %(num)s more",
                               len(existing) - 6, files=shown) \
            if len(existing) > 6 else literal(shown)
        raise ImportError_(N_("%(files)s already exist; nothing was written (--force keeps "
                              "each as NAME.bak and writes the import)",
                              files=files_in_the_way))
    written: list[Path] = []
    backups: list[tuple[Path, Path]] = []
    staged: list[tuple[Path, Path]] = []
    try:
        for path, text in files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, name = tempfile.mkstemp(prefix=".import-", dir=path.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
            staged.append((Path(name), path))
    except OSError:
        for temporary, _ in staged:
            temporary.unlink(missing_ok=True)
        raise
    for temporary, path in staged:
        if path.exists():
            backup = _backup_name(path)
            shutil.move(str(path), str(backup))
            backups.append((path, backup))
        os.replace(temporary, path)
        written.append(path)
    return Written(written, backups)
