"""JSON Schemas of the content format, for editors (``hexcrawl schema``).

One schema per kind of file (content.md, "Files"), generated from the same pydantic models the
loader validates with, so the two cannot disagree, plus ``replay.schema.json`` for the output
of ``hexcrawl replay --json`` (written by hand from content.md and ``chronicle.py``).

An editor with a YAML language server picks a schema up with a first-line comment such as
``# yaml-language-server: $schema=../schemas/session.schema.json`` or by a glob in its
settings. The schemas describe shape only; cross-file checks (unknown ids, paths that must
touch, table ranges) are ``hexcrawl check``'s job.
"""

from __future__ import annotations

import fnmatch
import json
import posixpath
from pathlib import Path, PurePosixPath
from typing import Any

from pydantic import BaseModel

from generator.content import models as m
from generator.content import yamlpos
from generator.dice import MAX_DICE, MAX_SIDES
from generator.rules.rolltables import MAX_NESTING, MAX_RESULTS
from generator.slug import MAX_LENGTH, SLUG_PATTERN

DIALECT = "https://json-schema.org/draft/2020-12/schema"
LABEL_PATTERN = "^[0-9]{4,}$"
#: Every id of every kind is a slug (generator.slug): ids name pages and anchors.
ID = {"pattern": SLUG_PATTERN, "maxLength": MAX_LENGTH}
#: Fields holding an id, and fields mapping ids to entries, by model.
ID_FIELDS = {"LocationFront": ("id",), "TableFile": ("id",)}
ID_KEYS = {"CampaignFile": ("resources", "creatures"), "SessionFile": ("resources",)}

#: What each model is, for the schema's ``description``.
MODEL_DOCS: dict[str, str] = {
    "Expect": "What happened in the entry's watch, as the GM remembers it; the replay checks "
              "it.",
    "CampaignFile": "campaign.yaml: the campaign's name, seed, map, rules and starting party.",
    "MapSpec": "The map: a rectangle of hexes labelled CCRR (column then row).",
    "RulesSpec": "Rule options (rules.md); every field has the procedure's default.",
    "ReferenceSpec": "The Rules reference section of the sites: which sheets the players "
                     "get (the GM site has every sheet).",
    "Member": "A party member. The same keys serve every check system (rules.md section 8).",
    "StartTime": "When the party starts: day 1 onwards, watch 1-6 (watch 1 starts at "
                 "midnight).",
    "PartySpec": "The party at the start of the campaign.",
    "ResourceSpec": "A resource tracked with a usage die (seed 001, Black Sword Hack).",
    "TerrainSpec": "A terrain type: new, or overriding a built-in one (desert, forest, hills, "
                   "jungle, moor, mountains, plains, swamp, tundra, lake, sea).",
    "TerrainSpeed": "Speed multipliers by the path the party is on in the hex (rules.md "
                    "section 3), as numbers or fractions such as 3/4.",
    "HexEntry": "One hex: its terrain and what players and GM know of it.",
    "PathSpec": "A highway, road, trail or river: consecutive hexes must be neighbours.",
    "RegionSpec": "A named region: a list of hexes sharing encounter tables.",
    "LocationFront": "The YAML front matter of a location file (locations/*.md); the Markdown "
                     "body below it is what players learn, minus '!!! gm' blocks.",
    "TableRow": "One row of a roll table: a roll range (or a weight) and its result.",
    "TableFile": "A roll table (tables/*.yaml): encounters, weather, rumours, ...",
    "SessionFile": "A session log (sessions/*.yaml), replayed in order of 'session'.",
    "SessionParty": "Changes to the party for this session; the start defaults to where the "
                    "previous session ended.",
    "LogEntry": "One entry of the log: exactly one action, plus recorded rolls. Every action "
                "but note, reveal and use takes one watch (4 hours).",
    "Travel": "A watch of travel: exactly one of heading, toward, follow or landmark (follow "
              "may add toward).",
    "Rest": "A watch of rest; two consecutive rests are a sleep.",
    "Camp": "A watch making camp, optionally foraging.",
    "Sleep": "A watch of sleep.",
    "Search": "A watch searching the hex, optionally for a known location.",
    "Reorient": "A watch spent finding the way again after realising the party is lost.",
    "EncounterEntry": "An encounter that happened at the table.",
    "UseEntry": "A roll of a resource's usage die.",
    "ChaseEntry": "A chase (seed 003).",
}

