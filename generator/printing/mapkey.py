"""The key of a printed map: the names its page has no room for, listed by hex number
beside it (``key_rows``), and where that list goes: under the map and its legend as far as
it fits there, the rest on pages of its own after the map (``key_pages``).

The page is laid out by Chromium, but a list cut off at the page's edge would lose names
without a word, so the room the legend and the key take is worked out here, generously:
a name is never left out, at worst the key starts on the next page."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

#: The key's and the legend's text: 7.5 pt, a line 1.3 of it; a character is taken as
#: 0.56 em wide (a little wider than most: the estimate must not fall short), in mm.
_LINE_MM = 7.5 * 1.3 * 25.4 / 72
_CHAR_MM = 7.5 * 0.56 * 25.4 / 72
#: A key column's least width (under the map, beside it) and the gap between two; the
#: key's heading and margins.
KEY_COLUMN_MM = 36.0
KEY_SIDE_COLUMN_MM = 28.0
KEY_GAP_MM = 4.0
KEY_HEAD_MM = 10.0
#: The heading's length in characters, as long as its longest translation or longer.
_HEAD_CHARS = 70
#: A row's lines after its first are indented (``site_templates/print/map.html``).
_INDENT_MM = 2.0
#: A legend row: a swatch 4.2 mm tall and the gap under it; the room around an item.
_LEGEND_ROW_MM = 5.0
_LEGEND_ITEM_MM = 11.0


@dataclass(frozen=True)
class KeyRow:
    """One line of the key: the hex numbers to look for, and the name (with a path's
    kind)."""

    where: str
    name: str


def key_rows(entries: Iterable[Any], t: Any) -> list[KeyRow]:
    """The key's rows, by the first hex they name: a place's or hex's numbers (several for
    neighbouring hexes sharing a name), a path's first and last hex."""
    rows: list[tuple[str, KeyRow]] = []
    for entry in entries:
        if entry.kind is None:
            where = ", ".join(sorted(entry.hexes))
            name = entry.name
        else:
            where = "–".join(entry.hexes)
            # TRANSLATORS: a road's or river's name in a printed map's key, and its kind
            name = t.gettext("%(name)s (%(kind)s)", name=entry.name,
                             kind=t.label("path", entry.kind))
        rows.append((min(entry.hexes) if entry.kind is None else entry.hexes[0],
                     KeyRow(where, name)))
    return [row for _, row in sorted(rows, key=lambda r: (r[0], r[1].name))]


def columns(width_mm: float, least_mm: float = KEY_COLUMN_MM) -> int:
    """How many columns, at least ``least_mm`` wide, the key has in ``width_mm``."""
    return max(1, int((width_mm + KEY_GAP_MM) // (least_mm + KEY_GAP_MM)))


def _row_lines(row: KeyRow, column_mm: float) -> int:
    """The lines a row takes in a column ``column_mm`` wide: its words wrapped one after
    another, a line after the first indented by ``_INDENT_MM``, a word too long for a
    line broken (a few more lines than Chromium sets: a key cut short loses names)."""
    lines, used = 1, 0.0
    for word in f"{row.where} {row.name}".split():
        size = len(word) * _CHAR_MM
        width = column_mm - (_INDENT_MM if lines > 1 else 0)
        if used and used + _CHAR_MM + size > width:
            lines, used = lines + 1, 0.0
            width = column_mm - _INDENT_MM
        if size > width:
            lines += math.ceil(size / width) - 1
            size = size % width
        used += (_CHAR_MM if used else 0) + size
    return lines


def head_height(width_mm: float) -> float:
    """The room the key's heading takes on a key ``width_mm`` wide: ``KEY_HEAD_MM``, more
    where it wraps (a heading of up to ``_HEAD_CHARS`` characters, in bold 8.5 pt)."""
    lines = math.ceil(_HEAD_CHARS * _CHAR_MM * 8.5 / 7.5 * 1.1 / width_mm)
    return max(KEY_HEAD_MM, lines * _LINE_MM * 8.5 / 7.5 + 3)


def _fill(rows: Sequence[KeyRow], width_mm: float, height_mm: float, cols: int) -> int:
    """How many of ``rows`` fit in a key of that size (its heading included) in ``cols``
    columns filled one after another, a row never split."""
    column_mm = (width_mm - (cols - 1) * KEY_GAP_MM) / cols
    per_column = int((height_mm - head_height(width_mm)) // _LINE_MM)
    taken, col, used = 0, 0, 0
    for row in rows:
        lines = _row_lines(row, column_mm)
        if used + lines > per_column:
            col, used = col + 1, 0
            if col >= cols or lines > per_column:
                break
        used += lines
        taken += 1
    return taken


def legend_height(items: Iterable[str], width_mm: float) -> float:
    """The height the legend's rows take on a frame ``width_mm`` wide (its items' words,
    markup stripped), a long item wrapped over lines."""
    rows, used = 1, 0.0
    lines = 0
    for words in items:
        size = len(re.sub(r"<[^>]*>", "", words)) * _CHAR_MM + _LEGEND_ITEM_MM
        if size > width_mm:
            lines += math.ceil(size / width_mm) - 1
            size = width_mm
        if used and used + size > width_mm:
            rows, used = rows + 1, 0.0
        used += size
    return (rows + lines + 1) * _LEGEND_ROW_MM  # the scale's note may take a row of its own


def key_pages(rows: Sequence[KeyRow], width_mm: float, here_mm: float, page_mm: float,
              cols: int) -> tuple[list[KeyRow], list[list[KeyRow]]]:
    """The rows by the map (as many as fit in ``here_mm``: the page's room is not left
    empty) and the rest on pages of their own, ``page_mm`` tall each, in ``cols``
    columns."""
    here = _fill(rows, width_mm, here_mm, cols) if here_mm > head_height(width_mm) else 0
    pages: list[list[KeyRow]] = []
    left = list(rows[here:])
    while left:
        n = max(1, _fill(left, width_mm, page_mm, cols))
        pages.append(left[:n])
        left = left[n:]
    return list(rows[:here]), pages
