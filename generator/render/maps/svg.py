"""The maps' SVG, built with svgwrite: every map, legend swatch and reference diagram is a
tree of svgwrite elements (``svgwrite.container.SVG`` at the root), which svgwrite turns into
text through ``xml.etree`` (escaping every attribute value and text there).

``Svg`` is a cursor over such a tree: ``open`` an element, add elements into it, ``close``
it. Each drawing makes its root with ``Drawing(debug)``: with ``debug`` svgwrite checks
every element, attribute and value it is given against the SVG 1.1 profile (the tests draw
so), without it nothing is checked (the build draws so: a check costs more than the
element). The flag lives in the drawing, never in the process.

>>> d = Drawing(debug=True)
>>> out = d.body
>>> _ = out.open("g", {"class": "a&b"})
>>> _ = out.element("text", {"x": 1, "y": None}, "<Ash & Oak>")
>>> out.close("g")
>>> d.text({"viewBox": "0 0 1 1"})[-69:]
'<g class="a&amp;b"><text x="1">&lt;Ash &amp; Oak&gt;</text></g></svg>'
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import TypeAlias

from svgwrite.base import BaseElement
from svgwrite.container import SVG, Defs, Group, Hyperlink, Style, Symbol, Use
from svgwrite.masking import ClipPath
from svgwrite.path import Path
from svgwrite.pattern import Pattern
from svgwrite.shapes import Circle, Ellipse, Line, Polygon, Polyline, Rect
from svgwrite.text import Text, TextPath, TSpan
from svgwrite.validator2 import Full11Validator

#: Attributes of an element: a value of None or "" leaves the attribute out; any other
#: value is written as ``str`` writes it.
Attrs = Mapping[str, object]

#: The namespaces a standalone SVG needs; an SVG inside an HTML page takes them as they
#: are (no ``xmlns:ev``: HTML does not allow it, and no map has an event attribute).
NAMESPACES = {"xmlns": "http://www.w3.org/2000/svg",
              "xmlns:xlink": "http://www.w3.org/1999/xlink"}

#: Attributes an SVG in an HTML page may carry beyond SVG 1.1's own (WAI-ARIA, the page
#: script's data, keyboard focus), accepted by the check whatever the element.
_HTML_ATTR = re.compile(r"(aria-[a-z]+|data-[a-z0-9-]+|role|tabindex|focusable)").fullmatch
#: A number's sign or a second decimal point right after a number: SVG's grammar needs no
#: separator there (``l1-1``, ``.5.5``), svgwrite's check wants one.
_COMPACT = re.compile(r"(?<=[\d.])(?=-)|(?<=\.\d)(?=\.)|(?<=\.\d\d)(?=\.)")
_COMPACT_DOT = re.compile(r"(\.\d*)(?=\.)")
#: Attributes whose value is a list of numbers that may be written compactly.
_NUMBERS = frozenset({"d", "points", "transform", "viewBox"})


class Validator(Full11Validator):  # type: ignore[misc]
    """svgwrite's check of the SVG 1.1 profile, that also accepts the attributes of an SVG
    inside an HTML page (``_HTML_ATTR``) and numbers written without a separator where
    SVG's grammar needs none."""

    def check_svg_attribute_value(self, elementname: str, attributename: str,
                                  value: object) -> None:
        if _HTML_ATTR(attributename):
            if not isinstance(value, str | int):
                raise TypeError(f"{attributename}={value!r} at <{elementname}>")
            return
        if attributename in _NUMBERS and isinstance(value, str):
            value = _COMPACT_DOT.sub(r"\1 ", _COMPACT.sub(" ", value))
        super().check_svg_attribute_value(elementname, attributename, value)


def _make(tag: str, root: SVG, attrs: Attrs | None) -> BaseElement:
    """The element ``tag`` made by svgwrite with the drawing's parameters, with ``attrs``
    (a link's target given to its constructor)."""
    if tag in _LINKING:
        attrs = dict(attrs or {})
        return _set(_LINKING[tag](str(attrs.pop("xlink:href")), root), attrs)
    maker = _MAKERS.get(tag)
    if maker is None:
        raise ValueError(f"no SVG element <{tag}> is drawn")
    return _set(maker(root), attrs)


