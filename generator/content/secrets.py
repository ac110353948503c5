"""Secrets written so that they would be public: the lines of a Markdown field that try to
be a GM block, or read as GM-only, found in the Markdown source (docs/security.md, "GM blocks
fail closed").

The players' rendering removes every element of the ``gm`` class (``content.markdown``), so
a GM block is only as good as the Markdown that makes it. This module reads the source for
the lines where a GM meant one:

- a ``gm`` admonition (``!!! gm``, ``??? gm``, ``???+ gm``, with or without a title, in any
  letter case, also inside a list or a block quote), and what its author meant to be inside
  it: the lines that follow it, up to the first blank line, and past blank lines as long
  as they are indented deeper than the admonition;
- a line that looks like one but that Markdown does not read as one (``!!! "GM"``,
  ``!!!gm:``, ``!! gm``);
- an admonition of another type, a heading, or a lead-in (``**GM:**``, ``Secret:``) whose
  title or first words read as GM-only (``GM``, ``for the GM``, ``secrets``, ``для
  мастера``, ``таємниця``... and the words ``secrets.words`` of campaign.yaml adds).

A title reads as GM-only when, letter case and surrounding punctuation aside, it is one of
the words, starts with one of them followed by a colon, a dash, a bracket or another stop
(``GM: the cult``, ``Secret - the tunnel``), or has one in brackets (``Tunnels (GM only)``).
A name that only starts with such a word (``Secret Cave``, ``Secrets of the Mere``) does not.

What the lines become is decided by ``content.gmprobe``, which renders the field as the
sites do; this module only reads the source. Lines inside fenced code (between lines of three
or more backticks or tildes) are code, never a block.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

#: Words that make a title read as GM-only (compared casefolded; a hyphen or spaces between
#: words are alike). Inflected forms are listed as such: Russian and Ukrainian titles say
#: "для мастера", "майстру". Bare forms that are also common words of place names or
#: people (the plural "мастера", "майстри") are left out.
DEFAULT_WORDS: tuple[str, ...] = (
    # English
    "gm", "dm", "gm only", "dm only", "gms only", "gm's only", "for the gm", "for gm",
    "for the dm", "for dm", "for the gm only", "for the gm's eyes only", "gm eyes only",
    "gm's eyes only", "gm notes", "gm note", "gm's notes", "dm notes", "dm's notes",
    "gm info", "gm information", "gm secrets", "game master", "game master only",
    "for the game master", "dungeon master", "secret", "secrets", "not for players",
    "not for the players",
    # Russian
    "гм", "дм", "мастер", "мастеру", "для мастера", "только для мастера", "только мастеру",
    "только мастер", "заметки мастера", "заметки для мастера", "ведущий", "ведущему",
    "для ведущего", "только для ведущего", "секрет", "секреты", "секретно", "тайна", "тайны",
    "тайное", "не для игроков",
    # Ukrainian
    "майстер", "майстру", "для майстра", "тільки для майстра", "лише для майстра",
    "нотатки майстра", "ведучий", "ведучому", "для ведучого", "тільки для ведучого",
    "секрети", "таємниця", "таємниці", "таємно", "не для гравців",
)

#: What a line that reads as GM-only is (the messages name it).
TitleKind = Literal["box", "heading", "lead-in"]

# Container markers a block may stand behind: block quotes, list items (a ``*`` only when a
# space follows it, so that ``**GM:**`` is not read as a list item).
_PREFIX = r"(?P<prefix>(?:[ \t]|>|(?:[-*+]|\d{1,9}[.)])(?=[ \t]))*)"
_TYPES = r"[\w\-]+(?: +[\w\-]+)*"
#: an admonition as Python-Markdown's admonition extension reads it
_ADMONITION = re.compile(
    _PREFIX + r"(?P<mark>!!!) ?(?P<types>" + _TYPES + r')(?: +"(?P<title>.*?)")? *$')
#: a collapsible block as pymdownx.details reads it (a title without a type is allowed)
_DETAILS = re.compile(
    _PREFIX + r"(?P<mark>\?\?\?\+?) ?(?:(?P<types>" + _TYPES + r'?)?(?: +"(?P<title>.*?)")'
    r"|(?P<types2>" + _TYPES + r"?)) *$")
#: anything that starts like a box: two or more ! or ? at the start of a block
_BOXLIKE = re.compile(_PREFIX + r"(?P<mark>!{2,}|\?{2,}\+?)(?P<rest>.*)$")
_GM_WORD = re.compile(r"(?<![\w-])gm(?![\w-])", re.IGNORECASE)
_HEADING = re.compile(_PREFIX + r"(?P<mark>#{1,6})[ \t]+(?P<text>.*?)(?:[ \t]+#+)?[ \t]*$")
_SETEXT = re.compile(r"^(?:[ \t]|>)*(?:=+|-+)[ \t]*$")
_EMPHASIS = re.compile(_PREFIX + r"(?P<mark>\*\*|__|\*|_)(?P<text>[^*_\n]+?)(?P=mark)")
_LEAD = re.compile(_PREFIX + r"(?P<text>[^\W\d_][^:\n]{0,40}):(?:\s|$)")
_FENCE = re.compile(r"^(?:[ \t]|>|(?:[-*+]|\d{1,9}[.)])(?=[ \t]))*(?P<fence>`{3,}|~{3,})")
_QUOTE = re.compile(r"^[ \t]{0,3}>[ ]?")
#: characters that end the leading words of a title: "GM: the cult", "Secret - the tunnel"
_STOP = r"(?=\s*(?:$|[:\-\u2013\u2014(\[,.;!?/|)\]]))"


@dataclass(frozen=True)
class Opener:
    """A line that is a box (an admonition or a collapsible block) to Markdown."""

    line: int
    col: int
    prefix: str
    mark: str
    types: tuple[str, ...]
    #: the quoted title (None: none given, the box shows its first type)
    title: str | None

    @property
    def gm(self) -> bool:
        return "gm" in self.types

    def shown_title(self) -> str:
        """The title the box shows."""
        if self.title is not None:
            return self.title
        return self.types[0].capitalize() if self.types else ""

    def with_class(self, name: str) -> str:
        """The opener line with one more class, ``name`` (the rest as written)."""
        title = "" if self.title is None else f' "{self.title}"'
        return f"{self.prefix}{self.mark} {' '.join((*self.types, name))}{title}"


@dataclass(frozen=True)
class Suspect:
    """A line whose title or first words read as GM-only (``words``: as written)."""

    line: int
    col: int
    kind: TitleKind
    words: str
    #: the line's box, for a box title (its public box is what the players would see)
    opener: Opener | None = None


@dataclass(frozen=True)
class Loose:
    """A line that starts like a GM block, but that Markdown does not read as a box."""

    line: int
    col: int


@dataclass(frozen=True)
class Scan:
    """What one Markdown text holds, line by line (0-based line numbers, 1-based columns)."""

    lines: tuple[str, ...]
    openers: tuple[Opener, ...]
    suspects: tuple[Suspect, ...]
    loose: tuple[Loose, ...]
    code: frozenset[int]

    def body(self, opener: Opener) -> list[int]:
        """The lines the author of a GM block meant to be inside it (see the module
        docstring): those right after it up to a blank line, then further runs of lines
        indented deeper than the block's own line."""
        return _body(self.lines, opener.line)


