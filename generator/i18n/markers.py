"""Messages marked for translation but translated later, once a language is known.

``N_("Map")``, ``NP_("activity", "Travel")`` and ``NN_("%(num)s day", "%(num)s days")`` are
what ``pybabel extract`` finds (the keywords of docs/translation.md's command); a
``Translator`` translates them (``msg``, ``label``). They live apart from the translator so
that the vocabulary, which is made of them, and the translator, which reads it, import in one
direction.

>>> NP_("activity", "Travel")
Msg(context='activity', message='Travel')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple


class Msg(NamedTuple):
    """A message marked for translation but translated later (``N_``, ``NP_``)."""

    context: str | None
    message: str


class Plural(NamedTuple):
    """A message with plural forms, marked for translation but translated later (``NN_``)."""

    singular: str
    plural: str


def N_(message: str) -> Msg:  # noqa: N802 (the gettext convention)
    """Mark ``message`` for extraction without translating it (gettext_noop)."""
    return Msg(None, message)


def NP_(context: str, message: str) -> Msg:  # noqa: N802
    """Mark ``message`` in ``context`` (its msgctxt) for extraction without translating it."""
    return Msg(context, message)


def NN_(singular: str, plural: str) -> Plural:  # noqa: N802
    """Mark a message with plural forms for extraction without translating it."""
    return Plural(singular, plural)


#: family -> id -> message: words looked up by a value of the data (an activity, a roll's
#: purpose, a terrain id), see ``Translator.label``.
Vocabulary = Mapping[str, Mapping[str, Msg]]