#: What each field means, by model and field name.
FIELD_DOCS: dict[str, dict[str, str]] = {
    "CampaignFile": {
        "name": "The campaign's title, shown on every page.",
        "seed": "Seed of every roll not recorded in a session log; changing it changes them.",
        "language": "Site language: en, ru, uk or any other with a catalogue in generator/locale "
                    "(interface strings; others fall back to English).",
        "description": "A short introduction for the players' home page.",
        "map": "Map size and layout.",
        "rules": "Rule options.",
        "reference": "The players' Rules reference.",
        "party": "The party at the start.",
        "default_terrain": "Terrain of hexes with no entry; without it, entering such a hex "
                           "is an error.",
        "resources": "Resources tracked with usage dice, by id.",
        "creatures": "Creatures that chases may name, by id (rules.md section 10).",
        "tables": "Wandering-encounter tables of the last resort (table ids): a hex rolls on "
                  "its own tables, else its region's, else its terrain's, else the first of "
                  "these.",
    },
    "MapSpec": {
        "columns": f"Number of columns (1-{m.MAX_MAP_SIZE}: every hex is drawn on the SVG "
                   f"maps).",
        "rows": f"Number of rows (1-{m.MAX_MAP_SIZE}: every hex is drawn on the SVG maps).",
        "orientation": "flat (flat-top hexes, faces N NE SE S SW NW; odd columns sit higher) "
                       "or pointy.",
        "hex_miles": "Miles from hex centre to hex centre (12 in the procedure).",
        "player_labels": "Show hex labels on the players' map.",
        "player_grid": "Show the hex grid on the players' map.",
        "labels": "Hex names on the maps: 'names' writes them on the map (players see only "
                  "explored hexes' names), 'none' (default) puts them in the tooltips only.",
    },
    "ReferenceSpec": {
        "players": "The sheets of the players' Rules reference, e.g. [travel, checks, "
                   "modifiers, tables]: topic pages (travel, hex-progress, navigation, "
                   "getting-lost, encounters, checks-d20, checks-brp, checks-bsh, modifiers, "
                   "chases, facing), checks (the campaign's check system) and tables. Without "
                   "it: travel, checks, modifiers, chases, facing and tables; [] gives the "
                   "players no reference.",
    },
    "RulesSpec": {
        "checks": "Check system: d20 (seed 000/004), brp (Basic Roleplaying, percentile) or "
                  "bsh (Black Sword Hack, roll under).",
        "advantage": "d20 only: classic (roll twice) or scaled (extra dice).",
        "actual_distance": "The party covers (2d6 + 3) x 10 % of its planned miles.",
        "encounter_check": f"d12 (1 wandering, 12 keyed) or a chance 'N in dX' such as "
                           f"'1 in d8' (1-N wandering, X keyed; X 2-{MAX_SIDES}, N below X).",
        "realise_extra_checks": "Extra realise checks when a lost party meets a clearly new "
                                "terrain or an obvious landmark.",
        "doom": "Doom die of every member (bsh: d6 by default).",
    },
    "Member": {
        "name": "Unique name; sessions and 'navigator' refer to it.",
        "speed": "Speed in feet; miles per hour = speed / 10. The party moves at its "
                 "slowest member's speed.",
        "survival": "Survival: d20 bonus, brp percentage or bsh attribute.",
        "con": "Constitution: d20 modifier, brp characteristic or bsh attribute.",
        "knowledge_geography": "Ranks in Knowledge (geography): 5 or more give +2 to "
                               "navigation.",
        "knowledge_local": "Ranks in Knowledge (local).",
        "knowledge_regions": "Ids of regions (regions.yaml) the Knowledge ranks are for: the "
                             "+2 applies only while the party is in one of them. Omit for "
                             "everywhere.",
        "mount": "horse, pony, riding_dog, cart or wagon.",
        "mount_loaded": "The mount carries a load (slower).",
        "stealth": "Stealth bonus.",
        "perception": "Perception (passive) score.",
        "level": "Character level.",
        "initiative": "Initiative bonus (chases).",
        "doom": "This member's doom die (bsh).",
        "notes": "Free text.",
    },
    "StartTime": {"day": "Day number, from 1.", "watch": "Watch of the day, 1-6."},
    "PartySpec": {
        "start": "Hex label where the party starts, such as \"0304\".",
        "start_time": "Day and watch of the start.",
        "start_offsets": "Miles already made toward each face inside the start hex.",
        "members": "The party members (at least one; names unique).",
        "navigator": "Name of the member who navigates (default: the best at Survival).",
        "gear": "Party gear with rule effects: compass (+2, no veer at hex boundaries).",
    },
    "ResourceSpec": {
        "die": "Usage die: d4, d6, d8, d10, d12 or d20.",
        "name": "Display name.",
        "owner": "The member who holds it.",
        "description": "Player-facing text.",
        "gm": "GM-only text.",
    },
    "TerrainSpec": {
        "name": "Display name.",
        "letter": "Letter for 'terrain_rows' in hexes files.",
        "color": "Map colour, #rgb or #rrggbb.",
        "navigation_dc": "Navigation DC (d20 scale).",
        "forage_dc": "Foraging DC (d20 scale).",
        "speed": "Speed multipliers by path.",
        "impassable": "The party cannot enter on foot.",
        "density_dc": "Navigation DC by density (forest: sparse, medium, dense).",
        "like": "Built-in terrain to start from; only the keys given change.",
        "symbol": "The map symbol drawn on the terrain's colour: a built-in one (desert, "
                  "forest, hills, jungle, moor, mountains, plains, swamp, tundra, lake, sea, "
                  "fields) or 'none'. Default: the terrain's own, else its 'like' terrain's. "
                  "A file symbols/<terrain-id>.svg replaces it.",
    },
    "TerrainSpeed": {
        "highway": "Multiplier on a highway.",
        "road": "Multiplier on a road or trail.",
        "trackless": "Multiplier off any path.",
    },
    "HexEntry": {
        "terrain": "Terrain id (built-in or from terrain.yaml).",
        "density": "Forest only: sparse, medium or dense.",
        "name": "Shown to players once discovered.",
        "description": "Player-facing, shown once discovered.",
        "gm": "GM-only notes.",
        "tables": "Encounter tables for this hex (table ids).",
        "region": "Region id from regions.yaml.",
    },
    "PathSpec": {
        "kind": "highway, road, trail or river.",
        "name": "Display name (default: from the id).",
        "condition": "good or poor (a poor trail needs a check to follow).",
        "hexes": "Hex labels in order; consecutive hexes must be neighbours.",
        "description": "Player-facing text.",
        "gm": "GM-only text.",
    },
    "RegionSpec": {
        "name": "Display name.",
        "hexes": "Hex labels of the region, or rectangles such as \"0101-0510\" (columns "
                 "01-05, rows 01-10); a hex belongs to one region at most.",
        "rows": "The region drawn like terrain_rows: one string per map row from row 1, one "
                "mark per column, 'x' in the region and '.' not (spaces ignored); later rows "
                "may be left out.",
        "tables": "Encounter tables of the region (table ids).",
        "description": "Player-facing text.",
        "gm": "GM-only text.",
    },
    "LocationFront": {
        "id": "Unique id and page slug (lowercase, digits, dashes); derived from the file "
              "name if absent.",
        "name": "Display name.",
        "hex": "Hex label of the location.",
        "visibility": "normal (found by searching or by chance), visible (seen from afar) "
                      "or hidden (found only by searching for it).",
        "visible_from": "For visible locations: how many hexes away it can be seen "
                        "(clamped to the map).",
        "on": "Paths it lies on (path ids); anyone following them finds it.",
        "tags": "Free tags (settlement, ruin, ...).",
        "gm_only": "Never appears in the players' build.",
        "familiar": "The party knows it from the start.",
        "icon": "Map icon name.",
        "tables": "Encounter tables for the location (table ids).",
    },
    "TableRow": {
        "roll": "Roll or range: 3, \"1-2\", \"95-00\" (d100), \"7+\".",
        "weight": f"Instead of roll: relative weight (ranges are derived; the weights of "
                  f"a table add up to at most {MAX_RESULTS}).",
        "result": "The result text (may hold dice, such as 2d4 wolves).",
        "table": f"Roll on this other table too: tables lead to others at most "
                 f"{MAX_NESTING} deep below the table rolled first, and a cycle is an error.",
        "distance": f"Encounter distance dice, such as 2d6x10 (1-{MAX_DICE} dice of "
                    f"1-{MAX_SIDES} sides).",
        "reaction": "Roll a reaction (2d6).",
        "location": "The location this result leads to (location id).",
        "gm": "GM-only note.",
    },
    "TableFile": {
        "id": "Unique table id.",
        "name": "Display name.",
        "dice": f"Dice notation such as 1d8 or 2d6 (at most {MAX_RESULTS} results: "
                f"1d1000, 10d100); omit to derive it from weights.",
        "audience": "gm or players: who sees the table.",
        "description": "Text shown above the table.",
        "rows": "The rows (at least one).",
    },
    "SessionFile": {
        "session": "Session number; sessions are replayed in this order.",
        "date": "Real-world date of the session.",
        "title": "Title of the session page.",
        "summary": "Player-facing summary.",
        "gm": "GM-only notes.",
        "party": "Changes to the party for this session.",
        "resources": "Resources first declared in this session (they persist).",
        "log": "What happened, entry by entry.",
    },
    "SessionParty": {
        "start": "Hex label to start from (default: where the last session ended).",
        "start_time": "Day and watch to start at (default: after the last session).",
        "start_offsets": "Miles already made toward each face inside the start hex.",
        "members": "Who is present: names from campaign.yaml, or new members described in "
                   "full.",
        "navigator": "Who navigates this session.",
        "gear": "Party gear for this session.",
    },
    "LogEntry": {
        "travel": "Travel for one watch.",
        "rest": "Rest for one watch.",
        "camp": "Make camp for one watch.",
        "sleep": "Sleep for one watch.",
        "search": "Search the hex for one watch.",
        "reorient": "Reorient for one watch (north, new_course or backtrack).",
        "encounter": "An encounter played at the table (one watch).",
        "reveal": "Location ids or hex labels the GM reveals without a roll (no time).",
        "note": "Free text for the chronicle (no time).",
        "use": "Roll a resource's usage die (no time).",
        "chase": "A chase (one watch).",
        "rolls": "Dice rolled at the table, by purpose (navigation, distance, veer, realise, "
                 "encounter (a list), forage, march, reorient, ...): natural results before "
                 "modifiers. Anything not recorded is rolled from the seed.",
        "gm": "GM-only remark on this entry.",
        "expect": "What happened, as the GM remembers it: the replay checks it and names "
                  "the rolls to record when the seeded dice disagree.",
    },
    "Expect": {
        "hex": "The hex the party is truly in after the entry.",
        "believed": "The hex the party believes it is in after the entry.",
        "lost": "Whether the party is lost after the entry.",
        "knows_lost": "Whether the party knows it is lost after the entry.",
        "veer": "The veer after the entry, in faces (negative left, positive right).",
        "found": "Location ids first found in this entry's watch.",
        "entered": "The hexes the party truly entered in the watch, in order.",
    },
    "Travel": {
        "heading": "Face to leave by: N, NE, SE, S, SW, NW (flat) or NE, E, SE, SW, W, NW "
                   "(pointy).",
        "toward": "Hex label to head for.",
        "follow": "Path id to follow.",
        "direction": "With follow: forward or backward along the path's hex order.",
        "landmark": "A visible location id or a hex label to head for.",
        "mode": "Travel modes: normal, cautious, exploring, foraging, hustle (several may "
                "combine).",
        "hustle_hours": "Hours of the watch spent hustling (0-4).",
        "visibility": "normal or poor (fog, night, storm).",
        "hours": "Hours on the move (default 4).",
    },
    "Rest": {"note": "Free text."},
    "Camp": {"forage": "Forage while camping.", "note": "Free text."},
    "Sleep": {"note": "Free text."},
    "Search": {"target": "A location id to search for."},
    "Reorient": {"method": "north (find north), new_course or backtrack."},
    "EncounterEntry": {
        "table": "Table id the encounter came from.",
        "roll": "The roll on that table.",
        "note": "What happened.",
        "location": "Location id involved.",
    },
    "UseEntry": {
        "resource": "Resource id.",
        "by": "Party member using it.",
        "note": "Free text.",
    },
    "ChaseEntry": {
        "environment": "urban or wilderness.",
        "quarry": "Who flees: 'party', or party members and creature ids (campaign.yaml "
                  "'creatures:'), or creatures described in full.",
        "pursuers": "Who pursues: the same forms as quarry.",
        "escape_factors": "Circumstances that help the quarry escape (free text, for the log).",
        "rounds": "Most rounds the chase may last.",
        "note": "Free text.",
    },
    "ChaseActor": {
        "name": "Display name (with count: 'Wolf 1', 'Wolf 2', ...).",
        "speed": "Speed in feet per round.",
        "con": "Constitution in the check system's terms (d20 modifier, brp or bsh score).",
        "stealth": "Stealth bonus.",
        "perception": "Passive Perception.",
        "initiative": "Initiative bonus.",
    },
}


