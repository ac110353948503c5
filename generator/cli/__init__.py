"""The ``hexcrawl`` command line: thin wrappers around the pipeline stages.

Exit status: 0 success, 1 content errors (printed as PATH:LINE:COL: error: MESSAGE),
2 usage errors (click's own). No traceback ever reaches the user for bad content.
"""

from __future__ import annotations

import datetime as dt
import logging
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import click

from generator.cli.public import public_cmd
from generator.cli.replay import replay_cmd
from generator.cli.settle import settle_cmd
from generator.console import (
    CONTENT_OPTION,
    load_or_exit,
    locate,
    os_error,
    print_diagnostics,
    refuse_links_out,
    replay_or_exit,
    reporter,
    site_error,
    summary_line,
)
from generator.content.place import find_campaign
from generator.diagnostics import Pos, display_path

if TYPE_CHECKING:
    from generator.knowledge import Audience

NO_HOOKS_OPTION = click.option(
    "--no-hooks", is_flag=True,
    help="run no code from the campaign: leave out the hooks, plugins (but search), "
         "theme.custom_dir and extra Markdown extensions of its mkdocs.yml, its template "
         "overrides, and !ENV values (for building pull requests)")


QUIET_OPTION = click.option("--quiet", "-q", is_flag=True,
                            help="print errors only: no warnings, progress or summary")
VERBOSE_OPTION = click.option("--verbose", "-v", is_flag=True,
                              help="print each stage as it ends, with its time and what it did")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="hexcrawl", prog_name="hexcrawl",
                      message="%(prog)s %(version)s")
def main() -> None:
    """Build player and GM wikis for a hexcrawl campaign from YAML and Markdown."""


@main.command()
@CONTENT_OPTION
@click.option("--list-seeded", is_flag=True,
              help="list every roll the replay made itself (not recorded in the logs): "
                   "session, log entry, purpose and the value used")
@click.option("--strict", is_flag=True,
              help="a seeded roll that changed the story (an encounter, a failed check, "
                   "damage, getting lost...) is an error, not a warning: for groups that log "
                   "every die; and so is public text whose title or first words read as "
                   "GM-only ('## Secrets', '!!! note \"GM only\"', '**GM:**')")
@QUIET_OPTION
@VERBOSE_OPTION
def check(content: Path | None, list_seeded: bool, strict: bool, quiet: bool,
          verbose: bool) -> None:
    """Validate the campaign, its MkDocs settings, and replay every session; exit 1 on
    errors. Counts, per session, the rolls the replay made itself, and warns about each of
    them that changed the story, and about public text that reads as GM-only (with
    --strict, errors)."""
    place = locate(content)
    from generator.site.config import (
        ConfigError,
        ConfigOptions,
        campaign_config_files,
        read_campaign_config,
    )
    from generator.site.progress import count

    with reporter(quiet, verbose) as progress:
        from generator.content.secretlint import SECRETS

        campaign, diags = load_or_exit(place.content, progress, (SECRETS,) if strict else ())
        try:
            read_campaign_config(campaign_config_files(place.config, place.content),
                                 ConfigOptions())
        except ConfigError as exc:
            diags.error(Pos(str(exc.path), exc.line, exc.column), exc.message)
        chronicle = replay_or_exit(campaign, diags, progress)
        from generator.replay.seeded import flag_story_rolls

        flag_story_rolls(campaign, chronicle, diags, strict)
        progress.close()
        print_diagnostics(diags, progress)
        from generator.render.text import seeded_text

        seeded = seeded_text(campaign, chronicle, listing=list_seeded)
        if seeded and (list_seeded or not progress.quiet):
            click.echo(seeded)
        progress.close(f"{place.content}: {count(len(campaign.hexes), 'hex')}, "
                       f"{count(len(campaign.locations), 'location')}, "
                       f"{count(len(campaign.sessions), 'session')}; {summary_line(diags)}")
        if diags.has_errors():
            sys.exit(1)


