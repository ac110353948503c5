"""A campaign with a distinctive secret in every GM-only place, and a hand-built Chronicle.

Used by the knowledge, map and site tests: nothing in ``SECRETS`` may reach the players'
build, and the GM build must show every one of them. ``PLAYER_FACTS`` are things the
players did learn and must find on their site.

The party (session 1) walks from 0304 north into 0303, then gets lost without knowing it:
it truly goes NE into 0403 (named ``SECRET-TRUE-TRACK-NAME``) while believing it went N into
0302; in the third watch it sees Thornfold Mill (0602) across the river.
"""

from __future__ import annotations

import textwrap
from fractions import Fraction
from pathlib import Path

from generator.content.campaign import Campaign
from generator.diagnostics import literal
from generator.dice import RollRecord, Signed, Word, said
from generator.rules.chronicle import (
    Chronicle,
    EncounterRecord,
    MemberState,
    ResourceEvent,
    ResourceState,
    SessionRecord,
    TimePoint,
    WatchRecord,
)

from campaign_factory import HEXES, load, write_campaign

SECRETS = (
    "SECRET-HEX-GM",            # hex gm field (explored hex 0304)
    "SECRET-LOC-GM",            # !!! gm block of a discovered location
    "SECRET-LOC-COLLAPSED",     # ??? gm block of a discovered location
    "SECRET-GMONLY-NAME",       # gm_only location (even though "discovered")
    "SECRET-GMONLY-BODY",
    "SECRET-UNFOUND-NAME",      # location not discovered
    "SECRET-UNFOUND-BODY",
    "SECRET-REGION-GM",         # region gm
    "SECRET-GM-TABLE-NAME",     # gm table
    "SECRET-GM-TABLE-ROW",
    "SECRET-ROW-GM",            # gm note on a row of a players' table
    "SECRET-SESSION-GM",        # session gm remark
    "SECRET-WATCH-GM",          # watch gm note
    "SECRET-UNEXPLORED-NAME",   # name and description of an unexplored hex
    "SECRET-UNEXPLORED-DESC",
    "SECRET-TRUE-TRACK-NAME",   # a hex only the true track entered
    "SECRET-ENCOUNTER",         # encounter result
    "SECRET-ROLL-DETAIL",       # roll detail
    "SECRET-WATCH-SUMMARY",     # the GM log line of a watch
    "SECRET-WARNING",           # replay warning
    "SECRET-PATH-GM",           # path gm
    "SECRET-RESOURCE-GM",       # resource gm
    "SECRET-ENCOUNTER-NOTE",    # the note of an encounter (the journal tells its row's tell)
    "SECRET-ENCOUNTER-ROW",     # the result of a row whose tell the players read
    "Paid for the ferry",       # the note of a use entry (the GM's)
)

PLAYER_FACTS = (
    "Crossroads Meadow",        # explored named hex
    "Thornfold Mill",           # discovered location
    "A water mill on the Mere",  # its player body
    "Along the King",           # session title
    "We saw smoke in the east",  # chronicle note
    "Rumours of the Marches",   # players' table
    "Wolves howl at night",
    "Kessa owes us",            # a resource, its die now and its history
    "Howling far off in the grass",  # a wandering encounter's row tell (the journal)
    "We rested by the stones",  # the note of a rest
    "A shepherd waved from a ridge",  # the tell of a rest
    "The party travelled north",  # the journal's own sentences
    "The party rested",
)

