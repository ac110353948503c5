"""Map symbols in the content: the built-in vocabulary and a campaign's own symbol files.

**Built-in terrain symbols** (drawn by ``generator/render/maps/symbols.py``): ``SYMBOL_NAMES``.
Every built-in terrain draws the symbol of its own name; a terrain of ``terrain.yaml`` draws
the one its ``symbol:`` names, else its ``like:`` terrain's, else none (a plain colour).
``fields`` (ploughed furrows) belongs to no built-in terrain: a campaign's farmland can
take it. ``symbol: none`` turns a built-in terrain's drawing off.

**Location icons** are chosen by a location's ``icon`` or ``tags`` through ``ICON_WORDS``
(English, and Russian and Ukrainian words as ``slugify`` transliterates them).

**A campaign's own symbols**: ``symbols/<terrain-id>.svg`` in the campaign folder replaces
the drawing of that terrain on every map (drawn over the terrain's colour, its ``viewBox``
fitted into the hex). Only shapes are kept: ``g``, ``path``, ``circle``, ``ellipse``,
``rect``, ``line``, ``polyline`` and ``polygon`` with their geometry and paint attributes
(and ``style`` properties of paint). Editor metadata (Inkscape's, ``title``, ``desc``,
comments, ids, classes) is dropped; anything that could run, load or restyle the page
(scripts, links, images, ``style`` elements, ``foreignObject``, event attributes, ``url()``
references, gradients and filters, a DOCTYPE) is an error at its position.
"""

from __future__ import annotations

import os
import re
import xml.parsers.expat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from generator.diagnostics import N_, NN_, Diagnostics, Pos, Text, literal, suggest

#: Built-in terrain symbols, by name (``forest`` is drawn by density).
SYMBOL_NAMES: tuple[str, ...] = (
    "desert", "forest", "hills", "jungle", "moor", "mountains", "plains", "swamp", "tundra",
    "lake", "sea", "fields")
NO_SYMBOL = "none"

_ICON_GROUPS: dict[str, tuple[str, ...]] = {
    "village": ("settlement", "village", "hamlet", "thorp", "farm", "farmstead", "mill", "inn",
                "tavern", "house", "homestead", "manor", "poselenie", "poselennia", "derevnia",
                "selo", "khutor", "khutir", "melnitsa", "mlin", "traktir", "korchma"),
    "town": ("town", "market", "large-town", "gorod", "mistechko", "gorodok"),
    "city": ("city", "capital", "stolitsa", "misto"),
    "castle": ("castle", "fort", "fortress", "keep", "stronghold", "citadel", "zamok",
               "krepost", "fortetsia"),
    "tower": ("tower", "watchtower", "observatory", "lighthouse", "bashnia", "vezha"),
    "ruin": ("ruin", "ruins", "ruined", "ruiny", "ruyini", "razvaliny"),
    "cave": ("cave", "dungeon", "lair", "den", "mine", "barrow", "cavern", "grotto",
             "peshchera", "pechera", "logovo", "ligvo", "podzemele", "pidzemellia", "shakhta",
             "rudnik", "kurgan"),
    "temple": ("temple", "shrine", "church", "chapel", "monastery", "abbey", "sanctuary",
               "khram", "tserkov", "tserkva", "monastyr", "chasovnia", "kaplitsia",
               "sviatilishche"),
    "camp": ("camp", "tent", "encampment", "lager", "tabir"),
    "bridge": ("bridge", "most"),
    "ford": ("ford", "ferry", "crossing", "brod", "brid", "pereprava", "poromi"),
    "stones": ("landmark", "stones", "standing-stones", "menhir", "monolith", "monument",
               "cairn", "circle", "kamni", "kaminnia", "mengir"),
    "tomb": ("tomb", "grave", "graves", "graveyard", "cemetery", "crypt", "mausoleum",
             "mogila", "kladbishche", "tsvintar"),
    "spring": ("spring", "well", "fountain", "pool", "waterfall", "falls", "rodnik",
               "istochnik", "kolodets", "dzherelo", "krinitsia", "vodopad"),
    "tree": ("tree", "oak", "grove", "derevo", "dub", "gai", "roshcha"),
    "peak": ("mountain", "peak", "summit", "volcano", "gora", "vershina", "vulkan"),
    "point": ("point", "site", "place", "mesto", "mistse"),
}
#: Icon names and tags that select an icon, mapped to the icon.
ICON_WORDS: dict[str, str] = {word: kind for kind, words in _ICON_GROUPS.items()
                              for word in (kind, *words)}
#: Words that say little: a more specific tag of the same location wins over them.
GENERIC_ICON_WORDS = frozenset({"settlement", "landmark", "point", "site", "place",
                                "poselenie", "poselennia", "mesto", "mistse"})

#: The largest symbol file embedded in the maps.
MAX_SYMBOL_BYTES = 200_000

