"""``hexcrawl print``: the printing stage's commands (``generator.printing``).

``print sheets [NAMES...]``, ``print map`` and ``print booklet``, each with only its own
options. The forms from before the group keep working: ``hexcrawl print`` alone prints every
sheet, and words that name no command are sheet names (``hexcrawl print travel tables``),
wherever the options stand (``hexcrawl print --paper A3 map``): ``PrintGroup`` finds the
command word among the arguments before click parses them.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import click

from generator.audience import AUDIENCES, Audience
from generator.console import (
    CONTENT_OPTION,
    TranslatedGroup,
    load_or_exit,
    locate,
    print_diagnostics,
    refuse_links_out,
    replay_or_exit,
)
from generator.i18n.markers import N_

#: The command that words naming no command belong to (sheet names), and that
#: ``hexcrawl print`` alone runs.
DEFAULT_COMMAND = "sheets"

F = TypeVar("F", bound=Callable[..., Any])


class PrintGroup(TranslatedGroup):
    """A group whose first argument that is not an option picks the command; when it names
    none, or there is none, the arguments go to ``DEFAULT_COMMAND`` as they are."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] in self.get_help_option_names(ctx):
            return super().parse_args(ctx, args)
        return super().parse_args(ctx, command_first(args, self.commands,
                                                     self.value_options(ctx)))

    def value_options(self, ctx: click.Context) -> frozenset[str]:
        """Every option of the commands that takes a value (``--paper``): the word after it
        is that value, never a command."""
        names: set[str] = set()
        for command in self.commands.values():
            for param in command.get_params(ctx):
                if isinstance(param, click.Option) and not param.is_flag:
                    names.update(param.opts)
        return frozenset(names)


def command_first(args: Sequence[str], commands: Collection[str],
                  value_options: frozenset[str]) -> list[str]:
    """``args`` with the command word first: the first word that is neither an option nor
    an option's value, when it names one of ``commands``, else ``DEFAULT_COMMAND``.

    >>> command_first(["--paper", "A3", "map", "--poster"], ["map", "sheets"],
    ...               frozenset({"--paper"}))
    ['map', '--paper', 'A3', '--poster']
    >>> command_first(["travel", "tables"], ["map", "sheets"], frozenset())
    ['sheets', 'travel', 'tables']
    >>> command_first([], ["map", "sheets"], frozenset())
    ['sheets']
    """
    words = list(args)
    i = 0
    while i < len(words):
        word = words[i]
        if word == "--":
            break
        if word.startswith("-") and word != "-":
            i += 2 if word in value_options else 1
            continue
        if word in commands:
            return [word, *words[:i], *words[i + 1:]]
        break
    return [DEFAULT_COMMAND, *words]


@contextmanager
def print_errors() -> Iterator[None]:
    """A print that fails says why and exits with status 1, never with a traceback: a
    template override that cannot be read or fails (at its file and line), Chromium
    missing or failing, a size that does not fit the paper."""
    from generator.diagnostics import SourceError
    from generator.printing.chromium import PrintError

    try:
        yield
    except SourceError as exc:
        click.echo(str(exc), err=True)
        sys.exit(1)
    except (PrintError, ValueError) as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(1)


def out_option(help_text: str) -> Callable[[F], F]:
    """``--out``, its help naming what goes there (a message marked with ``N_``)."""
    return click.option(
        "--out", "out", type=click.Path(file_okay=False, path_type=Path), default=None,
        help=help_text)


LANGUAGE_OPTION = click.option("--language", type=click.Choice(["en", "ru", "uk"]),
                               default=None,
                               help=N_("language (default: the campaign's)").message)
PAPER_HELP = N_("paper").message
SHEET_PAPER_OPTION = click.option("--paper", type=click.Choice(["A4", "Letter"]),
                                  default="A4", show_default=True, help=PAPER_HELP)


def system_option(help_text: str) -> Callable[[F], F]:
    """``--system``, its help naming what it chooses (a message marked with ``N_``)."""
    return click.option("--system", "systems", multiple=True,
                        type=click.Choice(["d20", "brp", "bsh"]), help=help_text)


def echo_all(pdfs: Sequence[Path]) -> None:
    for pdf in pdfs:
        click.echo(str(pdf))


@click.group("print", cls=PrintGroup, help=N_(
    "Print the rules reference sheets, the maps or the GM's prep booklet to PDF (needs "
    "Chromium; Debian: apt-get install chromium).\n"
    "\n"
    "\"hexcrawl print\" alone prints every sheet and \"hexcrawl print travel tables\" those "
    "sheets, as \"hexcrawl print sheets\" does.").message)
def print_group() -> None:
    """``hexcrawl print``."""


PDFS_OUT = N_("folder for the PDFs (default: print/ beside the campaign)").message