AUDIENCE_CHOICE = click.Choice(["players", "gm", "both"])


@main.command()
@CONTENT_OPTION
@click.option("--audience", type=AUDIENCE_CHOICE, default="both", show_default=True)
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="where the sites go (default: site/ beside the campaign)")
@click.option("--docs-only", is_flag=True,
              help="write build/<audience>/ (Markdown, SVG, mkdocs.yml) and stop")
@click.option("--site-url", "site_url", default=None, metavar="URL",
              help="the address the players' site is published at (its site_url; Material's "
                   "instant navigation needs it)")
@click.option("--gm-site-url", "gm_site_url", default=None, metavar="URL",
              help="the address the GM site is served at, if it has one")
@NO_HOOKS_OPTION
@QUIET_OPTION
@VERBOSE_OPTION
def build(content: Path | None, audience: str, out: Path | None, docs_only: bool,
          site_url: str | None, gm_site_url: str | None, no_hooks: bool, quiet: bool,
          verbose: bool) -> None:
    """Build the players' and the GM's sites (atomically: on any error the old site stays).

    build/ and site/ go beside the campaign (the folder holding campaign.yaml, or the one
    holding content/), wherever the command runs. On a terminal, a build that takes over a
    second shows each stage as it runs; one summary line follows every build."""
    from generator.site.build import AUDIENCES, SiteError, build_sites
    from generator.site.config import ConfigOptions
    from generator.site.notfound import unlisted_warning
    from generator.site.progress import count

    place = locate(content)
    refuse_links_out(place, place.build_dir,
                     None if docs_only else out if out is not None else place.site_dir)
    out = out if out is not None else place.site_dir
    audiences: tuple[Audience, ...] = AUDIENCES if audience == "both" else (
        "players" if audience == "players" else "gm",)
    options = ConfigOptions(no_hooks=no_hooks)
    with reporter(quiet, verbose) as progress:
        campaign, diags = load_or_exit(place.content, progress)
        chronicle = replay_or_exit(campaign, diags, progress)
        print_diagnostics(diags, progress)
        urls = {a: u for a, u in (("players", site_url), ("gm", gm_site_url)) if u}
        try:
            report = build_sites(campaign, chronicle, out_dir=out, build_root=place.build_dir,
                                 audiences=audiences, docs_only=docs_only,
                                 repo_config=place.config, options=options, site_urls=urls,
                                 progress=progress)
        except SiteError as exc:
            progress.close()
            click.echo(site_error(exc), err=True)
            click.echo(f"the previous site in {out} is untouched", err=True)
            sys.exit(1)
        progress.close()
        left_out = sorted({x for d in report.docs.values() for x in d.left_out})
        if left_out and not progress.quiet:
            click.echo(f"--no-hooks: left out {'; '.join(left_out)}", err=True)
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
            click.echo(f"{'wrote' if docs_only else 'built'} {' and '.join(wrote)} in "
                       f"{progress.elapsed():.1f} s"
                       + (f" ({count(warnings, 'warning')})" if warnings else ""))


@main.command()
@CONTENT_OPTION
@click.option("--audience", type=click.Choice(["players", "gm"]), default="gm",
              show_default=True)
@click.option("--dev-addr", default="127.0.0.1:8000", show_default=True,
              help="address to serve on")
