"""``hexcrawl public``: the text the players' site will newly show, before it does."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import click

from generator.console import (
    CONTENT_OPTION,
    TranslatedCommand,
    load_or_exit,
    locate,
    print_diagnostics,
    replay_or_exit,
    site_error,
)
from generator.diagnostics import terminal_text
from generator.i18n.markers import N_


@click.command("public", cls=TranslatedCommand, help=N_(
    "Print the text the players' site will newly show, and the text it will no longer "
    "show, page by page, compared with the players' site last built (site/players) or, with "
    "--since, with the one the campaign at a git revision builds.\n"
    "\n"
    "The players' site is built into a temporary folder for this (site/ stays as it is), so "
    "the report shows what hexcrawl build would publish. Nothing the players cannot read is "
    "in it: a GM-only edit reports nothing.").message)
@CONTENT_OPTION
@click.option("--since", "since", default=None, metavar="REF",
              help=N_("compare with the players' site the campaign at this git revision "
                      "builds (a commit, branch or tag: HEAD, HEAD~3, main, v1) instead of "
                      "the one last built").message)
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help=N_("where the sites were built (as build --out; default: site/ beside the "
                      "campaign)").message)
@click.option("--format", "fmt", type=click.Choice(["text", "markdown"]), default="text",
              show_default=True,
              help=N_("markdown: a collapsed block for a GitHub run's summary "
                      "($GITHUB_STEP_SUMMARY)").message)
@click.option("--no-hooks", is_flag=True,
              help=N_("build with no code of the campaign run (as build --no-hooks), for pull "
                      "requests").message)
def public_cmd(content: Path | None, since: str | None, out: Path | None, fmt: str,
               no_hooks: bool) -> None:
    """``hexcrawl public``."""
    from generator.i18n import Translator
    from generator.site.build import SiteError
    from generator.site.config import ConfigOptions
    from generator.site.public import (
        built_before,
        compare,
        players_text,
        report,
        revision_before,
    )
    from generator.site.revision import RevisionError

    place = locate(content)
    campaign, diags = load_or_exit(place.content)
    chronicle = replay_or_exit(campaign, diags)
    # the campaign named by --content speaks its language, wherever the command runs
    t = Translator(campaign.language)
    print_diagnostics(diags, t=t)
    if since is not None and out is not None:
        click.echo(t.gettext("error: --since compares with a revision and --out with a site "
                             "built before: give one of them"), err=True)
        sys.exit(1)
    if since is not None and not since.strip():
        click.echo(t.gettext("error: --since needs a revision (a commit, branch or tag)"),
                   err=True)
        sys.exit(1)
    options = ConfigOptions(no_hooks=no_hooks)
    with tempfile.TemporaryDirectory(prefix="hexcrawl-public-") as folder:
        work = Path(folder)
        try:
            before = (built_before(out if out is not None else place.site_dir)
                      if since is None else
                      revision_before(since, place.repository, place.content, work, options,
                                      t))
            after = players_text(campaign, chronicle, work / "now", options)
        except RevisionError as exc:
            click.echo(terminal_text(str(exc)), err=True)
            sys.exit(1)
        except SiteError as exc:
            click.echo(site_error(exc, t), err=True)
            sys.exit(1)
    for line in before.warnings:
        click.echo(terminal_text(line), err=True)
    # the report quotes the players' pages, whose text may hold an escape sequence typed
    # in the content (YAML's "\e"): shown as an escape, it drives no terminal
    click.echo(terminal_text(report(compare(before.pages, after), before.basis, t,
                                    markdown=fmt == "markdown")))
