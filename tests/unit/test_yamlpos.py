"""YAML with source positions: what the loader's line and column numbers are built on."""

from __future__ import annotations

import datetime as dt
import textwrap
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from generator.content import yamlpos
from generator.content.yamlpos import (
    MAX_DEPTH,
    MAX_VALUES,
    Located,
    SourceError,
    compose,
    load_yaml,
    read_text,
)
from generator.diagnostics import Diagnostics, Pos


def parse(text: str, line_offset: int = 0) -> tuple[Located | None, Diagnostics]:
    diags = Diagnostics()
    return load_yaml(textwrap.dedent(text), "f.yaml", diags, line_offset), diags


def test_positions_of_keys_and_values_are_one_based() -> None:
    doc, diags = parse("""\
        name: Mill
        hexes:
          - "0101"
          - 0202
        map: {columns: 8}
        """)
    assert doc is not None and not diags.items
    assert doc.pos(("name",), key=True) == Pos("f.yaml", 1, 1)
    assert doc.pos(("name",)) == Pos("f.yaml", 1, 7)
    assert doc.pos(("hexes", 0)) == Pos("f.yaml", 3, 5)
    assert doc.pos(("hexes", 1)) == Pos("f.yaml", 4, 5)
    assert doc.pos(("map", "columns"), key=True) == Pos("f.yaml", 5, 7)
    assert doc.pos(("map", "columns")) == Pos("f.yaml", 5, 16)


def test_missing_paths_fall_back_to_the_nearest_enclosing_node() -> None:
    doc, _ = parse("party:\n  members: [Aria]\n")
    assert doc is not None
    assert doc.pos(("party", "navigator")) == doc.pos(("party",)) == Pos("f.yaml", 2, 3)
    # a key that is absent falls back to its enclosing value
    assert doc.pos(("party", "members", 5), key=True) == Pos("f.yaml", 2, 12)
    assert doc.pos(("nothing", "here")) == Pos("f.yaml", 1, 1)
    assert doc.pos() == Pos("f.yaml", 1, 1)


def test_line_offset_moves_every_position() -> None:
    doc, _ = parse("name: X\nhex: '0101'\n", line_offset=1)
    assert doc is not None
    assert doc.pos(("hex",)) == Pos("f.yaml", 3, 6)


def test_quoted_scalars_are_remembered() -> None:
    doc, _ = parse("rows:\n  - abc\n  - 'abc'\n  - \"abc\"\n")
    assert doc is not None
    assert ("rows", 0) not in doc.quoted
    assert ("rows", 1) in doc.quoted and ("rows", 2) in doc.quoted


def test_sub_document_has_relative_paths_and_keeps_quotes() -> None:
    doc, _ = parse("outer:\n  inner: {rows: ['pp', pp]}\n")
    assert doc is not None
    sub = doc.sub(("outer",))
    assert sub.data == {"inner": {"rows": ["pp", "pp"]}}
    assert sub.pos(("inner", "rows", 1)) == doc.pos(("outer", "inner", "rows", 1))
    assert sub.pos(("inner",), key=True) == Pos("f.yaml", 2, 3)
    assert ("inner", "rows", 0) in sub.quoted and ("inner", "rows", 1) not in sub.quoted


def test_leading_zero_numbers_stay_labels() -> None:
    doc, _ = parse("0304: 0304\nlist: [0101, 0010, 0809, -012]\nplain: 1203\nquoted: '1203'\n")
    assert doc is not None
    assert doc.data == {"0304": "0304", "list": ["0101", "0010", "0809", "-012"],
                        "plain": 1203, "quoted": "1203"}


def test_keys_are_kept_as_written() -> None:
    doc, _ = parse("on: [mere]\nyes: 1\n1203: a\n~: b\n1.5: c\nOff: d\n")
    assert doc is not None
    assert list(doc.data) == ["on", "yes", "1203", "~", "1.5", "Off"]


def test_values_keep_their_yaml_types() -> None:
    doc, _ = parse("n: 12\nf: 0.75\nb: true\nd: 2026-11-03\nnull: ~\ns: '12'\n")
    assert doc is not None
    assert doc.data == {"n": 12, "f": 0.75, "b": True, "d": dt.date(2026, 11, 3), "null": None,
                        "s": "12"}


