"""`check` and `--help` speak the campaign's language (or the user's where there is no
campaign): every diagnostic, the summary and the hints; the `PATH:LINE:COL: error:` prefix
stays the same in every language, for editors and CI problem matchers."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "content"

#: Latin-script words that are no language: file and format names, YAML keys and values a
#: GM types, ids of the broken campaign below.
ALLOWED = {"yaml", "YAML", "md", "d", "id", "name", "hex", "hexes", "rolls", "travel",
           "heading", "toward", "follow", "landmark", "expect", "lost", "true", "false",
           "hexcrawl", "settle", "docs", "format", "rulings", "navigation", "kind", "trail",
           "trial", "road", "river", "highway", "campaign", "seed", "sessions", "paths",
           "terrain", "forest", "forrest", "tables", "kings", "raod", "encounter", "UTF",
           "MiB", "columns", "rows", "number", "list", "seeded", "check", "session"}
WORD = re.compile(r"[A-Za-z]{2,}")


def _run(cwd: Path, *args: str, lang: str = "C") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LANGUAGE": "", "LC_ALL": "", "LANG": lang}
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def _broken(tmp_path: Path, language: str) -> Path:
    """The example campaign in ``language``, with errors of several kinds."""
    root = tmp_path / "camp"
    shutil.copytree(EXAMPLE, root)
    campaign = root / "campaign.yaml"
    text = campaign.read_text(encoding="utf-8")
    text = re.sub(r"(?m)^language:.*\n", "", text)
    campaign.write_text(f"language: {language}\n" + text, encoding="utf-8")
    paths = root / "paths.yaml"
    paths.write_text(paths.read_text(encoding="utf-8")
                     + "old-way: {kind: trial, hexes: [\"0101\", \"0102\"]}\n"
                     + "short-way: {kind: trail, hexes: [\"0101\"]}\n", encoding="utf-8")
    (root / "hexes" / "broken.yaml").write_text("\"0101\":\n  terrain: forest\n    x: 1\n",
                                                encoding="utf-8")
    first = sorted((root / "sessions").glob("*.yaml"))[0]
    first.write_text(first.read_text(encoding="utf-8").replace("number: 1", "number: one", 1),
                     encoding="utf-8")
    return root


def _latin(lines: list[str]) -> list[str]:
    """Latin-script words outside paths, quotes and the diagnostic's prefix."""
    found = []
    for line in lines:
        text = re.sub(r"^\S+:\d+:\d+: (error|warning): ", "", line)
        text = re.sub(r"'[^']*'|\"[^\"]*\"|\S*[/\\.]\S*|--[a-z-]+", " ", text)
        found += [w for w in WORD.findall(text) if w not in ALLOWED]
    return found


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_check_speaks_the_campaigns_language(tmp_path: Path, language: str) -> None:
    root = _broken(tmp_path, language)
    done = _run(root, "check")
    assert done.returncode == 1, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    diagnostics = [line for line in lines if re.match(r"^\S+:\d+:\d+: (error|warning): ", line)]
    assert len(diagnostics) >= 3, lines
    assert _latin(lines) == []
    summary = lines[-1]
    assert re.fullmatch(r"\d+ (ошиб\w+|помил\w+), \d+ (предупрежд\w+|попереджен\w+)", summary)


def test_check_in_english_keeps_its_words(tmp_path: Path) -> None:
    root = _broken(tmp_path, "en")
    done = _run(root, "check", lang="ru_RU.UTF-8")  # the campaign's language wins
    assert done.returncode == 1
    assert "unknown key" in done.stderr or "is not one of" in done.stderr
    assert re.search(r"(?m)^\d+ errors?, \d+ warnings?$", done.stderr)


def test_help_in_the_campaigns_language(tmp_path: Path) -> None:
    root = _broken(tmp_path, "ru")
    done = _run(root, "check", "--help")
    assert done.returncode == 0
    assert "Использование:" in done.stdout and "Параметры" in done.stdout
    assert "Проверить кампанию" in done.stdout
    assert "Show this message" not in done.stdout


def test_help_outside_a_campaign_follows_the_locale(tmp_path: Path) -> None:
    done = _run(tmp_path, "--help", lang="uk_UA.UTF-8")
    assert "Використання:" in done.stdout and "Команди" in done.stdout
    english = _run(tmp_path, "--help")
    assert "Usage:" in english.stdout and "Commands" in english.stdout