def lines_of(text: str) -> list[str]:
    """The lines of a text as Markdown reads them (CR LF and CR are line ends too)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def phrases(extra: Iterable[str] = ()) -> tuple[str, ...]:
    """The default words and ``extra`` (from campaign.yaml), normalised, longest first."""
    seen = {_norm(w) for w in (*DEFAULT_WORDS, *extra)}
    return tuple(sorted((w for w in seen if w), key=lambda w: (-len(w), w)))


def _norm(text: str) -> str:
    return " ".join(text.casefold().replace("\u2019", "'").replace("\u02bc", "'").split())


def words_pattern(words: Sequence[str]) -> re.Pattern[str]:
    """A pattern finding a title that reads as GM-only (the module docstring): group
    ``w`` is the words."""
    alternatives = "|".join(
        r"[\s\-]+".join(re.escape(part) for part in re.split(r"[\s\-]+", w)) for w in words)
    return re.compile(
        rf"^[\W_]*(?P<w>{alternatives}){_STOP}|[(\[][\s\W_]*(?P<b>{alternatives})[\s\W_]*[)\]]",
        re.IGNORECASE)


def reads_gm_only(title: str, pattern: re.Pattern[str]) -> str | None:
    """The words of ``title`` that read as GM-only, as written, or None.

    >>> p = words_pattern(phrases())
    >>> [reads_gm_only(t, p) for t in ("GM only", "Secrets", "For the GM:", "Secret Cave",
    ...                                "Tunnels (GM only)", "Для мастера", "Таємниця")]
    ['GM only', 'Secrets', 'For the GM', None, 'GM only', 'Для мастера', 'Таємниця']
    >>> reads_gm_only("Secrets of the Mere", p), reads_gm_only("GM-only: the cult", p)
    (None, 'GM-only')
    """
    found = pattern.search(title.replace("\u2019", "'"))
    if found is None:
        return None
    return found.group("w") or found.group("b")


def scan(text: str, pattern: re.Pattern[str]) -> Scan:
    """The boxes, suspect lines and box-like lines of ``text`` (outside fenced code)."""
    lines = lines_of(text)
    code = _fenced(lines)
    openers: list[Opener] = []
    suspects: list[Suspect] = []
    loose: list[Loose] = []
    for i, line in enumerate(lines):
        if i in code or "!" not in line and "?" not in line and "#" not in line \
                and not _may_lead(line, lines, i):
            continue
        opener = _opener(line, i)
        if opener is not None:
            openers.append(opener)
            if not opener.gm:
                words = reads_gm_only(opener.shown_title(), pattern) or next(
                    (t for t in opener.types if reads_gm_only(t, pattern)), None)
                if words is not None:
                    suspects.append(Suspect(i, opener.col, "box", words, opener))
            continue
        boxlike = _BOXLIKE.match(line)
        if boxlike is not None:
            col = len(boxlike.group("prefix")) + 1
            rest = boxlike.group("rest").strip(" \t\"'")
            if _GM_WORD.search(rest):
                loose.append(Loose(i, col))
            else:
                words = reads_gm_only(rest, pattern)
                if words is not None:
                    suspects.append(Suspect(i, col, "box", words))
            continue
        suspect = _suspect(lines, i, pattern)
        if suspect is not None:
            suspects.append(suspect)
    return Scan(tuple(lines), tuple(openers), tuple(suspects), tuple(loose), frozenset(code))


def _may_lead(line: str, lines: list[str], i: int) -> bool:
    """Whether the line may be a lead-in or a setext heading's text (cheap test first)."""
    return ":" in line or "*" in line or "_" in line or (
        i + 1 < len(lines) and _SETEXT.match(lines[i + 1]) is not None and bool(line.strip()))


