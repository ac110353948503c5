"""A Markdown file's YAML front matter, split from its body.

Kept apart from ``generator.content.markdown`` (which brings in the Markdown library) so
that reading content needs nothing heavy.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_FENCE = re.compile(r"^---\s*$")


@dataclass(frozen=True)
class FrontMatterDoc:
    front: str | None
    body: str
    #: 1-based line of the first front-matter line (the line after the opening ---)
    front_line: int
    body_line: int


def split_front_matter(text: str) -> FrontMatterDoc:
    """The front matter between the first two ``---`` lines and the body after them; no
    front matter (``front`` None, the whole text the body) when the text does not start so."""
    if not text.lstrip("\ufeff").startswith("---"):  # (a page of a thousand lines: unsplit)
        return FrontMatterDoc(None, text, 1, 1)
    lines = text.splitlines(keepends=True)
    if lines and lines[0].lstrip("\ufeff").rstrip() == "---":
        for i in range(1, len(lines)):
            if _FENCE.match(lines[i]):
                return FrontMatterDoc("".join(lines[1:i]), "".join(lines[i + 1 :]), 2, i + 2)
    return FrontMatterDoc(None, text, 1, 1)
