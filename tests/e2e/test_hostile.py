"""Hostile content from a pull request, built with real MkDocs (issue 10, items 2, 5, 6;
issue 12, item 7).

One campaign carries the issue's payloads in every field a GM types: a location named
``Ashford <script>alert(1)</script>``, a session title with ``<svg onload=...>``, a hex name
with ``<img onerror=...>``, a campaign name with ``</title><script>``, ``Tom & Jerry's <Inn>``
and ``{{ 7*7 }}``, raw HTML and ``javascript:`` links in bodies, HTML comments and GM blocks
of every form in every Markdown-bearing field, each holding a distinctive secret. Both sites
are built once. The built HTML is parsed (html.parser): no injected element or attribute
exists anywhere (page body, navigation, ``<title>``, search index, map), every payload shows
as typed, no secret reaches any file of the players' build, and the GM site shows them all,
its GM blocks as styled boxes.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.conftest import made_once

from campaign_factory import LOCATION, SESSION, TABLE, errors, load, write_campaign

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow

CAMPAIGN_NAME = "Tom & Jerry's <Inn> </title><script>alert(1)</script> {{ 7*7 }}"
LOCATION_NAME = "Ashford <script>alert(1)</script>"
CYRILLIC_NAME = "Старая мельница"
SESSION_TITLE = "Into <svg onload=alert(1)> the {{ 7*7 }} [x](javascript:alert(1))"
HEX_NAME = "Meadow <img src=x onerror=alert(1)> & \"quotes\" 'too'"
TABLE_NAME = "Rumours {: onclick=\"alert(1)\" } <b>bold</b>"
MEMBER = "Bram <i>the</i> {{ 7*7 }}"
TAG = "<marquee>tag</marquee>"
RESOURCE = "Kessa's <u>debt</u> | pipe"

#: GM-only text, each in one place; none may reach the players' build.
SECRETS = {
    "SECRET-BODY-GM": "!!! gm block of a location body",
    "SECRET-BODY-NOSPACE": "!!!gm \"x\"",
    "SECRET-BODY-DETAILS": "??? gm",
    "SECRET-BODY-OPEN": "???+ gm",
    "SECRET-BODY-NOTE-GM": "!!! note gm",
    "SECRET-BODY-QUOTE": "> !!! gm in a block quote",
    "SECRET-BODY-LIST": "!!! gm in a list item",
    "SECRET-BODY-NESTED": "!!! gm inside another admonition",
    "SECRET-BODY-RAW": "raw HTML div of the GM class",
    "SECRET-BODY-COMMENT": "HTML comment in a body",
    "SECRET-BODY-UNCLOSED": "unclosed comment at the end of a body",
    "SECRET-NOTE-GM": "!!! gm in a session note",
    "SECRET-NOTE-COMMENT": "comment in a session note",
    "SECRET-SUMMARY-COMMENT": "comment in a session summary",
    "SECRET-HEX-COMMENT": "comment in an explored hex's description",
    "SECRET-ROW-COMMENT": "comment in a players' table row",
    "SECRET-TABLE-DESC-GM": "GM block in a players' table description",
    "SECRET-CAMPAIGN-GM": "GM block in the campaign description",
    "SECRET-RESOURCE-COMMENT": "comment in a resource description",
    "SECRET-USE-COMMENT": "comment in a usage note",
}

BODY = textwrap.dedent("""\
    The square has a market cross. Raw HTML: <img src=x onerror=alert(1)> and
    <script>alert("body")</script> and <a href="javascript:alert(1)">a link</a>,
    [another](javascript:alert(1)), <span onclick="alert(1)" style="position:fixed">span</span>
    and a paragraph with attributes{: onclick="alert(1)" } and Jinja {{ 7*7 }}.
    Visible <!-- SECRET-BODY-COMMENT --> text.

    ## Подвал

    !!! gm "Secrets"
        SECRET-BODY-GM

    !!!gm "x"
        SECRET-BODY-NOSPACE

    ??? gm
        SECRET-BODY-DETAILS

    ???+ gm "Open"
        SECRET-BODY-OPEN

    !!! note gm
        SECRET-BODY-NOTE-GM

    > A quote that stays.
    >
    > !!! gm
    >     SECRET-BODY-QUOTE

    - A list item that stays.

        !!! gm
            SECRET-BODY-LIST

    !!! note "For the players"
        A note that stays.

        !!! gm
            SECRET-BODY-NESTED

    <div class="admonition gm"><p>SECRET-BODY-RAW</p></div>

    The end of what players read.
    <!-- SECRET-BODY-UNCLOSED
    """)

SESSION_LOG = textwrap.dedent("""\
    session: 1
    date: 2026-11-03
    title: "{title}"
    summary: "We set out. <!-- SECRET-SUMMARY-COMMENT --> Onwards."
    party: {{members: [Aria, "{member}"]}}
    log:
      - reveal: [ashford, old-mill]
      - note: |
          We saw smoke in the east. <!-- SECRET-NOTE-COMMENT -->

          !!! gm
              SECRET-NOTE-GM
      - travel: {{heading: N}}
        rolls: {{navigation: 15, encounter: [5]}}
      - use: {{resource: debt-of-kessa, by: Aria, note: "Paid <!-- SECRET-USE-COMMENT --> in full"}}
        rolls: {{use: 2}}
      - rest: {{}}
    """)


def campaign_files() -> dict[str, object]:
    ashford = LOCATION.replace("id: thornfold-mill", "id: ashford").replace(
        "name: Thornfold Mill", f'name: "{LOCATION_NAME}"').replace("on: [mere]", "on: []").replace(
        'hex: "0602"', 'hex: "0304"').replace("tags: [settlement, mill]",
                                               f'tags: [settlement, "{TAG}"]')
    ashford = ashford.split("---\n", 2)
    ashford = "---\n" + ashford[1] + "---\n" + BODY
    old_mill = textwrap.dedent(f"""\
        ---
        id: old-mill
        name: {CYRILLIC_NAME}
        hex: "0303"
        ---
        Старая мельница у ручья.
        """)
    rumours = {
        "id": "rumours", "name": TABLE_NAME, "dice": "1d2", "audience": "players",
        "description": "What people say.\n\n!!! gm\n    SECRET-TABLE-DESC-GM\n",
        "rows": [
            {"roll": 1, "result": "Wolves <!-- SECRET-ROW-COMMENT --> howl <b onmouseover="
                                  "alert(1)>loud</b>"},
            {"roll": 2, "result": f"Ask about [{LOCATION_NAME}](javascript:alert(1))"},
        ],
    }
    hexes = textwrap.dedent(f"""\
        legend: {{p: plains, f: forest, h: hills}}
        terrain_rows:
          - pppppppp
          - pppppppp
          - ppppppph
          - ppppppph
          - ppppppph
          - ppppfffh
          - ppppfffh
          - ppppfffh
        "0304":
          terrain: plains
          name: '{HEX_NAME.replace("'", "''")}'
          description: "Tall grass. <!-- SECRET-HEX-COMMENT --> A milestone."
        """)
    return {
        "locations/thornfold-mill.md": None,
        "locations/ashford.md": ashford,
        "locations/old-mill.md": old_mill,
        "tables/thornwood-day.yaml": TABLE,
        "tables/rumours.yaml": rumours,
        "hexes/map.yaml": hexes,
        "sessions/01.yaml": SESSION_LOG.format(title=SESSION_TITLE.replace('"', '\\"'),
                                               member=MEMBER),
    }


OVERRIDES = {
    "name": CAMPAIGN_NAME,
    "description": "A campaign. <!-- SECRET-CAMPAIGN-COMMENT -->\n\n!!! gm\n"
                   "    SECRET-CAMPAIGN-GM\n",
    "party": {"members": [
        {"name": "Aria", "speed": 30, "survival": 3, "con": 1, "knowledge_geography": 5},
        {"name": MEMBER, "speed": 30, "survival": 2, "con": 3}]},
    "resources": {"debt-of-kessa": {
        "die": "d6", "name": RESOURCE, "owner": "Aria",
        "description": "Owed. <!-- SECRET-RESOURCE-COMMENT --> Soon."}},
}


def hexcrawl(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, check=False, timeout=900)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The hostile campaign with both sites built, once per test run however many
    pytest-xdist workers run this module's tests. Tests only read it."""
    def make(repo: Path) -> None:
        write_campaign(repo / "content", files=campaign_files(),  # type: ignore[arg-type]
                       campaign_overrides=OVERRIDES)
        shutil.copy(ROOT / "mkdocs.yml", repo / "mkdocs.yml")
        result = hexcrawl("build", cwd=repo)
        assert result.returncode == 0, result.stderr

    return made_once(tmp_path_factory, "hostile", make)