def test_duplicate_key_is_reported_and_the_first_kept() -> None:
    doc, diags = parse("a: 1\nb: 2\na: 3\n")
    assert doc is not None and doc.data == {"a": 1, "b": 2}
    (d,) = diags.items
    assert (d.pos, d.severity) == (Pos("f.yaml", 3, 1), "error")
    assert d.message.startswith("duplicate key 'a' (first defined on line 1)")


def test_duplicate_key_line_counts_the_offset() -> None:
    _, diags = parse("a: 1\na: 3\n", line_offset=4)
    (d,) = diags.items
    assert d.pos == Pos("f.yaml", 6, 1)
    assert "first defined on line 5" in d.message


def test_merge_keys_fill_in_without_overriding() -> None:
    doc, diags = parse("base: &b {heading: N, mode: cautious}\nt: {<<: *b, mode: normal}\n")
    assert doc is not None and not diags.items
    assert doc.data["t"] == {"heading": "N", "mode": "normal"}


def test_syntax_error_becomes_a_diagnostic() -> None:
    doc, diags = parse("a: [1, 2\nb: 3\n")
    assert doc is None
    (d,) = diags.items
    assert d.pos == Pos("f.yaml", 2, 2)
    assert d.message == ("YAML syntax: the '[' at line 1, column 4 is not closed before "
                         "this: end it with ']', or put a ',' between its entries")


def test_file_ending_inside_a_value_points_at_its_start() -> None:
    doc, diags = parse("a: 1\nb: 'open\n")
    assert doc is None
    (d,) = diags.items
    assert d.pos == Pos("f.yaml", 2, 4)
    assert d.message == "YAML syntax: this quote is never closed: end the value with the " \
                        "same quote mark it starts with"


def test_two_documents_are_an_error() -> None:
    doc, diags = parse("a: 1\n---\nb: 2\n")
    assert doc is None
    (d,) = diags.items
    assert d.pos.line == 2
    assert "expected a single document" in d.message


def test_empty_document() -> None:
    doc, diags = parse("# only a comment\n")
    assert doc is not None and doc.data is None and not diags.items


def test_impossible_date_is_a_diagnostic_not_a_crash() -> None:
    doc, diags = parse("date: 2026-02-30\n")
    assert doc is not None and doc.data == {"date": "2026-02-30"}
    (d,) = diags.items
    assert d.pos == Pos("f.yaml", 1, 7)
    assert d.message == "bad value '2026-02-30': day is out of range for month"


def test_unsafe_tags_are_refused() -> None:
    doc, diags = parse("x: !!python/object:os.system echo\n")
    (d,) = diags.items
    assert d.pos == Pos("f.yaml", 1, 4)
    assert d.message.startswith("bad value")


def test_recursive_alias_is_reported_at_the_alias() -> None:
    doc, diags = parse("a: &a [1, *a]\n")
    assert doc is None
    assert [(d.pos, d.message) for d in diags.items] == [
        (Pos("f.yaml", 1, 11), "an alias refers to a node that contains it (a recursive alias)")]


def test_alias_bomb_is_cut_short_at_the_alias_past_the_limit() -> None:
    lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 7):
        prev, name = chr(ord("a") + i - 1), chr(ord("a") + i)
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 10) + "]")
    diags = Diagnostics()
    assert load_yaml("\n".join(lines) + "\n", "f.yaml", diags) is None
    # a: 11 values, b: 111, ... e: 111111, so the second alias of line 6 (f) passes 250000
    assert [(d.pos, d.message) for d in diags.items] == [
        (Pos("f.yaml", 6, 12), f"more than {MAX_VALUES} values in one file, counting every "
                               f"value an alias repeats each time it is used")]


def test_an_alias_counts_its_depth_too() -> None:
    deep = "[" * 60 + "]" * 60
    diags = Diagnostics()
    assert load_yaml(f"a: &a {deep}\nb: {'[' * 50}*a{']' * 50}\n", "f.yaml", diags) is None
    assert [(d.pos, d.message) for d in diags.items] == [
        (Pos("f.yaml", 2, 54), f"YAML nesting is deeper than {MAX_DEPTH} levels")]


@pytest.mark.parametrize("loader", [yaml.SafeLoader, getattr(yaml, "CSafeLoader",
                                                             yaml.SafeLoader)])
