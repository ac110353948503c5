"""Every GM-typed string, escaped where a page writes it out.

The page templates write Markdown, and anything a GM (or a pull request) typed reaches it: a
location's name in a heading, a session title in a link, a member's name in a table. The
templates get the real views, raw, and escaping happens on output, in one place: the page
environment's ``finalize`` (``shown``, see ``generator.render.environment``), so a new field
is safe before anyone thinks about it.

- every plain ``str`` a template writes out (names, titles, tags, members, dates, an id, a
  hex label, an enumeration...) is made ``inert``: its Markdown-, HTML-, attr_list- and
  Jinja-significant characters written as character references, so ``Tom & Jerry's <Inn>``
  or ``{{ 7*7 }}`` shows as typed in a body, a heading (and its anchor), a link, a table cell,
  an HTML attribute and the search index, and can never become markup. Ids (slugs), hex
  labels (digits) and the engine's words have no such character: ``inert`` leaves them as
  they are, and the templates compare and look things up by the raw values;
- ``Prose`` (the GM's Markdown, rendered and sanitised once, for the players without GM
  blocks: ``generator.content.markdown``) is embedded as it is;
- ``Markup`` is written as it is: ``PageMarkup`` (this module) is the Markup of the pages, whose
  ``escape`` is ``inert``. The interface words (``_()``, the translator's phrases) are
  ``PageMarkup`` with their values escaped; a macro's output, a template's own literal text, the
  maps' SVG and what the Python helpers build (``hex_ref``, the watch tables) are too, each
  escaping the values it puts in.

The other contexts of a page are covered where they are made: navigation titles and the site
name are HTML in the generated ``mkdocs.yml`` (``html_text``, dumped with yaml), each page's
``<title>`` comes from its ``title:`` front matter (``with_title``), and maps and diagrams are SVG
written by ``generator.render.maps.svg``, which escapes text and attributes.
"""

from __future__ import annotations

import functools
import html
import re
from html.parser import HTMLParser
from typing import Any

import markdown as pymarkdown  # type: ignore[import-untyped]
import yaml
from markupsafe import Markup

from generator.content.frontmatter import split_front_matter
from generator.content.markdown import Prose, inert


class PageMarkup(Markup):
    """Markup of a Markdown page: what it escapes (the values put into it with ``%``,
    ``format``, ``join``, ``+``) is made ``inert``, not merely HTML-escaped, because
    Markdown reads far more characters than HTML does."""

    __slots__ = ()

    @classmethod
    def escape(cls, s: Any) -> PageMarkup:
        """``s`` as PageMarkup: Markup (and ``Prose``) as it is, anything else made inert."""
        if isinstance(s, cls):
            return s
        if hasattr(s, "__html__"):
            return cls(s.__html__())
        return text(s if isinstance(s, str) else str(s))


@functools.lru_cache(maxsize=65536)
def _inert_text(value: str) -> PageMarkup:
    return PageMarkup(inert(value))


def text(value: str) -> PageMarkup:
    """Plain text for a Markdown page (see ``inert``): shows as typed wherever it lands.
    Markup (a phrase already escaped) is kept as it is, never escaped twice."""
    if hasattr(value, "__html__"):
        return value if isinstance(value, PageMarkup) else PageMarkup(value.__html__())
    return _inert_text(value)


def shown(value: Any) -> Any:
    """What a page template writes out for ``value`` (the environment's ``finalize``): a
    plain string made inert, ``Prose`` as its sanitised block, Markup as it is; numbers and
    anything else as Jinja writes them."""
    if type(value) is str:
        return _inert_text(value)
    if isinstance(value, Markup):
        return value
    if isinstance(value, Prose):
        return PageMarkup(value.block())
    if isinstance(value, str):
        return _inert_text(str(value))
    return value


# ------------------------------------------------------------------------------------------
# HTML contexts outside the Markdown: navigation, site name, <title>


def html_text(value: str) -> str:
    """PageMarkup for a context MkDocs' theme writes out as HTML unescaped (navigation titles,
    ``site_name``): ``<``, ``&`` and quotes as character references."""
    return html.escape(value, quote=True)


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


#: A heading with nothing for Markdown to read in it (no escape, code, emphasis, link,
#: tag, reference, attribute list or closing hashes): its text is itself.
_PLAIN_HEADING = re.compile(r"# [^\\`*_\[\]<>&!{}#]*")


@functools.cache
def _title_markdown() -> Any:
    """The one converter of page titles (reset before each title: it keeps no text)."""
    return pymarkdown.Markdown(extensions=["attr_list"])


@functools.lru_cache(maxsize=8192)
def markdown_text(line: str) -> str:
    """What a line of the generated Markdown shows, as plain text (``# Tom &#38; Jerry`` ->
    ``Tom & Jerry``): rendered by Python-Markdown, tags dropped, references read. A plain
    heading (``_PLAIN_HEADING``: most page titles) is read without rendering it."""
    if _PLAIN_HEADING.fullmatch(line):
        return " ".join(line[2:].split())
    md = _title_markdown()
    md.reset()
    rendered = md.convert(line)
    parser = _Text()
    parser.feed(rendered)
    parser.close()
    return " ".join("".join(parser.parts).split())


def page_title(page: str) -> str | None:
    """The plain text of a generated page's first ``# `` heading (without its attr_list)."""
    body = split_front_matter(page).body
    # the heading is near the top: the lines of the first few kilobytes first (all but the
    # last, which may go on), the whole page only if it is not among them
    for text in (body[:_TITLE_SCAN], body) if len(body) > _TITLE_SCAN else (body,):
        lines = text.splitlines()
        if text is not body:
            del lines[-1:]
        for line in lines:
            if line.startswith("# "):
                return markdown_text(line) or None
    return None


#: How much of a page ``page_title`` reads first
_TITLE_SCAN = 4096


def with_title(page: str) -> str:
    """``page`` with a ``title:`` in its front matter: the heading's text, HTML-escaped,
    because the theme writes ``page.meta.title`` into ``<title>`` unescaped (and otherwise
    unescapes the navigation title there). Existing front matter is kept."""
    title = page_title(page)
    if title is None:
        return page
    doc = split_front_matter(page)
    if doc.front is None:
        return f"---\n{_title_front(html_text(title))}---\n{doc.body}"
    loaded = yaml.safe_load(doc.front)
    meta: dict[str, Any] = loaded if isinstance(loaded, dict) else {}
    meta.setdefault("title", html_text(title))
    front = yaml.safe_dump(meta, sort_keys=False, allow_unicode=True, width=1000)
    return f"---\n{front}---\n{doc.body}"


@functools.lru_cache(maxsize=8192)
def _title_front(title: str) -> str:
    if _C_DUMPER is not None and _c_dumps_alike(title):
        return str(yaml.dump({"title": title}, Dumper=_C_DUMPER, sort_keys=False,
                             allow_unicode=True, width=1000))
    return str(yaml.safe_dump({"title": title}, sort_keys=False, allow_unicode=True,
                              width=1000))


#: libyaml's emitter, five times as fast as PyYAML's, where the library has it
_C_DUMPER: Any = getattr(yaml, "CSafeDumper", None)


def _c_dumps_alike(title: str) -> bool:
    """Whether libyaml writes ``title`` as PyYAML does: printable characters of the Basic
    Multilingual Plane, well within the line width (libyaml escapes characters beyond it and
    breaks some lines elsewhere; tests/unit/test_escape.py compares the two)."""
    return len(title) < 500 and title.isprintable() and all(ch < "\U00010000" for ch in title)