# -- reading the built HTML ---------------------------------------------------------------


class Page(HTMLParser):
    """Every element of a page (tag, attributes), its text, and the text of some elements."""

    def __init__(self, source: str) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.stack: list[tuple[str, dict[str, str | None], list[str]]] = []
        self.texts: list[tuple[str, dict[str, str | None], str]] = []
        self.data: list[str] = []
        self.feed(source)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))
        if tag not in ("br", "img", "hr", "meta", "link", "input", "source", "path", "use",
                       "rect", "circle", "polygon", "polyline", "line", "stop"):
            self.stack.append((tag, dict(attrs), []))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            name, attrs, parts = self.stack.pop()
            text = "".join(parts)
            self.texts.append((name, attrs, text))
            if self.stack:
                self.stack[-1][2].append(text)
            if name == tag:
                break

    def handle_data(self, data: str) -> None:
        self.data.append(data)
        if self.stack:
            self.stack[-1][2].append(data)

    def text_of(self, tag: str, **attrs: str) -> list[str]:
        """The text of every ``tag`` element with ``attrs`` (without permalink marks)."""
        return [" ".join(t.replace("¶", "").split()) for name, a, t in self.texts
                if name == tag and all(a.get(k) == v for k, v in attrs.items())]


def pages(site: Path) -> Iterator[tuple[Path, str]]:
    for path in sorted(site.rglob("*.html")):
        yield path, path.read_text("utf-8")


