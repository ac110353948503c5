"""``hexcrawl settle``: the dice of a log written after the game, from what happened.

For each entry whose ``expect:`` the replay does not meet, the solver of
``generator.replay.settle`` finds the fewest dice to change; this command writes them into
the entries' ``rolls:`` (``generator.content.rolls_edit``: every other byte of the file
stays), checks that the campaign then loads and every settled ``expect:`` holds, shows the
diff and asks before writing (``--yes`` writes, ``--dry-run`` only shows). A write is
atomic, like ``hexcrawl play``'s (``generator.play.logfile.atomic_write``).
"""

from __future__ import annotations

import difflib
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import click

from generator.console import (
    CONTENT_OPTION,
    TranslatedCommand,
    load_or_exit,
    locate,
    translator_for,
)
from generator.diagnostics import SourceError, display_path, terminal_text
from generator.i18n.markers import N_

if TYPE_CHECKING:  # the command's modules are imported when it runs, not by every command
    from generator.content.campaign import Campaign
    from generator.i18n import Translator
    from generator.replay.settle import Settlement
    from generator.replay.settle_why import Reason

#: where a GM reads how to log what the table decided against the dice
RULINGS = "docs/format.md#rulings"


def _reason(t: Translator, reason: Reason) -> str:
    from generator.i18n import Msg

    if isinstance(reason.message, Msg):
        return t.msg(reason.message, **reason.values)
    return t.ngettext(reason.message.singular, reason.message.plural, reason.num or 0,
                      num=reason.num, **reason.values)


def report_line(t: Translator, s: Settlement) -> str:
    """One line per entry: what was settled, or the rule that stands in the way."""
    if s.settled:
        # a purpose is a key of the log's rolls: as the GM types it
        changes = ", ".join(f"'{c.purpose}' {c.seeded} -> {c.value}" for c in s.changes)
        return f"{s.pos}: " + t.ngettext(
            "settled by changing %(num)s die: %(changes)s (every other die of the watch "
            "keeps the value the seeded generator rolls)",
            "settled by changing %(num)s dice: %(changes)s (every other die of the watch "
            "keeps the value the seeded generator rolls)", len(s.changes), num=len(s.changes),
            changes=changes)
    why = "; ".join(_reason(t, r) for r in s.reasons)
    if s.gave_up:
        why = t.gettext("gave up after %(num)s replays of the watch without finding dice "
                        "that give it (the search has a few seconds per entry); the closest "
                        "it came: %(why)s", num=s.tried, why=why)
    return f"{s.pos}: error: " + t.gettext(
        "cannot settle this entry: its expect: says %(wanted)s, the replay has %(got)s; "
        "%(why)s. If that is what the table decided, record it as a ruling (an entry "
        "'ruling: {hex, believed, lost, knows_lost, found: [...], note}', see %(doc)s)",
        wanted=_typed(s.wanted), got=_typed(s.got), why=why, doc=RULINGS)


def _typed(pairs: list[str]) -> str:
    """Keys and values of ``expect:`` as the GM types them, quoted in a sentence."""
    return ", ".join(f"'{pair}'" for pair in pairs)


def _new_texts(settled: list[Settlement], campaign: Campaign,
               ) -> dict[Path, tuple[str, str]]:
    """Each session file with settled entries: (its text, the text with the new rolls)."""
    from generator.content.rolls_edit import with_rolls
    from generator.content.yamlpos import read_text

    sources = {s.number: Path(s.source) for s in campaign.sessions}
    by_file: dict[Path, dict[int, Mapping[str, list[int]]]] = {}
    for s in settled:
        assert s.rolls is not None
        by_file.setdefault(sources[s.session], {})[s.entry] = s.rolls
    out: dict[Path, tuple[str, str]] = {}
    for path, rolls in by_file.items():
        text = read_text(path, display_path(path))
        out[path] = (text, with_rolls(text, rolls))
    return out


def _verify(t: Translator, content: Path, texts: dict[Path, tuple[str, str]],
            settled: list[Settlement]) -> list[str]:
    """What is wrong with the campaign as it would be written (nothing, normally)."""
    from generator.content.loader import load_campaign
    from generator.replay import replay

    campaign, diags = load_campaign(content, {p: new for p, (_, new) in texts.items()})
    if campaign is None or diags.has_errors():
        return [d.format(t.text) for d in diags.errors]
    _, replayed = replay(campaign)
    sessions = {s.number: s for s in campaign.sessions}
    places = {sessions[s.session].entry_pos(s.entry, "expect") for s in settled}
    wrong = [d.format(t.text) for d in replayed.errors if d.pos in places]
    if wrong:
        wrong.append(t.gettext("the settled rolls replay otherwise than the search found: "
                               "nothing written (please report this)"))
    return wrong


