"""``hexcrawl public`` as a GM meets it: a copy of the example campaign in a git repository,
edited the way a GM edits it; the report of what the players' site will newly show."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: a session that finds a location the party had not found: the GM reveals it
NEW_SESSION = """\
session: 7
date: 2025-12-06
title: The Grey Mere
log:
  - reveal: [greymere]
  - note: A fisher rowed us out to see the drowned steeple of the Grey Mere.
"""
#: sentences the players read once session 7 is in
GREYMERE = "They are superstitious about the lake."
NOTE = "A fisher rowed us out to see the drowned steeple of the Grey Mere."


def hexcrawl(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, check=False, timeout=600)


def git(*args: str, cwd: Path) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "GM", "GIT_AUTHOR_EMAIL": "gm@example.org",
           "GIT_COMMITTER_NAME": "GM", "GIT_COMMITTER_EMAIL": "gm@example.org"}
    result = subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True,
                            check=True)
    return result.stdout


@pytest.fixture()
def repo(tmp_path: Path) -> Path:
    """The example campaign (``content/`` and ``mkdocs.yml``), committed to a new git
    repository; nothing built."""
    repo = tmp_path / "reach"
    shutil.copytree(ROOT / "content", repo / "content")
    shutil.copy(ROOT / "mkdocs.yml", repo / "mkdocs.yml")
    (repo / ".gitignore").write_text("site/\nbuild/\n", "utf-8")
    git("init", "-q", "-b", "main", cwd=repo)
    git("add", "-A", cwd=repo)
    git("commit", "-q", "-m", "the campaign so far", cwd=repo)
    return repo


def play_session_7(repo: Path) -> None:
    (repo / "content" / "sessions" / "07-the-grey-mere.yaml").write_text(NEW_SESSION, "utf-8")


def edit_gm_only(repo: Path) -> None:
    """Three edits only the GM can read: a GM block on a public page, a hex's GM note, a
    GM-only location."""
    ashford = repo / "content" / "locations" / "ashford.md"
    ashford.write_text(ashford.read_text("utf-8") + "\n!!! gm \"More\"\n    The chandler's "
                       "cellar has a second door: SECRETBLOCK.\n", "utf-8")
    hexes = repo / "content" / "hexes" / "elderholt.yaml"
    text = hexes.read_text("utf-8")
    assert "gm: The Fox Court holds its revels" in text
    hexes.write_text(text.replace("gm: The Fox Court holds its revels",
                                  "gm: SECRETHEX The Fox Court holds its revels"), "utf-8")
    (repo / "content" / "locations" / "secret-den.md").write_text(
        '---\nid: secret-den\nname: The Den of SECRETNAME\nhex: "1008"\ngm_only: true\n'
        "---\nA den only the GM knows of: SECRETLOCATION.\n", "utf-8")


def tree_of(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_new_location_shows_up_against_the_site_last_built(repo: Path) -> None:
    assert hexcrawl("build", "--audience", "players", "-q", cwd=repo).returncode == 0
    built = tree_of(repo / "site")
    play_session_7(repo)
    result = hexcrawl("public", cwd=repo)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.splitlines()[0].startswith("What the players' site newly shows. Pages changed:")
    assert f"Compared with the players' site built in {Path('site', 'players')}." in out
    assert "Greymere (/locations/greymere/): a new page" in out
    assert f"+ {GREYMERE}" in out
    assert "Session 7: The Grey Mere (/sessions/07-the-grey-mere/): a new page" in out
    assert f"+ {NOTE}" in out
    # the map's labels are text the players read: the new place is on the overview map
    overview = out[out.index("/maps/overview.svg: changed"):].split("\n\n")[0]
    assert "+ Greymere" in overview
    # plain text: nothing of the HTML, the Markdown or the map's drawing
    assert "<" not in out and "**" not in out and "href" not in out
    # the sites built before are as they were: the report's build went elsewhere
    assert tree_of(repo / "site") == built
    assert not (repo / "site" / "players" / "locations" / "greymere").exists()


def test_a_new_location_shows_up_since_a_revision(repo: Path) -> None:
    play_session_7(repo)
    status = git("status", "--porcelain", cwd=repo)
    head = git("rev-parse", "HEAD", cwd=repo).strip()
    result = hexcrawl("public", "--since", "HEAD", cwd=repo)
    assert result.returncode == 0, result.stderr
    assert f"Compared with the players' site of HEAD (commit {head[:12]})." in result.stdout
    assert "Greymere (/locations/greymere/): a new page" in result.stdout
    assert f"+ {NOTE}" in result.stdout
    assert not (repo / "site").exists()  # nothing built where the sites go
    assert git("status", "--porcelain", cwd=repo) == status  # nor the work tree touched
    assert git("worktree", "list", cwd=repo).count("\n") == 1

    # the same for a run's summary: collapsed, and the text in a code block
    git("add", "-A", cwd=repo)
    git("commit", "-q", "-m", "session 7", cwd=repo)
    result = hexcrawl("public", "--since", "HEAD~1", "--format", "markdown", cwd=repo)
    assert result.returncode == 0, result.stderr
    md = result.stdout
    assert md.startswith("<details><summary>What the players' site newly shows. ")
    assert md.rstrip().endswith("</details>")
    assert "```diff\n" in md and f"+ {GREYMERE}\n" in md


def test_a_gm_only_edit_shows_nothing(repo: Path) -> None:
    assert hexcrawl("build", "--audience", "players", "-q", cwd=repo).returncode == 0
    edit_gm_only(repo)
    check = hexcrawl("check", cwd=repo)
    assert check.returncode == 0, check.stderr
    for args in ((), ("--since", "HEAD")):
        result = hexcrawl("public", *args, cwd=repo)
        assert result.returncode == 0, result.stderr
        assert result.stdout.splitlines()[0] == (
            "What the players' site newly shows: nothing, its text does not change.")
        assert "SECRET" not in result.stdout + result.stderr


def test_with_no_site_built_everything_is_new(repo: Path) -> None:
    result = hexcrawl("public", cwd=repo)
    assert result.returncode == 0, result.stderr
    assert (f"No players' site has been built in {Path('site', 'players')} yet (hexcrawl "
            "build makes one)") in result.stdout
    assert "Ashford (/locations/ashford/): a new page" in result.stdout
    assert not (repo / "site").exists()


def test_a_revision_without_the_campaign_or_broken_compares_as_nothing(repo: Path) -> None:
    (repo / "README.md").write_text("notes\n", "utf-8")
    git("rm", "-rq", "--cached", "content", cwd=repo)
    git("commit", "-q", "-m", "the campaign out of git for a while", cwd=repo)
    git("add", "-A", cwd=repo)
    git("commit", "-q", "-m", "back", cwd=repo)
    result = hexcrawl("public", "--since", "HEAD~1", cwd=repo)
    assert result.returncode == 0, result.stderr
    assert "The campaign is not in HEAD~1" in result.stdout
    assert "Ashford (/locations/ashford/): a new page" in result.stdout

    # a revision whose campaign has errors: said with the files of that revision
    vale = repo / "content" / "hexes" / "vale.yaml"
    good = vale.read_text("utf-8")
    vale.write_text(good.replace("[road-encounters]", "[road-encounterz]", 1), "utf-8")
    git("commit", "-qam", "a typo", cwd=repo)
    vale.write_text(good, "utf-8")
    result = hexcrawl("public", "--since", "HEAD", cwd=repo)
    assert result.returncode == 0, result.stderr
    assert "warning: the players' site of HEAD cannot be built" in result.stderr
    assert "HEAD:content/hexes/vale.yaml:7:" in result.stderr
    assert "road-encounterz" in result.stderr
    assert "cannot be built (the warnings say why)" in result.stdout
    assert "Traceback" not in result.stderr


def test_bad_input_is_one_clear_error(repo: Path, tmp_path: Path) -> None:
    result = hexcrawl("public", "--since", "no-such-branch", cwd=repo)
    assert result.returncode == 1
    assert result.stderr.startswith("no-such-branch: error: not a commit of the git "
                                    "repository"), result.stderr
    assert "Traceback" not in result.stderr

    result = hexcrawl("public", "--since", "HEAD", "--out", "site", cwd=repo)
    assert result.returncode == 1
    assert "give one of them" in result.stderr

    loose = tmp_path / "loose"
    shutil.copytree(repo / "content", loose / "content")
    result = hexcrawl("public", "--since", "HEAD", "--content", str(loose / "content"),
                      cwd=tmp_path)
    assert result.returncode == 1
    assert ": error: --since needs a git repository" in result.stderr
    assert "Traceback" not in result.stderr

    broken = repo / "content" / "hexes" / "vale.yaml"
    broken.write_text(broken.read_text("utf-8").replace("[road-encounters]",
                                                        "[road-encounterz]", 1), "utf-8")
    result = hexcrawl("public", cwd=repo)
    assert result.returncode == 1
    assert f"{Path('content', 'hexes', 'vale.yaml')}:7:" in result.stderr
    assert "road-encounterz" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_report_is_in_the_campaign_s_language(repo: Path) -> None:
    campaign = repo / "content" / "campaign.yaml"
    campaign.write_text(campaign.read_text("utf-8").replace("language: en", "language: ru")
                        if "language:" in campaign.read_text("utf-8")
                        else campaign.read_text("utf-8") + "language: ru\n", "utf-8")
    git("commit", "-qam", "in Russian", cwd=repo)
    play_session_7(repo)
    result = hexcrawl("public", "--since", "HEAD", cwd=repo)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Что нового покажет сайт игроков. Изменено страниц: ")
    assert "Greymere (/locations/greymere/): новая страница" in result.stdout


WORKFLOW = ROOT / "generator" / "scaffold" / "campaign" / "dot-github" / "workflows" / "site.yml"


def report_step() -> tuple[str, str]:
    """The ``run:`` of the scaffolded workflow's report step, and its ``BEFORE``."""
    import yaml

    steps = yaml.safe_load(WORKFLOW.read_text("utf-8"))["jobs"]["build"]["steps"]
    (step,) = [s for s in steps if "hexcrawl public" in str(s.get("run", ""))]
    assert step["continue-on-error"] is True  # a failing report never holds a push back
    return step["run"], step["env"]["BEFORE"]


