"""The pages' files made early, on an idle core (generator.reserve): only pages every
build writes, filled in place by the writer, never outside the docs trees, removed again
when the build fails, and the trees the same as a build that creates every file itself."""

from __future__ import annotations

import fcntl
import multiprocessing
import os
import re
import shutil
import stat
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator import cli, reserve
from generator.content.campaign import Campaign
from generator.content.loader import load_campaign
from generator.replay import replay
from generator.reserve import planned_pages, reserving
from generator.site import write_docs
from generator.writer import TreeWriter, UnsafePath

ROOT = Path(__file__).resolve().parent.parent

needs_fork = pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(),
                                reason="the platform cannot fork")

ODD_TITLES = ["Tom & Jerry's <Inn> {{ 7*7 }}", "Ночь у реки", "!!!", "Tom & Jerry's <Inn>",
              "Ніч на кордоні", "a/../b"]


def campaign_copy(tmp_path: Path, odd: bool = False) -> Path:
    """The example campaign (in ``tmp_path/content``), its sessions retitled with ``odd``."""
    root = tmp_path / "content"
    shutil.copytree(ROOT / "content", root)
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    if odd:
        for i, path in enumerate(sorted((root / "sessions").glob("*.yaml"))):
            text = path.read_text("utf-8")
            title = ODD_TITLES[i % len(ODD_TITLES)].replace("'", "''")
            path.write_text(re.sub(r"(?m)^title: .*$", f"title: '{title}'", text, count=1),
                            "utf-8")
    return root


def loaded(root: Path) -> Campaign:
    campaign, diags = load_campaign(root)
    assert campaign is not None, [d.format() for d in diags.items]
    return campaign


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file() and p.name != ".hexcrawl.lock"}


@pytest.mark.parametrize("odd", [False, True])
def test_every_planned_page_is_a_page_the_build_writes(tmp_path: Path, odd: bool) -> None:
    campaign = loaded(campaign_copy(tmp_path, odd))
    chronicle, _ = replay(campaign)
    if odd:
        assert {s.title for s in campaign.sessions} >= set(ODD_TITLES)
    for audience in ("gm", "players"):
        docs = write_docs(campaign, chronicle, audience, build_dir=tmp_path / "build",
                          out_dir=tmp_path / "site")
        planned = planned_pages(campaign, audience)
        assert len(planned) == len(set(planned)) >= len(campaign.sessions)
        written = {f"docs/{rel}" for rel in docs.written}
        assert set(planned) <= written, sorted(set(planned) - written)
    assert len(planned_pages(campaign, "gm")) == len(campaign.sessions) + len(
        campaign.locations)


def test_a_reserved_file_is_filled_in_place_and_nothing_else_is(tmp_path: Path) -> None:
    writer = TreeWriter(tmp_path / "gm")
    assert writer.reserve(["docs/a.md", "docs/sub/b.md"]) == 2
    assert writer.reserve(["docs/a.md"]) == 0  # there already
    a = tmp_path / "gm" / "docs" / "a.md"
    assert a.read_bytes() == b"" and stat.S_IMODE(a.stat().st_mode) == writer.mode
    inode = a.stat().st_ino
    assert writer.write_if_changed("docs/a.md", b"# A\n")
    assert a.read_bytes() == b"# A\n" and a.stat().st_ino == inode  # in place
    assert stat.S_IMODE(a.stat().st_mode) == writer.mode
    # a file with content is replaced whole (a reader sees the old bytes or the new)
    assert writer.write_if_changed("docs/a.md", b"# A again\n")
    assert a.read_bytes() == b"# A again\n" and a.stat().st_ino != inode
    # an empty file with a second name is not written through
    other = tmp_path / "elsewhere.md"
    other.write_bytes(b"")
    os.link(other, tmp_path / "gm" / "docs" / "linked.md")
    assert writer.write_if_changed("docs/linked.md", b"x")
    assert other.read_bytes() == b""
    # nor is a link to an empty file, nor a pipe
    os.symlink("sub/b.md", tmp_path / "gm" / "docs" / "link.md")
    assert writer.write_if_changed("docs/link.md", b"y")
    assert (tmp_path / "gm" / "docs" / "sub" / "b.md").read_bytes() == b""
    assert not (tmp_path / "gm" / "docs" / "link.md").is_symlink()
    os.mkfifo(tmp_path / "gm" / "docs" / "pipe.md")
    assert writer.write_if_changed("docs/pipe.md", b"z")  # no reader: not waited for
    assert (tmp_path / "gm" / "docs" / "pipe.md").read_bytes() == b"z"