LOCATIONS = {
    "locations/thornfold-mill.md": textwrap.dedent("""\
        ---
        id: thornfold-mill
        name: Thornfold Mill
        hex: "0602"
        visibility: visible
        visible_from: 1
        on: [mere]
        tags: [settlement, mill]
        ---
        A water mill on the Mere, its wheel still turning.

        !!! gm "Secrets"
            The miller smuggles salt. SECRET-LOC-GM

        ??? gm "More"
            SECRET-LOC-COLLAPSED
        """),
    "locations/gm-lair.md": textwrap.dedent("""\
        ---
        id: gm-lair
        name: SECRET-GMONLY-NAME
        hex: "0304"
        gm_only: true
        tags: [lair]
        ---
        SECRET-GMONLY-BODY
        """),
    "locations/hidden-shrine.md": textwrap.dedent("""\
        ---
        id: hidden-shrine
        name: SECRET-UNFOUND-NAME
        hex: "0505"
        visibility: hidden
        tags: [shrine]
        ---
        SECRET-UNFOUND-BODY
        """),
}

EXTRA_HEXES = textwrap.dedent("""\
    "0403":
      terrain: plains
      name: SECRET-TRUE-TRACK-NAME
    "0505":
      terrain: plains
      name: SECRET-UNEXPLORED-NAME
      description: SECRET-UNEXPLORED-DESC
    """)

TABLES = {
    "tables/thornwood-day.yaml": textwrap.dedent("""\
        id: thornwood-day
        name: SECRET-GM-TABLE-NAME
        dice: 1d8
        audience: gm
        rows:
          - {roll: 1-2, result: "SECRET-GM-TABLE-ROW", distance: 2d6x10}
          - {roll: 3, result: "A charcoal burner", reaction: true}
          - {roll: 4-8, result: "Tracks (1d10 days old)"}
        """),
    "tables/rumours.yaml": textwrap.dedent("""\
        id: rumours
        name: Rumours of the Marches
        dice: 1d4
        audience: players
        rows:
          - {roll: 1, result: "Wolves howl at night", gm: SECRET-ROW-GM}
          - {roll: 2, result: "Someone hides in the south", location: hidden-shrine}
          - {roll: 3, result: "Ask a forester", table: thornwood-day}
          - {roll: 4, result: "The mill buys grain", location: thornfold-mill}
        """),
}

PATHS = textwrap.dedent("""\
    kings-road: {kind: highway, hexes: ["0101", "0201", "0302", "0402", "0503"],
                 description: The old royal road., gm: SECRET-PATH-GM}
    mere: {kind: river, name: The Mere, hexes: ["0601", "0602", "0703"]}
    """)

REGIONS = textwrap.dedent("""\
    north-reach:
      name: North Reach
      hexes: ["0303", "0304", "0403"]
      description: Open grassland north of the wood.
      gm: SECRET-REGION-GM
    """)

SESSION = textwrap.dedent("""\
    session: 1
    date: 2026-11-03
    title: Along the King's Road
    gm: SECRET-SESSION-GM
    log:
      - travel: {heading: N}
        rolls: {navigation: 15, encounter: [5]}
      - travel: {heading: N}
      - note: We saw smoke in the east.
      - rest: {}
    """)


def write_secret_campaign(root: Path, language: str = "en",
                          files: dict[str, str | None] | None = None) -> Path:
    all_files: dict[str, str | None] = {
        "paths.yaml": PATHS,
        "regions.yaml": REGIONS,
        "sessions/01.yaml": SESSION,
        **LOCATIONS,
        **TABLES,
    }
    all_files["hexes/map.yaml"] = (HEXES.replace(
        "  gm: The milestone hides a cache of coins.",
        "  gm: The milestone hides a cache of coins. SECRET-HEX-GM") + EXTRA_HEXES)
    all_files.update(files or {})
    return write_campaign(root, files=dict(all_files),  # type: ignore[arg-type]
                          campaign_overrides={"language": language})


def load_secret_campaign(root: Path, language: str = "en",
                         files: dict[str, str | None] | None = None) -> Campaign:
    write_secret_campaign(root, language, files)
    campaign, diags = load(root)
    assert campaign is not None, [d.format() for d in diags.items]
    assert not diags.errors, [d.format() for d in diags.items]
    return campaign


