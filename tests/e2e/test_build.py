"""End to end: `hexcrawl build` on the example campaign with real MkDocs, as CI runs it.

One build of the example campaign is shared by the tests of this module (it is the slow
part); each test reads what a GM or a player would get.
"""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from generator.package_data import BASE_CONFIG

ROOT = Path(__file__).resolve().parents[2]


def hexcrawl(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, check=False, timeout=900)


@pytest.fixture()
def built(example_repo: Path) -> Path:
    """The example campaign and its sites, built once per test process (``conftest.py``);
    read only."""
    return example_repo


def all_text(folder: Path) -> Iterator[tuple[Path, str]]:
    for path in sorted(folder.rglob("*")):
        if path.is_file() and path.suffix in (".html", ".json", ".xml", ".svg", ".md", ".yml",
                                               ".js", ".css", ".txt"):
            yield path, path.read_text("utf-8", errors="replace")


def gm_secrets() -> list[str]:
    """Distinctive GM-only sentences of the example campaign: every `gm:` field, every GM
    block of a location, every gm_only location's name, every GM table's rows."""
    from generator.content.loader import load_campaign
    from generator.content.markdown import default_renderer

    campaign, _ = load_campaign(ROOT / "content")
    assert campaign is not None
    md = default_renderer()
    secrets: list[str] = []
    for info in campaign.hexes.values():
        if info.gm:
            secrets.append(info.gm)
    for region in campaign.regions.values():
        if region.gm:
            secrets.append(region.gm)
    for loc in campaign.locations.values():
        if loc.gm_only:
            secrets.append(loc.name)
        elif md.has_gm(loc.body):
            players = md.prose(loc.body, "players")
            gm = md.prose(loc.body, "gm")
            assert players is not None and gm is not None
            gm_only_lines = set(gm.text.splitlines()) - set(players.text.splitlines())
            secrets.extend(x.strip() for x in gm_only_lines if len(x.strip()) > 30)
    for table in campaign.tables.values():
        if table.audience == "gm":
            secrets.extend(r.result for r in table.rows if len(r.result) > 25)
        secrets.extend(r.gm for r in table.rows if r.gm)
    secrets.extend(r.gm for r in campaign.resources.values() if r.gm)
    secrets.extend(p.gm for p in campaign.paths.values() if p.gm)
    for session in campaign.sessions:
        secrets.extend(e.gm for e in session.log if e.gm)
        # what the party met or chased, as the GM noted it
        secrets.extend(e.encounter.note for e in session.log if e.encounter and e.encounter.note)
        secrets.extend(e.chase.note for e in session.log if e.chase and e.chase.note)
        if session.gm:
            secrets.append(session.gm)
    # what the players were told in play (notes, tells, their own notes on what they did,
    # summaries) is not secret any more
    public = []
    for session in campaign.sessions:
        public += [e.note for e in session.log if e.note] + [session.summary or ""]
        public += [e.tell for e in session.log if e.tell]
        public += [getattr(e, e.action).note for e in session.log
                   if e.action in ("travel", "rest", "camp", "sleep", "search", "reorient")
                   and getattr(e, e.action).note]
    public += [r.tell for t in campaign.tables.values() for r in t.rows if r.tell]
    public_flat = " ".join(" ".join(re.sub(r"[*_`'\"’]", "", x).split()) for x in public)
    # compare on a stable fragment: markdown may re-flow quotes and emphasis
    fragments = []
    for s in secrets:
        words = re.sub(r"[*_`'\"’]", "", s).split()
        if len(words) >= 5 and " ".join(words[:6]) not in public_flat:
            fragments.append(" ".join(words[:6]))
    assert len(fragments) > 20
    return fragments


def test_both_sites_are_built(built: Path) -> None:
    for audience in ("players", "gm"):
        assert (built / "site" / audience / "index.html").is_file()
        assert (built / "build" / audience / "mkdocs.yml").is_file()
        assert (built / "site" / audience / "search" / "search_index.json").is_file()


def flatten(text: str) -> str:
    """Text as a reader sees it, for comparing: tags dropped, character references read
    (twice: the docs tree writes GM-typed text as references), quotes and Markdown marks
    dropped, spaces collapsed."""
    flat = re.sub(r"<[^>]+>", " ", html.unescape(html.unescape(text)))
    flat = re.sub(r"<[^>]+>", " ", flat)
    flat = re.sub(r"[*_`'\"’]", "", flat)
    return " ".join(flat.split())


def test_no_gm_only_text_reaches_any_player_file(built: Path) -> None:
    fragments = gm_secrets()
    leaks = []
    for folder in (built / "site" / "players", built / "build" / "players"):
        for path, text in all_text(folder):
            flat = flatten(text)
            leaks += [(path.name, f) for f in fragments if f in flat]
    assert leaks == []


def test_the_gm_site_has_the_secrets(built: Path) -> None:
    fragments = gm_secrets()
    corpus = []
    for _, text in all_text(built / "site" / "gm"):
        corpus.append(flatten(text))
    everything = "\n".join(corpus)
    missing = [f for f in fragments if f not in everything]
    assert missing == []


def test_players_see_only_discovered_locations(built: Path) -> None:
    from generator.content.loader import load_campaign
    from generator.replay import replay

    campaign, _ = load_campaign(ROOT / "content")
    assert campaign is not None
    chronicle, _ = replay(campaign)
    pages = {p.parent.name for p in (built / "site" / "players" / "locations").glob("*/index.html")}
    expected = {lid for lid in chronicle.discovered if not campaign.locations[lid].gm_only}
    assert pages == expected
    gm_pages = {p.parent.name for p in (built / "site" / "gm" / "locations").glob("*/index.html")}
    assert gm_pages == set(campaign.locations)
    assert len(pages) < len(gm_pages)


