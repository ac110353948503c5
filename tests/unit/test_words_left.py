"""The words a Russian or Ukrainian GM still met in English after the round that translated
the engine, the content diagnostics and the command line: ``settle``'s report and its
refusals, the writer's and the Markdown renderer's errors, a file's size limit, the ids
listed inside a message (quoted as the GM types them), the speed in a watch's summary and
who rolled a die in ``play``. Each is checked in both languages with the shared detector of
English (``latin_helpers``)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from latin_helpers import CampaignText, terminal_leftovers

from generator.cli.settle import report_line
from generator.content.markdown import MarkdownError, MarkdownRenderer
from generator.content.rolls_edit import RollsEditError, with_rolls
from generator.content.yamlpos import read_text
from generator.diagnostics import SourceError
from generator.dice import RollRecord, Word, said
from generator.i18n import Translator
from generator.play.present import roll_line
from generator.site.writer import TreeWriter, UnsafePath

from campaign_factory import load, write_campaign
from play_helpers import copy_campaign

LANGUAGES = ("ru", "uk")
NO_TEXT = CampaignText(frozenset(), ())


def _english(text: str) -> list[str]:
    # the name of the format, as the tool it names is called
    return terminal_leftovers(text, NO_TEXT, frozenset({"Markdown"}))


def _settlements(tmp: Path) -> list[object]:
    from generator.content.loader import load_campaign
    from generator.replay.settle import settle

    content = copy_campaign(tmp)
    (content / "sessions" / "07-afterwards.yaml").write_text(
        "session: 7\ntitle: Afterwards\nlog:\n  - travel: {heading: N}\n"
        "    rolls: {navigation: 15, distance: 8, judge_distance: 15, encounter: [6]}\n"
        "  - travel: {heading: N}\n    rolls: {encounter: [6]}\n    expect: {lost: true}\n"
        "  - rest: {}\n    expect: {hex: '0101', veer: 2}\n", encoding="utf-8")
    campaign, diags = load_campaign(content)
    assert campaign is not None, diags.items
    return list(settle(campaign))


def test_settle_reports_in_the_campaigns_language(tmp_path: Path) -> None:
    found = _settlements(tmp_path)
    assert any(s.settled for s in found) and any(not s.settled for s in found)  # type: ignore[attr-defined]
    for language in LANGUAGES:
        t = Translator(language)
        lines = [report_line(t, s) for s in found]  # type: ignore[arg-type]
        assert all(_english(line) == [] for line in lines), (language, lines)
        # the rolls' purposes and the expected values are quoted as the GM types them
        assert any("'navigation' " in line for line in lines), lines
        assert any("'veer: 2'" in line for line in lines), lines
    english = [report_line(Translator("en"), s) for s in found]  # type: ignore[arg-type]
    assert any("cannot settle this entry" in line for line in english)


@pytest.mark.parametrize("text", ["session: 1\n", "log: [1]\n",
                                  "log:\n  - rest: {}\n    rolls: {encounter: [3]}\n"])
def test_settles_refusals_are_messages(text: str) -> None:
    rolls = {0: {"encounter": [4, 5]}} if "rolls" in text else {0: {"encounter": [4]}}
    with pytest.raises(RollsEditError) as caught:
        with_rolls(text, rolls)
    for language in LANGUAGES:
        said_ = Translator(language).text(caught.value.text)
        assert said_ != caught.value.text.english()
        assert _english(said_) == [], said_


def test_the_writers_refusal_and_a_markdown_extension_are_messages(tmp_path: Path) -> None:
    with pytest.raises(UnsafePath) as unsafe:
        TreeWriter(tmp_path).path("../evil-table.md")
    with pytest.raises(MarkdownError) as markdown:
        MarkdownRenderer(["no_such_extension_here"])
    for exc in (unsafe.value, markdown.value):
        assert "outside" in str(exc) or "cannot load" in str(exc)
        for language in LANGUAGES:
            text = Translator(language).text(exc.text)
            # the extension's own error (Python's words) is quoted as it is
            text = text.split(": ModuleNotFoundError")[0].split(": ImportError")[0]
            assert _english(text) == [], text


@pytest.mark.parametrize(("limit", "ru", "uk"), [
    (101, "101 байт", "101 байт"), (102, "102 байта", "102 байти"),
    (105, "105 байт", "105 байтів")])
def test_a_files_size_limit_has_plural_forms(tmp_path: Path, limit: int, ru: str,
                                            uk: str) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"x" * 200)
    with pytest.raises(SourceError) as caught:
        read_text(big, limit=limit)
    assert f" {ru}," in Translator("ru").text(caught.value.text)
    assert f" {uk}," in Translator("uk").text(caught.value.text)
    assert f"larger than {limit} bytes" in caught.value.message


def test_ids_in_a_message_are_quoted_as_typed(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, {"terrain.yaml": "marsh:\n  navigation_dc: 14\n"},
                          campaign_overrides={"party": {"members": [
                              {"name": "Cael", "mount": "poni"}]},
                              "reference": {"players": ["travle"]}})
    _, diags = load(root)
    for language in LANGUAGES:
        t = Translator(language)
        said_ = [d.says(t.text) for d in diags.items]
        assert any("'forage_dc', 'speed'" in s for s in said_), said_
        assert any("'horse', 'pony'" in s for s in said_), said_
        assert any("'travel', " in s for s in said_), said_
        assert [w for s in said_ for w in _english(s)] == [], said_


def test_speeds_in_a_watchs_summary_have_plural_forms() -> None:
    def move(mph: Fraction) -> object:
        return said("move", miles=12, hours=4, into=("0712",), staying=None,
                    stretch=said("stretch", path=Word("path", "road"), mph=mph,
                                 exit=Word("face_short", "N"),
                                 side=Word("progress_kind", "far")))

    ru, uk = Translator("ru"), Translator("uk")
    assert "3 мили в час" in ru.said(move(Fraction(3)))  # type: ignore[arg-type]
    assert "5 миль в час" in ru.said(move(Fraction(5)))  # type: ignore[arg-type]
    assert "3,33 мили в час" in ru.said(move(Fraction(10, 3)))  # type: ignore[arg-type]
    assert "1 миля на годину" in uk.said(move(Fraction(1)))  # type: ignore[arg-type]
    assert "3,3 милі на годину" in uk.said(move(Fraction(33, 10)))  # type: ignore[arg-type]
    assert "3.3 mph" in Translator("en").said(move(Fraction(33, 10)))  # type: ignore[arg-type]
    assert "миль/ч" not in ru.said(move(Fraction(3)))  # type: ignore[arg-type]


@pytest.mark.parametrize(("language", "table", "generator"), [
    ("en", "[at the table]", "[seeded]"), ("ru", "[за столом]", "[генератор]"),
    ("uk", "[за столом]", "[генератор]")])
def test_a_roll_says_who_rolled_it(language: str, table: str, generator: str) -> None:
    """A die the GM let the generator roll is written into the log like the others, but
    play says the generator rolled it."""
    t = Translator(language)
    r = RollRecord("navigation", "1d20", 14, 14, None, None, recorded=True)
    assert table in roll_line(r, t)
    assert generator in roll_line(r, t, by_generator=True)
    assert table in roll_line(r, t, by_generator=False)
    seeded = RollRecord("navigation", "1d20", 14, 14, None, None, recorded=False)
    assert generator in roll_line(seeded, t)


@pytest.mark.parametrize("line", ["travel hustle N", "travel", "travel N sideways",
                                  "follow kings-raod", "ruling sideways"])
def test_plays_errors_quote_what_the_gm_may_type(line: str) -> None:
    """A mistyped command lists the faces, options or ids the GM may type, quoted: in a
    Russian or Ukrainian sentence "N, NE, SE" would read as English."""
    from generator.play.commands import CommandError, Vocabulary, parse

    vocab = Vocabulary(faces=("N", "NE", "SE", "S", "SW", "NW"),
                       paths=("east-road", "kings-road"))
    with pytest.raises(CommandError) as caught:
        parse(line, vocab)
    for language in LANGUAGES:
        said_ = Translator(language).label("message", caught.value.key, **caught.value.values)
        assert _english(said_) == [], said_
