"""sessions/*.yaml: the session logs, watch by watch, with the party of each session and
the rolls made at the table (docs/content.md, "sessions/*.yaml").

Everything a log entry names is checked here (faces, hexes, paths, locations, tables,
party members, resources); whether the rules allow what it does is the replay's concern.
"""

from __future__ import annotations

from typing import Any

from generator.content import models as m
from generator.content import sessionlog as sl
from generator.content.campaign import Location, Path_, Session, Table
from generator.content.files import YAML
from generator.content.reading import Reader
from generator.content.refs import Refs
from generator.content.yamlpos import Located
from generator.diagnostics import N_, Text, suggest


def load_sessions(reader: Reader, refs: Refs, spec: m.CampaignFile,
                  paths: dict[str, Path_], locations: dict[str, Location],
                  tables: dict[str, Table]) -> tuple[list[Session], bool]:
    """The sessions of sessions/*.yaml, and whether every session file was read and
    validated (otherwise the number of one is unknown)."""
    parsed: list[tuple[sl.SessionFile, Located]] = []
    complete = True
    for path in reader.files("sessions", *YAML):
        doc = reader.mapping_doc(path)
        if doc is None:
            complete = False
            continue
        sf = reader.validate(sl.SessionFile, doc, ())
        if sf is not None:
            parsed.append((sf, doc))
        else:
            complete = False
    # in the order they are replayed: a member described in one session may be named
    # by the sessions after it
    parsed.sort(key=lambda item: item[0].session)
    # resources may be declared in campaign.yaml or in a session ('doom' tempts fate)
    resource_ids: dict[str, Any] = {"doom": None, **spec.resources}
    for sf, _ in parsed:
        resource_ids.update(sf.resources)
    sessions: list[Session] = []
    numbers: dict[int, str] = {}
    members = {mem.name for mem in spec.party.members}
    for sf, doc in parsed:
        if sf.session in numbers:
            reader.diags.error(doc.pos(("session",)), N_(
                "session %(number)s is already logged in %(file)s", number=sf.session,
                file=numbers[sf.session]))
            continue
        numbers[sf.session] = doc.path
        for res_id in sf.resources:
            refs.check_id(res_id, "resource", doc.pos(("resources", res_id), key=True))
        party = sf.party
        if party.start is not None:
            refs.check_label(party.start, doc.pos(("party", "start")))
        refs.check_offsets(party.start_offsets, doc, ("party", "start_offsets"))
        present = set(members)
        if party.members is not None:
            present = set()
            refs.check_unique_members(
                [(who if isinstance(who, str) else who.name,
                  ("party", "members", i) if isinstance(who, str)
                  else ("party", "members", i, "name"))
                 for i, who in enumerate(party.members)], doc)
            for i, who in enumerate(party.members):
                if isinstance(who, str):
                    if who not in members:
                        reader.diags.error(doc.pos(("party", "members", i)), N_(
                            "unknown party member '%(name)s'%(hint)s (add them to "
                            "campaign.yaml or describe them here)", name=who,
                            hint=suggest(who, members)))
                    present.add(who)
                else:
                    refs.check_mount(who, doc.pos(("party", "members", i, "mount")))
                    refs.check_knowledge_regions(who, doc, ("party", "members", i))
                    present.add(who.name)
                    members.add(who.name)
        if party.navigator and party.navigator not in present:
            reader.diags.error(doc.pos(("party", "navigator")), N_(
                "navigator '%(name)s' is not in the party%(hint)s", name=party.navigator,
                hint=suggest(party.navigator, present)))
        for i, entry in enumerate(sf.log):
            check_entry(refs, entry, doc, ("log", i), paths, locations, tables, spec,
                        resource_ids, present)
        sessions.append(Session(sf.session, str(sf.date) if sf.date else None,
                                sf.title or f"Session {sf.session}", sf.summary, sf.gm,
                                party, tuple(sf.log), doc.path, doc,
                                resources=dict(sf.resources)))
    return sessions, complete


