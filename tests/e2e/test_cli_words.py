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


# -- every command's --help, a usage error and replay, in Russian and Ukrainian -----------
from tests.latin_helpers import campaign_words, terminal_leftovers  # noqa: E402

COMMANDS = ("", "check", "build", "serve", "import", "import text-mapper", "export",
            "export text-mapper", "schema", "roll", "play", "replay", "new", "public", "settle",
            "print", "print sheets", "print map", "print booklet")


def _in(tmp_path: Path, language: str) -> Path:
    """The example campaign in ``language``."""
    root = tmp_path / language
    shutil.copytree(EXAMPLE, root)
    campaign = root / "campaign.yaml"
    text = re.sub(r"(?m)^language:.*\n", "", campaign.read_text(encoding="utf-8"))
    campaign.write_text(f"language: {language}\n" + text, encoding="utf-8")
    return root


#: what a help page names that is no language: the tools and services by their names, the
#: words of a command the GM types (a git revision, apt-get), the commands' own names
HELP_NAMES = frozenset({
    "Chromium", "chromium", "Debian", "apt", "install", "GitHub", "PyPI", "MkDocs", "Markdown",
    "Material", "Text", "Mapper", "git", "HEAD", "main", "ENV", "VS", "Code", "vscode",
    *(word for command in COMMANDS for word in re.split(r"[ -]", command) if word),
    "sheets", "map", "booklet", "gm", "screen", "theme", "generator", "memo", "expect",
})


#: the name click gives the program when it runs as ``python -m generator.cli``
PROG = "python -m generator.cli"
#: the width click wraps help at when the output is no terminal (80 columns, less a margin);
#: CliRunner would otherwise force 80, so the pages would not be the ones the program prints
NO_TERMINAL_WIDTH = 78
#: the locale of ``_run``'s processes: none that names a language
NO_LOCALE = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C"}


