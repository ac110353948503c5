"""Render the reference sheets: jinja2 Markdown templates filled from ``sheets``.

Templates live in ``site_templates/reference/``; a campaign overrides any of them with a file of
the same name in ``<campaign>/templates/reference/``. The output is a dict of docs-relative
paths to text (Markdown pages and SVG diagrams) that the site builder writes into each
audience's docs tree, and that ``generator.printing.sheets`` turns into PDFs.

The sheets share the pages' environment (``generator.render.environment``: its filters, its
translator, its escaping on output): a plain string a sheet hands its template is made inert
when written out. What the sheets write as Markdown in Python (a table's cells, a terrain's
name) is Markup, the campaign's names in it made inert as they were put in.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from typing import Any

import jinja2

from generator.audience import Audience
from generator.content.campaign import Campaign
from generator.content.markdown import MarkdownRenderer
from generator.package_data import SITE_TEMPLATES
from generator.reference import sheets as S
from generator.reference.sheets import Ctx
from generator.render.environment import PageTranslator, markdown_environment
from generator.render.templates import render
from generator.rules.tables import TERRAIN

TEMPLATES = SITE_TEMPLATES / "reference"
#: Folder of every reference page inside a docs tree.
ROOT = "reference"
IMG = "img"


def environment(campaign: Campaign, language: str,
                overrides: bool = True) -> jinja2.Environment:
    """The sheets' Jinja environment (the pages', with the sheets' folders:
    ``generator.render.environment``); ``overrides=False`` ignores the campaign's own
    templates (``hexcrawl build --no-hooks``)."""
    return _environment(campaign, language, overrides)[0]


def _environment(campaign: Campaign, language: str,
                 overrides: bool) -> tuple[jinja2.Environment, PageTranslator]:
    override = campaign.root / "templates" / "reference" if overrides else None
    return markdown_environment(language, override, TEMPLATES)



class Renderer:
    """Renders the sheets of one campaign for one audience in one language."""

    def __init__(self, campaign: Campaign, audience: Audience, language: str | None = None,
                 known_locations: Collection[str] | None = None,
                 overrides: bool = True,
                 markdown: MarkdownRenderer | None = None) -> None:
        self.ctx = Ctx(campaign, audience, language or campaign.language, markdown)
        self.env, self.t = _environment(campaign, self.ctx.language, overrides)
        self.known_locations = set(known_locations) if known_locations is not None else None
        #: this site's topic pages and ``tables`` (the players': campaign.yaml's choice)
        self.sheets = S.site_sheets(campaign, audience)

    def page(self, template: str, **values: Any) -> str:
        # a campaign's override that cannot be read or fails: SourceError at its line
        text = render(self.env, template, {
            "t": self.t, "gm": self.ctx.audience == Audience.GM, "language": self.ctx.language,
            **values})
        # at most one blank line in a row: tidy Markdown, same HTML
        lines: list[str] = []
        for line in text.splitlines():
            if not line.strip() and lines and not lines[-1].strip():
                continue
            lines.append(line.rstrip())
        return "\n".join(lines).strip() + "\n"

    def topics(self) -> dict[str, str]:
        """``<slug>.md`` -> Markdown for each topic page of this site (``self.sheets``), plus
        the diagrams they show (``img/*.svg``)."""
        ctx = self.ctx
        want = set(self.sheets)
        out: dict[str, str] = {}
        if "travel" in want:
            out["travel.md"] = self.page("travel.md", s=S.travel_sheet(ctx))
        if "hex-progress" in want:
            progress = S.hex_progress_sheet(ctx)
            out[f"{IMG}/hex-progress.svg"] = progress["svg"]
            out["hex-progress.md"] = self.page("hex-progress.md", s=progress)
        if "navigation" in want:
            out["navigation.md"] = self.page("navigation.md", s=S.navigation_sheet(ctx))
        if "getting-lost" in want:
            lost = S.getting_lost_sheet(ctx)
            out[f"{IMG}/veer.svg"] = lost["svg"]
            out["getting-lost.md"] = self.page("getting-lost.md", s=lost)
        if "encounters" in want:
            out["encounters.md"] = self.page("encounters.md", s=S.encounters_sheet(ctx))
        if "checks-d20" in want:
            out["checks-d20.md"] = self.page("checks-d20.md", s=S.d20_sheet(ctx))
        if "checks-brp" in want:
            out["checks-brp.md"] = self.page("checks-brp.md", b=S.brp_sheet(ctx))
        if "checks-bsh" in want:
            out["checks-bsh.md"] = self.page("checks-bsh.md", b=S.bsh_sheet(ctx))
        if "modifiers" in want:
            out["modifiers.md"] = self.page("modifiers.md", s=S.modifiers_sheet(ctx))
        if "chases" in want:
            out["chases.md"] = self.page("chases.md", s=S.chases_sheet(ctx))
        if "facing" in want:
            facing = S.facing_sheet(ctx)
            out[f"{IMG}/facing-squares.svg"] = facing["squares"]
            out[f"{IMG}/facing-hexes.svg"] = facing["hexes"]
            out["facing.md"] = self.page("facing.md", s=facing)
        return out

    def index(self) -> str:
        pages = [sheet for sheet in self.sheets if sheet in S.TOPICS]
        return self.page("index.md", s=S.index_sheet(self.ctx, pages, "tables" in self.sheets))

    def tables(self) -> dict[str, str]:
        """``tables/index.md`` and ``tables/<id>.md`` for every table this audience sees."""
        out = {"tables/index.md": self.page("tables-index.md",
                                            s=S.tables_index_sheet(self.ctx))}
        for tid, tb in S.visible_tables(self.ctx.campaign, self.ctx.audience).items():
            out[S.table_page_path(tid)] = self.page(
                "table.md", s=S.roll_table_sheet(self.ctx, tb, self.known_locations))
        return out

    def gm_screen(self, system: str | None = None) -> str:
        system = system or self.ctx.campaign.rules.checks
        return self.page("gm-screen.md", **S.gm_screen_sheet(self.ctx, system))


def seen_terrain_only(campaign: Campaign, seen: Collection[str]) -> Campaign:
    """``campaign`` with only the built-in terrain and the terrain in ``seen``: a campaign's
    own terrain that lies only in hexes the players have not explored is not named to them
    (its travel speeds, navigation and forage DCs)."""
    kept = {tid: rule for tid, rule in campaign.terrain.items()
            if tid in TERRAIN or tid in seen}
    return campaign if len(kept) == len(campaign.terrain) else replace(campaign, terrain=kept)


def reference_pages(campaign: Campaign, audience: Audience, language: str | None = None, *,
                    known_locations: Collection[str] | None = None,
                    overrides: bool = True,
                    markdown: MarkdownRenderer | None = None,
                    known_terrain: Collection[str] | None = None) -> dict[str, str]:
    """Every reference file of one site: docs-relative path -> text.

    ``reference/index.md``, one page per topic (``reference/travel.md`` ...), the diagrams
    (``reference/img/*.svg``), the roll tables (``reference/tables/index.md`` and
    ``reference/tables/<id>.md``; the players' site only gets ``audience: players`` tables)
    and, for the GM only, ``reference/gm-screen.md`` for the campaign's check system.
    ``language`` defaults to the campaign's. ``known_locations`` (players' site) names the
    locations a roll-table row may link to; the GM site links every location.
    ``overrides=False`` ignores the campaign's template overrides. The campaign's Markdown
    (rows, descriptions) is rendered by ``markdown`` (players: without GM blocks) and its
    names escaped (generator.content.markdown.inert). ``known_terrain`` (players' site): the
    terrain the players have seen; the sheets then list only those and the built-in ones.
    """
    if known_terrain is not None:
        campaign = seen_terrain_only(campaign, known_terrain)
    r = Renderer(campaign, audience, language, known_locations, overrides, markdown)
    if not r.sheets:
        return {}
    files = {"index.md": r.index(), **r.topics()}
    if "tables" in r.sheets:
        files.update(r.tables())
    if audience == Audience.GM:
        files["gm-screen.md"] = r.gm_screen()
    return {f"{ROOT}/{path}": text for path, text in files.items()}


def reference_nav(campaign: Campaign, audience: Audience,
                  language: str | None = None) -> list[tuple[str, str]]:
    """(title, docs-relative path) of the reference pages, in reading order, for the site's
    navigation (the roll tables are one entry: their index)."""
    sheets = S.site_sheets(campaign, audience)
    if not sheets:
        return []
    ctx = Ctx(campaign, audience, language or campaign.language)
    t = ctx.t
    nav = [(t.gettext("Rules reference"), f"{ROOT}/index.md")]
    if audience == Audience.GM:
        nav.append((t.gettext("GM screen"), f"{ROOT}/gm-screen.md"))
    nav += [(t.label("page", slug), f"{ROOT}/{slug}.md") for slug in sheets if slug in S.TOPICS]
    if "tables" in sheets:
        nav.append((t.gettext("Roll tables"), f"{ROOT}/tables/index.md"))
    return nav
