"""Empty files made early, on an idle core, for the build to write into (generator.reserve,
writer.Spares): each given to one new file, in one process; never in place of a file, a
link or anything outside the tree; the folder gone when the build ends, however it ends;
and the trees the same as a build that makes every file itself."""

from __future__ import annotations

import multiprocessing
import os
import shutil
import stat
import time
from pathlib import Path

import pytest
from build_helpers import docs_build, files_of

from generator import reserve, writer
from generator.reserve import FOLDER, SpareFiles, expected_files
from generator.writer import SPARE_PREFIX, Spares, TreeWriter

ROOT = Path(__file__).resolve().parent.parent

needs_fork = pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(),
                                reason="the platform cannot fork")


def make_spares(folder: Path, count: int) -> dict[int, str]:
    """``count`` spare files in ``folder``: their inodes, by number."""
    folder.mkdir(parents=True, exist_ok=True)
    inodes = {}
    for i in range(count):
        path = folder / f"{SPARE_PREFIX}{i:06d}"
        path.write_bytes(b"")
        inodes[path.stat().st_ino] = path.name
    return inodes


def test_a_new_file_gets_a_spare_and_nothing_else_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    inodes = make_spares(tmp_path / "spare", 3)
    monkeypatch.setattr(writer, "spares", Spares(tmp_path / "spare"))
    tree = TreeWriter(tmp_path / "gm")
    assert tree.write_if_changed("docs/a.md", b"# A\n")
    a = tmp_path / "gm" / "docs" / "a.md"
    assert a.read_bytes() == b"# A\n" and a.stat().st_ino in inodes and a.stat().st_nlink == 1
    assert stat.S_IMODE(a.stat().st_mode) == tree.mode
    # a file that exists is replaced whole, as before: no spare taken
    left = sorted(os.listdir(tmp_path / "spare"))
    assert tree.write_if_changed("docs/a.md", b"# A again\n")
    assert a.read_bytes() == b"# A again\n" and sorted(os.listdir(tmp_path / "spare")) == left
    # a dangling link in a new file's place is replaced, not followed, and takes no spare
    os.symlink("missing.md", tmp_path / "gm" / "docs" / "b.md")
    assert tree.write_if_changed("docs/b.md", b"b")
    assert not (tmp_path / "gm" / "docs" / "missing.md").exists()
    assert (tmp_path / "gm" / "docs" / "b.md").read_bytes() == b"b"
    assert sorted(os.listdir(tmp_path / "spare")) == left
    # the spares used up, files are made as before
    for name in ("c", "d", "e"):
        assert tree.write_if_changed(f"docs/{name}.md", name.encode())
    assert not [n for n in os.listdir(tmp_path / "spare") if n.startswith(SPARE_PREFIX)]
    assert (tmp_path / "gm" / "docs" / "e.md").read_bytes() == b"e"
    assert not [n for n in os.listdir(tmp_path / "spare") if n.startswith("taken-")]