#: Elements only a payload (a name, a title) would create; with the text they would hold.
PAYLOAD_ELEMENTS = {"inn": None, "marquee": None, "u": None, "i": "the", "b": "bold"}


def injected(page: Page) -> list[str]:
    """Elements or attributes a payload would have created."""
    bad: list[str] = []
    for tag, attrs in page.elements:
        if tag in PAYLOAD_ELEMENTS and PAYLOAD_ELEMENTS[tag] is None:
            bad.append(tag)
        for name, value in attrs.items():
            if name.startswith("on"):
                bad.append(f"{tag}[{name}]")
            if name in ("href", "src") and value and value.strip().lower().startswith(
                    "javascript:"):
                bad.append(f"{tag}[{name}=javascript]")
    for name, _, text in page.texts:
        if name == "script" and "alert(" in text:
            bad.append("script:alert")
        if PAYLOAD_ELEMENTS.get(name) is not None and text.strip() == PAYLOAD_ELEMENTS[name]:
            bad.append(name)
    return bad


def typed(text: str) -> str:
    return " ".join(text.split())


# -- the tests -----------------------------------------------------------------------------


@pytest.mark.parametrize("audience", ["players", "gm"])
def test_no_payload_becomes_an_element_or_attribute(built: Path, audience: str) -> None:
    found = {}
    for path, source in pages(built / "site" / audience):
        bad = injected(Page(source))
        if bad:
            found[path.relative_to(built / "site" / audience).as_posix()] = bad
    assert found == {}