def _diff(path: Path, old: str, new: str) -> str:
    shown = display_path(path)
    return "\n".join(difflib.unified_diff(old.splitlines(), new.splitlines(),
                                          f"a/{shown}", f"b/{shown}", lineterm=""))


def _write(t: Translator, texts: dict[Path, tuple[str, str]]) -> None:
    from generator.content.yamlpos import read_text
    from generator.play.logfile import atomic_write

    for path, (old, new) in texts.items():
        try:
            if read_text(path, display_path(path)) != old:
                click.echo(f"{display_path(path)}: error: " + t.gettext(
                    "the file changed while settle ran: nothing written; run it again"),
                    err=True)
                sys.exit(1)
            atomic_write(path, new)
        except (OSError, SourceError) as exc:
            click.echo(f"{display_path(path)}: error: " + t.gettext(
                "cannot write: %(why)s", why=t.text(exc.text) if isinstance(exc, SourceError)
                else exc.strerror or str(exc)),
                err=True)
            sys.exit(1)
        click.echo(t.gettext("wrote %(path)s", path=display_path(path)))


@click.command("settle", cls=TranslatedCommand, help=N_(
    "Find the dice of entries whose expect: the replay does not meet, and write them into "
    "the entries' rolls:.\n"
    "\n"
    "Recorded dice never change; of the dice the seeded generator rolled, as few as possible "
    "change and the others keep the values it rolls. Entries are settled in log order, each "
    "from where the settled log before it leaves the party. Nothing but those rolls: changes "
    "in the files; the diff is shown and confirmed before writing. Where no dice can give "
    "what an expect: says, the rule that stands in the way is named: record a ruling "
    "instead.").message)
@CONTENT_OPTION
@click.option("--session", "session", type=int, default=None,
              help=N_("settle only this session's entries").message)
@click.option("--yes", "-y", "yes", is_flag=True, help=N_("write without asking").message)
@click.option("--dry-run", "dry_run", is_flag=True,
              help=N_("show the diff, write nothing").message)
def settle_cmd(content: Path | None, session: int | None, yes: bool, dry_run: bool) -> None:
    """``hexcrawl settle``."""
    from generator.content.rolls_edit import RollsEditError
    from generator.i18n import Translator
    from generator.replay.settle import SECONDS, settle

    if yes and dry_run:
        raise click.UsageError(translator_for(content).gettext(
            "--yes and --dry-run exclude each other"))
    place = locate(content)
    campaign, _ = load_or_exit(place.content)
    t = Translator(campaign.language)
    if session is not None and session not in [s.number for s in campaign.sessions]:
        raise click.BadParameter(t.gettext("no session %(n)s", n=session),
                                 param_hint="--session")
    results = list(settle(campaign, session, seconds=SECONDS))
    if not results:
        click.echo(t.gettext("every expect: holds already: nothing to settle"))
        return
    settled = [s for s in results if s.settled]
    for s in results:
        # names quoted from the content (a place's, a hex's) may hold an escape sequence
        click.echo(terminal_text(report_line(t, s)), err=not s.settled)
    failed = len(results) - len(settled)
    if not settled:
        sys.exit(1)
    try:
        texts = _new_texts(settled, campaign)
    except (RollsEditError, SourceError) as exc:
        why = t.text(exc.text)
        if isinstance(exc, SourceError):
            why = f"{exc.pos}: {why}"
        click.echo("error: " + t.gettext("cannot write the rolls into the file: %(why)s; "
                                         "nothing written", why=terminal_text(why)), err=True)
        sys.exit(1)
    problems = _verify(t, place.content, texts, settled)
    if problems:
        for line in problems:
            click.echo(terminal_text(line), err=True)
        sys.exit(1)
    for path, (old, new) in texts.items():
        click.echo(terminal_text(_diff(path, old, new)))
    _confirm_and_write(t, texts, yes, dry_run)
    if failed:
        sys.exit(1)


def _confirm_and_write(t: Translator, texts: dict[Path, tuple[str, str]], yes: bool,
                       dry_run: bool) -> None:
    if dry_run:
        click.echo(t.gettext("--dry-run: nothing written"))
        return
    if not yes:
        if not sys.stdin.isatty():
            click.echo(t.gettext("nothing written: standard input is not a terminal to "
                                 "answer on; run hexcrawl settle --yes to write these "
                                 "rolls"), err=True)
            sys.exit(1)
        if not click.confirm(t.gettext("Write these rolls?"), default=False):
            click.echo(t.gettext("nothing written"))
            return
    _write(t, texts)
