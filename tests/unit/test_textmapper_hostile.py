"""A Text Mapper map downloaded from anywhere (generator/interop/textmapper/: parsing,
importing):
sizes checked before a hex is walked, patterns that give up in one pass, a positioned error
for a hint nested too deep, escapes shown inert, YAML that reads back whatever the labels
hold, reserved page names avoided, no writing through links, mapping values kept whole."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from generator import cli
from generator.content.loader import load_campaign
from generator.interop import textmapper as tm


def hexcrawl(*args: str) -> subprocess.CompletedProcess[str]:
    """The ``hexcrawl`` command run in-process (its whole command line): what it
    printed and its exit status. An exception it let escape, which the program would show
    as a traceback, fails the test."""
    result = CliRunner().invoke(cli.main, list(args), catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return subprocess.CompletedProcess(["hexcrawl", *args], result.exit_code, result.stdout,
                                       result.stderr)


def write_map(tmp_path: Path, text: str, name: str = "map.txt") -> Path:
    source = tmp_path / name
    source.write_text(text, encoding="utf-8")
    return source


def test_a_line_across_a_huge_map_is_refused_before_it_is_walked(tmp_path: Path) -> None:
    parsed = tm.parse('0101 forest\n01.01-99999999.01 river "L"\n')
    with pytest.raises(tm.MapError) as caught:
        tm.convert(parsed, tm.Mapping())
    assert caught.value.line == 2 and "at most 200 x 200" in caught.value.message
    source = write_map(tmp_path, '0101 forest\n01.01-99999999.01 river "L"\n')
    result = hexcrawl("import", "text-mapper", str(source), "--into", str(tmp_path / "c"))
    assert result.returncode == 1
    assert f"{source}:2:1: error: the map would be" in result.stderr
    assert "Traceback" not in result.stderr and not (tmp_path / "c").exists()


def test_a_coordinate_of_thousands_of_digits_is_a_size_error_not_a_crash() -> None:
    parsed = tm.parse("01." + "7" * 6000 + " forest\n")
    with pytest.raises(tm.MapError):
        tm.convert(parsed, tm.Mapping())


def test_padded_lines_are_read_in_one_pass() -> None:
    """Sizes at which the old patterns tried every way of sharing the spaces (hours)."""
    line = "0101-0102 river" + " " * 2000 + "stray"
    dotted = "01.01-01.02 river" + " " * 2000 + "stray"
    labelled = '0101-0102 river "The Mere"' + " " * 2000 + "left 20% stray"
    attributes = "forest attributes" + " " * 100_000 + 'fill="#00ff00"'
    label = '0103 forest "Wood" 12' + " " * 50_000 + "stray"
    parsed = tm.parse("\n".join([line, dotted, labelled, attributes, label,
                                 '0104-0105 road "Old Way" left 20%']))
    assert [text[:15] for _, text in parsed.unknown] == [line[:15], dotted[:15],
                                                        labelled[:15]]
    assert parsed.fills == {"forest": "#00ff00"}
    assert parsed.hexes[0].label == "Wood" and parsed.hexes[0].words == ["forest", "stray"]
    assert [(ln.kind, ln.label) for ln in parsed.lines] == [("road", "Old Way")]


def test_a_hint_nested_thousands_deep_is_a_positioned_error(tmp_path: Path) -> None:
    hint = "# hexcrawl: terrain bog " + "{a: " * 3000 + "1" + "}" * 3000
    with pytest.raises(tm.MapError) as caught:
        tm.parse("0101 forest\n" + hint + "\n")
    assert caught.value.line == 2
    # the brace that goes one level too deep
    assert caught.value.column == hint.index("{") + 4 * tm.MAX_HINT_DEPTH + 1
    source = write_map(tmp_path, "0101 forest\n" + hint + "\n")
    result = hexcrawl("import", "text-mapper", str(source), "--into", str(tmp_path / "c"))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert f"{source}:2:{caught.value.column}: error: the '# hexcrawl: terrain' line nests" \
        in result.stderr
    assert not (tmp_path / "c").exists()


def test_escape_sequences_in_the_map_are_reported_inert(tmp_path: Path) -> None:
    source = write_map(tmp_path, "0101 forest\n"
                       "\x1b]52;c;ZWNobyBwd25lZA==\x07 copy\n"
                       "\x1b]0;a title\x07\n"
                       "\x1b[2J wipe\n"
                       "0102 forest \x1b[31mred\u202e\n")
    result = hexcrawl("import", "text-mapper", str(source), "--into", str(tmp_path / "c"))
    assert result.returncode == 0, result.stderr + result.stdout
    out = result.stdout + result.stderr
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert r"\x1b]52;c;ZWNobyBwd25lZA==\x07" in out and r"\x1b[2J" in out
    assert r"\x1b[31mred\u202e" in out


def test_labels_with_control_characters_round_trip_through_yaml(tmp_path: Path) -> None:
    names = ["Del\x7fta", "Pad\x80ded", "C\x9bone", "Tab\tbed", "Half\ufffe"]
    source = write_map(tmp_path, "".join(f'01{row:02d} forest "{name}"\n'
                                         for row, name in enumerate(names, start=1)))
    into = tmp_path / "c"
    result = hexcrawl("import", "text-mapper", str(source), "--into", str(into))
    assert result.returncode == 0, result.stderr + result.stdout
    assert "loads: 0 errors" in result.stdout
    campaign, _ = load_campaign(into)
    assert campaign is not None
    assert sorted(info.name or "" for info in campaign.hexes.values()) == sorted(names)


def test_a_place_named_index_does_not_replace_the_list_of_locations(tmp_path: Path) -> None:
    imported = tm.convert(tm.parse('0101 forest tower "Index"\n0102 forest tower "index"\n'),
                          tm.Mapping())
    assert [loc.id for loc in imported.locations] == ["index-2", "index-3"]
    files = tm.planned_files(imported, tmp_path, tmp_path / "m.txt", "")
    assert tmp_path / "locations" / "index.md" not in files


@pytest.mark.parametrize("folder", ["hexes", "locations"])
def test_a_folder_planted_as_a_link_is_refused_before_writing(tmp_path: Path,
                                                               folder: str) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    into = tmp_path / "c"
    into.mkdir()
    try:
        (into / folder).symlink_to(outside, target_is_directory=True)
    except OSError:
        pytest.skip("no symbolic links here")
    source = write_map(tmp_path, '0101 forest tower "Keep"\n0102 hill\n')
    result = hexcrawl("import", "text-mapper", str(source), "--into", str(into), "--force")
    assert result.returncode == 1
    assert f"{folder} is a link; nothing was written" in result.stderr
    assert list(outside.iterdir()) == [] and sorted(p.name for p in into.iterdir()) == [folder]


#: The issue's payload: a terrain value that closes the hex's mapping and opens another,
#: with a GM note, on a line of its own.
SPLICE = 'forest}\n"0102": {terrain: forest, gm: The vault key is under the altar'


def test_a_mapping_value_holding_yaml_is_a_positioned_error_and_nothing_is_written(
        tmp_path: Path) -> None:
    mapping = write_map(tmp_path, "# words of my maps\nterrain:\n  zzz: " + yaml.safe_dump(
        SPLICE, default_style='"').strip() + "\n", "mapping.yaml")
    source = write_map(tmp_path, "0101 zzz\n0103 hill\n")
    into = tmp_path / "c"
    result = hexcrawl("import", "text-mapper", str(source), "--into", str(into),
                      "--mapping", str(mapping))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert f"{mapping}:3:8: error: terrain: " in result.stderr
    assert "is not a terrain id" in result.stderr and "\n\"0102\"" not in result.stderr
    assert not into.exists()


def test_mapping_values_cannot_add_keys_to_the_hexes_file(tmp_path: Path) -> None:
    """Past the mapping file's checks (a value given in code), the hexes file still holds
    exactly one string for the value: PyYAML's emitter quotes it."""
    mapping = tm.Mapping()
    mapping.terrain.update({"zzz": SPLICE, "glade": "a\nb: c", "marsh": "x\u2028y: z\x85"})
    imported = tm.convert(tm.parse("0101 zzz\n0103 hill\n0104 glade\n0105 marsh\n"), mapping)
    text = tm.hexes_yaml(imported, "map.txt")
    assert yaml.safe_load(text) == {"0101": {"terrain": SPLICE}, "0103": {"terrain": "hills"},
                                    "0104": {"terrain": "a\nb: c"},
                                    "0105": {"terrain": "x\u2028y: z\x85"}}
    assert "'0103': {terrain: hills}" in text          # plain words stay plain
    files = tm.planned_files(imported, tmp_path, tmp_path / "map.txt", "")
    assert yaml.safe_load(files[tmp_path / "hexes" / "map.yaml"])["0101"] == {
        "terrain": SPLICE}