@pytest.mark.parametrize(("text", "at"), [
    ("[" * 5000 + "]" * 5000, (1, 102)),  # the 102nd '[' is at depth 101
    ("{a: " * 5000 + "1" + "}" * 5000, (1, 402)),  # the key of the 101st mapping
    ("".join("  " * i + "- \n" for i in range(3000)), (102, 203)),
])
def test_deep_nesting_stops_at_the_limit_with_either_parser(
        monkeypatch: pytest.MonkeyPatch, loader: type[yaml.SafeLoader], text: str,
        at: tuple[int, int]) -> None:
    """PyYAML's own composer recurses once per level (a RecursionError near 1000); this
    one reads events in a loop and stops at the first level past the limit."""
    monkeypatch.setattr(yamlpos, "_COMPOSER", loader)
    diags = Diagnostics()
    assert load_yaml(text, "f.yaml", diags) is None
    (d,) = diags.items
    assert d.message == f"YAML nesting is deeper than {MAX_DEPTH} levels"
    assert (d.pos.line, d.pos.col) == at


def test_values_are_counted_while_reading() -> None:
    """The error comes at the first value past the limit; nothing after it is parsed (a
    syntax error later in the file is never reached)."""
    text = "".join(f"- {i}\n" for i in range(50)) + "- [unclosed\n"
    with pytest.raises(SourceError) as caught:
        compose(text, "f.yaml", max_values=20)
    assert caught.value.pos == Pos("f.yaml", 20, 3)
    assert caught.value.message == "more than 20 values in one file: split it into several " \
                                   "files"


def test_unknown_alias_and_twice_defined_anchor() -> None:
    for text, pos, message in [
            ("a: *nope\n", Pos("f.yaml", 1, 4), "unknown alias '*nope' (no anchor '&nope' "
                                                "before it)"),
            ("a: &x 1\nb: &x 2\n", Pos("f.yaml", 2, 4), "the anchor '&x' is defined twice")]:
        diags = Diagnostics()
        assert load_yaml(text, "f.yaml", diags) is None
        assert [(d.pos, d.message) for d in diags.items] == [(pos, message)]


def test_read_text_refuses_large_files_and_places_bad_bytes(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"x" * 101)
    with pytest.raises(SourceError, match="larger than 100 bytes"):
        read_text(big, limit=100)
    assert read_text(big, limit=101) == "x" * 101
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"a: 1\nname: Caf\xc3\xa9 \xff\n")
    with pytest.raises(SourceError) as caught:
        read_text(bad, "bad.yaml")
    assert caught.value.pos == Pos("bad.yaml", 2, 12)  # 'é' is one column
    with pytest.raises(SourceError, match="a file was expected here, but this is a folder"):
        read_text(tmp_path)


@given(st.lists(st.from_regex(r"\A0[0-9]{3}\Z"), min_size=1, max_size=8, unique=True))
def test_unquoted_labels_round_trip(labels: list[str]) -> None:
    text = "".join(f"{label}: {{hex: {label}, list: [{label}]}}\n" for label in labels)
    diags = Diagnostics()
    doc = load_yaml(text, "f.yaml", diags)
    assert doc is not None and not diags.items
    assert doc.data == {label: {"hex": label, "list": [label]} for label in labels}
    for i, label in enumerate(labels):
        assert doc.pos((label,), key=True) == Pos("f.yaml", i + 1, 1)
        assert doc.pos((label, "hex")) == Pos("f.yaml", i + 1, 13)


@given(st.dictionaries(
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc"),
                          exclude_characters="\u2028\u2029"), min_size=1, max_size=6),
    # (PyYAML's dumper writes NEL and the Unicode line separators raw, so they do not survive
    # its own round trip: leave them out of the strings)
    st.one_of(st.integers(), st.booleans(), st.none(),
              st.text(st.characters(exclude_characters="\x85\u2028\u2029"), max_size=10),
              st.lists(st.integers(), max_size=3)),
    max_size=6))
def test_agrees_with_pyyaml_on_what_pyyaml_writes(data: dict[str, object]) -> None:
    text = yaml.safe_dump(data, allow_unicode=True)
    diags = Diagnostics()
    doc = load_yaml(text, "f.yaml", diags)
    assert doc is not None and not diags.items
    assert (doc.data or {}) == data
    assert (doc.data or {}) == (yaml.safe_load(text) or {})
