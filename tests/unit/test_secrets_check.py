"""The secrets check of ``hexcrawl check`` (docs/security.md, "GM blocks fail closed"), in
process: what it reports, where, in which words and language, what it leaves alone, and
``--strict``. tests/e2e/test_gm_blocks.py builds the sites to show that what it does not report
is GM-only."""

from __future__ import annotations

import doctest
import shutil
from pathlib import Path

from click.testing import CliRunner

from generator import cli
from generator.content import secrets
from generator.content.loader import load_campaign
from generator.content.secretlint import SECRETS

from campaign_factory import LOCATION, find, load, where, write_campaign

ROOT = Path(__file__).resolve().parents[2]


def location(body: str) -> str:
    """The factory's location with ``body`` after its first paragraph."""
    head, _, _ = LOCATION.partition("!!! gm")
    return head + body


def secret_diags(root: Path) -> list[tuple[str, int, int, str, str]]:
    """The secrets check's diagnostics (the factory's campaign has no others)."""
    _, diags = load(root)
    assert all(d.kind == SECRETS or d.severity == "error" for d in diags.items)
    return where(diags, root)


def test_module_doctests() -> None:
    assert doctest.testmod(secrets).failed == 0


def test_an_unindented_gm_block_is_an_error_at_its_line(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, files={"locations/thornfold-mill.md": location(
        '!!! gm "Secrets"\nThe miller smuggles salt.\n')})
    campaign, diags = load(root)
    assert campaign is None
    line, col = find(root, "locations/thornfold-mill.md", "!!! gm")
    [(path, at, column, severity, message)] = where(diags, root)
    assert (path, at, column, severity) == ("locations/thornfold-mill.md", line, col, "error")
    assert f"line {line + 1} would be public" in message
    assert "four spaces (or a tab)" in message


def test_the_ways_of_writing_a_gm_block_that_markdown_reads(tmp_path: Path) -> None:
    body = ("!!! gm\n    a\n\n??? GM \"x\"\n\tb\n\n???+ gm\n\n    c\n\n"
            "- item\n\n    !!! gm\n        d\n\n> !!! gm\n>     e\n\n"
            "!!! gm \"Nested\"\n    !!! gm\n    f\n\n"
            "```\n!!! gm\nin a code fence\n```\n\n    !!! gm\n    indented code\n")
    root = write_campaign(tmp_path, files={"locations/thornfold-mill.md": location(body)})
    campaign, diags = load(root)
    assert campaign is not None and diags.items == []
    crlf = location("!!! gm\r\n    a\r\n").replace("\n", "\r\n").replace("\r\r\n", "\r\n")
    (root / "locations" / "thornfold-mill.md").write_bytes(crlf.encode())
    assert load(root)[1].items == []


def test_every_slip_is_reported_once(tmp_path: Path) -> None:
    body = ("!!! gm\n\nnot indented\n\n??? gm\n  two spaces\n\n!!! gm \"Ends early\"\n"
            "    inside\noutside, without a blank line\n\n> !!! gm\n> quoted\n\n"
            "!!! \"GM\"\nnot a box\n\n!!! gm\n")
    root = write_campaign(tmp_path, files={"locations/thornfold-mill.md": location(body)})
    rel = "locations/thornfold-mill.md"
    found = [(line, col, sev) for _, line, col, sev, _ in secret_diags(root)]
    text = (root / rel).read_text(encoding="utf-8").splitlines()
    heads = [i + 1 for i, s in enumerate(text) if s.lstrip("> ").startswith(("!!!", "???"))]
    assert found == [(line, 3 if text[line - 1].startswith(">") else 1, "error")
                     for line in heads]


def test_a_gm_block_in_raw_html_is_text_and_an_error(tmp_path: Path) -> None:
    body = "<div>\n!!! gm\n    The miller smuggles salt.\n</div>\n"
    root = write_campaign(tmp_path, files={"locations/thornfold-mill.md": location(body)})
    line, col = find(root, "locations/thornfold-mill.md", "!!! gm")
    assert [d[1:4] for d in secret_diags(root)] == [(line, col, "error")]


def test_public_text_that_reads_as_gm_only_is_a_warning(tmp_path: Path) -> None:
    body = ('!!! note "GM only"\n    a\n\n## Secrets\n\nb\n\n**GM:** c\n\nSecret: d\n\n'
            "### Для мастера\n\ne\n\n??? danger \"For the GM\"\n    f\n\n"
            "## Tunnels (GM only)\n\ng\n")
    root = write_campaign(tmp_path, files={"locations/thornfold-mill.md": location(body)})
    found = secret_diags(root)
    assert [(d[3], d[1]) for d in found] == [
        ("warning", find(root, "locations/thornfold-mill.md", needle)[0])
        for needle in ("!!! note", "## Secrets", "**GM:**", "Secret:", "### Для",
                       "??? danger", "## Tunnels")]
    assert "'GM only' reads as GM-only, but this box is public" in found[0][4]
    assert "the heading 'Secrets' reads as GM-only" in found[1][4]
    assert "'!!! gm \"Secrets\"'" in found[1][4]
    _, diags = load(root)
    assert {d.kind for d in diags.items} == {SECRETS}


