"""The loader: every diagnostic it can emit, each pointing at the right file, line and column.

Each test writes the factory's valid campaign with exactly one mistake and checks that the
mistake, and nothing else, is reported where a GM would look for it.
"""

from __future__ import annotations

import tempfile
import textwrap
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.content.frontmatter import split_front_matter
from generator.content.loader import load_campaign
from generator.content.markdown import default_renderer
from generator.diagnostics import display_path

from campaign_factory import (
    CAMPAIGN,
    DEFAULT_FILES,
    PATHS,
    REMOVE,
    SESSION,
    TABLE,
    dump,
    errors,
    find,
    load,
    merge,
    where,
    write_campaign,
)

Found = tuple[str, int, int, str, str]


def run(tmp_path: Path, files: dict[str, Any] | None = None,
        co: dict[str, Any] | None = None) -> tuple[Path, list[Found]]:
    root = write_campaign(tmp_path / "campaign", files=files, campaign_overrides=co)
    _, diags = load(root)
    return root, where(diags, root)


def one(tmp_path: Path, files: dict[str, Any] | None = None,
        co: dict[str, Any] | None = None) -> Found:
    """The only diagnostic of a campaign with one mistake."""
    _, found = run(tmp_path, files, co)
    assert len(found) == 1, found
    return found[0]


def session(body: str, number: int = 2) -> dict[str, str]:
    """A second session file holding ``body`` after its ``session:`` line."""
    return {"sessions/02.yaml": f"session: {number}\n" + textwrap.dedent(body)}


def table(body: str) -> dict[str, str]:
    """A second table file ``b`` whose text continues with ``body``."""
    return {"tables/b.yaml": "id: b\nname: B\n" + textwrap.dedent(body)}


def location(front: str, name: str = "x") -> dict[str, str]:
    return {f"locations/{name}.md": "---\n" + textwrap.dedent(front) + "---\nBody.\n"}


def hexes(text: str) -> dict[str, str]:
    return {"hexes/extra.yaml": textwrap.dedent(text)}


# ---------------------------------------------------------------------------------------------
# the clean campaign, and reporting everything at once


def test_factory_campaign_is_clean(tmp_path: Path) -> None:
    root = write_campaign(tmp_path)
    campaign, diags = load(root)
    assert where(diags, root) == []
    assert campaign is not None
    assert len(campaign.hexes) == 64
    assert campaign.hexes[campaign.grid.parse("0606")].density == "dense"
    assert campaign.hexes[campaign.grid.parse("0808")].terrain == "hills"
    assert campaign.hexes[campaign.grid.parse("0304")].name == "Crossroads Meadow"
    assert set(campaign.paths) == {"kings-road", "mere"}
    assert campaign.locations["thornfold-mill"].on == ("mere",)
    assert campaign.tables["thornwood-day"].ranges == ((1, 2), (3, 3), (4, 8))
    assert [s.number for s in campaign.sessions] == [1]
    body = campaign.locations["thornfold-mill"].body
    assert "smuggles" in body
    assert "smuggles" not in default_renderer().prose(body, "players").text


def test_three_mistakes_in_three_files_give_three_errors(tmp_path: Path) -> None:
    root, found = run(tmp_path, {
        "hexes/extra.yaml": '"0101": {terrain: forrest}\n',
        "sessions/02.yaml": "session: 2\nlog:\n  - search: {target: thornfold-mil}\n",
        "tables/b.yaml": "id: b\nname: B\nrows:\n  - {result: a, table: thornwood-dya}\n",
    })
    assert found == [
        ("hexes/extra.yaml", 1, 19, "error", "unknown terrain 'forrest' (did you mean 'forest'?)"),
        ("sessions/02.yaml", 3, 22, "error",
         "unknown location 'thornfold-mil' (did you mean 'thornfold-mill'?)"),
        ("tables/b.yaml", 4, 24, "error",
         "unknown table 'thornwood-dya' (did you mean 'thornwood-day'?)"),
    ]
    assert load(root)[0] is None  # a campaign with errors is not returned


def test_broken_campaign_yaml_still_reports_other_files(tmp_path: Path) -> None:
    root, found = run(tmp_path, {
        "paths.yaml": PATHS + "old: {kind: trial, hexes: ['0101', '0102']}\n",
        "tables/b.yaml": "id: b\nnme: B\nrows: [{result: a}]\n",
        "sessions/02.yaml": "session: 2\ntitle: a\ntitle: b\n",
        "locations/x.md": "---\nname: X\nhex: '0101'\nvisiblity: hidden\n---\n",
    }, co={"seed": "abc"})
    assert [(p, line, col) for p, line, col, _, _ in found] == [
        ("campaign.yaml", 2, 7),
        ("locations/x.md", 4, 1),
        ("paths.yaml", 3, 13),
        ("sessions/02.yaml", 3, 1),
        ("tables/b.yaml", 2, 1),
    ]
    messages = [msg for *_, msg in found]
    assert messages[0].startswith("seed: Input should be a valid integer")
    assert messages[1] == "unknown key 'visiblity' (did you mean 'visibility'?)"
    assert "did you mean 'trail'" in messages[2]
    assert messages[3].startswith("duplicate key 'title'")
    # one mistake, one message: no "missing required key 'name'" beside it
    assert messages[4] == "unknown key 'nme' (did you mean 'name'?)"


def test_a_campaign_yaml_error_hides_no_other_check(tmp_path: Path) -> None:
    """With a bad seed, rules or key in campaign.yaml, the other files are still checked in
    full, cross-references, labels, faces and table ranges included (issue 13)."""
    root, found = run(tmp_path, {
        **session("log:\n  - travel: {heading: E}\n  - travel: {follow: kings-raod}\n"),
        **table("dice: 1d4\nrows:\n  - {roll: 1-2, result: a}\n  - {roll: 2-4, result: b}\n"),
        **hexes('"0101": {terrain: forrest}\n'),
    }, co={"sed": 3, "rules": {"checks": "d21"}})
    assert [(p, msg.split(" (")[0]) for p, _, _, _, msg in found] == [
        ("campaign.yaml", "checks: 'd21' is not one of 'd20', 'brp' or 'bsh'"),
        ("campaign.yaml", "unknown key 'sed'"),
        ("hexes/extra.yaml", "unknown terrain 'forrest'"),
        ("sessions/02.yaml", "'E' is not a face of a flat-top hex"),
        ("sessions/02.yaml", "unknown path 'kings-raod'"),
        ("tables/b.yaml", "table 'b': row 2 overlaps row 1 on 2"),
    ]


def test_a_broken_party_still_falls_back_to_shape_checks(tmp_path: Path) -> None:
    """No stand-in for a broken party (session checks would name members wrongly): the
    other files get their shape checks only, as before."""
    root, found = run(tmp_path, {**session("log:\n  - travel: {heading: E}\n  - bogus: 1\n")},
                      co={"party": {"members": "nobody"}})
    assert [p for p, *_ in found] == ["campaign.yaml", "sessions/02.yaml"]
    assert "unknown key 'bogus'" in found[1][4] or "exactly one action" in found[1][4]


def test_diagnostics_print_as_path_line_col(tmp_path: Path) -> None:
    root = write_campaign(tmp_path / "c", files={"hexes/extra.yaml": '"0101": {terrain: x}\n'})
    _, diags = load(root)
    (d,) = diags.errors
    shown = display_path(root / "hexes" / "extra.yaml")
    assert d.format() == f"{shown}:1:19: error: unknown terrain 'x'"


