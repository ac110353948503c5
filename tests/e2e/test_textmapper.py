"""Text Mapper interoperability (generator/interop/textmapper/, hexcrawl import/export
text-mapper): a map of the example campaign written by hand in Text Mapper's format imports
to the example's hexes, paths and locations; an export reads back unchanged; files are
never written over without --force, and never lost with it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.content.campaign import Campaign
from generator.content.loader import load_campaign
from generator.diagnostics import Diagnostics
from generator.interop import textmapper as tm
from generator.knowledge import gm_view, players_view
from generator.render.maps.symbols import icon_kind
from generator.replay import replay

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "tests" / "data" / "sallow-reach.txt"


def hexcrawl(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def load(root: Path) -> Campaign:
    campaign, diags = load_campaign(root)
    assert campaign is not None and not diags.has_errors(), [d.format() for d in diags.items]
    return campaign


def the_map(campaign: Campaign) -> dict[str, object]:
    """What the two formats share: terrain (a forest's density, medium as unset), hex names,
    paths, and locations by name, hex and icon."""
    return {
        "size": (campaign.grid.columns, campaign.grid.rows),
        "hexes": {info.label: (info.terrain, None if info.density == "medium" else info.density,
                               info.name) for info in campaign.hexes.values()},
        "paths": sorted((p.kind, p.name, p.labels) for p in campaign.paths.values()),
        "locations": sorted((loc.name, loc.label, icon_kind(loc.icon, loc.tags))
                            for loc in campaign.locations.values()),
        "farmland": campaign.terrain["farmland"].color if "farmland" in campaign.terrain
        else None,
    }


@pytest.fixture(scope="module")
def example() -> Campaign:
    return load(ROOT / "content")


def test_the_hand_written_sample_imports_to_the_example_campaigns_map(
        example: Campaign, tmp_path: Path) -> None:
    into = tmp_path / "imported"
    result = hexcrawl("import", "text-mapper", str(SAMPLE), "--into", str(into))
    assert result.returncode == 0, result.stderr + result.stdout
    report = result.stdout
    assert "320 hexes (20 x 16), 5 paths, 37 locations" in report
    assert "1 hex filled in between points" in report          # 1306-1308
    for dropped in ("a 'border' line (not a path)", "the text 'the cut stones' in 1308",
                    "1 hex or line on levels beyond the first",
                    "5 styling and library lines", "include default.txt"):
        assert dropped in report, dropped
    assert "loads: 0 errors" in report
    imported = load(into)
    assert the_map(imported) == the_map(example)
    # the farmland comes back as the campaign's own terrain, drawn with its symbol
    assert imported.terrain_like == {"farmland": "plains"}
    assert imported.terrain_symbol("farmland") == "fields"


def test_an_export_reads_back_unchanged(example: Campaign, tmp_path: Path) -> None:
    first = hexcrawl("export", "text-mapper", "--content", "content")
    assert first.returncode == 0, first.stderr
    text = first.stdout
    assert text.startswith("# The Sallow Reach: the GM's map")
    assert text.rstrip().endswith("include default.txt")
    assert '0313 town "Ashford"' in text
    assert ('1110-1010-0911-0912-0812-0713-0714-0715-0615-0616 river "The Sallow"'
            in text)
    source = tmp_path / "sallow.txt"
    source.write_text(text, encoding="utf-8")
    into = tmp_path / "round"
    result = hexcrawl("import", "text-mapper", str(source), "--into", str(into))
    assert result.returncode == 0, result.stderr + result.stdout
    assert "dropped:" in result.stdout and "the word" not in result.stdout
    again = load(into)
    assert the_map(again) == the_map(example)
    chronicle, _ = replay(again)
    second = tm.export(gm_view(again, chronicle), again)
    assert second.splitlines()[2:] == text.splitlines()[2:]


def test_the_players_export_holds_only_what_they_found(example: Campaign) -> None:
    chronicle, _ = replay(example)
    text = tm.export(players_view(example, chronicle), example)
    assert text.startswith("# The Sallow Reach: the players' map")
    hidden = [loc.name for loc in example.locations.values()
              if loc.id not in chronicle.discovered or loc.gm_only]
    assert hidden and not [name for name in hidden if name in text]
    explored = {label for label in chronicle.explored}
    hex_lines = [line.split()[0] for line in text.splitlines() if line[:4].isdigit()
                 and "-" not in line.split()[0]]
    assert set(hex_lines) <= explored


def test_files_are_never_written_over_without_force_and_never_lost_with_it(
        tmp_path: Path) -> None:
    into = tmp_path / "c"
    assert hexcrawl("import", "text-mapper", str(SAMPLE), "--into", str(into)).returncode == 0
    paths_file = into / "paths.yaml"
    mine = "# my own roads\n" + paths_file.read_text(encoding="utf-8")
    paths_file.write_text(mine, encoding="utf-8")
    before = {p: p.read_bytes() for p in into.rglob("*") if p.is_file()}
    refused = hexcrawl("import", "text-mapper", str(SAMPLE), "--into", str(into))
    assert refused.returncode == 1
    assert "already exist; nothing was written" in refused.stderr
    assert {p: p.read_bytes() for p in into.rglob("*") if p.is_file()} == before
    forced = hexcrawl("import", "text-mapper", str(SAMPLE), "--into", str(into), "--force")
    assert forced.returncode == 0, forced.stderr + forced.stdout
    backup = into / "paths.yaml.bak"
    assert backup.read_text(encoding="utf-8") == mine
    assert "kept the old" in forced.stdout
    assert not (into / "campaign.yaml.bak").exists()        # campaign.yaml is left alone
    assert not [p for p in into.rglob(".import-*")]


def test_a_mapping_file_overrides_the_words(tmp_path: Path) -> None:
    source = tmp_path / "tiny.txt"
    source.write_text("0101 fields zone \"Oat Fields\"\n0102 fields\n0201 weird-bog\n"
                      "0202 grass house \"Lone Farm\"\n0101-0202 canyon\ninclude gnomeyland.txt\n",
                      encoding="utf-8")
    mapping = tmp_path / "mapping.yaml"
    mapping.write_text("terrain: {fields: farmland, weird-bog: swamp}\nignore: [zone]\n"
                       "sites: {house: inn}\nlines: {canyon: river}\n", encoding="utf-8")
    terrain = "farmland: {like: plains, color: '#fed669'}\n"
    into = tmp_path / "c"
    into.mkdir()
    default = hexcrawl("import", "text-mapper", str(source), "--into", str(tmp_path / "d"))
    assert "the word 'weird-bog' (1 hex: 0201)" in default.stdout
    assert "the word 'zone'" not in default.stdout           # a built-in ignored word
    (into / "terrain.yaml").write_text(terrain, encoding="utf-8")
    result = hexcrawl("import", "text-mapper", str(source), "--into", str(into),
                      "--mapping", str(mapping))
    assert result.returncode == 0, result.stderr + result.stdout
    campaign = load(into)
    terrain_of = {info.label: info.terrain for info in campaign.hexes.values()}
    assert terrain_of == {"0101": "farmland", "0102": "farmland", "0201": "swamp",
                          "0202": "plains"}
    assert [(loc.name, loc.tags) for loc in campaign.locations.values()] == [
        ("Lone Farm", ("inn",))]
    assert [p.kind for p in campaign.paths.values()] == ["river"]
    shown = hexcrawl("import", "text-mapper", str(source), "--show-mapping")
    assert shown.returncode == 0 and "fir-forest: forest" in shown.stdout
    written = tmp_path / "all.yaml"
    written.write_text(shown.stdout, encoding="utf-8")
    assert tm.load_mapping(written, Diagnostics()) is not None


def test_a_bad_mapping_file_is_a_positioned_error(tmp_path: Path) -> None:
    mapping = tmp_path / "mapping.yaml"
    mapping.write_text("terrain: {fields: farmland}\ndensty: {x: dense}\n"
                       "lines: {canyon: gorge}\n", encoding="utf-8")
    result = hexcrawl("import", "text-mapper", str(SAMPLE), "--into", str(tmp_path / "c"),
                      "--mapping", str(mapping))
    assert result.returncode == 1
    assert "mapping.yaml:2:1: error:" in result.stderr and "density" in result.stderr
    assert not (tmp_path / "c").exists()


def test_parsing_coordinates_levels_and_lines() -> None:
    parsed = tm.parse("\n".join([
        '-0101 forest "West"', "0001 hill", "0202 light-green forest", "1203 sea",
        '0301 mountain name="Top" "Second"', "030102 cave", "0001-0004 road \"Long\"",
        "Regina 0101 B300000-0 Ni", "something odd"]))
    assert [(h.x, h.y, h.z) for h in parsed.hexes] == [(-1, 1, 0), (0, 1, 0), (2, 2, 0),
                                                      (12, 3, 0), (3, 1, 0), (3, 1, 2)]
    assert parsed.hexes[4].label == "Top" and parsed.hexes[4].others == ["Second"]
    assert parsed.lines[0].points == [(0, 1, 0), (0, 4, 0)]
    assert [text for _, text in parsed.unknown] == ["Regina 0101 B300000-0 Ni",
                                                    "something odd"]
    imported = tm.convert(parsed, tm.Mapping())
    # columns below 1 move by an even number (2), so odd columns stay the higher ones
    assert imported.shift == (2, 0)
    assert imported.hexes["0101"] == {"terrain": "forest", "name": "West"}
    assert imported.hexes["0402"] == {"terrain": "forest", "density": "sparse"}
    assert imported.paths["long"]["hexes"] == ["0201", "0202", "0203", "0204"]
    assert imported.filled == 2
    assert (imported.columns, imported.rows) == (14, 4)


def test_import_into_an_existing_campaign_uses_its_terrain(example: Campaign,
                                                           tmp_path: Path) -> None:
    """Importing into a campaign: its own terrain ids are words too, campaign.yaml and
    terrain.yaml are left alone, the hexes land in their own file."""
    import shutil

    into = tmp_path / "c"
    shutil.copytree(ROOT / "content", into)
    for name in ("paths.yaml",):
        (into / name).unlink()
    shutil.rmtree(into / "hexes")
    shutil.rmtree(into / "locations")
    before = (into / "campaign.yaml").read_text(encoding="utf-8")
    source = tmp_path / "plain.txt"
    source.write_text(SAMPLE.read_text(encoding="utf-8").replace("# hexcrawl: terrain",
                                                                  "# (no hint) terrain"),
                      encoding="utf-8")
    result = hexcrawl("import", "text-mapper", str(source), "--into", str(into))
    assert (into / "campaign.yaml").read_text(encoding="utf-8") == before
    assert (into / "hexes" / "plain.yaml").is_file()
    assert result.returncode == 1   # the sessions name locations the map has under new ids
    imported = tm.convert(tm.parse(source.read_text(encoding="utf-8")), tm.Mapping(),
                          set(example.terrain))
    assert {e["terrain"] for e in imported.hexes.values()} >= {"farmland", "moor"}