def test_a_file_that_would_not_read_back_as_meant_is_never_written(tmp_path: Path) -> None:
    spliced = "'0101': {terrain: forest}\n'0102': {terrain: forest, gm: a secret}\n"
    with pytest.raises(tm.ImportError_, match="would not read back as the import meant it"):
        tm.checked({tmp_path / "hexes" / "map.yaml": (spliced,
                                                      {"0101": {"terrain": "forest"}})})
    with pytest.raises(tm.ImportError_):
        tm.checked({tmp_path / "locations" / "a.md": ("no front matter\n", {"id": "a"})})
    good = "'0101': {terrain: forest}\n"
    assert tm.checked({tmp_path / "m.yaml": (good, {"0101": {"terrain": "forest"}})}) == {
        tmp_path / "m.yaml": good}


def test_a_map_file_name_cannot_add_lines_to_the_files_it_names(tmp_path: Path) -> None:
    """The map's file name is written in the files' comments and in each location's page."""
    name = 'm\n"0102": {terrain: forest, gm: secret}\n<img src=x onerror=alert(1)>[a](b).txt'
    imported = tm.convert(tm.parse('0101 forest tower "Keep"\n0103 hill\n0101-0103 road\n'),
                          tm.Mapping())
    files = tm.planned_files(imported, tmp_path, tmp_path / name, "")
    hexes = next(text for path, text in files.items() if path.parent.name == "hexes")
    assert yaml.safe_load(hexes) == {"0101": {"terrain": "forest"},
                                     "0103": {"terrain": "hills"}}
    assert set(yaml.safe_load(files[tmp_path / "paths.yaml"])) == {"road"}
    page = files[tmp_path / "locations" / "keep.md"]
    assert "<img" not in page and "[a](b)" not in page and page.count("\n") == 7


