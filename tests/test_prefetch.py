"""The campaign's files parsed ahead, in a process forked at the start of a build
(generator.content.prefetch): the load through what it parsed is the load without it, the
same campaign and the same messages in the same order, whatever the files hold."""

from __future__ import annotations

import multiprocessing
import shutil
import textwrap
from pathlib import Path

import pytest
from build_helpers import docs_build, files_of
from click.testing import CliRunner

from generator import cli
from generator.content import prefetch
from generator.content.loader import load_partial
from generator.content.parsecache import ParseCache
from generator.content.prefetch import ParseAhead, parse_all

ROOT = Path(__file__).resolve().parent.parent

needs_fork = pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(),
                                reason="the platform cannot fork")


def campaign_copy(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    shutil.copytree(ROOT / "content", root)
    return root


def messages(root: Path, cache: ParseCache | None = None) -> tuple[object, list[str], bool]:
    campaign, diags, trustworthy = load_partial(root, parse_cache=cache)
    return campaign, [d.format() for d in diags.items], trustworthy


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


def test_the_example_loads_the_same_through_its_files_parsed_ahead(tmp_path: Path) -> None:
    root = campaign_copy(tmp_path)
    plain = messages(root)
    cache = parse_all(root)
    # every file the load parses was parsed ahead, under the name and line the load uses
    through = messages(root, cache)
    assert cache.misses == 0 and cache.hits == len(cache.entries) > 50
    assert plain[0] is not None
    assert through == plain


def test_every_mistake_is_reported_the_same_through_the_files_parsed_ahead(
        tmp_path: Path) -> None:
    root = campaign_copy(tmp_path)
    spoil(root)
    plain = messages(root)
    assert plain[0] is None or any("error" in m for m in plain[1])
    assert any("duplicate" in m or "twice" in m for m in plain[1]), plain[1]
    cache = parse_all(root)
    through = messages(root, cache)
    assert through[1] == plain[1]  # the same messages, in the same order
    assert through[2] == plain[2]
    assert cache.misses == 0


def test_a_file_edited_after_it_was_parsed_ahead_is_parsed_again(tmp_path: Path) -> None:
    root = campaign_copy(tmp_path)
    cache = parse_all(root)
    session = root / "sessions" / "01-the-queens-road.yaml"
    session.write_text(session.read_text("utf-8") + "\nweather: [unclosed\n", "utf-8")
    through = messages(root, cache)
    assert cache.misses == 1
    assert through[1] == messages(root)[1]
    assert any("01-the-queens-road.yaml" in m and "error" in m for m in through[1])


@needs_fork
def test_a_large_campaign_is_parsed_in_a_forked_process(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = campaign_copy(tmp_path)
    monkeypatch.setenv("HEXCRAWL_JOBS", "2")
    small = ParseAhead(root)  # the example has fewer files than it takes to pay
    assert small.result() is None
    monkeypatch.setattr(prefetch, "MIN_FILES", 10)
    cache = ParseAhead(root).result()
    assert isinstance(cache, ParseCache)
    assert messages(root, cache) == messages(root)
    assert cache.misses == 0 and cache.hits > 50
    monkeypatch.setenv("HEXCRAWL_JOBS", "1")  # one core: nothing forked
    assert ParseAhead(root).result() is None


@needs_fork
def test_a_failure_in_the_forked_parse_leaves_the_load_to_parse_everything(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = campaign_copy(tmp_path)
    monkeypatch.setenv("HEXCRAWL_JOBS", "2")
    monkeypatch.setattr(prefetch, "MIN_FILES", 10)

    def broken(_: Path) -> ParseCache:
        raise MemoryError("no memory there")

    monkeypatch.setattr(prefetch, "parse_all", broken)
    assert ParseAhead(root).result() is None


def parse_caches(monkeypatch: pytest.MonkeyPatch) -> list[ParseCache | None]:
    """What each ``ParseAhead`` of the commands run from now on gave the load (in order);
    campaigns of ten files and more are parsed ahead."""
    monkeypatch.setattr(prefetch, "MIN_FILES", 10)
    caches: list[ParseCache | None] = []
    real = ParseAhead.result

    def kept(self: ParseAhead) -> ParseCache | None:
        caches.append(real(self))
        return caches[-1]

    monkeypatch.setattr(ParseAhead, "result", kept)
    return caches


@needs_fork
def test_the_build_command_loads_through_the_files_parsed_ahead(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``hexcrawl build`` parses ahead, takes every document from there, and writes the
    docs a build parsing everything itself writes."""
    root = campaign_copy(tmp_path)
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    caches = parse_caches(monkeypatch)
    trees = {}
    for jobs in ("2", "1"):
        build = docs_build(root, jobs, monkeypatch)
        trees[jobs] = files_of(build)
        shutil.rmtree(build)
    first, second = caches
    assert first is not None and first.misses == 0 and first.hits > 50
    assert second is None
    assert trees["2"] == trees["1"]


@needs_fork
def test_the_check_command_loads_through_the_files_parsed_ahead(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = campaign_copy(tmp_path)
    spoil(root)
    caches = parse_caches(monkeypatch)
    outputs = []
    for jobs in ("2", "1"):
        monkeypatch.setenv("HEXCRAWL_JOBS", jobs)
        out = CliRunner().invoke(cli.main, ["check", "--content", str(root)])
        assert out.exit_code == 1
        outputs.append(out.output)
    assert caches[0] is not None and caches[0].hits > 50 and caches[1] is None
    assert outputs[0] == outputs[1] and "error" in outputs[0]