def test_invalid_reference_targets_are_not_reported_again_as_unknown(tmp_path: Path) -> None:
    # the table is defined (with a gap): sessions naming it get no second error
    root, found = run(tmp_path, {
        "tables/b.yaml": "id: b\nname: B\ndice: 1d6\nrows:\n  - {roll: 1-5, result: a}\n",
        **session("log:\n  - encounter: {table: b, roll: 2}\n"),
    })
    assert found == [("tables/b.yaml", 5, 12, "error", "table 'b': no row for 6 "
                      "(the dice roll 1-6)")]


# ---------------------------------------------------------------------------------------------
# files and YAML


def test_content_folder_not_found(tmp_path: Path) -> None:
    campaign, diags = load_campaign(tmp_path / "nowhere")
    assert campaign is None
    (d,) = diags.items
    assert d.message == "content folder not found"
    assert d.pos.path == display_path(tmp_path / "nowhere")


def test_campaign_yaml_missing(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, files={"campaign.yaml": None})
    _, diags = load(root)
    assert where(diags, root) == [
        ("campaign.yaml", 1, 1, "error",
         "campaign.yaml is missing (run 'hexcrawl new DIR' for a scaffold)")]


def test_yaml_syntax_error(tmp_path: Path) -> None:
    assert one(tmp_path, session("log:\n  - travel: {heading: N\n  - rest: {}\n")) == (
        "sessions/02.yaml", 4, 9, "error",
        "YAML syntax: the '{' at line 3, column 13 is not closed before this: end it with "
        "'}', or put a ',' between its entries")


def test_yaml_tab_indentation(tmp_path: Path) -> None:
    rel, line, col, _, msg = one(tmp_path, session("log:\n\t- rest: {}\n"))
    assert (rel, line, col) == ("sessions/02.yaml", 3, 1)
    assert msg == "YAML syntax: a tab cannot indent YAML; use spaces"


def test_duplicate_yaml_key(tmp_path: Path) -> None:
    assert one(tmp_path, session("title: a\ntitle: b\n")) == (
        "sessions/02.yaml", 3, 1, "error",
        "duplicate key 'title' (first defined on line 2); YAML would silently keep only the "
        "last one")


def test_duplicate_hex_key_in_one_file(tmp_path: Path) -> None:
    rel, line, col, _, msg = one(tmp_path, hexes("""\
        "0101": {terrain: plains}
        "0102": {terrain: plains}
        0101: {terrain: forest}
        """))
    assert (rel, line, col) == ("hexes/extra.yaml", 3, 1)
    assert msg.startswith("duplicate key '0101' (first defined on line 1)")


def test_bad_scalar_value(tmp_path: Path) -> None:
    assert one(tmp_path, session("date: 2026-13-45\n")) == (
        "sessions/02.yaml", 2, 7, "error", "bad value '2026-13-45': month must be in 1..12")


def test_recursive_alias(tmp_path: Path) -> None:
    root, found = run(tmp_path, session("gm: &a [*a, *a]\n"))
    assert found == [("sessions/02.yaml", 2, 9, "error",
                      "an alias refers to a node that contains it (a recursive alias)")]


def test_nesting_too_deep(tmp_path: Path) -> None:
    root, found = run(tmp_path, session("title: " + "[" * 120 + "]" * 120 + "\n"))
    assert ("sessions/02.yaml", 2, 108, "error",
            "YAML nesting is deeper than 100 levels") in found


def test_complex_mapping_key(tmp_path: Path) -> None:
    assert one(tmp_path, session("? [a, b]\n: 1\n")) == (
        "sessions/02.yaml", 2, 3, "error", "mapping keys must be plain values")


def test_top_of_file_not_a_mapping(tmp_path: Path) -> None:
    assert one(tmp_path, {"sessions/02.yaml": "- rest: {}\n"}) == (
        "sessions/02.yaml", 1, 1, "error", "expected a mapping at the top of the file")


def test_file_not_utf8(tmp_path: Path) -> None:
    root = write_campaign(tmp_path)
    (root / "sessions" / "02.yaml").write_bytes(b"session: 2\ntitle: caf\xe9\n")
    _, diags = load(root)
    assert where(diags, root) == [("sessions/02.yaml", 2, 11, "error",
                                   "not UTF-8 text: invalid continuation byte (byte 0xe9); "
                                   "save the file as UTF-8")]


def test_control_character_in_yaml(tmp_path: Path) -> None:
    assert one(tmp_path, session("title: Into the\x07 woods\n")) == (
        "sessions/02.yaml", 2, 16, "error",
        "YAML syntax: special character #x0007 is not allowed (an invisible character pasted "
        "from elsewhere?)")


def test_unreadable_file(tmp_path: Path) -> None:
    """A file the system refuses to read (here /proc/self/mem, which fails with EIO even for
    root) is reported at the file, not as a traceback; as it lies outside the campaign, that
    is what the message says, and it is never opened."""
    root = write_campaign(tmp_path)
    (root / "sessions" / "03.yaml").symlink_to("/proc/self/mem")
    _, diags = load(root)
    [(path, line, col, severity, message)] = where(diags, root)
    assert (path, line, col, severity) == ("sessions/03.yaml", 1, 1, "error")
    assert message.startswith("resolves outside the campaign folder (to /proc/")


# ---------------------------------------------------------------------------------------------
# shapes (pydantic)


def test_unknown_key_with_suggestion(tmp_path: Path) -> None:
    assert one(tmp_path, hexes('"0101":\n  terain: plains\n')) == (
        "hexes/extra.yaml", 2, 3, "error", "unknown key 'terain' (did you mean 'terrain'?)")


def test_unknown_key_suggests_only_keys_allowed_there(tmp_path: Path) -> None:
    # 'chase' is a key of log entries, not of a session file: no suggestion
    assert one(tmp_path, session("chse: 1\n")) == (
        "sessions/02.yaml", 2, 1, "error", "unknown key 'chse'")
    assert one(tmp_path / "2", session("titel: x\n"))[4] == \
        "unknown key 'titel' (did you mean 'title'?)"


def test_unknown_key_inside_a_list_item(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, campaign_overrides={"party": {"members": [
        {"name": "Aria", "sped": 30}, {"name": "Bram"}]}})
    _, diags = load(root)
    assert errors(diags, root) == [("campaign.yaml", *find(root, "campaign.yaml", "sped"),
                                    "unknown key 'sped' (did you mean 'speed'?)")]


def test_missing_key(tmp_path: Path) -> None:
    assert one(tmp_path, {"tables/b.yaml": "id: b\nrows:\n  - {result: a}\n"}) == (
        "tables/b.yaml", 1, 1, "error", "missing required key 'name'")


def test_missing_nested_key_points_at_its_mapping(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, campaign_overrides={"map": {"columns": REMOVE}})
    _, diags = load(root)
    assert errors(diags, root) == [("campaign.yaml", *find(root, "campaign.yaml", "rows: 8"),
                                    "missing required key 'columns'")]


def test_wrong_type(tmp_path: Path) -> None:
    assert one(tmp_path, table("rows: 5\n")) == (
        "tables/b.yaml", 3, 7, "error", "rows: Input should be a valid list")