@NO_HOOKS_OPTION
def serve(content: Path | None, audience: str, dev_addr: str, no_hooks: bool) -> None:
    """Serve one site with live reload; content edits regenerate only the changed pages.

    Each edit replays only from the edited session on, redraws only what changed and has
    MkDocs rebuild only the pages whose Markdown changed (a dirty build, kept exact by the
    hook: generator.serve.memo). While the content has errors, every page shows them (with
    their positions) instead, and reloads by itself once they are fixed."""
    from mkdocs.commands.serve import serve as mkdocs_serve

    from generator.content.loader import load_campaign
    from generator.replay import replay
    from generator.serve.memo import cache_for
    from generator.site.build import SiteError, write_docs
    from generator.site.config import ConfigOptions

    which: Audience = "players" if audience == "players" else "gm"
    place = locate(content)
    refuse_links_out(place, place.build_dir)
    cache = cache_for(place.content)
    campaign, diags = load_campaign(place.content, parse_cache=cache.parsed)
    if campaign is not None:
        chronicle, replay_diags = replay(campaign, cache.replay)
        diags.extend(replay_diags.items)
    print_diagnostics(diags)
    config = place.build_dir / which / "mkdocs.yml"
    if campaign is None or diags.has_errors():
        click.echo(summary_line(diags), err=True)
        if not config.is_file():
            click.echo(f"{config}: error: no earlier build of the {audience} site to serve "
                       "while the content has errors; fix them first", err=True)
            sys.exit(1)
        click.echo("the browser shows these errors until they are fixed", err=True)
        name = campaign.name if campaign is not None else str(place.content)
    else:
        try:
            config = write_docs(campaign, chronicle, which, place.build_dir, place.site_dir,
                                place.config, ConfigOptions(no_hooks=no_hooks),
                                cache=cache).config
        except SiteError as exc:
            click.echo(site_error(exc), err=True)
            sys.exit(1)
        name = campaign.name
    click.echo(f"serving the {audience} site of {name} on http://{dev_addr}/ "
               f"(edits in {place.content} rebuild it)", err=True)
    # the dirty builds are kept exact by the hook: MkDocs' warning about them does not apply
    logging.getLogger("mkdocs.commands.build").addFilter(
        lambda record: not record.getMessage().startswith("A 'dirty' build"))
    from generator.serve.host import guarded

    with guarded():     # a page elsewhere cannot read the site through DNS rebinding
        mkdocs_serve(config_file=str(config), livereload=True, dev_addr=dev_addr,
                     build_type="dirty")


@contextmanager
def _print_errors() -> Iterator[None]:
    """A print that fails says why and exits with status 1, never with a traceback: a
    template override that cannot be read or fails (at its file and line), Chromium
    missing or failing, a size that does not fit the paper."""
    from generator.diagnostics import SourceError
    from generator.reference.printing import PrintError

    try:
        yield
    except SourceError as exc:
        click.echo(str(exc), err=True)
        sys.exit(1)
    except (PrintError, ValueError) as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(1)


@main.command("print")
@CONTENT_OPTION
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="folder for the PDFs (default: print/ beside the campaign)")
@click.option("--paper", type=click.Choice(["A4", "A3", "Letter", "Tabloid"]), default="A4",
              show_default=True, help="paper (sheets: A4 or Letter; maps: all four)")
@click.option("--language", type=click.Choice(["en", "ru", "uk"]), default=None,
              help="language of the sheets (default: the campaign's)")
@click.option("--system", "systems", multiple=True, type=click.Choice(["d20", "brp", "bsh"]),
              help="GM screen and checks sheet of this check system (repeatable; "
                   "default: the campaign's)")
@click.option("--audience", type=click.Choice(["players", "gm", "both"]), default=None,
              help="sheets: gm (default) or players (no GM screen, only players' tables); "
                   "map: both (default), players or gm")
@click.option("--poster", is_flag=True,
              help="map: tile the map over several sheets (overlap, crop marks, a cover page)")
@click.option("--hex-size", "hex_mm", type=click.FloatRange(5, 200), default=None,
              help="map poster: millimetres between opposite sides of a hex (default 25)")
@click.option("--orientation", type=click.Choice(["auto", "portrait", "landscape"]),
              default="auto", show_default=True, help="map: page orientation")
