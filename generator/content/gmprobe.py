"""Whether the lines where a GM meant a secret (``content.secrets``) reach the players.

The field is rendered once more, as the sites render it (``content.markdown``), with a probe
word no text holds added to each line of interest: a class added to a box's line, a word at
the end of any other line. What the players' rendering keeps of the probe words tells, for
each line, whether the players would read it; so a GM block is judged by the parser that
draws the boxes, in lists, block quotes, with tabs or CR LF line ends alike, not by a
pattern.

- A ``gm`` box that is a box to Markdown and whose meant content (``Scan.body``) is empty,
  or has a line the players' rendering keeps: an error (``empty``, ``leak``).
- A line that starts like a GM block and is public text: an error (``loose``).
- A line whose title reads as GM-only and is public (not in code): a warning.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from generator.content.secrets import Opener, Scan, scan

if TYPE_CHECKING:
    from generator.content.markdown import MarkdownRenderer

FindingKind = Literal["empty", "leak", "loose", "box", "heading", "lead-in"]

_CODE = re.compile(r"<(pre|code)\b[^>]*>.*?</\1>", re.DOTALL)
_ATTR_LIST = re.compile(r"[ \t]*\{[^{}\n]*\}[ \t]*$")


@dataclass(frozen=True)
class Finding:
    """A problem at a line of a Markdown text (0-based line, 1-based column)."""

    line: int
    col: int
    kind: FindingKind
    #: the words that read as GM-only (warnings), as written
    words: str = ""
    #: the first line that would be public (``leak``), 0-based
    leaked: int | None = None

    @property
    def severity(self) -> Literal["error", "warning"]:
        return "error" if self.kind in ("empty", "leak", "loose") else "warning"


class _Probe:
    """The text with a probe word on each line of interest."""

    def __init__(self, found: Scan) -> None:
        self.lines = list(found.lines)
        salt = 0
        joined = "\n".join(found.lines).casefold()
        while f"hxprobe{salt}x" in joined:
            salt += 1
        self.stem = f"hxprobe{salt}x"
        #: line -> its probe word
        self.words: dict[int, str] = {}
        self.openers = {o.line: o for o in found.openers}

    def mark(self, line: int) -> str:
        """The probe word of ``line`` (added once)."""
        word = self.words.get(line)
        if word is not None:
            return word
        word = self.words[line] = f"{self.stem}{line}z"
        opener = self.openers.get(line)
        text = self.lines[line]
        if opener is not None:
            self.lines[line] = opener.with_class(word)
        else:
            attrs = _ATTR_LIST.search(text)
            cut = attrs.start() if attrs else len(text.rstrip(" \t"))
            self.lines[line] = f"{text[:cut]} {word}{text[cut:]}"
        return word

    def text(self) -> str:
        return "\n".join(self.lines)


def _testable(line: str) -> bool:
    """Lines a probe word may be added to without changing what Markdown makes of the text:
    they hold a letter or a digit and are no code fence."""
    stripped = line.lstrip(" \t>")
    return any(c.isalnum() for c in line) and not stripped.startswith(("```", "~~~"))


def find_secrets(text: str, pattern: re.Pattern[str],
                 renderer: Callable[[], MarkdownRenderer] | None = None) -> list[Finding]:
    """The problems of one Markdown field (the module docstring), in line order.
    ``renderer`` gives a renderer that renders as the sites do, asked for only when the
    field has lines to probe (default: one with the sites' built-in extensions)."""
    found = scan(text, pattern)
    gm_boxes = [o for o in found.openers if o.gm]
    if not found.suspects and not found.loose and all(_plainly_hidden(found, o)
                                                      for o in gm_boxes):
        return []
    probe = _Probe(found)
    bodies: dict[int, list[int]] = {}
    for opener in gm_boxes:
        probe.mark(opener.line)
        bodies[opener.line] = [j for j in found.body(opener) if _testable(found.lines[j])]
        for j in bodies[opener.line]:
            probe.mark(j)
    for line in (*(s.line for s in found.suspects), *(x.line for x in found.loose)):
        probe.mark(line)
    from generator.content.markdown import MarkdownRenderer, strip_gm

    gm_html = (renderer() if renderer is not None else MarkdownRenderer()).html(probe.text())
    public = strip_gm(gm_html)
    boxes_html, public_text = _CODE.sub("", gm_html), _CODE.sub("", public)
    findings: list[Finding] = []
    leaked_lines: set[int] = set()
    for opener in gm_boxes:
        if probe.words[opener.line] not in boxes_html:
            continue  # not a box to Markdown: code, or dropped
        finding = _gm_box(opener, found.body(opener), bodies[opener.line], probe, public)
        if finding is not None:
            findings.append(finding)
            leaked_lines.update(found.body(opener))
    for loose in found.loose:
        if probe.words[loose.line] in public_text:
            findings.append(Finding(loose.line, loose.col, "loose"))
            leaked_lines.add(loose.line)
    for suspect in found.suspects:
        if suspect.line not in leaked_lines and probe.words[suspect.line] in public_text:
            findings.append(Finding(suspect.line, suspect.col, suspect.kind, suspect.words))
    return sorted(findings, key=lambda f: (f.line, f.col))


def _plainly_hidden(found: Scan, opener: Opener) -> bool:
    """Whether a GM box is written the plain way, whose text Markdown always puts inside it
    (so no rendering needs to tell): at the start of a line, after a blank line or at the
    start of the text, every line of its text indented four spaces or a tab, and no raw
    HTML nor code fence anywhere in the text (in an HTML block, a box is text)."""
    if opener.prefix or opener.line > 0 and found.lines[opener.line - 1].strip():
        return False
    body = found.body(opener)
    if not body or any(_indent(found.lines[j]) < 4 for j in body):
        return False
    return not any(line.lstrip().startswith(("<", "```", "~~~")) for line in found.lines)


def _indent(line: str) -> int:
    text = line.expandtabs(4)
    return len(text) - len(text.lstrip(" "))


def _gm_box(opener: Opener, body: list[int], tested: list[int], probe: _Probe,
            public: str) -> Finding | None:
    if not body:
        return Finding(opener.line, opener.col, "empty")
    for j in tested:
        if probe.words[j] in public:
            return Finding(opener.line, opener.col, "leak", leaked=j)
    return None
