"""What the fold does outside a watch: the instant entries of a log (``reveal``,
``ruling``, ``use``: no time passes, rules.md section 9 and format.md "Rulings") and the
checks of what a log says against what the fold did (recorded rolls left unused, a place
revealed that the players have no way to know of).

Functions of what they read and write (the campaign, the chronicle, the messages), called
by ``generator.replay.fold.Replayer``, which keeps the books.
"""

from __future__ import annotations

from generator.content.campaign import Campaign, Session
from generator.content.sessionlog import LogEntry
from generator.diagnostics import N_, NN_, Diagnostics
from generator.dice import RollSource, Word
from generator.i18n import phrased
from generator.rules import resources as R
from generator.rules.chronicle import Chronicle, SessionRecord, UseNote, WatchRecord
from generator.rules.discovery import out_of_reach, unknowable
from generator.rules.ruling import apply_ruling
from generator.rules.state import PartyState, Places
from generator.rules.unused import why_unused


def check_unused_rolls(c: Campaign, diags: Diagnostics, session: Session, i: int,
                       entry: LogEntry, rolls: RollSource,
                       watch: WatchRecord | None = None) -> None:
    """A recorded roll outside its die is an error; one the entry never used a warning
    (rules.md sections 5a and 11)."""
    for purpose, index, value, low, high in rolls.out_of_range:
        diags.error(session.roll_pos(i, purpose, index),
                    N_("recorded %(purpose)s roll %(value)s is outside the die's "
                       "range %(range)s", purpose=purpose, value=value,
                       range=f"{low}-{high}"), kind="roll_out_of_range")
    for purpose, rest in rolls.unused().items():
        values = entry.rolls[purpose]
        first = (len(values) - len(rest)) if isinstance(values, list) else 0
        why = why_unused(purpose, rolls.used.get(purpose, 0), watch, entry, c)
        msg = NN_("recorded %(purpose)s roll %(values)s never used by this watch: %(why)s",
                  "recorded %(purpose)s rolls %(values)s never used by this watch: %(why)s",
                  len(rest), purpose=phrased(Word("purpose", purpose), purpose),
                  values=", ".join(map(str, rest)), why=why)
        diags.warning(session.roll_pos(i, purpose, first), msg)
        if watch is not None:
            watch.warnings.append(msg)


def reveal(c: Campaign, chronicle: Chronicle, ids: list[str], rec: SessionRecord,
           after: int, state: PartyState) -> None:
    """The GM reveals locations or hexes to the players, without a roll."""
    for ident in ids:
        if ident in c.locations:
            loc = c.locations[ident]
            if ident not in chronicle.discovered:
                chronicle.discovered[ident] = (rec.session, max(after, 0))
                rec.discovered.append(ident)
            chronicle.know(loc.label, "revealed")
            state.finds.setdefault(ident, 1)
        elif c.grid.is_label(ident):
            chronicle.know(ident, "revealed")
            rec.revealed_hexes.append(ident)
    if rec.watches and after >= 0:
        rec.watches[min(after, len(rec.watches) - 1)].revealed.extend(ids)


def ruling(c: Campaign, chronicle: Chronicle, diags: Diagnostics, session: Session, i: int,
           entry: LogEntry, rec: SessionRecord, after: int, state: PartyState) -> None:
    """The table's ruling: the state it set, without dice or time (format.md,
    "Rulings")."""
    assert entry.ruling is not None
    record, problems = apply_ruling(c, chronicle, state, rec, entry.ruling,
                                    entry=i, follows=after, rolls=bool(entry.rolls))
    for p in problems:
        where = ("rolls",) if p.key == "rolls" else \
            ("ruling",) + ((p.key,) if p.key else ())
        report = diags.error if p.severity == "error" else diags.warning
        report(session.entry_pos(i, *where), p.message)
    if record is not None:
        rec.rulings.append(record)


def warn_unknowable(c: Campaign, chronicle: Chronicle, places: Places, diags: Diagnostics,
                    session: Session, i: int, ids: list[str], state: PartyState,
                    told: bool) -> None:
    """A ``reveal:`` of a place the players have no way to know of (a warning: a rumour
    may reveal anything), with where the place and the party are; ``told``: the log
    says something to the players right before it (or on it)."""
    for j, ident in enumerate(ids):
        loc = c.locations.get(ident)
        why = None if loc is None else unknowable(
            c, loc, ident in chronicle.discovered, told)
        if loc is None or why is None:
            continue
        where = out_of_reach(c, places, state, loc)
        diags.warning(session.entry_pos(i, "reveal", j),
                      N_("reveal of '%(id)s' (%(name)s), %(why)s; it %(where)s",
                         id=ident, name=loc.name, why=why,
                         where=where or N_("is where the party is")))


def use_resource(chronicle: Chronicle, diags: Diagnostics, session: Session, i: int,
                 entry: LogEntry, state: PartyState, rec: SessionRecord, after: int,
                 rolls: RollSource) -> None:
    """A ``use`` entry: roll a usage die (``resource: doom`` tempts fate; rules.md 9)."""
    assert entry.use is not None
    rid, by = entry.use.resource, entry.use.by
    resources = chronicle.resources
    if rid == "doom":
        if by is None or R.doom_id(by) not in resources:
            diags.error(session.entry_pos(i, "use"),
                        N_("tempting fate needs 'by: <member>' and a doom die (set "
                           "rules.doom or use the bsh check system)"))
            return
        rid = R.doom_id(by)
    if rid not in resources:
        diags.error(session.entry_pos(i, "use", "resource"),
                    N_("resource '%(id)s' is not declared yet (declare it in "
                       "campaign.yaml or in an earlier session's 'resources:')",
                       id=rid))
        return
    watch = rec.watches[after] if 0 <= after < len(rec.watches) else None
    if entry.use.note is not None:
        rec.uses.append(UseNote(after, rid, by, entry.use.note))
    event = R.roll_usage(resources, chronicle.members, rolls, rid, by,
                         "tempting fate" if entry.use.resource == "doom" else "use",
                         entry.use.note, R.When(session.number, after, state.day), watch)
    if event is None:
        diags.warning(session.entry_pos(i, "use"),
                      N_("resource '%(id)s' is already exhausted: its usage die "
                         "ran out on an earlier use, so this one rolls nothing",
                         id=rid))
