"""What a GM installs: the wheel, used from a campaign folder outside the repository; and the
publishing workflow that `hexcrawl new` writes, linted and run step by step.

The wheel is built from a copy of the source (``pip wheel --no-build-isolation``, offline) and
installed, not editable, into a fresh virtual environment. That environment gets hexcrawl's
dependencies from the environment running the tests (already installed from the lock), through
a folder of links that leaves out hexcrawl itself: nothing is downloaded, and the only hexcrawl
the fresh environment can import is the one the wheel installed. The campaign is scaffolded in
a temporary folder outside the repository, and every command runs from inside it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import sysconfig
import time
import tomllib
import urllib.request
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.conftest import made_once

ROOT = Path(__file__).resolve().parents[2]
IN_CI = os.environ.get("CI", "").lower() == "true"
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]
#: What the wheel is built from (the sdist would hold the same).
SOURCES = ("generator", "site_templates", "pyproject.toml", "setup.py", "README.md")
#: Stand-ins for the GitHub expressions of the workflow, as a run on GitHub would see them.
PAGES_URL = "https://gm-example.github.io/sallow-reach"
EXPRESSIONS = {"steps.pages.outputs.base_url": PAGES_URL}


def run(*args: str | Path, cwd: Path, env: dict[str, str] | None = None,
        timeout: float = 300) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True,
                            text=True, check=False, timeout=timeout)
    assert result.returncode == 0, f"{args}:\n{result.stdout}\n{result.stderr}"
    return result


@dataclass
class Venv:
    root: Path

    @property
    def bin(self) -> Path:
        return self.root / "bin"

    @property
    def python(self) -> Path:
        return self.bin / "python"

    def env(self, **extra: str) -> dict[str, str]:
        """The environment of a shell in which this venv is active (nothing of the checkout
        on PYTHONPATH)."""
        env = {k: v for k, v in os.environ.items()
               if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
        env["PATH"] = f"{self.bin}{os.pathsep}{env.get('PATH', '')}"
        env["VIRTUAL_ENV"] = str(self.root)
        return {**env, **extra}


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The freshly built wheel, alone in its folder: built once per test run, however many
    pytest-xdist workers run this module's tests (the tests only read it)."""
    return made_once(tmp_path_factory, "wheel", build_wheel) / "dist"


def build_wheel(base: Path) -> None:
    """The wheel, built offline from a copy of the checkout's sources, in ``base/dist``."""
    src = base / "src"
    src.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build")
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=ignore)
        else:
            shutil.copy2(path, src / name)
    out = base / "dist"
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
        "--no-index", "-q", "-w", out, src, cwd=base)
    wheels = list(out.glob("hexcrawl-*.whl"))
    assert len(wheels) == 1, wheels


