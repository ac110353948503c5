"""Both sites built with real MkDocs (site.py, render/pages.py, templates).

The player site must not hold a single GM secret anywhere (pages, search index, sitemap,
SVG, generated config); the GM site must hold them all. Builds are atomic, docs are written
only when changed, and no page loads anything from another host.
"""

from __future__ import annotations

import gzip
import html
import json
import re
import shutil
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from secret_campaign import (
    PLAYER_FACTS,
    SECRETS,
    load_secret_campaign,
    secret_chronicle,
)

from generator.package_data import BASE_CONFIG
from generator.site import SiteError, build_sites, write_docs

REPO = Path(__file__).resolve().parents[2]
REPO_CONFIG = REPO / "mkdocs.yml"


def files_under(*roots: Path) -> Iterator[Path]:
    for root in roots:
        yield from (p for p in sorted(root.rglob("*")) if p.is_file())


def text_of(path: Path) -> str:
    data = path.read_bytes()
    if path.suffix == ".gz":
        data = gzip.decompress(data)
    return data.decode("utf-8", errors="replace")


def snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in files_under(root)}


class Built:
    def __init__(self, base: Path) -> None:
        self.base = base
        self.warnings: list[str] = json.loads((base / "warnings.json").read_text("utf-8"))
        self.site = base / "site"
        self.build = base / "build"


@pytest.fixture
def built(secret_sites: Path) -> Built:
    """The campaign of secrets with both sites built once per test run (``conftest.py``);
    read only."""
    return Built(secret_sites)


def test_player_site_holds_no_secret(built: Built) -> None:
    checked: list[str] = []
    for path in files_under(built.site / "players", built.build / "players"):
        text = text_of(path)
        checked.append(path.name)
        for secret in SECRETS:
            assert secret not in text, f"{secret} leaked into {path}"
    for name in ("search_index.json", "sitemap.xml", "sitemap.xml.gz", "overview.svg",
                 "mkdocs.yml", "index.html"):
        assert name in checked, name


def test_gm_site_holds_every_secret(built: Built) -> None:
    text = "\n".join(text_of(p) for p in files_under(built.site / "gm"))
    for secret in SECRETS:
        assert secret in text, secret
    search = text_of(built.site / "gm" / "search" / "search_index.json")
    assert "SECRET-HEX-GM" in search


def test_player_site_shows_what_the_party_knows(built: Built) -> None:
    text = "\n".join(html.unescape(text_of(p)) for p in files_under(built.site / "players")
                     if p.suffix == ".html")
    for fact in PLAYER_FACTS:
        assert fact in text, fact
    assert (built.site / "players" / "locations" / "thornfold-mill" / "index.html").is_file()
    assert not (built.site / "players" / "locations" / "hidden-shrine").exists()
    assert not (built.site / "players" / "locations" / "gm-lair").exists()
    assert not (built.site / "players" / "hex-key").exists()


def test_mkdocs_reports_no_warnings(built: Built) -> None:
    assert built.warnings == []


def test_gm_blocks_render_as_styled_admonitions(built: Built) -> None:
    page = text_of(built.site / "gm" / "locations" / "thornfold-mill" / "index.html")
    assert 'class="admonition gm"' in page
    assert '<details class="gm"' in page
    css = text_of(built.site / "gm" / "assets" / "hexcrawl.css")
    assert ".md-typeset .admonition.gm" in css


def test_gm_session_page_lists_every_roll(built: Built) -> None:
    page = html.unescape(text_of(built.site / "gm" / "sessions" / "01-along-the-kings-road"
                                 / "index.html"))
    for text in ("Navigation", "1d20", "Survival +3 vs DC 12", "at the table", "seeded",
                 "Veer", "1d10", "SECRET-ENCOUNTER", "SECRET-WARNING", "0403", "0302"):
        assert text in page, text
    assert page.count("<svg") >= 1     # the route map


def test_no_page_loads_from_another_host(built: Built) -> None:
    remote = re.compile(r"""<(?:script[^>]*\ssrc|link[^>]*\shref)\s*=\s*["']?(?:https?:)?//""",
                        re.I)
    for path in files_under(built.site):
        if path.suffix not in (".html", ".css", ".js"):
            continue
        text = text_of(path)
        assert not remote.search(text), path
        assert "fonts.googleapis" not in text and "fonts.gstatic" not in text, path
        assert "@import url(http" not in text, path


def _targets(page: Path, site: Path) -> Iterator[tuple[str, Path, str]]:
    text = text_of(page)
    for href in re.findall(r'(?:\shref|xlink:href)="([^"]+)"', text):
        if re.match(r"^(?:[a-z]+:|/|#|data:)", href):
            continue
        target, _, anchor = href.partition("#")
        resolved = (page.parent / target).resolve()
        if resolved.is_dir() or target.endswith("/") or target == "":
            resolved = resolved / "index.html" if target else page
        yield href, resolved, anchor


