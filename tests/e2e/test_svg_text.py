"""The maps' SVG is built with svgwrite (``generator.render.maps.svg``), which escapes attribute
values and text through ``xml.etree``: whatever a GM types comes back out of an XML parser
exactly as typed, in every element the maps use and in every map of a campaign. The tests
draw in svgwrite's debug mode, which checks every element, attribute and value against the
SVG 1.1 profile."""

from __future__ import annotations

import ast
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.content.loader import load_campaign
from generator.knowledge import GMView, gm_view, players_view
from generator.render import maps
from generator.render.maps.svg import Drawing
from generator.replay import replay

from campaign_factory import write_campaign

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
TYPED = 'Tom & Jerry\'s <Inn> "{{ 7*7 }}" {% if %}\n\tline\r — Старий млин ]]> ☃'


def test_attribute_values_and_texts_come_back_as_typed() -> None:
    d = Drawing(debug=True)
    out = d.body
    out.open("g", {"class": "layer", "data-name": TYPED, "data-none": None, "data-empty": "",
                   "transform": "translate(0)"})
    out.leaf("use", {"xlink:href": "../loc/a&b/?x=1&y=\"2\"", "y": 1.5})
    out.element("text", {"font-size": 3}, TYPED)
    out.titled("path", {"d": "M0 0l1 1z"}, TYPED)
    with out.group("text", {"x": 1}):
        out.chars(TYPED)
        out.element("tspan", {"dy": "6.8"}, "<b>")
    out.element("text", None, "")
    out.close("g")
    root = ET.fromstring(d.text({"class": "t"}, title=TYPED, desc=TYPED))
    (g,) = root.iter(f"{SVG}g")
    assert g.get("data-name") == TYPED  # line breaks and tabs kept, as character references
    assert "data-none" not in g.attrib and "data-empty" not in g.attrib
    (use,) = root.iter(f"{SVG}use")
    assert use.get(XLINK) == "../loc/a&b/?x=1&y=\"2\"" and use.get("y") == "1.5"
    texts = list(root.iter(f"{SVG}text"))
    assert texts[0].text == TYPED.replace("\r", "\n")  # XML reads a bare \r as a line break
    assert "".join(texts[1].itertext()) == TYPED.replace("\r", "\n") + "<b>"
    assert texts[2].text is None and not list(texts[2])
    titles = list(root.iter(f"{SVG}title"))
    assert [t.text for t in titles] == [TYPED.replace("\r", "\n")] * 2
    (desc,) = root.iter(f"{SVG}desc")
    assert desc.text == TYPED.replace("\r", "\n")


def test_the_debug_drawing_checks_what_it_is_given() -> None:
    """svgwrite's debug mode turns down what SVG 1.1 does not allow (the build's drawings
    skip the check); compact path data, ARIA and data attributes pass."""
    out = Drawing(debug=True).body
    out.leaf("path", {"d": "M-14-4q5-4 10 0t10 0M0 0l.5.5l1-1h2z", "aria-hidden": "true",
                      "data-x": "1"})
    with pytest.raises((ValueError, TypeError)):
        out.leaf("path", {"colour": "red"})
    with pytest.raises((ValueError, TypeError)):
        out.leaf("circle", {"r": "wide"})
    Drawing(debug=False).body.leaf("path", {"colour": "red"})


def test_a_stylesheet_is_character_data_even_holding_its_end_marker() -> None:
    d = Drawing(debug=True)
    css = ".a > .b{fill:red} /* & < ]]> */"
    d.defs.style(css)
    text = d.text({})
    assert "<![CDATA[.a > .b" in text
    (style,) = ET.fromstring(text).iter(f"{SVG}style")
    assert style.text == css and style.get("type") == "text/css"


def test_an_empty_drawing_still_has_its_defs_and_namespaces() -> None:
    text = Drawing(debug=True).text({"viewBox": "0 0 1 1"})
    root = ET.fromstring(text)
    assert [child.tag for child in root] == [f"{SVG}defs"]
    assert root.get("viewBox") == "0 0 1 1"
    # no xmlns:ev: an SVG inside an HTML page may not carry it
    assert "xmlns:ev" not in text and 'xmlns:xlink="http://www.w3.org/1999/xlink"' in text


