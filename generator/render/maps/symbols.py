"""The map's drawings: a symbol per terrain and an icon per kind of location.

Every drawing here was made for hexcrawl (no other project's art). Terrain symbols are drawn
in the frame of one hex of circumradius ``SIZE`` (20 units; a flat-top hex spans x -20..20,
y -17.3..17.3), kept inside x -14..14, y -9..11 so the hex label above and a name below stay
clear. Each is a list of ``Stroke`` layers: SVG path data plus how to paint it, with colours
derived from the terrain's colour (``shade``), so a campaign's own terrain colours get
matching drawings. Location icons are single paths in a box of about -6..6, painted dark
with a white halo (map.css).

The drawings are built from small generators (a tree, a peak, a tuft of grass ...) placed by
hand; the path data is computed once at import and emitted once per map as a ``<symbol>``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from generator.content.symbols import GENERIC_ICON_WORDS, ICON_WORDS, SYMBOL_NAMES

# ------------------------------------------------------------------------------------------
# colour


def rgb(colour: str) -> tuple[int, int, int]:
    """``#rgb`` / ``#rrggbb`` (alpha ignored) as integers 0-255."""
    h = colour.lstrip("#")
    if len(h) in (3, 4):
        h = "".join(c * 2 for c in h[:3])
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def luminance(colour: str) -> float:
    """WCAG relative luminance (0 black .. 1 white): what a greyscale print keeps."""
    r, g, b = (_linear(c) for c in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def lab(colour: str) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour: L* 0-100 is perceived lightness."""
    r, g, b = (_linear(c) for c in rgb(colour))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: str, b: str) -> float:
    """CIE76 colour difference (about 2.3 is just noticeable; 10+ is plainly different)."""
    la, lb = lab(a), lab(b)
    return math.dist(la, lb)


def shade(colour: str, amount: float) -> str:
    """Mix ``colour`` with black (amount > 0) or white (amount < 0), 0..1."""
    target = 0 if amount > 0 else 255
    k = abs(amount)
    return "#" + "".join(f"{round(c + (target - c) * k):02x}" for c in rgb(colour))


# ------------------------------------------------------------------------------------------
# path data helpers


def _n(v: float) -> str:
    r = round(v, 1)
    if r == 0:
        return "0"
    text = f"{r:.1f}".rstrip("0").rstrip(".")
    return text.replace("0.", ".", 1) if text.startswith(("0.", "-0.")) else text


def _pts(*values: float) -> str:
    """Numbers joined compactly: a minus sign needs no separator."""
    out = ""
    for v in values:
        s = _n(v)
        if out and not s.startswith("-"):
            out += " "
        out += s
    return out


def tree(x: float, y: float, s: float = 1.0) -> tuple[str, str]:
    """A broad-leaved tree standing at (x, y): (crown path, trunk path)."""
    r = 3.1 * s
    cy = y - 4.9 * s
    crown = (f"M{_pts(x - r, cy + .4 * s)}"
             f"c{_pts(-.4 * s, -2.2 * s, 1.3 * s, -3.5 * s, 2.6 * s, -3.2 * s)}"
             f"c{_pts(.6 * s, -1.3 * s, 2.8 * s, -1.3 * s, 3.4 * s, .1 * s)}"
             f"c{_pts(1.6 * s, .2 * s, 2.2 * s, 2 * s, 1.3 * s, 3.1 * s)}"
             f"c{_pts(.5 * s, 1.6 * s, -1.1 * s, 2.9 * s, -2.6 * s, 2.3 * s)}"
             f"c{_pts(-1 * s, .9 * s, -2.9 * s, .8 * s, -3.5 * s, -.1 * s)}"
             f"c{_pts(-1.2 * s, .1 * s, -1.6 * s, -1.2 * s, -1.2 * s, -2.2 * s)}z")
    trunk = f"M{_pts(x, y)}v{_n(-3.2 * s)}"
    return crown, trunk


def conifer(x: float, y: float, s: float = 1.0) -> str:
    """A fir standing at (x, y): a closed outline of two tiers."""
    h = 8 * s
    w = 3 * s
    return (f"M{_pts(x, y - h)}l{_pts(w * .8, h * .45)}h{_n(-w * .35)}"
            f"l{_pts(w * .75, h * .45)}h{_n(-w * 1.2)}v{_n(h * .1)}h{_n(-w * .4)}"
            f"v{_n(-h * .1)}h{_n(-w * 1.2)}l{_pts(w * .75, -h * .45)}h{_n(-w * .35)}z")


def palm(x: float, y: float, s: float = 1.0, lean: float = 1.0) -> tuple[str, str]:
    """A jungle tree at (x, y): (fronds path, trunk path)."""
    tx, ty = x + 1.6 * s * lean, y - 7 * s
    trunk = f"M{_pts(x, y)}q{_pts(.3 * s * lean, -4 * s, tx - x, ty - y)}"
    fronds = ""
    for dx, dy, cx, cy in ((-4.2, 1.6, -2.4, -2.2), (4.2, 1.8, 2.4, -2), (-3, -2.6, -1.6, -2.6),
                           (3.2, -2.2, 1.8, -2.6), (-.2, 3, -.6, 1)):
        ex, ey = tx + dx * s, ty + dy * s
        back = ((cx * s - (ex - tx)) * .3, (cy * s - (ey - ty)) * .1 + .8 * s)
        fronds += (f"M{_pts(tx, ty)}q{_pts(cx * s, cy * s, ex - tx, ey - ty)}"
                   f"q{_pts(*back, tx - ex, ty - ey)}z")
    return fronds, trunk


def hill(x: float, y: float, w: float, h: float) -> tuple[str, str]:
    """A low rounded hill with its base centred at (x, y): (outline, shading hatches on its
    east flank)."""
    outline = (f"M{_pts(x - w / 2, y)}c{_pts(w * .14, -h * .75, w * .3, -h, w * .5, -h)}"
               f"s{_pts(w * .38, h * .5, w * .5, h)}")
    hatch = ""
    for i in range(3):
        hx = x + w * (.2 + .1 * i)
        top = y - h * (.86 - .24 * i)
        hatch += f"M{_pts(hx, top)}l{_pts(w * .02, h * (.42 - .08 * i))}"
    return outline, hatch


def peak(x: float, y: float, w: float, h: float) -> tuple[str, str, str]:
    """A mountain with its base centred at (x, y): (body, shaded flank, snow cap)."""
    top = (x - w * .04, y - h)
    body = (f"M{_pts(x - w / 2, y)}L{_pts(top[0] - w * .06, top[1] + h * .04)}"
            f"L{_pts(*top)}L{_pts(x + w / 2, y)}z")
    flank = (f"M{_pts(*top)}L{_pts(x + w / 2, y)}H{_n(x + w * .08)}"
             f"L{_pts(x + w * .14, y - h * .42)}L{_pts(x + w * .02, y - h * .58)}z")
    tx, ty = top
    cap = (f"M{_pts(tx - w * .06, ty + h * .04)}L{_pts(tx, ty)}"
           f"L{_pts(tx + w * .13, ty + h * .28)}L{_pts(tx + w * .03, ty + h * .22)}"
           f"L{_pts(tx - w * .05, ty + h * .32)}L{_pts(tx - w * .15, ty + h * .26)}z")
    return body, flank, cap


def tuft(x: float, y: float, s: float = 1.0) -> str:
    """A tuft of grass rooted at (x, y)."""
    return (f"M{_pts(x - .3 * s, y)}q{_pts(-.2 * s, -1.6 * s, -1.9 * s, -2.3 * s)}"
            f"M{_pts(x, y)}q{_pts(.1 * s, -1.9 * s, -.2 * s, -3.3 * s)}"
            f"M{_pts(x + .3 * s, y)}q{_pts(.3 * s, -1.5 * s, 2 * s, -2.1 * s)}")


def reeds(x: float, y: float, s: float = 1.0) -> str:
    """Marsh reeds rooted at (x, y), with the water line under them."""
    return (f"M{_pts(x - 2.4 * s, y - 4 * s)}q{_pts(1.7 * s, 1.6 * s, 2.4 * s, 4 * s)}"
            f"M{_pts(x - .5 * s, y - 5.4 * s)}q{_pts(.4 * s, 2.7 * s, .5 * s, 5.4 * s)}"
            f"M{_pts(x + 1.3 * s, y - 4.8 * s)}q{_pts(-.9 * s, 2.2 * s, -1.3 * s, 4.8 * s)}"
            f"M{_pts(x + 2.8 * s, y - 3 * s)}q{_pts(-1.9 * s, 1 * s, -2.8 * s, 3 * s)}"
            f"M{_pts(x - 4 * s, y)}h{_n(8 * s)}")


def wave(x: float, y: float, w: float) -> str:
    """A little wave centred at (x, y)."""
    q = w / 4
    return f"M{_pts(x - w / 2, y)}q{_pts(q, -q * .9, 2 * q, 0)}t{_pts(2 * q, 0)}"


def dune(x: float, y: float, w: float, h: float) -> tuple[str, str]:
    """A dune with its base centred at (x, y): (crest line, shadow line)."""
    crest = f"M{_pts(x - w / 2, y)}q{_pts(w * .55, -h * 2, w, 0)}"
    shadow = f"M{_pts(x + w * .12, y - h * .88)}q{_pts(w * .08, h * .6, w * .36, h * .85)}"
    return crest, shadow


def heather(x: float, y: float, s: float = 1.0) -> str:
    """A clump of heather at (x, y): a low mound of sprigs."""
    return (f"M{_pts(x - 2.8 * s, y)}q{_pts(.3 * s, -2.6 * s, 2.8 * s, -2.8 * s)}"
            f"q{_pts(2.5 * s, .2 * s, 2.8 * s, 2.8 * s)}"
            f"M{_pts(x - 1.2 * s, y - 1.6 * s)}l{_pts(-.6 * s, -1 * s)}"
            f"M{_pts(x + .2 * s, y - 2.4 * s)}v{_n(-1.2 * s)}"
            f"M{_pts(x + 1.5 * s, y - 1.6 * s)}l{_pts(.7 * s, -1 * s)}")


def furrows(x: float, y: float, w: float, h: float, slant: float, n: int) -> str:
    """A ploughed field: ``n`` parallel furrows in a ``w`` x ``h`` patch centred at (x, y)."""
    out = ""
    for i in range(n):
        fy = y - h / 2 + h * (i + .5) / n
        out += f"M{_pts(x - w / 2, fy + slant)}l{_pts(w, -2 * slant)}"
    return out


def dots(points: Iterable[tuple[float, float]], r: float = .45) -> str:
    """Tiny round dots (drawn as zero-length round-capped strokes)."""
    return "".join(f"M{_pts(x, y)}h.01" for x, y in points) if r else ""


# ------------------------------------------------------------------------------------------
# terrain symbols


@dataclass(frozen=True)
class Stroke:
    """One layer of a symbol: path data, painted with colours derived from the terrain's.

    ``fill`` / ``stroke`` are shade amounts for ``shade(colour, amount)`` (None: no paint;
    a string: that colour as is); ``width`` is the stroke width.
    """

    d: str
    fill: float | str | None = None
    stroke: float | str | None = .55
    width: float = .8


def _paint(colour: str, value: float | str | None) -> str:
    if value is None:
        return "none"
    if isinstance(value, str):
        return value
    return shade(colour, value)


def paint(layer: Layer, colour: str) -> dict[str, str]:
    """The SVG presentation attributes of one layer on a terrain of ``colour``."""
    attrs = {"fill": _paint(colour, layer.fill)}
    if isinstance(layer, Stroke):
        attrs["d"] = layer.d
    if layer.stroke is not None:
        attrs["stroke"] = _paint(colour, layer.stroke)
        attrs["stroke-width"] = _n(layer.width)
    else:
        attrs["stroke"] = "none"
    return attrs


def painted(layers: Sequence[Layer], colour: str) -> tuple[dict[str, str], list[dict[str, str]]]:
    """The layers' attributes, with the values most layers share moved to their group (the
    group's attributes, then each layer's own): one symbol's bytes, paid once per map.
    A part's attributes have no ``d``: they paint the group of its uses."""
    each = [paint(layer, colour) for layer in layers]
    common: dict[str, str] = {}
    for key in ("fill", "stroke", "stroke-width"):
        values = [a[key] for a in each if key in a]
        if values:
            best = max(sorted(set(values)), key=values.count)  # ties: the same every run
            if values.count(best) > 1:
                common[key] = best
    out = [{k: v for k, v in a.items() if common.get(k) != v} for a in each]
    return common, out


