"""Links planted in a campaign repository never make hexcrawl write or delete outside it.

A repository a GM clones can hold committed links: ``build -> /tmp/victim``,
``site -> ...``, ``site/.hexcrawl -> ...`` (added with ``git add -f``), ``print -> ...``.
``build``, ``serve`` and ``print`` refuse a folder they write, or anything they write or
remove under it, that is a link leading outside the repository, before writing or removing
anything: one message naming the link and where it leads, exit status 1, no traceback.
Links that stay inside the repository are followed as before.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from campaign_factory import write_campaign

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def hexcrawl(repo: Path, *args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=repo, env=env,
                          capture_output=True, text=True, timeout=timeout, check=False)


def snapshot(folder: Path) -> dict[str, str]:
    """Every entry below ``folder``: a file's text, a link's target, a folder's mark."""
    out: dict[str, str] = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        if path.is_symlink():
            out[rel] = f"-> {os.readlink(path)}"
        elif path.is_dir():
            out[rel] = "/"
        else:
            out[rel] = path.read_text("utf-8")
    return out


def entries(folder: Path) -> list[str]:
    """Every entry below ``folder``, links not followed."""
    out = []
    for base, dirs, files in os.walk(folder):
        out += [os.path.relpath(os.path.join(base, n), folder) for n in dirs + files]
    return sorted(out)


def victim_folder(tmp_path: Path, name: str) -> Path:
    """A folder outside the repository, holding what a build or its clean-up would touch."""
    victim = tmp_path / name
    for rel in ("keep.txt", "gm/docs/old.md", "gm/index.html", "players/index.html",
                "gm-1/index.html", "players-1/index.html", "sites-1/x",
                "staging-1/gm/index.html", "travel.pdf"):
        (victim / rel).parent.mkdir(parents=True, exist_ok=True)
        (victim / rel).write_text(f"not hexcrawl's: {rel}", "utf-8")
    return victim


def plant(repo: Path, rel: str, target: Path) -> Path:
    link = repo / rel
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(target, target_is_directory=target.is_dir())
    return link


def assert_refused(result: subprocess.CompletedProcess[str], rel: str, target: Path) -> None:
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    assert f"{rel}: error: a link to {os.path.realpath(target)}, outside the campaign " \
           "repository" in result.stderr, result.stderr


@pytest.mark.parametrize("rel", ["build", "build/gm", "build/players/docs", "site",
                                 "site/.hexcrawl", "site/.hexcrawl/current", "site/gm"])
def test_build_refuses_a_folder_linked_out_of_the_repository(tmp_path: Path, rel: str) -> None:
    repo = write_campaign(tmp_path / "repo")
    victim = victim_folder(tmp_path, "victim")
    before = snapshot(victim)
    plant(repo, rel, victim)
    planted = entries(repo)
    result = hexcrawl(repo, "build")
    assert_refused(result, rel, victim)
    assert snapshot(victim) == before
    # nothing written anywhere: no docs tree, no lock, no site
    assert entries(repo) == planted


def test_a_sites_version_linking_out_is_refused(tmp_path: Path) -> None:
    """``site/.hexcrawl/sites-<id>/gm`` is followed by the clean-up: a link out there too."""
    repo = write_campaign(tmp_path / "repo")
    victim = victim_folder(tmp_path, "victim")
    before = snapshot(victim)
    plant(repo, "site/.hexcrawl/sites-abc/gm", victim)
    plant(repo, "site/.hexcrawl/current", Path("sites-abc"))
    result = hexcrawl(repo, "build", "--audience", "players")
    assert_refused(result, "site/.hexcrawl/sites-abc/gm", victim)
    assert snapshot(victim) == before


def test_serve_refuses_a_build_folder_linked_out(tmp_path: Path) -> None:
    repo = write_campaign(tmp_path / "repo")
    victim = victim_folder(tmp_path, "victim")
    before = snapshot(victim)
    plant(repo, "build", victim)
    result = hexcrawl(repo, "serve", "--dev-addr", "127.0.0.1:0", timeout=120)
    assert_refused(result, "build", victim)
    assert snapshot(victim) == before


@pytest.mark.parametrize("rel, args", [("print", ["print", "travel"]),
                                       ("print/travel.pdf", ["print", "travel"]),
                                       ("print", ["print", "map"])])
def test_print_refuses_a_folder_or_pdf_linked_out(tmp_path: Path, rel: str,
                                                 args: list[str]) -> None:
    repo = write_campaign(tmp_path / "repo")
    victim = victim_folder(tmp_path, "victim")
    before = snapshot(victim)
    target = victim / "travel.pdf" if rel.endswith(".pdf") else victim
    plant(repo, rel, target)
    result = hexcrawl(repo, *args)
    assert_refused(result, rel, target)
    assert snapshot(victim) == before


def test_links_inside_the_repository_are_followed(tmp_path: Path) -> None:
    repo = write_campaign(tmp_path / "repo")
    (repo / "out" / "build").mkdir(parents=True)
    plant(repo, "build", Path("out/build"))
    result = hexcrawl(repo, "build", "--audience", "players")
    assert result.returncode == 0, result.stderr
    assert (repo / "out" / "build" / "players" / "mkdocs.yml").is_file()
    assert (repo / "site" / "players" / "index.html").is_file()


def test_an_out_folder_named_outside_the_repository_is_the_users_choice(
        tmp_path: Path) -> None:
    """``--out`` outside the repository may be anything, a link included; what hexcrawl
    writes under it must stay inside it."""
    from generator.site.output import OutputError, refuse_links_out

    repo = write_campaign(tmp_path / "repo")
    victim = victim_folder(tmp_path, "victim")
    (tmp_path / "www" / "site").mkdir(parents=True)
    plant(tmp_path, "published", tmp_path / "www" / "site")
    refuse_links_out(repo, repo / "build", tmp_path / "published", tmp_path / "print")
    plant(tmp_path, "www/site/.hexcrawl", victim)
    with pytest.raises(OutputError, match="/published/.hexcrawl: error: a link to "):
        refuse_links_out(repo, repo / "build", tmp_path / "published")
    # inside the repository, links among its own folders are fine
    (repo / "out" / "site").mkdir(parents=True)
    plant(repo, "site", Path("out/site"))
    plant(repo, "print", Path("out"))
    refuse_links_out(repo, repo / "build", repo / "site", repo / "print")
    # a folder inside the repository reached through a link out of it
    plant(repo, "pub", tmp_path / "www")
    with pytest.raises(OutputError, match=r"pub/site: error: .* outside the campaign repo"):
        refuse_links_out(repo, out_dir=repo / "pub" / "site")
