"""This repository's own workflows: the test matrix, and the release that publishes to PyPI by
trusted publishing only for a tag naming pyproject.toml's version. (Lint and pins:
test_repository.py.)"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = ROOT / ".github" / "workflows"
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]


def workflow(name: str) -> dict[Any, Any]:
    data: dict[Any, Any] = yaml.safe_load((WORKFLOWS / name).read_text("utf-8"))
    data["on"] = data.pop(True, data.get("on"))  # YAML 1.1 reads the key `on` as true
    return data


def actions(job: dict[str, Any]) -> list[str]:
    return [str(s["uses"]).split("@")[0] for s in job["steps"] if "uses" in s]


def test_the_unit_tests_run_on_three_systems_and_the_full_suite_with_chromium() -> None:
    data = workflow("tests.yml")
    assert data["permissions"] == {"contents": "read"}
    unit, full = data["jobs"]["unit"], data["jobs"]["full"]
    matrix = unit["strategy"]["matrix"]
    assert set(matrix["os"]) == {"ubuntu-latest", "macos-latest", "windows-latest"}
    assert "3.11" in matrix["python"] and {"3.12", "3.13"} & set(matrix["python"])
    runs = [s["run"] for s in unit["steps"] if "run" in s]
    assert 'python -m pip install -c constraints.txt -e ".[test]"' in runs
    assert 'python -m pytest -m "not e2e"' in runs
    assert full["runs-on"] == "ubuntu-latest"
    assert [s["run"] for s in full["steps"] if "run" in s][-1] == ".ci/run"
    ci_run = (ROOT / ".ci" / "run").read_text("utf-8")
    assert "chromium" in ci_run and ci_run.rstrip().endswith("python -m pytest")


def test_the_release_publishes_by_trusted_publishing_only() -> None:
    data = workflow("release.yml")
    assert data["on"] == {"push": {"tags": ["v*"]}}
    assert data["permissions"] == {"contents": "read"}
    jobs = data["jobs"]
    assert actions(jobs["pypi"]) == ["actions/download-artifact",
                                     "pypa/gh-action-pypi-publish"]
    assert jobs["pypi"]["permissions"] == {"id-token": "write"}
    assert jobs["pypi"]["environment"]["name"] == "pypi"
    assert jobs["pypi"]["needs"] == "build"
    publish = jobs["pypi"]["steps"][-1]
    assert not set(publish.get("with") or {}) & {"password", "user", "repository-url"}
    assert "secrets." not in (WORKFLOWS / "release.yml").read_text("utf-8")
    assert jobs["github-release"]["permissions"] == {"contents": "write"}
    assert jobs["github-release"]["needs"] == "pypi"
    # only the release job may write, and only the PyPI job gets an OIDC token
    for name, job in jobs.items():
        permissions = job.get("permissions", {})
        assert ("id-token" in permissions) == (name == "pypi")
        assert (permissions.get("contents") == "write") == (name == "github-release")
    build = "\n".join(s.get("run", "") for s in jobs["build"]["steps"])
    assert "python -m build" in build and "twine check --strict dist/*" in build


def tag_check() -> str:
    (step,) = [s for s in workflow("release.yml")["jobs"]["build"]["steps"]
               if s.get("id") == "version"]
    return str(step["run"])


@pytest.mark.skipif(sys.platform == "win32" or shutil.which("bash") is None,
                    reason="the step is a bash script run on ubuntu-latest")
@pytest.mark.parametrize(("tag", "ok"), [(f"v{VERSION}", True), (VERSION, False),
                                         (f"v{VERSION}.1", False), ("v0.0.0-test", False)])
def test_the_release_runs_only_for_the_tag_of_pyproject_s_version(tag: str, ok: bool,
                                                                   tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.write_text("", "utf-8")
    # `python` is the interpreter running the tests, as setup-python's is on the runner
    python = Path(sys.executable).parent
    env = {**os.environ, "PATH": f"{python}{os.pathsep}{os.environ['PATH']}", "TAG": tag,
           "GITHUB_OUTPUT": str(out)}
    result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c",
                             tag_check()], cwd=ROOT, env=env, capture_output=True, text=True,
                            check=False)
    if ok:
        assert result.returncode == 0, result.stdout + result.stderr
        assert out.read_text("utf-8") == f"version={VERSION}\n"
    else:
        assert result.returncode == 1
        assert f"::error::the tag {tag} is not the version of pyproject.toml, {VERSION}" in \
            result.stdout
        assert out.read_text("utf-8") == ""
