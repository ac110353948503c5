"""A Russian- or Ukrainian-speaking GM reads no English that hexcrawl wrote: every page of
both sites of the example built in the language (Markdown, the SVG maps' text, what a reader
sees of the HTML in them), a scripted ``play`` session at a terminal and ``check`` on a
campaign with errors of many kinds hold no Latin-script word but the campaign's own text,
dice notation where the GM types it, and the few names that are no language
(``tests/latin_helpers.py``)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT
from latin_helpers import (
    CampaignText,
    campaign_words,
    hexcrawls_words,
    site_leftovers,
    terminal_leftovers,
)

from generator.play.commands import COMMANDS

from play_helpers import copy_campaign, run_play

LANGUAGES = ["ru", "uk"]


def _in_language(root: Path, language: str) -> None:
    campaign = root / "campaign.yaml"
    text = re.sub(r"(?m)^language:.*\n", "", campaign.read_text("utf-8"))
    campaign.write_text(f"language: {language}\n" + text, "utf-8")


@pytest.fixture
def built(example_translated: tuple[str, Path]) -> tuple[str, Path]:
    """The example in Russian, then Ukrainian, its pages generated once per test run
    (``conftest.py``); read only."""
    return example_translated


@pytest.mark.parametrize("site", ["players", "gm"])
def test_every_page_of_both_sites_is_in_the_language(built: tuple[str, Path], site: str,
                                                     ) -> None:
    language, repo = built
    docs = repo / "build" / site / "docs"
    assert len(list(docs.rglob("*.md"))) >= 25 and list(docs.rglob("*.svg"))
    assert site_leftovers(docs, campaign_words(repo / "content")) == {}, language


def test_the_detector_is_not_fooled_by_the_campaigns_words() -> None:
    """The campaign's words excuse only themselves, as written: its "her doom die" does not
    excuse hexcrawl's "Doom (Wren)", its "a d4 until the next long rest" does not excuse a
    "d6" hexcrawl wrote, and English left in a tooltip or an SVG label is found."""
    own = CampaignText(frozenset({"doom", "die", "Wren", "a", "until", "the", "next"}),
                       ("a d4 until the next long rest",))
    page = ("Wren: a d4 until the next long rest. Doom (Wren) **d6** `checks: d20`\n"
            '<span title="Permanent link">¶</span> <svg><text>Unexplored</text></svg>\n')
    assert hexcrawls_words(page, own) == ["Doom", "d", "Permanent", "link", "Unexplored"]
    assert hexcrawls_words("<svg><text>Lost</text></svg>", own, markdown=False) == ["Lost"]


def _run(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LANGUAGE": "", "LC_ALL": "", "LANG": "C"}
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def _broken(tmp_path: Path, language: str) -> Path:
    """The example campaign in ``language`` with errors and warnings of many kinds: YAML
    syntax, unknown ids and keys, a value of the wrong type, model errors, replay errors
    (an unmet ``expect:``, a roll out of range)."""
    root = copy_campaign(tmp_path)
    _in_language(root, language)
    paths = root / "paths.yaml"
    paths.write_text(paths.read_text("utf-8")
                     + "old-way: {kind: trial, hexes: [\"0101\", \"0102\"]}\n"
                     + "short-way: {kind: trail, hexes: [\"0101\"]}\n", "utf-8")
    (root / "hexes" / "broken.yaml").write_text("\"0101\":\n  terrain: forest\n    x: 1\n",
                                                "utf-8")
    sessions = sorted((root / "sessions").glob("*.yaml"))
    first = sessions[0]
    first.write_text(first.read_text("utf-8").replace("number: 1", "number: one", 1), "utf-8")
    second = sessions[1]
    second.write_text(second.read_text("utf-8") + "  - use: {resource: nothing-such}\n",
                      "utf-8")
    return root


def _replay_errors(tmp_path: Path, language: str) -> Path:
    """The example campaign in ``language``, well-formed, whose last session's replay goes
    wrong: a roll out of its die's range and an ``expect:`` the replay does not meet."""
    root = copy_campaign(tmp_path)
    _in_language(root, language)
    last = sorted((root / "sessions").glob("*.yaml"))[-1]
    last.write_text(last.read_text("utf-8") + "  - travel: {heading: N}\n"
                    "    rolls: {navigation: 99}\n    expect: {hex: \"0101\"}\n", "utf-8")
    return root


@pytest.mark.parametrize("language", LANGUAGES)
def test_check_on_a_broken_campaign_is_in_the_language(tmp_path: Path, language: str) -> None:
    root = _broken(tmp_path, language)
    done = _run(root, "check")
    assert done.returncode == 1, done.stderr
    diagnostics = re.findall(r"(?m)^\S+:\d+:\d+: (?:error|warning): ", done.stderr)
    assert len(diagnostics) >= 4, done.stderr
    assert terminal_leftovers(done.stderr, campaign_words(root)) == [], done.stderr