def _check_travel(refs: Refs, t: sl.Travel, doc: Located, at: tuple[str | int, ...],
                  paths: dict[str, Path_], locations: dict[str, Location]) -> None:
    """A travel entry's heading, ``toward``, ``follow`` and ``landmark``."""
    if t.heading is not None and t.heading not in refs.faces:
        refs.diags.error(doc.pos(at + ("travel", "heading")),
                         refs.not_a_face(t.heading))
    toward = None
    if t.toward is not None:
        toward = refs.check_label(t.toward, doc.pos(at + ("travel", "toward")))
    if t.follow is not None:
        if refs.check_ref(t.follow, paths, "path", doc.pos(at + ("travel", "follow"))) \
                and toward is not None and toward not in paths[t.follow].hexes:
            refs.diags.error(doc.pos(at + ("travel", "toward")), N_(
                "hex '%(hex)s' is not on path '%(path)s'", hex=t.toward, path=t.follow))
    if t.landmark is not None and t.landmark not in locations:
        if refs.grid.is_label(t.landmark):
            refs.check_label(t.landmark, doc.pos(at + ("travel", "landmark")))
        elif t.landmark not in refs.broken["location"]:
            refs.diags.error(doc.pos(at + ("travel", "landmark")), N_(
                "unknown landmark '%(id)s': name a location id or a hex label%(hint)s",
                id=t.landmark, hint=suggest(t.landmark, locations)))


def _check_encounter(refs: Refs, e: sl.EncounterEntry, doc: Located, at: tuple[str | int, ...],
                     locations: dict[str, Location], tables: dict[str, Table]) -> None:
    """An encounter entry's table, location and roll (a row of the table)."""
    if e.table is not None:
        refs.check_ref(e.table, tables, "table", doc.pos(at + ("encounter", "table")))
    if e.location is not None:
        refs.check_ref(e.location, locations, "location",
                       doc.pos(at + ("encounter", "location")))
    if e.table in tables and e.roll is not None and e.table not in refs.broken["table"]:
        if tables[e.table].row_for(e.roll) is None:
            low = min(a for a, _ in tables[e.table].ranges)
            high = max(b for _, b in tables[e.table].ranges)
            refs.diags.error(doc.pos(at + ("encounter", "roll")), N_(
                "roll %(roll)s matches no row of table '%(table)s' (rows cover "
                "%(low)s-%(high)s)", roll=e.roll, table=e.table, low=low, high=high))


def _check_chase(refs: Refs, ch: sl.ChaseEntry, doc: Located, at: tuple[str | int, ...],
                 tables: dict[str, Table], spec: m.CampaignFile,
                 present: set[str] | None) -> None:
    """A chase entry's participants, pursuers and complications table."""
    known = set(spec.creatures) | {mem.name for mem in spec.party.members} | \
        (present or set())
    for side in ("quarry", "pursuers"):
        actors = getattr(ch, side)
        if actors == "party":
            continue
        for j, who in enumerate(actors):
            if isinstance(who, str) and who not in known:
                refs.diags.error(doc.pos(at + ("chase", side, j)), N_(
                    "unknown chase participant '%(name)s'%(hint)s: name a party member, a "
                    "creature from campaign.yaml 'creatures:', or give stats inline "
                    "({name, speed, con, stealth, perception})", name=who,
                    hint=suggest(who, known)))
    if not ch.pursuers:
        refs.diags.error(doc.pos(at + ("chase",)), N_("a chase needs pursuers"))
    if ch.complications is not None:
        refs.check_ref(ch.complications, tables, "table",
                       doc.pos(at + ("chase", "complications")))


