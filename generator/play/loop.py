"""The table loop of ``hexcrawl play``: read a command, adjudicate it, write it, show it.

For every entry: the command becomes a log entry; the loader checks it as part of the
session file (nothing is written yet); the oracle replays the campaign and asks the GM for
each die the entry needs; the finished entry, every roll recorded, is appended to the file
atomically; the file is loaded and replayed again, and what it shows must be what was shown.
A bad command, an entry the rules reject, Ctrl-C or the end of input in the middle of an
entry: nothing is written.
"""

from __future__ import annotations

import datetime as dt
import difflib
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.content.campaign import Campaign
from generator.diagnostics import N_, Diagnostics, literal
from generator.dice import RollRecord, Word
from generator.i18n import Translator
from generator.knowledge import players_view
from generator.play import present
from generator.play.commands import (
    COMMANDS,
    Command,
    CommandError,
    NewCreature,
    Vocabulary,
    new_creatures,
    parse,
)
from generator.play.explain import command_text, plan_lines, reorient_lines
from generator.play.logfile import (
    LogFileError,
    SessionLog,
    header_text,
    next_session_path,
    schema_line,
    with_header,
)
from generator.play.look import look_lines
from generator.play.oracle import Answer, EntryError, Oracle, Outcome, Plan, RollAsk, load
from generator.play.ui import Input
from generator.replay import replay
from generator.rules.chronicle import Chronicle, WatchRecord
from generator.slug import slugify

Print = Callable[[str], None]


class PlayError(Exception):
    """Play cannot start: the message says why (exit status 1)."""


def vocabulary(campaign: Campaign) -> Vocabulary:
    members = dict.fromkeys(campaign.members_by_name)
    resources = dict.fromkeys(campaign.resources)
    for s in campaign.sessions:
        resources.update(dict.fromkeys(s.resources))
        for who in s.party.members or ():
            members[who if isinstance(who, str) else who.name] = None
    resources["doom"] = None
    grid = campaign.grid
    return Vocabulary(
        faces=grid.faces, paths=tuple(sorted(campaign.paths)),
        locations=tuple(sorted(campaign.locations)), tables=tuple(sorted(campaign.tables)),
        members=tuple(members), resources=tuple(resources),
        creatures=tuple(sorted(campaign.creatures)),
        is_label=lambda s: grid.is_label(s) and grid.on_map(grid.parse(s)))


#: what the loader reads (a campaign folder may also hold build/ and site/)
CONTENT_FILES = ("campaign.yaml", "terrain.yaml", "paths.yaml", "regions.yaml")
CONTENT_FOLDERS = ("hexes", "locations", "tables", "sessions")


def _signature(root: Path) -> tuple[tuple[str, int, int], ...]:
    """Size and time of every content file: play reloads when the GM changed one."""
    paths = [root / name for name in CONTENT_FILES]
    for folder in CONTENT_FOLDERS:
        if (root / folder).is_dir():
            paths.extend(p for p in (root / folder).rglob("*") if p.is_file())
    out: list[tuple[str, int, int]] = []
    for p in sorted(paths):
        try:
            st = p.stat()
        except OSError:
            continue
        out.append((str(p), st.st_mtime_ns, st.st_size))
    return tuple(out)


def _diag_lines(diags: Diagnostics) -> list[str]:
    return [d.format() for d in diags.sorted()]


