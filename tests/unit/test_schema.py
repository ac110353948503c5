"""JSON Schemas for editors (``hexcrawl schema``) and for ``hexcrawl replay --json``.

``jsonschema`` is not a dependency: the schemas are checked with a small validator of the
JSON Schema subset they use (below), and additionally with ``jsonschema`` when it is
installed.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from generator.content import models as m
from generator.content import sessionlog as sl
from generator.content.frontmatter import split_front_matter
from generator.content.schema import all_schemas, write_schemas
from generator.content.yamlpos import load_yaml
from generator.diagnostics import Diagnostics
from generator.replay import replay

from campaign_factory import load, write_campaign

NAMES = ["campaign", "terrain", "hexes", "paths", "regions", "location", "table", "session",
         "replay"]

#: The example of content.md, "hexcrawl replay --json" (binding: none of its keys may change).
REPLAY_EXAMPLE: dict[str, Any] = {
    "campaign": "The Gloamwood Marches",
    "sessions": [
        {"session": 5,
         "start": {"hex": "0304", "day": 3, "watch": 2},
         "watches": [
             {"index": 0, "day": 3, "watch": 2, "activity": "travel",
              "start_hex": "0304", "end_hex": "0405", "believed_hex": "0405",
              "hexes_entered": ["0405"], "miles": 4.5, "progress_miles": 1.5,
              "lost": False, "knows_lost": False, "veer": 0,
              "rolls": [{"purpose": "navigation", "dice": "1d20", "natural": 14, "total": 20,
                         "target": 14, "outcome": "success", "recorded": True}],
              "discovered": ["thornfold-mill"], "encounters": [], "warnings": []}],
         "end": {"hex": "0405", "believed_hex": "0405", "day": 3, "watch": 3,
                 "lost": False, "veer": 0}}]}


# ---------------------------------------------------------------------------------------------
# a validator for the subset of JSON Schema the schemas use


_TYPES: dict[str, Any] = {
    "object": dict, "array": list, "string": str, "boolean": bool, "null": type(None),
}


def _is_type(value: Any, name: str) -> bool:
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, _TYPES[name])


def problems(value: Any, schema: dict[str, Any], root: dict[str, Any],
             where: str = "$") -> list[str]:
    """Why ``value`` does not match ``schema`` (empty when it does)."""
    if "$ref" in schema:
        ref = schema["$ref"]
        assert ref.startswith("#/$defs/"), ref
        return problems(value, root["$defs"][ref.removeprefix("#/$defs/")], root, where)
    out: list[str] = []
    if "type" in schema:
        names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_is_type(value, n) for n in names):
            return [f"{where}: {value!r} is not {schema['type']}"]
    if "enum" in schema and value not in schema["enum"]:
        out.append(f"{where}: {value!r} not in {schema['enum']}")
    if "const" in schema and value != schema["const"]:
        out.append(f"{where}: {value!r} != {schema['const']!r}")
    for key in ("anyOf", "oneOf"):
        if key in schema:
            matches = [not problems(value, s, root, where) for s in schema[key]]
            if not any(matches) or (key == "oneOf" and sum(matches) != 1):
                out.append(f"{where}: {value!r} matches no branch of {key}")
    for sub in schema.get("allOf", []):
        out += problems(value, sub, root, where)
    if isinstance(value, str):
        if "pattern" in schema and not re.search(schema["pattern"], value):
            out.append(f"{where}: {value!r} does not match {schema['pattern']}")
        if len(value) < schema.get("minLength", 0) or \
                len(value) > schema.get("maxLength", len(value)):
            out.append(f"{where}: {value!r} has the wrong length")
    if _is_type(value, "number"):
        if "minimum" in schema and value < schema["minimum"]:
            out.append(f"{where}: {value} < {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            out.append(f"{where}: {value} > {schema['maximum']}")
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            out.append(f"{where}: fewer than {schema['minItems']} items")
        for i, item in enumerate(value):
            if "items" in schema:
                out += problems(item, schema["items"], root, f"{where}[{i}]")
    if isinstance(value, dict):
        for key in schema.get("required", []):
            if key not in value:
                out.append(f"{where}: missing {key!r}")
        props = schema.get("properties", {})
        patterns = schema.get("patternProperties", {})
        extra = schema.get("additionalProperties", True)
        for key, item in value.items():
            if "propertyNames" in schema:
                out += problems(key, schema["propertyNames"], root, f"{where} key {key!r}")
            matched = False
            if key in props:
                matched = True
                out += problems(item, props[key], root, f"{where}.{key}")
            for pattern, sub in patterns.items():
                if re.search(pattern, key):
                    matched = True
                    out += problems(item, sub, root, f"{where}.{key}")
            if not matched:
                if extra is False:
                    out.append(f"{where}: unexpected key {key!r}")
                elif isinstance(extra, dict):
                    out += problems(item, extra, root, f"{where}.{key}")
    return out


def validate(value: Any, schema: dict[str, Any]) -> list[str]:
    found = problems(value, schema, schema)
    try:
        import jsonschema
    except ImportError:
        return found
    # when jsonschema is there, it must agree
    others = [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(value)]
    assert bool(found) == bool(others), (found, others)
    return found


def as_json(value: Any) -> Any:
    """YAML values as a YAML-reading editor passes them to the schema (dates as text)."""
    return json.loads(json.dumps(value, default=lambda v: v.isoformat()
                                 if isinstance(v, (dt.date, dt.datetime)) else str(v)))


def yaml_data(path: Path) -> Any:
    diags = Diagnostics()
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".md":
        front = split_front_matter(text).front
        assert front is not None
        text = front
    doc = load_yaml(text, str(path), diags)
    assert doc is not None and not diags.items
    return as_json(doc.data)


# ---------------------------------------------------------------------------------------------
# the files


def test_write_schemas_writes_valid_json_files(tmp_path: Path) -> None:
    written = write_schemas(tmp_path / "schemas")
    assert [p.name for p in written] == [f"{n}.schema.json" for n in NAMES]
    for path in written:
        assert path.parent == tmp_path / "schemas"
        schema = json.loads(path.read_text(encoding="utf-8"))
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert schema["title"] and schema["description"]
        assert schema == all_schemas()[path.name]


def test_write_schemas_is_repeatable(tmp_path: Path) -> None:
    first = [p.read_bytes() for p in write_schemas(tmp_path)]
    assert [p.read_bytes() for p in write_schemas(tmp_path)] == first


def test_schemas_are_valid_draft_2020_12() -> None:
    for schema in all_schemas().values():
        jsonschema.Draft202012Validator.check_schema(schema)


def test_every_reference_resolves() -> None:
    for name, schema in all_schemas().items():
        text = json.dumps(schema)
        for ref in re.findall(r'"\$ref": "#/\$defs/([^"]+)"', text):
            assert ref in schema["$defs"], (name, ref)


def test_key_fields_are_present() -> None:
    s = all_schemas()
    campaign = s["campaign.schema.json"]
    assert set(campaign["required"]) == {"name", "seed", "map", "party"}
    assert campaign["additionalProperties"] is False
    assert {"columns", "rows", "orientation", "hex_miles"} <= \
        set(campaign["$defs"]["MapSpec"]["properties"])
    assert campaign["$defs"]["RulesSpec"]["properties"]["checks"]["enum"] == ["d20", "brp", "bsh"]
    assert {"start", "members", "navigator", "gear"} <= \
        set(campaign["$defs"]["PartySpec"]["properties"])

    hexes = s["hexes.schema.json"]
    assert {"terrain_rows", "legend"} == set(hexes["properties"])
    assert hexes["patternProperties"] == {"^[0-9]{4,}$": {"$ref": "#/$defs/HexEntry"}}
    assert {"terrain", "density", "name", "description", "gm", "tables"} <= \
        set(hexes["$defs"]["HexEntry"]["properties"])

    paths = s["paths.schema.json"]
    assert paths["additionalProperties"] == {"$ref": "#/$defs/PathSpec"}
    assert paths["$defs"]["PathSpec"]["properties"]["kind"]["enum"] == \
        ["highway", "road", "trail", "river"]
    assert s["regions.schema.json"]["additionalProperties"] == {"$ref": "#/$defs/RegionSpec"}
    assert s["terrain.schema.json"]["additionalProperties"] == {"$ref": "#/$defs/TerrainSpec"}

    location = s["location.schema.json"]
    assert set(location["required"]) == {"name", "hex"}
    assert location["properties"]["visibility"]["enum"] == ["normal", "visible", "hidden"]

    table = s["table.schema.json"]
    assert set(table["required"]) == {"id", "name", "rows"}
    assert {"roll", "weight", "result", "table"} <= set(table["$defs"]["TableRow"]["properties"])

    session = s["session.schema.json"]
    assert session["required"] == ["session"]
    entry = session["$defs"]["LogEntry"]["properties"]
    assert set(sl.ACTION_KEYS) | {"rolls", "gm"} <= set(entry)
    assert {"heading", "toward", "follow", "landmark", "mode"} <= \
        set(session["$defs"]["Travel"]["properties"])


def test_the_limits_are_in_the_schemas() -> None:
    """What the loader refuses, an editor shows: the map's size as a maximum, the reading
    limits on every content file, the dice, weights and nesting of tables."""
    s = all_schemas()
    for name, schema in s.items():
        if name != "replay.schema.json":
            assert "at most 8 MiB, YAML nested at most 100 levels, at most 250,000 values" \
                in schema["description"], name
    assert "Read within limits" not in s["replay.schema.json"]["description"]
    map_spec = s["campaign.schema.json"]["$defs"]["MapSpec"]["properties"]
    assert map_spec["columns"]["maximum"] == map_spec["rows"]["maximum"] == m.MAX_MAP_SIZE
    row = s["table.schema.json"]["$defs"]["TableRow"]["properties"]
    assert row["weight"]["anyOf"][0]["maximum"] == 1000
    assert "at most 10 deep" in row["table"]["description"]
    assert "1-100 dice of 1-1000 sides" in row["distance"]["description"]
    assert "at most 1000 results" in s["table.schema.json"]["properties"]["dice"]["description"]


def test_replay_schema_requires_every_documented_key() -> None:
    schema = all_schemas()["replay.schema.json"]
    defs = schema["$defs"]
    assert schema["required"] == ["campaign", "sessions"]
    assert defs["session"]["required"] == ["session", "start", "watches", "end"]
    assert defs["start"]["required"] == ["hex", "day", "watch"]
    assert defs["end"]["required"] == ["hex", "believed_hex", "day", "watch", "lost", "veer"]
    example_watch = REPLAY_EXAMPLE["sessions"][0]["watches"][0]
    assert defs["watch"]["required"] == list(example_watch)
    assert defs["roll"]["required"] == list(example_watch["rolls"][0])
    # keys may be added, so no object is closed
    assert '"additionalProperties": false' not in json.dumps(schema)


def test_replay_example_of_content_md_is_valid() -> None:
    schema = all_schemas()["replay.schema.json"]
    assert validate(REPLAY_EXAMPLE, schema) == []


def test_replay_schema_rejects_a_missing_or_mistyped_key() -> None:
    schema = all_schemas()["replay.schema.json"]
    broken = json.loads(json.dumps(REPLAY_EXAMPLE))
    del broken["sessions"][0]["watches"][0]["progress_miles"]
    assert validate(broken, schema) == ["$.sessions[0].watches[0]: missing 'progress_miles'"]
    broken = json.loads(json.dumps(REPLAY_EXAMPLE))
    broken["sessions"][0]["end"]["believed_hex"] = 405
    assert len(validate(broken, schema)) == 1


def test_every_field_is_documented() -> None:
    """content.md: document every field in the JSON Schemas."""
    undocumented: list[str] = []
    for name, schema in all_schemas().items():
        if name == "replay.schema.json":
            continue
        parts = [("", schema)] + list(schema.get("$defs", {}).items())
        for model, sub in parts:
            for field, prop in sub.get("properties", {}).items():
                if not prop.get("description"):
                    undocumented.append(f"{name} {model}.{field}")
    assert undocumented == []


# ---------------------------------------------------------------------------------------------
# the schemas agree with the loader


def test_factory_campaign_files_match_their_schemas(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, files={
        "terrain.yaml": "marsh: {like: swamp, name: Marsh}\n",
        "regions.yaml": "north:\n  name: North\n  hexes: ['0101']\n",
    })
    assert load(root)[0] is not None
    s = all_schemas()
    pairs = {
        "campaign.yaml": "campaign", "terrain.yaml": "terrain", "hexes/map.yaml": "hexes",
        "paths.yaml": "paths", "regions.yaml": "regions",
        "locations/thornfold-mill.md": "location", "tables/thornwood-day.yaml": "table",
        "sessions/01.yaml": "session",
    }
    for rel, name in pairs.items():
        assert validate(yaml_data(root / rel), s[f"{name}.schema.json"]) == [], rel


def test_unquoted_label_read_as_a_number_by_an_editor_is_allowed() -> None:
    # YAML 1.2 editors read `hex: 0304` as 304; the loader reads it as "0304"
    schema = all_schemas()["location.schema.json"]
    assert validate({"name": "Mill", "hex": 304}, schema) == []
    assert validate({"name": "Mill", "hex": "0304"}, schema) == []
    assert validate({"name": "Mill", "hex": "03-04"}, schema) != []


@pytest.mark.parametrize("name, data, fault", [
    ("campaign", {"name": "x", "seed": 1, "map": {"columns": 2, "rows": 2},
                  "party": {"start": "0101", "members": [{"name": "A"}]}, "sed": 2}, "sed"),
    ("hexes", {"0101": {"terain": "forest"}}, "terain"),
    ("hexes", {"legend": {"pp": "plains"}, "terrain_rows": ["pp"]}, "pp"),
    ("paths", {"road": {"kind": "trial", "hexes": ["0101", "0102"]}}, "trial"),
    ("table", {"id": "t", "name": "T", "rows": []}, "fewer"),
    ("session", {"session": 1, "log": [{"travel": {"heading": "NNE"}}]}, "NNE"),
])
def test_schemas_reject_what_the_loader_rejects(name: str, data: dict[str, Any],
                                                fault: str) -> None:
    found = validate(data, all_schemas()[f"{name}.schema.json"])
    assert found and fault in " ".join(found)


# ---------------------------------------------------------------------------------------------
# the replay itself


def test_replay_of_a_factory_campaign_matches_the_replay_schema(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, files={"sessions/02.yaml": (
        "session: 2\nlog:\n  - travel: {toward: '0606'}\n  - travel: {toward: '0606'}\n"
        "  - camp: {forage: true}\n  - encounter: {table: thornwood-day, roll: 3}\n"
        "  - use: {resource: debt-of-kessa, by: Aria}\n")})
    campaign, diags = load(root)
    assert campaign is not None, diags.sorted()
    chronicle, replay_diags = replay(campaign)
    assert not replay_diags.has_errors(), replay_diags.sorted()
    data = json.loads(json.dumps(chronicle.to_json()))
    assert [s["session"] for s in data["sessions"]] == [1, 2]
    assert sum(len(s["watches"]) for s in data["sessions"]) >= 5
    assert validate(data, all_schemas()["replay.schema.json"]) == []


# ---------------------------------------------------------------------------------------------
# editors: the scaffold's first lines and the VS Code snippet


def test_scaffolded_yaml_files_point_at_their_schema_and_match_it(tmp_path: Path) -> None:
    """Every YAML file of `hexcrawl new` starts with the YAML language server's line; the path
    resolves to the schema `hexcrawl schema` writes, and the file is valid against it."""
    from generator.content.schema import FILE_SCHEMAS, MODELINE, schema_for
    from generator.scaffold import create

    camp = tmp_path / "camp"
    create(camp)
    checked = 0
    for path in sorted(camp.rglob("*.yaml")):
        rel = path.relative_to(camp).as_posix()
        first = path.read_text("utf-8").splitlines()[0]
        if schema_for(rel) is None:  # mkdocs.yml, the workflow: not campaign files
            assert not first.startswith(MODELINE), rel
            continue
        assert first.startswith(MODELINE), rel
        target = (path.parent / first[len(MODELINE):]).resolve()
        assert target.parent == (camp / "schemas").resolve(), rel
        assert target.name == schema_for(rel)
        schema = json.loads(target.read_text("utf-8"))
        assert schema == all_schemas()[target.name]
        assert validate(yaml_data(path), schema) == [], rel
        checked += 1
    assert checked == 6
    assert set(FILE_SCHEMAS.values()) <= {p.name for p in (camp / "schemas").iterdir()}
    assert load(camp)[0] is not None  # the lines change nothing for the loader


def test_schema_command_writes_a_vscode_snippet_for_the_campaign(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    repo = tmp_path / "repo"
    write_campaign(repo / "content")
    env = {**os.environ, "PYTHONPATH": str(root)}
    result = subprocess.run([sys.executable, "-m", "generator.cli", "schema"],
                            cwd=repo / "content" / "sessions", env=env, capture_output=True,
                            text=True, check=False, timeout=120)
    assert result.returncode == 0, result.stderr
    snippet = repo / "schemas" / "vscode-settings.json"  # beside the campaign, not the cwd
    assert snippet.is_file() and (repo / "schemas" / "session.schema.json").is_file()
    settings = json.loads(snippet.read_text("utf-8"))["yaml.schemas"]
    assert settings["./schemas/session.schema.json"] == ["content/sessions/*.yaml",
                                                         "content/sessions/*.yml"]
    assert settings["./schemas/campaign.schema.json"] == ["content/campaign.yaml"]
    assert "location.schema.json" not in json.dumps(settings)  # Markdown front matter
    assert ".vscode/settings.json" in result.stderr
    # every glob finds the campaign's files of that kind, and nothing else
    for schema_path, globs in settings.items():
        name = Path(schema_path).name
        found = {p for g in globs for p in repo.glob(g)}
        for p in (repo / "content").rglob("*.y*ml"):
            assert (p in found) == (name == schema_for_path(p, repo / "content")), p


def schema_for_path(path: Path, campaign: Path) -> str | None:
    from generator.content.schema import schema_for

    return schema_for(path.relative_to(campaign).as_posix())


def test_module_doctests() -> None:
    import doctest

    from generator.content import schema

    assert doctest.testmod(schema).failed == 0


def test_replay_schema_knows_how_the_players_know_a_hex() -> None:
    from generator.rules.chronicle import KNOWN_HOW, Chronicle

    schema = all_schemas()["replay.schema.json"]
    assert schema["properties"]["known_hexes"]["additionalProperties"]["enum"] == list(
        KNOWN_HOW)
    chronicle = Chronicle("x")
    chronicle.know("0101", "seen")
    out = {**REPLAY_EXAMPLE, "known_hexes": chronicle.to_json()["known_hexes"]}
    assert validate(out, schema) == []
    assert validate({**out, "known_hexes": {"0101": "guessed"}}, schema) != []