#: The elements that link (their target is an argument of their constructor).
_LINKING: dict[str, Callable[[str, SVG], BaseElement]] = {
    # a map's links leave the Tab order in the page's script (``hexcrawl.js``,
    # ``outOfTabOrder``), not here: the attribute on every hex would be a tenth of the map
    "a": lambda href, r: Hyperlink(href, target=None, factory=r),
    "use": lambda href, r: Use(href, factory=r),
    "textPath": lambda href, r: TextPath(href, "", factory=r),
}
_MAKERS: dict[str, Callable[[SVG], BaseElement]] = {
    "g": lambda r: Group(factory=r),
    "defs": lambda r: Defs(factory=r),
    "symbol": lambda r: Symbol(factory=r),
    "path": lambda r: Path(factory=r),
    "text": lambda r: Text("", factory=r),
    "tspan": lambda r: TSpan("", factory=r),
    "polyline": lambda r: Polyline(factory=r),
    "polygon": lambda r: Polygon(factory=r),
    "circle": lambda r: Circle(factory=r),
    "ellipse": lambda r: Ellipse(factory=r),
    "line": lambda r: Line(factory=r),
    "rect": lambda r: Rect(factory=r),
    "pattern": lambda r: Pattern(factory=r),
    "clipPath": lambda r: ClipPath(factory=r),
}


def _points(value: object) -> list[tuple[object, object]]:
    """``points`` given as ``x,y x,y``, or as pairs: svgwrite's pairs (the numbers as
    written)."""
    if isinstance(value, str):
        return [(x, y) for x, y in (pair.split(",") for pair in value.split())]
    return [(x, y) for x, y in value]  # type: ignore[attr-defined]


def _set(element: BaseElement, attrs: Attrs | None) -> BaseElement:
    """``attrs`` set on ``element`` (None and "" left out), each through svgwrite (checked
    in a debug drawing)."""
    if not attrs:
        return element
    for name, value in attrs.items():
        if value is None or value == "":
            continue
        if name == "d":
            element.push(value)
        elif name == "points":
            element.points = _points(value)
        else:
            element[name] = value
    return element


class Svg:
    """A cursor in a drawing's tree (see the module): where the next element goes."""

    __slots__ = ("root", "stack")

    def __init__(self, root: SVG, parent: BaseElement) -> None:
        self.root = root
        self.stack = [parent]

    def add(self, tag: str, attrs: Attrs | None = None) -> BaseElement:
        """A new element ``tag`` with ``attrs``, added where the cursor is."""
        element = _make(tag, self.root, attrs)
        self.stack[-1].add(element)
        return element

    def open(self, tag: str, attrs: Attrs | None = None) -> BaseElement:
        """``<tag ...>``: the elements added next go inside it until ``close``."""
        element = self.add(tag, attrs)
        self.stack.append(element)
        return element

    def close(self, tag: str) -> None:
        element = self.stack.pop()
        assert element.elementname == tag, (element.elementname, tag)

    @contextmanager
    def group(self, tag: str, attrs: Attrs | None = None) -> Iterator[BaseElement]:
        """``open`` and, after the ``with`` block, ``close``."""
        element = self.open(tag, attrs)
        yield element
        self.close(tag)

    def leaf(self, tag: str, attrs: Attrs | None = None) -> BaseElement:
        """An element with no content."""
        return self.add(tag, attrs)

    def element(self, tag: str, attrs: Attrs | None = None, text: str = "") -> BaseElement:
        """An element holding ``text`` (a ``<title>`` is its parent's tooltip)."""
        if tag == "title":
            self.stack[-1].set_desc(title=text)
            return self.stack[-1]
        element = self.add(tag, attrs)
        if text:
            element.text = text
        return element

    def chars(self, text: str) -> None:
        """Text inside the element open (a ``<text>``), before its children."""
        self.stack[-1].text += text

    def titled(self, tag: str, attrs: Attrs | None, title: str | None) -> BaseElement:
        """An element with a tooltip (its ``<title>``), or without one."""
        element = self.add(tag, attrs)
        if title:
            element.set_desc(title=title)
        return element

    def style(self, css: str) -> None:
        """A ``<style>`` holding ``css`` as character data (the end of a CDATA section
        inside it is split across two sections)."""
        self.stack[-1].add(Style(css.replace("]]>", "]]]]><![CDATA[>"), factory=self.root))