@click.argument("sheets", nargs=-1)
def print_cmd(content: Path | None, out: Path | None, paper: str, language: str | None,
              systems: tuple[str, ...], audience: str | None, poster: bool,
              hex_mm: float | None, orientation: str, sheets: tuple[str, ...]) -> None:
    """Print the rules reference sheets, the roll tables and the GM screen to PDF;
    ``hexcrawl print map`` prints the maps instead, ``hexcrawl print booklet`` the GM's
    prep booklet.

    SHEETS limits the output to those documents (travel, navigation, gm-screen, tables...).
    The checks sheet and the GM screen are the campaign's check system's, or those of each
    --system. ``booklet`` prints booklet.pdf: a cover with the contents, the hex key by
    region, the locations with their GM text, the roll tables and the GM screen.
    ``map`` prints the players' and the GM's overview maps (map-players.pdf, map-gm.pdf):
    one page in the orientation that prints them largest, with a legend, or with --poster
    a cover page and the map tiled over sheets. Needs Chromium (Debian: apt-get install
    chromium)."""
    from generator.reference.printing import POSTER_HEX_MM, print_maps, print_pdfs

    booklet = "booklet" in sheets
    if booklet:
        if sheets != ("booklet",):
            raise click.UsageError("print 'booklet' on its own (hexcrawl print booklet), the "
                                   "sheets in another run")
        if audience not in (None, "gm"):
            raise click.UsageError("the booklet is the GM's: it has no --audience "
                                   f"{audience}")
    if "map" in sheets:
        if sheets != ("map",):
            raise click.UsageError("print 'map' on its own (hexcrawl print map), the sheets "
                                   "in another run")
        if systems:
            raise click.UsageError("--system is for the GM screen, not the map")
    else:
        if paper not in ("A4", "Letter"):
            raise click.UsageError(f"the sheets print on A4 or Letter, not {paper} (the map "
                                   f"prints on A3 and Tabloid too: hexcrawl print map)")
        if audience == "both":
            raise click.UsageError("--audience both is for the map; print the sheets for "
                                   "players or gm")
        if poster or hex_mm is not None or orientation != "auto":
            raise click.UsageError("--poster, --hex-size and --orientation are for the map "
                                   "(hexcrawl print map)")
    place = locate(content)
    out = out if out is not None else place.print_dir
    refuse_links_out(place, print_dir=out)
    campaign, diags = load_or_exit(place.content)
    if sheets == ("map",):
        chronicle = replay_or_exit(campaign, diags)
        print_diagnostics(diags)
        audiences = ("players", "gm") if audience in (None, "both") else (audience,)
        with _print_errors():
            maps = print_maps(campaign, chronicle, out, audiences=audiences, paper=paper,
                              poster=poster, orientation=orientation,
                              hex_mm=hex_mm or POSTER_HEX_MM, language=language)
        for pdf in maps:
            click.echo(str(pdf))
        return
    if booklet:
        from generator.reference.booklet import print_booklet

        chronicle = replay_or_exit(campaign, diags)
        print_diagnostics(diags)
        with _print_errors():
            pdf = print_booklet(campaign, chronicle, out, language, paper,
                                systems=list(systems) or None)
        click.echo(str(pdf))
        return
    seen: set[str] | None = None
    if audience == "players":       # their sheets name only the terrain they have seen
        from generator.knowledge import players_view

        seen = set(players_view(campaign, replay_or_exit(campaign, diags)).terrains)
    print_diagnostics(diags)
    with _print_errors():
        pdfs = print_pdfs(campaign, out, language, paper,
                          audience="players" if audience == "players" else "gm",
                          systems=list(systems) or None, only=list(sheets) or None,
                          known_terrain=seen)
    for pdf in pdfs:
        click.echo(str(pdf))


@main.group("import")
def import_group() -> None:
    """Bring a map made with another tool into a campaign."""


@import_group.command("text-mapper")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--into", "into", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="campaign folder to write into (default: the campaign found from the "
                   "current folder upward, else a new folder named after FILE)")
@click.option("--mapping", "mapping_file", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="YAML file of word mappings laid over the built-in ones")
@click.option("--force", is_flag=True,
              help="write over files that exist, keeping each as NAME.bak")