def _help_leftovers(text: str) -> list[str]:
    """The English of a help page, but for what the GM types: option values ("[a|b]",
    defaults), short options, ids (``TABLE_ID``, ``$GITHUB_STEP_SUMMARY``), the program's own
    name, math notation of a range ("5<=x<=200") and the content markers ``check --strict``
    quotes ('!!! note "GM only"')."""
    text = text.replace("python -m generator.cli", " ")
    text = re.sub(r"\[[^\]\n]*\|[^\]\n]*\]", " ", text)      # a choice of values
    text = re.sub(r"\[[^\]:\n]+: [^\]\n]+\]", " ", text)     # a default value
    text = re.sub(r"\d+<=x<=\d+|(?<![\w-])-[a-z]\b|\$?\b[A-Z]+(?:_[A-Z]+)+\b", " ", text)
    text = re.sub(r"\(\'## Secrets\'.*?\)", " ", text, flags=re.S)
    # a file name, a git tag the GM types
    text = re.sub(r"\S+\.(?:json|bak|pdf)\b|\bv1\b", " ", text)
    return terminal_leftovers(text, campaign_words(EXAMPLE), HELP_NAMES)


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_every_commands_help_in_the_campaigns_language(tmp_path: Path, language: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command's ``--help``, run from inside the campaign with an English locale as a GM
    would, by the program's own group in one process (the language is chosen afresh by each
    invocation, from the folder and the locale, as in a process of its own)."""
    from click.testing import CliRunner

    from generator.cli import main

    root = _in(tmp_path, language)
    monkeypatch.chdir(root)
    runner = CliRunner()
    found = {}
    for command in COMMANDS:
        done = runner.invoke(main, [*command.split(), "--help"], prog_name=PROG,
                             terminal_width=NO_TERMINAL_WIDTH, env=NO_LOCALE)
        assert done.exit_code == 0, (command, done.output, done.exception)
        words = _help_leftovers(done.stdout)
        if words:
            found[command or "hexcrawl"] = words
    assert found == {}, found


@pytest.mark.parametrize("language", ["ru", "uk"])
@pytest.mark.parametrize("args", [["check", "--bogus"], ["chek"], ["replay", "--session", "x"],
                                  ["print", "map", "--paper", "B5"], ["roll"],
                                  ["check", "0101"], ["build", "--out"]])
def test_usage_errors_in_the_campaigns_language(tmp_path: Path, language: str,
                                                args: list[str]) -> None:
    root = _in(tmp_path, language)
    done = _run(root, *args)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    if args != ["build", "--out"]:  # click gives that error no command to show the usage of
        assert ("Использование:" if language == "ru" else "Використання:") in done.stderr
    assert ("Ошибка: " if language == "ru" else "Помилка: ") in done.stderr
    # the metavars (TABLE_ID) are ids; the rest is words
    assert _help_leftovers(re.sub(r"\b[A-Z]+(?:_[A-Z]+)+\b", " ", done.stderr)) == []


def test_usage_errors_outside_a_campaign_follow_the_locale(tmp_path: Path) -> None:
    done = _run(tmp_path, "check", "--bogus", lang="uk_UA.UTF-8")
    assert done.returncode == 2
    assert "Немає параметра '--bogus'" in done.stderr and "Try" not in done.stderr
    english = _run(tmp_path, "check", "--bogus")
    assert "Error: No such option '--bogus'" in english.stderr
    assert "Usage:" in english.stderr and "Try '" in english.stderr


ROLL_LINE = re.compile(r"(?m)^ {7}[a-z_-]+(?= +\d*[dк]\d)")


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_replay_in_the_campaigns_language(tmp_path: Path, language: str) -> None:
    """replay's frame, outcomes, marks and dice in the language; what stays is the rolls'
    purposes (the keys the log's rolls: records them under) and the campaign's own text."""
    root = _in(tmp_path, language)
    done = _run(root, "replay")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert ROLL_LINE.search(out)
    for english in ("LOST", "believed", "[recorded]", "[seeded]", "critical_failure", "kl1",
                    "kh1"):
        assert english not in out, english
    assert not re.search(r"\bday \d+ watch \d+", out)
    assert ("2к20, меньший" if language == "ru" else "2к20, менший") in out
    assert terminal_leftovers(ROLL_LINE.sub(" ", out), campaign_words(root), whole=True) == []
    data = _run(root, "replay", "--json")
    assert '"critical_failure"' in data.stdout or '"failure"' in data.stdout  # data, English


def test_replay_in_english_keeps_its_words() -> None:
    done = _run(EXAMPLE, "replay", "--session", "2")
    assert "day 3 watch 2" in done.stdout and "believed" in done.stdout
    assert "[recorded]" in done.stdout and "LOST" in done.stdout


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_public_speaks_the_language_of_the_campaign_it_is_given(tmp_path: Path,
                                                                language: str) -> None:
    """``public --content`` run from outside any campaign: the diagnostics are in that
    campaign's language, not the user's locale (English here)."""
    root = _in(tmp_path, language)
    campaign = root / "campaign.yaml"
    campaign.write_text(campaign.read_text(encoding="utf-8").replace(
        "  gear: []", "  gear: [compas]", 1), encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = _run(elsewhere, "public", "--content", str(root), "--out", str(tmp_path / "none"))
    assert done.returncode == 0, done.stderr
    warning = next(line for line in done.stderr.splitlines() if "'compas'" in line)
    assert re.match(r"^\S+:\d+:\d+: warning: ", warning)
    assert "has no effect" not in warning
    assert terminal_leftovers(warning, campaign_words(root)) == []
    assert terminal_leftovers(done.stdout.splitlines()[0], campaign_words(root)) == []


@pytest.mark.parametrize(("language", "table", "generator"), [
    ("ru", "[за столом]", "[генератор]"), ("uk", "[за столом]", "[генератор]")])
def test_play_says_who_rolled_each_die(tmp_path: Path, language: str, table: str,
                                       generator: str) -> None:
    """A die typed in is the table's; a die the GM lets the generator roll (Enter) is the
    generator's, though both go into the log's rolls:."""
    from play_helpers import HEXCRAWL, Terminal

    root = _in(tmp_path, language)
    with Terminal([*HEXCRAWL, "play", "--content", str(root), "--new", "--title", "T"],
                  tmp_path) as term:
        term.expect("день 9 в2>")
        term.send("rest\r")
        term.expect("]:")  # the encounter check's roll prompt
        term.send("\r")
        assert table not in term.expect(generator)
        term.expect("день 9 в3>")
        term.send("rest\r")
        term.expect("]:")
        term.send("5\r")
        assert generator not in term.expect(table)
        term.expect("день 9 в4>")
        term.send("quit\r")
        term.expect("]:")  # the session's summary for the chronicle
        term.send("\r")
        assert term.close() == 0
