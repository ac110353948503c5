"""Fuzzing (issue 10, "Done when"): hostile content gets diagnostics, never an exception.

- The loader gets valid campaigns with one mutation each: text cut, doubled or spliced with
  YAML's sharp edges (flow brackets, anchors, aliases, tags, tabs, control characters, a BOM,
  bytes that are not UTF-8), or one value swapped for a value of another shape. Whatever it
  is given, ``load_campaign`` returns diagnostics with places, never raises; and whatever it
  accepts, the replay takes without raising.
- The replay gets valid campaigns (random rules, party and session logs, rolls recorded or
  not) and must not raise, and must give the same JSON every time.

Under CI (``CI=true``) the examples are derandomised, so a failure reproduces run after run;
``HEXCRAWL_FUZZ_EXAMPLES`` raises the number of examples for a long local hunt.
"""

from __future__ import annotations

import copy
import json
import os
import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from generator.content.loader import load_campaign
from generator.diagnostics import Diagnostics
from generator.replay import replay

from campaign_factory import CAMPAIGN, DEFAULT_FILES, dump, write_campaign

IN_CI = os.environ.get("CI") == "true"
EXAMPLES = int(os.environ.get("HEXCRAWL_FUZZ_EXAMPLES", "0"))
#: No deadline: on a loaded machine a slow example is load, not a bug.
FUZZ = settings(max_examples=EXAMPLES or 60, deadline=None, derandomize=IN_CI,
                database=None if IN_CI else settings.default.database,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

FILES: dict[str, str] = {"campaign.yaml": dump(CAMPAIGN), **DEFAULT_FILES}

#: Pieces of text that YAML, the models and the cross-checks each have to survive.
SHARP = [
    "[", "]", "{", "}", ",", ": ", ":", "- ", "-", "? ", "&a ", "*a", "*b", "&a [*a]", "<<: *a",
    "!!python/object/apply:os.system [echo]", "!!binary x", "!ENV X", "!!str", "'", '"', "|",
    ">", "#", "\t", "\n", "\n  ", "\r", "\x00", "\x07", "\ufeff", "\u2028", "---\n", "...\n",
    "~", "null", "yes", "on", "0304", "0999", "9999", "-1", "0", "1e400", ".inf", ".nan",
    "99999999999999999999999", "1" * 5000, "2026-13-45", "2026-02-30", "d0", "1d0", "1d1",
    "0d6", "101d6", "1d100000000", "7 in d6", "1 in d0", "0 in d12", "table: thornwood-day",
    "table: mere", "roll: 1-100", "weight: 0", "visible_from: 100000", "hex: '0101'",
    "{% include 'home.md' %}", "{{ 1/0 }}", "!!! gm x", "<script>", "../../../etc/passwd",
    "é", "ÿ", "\U0001f600", " " * 200, "[" * 150, "{a: " * 150,
]

mutated_file = st.sampled_from(sorted(FILES))


@st.composite
def text_mutation(draw: st.DrawFn) -> tuple[str, bytes]:
    """One file with a span of its text cut, repeated or replaced by sharp pieces."""
    name = draw(mutated_file)
    text = FILES[name]
    at = draw(st.integers(0, len(text)))
    cut = draw(st.integers(0, min(40, len(text) - at)))
    kind = draw(st.sampled_from(["replace", "insert", "repeat", "bytes"]))
    if kind == "repeat":
        new = text[:at + cut] + text[at:at + cut] * draw(st.integers(2, 50)) + text[at + cut:]
        return name, new.encode("utf-8")
    if kind == "bytes":
        junk = draw(st.binary(min_size=1, max_size=8))
        return name, text[:at].encode("utf-8") + junk + text[at + cut:].encode("utf-8")
    pieces = draw(st.lists(st.one_of(st.sampled_from(SHARP), st.text(max_size=8)),
                           min_size=1, max_size=4))
    start = at + (cut if kind == "insert" else 0)
    return name, (text[:at] + "".join(pieces) + text[start:]).encode("utf-8")


scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-(10 ** 30), 10 ** 30),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
    st.sampled_from(["0304", "0101", "0909", "9999", "forest", "plains", "forrest",
                     "thornwood-day", "thornfold-mill", "kings-road", "mere", "Aria", "Bram",
                     "N", "NNE", "1d8", "1d1", "1d0", "2d6x10", "1-2", "3", "4-8", "9-12",
                     "95-00", "d12", "1 in d8", "9 in d6", "debt-of-kessa", "doom", "gm",
                     "players", "visible", "hidden", "highway", "river", "cautious"]))
