"""The ``hexcrawl`` command line: thin wrappers around the pipeline stages.

Exit status: 0 success, 1 content errors (printed as PATH:LINE:COL: error: MESSAGE),
2 usage errors (click's own). No traceback ever reaches the user for bad content.
"""

from __future__ import annotations

import datetime as dt
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click

from generator.audience import AUDIENCES, Audience
from generator.cli.new import new_cmd
from generator.cli.print_cmd import print_group
from generator.cli.public import public_cmd
from generator.cli.replay import replay_cmd
from generator.cli.settle import settle_cmd
from generator.console import (
    CONTENT_OPTION,
    TranslatedGroup,
    load_or_exit,
    locate,
    os_error,
    print_diagnostics,
    refuse_links_out,
    replay_or_exit,
    reporter,
    site_error,
    summary_line,
    translator_for,
)
from generator.content.place import find_campaign
from generator.diagnostics import Pos, display_path, typed
from generator.i18n import Translator
from generator.i18n.markers import N_

if TYPE_CHECKING:
    from generator.content.place import CampaignPlace
    from generator.site.config import ConfigOptions
    from generator.site.progress import Reporter
    from generator.site.worker import Worker

NO_HOOKS_OPTION = click.option(
    "--no-hooks", is_flag=True,
    help=N_("run no code from the campaign: leave out the hooks, plugins (but search), "
            "theme.custom_dir and extra Markdown extensions of its mkdocs.yml, its template "
            "overrides, and !ENV values (for building pull requests)").message)


QUIET_OPTION = click.option("--quiet", "-q", is_flag=True, help=N_(
    "print errors only: no warnings, progress or summary").message)
VERBOSE_OPTION = click.option(
    "--verbose", "-v", is_flag=True,
    help=N_("print each stage as it ends, with its time and what it did").message)


@click.group(cls=TranslatedGroup, context_settings={"help_option_names": ["-h", "--help"]},
             help=N_("Build player and GM wikis for a hexcrawl campaign from YAML and "
                     "Markdown.").message)
@click.version_option(package_name="hexcrawl", prog_name="hexcrawl",
                      message="%(prog)s %(version)s")
def main() -> None:
    """The ``hexcrawl`` group of commands."""


@main.command(help=N_(
    "Validate the campaign, its MkDocs settings, and replay every session; exit 1 on "
    "errors. Counts, per session, the rolls the replay made itself, and warns about each of "
    "them that changed the story, and about public text that reads as GM-only (with "
    "--strict, errors).").message)
@CONTENT_OPTION
@click.option("--list-seeded", is_flag=True,
              help=N_("list every roll the replay made itself (not recorded in the logs): "
                      "session, log entry, purpose and the value used").message)
@click.option("--strict", is_flag=True,
              help=N_("a seeded roll that changed the story (an encounter, a failed check, "
                      "damage, getting lost...) is an error, not a warning: for groups that "
                      "log every die; and so is public text whose title or first words read "
                      "as GM-only ('## Secrets', '!!! note \"GM only\"', '**GM:**')").message)
@QUIET_OPTION
@VERBOSE_OPTION
def check(content: Path | None, list_seeded: bool, strict: bool, quiet: bool,
          verbose: bool) -> None:
    """``hexcrawl check``."""
    place = locate(content)
    from generator.site.config import (
        ConfigError,
        ConfigOptions,
        campaign_config_files,
        read_campaign_config,
    )
    with reporter(quiet, verbose) as progress:
        from generator.content.secretlint import SECRETS

        campaign, diags = load_or_exit(place.content, progress, (SECRETS,) if strict else ())
        try:
            read_campaign_config(campaign_config_files(place.config, place.content),
                                 ConfigOptions())
        except ConfigError as exc:
            diags.error(Pos(str(exc.path), exc.line, exc.column), exc.text)
        chronicle = replay_or_exit(campaign, diags, progress)
        from generator.replay.seeded import flag_story_rolls

        flag_story_rolls(campaign, chronicle, diags, strict)
        progress.close()
        t = Translator(campaign.language)
        print_diagnostics(diags, progress, t)
        from generator.render.text import seeded_text

        seeded = seeded_text(campaign, chronicle, listing=list_seeded, t=t)
        if seeded and (list_seeded or not progress.quiet):
            click.echo(seeded)
        progress.close(f"{place.content}: " + t.gettext(
            "%(hexes)s, %(locations)s, %(sessions)s; %(summary)s",
            hexes=t.count(len(campaign.hexes), "hex"),
            locations=t.ngettext("%(num)s location", "%(num)s locations",
                                 len(campaign.locations)),
            sessions=t.count(len(campaign.sessions), "session"),
            summary=summary_line(diags, t)))
        if diags.has_errors():
            sys.exit(1)


