"""Work done in forked workers (generator.render.parallel) is the work a serial build does:
session pages drawn by workers are the serial pages, the players' site built by MkDocs in a
worker beside the GM's is the serial site, and what fails in a worker fails the build as it
would in-process."""

from __future__ import annotations

import multiprocessing
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from generator import site
from generator.chronicle import Chronicle
from generator.content.campaign import Campaign
from generator.content.loader import load_campaign
from generator.render import maps, parallel
from generator.replay import replay
from generator.site import write_docs

ROOT = Path(__file__).resolve().parent.parent

needs_fork = pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(),
                                reason="no fork on this platform")


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}


@needs_fork
@pytest.mark.parametrize("audience", ["gm", "players"])
def test_pages_drawn_by_workers_are_the_serial_pages(audience: str, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    campaign, diags = load_campaign(ROOT / "content")
    assert campaign is not None, [d.format() for d in diags.items]
    chronicle, _ = replay(campaign)
    pids = tmp_path / "pids"
    real = maps.session_map

    def noted(*args: Any, **kwargs: Any) -> str | None:
        with pids.open("a") as out:  # the workers are other processes: they note it here
            out.write(f"{os.getpid()}\n")
        return real(*args, **kwargs)

    monkeypatch.setattr(maps, "session_map", noted)
    monkeypatch.setattr(parallel, "MIN_PAGES", 2)
    assert threading.active_count() == 1, threading.enumerate()  # else no workers
    trees = {}
    drew: dict[str, set[str]] = {}
    for jobs in ("1", "2"):
        monkeypatch.setenv("HEXCRAWL_JOBS", jobs)
        out = tmp_path / jobs
        pids.write_text("")
        write_docs(campaign, chronicle, audience,  # type: ignore[arg-type]
                   build_dir=out / "build", out_dir=out / "site")
        trees[jobs] = tree(out / "build" / audience / "docs")
        drew[jobs] = set(pids.read_text().split())
    assert len(campaign.sessions) >= 4
    assert drew["1"] == {str(os.getpid())}  # one job: every session drawn in-process
    # workers drew them (and this process, done with its own pages, the chunks still queued)
    assert drew["2"] - {str(os.getpid())}
    assert any(p.startswith("sessions/") for p in trees["2"])
    assert trees["2"] == trees["1"]


@needs_fork
def test_results_come_back_by_index_whatever_the_worker() -> None:
    def draw(i: int) -> str:
        time.sleep(0.005)  # long enough for the workers to take their chunks
        return f"{i}:{os.getpid()}"

    os.environ["HEXCRAWL_JOBS"] = "2"
    try:
        drawn = parallel.draw_pages(draw, list(range(40)))
    finally:
        del os.environ["HEXCRAWL_JOBS"]
    assert sorted(drawn) == list(range(40))
    assert all(text.startswith(f"{i}:") for i, text in drawn.items())
    assert {text.split(":")[1] for text in drawn.values()} - {str(os.getpid())}


@needs_fork
def test_this_process_draws_the_chunks_no_worker_has_taken(
        monkeypatch: pytest.MonkeyPatch) -> None:
    here = os.getpid()

    def draw(i: int) -> str:
        time.sleep(0.01)
        return f"{i}:{os.getpid()}"

    monkeypatch.setenv("HEXCRAWL_JOBS", "2")
    drawing = parallel.Pages(draw, list(range(64)))
    assert len(drawing.futures) == 2 * parallel.CHUNKS_PER_JOB
    drawn = drawing.result()  # nothing else to do here: this process joins in at once
    assert sorted(drawn) == list(range(64))
    assert all(text.startswith(f"{i}:") for i, text in drawn.items())
    by = {text.split(":")[1] for text in drawn.values()}
    assert str(here) in by  # the last chunks, still queued, were drawn here
    assert by - {str(here)}  # the first ones by the workers
    # a chunk is drawn whole, by one process
    for chunk in (list(range(64))[k::2 * parallel.CHUNKS_PER_JOB]
                  for k in range(2 * parallel.CHUNKS_PER_JOB)):
        assert len({drawn[i].split(":")[1] for i in chunk}) == 1


@needs_fork
def test_a_page_failing_in_a_worker_raises_its_own_error_in_the_build(
        monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken(Exception):
        def __init__(self, where: str, what: str) -> None:  # two arguments: not picklable
            super().__init__(f"{where}: {what}")

    def draw(i: int) -> str:
        if i == 23:
            raise Broken("page 23", "bad template")
        return str(i)

    monkeypatch.setenv("HEXCRAWL_JOBS", "2")
    with pytest.raises(Broken, match="page 23: bad template"):
        parallel.draw_pages(draw, list(range(40)))


@needs_fork
def test_pages_are_handed_over_a_chunk_at_a_time_as_they_come_back(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``result(arrived)`` hands over each chunk's pages once, from a worker or drawn here,
    each as it is in the result; a page that failed in a worker is not handed over (it is
    drawn again here, at the end)."""
    here = os.getpid()

    def draw(i: int) -> str:
        if i == 23 and os.getpid() != here:
            raise ValueError("fails in a worker")
        time.sleep(0.003)
        return f"{i}:{os.getpid()}"

    monkeypatch.setenv("HEXCRAWL_JOBS", "2")
    drawing = parallel.Pages(draw, list(range(64)))
    chunks = [list(c) for c in drawing.chunks]
    handed: list[dict[int, str]] = []
    drawn = drawing.result(handed.append)
    every = [i for pages in handed for i in pages]
    assert len(every) == len(set(every))  # each page once
    assert set(every) | {23} == set(range(64))
    assert all(drawn[i] == text for pages in handed for i, text in pages.items())
    assert drawn[23] == f"23:{here}"
    # a chunk at a time: each handing over is one chunk, or all of it but the failed page
    for pages in handed:
        chunk = next(c for c in chunks if set(pages) <= set(c))
        assert set(pages) == set(chunk) - ({23} if 23 not in pages else set())
    assert {drawn[i].split(":")[1] for i in range(64)} - {str(here)}  # workers drew some


def test_no_workers_while_another_thread_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEXCRAWL_JOBS", "2")
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        assert not parallel.can_fork()
        drawn = parallel.draw_pages(lambda i: str(os.getpid()), list(range(40)))
    finally:
        stop.set()
        thread.join()
    assert set(drawn.values()) == {str(os.getpid())}


@pytest.mark.parametrize(("value", "expected"), [("1", 1), ("3", 3), ("0", 1), ("x", 1)])
def test_hexcrawl_jobs_sets_the_workers(value: str, expected: int,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEXCRAWL_JOBS", value)
    assert parallel.jobs() == expected


# ------------------------------------------------------------------------------------------
# the players' MkDocs build beside the GM's


def noting_mkdocs(monkeypatch: pytest.MonkeyPatch, notes: Path,
                  fail: str | None = None) -> None:
    """``run_mkdocs`` notes which process built which audience (and fails for ``fail``)."""
    real = site.run_mkdocs

    def noted(config_file: Path, site_dir: Path, stage: Any = None) -> list[str]:
        audience = config_file.parent.name
        with notes.open("a") as out:
            out.write(f"{audience} {os.getpid()}\n")
        if audience == fail:
            raise site.SiteError(f"MkDocs failed for {audience}: on purpose")
        return real(config_file, site_dir, stage)

    monkeypatch.setattr(site, "run_mkdocs", noted)


def built(root: Path) -> dict[str, bytes]:
    """A built site's files; the gzipped sitemap differs in its header's time alone."""
    return {k: v for k, v in tree(root.resolve()).items() if not k.endswith(".gz")}


def example() -> tuple[Campaign, Chronicle]:
    """The example campaign, loaded and replayed."""
    campaign, _ = load_campaign(ROOT / "content")
    assert campaign is not None
    return campaign, replay(campaign)[0]


@needs_fork
def test_the_players_site_is_built_in_a_worker_beside_the_gms(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    campaign, chronicle = example()
    notes = tmp_path / "notes"
    noting_mkdocs(monkeypatch, notes)
    assert threading.active_count() == 1, threading.enumerate()  # else no worker
    who: dict[str, dict[str, str]] = {}
    for jobs in ("2", "1"):
        monkeypatch.setenv("HEXCRAWL_JOBS", jobs)
        notes.write_text("")
        report = site.build_sites(campaign, chronicle, tmp_path / jobs / "site",
                                  tmp_path / jobs / "build")
        assert report.sites
        who[jobs] = dict(line.split() for line in notes.read_text().splitlines())
    me = str(os.getpid())
    assert who["1"] == {"players": me, "gm": me}
    assert who["2"]["gm"] == me and who["2"]["players"] != me
    for audience in ("players", "gm"):
        assert built(tmp_path / "2" / "site" / audience) == \
            built(tmp_path / "1" / "site" / audience)


@needs_fork
def test_a_failed_build_in_the_worker_fails_the_build_and_publishes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    campaign, chronicle = example()
    notes = tmp_path / "notes"
    noting_mkdocs(monkeypatch, notes, fail="players")
    monkeypatch.setenv("HEXCRAWL_JOBS", "2")
    with pytest.raises(site.SiteError, match="MkDocs failed for players: on purpose"):
        site.build_sites(campaign, chronicle, tmp_path / "site", tmp_path / "build")
    who = dict(line.split() for line in notes.read_text().splitlines())
    assert who["players"] != str(os.getpid())
    out = tmp_path / "site"
    assert not (out / "players").exists() and not (out / "gm").exists()
    assert [p.name for p in out.iterdir() if not p.name.startswith(".")] == []


KILLED_PARENT = textwrap.dedent("""\
    import os, signal, sys, time
    from generator.render import parallel
    pool = parallel.pool(2)
    pids = {pool.submit(os.getpid).result() for _ in range(4)}
    busy = [pool.submit(time.sleep, 60) for _ in range(2)]
    time.sleep(0.5)
    print(" ".join(map(str, sorted(pids))), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
    """)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@needs_fork
def test_workers_end_when_their_parent_is_killed() -> None:
    """A killed build leaves no worker behind (one would wait for work for ever, holding the
    build's output open: whoever reads it, a CI step, would never see it end)."""
    proc = subprocess.Popen([sys.executable, "-c", KILLED_PARENT], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out, _ = proc.communicate(timeout=60)  # returns only once every worker let go of it
    assert proc.returncode == -signal.SIGKILL
    pids = [int(p) for p in out.split()]
    assert pids
    deadline = time.monotonic() + 10
    while any(alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [p for p in pids if alive(p)]


@needs_fork
def test_the_players_docs_are_written_beside_the_gms(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With two cores, the players' docs are written by a forked process while this one
    writes the GM's; the trees are those of a build that writes both in turn."""
    campaign, chronicle = example()
    notes = tmp_path / "notes"
    real = site.write_docs

    def noted(campaign: Campaign, chronicle: Chronicle, audience: str,
              *args: Any, **kwargs: Any) -> site.DocsResult:
        with notes.open("a") as out:
            out.write(f"{audience} {os.getpid()}\n")
        return real(campaign, chronicle, audience, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(site, "write_docs", noted)
    assert threading.active_count() == 1, threading.enumerate()  # else no fork
    who: dict[str, dict[str, str]] = {}
    for jobs in ("2", "1"):
        monkeypatch.setenv("HEXCRAWL_JOBS", jobs)
        notes.write_text("")
        report = site.build_sites(campaign, chronicle, tmp_path / jobs / "site",
                                  tmp_path / jobs / "build", docs_only=True)
        assert list(report.docs) == ["players", "gm"]
        assert report.docs["players"].written and report.docs["gm"].written
        who[jobs] = dict(line.split() for line in notes.read_text().splitlines())
    me = str(os.getpid())
    assert who["1"] == {"players": me, "gm": me}
    assert who["2"]["gm"] == me and who["2"]["players"] != me
    for audience in ("players", "gm"):
        assert tree(tmp_path / "2" / "build" / audience) == \
            tree(tmp_path / "1" / "build" / audience)


@needs_fork
def test_a_failure_in_the_forked_docs_is_the_builds_failure(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    campaign, chronicle = example()
    real = site.write_docs

    def failing(campaign: Campaign, chronicle: Chronicle, audience: str,
                *args: Any, **kwargs: Any) -> site.DocsResult:
        if audience == "players":
            raise site.SiteError(f"players pages: on purpose in {os.getpid()}")
        return real(campaign, chronicle, audience, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(site, "write_docs", failing)
    monkeypatch.setenv("HEXCRAWL_JOBS", "2")
    with pytest.raises(site.SiteError, match="players pages: on purpose in ") as failed:
        site.build_sites(campaign, chronicle, tmp_path / "site", tmp_path / "build")
    assert str(os.getpid()) not in str(failed.value)  # it failed in the forked process
    assert (tmp_path / "build" / "gm" / "mkdocs.yml").is_file()  # the GM's were written
    assert not (tmp_path / "site").exists() or not any((tmp_path / "site").iterdir())


class Unpicklable(Exception):
    def __reduce__(self) -> Any:
        raise TypeError("no pickling")


def unpicklable() -> None:
    raise Unpicklable("kept as text")


@needs_fork
def test_a_forked_process_answers_with_its_value_or_its_error() -> None:
    there = parallel.Forked(lambda: (os.getpid(), parallel.jobs())).result()
    assert there[0] != os.getpid()  # another process...
    assert there[1] == max(1, parallel.jobs() - 1)  # ...leaving a core to this one
    with pytest.raises(KeyError, match="missing"):
        parallel.Forked(lambda: {}["missing"]).result()
    with pytest.raises(RuntimeError, match="kept as text"):
        parallel.Forked(unpicklable).result()
    with pytest.raises(parallel.BrokenProcessPool):
        parallel.Forked(lambda: os.kill(os.getpid(), signal.SIGKILL)).result()


@needs_fork
def test_what_is_made_ahead_is_what_the_build_would_make(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``ContentAhead`` (``hexcrawl build`` starts it before the replay) renders the
    locations' bodies and the GM's reference pages in another process; this process's
    renderer then has every body without converting it again, and the docs are those of a
    build that makes everything in turn."""
    from generator.content import markdown as md_module
    from generator.reference.render import reference_pages

    campaign, chronicle = example()
    monkeypatch.setattr(md_module, "_SHARED", {})  # a renderer that has rendered nothing
    notes = tmp_path / "notes"
    real = md_module.MarkdownRenderer.rendered

    def noted(self: md_module.MarkdownRenderer, texts: Any) -> md_module.RenderedProse:
        with notes.open("a") as out:
            out.write(f"{os.getpid()}\n")
        return real(self, texts)

    monkeypatch.setattr(md_module.MarkdownRenderer, "rendered", noted)
    monkeypatch.setenv("HEXCRAWL_JOBS", "2")
    assert threading.active_count() == 1, threading.enumerate()  # else no fork
    ahead = site.ContentAhead(campaign, build_root=tmp_path / "2" / "build",
                              out_dir=tmp_path / "2" / "site").result()
    assert notes.read_text().split() != [str(os.getpid())]  # made in another process
    (renderer,) = md_module._SHARED.values()
    bodies = {loc.body for loc in campaign.locations.values() if loc.body}
    assert len(bodies) > 5

    def no_converting(text: str) -> str:
        raise AssertionError(f"converted again: {text[:40]}")

    with monkeypatch.context() as m:
        m.setattr(renderer._md, "convert", no_converting)
        for body in bodies:
            gm = renderer.prose(body, "gm")
            players = renderer.prose(body, "players")
            assert gm is not None and players is not None
            assert renderer.has_gm(body) == (gm.html != players.html)
    # each body as its location's page shows it, made there too, as it is made here
    for loc in campaign.locations.values():
        for audience in ("gm", "players"):
            prose = renderer.prose(loc.body, audience)
            if prose is None:
                continue
            page = f"locations/{loc.id}.md"
            assert (False, page) in prose.__dict__["_made"]
            token = md_module.current_page.set(page)
            try:
                assert prose.block() == md_module.Prose(prose.html, audience).block()
            finally:
                md_module.current_page.reset(token)
    assert ahead.reference == reference_pages(campaign, "gm", markdown=renderer)
    assert any(p.endswith(".md") for p in ahead.reference)

    fed: list[tuple[str | None, str]] = []
    feed = md_module._Inert.feed

    def noting(self: Any, data: str) -> None:
        fed.append((self.page, data))
        feed(self, data)

    monkeypatch.setattr(md_module._Inert, "feed", noting)
    site.build_sites(campaign, chronicle, tmp_path / "2" / "site", tmp_path / "2" / "build",
                     docs_only=True, content_ahead=ahead)
    monkeypatch.setattr(md_module._Inert, "feed", feed)
    gm_bodies = {(f"locations/{loc.id}.md", renderer.prose(loc.body, "gm").html)
                 for loc in campaign.locations.values() if loc.body}
    assert fed and not gm_bodies & set(fed)  # no body made again on its page (the GM's)
    monkeypatch.setenv("HEXCRAWL_JOBS", "1")
    monkeypatch.setattr(md_module, "_SHARED", {})
    alone = site.ContentAhead(campaign, build_root=tmp_path / "1" / "build",
                              out_dir=tmp_path / "1" / "site").result()
    assert alone.reference is None  # one core: nothing ahead
    site.build_sites(campaign, chronicle, tmp_path / "1" / "site", tmp_path / "1" / "build",
                     docs_only=True, content_ahead=alone)
    assert tree(tmp_path / "2" / "build") == tree(tmp_path / "1" / "build")  # both audiences


@needs_fork
def test_a_failure_ahead_is_reported_where_the_build_meets_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = tmp_path / "repo"
    shutil.copytree(ROOT / "content", repo / "content")
    broken = repo / "content" / "templates" / "reference" / "travel.md"
    broken.parent.mkdir(parents=True)
    broken.write_text("# Travel\n\n{{ 1/0 }}\n", encoding="utf-8")
    campaign, _ = load_campaign(repo / "content")
    assert campaign is not None
    monkeypatch.setenv("HEXCRAWL_JOBS", "2")
    ahead = site.ContentAhead(campaign).result()
    assert ahead.reference is None
    where = r"templates/reference/travel\.md:3:1: error: .*ZeroDivisionError"
    with pytest.raises(site.SiteError, match=where):
        site.build_sites(campaign, replay(campaign)[0], docs_only=True, content_ahead=ahead)


@needs_fork
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_other_pages_are_finished_while_the_workers_draw(
        jobs: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With workers drawing the session pages, render_docs hands write_docs every other page
    before it collects the workers' (write_docs titles and writes them meanwhile); the docs
    are those of a build that writes everything at the end. Without workers nothing is
    handed over early."""
    from generator.content.markdown import default_renderer
    from generator.knowledge import view_for
    from generator.render.pages import render_docs, session_path

    campaign, chronicle = example()
    monkeypatch.setattr(parallel, "MIN_PAGES", 2)
    monkeypatch.setenv("HEXCRAWL_JOBS", jobs)
    assert threading.active_count() == 1, threading.enumerate()  # else no workers
    events: list[str] = []
    handed: dict[str, str] = {}
    first: set[str] = set()
    real = parallel.Pages.result

    def collected(self: parallel.Pages, arrived: Any = None) -> dict[int, str]:
        events.append("collect")
        return real(self, arrived)

    def ready(pages: Any) -> None:
        if not events:
            first.update(pages)
        events.append("ready")
        assert not set(pages) & set(handed)  # each page once
        handed.update(pages)

    monkeypatch.setattr(parallel.Pages, "result", collected)
    view = view_for(campaign, chronicle, "gm", default_renderer())
    tree_ = render_docs(view, ready=ready)
    sessions = {session_path(s) for s in view.sessions}
    if jobs == "1":
        assert events == ["collect"] and not handed
        return
    # the other pages first, then the session pages chunk by chunk as they come back, and
    # the overview map with its page
    assert events[:2] == ["ready", "collect"] and events.count("ready") > 2
    assert first == set(tree_.files) - sessions - {"maps/overview.svg", "map.md"}
    assert set(handed) == set(tree_.files)
    assert all(handed[p] == tree_.files[p] for p in handed)
    assert "index.md" in handed and "locations/index.md" in handed

    monkeypatch.setattr(parallel.Pages, "result", real)
    written = {}
    for n in ("2", "1"):
        monkeypatch.setenv("HEXCRAWL_JOBS", n)
        docs = write_docs(campaign, chronicle, "gm", build_dir=tmp_path / n / "build",
                          out_dir=tmp_path / n / "site")
        written[n] = docs.written
        assert docs.written == sorted(docs.written[:-1]) + ["mkdocs.yml"]
    assert written["2"] == written["1"]
    assert tree(tmp_path / "2" / "build") == tree(tmp_path / "1" / "build")