def _check_expect(refs: Refs, entry: sl.LogEntry, doc: Located, at: tuple[str | int, ...],
                  locations: dict[str, Location]) -> None:
    """An entry's ``expect:``: on a watch, of hexes and locations that exist."""
    ex = entry.expect
    assert ex is not None
    if entry.action in sl.INSTANT_ACTIONS:
        refs.diags.error(doc.pos(at + ("expect",)), N_(
            "expect: goes on an entry that takes a watch, not on '%(action)s'",
            action=entry.action))
    for key in ("hex", "believed"):
        label = getattr(ex, key)
        if label is not None:
            refs.check_label(label, doc.pos(at + ("expect", key)))
    for j, label in enumerate(ex.entered or ()):
        refs.check_label(label, doc.pos(at + ("expect", "entered", j)))
    for j, lid in enumerate(ex.found):
        refs.check_ref(lid, locations, "location", doc.pos(at + ("expect", "found", j)))


def check_entry(refs: Refs, entry: sl.LogEntry, doc: Located, at: tuple[str | int, ...],
                paths: dict[str, Path_], locations: dict[str, Location],
                tables: dict[str, Table], spec: m.CampaignFile,
                resource_ids: dict[str, Any], present: set[str] | None = None) -> None:
    """Cross-check one log entry; ``resource_ids`` are the resources declared anywhere,
    ``present`` the party members of the session."""
    if entry.travel is not None:
        _check_travel(refs, entry.travel, doc, at, paths, locations)
    if entry.search is not None and entry.search.target is not None:
        refs.check_ref(entry.search.target, locations, "location",
                       doc.pos(at + ("search", "target")))
    if entry.encounter is not None:
        _check_encounter(refs, entry.encounter, doc, at, locations, tables)
    if entry.reveal is not None:
        for i, ident in enumerate(entry.reveal):
            if ident in locations or ident in refs.broken["location"]:
                continue
            if refs.grid.is_label(ident):
                refs.check_label(ident, doc.pos(at + ("reveal", i)))
            else:
                refs.diags.error(doc.pos(at + ("reveal", i)), N_(
                    "unknown location or hex '%(id)s'%(hint)s", id=ident,
                    hint=suggest(ident, locations)))
    if entry.chase is not None:
        _check_chase(refs, entry.chase, doc, at, tables, spec, present)
    if entry.use is not None:
        refs.check_ref(entry.use.resource, resource_ids, "resource",
                       doc.pos(at + ("use", "resource")))
        who = entry.use.by
        members = present if present is not None else \
            {mem.name for mem in spec.party.members}
        if who is not None and who not in members:
            refs.diags.error(doc.pos(at + ("use", "by")), not_in_party(who, members))
    if entry.camp is not None and entry.camp.by is not None:
        members = present if present is not None else \
            {mem.name for mem in spec.party.members}
        if entry.camp.by not in members:
            refs.diags.error(doc.pos(at + ("camp", "by")),
                             not_in_party(entry.camp.by, members))
    if entry.ruling is not None:
        ruling = entry.ruling
        for key in ("hex", "believed"):
            label = getattr(ruling, key)
            if label is not None:
                refs.check_label(label, doc.pos(at + ("ruling", key)))
        for j, lid in enumerate(ruling.found):
            refs.check_ref(lid, locations, "location", doc.pos(at + ("ruling", "found", j)))
    if entry.expect is not None:
        _check_expect(refs, entry, doc, at, locations)
    for purpose, value in entry.rolls.items():
        values = value if isinstance(value, list) else [value]
        if not values:
            refs.diags.warning(doc.pos(at + ("rolls", purpose)), N_(
                "empty list of %(purpose)s rolls: it records nothing, so the generator rolls "
                "them (give the dice rolled at the table, or remove the key)",
                purpose=purpose))


def not_in_party(who: str, members: set[str]) -> Text:
    """``'Tib' is not in the party``: a ``use`` or a ``camp`` by someone not present."""
    return N_("'%(name)s' is not in the party%(hint)s", name=who, hint=suggest(who, members))
