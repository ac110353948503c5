"""Polylines (render/maps/curves.py): the bisecting ``Polyline`` gives what walking the points
gives, to the last bit (the maps' output must not change with it)."""

from __future__ import annotations

import doctest
import math
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.render.maps import curves
from generator.render.maps.curves import Point, Polyline

coords = st.floats(-500, 500, allow_nan=False, allow_infinity=False)
#: lines with repeated points (zero-length stretches) now and then
lines = st.lists(st.one_of(st.tuples(coords, coords), st.just((0.0, 0.0))), min_size=1,
                 max_size=40)
distances = st.floats(-50, 4000, allow_nan=False, allow_infinity=False)


def walked_window(line: Sequence[Point], start: float, end: float) -> list[Point]:
    """The stretch of a polyline between two distances, by walking it (the old way)."""
    out = [curves.point_at(line, start)[0]]
    walked = 0.0
    for a, b in zip(line, line[1:], strict=False):
        walked += math.dist(a, b)
        if start < walked < end:
            out.append(b)
    out.append(curves.point_at(line, end)[0])
    return out


def test_module_doctests() -> None:
    assert doctest.testmod(curves).failed == 0


@given(lines, distances)
def test_point_at_is_the_walk(line: list[Point], distance: float) -> None:
    assert Polyline(line).point_at(distance) == curves.point_at(line, distance)


@given(lines, distances, st.floats(0, 300, allow_nan=False))
def test_window_is_the_walk(line: list[Point], start: float, width: float) -> None:
    assert Polyline(line).window(start, start + width) == walked_window(line, start,
                                                                         start + width)


def test_at_the_points_and_past_the_ends() -> None:
    line = [(0.0, 0.0), (3.0, 4.0), (3.0, 4.0), (3.0, 10.0)]
    poly = Polyline(line)
    for d in (-1.0, 0.0, 2.5, 5.0, 7.0, 11.0, 12.0):
        assert poly.point_at(d) == curves.point_at(line, d), d
    assert poly.point_at(5.0)[0] == (3.0, 4.0)
    window = poly.window(1.0, 8.0)
    assert window == walked_window(line, 1.0, 8.0)
    assert window[1:] == [(3.0, 4.0), (3.0, 4.0), (3.0, 7.0)]
    assert window[0] == (pytest.approx(0.6), pytest.approx(0.8))