def test_names_and_text_meant_for_the_players_are_left_alone(tmp_path: Path) -> None:
    body = ("## Secret Cave\n\n## Secrets of the Mere\n\n**Secret passages** run under it.\n\n"
            "The GM of the mill, **Gm Oddny**, says: secrets are for the lake.\n\n"
            "!!! gm \"Secrets\"\n    ## Secrets\n    **GM:** all of it.\n\n"
            "```\n## Secrets\n!!! note \"GM only\"\n```\n")
    root = write_campaign(tmp_path, files={"locations/thornfold-mill.md": location(body)})
    assert secret_diags(root) == []


def test_the_example_and_a_new_campaign_have_nothing_to_report(tmp_path: Path) -> None:
    _, diags = load_campaign(ROOT / "content")
    assert [d for d in diags.items if d.kind == SECRETS or "GM block" in d.message] == []
    result = CliRunner().invoke(cli.main, ["new", str(tmp_path / "c")])
    assert result.exit_code == 0, result.output
    campaign, diags = load_campaign(tmp_path / "c")
    assert campaign is not None and diags.items == []


def test_yaml_text_fields_are_checked_at_their_line_in_the_file(tmp_path: Path) -> None:
    hexes = (
        "legend: {p: plains}\n"
        "terrain_rows: [pppppppp, pppppppp, pppppppp, pppppppp, pppppppp, pppppppp,\n"
        "               pppppppp, pppppppp]\n"
        '"0304":\n'
        "  description: |\n"
        "    Tall grass.\n\n"
        '    !!! gm "Secrets"\n'
        "    A cache of coins.\n"
        "  gm: |\n"
        "    !!! gm\n"
        "    The GM's own remark: never public.\n"
        '"0305":\n'
        '  description: "Reeds.\\n\\n## Secrets\\n\\nA drowned bell."\n'
        '"0306":\n'
        "  description: >\n"
        "    Low hills.\n\n"
        "    **GM:** the barrow.\n")
    paths = ("mere: {kind: river, hexes: ['0601', '0602', '0703']}\n"
             "kings-road:\n  kind: highway\n  hexes: ['0101', '0201']\n"
             "  description: |-\n    Old stones.\n\n    ??? gm\n    Toll-wolves.\n")
    table = ("id: rumours\nname: Rumours\ndice: 1d4\naudience: gm\nrows:\n"
             "  - {roll: 1-4, result: \"## Secrets\\n\\nnot public: a GM table\"}\n")
    session = ("session: 1\nlog:\n  - rest: {}\n  - encounter: {table: rumours, roll: 1, "
               "note: \"## Secrets\\n\\nthe encounter's note is the GM's\"}\n"
               "  - note: |\n      !!! gm\n      The party's note.\n")
    root = write_campaign(tmp_path, files={"hexes/map.yaml": hexes, "paths.yaml": paths,
                                           "tables/rumours.yaml": table,
                                           "sessions/01.yaml": session})
    found = [(d[0], d[1], d[2], d[3]) for d in secret_diags(root)]
    assert found == [
        ("hexes/map.yaml", *find(root, "hexes/map.yaml", '!!! gm "Secrets"'), "error"),
        ("hexes/map.yaml", *find(root, "hexes/map.yaml", "## Secrets"), "warning"),
        ("hexes/map.yaml", *find(root, "hexes/map.yaml", "**GM:**"), "warning"),
        ("paths.yaml", *find(root, "paths.yaml", "??? gm"), "error"),
        ("sessions/01.yaml", *find(root, "sessions/01.yaml", "!!! gm"), "error"),
    ]


def test_campaign_words_and_the_language_of_the_messages(tmp_path: Path) -> None:
    body = "## Spoiler\n\na\n\n!!! tip \"Keeper only\"\n    b\n\n!!! gm\nc\n"
    files: dict[str, str | None] = {"locations/thornfold-mill.md": location(body)}
    root = write_campaign(tmp_path / "plain", files=files)
    assert [d[3] for d in secret_diags(root)] == ["error"]
    root = write_campaign(tmp_path / "extended", files=files, campaign_overrides={
        "language": "uk", "secrets": {"words": ["spoiler", "keeper only"]}})
    found = secret_diags(root)
    assert [d[3] for d in found] == ["warning", "warning", "error"]
    assert found[0][4].startswith("заголовок 'Spoiler' читається як «лише для майстра»")
    assert "не зсунуто" in found[2][4]
    root = write_campaign(tmp_path / "bad", campaign_overrides={"secrets": {"words": [""]}})
    assert [d[:2] for d in where(load(root)[1], root, "error")] == [
        ("campaign.yaml", find(root, "campaign.yaml", "''")[0])]


def test_check_strict_makes_the_warnings_errors(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    shutil.copytree(ROOT / "content", repo / "content")
    with (repo / "content" / "locations" / "ashford.md").open("a", encoding="utf-8") as fh:
        fh.write("\n## Secrets\n\nThe moot is bought.\n")
    line, col = find(repo / "content", "locations/ashford.md", "## Secrets")
    plain = CliRunner().invoke(cli.main, ["check", "--content", str(repo / "content")])
    assert plain.exit_code == 0, plain.output
    assert f"ashford.md:{line}:{col}: warning: the heading 'Secrets'" in plain.output
    strict = CliRunner().invoke(cli.main, ["check", "--strict", "--content",
                                           str(repo / "content")])
    assert strict.exit_code == 1
    assert f"ashford.md:{line}:{col}: error: the heading 'Secrets'" in strict.output
