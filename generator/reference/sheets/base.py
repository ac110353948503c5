"""What every reference sheet is made of: its context (``Ctx``: the campaign, the audience,
the language and its tools), its Markdown tables (``MdTable``), and which sheets a site has.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from generator.audience import Audience
from generator.content.campaign import Campaign
from generator.content.markdown import MarkdownRenderer, Prose, default_renderer
from generator.content.models import DEFAULT_PLAYER_SHEETS
from generator.hexgrid import Grid
from generator.i18n import Translator
from generator.reference.fmt import Fmt
from generator.render.escape import PageMarkup, text
from generator.rules import tables as T

Align = Literal["l", "c", "r"]

#: Topic pages, in reading order (``reference/<slug>.md``).
TOPICS: tuple[str, ...] = (
    "travel", "hex-progress", "navigation", "getting-lost", "encounters",
    "checks-d20", "checks-brp", "checks-bsh", "modifiers", "chases", "facing",
)
SYSTEMS = ("d20", "brp", "bsh")


def site_sheets(campaign: Campaign, audience: Audience) -> tuple[str, ...]:
    """The topic pages (``TOPICS``) and ``tables`` of one site's rules reference, in reading
    order. The GM site has them all; the players get ``reference.players`` of campaign.yaml,
    or ``DEFAULT_PLAYER_SHEETS`` (travel, the campaign's own check system, modifiers, chases,
    facing, the roll tables shown to players); ``checks`` stands for the campaign's system."""
    every = (*TOPICS, "tables")
    if audience == Audience.GM:
        return every
    chosen = campaign.reference.players
    names = DEFAULT_PLAYER_SHEETS if chosen is None else chosen
    wanted = {f"checks-{campaign.rules.checks}" if name == "checks" else name for name in names}
    return tuple(sheet for sheet in every if sheet in wanted)

#: Tables with more rows than this may break across pages between rows (class ``long``);
#: shorter ones are kept whole.
LONG_TABLE_ROWS = 12


@dataclass(frozen=True)
class MdTable:
    """One Markdown table of a sheet: an id (for tests and CSS), headers, rows of cells."""

    id: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    align: tuple[Align, ...] = ()
    #: CSS classes of the wrapper (``compact``, ``grid`` ...)
    classes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for row in self.rows:
            if len(row) != len(self.headers):
                raise ValueError(f"table {self.id}: row {row} has {len(row)} cells, "
                                 f"expected {len(self.headers)}")

    @property
    def alignment(self) -> tuple[Align, ...]:
        if self.align:
            return self.align
        centre: Align = "c"
        return ("l", *[centre] * (len(self.headers) - 1))


_ALIGN: dict[str, Align] = {"l": "l", "c": "c", "r": "r"}


def table(id: str, headers: Sequence[str], rows: Iterable[Sequence[str]],
          align: str = "", classes: Sequence[str] = ()) -> MdTable:
    """A sheet's table. Its cells are Markdown the sheets wrote (the campaign's names in
    them made inert as they were put in): Markup, written out as it is."""
    aligns: tuple[Align, ...] = tuple(_ALIGN[a] for a in align if a in _ALIGN)
    body = tuple(tuple(_markup(c) for c in r) for r in rows)
    extra = ("long",) if len(body) > LONG_TABLE_ROWS and "grid" not in classes else ()
    return MdTable(id, tuple(_markup(h) for h in headers), body, aligns,
                   tuple(classes) + extra)


def _markup(cell: str) -> str:
    return PageMarkup(cell) if type(cell) is str else cell


@dataclass(frozen=True)
class Ctx:
    """What every sheet needs: the campaign, the audience, the language and its tools."""

    campaign: Campaign
    audience: Audience
    language: str
    #: renders the campaign's Markdown (table rows and descriptions) for the audience
    markdown: MarkdownRenderer | None = None

    def prose(self, text: str | None) -> Prose | None:
        """A Markdown field of the campaign for this audience (players: no GM blocks)."""
        return (self.markdown or default_renderer()).prose(text, self.audience)

    def inline(self, text: str | None) -> str:
        """A Markdown field on one line, for a table cell."""
        prose = self.prose(text)
        return prose.inline() if prose is not None else ""

    # made once per sheet context: the sheets ask for them hundreds of times a build
    @functools.cached_property
    def t(self) -> Translator:
        return Translator(self.language)

    @functools.cached_property
    def f(self) -> Fmt:
        return Fmt(self.language)

    @property
    def grid(self) -> Grid:
        return self.campaign.grid

    def terrain_name(self, rule: T.TerrainRule) -> str:
        """A terrain's name as Markup: the built-in one in the language's words, the
        campaign's own made inert."""
        builtin = T.TERRAIN.get(rule.id)
        if builtin is not None and rule.name == builtin.name:
            return PageMarkup(self.t.label("terrain", rule.id))
        return text(rule.name)

    def passable_terrain(self) -> list[T.TerrainRule]:
        return [r for r in self.campaign.terrain.values() if not r.impassable]

    def impassable_terrain(self) -> list[T.TerrainRule]:
        return [r for r in self.campaign.terrain.values() if r.impassable]

    def dc(self, n: int | None = None) -> str:
        """"DC" or "DC 12" in the language."""
        word = self.t.gettext("DC")
        return word if n is None else f"{word} {n}"

    def face(self, face: str) -> str:
        return self.t.label("face_short", face)
