"""What ``hexcrawl serve`` reuses between builds (generator.replay.snapshots, generator.serve.memo).

A small synthetic campaign (bench/synthetic.py: 14 x 12 hexes, 40 locations, 20 sessions) is
edited the way a GM edits one while it is served; every build through the cache must equal
a build from scratch, byte for byte, while reusing what did not change: the replay of the
sessions before the edited one, the GM's pages of those sessions, and the files on disk.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from generator.audience import Audience
from generator.content.campaign import Campaign
from generator.content.loader import load_campaign
from generator.content.yamlpos import load_yaml
from generator.diagnostics import Diagnostics
from generator.knowledge import view_for
from generator.replay import replay
from generator.replay.snapshots import EVERY, RECENT, ReplayCache
from generator.rules.chronicle import Chronicle
from generator.serve.memo import BuildCache
from generator.serve.parsecache import ParseCache
from generator.serve.session import SESSION
from generator.site import write_docs

ROOT = Path(__file__).resolve().parents[2]
SESSIONS = 20


def _synthetic() -> object:
    spec = importlib.util.spec_from_file_location("synthetic", ROOT / "bench" / "synthetic.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    repo = tmp_path_factory.mktemp("synthetic")
    _synthetic().write(repo / "content", columns=14, rows=12,  # type: ignore[attr-defined]
                       locations=40, sessions=SESSIONS)
    shutil.copy(ROOT / "mkdocs.yml", repo / "mkdocs.yml")
    return repo


@pytest.fixture
def repo(pristine: Path, tmp_path: Path) -> Path:
    shutil.copytree(pristine, tmp_path / "repo")
    return tmp_path / "repo"


def load(repo: Path, cache: BuildCache | None = None) -> Campaign:
    campaign, diags = load_campaign(repo / "content",
                                    parse_cache=cache.parsed if cache is not None else None)
    assert campaign is not None, [d.format() for d in diags.items]
    return campaign


def session_file(repo: Path, n: int) -> Path:
    return repo / "content" / "sessions" / f"{n:03d}.yaml"


def add_watch(repo: Path, n: int) -> None:
    """Session ``n`` gets one more travel watch: it and every later session replay
    differently."""
    path = session_file(repo, n)
    path.write_text(path.read_text("utf-8") + "- travel: {heading: S}\n", "utf-8")


def cold(campaign: Campaign) -> tuple[Chronicle, Diagnostics]:
    return replay(campaign)


# ------------------------------------------------------------------------------------------
# the replay


def test_editing_session_n_reuses_the_replay_before_it(repo: Path) -> None:
    cache = ReplayCache()
    first, _ = replay(load(repo), cache)
    assert cache.reused == 0
    assert sorted(cache.snapshots) == sorted({EVERY, *range(SESSIONS - RECENT, SESSIONS + 1)})
    tokens = list(cache.tokens)
    assert len(tokens) == SESSIONS

    edited = SESSIONS - 2
    add_watch(repo, edited)
    campaign = load(repo)
    chronicle, diags = replay(campaign, cache)
    assert cache.unchanged == edited - 1
    assert cache.reused == edited - 1  # a snapshot after each of the last sessions
    assert cache.tokens[:edited - 1] == tokens[:edited - 1]
    assert all(a is not b for a, b in zip(cache.tokens[edited - 1:], tokens[edited - 1:],
                                          strict=True))
    expected, expected_diags = cold(campaign)
    assert chronicle == expected
    assert chronicle.to_json() == expected.to_json()
    assert diags.items == expected_diags.items
    assert chronicle != first


def test_an_early_edit_restarts_from_the_snapshot_before_it(repo: Path) -> None:
    cache = ReplayCache()
    replay(load(repo), cache)
    add_watch(repo, 3)
    campaign = load(repo)
    chronicle, diags = replay(campaign, cache)
    assert (cache.unchanged, cache.reused) == (2, 0)
    assert (chronicle, diags.items) == (cold(campaign)[0], cold(campaign)[1].items)
    # the snapshots after the edit were dropped, the new ones taken
    assert sorted(cache.snapshots) == sorted({EVERY, *range(SESSIONS - RECENT, SESSIONS + 1)})


def test_an_edit_replays_from_the_snapshot_before_it_and_equals_a_cold_replay(
        repo: Path) -> None:
    """A note in an early session, then one in a late session, then a watch more: each
    replay starts from the last snapshot before the edited session and its result is a cold
    replay's."""
    def check(campaign: Campaign, chronicle: Chronicle, diags: Diagnostics) -> None:
        expected, expected_diags = cold(campaign)
        assert chronicle == expected
        assert chronicle.to_json() == expected.to_json()
        assert diags.items == expected_diags.items

    cache = ReplayCache()
    replay(load(repo), cache)
    add_note(repo, 5)
    campaign = load(repo)
    chronicle, diags = replay(campaign, cache)
    assert (cache.unchanged, cache.reused) == (4, 0)
    assert any(text == "A note that changes no roll"
               for _, text in chronicle.sessions[4].notes)
    check(campaign, chronicle, diags)
    add_note(repo, SESSIONS - 1, "Another")
    campaign = load(repo)
    chronicle, diags = replay(campaign, cache)
    assert (cache.unchanged, cache.reused) == (SESSIONS - 2, SESSIONS - 2)
    check(campaign, chronicle, diags)
    add_watch(repo, 5)
    campaign = load(repo)
    chronicle, diags = replay(campaign, cache)
    assert cache.unchanged == 4
    check(campaign, chronicle, diags)


