"""The code stays lint-clean and strictly typed (ARCHITECTURE.md, "Habits")."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, check=False)


def test_ruff_is_clean() -> None:
    result = run("ruff", "check", "generator", "tests", "bench")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_is_clean() -> None:
    result = run("mypy", "--strict", "generator")
    assert result.returncode == 0, result.stdout + result.stderr


CLOCKS = {"time", "monotonic", "perf_counter", "process_time", "monotonic_ns", "perf_counter_ns",
          "time_ns"}


def _is_clock(node: ast.AST) -> bool:
    """``time.monotonic()`` and the like (a deadline read is fine; a measured time is not)."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in CLOCKS and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "time")


def timed_assertions(source: str) -> list[int]:
    """Lines of asserts on a measured duration: ``clock() - start < N``, or on a name that
    holds such a difference. A deadline (``assert clock() < deadline``) is a wait's bound,
    not a speed claim, and stays allowed.

    >>> timed_assertions("t0 = time.perf_counter()\\nx()\\nassert time.perf_counter() - t0 < 5")
    [3]
    >>> timed_assertions("s = time.monotonic()\\nd = time.monotonic() - s\\nassert d < 1")
    [3]
    >>> timed_assertions("assert time.monotonic() < deadline and p.poll() is None")
    []
    """
    tree = ast.parse(source)
    elapsed: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.BinOp) and \
                isinstance(node.value.op, ast.Sub) and _is_clock(node.value.left):
            elapsed.update(t.id for t in node.targets if isinstance(t, ast.Name))
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assert):
            continue
        for part in ast.walk(node.test):
            if (isinstance(part, ast.BinOp) and isinstance(part.op, ast.Sub)
                    and _is_clock(part.left)) or \
                    (isinstance(part, ast.Name) and part.id in elapsed):
                lines.append(node.lineno)
                break
    return lines


def test_no_test_asserts_how_long_something_took() -> None:
    """Speed is measured in bench/, never asserted in tests (a loaded CI machine fails a
    timed assertion that a quiet one passes)."""
    found = [f"{path.relative_to(ROOT)}:{line}"
             for path in sorted((ROOT / "tests").rglob("*.py"))
             if "node_modules" not in path.parts
             for line in timed_assertions(path.read_text("utf-8"))]
    assert found == []


def test_module_doctests() -> None:
    import doctest

    result = doctest.testmod(sys.modules[__name__])
    assert result.failed == 0 and result.attempted >= 3, result
