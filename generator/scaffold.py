"""``hexcrawl new DIR``: a campaign repository a GM can push and publish from the first day.

The starter campaign lives in the package folder ``generator/scaffold_campaign/`` (an 8x6 map,
a road, two locations, one table and one session, each key explained by a comment), beside
what makes the folder a campaign *repository*: ``mkdocs.yml`` (site settings, commented),
``.gitignore``, and ``.github/workflows/site.yml``, the workflow that checks and builds the
campaign on every push and publishes the players' site to GitHub Pages. Files whose name
starts with ``dot-`` in the package are written with a leading dot instead (hidden files do
not travel well through packaging tools).

``requirements.txt`` pins what the workflow installs: this hexcrawl version and the exact
versions of the packages it runs on here (with their platform markers), so the published
site is built with what was checked on the GM's machine, not with whatever is newest that day.

Editors: every YAML file of the campaign starts with a ``# yaml-language-server: $schema=``
line pointing at its JSON Schema in ``schemas/``, which holds what ``hexcrawl schema`` writes
(the schemas and ``vscode-settings.json``, a snippet for VS Code's YAML extension that also
covers files written later, such as new session logs).

Nothing that already exists is ever overwritten: ``create`` refuses when any file it would
write is there, and writes every file exclusively.
"""

from __future__ import annotations

from collections.abc import Iterator
from importlib import metadata, resources
from importlib.resources.abc import Traversable
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from generator.content.schema import VSCODE_SNIPPET, modeline, schema_texts, vscode_snippet

#: The package folder holding the starter campaign.
SCAFFOLD_PACKAGE = "generator"
SCAFFOLD_FOLDER = "scaffold_campaign"
#: Package file names starting with this are written as hidden files (``dot-x`` -> ``.x``).
DOT = "dot-"
REQUIREMENTS = "requirements.txt"
#: The folder of the JSON Schemas (``hexcrawl schema``'s default there).
SCHEMAS = "schemas"


def _source() -> Traversable:
    return resources.files(SCAFFOLD_PACKAGE).joinpath(SCAFFOLD_FOLDER)


def _walk(folder: Traversable, prefix: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...],
                                                                         Traversable]]:
    """Every file under ``folder`` as (relative parts as written, file), sorted, skipping
    caches and hidden files of the package itself."""
    out: list[tuple[tuple[str, ...], Traversable]] = []
    for item in sorted(folder.iterdir(), key=lambda t: t.name):
        if item.name.startswith(".") or item.name == "__pycache__":
            continue
        name = "." + item.name[len(DOT):] if item.name.startswith(DOT) else item.name
        parts = prefix + (name,)
        if item.is_dir():
            out.extend(_walk(item, parts))
        elif item.is_file():
            out.append((parts, item))
    return out


def _schema_files() -> dict[str, str]:
    """``schemas/``: what ``hexcrawl schema`` writes in the new repository (the JSON Schemas
    the first lines of the YAML files point at, and the VS Code settings snippet)."""
    files = {f"{SCHEMAS}/{name}": text for name, text in schema_texts().items()}
    files[f"{SCHEMAS}/{VSCODE_SNIPPET}"] = vscode_snippet(SCHEMAS, ".")
    return files


def _with_modeline(relative: str, data: bytes) -> bytes:
    """A campaign YAML file with its ``# yaml-language-server: $schema=...`` first line."""
    line = modeline(relative, SCHEMAS)
    return data if line is None else line.encode("utf-8") + b"\n" + data


def scaffold_files() -> list[str]:
    """Relative paths (POSIX style) of the files ``create`` writes."""
    return sorted(["/".join(parts) for parts, _ in _walk(_source())] + [REQUIREMENTS]
                  + list(_schema_files()))


def version() -> str:
    """The installed hexcrawl version."""
    return metadata.version("hexcrawl")


