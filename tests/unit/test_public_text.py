"""The text ``hexcrawl public`` reads out of a built page and the report it prints: plain
sentences, page by page, whatever the HTML around them."""

from __future__ import annotations

from pathlib import Path

from generator.i18n import Translator
from generator.site.public import Basis, compare, report
from generator.site.sitetext import PageText, page_text, site_text, svg_text

PAGE = """<html><head><title>Ashford - The Reach</title><script>var x = "code";</script>
</head><body><nav>Home Ashford Greymere</nav>
<article class="md-content__inner md-typeset">
<h1 id="ashford">Ashford<a class="headerlink" href="#ashford" title="Permanent link">&para;</a></h1>
<p>A market town. Market day is <strong>Thursday</strong>!</p>
<ul><li>The moot<ul><li>Reeve Loy</li></ul></li></ul>
<table><tr><th></th><th>Roll</th><th>Result</th></tr><tr><td></td><td>1</td><td>Wolves</td></tr></table>
<svg><title>Ash Brook &middot; Plains</title><text x="1">Kestrel<tspan>Carr</tspan></text></svg>
<style>.x { color: red }</style>
</article><footer>Made with Material</footer></body></html>"""


def test_a_page_is_its_article_as_sentences() -> None:
    text = page_text(PAGE, "locations/ashford/")
    assert text.title == "Ashford"
    assert text.sentences == ("Ashford", "A market town.", "Market day is Thursday!",
                              "The moot", "Reeve Loy", "Roll · Result", "1 · Wolves",
                              "Ash Brook · Plains", "Kestrel Carr")


def test_the_home_page_also_carries_the_site_s_title_and_footer() -> None:
    text = page_text(PAGE, "", home=True)
    assert text.sentences[:2] == ("Ashford - The Reach", "Made with Material")


def test_a_map_file_is_its_labels() -> None:
    svg = ('<svg xmlns="http://www.w3.org/2000/svg"><style>text{}</style><g><title>Sootwood'
           '</title><path d="M0 0"/></g><text>The Barrow<tspan x="1">Downs</tspan></text>'
           '</svg>')
    assert svg_text(svg, "maps/overview.svg").sentences == ("Sootwood", "The Barrow Downs")


def test_a_site_is_read_page_by_page(tmp_path: Path) -> None:
    (tmp_path / "locations" / "ashford").mkdir(parents=True)
    (tmp_path / "locations" / "ashford" / "index.html").write_text(PAGE, "utf-8")
    (tmp_path / "404.html").write_text(PAGE, "utf-8")
    (tmp_path / "maps" / "inline").mkdir(parents=True)
    (tmp_path / "maps" / "overview.svg").write_text("<svg><text>Ashford</text></svg>", "utf-8")
    (tmp_path / "maps" / "inline" / "0a1b.svg").write_text("<svg><text>A</text></svg>",
                                                           "utf-8")
    assert sorted(site_text(tmp_path)) == ["locations/ashford/", "maps/overview.svg"]


def test_the_report_lists_sentences_added_and_removed_per_page() -> None:
    before = {"": PageText("", "The Reach", ("Six sessions played.", "Ashford")),
              "old/": PageText("old/", "Old", ("Gone.",))}
    after = {"": PageText("", "The Reach", ("Seven sessions played.", "Ashford", "Ashford")),
             "locations/greymere/": PageText("locations/greymere/", "Greymere",
                                             ("Greymere", "A fishing village."))}
    changes = compare(before, after)
    assert [(c.path, c.status) for c in changes] == [
        ("", "changed"), ("locations/greymere/", "new"), ("old/", "gone")]
    text = report(changes, Basis("revision", "HEAD", "0123456789ab"), Translator("en"))
    assert text.splitlines() == [
        "What the players' site newly shows. Pages changed: 3; sentences added: 3, "
        "removed: 2.",
        "Compared with the players' site of HEAD (commit 0123456789ab).",
        "A line with + is text the players will newly read; a line with - is text they will "
        "no longer read.",
        "",
        "The Reach (/): changed",
        "+ Seven sessions played.",
        "- Six sessions played.",
        "",
        "Greymere (/locations/greymere/): a new page",
        "+ Greymere",
        "+ A fishing village.",
        "",
        "Old (/old/): no longer on the site",
        "- Gone.",
    ]
    assert compare(after, after) == []
    assert report([], Basis("site", "site/players"), Translator("uk")).splitlines() == [
        "Що нового покаже сайт гравців: нічого, його текст не змінюється.",
        "Порівняння із сайтом гравців, зібраним у site/players."]


def test_the_markdown_report_cannot_be_broken_out_of() -> None:
    """The players' text goes into a code block longer than any run of backticks in it, so
    nothing in it is read as Markdown or HTML (a `</details>` in a location's text)."""
    after = {"x/": PageText("x/", "X <b>", ("Say ```` and </details> <script>.",))}
    md = report(compare(None, after), Basis("no-site", "site/players"), Translator("en"),
                markdown=True)
    lines = md.splitlines()
    assert lines[0].startswith("<details><summary>What the players' site newly shows. ")
    assert lines[-1] == "</details>"
    assert lines.count("</details>") == 1
    fence = "`````"
    assert f"{fence}diff" in lines and lines[lines.index(f"{fence}diff") + 1:][:3] == [
        "X <b> (/x/): a new page", "+ Say ```` and </details> <script>.", fence]


def test_a_long_markdown_report_is_cut_to_fit_a_run_s_summary() -> None:
    after = {"x/": PageText("x/", "X", tuple(f"Sentence {n}." for n in range(5000)))}
    changes = compare(None, after)
    md = report(changes, Basis("no-site", "site/players"), Translator("ru"), markdown=True)
    assert len(md.encode("utf-8")) < 1024 * 1024
    assert "+ Sentence 2997.\n\n..." in md and "+ Sentence 2998." not in md
    assert "... и ещё 2002 строки: hexcrawl public на вашем компьютере покажет их все." in md
    assert "+ Sentence 4999." in report(changes, Basis("no-site", "site/players"),
                                        Translator("en"))