@pytest.mark.parametrize("language", LANGUAGES)
def test_check_on_replay_errors_is_in_the_language(tmp_path: Path, language: str) -> None:
    root = _replay_errors(tmp_path, language)
    done = _run(root, "check")
    assert done.returncode == 1, done.stderr
    assert re.search(r"(?m)^\S+:\d+:\d+: error: ", done.stderr), done.stderr
    assert terminal_leftovers(done.stderr, campaign_words(root)) == [], done.stderr


_SYMBOL = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
           '<circle cx="5" cy="5" r="4"/></svg>\n')


def _one_error_per_kind(tmp_path: Path, language: str) -> tuple[Path, list[str]]:
    """The example campaign in ``language`` with a mistake in each kind of content file
    (campaign.yaml, hexes, terrain, paths, regions, locations, tables, sessions) and in its map
    symbols, and the files each is reported in."""
    root = copy_campaign(tmp_path)
    _in_language(root, language)

    def append(name: str, text: str) -> None:
        path = root / name
        path.write_text(path.read_text("utf-8") + text, "utf-8")

    campaign = root / "campaign.yaml"
    campaign.write_text(campaign.read_text("utf-8").replace("  gear: []", "  gear: [compas]", 1),
                        "utf-8")
    (root / "hexes" / "zz-again.yaml").write_text('"0104":\n  terrain: forest\n', "utf-8")
    append("terrain.yaml", "bogland:\n  like: swmp\n")
    append("paths.yaml", 'far-way: {kind: trail, hexes: ["0101", "0105"]}\n')
    append("regions.yaml", 'odd-corner:\n  name: Odd Corner\n  hexes: ["0302-0101"]\n')
    (root / "locations" / "odd-stone.md").write_text(
        '---\nname: Odd Stone\nhex: "0101"\nvisibility: hidden\nvisible_from: 2\n---\n'
        "A stone.\n", "utf-8")
    (root / "tables" / "gaps.yaml").write_text(
        "id: gaps\nname: Gaps\ndice: 1d6\nrows:\n  - {roll: 1-2, result: Crows}\n"
        "  - {roll: 4-7, result: Rooks}\n", "utf-8")
    second = sorted((root / "sessions").glob("*.yaml"))[1]
    append(f"sessions/{second.name}", "  - reveal: [nowhere-such]\n")
    (root / "symbols").mkdir()
    (root / "symbols" / "nowhere.svg").write_text(_SYMBOL, "utf-8")
    (root / "symbols" / "hills.svg").write_text(_SYMBOL.replace("<circle", "<script/><circle"),
                                                "utf-8")
    return root, ["campaign.yaml", "hexes/zz-again.yaml", "terrain.yaml", "paths.yaml",
                  "regions.yaml", "locations/odd-stone.md", "tables/gaps.yaml",
                  f"sessions/{second.name}", "symbols/nowhere.svg", "symbols/hills.svg"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_check_speaks_the_language_for_every_kind_of_file(tmp_path: Path, language: str,
                                                          ) -> None:
    root, files = _one_error_per_kind(tmp_path, language)
    done = _run(root, "check")
    assert done.returncode == 1, done.stderr
    reported = set(re.findall(r"(?m)^(\S+):\d+:\d+: (?:error|warning): ", done.stderr))
    assert set(files) <= reported, done.stderr
    assert terminal_leftovers(done.stderr, campaign_words(root)) == [], done.stderr


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_mkdocs_config_is_reported_in_the_language(tmp_path: Path,
                                                             language: str) -> None:
    """The campaign's own mkdocs.yml with a tag that would run code: ``check`` and ``build``
    refuse it at its place, in the campaign's language."""
    root = copy_campaign(tmp_path)
    _in_language(root, language)
    (root / "mkdocs.yml").write_text("extra:\n  run: !!python/name:os.system\n", "utf-8")
    for command in (["check"], ["build", "--docs-only", "--out", str(tmp_path / "site")]):
        done = _run(root, *command)
        assert done.returncode == 1, done.stderr
        assert re.search(r"(?m)^mkdocs\.yml:2:\d+: error: ", done.stderr), done.stderr
        assert "Traceback" not in done.stderr
        # MkDocs is the name of the tool that builds the sites
        assert terminal_leftovers(done.stderr, campaign_words(root),
                                  frozenset({"MkDocs"})) == [], done.stderr


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_text_mapper_import_with_bad_input_speaks_the_language(tmp_path: Path,
                                                                 language: str) -> None:
    """A mapping file with mistakes, and a map too large for a campaign, imported into a
    campaign in ``language``: refused, nothing written, every message in the language."""
    root = copy_campaign(tmp_path)
    _in_language(root, language)
    before = sorted(p.relative_to(root) for p in root.rglob("*"))
    own = campaign_words(root)
    (tmp_path / "map.txt").write_text('0101 forest\n01.01-99999999.01 river "L"\n', "utf-8")
    (tmp_path / "words.yaml").write_text(
        'lines: {canyon: wall}\nsites: {pyramid: ""}\nterrain: {bog: bogland}\n', "utf-8")
    for args in (["--mapping", str(tmp_path / "words.yaml")], []):
        done = _run(root, "import", "text-mapper", str(tmp_path / "map.txt"), "--into",
                    str(root), *args)
        assert done.returncode == 1, done.stderr
        assert re.search(r"(?m)^\S+:\d+:\d+: error: ", done.stderr), done.stderr
        assert "Traceback" not in done.stderr
        assert terminal_leftovers(done.stderr, own) == [], done.stderr
    assert sorted(p.relative_to(root) for p in root.rglob("*")) == before


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_report_of_a_text_mapper_import_speaks_the_language(tmp_path: Path,
                                                                language: str) -> None:
    """What an import wrote and left behind (a line that is no path, a word no table knows,
    styling, an include), and whether the campaign loads, in the campaign's language; Text
    Mapper is the tool's name."""
    root = copy_campaign(tmp_path)
    _in_language(root, language)
    (tmp_path / "marsh.txt").write_text(
        '0101 forest "Stone"\n0102 weird-bog\n0101-0102 border\n0101 attributes fill="red"\n'
        "include default.txt\n", "utf-8")
    done = _run(root, "import", "text-mapper", str(tmp_path / "marsh.txt"), "--into",
                str(root))
    assert "Traceback" not in done.stderr
    assert (root / "hexes" / "marsh.yaml").is_file(), done.stdout + done.stderr
    assert len(done.stdout.splitlines()) >= 6, done.stdout
    assert terminal_leftovers(done.stdout + done.stderr, campaign_words(root),
                              frozenset({"Text", "Mapper"})) == [], done.stdout + done.stderr


#: A game day at the table as the GM types it, each command with what the GM answers at its
#: roll prompts (``*``: the generator rolls the rest): a navigation that fails (a 1, which
#: costs a doom die roll) and veers a face; a forced march; a camp with foraging; an
#: encounter from a table; a rest and a sleep; a ruling; a hustle; a usage die stepping
#: down; a chase the party loses; a search; undo and the errors of a mistyped line.
TABLE_DAY: list[tuple[str, list[str]]] = [
    ("help", []), ("look", []), ("travel N", ["1", "", "1", "*"]), ("status", []),
    ("camp forage", ["*"]), ("encounter elderholt-encounters", ["*"]), ("rest", ["*"]),
    ("sleep", ["*"]), ("ruling lost unaware note спорят о дороге", []), ("status", []),
    ("travel S hustle 2", ["*"]), ("use lamp-oil by Tib Quill", ["1"]),
    ("chase wilderness from hask-wolves distance 90", ["*"]), ("search", ["*"]),
    ("status", []), ("undo", []), ("fly", []), ("travel Q", []), ("quit", []),
]

#: what the GM types that the messages name: the keys as the keyboard names them, the
#: commands (``help — список``) and the headings a command takes (``N, NE, SE``)
TYPED = frozenset({"Enter", "Ctrl", "C", *COMMANDS, "N", "NE", "E", "SE", "S", "SW", "W",
                   "NW"})


def _play_a_day(root: Path) -> str:
    """What ``hexcrawl play`` printed for ``TABLE_DAY``, without what the GM typed (echoed
    after each prompt) and the commands' syntax in the help, which the GM types."""
    typed = "".join(f"{command}\n" + "".join(f"{a}\n" for a in answers)
                    for command, answers in TABLE_DAY)
    done = run_play(root, typed, "--continue")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    out = re.sub(r"(?m)(^с\d+ день \d+ в\d> |\]: ).*$", r"\1", done.stdout + done.stderr)
    return re.sub(rf"(?m)^  (?:{'|'.join(COMMANDS)})\b.*?   ", "  ", out)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_day_of_play_is_in_the_language(tmp_path: Path, language: str) -> None:
    root = copy_campaign(tmp_path)
    _in_language(root, language)
    transcript = _play_a_day(root)
    # the day went as scripted: a veer, rolls in the language's notation, a step down, a
    # chase, an undo
    assert re.search(r"[+-]1 \(на 1 ", transcript) and "1к20" in transcript, transcript
    assert "к8 -> к6" in transcript and "«search»" in transcript
    assert terminal_leftovers(transcript, campaign_words(root), TYPED, whole=True) == [], \
        transcript


@pytest.mark.parametrize("language", LANGUAGES)
def test_check_warnings_of_the_log_are_in_the_language(tmp_path: Path, language: str) -> None:
    """A search for a place far away, the reveal of a hidden place no one told the players
    of, a "GM only" note the players would read, and a key the format does not know."""
    root = copy_campaign(tmp_path)
    _in_language(root, language)
    last = sorted((root / "sessions").glob("*.yaml"))[-1]
    last.write_text(last.read_text("utf-8") + "  - search: {target: gate-of-teeth}\n"
                    "  - reveal: [barrow-of-the-antlered-king]\n", "utf-8")
    gate = root / "locations" / "gate-of-teeth.md"
    gate.write_text(gate.read_text("utf-8") + '\n!!! note "GM only"\n    A spy.\n', "utf-8")
    done = _run(root, "check")
    assert done.returncode == 0, done.stderr
    warnings = re.findall(r"(?m)^\S+:\d+:\d+: warning: ", done.stderr)
    assert len(warnings) == 3, done.stderr
    assert terminal_leftovers(done.stderr, campaign_words(root)) == [], done.stderr
    last.write_text(last.read_text("utf-8") + "  - camp: {}\n    bogus_key: 1\n", "utf-8")
    done = _run(root, "check")
    assert done.returncode == 1 and "bogus_key" in done.stderr, done.stderr
    assert terminal_leftovers(done.stderr, campaign_words(root)) == [], done.stderr


#: Log entries that make the engine speak: recorded rolls the watches never use (a rest's
#: navigation, a second encounter value, a camp's realise), watches the table did not roll
#: (the seeded generator's rolls that change the story), a forage, a march to the south, a
#: ruling that sets nothing and one that records dice.
ENGINE_TALKS = """  - rest: {}
    rolls: {navigation: 12, encounter: [4, 5]}
  - camp: {forage: true}
    rolls: {realise: 3}
  - travel: {heading: S}
  - travel: {heading: S}
  - travel: {heading: S}
  - ruling: {note: спор у костра}
  - ruling: {lost: false}
    rolls: {navigation: 3}
"""

#: What each language says of a recorded roll left unused and of a seeded roll that changed
#: the story: the warnings are there, in the language.
UNUSED = {"ru": "не использован этой вахтой", "uk": "не використаний цією вахтою"}
SEEDED = {"ru": ("генератор выбросил", "сделал генератор"),
          "uk": ("генератор викинув", "зробив генератор")}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_engines_warnings_are_in_the_language(tmp_path: Path, language: str) -> None:
    """``check`` on a log whose rolls go unused, whose unrecorded dice change the story and
    whose rulings say nothing, and the GM session page of that log (the watches' warnings):
    no English hexcrawl wrote."""
    repo = tmp_path / "repo"
    root = repo / "content"
    shutil.copytree(ROOT / "content", root)
    shutil.copy(ROOT / "mkdocs.yml", repo / "mkdocs.yml")
    _in_language(root, language)
    last = sorted((root / "sessions").glob("*.yaml"))[-1]
    last.write_text(last.read_text("utf-8") + ENGINE_TALKS, "utf-8")
    done = _run(repo, "check")
    assert done.returncode == 0, done.stderr
    warnings = re.findall(r"(?m)^\S+:\d+:\d+: warning: .*$", done.stderr)
    assert len(warnings) >= 6, done.stderr
    assert UNUSED[language] in done.stderr, done.stderr
    assert any(said in done.stderr for said in SEEDED[language]), done.stderr
    own = campaign_words(root)
    assert terminal_leftovers(done.stderr, own) == [], done.stderr
    built = _run(repo, "build", "--docs-only")
    assert built.returncode == 0, built.stderr
    page = repo / "build" / "gm" / "docs" / "sessions" / last.with_suffix(".md").name
    text = page.read_text("utf-8")
    assert UNUSED[language] in text, text
    assert hexcrawls_words(text, own) == [], text


#: A watch's own warning in ``play``: the party is told to travel to the hex it is in (the
#: example's last session ends in 0410).
ALREADY_THERE = {"ru": "предупреждение: отряд уже в 0410, цели пути",
                 "uk": "попередження: загін уже в 0410, меті шляху"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_watchs_warning_in_play_is_in_the_language(tmp_path: Path, language: str) -> None:
    root = copy_campaign(tmp_path)
    _in_language(root, language)
    done = run_play(root, "travel 0410\n*\nquit\n", "--continue")
    assert done.returncode == 0, done.stdout + done.stderr
    assert ALREADY_THERE[language] in done.stdout, done.stdout
    assert "already in" not in done.stdout + done.stderr
