"""The order of a build of both sites (``build_sites``, ``generator.site.worker``).

With a spare core the GM's site, the long leg, goes first: the GM's pages, then the GM's
MkDocs in a worker process while this process writes the players' pages and builds their
site; the build then waits for the GM's. With ``HEXCRAWL_JOBS=1`` everything runs here in
turn. Either way the sites are the same, and a build that fails while the worker builds the
GM's site ends the worker, removes its staging folder and leaves the previous sites as they
were.
"""

from __future__ import annotations

import io
import json
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from secret_campaign import load_secret_campaign, secret_chronicle

from generator.site import SiteError, build_sites
from generator.site.progress import Reporter, Stage

ROOT = Path(__file__).resolve().parents[2]
REPO_CONFIG = ROOT / "mkdocs.yml"

OVERLAPPED = ["gm: pages", "players: pages", "players: MkDocs", "gm: MkDocs", "swap"]
IN_TURN = ["players: pages", "gm: pages", "players: MkDocs", "gm: MkDocs", "swap"]


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file of a built site but the gzipped sitemap (its header holds a time)."""
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file() and p.suffix != ".gz"}


def test_the_gm_site_goes_first_and_the_sites_are_the_same_in_turn(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    campaign = load_secret_campaign(tmp_path / "campaign")
    runs: dict[str, Reporter] = {}
    for jobs in ("2", "1"):
        monkeypatch.setenv("HEXCRAWL_JOBS", jobs)
        runs[jobs] = Reporter("verbose", stream=io.StringIO(), terminal=False)
        build_sites(campaign, secret_chronicle(), tmp_path / f"site-{jobs}",
                    tmp_path / f"build-{jobs}", repo_config=REPO_CONFIG,
                    progress=runs[jobs])
        assert multiprocessing.active_children() == []  # the worker ended with the build
    assert [s.name for s in runs["2"].stages] == OVERLAPPED
    assert [s.name for s in runs["1"].stages] == IN_TURN
    # each stage said what it did, and said it as it ended, in that order
    for run in runs.values():
        said = run.stream.getvalue()  # type: ignore[attr-defined]
        names = [m.group(1) for m in re.finditer(r"^ *\d+\.\d\d s  (.+?)(?: \(|$)", said,
                                                 re.MULTILINE)]
        assert names == [s.name for s in run.stages], said
    details = {jobs: {s.name: s.detail for s in run.stages} for jobs, run in runs.items()}
    assert details["2"] == details["1"]
    for audience in ("players", "gm"):
        assert re.fullmatch(r"\d+ files? written, 0 removed", details["2"][f"{audience}: pages"])
        pages = int(details["2"][f"{audience}: MkDocs"].removesuffix(" pages"))
        built = list((tmp_path / "site-2" / audience).rglob("index.html"))
        assert 0 < pages <= len(built)
        # the GM's site built in the worker is the one built here, file for file
        assert (snapshot(tmp_path / "site-2" / audience)
                == snapshot(tmp_path / "site-1" / audience))


#: A hook of the campaign's mkdocs.yml: the GM's MkDocs says it started, then waits (for a
#: gate no one opens, at most a minute) and says it finished.
HOOK = textwrap.dedent("""\
    import pathlib, time

    def on_pre_build(config, **kwargs):
        if config["extra"].get("hexcrawl_audience") != "gm":
            return
        pathlib.Path({started!r}).write_text("started", "utf-8")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not pathlib.Path({gate!r}).exists():
            time.sleep(0.05)
        pathlib.Path({finished!r}).write_text("finished", "utf-8")
    """)


class AfterTheGMStarted(Reporter):
    """A reporter whose ``players: pages`` stage begins only once the GM's MkDocs has
    started in its worker (the hook wrote ``started``)."""

    def __init__(self, started: Path) -> None:
        super().__init__("quiet", terminal=False)
        self.started = started

    @contextmanager
    def stage(self, name: str, total: int | None = None) -> Iterator[Stage]:
        if name == "players: pages":
            deadline = time.monotonic() + 120  # bounds the wait; it measures nothing
            while not self.started.exists():
                assert time.monotonic() < deadline, "the GM's MkDocs never started"
                time.sleep(0.02)
        with super().stage(name, total) as stage:
            yield stage


def test_players_pages_failing_while_the_gm_site_builds_end_the_worker(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, secret_sites: Path) -> None:
    monkeypatch.setenv("HEXCRAWL_JOBS", "2")
    started, gate, finished = (tmp_path / n for n in ("started", "gate", "finished"))
    campaign = load_secret_campaign(tmp_path / "c")
    (campaign.root / "hooks.py").write_text(
        HOOK.format(started=str(started), gate=str(gate), finished=str(finished)), "utf-8")
    (campaign.root / "mkdocs.yml").write_text("hooks: [hooks.py]\n", encoding="utf-8")
    out, build_root = tmp_path / "out" / "site", tmp_path / "build"
    shutil.copytree(secret_sites / "site", out, symlinks=True)  # the previous sites
    before = {a: snapshot(out / a) for a in ("players", "gm")}
    # the players' docs cannot be written: a file stands where their folder goes
    build_root.mkdir()
    (build_root / "players").write_text("not a folder", "utf-8")

    with pytest.raises(SiteError, match="players' pages: cannot write"):
        build_sites(campaign, secret_chronicle(), out, build_root, repo_config=REPO_CONFIG,
                    progress=AfterTheGMStarted(started))
    assert started.exists()
    # the worker was ended mid-build, not waited for: it never finished, and never will
    assert multiprocessing.active_children() == []
    assert not finished.exists()
    assert {a: snapshot(out / a) for a in ("players", "gm")} == before
    assert not list((out / ".hexcrawl").glob("staging-*"))
    assert sorted(p.name for p in out.parent.iterdir()) == ["site"]


#: What the worker imports of ours before its first site: its module, then its preload
#: (MkDocs, Material, the hook's modules), as ``hexcrawl build`` starts it.
PRELOADED = """
import json, sys
from generator.serve.hooks import BUILD_IMPORTS
from generator.site import worker
worker.preload(BUILD_IMPORTS)
print(json.dumps(sorted(m for m in sys.modules if m.startswith(("generator", "mkdocs",
                                                                 "material")))))
"""


def test_the_worker_loads_mkdocs_and_none_of_the_pipeline() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-c", PRELOADED], env=env, capture_output=True,
                            text=True, check=False, timeout=600)
    assert result.returncode == 0, result.stderr
    modules = json.loads(result.stdout.strip().splitlines()[-1])
    assert {"mkdocs.commands.build", "material.plugins.search.plugin",
            "generator.serve.session"} <= set(modules)
    for stage in ("generator.content.loader", "generator.replay", "generator.knowledge",
                  "generator.render.pages", "generator.render.maps", "generator.site.build",
                  "generator.reference"):
        assert stage not in modules, f"the worker imported {stage}"
