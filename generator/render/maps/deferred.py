"""The map page's copy of a large overview: its heavy layers (the links, the hex labels)
held aside, for the page to put into the map once it has loaded."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

from generator.render.maps.drawing import MapDrawing
from generator.render.maps.svg import Drawing, serialised

#: The layers held aside, in the order the page gives them.
LAYERS = ("hexes", "labels")
#: The root's attributes a layer takes from its map (its box; its styles are the map's:
#: an inline SVG's ``<style>`` applies to the whole page).
_BOX = ("viewBox", "width", "height")


@dataclass(frozen=True)
class Deferred:
    """An overview as its map page embeds it (``deferred``): ``map``, the SVG with its
    ``.hexes`` and ``.labels`` layers left empty, and ``layers``, each of them as an SVG of
    its own, the same size and viewBox, for a ``<noscript>`` beside the map."""

    map: str
    #: (the layer's class, its SVG)
    layers: tuple[tuple[str, str], ...]


def deferred(m: MapDrawing) -> tuple[str, Deferred]:
    """The finished drawing of an overview (``m``) as its file holds it, whole, and as its
    map page embeds it: a large overview (marked ``lod``) with its layers of links and
    labels held aside.

    While a page loads, Material restyles the whole page several times, each time in
    proportion to its elements; an overview of 10,000 hexes has some 33,000 of them, most
    in the links (one per hex, not painted) and the hex labels (too small to read until
    zoomed in). The map page shows the map without them and puts each beside it in a
    ``<noscript>``: the browser keeps that as text, and hexcrawl.js puts the links into the
    map once the page has loaded and the labels once they are big enough to read. Without
    scripts the ``<noscript>`` is markup, which lies over the map, as it would be drawn in
    it. A map not marked ``lod`` is embedded whole.

    The drawing's tree is turned into XML once (svgwrite's ``get_xml``): the whole map is
    written from it, then each layer's group moves into an SVG of its own and an empty
    group with its attributes takes its place in the map."""
    drawing = m.drawing
    xml = drawing.xml()
    whole = serialised(xml)
    if not m.lod:
        return whole, Deferred(whole, ())
    layers: list[tuple[str, str]] = []
    for name in LAYERS:
        group = m.layers.get(name)
        if group is None:
            continue
        at = drawing.position(group)
        held = xml[at]
        xml[at] = ET.Element(held.tag, held.attrib)
        layer = _layer_root(drawing, name)
        layer.append(held)
        layers.append((name, serialised(layer)))
    return whole, Deferred(serialised(xml), tuple(layers))


def _layer_root(drawing: Drawing, name: str) -> ET.Element:
    """The root of one layer's own SVG, over the map (``hexmap-layer``), with the map's
    size, viewBox and namespaces, drawn by svgwrite as the map's root is (with no
    ``<defs>``: a layer defines nothing). The labels' SVG, markup over the map when
    scripts are off, is hidden from assistive technology (``aria-hidden``): thousands of
    bare numbers, where the links' layer holds what a reader may follow."""
    layer = Drawing(drawing.debug, defs=False)
    box = {key: drawing.attribute(key) for key in _BOX}
    layer.finish({**box, "class": "hexmap-svg hexmap-layer",
                  "aria-hidden": "true" if name == "labels" else None})
    return layer.xml()