def test_every_internal_link_resolves_within_its_site(built: Built) -> None:
    for audience in ("players", "gm"):
        site = built.site / audience
        for page in files_under(site):
            if page.suffix != ".html" or page.name == "404.html":
                continue
            for href, target, anchor in _targets(page, site):
                assert target.is_file(), f"{page}: broken link {href}"
                # no page links out of its own site (a player page never into the GM site)
                assert site.resolve() in target.parents, f"{page}: {href} leaves the site"
                if anchor.startswith("hex-") and target.suffix == ".html":
                    assert f'id="{anchor}"' in text_of(target), f"{page}: {href}"


def test_generated_config(built: Built) -> None:
    path = built.build / "players" / "mkdocs.yml"
    config: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert Path(config["INHERIT"]) == BASE_CONFIG.resolve()
    # the repository's own settings are carried over, read safely
    assert config["copyright"] == yaml.safe_load(REPO_CONFIG.read_text("utf-8"))["copyright"]
    assert config["site_name"] == "Test Marches"
    assert config["docs_dir"] == "docs"
    assert (path.parent / config["site_dir"]).resolve() == (built.site / "players").resolve()
    assert config["theme"]["name"] == "material"
    assert config["theme"]["font"] is False
    assert config["theme"]["language"] == "en"
    assert "navigation.prune" in config["theme"]["features"]
    assert config["plugins"] == ["search"]
    names = [e if isinstance(e, str) else next(iter(e)) for e in config["markdown_extensions"]]
    for ext in ("admonition", "pymdownx.details", "attr_list", "md_in_html", "tables", "toc"):
        assert ext in names
    titles = [next(iter(item)) for item in config["nav"]]
    assert titles == ["Home", "Map", "Sessions", "Party", "Timeline", "Locations", "Tables",
                      "Rules reference"]
    gm = yaml.safe_load((built.build / "gm" / "mkdocs.yml").read_text(encoding="utf-8"))
    assert [next(iter(item)) for item in gm["nav"]] == [
        "Home", "Map", "Sessions", "Party", "Timeline", "Locations", "Hex key", "Tables",
        "Rules reference"]


def test_writing_docs_twice_rewrites_nothing(tmp_path: Path) -> None:
    campaign = load_secret_campaign(tmp_path / "c")
    chronicle = secret_chronicle()
    first = write_docs(campaign, chronicle, "gm", tmp_path / "build", tmp_path / "site",
                       REPO_CONFIG)
    assert "index.md" in first.written and "mkdocs.yml" in first.written
    before = {p: p.stat().st_mtime_ns for p in files_under(tmp_path / "build")}
    second = write_docs(campaign, chronicle, "gm", tmp_path / "build", tmp_path / "site",
                        REPO_CONFIG)
    assert second.written == [] and second.removed == []
    after = {p: p.stat().st_mtime_ns for p in files_under(tmp_path / "build")}
    assert before == after


def test_stale_docs_are_removed(tmp_path: Path) -> None:
    campaign = load_secret_campaign(tmp_path / "c")
    docs = tmp_path / "build" / "players" / "docs"
    (docs / "locations").mkdir(parents=True)
    (docs / "locations" / "old-place.md").write_text("# gone\n", encoding="utf-8")
    (docs / "old-folder").mkdir()
    (docs / "old-folder" / "x.md").write_text("x\n", encoding="utf-8")
    result = write_docs(campaign, secret_chronicle(), "players", tmp_path / "build",
                        tmp_path / "site", REPO_CONFIG)
    assert sorted(result.removed) == ["locations/old-place.md", "old-folder/x.md"]
    assert not (docs / "old-folder").exists()
    assert (docs / "locations" / "thornfold-mill.md").is_file()


def test_docs_only_builds_no_site(tmp_path: Path) -> None:
    campaign = load_secret_campaign(tmp_path / "c")
    report = build_sites(campaign, secret_chronicle(), tmp_path / "site", tmp_path / "build",
                         docs_only=True, repo_config=REPO_CONFIG)
    assert set(report.docs) == {"players", "gm"}
    assert (tmp_path / "build" / "gm" / "docs" / "hex-key" / "index.md").is_file()
    assert not (tmp_path / "site").exists()


FAILING_HOOK = textwrap.dedent("""\
    def on_pre_build(config, **kwargs):
        if config["extra"].get("hexcrawl_audience") == "gm":
            raise RuntimeError("the GM site hook fails on purpose")
    """)