def test_a_location_body_changes_nothing_the_replay_reads(repo: Path) -> None:
    cache = ReplayCache()
    replay(load(repo), cache)
    tokens, inputs_token = list(cache.tokens), cache.inputs_token
    path = repo / "content" / "locations" / "site-00003.md"
    path.write_text(path.read_text("utf-8") + "\nA new paragraph of lore.\n", "utf-8")
    campaign = load(repo)
    chronicle, _ = replay(campaign, cache)
    assert (cache.unchanged, cache.reused) == (SESSIONS, SESSIONS)
    assert cache.tokens == tokens and cache.inputs_token is inputs_token
    assert chronicle == cold(campaign)[0]


def test_a_change_the_rules_read_replays_everything(repo: Path) -> None:
    cache = ReplayCache()
    replay(load(repo), cache)
    tokens = list(cache.tokens)
    path = repo / "content" / "locations" / "site-00003.md"
    text = path.read_text("utf-8")
    path.write_text(text.replace("visibility: normal", "visibility: hidden", 1)
                    .replace("visibility: visible", "visibility: normal", 1), "utf-8")
    campaign = load(repo)
    chronicle, _ = replay(campaign, cache)
    assert (cache.unchanged, cache.reused) == (0, 0)
    assert not any(a is b for a, b in zip(cache.tokens, tokens, strict=True))
    assert chronicle == cold(campaign)[0]


# ------------------------------------------------------------------------------------------
# the parse cache


def test_a_load_through_the_parse_cache_is_a_cold_load(repo: Path) -> None:
    """Files whose text did not change are not parsed again; an edited one is; the campaign
    and the messages are those of a load from scratch."""
    cache = ParseCache()
    first, _ = load_campaign(repo / "content", parse_cache=cache)
    files = cache.misses
    assert files > SESSIONS + 40 and cache.hits == 0
    assert cache.validations >= files
    add_watch(repo, 5)
    campaign, diags = load_campaign(repo / "content", parse_cache=cache)
    assert (cache.hits, cache.misses) == (files - 1, 1)
    assert cache.validations == 1  # only the edited session file is validated again
    expected, expected_diags = load_campaign(repo / "content")
    assert campaign == expected and campaign != first
    assert diags.items == expected_diags.items
    # a removed file leaves the cache at the end of the next load
    session_file(repo, SESSIONS).unlink()
    load_campaign(repo / "content", parse_cache=cache)
    assert len(cache.entries) == files - 1


def test_messages_keep_their_positions_through_the_parse_cache(repo: Path) -> None:
    """A file with errors gets the same messages, at the same line and column, from the
    cache as from a fresh parse; fixing it is seen at once."""
    cache = ParseCache()
    path = session_file(repo, 4)
    good = path.read_text("utf-8")
    path.write_text(good + "log: []\n", "utf-8")  # a duplicate key
    location = repo / "content" / "locations" / "site-00002.md"
    lore = location.read_text("utf-8")
    location.write_text(lore.replace("\n---", "\nhex: [unclosed\n---", 1), "utf-8")
    other = repo / "content" / "locations" / "site-00003.md"
    other_lore = other.read_text("utf-8")
    # a schema error (a key no location has), reported by validation, not by the parse
    other.write_text(other_lore.replace("\n---", "\ncolour: red\n---", 1), "utf-8")
    runs = [load_campaign(repo / "content", parse_cache=cache)[1] for _ in range(2)]
    assert cache.validations == 0  # the second load validated nothing again
    fresh = load_campaign(repo / "content")[1]
    assert runs[0].items == runs[1].items == fresh.items
    where = {d.format().split(": error: ")[0] for d in fresh.errors}
    lines = good.count("\n")
    assert any(w.endswith(f"004.yaml:{lines + 1}:1") for w in where), where
    assert any("site-00002.md:" in w for w in where), where
    assert any("site-00003.md:" in d.format() and "colour" in d.format()
               for d in fresh.errors), [d.format() for d in fresh.errors]
    path.write_text(good, "utf-8")
    location.write_text(lore, "utf-8")
    other.write_text(other_lore, "utf-8")
    campaign, diags = load_campaign(repo / "content", parse_cache=cache)
    assert campaign is not None and not diags.has_errors()


