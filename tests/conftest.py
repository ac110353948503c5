"""Shared test set-up: the split between fast unit tests and end-to-end tests, and the
example campaign built once per test process for the tests that only read its sites.

``python -m pytest -m "not e2e"`` runs the unit tests alone (seconds); ``python -m pytest``
runs everything, spread over every core by pytest-xdist (``-n auto`` in pyproject.toml).
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

#: Test modules that run the real parts end to end: MkDocs builds, headless Chromium, the
#: ``hexcrawl`` program in a subprocess, a pseudo-terminal, the installed wheel.
E2E_MODULES = frozenset({
    "test_browser", "test_build", "test_ci_workflows", "test_cli", "test_cli_words",
    "test_code_quality",
    "test_discovery", "test_gm_blocks", "test_map_render", "test_new_wheel",
    "test_hostile", "test_i18n", "test_incremental", "test_limits", "test_map_files",
    "test_map_lists",
    "test_mkdocs_config",
    "test_output", "test_package", "test_pages_a11y", "test_pages_extra", "test_paths_safety",
    "test_phone",
    "test_play",
    "test_print_booklet", "test_print_forms",
    "test_play_serve", "test_play_speaks_table", "test_play_systems", "test_play_table",
    "test_portable", "test_print", "test_print_map", "test_progress", "test_public",
    "test_print_hostile",
    "test_publishing",
    "test_reference", "test_repository", "test_rulings", "test_serve_errors",
    "test_settle_cli", "test_site",
    "test_svg_text", "test_textmapper", "test_timeline_pages", "test_notes_visibility",
    "test_validators",
    "test_worker_parent", "test_ruling_sites", "test_gm_words", "test_no_english",
})


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        module = Path(str(item.fspath)).stem
        item.add_marker(pytest.mark.e2e if module in E2E_MODULES else pytest.mark.unit)


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