@dataclass(frozen=True)
class Part:
    """A drawing repeated within symbols (a tree), defined once per map and placed with
    ``<use>`` at each point; its paths inherit the paint given here."""

    name: str
    at: tuple[tuple[float, float], ...]
    fill: float | str | None = None
    stroke: float | str | None = .55
    width: float = .8


def _tree_part() -> tuple[tuple[str, str | None, str | None], ...]:
    crown, trunk = tree(0, 0)
    return ((trunk, "none", "1.1"), (crown, None, None))


#: Parts by name: paths of (d, own fill, own stroke width); None inherits the part's paint.
PARTS: dict[str, tuple[tuple[str, str | None, str | None], ...]] = {"tree": _tree_part()}

Layer = Stroke | Part


def _trees(spots: list[tuple[float, float]]) -> list[Layer]:
    """Trees drawn back to front: each crown hides the trees behind it."""
    return [Part("tree", tuple(sorted(spots, key=lambda p: (p[1], p[0]))), .16, .6, .8)]


def _forest(density: str) -> list[Layer]:
    if density == "sparse":
        return _trees([(-6, 6), (5.5, 2.5)])
    if density == "dense":
        return _trees([(-9, 2.5), (-1.5, 0), (7, 1.5), (-5.5, 8.5), (3, 9), (10.5, 8.5)])
    return _trees([(-7, 6), (0, 1.5), (7, 6.5)])