@pytest.fixture(scope="module")
def dependencies(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of links to every package of the running environment but hexcrawl (and the
    installers, which each venv has its own of)."""
    farm = tmp_path_factory.mktemp("dependencies")
    skip = re.compile(r"^(hexcrawl|generator|__editable__|_hexcrawl|pip|setuptools|wheel|"
                      r"_distutils_hack|distutils-precedence|__pycache__)([-_.].*)?$", re.I)
    for folder in {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}:
        for entry in Path(folder).iterdir():
            if skip.match(entry.name) or entry.suffix == ".pth":
                continue
            if not (farm / entry.name).exists():
                (farm / entry.name).symlink_to(entry)
    return farm


def fresh_venv(path: Path, dependencies: Path) -> Venv:
    run(sys.executable, "-m", "venv", path, cwd=path.parent)
    venv = Venv(path)
    purelib = run(venv.python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])",
                  cwd=path).stdout.strip()
    (Path(purelib) / "hexcrawl_test_dependencies.pth").write_text(f"{dependencies}\n", "utf-8")
    return venv


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory, dist: Path,
              dependencies: Path) -> Venv:
    """A fresh venv with the wheel installed into it, not editable: made once per test run,
    however many pytest-xdist workers run this module's tests (the tests only run what it
    installed)."""
    def make(folder: Path) -> None:
        venv = fresh_venv(folder / "installed", dependencies)
        wheel = next(dist.glob("hexcrawl-*.whl"))
        run(venv.python, "-m", "pip", "install", "-q", "--no-index", "--no-deps", wheel,
            cwd=venv.root)

    return Venv(made_once(tmp_path_factory, "installed-wheel", make) / "installed")


def test_the_wheel_carries_every_file_a_build_needs(dist: Path) -> None:
    wheel = next(dist.glob("hexcrawl-*.whl"))
    assert wheel.name.startswith(f"hexcrawl-{VERSION}-")
    names = set(zipfile.ZipFile(wheel).namelist())
    tracked = subprocess.run(["git", "ls-files", "generator", "site_templates"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout.split()
    assert len(tracked) > 50
    for name in tracked:
        inside = "generator/" + name if name.startswith("site_templates/") else name
        assert inside in names, f"{name} is not in the wheel (as {inside}): see setup.py"
    for name in ("generator/site_templates/mkdocs.base.yml",
                 "generator/site_templates/pages/home.md",
                 "generator/site_templates/reference/travel.md",
                 "generator/site_templates/assets/hexcrawl.css",
                 "generator/scaffold/campaign/dot-github/workflows/site.yml",
                 "generator/py.typed"):
        assert name in names, name
    assert not any("__pycache__" in n or n.startswith(("tests/", "content/")) for n in names)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def fetch(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            body: str = response.read().decode("utf-8")
            return body
    except OSError:
        return None


def test_the_installed_wheel_scaffolds_builds_prints_and_serves(
        installed: Venv, tmp_path: Path) -> None:
    assert ROOT not in tmp_path.parents
    env = installed.env()
    hexcrawl = installed.bin / "hexcrawl"
    assert run(hexcrawl, "--version", cwd=tmp_path, env=env).stdout.strip() == \
        f"hexcrawl {VERSION}"
    where = run(installed.python, "-c", "import generator; print(generator.__file__)",
                cwd=tmp_path, env=env).stdout.strip()
    assert Path(where).is_relative_to(installed.root), where

    run(hexcrawl, "new", "reach", cwd=tmp_path, env=env)
    camp = tmp_path / "reach"
    inside = camp / "sessions"
    run(hexcrawl, "check", cwd=inside, env=env)
    run(hexcrawl, "build", cwd=inside, env=env)
    assert sorted(p.name for p in inside.iterdir()) == ["01-first-steps.yaml"]
    for audience in ("players", "gm"):
        assert (camp / "site" / audience / "index.html").is_file()
        assert (camp / "build" / audience / "mkdocs.yml").is_file()
    assert "Millbrook" in (camp / "site" / "players" / "index.html").read_text("utf-8")
    assert (camp / "site" / "gm" / "hex-key").is_dir()
    assert not (camp / "site" / "players" / "hex-key").exists()
    config = yaml.safe_load((camp / "build" / "gm" / "mkdocs.yml").read_text("utf-8"))
    assert Path(config["INHERIT"]).is_relative_to(installed.root)

    # MkDocs alone rebuilds one audience (the hook comes from the installed package)
    run(installed.python, "-m", "mkdocs", "build", "-q", "-f", "build/gm/mkdocs.yml", "-d",
        tmp_path / "gm-alone", cwd=camp, env=env)
    assert (tmp_path / "gm-alone" / "index.html").is_file()

    if shutil.which("chromium") or Path("/usr/bin/chromium").exists():
        run(hexcrawl, "print", "travel", "gm-screen", cwd=inside, env=env)
        assert sorted(p.name for p in (camp / "print").glob("*.pdf")) == [
            "gm-screen.pdf", "travel.pdf"]
    elif IN_CI:
        pytest.fail("chromium is required under CI (.ci/run installs it)")

    port = free_port()
    server = subprocess.Popen([hexcrawl, "serve", "--audience", "players", "--dev-addr",
                               f"127.0.0.1:{port}"], cwd=inside, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 90
        page = None
        while page is None and time.monotonic() < deadline and server.poll() is None:
            page = fetch(f"http://127.0.0.1:{port}/locations/millbrook/")
            time.sleep(0.5)
        assert page is not None, "the server never answered"
        assert "Millbrook" in page
        assert fetch(f"http://127.0.0.1:{port}/hex-key/") is None   # the players' site
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    if (not IN_CI) and (not shutil.which("chromium") and not Path("/usr/bin/chromium")
                        .exists()):
        pytest.skip("built and served; printing needs chromium")


def test_a_campaign_with_the_vendored_wheel_installs_and_builds(dist: Path, dependencies: Path,
                                                                tmp_path: Path) -> None:
    """`hexcrawl new --wheel`: the campaign keeps the built wheel in vendor/, and a fresh venv
    given only what requirements.txt says, with no package index and no other place to look,
    installs hexcrawl from there (the dependencies are the ones already installed here); that
    venv's hexcrawl builds both sites of the campaign, outside this repository."""
    assert ROOT not in tmp_path.parents
    wheel = next(dist.glob("hexcrawl-*.whl"))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run(sys.executable, "-m", "generator.cli", "new", "reach", "--wheel", wheel, cwd=tmp_path,
        env=env)
    camp = tmp_path / "reach"
    assert (camp / "vendor" / wheel.name).read_bytes() == wheel.read_bytes()
    requirements = [line for line in (camp / "requirements.txt").read_text("utf-8").split("\n")
                    if line and not line.startswith("#")]
    assert requirements[0] == f"./vendor/{wheel.name}"
    assert not any(line.startswith("hexcrawl") for line in requirements)

    runner = fresh_venv(tmp_path / "runner", dependencies)
    runner_env = runner.env(PIP_NO_INDEX="1")
    run(runner.python, "-m", "pip", "install", "-r", "requirements.txt", cwd=camp, env=runner_env)
    where = run(runner.python, "-c", "import generator; print(generator.__file__)", cwd=camp,
                env=runner_env).stdout.strip()
    assert Path(where).is_relative_to(runner.root), where
    (record,) = Path(where).parent.parent.glob(f"hexcrawl-{VERSION}.dist-info")
    origin = json.loads((record / "direct_url.json").read_text("utf-8"))["url"]
    assert origin.endswith(f"/reach/vendor/{wheel.name}"), origin

    run(runner.bin / "hexcrawl", "build", cwd=camp, env=runner_env)
    for audience in ("players", "gm"):
        assert (camp / "site" / audience / "index.html").is_file()
    assert "Millbrook" in (camp / "site" / "players" / "index.html").read_text("utf-8")
    assert (camp / "site" / "gm" / "hex-key").is_dir()
    assert not (camp / "site" / "players" / "hex-key").exists()