def secret_chronicle() -> Chronicle:
    w0 = WatchRecord(
        index=0, day=1, watch=2, activity="travel", start_hex="0304", end_hex="0303",
        believed_hex="0303", hexes_entered=["0303"], miles=Fraction(9),
        progress_miles=Fraction(3), lost=False, knows_lost=False, veer=0,
        rolls=[RollRecord("navigation", "1d20", 15, 18, 12, "success", True,
                          detail=said("check_d20", skill=Word("skill", "survival"),
                                      score=Signed(3), dc=12)),
               RollRecord("encounter", "1d12", 5, 5, None, "none", True)],
        believed_start_hex="0304", believed_hexes_entered=["0303"], intended_face="N",
        exit_face="N", believed_miles=Fraction(9), said=[said("sleeps")])
    w1 = WatchRecord(
        index=1, day=1, watch=3, activity="travel", start_hex="0303", end_hex="0403",
        believed_hex="0302", hexes_entered=["0403"], miles=Fraction(9),
        progress_miles=Fraction(3), lost=True, knows_lost=False, veer=1,
        rolls=[RollRecord("navigation", "1d20", 4, 7, 12, "failure", False,
                          detail=said("resource", name="SECRET-ROLL-DETAIL")),
               RollRecord("veer", "1d10", 8, 8, None, None, False),
               RollRecord("encounter", "1d12", 1, 1, None, "encounter", False)],
        encounters=[EncounterRecord("wandering", table="thornwood-day", roll=1,
                                    result="SECRET-ENCOUNTER", distance=70,
                                    reaction="cautious", hex="0403"),
                    EncounterRecord("wandering", table="thornwood-day", roll=2,
                                    result="SECRET-ENCOUNTER-ROW", hex="0403",
                                    note="SECRET-ENCOUNTER-NOTE",
                                    tell="Howling far off in the grass")],
        warnings=[literal("SECRET-WARNING")], believed_start_hex="0303",
        believed_hexes_entered=["0302"], intended_face="N", exit_face="NE",
        believed_miles=Fraction(9), said=[said("found", name="SECRET-WATCH-SUMMARY",
                                                 how=Word("found_how", "visible"))],
        gm_notes=["SECRET-WATCH-GM"])
    w2 = WatchRecord(
        index=2, day=1, watch=4, activity="rest", start_hex="0403", end_hex="0403",
        believed_hex="0302", hexes_entered=[], miles=Fraction(0), progress_miles=Fraction(3),
        lost=True, knows_lost=False, veer=1, discovered=["thornfold-mill", "gm-lair"],
        believed_start_hex="0302", note="We rested by the stones",
        tell="A shepherd waved from a ridge")
    session = SessionRecord(
        session=1, title="Along the King's Road", date="2026-11-03", summary=None,
        start=TimePoint("0304", 1, 2, believed_hex="0304"),
        end=TimePoint("0403", 1, 5, believed_hex="0302", lost=True, veer=1),
        watches=[w0, w1, w2], members=["Aria", "Bram"],
        notes=[(1, "We saw smoke in the east.")],
        discovered=["thornfold-mill", "gm-lair"], source="sessions/01.yaml")
    return Chronicle(
        campaign="Test Marches", sessions=[session],
        discovered={"thornfold-mill": (1, 2), "gm-lair": (1, 2)},
        known_how=dict.fromkeys(("0304", "0303", "0602"), "explored"),
        visits={"0304": 1, "0303": 1, "0403": 2}, lost_watches={"0403": 2},
        resources={"debt-of-kessa": ResourceState(
            "debt-of-kessa", "Kessa owes us", "Aria", None, "d6", "d4",
            gm="SECRET-RESOURCE-GM",
            history=[ResourceEvent(1, 1, 1, "Aria", 2, "d6", "d4", "use",
                                   "Paid for the ferry")])},
        members={"Aria": MemberState("Aria"), "Bram": MemberState("Bram", fatigued=True)})