@pytest.mark.parametrize("event", ["push", "first push", "pull_request"])
def test_the_workflow_step_reports_each_push_in_the_summary(event: str,
                                                            tmp_path: Path) -> None:
    """The step as the runner runs it (bash -eo pipefail), in a campaign made with
    ``hexcrawl new`` and pushed twice: the second push's summary holds what it made public;
    the first push of a branch (GitHub's all-zero ``before``) lists everything as new."""
    run, before_expr = report_step()
    assert before_expr == "${{ github.event.pull_request.base.sha || github.event.before }}"
    camp = tmp_path / "reach"
    assert hexcrawl("new", str(camp), cwd=tmp_path).returncode == 0
    git("init", "-q", "-b", "main", cwd=camp)
    git("add", "-A", cwd=camp)
    git("commit", "-q", "-m", "first", cwd=camp)
    first = git("rev-parse", "HEAD", cwd=camp).strip()
    shrine = camp / "locations" / "wayside-shrine.md"
    shrine.write_text(shrine.read_text("utf-8") + "\nA new public line, PUBLICMARK.\n",
                      "utf-8")
    git("commit", "-qam", "second", cwd=camp)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "hexcrawl"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m generator.cli "$@"\n', "utf-8")
    shim.chmod(0o755)
    summary = tmp_path / "summary.md"
    env = {**os.environ, "PYTHONPATH": str(ROOT),
           "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
           "GITHUB_EVENT_NAME": "pull_request" if event == "pull_request" else "push",
           "GITHUB_STEP_SUMMARY": str(summary),
           "BEFORE": "0" * 40 if event == "first push" else first}
    result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", run],
                            cwd=camp, env=env, capture_output=True, text=True, check=False,
                            timeout=600)
    assert result.returncode == 0, result.stderr
    text = summary.read_text("utf-8")
    assert text.startswith("<details><summary>What the players' site newly shows. ")
    if event == "first push":
        assert "No players' site has been built in site/players yet" in text
        assert "/locations/wayside-shrine/): a new page" in text
    else:
        assert f"Compared with the players' site of {first} (commit {first[:12]})." in text
        assert "/locations/wayside-shrine/): changed\n+ A new public line, PUBLICMARK." in text
        assert "a new page" not in text
    assert not (camp / "site").exists()


