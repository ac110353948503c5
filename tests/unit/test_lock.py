"""The lock (``constraints.txt``): exact versions that satisfy every range of pyproject.toml.

The README's commands install with ``pip install -c constraints.txt ...``, so a fresh machine
gets the versions the suite last passed with, not whatever is newest that day. When a range
in pyproject.toml changes, or a dependency is added, the lock must be regenerated with the
command the README gives (and in its header); these tests say so when it was forgotten.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import NormalizedName, canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
LOCK = ROOT / "constraints.txt"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
REFRESH = ("uv pip compile pyproject.toml --extra test --universal --python-version 3.11 "
           "-o constraints.txt")


def locked() -> dict[NormalizedName, list[tuple[Version, Marker | None]]]:
    """Every pin of the lock: name -> [(version, marker)], one entry per marker branch."""
    pins: dict[NormalizedName, list[tuple[Version, Marker | None]]] = {}
    for number, raw in enumerate(LOCK.read_text("utf-8").splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        req = Requirement(line)
        specs = list(req.specifier)
        assert len(specs) == 1 and specs[0].operator == "==", \
            f"constraints.txt:{number}: not an exact pin: {raw}"
        pins.setdefault(canonicalize_name(req.name), []).append(
            (Version(specs[0].version), req.marker))
    return pins


def applies(marker: Marker | None, extra: str = "") -> bool:
    return marker is None or marker.evaluate({"extra": extra})


def declared() -> Iterator[tuple[str, Requirement]]:
    """(where, requirement) for every range pyproject.toml declares."""
    for text in PYPROJECT["project"]["dependencies"]:
        yield "dependencies", Requirement(text)
    for extra, reqs in PYPROJECT["project"]["optional-dependencies"].items():
        for text in reqs:
            yield f"optional-dependencies.{extra}", Requirement(text)


def test_the_header_names_the_refresh_command() -> None:
    head = LOCK.read_text("utf-8").splitlines()[:3]
    assert any(REFRESH in line for line in head), head
    docs = (ROOT / "docs" / "development.md").read_text("utf-8")
    assert REFRESH in docs, "docs/development.md must give the command that refreshes the lock"


def test_the_lock_satisfies_every_range_of_pyproject() -> None:
    pins = locked()
    for where, req in declared():
        if not applies(req.marker, where.rpartition(".")[2]):
            continue
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} ({where}) is not in constraints.txt: run {REFRESH}"
        for version, marker in pins[name]:
            if applies(marker):
                assert req.specifier.contains(version, prereleases=True), (
                    f"constraints.txt pins {req.name}=={version}, outside {req} ({where}): "
                    f"run {REFRESH}")


def requirements_of(dist: str, extras: frozenset[str]) -> Iterator[Requirement]:
    for text in metadata.requires(dist) or []:
        req = Requirement(text)
        if req.marker is None or any(req.marker.evaluate({"extra": e}) for e in extras | {""}):
            yield req


def test_the_environment_was_installed_from_the_lock() -> None:
    """Every package hexcrawl[test] pulls in, however deep, is pinned, and the installed
    version is the pinned one (the README's install commands use the lock)."""
    pins = locked()
    try:
        metadata.distribution("hexcrawl")
    except metadata.PackageNotFoundError:
        pytest.fail("hexcrawl is not installed: pip install -c constraints.txt -e '.[test]'")
    todo: list[tuple[str, frozenset[str]]] = [("hexcrawl", frozenset({"test"}))]
    seen: set[tuple[NormalizedName, frozenset[str]]] = set()
    checked = 0
    while todo:
        dist, extras = todo.pop()
        for req in requirements_of(dist, extras):
            name = canonicalize_name(req.name)
            key = (name, frozenset(req.extras))
            if key in seen:
                continue
            seen.add(key)
            assert name in pins, f"{req.name} (needed by {dist}) is not locked: run {REFRESH}"
            installed = Version(metadata.version(req.name))
            wanted = [v for v, m in pins[name] if applies(m)]
            assert installed in wanted, (
                f"{req.name} {installed} is installed but constraints.txt pins {wanted}: "
                "install with pip install -c constraints.txt -e '.[test]'")
            checked += 1
            todo.append((req.name, frozenset(req.extras)))
    assert checked >= 20


def test_readme_commands_use_the_lock() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    blocks = re.findall(r"```sh\n(.*?)\n```", readme, re.S)
    assert 'pip install -c constraints.txt -e . && hexcrawl build' in blocks
    test_command = 'pip install -c constraints.txt -e ".[test]" && python -m pytest'
    assert test_command in blocks
    ci = (ROOT / ".ci" / "run").read_text("utf-8")
    assert ci.rstrip().splitlines()[-1] == test_command, "the last line of .ci/run runs " \
        "exactly the README's test command"
