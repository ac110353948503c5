"""Placing text on a map so that no two labels overlap and none leaves the canvas.

The map writer knows where every icon and marker is; this module estimates how much room a
text takes and picks, for each label in order of importance, the first candidate position
that is free: positions around the thing it names, then a smaller size, then nothing (the
name stays in the tooltip). Placed labels become obstacles for the next.

Widths are estimated from the characters, with per-class widths taken from DejaVu Sans
(Debian Chromium's ``system-ui`` and the widest of the usual sans-serif fonts) at weight 600,
rounded up: Cyrillic letters are wider than Latin ones, capitals than small letters, so
Russian and Ukrainian names get more room. ``tests/e2e/test_browser.py`` holds the estimates to
the widths Chromium really renders.

>>> round(text_width("Ashford", 10), 1) >= 44.1    # Chromium: 44.1
True
>>> text_width("Кестрельский мост", 10) > text_width("Kestrelskii most", 10)
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

#: Width of a character in em (font size), by class; the default covers what is not listed.
_NARROW = set("iljI!|.,:;'’`")
_SEMI = set("ftr ()[]-/\"")
_WIDE = set("mwMW@%")
_WIDEST = set("MWШЩЖЮ")
_CYR_WIDE = set("жшщыюмЖШЩЫЮМ")
#: Ascent and descent of a line (capitals with diacritics, descenders), in em.
ASCENT = 1.0
DESCENT = 0.28
#: Distance between the baselines of a two-line label, in em.
LINE_GAP = 1.1


def _char_width(ch: str) -> float:
    if ch in _NARROW:
        return 0.36
    if ch in _SEMI:
        return 0.48
    if ch in _WIDEST:
        return 1.3 if ch in "ШЩЖЮ" else 1.12
    if ch in _WIDE or ch in _CYR_WIDE:
        return 1.04
    if "\u0400" <= ch <= "\u04ff":  # Cyrillic
        return 0.8 if ch.isupper() else 0.7
    if ch.isdigit():
        return 0.71
    if ch.isupper():
        return 0.8
    return 0.64


def text_width(text: str, size: float, italic: bool = False) -> float:
    """A conservative estimate of the advance width of ``text`` at ``size`` (weight 600;
    ``italic`` for the lighter italic path and hex names)."""
    return _ems(text) * size * (0.93 if italic else 1.0) * 1.04


def _ems(text: str) -> float:
    """The width of ``text`` in em."""
    return sum(_char_width(ch) for ch in text)


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle (x0 <= x1, y0 <= y1)."""

    x0: float
    y0: float
    x1: float
    y1: float

    def overlaps(self, other: Box) -> bool:
        return (self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1
                and other.y0 < self.y1)

    def inside(self, outer: Box) -> bool:
        return (self.x0 >= outer.x0 and self.y0 >= outer.y0 and self.x1 <= outer.x1
                and self.y1 <= outer.y1)

    def grow(self, by: float) -> Box:
        return Box(self.x0 - by, self.y0 - by, self.x1 + by, self.y1 + by)

    def union(self, other: Box) -> Box:
        return Box(min(self.x0, other.x0), min(self.y0, other.y0), max(self.x1, other.x1),
                   max(self.y1, other.y1))


#: How far a movable box is moved for a name, tried in turn: to its first spots only (a
#: hex label to the middle of its hex), then to any (to its foot, too).
MOVE_REACH = (2, 99)


def around(x: float, y: float, r: float) -> Box:
    return Box(x - r, y - r, x + r, y + r)


@dataclass(frozen=True)
class Label:
    """A placed text: its lines, anchor point (first baseline), size and anchor."""

    lines: tuple[str, ...]
    x: float
    y: float
    size: float
    anchor: str  # start | middle | end
    italic: bool = False

    @property
    def box(self) -> Box:
        return label_box(self.lines, self.x, self.y, self.size, self.anchor, self.italic)


