"""The reference sheets' translator: gettext messages plus the sheets' vocabulary.

Every word of the sheets is a gettext message (English msgid, one catalogue per language in
``generator/i18n/locale``); the words the sheets look up by an id of the rules' tables (a degree
of success, a condition, a terrain) are in ``generator.reference.vocabulary``.

>>> Translator("uk").label("page", "travel")
'Подорож'
>>> Translator("de").gettext("Travel")  # no catalogue: English
'Travel'
"""

from __future__ import annotations

from pathlib import Path

from generator.i18n import Translator as _Translator
from generator.reference.vocabulary import VOCABULARY


class Translator(_Translator):
    """The sheets' strings in one language, with the sheets' vocabulary (``t.label``)."""

    def __init__(self, language: str, locale_dir: Path | None = None) -> None:
        super().__init__(language, VOCABULARY, locale_dir)