@pytest.mark.parametrize(("text", "line", "col", "words"), [
    ("terrain:\n  fir wood: forest\n", 2, 3, "can never match a word of a map"),
    ("terrain: {bog: Swamp}\n", 1, 16, "(did you mean 'swamp'?)"),
    ("terrain: {bog: bogland}\n", 1, 16, "is not a terrain of the campaign"),
    ("sites:\n  pyramid: \"tomb\\n---\\ngm: x\"\n", 2, 12, "is not a tag (one line of text"),
    ("sites: {pyramid: \"\"}\n", 1, 18, "is not a tag"),
    ("ignore: [zone, \"\\x1b[2J\"]\n", 1, 16, "can never match a word of a map"),
    ("lines: {canyon: wall}\n", 1, 17, "is not a path kind"),
])
def test_mapping_values_a_campaign_cannot_hold_are_positioned_errors(
        tmp_path: Path, text: str, line: int, col: int, words: str) -> None:
    mapping = write_map(tmp_path, text, "mapping.yaml")
    source = write_map(tmp_path, "0101 bog\n0102 hill\n")
    result = hexcrawl("import", "text-mapper", str(source), "--into", str(tmp_path / "c"),
                      "--mapping", str(mapping))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    first = result.stderr.splitlines()[0]
    assert first.startswith(f"{mapping}:{line}:{col}: error: ") and words in first, first
    assert "\x1b" not in result.stderr and not (tmp_path / "c").exists()


def test_a_mapping_to_the_campaigns_own_terrain_imports(tmp_path: Path) -> None:
    """A terrain of the campaign imported into (its terrain.yaml, even before its
    campaign.yaml) or of the map's own ``# hexcrawl: terrain`` lines is known; the file's
    words match the map's case-blind."""
    into = tmp_path / "c"
    into.mkdir()
    (into / "terrain.yaml").write_text("bog: {like: swamp}\n", encoding="utf-8")
    mapping = write_map(tmp_path, "terrain: {Mire: bog, Fen: fen}\n", "mapping.yaml")
    refused = hexcrawl("import", "text-mapper", str(write_map(tmp_path, "0101 mire\n")),
                       "--into", str(into), "--mapping", str(mapping))
    assert f"{mapping}:1:27: error: terrain: 'fen' is not a terrain" in refused.stderr
    result = hexcrawl("import", "text-mapper", str(write_map(tmp_path, "0101 mire\n")),
                      "--into", str(into), "--mapping",
                      str(write_map(tmp_path, "terrain: {Mire: bog}\n", "mine.yaml")))
    assert result.returncode == 0, result.stderr + result.stdout
    assert yaml.safe_load((into / "hexes" / "map.yaml").read_text(encoding="utf-8")) == {
        "0101": {"terrain": "bog"}}
    into = tmp_path / "d"
    source = write_map(tmp_path, "# hexcrawl: terrain fen {like: swamp, name: Fen}\n"
                       "0101 mire\n0102 FEN\n")
    result = hexcrawl("import", "text-mapper", str(source), "--into", str(into),
                      "--mapping", str(write_map(tmp_path, "terrain: {Fen: fen}\n", "m.yaml")))
    assert result.returncode == 0, result.stderr + result.stdout
    assert yaml.safe_load((into / "hexes" / "map.yaml").read_text(encoding="utf-8")) == {
        "0101": {"terrain": "swamp"}, "0102": {"terrain": "fen"}}       # mire: built in