def test_a_spare_with_content_is_never_written_through(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "spare"
    make_spares(folder, 1)
    (folder / f"{SPARE_PREFIX}000000").write_bytes(b"someone else's")
    monkeypatch.setattr(writer, "spares", Spares(folder))
    tree = TreeWriter(tmp_path / "gm")
    assert tree.write_if_changed("docs/a.md", b"mine")
    assert (tmp_path / "gm" / "docs" / "a.md").read_bytes() == b"mine"


def take_all(folder: Path, targets: list[str]) -> list[int]:
    """In another process: a spare for each target, the inodes given."""
    spares = Spares(folder)
    return [os.stat(t).st_ino for t in targets if spares.take(Path(t))]


@needs_fork
def test_processes_sharing_the_spares_never_share_one(tmp_path: Path) -> None:
    folder = tmp_path / "spare"
    inodes = make_spares(folder, 200)
    out = tmp_path / "out"
    out.mkdir()
    with multiprocessing.get_context("fork").Pool(2) as pool:
        given = pool.starmap(take_all, [
            (folder, [str(out / f"{who}{i}") for i in range(150)]) for who in "ab"])
    every = given[0] + given[1]
    assert len(every) == len(set(every)) == 200  # every spare once, none twice
    assert set(every) == set(inodes)
    assert all(p.stat().st_nlink == 1 and p.stat().st_size == 0 for p in out.iterdir())
    assert not os.listdir(folder)


def test_a_build_expects_about_as_many_files_as_it_writes() -> None:
    # the example: 37 locations, 6 sessions; the GM's tree and the players' hold 120 files
    assert 100 <= expected_files(ROOT / "content") <= 200
    assert expected_files(ROOT / "no-such-campaign") == 2 * reserve.OTHER_FILES


@needs_fork
def test_the_spares_are_made_at_idle_priority_in_a_folder_of_the_builds_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Made by a process of the lowest priority, in a folder named after the build's
    process; the folder goes when the build ends, however it ends, and the build root too
    when the build made it and wrote nothing there. A folder a killed build left is
    removed; another running build's is left alone."""
    build = tmp_path / "build"
    monkeypatch.setenv("HEXCRAWL_JOBS", "2")
    monkeypatch.setattr(reserve, "expected_files", lambda content: 80)
    policy = tmp_path / "policy"
    real = reserve._make

    def noted(folder: Path, count: int, mode: int) -> None:
        real(folder, count, mode)
        policy.write_text(str(os.sched_getscheduler(0)))

    monkeypatch.setattr(reserve, "_make", noted)
    folder = build / f"{FOLDER}-{os.getpid()}"
    with pytest.raises(RuntimeError, match="the load failed"):
        with SpareFiles(ROOT / "content", build):
            assert isinstance(writer.spares, Spares) and writer.spares.folder == folder
            deadline = time.monotonic() + 30
            while not policy.exists() and time.monotonic() < deadline:
                time.sleep(0.02)
            assert int(policy.read_text()) == os.SCHED_IDLE
            assert len(os.listdir(folder)) == 80
            raise RuntimeError("the load failed")
    assert writer.spares is None
    assert not build.exists()  # made for the spares, and nothing else written there

    build.mkdir()
    (build / "gm").mkdir()
    dead = subprocess_pid()
    (build / f"{FOLDER}-{dead}").mkdir()  # left by a killed build
    (build / f"{FOLDER}-1").mkdir()  # another build's (init's id: alive)
    with SpareFiles(ROOT / "content", build):
        assert not (build / f"{FOLDER}-{dead}").exists()
        assert (build / f"{FOLDER}-1").exists()
    assert sorted(os.listdir(build)) == [f"{FOLDER}-1", "gm"]


def subprocess_pid() -> int:
    """The id of a process that has ended."""
    ctx = multiprocessing.get_context("fork")
    proc = ctx.Process(target=int)
    proc.start()
    proc.join()
    assert proc.pid is not None
    return proc.pid


@needs_fork
def test_no_spares_for_a_small_campaign_nor_on_one_core_nor_in_a_planted_link(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    build = tmp_path / "build"
    monkeypatch.setenv("HEXCRAWL_JOBS", "2")
    monkeypatch.setattr(reserve, "MIN_FILES", 10_000)
    with SpareFiles(ROOT / "content", build):
        assert writer.spares is None and not build.exists()
    monkeypatch.setattr(reserve, "MIN_FILES", 4)
    monkeypatch.setenv("HEXCRAWL_JOBS", "1")
    with SpareFiles(ROOT / "content", build):
        assert writer.spares is None
    monkeypatch.setenv("HEXCRAWL_JOBS", "2")
    build.mkdir()
    (tmp_path / "elsewhere").mkdir()
    os.symlink(tmp_path / "elsewhere", build / f"{FOLDER}-{os.getpid()}")
    with SpareFiles(ROOT / "content", build):
        assert writer.spares is not None
        assert not (build / f"{FOLDER}-{os.getpid()}").is_symlink()
    assert not os.listdir(tmp_path / "elsewhere")
    assert not os.listdir(build)


@needs_fork
def test_a_build_with_spares_writes_the_same_trees(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``hexcrawl build`` gives its new files the spares made while it loads and replays,
    and writes the trees of a build that makes every file itself; nothing is left of the
    spares."""
    root = tmp_path / "content"
    shutil.copytree(ROOT / "content", root)
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    monkeypatch.setattr(reserve, "MIN_FILES", 4)
    given: list[int] = []
    real = Spares.take

    def counted(self: Spares, target: Path) -> bool:
        taken = real(self, target)
        given.append(int(taken))
        return taken

    monkeypatch.setattr(Spares, "take", counted)
    trees = {}
    for jobs in ("2", "1"):
        build = docs_build(root, jobs, monkeypatch)
        trees[jobs] = files_of(build)
        assert not [p for p in build.iterdir() if p.name.startswith(FOLDER)]
        assert not [p for p in build.rglob("*") if p.is_file() and p.stat().st_size == 0
                    and p.name != ".hexcrawl.lock"]
        shutil.rmtree(build)
        if jobs == "2":
            assert sum(given) > 0  # the main process's new files took spares
        else:
            assert not given
        given.clear()
    assert trees["2"] == trees["1"]
