"""Shared test set-up: the split between fast unit tests and end-to-end tests, and the
example campaign built once per test process for the tests that only read its sites.

``python -m pytest -m unit`` (or ``python -m pytest tests/unit``) runs the unit tests alone;
``python -m pytest`` runs everything, spread over every core by pytest-xdist (``-n auto`` in
pyproject.toml). The helpers beside this file (``campaign_factory``, ``play_helpers``, ...) are
imported by their bare names: pyproject.toml puts ``tests/`` on the path.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import settings

from tests.browser_helpers import CHROMIUM, CHROMIUM_ARGS, skip_or_fail

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright

ROOT = Path(__file__).resolve().parents[1]

# Hypothesis fails an example that runs past a deadline (200 ms by default): on a loaded
# machine a slow example is load, not a bug. The tests that need a bound set their own.
settings.register_profile("hexcrawl", deadline=None)
settings.load_profile("hexcrawl")

#: The folder a test module sits in is its marker: ``tests/unit/`` holds the fast in-process
#: tests, ``tests/e2e/`` the ones that run the real parts end to end (MkDocs builds, headless
#: Chromium, the ``hexcrawl`` program in a subprocess, a pseudo-terminal, the installed wheel,
#: the page validators). tests/unit/test_layout.py keeps every test module in one of the two.


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        folder = item.path.parent.name
        if folder in ("unit", "e2e"):
            item.add_marker(getattr(pytest.mark, folder))


def hexcrawl(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The ``hexcrawl`` program of this checkout, run in ``cwd``."""
    import os

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, check=False, timeout=900)


@pytest.fixture(scope="session")
def example_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the example campaign (``content/`` and ``mkdocs.yml``) with both sites built
    by ``hexcrawl build``, once per test process. Tests that use it only read it."""
    repo = tmp_path_factory.mktemp("example")
    shutil.copytree(ROOT / "content", repo / "content")
    shutil.copy(ROOT / "mkdocs.yml", repo / "mkdocs.yml")
    result = hexcrawl("build", cwd=repo)
    assert result.returncode == 0, result.stderr
    return repo


@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    """Playwright, once a test module (the browser tests skip without it, or fail under CI)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        skip_or_fail("the playwright package is not installed (pip install -e '.[test]')")
    if not CHROMIUM.is_file():
        skip_or_fail(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Headless Chromium, launched once a test module."""
    try:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    except Exception as exc:  # any launch failure: no usable browser
        skip_or_fail(f"Playwright cannot launch {CHROMIUM}: {exc}")
    yield browser
    browser.close()
