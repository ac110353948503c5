"""Campaign discovery (generator/content/place.py): the campaign is found from the current folder
upward, the way git finds a repository, and build/, site/ and print/ go beside it, never into
the folder the command happened to run in."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.content.place import find_campaign, place_of, repository_of

ROOT = Path(__file__).resolve().parents[2]


def hexcrawl(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, check=False, timeout=600)


@pytest.fixture
def scaffold(tmp_path: Path) -> Path:
    result = hexcrawl("new", "camp", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    return tmp_path / "camp"


def test_find_campaign_walks_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    camp = tmp_path / "camp"
    (camp / "sessions" / "old").mkdir(parents=True)
    (camp / "campaign.yaml").write_text("name: x\n", "utf-8")
    repo = tmp_path / "repo"
    (repo / "content" / "hexes").mkdir(parents=True)
    (repo / "notes").mkdir()
    (repo / "content" / "campaign.yaml").write_text("name: y\n", "utf-8")

    monkeypatch.chdir(camp / "sessions" / "old")
    place = find_campaign()
    assert place is not None
    assert (place.content, place.repository) == (Path("../.."), Path("../.."))
    assert place.site_dir == Path("../../site") and place.build_dir == Path("../../build")

    for start, content in ((repo, "content"), (repo / "notes", "../content"),
                           (repo / "content" / "hexes", "..")):
        monkeypatch.chdir(start)
        place = find_campaign()
        assert place is not None and place.content == Path(content), start
        assert place.repository.resolve() == repo.resolve()
        assert place.print_dir.resolve() == (repo / "print").resolve()

    monkeypatch.chdir(tmp_path)
    assert find_campaign() is None
    assert find_campaign(camp / "sessions") is not None
    assert repository_of(repo / "content").resolve() == repo.resolve()
    assert repository_of(camp).resolve() == camp.resolve()
    (repo / "mkdocs.yml").write_text("copyright: x\n", "utf-8")
    config = place_of(repo / "content").config
    assert config is not None and config.resolve() == (repo / "mkdocs.yml").resolve()
    assert place_of(camp).config is None


def test_build_from_inside_a_campaign_writes_beside_it(scaffold: Path) -> None:
    inside = scaffold / "locations"
    before = sorted(p.name for p in inside.iterdir())
    result = hexcrawl("build", "--docs-only", cwd=inside)
    assert result.returncode == 0, result.stderr
    assert (scaffold / "build" / "players" / "mkdocs.yml").is_file()
    assert sorted(p.name for p in inside.iterdir()) == before
    assert "../build/players/mkdocs.yml" in result.stdout


def test_content_elsewhere_writes_beside_that_campaign(scaffold: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = hexcrawl("build", "--docs-only", "--content", str(scaffold), cwd=elsewhere)
    assert result.returncode == 0, result.stderr
    assert (scaffold / "build" / "gm" / "mkdocs.yml").is_file()
    assert list(elsewhere.iterdir()) == []


def test_a_content_folder_writes_into_its_repository(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    shutil.copytree(ROOT / "content", repo / "content")
    (repo / "mkdocs.yml").write_text("copyright: Ours\n", "utf-8")
    result = hexcrawl("build", "--docs-only", "--audience", "players",
                      cwd=repo / "content" / "sessions")
    assert result.returncode == 0, result.stderr
    config = (repo / "build" / "players" / "mkdocs.yml").read_text("utf-8")
    assert "copyright: Ours" in config
    assert not (repo / "content" / "build").exists()


def test_no_campaign_anywhere_is_a_clear_error(tmp_path: Path) -> None:
    for command in ("check", "build", "replay", "serve"):
        result = hexcrawl(command, cwd=tmp_path)
        assert result.returncode == 1, command
        assert "no campaign here or in any folder above" in result.stderr
        assert "hexcrawl new" in result.stderr and "Traceback" not in result.stderr
        assert list(tmp_path.iterdir()) == []