def test_wrong_type_in_campaign(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, campaign_overrides={"map": {"columns": "many"}})
    _, diags = load(root)
    ((rel, line, col, msg),) = errors(diags, root)
    assert (rel, line, col) == ("campaign.yaml", *find(root, "campaign.yaml", "many"))
    assert msg.startswith("columns: Input should be a valid integer")


def test_expected_a_mapping(tmp_path: Path) -> None:
    assert one(tmp_path, {"terrain.yaml": "marsh: 5\n"}) == (
        "terrain.yaml", 1, 8, "error", "marsh: expected a mapping")


def test_choice_with_suggestion(tmp_path: Path) -> None:
    assert one(tmp_path, {"paths.yaml": PATHS + "old: {kind: trial, hexes: ['0303', '0304']}\n"}) \
        == ("paths.yaml", 3, 13, "error",
            "kind: 'trial' is not one of 'highway', 'road', 'trail' or 'river' "
            "(did you mean 'trail'?)")


def test_union_value_reports_the_closest_shape_once(tmp_path: Path) -> None:
    # rolls are a number or a list of numbers: the list element is at fault, once
    assert one(tmp_path, session("log:\n  - rest: {}\n    rolls: {encounter: [x]}\n")) == (
        "sessions/02.yaml", 4, 25, "error",
        "encounter: Input should be a valid integer, unable to parse string as an integer")
    # a mode or a list of modes
    assert one(tmp_path / "2", session("log:\n  - travel: {heading: N, mode: [cautios]}\n")) == (
        "sessions/02.yaml", 3, 33, "error",
        "mode: 'cautios' is not one of 'normal', 'cautious', 'exploring', 'foraging' or "
        "'hustle' (did you mean 'cautious'?)")


def test_union_member_reports_missing_name_not_wrong_type(tmp_path: Path) -> None:
    assert one(tmp_path, session("party: {members: [Aria, {speed: 20}]}\n")) == (
        "sessions/02.yaml", 2, 25, "error", "missing required key 'name'")


def test_value_range(tmp_path: Path) -> None:
    assert one(tmp_path, {"sessions/02.yaml": "session: -1\n"}) == (
        "sessions/02.yaml", 1, 10, "error",
        "session: Input should be greater than or equal to 0")


def test_log_entry_with_two_actions(tmp_path: Path) -> None:
    assert one(tmp_path, session("log:\n  - rest: {}\n    camp: {}\n")) == (
        "sessions/02.yaml", 3, 5, "error",
        "each log entry has exactly one action ('travel', 'rest', 'camp', 'sleep', "
        "'search', 'reorient', 'encounter', 'reveal', 'note', 'use', 'chase', 'ruling'); "
        "found 'rest', 'camp'")


def test_log_entry_with_no_action(tmp_path: Path) -> None:
    assert one(tmp_path, session("log:\n  - rolls: {navigation: 3}\n"))[1:3] == (3, 5)


def test_travel_with_two_directions(tmp_path: Path) -> None:
    assert one(tmp_path, session(
        "log:\n  - travel: {heading: N, landmark: thornfold-mill}\n")) == (
        "sessions/02.yaml", 3, 13, "error",
        "a travel watch names exactly one of heading, toward, follow or landmark (follow may "
        "add toward)")


def test_direction_without_follow(tmp_path: Path) -> None:
    assert one(tmp_path, session("log:\n  - travel: {heading: N, direction: forward}\n")) == (
        "sessions/02.yaml", 3, 13, "error", "direction only goes with follow")


def test_encounter_check_format(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, campaign_overrides={"rules": {"encounter_check": "d7"}})
    _, diags = load(root)
    assert errors(diags, root) == [
        ("campaign.yaml", *find(root, "campaign.yaml", "d7"),
         "encounter_check is 'd12' or a chance such as '1 in d8'")]


# ---------------------------------------------------------------------------------------------
# hex labels


def test_hex_key_off_the_map(tmp_path: Path) -> None:
    assert one(tmp_path, hexes('"0101": {terrain: plains}\n"0909": {terrain: plains}\n')) == (
        "hexes/extra.yaml", 2, 1, "error", "hex '0909' is off the map (columns 1-8, rows 1-8)")


def test_hex_key_column_zero_is_off_the_map(tmp_path: Path) -> None:
    assert one(tmp_path, hexes("0010: {terrain: plains}\n"))[4] == \
        "hex '0010' is off the map (columns 1-8, rows 1-8)"


def test_malformed_hex_label(tmp_path: Path) -> None:
    assert one(tmp_path, hexes('"034": {terrain: plains}\n')) == (
        "hexes/extra.yaml", 1, 1, "error",
        "'034' is not a hex label: write 4 digits, column then row, such as '0101'")


def test_label_of_the_wrong_width_suggests_the_right_one(tmp_path: Path) -> None:
    root = write_campaign(tmp_path / "wide", files={
        "hexes/map.yaml": "", "paths.yaml": None, "locations/thornfold-mill.md": None,
        **location('name: X\nhex: "0304"\n')},
        campaign_overrides={"map": {"columns": 120}, "party": {"start": "003004"}})
    _, diags = load(root)
    assert errors(diags, root) == [(
        "locations/x.md", 3, 6,
        "'0304' is not a hex label: write 6 digits, column then row, such as '001001' "
        "(did you mean '003004'?)")]


def test_start_hex_off_the_map(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, campaign_overrides={"party": {"start": "0909"}})
    _, diags = load(root)
    assert errors(diags, root) == [("campaign.yaml", *find(root, "campaign.yaml", "0909"),
                                    "hex '0909' is off the map (columns 1-8, rows 1-8)")]


def test_unquoted_labels_are_labels_not_octal_numbers(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, files={
        "campaign.yaml": dump(CAMPAIGN).replace("start: '0304'", "start: 0304"),
        "hexes/extra.yaml": "0107: {terrain: forest, name: Unquoted}\n",
        "paths.yaml": "kings-road: {kind: road, hexes: [0101, 0201, 0302]}\n"
                      "mere: {kind: river, hexes: [0601, 0602, 0703]}\n",
        "locations/thornfold-mill.md": "---\nname: Mill\nhex: 0602\non: [mere]\n---\n",
        **session("log:\n  - travel: {toward: 0505}\n  - reveal: [0101, thornfold-mill]\n"),
    })
    campaign, diags = load(root)
    assert where(diags, root) == []
    assert campaign is not None
    assert campaign.party.start == "0304"
    assert campaign.hexes[campaign.grid.parse("0107")].name == "Unquoted"
    assert campaign.paths["kings-road"].labels == ("0101", "0201", "0302")
    assert campaign.locations["thornfold-mill"].label == "0602"
    log = campaign.sessions[1].log
    assert log[0].travel is not None and log[0].travel.toward == "0505"
    assert log[1].reveal == ["0101", "thornfold-mill"]


def test_labels_without_leading_zero_read_as_numbers_are_labels(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, files={
        "hexes/map.yaml": "", "paths.yaml": None, "locations/thornfold-mill.md": None,
        **session("party: {start: 1203}\nlog:\n  - travel: {toward: 1205}\n"
                  "  - travel: {landmark: 1001}\n  - reveal: [1102]\n")},
        campaign_overrides={"map": {"columns": 12}, "party": {"start": 1003},
                            "default_terrain": "plains"})
    campaign, diags = load(root)
    assert where(diags, root) == []
    assert campaign is not None
    assert campaign.party.start == "1003"
    s2 = campaign.sessions[1]
    assert s2.party.start == "1203"
    assert s2.log[0].travel is not None and s2.log[0].travel.toward == "1205"
    assert s2.log[1].travel is not None and s2.log[1].travel.landmark == "1001"
    assert s2.log[2].reveal == ["1102"]


