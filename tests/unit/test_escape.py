"""Escaping on output: every plain string a page template writes out is made inert; Markup
and Prose are written as they are; what a template builds (``~``, ``join``, ``replace``,
``format``, ``e``, a macro, a translated message) escapes each value exactly once. And the
page titles' plain text and front matter."""

from __future__ import annotations

import html
import re

import markdown as pymarkdown  # type: ignore[import-untyped]
import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st
from markupsafe import Markup

from generator.audience import Audience
from generator.content.markdown import default_renderer, inert
from generator.render import escape
from generator.render.environment import PAGE_TEMPLATES, markdown_environment
from generator.render.escape import PageMarkup

#: what GMs type: every character Markdown, HTML, attr_list or Jinja read, both scripts
TYPED = st.text(st.sampled_from(list(
    "Ab zЖї09:;,.-'\"()?/+=%$@~|\\`*_[]<>&!{}#\t\u00a0")), max_size=30)
HOSTILE = "Tom & Jerry's <Inn> {{ 7*7 }} | [x](javascript:alert(1)) *b* _i_ # {: #id }"


def page(source: str, **values: object) -> str:
    """``source`` rendered as a page template (the pages' environment, in English)."""
    env, t = markdown_environment("en", None, PAGE_TEMPLATES)
    return env.from_string(source).render(t=t, **values)


@settings(max_examples=150, deadline=None)
@given(TYPED)
@example(HOSTILE)
def test_a_value_is_escaped_once_however_the_template_writes_it(typed: str) -> None:
    shown = inert(typed)
    assert page("{{ x }}", x=typed) == shown
    assert page("<b>{{ x }}</b>", x=typed) == f"<b>{shown}</b>"
    # a concatenation: the template's literals are markup, the values are escaped
    assert page('{{ "<del>" ~ x ~ "</del>" }}', x=typed) == f"<del>{shown}</del>"
    assert page('{{ "[" ~ x ~ "](#a)" }}', x=typed) == f"[{shown}](#a)"
    assert page("{{ x ~ x }}", x=typed) == inert(typed + typed)
    # join: the items escaped, the separator the template's
    assert page('{{ [x, x] | join("<br>") }}', x=typed) == f"{shown}<br>{shown}"
    # a macro's output is written as it is: its values were escaped inside it
    assert page("{% macro m(v) %}**{{ v }}**{% endmacro %}{{ m(x) }}",
                x=typed) == f"**{shown}**"
    assert page("{% set y %}<i>{{ x }}</i>{% endset %}{{ y }}", x=typed) == f"<i>{shown}</i>"
    # a translated message: its words as written, its values escaped
    assert page('{{ _("Session %(n)s: %(title)s", n=2, title=x) }}',
                x=typed) == f"Session 2: {shown}"
    assert page('{{ t.gettext("Session %(n)s: %(title)s", n=2, title=x) }}',
                x=typed) == f"Session 2: {shown}"
    # the filters that build strings escape as the page does (never merely for HTML)
    assert page("{{ x | e }}", x=typed) == shown
    assert page('{{ x | replace("a", "<b>") }}', x=typed) == inert(typed.replace("a", "<b>"))
    assert page('{{ "%s!" | format(x) }}', x=typed) == inert(f"{typed}!")
    assert page("{{ x | cell }}", x=typed) == shown
    assert page("{{ x | upper }}", x=typed) == inert(typed.upper())


def test_markup_and_prose_are_written_as_they_are() -> None:
    prose = default_renderer().prose("A *GM* note & [a link](x.md)", Audience.GM)
    assert prose is not None
    assert page("{{ p }}", p=prose) == prose.block()
    assert page("{{ p | inline }}", p=prose) == prose.inline()
    assert page('{{ "<i>" ~ (p | inline) ~ "</i>" }}', p=prose) == f"<i>{prose.inline()}</i>"
    assert page("{{ m }}", m=Markup("<b>x</b>")) == "<b>x</b>"
    assert page("{{ m }}", m=PageMarkup("**x**")) == "**x**"
    assert page("{{ n }}|{{ f }}|{{ z }}", n=3, f=4.5, z=None) == "3|4.5|None"


def test_ids_labels_and_words_stay_raw_values() -> None:
    """Templates compare and look up by ids, hex labels and the engine's words, raw; what
    such a value has to write out has nothing ``inert`` changes."""
    for raw in ("0313", "0313-0412", "old-mill", "travel", "03-into-the-fens"):
        assert inert(raw) == raw
        assert page('{% if x == "' + raw + '" %}{{ x }}{% endif %}', x=raw) == raw
    assert page('{{ d[k] }}', d={"0313": "Ford"}, k="0313") == "Ford"


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
