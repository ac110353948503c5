"""Diagnostics: errors and warnings with a source position, collected and reported together.

A diagnostic prints as ``PATH:LINE:COL: error: MESSAGE`` (compiler style), so editors and CI
logs can jump to the spot. Lines and columns are 1-based. The prefix is the same in every
language; the message is a ``Text``: an English gettext message and its values, made where the
problem is found (``N_``, ``NN_``) and translated where it is printed, in the campaign's language
(``Translator.text``), so the stages that find problems need no language of their own.

>>> d = Diagnostic(Pos("hexes.yaml", 3, 5), "error", "", text=N_("unknown hex '%(hex)s'",
...                hex="0902"))
>>> d.format()
"hexes.yaml:3:5: error: unknown hex '0902'"
>>> NN_("%(num)s error", "%(num)s errors", 2).english()
'2 errors'
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, Union

Severity = Literal["error", "warning"]
#: A value filling a message's ``%(name)s``: a word or number as it is, or a message of its own,
#: or something the engine said.
Value = Union[str, int, float, "Text", "Phrased", None]


@dataclass(frozen=True)
class Phrased:
    """A value of a message that the engine said as data (a ``generator.dice`` ``Said``, a
    ``Word``, a ``Signed``): a translator phrases ``said`` in its language
    (``generator.i18n.phrased`` makes one); ``text`` is it in English, for the message's
    English form."""

    said: Hashable
    text: str

    def english(self) -> str:
        return self.text


@dataclass(frozen=True)
class Text:
    """A message to translate when it is printed: an English gettext message (a %-format
    string, a msgid of the catalogues), and its values, which may be messages too. With
    ``plural``, it has plural forms chosen by ``n`` (``%(num)s`` is ``n`` unless given).
    ``literal`` text is not a message (a library's own words, text quoted from a file): it
    prints as it is in every language."""

    message: str
    values: tuple[tuple[str, Value], ...] = ()
    plural: str | None = None
    n: int = 0
    literal: bool = False

    def english(self) -> str:
        """The text in English, the language of the messages."""
        return self.fill(english,
                         self.message if self.plural is None or self.n == 1 else self.plural)

    def fill(self, render: Translate, message: str) -> str:
        """``message`` (this text's message, translated) with its values, each message
        among them rendered by ``render``."""
        if self.literal:
            return self.message
        values = {k: render(v) if isinstance(v, (Text, Phrased)) else v
                  for k, v in self.values}
        if self.plural is not None:
            values.setdefault("num", self.n)
        return message % values

    def __str__(self) -> str:
        return self.english()


#: How a ``Text`` (or a ``Phrased`` value in one) is printed: ``english``, or a translator's
#: ``text``.
Translate = Callable[["Text | Phrased"], str]


def N_(message: str, /, **values: Value) -> Text:  # noqa: N802 (the gettext convention)
    """A diagnostic's message, marked for ``pybabel extract`` and translated when printed."""
    return Text(message, tuple(values.items()))


def NN_(singular: str, plural: str, n: int, /, **values: Value) -> Text:  # noqa: N802
    """A message with plural forms for ``n``, marked for extraction, translated when printed."""
    return Text(singular, tuple(values.items()), plural, n)


def literal(text: str) -> Text:
    """Text that is no message (a library's words, a file's own text): printed as it is."""
    return Text(text, literal=True)


def typed(values: Iterable[object]) -> str:
    """Ids, keys or values the GM types, listed in a message the way docs/translation.md
    quotes them (``'forage_dc', 'speed'``), so a Russian sentence does not read them as
    English words."""
    return ", ".join(f"'{value}'" for value in values)


def english(text: Text | Phrased) -> str:
    """``text`` in English (a ``Translate``)."""
    return text.english()


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
    #: --strict`` makes the ``secrets`` warnings errors) and for code that picks some out
    #: (``roll_out_of_range``) without reading the message, which is translated; empty for most
    kind: str = ""
    #: the message to translate (``message`` is it in English); None for a message that is
    #: printed as it is
    text: Text | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if self.text is not None and not self.message:
            object.__setattr__(self, "message", one_line(self.text.english()))

    def format(self, translate: Translate | None = None) -> str:
        """``PATH:LINE:COL: error: MESSAGE``, the message in the language of ``translate``
        (English without one); the prefix is the same in every language."""
        return f"{self.pos}: {self.severity}: {self.says(translate)}"

    def says(self, translate: Translate | None = None) -> str:
        """The message alone, in the language of ``translate``."""
        if translate is None or self.text is None:
            return self.message
        return one_line(translate(self.text))


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


class MessageError(ValueError):
    """A ``ValueError`` whose message is a ``Text`` (a model's validator raises it: pydantic
    keeps the exception, and the load reports its text in the campaign's language)."""

    def __init__(self, text: Text) -> None:
        super().__init__(text.english())
        self.text = text


def text_of(exc: Exception) -> Text:
    """What an exception says, as a message: a ``MessageError``'s text, else its words as
    they are (a library's own)."""
    return exc.text if isinstance(exc, MessageError) else literal(str(exc))


class SourceError(Exception):
    """A problem that stops the reading of one file, with its place: a file too large or not
    UTF-8, YAML past a limit, a template that fails. Prints as ``PATH:LINE:COL: error: ...``.
    """

    def __init__(self, pos: Pos, message: str | Text) -> None:
        self.text = message if isinstance(message, Text) else literal(message)
        text = one_line(self.text.english())
        super().__init__(f"{pos}: error: {text}")
        self.pos = pos
        self.message = text


@dataclass
class Diagnostics:
    """An ordered collection of diagnostics for one run."""

    items: list[Diagnostic] = field(default_factory=list)

    def error(self, pos: Pos, message: str | Text, kind: str = "") -> None:
        """An error: a ``Text`` (``N_``) to translate, or a str printed as it is."""
        self.items.append(_made(pos, "error", message, kind))

    def warning(self, pos: Pos, message: str | Text, kind: str = "") -> None:
        self.items.append(_made(pos, "warning", message, kind))

    def promote(self, kind: str) -> None:
        """Make the warnings of ``kind`` errors (``check --strict``)."""
        self.items = [Diagnostic(d.pos, "error", d.message, d.kind, d.text)
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


def _made(pos: Pos, severity: Severity, message: str | Text, kind: str = "") -> Diagnostic:
    if isinstance(message, Text):
        return Diagnostic(pos, severity, one_line(message.english()), kind, message)
    return Diagnostic(pos, severity, one_line(message), kind)


def suggest(word: str, choices: Iterable[str]) -> Text:
    """A did-you-mean suffix for an unknown name (a message), or an empty text.

    The closest spelling first; failing that, the names the word is a part of (``sallow``
    for ``upper-sallow``), letter case aside, when there are at most three.

    >>> str(suggest("kings-raod", ["kings-road", "mere"]))
    " (did you mean 'kings-road'?)"
    >>> str(suggest("sallow", ["the-upper-sallow-river", "queens-road"]))
    " (did you mean 'the-upper-sallow-river'?)"
    >>> str(suggest("Mere", ["mere"])), str(suggest("xyz", ["mere"]))
    (" (did you mean 'mere'?)", '')
    >>> str(suggest("mire", ["mere", "mare"]))
    " (did you mean 'mere'?)"
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
        return literal("")
    if len(close) == 1:
        return N_(" (did you mean '%(name)s'?)", name=close[0])
    return N_(" (did you mean %(names)s or '%(last)s'?)",
              names=", ".join(f"'{c}'" for c in close[:-1]), last=close[-1])


def display_path(path: Path) -> str:
    """A path as users want to see it: relative to the working directory when inside it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return str(path)
    return rel if not rel.startswith("..") else str(path)
