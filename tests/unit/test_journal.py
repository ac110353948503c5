"""The players' journal (generator.render.journal): the story as the party believes it, told
in one voice (the party's, third person, past), with the GM's words and the party's notes
quoted as written, what befell the party, and distances as the party reckoned them."""

from __future__ import annotations

import dataclasses
import functools
import html
import re
from fractions import Fraction
from pathlib import Path

import pytest
from secret_campaign import SECRETS, load_secret_campaign, secret_chronicle

from generator.content.campaign import Campaign
from generator.content.loader import load_campaign
from generator.dice import RollRecord
from generator.i18n import Translator
from generator.knowledge import gm_view, players_view
from generator.render.journal import journal_days
from generator.render.pages import render_docs
from generator.replay.fold import replay
from generator.rules.chronicle import Chronicle, HarmRecord

REPO = Path(__file__).resolve().parents[2]
#: A passage the journal quotes: who wrote it (its class), its caption, the passage.
QUOTE = re.compile(r'<figure class="hexcrawl-quote hexcrawl-said-(\w+)" markdown="1">\n'
                   r"<figcaption>(.*?)</figcaption>\n<blockquote markdown=\"1\">\n(.*?)\n"
                   r"</blockquote>\n</figure>", re.S)


def journal(root: Path, chronicle: Chronicle, language: str = "en") -> str:
    campaign = load_secret_campaign(root, language=language)
    view = players_view(campaign, chronicle)
    days = journal_days(view.sessions[0], view, Translator(language), lambda p: p,
                        lambda label: None, lambda terrain: terrain)
    return "\n\n".join(d.text for d in days)


def knowing_it_is_lost() -> Chronicle:
    """The secret chronicle, but the party knows it is lost after the second watch and
    finds its way again with the third."""
    chronicle = secret_chronicle()
    rec = chronicle.sessions[0]
    w0, w1, w2 = rec.watches
    rec.watches[1] = dataclasses.replace(w1, knows_lost=True, believed_hex=None,
                                         believed_hexes_entered=[None])
    rec.watches[2] = dataclasses.replace(w2, activity="reorient", lost=False,
                                         knows_lost=False, believed_hex="0403")
    return chronicle


def test_lost_and_found_as_the_party_lived_it(tmp_path: Path) -> None:
    text = journal(tmp_path / "c", knowing_it_is_lost())
    assert ("The party realised it was lost. The party wandered, unsure of the way."
            in text), text
    assert "The party stopped to get its bearings. The party found its way again." in text
    # never where it truly went while lost, nor a roll or a GM remark
    for secret in ("SECRET-TRUE-TRACK-NAME", "0403", "SECRET-ENCOUNTER", "SECRET-WATCH-GM"):
        assert secret not in text


def test_one_course_is_one_sentence(tmp_path: Path) -> None:
    text = journal(tmp_path / "c", secret_chronicle())
    # two watches north, the second lost unawares: the party believes it reached 0302, a
    # hex it does not know, so the sentence names no place (nor the true 0403)
    assert text.startswith("The party travelled north. By the party's reckoning, that was "
                           "18 miles."), text
    assert quotes(text)[:2] == [("gm", "In the GM's words:", "Howling far off in the grass"),
                                ("party", "From the party's notes:",
                                 "We saw smoke in the east.")]


@pytest.mark.parametrize(("language", "start"), [
    ("ru", "Отряд шёл на север. По расчётам отряда, это 18 миль пути."),
    ("uk", "Загін ішов на північ. За підрахунками загону, це 18 миль шляху."),
])
def test_the_journal_speaks_the_campaign_language(tmp_path: Path, language: str,
                                                  start: str) -> None:
    text = journal(tmp_path / "c", secret_chronicle(), language)
    assert text.startswith(start), text


def plain(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment)).strip()


def quotes(text: str) -> list[tuple[str, str, str]]:
    """The passages a journal quotes: (who wrote it, its caption, its text)."""
    return [(who, caption, plain(body)) for who, caption, body in QUOTE.findall(text)]


def narration(text: str) -> str:
    """The journal's own words: everything but what it quotes."""
    return plain(QUOTE.sub("", text))


