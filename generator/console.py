"""The terminal side of the commands: finding the campaign, printing positioned messages,
loading and replaying or exiting with status 1 (no traceback ever reaches the user for bad
content)."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

from generator.content.place import CampaignPlace, find_campaign, place_of
from generator.diagnostics import Diagnostics

if TYPE_CHECKING:
    from generator.content.campaign import Campaign
    from generator.rules.chronicle import Chronicle
    from generator.site.progress import Reporter


#: ``--content DIR``, the option of every command that reads a campaign
CONTENT_OPTION = click.option(
    "--content", "content", type=click.Path(file_okay=False, path_type=Path), default=None,
    help="campaign folder (default: found from the current folder upward: a folder holding "
         "campaign.yaml, or content/campaign.yaml)")


def locate(content: Path | None) -> CampaignPlace:
    """The campaign the command works on: ``--content``, else the one found from the current
    folder upward (like git); exit 1 when there is none."""
    if content is not None:
        return place_of(content)
    place = find_campaign()
    if place is None:
        click.echo(f"{Path.cwd()}: error: no campaign here or in any folder above (looked for "
                   "campaign.yaml and content/campaign.yaml); use --content DIR, or start one "
                   "with: hexcrawl new DIR", err=True)
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
    except OutputError as exc:  # its message names the link: "path: error: ..."
        click.echo(str(exc), err=True)
        sys.exit(1)


def site_error(exc: Exception) -> str:
    """A SiteError as one line: positioned messages as they are, others as ``error: ...``."""
    text = str(exc)
    return text if re.match(r"^.+:\d+:\d+: error: ", text) else f"error: {text}"


def reporter(quiet: bool, verbose: bool) -> Reporter:
    """The progress reporter of ``--quiet`` / ``--verbose`` (they exclude each other)."""
    from generator.site.progress import Reporter

    if quiet and verbose:
        raise click.UsageError("--quiet and --verbose exclude each other")
    return Reporter("quiet" if quiet else "verbose" if verbose else "normal")


def print_diagnostics(diags: Diagnostics, progress: Reporter | None = None) -> None:
    quiet = progress is not None and progress.quiet
    for d in diags.sorted():
        if not quiet or d.severity == "error":
            click.echo(d.format(), err=True)


def summary_line(diags: Diagnostics) -> str:
    e, w = len(diags.errors), len(diags.warnings)
    return f"{e} error{'s' * (e != 1)}, {w} warning{'s' * (w != 1)}"


def os_error(exc: OSError, path: Path) -> str:
    """``PATH: error: cannot write here: REASON`` for a folder the system refused."""
    where = exc.filename if exc.filename else path
    return f"{where}: error: cannot write here: {exc.strerror or exc}"


def _fail(diags: Diagnostics, progress: Reporter | None) -> NoReturn:
    if progress is not None:
        progress.close()
    print_diagnostics(diags, progress)
    if progress is None or not progress.quiet:
        click.echo(summary_line(diags), err=True)
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
    """The campaign loaded, or exit 1 with its errors; the warnings of the kinds ``strict``
    names count as errors (``check --strict``)."""
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
        _fail(diags, progress)
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
        _fail(diags, progress)
    return chronicle
