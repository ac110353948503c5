"""Who a site, a map or a sheet is for: the players or the GM.

One type for the whole program, converted once where a word comes in (the command line's
``--audience``, a generated ``mkdocs.yml``'s ``extra.hexcrawl_audience``). A ``StrEnum``, so
an audience is still its word wherever a word is wanted: a folder name (``site/gm``), a
Jinja template's ``audience == "players"``, MkDocs' configuration.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal


class Audience(StrEnum):
    PLAYERS = "players"
    GM = "gm"


#: Both audiences, in the order a build makes their sites.
AUDIENCES: tuple[Audience, ...] = (Audience.PLAYERS, Audience.GM)

#: The words the content format takes for an audience (a table's ``audience:`` key), as the
#: format's models read them: a ``Literal``, so a wrong word gets the format's own "is not one
#: of 'gm' or 'players'" message and the JSON Schema its plain ``enum``.
AudienceWord = Literal["gm", "players"]