def _jungle() -> list[Stroke]:
    layers: list[Stroke] = []
    for x, y, s, lean in ((-7, 7, .9, -1.0), (1, 5, 1.0, 1.0), (8.5, 8.5, .85, -1.0)):
        fronds, trunk = palm(x, y, s, lean)
        layers.append(Stroke(trunk, None, .55, 1.0))
        layers.append(Stroke(fronds, .15, .55, .55))
    layers.append(Stroke(tuft(-1.5, 10.5, .8) + tuft(5, 10.8, .7), None, .5, .6))
    return layers


def _hills() -> list[Stroke]:
    big, big_hatch = hill(-4, 5, 16, 7)
    small, small_hatch = hill(7.5, 9.5, 12, 5)
    back, back_hatch = hill(6, 0, 9, 4)
    return [Stroke(back + big + small, None, .5, .9),
            Stroke(back_hatch + big_hatch + small_hatch, None, .45, .6)]


def _mountains() -> list[Stroke]:
    layers: list[Stroke] = []
    for x, y, w, h in ((7.5, 8, 12, 10), (-3, 9, 19, 17)):
        body, flank, cap = peak(x, y, w, h)
        layers += [Stroke(body, -.22, .6, .8), Stroke(flank, .2, None),
                   Stroke(cap, "#fff", .45, .5)]
    return layers