@click.option("--name", default=None, help="campaign name of a new campaign.yaml")
@click.option("--show-mapping", is_flag=True,
              help="print the word mapping in --mapping's format and stop")
def import_text_mapper(file: Path, into: Path | None, mapping_file: Path | None, force: bool,
                       name: str | None, show_mapping: bool) -> None:
    """Import Alex Schroeder's Text Mapper text format: hexes, paths and locations.

    Terrain words, forest colours and place words map to terrain, density and locations
    (--show-mapping prints the tables; --mapping overrides them); line features (river,
    road, trail, highway) become paths; the report says what was dropped. Files that exist
    are never written over without --force (which keeps them as NAME.bak)."""
    from generator.interop.tm_command import import_map

    import_map(file, into, mapping_file, force, name, show_mapping)


@main.group("export")
def export_group() -> None:
    """Write a campaign's map in another tool's format."""


@export_group.command("text-mapper")
@CONTENT_OPTION
@click.option("--out", "out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="file to write (default: standard output)")
@click.option("--audience", type=click.Choice(["gm", "players"]), default="gm",
              show_default=True, help="players: only what the party has found")
@click.option("--force", is_flag=True, help="write over --out if it exists")
def export_text_mapper(content: Path | None, out: Path | None, audience: str,
                       force: bool) -> None:
    """Export the map in Alex Schroeder's Text Mapper text format (hexes with terrain and
    names, locations, paths); hexcrawl import text-mapper reads it back unchanged."""
    from generator.interop import textmapper as tm
    from generator.knowledge import view_for

    place = locate(content)
    campaign, diags = load_or_exit(place.content)
    chronicle = replay_or_exit(campaign, diags)
    print_diagnostics(diags)
    view = view_for(campaign, chronicle, "players" if audience == "players" else "gm")
    text = tm.export(view, campaign)
    if out is None:
        click.echo(text, nl=False)
        return
    if out.exists() and not force:
        click.echo(f"{display_path(out)}: error: the file exists (--force writes over it)",
                   err=True)
        sys.exit(1)
    out.write_text(text, encoding="utf-8")
    click.echo(str(out))


@main.command("schema")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="folder for the schemas (default: schemas/ beside the campaign, or of the "
                   "current folder when there is no campaign)")
@click.option("--content", "content", type=click.Path(file_okay=False, path_type=Path),
              default=None, help="the campaign the VS Code snippet points at (default: found "
                                 "from the current folder upward)")
def schema_cmd(out: Path | None, content: Path | None) -> None:
    """Write JSON Schemas of every content file (for editors) and of the replay JSON, and
    vscode-settings.json, the VS Code settings that apply them to the campaign's files."""

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
    try:
        written = write_schemas(out)
        snippet = out / VSCODE_SNIPPET
        snippet.write_text(vscode_snippet(inside(out), campaign), encoding="utf-8")
    except OSError as exc:
        click.echo(os_error(exc, out), err=True)
        sys.exit(1)
    for path in written:
        click.echo(str(path))
    click.echo(str(snippet))
    click.echo(f"VS Code (YAML extension): merge {snippet} into {workspace.name}/.vscode/"
               "settings.json to check every campaign file against its schema; or start a "
               "file with '# yaml-language-server: $schema=<path to its schema>'.", err=True)


@main.command("roll")
@click.argument("table_id")
@CONTENT_OPTION
@click.option("--seed", type=int, default=None,
              help="seed for a repeatable roll (default: a fresh random roll)")