def label_box(lines: Sequence[str], x: float, y: float, size: float, anchor: str,
              italic: bool = False) -> Box:
    """The room a label takes: ``y`` is the baseline of its first line."""
    width = max(text_width(line, size, italic) for line in lines)
    x0 = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
    top = y - ASCENT * size
    bottom = y + (len(lines) - 1) * LINE_GAP * size + DESCENT * size
    return Box(x0, top, x0 + width, bottom)


def two_lines(text: str) -> tuple[str, str] | None:
    """``text`` broken at the space nearest its middle, or None without a space."""
    spaces = [i for i, ch in enumerate(text) if ch == " "]
    if not spaces:
        return None
    middle = len(text) / 2
    i = min(spaces, key=lambda s: (abs(s - middle), s))
    return text[:i], text[i + 1:]


class Placer:
    """Boxes taken so far, in a coarse grid for quick overlap tests. Some may be movable
    (``movable``): a printed map's hex labels, each of which may move to another spot in
    its hex to make room for a name (``make_room``)."""

    CELL = 24.0

    def __init__(self, canvas: Box) -> None:
        self.canvas = canvas
        self.cells: dict[tuple[int, int], list[Box]] = {}
        #: id of a movable box -> (its key, the box, the spots it may move to)
        self.movable: dict[int, tuple[str, Box, tuple[Box, ...]]] = {}
        #: key -> where a movable box is now, once it has moved
        self.moved: dict[str, Box] = {}

    def _cells(self, box: Box) -> list[tuple[int, int]]:
        cell = self.CELL
        x0, x1 = math.floor(box.x0 / cell), math.floor(box.x1 / cell)
        y0, y1 = math.floor(box.y0 / cell), math.floor(box.y1 / cell)
        if x0 == x1 and y0 == y1:
            return [(x0, y0)]
        return [(cx, cy) for cx in range(x0, x1 + 1) for cy in range(y0, y1 + 1)]

    def free(self, box: Box) -> bool:
        cells = self.cells
        for cell in self._cells(box):
            for other in cells.get(cell, ()):
                if other.overlaps(box):
                    return False
        return True

    def hits(self, box: Box) -> list[Box]:
        found: list[Box] = []
        for cell in self._cells(box):
            for other in self.cells.get(cell, ()):
                if other.overlaps(box) and other not in found:
                    found.append(other)
        return found

    def take(self, box: Box) -> None:
        cells = self.cells
        for cell in self._cells(box):
            taken = cells.get(cell)
            if taken is None:
                cells[cell] = [box]
            else:
                taken.append(box)

    def take_all(self, boxes: Iterable[Box]) -> None:
        for box in boxes:
            self.take(box)

    def take_movable(self, key: str, box: Box, spots: Sequence[Box]) -> None:
        """Take ``box``, which may later move to any of ``spots`` (its own among them) that
        is free, and on from there."""
        self.take(box)
        self.movable[id(box)] = (key, box, tuple(spots))

    def drop(self, box: Box) -> None:
        """Give back a box taken (that very one, not an equal one)."""
        for cell in self._cells(box):
            taken = self.cells.get(cell, [])
            taken[:] = [other for other in taken if other is not box]

    def make_room(self, boxes: Sequence[Box], reach: int = 99) -> bool:
        """Take ``boxes`` if all that they overlap is movable and can move to another of
        its first ``reach`` spots, clear of them and of everything else; else change
        nothing and answer False."""
        blocking: dict[int, tuple[str, Box, tuple[Box, ...]]] = {}
        for box in boxes:
            for hit in self.hits(box):
                found = self.movable.get(id(hit))
                if found is None:
                    return False
                blocking[id(hit)] = found
        if not blocking:
            return False
        chosen: list[tuple[str, Box, Box, tuple[Box, ...]]] = []
        for key, old, spots in blocking.values():
            spot = next((s for s in spots[:reach] if s != old
                         and not any(s.overlaps(b) for b in boxes)
                         and not any(s.overlaps(c) for _, _, c, _ in chosen)
                         # what it overlaps moves away too
                         and all(id(h) in blocking for h in self.hits(s))), None)
            if spot is None:
                return False
            chosen.append((key, old, spot, spots))
        for key, old, spot, spots in chosen:
            self.drop(old)
            del self.movable[id(old)]
            self.take_movable(key, spot, spots)
            self.moved[key] = spot
        self.take_all(boxes)
        return True