def _swamp() -> list[Stroke]:
    return [Stroke(reeds(-6, 3, .9) + reeds(5.5, 8, 1.0) + reeds(-1, 10.5, .7), None, .55, .7),
            Stroke(wave(6, 2, 5) + wave(-7, 8.5, 5), None, .35, .6)]


def _desert() -> list[Stroke]:
    a, a_shadow = dune(-4, 4, 16, 3.2)
    b, b_shadow = dune(6, 9, 12, 2.6)
    return [Stroke(a + b, None, .5, .85), Stroke(a_shadow + b_shadow, None, .35, .6),
            Stroke(dots([(-9, 9), (-6.5, 10), (11, 2), (1, 0), (-11.5, 6)]), None, .45, 1.0)]


def _plains() -> list[Stroke]:
    return [Stroke(tuft(-8, 4, .9) + tuft(1, 1, 1.0) + tuft(8, 6, .9) + tuft(-2, 9.5, .85),
                   None, .5, .65)]


def _tundra() -> list[Stroke]:
    return [Stroke(tuft(-6, 3, .7) + tuft(6, 7, .7), None, .45, .6),
            Stroke("M-12 7h5M-3 6h6M4 1.5h5M-9 11h6M5 11h5M-4 -.5h3", None, .3, .6),
            Stroke(dots([(-1, 9), (10, 4), (-10, 1.5)]), None, .35, 1.0)]


