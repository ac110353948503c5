"""The terminal side of the commands: finding the campaign, printing positioned messages,
loading and replaying or exiting with status 1 (no traceback ever reaches the user for bad
content).

The commands speak the campaign's language (its ``language:``), or, outside a campaign, the
user's (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), English where there is no
catalogue: ``translator_for``. Diagnostics are translated as they are printed; their
``PATH:LINE:COL: error:`` prefix is the same in every language, for editors and CI.
"""

from __future__ import annotations

import copy
import inspect
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from generator.content.place import CampaignPlace, find_campaign, place_of
from generator.diagnostics import Diagnostics, one_line
from generator.i18n.markers import N_, NP_

if TYPE_CHECKING:
    from generator.content.campaign import Campaign
    from generator.i18n import Translator
    from generator.rules.chronicle import Chronicle
    from generator.site.progress import Reporter


#: ``--content DIR``, the option of every command that reads a campaign
CONTENT_OPTION = click.option(
    "--content", "content", type=click.Path(file_okay=False, path_type=Path), default=None,
    help=N_("campaign folder (default: found from the current folder upward: a folder "
            "holding campaign.yaml, or content/campaign.yaml)").message)

#: The environment variables that name the user's language, in gettext's order.
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def user_language() -> str:
    """The language of the user's locale (``ru`` for ``LANG=ru_RU.UTF-8``), English when it
    names none."""
    import babel

    name = babel.default_locale(LOCALE_VARIABLES)
    if not name:
        return "en"
    try:
        return babel.Locale.parse(name).language
    except (ValueError, babel.UnknownLocaleError):
        return "en"


def translator_for(content: Path | None = None) -> Translator:
    """The translator a command speaks with: the language of the campaign in ``content``
    (default: the one found from the current folder upward), else the user's locale."""
    from generator.content.loader import campaign_language
    from generator.i18n import Translator

    place = place_of(content) if content is not None else find_campaign()
    if place is None or not (place.content / "campaign.yaml").is_file():
        return Translator(user_language())
    return Translator(campaign_language(place.content))


def locate(content: Path | None) -> CampaignPlace:
    """The campaign the command works on: ``--content``, else the one found from the current
    folder upward (like git); exit 1 when there is none."""
    if content is not None:
        return place_of(content)
    place = find_campaign()
    if place is None:
        t = translator_for(None)
        click.echo(f"{Path.cwd()}: error: " + t.gettext(
            "no campaign here or in any folder above (looked for campaign.yaml and "
            "content/campaign.yaml); use --content DIR, or start one with: hexcrawl new DIR"),
            err=True)
        sys.exit(1)
    return place


def refuse_links_out(place: CampaignPlace, build_root: Path | None = None,
                     out_dir: Path | None = None, print_dir: Path | None = None) -> None:
    """Exit 1 when a folder the command writes is a link out of the campaign's repository
    (``generator.site.output.refuse_links_out``), before anything is written."""
    from generator.site.output import OutputError
    from generator.site.output import refuse_links_out as refuse

    try:
        refuse(place.repository, build_root, out_dir, print_dir)
    except OutputError as exc:  # it names the link: "path: error: ..."
        said = one_line(translator_for(place.content).text(exc.text))
        click.echo(f"{exc.where}: error: {said}" if exc.where is not None else f"error: {said}",
                   err=True)
        sys.exit(1)


def site_error(exc: Exception, t: Translator | None = None) -> str:
    """A SiteError as one line: positioned messages as they are (a ``SourceError``'s in the
    language of ``t``), others as ``error: ...``."""
    from generator.diagnostics import SourceError
    from generator.site.build import SiteError

    if t is not None and isinstance(exc, SourceError):
        return f"{exc.pos}: error: " + t.text(exc.text)
    if t is not None and isinstance(exc, SiteError):
        said = one_line(t.text(exc.text))
        return f"{exc.pos}: error: {said}" if exc.pos is not None else f"error: {said}"
    text = str(exc)
    return text if re.match(r"^.+:\d+:\d+: error: ", text) else f"error: {text}"


def reporter(quiet: bool, verbose: bool) -> Reporter:
    """The progress reporter of ``--quiet`` / ``--verbose`` (they exclude each other)."""
    from generator.site.progress import Reporter

    if quiet and verbose:
        raise click.UsageError(translator_for(None).gettext(
            "--quiet and --verbose exclude each other"))
    return Reporter("quiet" if quiet else "verbose" if verbose else "normal")


def print_diagnostics(diags: Diagnostics, progress: Reporter | None = None,
                      t: Translator | None = None) -> None:
    """Print each diagnostic (errors only with ``--quiet``) in the language of ``t``
    (default: the campaign's found from the current folder, ``translator_for``)."""
    quiet = progress is not None and progress.quiet
    items = [d for d in diags.sorted() if not quiet or d.severity == "error"]
    if not items:
        return
    translate = (t if t is not None else translator_for(None)).text
    for d in items:
        click.echo(d.format(translate), err=True)


