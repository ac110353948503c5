"""Printing (generator/printing/): headless Chromium prints every sheet, the roll tables
and the GM screen; ``pdftotext`` finds every row of every table; page counts stay within the
designed sizes on A4 and Letter.

Without Chromium or pdftotext these tests skip locally, but never in CI (``CI=true``): there
they fail, since .ci/run installs both.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.content.campaign import Campaign
from generator.printing import chromium as browser
from generator.printing import sheets
from generator.reference.mdtables import plain, tables_in
from generator.reference.sheets import SYSTEMS, TOPICS
from tests.conftest import made_once

from campaign_factory import dump, load, write_campaign

pytestmark = pytest.mark.browser

IN_CI = os.environ.get("CI", "").lower() == "true"

TABLES = {
    "tables/weather.yaml": {"id": "weather", "name": "Weather", "audience": "players",
                            "rows": [{"weight": 3, "result": "Fair and bright"},
                                     {"weight": 2, "result": "Rain from the west"},
                                     {"weight": 1, "result": "Storm", "table": "omens"}]},
    "tables/omens.yaml": {"id": "omens", "name": "Storm omens",
                          "rows": [{"weight": 1, "result": "A drowned bell rings",
                                    "gm": "The bell-ringer is alive"},
                                   {"weight": 3, "result": "Nothing at all"}]},
    "tables/road.yaml": {"id": "road", "name": "On the road", "dice": "2d6",
                         "rows": [{"roll": "2-6", "result": "Bandits at a ford",
                                   "distance": "2d6x10", "reaction": True},
                                  {"roll": "7-12", "result": "Pilgrims singing"}]},
}


def need(tool: str, found: str | None) -> str:
    if found:
        return found
    if IN_CI:
        pytest.fail(f"{tool} is missing, and CI must run the print tests (.ci/run installs it)")
    pytest.skip(f"{tool} is not installed")


@pytest.fixture(scope="module")
def chromium() -> str:
    try:
        found: str | None = browser.find_chromium()
    except browser.PrintError:
        found = None
    return need("chromium", found)


@pytest.fixture(scope="module")
def pdftotext() -> str:
    return need("pdftotext", shutil.which("pdftotext"))


@pytest.fixture(scope="module")
def campaign(tmp_path_factory: pytest.TempPathFactory) -> Campaign:
    root = write_campaign(tmp_path_factory.mktemp("print-campaign"),
                          files={k: dump(v) for k, v in TABLES.items()})
    c, diags = load(root)
    assert c is not None, [d.format() for d in diags.sorted()]
    return c


#: (language, paper) -> the documents printed for it
RUNS = {("en", "A4"): None, ("en", "Letter"): None,
        ("ru", "A4"): ["gm-screen-d20", "gm-screen-brp", "gm-screen-bsh", "encounters",
                       "travel", "checks-brp"],
        ("uk", "Letter"): ["gm-screen-d20", "gm-screen-brp", "gm-screen-bsh", "encounters",
                           "modifiers", "chases"]}


@pytest.fixture(scope="module")
def printed(campaign: Campaign, chromium: str, pdftotext: str,
            tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], list[Path]]:
    """The PDFs of every run of ``RUNS``, in the order ``print_pdfs`` returned them: printed
    once per test run, however many pytest-xdist workers run this module's tests (each
    worker's ``campaign`` is the same campaign, written from the same files)."""
    def make(folder: Path) -> None:
        order: dict[str, list[str]] = {}
        for (language, paper), only in RUNS.items():
            pdfs = sheets.print_pdfs(campaign, folder / f"pdf-{language}-{paper}", language,
                                     paper, systems=SYSTEMS, only=only, chromium=chromium)
            order[f"{language}-{paper}"] = [str(pdf.relative_to(folder)) for pdf in pdfs]
        (folder / "order.json").write_text(json.dumps(order), encoding="utf-8")

    folder = made_once(tmp_path_factory, "printed-sheets", make)
    order = json.loads((folder / "order.json").read_text(encoding="utf-8"))
    return {(language, paper): [folder / rel for rel in order[f"{language}-{paper}"]]
            for language, paper in RUNS}