def _moor() -> list[Stroke]:
    return [Stroke(heather(-6, 4, 1.0) + heather(5, 7.5, 1.1) + heather(-1, 11, .8),
                   .12, .45, .65),
            Stroke(tuft(7.5, 0, .7) + tuft(-10, 10, .6), None, .45, .55)]


def _lake() -> list[Stroke]:
    return [Stroke(wave(-4, 2, 7) + wave(4.5, 7.5, 7) + wave(-5, 11, 5), None, .3, .75)]


def _sea() -> list[Stroke]:
    return [Stroke(wave(-8, 0, 7) + wave(3, -2, 7) + wave(-2, 5, 8) + wave(8.5, 6.5, 7)
                   + wave(-9, 10, 6) + wave(2, 11.5, 7), None, .35, .75)]


def _fields() -> list[Stroke]:
    return [Stroke(furrows(-6, 3, 10, 7, 1.5, 3) + furrows(6.5, 1, 9, 6, -.6, 3)
                   + furrows(1, 10, 9, 4, .4, 2), None, .32, .6),
            Stroke("M-12 -1.5h1.5M-1 7h2M11 6h1.5", None, .25, .6)]


#: Built-in terrain symbols by name: layers drawn over the terrain's colour.
SYMBOLS: dict[str, Sequence[Layer]] = {
    "forest-sparse": _forest("sparse"),
    "forest": _forest("medium"),
    "forest-dense": _forest("dense"),
    "jungle": _jungle(),
    "hills": _hills(),
    "mountains": _mountains(),
    "swamp": _swamp(),
    "desert": _desert(),
    "plains": _plains(),
    "tundra": _tundra(),
    "moor": _moor(),
    "lake": _lake(),
    "sea": _sea(),
    "fields": _fields(),
}
assert {s for s in SYMBOLS if not s.startswith("forest-")} == set(SYMBOL_NAMES), SYMBOL_NAMES


def symbol_layers(name: str, density: str | None = None) -> Sequence[Layer]:
    """The layers of a built-in symbol; forests by density (sparse, medium, dense)."""
    if name == "forest" and density in ("sparse", "dense"):
        return SYMBOLS[f"forest-{density}"]
    return SYMBOLS.get(name, ())


# ------------------------------------------------------------------------------------------
# location icons

