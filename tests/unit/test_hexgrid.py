"""Hex grid geometry (rules.md section 1; examples.md section 5), mostly as properties."""

from __future__ import annotations

import doctest
import math
from fractions import Fraction

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from generator import hexgrid
from generator.hexgrid import FACES, POINTY_FACES, Grid, Hex, distance, ring, within

orientations = st.sampled_from(["flat", "pointy"])
hexes = st.builds(Hex, st.integers(-60, 60), st.integers(-60, 60))


@st.composite
def grids(draw: st.DrawFn, max_size: int = 150) -> Grid:
    """Maps from 1 x 1 up to over 99 in either direction (3-digit labels)."""
    return Grid(draw(st.integers(1, max_size)), draw(st.integers(1, max_size)),
                draw(orientations))


@st.composite
def grid_and_cell(draw: st.DrawFn) -> tuple[Grid, int, int]:
    grid = draw(grids())
    return grid, draw(st.integers(1, grid.columns)), draw(st.integers(1, grid.rows))


def faces_of(grid: Grid) -> tuple[str, ...]:
    return FACES if grid.orientation == "flat" else POINTY_FACES


def test_module_doctests() -> None:
    assert doctest.testmod(hexgrid).failed == 0


# ---------------------------------------------------------------------------------------------
# labels


@given(grid_and_cell())
def test_label_axial_round_trip(case: tuple[Grid, int, int]) -> None:
    grid, col, row = case
    label = grid.label_of(col, row)
    h = grid.parse(label)
    assert grid.on_map(h)
    assert grid.to_offset(h) == (col, row)
    assert grid.label(h) == label
    assert grid.col_row(label) == (col, row)


@given(grids())
def test_label_width(grid: Grid) -> None:
    width = 3 if max(grid.columns, grid.rows) > 99 else 2
    assert grid.width == width
    label = grid.label_of(grid.columns, grid.rows)
    assert len(label) == 2 * width and grid.is_label(label)
    assert not grid.is_label(label[1:]) and not grid.is_label(label + "0")


def test_labels_of_small_and_large_maps() -> None:
    assert Grid(20, 16).label_of(3, 4) == "0304"
    assert Grid(120, 16).label_of(3, 4) == "003004"
    assert Grid(16, 100).label_of(12, 100) == "012100"
    assert Grid(99, 99).width == 2
    with pytest.raises(ValueError):
        Grid(20, 16).col_row("304")
    with pytest.raises(ValueError):
        Grid(20, 16).col_row("03a4")


@given(grids(max_size=30))
def test_all_hexes_are_distinct_and_on_the_map(grid: Grid) -> None:
    every = grid.all_hexes()
    assert len(set(every)) == grid.columns * grid.rows
    assert all(grid.on_map(h) for h in every)


@given(grids(), hexes)
def test_on_map_agrees_with_offsets(grid: Grid, h: Hex) -> None:
    col, row = grid.to_offset(h)
    assert grid.on_map(h) == (1 <= col <= grid.columns and 1 <= row <= grid.rows)
    assert grid.from_offset(col, row) == h


# ---------------------------------------------------------------------------------------------
# neighbours and faces


@given(orientations, hexes, st.integers(0, 5))
def test_neighbour_symmetry(orientation: str, h: Hex, i: int) -> None:
    grid = Grid(10, 10, orientation)  # type: ignore[arg-type]
    face = faces_of(grid)[i]
    n = grid.neighbor(h, face)
    assert grid.neighbor(n, grid.opposite(face)) == h
    assert grid.face_between(h, n) == face
    assert grid.face_between(n, h) == grid.opposite(face)
    assert distance(h, n) == 1


@given(orientations, hexes)
def test_six_distinct_neighbours(orientation: str, h: Hex) -> None:
    grid = Grid(10, 10, orientation)  # type: ignore[arg-type]
    ns = [n for _, n in grid.neighbors(h)]
    assert len(set(ns)) == 6 and h not in ns
    assert sorted(ns) == sorted(ring(h, 1))
    assert grid.face_between(h, h) is None


