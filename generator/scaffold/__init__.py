"""``hexcrawl new DIR``: a campaign repository a GM can push and publish from the first day.

The starter campaign lives in the package folder ``generator/scaffold/campaign/`` (an 8x6 map,
a road, two locations, one table and one session, each key explained by a comment), beside
what makes the folder a campaign *repository*: ``mkdocs.yml`` (site settings, commented),
``.gitignore``, ``.github/workflows/site.yml``, the workflow that checks and builds the
campaign on every push and publishes the players' site (to this repository's GitHub Pages, or
to a second, public repository's), and ``.github/dependabot.yml``, which moves the commits
the workflow's actions are pinned to. Files whose name
starts with ``dot-`` in the package are written with a leading dot instead (hidden files do
not travel well through packaging tools).

``requirements.txt`` pins what the workflow installs: this hexcrawl version and the exact
versions of the packages it runs on here (with their platform markers), so the published
site is built with what was checked on the GM's machine, not with whatever is newest that day.
Before hexcrawl is on a package index, ``--wheel FILE`` copies a hexcrawl wheel into the
campaign's ``vendor/`` and points the hexcrawl line at it (``./vendor/NAME.whl``, a path pip
reads from the repository root, where the workflow runs it).

Editors: every YAML file of the campaign starts with a ``# yaml-language-server: $schema=``
line pointing at its JSON Schema in ``schemas/``, which holds what ``hexcrawl schema`` writes
(the schemas and ``vscode-settings.json``, a snippet for VS Code's YAML extension that also
covers files written later, such as new session logs).

Nothing that already exists is ever overwritten: ``create`` refuses when any file it would
write is there, and writes every file exclusively.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterator
from email.parser import HeaderParser
from importlib import metadata, resources
from importlib.resources.abc import Traversable
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import InvalidWheelFilename, canonicalize_name, parse_wheel_filename
from packaging.version import Version

from generator.content.schema import VSCODE_SNIPPET, modeline, schema_texts, vscode_snippet

#: The package folder holding the starter campaign.
SCAFFOLD_PACKAGE = "generator.scaffold"
SCAFFOLD_FOLDER = "campaign"
#: Package file names starting with this are written as hidden files (``dot-x`` -> ``.x``).
DOT = "dot-"
REQUIREMENTS = "requirements.txt"
#: The folder of the JSON Schemas (``hexcrawl schema``'s default there).
SCHEMAS = "schemas"
#: The folder ``--wheel`` copies the hexcrawl wheel into.
VENDOR = "vendor"


_WHEEL_NAME = re.compile(r"[A-Za-z0-9_.+!-]+\.whl")


class WheelError(ValueError):
    """The file given to ``--wheel`` is not a wheel of this hexcrawl version."""


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


def check_wheel(wheel: Path) -> bytes:
    """The bytes of ``wheel`` if it is a wheel of this hexcrawl version; ``WheelError`` saying
    what is wrong otherwise."""
    if not wheel.is_file():
        raise WheelError("no such file" if not wheel.exists() else "not a file")
    try:
        if not _WHEEL_NAME.fullmatch(wheel.name):  # what a requirements line can hold
            raise InvalidWheelFilename(wheel.name)
        name, wheel_version, _, _ = parse_wheel_filename(wheel.name)
    except InvalidWheelFilename:
        raise WheelError("not a wheel: its name must look like "
                         f"hexcrawl-{version()}-py3-none-any.whl") from None
    if name != "hexcrawl":
        raise WheelError(f"a wheel of {name}, not of hexcrawl")
    if wheel_version != Version(version()):
        raise WheelError(
            f"a wheel of hexcrawl {wheel_version}, but this is hexcrawl {version()}: the "
            "campaign files and the pinned dependencies come from the hexcrawl that runs "
            "`hexcrawl new`; install that wheel and run its `hexcrawl new`")
    dist_info = f"hexcrawl-{wheel_version}.dist-info/"
    try:
        data = wheel.read_bytes()
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = set(archive.namelist())
            meta = archive.read(dist_info + "METADATA").decode("utf-8") \
                if dist_info + "METADATA" in names else ""
    except OSError as exc:
        raise WheelError(f"cannot read it: {exc.strerror or exc}") from None
    except (zipfile.BadZipFile, UnicodeDecodeError):
        raise WheelError("not a wheel: the file is not a readable zip archive") from None
    headers = HeaderParser().parsestr(meta)
    if canonicalize_name(headers.get("Name", "")) != "hexcrawl" or \
            dist_info + "WHEEL" not in names or "generator/cli/__init__.py" not in names:
        raise WheelError(f"not a wheel of hexcrawl: {dist_info}METADATA does not name "
                         "hexcrawl, or the package is missing")
    return data


def requirements_text(wheel: str | None = None) -> str:
    """``requirements.txt`` of a campaign repository (see the module docstring); ``wheel``,
    the path of a vendored hexcrawl wheel relative to the repository, replaces the
    ``hexcrawl==VERSION`` line."""
    lines = [
        "# What the site workflow (.github/workflows/site.yml) installs: this hexcrawl version",
        "# and the exact versions of the packages it ran on when `hexcrawl new` wrote this",
        "# file, so every build of the published site uses what you checked on your machine.",
        "# To upgrade: pip install --upgrade hexcrawl, run hexcrawl check and hexcrawl build,",
        "# then set the new version below (and any package whose version must move with it).",
    ]
    if wheel is None:
        lines += [
            "# Before hexcrawl is published on PyPI this line cannot be installed from there:",
            "# run `hexcrawl new DIR --wheel hexcrawl-...whl` to keep the wheel in vendor/, or",
            "# point the line at where the workflow can fetch the same version, for example",
            f"#   hexcrawl @ git+https://github.com/OWNER/hexcrawl@v{version()}",
            f"hexcrawl=={version()}",
        ]
    else:
        lines += [
            f"# hexcrawl {version()} comes from the wheel kept in {VENDOR}/ (a path from the",
            "# repository's root, where the workflow runs pip). Once hexcrawl is on PyPI,",
            f"# replace it with hexcrawl=={version()} and delete {VENDOR}/.",
            f"./{wheel}",
        ]
    for name, installed, marker in sorted(_closure()):
        lines.append(f"{name}=={installed}" + (f" ; {marker}" if marker is not None else ""))
    return "\n".join(lines) + "\n"


def create(target: Path, wheel: Path | None = None) -> list[Path]:
    """Write the starter campaign repository into ``target`` and return the files written;
    with ``wheel`` (checked first: ``WheelError``), a copy of it in ``vendor/`` that
    ``requirements.txt`` installs hexcrawl from.

    ``target`` may be missing (it is created, with its parents) or an existing folder, for
    example a fresh clone holding only ``.git`` and a README. Raises ``FileExistsError`` if
    ``target`` is not a folder or if any file to be written already exists (nothing is
    written then); ``NotADirectoryError``/``OSError`` when it cannot be created. Files are
    created exclusively, so even a file that appears while copying is never overwritten.
    """
    target = Path(target)
    vendored: tuple[str, bytes] | None = None
    if wheel is not None:
        vendored = (f"{VENDOR}/{Path(wheel).name}", check_wheel(Path(wheel)))
    if target.exists() and not target.is_dir():
        raise FileExistsError(f"{target} exists and is not a folder")
    files = _walk(_source())
    if not files:  # pragma: no cover - a broken installation
        raise FileNotFoundError("the starter campaign is missing from the installed package")
    contents: list[tuple[Path, bytes]] = [
        (target.joinpath(*parts), _with_modeline("/".join(parts), item.read_bytes()))
        for parts, item in files]
    requirements = requirements_text(None if vendored is None else vendored[0])
    contents.append((target / REQUIREMENTS, requirements.encode("utf-8")))
    if vendored is not None:
        contents.append((target / vendored[0], vendored[1]))
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


__all__ = ["WheelError", "check_wheel", "create", "requirements_text", "scaffold_files",
           "version"]
