"""Roll tables: ``roll:`` cells, ranges from weights, coverage and nesting checks.

A table either names its dice and gives each row a ``roll`` (``3``, ``"1-2"``, ``"95-00"``)
or omits them and gives ``weight``s; then the smallest standard die (d4, d6, d8, d10, d12,
d20, d100) whose faces the total weight fits exactly is chosen, else a dN with N the total (a
one-row table rolls 1d1: its one row, every time).

Every check here works on ranges, never on single faces, so it costs the same for a d6 as
for the largest dice allowed, and on the graph of nested tables in time linear in its size.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from generator.diagnostics import N_, MessageError
from generator.dice import DiceSpec, parse_dice

STANDARD_DICE = (4, 6, 8, 10, 12, 20, 100)
#: The most results a table's dice (or its total weight) may have: 1d1000, 10d100, 2d500...
#: Every result must have its row, and the printed sheets give the chance of each row.
MAX_RESULTS = 1000
#: How deep tables may nest: a row's ``table:`` leads to another table, whose row may lead to
#: a third... at most ``MAX_NESTING`` such steps below the table rolled first.
MAX_NESTING = 10
_RANGE = re.compile(r"^\s*(\d+)\s*(?:[-–]\s*(\d+))?\s*\+?\s*$")


def parse_roll_cell(cell: str | int, dice: DiceSpec) -> tuple[int, int]:
    """``"1-2"`` -> (1, 2). On a d100, ``00`` means 100. Raises ``MessageError``."""
    text = str(cell)
    m = _RANGE.match(text)
    if not m:
        raise MessageError(N_("'%(text)s' is not a roll or range such as 3 or 1-2", text=text))
    if len(m.group(1)) > 9 or len(m.group(2) or "") > 9:
        raise MessageError(N_("'%(text)s' is not a roll the dice can make", text=text))
    low = int(m.group(1))
    high = int(m.group(2)) if m.group(2) else low
    if dice.count == 1 and dice.sides == 100:
        low = 100 if m.group(1) in ("00", "000") else low
        # a cell of one result ("00") is that result: 100, not a range back down to 0
        high = 100 if m.group(2) in ("00", "000") else high if m.group(2) else low
    if text.strip().endswith("+"):
        high = dice.high
    if low > high:
        raise MessageError(N_("range '%(text)s' runs backwards", text=text))
    return low, high


def dice_for_weights(total: int) -> str:
    for sides in STANDARD_DICE:
        if total == sides:
            return f"1d{sides}"
    return f"1d{total}"


def ranges_from_weights(weights: list[int]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    low = 1
    for w in weights:
        out.append((low, low + w - 1))
        low += w
    return out


@dataclass(frozen=True)
class Coverage:
    """How the rows' ranges cover the results ``low``-``high`` of a table's dice.

    ``outside``: rows reaching past the dice; ``overlaps``: (row, other row, first, last)
    for each row sharing results with a row before it (in value order); ``gaps``: runs of
    results no row covers, as (first, last). Rows are 0-based indexes.
    """

    outside: tuple[int, ...] = ()
    overlaps: tuple[tuple[int, int, int, int], ...] = ()
    gaps: tuple[tuple[int, int], ...] = ()

    @property
    def exact(self) -> bool:
        return not (self.outside or self.overlaps or self.gaps)


def coverage(ranges: Sequence[tuple[int, int]], low: int, high: int) -> Coverage:
    """Check that ``ranges`` cover ``low``-``high`` exactly once, in O(n log n) for n rows.

    >>> coverage([(1, 2), (3, 8)], 1, 8).exact
    True
    >>> coverage([(1, 3), (3, 9)], 1, 8)
    Coverage(outside=(1,), overlaps=((1, 0, 3, 3),), gaps=())
    >>> coverage([(1, 2), (5, 8)], 1, 8).gaps
    ((3, 4),)
    """
    outside = tuple(i for i, (a, b) in enumerate(ranges) if a < low or b > high)
    clipped = sorted((max(a, low), min(b, high), i) for i, (a, b) in enumerate(ranges)
                     if max(a, low) <= min(b, high))
    overlaps: list[tuple[int, int, int, int]] = []
    gaps: list[tuple[int, int]] = []
    reach, reach_row = low - 1, -1  # the highest result covered so far, and by which row
    for a, b, i in clipped:
        if a > reach + 1:
            gaps.append((reach + 1, a - 1))
        elif a <= reach:
            later, earlier = max(i, reach_row), min(i, reach_row)
            overlaps.append((later, earlier, a, min(b, reach)))
        if b > reach:
            reach, reach_row = b, i
    if reach < high:
        gaps.append((reach + 1, high))
    overlaps.sort()
    return Coverage(outside, tuple(overlaps), tuple(gaps))


@dataclass(frozen=True)
class Nesting:
    """The graph of nested tables: one cycle per group of tables that lead back to
    themselves, and each chain deeper than ``MAX_NESTING`` (from its top)."""

    cycles: tuple[tuple[str, ...], ...] = ()
    too_deep: tuple[tuple[str, ...], ...] = field(default=())


def nesting(edges: Mapping[str, Sequence[str]], limit: int = MAX_NESTING) -> Nesting:
    """Cycles and over-deep chains of ``table -> tables its rows roll on``, in linear time.

    A cycle is given from its first table (by id) back to it: ``("b", "c", "b")``. A chain too
    deep is the longest path from a table that no other over-deep chain reaches into.

    >>> nesting({"a": ["b"], "b": ["a"], "c": []}).cycles
    (('a', 'b', 'a'),)
    >>> nesting({"a": ["b"], "b": ["c"], "c": []}, limit=1).too_deep
    (('a', 'b', 'c'),)
    """
    graph = {t: [n for n in edges[t] if n in edges] for t in sorted(edges)}
    components = _strongly_connected(graph)
    cyclic: set[str] = set()
    cycles: list[tuple[str, ...]] = []
    for comp in components:
        if len(comp) > 1 or comp[0] in graph[comp[0]]:
            cyclic.update(comp)
            cycles.append(_cycle_through(min(comp), set(comp), graph))
    # the longest chain below each table, over the tables outside any cycle (components come
    # out of Tarjan's algorithm in reverse topological order: successors first)
    height: dict[str, int] = {}
    below: dict[str, str | None] = {}
    for comp in components:
        t = comp[0]
        if len(comp) > 1 or t in cyclic:
            continue
        best, via = 0, None
        for n in graph[t]:
            if n not in cyclic and height[n] + 1 > best:
                best, via = height[n] + 1, n
        height[t], below[t] = best, via
    deep = {t for t, h in height.items() if h > limit}
    reached = {n for t in deep for n in graph[t] if n in deep}
    chains: list[tuple[str, ...]] = []
    for top in sorted(deep - reached):
        chain = [top]
        while (nxt := below[chain[-1]]) is not None:
            chain.append(nxt)
        chains.append(tuple(chain))
    return Nesting(tuple(sorted(cycles)), tuple(chains))


def _strongly_connected(graph: Mapping[str, Sequence[str]]) -> list[list[str]]:
    """Tarjan's algorithm without recursion: the components, successors before the tables
    that lead to them."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work: list[tuple[str, int]] = [(root, 0)]
        while work:
            node, i = work.pop()
            if i == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            succ = graph[node]
            if i < len(succ):
                work.append((node, i + 1))
                nxt = succ[i]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            if work:  # pass the low link up to the caller
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                comp: list[str] = []
                while True:
                    t = stack.pop()
                    on_stack.discard(t)
                    comp.append(t)
                    if t == node:
                        break
                out.append(sorted(comp))
    return out


def _cycle_through(start: str, comp: set[str], graph: Mapping[str, Sequence[str]]) -> \
        tuple[str, ...]:
    """A shortest cycle from ``start`` back to it inside its component (breadth first)."""
    came: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt_frontier: list[str] = []
        for t in frontier:
            for n in graph[t]:
                if n == start:
                    path = [t]
                    while path[-1] != start:
                        path.append(came[path[-1]])
                    return (start, *reversed(path[:-1]), start) if t != start \
                        else (start, start)
                if n in comp and n not in came and n != start:
                    came[n] = t
                    nxt_frontier.append(n)
        frontier = nxt_frontier
    return (start, start)  # pragma: no cover - a cyclic component always has a cycle


def span(first: int, last: int) -> str:
    return str(first) if first == last else f"{first}-{last}"


__all__ = ["parse_dice", "parse_roll_cell", "dice_for_weights", "ranges_from_weights",
           "coverage", "nesting", "Coverage", "Nesting", "STANDARD_DICE", "MAX_RESULTS",
           "MAX_NESTING", "span"]