@pytest.mark.parametrize("col", range(1, 21))
def test_neighbour_table_of_rules_section_1(col: int) -> None:
    """N (c, r-1), S (c, r+1); odd c: NE (c+1, r-1), SE (c+1, r), SW (c-1, r), NW (c-1, r-1);
    even c: NE (c+1, r), SE (c+1, r+1), SW (c-1, r+1), NW (c-1, r)."""
    grid = Grid(20, 16)
    for row in range(1, 17):
        if col % 2 == 1:
            expected = {"N": (col, row - 1), "NE": (col + 1, row - 1), "SE": (col + 1, row),
                        "S": (col, row + 1), "SW": (col - 1, row), "NW": (col - 1, row - 1)}
        else:
            expected = {"N": (col, row - 1), "NE": (col + 1, row), "SE": (col + 1, row + 1),
                        "S": (col, row + 1), "SW": (col - 1, row + 1), "NW": (col - 1, row)}
        h = grid.from_offset(col, row)
        assert {f: grid.to_offset(n) for f, n in grid.neighbors(h)} == expected


def test_neighbour_examples() -> None:
    grid = Grid(20, 16)
    assert grid.label(grid.neighbor(grid.parse("0506"), "NE")) == "0605"  # examples.md 2
    assert grid.label(grid.neighbor(grid.parse("0303"), "SE")) == "0403"  # examples.md 5
    assert grid.label(grid.neighbor(grid.parse("0403"), "SE")) == "0504"
    assert grid.label(grid.neighbor(grid.parse("0303"), "N")) == "0302"   # examples.md 3


def test_faces_turn_clockwise() -> None:
    assert hexgrid.rotate("N", -1) == "NW"   # left of N is NW (rules.md section 1)
    assert hexgrid.rotate("N", 1) == "NE"
    assert hexgrid.rotate("NW", 1) == "N"
    assert hexgrid.opposite("NE") == "SW"
    assert hexgrid.opposite("E", "pointy") == "W"
    for faces, orientation in ((FACES, "flat"), (POINTY_FACES, "pointy")):
        for i, f in enumerate(faces):
            assert hexgrid.rotate(f, 6, orientation) == f  # type: ignore[arg-type]
            assert hexgrid.opposite(hexgrid.opposite(f, orientation), orientation) == f  # type: ignore[arg-type]
            assert hexgrid.face_index(f, orientation) == i  # type: ignore[arg-type]


@given(orientations, hexes)
def test_neighbour_centres_are_one_hex_apart(orientation: str, h: Hex) -> None:
    grid = Grid(10, 10, orientation)  # type: ignore[arg-type]
    for face, n in grid.neighbors(h):
        (ax, ay), (bx, by) = grid.pixel(h, 10.0), grid.pixel(n, 10.0)
        assert math.isclose(math.hypot(bx - ax, by - ay), 10.0 * math.sqrt(3))
        assert grid.centre_sq_distance(h, n) == 3
        mx, my = grid.face_midpoint(h, face, 10.0)
        assert math.isclose(math.hypot(mx - ax, my - ay), 5.0 * math.sqrt(3))


def test_flat_faces_point_the_right_way_on_the_page() -> None:
    grid = Grid(10, 10)
    h = grid.parse("0505")
    x, y = grid.pixel(h, 1.0)
    nx, ny = grid.pixel(grid.neighbor(h, "N"), 1.0)
    assert math.isclose(nx, x) and ny < y       # north is up (y grows downwards)
    ex, ey = grid.pixel(grid.neighbor(h, "SE"), 1.0)
    assert ex > x and ey > y


# ---------------------------------------------------------------------------------------------
# distance, rings


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(orientations, hexes, st.integers(0, 5), st.integers(0, 5))
def test_distance_counts_steps(orientation: str, h: Hex, i: int, j: int) -> None:
    grid = Grid(10, 10, orientation)  # type: ignore[arg-type]
    faces = faces_of(grid)
    two = grid.neighbor(grid.neighbor(h, faces[i]), faces[j])
    expected = {0: 2, 1: 2, 5: 2, 2: 1, 4: 1, 3: 0}[(j - i) % 6]
    assert distance(h, two) == expected


def test_distance_example() -> None:
    grid = Grid(20, 16)
    assert distance(grid.parse("0303"), grid.parse("0505")) == 3
    # corner to corner: 19 steps SE/NE cover 19 columns and 9 rows (odd-q), then 6 steps S
    assert distance(grid.parse("0101"), grid.parse("2016")) == 25
    assert distance(grid.parse("0101"), grid.parse("0116")) == 15