@dataclass
class Table:
    """One run of ``hexcrawl play`` on one session file."""

    root: Path
    log: SessionLog
    number: int
    inp: Input
    say: Print
    campaign: Campaign
    chronicle: Chronicle
    #: the campaign language's words, the sites' and the logger's own (one vocabulary)
    t: Translator = field(init=False)
    pending_gm: str | None = None
    #: the entry being adjudicated (what ``plan`` explains)
    current: dict[str, Any] = field(default_factory=dict)
    signature: tuple[tuple[str, int, int], ...] = ()

    def __post_init__(self) -> None:
        self.t = Translator(self.campaign.language)
        self.signature = _signature(self.root)
        if hasattr(self.inp, "set_vocabulary"):
            self.inp.set_vocabulary(vocabulary(self.campaign))

    # -- loading --------------------------------------------------------------------------
    def reload(self, force: bool = False) -> bool:
        """Load and replay the campaign again when a file changed (the GM may edit files
        while playing). False (and the diagnostics printed) when it has errors."""
        sig = _signature(self.root)
        if sig == self.signature and not force:
            return True
        campaign, diags = load(self.root)
        if campaign is None:
            for line in _diag_lines(diags):
                self.say(line)
            return False
        chronicle, rdiags = replay(campaign)
        if rdiags.has_errors():
            for line in _diag_lines(rdiags):
                self.say(line)
            return False
        self.campaign, self.chronicle, self.signature = campaign, chronicle, sig
        self.t = Translator(campaign.language)
        if hasattr(self.inp, "set_vocabulary"):
            self.inp.set_vocabulary(vocabulary(campaign))
        return True

    def prompt(self) -> str:
        now, _ = present.party_now(self.campaign, self.chronicle)
        return self.t.gettext("s%(n)s day %(day)s w%(watch)s> ", n=self.number, day=now.day,
                              watch=now.watch)

    # -- the loop -------------------------------------------------------------------------
    def run(self) -> int:
        for line in present.status_lines(self.campaign, self.chronicle, self.t):
            self.say(line)
        self.say(self.t.gettext("Type a command (help lists them, quit ends)."))
        while True:
            if not self.reload():
                self.say(self.t.gettext("The campaign has errors; fix them and press Enter (or "
                                        "quit)."))
                try:
                    if self.inp.command("> ").strip().casefold() in ("quit", "exit", "q"):
                        return 1
                except (EOFError, KeyboardInterrupt):
                    return 1
                continue
            try:
                line = self.inp.command(self.prompt())
            except EOFError:
                break
            except KeyboardInterrupt:
                if self.inp.interactive:
                    continue
                break
            if not line.strip():
                continue
            try:
                if not self.handle(line):
                    break
            except KeyboardInterrupt:
                # outside an entry's prompts (an entry's own Ctrl-C drops the entry): the
                # file is as the last message said; stop on a pipe, go on at a terminal
                self.say("")
                if not self.inp.interactive:
                    break
        self.finish()
        return 0

    def summarise(self) -> None:
        """On quit: a one-line summary for a session without one, and a title for one that
        has only the placeholder ``Session N``. Enter (or the end of input) skips."""
        session = next((s for s in self.campaign.sessions if s.number == self.number), None)
        if session is None or not session.log:
            return
        values: dict[str, str] = {}
        try:
            if not session.title or session.title == f"Session {self.number}":
                title = self.inp.answer(self.t.gettext(
                    "Title of session %(n)s [Enter: keep '%(title)s']: ", n=self.number,
                    title=session.title or "-")).strip()
                if title:
                    values["title"] = title
            if not session.summary:
                summary = self.inp.answer(self.t.gettext(
                    "One-line summary of session %(n)s for the chronicle [Enter: none]: ",
                    n=self.number)).strip()
                if summary:
                    values["summary"] = " ".join(summary.split())
        except (EOFError, KeyboardInterrupt):
            self.say("")
        if not values:
            return
        try:
            self.log.write(with_header(self.log.read(), values))
        except LogFileError as exc:
            self.say(self.t.gettext("error: %(message)s", message=str(exc)))
            return
        if "title" in values:
            self.say(self.t.gettext("title written: %(title)s", title=values["title"]))
        if "summary" in values:
            self.say(self.t.gettext("summary written to %(path)s", path=self.log.path))

    def finish(self) -> None:
        if self.log.created and not self.log.appended:
            try:
                text = self.log.read()
            except LogFileError:
                return
            if self.campaign is not None and not self.log.entries() and \
                    text.rstrip().endswith("log: []"):
                self.log.path.unlink()
                self.say(self.t.gettext("Session %(n)s has no entries: removed %(path)s.",
                                        n=self.number, path=self.log.path))
                return
        self.say(self.t.gettext("Session %(n)s is in %(path)s.", n=self.number,
                                path=self.log.path))

    def handle(self, line: str) -> bool:
        """Run one command line; False to stop."""
        try:
            cmd = parse(line, vocabulary(self.campaign))
        except CommandError as exc:
            self.say(self.t.gettext("error: %(message)s",
                                    message=self.t.label("message", exc.key, **exc.values)))
            return True
        if cmd.name == "quit":
            self.summarise()
            return False
        if cmd.name == "help":
            self.help(cmd.text)
        elif cmd.name == "status":
            for text in present.status_lines(self.campaign, self.chronicle, self.t):
                self.say(text)
        elif cmd.name == "look":
            for text in look_lines(self.campaign, self.chronicle, self.t):
                self.say(text)
        elif cmd.name == "undo":
            self.undo()
        elif cmd.name == "gm":
            self.gm(cmd.text)
        else:
            self.play(cmd)
        return True

    def help(self, topic: str) -> None:
        names = [topic.casefold()] if topic.casefold() in COMMANDS else list(COMMANDS)
        if len(names) > 1:
            self.say(self.t.gettext("Commands (one watch each, unless marked *):"))
        for name in names:
            line = self.t.label("help", name)
            if self.campaign.rules.checks == "brp":
                # Basic Roleplaying has no advantage: a chase's escape factors change no roll
                line = line.replace(" [advantage -1..1]", "")
            self.say("  " + line)
        self.say(present.roll_help(self.campaign.rules.checks, self.t))

    def _what(self, entry: dict[str, Any]) -> str:
        return command_text(entry)

    def undo(self) -> None:
        try:
            entry = self.log.undo()
        except LogFileError as exc:
            self.say(self.t.gettext("error: %(message)s", message=str(exc)))
            return
        self.reload(force=True)
        self.say(self.t.gettext("removed the last entry: %(what)s", what=self._what(entry)))

    def gm(self, text: str) -> None:
        if not self.log.appended:
            self.pending_gm = text if self.pending_gm is None else f"{self.pending_gm}\n{text}"
            self.say(self.t.gettext("GM remark kept for the next entry"))
            return
        entry = dict(self.log.appended[-1].entry)
        entry["gm"] = f"{entry['gm']}\n{text}" if entry.get("gm") else text
        try:
            self.log.replace_last(entry)
        except LogFileError as exc:
            self.say(self.t.gettext("error: %(message)s", message=str(exc)))
            return
        self.reload(force=True)
        self.say(self.t.gettext("GM remark added to the last entry: %(what)s",
                                what=self._what(entry)))

    # -- one entry ------------------------------------------------------------------------
    def play(self, cmd: Command) -> None:
        assert cmd.entry is not None
        entry = dict(cmd.entry)
        if self.pending_gm is not None:
            entry["gm"] = self.pending_gm
        try:
            if not self.confirm(entry):
                self.say(self.t.gettext("nothing written"))
                return
            refused = present.exhausted_reason(self.chronicle, entry, self.t)
            if refused is not None:
                raise EntryError([literal(refused)])
            self.declare(entry)
            outcome = self.adjudicate(entry)
        except EntryError as exc:
            for message in exc.messages:
                self.say(self.t.gettext("error: %(message)s", message=self.t.text(message)))
            self.say(self.t.gettext("nothing written"))
            return
        except LogFileError as exc:
            self.say(self.t.gettext("error: %(message)s", message=str(exc)))
            self.say(self.t.gettext("nothing written"))
            return
        except (KeyboardInterrupt, EOFError):
            self.say("")
            self.say(self.t.gettext("entry dropped: nothing written"))
            return
        before = self.chronicle
        try:
            self.log.append(outcome.entry)
        except (LogFileError, OSError) as exc:
            self.say(self.t.gettext("error: %(message)s", message=str(exc)))
            self.say(self.t.gettext("nothing written"))
            return
        self.pending_gm = None
        # each die's outcome was shown as it was rolled
        for text in present.outcome_lines(outcome, before, self.t, rolls=False):
            self.say(text)
        self.say(present.tell_line(players_view(self.campaign, before),
                                   players_view(outcome.campaign, outcome.chronicle),
                                   outcome, self.t))
        self.say(self.t.gettext("written to %(path)s", path=self.log.path))
        self.reload(force=True)
        self.verify(outcome)
        flagged = set(present.nonlethal_flags(self.campaign, before, self.t))
        for text in present.nonlethal_flags(self.campaign, self.chronicle, self.t):
            if text not in flagged:
                self.say(self.t.gettext("warning: %(message)s", message=text))

    def confirm(self, entry: dict[str, Any]) -> bool:
        """A reorient while the party does not know it is lost: what that means under the
        rules, and the GM's yes before it is logged (the table may have ruled so)."""
        if not isinstance(entry.get("reorient"), dict):
            return True
        now, _ = present.party_now(self.campaign, self.chronicle)
        if now.knows_lost:
            return True
        for text in reorient_lines(str(entry["reorient"].get("method")), now.lost, self.t):
            self.say(text)
        reply = self.inp.answer(self.t.gettext("Log this reorient watch anyway? [y/N] "))
        return reply.strip().casefold().startswith(("y", "д", "т"))

    def adjudicate(self, entry: dict[str, Any]) -> Outcome:
        candidate = self.log.candidate(entry)
        campaign, diags = load(self.root, {self.log.path: candidate})
        if campaign is None:
            raise EntryError([d.text if d.text is not None else literal(d.message)
                              for d in diags.errors] or [N_("the entry does not load")])
        oracle = Oracle(campaign, self.number, self.chronicle, entry)
        for message in (d.says(self.t.text) for d in diags.warnings
                        if d.pos.path == oracle.session.source
                        and d.pos.line >= oracle.entry_line):
            self.say(self.t.gettext("warning: %(message)s", message=message))
        self.current = entry
        return oracle.run(self.ask, self.plan, self.told)

    def plan(self, plan: Plan) -> set[str]:
        lines, announced = plan_lines(plan, self.current, self.campaign, self.chronicle,
                                      self.number, self.t)
        for text in lines:
            self.say(text)
        return announced

    def told(self, record: RollRecord, watch: WatchRecord | None, by_generator: bool) -> None:
        self.say("  " + present.roll_line(record, self.t, by_generator).strip())
        if record.purpose == "table" and watch is not None:
            # the row the die landed on: what the next dice (distance, number appearing,
            # reaction) are for
            rows = [e for e in watch.encounters if e.kind != "chase" and e.result
                    and e.roll == record.natural]
            if rows:
                self.say("    -> " + (rows[-1].result or "").split(" / ")[-1])

    def declare(self, entry: dict[str, Any]) -> None:
        """Creatures named in a chase that campaign.yaml does not declare: their speed is
        asked and they go into the entry inline (``{name, speed}``)."""
        fresh = new_creatures(entry)
        if not fresh:
            return
        chase = dict(entry["chase"])
        speeds: dict[str, int] = {}
        for name in dict.fromkeys(fresh):
            self.say(self.t.gettext("'%(name)s' is not a creature of this campaign: it is "
                                    "written into this entry (declare it under creatures: in "
                                    "campaign.yaml to use it again by name)", name=name))
            known = [*self.campaign.creatures, *self.campaign.members_by_name]
            close = difflib.get_close_matches(str(name), known, n=1, cutoff=0.6)
            if close:
                self.say(self.t.gettext("  did you mean '%(name)s'? (Ctrl-C drops the entry)",
                                        name=close[0]))
            while True:
                reply = self.inp.answer(self.t.gettext(
                    "  speed of %(name)s in feet [Enter: 30]: ", name=name)).strip()
                if not reply:
                    speeds[name] = 30
                    break
                if reply.isdigit() and 0 <= int(reply) <= 1000:
                    speeds[name] = int(reply)
                    break
                self.say(self.t.gettext("    a speed in feet, such as 30 or 40"))
        for side in ("quarry", "pursuers"):
            if isinstance(chase.get(side), list):
                chase[side] = [{"name": str(a), "speed": speeds[str(a)]}
                               if isinstance(a, NewCreature) else a for a in chase[side]]
        entry["chase"] = chase

    def verify(self, outcome: Outcome) -> None:
        """The file as written replays to exactly what was shown."""
        shown = present.session_record(outcome.chronicle, self.number)
        now = present.session_record(self.chronicle, self.number)
        if shown is None or now is None:
            return
        a, b = shown.to_json(), now.to_json()
        if a != b:
            self.say(self.t.gettext("the file as written replays differently from what was shown "
                                    "(please report this): %(what)s",
                                    what=f"session {self.number}"))

    def ask(self, ask: RollAsk, number: int) -> Answer:
        purpose = present.purpose_label(ask.purpose, self.t)
        detail = f" ({self.t.said(ask.detail)})" if ask.detail else ""
        if len(ask.dice) == 2 and ask.notation.startswith("1d20"):
            mode = (self.t.gettext("advantage die added") if "+" in ask.notation
                    else self.t.gettext("disadvantage die subtracted"))
            prompt = self.t.gettext("  roll d20 and d%(sides)s (%(mode)s) for "
                                    "%(purpose)s%(detail)s, both values [Enter: let it roll]: ",
                                    sides=ask.dice[1].sides, mode=mode, purpose=purpose,
                                    detail=detail)
        elif len(ask.dice) == 2:
            disadvantage = ask.notation == "2d20kl1" or (
                ask.detail is not None
                and ask.detail.get("mode") == Word("net_advantage", "disadvantage"))
            if ask.notation == "2d20":  # bsh: roll under, the lower is the better
                key = "roll.bsh_disadvantage" if disadvantage else "roll.bsh_advantage"
            else:
                key = "roll.disadvantage" if disadvantage else "roll.advantage"
            prompt = self.t.gettext("  roll two d20 (%(mode)s) for %(purpose)s%(detail)s, both "
                                    "values [Enter: let it roll]: ",
                                    mode=self.t.label("message", key), purpose=purpose,
                                    detail=detail)
        else:
            prompt = self.t.gettext("  roll %(dice)s for %(purpose)s%(detail)s [Enter: let it "
                                    "roll]: ", dice=self.t.dice(ask.dice[0].notation),
                                    purpose=purpose, detail=detail)
        while True:
            reply = self.inp.answer(prompt).strip()
            if not reply:
                self.say(self.t.gettext("    the generator rolled %(value)s",
                                        value=", ".join(map(str, ask.seeded))))
                return None
            if reply == "*":
                self.say(self.t.gettext("    the generator rolled %(value)s",
                                        value=", ".join(map(str, ask.seeded))))
                self.say(self.t.gettext("    the generator rolls the rest of this entry"))
                return "rest"
            values = parse_values(reply, ask)
            if values is not None:
                return values
            die = ask.dice[0]
            self.say(self.t.gettext("    enter %(count)s whole number(s) from %(low)s to "
                                    "%(high)s, Enter to let the generator roll, * to let it roll "
                                    "every remaining die of this entry, Ctrl-C to drop the entry",
                                    count=len(ask.dice), low=die.low,
                                    high=max(d.high for d in ask.dice)))