def _closure() -> Iterator[tuple[str, str, Marker | None]]:
    """(name, installed version, marker) of every package hexcrawl runs on, however deep;
    a package needed only on some platforms keeps the marker that says where."""
    seen: set[str] = set()
    todo: list[tuple[str, frozenset[str], Marker | None]] = [("hexcrawl", frozenset(), None)]
    while todo:
        dist, extras, inherited = todo.pop()
        for text in metadata.requires(dist) or []:
            req = Requirement(text)
            env_extras = extras | {""}
            if req.marker is not None and not any(
                    req.marker.evaluate({"extra": e}) for e in env_extras):
                continue
            name = canonicalize_name(req.name)
            if name in seen:
                continue
            try:
                installed = metadata.version(req.name)
            except metadata.PackageNotFoundError:
                continue
            seen.add(name)
            marker = inherited
            if req.marker is not None and "extra" not in str(req.marker):
                marker = req.marker
            yield name, installed, marker
            todo.append((req.name, frozenset(req.extras), marker))


def requirements_text() -> str:
    """``requirements.txt`` of a campaign repository (see the module docstring)."""
    lines = [
        "# What the site workflow (.github/workflows/site.yml) installs: this hexcrawl version",
        "# and the exact versions of the packages it ran on when `hexcrawl new` wrote this",
        "# file, so every build of the published site uses what you checked on your machine.",
        "# To upgrade: pip install --upgrade hexcrawl, run hexcrawl check and hexcrawl build,",
        "# then set the new version below (and any package whose version must move with it).",
        "# Before hexcrawl is published on PyPI this line cannot be installed from there: point",
        "# it at where the workflow can fetch the same version, for example",
        f"#   hexcrawl @ git+https://github.com/OWNER/hexcrawl@v{version()}",
        "# or the URL of the release's wheel (hexcrawl @ https://.../hexcrawl-...-none-any.whl).",
        f"hexcrawl=={version()}",
    ]
    for name, installed, marker in sorted(_closure()):
        lines.append(f"{name}=={installed}" + (f" ; {marker}" if marker is not None else ""))
    return "\n".join(lines) + "\n"


def create(target: Path) -> list[Path]:
    """Write the starter campaign repository into ``target`` and return the files written.

    ``target`` may be missing (it is created, with its parents) or an existing folder, for
    example a fresh clone holding only ``.git`` and a README. Raises ``FileExistsError`` if
    ``target`` is not a folder or if any file to be written already exists (nothing is
    written then); ``NotADirectoryError``/``OSError`` when it cannot be created. Files are
    created exclusively, so even a file that appears while copying is never overwritten.
    """
    target = Path(target)
    if target.exists() and not target.is_dir():
        raise FileExistsError(f"{target} exists and is not a folder")
    files = _walk(_source())
    if not files:  # pragma: no cover - a broken installation
        raise FileNotFoundError("the starter campaign is missing from the installed package")
    contents: list[tuple[Path, bytes]] = [
        (target.joinpath(*parts), _with_modeline("/".join(parts), item.read_bytes()))
        for parts, item in files]
    contents.append((target / REQUIREMENTS, requirements_text().encode("utf-8")))
    contents += [(target / rel, text.encode("utf-8")) for rel, text in _schema_files().items()]
    clashes = [p for p, _ in contents if p.exists() or p.is_symlink()]
    if clashes:
        names = ", ".join(p.relative_to(target).as_posix() for p in clashes[:5])
        more = f" and {len(clashes) - 5} more" if len(clashes) > 5 else ""
        raise FileExistsError(f"{target} already holds {names}{more}; hexcrawl new never "
                              "overwrites a file: choose a new or empty folder")
    target.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for dest, data in contents:
        dest.parent.mkdir(parents=True, exist_ok=True)
        with dest.open("xb") as fh:  # "x": fail rather than overwrite
            fh.write(data)
        written.append(dest)
    return written


__all__ = ["create", "requirements_text", "scaffold_files", "version"]
