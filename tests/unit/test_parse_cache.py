"""A load through the parse cache ``hexcrawl serve`` keeps between loads
(generator.serve.parsecache) is the load without it: the same campaign and the same
messages in the same order, whatever the files hold, and an edited file is parsed again."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

from generator.content.loader import load_partial
from generator.serve.parsecache import ParseCache

ROOT = Path(__file__).resolve().parents[2]


def campaign_copy(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    shutil.copytree(ROOT / "content", root)
    return root


def messages(root: Path, cache: ParseCache | None = None) -> tuple[object, list[str], bool]:
    campaign, diags, trustworthy = load_partial(root, parse_cache=cache)
    return campaign, [d.format() for d in diags.items], trustworthy


def filled(root: Path) -> ParseCache:
    """A cache holding what one load of ``root`` parsed."""
    cache = ParseCache()
    messages(root, cache)
    return cache


def spoil(root: Path) -> None:
    """Mistakes of every kind a parse or a validation reports, and files it skips."""
    session = root / "sessions" / "02-lost-in-kestrel-carr.yaml"
    session.write_text(session.read_text("utf-8").replace("title:", "title: A\ntitle:", 1),
                       "utf-8")  # a duplicate key
    (root / "sessions" / "07-broken.yaml").write_text("number: 7\ntitle: [unclosed\n", "utf-8")
    (root / "locations" / "no-front-matter.md").write_text("Just prose.\n", "utf-8")
    (root / "locations" / "bad-key.md").write_text(textwrap.dedent("""\
        ---
        id: bad-key
        name: "Tom & Jerry's <Inn> {{ 7*7 }}"
        hex: "0101"
        colour: red
        ---
        Body.
        """), "utf-8")
    (root / "locations" / "not-utf8.md").write_bytes(b"---\nid: x\nname: \xff\n---\n")
    (root / "tables" / "folder.yaml").mkdir()
    (root / "hexes" / ".hidden.yaml").write_text("{{{", "utf-8")


def test_the_example_loads_the_same_through_the_parse_cache(tmp_path: Path) -> None:
    root = campaign_copy(tmp_path)
    plain = messages(root)
    cache = filled(root)
    # every file the load parses is in the cache, under the name and line the load uses
    through = messages(root, cache)
    assert cache.misses == 0 and cache.hits == len(cache.entries) > 50
    assert plain[0] is not None
    assert through == plain


def test_every_mistake_is_reported_the_same_through_the_parse_cache(tmp_path: Path) -> None:
    root = campaign_copy(tmp_path)
    spoil(root)
    plain = messages(root)
    assert plain[0] is None or any("error" in m for m in plain[1])
    assert any("duplicate" in m or "twice" in m for m in plain[1]), plain[1]
    cache = filled(root)
    through = messages(root, cache)
    assert through[1] == plain[1]  # the same messages, in the same order
    assert through[2] == plain[2]
    assert cache.misses == 0


def test_a_file_edited_after_it_was_parsed_is_parsed_again(tmp_path: Path) -> None:
    root = campaign_copy(tmp_path)
    cache = filled(root)
    session = root / "sessions" / "01-the-queens-road.yaml"
    session.write_text(session.read_text("utf-8") + "\nweather: [unclosed\n", "utf-8")
    through = messages(root, cache)
    assert cache.misses == 1
    assert through[1] == messages(root)[1]
    assert any("01-the-queens-road.yaml" in m and "error" in m for m in through[1])