@pytest.mark.parametrize("audience", ["players", "gm"])
def test_names_show_as_typed_in_titles_headings_links_and_navigation(built: Path,
                                                                     audience: str) -> None:
    site = built / "site" / audience
    home = Page((site / "index.html").read_text("utf-8"))
    assert home.text_of("title") == [typed(CAMPAIGN_NAME)]
    assert typed(CAMPAIGN_NAME) in home.text_of("h1")
    # the header and the navigation show the site name and every page title as typed
    assert typed(CAMPAIGN_NAME) in home.text_of("span", **{"class": "md-ellipsis"})
    nav = [t for t in home.text_of("a") if "Ashford" in t]
    assert typed(LOCATION_NAME) in nav
    location = Page((site / "locations" / "ashford" / "index.html").read_text("utf-8"))
    assert location.text_of("title") == [f"{typed(LOCATION_NAME)} - {typed(CAMPAIGN_NAME)}"]
    assert typed(LOCATION_NAME) in location.text_of("h1")
    index = Page((site / "locations" / "index.html").read_text("utf-8"))
    assert typed(LOCATION_NAME) in index.text_of("a", href="../ashford/") + index.text_of(
        "a", href="ashford/")
    session = next((site / "sessions").glob("01-*/index.html"))
    page = Page(session.read_text("utf-8"))
    assert any(typed(SESSION_TITLE) in h for h in page.text_of("h1"))
    assert any(typed(SESSION_TITLE) in t for t in page.text_of("title"))
    party = Page((site / "party" / "index.html").read_text("utf-8"))
    assert any(typed(MEMBER) in t for t in party.text_of("strong") + party.text_of("td"))
    assert any(typed(RESOURCE) in t for t in party.text_of("h3"))
    tables = Page((site / "tables" / "index.html").read_text("utf-8"))
    assert typed(TABLE_NAME) in tables.text_of("h2")
    sheet = Page((site / "reference" / "tables" / "rumours" / "index.html").read_text("utf-8"))
    assert typed(TABLE_NAME) in sheet.text_of("h1")
    assert typed(TAG) in " ".join(location.data) or audience == "gm"


def test_the_map_shows_the_hex_name_as_typed(built: Path) -> None:
    for audience in ("players", "gm"):
        svg = ET.parse(built / "site" / audience / "maps" / "overview.svg").getroot()
        texts = [" ".join("".join(e.itertext()).split()) for e in svg.iter()
                 if e.tag.endswith(("}text", "}title"))]
        assert any(typed(HEX_NAME) in t for t in texts), (audience, texts[:20])
        for element in svg.iter():
            assert not any(a.startswith("on") for a in element.attrib), element.attrib
            assert not element.tag.endswith("}script")
    players_map = Page((built / "site" / "players" / "map" / "index.html").read_text("utf-8"))
    assert typed(HEX_NAME) in players_map.text_of("h3")


def test_cyrillic_headings_get_readable_anchors(built: Path) -> None:
    for audience in ("players", "gm"):
        page = Page((built / "site" / audience / "locations" / "old-mill" / "index.html")
                    .read_text("utf-8"))
        ids = [a.get("id") for tag, a in page.elements if tag == "h1"]
        assert ids == ["staraia-melnitsa"]
        body = Page((built / "site" / audience / "locations" / "ashford" / "index.html")
                    .read_text("utf-8"))
        assert "podval" in [a.get("id") for tag, a in body.elements if tag == "h2"]


@pytest.mark.parametrize("audience", ["players", "gm"])
def test_the_search_index_holds_text_not_markup(built: Path, audience: str) -> None:
    index = json.loads((built / "site" / audience / "search" / "search_index.json")
                       .read_text("utf-8"))
    titles = []
    for doc in index["docs"]:
        for field in ("title", "text"):
            page = Page(doc[field])   # Material shows both as HTML
            assert injected(page) == [], (doc["location"], field, doc[field])
        titles.append(" ".join(Page(doc["title"]).data))
    assert typed(LOCATION_NAME) in [typed(t) for t in titles]
    assert any(typed(SESSION_TITLE) in typed(t) for t in titles)


def test_jinja_in_content_is_never_evaluated(built: Path) -> None:
    for audience in ("players", "gm"):
        text = " ".join(Page((built / "site" / audience / "index.html")
                             .read_text("utf-8")).data)
        assert "{{ 7*7 }}" in text
        location = " ".join(Page((built / "site" / audience / "locations" / "ashford" /
                                  "index.html").read_text("utf-8")).data)
        assert "Jinja {{ 7*7 }}" in " ".join(location.split())


def flatten(text: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html.unescape(html.unescape(text))).split())