def test_yaml_boolean_words_as_keys_stay_words(tmp_path: Path) -> None:
    # `on:` is True in YAML 1.1; a location's `on: [mere]` must still mean its paths
    root = write_campaign(tmp_path)
    campaign, _ = load(root)
    assert campaign is not None and campaign.locations["thornfold-mill"].on == ("mere",)


# ---------------------------------------------------------------------------------------------
# campaign.yaml cross-checks


def test_unknown_navigator(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, campaign_overrides={"party": {"navigator": "Arya"}})
    _, diags = load(root)
    assert errors(diags, root) == [("campaign.yaml", *find(root, "campaign.yaml", "Arya"),
                                    "navigator 'Arya' is not a party member "
                                    "(did you mean 'Aria'?)")]


def test_duplicate_member_names(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, campaign_overrides={"party": {"members": [
        {"name": "Aria"}, {"name": "Bram"}, {"name": "Aria"}]}})
    _, diags = load(root)
    first_line, _ = find(root, "campaign.yaml", "name: Aria")
    assert errors(diags, root) == [(
        "campaign.yaml", *find(root, "campaign.yaml", "Aria", nth=1),
        f"party member 'Aria' is listed twice (first on line {first_line}); member names "
        f"must be unique")]


def test_unknown_mount(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, campaign_overrides={"party": {"members": [
        {"name": "Aria", "mount": "hrose"}, {"name": "Bram"}]}})
    _, diags = load(root)
    assert errors(diags, root) == [(
        "campaign.yaml", *find(root, "campaign.yaml", "hrose"),
        "unknown mount 'hrose' (did you mean 'horse'?) (known: 'horse', 'pony', "
        "'riding_dog', 'cart', 'wagon')")]


def test_unknown_gear_warns(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, campaign_overrides={"party": {"gear": ["compas"]}})
    campaign, diags = load(root)
    assert campaign is not None
    assert where(diags, root) == [(
        "campaign.yaml", *find(root, "campaign.yaml", "compas"), "warning",
        "gear 'compas' has no effect on the rules (did you mean 'compass'?)")]


def test_unsupported_language_warns(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, campaign_overrides={"language": "fr"})
    campaign, diags = load(root)
    assert campaign is not None and campaign.language == "en"
    assert where(diags, root) == [(
        "campaign.yaml", *find(root, "campaign.yaml", "fr"), "warning",
        "no interface strings for language 'fr'; using English (supported: 'en', 'ru', "
        "'uk')")]


def test_unknown_default_terrain(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, campaign_overrides={"default_terrain": "plain"})
    _, diags = load(root)
    assert errors(diags, root) == [("campaign.yaml", *find(root, "campaign.yaml", "plain\n"),
                                    "unknown terrain 'plain' (did you mean 'plains'?)")]


def test_resource_owner_not_a_member(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, campaign_overrides={
        "resources": {"debt-of-kessa": {"owner": "Brem"}}})
    _, diags = load(root)
    assert errors(diags, root) == [("campaign.yaml", *find(root, "campaign.yaml", "Brem"),
                                    "resource owner 'Brem' is not a party member "
                                    "(did you mean 'Bram'?)")]


def test_start_offset_face_not_on_a_flat_hex(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, campaign_overrides={"party": {"start_offsets": {"E": 3}}})
    _, diags = load(root)
    assert errors(diags, root) == [("campaign.yaml", *find(root, "campaign.yaml", "E: 3"),
                                    "'E' is not a face of a flat-top hex "
                                    "(faces: 'N', 'NE', 'SE', 'S', 'SW', 'NW'); "
                                    "did you mean 'NE' or 'SE'?")]


# ---------------------------------------------------------------------------------------------
# terrain.yaml


def test_terrain_like_unknown(tmp_path: Path) -> None:
    assert one(tmp_path, {"terrain.yaml": "marsh: {like: swmp}\n"}) == (
        "terrain.yaml", 1, 15, "error", "unknown built-in terrain 'swmp' (did you mean 'swamp'?)")


def test_new_terrain_incomplete(tmp_path: Path) -> None:
    assert one(tmp_path, {"terrain.yaml": "marsh:\n  navigation_dc: 14\n"}) == (
        "terrain.yaml", 2, 3, "error",
        "new terrain 'marsh' needs 'forage_dc', 'speed' (or 'like: <built-in terrain>')")


def test_terrain_from_terrain_yaml_is_usable(tmp_path: Path) -> None:
    root, found = run(tmp_path, {"terrain.yaml": "marsh: {like: swamp, name: Marsh}\n",
                                 **hexes('"0101": {terrain: marsh}\n')})
    assert found == []


# ---------------------------------------------------------------------------------------------
# hexes


def test_unknown_terrain(tmp_path: Path) -> None:
    assert one(tmp_path, hexes('"0101":\n  terrain: forrest\n')) == (
        "hexes/extra.yaml", 2, 12, "error", "unknown terrain 'forrest' (did you mean 'forest'?)")


def test_hex_defined_in_two_files(tmp_path: Path) -> None:
    root, found = run(tmp_path, {"hexes/more.yaml": '"0304": {terrain: plains}\n'})
    first = display_path(root / "hexes" / "map.yaml")
    assert found == [("hexes/more.yaml", 1, 1, "error",
                      f"hex '0304' is defined twice (first at {first}:11:1)")]


def test_hex_without_terrain(tmp_path: Path) -> None:
    # no terrain_rows and no terrain: key
    assert one(tmp_path, {"hexes/map.yaml": '"0101":\n  name: Foo\n'}) == (
        "hexes/map.yaml", 1, 1, "error",
        "hex '0101' has no terrain (give it 'terrain:', a letter in 'terrain_rows', or set "
        "'default_terrain' in campaign.yaml)")


def test_hex_without_terrain_takes_the_default_terrain(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, files={"hexes/map.yaml": '"0101":\n  name: Foo\n'},
                          campaign_overrides={"default_terrain": "moor"})
    campaign, diags = load(root)
    assert where(diags, root) == []
    assert campaign is not None
    assert campaign.hexes[campaign.grid.parse("0101")].terrain == "moor"
    assert campaign.terrain_of(campaign.grid.parse("0505")) is campaign.terrain["moor"]


def test_density_on_plains_warns(tmp_path: Path) -> None:
    assert one(tmp_path, hexes('"0101":\n  terrain: plains\n  density: dense\n')) == (
        "hexes/extra.yaml", 1, 1, "warning", "hex '0101': density only matters for forest")


def test_unknown_table_of_a_hex(tmp_path: Path) -> None:
    assert one(tmp_path, hexes('"0101":\n  terrain: plains\n  tables: [thornwod-day]\n')) == (
        "hexes/extra.yaml", 3, 12, "error",
        "unknown table 'thornwod-day' (did you mean 'thornwood-day'?)")


def test_unknown_region_of_a_hex(tmp_path: Path) -> None:
    files = {"regions.yaml": "north:\n  name: North\n  hexes: ['0101']\n",
             **hexes('"0102":\n  terrain: plains\n  region: nort\n')}
    assert one(tmp_path, files) == (
        "hexes/extra.yaml", 3, 11, "error", "unknown region 'nort' (did you mean 'north'?)")


