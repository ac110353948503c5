"""The players' journal (generator.render.journal): the story as the party believes it."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from secret_campaign import load_secret_campaign, secret_chronicle

from generator.i18n import Translator
from generator.knowledge import players_view
from generator.render.journal import journal_days
from generator.rules.chronicle import Chronicle


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
    assert text.startswith("The party travelled north. Howling far off in the grass. "
                           "We saw smoke in the east. The party rested."), text


@pytest.mark.parametrize(("language", "start"), [
    ("ru", "Отряд шёл на север. Howling far off in the grass."),
    ("uk", "Загін ішов на північ. Howling far off in the grass."),
])
def test_the_journal_speaks_the_campaign_language(tmp_path: Path, language: str,
                                                  start: str) -> None:
    text = journal(tmp_path / "c", secret_chronicle(), language)
    assert text.startswith(start), text
