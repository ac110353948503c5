"""The cycle collector stays out of a build's way (``generator.collector``): no collection
during its phases, in it or in what it forks, and in the ``hexcrawl`` program (one command,
then the process ends) what a phase made is never walked afterwards."""

from __future__ import annotations

import gc
import json
import multiprocessing
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from generator import collector
from generator.render import parallel

ROOT = Path(__file__).resolve().parent.parent


class Cycle:
    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def collections() -> list[int]:
    """The generation of every collection made while the test runs."""
    seen: list[int] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            seen.append(info["generation"])

    gc.callbacks.append(note)
    yield seen
    gc.callbacks.remove(note)


def test_no_collection_during_a_phase(collections: list[int],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(collector, "ONE_SHOT", False)
    assert gc.isenabled()
    frozen = gc.get_freeze_count()
    with collector.build_phase():
        assert not gc.isenabled()
        made = [Cycle() for _ in range(20000)]
        assert collections == []
    assert gc.isenabled()
    assert gc.get_freeze_count() == frozen  # outside the program: collected as usual
    del made
    assert gc.collect() >= 20000


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(),
                    reason="no fork on this platform")
def test_what_a_phase_forks_collects_nothing_either() -> None:
    with collector.build_phase():
        assert parallel.Forked(gc.isenabled).result() is False
    assert parallel.Forked(gc.isenabled).result() is True


def test_the_program_sets_a_phase_aside_for_good(tmp_path: Path) -> None:
    """``hexcrawl build --docs-only`` as the program runs it: no collection while it loads,
    replays and writes the docs, and what it made is frozen, not walked, at the end."""
    script = textwrap.dedent("""
        import atexit, gc, json, sys
        # imported first: the collections of imports are not the build's
        from generator import cli, collector, site
        seen = []
        gc.callbacks.append(lambda phase, info: seen.append(info["generation"])
                            if phase == "start" else None)
        atexit.register(lambda: print(json.dumps({
            "collections": seen, "frozen": gc.get_freeze_count(),
            "one_shot": collector.ONE_SHOT}), file=sys.__stderr__))
        sys.argv = ["hexcrawl", "build", "--docs-only", "--quiet"]
        cli.run()
    """)
    shutil.copytree(ROOT / "content", tmp_path / "content")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HEXCRAWL_JOBS": "2"}
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    facts = json.loads(done.stderr.strip().splitlines()[-1])
    assert facts["one_shot"] is True
    assert facts["frozen"] > 10000  # the campaign, its replay and the views, set aside
    assert facts["collections"] == [], facts  # not one: nothing walked, ever
    assert (tmp_path / "build" / "gm" / "docs" / "index.md").is_file()