#: Icon shapes (SVG path data, a box of about -6..6, drawn with even-odd fill), by kind.
ICONS: dict[str, str] = {
    "village": "M-5 5V0l3-3 3 3v5zM-3 5V2h2v3zM1 5V1.5L4.5-2 7 1v4z",
    "town": "M-7 5V0l2.5-2.5L-2 0v5zM-2 5V-2l3-3.5L4-2v7zM4 5V1l2-2 2 2v4zM-.2 5V2h2.4v3z",
    "city": ("M-7 5V-2h2v-2h1.5v2h2V-4H0v-4l1.5-2L3-8v4h1.5v2h2v-2H8v2h0v7zM-1 5V1.5a1.5 1.5 0 0 1 "
             "3 0V5z"),
    "castle": ("M-6 5V-3h1.6v1.2h1.3V-3h1.5v1.2H0V-6h1v-1.2h1.3V-6h1.3v-1.2H5V-6h1v11zM-.8 5V2a1.4"
               " 1.4 0 0 1 2.8 0v3z"),
    "tower": "M-2.8 5l.6-8.5h-.8V-7h1.1v1.3h1V-7h1.1v1.3h1V-7H3v3.5h-.8l.6 8.5zM-.9 5V2h1.8v3z",
    "ruin": ("M-6 5V-1l1.4-1.8V1l1-1.2V5zM-2 5v-7.5l1.2-1.5 1 1.2V-1l1-1.4V5z"
             "M3 5V0l1.3 1.4L6 -.5V5z"),
    "cave": "M-7 5C-6.5-2-3-5.5 0-5.5S6.5-2 7 5zM-3 5c0-3 1.2-5 3-5s3 2 3 5z",
    "temple": ("M-6-1.5L0-6l6 4.5zM-5-.5h10V.6H-5zM-4.6 1.2h1.6V4h-1.6zM-.8 1.2H.8V4H-.8z"
               "M3 1.2h1.6V4H3zM-6 4.4h12V5.8H-6z"),
    "camp": "M-6 5L0-5l6 10zM-1.4 5L0 1.3 1.4 5z",
    "bridge": "M-7-2.5H7V4H5.2V2A5.2 4.2 0 0 0-5.2 2V4H-7z",
    "ford": ("M-6.5-3.2q1.6-1.5 3.2 0t3.2 0 3.2 0 3.2 0v1.3q-1.6 1.5-3.2 0t-3.2 0-3.2 0-3.2 0z"
             "M-6.5 3q1.6-1.5 3.2 0t3.2 0 3.2 0 3.2 0v1.3q-1.6 1.5-3.2 0t-3.2 0-3.2 0-3.2 0z"
             "M-5 .6a1.3 1 0 1 0 2.6 0a1.3 1 0 1 0-2.6 0zM-1.3.6a1.3 1 0 1 0 2.6 0a1.3 1 0 1 0"
             "-2.6 0zM2.4.6a1.3 1 0 1 0 2.6 0a1.3 1 0 1 0-2.6 0z"),
    "stones": "M-6 5l.4-6.5L-3.8-2l.4 7zM-1.6 5V-4.5L0-5.5 1.6-4.5V5zM3.4 5l.4-7 1.8.5.4 6.5z",
    "tomb": "M-3.5 5V-2a3.5 3.5 0 0 1 7 0V5zM-.6-3.2h1.2v1.2h1.4v1.2H.6v3.4H-.6V-.8H-2V-2h1.4z",
    "spring": ("M0-6C2.5-2.5 4.2-.4 4.2 1.8A4.2 4.2 0 0 1-4.2 1.8C-4.2-.4-2.5-2.5 0-6z"
               "M-2 1.5a2 2 0 0 0 2 2v-1a1 1 0 0 1-1-1z"),
    "tree": "M-.8 5V1.8h-3a3.4 3.4 0 0 1 .2-6.4A3.6 3.6 0 0 1 3.6-4.4 3.4 3.4 0 0 1 3.8 1.8H.8V5z",
    "peak": "M-7 5L-1.5-6 1 -1.5l1.6-2.3L7 5zM-1.5-6L-3.1-2.8-1.8-3.4-.9-2.2z",
    "point": "M0-3.6a3.6 3.6 0 1 0 .01 0zM0-1.4a1.4 1.4 0 1 1-.01 0z",
}
assert set(ICONS) == {*ICON_WORDS.values(), "point"}


def icon_kind(icon: str | None, tags: Iterable[str]) -> str:
    """The icon of a location: its ``icon``, else the first tag that names a specific icon,
    else a generic word (``settlement`` -> village, ``landmark`` -> stones), else a marker.

    Words are matched case-blind, in English and in Russian or Ukrainian as ``slugify``
    transliterates them (``gorod``, ``misto``...).
    """
    from generator.slug import slugify

    words = ([icon] if icon else []) + list(tags)
    generic: str | None = None
    for i, word in enumerate(words):
        key = word.casefold()
        kind = ICON_WORDS.get(key) or ICON_WORDS.get(slugify(word))
        if kind is None:
            continue
        if i == 0 and icon:
            return kind
        if key in GENERIC_ICON_WORDS or slugify(word) in GENERIC_ICON_WORDS:
            generic = generic or kind
            continue
        return kind
    return generic or "point"
