"""Nothing a campaign says can make a build write, or publish, outside its folders
(issue 10, items 1 and 4).

Every id of every kind follows one slug rule (generator.slug), checked where it is declared
with a positioned error; the one writer of docs trees (generator.site.writer) refuses any path that
would land outside its root, links included; and content or template files that resolve
outside the campaign folder are errors naming the file.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from generator.site.writer import TreeWriter, UnsafePath
from generator.slug import check_id, heading_id, is_slug, slugify

from campaign_factory import CAMPAIGN, LOCATION, PATHS, TABLE, errors, find, load, write_campaign

ROOT = Path(__file__).resolve().parents[2]

#: ids that must never name a file: traversal, absolute, Windows, hidden, odd characters
HOSTILE_IDS = ["../../../../../evil-table", "..", "a/b", "/etc/evil", "C:\\evil",
               ".evil", "Evil", "évil", "evil table", "evil-", "-evil", "evil--table", "",
               "%2e%2e%2fevil", "e" * 101]


def test_the_slug_rule() -> None:
    for good in ("thornwood-day", "a", "x1", "0304", "e" * 100):
        assert is_slug(good) and check_id(good) is None
    for bad in HOSTILE_IDS:
        assert not is_slug(bad), bad
        assert check_id(bad) is not None, bad
        assert is_slug(slugify(bad, fallback="x")), bad
    assert check_id(123) is not None
    assert heading_id("Старая мельница") == "staraia-melnitsa"
    assert heading_id("Tom & Jerry's <Inn>") == "tom-jerrys-inn"
    assert heading_id("!!!") == "section"


def kind_files(kind: str, bad: str) -> tuple[dict[str, Any], dict[str, Any], str]:
    """(files, campaign overrides, file) placing ``bad`` as an id of ``kind``."""
    q = "'" + bad.replace("'", "''") + "'"  # a YAML single-quoted scalar holds it verbatim
    if kind == "location":
        text = LOCATION.replace("id: thornfold-mill", f"id: {q}")
        return {"locations/thornfold-mill.md": text}, {}, "locations/thornfold-mill.md"
    if kind == "table":
        return ({"tables/thornwood-day.yaml": TABLE.replace("id: thornwood-day", f"id: {q}")},
                {}, "tables/thornwood-day.yaml")
    if kind == "path":
        return ({"paths.yaml": PATHS + f"{q}: {{kind: trail, hexes: ['0101', '0102']}}\n"},
                {}, "paths.yaml")
    if kind == "region":
        return ({"regions.yaml": f"{q}: {{name: Evil, hexes: ['0101']}}\n"}, {},
                "regions.yaml")
    if kind == "terrain":
        return {"terrain.yaml": f"{q}: {{like: forest}}\n"}, {}, "terrain.yaml"
    if kind == "resource":
        return {}, {"resources": {bad: {"die": "d6"}}}, "campaign.yaml"
    if kind == "creature":
        return {}, {"creatures": {bad: {"name": "Wolf"}}}, "campaign.yaml"
    assert kind == "session resource"
    session = ("session: 1\ntitle: One\nresources:\n  " + q + ": {die: d8}\nlog: []\n")
    return {"sessions/01.yaml": session}, {}, "sessions/01.yaml"


KINDS = ["location", "table", "path", "region", "terrain", "resource", "creature",
         "session resource"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("bad", ["../../../../../evil-table", "/etc/evil", "Evil Table",
                                 "a/../../b"])
def test_every_kind_of_id_must_be_a_slug(tmp_path: Path, kind: str, bad: str) -> None:
    files, overrides, rel = kind_files(kind, bad)
    root = write_campaign(tmp_path / "c", files=files, campaign_overrides=overrides)
    _, diags = load(root)
    label = "resource" if kind == "session resource" else kind
    found = [e for e in errors(diags, root) if f"{label} id '{bad}'" in e[3]]
    assert found, errors(diags, root)
    path, line, col, message = found[0]
    assert path == rel
    assert "must be a slug of lowercase letters, digits and dashes" in message
    at_line, at_col = find(root, rel, bad)
    assert line == at_line and col in (at_col, at_col - 1)  # the id, or its opening quote


def test_a_traversal_id_writes_nothing_outside_the_build(tmp_path: Path) -> None:
    """The issue's case end to end: `hexcrawl build` of a GM table with a traversal id."""
    deep = tmp_path / "1" / "2" / "3" / "4" / "5" / "6" / "repo"
    files, _, _ = kind_files("table", "../../../../../evil-table")
    write_campaign(deep / "content", files=files)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-m", "generator.cli", "build"], cwd=deep,
                            env=env, capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "tables/thornwood-day.yaml:1:5: error: table id '../../../../../evil-table'" \
        in result.stderr
    assert [p for p in tmp_path.rglob("*evil*")] == []


