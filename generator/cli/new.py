"""``hexcrawl new``: a campaign repository scaffolded, in the user's language (there is no
campaign yet to take one from)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from generator.console import TranslatedCommand, translator_for
from generator.i18n.markers import N_


@click.command("new", cls=TranslatedCommand, help=N_(
    "Scaffold a campaign repository in DIRECTORY: a small valid campaign, its site "
    "settings, and the GitHub workflow that publishes the players' site on every push.\n"
    "\n"
    "DIRECTORY may be new or an existing folder (a fresh clone, say); no file is ever "
    "overwritten.").message)
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--wheel", "wheel", type=click.Path(dir_okay=True, path_type=Path), default=None,
              metavar="FILE", help=N_("a hexcrawl wheel to keep in vendor/ for the workflow "
                                      "to install (until hexcrawl is on PyPI)").message)
def new_cmd(directory: Path, wheel: Path | None) -> None:
    """``hexcrawl new``: the user's language, as there is no campaign yet."""
    from generator.scaffold import WheelError, create

    t = translator_for(None)

    try:
        written = create(directory, wheel=wheel)
    except WheelError as exc:
        click.echo(f"{wheel}: error: {exc}", err=True)
        sys.exit(1)
    except FileExistsError as exc:
        click.echo(f"{directory}: error: {exc}", err=True)
        sys.exit(1)
    except OSError as exc:
        click.echo(f"{directory}: error: " + t.gettext(
            "cannot create the campaign here: %(reason)s", reason=exc.strerror or exc),
            err=True)
        sys.exit(1)
    for path in written:
        click.echo("  " + t.gettext("created %(path)s", path=path))
    click.echo(t.gettext(
        "A starter campaign is ready. Next: %(commands)s (then hexcrawl serve to browse it). "
        "To publish the players' site, push the folder to GitHub and turn on Pages (Settings "
        "> Pages > Source: GitHub Actions).",
        commands=f"cd {directory} && hexcrawl check && hexcrawl build"))