# ---------------------------------------------------------------------------------------------
# terrain_rows


def rows(*lines: str, legend: str = "{p: plains, f: forest}") -> dict[str, str]:
    body = "".join(f"  - {line}\n" for line in lines)
    return {"hexes/map.yaml": f"legend: {legend}\nterrain_rows:\n{body}"}


FULL = ["pppppppp"] * 8


def test_row_with_wrong_length(tmp_path: Path) -> None:
    assert one(tmp_path, rows("pppppppp", "ppppppp", *FULL[2:])) == (
        "hexes/map.yaml", 4, 5, "error", "row 2 has 7 letters, but the map has 8 columns")


@pytest.mark.parametrize("row, col", [
    ("ppxppppp", 7),          # plain scalar: the row starts at column 5
    ('"ppxppppp"', 8),        # quoted: one column later
    ("'ppxppppp'", 8),
    ("p p x p p p p p", 9),   # spaces between letters are allowed and counted
])
def test_unknown_letter_points_at_the_letter(tmp_path: Path, row: str, col: int) -> None:
    assert one(tmp_path, rows("pppppppp", row, *FULL[2:])) == (
        "hexes/map.yaml", 4, col, "error", "letter 'x' (row 2, column 3) is not in the legend")


def test_unknown_letter_in_a_flow_list(tmp_path: Path) -> None:
    text = ("legend: {p: plains}\nterrain_rows: [pppppppp, pppppppp, pppppppp, ppxppppp, "
            "pppppppp, pppppppp, pppppppp, pppppppp]\n")
    assert one(tmp_path, {"hexes/map.yaml": text}) == (
        "hexes/map.yaml", 2, 48, "error", "letter 'x' (row 4, column 3) is not in the legend")


def test_unknown_letter_of_the_wrong_case(tmp_path: Path) -> None:
    assert one(tmp_path, rows("pppppppP", *FULL[1:]))[4] == \
        "letter 'P' (row 1, column 8) is not in the legend (did you mean 'p'?)"


def test_too_many_rows(tmp_path: Path) -> None:
    assert one(tmp_path, rows(*FULL, "pppppppp")) == (
        "hexes/map.yaml", 11, 5, "error", "9 rows, but the map has 8")


def test_too_few_rows(tmp_path: Path) -> None:
    assert one(tmp_path, rows(*FULL[:7])) == (
        "hexes/map.yaml", 9, 5, "error", "7 rows, but the map has 8 (one string per row)")


def test_row_not_a_string(tmp_path: Path) -> None:
    assert one(tmp_path, rows("pppppppp", "[p]", *FULL[2:])) == (
        "hexes/map.yaml", 4, 5, "error", "each row is a string of terrain letters")


def test_rows_without_legend(tmp_path: Path) -> None:
    assert one(tmp_path, {"hexes/map.yaml": "terrain_rows:\n" + "  - pppppppp\n" * 8}) == (
        "hexes/map.yaml", 1, 1, "error",
        "the compact form needs both 'legend' (letter -> terrain) and 'terrain_rows' (one "
        "string per row)")


def test_legend_with_unknown_terrain(tmp_path: Path) -> None:
    assert one(tmp_path, rows(*FULL, legend="{p: plain}")) == (
        "hexes/map.yaml", 1, 13, "error", "unknown terrain 'plain' (did you mean 'plains'?)")


def test_legend_key_longer_than_a_letter(tmp_path: Path) -> None:
    assert one(tmp_path, rows(*FULL, legend="{p: plains, pp: plains}")) == (
        "hexes/map.yaml", 1, 21, "error", "legend keys are single letters, not 'pp'")


def test_rows_in_two_files(tmp_path: Path) -> None:
    root, found = run(tmp_path, {"hexes/more.yaml": "legend: {p: plains}\nterrain_rows:\n"
                                 + "  - pppppppp\n" * 8})
    assert found == [("hexes/more.yaml", 2, 1, "error",
                      f"'terrain_rows' is already given in "
                      f"{display_path(root / 'hexes' / 'map.yaml')} (one file holds the rows "
                      f"of the whole map)")]


# ---------------------------------------------------------------------------------------------
# paths.yaml and regions.yaml


def test_path_hexes_must_touch(tmp_path: Path) -> None:
    # 0304 is in an odd column: its neighbours are 0303, 0403, 0404, 0305, 0204 and 0203
    assert one(tmp_path, {"paths.yaml": PATHS + 'old: {kind: trail, hexes: ["0304", "0405"]}\n'}
               ) == ("paths.yaml", 3, 36, "error",
                     "path 'old': '0405' is not a neighbour of '0304' (consecutive hexes of a "
                     "path must touch)")


def test_path_hex_off_the_map(tmp_path: Path) -> None:
    assert one(tmp_path, {"paths.yaml": PATHS + 'old: {kind: trail, hexes: ["0808", "0809"]}\n'}
               ) == ("paths.yaml", 3, 36, "error",
                     "hex '0809' is off the map (columns 1-8, rows 1-8)")


def test_path_with_one_hex(tmp_path: Path) -> None:
    assert one(tmp_path, {"paths.yaml": PATHS + 'old: {kind: trail, hexes: ["0808"]}\n'}) == (
        "paths.yaml", 3, 27, "error",
        "hexes: List should have at least 2 items after validation, not 1")


def test_broken_path_is_not_unknown_to_its_locations(tmp_path: Path) -> None:
    # the mere is defined with a gap; the mill on it gets no "unknown path" error
    found = one(tmp_path, {"paths.yaml": "mere: {kind: river, hexes: ['0601', '0603']}\n"})
    assert found[:3] == ("paths.yaml", 1, 37)


def test_hex_in_two_regions(tmp_path: Path) -> None:
    text = "north:\n  name: North\n  hexes: ['0101']\nsouth:\n  name: South\n" \
           "  hexes: ['0102', '0101']\n"
    assert one(tmp_path, {"regions.yaml": text}) == (
        "regions.yaml", 6, 19, "error", "hex '0101' is already in region 'north'")


def test_unknown_table_of_a_region(tmp_path: Path) -> None:
    text = "north:\n  name: North\n  hexes: ['0101']\n  tables: [thornwood-dy]\n"
    assert one(tmp_path, {"regions.yaml": text}) == (
        "regions.yaml", 4, 12, "error",
        "unknown table 'thornwood-dy' (did you mean 'thornwood-day'?)")


def test_region_hex_off_the_map(tmp_path: Path) -> None:
    assert one(tmp_path, {"regions.yaml": "north:\n  name: North\n  hexes: ['0900']\n"}) == (
        "regions.yaml", 3, 11, "error", "hex '0900' is off the map (columns 1-8, rows 1-8)")


# ---------------------------------------------------------------------------------------------
# locations


def test_location_without_front_matter(tmp_path: Path) -> None:
    assert one(tmp_path, {"locations/x.md": "# Just a heading\n"}) == (
        "locations/x.md", 1, 1, "error",
        "a location file starts with YAML front matter between '---' lines (id, name, hex, ...)")


def test_location_front_matter_not_closed(tmp_path: Path) -> None:
    assert one(tmp_path, {"locations/x.md": "---\nname: X\nhex: '0101'\n"})[4].startswith(
        "a location file starts with YAML front matter")