_SVG_NS = "http://www.w3.org/2000/svg"
_SHAPES = frozenset({"g", "path", "circle", "ellipse", "rect", "line", "polyline", "polygon"})
#: Elements dropped without a word: editor metadata and empty containers.
_DROPPED = frozenset({"title", "desc", "metadata", "defs"})
_FORBIDDEN = frozenset({"script", "foreignObject", "image", "use", "a", "style", "iframe",
                        "video", "audio", "animate", "animateMotion", "animateTransform", "set",
                        "linearGradient", "radialGradient", "pattern", "filter", "mask",
                        "clipPath", "marker", "symbol", "text", "tspan", "textPath", "switch",
                        "feImage"})
_GEOMETRY = ("d", "points", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry",
             "width", "height", "transform", "pathLength")
_PAINT = ("fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin",
          "stroke-dasharray", "stroke-dashoffset", "stroke-miterlimit", "opacity",
          "fill-opacity", "stroke-opacity", "fill-rule", "vector-effect", "paint-order")
_ALLOWED_ATTRS = frozenset(_GEOMETRY + _PAINT)
_VALUE_OK = re.compile(r"^[#%(),.\s\w+-]*$")
_NUMBER = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(px)?\s*$")


@dataclass(frozen=True)
class SymbolElement:
    """One kept element of a symbol file: its tag, attributes and children."""

    tag: str
    attrs: tuple[tuple[str, str], ...]
    children: tuple[SymbolElement, ...] = ()


@dataclass(frozen=True)
class SymbolArt:
    """A campaign's own drawing of one terrain (``symbols/<terrain-id>.svg``)."""

    terrain: str
    source: str
    #: the file's viewBox: x, y, width, height
    view_box: tuple[float, float, float, float]
    elements: tuple[SymbolElement, ...]


class _Reject(Exception):
    def __init__(self, line: int, col: int, message: Text) -> None:
        super().__init__(message.english())
        self.line, self.col, self.message = line, col, message


def _shape_names() -> str:
    """The elements a symbol may hold, quoted as the file writes them: they are SVG's words."""
    return ", ".join(f"'{shape}'" for shape in sorted(_SHAPES))


def _split(name: str) -> tuple[str, str]:
    """An expat name ``uri local`` (namespace processing on) as (uri, local)."""
    if " " in name:
        uri, local = name.split(" ", 1)
        return uri, local
    return "", name


def _clean_value(name: str, value: str, line: int, col: int) -> str:
    lowered = value.casefold()
    if "url(" in lowered or "javascript:" in lowered or "expression(" in lowered:
        raise _Reject(line, col, N_("attribute '%(name)s' refers to something outside the "
                                    "drawing ('%(value)s'); only flat colours are allowed",
                                    name=name, value=value[:40]))
    if not _VALUE_OK.match(value):
        raise _Reject(line, col, N_("attribute '%(name)s' has characters a shape never needs: "
                                    "'%(value)s'", name=name, value=value[:40]))
    return value.strip()


def _style(value: str, line: int, col: int) -> list[tuple[str, str]]:
    """The paint properties of a ``style`` attribute, as attributes."""
    out: list[tuple[str, str]] = []
    for part in value.split(";"):
        if ":" not in part:
            continue
        prop, val = (p.strip() for p in part.split(":", 1))
        if prop in _PAINT:
            out.append((prop, _clean_value(f"style {prop}", val, line, col)))
    return out


def parse_symbol(text: bytes, terrain: str, source: str) -> SymbolArt:
    """A symbol file's drawing; raises ``_Reject`` with the position of what is wrong."""
    parser = xml.parsers.expat.ParserCreate(namespace_separator=" ")
    stack: list[tuple[str, list[tuple[str, str]], list[SymbolElement], bool]] = []
    roots: list[SymbolElement] = []
    view_box: list[tuple[float, float, float, float]] = []
    depth_seen = [0]

    def where() -> tuple[int, int]:
        return parser.CurrentLineNumber, parser.CurrentColumnNumber + 1

    def doctype(*_: object) -> None:
        raise _Reject(*where(), N_("a DOCTYPE (and the entities it may declare) is not "
                                   "allowed in a symbol file"))

    def start(name: str, attrs: dict[str, str]) -> None:
        line, col = where()
        uri, tag = _split(name)
        depth_seen[0] += 1
        if not stack and not roots and depth_seen[0] == 1:
            if tag != "svg" or uri not in (_SVG_NS, ""):
                raise _Reject(line, col, N_("the file's root element is <%(tag)s>, not <svg>",
                                            tag=tag))
            view_box.append(_view_box(attrs, line, col))
            stack.append(("svg", [], [], True))
            return
        parent_keeps = stack[-1][3] if stack else False
        keep = parent_keeps and uri in (_SVG_NS, "")
        if uri in (_SVG_NS, "") and tag in _FORBIDDEN:
            raise _Reject(line, col, N_("<%(tag)s> is not allowed in a map symbol (shapes "
                                        "only: %(shapes)s)", tag=tag,
                                        shapes=_shape_names()))
        if keep and tag in _DROPPED:
            keep = False
        elif keep and tag not in _SHAPES:
            raise _Reject(line, col, N_("<%(tag)s> is not a shape a map symbol can hold "
                                        "(%(shapes)s)", tag=tag,
                                        shapes=_shape_names()))
        kept: list[tuple[str, str]] = []
        for raw, value in attrs.items():
            a_uri, a_name = _split(raw)
            if a_name.casefold().startswith("on") or a_name.casefold() == "href":
                raise _Reject(line, col, N_("attribute '%(name)s' is not allowed in a map "
                                            "symbol", name=a_name))
            if a_uri or not keep:
                continue
            if a_name == "style":
                kept += _style(value, line, col)
            elif a_name in _ALLOWED_ATTRS:
                kept.append((a_name, _clean_value(a_name, value, line, col)))
        stack.append((tag, kept, [], keep))

    def end(name: str) -> None:
        tag, attrs, children, keep = stack.pop()
        if tag == "svg" and not stack:
            roots.extend(children)
            return
        if keep and stack:
            stack[-1][2].append(SymbolElement(tag, tuple(attrs), tuple(children)))

    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = doctype
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        parser.Parse(text, True)
    except xml.parsers.expat.ExpatError as exc:
        # expat's own words for what is wrong: no message of ours
        raise _Reject(exc.lineno, exc.offset + 1, N_(
            "not a well-formed SVG file: %(reason)s",
            reason=literal(xml.parsers.expat.ErrorString(exc.code) or ""))) from exc
    if not view_box:
        raise _Reject(1, 1, N_("not an SVG file (no <svg> element)"))
    if not roots:
        raise _Reject(1, 1, N_("the symbol draws nothing (no shapes inside <svg>)"))
    return SymbolArt(terrain, source, view_box[0], tuple(roots))


