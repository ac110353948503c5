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
from generator.content import sessionlog as sl
from generator.content import yamlpos
from generator.content.schema_docs import FIELD_DOCS, MODEL_DOCS
from generator.slug import MAX_LENGTH, SLUG_PATTERN

DIALECT = "https://json-schema.org/draft/2020-12/schema"
LABEL_PATTERN = "^[0-9]{4,}$"
#: Every id of every kind is a slug (generator.slug): ids name pages and anchors.
ID = {"pattern": SLUG_PATTERN, "maxLength": MAX_LENGTH}
#: Fields holding an id, and fields mapping ids to entries, by model.
ID_FIELDS = {"LocationFront": ("id",), "TableFile": ("id",)}
ID_KEYS = {"CampaignFile": ("resources", "creatures"), "SessionFile": ("resources",)}


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
    schema = _model_file("sessions/*.yaml", sl.SessionFile)
    log = schema["properties"]["log"]
    log["items"] = {"anyOf": [log["items"], {
        "enum": list(sl.BARE_ACTIONS),
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
# hexcrawl replay --json (content.md; generator/rules/chronicle.py)


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
    further keys may be added (they are listed where known), none may change.

    Long because it is one schema written out: each record's fields in content.md's order,
    read beside content.md as a whole, and a split would only scatter them.
    """
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
        "tell": {**_STR, "description": "the players' text of the table row that came up"},
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
        "summary": {**_STR, "description": "the GM log's line: speed, DC, what happened"},
        "note": {**_STR, "description": "the note of the watch's own entry"},
        "tell": {**_STR, "description": "what the players are told (the entry's tell)"},
        "notes": {"type": "array", "items": _STR,
                  "description": "note entries and instant entries' tells after the watch"},
        "gm_notes": {"type": "array", "items": _STR, "description": "GM remarks (gm:)"},
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
        "notes": {"type": "array", "items": _STR,
                  "description": "note entries (and instant entries' tells) before the first "
                                 "watch"},
        "gm_notes": {"type": "array", "items": _STR,
                     "description": "GM remarks before the first watch"},
        "uses": {"type": "array", "items": _obj({}, {
            "after": _INT, "resource": _STR, "by": _nullable(_STR), "note": _STR}),
            "description": "the notes of use entries (GM only), in log order (after: the "
                           "watch index they follow, -1: none)"},
        "rulings": {"type": "array", "items": {"$ref": "#/$defs/ruling"},
                    "description": "the GM rulings (ruling: entries), in log order"},
    }, "One session log, replayed.")
    point = _obj({"hex": _HEX, "believed_hex": _nullable(_HEX), "lost": _BOOL,
                  "knows_lost": _BOOL, "veer": _INT},
                 description="Where the party truly is and believes it is, and whether lost.")
    ruling = _obj({
        "entry": {**_INT, "description": "0-based index of the log entry"},
        "follows": {**_INT, "description": "index of the watch it follows (-1: none)"},
        "before": {"$ref": "#/$defs/point"},
        "after": {"$ref": "#/$defs/point"},
        "found": {"type": "array", "items": _STR,
                  "description": "the location ids the ruling says the party found"},
        "discovered": {"type": "array", "items": _STR,
                       "description": "those of them the party found for the first time"},
    }, {"note": {**_STR, "description": "the ruling's note (GM only)"}},
        "A GM ruling: the state the table set, without dice or time.")
    history = _obj({}, {"session": _INT, "watch": _INT, "by": _nullable(_STR),
                        "roll": _nullable(_INT), "before": _STR, "after": _STR,
                        "reason": _STR})
    resource = _obj({}, {"name": _STR, "owner": _nullable(_STR), "start": _STR, "now": _STR,
                         "doom": _BOOL, "history": {"type": "array", "items": history}},
                    "A usage die: its state now and each roll of it.")
    root = _obj({
        "campaign": {**_STR, "description": "the campaign's name"},
        "sessions": {"type": "array", "items": {"$ref": "#/$defs/session"}},
    }, {"resources": {"type": "object", "additionalProperties": resource},
        # the ways of rules.chronicle.KNOWN_HOW (content comes before the rules: spelled out)
        "known_hexes": {"type": "object", "additionalProperties": {
            "enum": ["explored", "seen", "revealed"]},
            "description": "every hex the players know, by label, with how they know it "
                           "(the strongest way when several)"}})
    return _file_schema(
        "hexcrawl replay --json",
        "The replay of every session log, watch by watch (content.md). Keys may be added; "
        "none of the documented ones may change.",
        root,
        {"session": session, "start": start, "end": end, "watch": watch, "roll": roll,
         "ruling": ruling, "point": point,
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