AUDIENCE_CHOICE = click.Choice(["players", "gm", "both"])


@main.command(help=N_(
    "Build the players' and the GM's sites (atomically: on any error the old site stays).\n"
    "\n"
    "build/ and site/ go beside the campaign (the folder holding campaign.yaml, or the one "
    "holding content/), wherever the command runs. On a terminal, a build that takes over a "
    "second shows each stage as it runs; one summary line follows every build.").message)
@CONTENT_OPTION
@click.option("--audience", type=AUDIENCE_CHOICE, default="both", show_default=True)
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help=N_("where the sites go (default: site/ beside the campaign)").message)
@click.option("--docs-only", is_flag=True,
              help=N_("write build/<audience>/ (Markdown, SVG, mkdocs.yml) and stop").message)
@click.option("--site-url", "site_url", default=None, metavar="URL",
              help=N_("the address the players' site is published at (its site_url; "
                      "Material's instant navigation needs it)").message)
@click.option("--gm-site-url", "gm_site_url", default=None, metavar="URL",
              help=N_("the address the GM site is served at, if it has one").message)
@NO_HOOKS_OPTION
@QUIET_OPTION
@VERBOSE_OPTION
def build(content: Path | None, audience: str, out: Path | None, docs_only: bool,
          site_url: str | None, gm_site_url: str | None, no_hooks: bool, quiet: bool,
          verbose: bool) -> None:
    """``hexcrawl build``."""
    from generator.serve.hooks import BUILD_IMPORTS
    from generator.site.config import ConfigOptions
    from generator.site.worker import start_worker

    place = locate(content)
    refuse_links_out(place, place.build_dir,
                     None if docs_only else out if out is not None else place.site_dir)
    audiences = AUDIENCES if audience == "both" else (Audience(audience),)
    progress = reporter(quiet, verbose)
    # started first, so its start and imports overlap the loading and the GM's pages
    worker = start_worker(audiences, docs_only, BUILD_IMPORTS)
    try:
        _build(place, audiences, out, docs_only, {Audience.PLAYERS: site_url,
                                                  Audience.GM: gm_site_url},
               ConfigOptions(no_hooks=no_hooks), progress, worker)
    finally:
        if worker is not None:
            worker.close()


def _build(place: CampaignPlace, audiences: Sequence[Audience], out: Path | None,
           docs_only: bool, site_urls: dict[Audience, str | None], options: ConfigOptions,
           progress: Reporter, worker: Worker | None) -> None:
    """``hexcrawl build`` once its worker started: load, replay, build, say what was done."""
    import babel.numbers

    from generator.site.build import SiteError, build_sites
    from generator.site.notfound import unlisted_warning

    out = out if out is not None else place.site_dir
    with progress:
        campaign, diags = load_or_exit(place.content, progress)
        chronicle = replay_or_exit(campaign, diags, progress)
        t = Translator(campaign.language)
        print_diagnostics(diags, progress, t)
        urls = {a: u for a, u in site_urls.items() if u}
        try:
            report = build_sites(campaign, chronicle, out_dir=out, build_root=place.build_dir,
                                 audiences=audiences, docs_only=docs_only,
                                 repo_config=place.config, options=options, site_urls=urls,
                                 progress=progress, worker=worker)
        except SiteError as exc:
            progress.close()
            click.echo(site_error(exc, t), err=True)
            click.echo(t.gettext("the previous site in %(folder)s is untouched",
                                 folder=out), err=True)
            sys.exit(1)
        progress.close()
        left_out = sorted({x for d in report.docs.values() for x in d.left_out})
        if left_out and not progress.quiet:
            click.echo("--no-hooks: " + t.gettext("left out %(what)s",
                                                  what="; ".join(left_out)), err=True)
        if not progress.quiet:
            for warning in report.warnings:
                click.echo(f"warning: {warning}", err=True)
        unlisted = "players" in report.unlisted  # the GM's site is not published
        if unlisted and not progress.quiet:
            click.echo("warning: " + unlisted_warning(campaign.language, str(out / "players")),
                       err=True)
        wrote = [str(report.docs[a].config) if docs_only else str(out / a) for a in audiences]
        warnings = len(diags.warnings) + len(report.warnings) + int(unlisted)
        if not progress.quiet:  # the command's result: on standard output
            seconds = babel.numbers.format_decimal(round(progress.elapsed(), 1), "0.0",
                                                   locale=t.locale)
            done = (t.gettext("wrote %(what)s in %(seconds)s s", what=" ".join(wrote),
                              seconds=seconds) if docs_only and len(wrote) == 1 else
                    t.gettext("wrote %(first)s and %(second)s in %(seconds)s s",
                              first=wrote[0], second=wrote[-1], seconds=seconds)
                    if docs_only else
                    t.gettext("built %(what)s in %(seconds)s s", what=" ".join(wrote),
                              seconds=seconds) if len(wrote) == 1 else
                    t.gettext("built %(first)s and %(second)s in %(seconds)s s",
                              first=wrote[0], second=wrote[-1], seconds=seconds))
            click.echo(done + (" (" + t.ngettext("%(num)s warning", "%(num)s warnings",
                                                 warnings) + ")" if warnings else ""))


