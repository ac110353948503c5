"""YAML syntax errors say in plain words what is wrong with the text, at the spot to change,
instead of the parser's grammar ("expected <block end>, but found '<block mapping start>'")."""

from __future__ import annotations

import pytest

from generator.content.yamlpos import load_yaml
from generator.diagnostics import Diagnostics, Pos


def error_of(text: str, line_offset: int = 0) -> tuple[Pos, str]:
    diags = Diagnostics()
    assert load_yaml(text, "f.yaml", diags, line_offset) is None
    (d,) = diags.items
    assert d.severity == "error"
    assert d.message.startswith("YAML syntax: ")
    assert "<block" not in d.message and "scanning" not in d.message
    return d.pos, d.message


@pytest.mark.parametrize("text, where, words", [
    # a tab before a key: the tab itself
    ("a:\n\tb: 1\n", (2, 1), "a tab cannot indent YAML; use spaces"),
    ("log:\n  - rest: {}\n\t- camp: {}\n", (3, 1), "a tab cannot indent YAML; use spaces"),
    # the key after a value, indented as if it were under it: the key that is too deep
    ("a: 1\n  b: 2\n", (2, 3), "this line is indented deeper than the key above it (line 1)"),
    ("a:\n  b: 1\n   c: 2\n", (3, 4),
     "this line is indented deeper than the key above it (line 2)"),
    # a key of a log entry one column too deep
    ("log:\n  - travel: {heading: N}\n      rolls: {a: 1}\n", (3, 7),
     "this line is indented deeper than the key 'travel' above it (line 2) but is not part "
     "of its value: start it in column 5"),
    ("a:\n    b: 1\n  c: 2\n", (3, 3),
     "this line is indented deeper than the key 'a' above it (line 1)"),
    ("log:\n  - travel: {heading: N}\n    rolls: {a: 1}\n   gm: x\n", (4, 4),
     "this line is indented deeper than the list above it (line 2)"),
    # quotes
    ("a: 1\nb: 'open\n", (2, 4), "this quote is never closed"),
    ('a: "open\nb: 2\n', (1, 4), "this quote is never closed"),
    ("a: 'it's'\n", (1, 8), "text after the closing quote of a value"),
    ('a: "x\\q"\n', (1, 6), "'\\q' is not an escape YAML knows"),
    # a key without its colon: the key
    ("a: 1\nb 2\nc: 3\n", (2, 1), "a key is missing its colon"),
    # a colon in a plain value
    ("title: The road: north\n", (1, 16), "a second ': ' on one line"),
    # lists and mappings
    ("a: 1\n- b\n", (2, 1), "this '- ' item does not line up with a list above it"),
    ("log:\n  - rest: {}\n - rest: {}\n", (3, 2), "this '- ' item does not line up"),
    ("- a\nb: 1\n", (2, 1), "a key where the list above it (line 1) expects another item"),
    # brackets
    ("a: {b: 1\nc: 2\n", (2, 2), "the '{' at line 1, column 4 is not closed before this"),
    ("a: [b\n", (1, 4), "this '[' is never closed: end it with ']'"),
    ("a: {b: 1\n", (1, 4), "this '{' is never closed: end it with '}'"),
    # characters that cannot start a value
    ("a: @x\n", (1, 4), "a value cannot start with '@' in YAML: put the whole value in quotes"),
    ("a: * x\n", (1, 4), "'*' and '&' at the start of a value mark an alias"),
])
def test_plain_words(text: str, where: tuple[int, int], words: str) -> None:
    pos, message = error_of(text)
    assert words in message, message
    assert (pos.line, pos.col) == where, message


def test_plain_words_count_the_lines_before_front_matter() -> None:
    pos, message = error_of("name: X\n  hex: '0101'\n", line_offset=1)
    assert (pos.line, pos.col) == (3, 3)
    assert "indented deeper than the key above it (line 2)" in message


def test_the_bare_word_hint_still_follows() -> None:
    _, message = error_of("log:\n  - rest\n    rolls: {a: 1}\n")
    assert "indented deeper than the line above it (line 2)" in message
    assert "write '- rest: {}' and put the keys under it" in message


def test_an_unusual_problem_keeps_the_parsers_words() -> None:
    diags = Diagnostics()
    load_yaml("a: |x\n  b\n", "f.yaml", diags)
    (d,) = diags.items
    assert d.message.startswith("YAML syntax: expected ")