# ------------------------------------------------------------------------------------------
# the publishing workflow (linted, and its pins checked, in test_repository.py)


WORKFLOWS = (ROOT / ".github" / "workflows" / "site.yml",
             ROOT / "generator" / "scaffold" / "campaign" / "dot-github" / "workflows" / "site.yml")
PUBLIC_REPOSITORY = "GM-Example/reach-players"


def workflow(path: Path) -> dict[Any, Any]:
    data: dict[Any, Any] = yaml.safe_load(path.read_text("utf-8"))
    data["on"] = data.pop(True, data.get("on"))  # YAML 1.1 reads the key `on` as true
    return data


def action(step: dict[str, Any]) -> str:
    return str(step["uses"]).split("@")[0]


@pytest.mark.parametrize("path", WORKFLOWS, ids=["repository", "scaffold"])
def test_the_workflow_publishes_only_the_players_site(path: Path) -> None:
    data = workflow(path)
    assert data["permissions"] == {"contents": "read"}
    build, deploy = data["jobs"]["build"], data["jobs"]["deploy"]
    uploads = [s for s in build["steps"] if "uses" in s and "upload" in action(s)]
    pages = [s for s in uploads if action(s) == "actions/upload-pages-artifact"]
    assert [s["with"]["path"] for s in pages] == ["site/players"]
    gm = [s for s in uploads if s["with"]["path"] == "site/gm"]
    assert [(action(s), s["with"]["name"]) for s in gm] == [
        ("actions/upload-artifact", "gm-site")]
    assert "github.event.repository.private" in gm[0]["if"]
    assert [action(s) for s in deploy["steps"]] == ["actions/deploy-pages"]
    assert deploy["needs"] == "build" and "pull_request" in deploy["if"]
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert "pages" not in build["permissions"] or build["permissions"]["pages"] == "read"
    assert data["on"]["push"]["paths"] == data["on"]["pull_request"]["paths"]
    # no job but the build runs hexcrawl; no job but deploy and publish-players publishes
    assert set(data["jobs"]) <= {"build", "deploy", "publish-players"}


