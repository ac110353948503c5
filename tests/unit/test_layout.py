"""The pipeline is the layout (ARCHITECTURE.md): one package per stage, imports running one
way down the pipeline (the import-linter contracts in pyproject.toml, with no exemption), no
import cycle, no module over 600 lines, a handful of top-level modules, nothing POSIX-only
imported at module level (the program runs on Windows too), and no process-wide mutable
state: no ``global`` statement, no module-level container or object that the code changes
(what a build or a serve run needs is passed; caches are ``functools``' or an object's).
Every check reads the code's syntax tree, never its text."""

from __future__ import annotations

import ast
import functools
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "generator"
MAX_LINES = 600
MAX_TOP_LEVEL = 8
#: Modules that exist on POSIX systems only: imported inside a function, behind a check.
POSIX_ONLY = {"fcntl", "resource", "pwd", "grp", "termios", "tty", "pty", "posix", "syslog",
              "crypt", "spwd", "nis", "readline"}


@functools.cache
def nodes(tree: ast.Module) -> tuple[ast.AST, ...]:
    """Every node of ``tree``, walked once however many checks read it."""
    return tuple(ast.walk(tree))


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
    long = {path: n for path, text in _sources().items()
            if (n := len(text.splitlines())) > MAX_LINES}
    assert long == {}


def test_a_handful_of_top_level_modules() -> None:
    top = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(top) <= MAX_TOP_LEVEL, top


def posix_only_imports(tree: ast.Module) -> list[tuple[int, str]]:
    """Module-level imports of POSIX-only modules (inside a function or an ``if`` is fine)."""
    found: list[tuple[int, str]] = []
    for node in tree.body:
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name.split(".")[0] for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module.split(".")[0]]
        found.extend((node.lineno, name) for name in names if name in POSIX_ONLY)
    return found


def test_nothing_posix_only_is_imported_at_module_level() -> None:
    found = {path: hits for path, tree in _trees().items()
             if (hits := posix_only_imports(tree))}
    assert found == {}
    assert posix_only_imports(ast.parse(
        "import fcntl\ndef f():\n    import resource\n")) == [(1, "fcntl")]


def forks(tree: ast.Module) -> list[int]:
    """Lines that call ``os.fork`` (or a ``fork`` imported from ``os``)."""
    imported = {alias.asname or alias.name for node in nodes(tree)
                if isinstance(node, ast.ImportFrom) and node.module == "os"
                for alias in node.names if alias.name in ("fork", "forkpty")}
    return [node.lineno for node in nodes(tree) if isinstance(node, ast.Call) and (
        (isinstance(node.func, ast.Attribute) and node.func.attr in ("fork", "forkpty")
         and isinstance(node.func.value, ast.Name) and node.func.value.id == "os")
        or (isinstance(node.func, ast.Name) and node.func.id in imported))]


def test_no_raw_fork() -> None:
    """Processes come from concurrent.futures with a start method every platform has."""
    hits = {path: lines for path, tree in _trees().items() if (lines := forks(tree))}
    assert hits == {}
    assert forks(ast.parse("import os\nos.fork()\n# os.fork()\n")) == [2]
    assert forks(ast.parse("from os import fork as f\nf()\n")) == [2]


# ------------------------------------------------------------------------------------------
# the tests' own layout: the folder is the marker

def test_every_test_module_sits_in_unit_or_e2e() -> None:
    """conftest.py marks a test ``unit`` or ``e2e`` by the folder it sits in, with no list
    to keep: a test module anywhere else would run unmarked, missed by ``-m unit`` and
    ``-m e2e`` alike. The shared helpers stay in tests/ itself."""
    tests = ROOT / "tests"
    outside = sorted(p.relative_to(ROOT).as_posix() for p in tests.rglob("test_*.py")
                     if "node_modules" not in p.parts
                     and p.parent not in (tests / "unit", tests / "e2e"))
    assert outside == []
    assert list((tests / "unit").glob("test_*.py")) and list((tests / "e2e").glob("test_*.py"))


def test_the_folder_is_the_marker(request: pytest.FixtureRequest) -> None:
    assert request.node.get_closest_marker("unit") is not None
    assert request.node.get_closest_marker("e2e") is None


