"""Markdown with YAML front matter, and the ``!!! gm`` / ``??? gm`` blocks.

A GM block is an admonition of type ``gm``: a line ``!!! gm "Title"`` (or ``??? gm``,
``???+ gm`` for the collapsible forms) followed by indented lines. ``strip_gm_blocks`` removes
such blocks completely, so the players' build is made from text that never held them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_FENCE = re.compile(r"^---\s*$")
_GM_START = re.compile(r"^(?P<indent>[ \t]*)(!!!|\?\?\?\+?)\s+gm\b.*$")
#: an HTML comment; one left open runs to the end of the text (as a browser reads it), so
#: a forgotten ``-->`` hides the rest rather than leaking it to players
_HTML_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)


@dataclass(frozen=True)
class FrontMatterDoc:
    front: str | None
    body: str
    #: 1-based line of the first front-matter line (the line after the opening ---)
    front_line: int
    body_line: int


def split_front_matter(text: str) -> FrontMatterDoc:
    lines = text.splitlines(keepends=True)
    if lines and lines[0].lstrip("\ufeff").rstrip() == "---":
        for i in range(1, len(lines)):
            if _FENCE.match(lines[i]):
                return FrontMatterDoc("".join(lines[1:i]), "".join(lines[i + 1 :]), 2, i + 2)
    return FrontMatterDoc(None, text, 1, 1)


def _indent_width(line: str) -> int:
    expanded = line.expandtabs(4)
    return len(expanded) - len(expanded.lstrip(" "))


def strip_gm_blocks(markdown: str) -> str:
    """Remove every ``gm`` admonition and every HTML comment (GM notes often hide there)."""
    lines = markdown.splitlines(keepends=True)
    out: list[str] = []
    i = 0
    while i < len(lines):
        m = _GM_START.match(lines[i])
        if not m:
            out.append(lines[i])
            i += 1
            continue
        base = _indent_width(m.group("indent"))
        i += 1
        while i < len(lines):
            line = lines[i]
            if line.strip() == "" or _indent_width(line) > base:
                i += 1
                continue
            break
        # keep one blank line where the block stood so paragraphs do not merge
        if out and out[-1].strip():
            out.append("\n")
    return _HTML_COMMENT.sub("", "".join(out))


def has_gm_blocks(markdown: str) -> bool:
    return any(_GM_START.match(line) for line in markdown.splitlines())