def test_no_secret_reaches_the_players_build(built: Path) -> None:
    leaks = []
    for folder in (built / "site" / "players", built / "build" / "players"):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.suffix in (".html", ".json", ".xml", ".svg", ".md",
                                                   ".yml", ".js", ".txt"):
                flat = flatten(path.read_text("utf-8", errors="replace"))
                leaks += [(path.name, s) for s in [*SECRETS, "SECRET-CAMPAIGN-COMMENT"]
                          if s in flat]
    assert leaks == []


def test_the_gm_site_shows_every_secret_and_its_gm_boxes(built: Path) -> None:
    everything = "\n".join(flatten(p.read_text("utf-8")) for p in
                           (built / "site" / "gm").rglob("*.html"))
    comments = {s for s in SECRETS if "COMMENT" in s or "UNCLOSED" in s}
    for secret in set(SECRETS) - comments:
        assert secret in everything, secret
    page = Page((built / "site" / "gm" / "locations" / "ashford" / "index.html")
                .read_text("utf-8"))
    boxes = [a.get("class", "") or "" for tag, a in page.elements
             if "gm" in (a.get("class") or "").split()]
    assert sum("admonition" in c.split() for c in boxes) >= 6
    assert sum(tag == "details" and "gm" in (a.get("class") or "").split()
               for tag, a in page.elements) == 2


def test_what_players_may_read_stays(built: Path) -> None:
    page = Page((built / "site" / "players" / "locations" / "ashford" / "index.html")
                .read_text("utf-8"))
    text = typed(" ".join(page.data))
    for kept in ("The square has a market cross.", "Visible text.", "A quote that stays.",
                 "A list item that stays.", "A note that stays.",
                 "The end of what players read.", "an", "span"):
        assert kept in text, kept
    classes = [a.get("class") for tag, a in page.elements if tag == "div"]
    assert "admonition note" in classes
    session = next((built / "site" / "players" / "sessions").glob("01-*/index.html"))
    text = typed(" ".join(Page(session.read_text("utf-8")).data))
    assert "We saw smoke in the east." in text and "We set out. Onwards." in text


# -- the last line of defence ----------------------------------------------------------------


def test_a_gm_box_in_the_players_build_fails_it(built: Path, tmp_path: Path) -> None:
    # the module's campaign with both sites as its build left them (the sites' links kept as
    # links), so the failing build below has a good players' site to keep
    repo = tmp_path / "repo"
    shutil.copytree(built, repo, symlinks=True)
    assert (repo / "site" / "players").is_symlink()
    before = {p.relative_to(repo / "site" / "players"): p.read_bytes()
              for p in (repo / "site" / "players").rglob("*") if p.is_file()}
    # a template override (trusted, but mistaken) writes a GM box into the players' home
    home = (ROOT / "site_templates" / "pages" / "home.md").read_text("utf-8")
    (repo / "content" / "templates").mkdir()
    (repo / "content" / "templates" / "home.md").write_text(
        home + '\n<div class="admonition gm"><p>GM-OVERRIDE-SECRET</p></div>\n', "utf-8")
    result = hexcrawl("build", cwd=repo)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "players' site: index.html holds a GM box" in result.stderr
    after = {p.relative_to(repo / "site" / "players"): p.read_bytes()
             for p in (repo / "site" / "players").rglob("*") if p.is_file()}
    assert after == before


# -- names ---------------------------------------------------------------------------------


@pytest.mark.parametrize("rel, text, needle", [
    ("campaign.yaml", None, "name:"),
    ("locations/thornfold-mill.md", LOCATION.replace("name: Thornfold Mill", "name: '   '"),
     "name:"),
    ("tables/thornwood-day.yaml", TABLE.replace("name: Thornwood by day", "name: ' '"),
     "name:"),
    ("sessions/01.yaml", SESSION.replace("title: Along the King's Road", "title: '  '"),
     "title:"),
])
def test_a_whitespace_only_name_is_an_error(tmp_path: Path, rel: str, text: str | None,
                                            needle: str) -> None:
    overrides = {"name": "   "} if text is None else {}
    root = write_campaign(tmp_path / "c", files={rel: text} if text else None,
                          campaign_overrides=overrides)
    _, diags = load(root)
    found = [e for e in errors(diags, root) if e[0] == rel and "empty" in e[3]]
    assert found, errors(diags, root)
