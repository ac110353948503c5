"""The GM's big tables written as HTML (``generator.render.html_table``): what MkDocs makes
of them is what it made of the Markdown tables, their links land, and a GM's hostile text
stays inert in them."""

from __future__ import annotations

from pathlib import Path

import markdown

from generator.audience import Audience
from generator.content.loader import load_campaign
from generator.content.markdown import Prose, default_renderer
from generator.dice import said
from generator.knowledge import gm_view
from generator.render.escape import PageMarkup
from generator.render.html_table import PageLinks, html_cell, html_quoted
from generator.render.pages import render_docs
from generator.replay import replay

REPO = Path(__file__).resolve().parents[2]
EXTENSIONS = ["admonition", "pymdownx.details", "attr_list", "md_in_html", "tables", "toc"]
HOSTILE = "Tom & Jerry's <Inn> {{ 7*7 }} | [x](javascript:alert(1)) **b**"


def _links() -> PageLinks:
    targets = {"0313": ("hex-key/vale.md", "hex-0313")}
    return PageLinks("../../", targets.get, {"ash": "Ash & Oak"}, {"wand": "Wanderers"}, "—")


def test_links_are_the_urls_mkdocs_would_make() -> None:
    """From ``sessions/x.md`` (served at ``sessions/x/``), directory URLs, anchors kept."""
    links = _links()
    assert links.href("map.md#map-0313") == "../../map/#map-0313"
    assert links.href("#watch-3") == "#watch-3"
    assert links.href(PageMarkup("sessions/01-a.md") + "#rulings") == "../../sessions/01-a/#rulings"
    assert links.hexes(["0313", "9999", None]) == (
        '<a href="../../hex-key/vale/#hex-0313">0313</a> → 9999 → ?')
    assert links.hexes([]) == "—"
    assert links.location("ash") == '<a href="../../locations/ash/">Ash &#38; Oak</a>'
    assert links.location("gone") == "gone"
    assert links.table("wand") == '<a href="../../tables/#table-wand">Wanderers</a>'


def test_hostile_text_stays_inert_in_a_cell_and_a_quote() -> None:
    cell = html_cell(HOSTILE + "\nline two")
    assert "<Inn>" not in cell and "{{" not in cell and "](javascript" not in cell
    assert "**" not in cell and "\\|" not in cell and cell.endswith("<br>line two")
    rendered = markdown.markdown(f"<table><tr><td>{cell}</td></tr></table>",
                                 extensions=EXTENSIONS)
    assert "<a " not in rendered and "href" not in rendered and "<strong>" not in rendered
    quote = html_quoted(HOSTILE)
    assert quote.startswith("<blockquote>") and "<Inn>" not in quote
    assert html_quoted(None) == ""


def test_a_note_quoted_in_raw_html_has_no_markdown_attribute() -> None:
    note = default_renderer().prose("A *note* with [a link](../locations/ash.md).", Audience.GM)
    assert isinstance(note, Prose)
    quoted = html_quoted(note)
    assert quoted.startswith('<blockquote class="hexcrawl-note">')
    assert 'markdown="1"' not in quoted and "<em>note</em>" in quoted


def _gm_pages() -> dict[str, str]:
    campaign, _ = load_campaign(REPO / "content")
    assert campaign is not None
    chronicle, _ = replay(campaign)
    roll = next(r for s in chronicle.sessions for w in s.watches for r in w.rolls)
    roll.detail = said("resource", name=HOSTILE)
    return render_docs(gm_view(campaign, chronicle)).files


def test_the_gm_session_page_writes_its_watch_log_as_html() -> None:
    """No Markdown table is left in the watch log; every watch's row links its block, its
    hexes link the hex key by final URL, and Python-Markdown passes the blocks through."""
    pages = _gm_pages()
    page = pages["sessions/02-lost-in-kestrel-carr.md"]
    log = page[page.index('<div class="hx-watches">'):page.rindex("</details>")]
    assert "|---" not in log and "](" not in log and "**" not in log
    assert '<th scope="col" style="text-align: right;">#</th>' in log
    assert '<td style="text-align: right;"><a href="#watch-1">1</a></td>' in log
    assert '<a href="../../hex-key/the-sallow-vale/#hex-0713">0713</a>' in log
    assert '<details class="hx-watch">' in log and 'markdown="1"' not in log
    html = markdown.markdown(page, extensions=EXTENSIONS)
    assert html.count('class="hx-anchor"') == page.count('class="hx-anchor"')
    for n in range(1, 7):
        assert f'<a href="#watch-{n}">{n}</a>' in html and f'id="watch-{n}"' in html
    hostile = next(text for text in pages.values() if "Tom &#38; Jerry" in text)
    assert "<Inn>" not in hostile and "](javascript" not in hostile and "{{ 7*7 }}" not in hostile