@given(hexes, st.integers(0, 12))
def test_ring_has_6k_hexes_at_distance_k(h: Hex, k: int) -> None:
    r = ring(h, k)
    assert len(r) == (6 * k if k else 1)
    assert len(set(r)) == len(r)
    assert all(distance(h, x) == k for x in r)
    if k:
        # a closed loop: each hex touches the next
        assert all(distance(r[i], r[(i + 1) % len(r)]) == 1 for i in range(len(r)))


@given(hexes, st.integers(0, 8))
def test_within_is_the_union_of_rings(h: Hex, k: int) -> None:
    w = within(h, k)
    assert len(w) == 3 * k * (k + 1) + 1
    assert set(w) == {x for i in range(k + 1) for x in ring(h, i)}
    assert w == sorted(w)


# ---------------------------------------------------------------------------------------------
# toward (rules.md section 5, examples.md section 5)


@given(orientations, hexes, hexes)
def test_toward_always_gets_one_hex_closer(orientation: str, here: Hex, target: Hex) -> None:
    grid = Grid(10, 10, orientation)  # type: ignore[arg-type]
    assume(here != target)
    face = grid.toward(here, target)
    assert face is not None
    assert distance(grid.neighbor(here, face), target) == distance(here, target) - 1


@given(orientations, hexes, hexes)
def test_toward_arrives_in_exactly_distance_steps(orientation: str, here: Hex,
                                                  target: Hex) -> None:
    grid = Grid(10, 10, orientation)  # type: ignore[arg-type]
    steps = 0
    h = here
    while (face := grid.toward(h, target)) is not None:
        h = grid.neighbor(h, face)
        steps += 1
        assert steps <= distance(here, target)
    assert h == target and steps == distance(here, target)


@given(orientations, hexes, hexes)
def test_toward_breaks_ties_by_centre_then_clockwise(orientation: str, here: Hex,
                                                     target: Hex) -> None:
    grid = Grid(10, 10, orientation)  # type: ignore[arg-type]
    assume(here != target)
    face = grid.toward(here, target)
    assert face is not None
    chosen = grid.neighbor(here, face)
    best = (distance(chosen, target), grid.centre_sq_distance(chosen, target))
    for i, (_, n) in enumerate(grid.neighbors(here)):
        key = (distance(n, target), grid.centre_sq_distance(n, target))
        assert key >= best
        if key == best:  # an exact tie: the first face clockwise from N wins
            assert grid.faces.index(face) <= i


def test_toward_examples() -> None:
    grid = Grid(20, 16)
    target = grid.parse("0505")
    # from 0303: SE (0403) and S (0304) are both 2 away; 0403's centre is nearer
    assert grid.toward(grid.parse("0303"), target) == "SE"
    # from 0403: SE (0504) and S (0404) are adjacent to 0505 and their centres equally far
    assert grid.toward(grid.parse("0403"), target) == "SE"
    # from 0504: S reaches 0505
    assert grid.toward(grid.parse("0504"), target) == "S"
    assert grid.toward(target, target) is None


def test_exact_centre_distance_ties() -> None:
    grid = Grid(20, 16)
    target = grid.parse("0505")
    se, s = grid.parse("0504"), grid.parse("0404")
    assert grid.centre_sq_distance(se, target) == grid.centre_sq_distance(s, target) == 3
    assert isinstance(grid.centre_sq_distance(se, target), Fraction)
    # 0303 -> 0505: the SE neighbour's centre is strictly nearer than the S neighbour's
    assert grid.centre_sq_distance(grid.parse("0403"), target) < \
        grid.centre_sq_distance(grid.parse("0304"), target)


@given(orientations, hexes, hexes)
def test_centre_distance_is_exact_and_matches_pixels(orientation: str, a: Hex, b: Hex) -> None:
    grid = Grid(10, 10, orientation)  # type: ignore[arg-type]
    exact = grid.centre_sq_distance(a, b)
    assert exact == grid.centre_sq_distance(b, a)
    (ax, ay), (bx, by) = grid.pixel(a, 1.0), grid.pixel(b, 1.0)
    assert math.isclose(float(exact), (ax - bx) ** 2 + (ay - by) ** 2, rel_tol=1e-9,
                        abs_tol=1e-9)