@pytest.mark.parametrize("breakage", ["hook", "theme"])
def test_failed_build_leaves_previous_site_untouched(tmp_path: Path, breakage: str,
                                                    secret_sites: Path) -> None:
    campaign = load_secret_campaign(tmp_path / "c")
    out = tmp_path / "out" / "site"
    # the previous site: this campaign's sites as built before (once per test run)
    shutil.copytree(secret_sites / "site", out, symlinks=True)
    before = {a: snapshot(out / a) for a in ("players", "gm")}
    assert "index.html" in before["players"] and "index.html" in before["gm"]

    if breakage == "hook":
        # the players' site builds, the GM's fails: neither may be replaced
        (campaign.root / "hooks.py").write_text(FAILING_HOOK, encoding="utf-8")
        (campaign.root / "mkdocs.yml").write_text("hooks: [hooks.py]\n", encoding="utf-8")
        message = "the GM site hook fails on purpose"
    else:
        (campaign.root / "overrides").mkdir()
        (campaign.root / "overrides" / "main.html").write_text(
            '{% extends "base.html" %}{% block content %}{{ broken( {% endblock %}',
            encoding="utf-8")
        (campaign.root / "mkdocs.yml").write_text("theme:\n  custom_dir: overrides\n",
                                                  encoding="utf-8")
        message = "MkDocs failed"
    changed = load_secret_campaign(campaign.root, files={
        "sessions/02.yaml": "session: 2\ntitle: A new session\nlog: []\n"})
    with pytest.raises(SiteError, match=message):
        build_sites(changed, secret_chronicle(), out, tmp_path / "build",
                    repo_config=REPO_CONFIG)
    assert {a: snapshot(out / a) for a in ("players", "gm")} == before
    assert sorted(p.name for p in out.parent.iterdir()) == ["site"]   # no leftovers
    assert not list((out / ".hexcrawl").glob("staging-*"))


def test_campaign_template_overrides(tmp_path: Path) -> None:
    campaign = load_secret_campaign(tmp_path / "c", files={
        "templates/home.md": "# {{ site.name }}\n\nWelcome, brave souls of "
                             "{{ view.sessions | length }} sessions.\n"})
    build_sites(campaign, secret_chronicle(), tmp_path / "site", tmp_path / "build",
                audiences=("players",), repo_config=REPO_CONFIG)
    page = text_of(tmp_path / "site" / "players" / "index.html")
    assert "Welcome, brave souls of 1 sessions." in page


def test_russian_campaign(tmp_path: Path) -> None:
    campaign = load_secret_campaign(tmp_path / "c", language="ru")
    report = build_sites(campaign, secret_chronicle(), tmp_path / "site", tmp_path / "build",
                         audiences=("players",), repo_config=REPO_CONFIG)
    assert report.warnings == []
    page = text_of(tmp_path / "site" / "players" / "index.html")
    assert '<html lang="ru"' in page
    assert "Карта" in page and "Где отряд" in page
    config = yaml.safe_load((tmp_path / "build" / "players" / "mkdocs.yml").read_text(
        encoding="utf-8"))
    assert config["theme"]["language"] == "ru"


def test_player_journal_tells_the_believed_story(built: Built) -> None:
    """The players' session page opens with the journal: what the party believed it did,
    was told and met, its own notes; the watch-by-watch list follows, folded."""
    page = html.unescape(text_of(built.site / "players" / "sessions" / "01-along-the-kings-road"
                                 / "index.html"))
    journal = page[page.index('class="hexcrawl-journal"'):page.index("hexcrawl-watches")]
    for told in ("The party travelled north", "Howling far off in the grass",
                 "We saw smoke in the east", "The party rested.", "We rested by the stones",
                 "A shepherd waved from a ridge"):
        assert told in journal, told
    assert "<details" in page and "<summary>Watch by watch</summary>" in page


@pytest.mark.parametrize(("language", "sentences"), [
    ("ru", ("Отряд шёл на север", "Отряд отдохнул.")),
    ("uk", ("Загін ішов на північ", "Загін відпочив.")),
])
def test_player_journal_in_the_campaign_language(tmp_path: Path, language: str,
                                                 sentences: tuple[str, ...]) -> None:
    campaign = load_secret_campaign(tmp_path / "c", language=language)
    write_docs(campaign, secret_chronicle(), "players", tmp_path / "build",
               repo_config=REPO_CONFIG)
    docs = tmp_path / "build" / "players" / "docs"
    page = text_of(docs / "sessions" / "01-along-the-kings-road.md")
    for sentence in sentences:
        assert sentence in page, sentence
    assert "The party" not in page
    for path in files_under(docs):
        text = text_of(path)
        for secret in SECRETS:
            assert secret not in text, f"{secret} leaked into {path}"


def test_builds_without_a_repository_config(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)      # no mkdocs.yml here: the built-in defaults apply
    campaign = load_secret_campaign(tmp_path / "c")
    report = build_sites(campaign, secret_chronicle(), Path("site"), Path("build"),
                         audiences=("players",))
    assert report.warnings == []
    config = yaml.safe_load(Path("build/players/mkdocs.yml").read_text(encoding="utf-8"))
    assert Path(config["INHERIT"]) == BASE_CONFIG.resolve()
    assert Path("site/players/index.html").is_file()