@main.command(help=N_(
    "Serve one site with live reload; content edits regenerate only the changed pages.\n"
    "\n"
    "Each edit replays only from the edited session on, redraws only what changed and has "
    "MkDocs rebuild only the pages whose Markdown changed (a dirty build, kept exact by the "
    "hook: generator.serve.memo). While the content has errors, every page shows them (with "
    "their positions) instead, and reloads by itself once they are fixed.").message)
@CONTENT_OPTION
@click.option("--audience", type=click.Choice(["players", "gm"]), default="gm",
              show_default=True)
@click.option("--dev-addr", default="127.0.0.1:8000", show_default=True,
              help=N_("address to serve on").message)
@NO_HOOKS_OPTION
def serve(content: Path | None, audience: str, dev_addr: str, no_hooks: bool) -> None:
    """``hexcrawl serve``."""
    from mkdocs.commands.serve import serve as mkdocs_serve

    from generator.content.loader import load_campaign
    from generator.replay import replay
    from generator.serve.session import SESSION
    from generator.site.build import SiteError, write_docs
    from generator.site.config import ConfigOptions

    which = Audience(audience)
    place = locate(content)
    refuse_links_out(place, place.build_dir)
    cache = SESSION.cache_for(place.content)  # the hook's rebuilds go on from this load
    campaign, diags = load_campaign(place.content, parse_cache=cache.parsed)
    if campaign is not None:
        chronicle, replay_diags = replay(campaign, cache.replay)
        diags.extend(replay_diags.items)
    t = translator_for(place.content)
    print_diagnostics(diags, None, t)
    config = place.build_dir / which / "mkdocs.yml"
    if campaign is None or diags.has_errors():
        click.echo(summary_line(diags, t), err=True)
        if not config.is_file():
            click.echo(f"{config}: error: " + (t.gettext(
                "no earlier build of the players' site to serve while the content has "
                "errors; fix them first") if which == Audience.PLAYERS else t.gettext(
                "no earlier build of the GM's site to serve while the content has errors; "
                "fix them first")), err=True)
            sys.exit(1)
        click.echo(t.gettext("the browser shows these errors until they are fixed"), err=True)
        name = campaign.name if campaign is not None else str(place.content)
    else:
        try:
            config = write_docs(campaign, chronicle, which, place.build_dir, place.site_dir,
                                place.config, ConfigOptions(no_hooks=no_hooks),
                                cache=cache).config
        except SiteError as exc:
            click.echo(site_error(exc, t), err=True)
            sys.exit(1)
        name = campaign.name
    click.echo((t.gettext("serving the players' site of %(name)s on %(url)s (edits in "
                          "%(folder)s rebuild it)", name=name, url=f"http://{dev_addr}/",
                          folder=place.content) if which == Audience.PLAYERS else
                t.gettext("serving the GM's site of %(name)s on %(url)s (edits in %(folder)s "
                          "rebuild it)", name=name, url=f"http://{dev_addr}/",
                          folder=place.content)), err=True)
    # the dirty builds are kept exact by the hook: MkDocs' warning about them does not apply
    logging.getLogger("mkdocs.commands.build").addFilter(
        lambda record: not record.getMessage().startswith("A 'dirty' build"))
    from generator.serve.host import guarded

    with guarded():     # a page elsewhere cannot read the site through DNS rebinding
        mkdocs_serve(config_file=str(config), livereload=True, dev_addr=dev_addr,
                     build_type="dirty")


