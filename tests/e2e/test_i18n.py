"""Interface strings on gettext (generator/i18n/, generator/i18n/locale, babel.cfg).

The catalogues are checked against a fresh extraction from the sources, run with the
``pybabel extract`` command of docs/translation.md: a message the code uses but a catalogue
lacks, leaves untranslated, marks fuzzy or keeps obsolete fails, and so does a template
(.pot) behind the code. Plural forms come from the catalogue headers (CLDR through Babel),
and adding a language is adding a catalogue: a copy of the package with one more ``.po``
builds a site in that language.
"""

from __future__ import annotations

import ast
import dataclasses
import datetime as dt
import doctest
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po
from babel.util import pathmatch

import generator.i18n
import generator.i18n.markers
from generator.content.loader import load_campaign
from generator.i18n import (
    LOCALE_DIR,
    NOUNS,
    SOURCE_LANGUAGE,
    Translator,
    catalogue_path,
    languages,
)
from generator.knowledge import players_view
from generator.reference.render import reference_pages
from generator.render.pages import render_docs
from generator.replay import replay

REPO = Path(__file__).resolve().parents[2]
README = REPO / "docs" / "translation.md"
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def readme_command(program: str) -> list[str]:
    """docs/translation.md's ``pybabel <program> ...`` command line, as arguments."""
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith(f"pybabel {program} "):
            return shlex.split(line)
    raise AssertionError(f"docs/translation.md has no 'pybabel {program}' command")


