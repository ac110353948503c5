"""The one writer of the maps' SVG text: elements, attributes, text and a stylesheet, each
attribute value and each text escaped here and nowhere else.

An ``Svg`` is a list of strings written element by element (a map of 10,000 hexes writes
some 30,000 elements: an object per element, as a DOM would make, costs several times as
much). A map writes its definitions into one ``Svg`` and its layers into another, and joins
them at the end (``Svg.extend``).

>>> out = Svg()
>>> out.open("g", {"class": "a&b"})
>>> out.element("text", {"x": 1, "y": None}, "<Ash & Oak>")
>>> out.close("g")
>>> out.text()
'<g class="a&amp;b"><text x="1">&lt;Ash &amp; Oak&gt;</text></g>'
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

#: Attributes of an element: a value of None or "" leaves the attribute out; any other
#: value is written as ``str`` writes it.
Attrs = Mapping[str, object]

#: Whether an attribute value has nothing to escape (most: numbers, ids, classes, paths).
_PLAIN_ATTR = re.compile(r'[^&<>"\n\r\t]*').fullmatch
#: Whether a text has nothing to escape.
_PLAIN_TEXT = re.compile(r"[^&<>]*").fullmatch


def escape_attr(value: str) -> str:
    """An attribute value as it is written between double quotes (line breaks and tabs as
    character references, so that a reader does not fold them into spaces)."""
    if _PLAIN_ATTR(value):
        return value
    return (value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("\n", "&#10;").replace("\r", "&#13;")
            .replace("\t", "&#09;"))


def escape_text(value: str) -> str:
    """Element text as it is written."""
    if _PLAIN_TEXT(value):
        return value
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def attrs_text(attrs: Attrs | None) -> str:
    """The attributes as written after a tag's name (each with its leading space)."""
    if not attrs:
        return ""
    out = ""
    for name, value in attrs.items():
        if value is None:
            continue
        shown = value if type(value) is str else str(value)
        if shown:
            out += f' {name}="{escape_attr(shown)}"'
    return out


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


class Svg:
    """SVG text, written element by element (see the module)."""

    __slots__ = ("parts",)

    def __init__(self) -> None:
        self.parts: list[str] = []

    def open(self, tag: str, attrs: Attrs | None = None) -> None:
        """``<tag ...>``: the elements written next are inside it until ``close``."""
        self.parts.append(f"<{tag}{attrs_text(attrs)}>")

    def close(self, tag: str) -> None:
        self.parts.append(f"</{tag}>")

    @contextmanager
    def group(self, tag: str, attrs: Attrs | None = None) -> Iterator[None]:
        """``open`` and, after the ``with`` block, ``close``."""
        self.open(tag, attrs)
        yield
        self.close(tag)

    def leaf(self, tag: str, attrs: Attrs | None = None) -> None:
        """An element with no content: ``<tag .../>``."""
        self.parts.append(f"<{tag}{attrs_text(attrs)}/>")

    def element(self, tag: str, attrs: Attrs | None = None, text: str = "") -> None:
        """An element holding ``text`` (escaped), or a leaf where there is none."""
        if not text:
            self.leaf(tag, attrs)
            return
        self.parts.append(f"<{tag}{attrs_text(attrs)}>{escape_text(text)}</{tag}>")

    def chars(self, text: str) -> None:
        """Text (escaped) inside the element open, before or between its children."""
        self.parts.append(escape_text(text))

    def titled(self, tag: str, attrs: Attrs | None, title: str | None) -> None:
        """An element with a tooltip (its ``<title>``), or a leaf without one."""
        if not title:
            self.leaf(tag, attrs)
            return
        self.parts.append(f"<{tag}{attrs_text(attrs)}><title>{escape_text(title)}</title>"
                          f"</{tag}>")

    def style(self, css: str) -> None:
        """A ``<style>`` holding ``css`` as character data (the end of a CDATA section
        inside it is split across two sections)."""
        body = css.replace("]]>", "]]]]><![CDATA[>")
        self.parts.append(f'<style type="text/css"><![CDATA[{body}]]></style>')

    def extend(self, other: Svg) -> None:
        """Everything ``other`` holds, written here."""
        self.parts.extend(other.parts)

    def __bool__(self) -> bool:
        return bool(self.parts)

    def text(self) -> str:
        """The SVG text written. A lone surrogate (which UTF-8 cannot encode) is written as a
        character reference."""
        text = "".join(self.parts)
        if not text.isascii():
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:
                text = text.encode("utf-8", "xmlcharrefreplace").decode("utf-8")
        return text


#: The root ``<svg>``'s namespaces and version, as every map and swatch writes them.
ROOT_ATTRS: dict[str, object] = {
    "baseProfile": "full", "version": "1.1", "xmlns": "http://www.w3.org/2000/svg",
    "xmlns:ev": "http://www.w3.org/2001/xml-events",
    "xmlns:xlink": "http://www.w3.org/1999/xlink"}


def document(attrs: Attrs, defs: Svg, body: Svg) -> str:
    """A whole SVG: the root with ``attrs`` (and the namespaces), its ``<defs>`` and its
    layers."""
    out = Svg()
    out.open("svg", {**ROOT_ATTRS, **attrs})
    if defs:
        out.open("defs")
        out.extend(defs)
        out.close("defs")
    else:
        out.leaf("defs")
    out.extend(body)
    out.close("svg")
    return out.text()