# ------------------------------------------------------------------------------------------
# the import-linter contracts hold with no exemption

#: Settings of import-linter that let an import break a contract.
EXEMPTIONS = {"ignore_imports", "exclude_type_checking_imports", "allow_indirect_imports",
              "unmatched_ignore_imports_alerting"}


def test_the_import_contracts_have_no_exemption() -> None:
    """A layer is kept by the code, not by a list of imports it may break: serve's types are
    never named below serve (a Protocol where a cache is passed), and the loader's data
    (roll tables, built-in terrain) lives in the content stage."""
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    linter = settings["tool"]["importlinter"]
    found = set(linter) & EXEMPTIONS
    for contract in linter["contracts"]:
        found |= set(contract) & EXEMPTIONS
    assert found == set()
    assert len(linter["contracts"]) >= 2


# ------------------------------------------------------------------------------------------
# no process-wide mutable state

#: Module-level objects that change while the program runs, with why each is one: the only
#: state a process keeps outside what is passed.
ALLOWED_STATE = {
    ("generator/serve/session.py", "SESSION"):
        "the dev server's state between MkDocs builds: MkDocs passes a hook nothing of its "
        "own and loads the hook file anew with every configuration (each rebuild under "
        "serve), and a plugin, which keeps its instance, needs an installed entry point",
}
#: Calls that make a container the code can change.
MUTABLE_CALLS = {"list", "dict", "set", "defaultdict", "OrderedDict", "Counter", "deque",
                 "bytearray", "ChainMap"}
#: Methods that change a container.
MUTATORS = {"append", "extend", "insert", "add", "update", "setdefault", "pop", "popitem",
            "clear", "remove", "discard", "sort", "reverse", "__setitem__", "__delitem__"}
CONSTANT = re.compile(r"_?[A-Z][A-Z0-9_]*|__all__")


def _name(node: ast.expr) -> str | None:
    """``x`` for ``x`` and ``m.x``, else None."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _assigned(tree: ast.Module) -> Iterator[tuple[int, str, ast.expr]]:
    """(line, name, value) of every module-level assignment of one name."""
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        for target in targets:
            if isinstance(target, ast.Name):
                yield node.lineno, target.id, value


def _is_container(value: ast.expr) -> bool:
    if isinstance(value, (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp,
                          ast.SetComp)):
        return True
    return isinstance(value, ast.Call) and _name(value.func) in MUTABLE_CALLS


def _mutable_classes(trees: dict[str, ast.Module]) -> set[str]:
    """The classes of the package whose instances can change: all but frozen dataclasses,
    named tuples and enums."""
    found: set[str] = set()
    for tree in trees.values():
        for node in nodes(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            bases = {_name(b) for b in node.bases}
            frozen = any(isinstance(d, ast.Call) and _name(d.func) == "dataclass" and any(
                k.arg == "frozen" and isinstance(k.value, ast.Constant) and k.value.value
                for k in d.keywords) for d in node.decorator_list)
            if not frozen and not bases & {"NamedTuple", "Enum", "StrEnum", "IntEnum",
                                           "Protocol", "Exception", "TypedDict"}:
                found.add(node.name)
    return found


def _changed(trees: dict[str, ast.Module]) -> tuple[set[str], set[str], set[str]]:
    """Every name the code changes in place somewhere: ``x[k] = v``, ``del x[k]``,
    ``x.a = v``, ``x += v``, ``x.append(v)``... (``x`` or ``m.x``), and every name a
    ``global`` statement declares; of them, those whose attributes are set; and the
    names set as another module's (``m.x = v``)."""
    found: set[str] = set()
    attributes: set[str] = set()
    rebound: set[str] = set()
    for tree in trees.values():
        modules = {alias.asname or alias.name.split(".")[0] for node in nodes(tree)
                   if isinstance(node, (ast.Import, ast.ImportFrom)) for alias in node.names}
        for node in nodes(tree):
            targets: list[ast.expr] = []
            if isinstance(node, (ast.Assign, ast.Delete)):
                targets = list(node.targets)
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            elif isinstance(node, ast.Global):
                found.update(node.names)
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                  and node.func.attr in MUTATORS):
                targets = [ast.Subscript(node.func.value, ast.Constant(0))]
            for target in targets:
                if isinstance(node, ast.AugAssign) and (name := _name(target)):
                    found.add(name)
                # m.NAME = v: a name of an imported module set from outside it
                if (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)
                        and target.value.id in modules and not isinstance(node, ast.Call)):
                    rebound.add(target.attr)
                # x[k] = v, x.a.b = v, m.x[k][j] = v: every name on the way to what changes
                inner = target
                while isinstance(inner, (ast.Subscript, ast.Attribute)):
                    is_attribute = isinstance(inner, ast.Attribute)
                    inner = inner.value
                    if (name := _name(inner)) is not None:
                        found.add(name)
                        if is_attribute and not isinstance(node, ast.Call):
                            attributes.add(name)
    return found, attributes | rebound, rebound