KEYS = st.text(max_size=8) | st.sampled_from(
    ["terrain", "hex", "roll", "table", "rows", "dice", "travel", "heading", "rolls",
     "encounter", "log", "session", "members", "name", "start"])


def _nested(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(st.lists(inner, max_size=4), st.dictionaries(KEYS, inner, max_size=4))


values = st.recursive(scalars, _nested, max_leaves=8)


def _paths(data: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, at + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, at + (i,))
    return out


def _yaml_part(name: str) -> tuple[str, Any, str]:
    """(front matter or whole text, its data, the Markdown body after it)"""
    text = FILES[name]
    if name.endswith(".md"):
        _, front, body = text.split("---\n", 2)
        return front, yaml.safe_load(front), body
    return text, yaml.safe_load(text), ""


@st.composite
def value_mutation(draw: st.DrawFn) -> tuple[str, bytes]:
    """One file with one value swapped for another value, or one key removed or added."""
    name = draw(mutated_file)
    _, data, body = _yaml_part(name)
    data = copy.deepcopy(data)
    where = draw(st.sampled_from(_paths(data)))
    kind = draw(st.sampled_from(["swap", "swap", "drop", "add"]))
    if not where:
        data = draw(values) if kind == "swap" else data
    else:
        parent = data
        for part in where[:-1]:
            parent = parent[part]
        if kind == "swap":
            parent[where[-1]] = draw(values)
        elif kind == "drop":
            del parent[where[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.text(min_size=1, max_size=8))] = draw(values)
        else:
            parent.append(draw(values))
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    if name.endswith(".md"):
        text = f"---\n{text}---\n{body}"
    return name, text.encode("utf-8")


def _check_diagnostics(diags: Diagnostics) -> None:
    for d in diags.items:
        assert d.pos.line >= 1 and d.pos.col >= 1, d
        assert d.message and "\n" not in d.format(), d
        assert "Traceback" not in d.message


def _load_and_replay(name: str, data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = write_campaign(Path(tmp) / "c")
        (root / name).write_bytes(data)
        campaign, diags = load_campaign(root)
        _check_diagnostics(diags)
        if campaign is None:
            assert diags.has_errors()
            return
        assert not diags.has_errors()
        _, replay_diags = replay(campaign)
        _check_diagnostics(replay_diags)


@FUZZ
@given(text_mutation())
@example(("sessions/01.yaml", b"session: !!binary x1\nlog: []\n"))  # a message of 2 lines
def test_mutated_text_gives_diagnostics_never_an_exception(change: tuple[str, bytes]) -> None:
    _load_and_replay(*change)


@FUZZ
@given(value_mutation())
@example(("campaign.yaml", b"? '\n\n  '\n: null\n"))  # a key that is a line break
def test_mutated_values_give_diagnostics_never_an_exception(
        change: tuple[str, bytes]) -> None:
    _load_and_replay(*change)


# ---------------------------------------------------------------------------------------------
# the replay: valid campaigns

FACES = ["N", "NE", "SE", "S", "SW", "NW"]
label = st.builds(lambda c, r: f"{c:02d}{r:02d}", st.integers(1, 8), st.integers(1, 8))
modes = st.lists(st.sampled_from(["cautious", "exploring", "foraging", "hustle"]),
                 max_size=2, unique=True)
rolls = st.dictionaries(
    st.sampled_from(["navigation", "distance", "veer", "realise", "encounter", "forage",
                     "march", "reorient", "table", "reaction", "moment", "use", "doom",
                     "north", "north_face", "backtrack", "misjudge", "cautious"]),
    st.one_of(st.integers(1, 20), st.lists(st.integers(1, 12), min_size=1, max_size=3)),
    max_size=3)
travel = st.one_of(
    st.builds(lambda f, m, h: {"heading": f, "mode": m, "hustle_hours": h},
              st.sampled_from(FACES), modes, st.integers(0, 4)),
    st.builds(lambda t: {"toward": t}, label),
    st.builds(lambda d: {"follow": "kings-road", "direction": d},
              st.sampled_from(["forward", "backward"])),
    st.builds(lambda t: {"follow": "kings-road", "toward": t},
              st.sampled_from(["0101", "0201", "0302", "0402", "0503"])),
    st.just({"follow": "mere"}),
    st.sampled_from([{"landmark": "thornfold-mill"}, {"landmark": "0606"}]),
    st.builds(lambda f: {"heading": f, "visibility": "poor", "hours": 2},
              st.sampled_from(FACES)),
)
action = st.one_of(
    st.builds(lambda t: {"travel": t}, travel),
    st.just({"rest": {}}), st.just({"sleep": {}}), st.just({"camp": {"forage": True}}),
    st.just({"camp": {}}), st.just({"search": {}}), st.just({"search": {"target":
                                                                         "thornfold-mill"}}),
    st.sampled_from([{"reorient": {"method": m}} for m in ("north", "new_course",
                                                            "backtrack")]),
    st.builds(lambda r: {"encounter": {"table": "thornwood-day", "roll": r}},
              st.integers(1, 8)),
    st.just({"encounter": {"table": "thornwood-day"}}),
    st.just({"encounter": {"note": "A traveller"}}),
    st.builds(lambda h: {"reveal": [h]}, st.sampled_from(["thornfold-mill", "0505"])),
    st.just({"note": "We walked on."}),
    st.sampled_from([{"use": {"resource": "debt-of-kessa", "by": "Aria"}},
                     {"use": {"resource": "doom", "by": "Bram"}}]),
    st.builds(lambda env, d, r: {"chase": {"environment": env, "pursuers": [
        {"name": "Wolf", "speed": 40, "count": 2}], "distance": d, "rounds": r}},
        st.sampled_from(["wilderness", "urban"]), st.integers(0, 300), st.integers(1, 12)),
)
entry = st.builds(lambda a, r: {**a, "rolls": r} if r else a, action,
                  st.one_of(st.just({}), rolls))
systems = st.sampled_from([
    ({"checks": "d20"}, {"survival": 3, "con": 1}),
    ({"checks": "d20", "advantage": "scaled"}, {"survival": 5, "con": 2}),
    ({"checks": "brp"}, {"survival": 55, "con": 12}),
    ({"checks": "bsh", "doom": "d6"}, {"survival": 12, "con": 11}),
])


@st.composite
def valid_campaign(draw: st.DrawFn) -> dict[str, Any]:
    rules, scores = draw(systems)
    rules = {**rules, "actual_distance": draw(st.booleans()),
             "encounter_check": draw(st.sampled_from(["d12", "1 in d6", "2 in d8", "0 in d6"]))}
    members = [{"name": "Aria", "speed": 30, "knowledge_geography": 2, **scores},
               {"name": "Bram", "speed": draw(st.sampled_from([20, 30, 40])), **scores,
                **draw(st.sampled_from([{}, {"mount": "horse"}, {"mount": "pony"}]))}]
    party = {"start": draw(label), "members": members, "navigator": "Aria",
             "gear": draw(st.sampled_from([[], ["compass"]]))}
    sessions = draw(st.lists(st.lists(entry, max_size=6), min_size=1, max_size=3))
    return {"campaign": {"rules": rules, "party": party, "default_terrain": "plains"},
            "sessions": sessions}


def _replay_json(root: Path, spec: dict[str, Any]) -> str:
    files: dict[str, Any] = {"sessions/01.yaml": None}
    for i, log in enumerate(spec["sessions"], start=1):
        files[f"sessions/{i:02d}.yaml"] = {"session": i, "log": log}
    write_campaign(root, files=files, campaign_overrides=spec["campaign"])
    campaign, diags = load_campaign(root)
    assert campaign is not None, [d.format() for d in diags.errors]
    chronicle, replay_diags = replay(campaign)
    _check_diagnostics(replay_diags)
    return json.dumps(chronicle.to_json(), sort_keys=True)


@settings(FUZZ, max_examples=EXAMPLES or 40)
@given(valid_campaign())
def test_replay_of_valid_campaigns_never_raises_and_is_deterministic(
        spec: dict[str, Any]) -> None:
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        first = _replay_json(Path(a) / "c", spec)
        second = _replay_json(Path(b) / "c", spec)
    assert first == second
