"""A long session's GM page in parts (``generator.render.session_parts``).

One session log of a few hundred watches past ``PART_WATCHES`` (bench/synthetic.py's
``entries``): the GM's session page lists its parts, each part holds whole days and the
blocks of its watches, every watch is on exactly one part, and every link of these pages
(the parts' navigation, the warnings' and rulings' links to a watch) reaches a page and an
anchor that exist. The players' page of the same session is not split.
"""

from __future__ import annotations

import importlib.util
import posixpath
import re
from pathlib import Path

import pytest

from generator.audience import Audience
from generator.content.loader import load_campaign
from generator.knowledge import view_for
from generator.knowledge.views import GMSessionView
from generator.render.pages import DocsTree, render_docs, session_path
from generator.render.session_parts import PART_WATCHES, session_parts
from generator.replay import replay
from generator.serve.memo import BuildCache
from generator.site import write_docs

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r"\]\(([^)\s]+)\)")
ANCHOR = re.compile(r'id="([^"]+)"|\{ #([\w-]+) \}')


@pytest.fixture(scope="module")
def long_session(tmp_path_factory: pytest.TempPathFactory) -> tuple[object, DocsTree,
                                                                       DocsTree, Path]:
    spec = importlib.util.spec_from_file_location("synthetic", ROOT / "bench" / "synthetic.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    content = tmp_path_factory.mktemp("long") / "content"
    module.write(content, columns=12, rows=10, locations=20, sessions=1, entries=420)
    campaign, diags = load_campaign(content)
    assert campaign is not None and not diags.has_errors(), diags.sorted()
    chronicle, rdiags = replay(campaign)
    assert not rdiags.has_errors()
    gm = view_for(campaign, chronicle, Audience.GM)
    return (gm, render_docs(gm),
            render_docs(view_for(campaign, chronicle, Audience.PLAYERS)), content)


def anchors(text: str) -> set[str]:
    return {a or b for a, b in ANCHOR.findall(text)}


def test_every_watch_is_on_the_part_of_its_days(long_session: tuple) -> None:
    view, tree, *_ = long_session
    session = view.sessions[0]
    assert isinstance(session, GMSessionView)
    assert len(session.watches) > PART_WATCHES
    parts = session_parts(session)
    assert len(parts) >= 2
    assert parts[0].start == 0 and parts[-1].stop == len(session.watches)
    page = tree.files[session_path(session)]
    assert 'id="watch-' not in page
    for before, after in zip(parts, parts[1:], strict=False):
        assert before.stop == after.start
        # whole days: a day never runs over two parts
        assert session.watches[before.stop - 1].day < session.watches[after.start].day
    for part in parts:
        assert part.stop - part.start <= PART_WATCHES
        text = tree.files[part.path]
        assert f"Days {part.first_day}–{part.last_day}" in text
        assert f"]({posixpath.basename(part.path)})" not in text  # no link to itself
        shown = {int(n) for n in re.findall(r'id="watch-(\d+)"', text)}
        assert shown == set(range(part.start + 1, part.stop + 1))
        # the overview lists the part with its days
        assert f"[Days {part.first_day}–{part.last_day}]" in page


def test_every_link_of_the_parts_reaches_its_page_and_anchor(long_session: tuple) -> None:
    view, tree, *_ = long_session
    session = view.sessions[0]
    pages = [session_path(session)] + [p.path for p in session_parts(session)]
    watch_links = 0
    for path in pages:
        for target in LINK.findall(tree.files[path]):
            if target.startswith(("http", "mailto:")):
                continue
            file, _, anchor = target.partition("#")
            resolved = (posixpath.normpath(posixpath.join(posixpath.dirname(path), file))
                        if file else path)
            assert resolved in tree.files, (path, target)
            if anchor:
                assert anchor in anchors(tree.files[resolved]), (path, target)
            watch_links += anchor.startswith("watch-")
    # the overview's warnings point into the parts
    assert watch_links > 0


def test_the_players_page_of_a_long_session_is_one_page(long_session: tuple) -> None:
    view, gm_tree, players, _ = long_session
    session = view.sessions[0]
    folder = session_path(session).removesuffix(".md") + "/"
    assert any(path.startswith(folder) for path in gm_tree.files)
    assert not any(path.startswith(folder) for path in players.files)
    assert session_path(session) in players.files


def files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_parts_kept_by_serve_are_the_parts_drawn_anew(long_session: tuple,
                                                           tmp_path: Path) -> None:
    """Under ``hexcrawl serve`` the pages are kept between builds by what they show: a build
    through the memo, and one more taken from it, write the tree a cold build writes."""
    content: Path = long_session[3]
    cache = BuildCache()
    trees = []
    for n, kept in enumerate((cache, cache, None)):
        campaign, _ = load_campaign(content)
        assert campaign is not None
        chronicle, _ = replay(campaign)
        out = tmp_path / f"build-{n}"
        write_docs(campaign, chronicle, Audience.GM, out, tmp_path / "site", cache=kept)
        trees.append(files(out / "gm" / "docs"))
    assert any("/part-2.md" in path for path in trees[0])
    assert trees[0] == trees[1] == trees[2]
