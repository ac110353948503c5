"""``hexcrawl print``'s forms from before the command group print what the new forms print:
the same PDFs, with the same text (the program in a subprocess, headless Chromium,
``pdftotext``). How each form is parsed is in ``test_print_cmd.py``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from campaign_factory import write_campaign
from print_helpers import need

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_campaign(tmp_path_factory.mktemp("forms") / "campaign")


def printed(root: Path, out: Path, args: list[str]) -> dict[str, str]:
    """``hexcrawl print ARGS`` into ``out``: each PDF's name and text."""
    result = subprocess.run(
        [sys.executable, "-m", "generator.cli", "print", *args, "--content", str(root),
         "--out", str(out)], cwd=root.parent, capture_output=True, text=True, check=False,
        timeout=900)
    assert result.returncode == 0, result.stdout + result.stderr
    listed = sorted(Path(line).name for line in result.stdout.split())
    pdfs = sorted(out.glob("*.pdf"))
    assert listed == [pdf.name for pdf in pdfs]
    pdftotext = need("pdftotext")
    return {pdf.name: subprocess.run([pdftotext, "-layout", "-enc", "UTF-8", str(pdf), "-"],
                                     capture_output=True, text=True, check=True).stdout
            for pdf in pdfs}


@pytest.mark.parametrize("old, new, names", [
    ([], ["sheets"], None),
    (["--paper", "Letter", "travel", "tables"], ["sheets", "tables", "travel", "--paper",
                                                 "Letter"], ["tables.pdf", "travel.pdf"]),
    (["--audience", "players", "--paper", "A3", "map"],
     ["map", "--paper", "A3", "--audience", "players"], ["map-players.pdf"]),
    (["--language", "ru", "booklet"], ["booklet", "--language", "ru"], ["booklet.pdf"]),
], ids=["every-sheet", "some-sheets", "map", "booklet"])
def test_the_old_form_prints_what_the_new_one_prints(
        root: Path, tmp_path: Path, old: list[str], new: list[str],
        names: list[str] | None) -> None:
    need("chromium")
    before = printed(root, tmp_path / "old", old)
    after = printed(root, tmp_path / "new", new)
    assert list(before) == list(after)
    if names is not None:
        assert list(after) == names
    else:
        assert {"gm-screen.pdf", "travel.pdf", "tables.pdf"} <= set(after)
    for name, text in before.items():
        assert text == after[name], name
        assert text.strip(), name
