"""The links a map's drawing keeps (``maps.DrawnLinks``), from which the list under the map
is made, are the links the map's SVG holds: read back from the SVG text (``map_targets``)
they are the same, on every map of the example's two sites and of a campaign whose names
hold what XML cannot."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from map_helpers import map_targets
from secret_campaign import load_secret_campaign, secret_chronicle

from generator.content.loader import load_campaign
from generator.knowledge import GMSessionView, GMView, View, gm_view, players_view
from generator.render import maps
from generator.render.map_lists import MapTargets, drawn_targets
from generator.replay.fold import replay

REPO = Path(__file__).resolve().parents[2]
LINKS = maps.MapLinks(hex=lambda label: f"../hex-key/#hex-{label}",
                      location=lambda lid: f"../locations/{lid}/")


def every_map(view: View) -> list[tuple[str, MapTargets, MapTargets]]:
    """Each map of ``view`` (the overview, and each session's maps): its name, the targets
    its drawing kept and those its SVG holds (the overview's as its map page splits it)."""
    out = []
    drawn = maps.DrawnLinks()
    _, held = maps.overview_page(view, LINKS, None, debug=True, drawn=drawn)
    out.append(("overview", drawn_targets(drawn),
                map_targets([held.map, *(layer for _, layer in held.layers)])))
    index = maps.ViewIndex(view)
    for session in view.sessions:
        drawn = maps.DrawnLinks()
        route = maps.session_map(view, session, LINKS, index=index, debug=True, drawn=drawn)
        if route is not None:
            out.append((f"route {session.number}", drawn_targets(drawn), map_targets([route])))
        if isinstance(view, GMView) and isinstance(session, GMSessionView):
            drawn = maps.DrawnLinks()
            known = maps.explored_map(view, session, LINKS, index=index, debug=True,
                                      drawn=drawn)
            if known is not None:
                out.append((f"explored {session.number}", drawn_targets(drawn),
                            map_targets([known])))
    return out


def test_the_example_maps_keep_exactly_the_links_they_draw() -> None:
    campaign, diags = load_campaign(REPO / "content")
    assert campaign is not None and not diags.has_errors()
    chronicle, _ = replay(campaign)
    for view in (gm_view(campaign, chronicle), players_view(campaign, chronicle)):
        found = every_map(view)
        assert len(found) > 5
        assert any(drawn.places and drawn.hexes for _, drawn, _ in found)
        for name, drawn, held in found:
            assert drawn == held, name


def test_a_name_xml_cannot_hold_is_listed_as_the_map_writes_it(tmp_path: Path) -> None:
    campaign = load_secret_campaign(tmp_path / "c")
    location = next(iter(campaign.locations.values()))
    campaign.locations[location.id] = dataclasses.replace(location, name="Bad\x01 · Name")
    chronicle = secret_chronicle()
    for name, drawn, held in every_map(gm_view(campaign, chronicle)):
        assert drawn == held, name
    found = every_map(gm_view(campaign, chronicle))[0][1]
    assert "Bad\ufffd · Name" in [link.name for link in found.places]