# -- the writer -------------------------------------------------------------------------------


@pytest.mark.parametrize("rel", ["../evil.md", "docs/../../evil.md", "/tmp/evil.md",
                                 "docs//evil.md", "", "docs\\..\\evil.md", "a/\0b", "..",
                                 "docs/."])
def test_the_writer_refuses_paths_out_of_its_root(tmp_path: Path, rel: str) -> None:
    writer = TreeWriter(tmp_path / "root")
    with pytest.raises(UnsafePath):
        writer.write_if_changed(rel, b"x")
    assert [p for p in tmp_path.rglob("*evil*")] == []


def test_the_writer_refuses_links_out_of_its_root(tmp_path: Path) -> None:
    root = tmp_path / "root"
    outside = tmp_path / "outside"
    outside.mkdir()
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "tables").symlink_to(outside)           # a planted folder link
    (root / "docs" / "index.md").symlink_to(outside / "x")   # a planted file link
    writer = TreeWriter(root)
    for rel in ("docs/tables/evil.md", "docs/index.md"):
        with pytest.raises(UnsafePath, match="outside"):
            writer.write_if_changed(rel, b"x")
    assert list(outside.iterdir()) == []
    # stale files are removed without following links
    (outside / "keep.md").write_text("not ours", "utf-8")
    assert writer.remove_stale(set(), under="docs") == ["docs/index.md", "docs/tables"]
    assert (outside / "keep.md").read_text("utf-8") == "not ours"


def test_the_writer_writes_only_changes_with_unique_temporary_names(tmp_path: Path) -> None:
    writer = TreeWriter(tmp_path)
    assert writer.write_if_changed("docs/a/b.md", b"one")
    mtime = (tmp_path / "docs" / "a" / "b.md").stat().st_mtime_ns
    assert not writer.write_if_changed("docs/a/b.md", b"one")
    assert (tmp_path / "docs" / "a" / "b.md").stat().st_mtime_ns == mtime
    assert writer.write_if_changed("docs/a/b.md", b"two")
    assert (tmp_path / "docs" / "a" / "b.md").read_bytes() == b"two"
    assert sorted(p.name for p in (tmp_path / "docs" / "a").iterdir()) == ["b.md"]


def test_a_new_file_is_created_in_place_and_an_old_one_replaced_whole(
        tmp_path: Path) -> None:
    """A file not there yet is created under its own name (nothing else in the folder, the
    writer's mode); one that is there is replaced atomically: a reader holding the old file
    still reads the old bytes."""
    old = os.umask(0o027)
    try:
        writer = TreeWriter(tmp_path)
    finally:
        os.umask(old)
    target = tmp_path / "docs" / "a.md"
    assert writer.write_if_changed("docs/a.md", b"first")
    assert os.listdir(target.parent) == ["a.md"]
    assert target.stat().st_mode & 0o777 == 0o640
    with target.open("rb") as reader:
        assert writer.write_if_changed("docs/a.md", b"second")
        assert reader.read() == b"first"  # the old file, replaced as a whole
    assert target.read_bytes() == b"second"
    assert target.stat().st_mode & 0o777 == 0o640
    assert os.listdir(target.parent) == ["a.md"]


def test_a_dangling_link_in_a_new_files_place_is_replaced_not_followed(
        tmp_path: Path) -> None:
    root = tmp_path / "root"
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "b.md").symlink_to(root / "docs" / "elsewhere.md")  # inside, dangling
    writer = TreeWriter(root)
    assert writer.write_if_changed("docs/b.md", b"ours")
    assert not (root / "docs" / "b.md").is_symlink()
    assert (root / "docs" / "b.md").read_bytes() == b"ours"
    assert not (root / "docs" / "elsewhere.md").exists()


def test_a_folder_made_a_link_out_is_refused_by_the_next_writer(tmp_path: Path) -> None:
    """A folder's real path is found once per writer; every build has a writer of its own,
    so a folder replaced by a link between two builds is refused."""
    root = tmp_path / "root"
    outside = tmp_path / "outside"
    outside.mkdir()
    assert TreeWriter(root).write_if_changed("docs/tables/a.md", b"x")
    shutil.rmtree(root / "docs" / "tables")
    (root / "docs" / "tables").symlink_to(outside)
    with pytest.raises(UnsafePath, match="outside"):
        TreeWriter(root).write_if_changed("docs/tables/a.md", b"x")
    assert list(outside.iterdir()) == []


# -- links out of the campaign ------------------------------------------------------------------


@pytest.mark.parametrize("rel", ["templates/home.md", "locations/thornfold-mill.md",
                                 "tables/thornwood-day.yaml", "sessions/01.yaml",
                                 "hexes/map.yaml", "paths.yaml", "campaign.yaml",
                                 "templates/deep/x.md"])
