"""The engine reads like the rule book (issue 9, the redesign): one small module per procedure
of rules.md under generator/rules/, each citing its rule and seed; replay.py a thin fold; one
check path; one roll source; the docstring examples hold."""

from __future__ import annotations

import ast
import doctest
import importlib
import re
from pathlib import Path

import pytest

import generator

PACKAGE = Path(generator.__file__).parent
RULES = sorted((PACKAGE / "rules").glob("*.py"))
MODULES = [p for p in RULES if p.name != "__init__.py"]
#: chronicle.py holds the records the rules write (the replay's output, content.md's JSON)
FOLD = PACKAGE / "replay" / "fold.py"
PROCEDURES = [p for p in MODULES if p.name != "chronicle.py"]


def source(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def tree(path: Path) -> ast.Module:
    return ast.parse(source(path))


def called(path: Path) -> list[str]:
    """The name of every function or method called in ``path`` (``f(...)`` and
    ``x.f(...)`` alike give ``f``), once per call."""
    return [node.func.id if isinstance(node.func, ast.Name) else node.func.attr
            for node in ast.walk(tree(path)) if isinstance(node, ast.Call)
            and isinstance(node.func, (ast.Name, ast.Attribute))]


def named(path: Path) -> list[str]:
    """Every name used or bound in ``path`` (``x`` and ``m.x`` alike give ``x``)."""
    return [node.id if isinstance(node, ast.Name) else node.attr
            for node in ast.walk(tree(path)) if isinstance(node, (ast.Name, ast.Attribute))]


def imported(path: Path) -> set[str]:
    """The top-level package of every module ``path`` imports."""
    found: set[str] = set()
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("path", [*MODULES, FOLD], ids=lambda p: p.name)
def test_no_module_is_over_400_lines(path: Path) -> None:
    assert len(source(path).splitlines()) <= 400


@pytest.mark.parametrize("path", PROCEDURES, ids=lambda p: p.name)
def test_each_module_cites_its_rule(path: Path) -> None:
    doc = ast.get_docstring(ast.parse(source(path))) or ""
    assert re.search(r"rules\.md|seed 00\d", doc), path.name


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_rules_are_pure(path: Path) -> None:
    """No I/O, no YAML, no Jinja, no global random state in generator/rules/."""
    assert not imported(path) & {"random", "yaml", "jinja2", "pathlib", "os", "io"}, path.name
    assert not set(called(path)) & {"open", "print", "Path", "read_text", "write_text"}, \
        path.name


@pytest.mark.parametrize("name", [p.stem for p in MODULES])
def test_module_doctests(name: str) -> None:
    module = importlib.import_module(f"generator.rules.{name}")
    assert doctest.testmod(module).failed == 0


def test_one_check_path() -> None:
    """Every check resolves through checks.check: nothing else calls the systems' resolver,
    and nothing rolls a d20 or d100 for a check on its own."""
    for path in [*MODULES, FOLD]:
        if path.name != "checks.py":
            assert not {"resolve", "roll"} & set(called(path)), path.name


def test_one_roll_source() -> None:
    """Every die of the replay comes from a RollSource (recorded first, then seeded): no
    module builds its own generator or draws outside ``take`` and the check path."""
    for path in [*MODULES, FOLD]:
        assert not {"event_rng", "randint"} & set(named(path)), path.name


def test_one_rule_decides_trackless() -> None:
    """Rules.md 5: one function decides "trackless" for every check: travel.trackless (the
    stretch rule), read by navigation.stretch_dc alone, which adds the +2."""
    defined = {p.name for p in [*MODULES, FOLD] for node in ast.walk(tree(p))
               if isinstance(node, ast.FunctionDef) and node.name == "trackless"}
    assert defined == {"travel.py"}
    uses = {p.name: called(p).count("trackless") for p in [*MODULES, FOLD]}
    assert {name: n for name, n in uses.items() if n} == {"navigation.py": 1}
    plus_two = {p.name for p in [*MODULES, FOLD] if "DC_TRACKLESS" in named(p)}
    assert plus_two == {"tables.py", "navigation.py"}
    assert named(PACKAGE / "rules" / "navigation.py").count("DC_TRACKLESS") == 1
