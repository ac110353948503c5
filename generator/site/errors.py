"""What stops a site from being written or built, said as a message (``Text``) that is
printed in the campaign's language."""

from __future__ import annotations

from generator.audience import Audience
from generator.diagnostics import N_, Pos, Text, literal, one_line


class SiteError(Exception):
    """A site could not be written or built; the message says which and why, a ``Text``
    printed in the campaign's language (after ``pos: error: `` when it has a place)."""

    def __init__(self, message: str | Text, pos: Pos | str | None = None) -> None:
        self.text = message if isinstance(message, Text) else literal(message)
        self.pos = pos
        english = one_line(self.text.english())
        super().__init__(f"{pos}: error: {english}" if pos is not None else english)


def pages_of(audience: Audience) -> Text:
    """Whose pages a problem is in, as a message says it."""
    return N_("players' pages") if audience == Audience.PLAYERS else N_("GM pages")