def roll_cmd(table_id: str, content: Path | None, seed: int | None) -> None:
    """Roll on a table at the table: nested tables, distance and reaction included."""
    import secrets

    from generator.diagnostics import suggest
    from generator.dice import RollSource
    from generator.rules.chronicle import EncounterRecord
    from generator.rules.encounters import roll_on_table

    campaign, _ = load_or_exit(locate(content).content)
    table = campaign.tables.get(table_id)
    if table is None:
        raise click.BadParameter(f"unknown table '{table_id}'"
                                 f"{suggest(table_id, campaign.tables)}; tables: "
                                 f"{', '.join(sorted(campaign.tables))}",
                                 param_hint="TABLE_ID")
    source = RollSource(seed if seed is not None else secrets.randbits(64), 0, 0)
    enc = EncounterRecord("roll")
    warnings = roll_on_table(campaign.tables, table, source, enc)
    for r in source.log:
        detail = f"  ({r.detail})" if r.detail else ""
        outcome = f" -> {r.outcome}" if r.outcome else ""
        click.echo(f"{r.purpose:<18} {r.dice:<6} {r.natural:>4}{outcome}{detail}")
    click.echo(f"{table.name}: {enc.result or '(no result)'}")
    if enc.distance is not None:
        click.echo(f"distance: {enc.distance} ft")
    if enc.reaction:
        click.echo(f"reaction: {enc.reaction}")
    for w in warnings:
        click.echo(f"warning: {w}", err=True)


@main.command("play")
@CONTENT_OPTION
@click.option("--new", "new", is_flag=True, help="start the next session")
@click.option("--continue", "cont", is_flag=True, help="append to the last session")
@click.option("--title", default=None, help="title of a new session")
@click.option("--date", "date", type=click.DateTime(formats=["%Y-%m-%d"]), default=None,
              help="date of a new session (default: today)")
def play_cmd(content: Path | None, new: bool, cont: bool, title: str | None,
             date: dt.datetime | None) -> None:
    """Log a session at the table: each command is adjudicated by the rules, its dice asked
    for one by one, and the entry appended to the session log with every roll recorded.

    For the players' shared screen, run `hexcrawl serve --audience players` beside it: each
    entry written rebuilds the players' map, and the page reloads by itself."""
    from generator.diagnostics import terminal_text
    from generator.play.loop import start
    from generator.play.ui import Input, PlainInput, TerminalInput

    if new and cont:
        raise click.UsageError("--new and --continue exclude each other")
    inp: Input = TerminalInput() if sys.stdin.isatty() and sys.stdout.isatty() \
        else PlainInput()
    sys.exit(start(locate(content).content, new=new, cont=cont, title=title,
                   date=date.date() if date else None, inp=inp,
                   say=lambda text: click.echo(terminal_text(text))))


@main.command("new")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--wheel", "wheel", type=click.Path(dir_okay=True, path_type=Path), default=None,
              metavar="FILE", help="a hexcrawl wheel to keep in vendor/ for the workflow to "
              "install (until hexcrawl is on PyPI)")
def new_cmd(directory: Path, wheel: Path | None) -> None:
    """Scaffold a campaign repository in DIRECTORY: a small valid campaign, its site
    settings, and the GitHub workflow that publishes the players' site on every push.

    DIRECTORY may be new or an existing folder (a fresh clone, say); no file is ever
    overwritten."""
    from generator.scaffold import WheelError, create

    try:
        written = create(directory, wheel=wheel)
    except WheelError as exc:
        click.echo(f"{wheel}: error: {exc}", err=True)
        sys.exit(1)
    except FileExistsError as exc:
        click.echo(f"{directory}: error: {exc}", err=True)
        sys.exit(1)
    except OSError as exc:
        click.echo(f"{directory}: error: cannot create the campaign here: "
                   f"{exc.strerror or exc}", err=True)
        sys.exit(1)
    for path in written:
        click.echo(f"  created {path}")
    click.echo(f"A starter campaign is ready. Next: cd {directory} && hexcrawl check && "
               "hexcrawl build (then hexcrawl serve to browse it). To publish the players' "
               "site, push the folder to GitHub and turn on Pages (Settings > Pages > Source: "
               "GitHub Actions).")


main.add_command(replay_cmd)
main.add_command(public_cmd)
main.add_command(settle_cmd)


def run() -> None:
    """The ``hexcrawl`` program (the console script's entry point)."""
    main()