def parse_values(reply: str, ask: RollAsk) -> list[int] | None:
    parts = [p for p in re.split(r"[\s,;/]+", reply) if p]
    if len(parts) != len(ask.dice) or not all(re.fullmatch(r"\d+", p) for p in parts):
        return None
    # percentile dice show 00 for 100 (docs/rules.md, section 8)
    values = [100 if p == "00" and (d.count, d.sides) == (1, 100) else int(p)
              for d, p in zip(ask.dice, parts, strict=True)]
    if all(d.low <= v <= d.high for d, v in zip(ask.dice, values, strict=True)):
        return values
    return None


# -- starting ---------------------------------------------------------------------------------
def open_session(root: Path, campaign: Campaign, *, new: bool, cont: bool, title: str | None,
                 date: dt.date, inp: Input, say: Print) -> tuple[SessionLog, int]:
    """The session to play: the last one, or a new one.

    ``--new`` starts the next session, ``--continue`` the last. Without either, the last
    session continues when it is dated today (or has no date) and a new one starts
    otherwise; on a terminal the GM is asked, with that as the default."""
    t = Translator(campaign.language)
    last = campaign.sessions[-1] if campaign.sessions else None
    number = (max(s.number for s in campaign.sessions) + 1) if campaign.sessions else 1
    if last is not None and not new:
        today = last.date in (None, date.isoformat())
        choice = cont or today
        if not cont and inp.interactive:
            try:
                reply = inp.answer(t.gettext("Continue session %(n)s (%(title)s, %(date)s) or "
                                             "start session %(next)s? [c/n] ", n=last.number,
                                             title=last.title, date=last.date or "-",
                                             next=number)).strip().casefold()
            except (EOFError, KeyboardInterrupt) as exc:
                raise PlayError("") from exc
            if reply:
                choice = not reply.startswith(("n", "н"))
        if choice:
            path = Path(last.source).resolve()
            log = SessionLog(path)
            say(t.gettext("Continuing session %(n)s: %(title)s (%(path)s), %(entries)s entries.",
                          n=last.number, title=last.title, path=last.source,
                          entries=len(last.log)))
            return log, last.number
    if title is None and inp.interactive:
        try:
            title = inp.answer(t.gettext("Title of session %(n)s: ", n=number)).strip() or None
        except (EOFError, KeyboardInterrupt) as exc:
            raise PlayError("") from exc
    title = title or f"Session {number}"
    folder = root / "sessions"
    try:
        if not folder.is_dir():
            folder.mkdir(parents=True)
        existing = sorted(folder.glob("*.y*ml"))
        path = next_session_path(folder, number, title, existing, slugify(title, ""))
        log = SessionLog(path, created=True)
        log.write(header_text(number, title, date, schema_line(folder, existing)))
    except OSError as exc:
        raise PlayError(f"{folder}: cannot write: {exc.strerror or exc}") from exc
    except LogFileError as exc:
        raise PlayError(str(exc)) from exc
    say(t.gettext("Started session %(n)s: %(title)s (%(path)s).", n=number, title=title,
                  path=path))
    return log, number


def start(root: Path, *, new: bool = False, cont: bool = False, title: str | None = None,
          date: dt.date | None = None, inp: Input, say: Print) -> int:
    campaign, diags = load(root)
    if campaign is None:
        for line in _diag_lines(diags):
            print(line, file=sys.stderr)
        return 1
    chronicle, rdiags = replay(campaign)
    if rdiags.has_errors():
        for line in _diag_lines(rdiags):
            print(line, file=sys.stderr)
        return 1
    try:
        log, number = open_session(root, campaign, new=new, cont=cont, title=title,
                                   date=date or dt.date.today(), inp=inp, say=say)
    except PlayError as exc:
        if str(exc):
            print(f"error: {exc}", file=sys.stderr)
        return 1
    if log.created:
        campaign2, diags = load(root)
        if campaign2 is None:
            for line in _diag_lines(diags):
                print(line, file=sys.stderr)
            log.path.unlink()
            return 1
        campaign = campaign2
        chronicle, _ = replay(campaign)
    table = Table(root, log, number, inp, say, campaign, chronicle)
    return table.run()
