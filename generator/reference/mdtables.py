"""Read back the tables of a generated sheet (for tests and checks): each table follows a
``<!-- table: ID -->`` marker written by ``site_templates/reference/_macros.md``.

>>> md = "<!-- table: t -->\\n<div markdown>\\n\\n| a | b |\\n| :-- | :-: |\\n| 1 | x \\\\| y |\\n"
>>> tables_in(md)["t"].rows
[['1', 'x | y']]
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

_MARKER = re.compile(r"<!-- table: ([\w.-]+) -->")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")


@dataclass
class ParsedTable:
    id: str
    headers: list[str]
    rows: list[list[str]]

    def column(self, index: int) -> list[str]:
        return [row[index] for row in self.rows]

    def by_label(self) -> dict[str, list[str]]:
        """Rows keyed by their first cell."""
        return {row[0]: row[1:] for row in self.rows}


def split_row(line: str) -> list[str]:
    """The cells of one Markdown table row (``\\|`` is a pipe inside a cell)."""
    body = line.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|") and not body.endswith("\\|"):
        body = body[:-1]
    cells = re.split(r"(?<!\\)\|", body)
    return [c.strip().replace("\\|", "|") for c in cells]


def tables_in(markdown: str) -> dict[str, ParsedTable]:
    """Every marked table of a page, by id."""
    out: dict[str, ParsedTable] = {}
    lines = markdown.splitlines()
    for i, line in enumerate(lines):
        m = _MARKER.search(line)
        if not m:
            continue
        j = i + 1
        while j < len(lines) and not lines[j].lstrip().startswith("|"):
            j += 1
        block: list[str] = []
        while j < len(lines) and lines[j].lstrip().startswith("|"):
            block.append(lines[j])
            j += 1
        if len(block) < 2:
            continue
        headers = split_row(block[0])
        rows = [split_row(b) for b in block[2:]]
        out[m.group(1)] = ParsedTable(m.group(1), headers, rows)
    return out


def plain(cell: str) -> str:
    """A cell as it reads on paper: links become their text, emphasis marks and inline tags
    go, character references are read (campaign text is written as references)."""
    text = _LINK.sub(r"\1", cell)
    text = re.sub(r"(\*\*|__|\*|`)", "", text)
    text = re.sub(r"<[^>]+>", "", text)
    return html.unescape(text).strip()