def test_what_the_parse_cache_keeps_is_never_handed_out(tmp_path: Path) -> None:
    """Each hit is a copy: a consumer changing the data (the loader makes an empty document
    ``{}``) changes nothing the next load gets."""
    cache = ParseCache()
    diags = Diagnostics()
    text = "a: [1, {b: 2}]\nc: &x {d: [3]}\ne: *x\n"
    first = cache.load_yaml(text, "f.yaml", diags)
    assert first is not None
    first.data["a"][1]["b"] = 99
    first.data["c"]["d"].append(4)
    first.data = {}
    again = cache.load_yaml(text, "f.yaml", diags)
    fresh = load_yaml(text, "f.yaml", Diagnostics())
    assert again is not None and fresh is not None
    assert again == fresh and cache.hits == 1
    assert again.data["c"] is not again.data["e"]  # as a fresh parse builds them
    empty = cache.load_yaml("", "g.yaml", diags)
    assert empty is not None and empty.data is None
    empty.data = {}
    again_empty = cache.load_yaml("", "g.yaml", diags)
    assert again_empty is not None and again_empty.data is None


# ------------------------------------------------------------------------------------------
# the overview's placement, kept


@pytest.mark.parametrize("audience", ["gm", "players"])
def test_the_overview_placed_from_the_memo_is_the_overview_placed_anew(
        repo: Path, audience: Audience) -> None:
    """The overview takes its placement of names and markers from the memo only while
    everything the placement reads is the same: an edit that changes none of it (a note)
    places nothing again; a renamed location or a moved party places everything again; the
    map is always the one a fresh placement draws."""
    from generator.render import maps

    cache = maps.LayoutCache()

    def overview() -> tuple[str, str]:
        """The overview placed from the cache, and placed anew."""
        campaign = load(repo)
        view = view_for(campaign, replay(campaign)[0], audience)
        return (maps.overview_map(view, layouts=cache, debug=True),
                maps.overview_map(view, debug=True))

    first, _ = overview()
    layouts = dict(cache.layouts)
    assert layouts
    path = session_file(repo, SESSIONS)
    path.write_text(path.read_text("utf-8") + "- note: a note changes no place\n", "utf-8")
    kept, fresh = overview()
    assert kept == fresh == first
    # nothing placed again: the cache holds the very placements it held
    assert cache.layouts == layouts and all(cache.layouts[k] is layouts[k] for k in layouts)

    location = repo / "content" / "locations" / "site-00001.md"
    location.write_text(location.read_text("utf-8").replace(
        "name: Site 1\n", "name: A much longer name for the first site\n"), "utf-8")
    add_watch(repo, SESSIONS)  # the party ends elsewhere
    kept, fresh = overview()
    assert kept == fresh
    if audience == "gm":  # (the players may know neither the site nor where they are)
        assert kept != first and "A much longer name" in kept


# ------------------------------------------------------------------------------------------
# the docs trees


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}


def mtimes(root: Path) -> dict[str, int]:
    return {p.relative_to(root).as_posix(): os.stat(p).st_mtime_ns
            for p in root.rglob("*") if p.is_file()}