def test_content_drives_no_terminal_and_leaves_no_code_block(tmp_path: Path) -> None:
    """A place whose name and text hold escape sequences (YAML's ``\\e``, typed raw in
    Markdown: the window title, the clipboard, the one-byte CSI) and a right-to-left
    override: the report shows each as an escape, on the terminal and in a run's summary;
    and a run of backticks or ``</details>`` in its text stays inside the ``diff`` block."""
    from campaign_factory import write_campaign

    den = ('---\nid: den\nname: "The Den\\e]0;TITLE\\a"\nhex: "0304"\nvisibility: visible\n'
           "---\nEvil \x1b]52;c;aGk=\x07 clip \x9b32m and \u202eRLO.\n\n"
           "Fence ````` and &lt;/details&gt; [x](https://example.com) done.\n")
    root = write_campaign(tmp_path / "camp", files={"locations/den.md": den})
    plain = hexcrawl("public", cwd=root)
    markdown = hexcrawl("public", "--format", "markdown", cwd=root)
    for run in (plain, markdown):
        assert run.returncode == 0, run.stderr
        assert "+ The Den\\x1b]0;TITLE\\x07\n" in run.stdout
        assert "+ Evil \\x1b]52;c;aGk=\\x07 clip \\x9b32m and \\u202eRLO.\n" in run.stdout
        assert not any(c in run.stdout for c in "\x1b\x07\x9b\u202e")
    lines = markdown.stdout.splitlines()
    fence = next(line for line in lines if line.endswith("diff"))[:-len("diff")]
    assert len(fence) > 5 and lines.count(fence) == 1
    inside = lines[lines.index(fence + "diff"):lines.index(fence)]
    assert "+ Fence ````` and </details> x done." in inside
    assert lines[lines.index(fence):] == [fence, "", "</details>", ""]
