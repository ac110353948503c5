"""The glossary of docs/translation.md: the Russian and Ukrainian catalogues use its terms,
counts of miles, hexes and watches go through plural forms, and the theme's own words
(palette toggle, permalink tooltip) are in the site's language."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import jinja2
import pytest
import yaml
from babel.messages.pofile import read_po
from mkdocs.utils.yaml import get_yaml_loader
from secret_campaign import load_secret_campaign, secret_chronicle

from generator.i18n import Translator, catalogue_path, install
from generator.site import write_docs

#: Words the glossary replaced: none may come back in any translation.
DRIFT = {
    "ru": [r"форсированн\w* ход", r"[Кк]ост\w* расхода", r"\b[Кк]убик\w*", r"обречённост",
           r"\b[Nn]atural\b", r"\bd\d+", r"Истинно",
           r"\bПредполагаемо\b", r"курс верный", r"там, где есть"],
    "uk": [r"\bварт(а|и|у|ою|і|ами)\b", r"кістк\w* року", r"кість фатуму", r"\bфатум",
           r"форсован\w* хід", r"[Кк]істк\w* витрати", r"\b[Кк]убик\w*", r"приреченост",
           r"Рахуйте їх перевагами", r"\bПнС\b", r"\bПдЗ\b", r"\bПнЗ\b", r"\bПдС\b",
           r"[Nn]atural", r"d\d+", r"Справді"],
}
PLACEHOLDER = re.compile(r"%\(\w+\)s")
#: A message that puts a number before one of these nouns must have plural forms.
UNIT = re.compile(r"%\((?!distance)\w+\)s (miles?|hex(es)?|watch(es)?|days?)\b(?! %\()")


def catalogue(language: str) -> Any:
    with catalogue_path(language).open("rb") as po:
        return read_po(po, locale=language)


def strings(message: Any) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple) else [message.string]


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_translations_use_the_glossary_terms(language: str) -> None:
    found = [(m.id, word) for m in catalogue(language) if m.id
             for text in strings(m) for word in DRIFT[language]
             if re.search(word, PLACEHOLDER.sub("", text))]
    assert found == []


def test_every_count_of_a_unit_has_plural_forms() -> None:
    singles = [m.id for m in catalogue("ru") if m.id and not isinstance(m.id, tuple)
               and m.context != "fractional count"
               and m.context != "count as the object of a verb" and UNIT.search(m.id)]
    assert singles == []


@pytest.mark.parametrize(("language", "expected"), [
    ("ru", ["1 миля", "2 мили", "5 миль", "21 миля", "4,2 мили", "24 мили", "12 миль"]),
    ("uk", ["1 миля", "2 милі", "5 миль", "21 миля", "4,2 милі", "24 милі", "12 миль"]),
])
def test_miles_take_the_plural_form_of_their_number(language: str,
                                                    expected: list[str]) -> None:
    t = Translator(language)
    values = [1, 2, 5, 21, 4.2, Fraction(24), Fraction(12)]
    assert [t.count(v, "mile") for v in values] == expected


def test_a_count_after_a_verb_is_in_the_accusative() -> None:
    ru, uk = Translator("ru"), Translator("uk")
    assert ru.gettext("you make about %(distance)s",
                      distance=ru.count(1, "mile", case="object")) == \
        "вы проходите примерно 1 милю"
    assert ru.count(Fraction(21, 5), "mile", case="object") == "4,2 мили"
    assert uk.count(21, "watch", case="object") == "21 вахту"


def render(language: str, source: str, **values: Any) -> str:
    env = jinja2.Environment(autoescape=False)
    t = Translator(language)
    install(env, t)
    return env.from_string(source).render(t=t, **values)


def test_the_hex_key_says_how_long_the_party_stayed() -> None:
    source = ('{{ ngettext("visited for %(num)s watch", "visited for %(num)s watches", v) }}'
              ' ({{ ngettext("%(num)s of them lost", "%(num)s of them lost", lost) }})')
    assert render("ru", source, v=1, lost=2) == "провели 1 вахту (из них 2 — в блужданиях)"
    assert render("uk", source, v=4, lost=1) == "провели 4 вахти (з них 1 — у блуканнях)"


def test_session_day_and_dice_read_as_words_and_the_language_notation() -> None:
    assert render("ru", '{{ pgettext("day, short", "D%(day)s", day=3) }}') == "День 3"
    assert Translator("ru").dice("1d20") == "1к20"
    assert Translator("uk").dice("2d6+1") == "2к6+1"
    assert Translator("en").dice("1d20") == "1d20"


def test_compass_points_use_the_standard_ukrainian_abbreviations() -> None:
    t = Translator("uk")
    assert [t.label("face_short", f) for f in ("N", "NE", "SE", "S", "SW", "NW")] == \
        ["Пн", "ПнСх", "ПдСх", "Пд", "ПдЗх", "ПнЗх"]


@pytest.mark.parametrize(("language", "dark", "light", "link"), [
    ("ru", "Тёмная тема", "Светлая тема", "Постоянная ссылка"),
    ("uk", "Темна тема", "Світла тема", "Постійне посилання"),
    ("en", "Dark mode", "Light mode", "Permanent link"),
])
def test_the_theme_words_are_in_the_site_language(tmp_path: Path, language: str, dark: str,
                                                  light: str, link: str) -> None:
    campaign = load_secret_campaign(tmp_path / "c", language=language)
    result = write_docs(campaign, secret_chronicle(), "players", tmp_path / "build",
                        tmp_path / "site")
    config = yaml.load(result.config.read_text("utf-8"),  # noqa: S506 (MkDocs' own loader)
                       Loader=get_yaml_loader())
    names = [p["toggle"]["name"] for p in config["theme"].get("palette", [])]
    if language == "en":
        assert names in ([], ["Dark mode", "Light mode"])
    else:
        assert names == [dark, light]
    toc = [e["toc"] for e in config["markdown_extensions"] if isinstance(e, dict) and "toc" in e]
    assert toc and toc[0]["permalink_title"] == link