def _view_box(attrs: dict[str, str], line: int, col: int) -> tuple[float, float, float, float]:
    box = attrs.get("viewBox")
    if box is not None:
        parts = re.split(r"[\s,]+", box.strip())
        try:
            x, y, w, h = (float(p) for p in parts)
        except ValueError:
            raise _Reject(line, col, N_("viewBox '%(box)s' is not four numbers",
                                        box=box)) from None
        if w > 0 and h > 0:
            return x, y, w, h
        raise _Reject(line, col, N_("viewBox '%(box)s' has no area", box=box))
    w_m = _NUMBER.match(attrs.get("width", ""))
    h_m = _NUMBER.match(attrs.get("height", ""))
    if w_m and h_m and float(w_m.group(1)) > 0 and float(h_m.group(1)) > 0:
        return 0.0, 0.0, float(w_m.group(1)), float(h_m.group(1))
    raise _Reject(line, col, N_("the <svg> needs a viewBox (or a width and height in px)"))


def _inside(real_root: str, path: Path) -> bool:
    try:
        return os.path.commonpath([real_root, os.path.realpath(path)]) == real_root
    except ValueError:          # another drive (Windows)
        return False


def load_symbols(root: Path, terrain_ids: set[str], diags: Diagnostics,
                 path_str: Callable[[Path], str] = str) -> dict[str, SymbolArt]:
    """Every ``symbols/*.svg`` of a campaign, validated; problems go to ``diags``."""
    folder = root / "symbols"
    out: dict[str, SymbolArt] = {}
    if not folder.is_dir():
        return out
    real_root = os.path.realpath(root)
    for path in sorted(folder.iterdir()):
        if path.name.startswith(".") or path.is_dir():
            continue
        if not _inside(real_root, path):
            continue    # a link out of the campaign: never read (CampaignFiles reports it)
        where = path_str(path)
        if path.suffix.casefold() != ".svg":
            diags.warning(Pos(where), N_("not an SVG file: map symbols are "
                                         "symbols/<terrain-id>.svg (ignored)"))
            continue
        tid = path.stem
        if tid not in terrain_ids:
            diags.error(Pos(where), N_("unknown terrain '%(id)s'%(hint)s: a symbol file is "
                                       "named after the terrain it draws", id=tid,
                                       hint=suggest(tid, terrain_ids)))
            continue
        try:
            with path.open("rb") as fh:  # no more than the limit is read
                data = fh.read(MAX_SYMBOL_BYTES + 1)
        except OSError as exc:
            diags.error(Pos(where), N_("cannot read: %(reason)s",
                                       reason=exc.strerror or str(exc)))
            continue
        if len(data) > MAX_SYMBOL_BYTES:
            diags.error(Pos(where), NN_("too large for a map symbol (at most %(num)s byte; "
                                        "every map embeds it)",
                                        "too large for a map symbol (at most %(num)s bytes; "
                                        "every map embeds it)", MAX_SYMBOL_BYTES))
            continue
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as exc:
            diags.error(Pos(where), N_("not UTF-8 text: %(reason)s", reason=exc.reason))
            continue
        try:
            out[tid] = parse_symbol(data, tid, where)
        except _Reject as exc:
            diags.error(Pos(where, exc.line, exc.col), exc.message)
    return out
