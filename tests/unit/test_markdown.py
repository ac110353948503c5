"""Markdown fields (generator.content.markdown): GM blocks found by the parser that draws them,
HTML comments, the sanitising policy, and text made inert for the page around it
(issue 10, items 2, 5 and 6)."""

from __future__ import annotations

import textwrap
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator.content.markdown import (
    MarkdownRenderer,
    current_page,
    inert,
    rewrite_url,
    sanitise,
)

md = MarkdownRenderer()


def players(text: str) -> str:
    prose = md.prose(text, "players")
    assert prose is not None
    return prose.html


def gm(text: str) -> str:
    prose = md.prose(text, "gm")
    assert prose is not None
    return prose.html


GM_FORMS = {
    "admonition": '!!! gm "Secrets"\n    SECRET\n',
    "no space, a title": '!!!gm "x"\n    SECRET\n',
    "collapsible": "??? gm\n    SECRET\n",
    "collapsible, no space": "???gm\n    SECRET\n",
    "open collapsible": '???+ gm "Open"\n    SECRET\n',
    "a note of the gm class": "!!! note gm\n    SECRET\n",
    "upper case type": "!!! GM\n    SECRET\n",
    "in a block quote": "> A quote.\n>\n> !!! gm\n>     SECRET\n",
    "in a list item": "- An item.\n\n    !!! gm\n        SECRET\n",
    "in another box": "!!! note\n    Kept.\n\n    !!! gm\n        SECRET\n",
    "in md_in_html": '<div markdown="1">\n!!! gm\n    SECRET\n</div>\n',
    "attr_list": "SECRET\n{: .gm }\n",
    "raw HTML": '<div class="admonition gm"><p>SECRET</p></div>\n',
    "raw HTML, inline": 'Text <span class="gm">SECRET</span> more.\n',
    "deeper content": "!!! gm\n    Text.\n\n    - SECRET list\n        more SECRET\n\n"
                      "    ```\n    SECRET\n    ```\n",
}


@pytest.mark.parametrize("form", GM_FORMS)
def test_every_gm_form_is_dropped_for_players_and_boxed_for_the_gm(form: str) -> None:
    text = "Before.\n\n" + GM_FORMS[form] + "\nAfter.\n"
    out = players(text)
    assert "SECRET" not in out
    assert "Before." in out and "After." in out
    assert "SECRET" in gm(text)
    assert 'class="' in gm(text) and " gm" in gm(text).replace('"gm', '" gm')
    assert md.has_gm(text)


def test_a_box_whose_text_is_not_indented_is_empty_on_both_sites() -> None:
    # what is not in a GM box on the GM site is public: the parser decides, not a pattern
    text = "!!! gm\nNot indented, so not in the box.\n"
    assert "Not indented" in players(text) and "Not indented" in gm(text)


def test_types_that_only_start_with_gm_are_other_boxes() -> None:
    text = '!!! gmail "not gm"\n    kept\n'
    assert "kept" in players(text)
    assert not md.has_gm(text)


@pytest.mark.parametrize("text", [
    "A <!-- SECRET --> B",
    "A\n\n<!-- SECRET\n\non several lines -->\n\nB",
    "- item <!-- SECRET -->\n- B",
    "| a | b |\n|---|---|\n| x <!-- SECRET --> | B |",
    "> quote <!-- SECRET -->\n\nB",
])
def test_html_comments_are_dropped_on_both_sites(text: str) -> None:
    for out in (players(text), gm(text)):
        assert "SECRET" not in out and "B" in out


@pytest.mark.parametrize("text", [
    "Seen.\n\n<!-- forgot to close\n\nSECRET",
    "Seen. <!-- forgot to close\n\nSECRET",
    "Seen. <!--SECRET--\n> SECRET",
])
def test_an_unclosed_comment_hides_the_rest_from_players(text: str) -> None:
    out = players(text)
    assert "Seen." in out and "SECRET" not in out and "<!--" not in out


def test_a_comment_in_code_is_code() -> None:
    assert "&lt;!-- shown --&gt;" in players("`<!-- shown -->` and more")


class Elements(HTMLParser):
    def __init__(self, fragment: str) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, dict[str, str | None]]] = []
        self.feed(fragment)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append((tag, dict(attrs)))