@pytest.mark.parametrize("audience", ["gm", "players"])
def test_an_incremental_build_is_a_cold_build(repo: Path, tmp_path: Path,
                                              audience: Audience) -> None:
    cache = BuildCache()
    warm, fresh = tmp_path / "warm", tmp_path / "cold"
    campaign = load(repo, cache)
    chronicle, _ = replay(campaign, cache.replay)
    write_docs(campaign, chronicle, audience, warm, tmp_path / "site", cache=cache)
    before = mtimes(warm / audience)
    found_before = dict(chronicle.discovered)

    add_watch(repo, SESSIONS - 1)
    campaign = load(repo, cache)
    chronicle, _ = replay(campaign, cache.replay)
    result = write_docs(campaign, chronicle, audience, warm, tmp_path / "site", cache=cache)
    memo = cache.pages_of(audience)
    if audience == "gm":
        # the GM's pages of sessions 1..N-2 come from the memo: only N-1 (its own) and N
        # (whose page follows from it) are drawn again
        assert (memo.hits, memo.misses) == (SESSIONS - 2, 2)
    cold_chronicle, _ = replay(campaign)
    write_docs(campaign, cold_chronicle, audience, fresh, tmp_path / "site")
    assert tree(warm / audience) == tree(fresh / audience)

    # only what changed was written; every other file kept its modification time
    after = mtimes(warm / audience)
    touched = {rel for rel in after if after[rel] != before.get(rel)}
    assert touched == {f"docs/{rel}" if rel != "mkdocs.yml" else rel for rel in result.written}
    assert f"docs/sessions/{SESSIONS - 1:02d}-session-{SESSIONS - 1}.md" in touched
    assert not any(rel.startswith(f"docs/sessions/{n:02d}-") for rel in touched
                   for n in range(1, SESSIONS - 2))
    # a location's page is written again only when the extra watch changed its finding
    changed = {lid for lid in set(found_before) | set(cold_chronicle.discovered)
               if found_before.get(lid) != cold_chronicle.discovered.get(lid)}
    assert {rel for rel in touched if rel.startswith("docs/locations/site-")} <= {
        f"docs/locations/{lid}.md" for lid in changed}


def add_note(repo: Path, n: int, note: str = "A note that changes no roll") -> None:
    path = session_file(repo, n)
    path.write_text(path.read_text("utf-8") + f"- note: {note}\n", "utf-8")


@pytest.mark.parametrize("edit", ["note", "watch"])
def test_an_edit_in_the_middle_redraws_only_the_sessions_it_changes(
        repo: Path, tmp_path: Path, edit: str) -> None:
    """A session's GM page is kept by value (its own view, the tracks before it, its
    neighbours' titles), not by the chain of every earlier session: a note in the middle
    session redraws that session alone; a watch more, which changes where the party is and
    so every later session, redraws them all. Each time the tree is a cold build's."""
    cache = BuildCache()
    warm, fresh = tmp_path / "warm", tmp_path / "cold"
    middle = SESSIONS // 2

    def build() -> list[str]:
        campaign = load(repo, cache)
        chronicle, _ = replay(campaign, cache.replay)
        return write_docs(campaign, chronicle, "gm", warm, tmp_path / "site",
                          cache=cache).written

    build()
    original = session_file(repo, middle).read_text("utf-8")
    (add_note if edit == "note" else add_watch)(repo, middle)
    written = build()
    memo = cache.pages_of("gm")
    sessions = {rel for rel in written if rel.startswith("sessions/") and "index" not in rel}
    if edit == "note":
        assert (memo.hits, memo.misses) == (SESSIONS - 1, 1)
        assert sessions == {f"sessions/{middle:02d}-session-{middle}.md"}
    else:
        assert (memo.hits, memo.misses) == (middle - 1, SESSIONS - middle + 1)
        assert len(sessions) > 1
    campaign = load(repo)
    write_docs(campaign, replay(campaign)[0], "gm", fresh, tmp_path / "site")
    assert tree(warm / "gm") == tree(fresh / "gm")
    # and back as it was: the tree is the cold build's again
    session_file(repo, middle).write_text(original, "utf-8")
    build()
    shutil.rmtree(fresh)
    campaign = load(repo)
    write_docs(campaign, replay(campaign)[0], "gm", fresh, tmp_path / "site")
    assert tree(warm / "gm") == tree(fresh / "gm")


