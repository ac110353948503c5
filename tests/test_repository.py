"""The repository stands alone: no file points outside it, and every document it links exists."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
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
