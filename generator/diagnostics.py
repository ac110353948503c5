"""Diagnostics: errors and warnings with a source position, collected and reported together.

A diagnostic prints as ``PATH:LINE:COL: error: MESSAGE`` (compiler style), so editors and CI
logs can jump to the spot. Lines and columns are 1-based.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True, order=True)
class Pos:
    """A place in a source file (1-based line and column)."""

    path: str
    line: int = 1
    col: int = 1

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}"


@dataclass(frozen=True)
class Diagnostic:
    pos: Pos
    severity: Severity
    message: str
    #: what the diagnostic is about, for options that change its severity (``check
    #: --strict`` makes the ``secrets`` warnings errors); empty for most
    kind: str = ""

    def format(self) -> str:
        return f"{self.pos}: {self.severity}: {self.message}"


#: Characters a terminal acts on rather than shows: the C0 and C1 controls (escape
#: sequences start with ESC or with the C1 CSI and OSC), DEL, the Unicode line separators and
#: the bidirectional overrides and isolates (which reorder the text around them).
_CONTROLS = (*range(0x20), *range(0x7f, 0xa0), 0x061c, 0x200e, 0x200f, 0x2028, 0x2029,
             *range(0x202a, 0x202f), *range(0x2066, 0x206a))
_LINE_BREAKS = {c: repr(chr(c))[1:-1] for c in _CONTROLS if chr(c) != "\t"}
_SHOWN = {c: escape for c, escape in _LINE_BREAKS.items() if chr(c) != "\n"}


def one_line(message: str) -> str:
    """``message`` on one line: a line break or control character quoted from the content
    (a key such as ``'\\n'``) is shown escaped, so each diagnostic stays one line and none
    drives the terminal it is printed on.

    >>> one_line("a\\nb\\x1b[2J\\x9b31m\\u202ec")
    'a\\\\nb\\\\x1b[2J\\\\x9b31m\\\\u202ec'
    """
    return message.translate(_LINE_BREAKS)


def terminal_text(text: str) -> str:
    """``text`` (lines that may quote content: a hex's name, a session's title) safe to
    print on a terminal: its lines kept, every other control character and bidirectional
    override shown as its escape (``\\x1b``), so no escape sequence in content can set the
    clipboard, the window title or the colours, or reorder what is printed.

    >>> terminal_text("S 0304: Cross\\x1b]52;c;aGk=\\x07roads\\nnext")
    'S 0304: Cross\\\\x1b]52;c;aGk=\\\\x07roads\\nnext'
    """
    return text.translate(_SHOWN)


class SourceError(Exception):
    """A problem that stops the reading of one file, with its place: a file too large or not
    UTF-8, YAML past a limit, a template that fails. Prints as ``PATH:LINE:COL: error: ...``.
    """

    def __init__(self, pos: Pos, message: str) -> None:
        message = one_line(message)
        super().__init__(f"{pos}: error: {message}")
        self.pos = pos
        self.message = message


@dataclass
class Diagnostics:
    """An ordered collection of diagnostics for one run."""

    items: list[Diagnostic] = field(default_factory=list)

    def error(self, pos: Pos, message: str) -> None:
        self.items.append(Diagnostic(pos, "error", one_line(message)))

    def warning(self, pos: Pos, message: str, kind: str = "") -> None:
        self.items.append(Diagnostic(pos, "warning", one_line(message), kind))

    def promote(self, kind: str) -> None:
        """Make the warnings of ``kind`` errors (``check --strict``)."""
        self.items = [Diagnostic(d.pos, "error", d.message, d.kind)
                      if d.severity == "warning" and d.kind == kind else d for d in self.items]

    def extend(self, other: Iterable[Diagnostic]) -> None:
        self.items.extend(other)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity == "error"]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity == "warning"]

    def has_errors(self) -> bool:
        return any(d.severity == "error" for d in self.items)

    def sorted(self) -> list[Diagnostic]:
        seen: set[Diagnostic] = set()
        out: list[Diagnostic] = []
        for d in sorted(self.items, key=lambda d: (d.pos, d.severity, d.message)):
            if d not in seen:
                seen.add(d)
                out.append(d)
        return out


def suggest(word: str, choices: Iterable[str]) -> str:
    """A did-you-mean suffix for an unknown name, or an empty string.

    The closest spelling first; failing that, the names the word is a part of (``sallow``
    for ``upper-sallow``), letter case aside, when there are at most three.

    >>> suggest("kings-raod", ["kings-road", "mere"])
    " (did you mean 'kings-road'?)"
    >>> suggest("sallow", ["the-upper-sallow-river", "queens-road"])
    " (did you mean 'the-upper-sallow-river'?)"
    >>> suggest("Mere", ["mere"]), suggest("xyz", ["mere"])
    (" (did you mean 'mere'?)", '')
    """
    pool = [c for c in choices if isinstance(c, str)]
    close = difflib.get_close_matches(word, pool, n=1, cutoff=0.6)
    if not close:
        folded = {c.casefold(): c for c in pool}
        close = [folded[c] for c in difflib.get_close_matches(word.casefold(), list(folded),
                                                               n=1, cutoff=0.6)]
    if not close and len(word) >= 3:
        w = word.casefold()
        close = [c for c in pool if w in re.split(r"[-_\s]+", c.casefold())
                 or c.casefold().startswith(w)]
        if len(close) > 3:
            close = []
    if not close:
        return ""
    return " (did you mean " + " or ".join(f"'{c}'" for c in close) + "?)"


def display_path(path: Path) -> str:
    """A path as users want to see it: relative to the working directory when inside it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return str(path)
    return rel if not rel.startswith("..") else str(path)