def test_location_and_region_pages_are_drawn_only_when_what_they_show_changed(
        repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A location's page is kept by its view and its finding session's title, a region's by
    its hexes' views (visits included), both while the campaign's inputs are unchanged: a
    location's new paragraph redraws that page alone; a watch more (visits change, maybe a
    find) redraws the region. The tree is a cold build's each time."""
    from generator.render import pages

    drawn: list[str] = []
    render = pages._Renderer.render

    def counting(self: object, template: str, path: str, **context: object) -> str:
        drawn.append(template)
        return render(self, template, path, **context)  # type: ignore[arg-type]

    monkeypatch.setattr(pages._Renderer, "render", counting)
    cache = BuildCache()
    warm, fresh = tmp_path / "warm", tmp_path / "cold"

    def build() -> None:
        drawn.clear()
        campaign = load(repo, cache)
        chronicle, _ = replay(campaign, cache.replay)
        write_docs(campaign, chronicle, "gm", warm, tmp_path / "site", cache=cache)
        shutil.rmtree(fresh, ignore_errors=True)
        cold_campaign = load(repo)
        write_docs(cold_campaign, replay(cold_campaign)[0], "gm", fresh, tmp_path / "site")
        assert tree(warm / "gm") == tree(fresh / "gm")

    build()
    assert drawn.count("location.md") == 2 * 40
    location = repo / "content" / "locations" / "site-00003.md"
    location.write_text(location.read_text("utf-8") + "\nA new paragraph of lore.\n", "utf-8")
    build()
    assert drawn.count("location.md") == 1 + 40 and drawn.count("region.md") == 1
    add_watch(repo, SESSIONS)
    build()
    assert drawn.count("region.md") == 2


#: the small pages drawn in every build
ALWAYS = {"home.md", "sessions.md", "party.md", "hex-key.md", "tables.md"}


