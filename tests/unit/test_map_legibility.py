"""Maps that read well wherever they are read: hex numbers and names keep 4.5:1 against
their halo on any terrain, the printed map takes the orientation of its shape, and a place
with a tag no icon stands for is named by its tag in the legend."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.i18n import Translator
from generator.knowledge import gm_view, players_view
from generator.printing.maps import _map_legend, _map_orientation
from generator.render.maps import legend_icon_words, legend_icons
from generator.replay import replay
from tests.campaign_factory import LOCATION, load, write_campaign
from tests.unit.test_contrast import AA, RGBA, contrast, over, parse_colour

MAP_CSS = (Path(__file__).resolve().parents[2] / "site_templates" / "assets"
           / "map.css").read_text(encoding="utf-8")
BLACK: RGBA = (0.0, 0.0, 0.0, 1.0)
WHITE: RGBA = (255.0, 255.0, 255.0, 1.0)


def css_colour(value: str) -> RGBA:
    """A colour of map.css: #hex or rgba()."""
    found = re.fullmatch(r"rgba?\(([^)]*)\)", value.strip())
    if found is None:
        return parse_colour(value)
    parts = [float(v) for v in found.group(1).split(",")]
    return parts[0], parts[1], parts[2], parts[3] if len(parts) == 4 else 1.0


def rules(selector: str) -> dict[str, str]:
    """The declarations of map.css's rules for ``selector`` exactly (later ones win)."""
    found: dict[str, str] = {}
    text = re.sub(r"/\*.*?\*/", "", MAP_CSS, flags=re.S)
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", text):
        if selector in (s.strip() for s in selectors.split(",")):
            for decl in body.split(";"):
                if ":" in decl:
                    name, value = decl.split(":", 1)
                    found[name.strip()] = value.strip()
    return found


#: Every text class of the maps with the rule that gives it its fill.
TEXTS = {"hex labels": ".hexmap-svg .labels text",
         "location names": ".hexmap-svg .locations text",
         "hex names": ".hexmap-svg .hnames text",
         "road names": ".hexmap-svg .pnames text",
         "river names": ".hexmap-svg .pnames .pn-river"}


@pytest.mark.parametrize("terrain", [BLACK, WHITE, parse_colour("#6b5e52")],
                         ids=["black", "white", "mountains"])
@pytest.mark.parametrize("what", TEXTS)
def test_every_map_text_keeps_4_5_to_1_against_its_halo(what: str, terrain: RGBA) -> None:
    """The halo (a stroke painted under the fill, ``paint-order: stroke``, for every text of
    a map) is what a text's letters stand on: its colour over the darkest and the lightest
    ground, the text's fill over that, at 4.5:1 at least."""
    base = rules(".hexmap-svg text")
    assert base["paint-order"] == "stroke"
    halo = over(css_colour(base["stroke"]), terrain)
    fill = css_colour(rules(TEXTS[what])["fill"])
    assert contrast(fill, halo) >= AA, (what, round(contrast(fill, halo), 2))
    width = rules(TEXTS[what]).get("stroke-width") or rules(
        TEXTS[what].rsplit(" ", 1)[0] + " text").get("stroke-width", "1px")
    assert float(width.rstrip("px")) >= 1, what  # a halo, not a hairline


def test_the_contrast_of_the_old_hex_labels_was_short() -> None:
    """The hex labels' former fill (half-transparent black) read at under 4.5:1 on the
    halo over dark terrain: the check above would have caught it."""
    halo = over(css_colour(rules(".hexmap-svg text")["stroke"]), BLACK)
    assert contrast(css_colour("rgba(0, 0, 0, .5)"), halo) < AA


@pytest.mark.parametrize(("width", "height", "page"), [
    (900, 400, (297, 210)),     # a wide map: landscape
    (400, 900, (210, 297)),     # a tall one: portrait
    (631, 584, (210, 297)),     # the example's GM map, nearly square: portrait prints larger
])
def test_a_printed_map_takes_the_orientation_of_its_shape(
        width: float, height: float, page: tuple[float, float]) -> None:
    assert _map_orientation(width, height, "A4", "auto") == page
    assert _map_orientation(width, height, "A4", "portrait") == (210, 297)
    assert _map_orientation(width, height, "A4", "landscape") == (297, 210)


def test_a_tag_no_icon_stands_for_is_named_in_the_legend(tmp_path: Path) -> None:
    """A place whose tags name no icon gets the generic marker, and its tags are written
    beside that marker in the legend (on the site's map page and the printed map), in the
    campaign's language; a place with a known tag adds none."""
    odd = LOCATION.replace("thornfold-mill", "the-pit").replace("Thornfold Mill", "The Pit") \
        .replace("tags: [settlement, mill]", "tags: [sinkhole, Omen]").replace('"0602"', '"0304"')
    root = write_campaign(tmp_path, files={"locations/the-pit.md": odd},
                          campaign_overrides={"language": "ru"})
    campaign, _ = load(root)
    assert campaign is not None
    chronicle, _ = replay(campaign)
    view = gm_view(campaign, chronicle)
    assert "point" in legend_icons(view)
    assert legend_icon_words(view) == ["Omen", "sinkhole"]
    t = Translator("ru")
    words = [str(text) for _, text in _map_legend(view, t)]
    assert f"{t.label('icon', 'point')}: Omen, sinkhole" in words
    players = players_view(campaign, chronicle)
    assert all(w in ("Omen", "sinkhole") for w in legend_icon_words(players))