@main.group("import", help=N_("Bring a map made with another tool into a campaign.").message)
def import_group() -> None:
    """``hexcrawl import``."""


@import_group.command("text-mapper", help=N_(
    "Import Alex Schroeder's Text Mapper text format: hexes, paths and locations.\n"
    "\n"
    "Terrain words, forest colours and place words map to terrain, density and locations "
    "(--show-mapping prints the tables; --mapping overrides them); line features (river, "
    "road, trail, highway) become paths; the report says what was dropped. Files that exist "
    "are never written over without --force (which keeps them as NAME.bak).").message)
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--into", "into", type=click.Path(file_okay=False, path_type=Path), default=None,
              help=N_("campaign folder to write into (default: the campaign found from the "
                      "current folder upward, else a new folder named after FILE)").message)
@click.option("--mapping", "mapping_file", type=click.Path(dir_okay=False, path_type=Path),
              default=None,
              help=N_("YAML file of word mappings laid over the built-in ones").message)
@click.option("--force", is_flag=True,
              help=N_("write over files that exist, keeping each as NAME.bak").message)
@click.option("--name", default=None, help=N_("campaign name of a new campaign.yaml").message)
@click.option("--show-mapping", is_flag=True,
              help=N_("print the word mapping in --mapping's format and stop").message)
def import_text_mapper(file: Path, into: Path | None, mapping_file: Path | None, force: bool,
                       name: str | None, show_mapping: bool) -> None:
    """``hexcrawl import text-mapper``."""
    from generator.interop.textmapper.command import import_map

    import_map(file, into, mapping_file, force, name, show_mapping)


@main.group("export", help=N_("Write a campaign's map in another tool's format.").message)
def export_group() -> None:
    """``hexcrawl export``."""


@export_group.command("text-mapper", help=N_(
    "Export the map in Alex Schroeder's Text Mapper text format (hexes with terrain and "
    "names, locations, paths); hexcrawl import text-mapper reads it back unchanged.").message)
@CONTENT_OPTION
@click.option("--out", "out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help=N_("file to write (default: standard output)").message)
@click.option("--audience", type=click.Choice(["gm", "players"]), default="gm",
              show_default=True, help=N_("players: only what the party has found").message)
@click.option("--force", is_flag=True, help=N_("write over --out if it exists").message)
def export_text_mapper(content: Path | None, out: Path | None, audience: str,
                       force: bool) -> None:
    """``hexcrawl export text-mapper``."""
    from generator.interop import textmapper as tm
    from generator.knowledge import view_for

    place = locate(content)
    campaign, diags = load_or_exit(place.content)
    chronicle = replay_or_exit(campaign, diags)
    print_diagnostics(diags)
    view = view_for(campaign, chronicle, Audience(audience))
    text = tm.export(view, campaign)
    if out is None:
        click.echo(text, nl=False)
        return
    if out.exists() and not force:
        click.echo(f"{display_path(out)}: error: " + translator_for(place.content).gettext(
            "the file exists (--force writes over it)"), err=True)
        sys.exit(1)
    out.write_text(text, encoding="utf-8")
    click.echo(str(out))


@main.command("schema", help=N_(
    "Write JSON Schemas of every content file (for editors) and of the replay JSON, and "
    "vscode-settings.json, the VS Code settings that apply them to the campaign's "
    "files.").message)
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help=N_("folder for the schemas (default: schemas/ beside the campaign, or of "
                      "the current folder when there is no campaign)").message)
@click.option("--content", "content", type=click.Path(file_okay=False, path_type=Path),
              default=None, help=N_("the campaign the VS Code snippet points at (default: "
                                    "found from the current folder upward)").message)
def schema_cmd(out: Path | None, content: Path | None) -> None:
    """``hexcrawl schema``."""

    from generator.content.schema import VSCODE_SNIPPET, vscode_snippet, write_schemas

    place = locate(content) if content is not None else find_campaign()
    workspace = Path(os.path.abspath(place.repository if place is not None else Path.cwd()))
    out = out if out is not None else (
        place.repository / "schemas" if place is not None else Path("schemas"))

    def inside(path: Path) -> str:
        absolute = Path(os.path.abspath(path))
        try:
            return absolute.relative_to(workspace).as_posix() or "."
        except ValueError:
            return absolute.as_posix()

    campaign = inside(place.content) if place is not None else "**"
    t = translator_for(place.content if place is not None else None)
    try:
        written = write_schemas(out)
        snippet = out / VSCODE_SNIPPET
        snippet.write_text(vscode_snippet(inside(out), campaign), encoding="utf-8")
    except OSError as exc:
        click.echo(os_error(exc, out, t), err=True)
        sys.exit(1)
    for path in written:
        click.echo(str(path))
    click.echo(str(snippet))
    click.echo(t.gettext(
        "VS Code (YAML extension): merge %(snippet)s into %(settings)s to check every "
        "campaign file against its schema; or start a file with '%(line)s'.",
        snippet=snippet, settings=f"{workspace.name}/.vscode/settings.json",
        line="# yaml-language-server: $schema=<path to its schema>"), err=True)