class Drawn:
    """Counts the templates rendered and the overview maps drawn in each build."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from generator.render import maps, pages

        self.templates: list[str] = []
        self.overviews = 0
        render, overview_map = pages._Renderer.render, maps.overview_map

        def counting(renderer: object, template: str, path: str, **context: object) -> str:
            self.templates.append(template)
            return render(renderer, template, path, **context)  # type: ignore[arg-type]

        def overview(*args: object, **kwargs: object) -> str:
            self.overviews += 1
            return overview_map(*args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(pages._Renderer, "render", counting)
        monkeypatch.setattr(maps, "overview_map", overview)
        monkeypatch.setenv("HEXCRAWL_JOBS", "1")  # every page drawn here, where it counts

    def clear(self) -> None:
        self.templates.clear()
        self.overviews = 0


def build_warm_and_cold(repo: Path, tmp_path: Path, cache: BuildCache, audience: Audience,
                        drawn: Drawn) -> list[str]:
    """One build through ``cache`` and one from scratch, their trees compared; what the
    first drew is left in ``drawn``."""
    warm, fresh = tmp_path / "warm", tmp_path / "cold"
    drawn.clear()
    campaign = load(repo, cache)
    chronicle, _ = replay(campaign, cache.replay)
    written = write_docs(campaign, chronicle, audience, warm, tmp_path / "site",
                         cache=cache).written
    templates, overviews = list(drawn.templates), drawn.overviews
    shutil.rmtree(fresh, ignore_errors=True)
    cold_campaign = load(repo)
    write_docs(cold_campaign, replay(cold_campaign)[0], audience, fresh, tmp_path / "site")
    assert tree(warm / audience) == tree(fresh / audience)
    drawn.templates[:], drawn.overviews = templates, overviews
    return written


@pytest.mark.parametrize("audience", ["gm", "players"])
def test_the_maps_and_lists_are_drawn_only_when_what_they_show_changed(
        repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        audience: Audience) -> None:
    """The overview map and the map, timeline and location index pages are kept by what
    they show; so is a players' session page, by its session and the map as the party knows
    it. A note in the last session (nothing on the map moves) redraws the timeline's page of
    its day and that session's page alone; a location's new paragraph redraws its own page
    alone (and the small pages drawn every time); a watch more in the middle session (the
    party walks elsewhere, the map it knows changes) redraws the maps, and the players'
    session pages with them. The tree is a cold build's each time."""
    drawn = Drawn(monkeypatch)
    cache = BuildCache()
    build_warm_and_cold(repo, tmp_path, cache, audience, drawn)
    page = "session-gm.md" if audience == "gm" else "session.md"
    assert drawn.overviews == 1 and drawn.templates.count(page) == SESSIONS

    add_note(repo, SESSIONS, "A note on the map of nothing")
    written = build_warm_and_cold(repo, tmp_path, cache, audience, drawn)
    assert drawn.overviews == 0
    assert drawn.templates.count(page) == 1
    # the note is on the timeline: its 40 days are an index and two pages (days 1-30 and
    # 31-60), and the note's page alone is drawn again
    assert drawn.templates.count("timeline.md") == 1
    assert {rel for rel in written if rel.startswith("timeline")} == {"timeline/days-31-60.md"}
    assert set(drawn.templates) <= ALWAYS | {page, "timeline.md"}

    location = repo / "content" / "locations" / "site-00003.md"
    location.write_text(location.read_text("utf-8") + "\nA new paragraph of lore.\n", "utf-8")
    build_warm_and_cold(repo, tmp_path, cache, audience, drawn)
    # its own page alone (the GM's; the players' when they have found it)
    assert drawn.overviews == 0
    assert set(drawn.templates) <= ALWAYS | {"location.md"}
    assert drawn.templates.count("location.md") <= 1

    def known() -> set[str]:
        campaign = load(repo)
        return set(view_for(campaign, replay(campaign)[0], "players").hexes)

    before = known()
    add_watch(repo, SESSIONS // 2)  # the party walks elsewhere from there on
    assert known() != before
    build_warm_and_cold(repo, tmp_path, cache, audience, drawn)
    assert drawn.overviews == 1 and "map.md" in drawn.templates
    if audience == "players":
        assert drawn.templates.count(page) == SESSIONS


def test_pages_of_a_template_the_campaign_replaces_are_drawn_every_time(
        repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A campaign's own page template may show any part of the view, not only what the
    built-in one shows: with one in ``templates/``, no page is kept between builds (the
    maps, which no template draws, still are)."""
    drawn = Drawn(monkeypatch)
    templates = repo / "content" / "templates"
    templates.mkdir()
    (templates / "locations.md").write_text(
        "# Places\n\nThe party is on day {{ view.now.day }}.\n", "utf-8")
    cache = BuildCache()
    build_warm_and_cold(repo, tmp_path, cache, "players", drawn)
    add_watch(repo, SESSIONS)
    build_warm_and_cold(repo, tmp_path, cache, "players", drawn)
    add_note(repo, SESSIONS)
    build_warm_and_cold(repo, tmp_path, cache, "players", drawn)
    assert drawn.overviews == 0
    assert drawn.templates.count("session.md") == SESSIONS
    assert drawn.templates.count("locations.md") == 1


def test_a_renamed_location_gets_its_new_title_through_the_cache(repo: Path,
                                                                 tmp_path: Path) -> None:
    """Pages whose text is unchanged keep the bytes made of them (their title put into the
    front matter); a page whose heading changed is titled again: the new name reaches the
    page's title, with its characters escaped, as in a build without the cache."""
    cache = BuildCache()
    campaign = load(repo)
    chronicle, _ = replay(campaign, cache.replay)
    write_docs(campaign, chronicle, "gm", tmp_path / "warm", tmp_path / "site", cache=cache)
    location = repo / "content" / "locations" / "site-00001.md"
    location.write_text(location.read_text("utf-8").replace(
        "name: Site 1\n", "name: \"Tom & <Jerry's> {{ x }}\"\n"), "utf-8")
    campaign = load(repo)
    chronicle, _ = replay(campaign, cache.replay)
    write_docs(campaign, chronicle, "gm", tmp_path / "warm", tmp_path / "site", cache=cache)
    page = (tmp_path / "warm" / "gm" / "docs" / "locations" / "site-00001.md").read_text()
    assert page.startswith("---\ntitle: Tom &amp; &lt;Jerry&#x27;s&gt; {{ x }}\n---\n"), page
    write_docs(campaign, replay(campaign)[0], "gm", tmp_path / "cold", tmp_path / "site")
    assert tree(tmp_path / "warm" / "gm") == tree(tmp_path / "cold" / "gm")


def test_a_page_edited_on_disk_is_written_again(repo: Path, tmp_path: Path) -> None:
    """The memo of what was written trusts a file only while its size and time are the ones
    it was written with."""
    cache = BuildCache()
    campaign = load(repo)
    chronicle, _ = replay(campaign, cache.replay)
    write_docs(campaign, chronicle, "gm", tmp_path / "b", tmp_path / "site", cache=cache)
    page = tmp_path / "b" / "gm" / "docs" / "party.md"
    original = page.read_bytes()
    page.write_bytes(b"scribbled over")
    chronicle, _ = replay(campaign, cache.replay)
    result = write_docs(campaign, chronicle, "gm", tmp_path / "b", tmp_path / "site",
                        cache=cache)
    assert result.written == ["party.md"]
    assert page.read_bytes() == original


# ------------------------------------------------------------------------------------------
# MkDocs' dirty builds under serve


SERVE_URL = "http://127.0.0.1:8109/"


def mkdocs_build(config_file: Path, site_dir: Path, *, dirty: bool) -> None:
    """One build as ``hexcrawl serve`` runs it (``mkdocs serve --dirty``: the hook
    regenerates the docs first), or, ``dirty=False``, as a plain full build of the same
    served site."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    config = load_config(config_file=str(config_file), site_dir=str(site_dir))
    config.plugins.on_startup(command="serve", dirty=dirty)
    config.site_url = SERVE_URL
    try:
        build(config, serve_url=SERVE_URL, dirty=dirty)
    finally:
        config.plugins.on_shutdown()


def full_build(config_file: Path, site_dir: Path) -> None:
    shutil.rmtree(site_dir, ignore_errors=True)
    mkdocs_build(config_file, site_dir, dirty=False)
    SESSION.state.dirty = True  # as under serve, for the next dirty build


@pytest.fixture
def serving() -> Iterator[None]:
    yield
    SESSION.state.dirty = False
    SESSION.state.command = None
    SESSION.state.failed = []


@pytest.mark.slow
def test_a_dirty_rebuild_builds_only_changed_pages_and_equals_a_full_build(
        repo: Path, tmp_path: Path, serving: None) -> None:
    import json

    served, full = tmp_path / "served", tmp_path / "full"
    campaign = load(repo)
    cache = SESSION.cache_for(repo / "content")
    chronicle, _ = replay(campaign, cache.replay)
    config = write_docs(campaign, chronicle, "gm", repo / "build", repo / "site",
                        cache=cache).config
    mkdocs_build(config, served, dirty=True)
    before = mtimes(served)
    session = f"sessions/{SESSIONS:02d}-session-{SESSIONS}/index.html"
    route = re.compile(r'<figure class="hexmap route"[^>]*>(<svg.*?</svg>)</figure>', re.S)
    old_route = route.search((served / session).read_text("utf-8"))

    add_watch(repo, SESSIONS)  # the last session: no page lists a new session
    mkdocs_build(config, served, dirty=True)
    after = mtimes(served)
    # the page was built again with its new map in it (the maps go in after Markdown)
    new_route = route.search((served / session).read_text("utf-8"))
    assert old_route is not None and new_route is not None
    assert old_route.group(1) != new_route.group(1)
    html = {rel for rel in after if rel.endswith(".html") and after[rel] != before.get(rel)}
    assert session in html
    assert "locations/site-00001/index.html" not in html
    assert len(html) < 15, sorted(html)  # the session, home, map, party, timeline, ...
    full_build(config, full)
    assert tree(served) == tree(full)

    # a new session: the navigation changes (mkdocs.yml is rewritten during the build, which
    # read the old one), so this build and the one MkDocs then runs for the new mkdocs.yml
    # build every page
    session_file(repo, SESSIONS + 1).write_text(
        f"session: {SESSIONS + 1}\ntitle: One more\nlog:\n- travel: {{heading: N}}\n",
        "utf-8")
    mkdocs_build(config, served, dirty=True)
    mkdocs_build(config, served, dirty=True)
    full_build(config, full)
    assert tree(served) == tree(full)
    index = json.loads((served / "search" / "search_index.json").read_text("utf-8"))
    pages = {d["location"].split("#")[0] for d in index["docs"]}
    assert f"sessions/{SESSIONS:02d}-session-{SESSIONS}/" in pages
    assert f"sessions/{SESSIONS + 1:02d}-one-more/" in pages
    assert "locations/site-00001/" in pages


def test_serve_listens_to_the_campaign_not_to_the_docs_it_writes(repo: Path, tmp_path: Path,
                                                                 serving: None) -> None:
    """Under serve (the hook's on_serve) MkDocs watches the campaign folder and mkdocs.yml,
    not the docs folder the hook itself writes (a second build after every edit); where the
    system tells of changes (inotify) it is told at once, of writes only: the hook reading
    every content file does not set off another build. The process's objects are frozen
    for the cycle collector."""
    import sys
    import time

    from mkdocs.config import load_config
    from mkdocs.livereload import LiveReloadServer

    campaign = load(repo)
    cache = SESSION.cache_for(repo / "content")
    chronicle, _ = replay(campaign, cache.replay)
    config_file = write_docs(campaign, chronicle, "gm", repo / "build", repo / "site",
                             cache=cache).config
    config = load_config(config_file=str(config_file), site_dir=str(tmp_path / "site"))
    server = LiveReloadServer(builder=lambda: None, host="127.0.0.1", port=8132,
                              root=str(tmp_path / "site"))
    # as mkdocs.commands.serve does
    server.watch(config.docs_dir)
    server.watch(config.config_file_path)
    import gc

    server = config.plugins.on_serve(server, config=config, builder=lambda: None)
    # what the first build left is out of the cycle collector's sight (not in this test
    # process past this test)
    frozen = gc.get_freeze_count()
    gc.unfreeze()
    assert frozen > 0
    for item in config.watch:
        server.watch(item)
    watched = set(server._watched_paths)
    assert os.path.abspath(config.docs_dir) not in watched
    assert os.path.abspath(config.config_file_path) in watched
    assert str((repo / "content").resolve()) in {os.path.realpath(p) for p in watched}
    if sys.platform.startswith("linux"):
        assert type(server.observer).__name__ == "ChangesObserver"
    server.observer.start()

    def rebuilds_after(change: Callable[[], object]) -> bool:
        server._want_rebuild = False
        change()
        end = time.monotonic() + 30
        while not server._want_rebuild and time.monotonic() < end:
            time.sleep(0.02)
        return bool(server._want_rebuild)

    try:
        if sys.platform.startswith("linux"):
            from watchdog.observers.inotify_c import InotifyConstants

            # the system is not asked to tell of files opened or read
            masks = [e.get_event_mask_from_filter() for e in server.observer.emitters]
            assert masks and not any(m & (InotifyConstants.IN_OPEN
                                          | InotifyConstants.IN_CLOSE_NOWRITE) for m in masks)
        for path in sorted((repo / "content").rglob("*.yaml")):
            path.read_bytes()
        time.sleep(0.5)
        assert not server._want_rebuild
        assert rebuilds_after(lambda: add_note(repo, 3))
        # a new file, and a file saved the way many editors save (a new file renamed over
        # the old one)
        new = repo / "content" / "sessions" / "099.yaml"
        assert rebuilds_after(lambda: new.write_text("- note: a new session\n", "utf-8"))
        saved = repo / "content" / "sessions" / ".004.yaml.swp"
        saved.write_text(session_file(repo, 4).read_text("utf-8") + "- rest: {}\n", "utf-8")
        time.sleep(0.5)
        assert rebuilds_after(lambda: os.replace(saved, session_file(repo, 4)))
    finally:
        server.observer.stop()
        server.observer.join()


def test_theme_templates_compile_once_per_process_and_again_when_edited(
        tmp_path: Path) -> None:
    """The compiled-template store the hook gives every MkDocs build's Jinja environment:
    a second environment loads a template compiled, and an edited template is compiled
    anew (its source's checksum no longer matches), never served stale."""
    from jinja2 import Environment, FileSystemLoader

    from generator.serve.bytecode import TemplateBytecode

    store = TemplateBytecode()
    (tmp_path / "page.html").write_text("{{ title }} & more", "utf-8")

    def render() -> str:
        env = Environment(loader=FileSystemLoader(tmp_path), bytecode_cache=store)
        return env.get_template("page.html").render(title="Ashford")

    assert render() == "Ashford & more" and store.hits == 0 and len(store.store) == 1
    assert render() == "Ashford & more" and store.hits == 1
    (tmp_path / "page.html").write_text("<h1>{{ title }}</h1>", "utf-8")
    assert render() == "<h1>Ashford</h1>" and store.hits == 1
    assert render() == "<h1>Ashford</h1>" and store.hits == 2


@pytest.mark.slow
def test_a_rebuild_loads_the_theme_compiled(repo: Path, tmp_path: Path,
                                            serving: None) -> None:
    """Under serve, every rebuild after the first takes Material's templates compiled from
    the store (the hook's on_env), and builds the same site as a build that compiles them."""
    campaign = load(repo)
    cache = SESSION.cache_for(repo / "content")
    chronicle, _ = replay(campaign, cache.replay)
    config = write_docs(campaign, chronicle, "gm", repo / "build", repo / "site",
                        cache=cache).config
    mkdocs_build(config, tmp_path / "first", dirty=False)
    hits = SESSION.bytecode.hits
    assert SESSION.bytecode.store
    mkdocs_build(config, tmp_path / "second", dirty=False)
    assert SESSION.bytecode.hits >= hits + 10  # base.html, main.html, partials...
    SESSION.bytecode.store.clear()
    mkdocs_build(config, tmp_path / "compiled", dirty=False)
    assert tree(tmp_path / "second") == tree(tmp_path / "compiled")