@functools.cache
def example() -> tuple[Campaign, Chronicle]:
    campaign, diags = load_campaign(REPO / "content")
    assert campaign is not None, [d.format() for d in diags.items]
    return campaign, replay(campaign)[0]


def example_journals(campaign: Campaign, chronicle: Chronicle,
                     language: str = "en") -> dict[int, str]:
    view = players_view(campaign, chronicle)
    return {s.number: "\n\n".join(d.text for d in journal_days(
        s, view, Translator(language), lambda p: p, lambda label: None, lambda t: t))
        for s in view.sessions}


#: English words of the first person or the present tense: the journal tells neither.
OTHER_VOICES = re.compile(r"\b(we|us|our|is|are|knows|keeps|takes|sleeps|has|have)\b", re.I)


def test_the_example_journal_speaks_in_one_voice() -> None:
    campaign, chronicle = example()
    journals = example_journals(campaign, chronicle)
    members = tuple(m.name + " " for m in campaign.party.members)
    for number, text in journals.items():
        told = narration(text)
        assert not OTHER_VOICES.search(told), (number, OTHER_VOICES.search(told), told)
        for sentence in re.split(r"(?<=\.)\s+", told.strip()):
            # the party, a member of it, or its reckoning
            assert sentence.startswith(("The ", "By the ", "Hustling ", *members)) or \
                sentence.startswith(tuple(m.strip() + "'s " for m in members)), \
                (number, sentence)
        # what the players wrote, in their own voice, is quoted and captioned as theirs
        for who, caption, _ in quotes(text):
            assert (who, caption) in (("party", "From the party's notes:"),
                                      ("gm", "In the GM's words:"))
    notes = [body for _, _, body in quotes(journals[6])]
    assert "Wren found chanterelles and a spring, and we ate better than we had since " \
           "Ashford." in notes


def test_the_gm_tell_is_quoted_as_the_gm_wrote_it() -> None:
    text = example_journals(*example())[4]
    assert ("gm", "In the GM's words:",
            "On the path below the village we met Greta Sooth and her burners, hauling a "
            "loaded hand-cart back from the coaling rings. They did not put their axes down "
            "at first.") in quotes(text)
    # the encounter's own note and the GM's remark stay the GM's
    assert "Greta Sooth's burners, back from the coaling rings" not in text
    assert "Friendly once the party shares bread" not in text


def test_the_journal_tells_the_hustle_the_forced_march_and_the_lost_night() -> None:
    text = narration(example_journals(*example())[6])
    assert "Hustling cost every member of the party 1 point of nonlethal damage and left " \
           "them fatigued." in text
    assert text.count("The party marched on past eight hours since its last sleep: a "
                      "forced march.") == 2
    assert "Tib Quill (3 points of nonlethal damage) failed the Constitution check and was " \
           "left fatigued." in text
    assert "Tib Quill (6 points of nonlethal damage) failed" in text
    assert "The day ended with the party still lost." in text
    assert "Ysolde Marr's doom die dropped to d4." in text
    # never the dice, the DCs or the GM's remarks behind them
    for secret in ("DC 10", "Constitution +", "13 vs", "The ninth hour on the march",
                   "Hustling two hours", "a critical failure"):
        assert secret not in text


def test_a_forced_march_that_knocks_members_out() -> None:
    campaign, _ = example()
    members = [m.model_copy(update={"hp": 4}) if m.name == "Tib Quill" else
               m.model_copy(update={"hp": 1}) if m.name == "Wren Halloway" else m
               for m in campaign.party.members]
    weak = dataclasses.replace(campaign, party=campaign.party.model_copy(
        update={"members": members}))
    text = narration(example_journals(weak, replay(weak)[0])[6])
    # the hustle knocks Wren out, the forced march Tib (4 of 4), and again the next night
    assert "Hustling cost every member of the party 1 point of nonlethal damage and left " \
           "them fatigued. Wren Halloway fell unconscious." in text
    assert "Tib Quill (3 points of nonlethal damage) failed the Constitution check and was " \
           "left fatigued. Tib Quill fell unconscious." in text
    assert text.count("Tib Quill fell unconscious.") == 2


