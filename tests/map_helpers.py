"""Reading the maps' SVG in tests: the hexes layer is drawn in lattice units (a ``scale``
on the layer, a ``translate`` per column) as paths (render/maps/)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable

from generator.render.map_lists import MapTargets, drawn_targets
from generator.render.maps import DrawnLinks

SVG = "{http://www.w3.org/2000/svg}"
HREF = "{http://www.w3.org/1999/xlink}href"
#: A link to a hex's entry (``#hex-0313``): the hex's label.
HEX_ANCHOR = re.compile(r"#hex-([^#/]+)$")


def _words(element: ET.Element) -> str:
    """A link's name: its tooltip (``<title>``), else its text (a written name)."""
    title = element.find(f"{SVG}title")
    if title is not None and title.text:
        return title.text.split(" · ")[0].strip()
    return " ".join(" ".join(element.itertext()).split())


def map_targets(svgs: Iterable[str]) -> MapTargets:
    """Every link of the maps ``svgs`` (a map and the layers held aside from it,
    ``maps.Deferred``), read back from their SVG text: a location's link named by its name
    (written or in its tooltip), a hex's by its label; listed as the list under a map lists
    what the drawing kept (``drawn_targets``)."""
    found = DrawnLinks()
    for svg in svgs:
        root = ET.fromstring(svg)
        for group in root.iter(f"{SVG}g"):
            classes = (group.get("class") or "").split()
            if "locations" in classes:
                into = found.places
            elif "hexes" in classes:
                into = found.hexes
            else:
                continue
            for link in group.iter(f"{SVG}a"):
                href = link.get(HREF)
                if not href or href in into:
                    continue
                # a hex by its label (its name is added from the view), a place by its name
                anchor = HEX_ANCHOR.search(href) if into is found.hexes else None
                name = anchor.group(1) if anchor else _words(link)
                if name:
                    into[href] = name
    return drawn_targets(found)


def transform_of(element: ET.Element) -> tuple[float, float, float, float]:
    """(sx, sy, tx, ty) of an element's ``translate`` or ``scale`` (the map uses no other)."""
    text = element.get("transform", "")
    m = re.fullmatch(r"(translate|scale)\(([-\d.]+)(?:[ ,]([-\d.]+))?\)", text)
    if not m:
        assert not text, text
        return 1, 1, 0, 0
    a = float(m.group(2))
    b = float(m.group(3)) if m.group(3) is not None else None
    if m.group(1) == "scale":
        return a, a if b is None else b, 0, 0
    return 1, 1, a, b or 0


def path_points(d: str) -> list[tuple[float, float]]:
    """The corners of a hex's path (``M`` then relative ``l``, ``h``, ``v``, ``z``)."""
    tokens = re.findall(r"[MlhvzZ]|-?\d*\.?\d+", d)
    points: list[tuple[float, float]] = []
    x = y = 0.0
    command = ""
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.isalpha():
            command = token
            i += 1
            continue
        if command == "M":
            x, y = float(token), float(tokens[i + 1])
            i += 2
            command = "l"
        elif command == "l":
            x, y = x + float(token), y + float(tokens[i + 1])
            i += 2
        elif command == "h":
            x += float(token)
            i += 1
        elif command == "v":
            y += float(token)
            i += 1
        points.append((x, y))
    return points


def hex_centres(element: ET.Element, sx: float = 1, sy: float = 1, tx: float = 0,
                ty: float = 0) -> list[tuple[ET.Element, float, float]]:
    """Every hex path under ``element`` with its centre in SVG units (the hexes layer is
    scaled to lattice units and groups each column under one ``translate``)."""
    out: list[tuple[ET.Element, float, float]] = []
    for child in element:
        a, b, c, d = transform_of(child)
        # this child's transform, then its parents'
        csx, csy, ctx, cty = sx * a, sy * b, tx + sx * c, ty + sy * d
        if child.tag == f"{SVG}path":
            points = path_points(child.get("d", ""))
            x = sum(p[0] for p in points) / len(points)
            y = sum(p[1] for p in points) / len(points)
            out.append((child, ctx + csx * x, cty + csy * y))
        out += hex_centres(child, csx, csy, ctx, cty)
    return out


def hex_layer(layer: ET.Element) -> list[tuple[ET.Element, float, float]]:
    """Every hex path of a hexes layer with its centre in SVG units."""
    return hex_centres(layer, *transform_of(layer))


def svg_numbers(svg: str) -> list[str]:
    """The decimal numbers of a map's coordinates: not its stylesheet, nor the hexes layer's
    scale to lattice units (a factor), nor a terrain pattern's box (the hex's exact box,
    which that scale undoes)."""
    text = re.sub(r'<style.*?</style>|transform="(scale|matrix)\([^)]*\)"|<pattern [^>]*>', "", svg,
                  flags=re.S)
    return re.findall(r"-?\d+\.\d+", text)
