"""The map page's copy of a large overview: its heavy layers (the links, the hex labels)
held aside, for the page to put into the map once it has loaded."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Deferred:
    """An overview as its map page embeds it (``deferred``): ``map``, the SVG with its
    ``.hexes`` and ``.labels`` layers left empty, and ``layers``, each of them as an SVG of
    its own, the same size and viewBox, for a ``<noscript>`` beside the map."""

    map: str
    #: (the layer's class, its SVG)
    layers: tuple[tuple[str, str], ...]


_ROOT = re.compile(r"<svg [^>]*>")
_GROUP = re.compile(r"<g[ >/]|</g>")


def deferred(svg: str) -> Deferred:
    """A large overview (marked ``lod``) with its layers of links and labels held aside.

    While a page loads, Material restyles the whole page several times, each time in
    proportion to its elements; an overview of 10,000 hexes has some 33,000 of them, most
    in the links (one per hex, not painted) and the hex labels (too small to read until
    zoomed in). The map page shows the map without them and puts each beside it in a
    ``<noscript>``: the browser keeps that as text, and hexcrawl.js puts the links into the
    map once the page has loaded and the labels once they are big enough to read. Without
    scripts the ``<noscript>`` is markup, which lies over the map, as it would be drawn in
    it. A map not marked ``lod`` is returned whole."""
    root = _ROOT.search(svg)
    if root is None or ' lod"' not in root.group(0):
        return Deferred(svg, ())
    layers: list[tuple[str, str]] = []
    out = svg
    for name in ("hexes", "labels"):
        found = re.search(f'<g class="{name}[" ]', out)
        if found is None:
            continue
        start = found.start()
        end = _group_end(out, start)
        head = out[start:out.index(">", start) + 1]
        layers.append((name, _layer_svg(root.group(0), name, out[start:end])))
        out = out[:start] + head + "</g>" + out[end:]
    return Deferred(out, tuple(layers))


def _group_end(text: str, start: int) -> int:
    """Where the ``<g>`` that opens at ``start`` closes (just after its ``</g>``)."""
    depth = 0
    for m in _GROUP.finditer(text, start):
        if m.group(0) == "</g>":
            depth -= 1
            if depth == 0:
                return m.end()
        elif not text.startswith("/>", text.index(">", m.start()) - 1):
            depth += 1
    raise ValueError("unbalanced <g> in a map")


def _layer_svg(root: str, name: str, layer: str) -> str:
    """One layer as an SVG of its own, over the map (``hexmap-layer``), with the map's
    size, viewBox and namespaces (its styles are the map's: an inline SVG's ``<style>``
    applies to the whole page)."""
    attrs = dict(re.findall(r'([\w:-]+)="([^"]*)"', root))
    keep = ("xmlns", "xmlns:xlink", "viewBox", "width", "height", "preserveAspectRatio")
    head = " ".join(f'{k}="{attrs[k]}"' for k in keep if k in attrs)
    hidden = ' aria-hidden="true"' if name == "labels" else ""
    return f'<svg {head} class="hexmap-svg hexmap-layer"{hidden}>{layer}</svg>'
