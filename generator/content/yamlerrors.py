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

from generator.diagnostics import N_, Pos, SourceError, Text, literal


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
_Reading = tuple[tuple[int, int], Text]


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
        return p.at, N_("a tab cannot indent YAML; use spaces")
    return p.at, N_("a tab cannot separate values in YAML here; use spaces")


def _bad_start(p: _Problem) -> _Reading | None:
    found = re.match(r"found character '(.)' that cannot start any token", p.problem)
    if p.at is None or not found:
        return None
    return p.at, N_("a value cannot start with '%(char)s' in YAML: put the whole value in "
                    "quotes", char=found.group(1))


def _alias(p: _Problem) -> _Reading | None:
    if p.at is None or not re.search(r"while scanning an? (alias|anchor)", p.context):
        return None
    at = p.start or p.at
    return at, N_("'*' and '&' at the start of a value mark an alias or an anchor in YAML: "
                  "put the whole value in quotes")


def _quote(p: _Problem) -> _Reading | None:
    if "quoted scalar" not in p.context or p.at is None:
        return None
    if "end of stream" in p.problem or "document separator" in p.problem:
        return (p.start or p.at), N_("this quote is never closed: end the value with the "
                                     "same quote mark it starts with")
    escape = re.match(r"found unknown escape character '(.+?)'", p.problem)
    if escape:
        backslash = (p.at[0], max(p.at[1] - 1, 0))
        return backslash, N_("'%(escape)s' is not an escape YAML knows inside double quotes: "
                             "write a backslash as '%(backslash)s', or use single quotes",
                             escape="\\" + escape.group(1), backslash="\\\\")
    return None


def _colon(p: _Problem) -> _Reading | None:
    if p.at is None or not p.problem.startswith("could not find expected ':'"):
        return None
    at = p.start or p.at
    return at, N_("a key is missing its colon: write 'key: value'")


def _mapping_value(p: _Problem) -> _Reading | None:
    if p.at is None or p.problem != "mapping values are not allowed here":
        return None
    line, col = p.at
    text = p.line(line)
    if re.search(r":(\s|$)", text[:col]) and _key_of(text) is not None:
        return p.at, N_("a second ': ' on one line: YAML reads it as the start of another "
                        "key; put the whole value in quotes")
    above = p.above(line)
    if above is not None and _indent(text) > _indent(p.line(above)):
        if _key_of(p.line(above)) is not None:
            return (line, _indent(text)), N_(
                "this line is indented deeper than the key above it (line %(line)s), which "
                "already has a value: line it up with the keys it belongs with",
                line=p.number(above))
        return (line, _indent(text)), N_(
            "this line is indented deeper than the line above it (line %(line)s), which "
            "already has a value: line it up with the keys it belongs with",
            line=p.number(above))
    return p.at, N_("a ':' YAML does not expect here: put the whole value in quotes")


def _block_end(p: _Problem) -> _Reading | None:
    found = re.match(r"expected <block end>, but found '(.+)'$", p.problem)
    if p.at is None or p.start is None or not found:
        return None
    token, (line, col) = found.group(1), p.at
    start_line, start_col = p.start
    in_list = "block collection" in p.context or "block sequence" in p.context
    if token == "<block mapping start>":
        if in_list:
            return p.at, N_(
                "this line is indented deeper than the list above it (line %(line)s) but lines "
                "up with nothing in it: start a new item with '- ' in column %(col)s, or line "
                "it up with the keys of the item above", line=p.number(start_line),
                col=start_col + 1)
        key = _key_of(p.line(start_line)) or "key"
        return p.at, N_(
            "this line is indented deeper than the key '%(key)s' above it (line %(line)s) but "
            "is not part of its value: start it in column %(col)s to line it up with "
            "'%(key)s'", key=key, line=p.number(start_line), col=start_col + 1)
    if token == "<block sequence start>" or token == "-":
        return p.at, N_("this '- ' item does not line up with a list above it: the items of "
                        "one list start in the same column, deeper than the key they belong "
                        "to")
    if token == "?":
        return p.at, N_("a key where the list above it (line %(line)s) expects another item: "
                        "each item of a list starts with '- ', and a list and a mapping "
                        "cannot share one level", line=p.number(start_line))
    if token == "<scalar>":
        before = p.line(line)[:col].rstrip()[-1:]
        if before in ("'", '"'):
            return p.at, N_("text after the closing quote of a value: put the whole value in "
                            "quotes, and inside single quotes write a ' as ''")
        if before in ("}", "]"):
            return p.at, N_("text after the closing '%(bracket)s': put the whole value in "
                            "quotes if it is text", bracket=before)
    return None


def _flow(p: _Problem) -> _Reading | None:
    found = re.match(r"expected ',' or '([}\]])', but got '(.+)'$", p.problem)
    if p.at is None or not found:
        return None
    close, got = found.group(1), found.group(2)
    opening = "{" if close == "}" else "["
    if got == "<stream end>" or p.start is None:
        return (p.start or p.at), N_("this '%(opening)s' is never closed: end it with "
                                     "'%(close)s'", opening=opening, close=close)
    line, col = p.start
    return p.at, N_("the '%(opening)s' at line %(line)s, column %(col)s is not closed before "
                    "this: end it with '%(close)s', or put a ',' between its entries",
                    opening=opening, line=p.number(line), col=col + 1, close=close)


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
                               N_("YAML syntax: %(problem)s%(hint)s", problem=message,
                                  hint=bare_word_hint(text, line)))
    return _parser_words(exc, text, path, line_offset)


def _parser_words(exc: yaml.MarkedYAMLError, text: str, path: str,
                  line_offset: int) -> SourceError:
    problem_mark, ctx = exc.problem_mark, exc.context_mark
    problem = exc.problem or str(exc)
    context: Text = literal(f" {exc.context}" if exc.context else "")
    mark = problem_mark or ctx
    if problem_mark is not None and ctx is not None and exc.context and \
            (ctx.line, ctx.column) != (problem_mark.line, problem_mark.column):
        if problem_mark.index >= len(text.rstrip()):
            # the file ended inside something: point at where that something started
            mark = ctx
        else:
            context = N_("%(context)s that starts at line %(line)s, column %(col)s",
                         context=context, line=ctx.line + 1 + line_offset, col=ctx.column + 1)
    line = (mark.line + 1 if mark else 1) + line_offset
    col = mark.column + 1 if mark else 1
    hint = bare_word_hint(text, mark.line) if mark is not None else literal("")
    # the parser's own words, in English: the rest of the message is translated
    return SourceError(Pos(path, line, col), N_("YAML syntax: %(problem)s%(context)s%(hint)s",
                                                problem=problem, context=context, hint=hint))


_BARE_ENTRY = re.compile(r"^\s*-\s+(rest|sleep|camp|search)\s*(#.*)?$")


def bare_word_hint(text: str, line: int) -> Text:
    """A log entry written as a bare word (``- search``) followed by keys of its own
    (``rolls:``) reads to YAML as one text that runs on: say how to write it."""
    lines = text.splitlines()
    for number in range(min(line, len(lines)) - 1, -1, -1):
        if lines[number].strip():
            found = _BARE_ENTRY.match(lines[number])
            if found:
                word = found.group(1)
                return N_(" (a bare '%(entry)s' cannot carry keys such as 'rolls:': write "
                          "'%(mapping)s' and put the keys under it)", entry=f"- {word}",
                          mapping=f"- {word}: {{}}")
            return literal("")
    return literal("")