def test_the_scaffold_workflow_can_publish_to_a_public_repository() -> None:
    """With the variable PLAYERS_SITE_REPOSITORY set, the players' site (and nothing else)
    goes to that repository, pushed with the deploy key by a job that runs no campaign code;
    this repository's own Pages deployment is skipped."""
    data = workflow(WORKFLOWS[1])
    build, deploy = data["jobs"]["build"], data["jobs"]["deploy"]
    publish = data["jobs"]["publish-players"]
    assert "vars.PLAYERS_SITE_REPOSITORY == ''" in deploy["if"]
    assert "vars.PLAYERS_SITE_REPOSITORY != ''" in publish["if"]
    assert "pull_request" in publish["if"] and publish["needs"] == "build"
    assert publish["permissions"] == {}
    (handoff,) = [s for s in build["steps"] if s.get("with", {}).get("name") == "players-site"]
    assert handoff["with"]["path"] == "site/players"
    assert "vars.PLAYERS_SITE_REPOSITORY != ''" in handoff["if"]
    actions = [action(s) for s in publish["steps"] if "uses" in s]
    assert actions == ["actions/download-artifact", "peaceiris/actions-gh-pages"]
    assert all("hexcrawl" not in str(s.get("run", "")) for s in publish["steps"])
    download, push = [s for s in publish["steps"] if "uses" in s]
    assert download["with"]["name"] == "players-site"
    assert push["with"]["publish_dir"] == f"./{download['with']['path']}"
    assert push["with"]["external_repository"] == "${{ vars.PLAYERS_SITE_REPOSITORY }}"
    assert push["with"]["deploy_key"] == "${{ secrets.PLAYERS_SITE_DEPLOY_KEY }}"
    assert push["with"]["force_orphan"] is True
    # without these the action names the private repository and its author in the commit
    assert push["with"]["full_commit_message"] and push["with"]["user_name"] and \
        push["with"]["user_email"]
    text = WORKFLOWS[1].read_text("utf-8")
    assert text.count("secrets.") == 2  # the key: checked for presence, then used, here only
    publish_text = text[text.index("  publish-players:"):]
    assert publish_text.count("secrets.PLAYERS_SITE_DEPLOY_KEY") == 2


def condition(expr: str | None, event: str, private: bool, public_repository: str) -> bool:
    """The few ``if:`` conditions the workflow uses, for a simulated event."""
    if expr is None:
        return True
    values = {"github.event_name != 'pull_request'": event != "pull_request",
              "github.event_name == 'pull_request'": event == "pull_request",
              "github.event.repository.private": private,
              "vars.PLAYERS_SITE_REPOSITORY == ''": public_repository == "",
              "vars.PLAYERS_SITE_REPOSITORY != ''": public_repository != ""}
    parts = [p.strip() for p in expr.split("&&")]
    assert all(p in values for p in parts), f"teach the test the condition {expr!r}"
    return all(values[p] for p in parts)


def substitute(text: str, known: dict[str, str]) -> str:
    """GitHub's ``${{ a || b }}`` expressions of the workflow: the first non-empty value."""
    def one(match: re.Match[str]) -> str:
        names = [n.strip() for n in match.group(1).split("||")]
        assert all(n in known for n in names), f"teach the test the expression {names!r}"
        return next((known[n] for n in names if known[n]), "")
    return re.sub(r"\$\{\{(.*?)\}\}", one, text)