def module_state(trees: dict[str, ast.Module]) -> dict[tuple[str, str], int]:
    """Module-level state of the package (by file and name, the line it is made on): a
    container not named as a constant, a container or object the code changes in place,
    and an instance of one of the package's classes whose instances can change."""
    changed, attributes, rebound = _changed(trees)
    classes = _mutable_classes(trees)
    found: dict[tuple[str, str], int] = {}
    for path, tree in trees.items():
        for line, name, value in _assigned(tree):
            container = _is_container(value)
            instance = isinstance(value, ast.Call) and _name(value.func) in classes
            if ((container and (not CONSTANT.fullmatch(name) or name in changed))
                    or instance or (isinstance(value, ast.Call) and name in attributes)
                    or name in rebound):
                found[(path, name)] = line
    return found


@functools.cache
def _sources() -> dict[str, str]:
    """Every module of the package by its path, read once for all the checks (read only)."""
    return {p.relative_to(ROOT).as_posix(): p.read_text("utf-8")
            for p in sorted(PACKAGE.rglob("*.py"))}


@functools.cache
def _trees() -> dict[str, ast.Module]:
    """Every module's syntax tree, parsed once for all the checks (read only)."""
    return {path: ast.parse(text) for path, text in _sources().items()}


def test_no_global_statement() -> None:
    found = {path: node.lineno for path, tree in _trees().items() for node in nodes(tree)
             if isinstance(node, ast.Global)}
    assert found == {}


def test_no_module_level_mutable_state() -> None:
    """What a build or a serve run needs is passed (MkDocs' config, parameters, a cache
    object); memoised pure functions use ``functools``. The few exceptions say why."""
    found = module_state(_trees())
    assert set(found) - set(ALLOWED_STATE) == set(), found
    assert set(ALLOWED_STATE) - set(found) == set(), "an allowed entry no longer exists"
    assert all(len(reason) > 40 for reason in ALLOWED_STATE.values())


def test_the_state_finder_finds_state() -> None:
    source = (
        "import collections\nimport m\n"
        "TABLE = {'a': 1}\n"               # a constant table: fine
        "NAMES = ('a', 'b')\n"
        "_cache = {}\n"                    # not a constant
        "_DEFAULT = []\n"                  # the list-as-singleton trick
        "SEEN = collections.defaultdict(list)\n"
        "class Memo:\n    pass\n"
        "@dataclass(frozen=True)\nclass Point:\n    x: int\n"
        "MEMO = Memo()\n"
        "ORIGIN = Point(0)\n"
        "FLAG = False\n"
        "log = logging.getLogger('m')\n"   # changed by nobody here
        "STATE = types.SimpleNamespace()\n"
        "DIRTY = False\n"
        "def f():\n"
        "    global FLAG\n"
        "    FLAG = True\n"
        "    _DEFAULT.append(1)\n"
        "    SEEN['x'].append(2)\n"
        "    STATE.failed = True\n"
        "    m.DIRTY = True\n")
    found = module_state({"m.py": ast.parse(source)})
    assert sorted(name for _, name in found) == ["DIRTY", "MEMO", "SEEN", "STATE",
                                                  "_DEFAULT", "_cache"]


