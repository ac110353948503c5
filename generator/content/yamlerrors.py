"""YAML syntax errors in plain words.

PyYAML explains a syntax error in the terms of its grammar ("expected <block end>, but found
'<block mapping start>'"), which says little to a GM who indented one line a space too far.
``syntax_error`` turns the common problems into what is wrong with the text and how to write
it: a tab, a line indented deeper than the key above it, a quote never closed, a key missing
its colon, a ``: `` inside a value, a bracket never closed. Anything else keeps the parser's
own words. Each message says ``YAML syntax:`` first and points at the spot to change.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import yaml

from generator.diagnostics import Pos, SourceError


@dataclass(frozen=True)
class _Problem:
    """What PyYAML reported: its problem and context, and where (0-based line, column)."""

    problem: str
    context: str
    at: tuple[int, int] | None
    start: tuple[int, int] | None
    lines: list[str]
    #: lines before the text in its file (front matter), for the line numbers messages show
    offset: int = 0

    def number(self, line: int) -> int:
        """The 1-based number in its file of the 0-based ``line``."""
        return line + 1 + self.offset

    def line(self, number: int) -> str:
        return self.lines[number] if 0 <= number < len(self.lines) else ""

    def above(self, number: int) -> int | None:
        """The nearest line before ``number`` that holds more than a comment."""
        for n in range(min(number, len(self.lines)) - 1, -1, -1):
            stripped = self.lines[n].strip()
            if stripped and not stripped.startswith("#"):
                return n
        return None


#: A plain-words reading: (0-based line, column) to point at, and the message.
_Reading = tuple[tuple[int, int], str]


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


def _key_of(text: str) -> str | None:
    """The key a line starts (``  - travel: x`` -> ``travel``), if it starts one."""
    found = re.match(r"^\s*(?:-\s+)*([^\s:#'\"{}\[\],&*!|>%@`-][^:#]*?)\s*:(\s|$)", text)
    return found.group(1) if found else None


def _tab(p: _Problem) -> _Reading | None:
    if p.at is None or not p.problem.startswith("found character '\\t'"):
        return None
    line, col = p.at
    if not p.line(line)[:col].strip():
        return p.at, "a tab cannot indent YAML; use spaces"
    return p.at, "a tab cannot separate values in YAML here; use spaces"


def _bad_start(p: _Problem) -> _Reading | None:
    found = re.match(r"found character '(.)' that cannot start any token", p.problem)
    if p.at is None or not found:
        return None
    return p.at, (f"a value cannot start with '{found.group(1)}' in YAML: put the whole value "
                  f"in quotes")


def _alias(p: _Problem) -> _Reading | None:
    if p.at is None or not re.search(r"while scanning an? (alias|anchor)", p.context):
        return None
    at = p.start or p.at
    return at, ("'*' and '&' at the start of a value mark an alias or an anchor in YAML: put "
                "the whole value in quotes")


def _quote(p: _Problem) -> _Reading | None:
    if "quoted scalar" not in p.context or p.at is None:
        return None
    if "end of stream" in p.problem or "document separator" in p.problem:
        return (p.start or p.at), ("this quote is never closed: end the value with the same "
                                   "quote mark it starts with")
    escape = re.match(r"found unknown escape character '(.+?)'", p.problem)
    if escape:
        backslash = (p.at[0], max(p.at[1] - 1, 0))
        return backslash, (f"'\\{escape.group(1)}' is not an escape YAML knows inside double "
                           f"quotes: write a backslash as '\\\\', or use single quotes")
    return None


def _colon(p: _Problem) -> _Reading | None:
    if p.at is None or not p.problem.startswith("could not find expected ':'"):
        return None
    at = p.start or p.at
    return at, "a key is missing its colon: write 'key: value'"


def _mapping_value(p: _Problem) -> _Reading | None:
    if p.at is None or p.problem != "mapping values are not allowed here":
        return None
    line, col = p.at
    text = p.line(line)
    if re.search(r":(\s|$)", text[:col]) and _key_of(text) is not None:
        return p.at, ("a second ': ' on one line: YAML reads it as the start of another key; "
                      "put the whole value in quotes")
    above = p.above(line)
    if above is not None and _indent(text) > _indent(p.line(above)):
        what = "key" if _key_of(p.line(above)) is not None else "line"
        return (line, _indent(text)), (f"this line is indented deeper than the {what} above "
                                       f"it (line {p.number(above)}), which already has a value: "
                                       f"line it up with the keys it belongs with")
    return p.at, "a ':' YAML does not expect here: put the whole value in quotes"


def _block_end(p: _Problem) -> _Reading | None:
    found = re.match(r"expected <block end>, but found '(.+)'$", p.problem)
    if p.at is None or p.start is None or not found:
        return None
    token, (line, col) = found.group(1), p.at
    start_line, start_col = p.start
    in_list = "block collection" in p.context or "block sequence" in p.context
    if token == "<block mapping start>":
        if in_list:
            return p.at, (f"this line is indented deeper than the list above it (line "
                          f"{p.number(start_line)}) but lines up with nothing in it: start a new "
                          f"item with '- ' in column {start_col + 1}, or line it up with the "
                          f"keys of the item above")
        key = _key_of(p.line(start_line)) or "the key"
        return p.at, (f"this line is indented deeper than the key '{key}' above it (line "
                      f"{p.number(start_line)}) but is not part of its value: start it in column "
                      f"{start_col + 1} to line it up with '{key}'")
    if token == "<block sequence start>" or token == "-":
        return p.at, ("this '- ' item does not line up with a list above it: the items of "
                      "one list start in the same column, deeper than the key they belong to")
    if token == "?":
        return p.at, (f"a key where the list above it (line {p.number(start_line)}) expects "
                      f"another item: each item of a list starts with '- ', and a list and a "
                      f"mapping cannot share one level")
    if token == "<scalar>":
        before = p.line(line)[:col].rstrip()[-1:]
        if before in ("'", '"'):
            return p.at, ("text after the closing quote of a value: put the whole value in "
                          "quotes, and inside single quotes write a ' as ''")
        if before in ("}", "]"):
            return p.at, (f"text after the closing '{before}': put the whole value in quotes "
                          f"if it is text")
    return None


def _flow(p: _Problem) -> _Reading | None:
    found = re.match(r"expected ',' or '([}\]])', but got '(.+)'$", p.problem)
    if p.at is None or not found:
        return None
    close, got = found.group(1), found.group(2)
    opening = "{" if close == "}" else "["
    if got == "<stream end>" or p.start is None:
        return (p.start or p.at), (f"this '{opening}' is never closed: end it with '{close}'")
    line, col = p.start
    return p.at, (f"the '{opening}' at line {p.number(line)}, column {col + 1} is not closed "
                  f"before this: end it with '{close}', or put a ',' between its entries")


_READINGS: tuple[Callable[[_Problem], _Reading | None], ...] = (
    _tab, _bad_start, _alias, _quote, _colon, _mapping_value, _block_end, _flow)


def _mark(mark: yaml.Mark | None) -> tuple[int, int] | None:
    return (mark.line, mark.column) if mark is not None else None


def syntax_error(exc: yaml.MarkedYAMLError, text: str, path: str,
                 line_offset: int) -> SourceError:
    """The error ``exc`` of parsing ``text`` in plain words, at the spot to change (the
    parser's own words when the problem is not a common one)."""
    problem = _Problem(exc.problem or str(exc), exc.context or "", _mark(exc.problem_mark),
                       _mark(exc.context_mark), text.split("\n"), line_offset)
    for reading in _READINGS:
        found = reading(problem)
        if found is not None:
            (line, col), message = found
            return SourceError(Pos(path, line + 1 + line_offset, col + 1),
                               f"YAML syntax: {message}{bare_word_hint(text, line)}")
    return _parser_words(exc, text, path, line_offset)


def _parser_words(exc: yaml.MarkedYAMLError, text: str, path: str,
                  line_offset: int) -> SourceError:
    problem_mark, ctx = exc.problem_mark, exc.context_mark
    problem = exc.problem or str(exc)
    context = f" {exc.context}" if exc.context else ""
    mark = problem_mark or ctx
    if problem_mark is not None and ctx is not None and exc.context and \
            (ctx.line, ctx.column) != (problem_mark.line, problem_mark.column):
        if problem_mark.index >= len(text.rstrip()):
            # the file ended inside something: point at where that something started
            mark = ctx
        else:
            context += f" that starts at line {ctx.line + 1 + line_offset}, column " \
                       f"{ctx.column + 1}"
    line = (mark.line + 1 if mark else 1) + line_offset
    col = mark.column + 1 if mark else 1
    hint = bare_word_hint(text, mark.line) if mark is not None else ""
    return SourceError(Pos(path, line, col), f"YAML syntax: {problem}{context}{hint}")


_BARE_ENTRY = re.compile(r"^\s*-\s+(rest|sleep|camp|search)\s*(#.*)?$")


def bare_word_hint(text: str, line: int) -> str:
    """A log entry written as a bare word (``- search``) followed by keys of its own
    (``rolls:``) reads to YAML as one text that runs on: say how to write it."""
    lines = text.splitlines()
    for number in range(min(line, len(lines)) - 1, -1, -1):
        if lines[number].strip():
            found = _BARE_ENTRY.match(lines[number])
            if found:
                word = found.group(1)
                return (f" (a bare '- {word}' cannot carry keys such as 'rolls:': write "
                        f"'- {word}: {{}}' and put the keys under it)")
            return ""
    return ""