def test_a_file_linked_out_of_the_campaign_is_an_error(tmp_path: Path, rel: str) -> None:
    root = write_campaign(tmp_path / "c")
    secret = tmp_path / "elsewhere" / Path(rel).name
    secret.parent.mkdir()
    original = root / rel
    secret.write_bytes(original.read_bytes() if original.is_file() else b"# /etc/shadow\n")
    original.unlink(missing_ok=True)
    original.parent.mkdir(parents=True, exist_ok=True)
    original.symlink_to(secret)
    campaign, diags = load(root)
    assert campaign is None
    assert (rel, 1, 1, f"resolves outside the campaign folder (to {secret.resolve()}): "
            "content and template files must lie inside it") in errors(diags, root)


def test_a_map_symbol_linked_out_of_the_campaign_is_an_error_and_never_read(
        tmp_path: Path) -> None:
    """A symbol is embedded in every map: one linked to a file elsewhere on the machine that
    builds (here an SVG, which would draw) is an error, and its bytes are never read."""
    root = write_campaign(tmp_path / "c")
    secret = tmp_path / "elsewhere" / "drawing.svg"
    secret.parent.mkdir()
    secret.write_text('<svg xmlns="http://www.w3.org/2000/svg">SECRET</svg>', "utf-8")
    (root / "symbols").mkdir()
    (root / "symbols" / "forest.svg").symlink_to(secret)
    campaign, diags = load(root)
    assert campaign is None
    assert [e for e in errors(diags, root) if e[0] == "symbols/forest.svg"] == [
        ("symbols/forest.svg", 1, 1, f"resolves outside the campaign folder (to "
         f"{secret.resolve()}): content and template files must lie inside it")]


def test_a_folder_linked_out_of_the_campaign_is_an_error(tmp_path: Path) -> None:
    root = write_campaign(tmp_path / "c")
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "more").mkdir(parents=True)
    (elsewhere / "more" / "x.md").write_text("---\nname: X\nhex: '0101'\n---\n", "utf-8")
    (root / "locations" / "more").symlink_to(elsewhere / "more")
    (root / "templates").symlink_to(elsewhere)
    _, diags = load(root)
    found = {e[0] for e in errors(diags, root) if "resolves outside" in e[3]}
    assert found == {"locations/more", "templates"}


def test_a_file_linked_into_a_sibling_that_shares_the_name_is_outside(tmp_path: Path) -> None:
    """``c-old/x`` is not inside ``c``, though its path starts with the campaign's."""
    root = write_campaign(tmp_path / "c")
    sibling = tmp_path / "c-old" / "01.yaml"
    sibling.parent.mkdir()
    sibling.write_bytes((root / "sessions" / "01.yaml").read_bytes())
    (root / "sessions" / "01.yaml").unlink()
    (root / "sessions" / "01.yaml").symlink_to(sibling)
    campaign, diags = load(root)
    assert campaign is None
    assert ("sessions/01.yaml", 1, 1, f"resolves outside the campaign folder (to "
            f"{sibling.resolve()}): content and template files must lie inside it") \
        in errors(diags, root)


def test_links_inside_the_campaign_are_fine(tmp_path: Path) -> None:
    root = write_campaign(tmp_path / "c", files={"sessions/01.yaml": None})
    (root / "common").mkdir()
    (root / "common" / "01.yaml").write_text("session: 1\ntitle: One\nlog: []\n", "utf-8")
    (root / "sessions").mkdir(exist_ok=True)
    (root / "sessions" / "01.yaml").symlink_to(root / "common" / "01.yaml")
    campaign, diags = load(root)
    assert campaign is not None, errors(diags, root)
    assert [s.title for s in campaign.sessions] == ["One"]
    assert CAMPAIGN["name"] == campaign.name


@pytest.mark.parametrize("name, data", [
    ("location", {"id": "../../evil", "name": "X", "hex": "0101"}),
    ("table", {"id": "../../evil", "name": "T", "rows": [{"roll": 1, "result": "x"}]}),
    ("paths", {"../../evil": {"kind": "trail", "hexes": ["0101", "0102"]}}),
    ("regions", {"Evil Region": {"name": "R"}}),
    ("terrain", {"../evil": {"like": "forest"}}),
    ("campaign", {"name": "x", "seed": 1, "map": {"columns": 2, "rows": 2},
                  "party": {"start": "0101", "members": [{"name": "A"}]},
                  "resources": {"../evil": {"die": "d6"}}}),
    ("session", {"session": 1, "resources": {"/etc/evil": {"die": "d6"}}}),
])
def test_the_schemas_hold_the_slug_rule(name: str, data: dict[str, Any]) -> None:
    import jsonschema

    from generator.content.schema import all_schemas

    schema = all_schemas()[f"{name}.schema.json"]
    found = [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(data)]
    assert any("evil" in m.lower() for m in found), found