def _document(schema: dict[str, Any], name: str) -> None:
    """Add MODEL_DOCS / FIELD_DOCS descriptions to one model's schema, in place."""
    if name in MODEL_DOCS:
        schema.setdefault("description", MODEL_DOCS[name])
    props = schema.get("properties", {})
    for field, text in FIELD_DOCS.get(name, {}).items():
        if field in props:
            props[field]["description"] = text
    for field in ID_FIELDS.get(name, ()):
        target = props[field]
        for option in target.get("anyOf", [target]):
            if option.get("type") == "string":
                option.update(ID)
    for field in ID_KEYS.get(name, ()):
        props[field]["propertyNames"] = dict(ID)


def model_schema(model: type[BaseModel]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A model's JSON Schema (documented) and its ``$defs``, split apart."""
    schema = model.model_json_schema()
    defs: dict[str, Any] = schema.pop("$defs", {})
    _document(schema, model.__name__)
    for name, sub in defs.items():
        _document(sub, name)
    return schema, defs


#: The limits every content file is read within (yamlpos; the README's "Limits"), for the
#: description of each content file's schema.
READ_LIMITS = (
    f"Read within limits: at most {yamlpos.MAX_FILE_BYTES // (1024 * 1024)} MiB, YAML nested "
    f"at most {yamlpos.MAX_DEPTH} levels, at most {yamlpos.MAX_VALUES:,} values (keys, "
    f"scalars, lists and mappings; an alias counts every value it repeats, each time it is "
    f"used).")


def _file_schema(title: str, description: str, body: dict[str, Any],
                 defs: dict[str, Any], content: bool = True) -> dict[str, Any]:
    """A schema file; ``content`` (a file of the campaign) adds ``READ_LIMITS`` to its
    description."""
    if content:
        description = f"{description} {READ_LIMITS}"
    out: dict[str, Any] = {"$schema": DIALECT, "title": title, "description": description}
    out.update({k: v for k, v in body.items() if k not in ("title", "description")})
    if defs:
        out["$defs"] = defs
    return out


def _model_file(title: str, model: type[BaseModel]) -> dict[str, Any]:
    schema, defs = model_schema(model)
    return _file_schema(title, schema.get("description", title), schema, defs)


def _session_file() -> dict[str, Any]:
    """sessions/*.yaml; a log entry may also be a bare word (``- rest``, ``- sleep``)."""
    schema = _model_file("sessions/*.yaml", m.SessionFile)
    log = schema["properties"]["log"]
    log["items"] = {"anyOf": [log["items"], {
        "enum": list(m.BARE_ACTIONS),
        "description": "an action without options, as a bare word: the same as "
                       "'rest: {}' and so on"}]}
    return schema


def _mapping_file(title: str, description: str, model: type[BaseModel],
                  key_description: str) -> dict[str, Any]:
    """A file that maps ids to entries of ``model`` (paths.yaml, regions.yaml, ...)."""
    schema, defs = model_schema(model)
    defs[model.__name__] = schema
    body = {"type": "object",
            "propertyNames": {"description": key_description, **ID},
            "additionalProperties": {"$ref": f"#/$defs/{model.__name__}"}}
    return _file_schema(title, description, body, defs)


def _hexes_file() -> dict[str, Any]:
    schema, defs = model_schema(m.HexEntry)
    defs["HexEntry"] = schema
    body = {
        "type": "object",
        "properties": {
            "terrain_rows": {
                "type": "array", "items": {"type": "string"},
                "description": "Compact terrain: one string per map row, one legend letter "
                               "per column (spaces between letters are ignored).",
            },
            "legend": {
                "type": "object",
                "propertyNames": {"minLength": 1, "maxLength": 1},
                "additionalProperties": {"type": "string"},
                "description": "Letters of 'terrain_rows' -> terrain ids.",
            },
        },
        "patternProperties": {LABEL_PATTERN: {"$ref": "#/$defs/HexEntry"}},
        "additionalProperties": False,
    }
    return _file_schema(
        "hexes/*.yaml",
        "Hex entries by label (\"0304\": {terrain: forest, ...}), and optionally the whole "
        "map's terrain as 'terrain_rows' with a 'legend'. A hex with no entry is unknown "
        "terrain unless campaign.yaml sets default_terrain.",
        body, defs)


# ---------------------------------------------------------------------------------------------
# hexcrawl replay --json (content.md; generator/chronicle.py)


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


_STR = {"type": "string"}
_INT = {"type": "integer"}
_NUM = {"type": "number"}
_BOOL = {"type": "boolean"}
_HEX = {"type": "string", "pattern": LABEL_PATTERN, "description": "hex label"}


def _obj(required: dict[str, Any], optional: dict[str, Any] | None = None,
         description: str | None = None) -> dict[str, Any]:
    """An object whose ``required`` keys are the documented ones; keys may be added."""
    out: dict[str, Any] = {"type": "object"}
    if description:
        out["description"] = description
    out["properties"] = {**required, **(optional or {})}
    out["required"] = list(required)
    out["additionalProperties"] = True
    return out


def replay_schema() -> dict[str, Any]:
    """The JSON printed by ``hexcrawl replay --json``. The keys of content.md are required;
    further keys may be added (they are listed where known), none may change."""
    roll = _obj({
        "purpose": {**_STR, "description": "navigation, distance, veer, realise, encounter, "
                                           "forage, march, reorient, ..."},
        "dice": {**_STR, "description": "dice notation, such as 1d20 or 2d6"},
        "natural": {**_INT, "description": "the dice before modifiers"},
        "total": {**_INT, "description": "the result after modifiers"},
        "target": {**_nullable(_INT), "description": "DC or percentage to reach, if any"},
        "outcome": {**_nullable(_STR),
                    "description": "critical success, success, failure, ... if a check"},
        "recorded": {**_BOOL, "description": "taken from the session log, not the seed"},
    }, {"detail": {**_STR, "description": "explanation for the GM log"}},
        "One roll of the watch.")
    encounter = _obj({
        "kind": {**_STR, "description": "wandering, keyed, logged or search"},
    }, {
        "table": _STR, "roll": _INT, "result": _STR, "location": _STR, "distance": _INT,
        "reaction": _STR, "cancelled": _BOOL, "note": _STR, "hex": _HEX,
    }, "An encounter of the watch (keys without a value are left out).")
    watch = _obj({
        "index": {**_INT, "description": "0-based watch index within the session"},
        "day": {**_INT, "description": "day at the start of the watch"},
        "watch": {**_INT, "minimum": 1, "maximum": 6,
                  "description": "watch of the day at its start (1-6)"},
        "activity": {**_STR, "description": "travel, rest, camp, sleep, search, reorient, "
                                            "encounter or chase"},
        "start_hex": _HEX,
        "end_hex": _HEX,
        "believed_hex": {**_nullable(_HEX), "description": "where the party believes it is; "
                         "null while it knows it is lost and has not re-anchored"},
        "hexes_entered": {"type": "array", "items": _HEX},
        "miles": {**_NUM, "minimum": 0, "description": "miles truly covered in the watch"},
        "progress_miles": {**_NUM, "minimum": 0,
                           "description": "miles made inside end_hex at the end of the watch"},
        "lost": _BOOL,
        "knows_lost": _BOOL,
        "veer": {**_INT, "description": "signed faces: negative left, positive right"},
        "rolls": {"type": "array", "items": {"$ref": "#/$defs/roll"}},
        "discovered": {"type": "array", "items": _STR, "description": "location ids"},
        "encounters": {"type": "array", "items": {"$ref": "#/$defs/encounter"}},
        "warnings": {"type": "array", "items": _STR},
    }, {
        "entry": {**_INT, "description": "0-based index of the log entry"},
        "intended_face": _nullable(_STR),
        "exit_face": _nullable(_STR),
        "believed_start_hex": _nullable(_HEX),
        "believed_hexes_entered": {"type": "array", "items": _nullable(_HEX)},
        "believed_miles": _NUM,
    }, "One watch; times are at its start.")
    start = _obj({"hex": _HEX, "day": _INT, "watch": _INT},
                 description="Where and when the session starts.")
    end = _obj({"hex": _HEX, "believed_hex": _nullable(_HEX), "day": _INT, "watch": _INT,
                "lost": _BOOL, "veer": _INT}, {"knows_lost": _BOOL},
               "Where the party is and the time after the last watch.")
    session = _obj({
        "session": _INT,
        "start": {"$ref": "#/$defs/start"},
        "watches": {"type": "array", "items": {"$ref": "#/$defs/watch"}},
        "end": {"$ref": "#/$defs/end"},
    }, {
        "title": _STR, "date": _nullable(_STR),
        "discovered": {"type": "array", "items": _STR},
    }, "One session log, replayed.")
    history = _obj({}, {"session": _INT, "watch": _INT, "by": _nullable(_STR),
                        "roll": _nullable(_INT), "before": _STR, "after": _STR,
                        "reason": _STR})
    resource = _obj({}, {"name": _STR, "owner": _nullable(_STR), "start": _STR, "now": _STR,
                         "doom": _BOOL, "history": {"type": "array", "items": history}},
                    "A usage die: its state now and each roll of it.")
    root = _obj({
        "campaign": {**_STR, "description": "the campaign's name"},
        "sessions": {"type": "array", "items": {"$ref": "#/$defs/session"}},
    }, {"resources": {"type": "object", "additionalProperties": resource}})
    return _file_schema(
        "hexcrawl replay --json",
        "The replay of every session log, watch by watch (content.md). Keys may be added; "
        "none of the documented ones may change.",
        root,
        {"session": session, "start": start, "end": end, "watch": watch, "roll": roll,
         "encounter": encounter}, content=False)


# ---------------------------------------------------------------------------------------------


def all_schemas() -> dict[str, dict[str, Any]]:
    """Every schema by file name."""
    return {
        "campaign.schema.json": _model_file("campaign.yaml", m.CampaignFile),
        "terrain.schema.json": _mapping_file(
            "terrain.yaml", "Terrain types by id: override a built-in terrain or define a new "
            "one (a new one needs navigation_dc, forage_dc and speed, or 'like').",
            m.TerrainSpec, "terrain id"),
        "hexes.schema.json": _hexes_file(),
        "paths.schema.json": _mapping_file(
            "paths.yaml", "Roads, trails, highways and rivers by id.", m.PathSpec, "path id"),
        "regions.schema.json": _mapping_file(
            "regions.yaml", "Named regions by id, with their hexes and encounter tables.",
            m.RegionSpec, "region id"),
        "location.schema.json": _model_file("locations/*.md front matter", m.LocationFront),
        "table.schema.json": _model_file("tables/*.yaml", m.TableFile),
        "session.schema.json": _session_file(),
        "replay.schema.json": replay_schema(),
    }


def schema_texts() -> dict[str, str]:
    """Every schema file's text, by file name."""
    return {name: json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
            for name, schema in all_schemas().items()}


def write_schemas(out: Path) -> list[Path]:
    """Write every schema into ``out`` (created if needed); return the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, text in schema_texts().items():
        target = out / name
        target.write_text(text, encoding="utf-8")
        written.append(target)
    return written


# ---------------------------------------------------------------------------------------------
# editors: which schema a file of a campaign folder follows


#: The YAML files of a campaign folder, as globs relative to it, and the schema of each.
#: (A location's front matter sits in a Markdown file, which YAML language servers skip.)
FILE_SCHEMAS: dict[str, str] = {
    "campaign.yaml": "campaign.schema.json",
    "terrain.yaml": "terrain.schema.json",
    "hexes/*.yaml": "hexes.schema.json",
    "hexes/*.yml": "hexes.schema.json",
    "paths.yaml": "paths.schema.json",
    "regions.yaml": "regions.schema.json",
    "tables/*.yaml": "table.schema.json",
    "tables/*.yml": "table.schema.json",
    "sessions/*.yaml": "session.schema.json",
    "sessions/*.yml": "session.schema.json",
}
#: What ``hexcrawl schema`` names the VS Code settings snippet it writes beside the schemas.
VSCODE_SNIPPET = "vscode-settings.json"
MODELINE = "# yaml-language-server: $schema="


def schema_for(relative: str) -> str | None:
    """The schema file a campaign file follows, by its path inside the campaign folder.

    >>> schema_for("sessions/01-first-steps.yaml"), schema_for("campaign.yaml")
    ('session.schema.json', 'campaign.schema.json')
    >>> schema_for("locations/mill.md") is None, schema_for("hexes/deep/x.yaml") is None
    (True, True)
    """
    parts = PurePosixPath(relative).parts
    for pattern, name in FILE_SCHEMAS.items():
        want = PurePosixPath(pattern).parts
        if len(want) == len(parts) and all(fnmatch.fnmatchcase(p, w)
                                           for p, w in zip(parts, want, strict=True)):
            return name
    return None


def modeline(relative: str, schemas: str = "schemas") -> str | None:
    """The first line that points a YAML language server at the schema of a campaign file.

    ``relative`` is the file's path inside the campaign folder and ``schemas`` the schemas'
    folder relative to the campaign folder (POSIX style).

    >>> modeline("hexes/map.yaml")
    '# yaml-language-server: $schema=../schemas/hexes.schema.json'
    >>> modeline("campaign.yaml", "../schemas")
    '# yaml-language-server: $schema=../schemas/campaign.schema.json'
    """
    name = schema_for(relative)
    if name is None:
        return None
    depth = len(PurePosixPath(relative).parts) - 1
    return f"{MODELINE}{posixpath.normpath(posixpath.join(*(['..'] * depth), schemas, name))}"


def vscode_settings(schemas: str, campaign: str) -> dict[str, Any]:
    """VS Code settings (``yaml.schemas`` of the YAML extension) for one campaign folder.

    ``schemas`` and ``campaign`` are the schemas' folder and the campaign folder relative to
    the workspace folder (POSIX style; ``.`` when the campaign is the workspace itself).
    The extension matches every file of the campaign, new session logs included, whether or
    not it carries the ``# yaml-language-server`` line.

    >>> vscode_settings("schemas", "content")["yaml.schemas"]["./schemas/table.schema.json"]
    ['content/tables/*.yaml', 'content/tables/*.yml']
    """
    by_schema: dict[str, list[str]] = {}
    for pattern, name in FILE_SCHEMAS.items():
        key = posixpath.normpath(posixpath.join(schemas, name))
        key = key if posixpath.isabs(key) else "./" + key
        by_schema.setdefault(key, []).append(
            posixpath.normpath(posixpath.join(campaign, pattern)))
    return {"yaml.schemas": by_schema}


def vscode_snippet(schemas: str, campaign: str) -> str:
    """``vscode-settings.json``: the settings above as a file to merge into
    ``.vscode/settings.json``."""
    return json.dumps(vscode_settings(schemas, campaign), indent=2) + "\n"