def pybabel(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run pybabel (Babel's command line) with this interpreter."""
    code = "import sys; from babel.messages.frontend import main; sys.exit(main())"
    return subprocess.run([sys.executable, "-c", code, *args], cwd=cwd, capture_output=True,
                          text=True, check=True)


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def key(message: Message) -> tuple[str | None, str]:
    msgid = message.id[0] if isinstance(message.id, tuple) else message.id
    return message.context, str(msgid)


def keys(catalog: Catalog) -> set[tuple[str | None, str]]:
    return {key(m) for m in catalog if m.id}


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    """A template extracted now from the code and the templates, with docs/translation.md's
    command."""
    args = readme_command("extract")[1:]
    out = tmp_path_factory.mktemp("pot") / "fresh.pot"
    args[args.index("-o") + 1] = str(out)
    pybabel(args, REPO)
    return read(out)


def translated_languages() -> list[str]:
    return [lang for lang in languages() if lang != SOURCE_LANGUAGE]


def test_russian_and_ukrainian_catalogues_exist() -> None:
    assert {"ru", "uk"} <= set(translated_languages())
    assert SOURCE_LANGUAGE in languages()


def test_template_is_up_to_date_with_the_code(fresh: Catalog) -> None:
    committed = read(LOCALE_DIR / "hexcrawl.pot")
    assert keys(fresh) - keys(committed) == set(), "run docs/translation.md's pybabel extract"
    assert keys(committed) - keys(fresh) == set(), "run docs/translation.md's pybabel extract"
    assert len(keys(fresh)) > 700


@pytest.mark.parametrize("language", languages())
def test_catalogue_holds_exactly_the_code_messages(fresh: Catalog, language: str) -> None:
    catalog = read(catalogue_path(language), language)
    assert keys(fresh) - keys(catalog) == set(), f"{language}: missing, run pybabel update"
    assert keys(catalog) - keys(fresh) == set(), f"{language}: stale, run pybabel update"
    assert not catalog.obsolete, f"{language}: obsolete entries {list(catalog.obsolete)[:5]}"
    fuzzy = [key(m) for m in catalog if m.id and m.fuzzy]
    assert fuzzy == [], f"{language}: fuzzy entries to review"


@pytest.mark.parametrize("language", translated_languages())
def test_every_message_is_translated(language: str) -> None:
    catalog = read(catalogue_path(language), language)
    untranslated = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if len(strings) != catalog.num_plurals and isinstance(message.id, tuple) \
                or not all(s and s.strip() for s in strings):
            untranslated.append(key(message))
    assert untranslated == [], f"{language}: untranslated messages"


@pytest.mark.parametrize("language", translated_languages())
def test_translations_keep_the_placeholders(language: str) -> None:
    """Same ``%(name)s`` values as the English, and a valid %-format (``%%`` for ``%``)."""
    catalog = read(catalogue_path(language), language)
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        names = set().union(*(PLACEHOLDER.findall(i) for i in ids))
        values = {name: "x" for name in names}
        for text in (*ids, *strings):
            text % values  # raises on a stray % or a placeholder the code does not pass
        for text in strings:
            assert set(PLACEHOLDER.findall(text)) == names or (
                isinstance(message.id, tuple) and set(PLACEHOLDER.findall(text)) <= names), (
                    language, message.id, text)
    assert [errors for _, errors in catalog.check()] == [], language  # Babel's own checks


@pytest.mark.parametrize("language", languages())
def test_plural_forms_come_from_cldr(language: str) -> None:
    catalog = read(catalogue_path(language), language)
    expected = get_plural(language)
    assert catalog.num_plurals == expected.num_plurals
    assert catalog.plural_expr.replace(" ", "") == expected.plural_expr.replace(" ", "")


@pytest.mark.parametrize(("language", "counts"), [
    ("en", {1: "1 watch", 2: "2 watches", 11: "11 watches", 21: "21 watches"}),
    ("ru", {1: "1 вахта", 2: "2 вахты", 5: "5 вахт", 11: "11 вахт", 21: "21 вахта",
            22: "22 вахты", 25: "25 вахт", 111: "111 вахт", 1001: "1\xa0001 вахта"}),
    ("uk", {1: "1 вахта", 3: "3 вахти", 7: "7 вахт", 12: "12 вахт", 31: "31 вахта",
            44: "44 вахти", 100: "100 вахт"}),
])
def test_counts_take_the_language_plural(language: str, counts: dict[int, str]) -> None:
    t = Translator(language)
    assert {n: t.count(n, "watch") for n in counts} == counts


def test_fractions_have_their_own_form() -> None:
    assert Translator("en").count(4.5, "mile") == "4.5 miles"
    assert Translator("ru").count(4.5, "mile") == "4,5 мили"
    assert Translator("uk").count(0.5, "mile") == "0,5 милі"
    assert Translator("ru").count(4.0, "mile") == "4 мили"
    assert set(NOUNS) == {"watch", "day", "mile", "mph", "session", "hex", "place"}
    assert Translator("ru").count(Fraction(10, 3), "mph", 2) == "3,33 мили в час"
    assert [Translator("uk").count(n, "mph") for n in (1, 3, 5)] == [
        "1 миля на годину", "3 милі на годину", "5 миль на годину"]


def test_durations_and_times() -> None:
    assert Translator("en").duration(8) == "1 day and 2 watches"
    assert Translator("ru").duration(13) == "2 дня и 1 вахта"
    assert Translator("uk").when(3, 2) == "день 3, вахта 2 (світанок)"
    assert Translator("ru").label("activity", "travel") == "Переход"
    assert Translator("ru").label("activity", "odd_thing", "odd_thing") == "odd thing"
    with pytest.raises(KeyError):
        Translator("ru").label("activity", "odd_thing")


def test_contexts_tell_the_same_english_apart() -> None:
    ru = Translator("ru")
    assert ru.pgettext("activity", "Travel") == "Переход"
    assert ru.gettext("Travel") == "Путешествие"
    assert ru.gettext("%(pct)s%% chance it judges wrongly", pct=5) == "с шансом 5% ошибается"


def test_unknown_language_and_missing_message_fall_back_to_english() -> None:
    assert Translator("fr").language == "en"
    assert Translator("fr").gettext("Map") == "Map"
    assert Translator("ru").gettext("A message nobody wrote") == "A message nobody wrote"


def test_old_key_calls_fail_with_a_pointer_to_the_readme() -> None:
    with pytest.raises(TypeError, match="Interface languages"):
        Translator("en")("nav.map")


def mapped(path: str) -> bool:
    """Whether babel.cfg sends ``path`` (relative to the repository) to an extractor."""
    with (REPO / "babel.cfg").open(encoding="utf-8") as f:
        method_map, _ = parse_mapping_cfg(f)
    return any(pathmatch(pattern, path) for pattern, method in method_map if method != "ignore")


def test_mapping_covers_every_template_and_module() -> None:
    files = [p.relative_to(REPO).as_posix() for p in [*(REPO / "site_templates").rglob("*.md"),
                                                       *(REPO / "generator").rglob("*.py")]]
    assert len(files) > 40
    assert [path for path in files if not mapped(path)] == []


@pytest.mark.parametrize("module", [generator.i18n, generator.i18n.markers])
def test_module_doctests(module: object) -> None:
    assert doctest.testmod(module).failed == 0  # type: ignore[arg-type]


GERMAN = r'''msgid ""
msgstr ""
"Language: de\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"
"Content-Type: text/plain; charset=utf-8\n"

msgid "Map"
msgstr "Karte"

msgid "Where the party is"
msgstr "Wo die Gruppe ist"

msgid "Session %(n)s: %(title)s"
msgstr "Sitzung %(n)s: %(title)s"

msgid "%(num)s session"
msgid_plural "%(num)s sessions"
msgstr[0] "%(num)s Sitzung"
msgstr[1] "%(num)s Sitzungen"
'''


@pytest.mark.slow
def test_adding_a_language_is_adding_a_catalogue(tmp_path: Path) -> None:
    """A copy of the package with one more .po builds the sites in that language: no warning,
    its words on the pages, English where it has none, Material told the language."""
    for folder in ("generator", "site_templates", "content"):
        shutil.copytree(REPO / folder, tmp_path / folder,
                        ignore=shutil.ignore_patterns("__pycache__"))
    po = tmp_path / "generator" / "i18n" / "locale" / "de" / "LC_MESSAGES" / "hexcrawl.po"
    po.parent.mkdir(parents=True)
    po.write_text(GERMAN, encoding="utf-8")
    campaign = tmp_path / "content" / "campaign.yaml"
    campaign.write_text(re.sub(r"^language: .*$", "language: de",
                               campaign.read_text(encoding="utf-8"), flags=re.M),
                        encoding="utf-8")
    code = "import sys; from generator.cli import main; sys.exit(main())"
    result = subprocess.run(
        [sys.executable, "-c", code, "build", "--docs-only", "--audience", "players"],
        cwd=tmp_path, capture_output=True, text=True,
        env={**os.environ, "PYTHONPATH": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    assert "interface strings" not in result.stderr
    docs = tmp_path / "build" / "players" / "docs"
    home = (docs / "index.md").read_text(encoding="utf-8")
    assert "## Wo die Gruppe ist" in home
    assert re.search(r"\d+ Sitzung(en)?", home)
    assert "## Last session" in home  # no German for it: English
    config = (tmp_path / "build" / "players" / "mkdocs.yml").read_text(encoding="utf-8")
    assert "language: de" in config
    assert "Karte" in config  # the navigation


def test_catalogues_ship_as_package_data() -> None:
    """setup.py's package data names every catalogue (so the wheel carries them)."""
    tree = ast.parse((REPO / "setup.py").read_text(encoding="utf-8"))
    package_data = next(kw.value for node in ast.walk(tree) if isinstance(node, ast.Call)
                        for kw in node.keywords if kw.arg == "package_data")
    globs = ast.literal_eval(package_data)["generator.i18n"]
    root = REPO / "generator" / "i18n"
    shipped = {path for g in globs for path in glob.glob(g, root_dir=root, recursive=True)}
    files = [p.relative_to(root).as_posix() for p in LOCALE_DIR.glob("**/*.po*")]
    assert len(files) >= 4
    assert [f for f in files if f not in shipped] == []


# -- numbers and dates (CLDR through Babel) --------------------------------------------------


def test_numbers_percentages_and_dates_follow_the_language() -> None:
    en, ru, uk = Translator("en"), Translator("ru"), Translator("uk")
    assert (en.number(Fraction(9, 2)), ru.number(4.5), uk.number(9.96)) == ("4.5", "4,5", "10")
    assert (en.number(None), en.number(12.0), en.number(12345)) == ("", "12", "12,345")
    assert ru.number(12345) == "12\xa0345"
    assert (en.percent(100 / 6), ru.percent(100 / 6), uk.percent(25)) == (
        "16.7%", "16,7\xa0%", "25%")
    assert en.date("2025-10-04") == "October 4, 2025"
    assert ru.date(dt.date(2025, 10, 4)) == "4 октября 2025\u202fг."
    assert uk.date("2025-10-04", "medium") == "4 жовт. 2025\u202fр."
    assert ru.date("the first new moon") == "the first new moon"  # free text as written


@pytest.fixture(scope="module")
def russian_example() -> dict[str, str]:
    campaign, diags = load_campaign(REPO / "content")
    assert campaign is not None, [d.format() for d in diags.items]
    campaign = dataclasses.replace(campaign, language="ru")
    chronicle, _ = replay(campaign)
    return render_docs(players_view(campaign, chronicle)).files


def test_pages_write_dates_and_decimals_the_language_way(russian_example: dict[str, str]) -> None:
    sessions = russian_example["sessions/index.md"]
    assert "| 4 окт. 2025\u202fг. |" in sessions and "2025-10-04" not in sessions
    page = russian_example["sessions/03-the-sunken-chapel.md"]
    assert "**Дата игры:** 4 октября 2025\u202fг." in page
    assert re.search(r"\*\*Расстояние, по расчётам отряда:\*\* \d+,\d мили", page)


def test_sheets_write_percentages_and_dice_the_language_way() -> None:
    campaign, _ = load_campaign(REPO / "content")
    assert campaign is not None
    ru = reference_pages(campaign, "gm", "ru")
    assert re.search(r"\| \d+,\d\xa0% \|", ru["reference/tables/weather.md"])
    assert "2к6" in ru["reference/tables/weather.md"]
    uk = reference_pages(campaign, "gm", "uk")
    assert re.search(r"\| \d+,\d% \|", uk["reference/tables/weather.md"])
