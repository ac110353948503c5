"""``hexcrawl check`` and ``hexcrawl build`` run where POSIX-only modules do not exist.

The example campaign is checked and built end to end by a child Python in which ``fcntl``
and ``resource`` cannot be imported and ``os.fork`` (with ``os.forkpty`` and
``os.register_at_fork``) is absent, as on Windows: the package imports, takes its locks,
works in one process where it cannot fork, and publishes both sites.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow

#: Refuses the POSIX-only modules and removes fork, then runs the command line.
BOOTSTRAP = textwrap.dedent("""\
    import importlib.abc, os, sys

    REFUSED = {"fcntl", "resource"}

    class Refuse(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] in REFUSED:
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    for name in REFUSED:
        sys.modules.pop(name, None)
    sys.meta_path.insert(0, Refuse())
    for name in ("fork", "forkpty", "register_at_fork"):
        if hasattr(os, name):
            delattr(os, name)

    import generator.cli
    for name in REFUSED:
        assert name not in sys.modules, name
    sys.argv[0] = "hexcrawl"
    generator.cli.run()
    """)


def hexcrawl(repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("HEXCRAWL_JOBS", None)  # the GM's MkDocs build in its worker, as by default
    return subprocess.run([sys.executable, "-c", BOOTSTRAP, *args], cwd=repo, env=env,
                          capture_output=True, text=True, timeout=600, check=False)


def test_the_bootstrap_refuses_what_windows_lacks(tmp_path: Path) -> None:
    probe = BOOTSTRAP.split("import generator.cli")[0] + textwrap.dedent("""\
        for name in sorted(REFUSED):
            try:
                __import__(name)
            except ModuleNotFoundError:
                print(name, "refused")
        print("fork", hasattr(os, "fork"))
        """)
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            timeout=60, check=True)
    assert result.stdout.split("\n") == ["fcntl refused", "resource refused", "fork False", ""]


def example(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    shutil.copytree(ROOT / "content", repo / "content")
    shutil.copy(ROOT / "mkdocs.yml", repo / "mkdocs.yml")
    return repo


def test_check_the_example_without_fcntl_resource_or_fork(tmp_path: Path) -> None:
    result = hexcrawl(example(tmp_path), "check")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert "37 locations, 6 sessions" in result.stderr, result.stderr


def test_build_the_example_without_fcntl_resource_or_fork(tmp_path: Path) -> None:
    repo = example(tmp_path)
    result = hexcrawl(repo, "build")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    for audience in ("players", "gm"):
        assert (repo / "site" / audience / "index.html").is_file()
        assert (repo / "build" / audience / "mkdocs.yml").is_file()