def test_the_players_export_gives_no_hex_for_a_place_found_while_lost(tmp_path: Path) -> None:
    """Thornfold Mill (0602) is found while the party is lost and never re-anchors: the
    players' map draws it nowhere, and neither does their export."""
    import dataclasses

    from secret_campaign import load_secret_campaign, secret_chronicle

    from generator.knowledge import gm_view, players_view

    campaign = load_secret_campaign(tmp_path / "c")
    chronicle = dataclasses.replace(secret_chronicle(),
                                    known_how=dict.fromkeys(("0304", "0303"), "explored"))
    view = players_view(campaign, chronicle)
    assert "thornfold-mill" in view.locations              # they know of it...
    text = tm.export(view, campaign)
    assert "Thornfold Mill" not in text and "0602" not in text   # ...but not where it is
    gm_text = tm.export(gm_view(campaign, chronicle), campaign)
    assert [line for line in gm_text.splitlines() if "Thornfold Mill" in line][0][:5] == "0602 "


#: A campaign of its own terrain, whose name tries to add a hex line, and a hex whose name
#: tries to drive the terminal the export is printed on.
BLIGHT = ('blightwood:\n  name: "Blight\\n3131 forest \\"The Vault\\""\n  color: "#556b2f"\n'
          "  navigation_dc: 17\n  forage_dc: 19\n"
          "  speed: {highway: '1', road: '3/4', trackless: '1/3'}\n")


def _big_campaign(tmp_path: Path, reference: list[str] | None = None) -> Path:
    from campaign_factory import write_campaign

    overrides: dict[str, object] = {"map": {"columns": 40, "rows": 30},
                                    "default_terrain": "plains"}
    if reference is not None:
        overrides["reference"] = {"players": reference}
    return write_campaign(tmp_path, files={
        "terrain.yaml": BLIGHT,
        "hexes/map.yaml": '"0304": {terrain: blightwood, name: "Crossroads \\e]0;pwned\\a"}\n'
                          '"3930": {terrain: forest, name: The Far Corner}\n'},
                          campaign_overrides=overrides)


def test_the_players_export_gives_the_hexes_they_know_not_the_size_of_the_map(
        tmp_path: Path) -> None:
    from generator.knowledge import players_view
    from generator.replay import replay

    root = _big_campaign(tmp_path / "c")
    campaign, _ = load_campaign(root)
    assert campaign is not None
    known = set(players_view(campaign, replay(campaign)[0]).hexes)
    assert 0 < len(known) < 10 and "0304" in known
    players = hexcrawl("export", "text-mapper", "--audience", "players", "--content", str(root))
    assert players.returncode == 0, players.stderr
    text = players.stdout
    count = f"{len(known)} hex{'es' * (len(known) != 1)}"
    assert f"# {count} the players know, 12 miles a hex." in text
    assert "40" not in text.splitlines()[1] and "30 " not in text.splitlines()[1]
    labels = {line.split()[0] for line in text.splitlines()
              if line[:1].isdigit() and "-" not in line.split()[0]}
    assert labels <= known and "3930" not in text and "Far Corner" not in text
    gm = hexcrawl("export", "text-mapper", "--content", str(root))
    assert "# 40 x 30 hexes, 12 miles a hex." in gm.stdout and "The Far Corner" in gm.stdout


def test_the_players_export_gives_terrain_rules_only_where_their_site_prints_them(
        tmp_path: Path) -> None:
    """The default players' reference has the travel sheet but not the navigation one: their
    export names and colours the campaign's own terrain, without its DCs and speeds."""
    def hint(root: Path, *audience: str) -> dict[str, object]:
        result = hexcrawl("export", "text-mapper", *audience, "--content", str(root))
        assert result.returncode == 0, result.stderr
        line = next(ln for ln in result.stdout.splitlines()
                    if ln.startswith("# hexcrawl: terrain blightwood "))
        found = yaml.safe_load(line.split(" ", 4)[4])
        assert isinstance(found, dict)
        return found

    default = _big_campaign(tmp_path / "a")
    assert set(hint(default, "--audience", "players")) == {"name", "color", "letter"}
    assert hint(default)["navigation_dc"] == 17
    shown = _big_campaign(tmp_path / "b", reference=["travel", "navigation"])
    assert hint(shown, "--audience", "players")["forage_dc"] == 19


def test_a_hostile_name_stays_inside_its_line_of_the_export(tmp_path: Path) -> None:
    root = _big_campaign(tmp_path / "c")
    result = hexcrawl("export", "text-mapper", "--content", str(root))
    assert result.returncode == 0, result.stderr
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    assert '0304 blightwood "Crossroads \\x1b]0;pwned\\x07"' in result.stdout
    lines = result.stdout.splitlines()
    assert not [line for line in lines if line.startswith("3131")]
    hint = next(line for line in lines if line.startswith("# hexcrawl: terrain blightwood "))
    assert yaml.safe_load(hint.split(" ", 4)[4])["name"] == (
        'Blight\n3131 forest "The Vault"')
