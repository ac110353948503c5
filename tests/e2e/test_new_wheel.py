"""`hexcrawl new DIR --wheel FILE`: the wheel checked, kept in vendor/, and installed from there
by requirements.txt. The wheels here are small zip files shaped like hexcrawl's; the real one is
built, vendored, installed and run in tests/e2e/test_package.py."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from generator.scaffold import requirements_text, version

ROOT = Path(__file__).resolve().parents[2]
VERSION = version()
NAME = f"hexcrawl-{VERSION}-py3-none-any.whl"


def hexcrawl(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "generator.cli", *map(str, args)], cwd=cwd,
                          env=env, capture_output=True, text=True, check=False, timeout=300)


def make_wheel(path: Path, name: str = "hexcrawl", wheel_version: str = VERSION,
               package: bool = True) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    info = f"hexcrawl-{wheel_version}.dist-info"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"{info}/METADATA", f"Metadata-Version: 2.1\nName: {name}\n"
                                             f"Version: {wheel_version}\n")
        archive.writestr(f"{info}/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\n")
        if package:
            archive.writestr("generator/cli/__init__.py", "")
    return path


def requirement_lines_of(text: str) -> list[str]:
    return [line for line in text.splitlines() if line and not line.startswith("#")]


def requirement_lines(camp: Path) -> list[str]:
    return requirement_lines_of((camp / "requirements.txt").read_text("utf-8"))


def test_the_wheel_is_kept_in_vendor_and_required_from_there(tmp_path: Path) -> None:
    wheel = make_wheel(tmp_path / "dist" / NAME)
    result = hexcrawl("new", "reach", "--wheel", wheel, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    camp = tmp_path / "reach"
    assert (camp / "vendor" / NAME).read_bytes() == wheel.read_bytes()
    assert f"created {Path('reach') / 'vendor' / NAME}" in result.stdout
    lines = requirement_lines(camp)
    assert lines[0] == f"./vendor/{NAME}"
    assert not any(line.startswith("hexcrawl") for line in lines)
    # the dependencies stay pinned as without --wheel
    assert lines[1:] == [line for line in requirement_lines_of(requirements_text())
                         if not line.startswith("hexcrawl==")]
    assert (camp / "campaign.yaml").is_file()


def test_without_wheel_the_version_is_pinned_and_no_vendor(tmp_path: Path) -> None:
    assert hexcrawl("new", "reach", cwd=tmp_path).returncode == 0
    assert requirement_lines(tmp_path / "reach")[0] == f"hexcrawl=={VERSION}"
    assert not (tmp_path / "reach" / "vendor").exists()


@pytest.mark.parametrize(("name", "build", "message"), [
    ("missing.whl", None, "no such file"),
    ("folder.whl", "folder", "not a file"),
    ("notes.txt", "text", "not a wheel: its name must look like " + NAME),
    (f"hexcrawl-{VERSION}-py3-none-any (1).whl", "wheel", "not a wheel: its name"),
    (f"mkdocs-{VERSION}-py3-none-any.whl", "wheel", "a wheel of mkdocs, not of hexcrawl"),
    ("hexcrawl-99.0-py3-none-any.whl", "wheel99", f"a wheel of hexcrawl 99.0, but this is "
                                                  f"hexcrawl {VERSION}"),
    (NAME, "text", "not a wheel: the file is not a readable zip archive"),
    (NAME, "other", "not a wheel of hexcrawl"),
    (NAME, "empty", "not a wheel of hexcrawl"),
])
def test_a_wrong_wheel_is_refused_with_a_clear_message_and_nothing_written(
        tmp_path: Path, name: str, build: str | None, message: str) -> None:
    path = tmp_path / "given" / name
    path.parent.mkdir()
    if build == "folder":
        path.mkdir()
    elif build == "text":
        path.write_text("not a zip\n", "utf-8")
    elif build == "wheel":
        make_wheel(path)
    elif build == "wheel99":
        make_wheel(path, wheel_version="99.0")
    elif build == "other":
        make_wheel(path, name="not-hexcrawl")
    elif build == "empty":
        make_wheel(path, package=False)
    result = hexcrawl("new", "reach", "--wheel", path, cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.startswith(f"{path}: error: ")
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "reach").exists()


def test_a_vendored_wheel_already_there_is_never_overwritten(tmp_path: Path) -> None:
    wheel = make_wheel(tmp_path / "dist" / NAME)
    mine = tmp_path / "reach" / "vendor" / NAME
    mine.parent.mkdir(parents=True)
    mine.write_bytes(b"the GM's own file")
    result = hexcrawl("new", "reach", "--wheel", wheel, cwd=tmp_path)
    assert result.returncode == 1 and f"already holds vendor/{NAME}" in result.stderr
    assert mine.read_bytes() == b"the GM's own file"
    assert not (tmp_path / "reach" / "campaign.yaml").exists()