def crafted() -> Chronicle:
    """The secret chronicle, with a hustle and a forced march on the first watch that knock
    Bram out, and the party lost all the next day, finding its way the day after."""
    chronicle = secret_chronicle()
    rec = chronicle.sessions[0]
    w0, w1, w2 = rec.watches
    march = RollRecord("march", "1d20", 2, 2, 10, "failure", False,
                       detail="SECRET-MARCH-DETAIL", is_check=True)
    rec.watches[0] = dataclasses.replace(w0, rolls=[*w0.rolls, march], harm=[
        HarmRecord("Aria", 1, "hustle", nonlethal_after=1, limit=10),
        HarmRecord("Bram", 1, "hustle", nonlethal_after=1, limit=5),
        HarmRecord("Bram", 5, "march", nonlethal_after=6, limit=5)])
    lost = {"knows_lost": True, "believed_hex": None, "believed_hexes_entered": [None],
            "believed_miles": Fraction(0), "day": 2}
    rec.watches[1] = dataclasses.replace(w1, **lost)
    rec.watches[2] = dataclasses.replace(w2, **{**lost, "believed_hexes_entered": []})
    rec.watches.append(dataclasses.replace(w2, index=3, day=3, watch=1, activity="reorient",
                                           lost=False, knows_lost=False, believed_hex="0403",
                                           discovered=[], note=None, tell=None))
    return chronicle


def test_a_crafted_session_tells_what_befell_the_party(tmp_path: Path) -> None:
    text = journal(tmp_path / "c", crafted())
    told = narration(text)
    assert "By the party's reckoning, that was 9 miles. Hustling cost every member of the " \
           "party 1 point of nonlethal damage and left them fatigued. The party marched on " \
           "past eight hours since its last sleep: a forced march. Bram (5 points of " \
           "nonlethal damage) failed the Constitution check and was left fatigued. Bram " \
           "fell unconscious." in told, told
    assert "The party realised it was lost. The party wandered, unsure of the way." in told
    assert "The whole day was lost: the party did not know where it was." in told
    assert "The party stopped to get its bearings. The party found its way again." in told
    # (a resource's name is the campaign's, not the journal's words)
    assert not OTHER_VOICES.search(told.replace("Kessa owes us", "")), told
    for secret in (*SECRETS, "SECRET-MARCH-DETAIL", "0403"):
        assert secret not in text


def test_distances_are_the_party_reckoning_and_the_gm_page_has_the_true_ones() -> None:
    campaign, chronicle = example()
    players = render_docs(players_view(campaign, chronicle)).files
    gm = render_docs(gm_view(campaign, chronicle)).files
    page = "sessions/06-onto-the-hask.md"
    assert "**Distance, by the party's reckoning:** 35.2 miles" in players[page]
    assert "By the party's reckoning, that was 15 miles." in players[page]
    assert "**Distance:** 38.2 miles" in gm[page]
    assert "38.2" not in players[page]


@pytest.mark.parametrize(("language", "words"), [
    ("ru", ("Спешка стоила каждому в отряде 1 единицу несмертельного урона и вымотала всех.",
            "Проверку Телосложения провалили и выбились из сил: Tib Quill (3 единицы "
            "несмертельного урона).",
            "День закончился, а отряд так и не нашёл дороги.",
            "По расчётам отряда, это 7,5 мили пути.", "Из записок отряда:")),
    ("uk", ("Поспіх коштував кожному в загоні 1 одиницю несмертельної шкоди й виснажив усіх.",
            "Перевірку Статури провалили й вибилися з сил: Tib Quill (3 одиниці "
            "несмертельної шкоди).",
            "День скінчився, а загін так і не знайшов дороги.",
            "За підрахунками загону, це 7,5 милі шляху.", "Із записок загону:")),
])
def test_what_befell_the_party_in_russian_and_ukrainian(language: str,
                                                        words: tuple[str, ...]) -> None:
    campaign, chronicle = example()
    text = example_journals(dataclasses.replace(campaign, language=language), chronicle,
                            language)[6]
    for phrase in words:
        assert phrase in text, (phrase, text)