def test_the_generated_config_inherits_the_repository(built: Path) -> None:
    config = yaml.safe_load((built / "build" / "gm" / "mkdocs.yml").read_text("utf-8"))
    assert Path(config["INHERIT"]) == BASE_CONFIG.resolve()
    assert config["copyright"] == yaml.safe_load((built / "mkdocs.yml").read_text("utf-8"))[
        "copyright"]
    assert config["extra"]["hexcrawl_repo_config"] == "../../mkdocs.yml"
    assert config["theme"]["font"] is False
    assert config["plugins"] == ["search"]


def test_mkdocs_alone_rebuilds_one_audience(built: Path, tmp_path: Path) -> None:
    """`mkdocs build -f build/gm/mkdocs.yml` works on the generated tree (through the hook,
    which regenerates docs from the content and rewrites nothing that did not change)."""
    docs = built / "build" / "gm" / "docs"
    before = {p: p.stat().st_mtime_ns for p in docs.rglob("*") if p.is_file()}
    out = tmp_path / "mk-alone"  # the shared example stays as built
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f",
                             "build/gm/mkdocs.yml", "-d", str(out)], cwd=built, env=env,
                            capture_output=True, text=True, check=False, timeout=600)
    assert result.returncode == 0, result.stderr
    assert (out / "index.html").is_file()
    after = {p: p.stat().st_mtime_ns for p in docs.rglob("*") if p.is_file()}
    assert after == before
    # complete pages: the hook put every page's maps in, as hexcrawl build does
    sessions = sorted((out / "sessions").glob("*/index.html"))
    assert sessions
    for page in sessions:
        held = page.read_text("utf-8")
        assert "hexmap-file" not in held
        assert held == (built / "site" / "gm" / page.relative_to(out)).read_text("utf-8")


def test_the_hook_regenerates_changed_pages_only(example_repo: Path, tmp_path: Path) -> None:
    """A content edit seen by `mkdocs serve` (through the hook) rewrites just what changed."""
    built = tmp_path / "repo"
    shutil.copytree(example_repo, built, symlinks=True)
    docs = built / "build" / "gm" / "docs"
    session = next((built / "content" / "sessions").glob("01*.yaml"))
    original = session.read_text("utf-8")
    before = {p.relative_to(docs).as_posix(): p.stat().st_mtime_ns
              for p in docs.rglob("*") if p.is_file()}
    try:
        session.write_text(original.replace("title: ", "title: Edited ", 1), "utf-8")
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f",
                                 "build/gm/mkdocs.yml", "-d", str(built / "mk-hook")],
                                cwd=built, env=env, capture_output=True, text=True,
                                check=False, timeout=600)
        assert result.returncode == 0, result.stderr
        after = {p.relative_to(docs).as_posix(): p.stat().st_mtime_ns
                 for p in docs.rglob("*") if p.is_file()}
        changed = {p for p in after if before.get(p) != after[p]}
        assert changed, "the edit regenerated nothing"
        assert any(p.startswith("sessions/") for p in changed)
        assert len(changed) < len(after) / 2
        assert "Edited" in "".join((built / "mk-hook" / "sessions").rglob("*.html").__next__()
                                   .read_text("utf-8") for _ in [0])
    finally:
        session.write_text(original, "utf-8")


def test_bad_input_leaves_the_previous_site_untouched(built: Path, tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    shutil.copytree(built / "content", repo / "content")
    shutil.copy(built / "mkdocs.yml", repo / "mkdocs.yml")
    shutil.copytree(built / "site", repo / "site")
    snapshot = {p.relative_to(repo / "site"): p.read_bytes()
                for p in (repo / "site").rglob("*") if p.is_file()}
    location = next((repo / "content" / "locations").glob("*.md"))
    location.write_text(location.read_text("utf-8").replace("hex: ", "hex: 9999 #", 1), "utf-8")
    result = hexcrawl("build", cwd=repo)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert re.search(rf"{re.escape(location.name)}:\d+:\d+: error: ", result.stderr)
    after = {p.relative_to(repo / "site"): p.read_bytes()
             for p in (repo / "site").rglob("*") if p.is_file()}
    assert after == snapshot
    assert sorted(x.name for x in repo.iterdir()) == ["content", "mkdocs.yml", "site"]


def test_docs_only_stops_before_mkdocs(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    shutil.copytree(ROOT / "content", repo / "content")
    result = hexcrawl("build", "--docs-only", "--audience", "players", cwd=repo)
    assert result.returncode == 0, result.stderr
    assert (repo / "build" / "players" / "docs" / "index.md").is_file()
    assert not (repo / "build" / "gm").exists()
    assert not (repo / "site").exists()


def test_no_page_loads_anything_from_another_host(built: Path) -> None:
    offenders = []
    for audience in ("players", "gm"):
        for path in (built / "site" / audience).rglob("*.html"):
            text = path.read_text("utf-8")
            for m in re.finditer(r'<(?:script|link|img|iframe)[^>]+(?:src|href)="(https?:)?//',
                                 text):
                offenders.append((path.name, m.group(0)))
            if "fonts.googleapis" in text or "fonts.gstatic" in text:
                offenders.append((path.name, "web font"))
    assert offenders == []