#: An element of a drawing (svgwrite's), as ``Svg`` adds it.
Element: TypeAlias = BaseElement


class Drawing:
    """One SVG being drawn: its root, the cursor in its ``<defs>`` and the one in its
    body (the layers, after the definitions). Without ``defs`` it has no ``<defs>`` (an
    SVG that defines nothing: its ``defs`` cursor writes nowhere)."""

    def __init__(self, debug: bool = False, defs: bool = True) -> None:
        self.debug = debug
        self.root = SVG(debug=debug, profile="full")
        if debug:
            self.root.validator = Validator(True)
        if not defs:
            self.root.elements.remove(self.root.defs)
        self.defs = Svg(self.root, self.root.defs)
        self.body = Svg(self.root, self.root)

    def attribute(self, name: str) -> str | None:
        """The root's attribute ``name`` as written, or None."""
        value = self.root.attribs.get(name)
        return None if value is None else str(value)

    def xml(self) -> ET.Element:
        """The drawing's XML as svgwrite gives it (``get_xml``), to be written
        (``serialised``)."""
        xml: ET.Element = self.root.get_xml()
        return xml

    def position(self, element: Element) -> int:
        """Where ``element``, one of the root's, is among the children of ``xml()`` (svgwrite
        gives each of the root's elements one, in their order, ``<title>`` and ``<defs>``
        included)."""
        index: int = self.root.elements.index(element)
        return index

    def finish(self, attrs: Attrs, title: str | None = None, desc: str | None = None) -> None:
        """The root given its namespaces and ``attrs``, its ``<title>`` and ``<desc>`` (its
        accessible name and description) first: the drawing is whole."""
        _set(self.root, {**NAMESPACES, **attrs})
        if title or desc:
            self.root.set_desc(title=title or None, desc=desc or None)

    def text(self, attrs: Attrs, title: str | None = None, desc: str | None = None) -> str:
        """The whole SVG (``finish``, then ``written``)."""
        self.finish(attrs, title, desc)
        return written(self.root)


#: What XML 1.0 allows in no document, raw or as a character reference: the C0 controls
#: but tab and the line ends, lone surrogates (which UTF-8 cannot encode), U+FFFE and U+FFFF.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def written(element: BaseElement) -> str:
    """An element's SVG text (svgwrite's XML, through ``xml.etree``). A character XML does
    not allow (a GM's name holding an escape sequence) is written as U+FFFD, so the file
    stays well-formed for every XML reader (librsvg, an editor, the list beside a map)."""
    return serialised(element.get_xml())


def serialised(xml: ET.Element) -> str:
    """The text of ``xml``, an element's XML as svgwrite gives it (``get_xml``), as
    ``written`` writes it."""
    # ElementTree writes an empty element as "<path ... />": the space goes (a ">" in a
    # value or a text is always escaped, so " />" only ever ends a tag)
    text = ET.tostring(xml, encoding="unicode").replace(" />", "/>")
    return xml_safe(text)


def xml_safe(text: str) -> str:
    """``text`` as an XML reader of the written SVG reads it (``written``): each character
    XML does not allow as U+FFFD."""
    return _NOT_XML.sub("\ufffd", text)


def rounded(value: float) -> float | int:
    """One decimal, and integers without '.0' (keeps thousands of hexes small)."""
    r = round(float(value), 1)
    return int(r) if r.is_integer() else r


def num(value: float) -> str:
    """A coordinate as written: ``rounded``."""
    return str(rounded(value))


def factor(value: float) -> str:
    """A scale factor: as many decimals as it has (at most four)."""
    return str(int(value)) if float(value).is_integer() else str(round(value, 4))


def exact(value: float) -> float | int:
    """A coordinate kept to four decimals (a pattern's tile must fit the lattice exactly)."""
    r = round(float(value), 4)
    return int(r) if r.is_integer() else r