@pytest.mark.parametrize("raw, gone", [
    ("<script>alert(1)</script>", "script"),
    ("<img src=x onerror=alert(1)>", "onerror"),
    ("<svg onload=alert(1)><circle/></svg>", "svg"),
    ('<a href="javascript:alert(1)">x</a>', "javascript"),
    ("[x](javascript:alert(1))", "javascript"),
    ('<iframe src="https://evil.example"></iframe>', "iframe"),
    ('<form action="/x"><input name="q"></form>', "input"),
    ('<span style="position:fixed;top:0">x</span>', "position"),
    ('<p id="__search">x</p>', "__search"),
    ("<style>body{display:none}</style>", "display"),
    ('<object data="x.swf"></object>', "object"),
    ('<img src="data:image/png;base64,AAAA">', "data:"),
    ("paragraph\n{: onclick=\"alert(1)\" }", "onclick"),
])
def test_raw_html_is_sanitised(raw: str, gone: str) -> None:
    for out in (players(raw), gm(raw)):
        assert gone not in out, out


def test_what_the_policy_keeps() -> None:
    text = textwrap.dedent("""\
        <details open><summary>More</summary><p>Inside</p></details>

        <abbr title="Hit points">HP</abbr> <kbd>Ctrl</kbd> <mark>marked</mark> H<sub>2</sub>O
        <a href="https://example.org/x" title="t">out</a> <a href="other.md">in</a>
        <img src="map.png" alt="A map" width="40">

        | left | right |
        |:-----|------:|
        | a    | b     |
        """)
    found = Elements(players(text)).found
    tags = [t for t, _ in found]
    for tag in ("details", "summary", "abbr", "kbd", "mark", "sub", "a", "img", "table", "td"):
        assert tag in tags, tag
    attrs = {t: a for t, a in found}
    assert attrs["details"].get("open") is not None
    assert attrs["abbr"] == {"title": "Hit points"}
    assert attrs["img"] == {"src": "map.png", "alt": "A map", "width": "40"}
    assert [a.get("style") for t, a in found if t == "td"] == ["text-align:left",
                                                               "text-align:right"]
    assert sanitise("<b>x</b><u>y</u>") == "<b>x</b><u>y</u>"


def test_embedded_text_is_inert_for_markdown_and_jinja() -> None:
    # in Markdown, <Inn> would be an (unknown, dropped) tag: written as text it stays text
    prose = md.prose("Tom & Jerry's &lt;Inn&gt;, *kept emphasis* and \\{{ 7\\*7 }} `code`",
                     "players")
    assert prose is not None
    block = prose.block()
    assert block.startswith('<div class="hexcrawl-md" markdown="1">\n<p>')
    for raw in ("{{", "*", "<Inn", "`"):
        assert raw not in block.split("\n", 1)[1].replace("<em>", "").replace("</em>", "")\
            .replace("<p>", "").replace("</p>", "").replace("<code>", "")\
            .replace("</code>", "").replace("</div>", "")
    assert "&#60;Inn&#62;" in block and "&#123;&#123; 7&#42;7 &#125;&#125;" in block
    assert prose.inline().startswith("Tom &#38; Jerry's &#60;Inn&#62;, <em>")
    assert "\n" not in prose.inline()
    assert inert("a\nb|c") == "a b&#124;c"


def test_block_embedding_has_no_indented_or_blank_line() -> None:
    prose = md.prose("- one\n\n    - deep\n\n> quote\n\n```\ncode\n\n  kept\n```", "players")
    assert prose is not None
    lines = prose.block().splitlines()
    assert all(line.strip() and not line.startswith("    ") for line in lines), lines


def test_relative_links_follow_the_page_like_mkdocs() -> None:
    assert rewrite_url("other.md#x", "locations/a.md") == "../other/#x"
    assert rewrite_url("../sessions/01-x.md", "locations/a.md") == "../../sessions/01-x/"
    assert rewrite_url("index.md", "locations/a.md") == "../"
    assert rewrite_url("img/m.png", "map.md") == "../img/m.png"
    assert rewrite_url("https://example.org/a.md", "map.md") == "https://example.org/a.md"
    assert rewrite_url("#here", "map.md") == "#here"
    prose = md.prose("[the mill](thornfold-mill.md)", "players")
    assert prose is not None
    token = current_page.set("locations/ashford.md")
    try:
        assert 'href="../thornfold-mill/"' in prose.inline()
    finally:
        current_page.reset(token)


def test_the_sites_extensions_are_used_but_not_those_that_read_files(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("SECRET-FILE", "utf-8")
    renderer = MarkdownRenderer(["def_list",
                                 {"pymdownx.snippets": {"base_path": [str(tmp_path)]}},
                                 {"toc": {"permalink": True}}])
    prose = renderer.prose('Term\n: Definition\n\n--8<-- "secret.txt"\n', "players")
    assert prose is not None
    assert "<dl>" in prose.html and "SECRET-FILE" not in prose.html