#: Name candidates around an icon of half-size ``r``, best first: (dx in icon radii from
#: the centre to the anchor point, text anchor, and the name below / above / beside it).
_SPOTS: tuple[tuple[float, str, str], ...] = (
    (0, "middle", "below"), (0, "middle", "above"), (1.2, "start", "beside"),
    (-1.2, "end", "beside"), (0.7, "start", "below"), (-0.7, "end", "below"),
    (0.7, "start", "above"), (-0.7, "end", "above"),
)


def name_candidates(text: str, x: float, y: float, r: float, sizes: Sequence[float],
                    ) -> Iterator[Label]:
    """Where a name may go around a thing of half-size ``r`` at (x, y), best first: each
    size in turn, one line and (for a name with a space) two lines, every spot."""
    for label, _ in boxed_name_candidates(text, x, y, r, sizes):
        yield label


def boxed_name_candidates(text: str, x: float, y: float, r: float, sizes: Sequence[float],
                          ) -> Iterator[tuple[Label, Box]]:
    """``name_candidates`` with each one's box (the text measured once per size and
    layout). Anchors are set on whole units: half a unit is nothing at a name's size, and
    it saves bytes on every name."""
    split = two_lines(text)
    layouts: list[tuple[str, ...]] = [(text,)]
    if split is not None:
        layouts.append(split)
    for size in sizes:
        for lines in layouts:
            width = max(text_width(line, size) for line in lines)
            height = ASCENT * size + (len(lines) - 1) * LINE_GAP * size + DESCENT * size
            for dx, anchor, vertical in _SPOTS:
                ax = round(x + dx * r)
                # rounded away from the thing named, so as to keep clear of it
                if vertical == "below":
                    ay = math.ceil(y + r + ASCENT * size)
                elif vertical == "above":
                    ay = math.floor(y - r - height + ASCENT * size)
                else:
                    ay = round(y - height / 2 + ASCENT * size)
                x0 = ax - width / 2 if anchor == "middle" else ax - width if anchor == "end" \
                    else ax
                top = ay - ASCENT * size
                yield (Label(lines, ax, ay, size, anchor),
                       Box(x0, top, x0 + width, top + height))


def place(placer: Placer, candidates: Iterable[Label], inside: Box | None = None,
          avoid: Placer | None = None) -> Label | None:
    """The first candidate that is free (and inside ``inside``, and clear of what ``avoid``
    holds, when given); it is taken."""
    return place_boxed(placer, ((label, label.box) for label in candidates), inside, avoid)


def place_boxed(placer: Placer, candidates: Iterable[tuple[Label, Box]],
                inside: Box | None = None, avoid: Placer | None = None) -> Label | None:
    """``place`` over candidates whose boxes were found before (a name placed on many maps
    at the same spot: its candidates are the same each time)."""
    if placer.movable:
        # a printed map: a name that fits nowhere may yet fit where a hex label can move
        # out of its way (``Placer.make_room``), tried after every spot that is free
        candidates = list(candidates)
    for label, box in candidates:
        if inside is not None and not box.inside(inside):
            continue
        if avoid is not None and not avoid.free(box):
            continue
        if placer.free(box):
            placer.take(box)
            return label
    for reach in MOVE_REACH if placer.movable else ():
        for label, box in candidates:
            if inside is not None and not box.inside(inside):
                continue
            if avoid is not None and not avoid.free(box):
                continue
            if placer.make_room((box,), reach):
                return label
    return None
