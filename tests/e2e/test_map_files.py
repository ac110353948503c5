"""Maps reach their pages after Markdown (generator/render/map_files.py, the hook's
on_post_page): the Markdown holds a stand-in per map, the map is a file of the docs tree,
and the built page holds the map inline, as the page had it, out of the search index."""

from __future__ import annotations

import html
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from secret_campaign import SECRETS, load_secret_campaign, secret_chronicle

from generator.knowledge import view_for
from generator.render.map_files import FOLDER, put_maps, stand_in
from generator.render.pages import render_docs
from generator.site import SiteError, write_docs
from generator.site.build import run_mkdocs

REPO = Path(__file__).resolve().parents[2]
REPO_CONFIG = REPO / "mkdocs.yml"
SVG = "{http://www.w3.org/2000/svg}"
FIGURE = re.compile(r'<figure class="hexmap (route|explored)"[^>]*>(.*?)</figure>', re.S)


def test_a_stand_in_names_its_map_by_content_and_is_put_back() -> None:
    files: dict[str, str] = {}
    a = stand_in("<svg>a</svg>", "../../", files)
    again = stand_in("<svg>a</svg>", "../", files)
    b = stand_in("<svg>b</svg>", "", files)
    assert len(files) == 2 and all(p.startswith(f"{FOLDER}/") for p in files)
    assert a.replace("../../", "") == again.replace("../", "") == a.replace("../../", "")
    assert a != b
    page = f"<p>x</p><figure>{a}</figure><figure>{b}</figure>"
    assert put_maps(page, files.__getitem__) == \
        "<p>x</p><figure><svg>a</svg></figure><figure><svg>b</svg></figure>"


@pytest.mark.parametrize("html", [
    '<img class="hexmap-file" src="../secret/0123456789abcdef0123.svg" alt="">',
    f'<img class="hexmap-file" src="../{FOLDER}/../../x/0123456789abcdef0123.svg" alt="">',
    f'<img class="hexmap-file" src="{FOLDER}/0123456789abcdef0123.svg" alt="" onload="x">',
    f'<img class="hexmap-file" src="/etc/{FOLDER}/0123456789abcdef0123.svg" alt="">',
])
def test_only_a_stand_in_as_written_is_replaced(html: str) -> None:
    """What a GM types cannot make the hook read another file: only the stand-in exactly as
    the generator writes it (a content digest in the maps' folder) is replaced."""

    def read(path: str) -> str:
        raise AssertionError(path)

    assert put_maps(html, read) == html


def test_pages_hold_stand_ins_and_the_tree_their_maps(tmp_path: Path) -> None:
    campaign = load_secret_campaign(tmp_path / "c")
    chronicle = secret_chronicle()
    for audience in ("players", "gm"):
        files = render_docs(view_for(campaign, chronicle, audience)).files
        maps = {p for p in files if p.startswith(f"{FOLDER}/")}
        assert maps
        shown: set[str] = set()
        for path, text in files.items():
            if not path.endswith(".md"):
                continue
            for _, held in FIGURE.findall(text):
                assert held.startswith('<img class="hexmap-file"') and "<svg" not in held
            whole = put_maps(text, files.__getitem__)
            for m in re.finditer(r'src="(?:\.\./)*([^"]+\.svg)"', text):
                if m.group(1).startswith(FOLDER):
                    shown.add(m.group(1))
            for _, svg in FIGURE.findall(whole):
                ET.fromstring(svg)  # each stand-in became a whole SVG
        assert shown == maps  # every map file belongs to a page, every page's map is there
        if audience == "players":
            for secret in SECRETS:
                assert all(secret not in files[p] for p in maps), secret


@pytest.fixture
def built(secret_sites: Path) -> Path:
    """The campaign of secrets with both sites built once per test run (``conftest.py``);
    read only."""
    return secret_sites


def test_built_pages_hold_their_maps_inline(built: Path) -> None:
    for audience in ("players", "gm"):
        docs = built / "build" / audience / "docs"
        site = built / "site" / audience
        figures = 0
        for md in (docs / "sessions").glob("*.md"):
            if md.name == "index.md":
                continue
            page = (site / "sessions" / md.stem / "index.html").read_text("utf-8")
            assert "hexmap-file" not in page
            expected = put_maps(md.read_text("utf-8"),
                                lambda p: (docs / p).read_text("utf-8"))  # noqa: B023
            want = FIGURE.findall(expected)
            got = FIGURE.findall(page)
            assert got == want and got
            figures += len(got)
            assert all(svg.startswith("<svg") for _, svg in got)
        kinds = {kind for kind in ("route", "explored")
                 if any(f'hexmap {kind}"' in p.read_text("utf-8")
                        for p in (site / "sessions").rglob("index.html"))}
        assert kinds == ({"route", "explored"} if audience == "gm" else {"route"})
        overview = (site / "map" / "index.html").read_text("utf-8")
        assert "hexmap-file" not in overview
        assert re.search(r'<div class="hexmap hexmap-wide"[^>]*><svg', overview)


def test_the_maps_stay_out_of_the_search_index(built: Path) -> None:
    """The hexes' tooltips of the overview (``<title>`` in the SVG) are in the built map
    page and not in what the search plugin indexed of it."""
    site = built / "site" / "gm"
    page = html.unescape((site / "map" / "index.html").read_text("utf-8"))
    overview = ET.parse(built / "build" / "gm" / "docs" / "maps" / "overview.svg")
    titles = [t.text for t in overview.iter(f"{SVG}title") if t.text and " · " in t.text]
    assert titles and all(t in page for t in titles)
    index = json.loads((site / "search" / "search_index.json").read_text("utf-8"))
    text = " ".join(d["text"] for d in index["docs"] if d["location"].startswith("map/"))
    assert "<svg" not in text
    assert not [t for t in titles if t in text]


def test_a_missing_map_fails_the_build_naming_the_page(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEXCRAWL_HOOK", "off")  # MkDocs alone on the tree as it is
    campaign = load_secret_campaign(tmp_path / "c")
    docs = write_docs(campaign, secret_chronicle(), "players", tmp_path / "build",
                      tmp_path / "site", REPO_CONFIG)
    session = next(p for p in (docs.docs / "sessions").glob("*.md") if p.name != "index.md")
    found = re.search(rf"{FOLDER}/[0-9a-f]+\.svg", session.read_text("utf-8"))
    assert found is not None
    (docs.docs / found.group(0)).unlink()
    with pytest.raises(SiteError) as caught:
        run_mkdocs(docs.config, tmp_path / "out")
    assert f"sessions/{session.name}" in str(caught.value)
    assert found.group(0) in str(caught.value)
