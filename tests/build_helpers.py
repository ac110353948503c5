"""Running ``hexcrawl build --docs-only`` in-process and reading what it wrote."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from generator import cli


def docs_build(root: Path, jobs: str, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``hexcrawl build --docs-only`` of the campaign in ``root`` with ``HEXCRAWL_JOBS``
    set to ``jobs``: the build folder (beside ``root``)."""
    monkeypatch.setenv("HEXCRAWL_JOBS", jobs)
    out = CliRunner().invoke(cli.main, ["build", "--docs-only", "--content", str(root)])
    assert out.exit_code == 0, out.output
    return root.parent / "build"


def files_of(root: Path) -> dict[str, bytes]:
    """Every file below ``root`` (the build's lock file left out), by relative path."""
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file() and p.name != ".hexcrawl.lock"}