@print_group.command("sheets", help=N_(
    "Print the rules reference sheets, the roll tables and the GM screen to PDF.\n"
    "\n"
    "NAMES limits the output to those documents (travel, navigation, gm-screen, tables...). "
    "The checks sheet and the GM screen are the campaign's check system's, or those of each "
    "--system.").message)
@CONTENT_OPTION
@out_option(PDFS_OUT)
@SHEET_PAPER_OPTION
@LANGUAGE_OPTION
@system_option(N_("GM screen and checks sheet of this check system (repeatable; default: the "
                  "campaign's)").message)
@click.option("--audience", type=click.Choice(["players", "gm"]), default="gm",
              show_default=True,
              help=N_("players: no GM screen, only their tables and the terrain they have "
                      "seen").message)
@click.argument("names", nargs=-1)
def print_sheets(content: Path | None, out: Path | None, paper: str, language: str | None,
                 systems: tuple[str, ...], audience: str, names: tuple[str, ...]) -> None:
    """``hexcrawl print sheets``."""
    from generator.printing.sheets import print_pdfs

    place = locate(content)
    out = out if out is not None else place.print_dir
    refuse_links_out(place, print_dir=out)
    campaign, diags = load_or_exit(place.content)
    which = Audience(audience)
    seen: set[str] | None = None
    if which == Audience.PLAYERS:       # their sheets name only the terrain they have seen
        from generator.knowledge import players_view

        seen = set(players_view(campaign, replay_or_exit(campaign, diags)).terrains)
    print_diagnostics(diags)
    with print_errors():
        pdfs = print_pdfs(campaign, out, language, paper,
                          audience=which,
                          systems=list(systems) or None, only=list(names) or None,
                          known_terrain=seen)
    echo_all(pdfs)


@print_group.command("map", help=N_(
    "Print the players' and the GM's overview maps (map-players.pdf, map-gm.pdf): one page "
    "in the orientation that prints them largest, with a legend, or with --poster a cover "
    "page and the map tiled over sheets.").message)
@CONTENT_OPTION
@out_option(PDFS_OUT)
@click.option("--paper", type=click.Choice(["A4", "A3", "Letter", "Tabloid"]), default="A4",
              show_default=True, help=PAPER_HELP)
@LANGUAGE_OPTION
@click.option("--audience", type=click.Choice(["players", "gm", "both"]), default="both",
              show_default=True, help=N_("whose map").message)
@click.option("--poster", is_flag=True,
              help=N_("tile the map over several sheets (overlap, crop marks, a cover "
                      "page)").message)
@click.option("--hex-size", "hex_mm", type=click.FloatRange(5, 200), default=None,
              help=N_("poster: millimetres between opposite sides of a hex (default "
                      "25)").message)
@click.option("--orientation", type=click.Choice(["auto", "portrait", "landscape"]),
              default="auto", show_default=True, help=N_("page orientation").message)
def print_map(content: Path | None, out: Path | None, paper: str, language: str | None,
              audience: str, poster: bool, hex_mm: float | None, orientation: str) -> None:
    """``hexcrawl print map``."""
    from generator.printing.maps import POSTER_HEX_MM, print_maps

    place = locate(content)
    out = out if out is not None else place.print_dir
    refuse_links_out(place, print_dir=out)
    campaign, diags = load_or_exit(place.content)
    chronicle = replay_or_exit(campaign, diags)
    print_diagnostics(diags)
    audiences = AUDIENCES if audience == "both" else (Audience(audience),)
    with print_errors():
        maps = print_maps(campaign, chronicle, out, audiences=audiences, paper=paper,
                          poster=poster, orientation=orientation,
                          hex_mm=hex_mm or POSTER_HEX_MM, language=language)
    echo_all(maps)


@print_group.command("booklet", help=N_(
    "Print the GM's prep booklet (booklet.pdf): a cover with the contents, the hex key by "
    "region, the locations with their GM text, the roll tables and the GM screen.").message)
@CONTENT_OPTION
@out_option(N_("folder for booklet.pdf (default: print/ beside the campaign)").message)
@SHEET_PAPER_OPTION
@LANGUAGE_OPTION
@system_option(N_("GM screen of this check system (repeatable; default: the "
                  "campaign's)").message)
# the booklet is the GM's; ``--audience gm`` is still taken, as before the group
@click.option("--audience", type=click.Choice(["gm"]), default="gm", hidden=True)
def print_booklet(content: Path | None, out: Path | None, paper: str, language: str | None,
                  systems: tuple[str, ...], audience: str) -> None:
    """``hexcrawl print booklet``."""
    from generator.printing.booklet import print_booklet as print_it

    place = locate(content)
    out = out if out is not None else place.print_dir
    refuse_links_out(place, print_dir=out)
    campaign, diags = load_or_exit(place.content)
    chronicle = replay_or_exit(campaign, diags)
    print_diagnostics(diags)
    with print_errors():
        pdf = print_it(campaign, chronicle, out, language, paper,
                       systems=list(systems) or None)
    click.echo(str(pdf))