def _opener(line: str, i: int) -> Opener | None:
    found = _ADMONITION.match(line) or _DETAILS.match(line)
    if found is None:
        return None
    types = found.group("types") or found.groupdict().get("types2") or ""
    return Opener(i, len(found.group("prefix")) + 1, found.group("prefix"), found.group("mark"),
                  tuple(types.lower().split()), found.group("title"))


def _suspect(lines: list[str], i: int, pattern: re.Pattern[str]) -> Suspect | None:
    line = lines[i]
    heading = _HEADING.match(line)
    if heading is not None:
        words = reads_gm_only(heading.group("text"), pattern)
        col = len(heading.group("prefix")) + 1
        return Suspect(i, col, "heading", words) if words else None
    if i + 1 < len(lines) and _SETEXT.match(lines[i + 1]) and line.strip() \
            and (i == 0 or not lines[i - 1].strip()):
        words = reads_gm_only(line.strip(" \t>"), pattern)
        col = len(line) - len(line.lstrip(" \t>")) + 1
        return Suspect(i, col, "heading", words) if words else None
    for lead in (_EMPHASIS.match(line), _LEAD.match(line)):
        if lead is None:
            continue
        text = lead.group("text").strip()
        words = reads_gm_only(text, pattern)
        # the whole lead-in must read so: "**Secret passages** run..." is a sentence
        if words is not None and _norm(text.rstrip(":")) == _norm(words):
            return Suspect(i, len(lead.group("prefix")) + 1, "lead-in", words)
    return None


def _fenced(lines: list[str]) -> set[int]:
    """The lines of fenced code blocks, their fences included."""
    inside: set[int] = set()
    fence: str | None = None
    for i, line in enumerate(lines):
        found = _FENCE.match(line)
        if fence is None:
            if found is not None:
                fence = found.group("fence")
                inside.add(i)
            continue
        inside.add(i)
        if found is not None and found.group("fence")[0] == fence[0] \
                and len(found.group("fence")) >= len(fence) \
                and not line[found.end():].strip():
            fence = None
    return inside


def _unquoted(line: str) -> str:
    while True:
        found = _QUOTE.match(line)
        if found is None:
            return line
        line = line[found.end():]


def _blank(line: str) -> bool:
    return not _unquoted(line).strip()


def _indent(line: str) -> int:
    text = _unquoted(line).expandtabs(4)
    return len(text) - len(text.lstrip(" "))


def _starts_block(line: str) -> bool:
    """Whether an unindented line starts a block of its own (a heading, a box, a fence)."""
    text = _unquoted(line).lstrip(" ")
    return bool(re.match(r"#{1,6}[ \t]|!!!|\?\?\?|`{3,}|~{3,}", text))


def _body(lines: Sequence[str], at: int) -> list[int]:
    base = _indent(lines[at])
    j = at + 1
    while j < len(lines) and _blank(lines[j]):
        j += 1
    body: list[int] = []
    while j < len(lines):
        if _blank(lines[j]):
            k = j
            while k < len(lines) and _blank(lines[k]):
                k += 1
            if k < len(lines) and _indent(lines[k]) > base:
                j = k
                continue
            break
        if body and _indent(lines[j]) <= base and _starts_block(lines[j]):
            break
        body.append(j)
        j += 1
    return body
