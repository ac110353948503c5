"""The maps' SVG is written by ``maps._xml`` without building an ElementTree: it must be
exactly what svgwrite and ElementTree write (with ``<x />`` tightened to ``<x/>``), for every
element the maps use, every character a GM may type, and every map of a real build."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import svgwrite
import svgwrite.text

from generator.content.loader import load_campaign
from generator.render import maps
from generator.replay import replay
from generator.site import write_docs

from campaign_factory import write_campaign

ROOT = Path(__file__).resolve().parent.parent
TYPED = 'Tom & Jerry\'s <Inn> "{{ 7*7 }}" {% if %}\n\tline\r — Старий млин ☃'


def svgwrite_text(dwg: Any, raw: Sequence[str] = ()) -> str:
    """What svgwrite and ElementTree write for ``dwg``, as ``_xml`` is to write it."""
    text = str(dwg.tostring()).replace(" />", "/>")
    return re.sub(r'<hexcrawl-raw n="(\d+)"/>', lambda m: raw[int(m.group(1))], text)


def every_element() -> tuple[svgwrite.Drawing, list[str]]:
    dwg = svgwrite.Drawing(profile="full", debug=False, size=(300, 200), viewBox="0 0 30 20")
    dwg.attribs["class"] = "hexmap-svg overview"
    dwg.attribs["data-empty"] = ""  # left out, as svgwrite leaves it out
    dwg.attribs["data-none"] = None
    dwg.defs.add(dwg.style(".a > .b { fill: red } /* & < */"))
    dwg.defs.add(dwg.style(""))
    symbol = dwg.symbol(id="s-1")
    symbol.add(dwg.path(d="M0 0l1 1z", class_="icon"))
    symbol.add(dwg.circle((1, 2), 3.25, fill="#abc"))
    dwg.defs.add(symbol)
    pattern = dwg.pattern(id="p-1", size=(2, 2), patternUnits="userSpaceOnUse")
    pattern.add(dwg.polygon([(0, 0), (1, 0.5), (2, 2)], fill="none"))
    dwg.defs.add(pattern)
    group = dwg.g(class_="layer", transform="translate(1.5)")
    path = dwg.path(id="track")
    path.push("M", 0, 0)
    path.push("L", 10.25, 3)
    group.add(path)
    group.add(dwg.polyline([(0, 0), (3, 4.5)], stroke="#000", style="stroke-dasharray:2 1"))
    link = svgwrite.container.Hyperlink("../loc/a&b/?x=1&y=\"2\"", target="_self")
    link.set_desc(title=TYPED)
    link.add(dwg.use("#s-1", insert=(2, 3)))
    text = dwg.text(TYPED, insert=(1, 2), font_size=3)
    text.add(dwg.tspan("<b>", dx=[1]))
    text.add(dwg.tspan(""))
    link.add(text)
    group.add(link)
    on_path = dwg.text("", font_size=2)
    on_path.add(svgwrite.text.TextPath(path, "Дорога & <river>", startOffset="50%"))
    group.add(on_path)
    group.add(dwg.text(""))
    group.add(maps._Element("rect", {"x": 0, "y": 1.5, "width": 2, "height": True,
                                     "data-name": TYPED}))
    group.add(maps._Element(maps._RAW_TAG, {"n": 1}))
    group.add(maps._Element(maps._RAW_TAG, {"n": 0}))
    title = svgwrite.base.Title("")
    group.add(title)
    dwg.add(group)
    return dwg, ['<g class="raw">&amp; 1</g>', "<path d='M0 0'/>"]


def test_every_element_is_written_as_svgwrite_writes_it() -> None:
    dwg, raw = every_element()
    ours = maps._xml(dwg, raw)
    assert ours == svgwrite_text(dwg, raw)
    assert "<![CDATA[.a > .b" in ours and "&lt;Inn&gt;" in ours and "&#10;" in ours
    assert "data-empty" not in ours and "data-none" not in ours


def test_a_lone_surrogate_becomes_a_character_reference() -> None:
    dwg = svgwrite.Drawing(profile="full", debug=False)
    dwg.add(dwg.text("broken \ud800 name"))
    dwg.attribs["aria-label"] = "\udfff"
    ours = maps._xml(dwg)
    assert ours == svgwrite_text(dwg)
    assert "&#55296;" in ours


def test_an_element_of_another_kind_is_written_by_svgwrite() -> None:
    """A class whose get_xml does more than the ones _xml knows (a gradient with an href)
    goes through svgwrite and ElementTree, raw layers in it still filled in."""
    dwg = svgwrite.Drawing(profile="full", debug=False)
    gradient = dwg.linearGradient(id="g1")
    gradient.add_stop_color(0, "red")
    dwg.defs.add(gradient)
    other = dwg.linearGradient(id="g2", inherit=gradient)
    dwg.defs.add(other)
    group = dwg.g()
    group.add(maps._Element(maps._RAW_TAG, {"n": 0}))
    dwg.add(group)
    assert maps._xml(dwg, ["<x/>"]) == svgwrite_text(dwg, ["<x/>"])
    assert 'xlink:href="#g1"' in maps._xml(dwg, ["<x/>"])


@pytest.mark.parametrize("campaign", ["example", "typed"])
def test_every_map_of_a_build_is_what_svgwrite_writes(
        campaign: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both audiences' maps (overview, routes, the GM's maps of what the players knew) and
    the legend swatches of a build, each compared with svgwrite's own text."""
    if campaign == "example":
        root = ROOT / "content"
    else:
        root = write_campaign(tmp_path / "typed", {}, {"name": TYPED})
        for rel, name in (("hexes/map.yaml", "Crossroads Meadow"),
                          ("locations/thornfold-mill.md", "Thornfold Mill")):
            path = root / rel
            typed = "'Mere & <Fen> \"{{ x }}\" — Старий'"
            path.write_text(path.read_text("utf-8").replace(f"name: {name}", f"name: {typed}"),
                            encoding="utf-8")
    loaded, diags = load_campaign(root)
    assert loaded is not None, [d.format() for d in diags.items]
    chronicle, _ = replay(loaded)
    compared: list[str] = []
    real = maps._xml

    def both(dwg: Any, raw: Sequence[str] = ()) -> str:
        ours = real(dwg, raw)
        assert ours == svgwrite_text(dwg, raw)
        compared.append(ours)
        return ours

    monkeypatch.setattr(maps, "_xml", both)
    monkeypatch.setenv("HEXCRAWL_JOBS", "1")  # every map drawn here, where it is compared
    for audience in ("players", "gm"):
        write_docs(loaded, chronicle, audience, build_dir=tmp_path / "build",  # type: ignore[arg-type]
                   out_dir=tmp_path / "site")
    assert len(compared) > 2 * len(loaded.sessions) + 2
    assert any(text.startswith("<svg") for text in compared)
    if campaign == "typed":
        assert any("Mere &amp; &lt;Fen&gt; \"{{ x }}\"" in text for text in compared)