def test_location_front_matter_not_a_mapping(tmp_path: Path) -> None:
    assert one(tmp_path, {"locations/x.md": "---\n- a\n---\n"}) == (
        "locations/x.md", 2, 1, "error", "front matter must be a mapping")


def test_location_front_matter_syntax_error_counts_lines_from_the_file_start(
        tmp_path: Path) -> None:
    # the file ends inside the quoted value: point at its opening quote
    assert one(tmp_path, {"locations/x.md": "---\nname: X\nhex: '0101\n---\n"}) == (
        "locations/x.md", 3, 6, "error",
        "YAML syntax: this quote is never closed: end the value with the same quote mark it "
        "starts with")


def test_location_unknown_key(tmp_path: Path) -> None:
    assert one(tmp_path, location("name: X\nhex: '0101'\nvisiblity: hidden\n")) == (
        "locations/x.md", 4, 1, "error", "unknown key 'visiblity' (did you mean 'visibility'?)")


def test_location_unknown_key_after_a_byte_order_mark_and_crlf(tmp_path: Path) -> None:
    text = "\ufeff---\r\nname: X\r\nhex: '0101'\r\nnme: Y\r\n---\r\nBody\r\n"
    assert one(tmp_path, {"locations/x.md": text}) == (
        "locations/x.md", 4, 1, "error", "unknown key 'nme' (did you mean 'name'?)")


def test_location_missing_hex(tmp_path: Path) -> None:
    assert one(tmp_path, location("name: X\n")) == (
        "locations/x.md", 2, 1, "error", "missing required key 'hex'")


def test_location_id_not_a_slug(tmp_path: Path) -> None:
    assert one(tmp_path, location("id: Old Mill\nname: X\nhex: '0101'\n")) == (
        "locations/x.md", 2, 5, "error",
        "location id 'Old Mill' must be a slug of lowercase letters, digits and dashes, such as "
        "'old-mill'")


def test_duplicate_location_id(tmp_path: Path) -> None:
    root, found = run(tmp_path, location("id: thornfold-mill\nname: X\nhex: '0101'\n",
                                         name="zz"))
    first = display_path(root / "locations" / "thornfold-mill.md")
    assert found == [("locations/zz.md", 2, 5, "error",
                      f"duplicate location id 'thornfold-mill' (also in {first})")]


def test_duplicate_location_id_derived_from_the_file_name(tmp_path: Path) -> None:
    root, found = run(tmp_path, {"locations/zz/thornfold-mill.md":
                                 "---\nname: Other\nhex: '0101'\n---\n"})
    assert len(found) == 1
    rel, line, col, severity, msg = found[0]
    assert (rel, line, col, severity) == ("locations/zz/thornfold-mill.md", 2, 1, "error")
    assert msg.startswith("duplicate location id 'thornfold-mill' (also in ")


def test_location_off_the_map(tmp_path: Path) -> None:
    assert one(tmp_path, location("name: X\nhex: 0909\n")) == (
        "locations/x.md", 3, 6, "error", "hex '0909' is off the map (columns 1-8, rows 1-8)")


def test_location_on_unknown_path(tmp_path: Path) -> None:
    assert one(tmp_path, location("name: X\nhex: '0601'\non: [meer]\n")) == (
        "locations/x.md", 4, 6, "error", "unknown path 'meer' (did you mean 'mere'?)")


def test_location_on_a_path_that_does_not_pass_its_hex(tmp_path: Path) -> None:
    assert one(tmp_path, location("name: X\nhex: '0101'\non: [kings-road, mere]\n")) == (
        "locations/x.md", 4, 18, "warning",
        "path 'mere' does not pass through hex '0101': following it will not find this "
        "location")


def test_location_unknown_table(tmp_path: Path) -> None:
    assert one(tmp_path, location("name: X\nhex: '0101'\ntables: [thornwood-dya]\n")) == (
        "locations/x.md", 4, 10, "error",
        "unknown table 'thornwood-dya' (did you mean 'thornwood-day'?)")


def test_visible_from_without_visibility_visible_warns(tmp_path: Path) -> None:
    assert one(tmp_path, location("name: X\nhex: '0101'\nvisible_from: 2\n")) == (
        "locations/x.md", 4, 15, "warning", "visible_from only matters for visibility: visible")


# ---------------------------------------------------------------------------------------------
# tables


def test_duplicate_table_id(tmp_path: Path) -> None:
    root, found = run(tmp_path, {"tables/a.yaml": TABLE})
    first = display_path(root / "tables" / "a.yaml")
    assert found == [("tables/thornwood-day.yaml", 1, 5, "error",
                      f"duplicate table id 'thornwood-day' (also in {first})")]


def test_table_gap(tmp_path: Path) -> None:
    assert one(tmp_path, table("dice: 1d6\nrows:\n  - {roll: 1-2, result: a}\n"
                               "  - {roll: 4-6, result: b}\n")) == (
        "tables/b.yaml", 6, 12, "error", "table 'b': no row for 3 (the dice roll 1-6)")


def test_table_overlap(tmp_path: Path) -> None:
    assert one(tmp_path, table("dice: 1d6\nrows:\n  - {roll: 1-3, result: a}\n"
                               "  - {roll: 3-6, result: b}\n")) == (
        "tables/b.yaml", 6, 12, "error", "table 'b': row 2 overlaps row 1 on 3")


def test_table_row_out_of_range(tmp_path: Path) -> None:
    assert one(tmp_path, table("dice: 1d6\nrows:\n  - {roll: 1-3, result: a}\n"
                               "  - {roll: 4-7, result: b}\n")) == (
        "tables/b.yaml", 6, 12, "error",
        "table 'b': row 2 (4-7) lies outside what 1d6 can roll (1-6)")


def test_table_bad_roll_cell(tmp_path: Path) -> None:
    assert one(tmp_path, table("dice: 1d6\nrows:\n  - {roll: one, result: a}\n"
                               "  - {roll: 2-6, result: b}\n")) == (
        "tables/b.yaml", 5, 12, "error", "'one' is not a roll or range such as 3 or 1-2")


def test_table_range_backwards(tmp_path: Path) -> None:
    assert one(tmp_path, table("dice: 1d6\nrows:\n  - {roll: 3-1, result: a}\n"
                               "  - {roll: 4-6, result: b}\n")) == (
        "tables/b.yaml", 5, 12, "error", "range '3-1' runs backwards")


def test_table_weights_do_not_match_the_dice(tmp_path: Path) -> None:
    assert one(tmp_path, table("dice: 1d6\nrows:\n  - {weight: 2, result: a}\n"
                               "  - {weight: 3, result: b}\n")) == (
        "tables/b.yaml", 3, 7, "error",
        "weights add up to 5 but 1d6 has 6 results; give each row a 'roll' range instead")


def test_table_weights_without_dice_derive_ranges(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, files=table(
        "rows:\n  - {weight: 2, result: a}\n  - {weight: 3, result: b}\n  - {result: c}\n"))
    campaign, diags = load(root)
    assert where(diags, root) == [] and campaign is not None
    assert campaign.tables["b"].ranges == ((1, 2), (3, 5), (6, 6))
    assert campaign.tables["b"].roll_dice == "1d6"