def run_steps(path: Path, event: str, private: bool, cwd: Path, env: dict[str, str],
              public_repository: str = "", site_url: str = "") -> Iterator[str]:
    """Run the ``run:`` steps of the build job that apply to ``event``, in order, as the
    runner would (bash -eo pipefail), with GitHub's expressions substituted and the outputs
    steps write to $GITHUB_OUTPUT passed on; yield the ``uses:`` actions that would run in
    between (configure-pages answers with PAGES_URL)."""
    known = {"vars.PLAYERS_SITE_REPOSITORY": public_repository,
             "vars.PLAYERS_SITE_URL": site_url,
             # a campaign with no history: no earlier revision to compare with
             "github.event.pull_request.base.sha": "", "github.event.before": ""}
    env = {**env, "GITHUB_EVENT_NAME": event,
           "GITHUB_STEP_SUMMARY": str(cwd.parent / "step-summary.md")}
    for step in workflow(path)["jobs"]["build"]["steps"]:
        outputs: dict[str, str] = {}
        if not condition(step.get("if"), event, private, public_repository):
            pass
        elif "uses" in step:
            yield action(step)
            if action(step) == "actions/configure-pages":
                outputs = {"base_url": PAGES_URL}
        else:
            output_file = cwd.parent / "github-output"
            output_file.write_text("", "utf-8")
            step_env = {k: substitute(str(v), known) for k, v in (step.get("env") or {}).items()}
            result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c",
                                     substitute(step["run"], known)], cwd=cwd,
                                    env={**env, **step_env, "GITHUB_OUTPUT": str(output_file)},
                                    capture_output=True, text=True, check=False, timeout=600)
            assert result.returncode == 0, f"{step.get('name', step['run'])}:\n" \
                f"{result.stdout}\n{result.stderr}"
            outputs = dict(line.split("=", 1) for line in
                           output_file.read_text("utf-8").splitlines() if line)
        if "id" in step:
            for name in ("base_url",):
                known[f"steps.{step['id']}.outputs.{name}"] = outputs.get(name, "")


def test_the_scaffold_workflow_runs_step_by_step(installed: Venv, dist: Path,
                                                 dependencies: Path, tmp_path: Path) -> None:
    """A campaign scaffolded by the installed wheel; its workflow's steps, run in a fresh
    venv, install the pinned hexcrawl from requirements.txt (from the built wheel: pip's
    --no-index and --find-links), check and build, for a push and for a pull request, then
    for a push publishing to a public repository."""
    run(installed.bin / "hexcrawl", "new", "reach", cwd=tmp_path, env=installed.env())
    camp = tmp_path / "reach"
    assert f"hexcrawl=={VERSION}" in (camp / "requirements.txt").read_text("utf-8").split()
    runner = fresh_venv(tmp_path / "runner", dependencies)
    env = runner.env(PIP_NO_INDEX="1", PIP_FIND_LINKS=str(dist))
    path = camp / ".github" / "workflows" / "site.yml"
    assert path.read_bytes() == WORKFLOWS[1].read_bytes()

    actions = list(run_steps(path, "push", True, camp, env))
    assert actions == ["actions/checkout", "actions/setup-python", "actions/configure-pages",
                       "actions/upload-pages-artifact", "actions/upload-artifact"]
    assert (runner.bin / "hexcrawl").is_file()
    home = (camp / "site" / "players" / "index.html").read_text("utf-8")
    assert f'<link rel="canonical" href="{PAGES_URL}/"' in home
    gm_note = "The brook runs red for one hour at every full moon."
    players = "".join(p.read_text("utf-8", errors="replace")
                      for p in (camp / "site" / "players").rglob("*") if p.is_file())
    assert gm_note not in players
    assert gm_note in (camp / "site" / "gm" / "hex-key" / "index.html").read_text("utf-8") or \
        any(gm_note in p.read_text("utf-8") for p in (camp / "site" / "gm").rglob("*.html"))
    # the run's summary: what went public, collapsed; no GM note in it
    summary = (tmp_path / "step-summary.md").read_text("utf-8")
    assert summary.startswith("<details><summary>What the players' site newly shows. ")
    assert "No players' site has been built in" in summary and ": a new page" in summary
    assert gm_note not in summary

    shutil.rmtree(camp / "site")
    actions = list(run_steps(path, "pull_request", False, camp, env))
    assert actions == ["actions/checkout", "actions/setup-python"]
    assert (camp / "site" / "players" / "index.html").is_file()

    shutil.rmtree(camp / "site")
    actions = list(run_steps(path, "push", True, camp, env, public_repository=PUBLIC_REPOSITORY))
    assert actions == ["actions/checkout", "actions/setup-python", "actions/upload-artifact",
                       "actions/upload-artifact"]
    home = (camp / "site" / "players" / "index.html").read_text("utf-8")
    assert '<link rel="canonical" href="https://gm-example.github.io/reach-players/"' in home