@pytest.mark.parametrize("rel", ["../escape.md", "docs/../../escape.md", "/etc/escape.md"])
def test_nothing_is_reserved_outside_the_tree(tmp_path: Path, rel: str) -> None:
    with pytest.raises(UnsafePath):
        TreeWriter(tmp_path / "gm").reserve([rel])
    os.symlink(tmp_path, tmp_path / "out")
    (tmp_path / "gm").mkdir(exist_ok=True)
    os.symlink(tmp_path / "out", tmp_path / "gm" / "docs")
    with pytest.raises(UnsafePath):
        TreeWriter(tmp_path / "gm").reserve(["docs/a.md"])
    assert not (tmp_path / "a.md").exists()


def locked(path: Path) -> bool:
    fd = os.open(path, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


def in_other_process(path: Path) -> bool:
    """Whether ``path`` is locked, asked from another process (flock is per open file)."""
    with multiprocessing.get_context("fork").Pool(1) as pool:
        return bool(pool.apply(locked, (path,)))


@needs_fork
def test_the_pages_are_reserved_at_idle_priority_under_the_build_lock(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    campaign = loaded(campaign_copy(tmp_path))
    build = tmp_path / "build"
    monkeypatch.setenv("HEXCRAWL_JOBS", "2")
    monkeypatch.setattr(reserve, "MIN_PAGES", 4)
    policy = tmp_path / "policy"
    real = TreeWriter.reserve

    def noted(self: TreeWriter, rels: list[str]) -> int:
        policy.write_text(str(os.sched_getscheduler(0)))
        return real(self, rels)

    monkeypatch.setattr(TreeWriter, "reserve", noted)
    planned = [build / a / p for a in ("gm", "players") for p in planned_pages(campaign, a)]
    with reserving(campaign, ("players", "gm"), build):
        assert in_other_process(build / ".hexcrawl.lock")  # no other build writes here
        deadline = time.monotonic() + 30
        while not all(p.is_file() for p in planned) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert all(p.is_file() and p.stat().st_size == 0 for p in planned)
        assert int(policy.read_text()) == os.SCHED_IDLE
        for path in planned:  # what the build writes
            path.write_bytes(b"page")
    assert not in_other_process(build / ".hexcrawl.lock")
    assert all(p.read_bytes() == b"page" for p in planned)


@needs_fork
def test_a_failed_build_leaves_no_reserved_file_behind(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    campaign = loaded(campaign_copy(tmp_path))
    build = tmp_path / "build"
    monkeypatch.setenv("HEXCRAWL_JOBS", "2")
    monkeypatch.setattr(reserve, "MIN_PAGES", 4)
    planned = [build / "gm" / p for p in planned_pages(campaign, "gm")]
    written = planned[0]
    with pytest.raises(RuntimeError, match="the replay failed"):
        with reserving(campaign, ("gm",), build):
            deadline = time.monotonic() + 30
            while not all(p.is_file() for p in planned) and time.monotonic() < deadline:
                time.sleep(0.02)
            written.write_bytes(b"page")
            raise RuntimeError("the replay failed")
    assert written.read_bytes() == b"page"  # a page with content is the build's, kept
    assert not any(p.exists() for p in planned[1:])


@needs_fork
def test_a_build_that_reserves_its_pages_writes_the_same_trees(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``hexcrawl build`` reserves the pages while it replays and writes the trees of a
    build that creates every file itself; no empty file is left."""
    root = campaign_copy(tmp_path, odd=True)
    monkeypatch.setattr(reserve, "MIN_PAGES", 4)
    reserved: list[int] = []
    real = TreeWriter.reserve

    def counted(self: TreeWriter, rels: list[str]) -> int:
        made = real(self, rels)
        with open(tmp_path / "counted", "a") as out:
            out.write(f"{made}\n")
        return made

    monkeypatch.setattr(TreeWriter, "reserve", counted)
    trees = {}
    for jobs in ("2", "1"):
        monkeypatch.setenv("HEXCRAWL_JOBS", jobs)
        out = CliRunner().invoke(cli.main, ["build", "--docs-only", "--content", str(root)])
        assert out.exit_code == 0, out.output
        build = tmp_path / "build"
        trees[jobs] = tree(build)
        assert not [p for p in build.rglob("*") if p.is_file() and p.stat().st_size == 0
                    and p.name != ".hexcrawl.lock"]
        shutil.rmtree(build)
        counted_file = tmp_path / "counted"
        reserved.append(len(counted_file.read_text().split()) if counted_file.exists() else 0)
        counted_file.unlink(missing_ok=True)
    assert reserved == [2, 0]  # both audiences, in the build on two cores only
    assert trees["2"] == trees["1"]