def test_table_d100_and_open_ended_ranges(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, files={
        "tables/b.yaml": "id: b\nname: B\ndice: d100\nrows:\n  - {roll: 01-50, result: a}\n"
                         "  - {roll: 51-00, result: b}\n",
        "tables/c.yaml": "id: c\nname: C\ndice: 2d6\nrows:\n  - {roll: 2-6, result: a}\n"
                         "  - {roll: 7+, result: b}\n"})
    campaign, diags = load(root)
    assert where(diags, root) == [] and campaign is not None
    assert campaign.tables["b"].ranges == ((1, 50), (51, 100))
    assert campaign.tables["c"].ranges == ((2, 6), (7, 12))


def test_table_rows_mixing_roll_and_weights(tmp_path: Path) -> None:
    assert one(tmp_path, table("dice: 1d6\nrows:\n  - {roll: 1-3, result: a}\n"
                               "  - {result: b}\n")) == (
        "tables/b.yaml", 6, 5, "error",
        "either every row has a 'roll' or none does (then weights decide)")


def test_table_roll_without_dice(tmp_path: Path) -> None:
    assert one(tmp_path, table("rows:\n  - {roll: 1-3, result: a}\n")) == (
        "tables/b.yaml", 4, 12, "error",
        "a row with 'roll' needs the table's 'dice' (e.g. dice: 1d8)")


def test_table_weight_beside_roll_warns(tmp_path: Path) -> None:
    assert one(tmp_path, table("dice: 1d6\nrows:\n  - {roll: 1-6, weight: 3, result: a}\n")) \
        == ("tables/b.yaml", 5, 25, "warning", "'weight' is ignored when the row has a 'roll'")


def test_table_bad_dice(tmp_path: Path) -> None:
    assert one(tmp_path, table("dice: d\nrows:\n  - {result: a}\n")) == (
        "tables/b.yaml", 3, 7, "error", "'d' is not dice notation such as 1d8, 2d6+3 or 2d6x10")


def test_table_bad_distance(tmp_path: Path) -> None:
    assert one(tmp_path, table("rows:\n  - {result: a, distance: far}\n")) == (
        "tables/b.yaml", 4, 27, "error",
        "'far' is not dice notation such as 1d8, 2d6+3 or 2d6x10")


def test_table_names_unknown_table(tmp_path: Path) -> None:
    assert one(tmp_path, table("rows:\n  - {result: a, table: thornwood-dya}\n")) == (
        "tables/b.yaml", 4, 24, "error",
        "unknown table 'thornwood-dya' (did you mean 'thornwood-day'?)")


def test_table_names_unknown_location(tmp_path: Path) -> None:
    assert one(tmp_path, table("rows:\n  - {result: a, location: thornfold-mil}\n")) == (
        "tables/b.yaml", 4, 27, "error",
        "unknown location 'thornfold-mil' (did you mean 'thornfold-mill'?)")


def test_tables_in_a_cycle_are_reported_once(tmp_path: Path) -> None:
    root, found = run(tmp_path, {
        "tables/b.yaml": "id: b\nname: B\nrows:\n  - {result: a}\n  - {result: go, table: c}\n",
        "tables/c.yaml": "id: c\nname: C\nrows:\n  - {result: back, table: b}\n",
    })
    assert found == [("tables/b.yaml", 5, 25, "error",
                      "tables refer to each other in a cycle: b -> c -> b")]


def test_table_naming_itself_is_a_cycle(tmp_path: Path) -> None:
    assert one(tmp_path, table("rows:\n  - {result: again, table: b}\n")) == (
        "tables/b.yaml", 4, 28, "error", "tables refer to each other in a cycle: b -> b")


# ---------------------------------------------------------------------------------------------
# sessions


def test_duplicate_session_number(tmp_path: Path) -> None:
    root, found = run(tmp_path, {"sessions/02.yaml": "session: 1\n"})
    first = display_path(root / "sessions" / "01.yaml")
    assert found == [("sessions/02.yaml", 1, 10, "error",
                      f"session 1 is already logged in {first}")]


def test_sessions_are_checked_in_session_order(tmp_path: Path) -> None:
    # "10.yaml" sorts before "2.yaml", but session 2 describes Cael before session 10 names him
    root, found = run(tmp_path, {
        "sessions/2.yaml": "session: 2\nparty: {members: [Aria, {name: Cael, speed: 30}]}\n",
        "sessions/10.yaml": "session: 10\nparty: {members: [Cael], navigator: Cael}\n",
    })
    assert found == []
    campaign, _ = load(root)
    assert campaign is not None and [s.number for s in campaign.sessions] == [1, 2, 10]


def test_unknown_session_member(tmp_path: Path) -> None:
    assert one(tmp_path, session("party: {members: [Aria, Bran]}\n")) == (
        "sessions/02.yaml", 2, 25, "error",
        "unknown party member 'Bran' (did you mean 'Bram'?) (add them to campaign.yaml or "
        "describe them here)")


def test_duplicate_session_member(tmp_path: Path) -> None:
    assert one(tmp_path, session("party: {members: [Aria, Bram, Aria]}\n")) == (
        "sessions/02.yaml", 2, 31, "error",
        "party member 'Aria' is listed twice (first on line 2); member names must be unique")


def test_session_member_with_unknown_mount(tmp_path: Path) -> None:
    assert one(tmp_path, session("party: {members: [{name: Cael, mount: poni}]}\n"))[1:] == (
        2, 39, "error",
        "unknown mount 'poni' (did you mean 'pony'?) (known: 'horse', 'pony', "
        "'riding_dog', 'cart', 'wagon')")


def test_session_navigator_not_in_the_party(tmp_path: Path) -> None:
    assert one(tmp_path, session("party: {members: [Bram], navigator: Aria}\n")) == (
        "sessions/02.yaml", 2, 37, "error", "navigator 'Aria' is not in the party")


def test_session_start_off_the_map(tmp_path: Path) -> None:
    assert one(tmp_path, session("party: {start: '0909'}\n")) == (
        "sessions/02.yaml", 2, 16, "error", "hex '0909' is off the map (columns 1-8, rows 1-8)")


def test_session_start_offsets_face(tmp_path: Path) -> None:
    assert one(tmp_path, session("party: {start_offsets: {W: 2}}\n")) == (
        "sessions/02.yaml", 2, 25, "error",
        "'W' is not a face of a flat-top hex (faces: 'N', 'NE', 'SE', 'S', 'SW', 'NW'); "
        "did you mean 'SW' "
        "or 'NW'?")


def test_heading_not_a_face_of_this_map(tmp_path: Path) -> None:
    assert one(tmp_path, session("log:\n  - travel: {heading: E}\n")) == (
        "sessions/02.yaml", 3, 23, "error",
        "'E' is not a face of a flat-top hex (faces: 'N', 'NE', 'SE', 'S', 'SW', 'NW'); "
        "did you mean 'NE' "
        "or 'SE'?")


def test_heading_misspelt(tmp_path: Path) -> None:
    assert one(tmp_path, session("log:\n  - travel: {heading: NNE}\n"))[1:] == (
        3, 23, "error",
        "'NNE' is not a face of a flat-top hex (faces: 'N', 'NE', 'SE', 'S', 'SW', 'NW'); "
        "did you mean "
        "'NE'?")


