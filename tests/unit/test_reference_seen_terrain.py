"""The players' rules reference names only the terrain they have seen, plus the built-in
terrain (generator/reference/render.py ``seen_terrain_only``, generator/site.py): a
campaign's own terrain that lies only in unexplored hexes stays off their travel, navigation
and foraging tables, and so off their search index; the GM's reference lists it."""

from __future__ import annotations

from pathlib import Path

import pytest
from build_helpers import docs_build

from generator.content.loader import load_campaign
from generator.knowledge import players_view
from generator.reference.render import reference_pages
from generator.replay import replay

from campaign_factory import HEXES, write_campaign

SECRET = "Glasswaste"
TERRAIN = (f"glasswaste: {{like: plains, name: {SECRET}, color: '#cfe8ef'}}\n"
           "farmland: {like: plains, name: Farmland, color: '#fed669'}\n")


def campaign_root(tmp_path: Path) -> Path:
    # 0808, far from the party's walk, is the only glasswaste hex; 0304, where it starts,
    # is farmland
    rows = HEXES.replace("  - ppppfffh\n  - ppppfffh\n  - ppppfffh\n",
                         "  - ppppfffh\n  - ppppfffh\n  - ppppfffg\n")
    rows = rows.replace("legend: {p: plains, f: forest, h: hills}",
                        "legend: {p: plains, f: forest, h: hills, g: glasswaste}")
    rows = rows.replace('"0304":\n  terrain: plains', '"0304":\n  terrain: farmland')
    assert "g: glasswaste" in rows and "fffg" in rows and "terrain: farmland" in rows
    return write_campaign(tmp_path / "camp", files={"hexes/map.yaml": rows,
                                                    "terrain.yaml": TERRAIN},
                          campaign_overrides={"reference": {"players": ["travel",
                                                                        "navigation"]}})


def test_unseen_terrain_is_not_named_on_the_players_reference(tmp_path: Path) -> None:
    campaign, diags = load_campaign(campaign_root(tmp_path))
    assert campaign is not None, [d.format() for d in diags.items]
    chronicle, _ = replay(campaign)
    assert "0808" not in chronicle.explored and "0304" in chronicle.explored
    view = players_view(campaign, chronicle)
    players = reference_pages(campaign, "players", known_terrain=set(view.terrains))
    gm = reference_pages(campaign, "gm")
    for page in ("reference/travel.md", "reference/navigation.md"):
        assert SECRET not in players[page], page
        assert "Farmland" in players[page] and "Forest" in players[page], page
        assert SECRET in gm[page], page
    assert not [path for path, text in players.items() if SECRET in text]


def test_the_players_site_build_leaves_unseen_terrain_out(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = campaign_root(tmp_path)
    docs_build(root, "1", monkeypatch)
    build = root / "build"          # a campaign folder with no content/ builds inside it
    players = build / "players" / "docs" / "reference"
    assert SECRET not in (players / "travel.md").read_text(encoding="utf-8")
    assert not [p for p in players.rglob("*.md") if SECRET in p.read_text(encoding="utf-8")]
    gm_travel = build / "gm" / "docs" / "reference" / "travel.md"
    assert SECRET in gm_travel.read_text(encoding="utf-8")


def test_the_players_printed_sheets_leave_unseen_terrain_out(tmp_path: Path) -> None:
    from generator.printing import sheets

    campaign, _ = load_campaign(campaign_root(tmp_path))
    assert campaign is not None
    view = players_view(campaign, replay(campaign)[0])
    docs, _ = sheets.sheets(campaign, audience="players", known_terrain=set(view.terrains))
    travel = next(d for d in docs if d.name == "travel")
    assert SECRET not in travel.markdown and "Farmland" in travel.markdown
    gm_docs, _ = sheets.sheets(campaign)
    assert SECRET in next(d for d in gm_docs if d.name == "travel").markdown