@pytest.mark.parametrize(("repository", "site_url", "expected"), [
    ("GM-Example/reach-players", "", "https://gm-example.github.io/reach-players"),
    ("gm-example/GM-Example.github.io", "", "https://gm-example.github.io"),
    ("gm-example/reach", "https://reach.example.org/", "https://reach.example.org"),
])
def test_the_public_repository_s_address(repository: str, site_url: str, expected: str,
                                          tmp_path: Path) -> None:
    """The address the players' site is built for when it goes to a public repository:
    that repository's project Pages, its user Pages, or PLAYERS_SITE_URL (a custom domain)."""
    (step,) = [s for s in workflow(WORKFLOWS[1])["jobs"]["build"]["steps"]
               if s.get("id") == "public"]
    out = tmp_path / "out"
    env = {"PATH": os.environ["PATH"], "REPOSITORY": repository, "ADDRESS": site_url,
           "GITHUB_OUTPUT": str(out)}
    result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c",
                             step["run"]], env=env, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr + result.stdout
    assert out.read_text("utf-8") == f"base_url={expected}\n"


@pytest.mark.parametrize("repository", ["reach-players", "a/b/c", "a/b c", "a/$(id)"])
def test_a_wrong_public_repository_fails_the_build_early(repository: str,
                                                         tmp_path: Path) -> None:
    (step,) = [s for s in workflow(WORKFLOWS[1])["jobs"]["build"]["steps"]
               if s.get("id") == "public"]
    env = {"PATH": os.environ["PATH"], "REPOSITORY": repository, "ADDRESS": "",
           "GITHUB_OUTPUT": str(tmp_path / "out")}
    result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c",
                             step["run"]], env=env, capture_output=True, text=True, check=False)
    assert result.returncode == 1
    assert "::error::PLAYERS_SITE_REPOSITORY must be OWNER/NAME" in result.stdout


@pytest.mark.parametrize(("site_url", "cname"), [
    ("", ""), ("https://gm.github.io/reach/", ""),
    ("https://reach.example.org/", "reach.example.org"),
    ("https://maps.example.org/reach/", "maps.example.org")])
def test_a_custom_domain_is_kept(site_url: str, cname: str, tmp_path: Path) -> None:
    (step,) = [s for s in workflow(WORKFLOWS[1])["jobs"]["publish-players"]["steps"]
               if s.get("id") == "domain"]
    out = tmp_path / "out"
    out.write_text("", "utf-8")
    env = {"PATH": os.environ["PATH"], "ADDRESS": site_url, "GITHUB_OUTPUT": str(out)}
    subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
                   env=env, check=True)
    assert out.read_text("utf-8") == (f"cname={cname}\n" if cname else "")


def test_pre_commit_hook_runs_hexcrawl_check(installed: Venv, tmp_path: Path) -> None:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text("utf-8"))
    (hook,) = hooks
    assert hook["id"] == "hexcrawl-check" and hook["language"] == "python"
    assert hook["pass_filenames"] is False
    files = re.compile(hook["files"])
    for name in ("campaign.yaml", "hexes/map.yaml", "content/sessions/01.yaml",
                 "locations/mill.md", "mkdocs.yml", "templates/home.md"):
        assert files.search(name), name
    for name in ("README.md", "site/players/index.html", "notes.txt"):
        assert not files.search(name), name
    run(installed.bin / "hexcrawl", "new", "reach", cwd=tmp_path, env=installed.env())
    result = run(*hook["entry"].split(), cwd=tmp_path / "reach" / "hexes",
                 env=installed.env())
    assert "0 errors" in result.stderr