def summary_line(diags: Diagnostics, t: Translator | None = None) -> str:
    """``2 errors, 1 warning`` in the language of ``t`` (default: ``translator_for``)."""
    t = t if t is not None else translator_for(None)
    e, w = len(diags.errors), len(diags.warnings)
    return t.gettext("%(errors)s, %(warnings)s",
                     errors=t.ngettext("%(num)s error", "%(num)s errors", e),
                     warnings=t.ngettext("%(num)s warning", "%(num)s warnings", w))


def os_error(exc: OSError, path: Path, t: Translator | None = None) -> str:
    """``PATH: error: cannot write here: REASON`` for a folder the system refused."""
    t = t if t is not None else translator_for(None)
    where = exc.filename if exc.filename else path
    return f"{where}: error: " + t.gettext("cannot write here: %(reason)s",
                                           reason=exc.strerror or exc)


def _fail(diags: Diagnostics, progress: Reporter | None, t: Translator) -> NoReturn:
    if progress is not None:
        progress.close()
    print_diagnostics(diags, progress, t)
    if progress is None or not progress.quiet:
        click.echo(summary_line(diags, t), err=True)
    sys.exit(1)


def load_all_errors(content: Path) -> tuple[Campaign | None, Diagnostics]:
    """``load_campaign``, and when it finds errors, the replay's independent errors too, so
    that one run reports them all (``generator.replay.onepass``)."""
    from generator.content.loader import load_partial
    from generator.replay.onepass import replay_errors_despite

    campaign, diags, trustworthy = load_partial(content)
    if not diags.has_errors():
        return campaign, diags
    diags.extend(replay_errors_despite(campaign, diags, trustworthy))
    return None, diags


def load_or_exit(content: Path, progress: Reporter | None = None, strict: Iterable[str] = (),
                 ) -> tuple[Campaign, Diagnostics]:
    """The campaign loaded, or exit 1 with its errors (in the language campaign.yaml names,
    ``translator_for``); the warnings of the kinds ``strict`` names count as errors
    (``check --strict``)."""
    from generator.site.progress import count

    if progress is None:
        campaign, diags = load_all_errors(content)
    else:
        with progress.stage("load") as st:
            campaign, diags = load_all_errors(content)
            if campaign is not None:
                st.detail = ", ".join(count(len(things), noun) for things, noun in (
                    (campaign.hexes, "hex"), (campaign.locations, "location"),
                    (campaign.tables, "table"), (campaign.sessions, "session")))
    for kind in strict:
        diags.promote(kind)
    if campaign is None:
        _fail(diags, progress, translator_for(content))
    return campaign, diags


def replay_or_exit(campaign: Campaign, diags: Diagnostics,
                   progress: Reporter | None = None) -> Chronicle:
    from generator.replay import replay
    from generator.site.progress import count

    if progress is None:
        chronicle, replay_diags = replay(campaign)
    else:
        with progress.stage("replay", total=len(campaign.sessions)) as st:
            chronicle, replay_diags = replay(campaign)
            st.advance(len(campaign.sessions))
            st.detail = count(sum(len(s.watches) for s in chronicle.sessions), "watch")
    diags.extend(replay_diags.items)
    if diags.has_errors():
        from generator.i18n import Translator

        _fail(diags, progress, Translator(campaign.language))
    return chronicle


# -- --help in the user's language ---------------------------------------------------------
#: click's own words in a help page, made messages of hexcrawl's catalogues
CLICK_WORDS = (N_("Show this message and exit."), N_("Show the version and exit."))


def help_words(t: Translator, text: str | None) -> str:
    """A help text (a command's ``help=``, an option's) in the language of ``t``: the help
    texts are messages marked with ``N_(...).message``; one that is not prints as it is."""
    if not text:
        return ""
    return t.catalogue.gettext(inspect.cleandoc(text)).replace("%%", "%")


#: the words of click's metavars (``[OPTIONS]``, ``DIRECTORY``), as hexcrawl's messages
METAVARS = {
    "OPTIONS": NP_("metavar", "OPTIONS"), "COMMAND": NP_("metavar", "COMMAND"),
    "ARGS": NP_("metavar", "ARGS"), "DIRECTORY": NP_("metavar", "DIRECTORY"),
    "FILE": NP_("metavar", "FILE"), "PATH": NP_("metavar", "PATH"),
    "TEXT": NP_("metavar", "TEXT"), "INTEGER": NP_("metavar", "INTEGER"),
    "FLOAT": NP_("metavar", "FLOAT"), "RANGE": NP_("metavar", "RANGE"),
    "URL": NP_("metavar", "URL"), "REF": NP_("metavar", "REF"),
    "NAME": NP_("metavar", "NAME"), "NAMES": NP_("metavar", "NAMES"),
    "%Y-%m-%d": NP_("metavar", "YYYY-MM-DD"),
}
METAVAR_WORD = re.compile(r"%Y-%m-%d|\b[A-Z]{3,}\b")