def text_of(pdf: Path) -> str:
    result = subprocess.run(["pdftotext", "-raw", "-enc", "UTF-8", str(pdf), "-"],
                            capture_output=True, text=True, check=True)
    return result.stdout


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def page_size(pdf: Path) -> tuple[float, float]:
    m = re.search(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf.read_bytes())
    assert m, pdf
    return float(m.group(1)), float(m.group(2))


def test_every_sheet_is_printed(printed: dict[tuple[str, str], list[Path]]) -> None:
    names = [p.stem for p in printed[("en", "A4")]]
    assert names == [*(f"gm-screen-{s}" for s in SYSTEMS), *TOPICS, "tables"]
    for paths in printed.values():
        for pdf in paths:
            assert pdf.read_bytes().startswith(b"%PDF"), pdf


def test_page_counts_stay_within_the_design(campaign: Campaign,
                                            printed: dict[tuple[str, str], list[Path]]
                                            ) -> None:
    over = []
    for (language, paper), paths in printed.items():
        for pdf in paths:
            pages = browser.page_count(pdf)
            assert pages >= 1
            if pages > sheets.page_budget(pdf.stem, campaign):
                over.append((language, paper, pdf.stem, pages))
    assert not over, over


def test_gm_screen_fits_two_pages_on_a4_and_letter(
        printed: dict[tuple[str, str], list[Path]]) -> None:
    for paths in printed.values():
        for pdf in paths:
            if pdf.stem.startswith("gm-screen"):
                assert browser.page_count(pdf) <= 2, pdf


@pytest.mark.parametrize(("paper", "width", "height"), [("A4", 595, 842),
                                                        ("Letter", 612, 792)])
def test_paper_size_and_orientation(printed: dict[tuple[str, str], list[Path]], paper: str,
                                    width: int, height: int) -> None:
    for pdf in printed[("en", paper)]:
        w, h = page_size(pdf)
        if pdf.stem.startswith("gm-screen"):
            w, h = h, w  # landscape
        assert abs(w - width) < 2 and abs(h - height) < 2, (pdf.stem, w, h)


def test_pdftotext_finds_every_row(campaign: Campaign,
                                   printed: dict[tuple[str, str], list[Path]]) -> None:
    """Every cell of every table of every sheet is in the PDF's text (whitespace aside:
    pdftotext breaks lines where the cell wraps)."""
    for (language, paper), paths in printed.items():
        documents, _ = sheets.sheets(campaign, language, systems=SYSTEMS)
        by_name = {d.name: d.markdown for d in documents}
        for pdf in paths:
            text = squash(text_of(pdf))
            tables = tables_in(by_name[pdf.stem])
            assert tables, pdf.stem
            missing = []
            for tid, table in tables.items():
                for row in table.rows:
                    for cell in row:
                        wanted = squash(plain(cell))
                        if wanted and wanted not in text:
                            missing.append((tid, row[0], cell))
            assert not missing, (language, paper, pdf.stem, missing[:5])


def test_gm_tables_print_with_gm_notes(printed: dict[tuple[str, str], list[Path]]) -> None:
    tables_pdf = next(p for p in printed[("en", "A4")] if p.stem == "tables")
    text = squash(text_of(tables_pdf))
    for words in ("Storm omens", "The bell-ringer is alive", "Bandits at a ford",
                  "distance 2d6×10 ft"):
        assert squash(words) in text


def test_standalone_html_needs_no_network(campaign: Campaign) -> None:
    docs, _ = sheets.sheets(campaign, "en")
    css = sheets.PRINT_CSS.read_text(encoding="utf-8")
    for doc in docs:
        page = sheets.html_document(doc, campaign.name, "en", "Letter", css)
        assert not re.search(r"(src|href)=\"(https?:)?//", page), doc.name
        assert "@import" not in page and "size: letter" in page


