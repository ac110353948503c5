"""What the engine says to the GM is in the GM's language: the example campaign built in
Russian and in Ukrainian has no English word hexcrawl wrote on its GM session pages (the
watch summaries, the roll details, the raw values: faces, outcomes, reactions, encounter
kinds, path kinds, resource names), and ``replay --json`` keeps its English text fields with
the same as data beside them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import hexcrawl
from latin_helpers import CampaignText, campaign_words, hexcrawls_words


@pytest.fixture
def built(example_translated: tuple[str, Path]) -> tuple[str, Path]:
    """The example in Russian, then Ukrainian, its pages generated once per test run
    (``conftest.py``); read only."""
    return example_translated


def test_the_gm_session_pages_hold_no_english_hexcrawl_wrote(built: tuple[str, Path]) -> None:
    language, repo = built
    own = campaign_words(repo / "content")
    pages = sorted((repo / "build" / "gm" / "docs" / "sessions").glob("*.md"))
    assert len(pages) >= 6
    found = {page.name: hexcrawls_words(page.read_text("utf-8"), own) for page in pages}
    assert {name: words for name, words in found.items() if words} == {}, language
    six = (repo / "build" / "gm" / "docs" / "sessions" / "06-onto-the-hask.md").read_text(
        "utf-8")
    # the watch summaries and roll details are there, in the language, numbers and all
    assert {"ru": "1,5 мили за 1 ч", "uk": "1,5 милі за 1 год"}[language] in six
    assert {"ru": "против СЛ 18", "uk": "проти КС 18"}[language] in six


def test_the_detector_finds_what_hexcrawl_wrote() -> None:
    """The check above is not vacuous: an English summary left on a page is found."""
    page = ("| 1 | 0412 |\n\n*12.6 miles in 4 h into 0712 (road, 3.3 mph, exit N [far]). "
            "Lost; veers 1 face right.*\n\n<p class=\"hx-facts\">Курс NW</p>\n")
    assert hexcrawls_words(page, CampaignText(frozenset({"N"}), ())) == [
        "miles", "in", "h", "into", "road", "mph", "exit", "far", "Lost", "veers", "face",
        "right", "NW"]


def test_replay_json_keeps_english_text_beside_the_data(built: tuple[str, Path]) -> None:
    """``replay --json`` writes a watch's summary and a roll's detail in English whatever the
    campaign's language (the schema's text fields), and the same as data (``said``)."""
    language, repo = built
    result = hexcrawl("replay", "--json", cwd=repo)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    watches = [w for s in data["sessions"] for w in s["watches"]]
    moved = next(w for w in watches if w.get("summary", "").startswith("15 miles in 4 h"))
    assert moved["said"][0]["kind"] == "move" and moved["said"][0]["miles"] == 15
    nav = next(r for w in watches for r in w["rolls"] if r["purpose"] == "navigation")
    assert " vs DC " in nav["detail"] and nav["said"]["kind"] == "check_d20"
    assert nav["said"]["skill"] == "survival"