def test_headings_offered_are_the_maps_own(tmp_path: Path) -> None:
    """A pointy-top map offers its own faces, E and W among them, and no N or S."""
    root = write_campaign(tmp_path, campaign_overrides={
        "map": {"orientation": "pointy"}, "party": {"start_offsets": {"N": 2}}},
        files=session("log:\n  - travel: {heading: north}\n"))
    found = [x[3] for x in errors(load(root)[1], root)]
    assert "'north' is not a face of a pointy-top hex " \
           "(faces: 'NE', 'E', 'SE', 'SW', 'W', 'NW'); did " \
           "you mean 'NW' or 'NE'?" in found
    assert "'N' is not a face of a pointy-top hex " \
           "(faces: 'NE', 'E', 'SE', 'SW', 'W', 'NW'); did you " \
           "mean 'NW' or 'NE'?" in found


def test_toward_off_the_map(tmp_path: Path) -> None:
    assert one(tmp_path, session("log:\n  - travel: {toward: 0909}\n")) == (
        "sessions/02.yaml", 3, 22, "error", "hex '0909' is off the map (columns 1-8, rows 1-8)")


def test_follow_unknown_path(tmp_path: Path) -> None:
    assert one(tmp_path, session("log:\n  - travel: {follow: kings-raod}\n")) == (
        "sessions/02.yaml", 3, 22, "error",
        "unknown path 'kings-raod' (did you mean 'kings-road'?)")


def test_follow_toward_a_hex_off_the_path(tmp_path: Path) -> None:
    assert one(tmp_path, session("log:\n  - travel: {follow: kings-road, toward: '0808'}\n")) \
        == ("sessions/02.yaml", 3, 42, "error", "hex '0808' is not on path 'kings-road'")


def test_unknown_landmark(tmp_path: Path) -> None:
    assert one(tmp_path, session("log:\n  - travel: {landmark: thornfold-mil}\n")) == (
        "sessions/02.yaml", 3, 24, "error",
        "unknown landmark 'thornfold-mil': name a location id or a hex label "
        "(did you mean 'thornfold-mill'?)")


def test_landmark_hex_off_the_map(tmp_path: Path) -> None:
    assert one(tmp_path, session("log:\n  - travel: {landmark: '0909'}\n"))[1:] == (
        3, 24, "error", "hex '0909' is off the map (columns 1-8, rows 1-8)")


def test_search_unknown_location(tmp_path: Path) -> None:
    assert one(tmp_path, session("log:\n  - search: {target: thornfold-mil}\n")) == (
        "sessions/02.yaml", 3, 22, "error",
        "unknown location 'thornfold-mil' (did you mean 'thornfold-mill'?)")


def test_encounter_unknown_table(tmp_path: Path) -> None:
    assert one(tmp_path, session("log:\n  - encounter: {table: thornwood-dya, roll: 3}\n")) == (
        "sessions/02.yaml", 3, 24, "error",
        "unknown table 'thornwood-dya' (did you mean 'thornwood-day'?)")


def test_encounter_unknown_location(tmp_path: Path) -> None:
    assert one(tmp_path, session("log:\n  - encounter: {location: thornfold-mil}\n")) == (
        "sessions/02.yaml", 3, 27, "error",
        "unknown location 'thornfold-mil' (did you mean 'thornfold-mill'?)")


def test_encounter_roll_matching_no_row(tmp_path: Path) -> None:
    assert one(tmp_path, session("log:\n  - encounter: {table: thornwood-day, roll: 9}\n")) == (
        "sessions/02.yaml", 3, 45, "error",
        "roll 9 matches no row of table 'thornwood-day' (rows cover 1-8)")


def test_reveal_unknown_location_and_hex_off_the_map(tmp_path: Path) -> None:
    root, found = run(tmp_path, session("log:\n  - reveal: [thornfold-mil, '0909', 0101]\n"))
    assert found == [
        ("sessions/02.yaml", 3, 14, "error",
         "unknown location or hex 'thornfold-mil' (did you mean 'thornfold-mill'?)"),
        ("sessions/02.yaml", 3, 29, "error", "hex '0909' is off the map (columns 1-8, rows 1-8)"),
    ]


def test_use_unknown_resource(tmp_path: Path) -> None:
    assert one(tmp_path, session("log:\n  - use: {resource: debt-of-kesa}\n")) == (
        "sessions/02.yaml", 3, 21, "error",
        "unknown resource 'debt-of-kesa' (did you mean 'debt-of-kessa'?)")


def test_use_by_someone_not_in_the_party(tmp_path: Path) -> None:
    assert one(tmp_path, session("log:\n  - use: {resource: debt-of-kessa, by: Arya}\n")) == (
        "sessions/02.yaml", 3, 40, "error", "'Arya' is not in the party (did you mean 'Aria'?)")


def test_empty_recorded_rolls_warn(tmp_path: Path) -> None:
    assert one(tmp_path, session("log:\n  - rest: {}\n    rolls: {encounter: []}\n")) == (
        "sessions/02.yaml", 4, 24, "warning",
        "empty list of encounter rolls: it records nothing, so the generator rolls them (give "
        "the dice rolled at the table, or remove the key)")


def test_default_session_loads_its_log(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, files={"sessions/01.yaml": SESSION})
    campaign, _ = load(root)
    assert campaign is not None
    (s1,) = campaign.sessions
    assert [e.action for e in s1.log] == ["travel", "rest", "note"]
    assert s1.log[0].rolls == {"navigation": 15, "encounter": [5]}
    assert s1.entry_pos(1).line == 7
    assert s1.roll_pos(0, "encounter", 0).line == 6


# ---------------------------------------------------------------------------------------------
# never a traceback

_BASE = {"campaign.yaml": dump(CAMPAIGN), **DEFAULT_FILES,
         "regions.yaml": "north:\n  name: North\n  hexes: ['0101']\n  tables: [thornwood-day]\n",
         "terrain.yaml": "marsh: {like: swamp, speed: {trackless: 1/2}}\n"}
_SNIPPETS = [" ", "\n", "  ", "-", ":", "[", "]", "{", "}", ",", "'", '"', "#", "&a", "*a",
             "!!int", "0909", "null", "on", "- x", "? ", "|", ">", "\t", "~", "1e3", "<<: *a"]


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(file=st.sampled_from(sorted(_BASE)), data=st.data())
def test_any_edit_gives_diagnostics_not_a_traceback(file: str, data: st.DataObject) -> None:
    text = _BASE[file]
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        if data.draw(st.booleans()):
            text = text[:at] + text[at + data.draw(st.integers(1, 8)):]
        else:
            text = text[:at] + data.draw(st.sampled_from(_SNIPPETS)) + text[at:]
    with tempfile.TemporaryDirectory() as tmp:
        root = write_campaign(Path(tmp), files={file: text})
        campaign, diags = load(root)
        for d in diags.items:
            assert d.pos.line >= 1 and d.pos.col >= 1
            assert "Traceback" not in d.message
        assert (campaign is None) == diags.has_errors()


def test_merge_helper_removes_and_merges() -> None:
    merged = merge(CAMPAIGN, {"party": {"navigator": REMOVE}, "map": {"rows": 9}})
    assert "navigator" not in merged["party"]
    assert merged["map"] == {**CAMPAIGN["map"], "rows": 9}
    assert CAMPAIGN["party"]["navigator"] == "Aria"  # the default is untouched


# ---------------------------------------------------------------------------------------------
# Markdown: front matter and GM blocks


def test_split_front_matter_lines() -> None:
    doc = split_front_matter("---\nname: X\n---\nBody\n")
    assert doc.front == "name: X\n"
    assert (doc.front_line, doc.body_line) == (2, 4)
    assert doc.body == "Body\n"
    assert split_front_matter("No front matter\n").front is None
