"""The templates' copy of a view: text made inert, everything else kept as it is."""

from __future__ import annotations

import html
import re

import markdown as pymarkdown  # type: ignore[import-untyped]
import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st
from markupsafe import Markup

from generator.hexgrid import Hex
from generator.render import escape
from generator.render.escape import template_view


def test_named_tuples_keep_their_type_and_text_is_inert() -> None:
    view = {"hex": Hex(3, 4), "pair": ("Tom & Jerry's <Inn>", 2), "name": "{{ 7*7 }}"}
    copy = template_view(view, lambda s: None)
    assert type(copy["hex"]) is Hex and copy["hex"].q == 3 and copy["hex"].r == 4
    assert type(copy["pair"]) is tuple
    assert isinstance(copy["pair"][0], Markup) and "<Inn>" not in copy["pair"][0]
    assert "{{" not in copy["name"]


#: what page titles are made of: letters of both scripts, digits, spaces and the
#: punctuation Markdown reads (or not)
TITLE_TEXT = st.text(st.sampled_from(list(
    "Ab zЖїé 09:;,.-–—'\"()?/+=%$@~|\\`*_[]<>&!{}#\t\u00a0\u2028\x85😀ſ")), max_size=40)


def rendered_text(line: str) -> str:
    """``markdown_text`` the long way, whatever the line: Python-Markdown, tags dropped."""
    parser = escape._Text()
    parser.feed(pymarkdown.Markdown(extensions=["attr_list"]).convert(line))
    parser.close()
    return " ".join("".join(parser.parts).split())


@settings(max_examples=300, deadline=None)
@given(TITLE_TEXT)
@example("Session 49: Session 49")
@example("a *b* c")
@example("_b_")
@example("`x`")
@example("[a](b)")
@example("Tom &amp; Jerry")
@example("<b>x</b>")
@example("a {: #x }")
@example("Road ##")
@example("a \\* b")
@example("Sessiya   2 —  «Ford»  ")
@example("#")
@example("   ")
def test_a_plain_heading_reads_as_python_markdown_renders_it(text: str) -> None:
    """The page title's shortcut (a heading with nothing for Markdown in it is its own
    text) gives what Python-Markdown gives."""
    line = "# " + text.replace("\u2028", " ").replace("\x85", " ")
    escape.markdown_text.cache_clear()
    assert escape.markdown_text(line) == rendered_text(line)


@pytest.mark.skipif(getattr(yaml, "CSafeDumper", None) is None, reason="PyYAML without libyaml")
@settings(max_examples=500, deadline=None)
@given(TITLE_TEXT, st.booleans())
@example("yes", False)
@example("12:30", False)
@example("- a", False)
@example("a" * 600, False)
def test_a_title_written_by_libyaml_is_what_pyyaml_writes(text: str, escaped: bool) -> None:
    """The front matter's title: libyaml writes it where it writes what PyYAML writes, and
    PyYAML writes the rest."""
    title = html.escape(text, quote=True) if escaped else text
    py = yaml.safe_dump({"title": title}, sort_keys=False, allow_unicode=True, width=1000)
    escape._title_front.cache_clear()
    assert escape._title_front(title) == py
    if escape._c_dumps_alike(title):
        assert yaml.dump({"title": title}, Dumper=yaml.CSafeDumper, sort_keys=False,
                         allow_unicode=True, width=1000) == py


def _plain_page_title(page: str) -> str | None:
    """page_title as defined: every line of the body, the first ``# `` one."""
    from generator.render.escape import markdown_text
    body = page  # split_front_matter's body, every line split
    lines = page.splitlines(keepends=True)
    if lines and lines[0].lstrip("\ufeff").rstrip() == "---":
        for i in range(1, len(lines)):
            if re.match(r"^---\s*$", lines[i]):
                body = "".join(lines[i + 1:])
                break
    for line in body.splitlines():
        if line.startswith("# "):
            return markdown_text(line) or None
    return None


_LINE = st.sampled_from(["# Title & <b>", "#  Spaced", "## Sub", "text", "", "---", "- [x]",
                         "# ", "\ufeff---", "--- ", "...", "x" * 900])
_BREAK = st.sampled_from(["\n", "\r\n", "\r", "\x0b", "\x0c", "\x1c", "\x85", "\u2028"])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(_LINE, _BREAK), max_size=40))
@example([("x" * 900, "\n")] * 5 + [("# Late title", "\n")])
@example([("x" * 4095, "\r"), ("# Split", "\n")])
@example([("---", "\n"), ("title: a", "\n"), ("---", "\n"), ("# After front", "\n")])
def test_page_title_reads_the_top_first_and_finds_what_the_whole_page_gives(
        parts: list[tuple[str, str]]) -> None:
    from generator.render.escape import page_title
    page = "".join(line + end for line, end in parts)
    assert page_title(page) == _plain_page_title(page)