def metavar_words(t: Translator, text: str) -> str:
    """``[OPTIONS] DIRECTORY`` in the language of ``t``; other words stay as they are."""
    def word(m: re.Match[str]) -> str:
        found = METAVARS.get(m.group(0))
        return t.msg(found) if found is not None else m.group(0)
    return METAVAR_WORD.sub(word, text)


def usage_line(t: Translator, command: click.Command, ctx: click.Context,
               formatter: click.HelpFormatter) -> None:
    """``Usage: hexcrawl check [OPTIONS]`` in the language of ``t``."""
    pieces = metavar_words(t, " ".join(command.collect_usage_pieces(ctx)))
    formatter.write_usage(ctx.command_path, pieces, t.gettext("Usage:") + " ")


def _format_translated(command: click.Command, ctx: click.Context,
                       formatter: click.HelpFormatter, t: Translator) -> None:
    """A command's help page as click lays it out, its words in the language of ``t``."""
    usage_line(t, command, ctx, formatter)
    text = help_words(t, command.help).partition("\f")[0]
    if text:
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(text)
    rows = []
    for param in command.get_params(ctx):
        shown: Any = copy.copy(param)
        shown.help = help_words(t, getattr(param, "help", None)) or None
        record = shown.get_help_record(ctx)
        if record is not None and not isinstance(param, click.Argument):
            rows.append((metavar_words(t, record[0]), _click_extras(record[1], t)))
    if rows:
        with formatter.section(t.gettext("Options")):
            formatter.write_dl(rows)
    if isinstance(command, click.Group):
        _format_commands(command, ctx, formatter, t)


def _click_extras(text: str, t: Translator) -> str:
    """The notes click adds after an option's help (``[default: A4]``, ``[required]``)."""
    return (text.replace("[default: ", "[" + t.gettext("default:") + " ")
            .replace("[required]", "[" + t.gettext("required") + "]"))


def _format_commands(group: click.Group, ctx: click.Context, formatter: click.HelpFormatter,
                     t: Translator) -> None:
    commands = [(name, cmd) for name in group.list_commands(ctx)
                if (cmd := group.get_command(ctx, name)) is not None and not cmd.hidden]
    if not commands:
        return
    limit = formatter.width - 6 - max(len(name) for name, _ in commands)
    rows = [(name, short_help(help_words(t, cmd.help), limit)) for name, cmd in commands]
    with formatter.section(t.gettext("Commands")):
        formatter.write_dl(rows)


def short_help(text: str, limit: int) -> str:
    """A command's line in its group's list: its first sentence, cut at a word to ``limit``.

    >>> short_help("Roll on a table. Nested tables too.", 45)
    'Roll on a table.'
    >>> short_help("Validate the campaign, its MkDocs settings, and replay", 30)
    'Validate the campaign, its...'
    """
    words = " ".join(text.split())
    first = words.split(". ", 1)[0]
    first = first if first.endswith(".") or first == words else first + "."
    if len(first) <= limit:
        return first
    cut = first[:limit - 3].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + "..."


class TranslatedCommand(click.Command):
    """A command whose ``--help`` speaks the language of the campaign found from the current
    folder, or the user's (``translator_for``): ``--help`` is read before ``--content``."""

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        _format_translated(self, ctx, formatter, translator_for(None))
        self.format_epilog(ctx, formatter)


class TranslatedGroup(click.Group):
    """A group of commands whose ``--help`` and commands' help are translated as
    ``TranslatedCommand``'s; as the program's group, it says click's own errors (a usage
    error, an abort) in the same language (``generator.i18n.click_words``)."""

    command_class = TranslatedCommand
    group_class = type

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        _format_translated(self, ctx, formatter, translator_for(None))
        self.format_epilog(ctx, formatter)

    def main(self, args: Any = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             **extra: Any) -> Any:
        """click's ``main``; in standalone mode (the program's), click's errors are caught
        here and shown in the user's language instead of by click in English."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        from generator.i18n.click_words import show_click_error

        try:
            done = super().main(args, prog_name, complete_var, False, **extra)
        except (click.ClickException, click.Abort) as exc:
            t = translator_for(None)
            sys.exit(show_click_error(t, exc, lambda cmd, ctx, f: usage_line(t, cmd, ctx, f)))
        sys.exit(done if type(done) is int else 0)
