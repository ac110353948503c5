"""Movement and hex progress: speed, paths, and moving through a watch (rules.md sections 3
and 4; seed 000, "Movement" and "Hex Tracking").

Seed 000, "Hex Tracking": a party starting inside a hex needs 6 miles (half a hex) to leave
it by any face; having entered through face E it needs 12 miles to leave by one of the three
far faces and 6 by one of the two near faces. Miles left over when it crosses carry into the
next hex *as time*, at the next hex's rate. All arithmetic is exact (fractions), so a party
that covers exactly 12 miles crosses the face.

A *stretch* is one hex and the face by which the party leaves it. The party is on a highway,
road or trail in that stretch when it entered the hex along the path or leaves it along the
path (rules.md section 3); otherwise the stretch is trackless. :func:`stretch_path` decides
this once, for speed and for every check's DC (rules.md section 5).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from generator.content.campaign import Campaign
from generator.hexgrid import Grid, Hex
from generator.rules import tables as T


@dataclass
class Track:
    """A position with hex progress: the true track or the believed one."""

    hex: Hex
    #: face of ``hex`` through which the party entered; None on a fresh trip
    entry: str | None = None
    progress: Fraction = Fraction(0)
    #: the hex the party came from (for "on a road" in this hex)
    prev: Hex | None = None
    #: per-face miles to leave on a fresh trip (rules.md section 4, optional)
    offsets: dict[str, Fraction] = field(default_factory=dict)

    def copy(self) -> Track:
        return Track(self.hex, self.entry, self.progress, self.prev, dict(self.offsets))

    def fresh(self) -> Track:
        return Track(self.hex)


def requirement(grid: Grid, track: Track, face: str, hex_miles: int) -> Fraction:
    """Miles of progress needed to leave ``track.hex`` by ``face`` (rules.md section 4): 6 from
    a fresh start (or the session's start offset), 12 by a far face, 6 by a near one, and 6
    back out through the entry face when the party does not mean to go back (lost, say)."""
    half = T.NEAR_FRACTION * hex_miles
    if track.entry is None:
        return track.offsets.get(face, T.START_FRACTION * hex_miles)
    if face == track.entry:
        return half
    if face in (grid.rotate(track.entry, 1), grid.rotate(track.entry, -1)):
        return half
    return T.FAR_FRACTION * hex_miles


def goes_back(track: Track, face: str, deliberate: bool) -> bool:
    """The party turns back the way it came on purpose (rules.md section 4): it means to,
    and it leaves by the face it entered through."""
    return deliberate and track.entry is not None and face == track.entry


def miles_to_leave(grid: Grid, track: Track, face: str, hex_miles: int,
                   deliberate: bool = False) -> Fraction:
    """Miles still to walk before the party crosses ``face``. Going back on purpose through
    the entry face it walks its progress back down (seed 000, "Back the way they came": "just
    reduce their progress until they exit the hex"): the miles already made. Otherwise what
    the requirement still lacks (0 when progress already meets it: it crosses at once).

    >>> g = Grid(1, 1)
    >>> five_in = Track(Hex(0, 0), entry="S", progress=Fraction(5))
    >>> miles_to_leave(g, five_in, "S", 12, deliberate=True), miles_to_leave(g, five_in, "S", 12)
    (Fraction(5, 1), Fraction(1, 1))
    >>> miles_to_leave(g, five_in, "N", 12), miles_to_leave(g, five_in, "SE", 12)
    (Fraction(7, 1), Fraction(1, 1))
    """
    if goes_back(track, face, deliberate):
        return track.progress
    return max(Fraction(0), requirement(grid, track, face, hex_miles) - track.progress)


def face_kind(grid: Grid, entry: str | None, face: str) -> str:
    """'start', 'near', 'far' or 'back' for a face relative to the entry face."""
    if entry is None:
        return "start"
    if face == entry:
        return "back"
    if face in (grid.rotate(entry, 1), grid.rotate(entry, -1)):
        return "near"
    return "far"


@dataclass(frozen=True)
class Segment:
    """How the party fares in one hex between two crossings."""

    hex: Hex
    exit_face: str
    path_kind: str | None
    path_id: str | None
    rate: Fraction  # miles per hour before hustle and the actual-distance factor


@dataclass
class MoveResult:
    track: Track
    hours: Fraction  # hours actually spent moving
    miles: Fraction
    entered: list[Hex] = field(default_factory=list)
    #: (time of crossing in hours from the watch start, hex entered)
    crossings: list[tuple[Fraction, Hex]] = field(default_factory=list)
    segments: list[Segment] = field(default_factory=list)
    stopped: str | None = None  # None | "target" | "map_edge" | "impassable" | "unknown" | ...
    blocked_hex: Hex | None = None
    faces: list[str] = field(default_factory=list)  # exit faces crossed


def hustle_time_for(distance: Fraction, t0: Fraction, rate: Fraction,
                    hustle_until: Fraction) -> Fraction:
    """Hours to cover ``distance`` starting at ``t0`` when the speed is doubled before
    ``hustle_until`` (the hustled hours come first in the watch)."""
    if t0 < hustle_until:
        fast_rate = rate * T.HUSTLE_SPEED
        fast_miles = fast_rate * (hustle_until - t0)
        if distance <= fast_miles:
            return distance / fast_rate
        return (hustle_until - t0) + (distance - fast_miles) / rate
    return distance / rate


def hustle_miles(t0: Fraction, t1: Fraction, rate: Fraction, hustle_until: Fraction) -> Fraction:
    fast = max(Fraction(0), min(t1, hustle_until) - t0)
    slow = (t1 - t0) - fast
    return rate * T.HUSTLE_SPEED * fast + rate * slow


Chooser = Callable[[Track], str | None]
Blocker = Callable[[Hex], str | None]
RateFn = Callable[[Track, str, Hex], tuple[Fraction, str | None, str | None]]


def move_timed(grid: Grid, track: Track, hours: Fraction, hex_miles: int, choose: Chooser,
               blocked: Blocker, rate_of: RateFn, hustle_until: Fraction,
               factor: Fraction = Fraction(1), deliberate: bool = False) -> MoveResult:
    """Move the true track for ``hours``, crossing faces as progress allows.

    ``choose(track)`` gives the exit face for the current hex (None: stop for the watch);
    ``blocked(hex)`` names why a hex cannot be entered (None when it can); ``rate_of(track,
    face, next_hex)`` gives the rate in this hex and the path the party is on. Time carries
    across faces; ``factor`` is the actual-distance multiplier. ``deliberate``: the party
    means its way, so turning back through the entry face walks its progress back down.
    """
    t = Fraction(0)
    result = MoveResult(track=track, hours=Fraction(0), miles=Fraction(0))
    guard = 0
    while t <= hours:
        guard += 1
        if guard > 10_000:  # pragma: no cover - a safety net, never hit by valid content
            break
        face = choose(track)
        if face is None:
            result.stopped = "target"
            break
        nxt = grid.neighbor(track.hex, face)
        why = blocked(nxt)
        back = goes_back(track, face, deliberate)
        need = miles_to_leave(grid, track, face, hex_miles, deliberate)
        rate, path_kind, path_id = rate_of(track, face, nxt)
        result.segments.append(Segment(track.hex, face, path_kind, path_id, rate))
        eff = rate * factor
        if need <= 0:
            dt = Fraction(0)
        elif eff <= 0:
            result.stopped = "no_speed"
            break
        else:
            dt = hustle_time_for(need, t, eff, hustle_until)
        if t + dt <= hours:
            t += dt
            result.miles += need
            if why is not None:
                # stopped at the face: progress reaches that face's requirement
                track.progress = Fraction(0) if back else track.progress + need
                result.stopped = why
                result.blocked_hex = nxt
                break
            result.faces.append(face)
            track = Track(nxt, grid.opposite(face), Fraction(0), track.hex)
            result.track = track
            result.entered.append(nxt)
            result.crossings.append((t, nxt))
            if t == hours:
                break
        else:
            covered = hustle_miles(t, hours, eff, hustle_until)
            track.progress = track.progress - covered if back else track.progress + covered
            result.miles += covered
            t = hours
            break
    result.track = track
    result.hours = t
    return result


def move_distance(grid: Grid, track: Track, miles: Fraction, hex_miles: int, choose: Chooser,
                  blocked: Blocker, deliberate: bool = True) -> MoveResult:
    """Move the believed track by ``miles`` (rules.md section 5: it moves by the intended face
    and the miles the party believes it covered). The party believes it knows its way, so a
    turn back through the believed entry face is deliberate unless told otherwise."""
    left = miles
    result = MoveResult(track=track, hours=Fraction(0), miles=Fraction(0))
    for _ in range(10_000):
        face = choose(track)
        if face is None:
            result.stopped = "target"
            break
        nxt = grid.neighbor(track.hex, face)
        back = goes_back(track, face, deliberate)
        need = miles_to_leave(grid, track, face, hex_miles, deliberate)
        if need <= left:
            left -= need
            result.miles += need
            why = blocked(nxt)
            if why is not None:
                track.progress = Fraction(0) if back else track.progress + need
                result.stopped = why
                break
            result.faces.append(face)
            track = Track(nxt, grid.opposite(face), Fraction(0), track.hex)
            result.entered.append(nxt)
            if left == 0:
                break
        else:
            track.progress = track.progress - left if back else track.progress + left
            result.miles += left
            break
    result.track = track
    return result

# ---------------------------------------------------------------------------------------------
# the map as movement sees it: what blocks a hex, which path a stretch is on, how fast


def blocked(campaign: Campaign, h: Hex) -> str | None:
    """Why the party cannot enter ``h`` (``map_edge``, ``unknown_hex``, ``impassable``), or
    None when it can (rules.md section 4)."""
    if not campaign.grid.on_map(h):
        return "map_edge"
    info = campaign.hex_info(h)
    if info is None:
        return "unknown_hex"
    if campaign.terrain[info.terrain].impassable:
        return "impassable"
    return None


def path_between(campaign: Campaign, a: Hex | None, b: Hex | None,
                 ) -> tuple[str | None, str | None]:
    """(kind, id) of the best highway, road or trail that has ``a`` and ``b`` as consecutive
    hexes (a river guides but gives no road speed); (None, None) when none does."""
    if a is None or b is None:
        return None, None
    best: tuple[int, str, str] | None = None
    for pid, path in campaign.path_steps.get((a, b), ()):
        if T.PATH_SPEED_COLUMN[path.kind] is None:
            continue
        key = (T.PATH_PRECEDENCE[path.kind], pid, path.kind)
        if best is None or key < best:
            best = key
    return (best[2], best[1]) if best else (None, None)


def stretch_path(campaign: Campaign, track: Track, face: str | None,
                 ) -> tuple[str | None, str | None]:
    """(kind, id) of the path the party is on in the stretch of ``track.hex`` that it leaves
    by ``face`` (rules.md sections 3 and 5): it entered along the path (from ``track.prev``)
    or leaves along it into a hex it can enter; the fastest path wins. (None, None): the
    stretch is trackless. ``face`` None: the party's way out is not known, only its way in
    counts."""
    nxt: Hex | None = None
    if face is not None:
        nxt = campaign.grid.neighbor(track.hex, face)
        if blocked(campaign, nxt) is not None:
            nxt = None
    options = [path_between(campaign, track.prev, track.hex),
               path_between(campaign, track.hex, nxt)]
    found = [o for o in options if o[0] is not None]
    if not found:
        return None, None
    return min(found, key=lambda o: T.PATH_PRECEDENCE[o[0] or "river"])


def trackless(campaign: Campaign, track: Track, face: str | None) -> bool:
    """The one rule for "trackless" (+2 to every navigation DC; rules.md section 5)."""
    return stretch_path(campaign, track, face)[0] is None


def mode_multiplier(modes: list[str]) -> Fraction:
    """The travel modes' speed multipliers, combined (rules.md section 3: cautious and
    exploring together x3/8)."""
    mult = Fraction(1)
    for mode in modes:
        if mode in T.MODE_SPEED:
            mult *= T.MODE_SPEED[mode]
    return mult


def rate_fn(campaign: Campaign, mph: Fraction) -> RateFn:
    """Miles per hour in each stretch for a party of base speed ``mph`` (modes applied): the
    terrain's multiplier for the path the stretch is on (rules.md section 3)."""

    def rate_of(track: Track, face: str, nxt: Hex) -> tuple[Fraction, str | None, str | None]:
        rule = campaign.terrain_of(track.hex)
        pk, pid = stretch_path(campaign, track, face)
        mult = rule.speed_multiplier(pk) if rule else Fraction(0)
        return mph * mult, pk, pid

    return rate_of


def fmt_miles(x: Fraction) -> str:
    """Exact miles or hours for the GM log: ``6``, ``2.25``, ``1.33``."""
    if x.denominator == 1:
        return str(x.numerator)
    return f"{float(x):.2f}".rstrip("0").rstrip(".")
