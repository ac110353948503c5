"""What each model of the content format and each of its fields means: the descriptions of
the JSON Schemas ``hexcrawl schema`` writes (``generator.content.schema``), which editors
show beside what a GM types."""

from __future__ import annotations

from generator.content import models as m
from generator.content.rolltables import MAX_NESTING, MAX_RESULTS
from generator.dice import MAX_DICE, MAX_SIDES

#: What each model is, for the schema's ``description``.
MODEL_DOCS: dict[str, str] = {
    "Expect": "What happened in the entry's watch, as the GM remembers it; the replay checks "
              "it.",
    "CampaignFile": "campaign.yaml: the campaign's name, seed, map, rules and starting party.",
    "MapSpec": "The map: a rectangle of hexes labelled CCRR (column then row).",
    "RulesSpec": "Rule options (rules.md); every field has the procedure's default.",
    "SecretsSpec": "The check of public text that reads as GM-only: a heading, a box title "
                   "or a paragraph's first words.",
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
                "but note, reveal, use and ruling takes one watch (4 hours).",
    "Travel": "A watch of travel: exactly one of heading, toward, follow or landmark (follow "
              "may add toward).",
    "Rest": "A watch of rest; two consecutive rests are a sleep.",
    "Camp": "A watch making camp, optionally foraging.",
    "Sleep": "A watch of sleep.",
    "Search": "A watch searching the hex, optionally for a known location.",
    "Reorient": "A watch spent finding the way again after realising the party is lost.",
    "EncounterEntry": "An encounter that happened at the table.",
    "UseEntry": "A roll of a resource's usage die.",
    "Ruling": "What the table decided, set without dice and without time passing: the replay "
              "goes on from this state (docs/format.md, Rulings). Every key is optional.",
    "ChaseEntry": "A chase (seed 003).",
}

#: What each field means, by model and field name.
#: Who reads a note (content.md, "Who sees what").
_PARTY_NOTE = "What the party did, in its own words (Markdown): both sites and replay --json."
_GM_NOTE = "GM-only remark (Markdown): the GM site and replay --json, never the players' site."

FIELD_DOCS: dict[str, dict[str, str]] = {
    "CampaignFile": {
        "name": "The campaign's title, shown on every page.",
        "seed": "Seed of every roll not recorded in a session log; changing it changes them.",
        "language": "Site language: en, ru, uk or any other with a catalogue in "
                    "generator/i18n/locale (interface strings; others fall back to English).",
        "description": "A short introduction for the players' home page.",
        "map": "Map size and layout.",
        "rules": "Rule options.",
        "reference": "The players' Rules reference.",
        "secrets": "The check of public text that reads as GM-only (docs/security.md, "
                   "\"GM blocks fail closed\").",
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
        "labels": "Hex names on the maps: 'names' (default) writes them on the map (players "
                  "see only explored hexes' names), 'none' puts them in the tooltips only.",
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
        "nonlethal_warning": "hexcrawl play flags a member whose nonlethal damage reaches "
                             "this (default 10; a member's hp takes its place).",
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
        "hp": "Hit points: hexcrawl play flags the member when nonlethal damage reaches "
              "them.",
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
        "appearing": f"Number appearing, rolled when the row comes up, such as 2d4 or 1d6+2 "
                     f"(1-{MAX_DICE} dice of 1-{MAX_SIDES} sides); recorded as 'appearing'.",
        "reaction": "Roll a reaction (2d6).",
        "location": "The location this result leads to (location id).",
        "gm": "GM-only note.",
        "tell": "What the players are told when this row comes up in an encounter "
                "(Markdown): the players' journal shows it.",
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
        "note": "Free text for the chronicle (no time): both sites and replay --json.",
        "use": "Roll a resource's usage die (no time).",
        "chase": "A chase (one watch).",
        "ruling": "What the table decided, against the rules or the dice (no dice, no time): "
                  "hex, believed, lost, knows_lost, found, note.",
        "rolls": "Dice rolled at the table, by purpose (navigation, distance, veer, realise, "
                 "encounter (a list), forage, march, reorient, ...): natural results before "
                 "modifiers. Anything not recorded is rolled from the seed.",
        "gm": "GM-only remark on this entry.",
        "tell": "What the players are told happened (Markdown): the players' journal "
                "shows it; the GM site and replay --json too.",
        "expect": "What happened, as the GM remembers it: the replay checks it and names "
                  "the rolls to record when the seeded dice disagree.",
    },
    "Ruling": {
        "hex": "The hex the party is truly in from now on (a fresh trip inside it).",
        "believed": "The hex a lost party that does not know it believes it is in (a party "
                    "that is not lost is where it believes it is).",
        "lost": "Whether the party is lost from now on (false: it knows where it is, and "
                "its hex is explored).",
        "knows_lost": "Whether the party knows it is lost (only while lost).",
        "found": "Location ids the party found (finds, as an encounter check's would be).",
        "note": "Why the table ruled so (Markdown): GM site and replay --json only.",
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
        "note": _PARTY_NOTE,
    },
    "Rest": {"note": _PARTY_NOTE},
    "Camp": {"forage": "Forage while camping.",
             "by": "Party member who forages (default: the best forager).",
             "note": _PARTY_NOTE},
    "Sleep": {"note": _PARTY_NOTE},
    "Search": {"target": "A location id to search for.", "note": _PARTY_NOTE},
    "Reorient": {"method": "north (find north), new_course or backtrack.",
                 "note": _PARTY_NOTE},
    "EncounterEntry": {
        "table": "Table id the encounter came from.",
        "roll": "The roll on that table.",
        "note": _GM_NOTE,
        "location": "Location id involved.",
    },
    "UseEntry": {
        "resource": "Resource id.",
        "by": "Party member using it.",
        "note": "Why it was used (Markdown): the die's history on the party page of both "
                "sites, the GM's session page and replay --json.",
    },
    "ChaseEntry": {
        "environment": "urban or wilderness.",
        "quarry": "Who flees: 'party', or party members and creature ids (campaign.yaml "
                  "'creatures:'), or creatures described in full.",
        "pursuers": "Who pursues: the same forms as quarry.",
        "escape_factors": "Circumstances that help the quarry escape (free text, for the log).",
        "rounds": "Most rounds the chase may last.",
        "note": _GM_NOTE,
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