# ------------------------------------------------------------------------------------------
# one Audience type

#: The module that defines the audience (an enum) and the content format's word for it.
AUDIENCE_MODULE = "generator/audience.py"


def audience_literals(tree: ast.Module) -> list[int]:
    """Lines that spell the audience as a ``Literal`` of its two words (in either order)."""
    return [node.lineno for node in nodes(tree) if isinstance(node, ast.Subscript)
            and _name(node.value) == "Literal"
            and isinstance(node.slice, ast.Tuple)
            and {e.value for e in node.slice.elts if isinstance(e, ast.Constant)}
            == {"players", "gm"}]


def test_one_audience_type() -> None:
    """``generator.audience.Audience`` is the audience everywhere: no second spelling of
    it as a ``Literal``; the command line converts its word once."""
    found = {path: lines for path, tree in _trees().items()
             if path != AUDIENCE_MODULE and (lines := audience_literals(tree))}
    assert found == {}
    assert audience_literals(ast.parse(
        'from typing import Literal\nA = Literal["gm", "players"]\nB = Literal["gm"]\n')) == [2]


# ------------------------------------------------------------------------------------------
# modules split by meaning: no private name across modules, no long function without a reason

#: A function longer than this says why in its docstring, on a line that starts with
#: ``Long because``.
MAX_FUNCTION_LINES = 80
LONG_BECAUSE = "Long because"


def _is_module(dotted: str) -> bool:
    """Whether ``generator.x.y`` names a module or package of the code (not a function)."""
    path = ROOT.joinpath(*dotted.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def private_imports(tree: ast.Module) -> list[tuple[int, str]]:
    """(line, name) of every ``_private`` name taken from another module of the package:
    ``from generator.x import _name`` or ``x._name`` on a module imported from it."""
    found: list[tuple[int, str]] = []
    modules: set[str] = set()
    for node in nodes(tree):
        if isinstance(node, ast.ImportFrom) and (node.level or (
                node.module or "").split(".")[0] == "generator"):
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append((node.lineno, alias.name))
                if _is_module(f"{node.module}.{alias.name}"):
                    modules.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            modules.update(alias.asname or alias.name.split(".")[0] for alias in node.names
                           if alias.name.split(".")[0] == "generator")
    found += [(node.lineno, node.attr) for node in nodes(tree)
              if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
              and node.value.id in modules and node.attr.startswith("_")
              and not node.attr.startswith("__")]
    return sorted(found)


def test_no_private_name_crosses_a_module() -> None:
    found = {path: hits for path, tree in _trees().items() if (hits := private_imports(tree))}
    assert found == {}
    assert private_imports(ast.parse(
        "import os\nfrom generator.x import _a, b\nfrom generator import play\n"
        "play._c()\nos._exit(0)\nb._d\n")) == [(2, "_a"), (4, "_c")]


def long_functions(tree: ast.Module) -> list[tuple[int, str, int]]:
    """(line, name, length) of every function over ``MAX_FUNCTION_LINES`` lines whose
    docstring gives no line starting with ``Long because``."""
    found: list[tuple[int, str, int]] = []
    for node in nodes(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        length = (node.end_lineno or node.lineno) - node.lineno + 1
        doc = ast.get_docstring(node) or ""
        if length > MAX_FUNCTION_LINES and not any(
                line.strip().startswith(LONG_BECAUSE) for line in doc.splitlines()):
            found.append((node.lineno, node.name, length))
    return found


def test_no_function_over_80_lines_without_a_reason() -> None:
    """A long function is split by meaning, or its docstring says why it is clearer whole
    (a line starting with "Long because")."""
    found = {path: hits for path, tree in _trees().items() if (hits := long_functions(tree))}
    assert found == {}
    body = "".join(f"    x{i} = {i}\n" for i in range(MAX_FUNCTION_LINES))
    assert long_functions(ast.parse(f"def f():\n{body}")) == [(1, "f", 81)]
    assert long_functions(ast.parse(
        f'def f():\n    """Sum.\n\n    Long because it is a table."""\n{body}')) == []