def test_what_xml_does_not_allow_becomes_a_replacement_character() -> None:
    """A lone surrogate (UTF-8 cannot encode it) and a control character (a GM's name with
    an escape sequence) are allowed in no XML document, not even as character references:
    each is written as U+FFFD and the SVG parses."""
    d = Drawing(debug=True)
    d.body.element("text", {"data-label": "\udfff"}, "broken \ud800 name \x1b[31m")
    text = d.text({})
    assert "broken \ufffd name \ufffd[31m" in text and 'data-label="\ufffd"' in text
    text.encode("utf-8")
    ET.fromstring(text)


def test_svg_is_built_with_svgwrite_in_one_place() -> None:
    """Maps, swatches and the reference diagrams are built with svgwrite through
    ``generator.render.maps.svg``: only that module imports svgwrite, and none writes SVG
    tags as text."""
    package = ROOT / "generator"
    importers = set()
    for source in package.rglob("*.py"):
        text = source.read_text("utf-8")
        tree = ast.parse(text)
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            if any(n.split(".")[0] == "svgwrite" for n in names):
                importers.add(source.relative_to(package).as_posix())
    assert importers == {"render/maps/svg.py"}


@pytest.mark.parametrize("campaign", ["example", "typed"])
def test_every_map_of_a_campaign_is_xml_that_keeps_what_the_gm_typed(
        campaign: str, tmp_path: Path) -> None:
    """Both audiences' maps (overview on screen and printed, routes, the GM's maps of what
    the players knew) and the legend's swatches parse as XML, and a name typed with every
    character that needs escaping reads back as typed."""
    typed = 'Mere & <Fen> "{{ x }}" — Старий'
    if campaign == "example":
        root = ROOT / "content"
    else:
        root = write_campaign(tmp_path / "typed", {}, {"name": TYPED})
        for rel, name in (("hexes/map.yaml", "Crossroads Meadow"),
                          ("locations/thornfold-mill.md", "Thornfold Mill")):
            path = root / rel
            quoted = "'" + typed + "'"
            path.write_text(path.read_text("utf-8").replace(f"name: {name}", f"name: {quoted}"),
                            encoding="utf-8")
    loaded, diags = load_campaign(root)
    assert loaded is not None, [d.format() for d in diags.items]
    chronicle, _ = replay(loaded)
    links = maps.MapLinks(hex=lambda label: f"../hexes/?h={label}&x=<1>",
                          location=lambda lid: f"../{lid}/?a=1&b=\"2\"")
    drawn: list[str] = []
    for view in (players_view(loaded, chronicle), gm_view(loaded, chronicle)):
        drawn.append(maps.overview_map(view, links, debug=True))
        drawn.append(maps.overview_map(view, links, for_print=True, debug=True))
        for session in view.sessions:
            drawn.append(maps.session_map(view, session, links, debug=True) or "")
            if isinstance(view, GMView):
                drawn.append(maps.explored_map(view, session, links, debug=True) or "")  # type: ignore[arg-type]
        drawn += [maps.terrain_swatch(terrain, density, debug=True)
                  for terrain, density in maps.legend_terrains(view)]
    drawn += [maps.fog_swatch(debug=True), maps.path_swatch("highway", debug=True),
              maps.new_hex_swatch(debug=True), maps.track_swatch("#555", "past", debug=True),
              maps.party_swatch(debug=True), maps.icon_swatch("town", debug=True)]
    words: list[str] = []
    hrefs: set[str] = set()
    for text in filter(None, drawn):
        root_element = ET.fromstring(text)
        words += ["".join(e.itertext()) for e in root_element.iter()
                  if e.tag in (f"{SVG}text", f"{SVG}title")]
        hrefs |= {e.get(XLINK, "") for e in root_element.iter(f"{SVG}a")}
    assert len([t for t in drawn if t]) > 2 * len(loaded.sessions) + 2
    assert any(h.endswith("&x=<1>") for h in hrefs)
    assert any(h.endswith('?a=1&b="2"') for h in hrefs)
    if campaign == "typed":
        assert typed in words or any(w.startswith(typed) for w in words)
