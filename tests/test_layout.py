"""The pipeline is the layout (ARCHITECTURE.md): one package per stage, imports running one
way down the pipeline (the import-linter contracts in pyproject.toml), no import cycle, no
module over 600 lines, a handful of top-level modules, nothing POSIX-only imported at module
level (the program runs on Windows too)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "generator"
MAX_LINES = 600
MAX_TOP_LEVEL = 8
#: Modules that exist on POSIX systems only: imported inside a function, behind a check.
POSIX_ONLY = {"fcntl", "resource", "pwd", "grp", "termios", "tty", "pty", "posix", "syslog",
              "crypt", "spwd", "nis", "readline"}


def test_the_import_contracts_hold() -> None:
    """content -> rules -> replay -> knowledge -> render -> reference -> site -> the
    commands, and the foundations import no stage (``lint-imports``, configured in
    pyproject.toml)."""
    script = Path(sys.executable).parent / "lint-imports"
    result = subprocess.run([str(script) if script.exists() else "lint-imports",
                             "--no-cache"], cwd=ROOT, capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "BROKEN" not in result.stdout


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_cycle() -> None:
    graph = grimp.build_graph("generator", exclude_type_checking_imports=True)
    edges = {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    # a package's __init__ re-exporting its modules is not a cycle of the code
    for m in edges:
        edges[m] = {i for i in edges[m] if not m.startswith(i + ".")}
    assert _cycles(edges) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_is_over_600_lines() -> None:
    long = {p.relative_to(ROOT).as_posix(): n for p in PACKAGE.rglob("*.py")
            if (n := len(p.read_text("utf-8").splitlines())) > MAX_LINES}
    assert long == {}


def test_a_handful_of_top_level_modules() -> None:
    top = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(top) <= MAX_TOP_LEVEL, top


def posix_only_imports(source: str) -> list[tuple[int, str]]:
    """Module-level imports of POSIX-only modules (inside a function or an ``if`` is fine)."""
    found: list[tuple[int, str]] = []
    for node in ast.parse(source).body:
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name.split(".")[0] for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module.split(".")[0]]
        found.extend((node.lineno, name) for name in names if name in POSIX_ONLY)
    return found


def test_nothing_posix_only_is_imported_at_module_level() -> None:
    found = {p.relative_to(ROOT).as_posix(): hits for p in PACKAGE.rglob("*.py")
             if (hits := posix_only_imports(p.read_text("utf-8")))}
    assert found == {}
    assert posix_only_imports("import fcntl\ndef f():\n    import resource\n") == [(1, "fcntl")]


def test_no_raw_fork() -> None:
    """Processes come from concurrent.futures with a start method every platform has."""
    hits = [p.relative_to(ROOT).as_posix() for p in PACKAGE.rglob("*.py")
            if "os.fork(" in p.read_text("utf-8")]
    assert hits == []