def test_missing_chromium_is_a_clear_error(monkeypatch: pytest.MonkeyPatch,
                                           campaign: Campaign, tmp_path: Path) -> None:
    monkeypatch.setattr(browser, "CHROMIUM_CANDIDATES", ("/nonexistent/chromium",))
    monkeypatch.delenv("HEXCRAWL_CHROMIUM", raising=False)
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(browser.PrintError, match="apt-get install chromium"):
        sheets.print_pdfs(campaign, tmp_path)
    with pytest.raises(ValueError, match="paper"):
        sheets.print_pdfs(campaign, tmp_path, paper="A5")


def test_a_failing_sheet_override_is_an_error_at_its_line(tmp_path: Path,
                                                          chromium: str) -> None:
    """``hexcrawl print`` renders the campaign's own sheet templates like the site does: one
    that fails is ``PATH:LINE:COL: error:``, exit 1, no traceback and no PDF."""
    root = write_campaign(tmp_path / "c", files={
        "templates/reference/travel.md": "# Travel\n\n{{ 1/0 }}\n"})
    result = subprocess.run(
        [sys.executable, "-m", "generator.cli", "print", "travel", "--content", str(root),
         "--out", str(tmp_path / "out")],
        cwd=tmp_path, capture_output=True, text=True, check=False, timeout=300)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    # (paths inside the working folder print relative to it)
    assert result.stderr.startswith("c/templates/reference/travel.md:3:1: error: the template "
                                    "failed: ZeroDivisionError"), result.stderr
    assert not list(tmp_path.glob("out/*.pdf"))


def test_only_the_campaigns_own_check_system_prints_by_default(campaign: Campaign) -> None:
    """A d20 campaign's print holds the d20 checks sheet and no BRP or Black Sword Hack one;
    ``--system`` (``systems``) picks the systems, and naming a sheet prints it."""
    assert campaign.rules.checks == "d20"

    def names(**options: object) -> list[str]:
        return [d.name for d in sheets.sheets(campaign, "en", **options)[0]]  # type: ignore[arg-type]

    default = names()
    assert "checks-d20" in default and "gm-screen" in default
    assert not {"checks-brp", "checks-bsh"} & set(default)
    brp = names(systems=["brp"])
    assert "checks-brp" in brp and "gm-screen-brp" in brp
    assert not {"checks-d20", "checks-bsh"} & set(brp)
    both = names(systems=["d20", "brp"])
    assert [n for n in both if n.startswith("checks-")] == ["checks-d20", "checks-brp"]
    assert "checks-bsh" in names(checks=["checks-bsh"])
    # the players' sheets: their site's checks sheet, or the one --system names
    assert [n for n in names(audience="players") if n.startswith("checks-")] == ["checks-d20"]
    assert [n for n in names(audience="players", systems=["bsh"])
            if n.startswith("checks-")] == ["checks-bsh"]


def test_print_command_takes_the_system_for_the_checks_sheets(tmp_path: Path,
                                                              chromium: str) -> None:
    root = write_campaign(tmp_path / "c")
    out = tmp_path / "out"
    result = subprocess.run(
        [sys.executable, "-m", "generator.cli", "print", "checks-brp", "checks-bsh",
         "--system", "brp", "--content", str(root), "--out", str(out)],
        cwd=tmp_path, capture_output=True, text=True, check=False, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert sorted(p.name for p in out.glob("*.pdf")) == ["checks-brp.pdf", "checks-bsh.pdf"]
    result = subprocess.run(
        [sys.executable, "-m", "generator.cli", "print", "checks-brp", "--content", str(root),
         "--out", str(tmp_path / "none")],
        cwd=tmp_path, capture_output=True, text=True, check=False, timeout=300)
    assert result.returncode == 0, result.stderr
