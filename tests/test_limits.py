"""Hostile content in bounded time and memory, and never a traceback (issue 10).

Each test runs the real command line in a subprocess whose address space is capped
(``RLIMIT_AS``): the inputs are modest, but without their limit each one would parse, expand
or enumerate far past the cap (or never finish). Every failure is checked for the message at
its place (``PATH:LINE:COL: error: MESSAGE``), exit status 1 and no traceback; a failing build
leaves the previous site as it was.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator import mkdocs_config
from generator.content import yamlpos

from campaign_factory import write_campaign

ROOT = Path(__file__).resolve().parent.parent
#: Address space for one command (Python with MkDocs and pydantic imported needs ~150 MB)
MEMORY = 500 * 1024 * 1024


def _cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def hexcrawl(*args: str, cwd: Path, capped: bool = True) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd, env=env,
                            capture_output=True, text=True, check=False, timeout=600,
                            preexec_fn=_cap_memory if capped else None)
    result.cwd = cwd  # type: ignore[attr-defined]
    return result


def fails_with(result: subprocess.CompletedProcess[str], where: Path | str,
               message: str, line: int | None = None, col: int | None = None) -> str:
    """Assert exit 1, no traceback, and one error line at ``where`` (line, col if given)
    containing ``message``; return that line."""
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert "Traceback" not in output, output
    # paths print relative to the working directory when inside it
    prefix = str(where)
    if Path(where).is_absolute() and Path(where).is_relative_to(result.cwd):  # type: ignore
        prefix = os.path.relpath(where, result.cwd)  # type: ignore[attr-defined]
    if line is not None:
        prefix += f":{line}"
        if col is not None:
            prefix += f":{col}"
    found = [x for x in result.stderr.splitlines()
             if x.startswith(prefix + ":") and ": error: " in x and message in x]
    assert found, f"no error at {prefix} with {message!r} in:\n{result.stderr}"
    return found[0]


def check(root: Path) -> subprocess.CompletedProcess[str]:
    return hexcrawl("check", "--content", str(root), cwd=root.parent)


def session(log: str, number: int = 2) -> dict[str, str | None]:
    return {f"sessions/{number:02d}.yaml": f"session: {number}\n" + log}


# ---------------------------------------------------------------------------------------------
# 7, 8, 15: YAML past its limits, stopped while reading


@pytest.mark.parametrize("text", [
    "title: " + "[" * 1000 + "]" * 1000 + "\n",
    "title: " + "{a: " * 1000 + "1" + "}" * 1000 + "\n",
    "gm:\n" + "".join("  " * i + "- \n" for i in range(1, 1001)),
    "gm:\n" + "".join("  " * i + f"k{i}:\n" for i in range(1, 1001)) + "  " * 1001 + "x\n",
], ids=["flow-lists", "flow-mappings", "block-lists", "block-mappings"])
def test_nesting_1000_deep_is_an_error_at_the_101st_level(tmp_path: Path, text: str) -> None:
    root = write_campaign(tmp_path / "c", files=session(text))
    result = check(root)
    error = fails_with(result, root / "sessions" / "02.yaml",
                       f"YAML nesting is deeper than {yamlpos.MAX_DEPTH} levels")
    line = int(error.split(":")[1])
    assert line <= 3 + yamlpos.MAX_DEPTH  # it stopped there, not at the end of the file


def test_a_file_over_the_size_limit_is_refused_before_parsing(tmp_path: Path) -> None:
    """A 9 MB list of 2.3 million rows: parsed whole it would need gigabytes."""
    big = "id: big\nname: Big\nrows:\n" + "- {result: x}\n" * 650_000
    assert len(big) > yamlpos.MAX_FILE_BYTES
    root = write_campaign(tmp_path / "c", files={"tables/big.yaml": big})
    fails_with(check(root), root / "tables" / "big.yaml",
               "error: the file is larger than 8 MiB, the limit for one file (split it into "
               "several files)")


def test_the_value_limit_stops_parsing_where_it_is_passed(tmp_path: Path) -> None:
    """2 MB, 500,000 values: the error comes at the value past the limit (line ~250,000),
    so the rest of the file is never parsed."""
    rows = "".join(f"  - {i}\n" for i in range(500_000))
    root = write_campaign(tmp_path / "c", files=session("gm:\n" + rows))
    error = fails_with(check(root), root / "sessions" / "02.yaml",
                       f"more than {yamlpos.MAX_VALUES} values in one file: split it into "
                       f"several files")
    line = int(error.split(":")[1])
    assert yamlpos.MAX_VALUES - 10 < line < yamlpos.MAX_VALUES + 10


def test_aliased_rows_count_every_value_they_repeat(tmp_path: Path) -> None:
    """300,000 aliases of one row in 1.2 MB expand to 1.5 million values: stopped at the
    alias that passes the limit (a row is five values: itself and two keys with values)."""
    text = "id: al\nname: Al\nrows:\n  - &r {result: x, reaction: true}\n" + "  - *r\n" * 300_000
    root = write_campaign(tmp_path / "c", files={"tables/al.yaml": text})
    error = fails_with(check(root), root / "tables" / "al.yaml",
                       "counting every value an alias repeats each time it is used", col=5)
    line = int(error.split(":")[1])
    assert line < 4 + yamlpos.MAX_VALUES // 5 + 2


def test_a_billion_laughs_in_content_is_stopped(tmp_path: Path) -> None:
    lines = ["lol: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    root = write_campaign(tmp_path / "c", files=session("gm:\n  " + "\n  ".join(lines) + "\n"))
    fails_with(check(root), root / "sessions" / "02.yaml", "counting every value an alias "
               "repeats", 8, 18)


# ---------------------------------------------------------------------------------------------
# 16, 17: templates and the campaign's mkdocs.yml; the previous site stays


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    repo = tmp_path_factory.mktemp("repo")
    write_campaign(repo / "content")
    result = hexcrawl("build", cwd=repo, capped=False)
    assert result.returncode == 0, result.stderr
    yield repo


def _snapshot(site: Path) -> dict[Path, bytes]:
    return {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()}


BILLION_LAUGHS = "\n".join(
    ["extra:", "  a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    + [f"  {n}: &{n} [" + ", ".join([f"*{p}"] * 9) + "]"
       for p, n in zip("abcdefgh", "bcdefghi", strict=True)]) + "\n"


@pytest.mark.parametrize(("name", "data", "at", "message"), [
    ("templates/home.md", b"# Home\n\n{{ 1/0 }}\n", (3, 1),
     "the template failed: ZeroDivisionError: division by zero"),
    ("templates/home.md", b"# Home\n\ncaf\xe9\n", (3, 4),
     "not UTF-8 text: invalid continuation byte (byte 0xe9); save the file as UTF-8"),
    ("templates/home.md", b"# Home\n{% include 'home.md' %}\n", (2, 1),
     "templates include each other without end"),
    ("templates/home.md", b"# Home\n{% include 'nowhere.md' %}\n", (2, 1),
     "TemplateNotFound: nowhere.md"),
    ("templates/home.md", b"# Home\n\n{% if %}\n", (3, 1), "template syntax: Expected an "
     "expression"),
    ("templates/location.md", b"{{ location.nope }}\n", (1, 1), "UndefinedError"),
    ("mkdocs.yml", b"extra:\n  x: " + b"[" * 1200 + b"]" * 1200 + b"\n", (2, 69),
     f"YAML nesting is deeper than {mkdocs_config.MAX_DEPTH} levels"),
    ("mkdocs.yml", b"site_author: \xff\n", (1, 14), "not UTF-8 text: invalid start byte"),
    ("mkdocs.yml", BILLION_LAUGHS.encode(), (7, 10),
     f"more than {mkdocs_config.MAX_NODES} values in one file, counting every value an alias "
     f"repeats each time it is used"),
], ids=["zero-division", "not-utf8", "includes-itself", "include-missing", "syntax",
        "undefined", "mkdocs-deep", "mkdocs-not-utf8", "mkdocs-alias-bomb"])
def test_a_broken_template_or_config_fails_at_its_place_and_keeps_the_site(
        built: Path, tmp_path: Path, name: str, data: bytes, at: tuple[int, int],
        message: str) -> None:
    repo = tmp_path / "repo"
    shutil.copytree(built, repo)
    before = _snapshot(repo / "site")
    target = repo / "content" / name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    result = hexcrawl("build", cwd=repo)
    fails_with(result, Path("content") / name, message, *at)
    assert "the previous site in site is untouched" in result.stderr
    assert _snapshot(repo / "site") == before
