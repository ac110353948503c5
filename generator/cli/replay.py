"""``hexcrawl replay``: the replay as text or JSON, up to the failing entry when it fails."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from generator.console import (
    CONTENT_OPTION,
    TranslatedCommand,
    load_or_exit,
    locate,
    print_diagnostics,
    summary_line,
)
from generator.i18n import Translator
from generator.i18n.markers import N_


@click.command("replay", cls=TranslatedCommand, help=N_(
    "Replay the session logs through the rules and print every watch. When the replay "
    "finds errors (an expect: the watch does not meet, a contradictory ruling), it prints the "
    "replay up to and including the failing entry, then the errors, and exits 1.").message)
@CONTENT_OPTION
@click.option("--session", "session", type=int, default=None,
              help=N_("only this session").message)
@click.option("--json", "as_json", is_flag=True,
              help=N_("print the replay as JSON (its words in English, as data)").message)
def replay_cmd(content: Path | None, session: int | None, as_json: bool) -> None:
    """``hexcrawl replay``: in the campaign's language, but for ``--json``."""
    from generator.render.text import replay_text
    from generator.replay import replay
    from generator.replay.failure import first_failure

    campaign, diags = load_or_exit(locate(content).content)
    chronicle, replay_diags = replay(campaign)
    diags.extend(replay_diags.items)
    stop = first_failure(campaign, diags) if diags.has_errors() else None
    t = Translator(campaign.language)
    if session is not None and session not in [s.session for s in chronicle.sessions]:
        raise click.BadParameter(t.gettext("no session %(n)s", n=session),
                                 param_hint="--session")
    if as_json:
        # the schema's text fields (a watch's summary, a roll's detail) in English, with
        # the same as data beside them (``said``) for tools that phrase them otherwise
        data = chronicle.to_json(Translator("en").said)
        if stop is not None:
            data = _json_until(data, stop)
        if session is not None:
            data["sessions"] = [s for s in data["sessions"] if s["session"] == session]
        click.echo(json.dumps(data, ensure_ascii=False, indent=1))
    else:
        click.echo(replay_text(campaign, chronicle, session, stop, t))
    sys.stdout.flush()
    print_diagnostics(diags, None, t)
    if diags.has_errors():
        click.echo(summary_line(diags, t), err=True)
        sys.exit(1)


def _json_until(data: dict[str, Any], stop: tuple[int, int]) -> dict[str, Any]:
    """The replay JSON up to and including log entry ``stop[1]`` of session ``stop[0]``,
    with ``stopped_at`` naming that entry."""
    number, entry = stop
    sessions = []
    for s in data["sessions"]:
        if s["session"] > number:
            break
        if s["session"] == number:
            s = {**s, "watches": [w for w in s["watches"] if w["entry"] <= entry],
                 "rulings": [r for r in s["rulings"] if r["entry"] <= entry]}
        sessions.append(s)
    return {**data, "sessions": sessions, "stopped_at": {"session": number, "entry": entry}}