@main.command("roll", help=N_("Roll on a table at the table: nested tables, distance and "
                               "reaction included.").message)
@click.argument("table_id")
@CONTENT_OPTION
@click.option("--seed", type=int, default=None,
              help=N_("seed for a repeatable roll (default: a fresh random roll)").message)
def roll_cmd(table_id: str, content: Path | None, seed: int | None) -> None:
    """``hexcrawl roll``."""
    import secrets

    from generator.diagnostics import suggest
    from generator.dice import RollSource
    from generator.rules.chronicle import EncounterRecord
    from generator.rules.encounters import roll_on_table

    campaign, _ = load_or_exit(locate(content).content)
    t = Translator(campaign.language)
    table = campaign.tables.get(table_id)
    if table is None:
        raise click.BadParameter(t.gettext(
            "unknown table '%(id)s'%(hint)s; tables: %(tables)s", id=table_id,
            hint=t.text(suggest(table_id, campaign.tables)),
            tables=typed(sorted(campaign.tables))), param_hint="TABLE_ID")
    source = RollSource(seed if seed is not None else secrets.randbits(64), 0, 0)
    enc = EncounterRecord("roll")
    warnings = roll_on_table(campaign.tables, table, source, enc)
    for r in source.log:
        detail = f"  ({t.said(r.detail)})" if r.detail else ""
        outcome = f" -> {r.outcome}" if r.outcome else ""
        click.echo(f"{r.purpose:<18} {r.dice:<6} {r.natural:>4}{outcome}{detail}")
    click.echo(f"{table.name}: " + (enc.result or "(" + t.gettext("no result") + ")"))
    if enc.distance is not None:
        click.echo(t.gettext("distance: %(feet)s ft", feet=enc.distance))
    if enc.reaction:
        click.echo(t.gettext("reaction: %(reaction)s",
                             reaction=t.label("reaction", enc.reaction, enc.reaction)))
    for w in warnings:
        click.echo(t.gettext("warning: %(message)s", message=t.text(w)), err=True)


@main.command("play", help=N_(
    "Log a session at the table: each command is adjudicated by the rules, its dice asked "
    "for one by one, and the entry appended to the session log with every roll recorded.\n"
    "\n"
    "For the players' shared screen, run `hexcrawl serve --audience players` beside it: each "
    "entry written rebuilds the players' map, and the page reloads by itself.").message)
@CONTENT_OPTION
@click.option("--new", "new", is_flag=True, help=N_("start the next session").message)
@click.option("--continue", "cont", is_flag=True,
              help=N_("append to the last session").message)
@click.option("--title", default=None, help=N_("title of a new session").message)
@click.option("--date", "date", type=click.DateTime(formats=["%Y-%m-%d"]), default=None,
              help=N_("date of a new session (default: today)").message)
def play_cmd(content: Path | None, new: bool, cont: bool, title: str | None,
             date: dt.datetime | None) -> None:
    """``hexcrawl play``."""
    from generator.diagnostics import terminal_text
    from generator.play.loop import start
    from generator.play.ui import Input, PlainInput, TerminalInput

    if new and cont:
        raise click.UsageError(translator_for(content).gettext("--new and --continue "
                                                               "exclude each other"))
    inp: Input = TerminalInput() if sys.stdin.isatty() and sys.stdout.isatty() \
        else PlainInput()
    sys.exit(start(locate(content).content, new=new, cont=cont, title=title,
                   date=date.date() if date else None, inp=inp,
                   say=lambda text: click.echo(terminal_text(text))))


main.add_command(replay_cmd)
main.add_command(new_cmd)
main.add_command(public_cmd)
main.add_command(settle_cmd)
main.add_command(print_group)


def run() -> None:
    """The ``hexcrawl`` program (the console script's entry point)."""
    main()

