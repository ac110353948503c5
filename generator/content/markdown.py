"""Markdown a campaign writes, made safe to publish: GM blocks, HTML comments and raw HTML.

Every Markdown-bearing field of the content (a location's body, a hex or table description, a
session summary, a chronicle note, a table row, a GM remark...) goes through one function,
``MarkdownRenderer.prose``, before any page sees it. It renders the text the way MkDocs will:
with Python-Markdown and the site's own Markdown extensions (admonition, pymdownx.details,
attr_list, md_in_html, tables, and whatever ``mkdocs.yml`` adds), so what counts as a GM block
is decided by the parser that draws the boxes, not by a pattern. Then:

1. the HTML is sanitised with nh3 (ammonia) under the policy below, which also drops every
   HTML comment;
2. for the players, every element of the GM class (``class="... gm ..."``: ``!!! gm``,
   ``!!!gm "x"``, ``??? gm``, ``???+ gm``, ``!!! note gm``, nested in block quotes, lists or
   other boxes, ``{: .gm }`` on a paragraph, or written as raw HTML) is removed with all it
   holds, and an HTML comment left open (``<!--`` without ``-->``) hides the rest of the text,
   as a browser would;
3. the result is kept as a ``Prose`` value: sanitised HTML that a template embeds as a block
   (``{{ prose }}``) or inline (``{{ prose | inline }}``). Embedded, its text is written with
   character references for every character Markdown, HTML, ``attr_list`` or Jinja give a
   meaning to, so MkDocs, rendering the page around it, cannot read anything into it.

So the players' view never holds a GM block, and the GM site shows the same text with the
boxes styled. Content is data: no Jinja is ever evaluated in it, and extensions that read
files (``pymdownx.snippets``, ``pymdownx.b64``, markdown-include) are not used on it.

Sanitising policy (both sites): the tags Markdown and its usual extensions produce survive
(``ALLOWED_TAGS``: paragraphs, headings, lists, tables, quotes, code, emphasis, links,
images, details/summary, figures, abbreviations, definition lists...); attributes survive
only as listed in ``ALLOWED_ATTRIBUTES`` (``class`` and ``title`` anywhere, ``href`` on
links, ``src``/``alt``/size on images, ``open`` on details, table spans and text alignment);
URLs must be relative or ``http``, ``https`` or ``mailto``; ``script``, ``style``, forms,
frames, ``svg``, event handlers, ``style`` (but a table cell's ``text-align``) and ``id``
never survive (MkDocs gives headings their ids). Anything else is dropped, keeping its text.
"""

from __future__ import annotations

import contextvars
import functools
import html
import posixpath
from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

import markdown as pymarkdown  # type: ignore[import-untyped]
import nh3
from markupsafe import Markup

from generator.audience import Audience
from generator.content.mdextensions import DEFAULT_EXTENSIONS, extension_settings
from generator.diagnostics import N_, MessageError

#: The class of GM blocks (the admonition type ``gm``).
GM_CLASS = "gm"

ALLOWED_TAGS = frozenset({
    "a", "abbr", "b", "blockquote", "br", "caption", "cite", "code", "col", "colgroup", "dd",
    "del", "details", "dfn", "div", "dl", "dt", "em", "figcaption", "figure", "h1", "h2",
    "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "kbd", "li", "mark", "ol", "p", "pre",
    "q", "s", "samp", "small", "span", "strong", "sub", "summary", "sup", "table", "tbody",
    "td", "tfoot", "th", "thead", "tr", "u", "ul", "var",
})
ALLOWED_ATTRIBUTES: dict[str, set[str]] = {
    "*": {"class", "title", "lang", "dir"},
    "a": {"href"},
    "img": {"src", "alt", "width", "height"},
    "details": {"open"},
    "ol": {"start", "reversed"},
    "td": {"colspan", "rowspan", "style"},
    "th": {"colspan", "rowspan", "style"},
    "col": {"span"},
    "colgroup": {"span"},
}
URL_SCHEMES = frozenset({"http", "https", "mailto"})
#: Tags removed together with everything inside them.
CONTENT_TAGS = frozenset({"script", "style", "noscript", "template", "iframe", "object",
                          "embed", "svg", "math", "textarea", "select", "title"})

_VOID = frozenset({"br", "img", "hr", "col", "wbr", "area", "source", "input"})
_CONTAINERS = frozenset({"div", "blockquote", "ul", "ol", "dl", "table", "thead", "tbody",
                         "tfoot", "tr", "details", "figure", "colgroup"})
_BLOCK = frozenset({"p", "div", "ul", "ol", "li", "dl", "dt", "dd", "table", "thead", "tbody",
                    "tfoot", "tr", "td", "th", "blockquote", "pre", "details", "summary",
                    "figure", "figcaption", "h1", "h2", "h3", "h4", "h5", "h6", "hr",
                    "caption"})
#: Characters written as character references in embedded text: those HTML, Markdown, its
#: extensions (attr_list, tables, admonitions, tabs, critic, caret, mark, tilde) or Jinja
#: read anything into.
_INERT = frozenset("&<>\"\\`*_{}[]()#+!|~^=?")
_INERT_TABLE = {ord(c): f"&#{ord(c)};" for c in _INERT}


def inert(text: str) -> str:
    """Plain text made inert for Markdown and HTML alike: every character either gives a
    meaning to becomes a character reference, line breaks become spaces. The result shows as
    typed in a page body, a heading, a link text, a table cell or an attribute value.

    >>> inert("Tom & Jerry's <Inn> {{ 7*7 }}")
    "Tom &#38; Jerry's &#60;Inn&#62; &#123;&#123; 7&#42;7 &#125;&#125;"
    """
    return " ".join(text.split("\n")).replace("\r", " ").replace("\t", " ").translate(
        _INERT_TABLE)


# ------------------------------------------------------------------------------------------
# the page a fragment is embedded in (for its relative links)

#: docs path of the page being rendered (``locations/ashford.md``), set by the page renderer
current_page: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "hexcrawl_current_page", default=None)


def _page_url(path: str) -> str:
    if path == "index.md":
        return ""
    stem = path[:-3] if path.endswith(".md") else path
    if stem == "index" or stem.endswith("/index"):
        return stem[: -len("index")]
    return stem + "/"


def rewrite_url(url: str, page: str | None) -> str:
    """A relative URL written in content, as MkDocs would rewrite it on ``page`` (directory
    URLs): ``other.md#x`` from ``locations/a.md`` becomes ``../other/#x``."""
    if page is None or not url or url.startswith(("#", "/")) or ":" in url.split("/")[0]:
        return url
    path, sep, fragment = url.partition("#")
    path, qsep, query = path.partition("?")
    if not path:
        return url
    target = posixpath.normpath(posixpath.join(posixpath.dirname(page), path))
    if target.startswith("../") or target == "..":
        return url
    base = _page_url(page) or "."
    if target.endswith(".md"):
        rel = posixpath.relpath(_page_url(target) or ".", base)
        rel = "./" if rel == "." else rel + "/"
    else:
        folder, name = posixpath.split(target)
        rel = posixpath.normpath(posixpath.join(posixpath.relpath(folder or ".", base), name))
    return rel + (qsep + query) + (sep + fragment)


# ------------------------------------------------------------------------------------------
# Prose: a sanitised fragment, embedded inert


class _Inert(HTMLParser):
    """Re-writes sanitised HTML: text as character references (``inert``), attributes
    escaped, relative URLs rewritten for the page, GM elements (players) dropped with their
    content, and the rest of the text after an unclosed ``<!--`` (players) dropped."""

    def __init__(self, *, drop_gm: bool, inline: bool, page: str | None) -> None:
        super().__init__(convert_charrefs=True)
        self.drop_gm = drop_gm
        self.inline = inline
        self.page = page
        self.out: list[str] = []
        self.stack: list[str] = []
        #: depth in ``stack`` of the GM element being skipped (None: not skipping)
        self.skip_from: int | None = None
        self.code = 0
        self.cut = False
        self.newline = False
        #: whether a GM element or the text after an unclosed comment was dropped
        self.dropped = False

    def _emit(self, text: str) -> None:
        if self.newline and not self.inline:
            self.out.append("\n")
        self.newline = False
        self.out.append(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.cut:
            return
        void = tag in _VOID
        if self.skip_from is None and self.drop_gm and GM_CLASS in _classes(attrs):
            self.dropped = True
            if not void:
                self.skip_from = len(self.stack)
                self.stack.append(tag)
            return
        if not void:
            self.stack.append(tag)
        if self.skip_from is not None:
            return
        if tag in ("code", "pre"):
            self.code += 1
        parts = [f"<{tag}"]
        for name, value in attrs:
            if value is None:
                parts.append(f" {name}")
                continue
            if name in ("href", "src"):
                value = rewrite_url(value, self.page)
            parts.append(f' {name}="{html.escape(value, quote=True)}"')
        self._emit("".join(parts) + ">")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in _VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID or tag not in self.stack:
            return
        while self.stack:
            top = self.stack.pop()
            if self.skip_from is not None:
                if len(self.stack) == self.skip_from:
                    self.skip_from = None
                if top == tag:
                    return
                continue
            if top in ("code", "pre"):
                self.code -= 1
            self._emit(f"</{top}>")
            self.newline = top in _BLOCK
            if top == tag:
                return

    def kept(self, data: str) -> str | None:
        """The part of ``data`` that is kept: None while cut or skipping; with GM parts
        dropped, what comes before a comment opening outside code (nothing after it is)."""
        if self.cut or self.skip_from is not None:
            return None
        if self.drop_gm and not self.code and "<!--" in data:
            data = data[: data.index("<!--")]
            self.cut = self.dropped = True
        return data

    def handle_data(self, data: str) -> None:
        kept = self.kept(data)
        if kept is None:
            return
        data = kept
        if "pre" in self.stack:
            text = data.translate(_INERT_TABLE).replace("\n", "&#10;")
        elif not data.strip() and (not self.stack or self.stack[-1] in _CONTAINERS):
            return  # layout between blocks: at the top it would read as Markdown indentation
        elif not self.stack:
            # bare text at the top (a dropped tag's): a paragraph of its own, never indented
            text = f"<p>{inert(data.strip())}</p>"
        else:
            text = inert(data)
        if text:
            self._emit(text)

    def close(self) -> None:
        super().close()
        self.skip_from = None
        while self.stack:
            self.handle_endtag(self.stack[-1])


def _classes(attrs: Iterable[tuple[str, str | None]]) -> list[str]:
    for name, value in attrs:
        if name == "class" and value:
            return value.split()
    return []


@dataclass(frozen=True)
class Prose:
    """A Markdown field, rendered and sanitised for one audience (see the module docstring).

    ``str(prose)`` is the block form; ``inline()`` fits a table cell or a list item. The
    forms are Markup: a template writes them out as they are.
    """

    html: str
    audience: Audience

    def __bool__(self) -> bool:
        return bool(self.html.strip())

    def _inert(self, *, inline: bool) -> str:
        page = current_page.get()
        made: dict[tuple[bool, str | None], str] | None = self.__dict__.get("_made")
        if made is not None:
            found = made.get((inline, page))
            if found is not None:
                return found
        parser = _Inert(drop_gm=self.audience == Audience.PLAYERS, inline=inline, page=page)
        parser.feed(self.html)
        parser.close()
        return "".join(parser.out)

    def prepare(self, page: str, *, inline: bool = False) -> None:
        """Make now what this fragment gives on ``page`` (the block form, or with ``inline``
        the inline one), and keep it with the fragment: ``site.ContentAhead`` makes each
        location's body for its page in another process while the campaign replays. What
        is kept depends on nothing but the fragment and the page."""
        token = current_page.set(page)
        try:
            text = self._inert(inline=inline)
        finally:
            current_page.reset(token)
        # (kept outside the fields: a fragment equals, and hashes as, its HTML and audience)
        self.__dict__.setdefault("_made", {})[(inline, page)] = text

    def block(self, tag: str = "div", css: str = "hexcrawl-md") -> Markup:
        """Raw HTML for a Markdown page, on lines of its own (MkDocs' md_in_html turns its
        headings into real ones, with ids and a place in the table of contents)."""
        return Markup(f'<{tag} class="{css}" markdown="1">\n{self._inert(inline=False)}\n'
                      f"</{tag}>")

    def inline(self) -> Markup:
        """The fragment on one line, for inside a paragraph, a list item or a table cell; a
        single paragraph loses its ``<p>``."""
        text = self._inert(inline=True)
        if text.startswith("<p>") and text.endswith("</p>") and text.count("<p>") == 1:
            return Markup(text[3:-4])
        return Markup(text)

    def box(self, css: str, title: str) -> Markup:
        """The block form as an admonition-shaped box (``css``: its classes; ``title``:
        Markup, such as interface text, written as given, else made inert)."""
        shown = str(title) if hasattr(title, "__html__") else inert(title)
        return Markup(f'<div class="{css}" markdown="1">\n<p class="admonition-title">{shown}'
                      f"</p>\n{self._inert(inline=False)}\n</div>")

    def quoted(self) -> Markup:
        """The block form as a block quote (a chronicle note)."""
        return self.block("blockquote", "hexcrawl-note")

    @property
    def text(self) -> str:
        """The fragment as plain text (what a reader sees, without markup)."""
        return _plain(self.html)

    def __str__(self) -> str:
        return str(self.block())

    def __html__(self) -> str:
        """Markup's protocol: a page (or a Markup string) embeds the block form as it is."""
        return self.block()

    def __contains__(self, needle: str) -> bool:
        return needle in self.text


def _plain(fragment: str) -> str:
    parts: list[str] = []

    class _Text(HTMLParser):
        def handle_data(self, data: str) -> None:
            parts.append(data)

    parser = _Text(convert_charrefs=True)
    parser.feed(fragment)
    parser.close()
    return "".join(parts)


# ------------------------------------------------------------------------------------------
# rendering


def _attribute_filter(tag: str, attr: str, value: str) -> str | None:
    if attr == "style":
        return value if tag in ("td", "th") else None
    return value


def _policy() -> dict[str, Any]:
    """The options of the sanitising policy, as nh3 takes them."""
    return {"tags": set(ALLOWED_TAGS), "clean_content_tags": set(CONTENT_TAGS),
            "attributes": {k: set(v) for k, v in ALLOWED_ATTRIBUTES.items()},
            "attribute_filter": _attribute_filter, "strip_comments": True,
            "link_rel": "noopener noreferrer", "url_schemes": set(URL_SCHEMES),
            "filter_style_properties": {"text-align"}}


@functools.cache
def _cleaner() -> Any:
    """The policy built once, with an nh3 that has ``Cleaner`` (newer releases), else None."""
    cleaner = getattr(nh3, "Cleaner", None)
    return cleaner(**_policy()) if cleaner is not None else None


def sanitise(fragment: str) -> str:
    """``fragment`` under the sanitising policy of the module docstring (comments dropped).

    With an nh3 that has ``Cleaner`` (newer releases), the policy is built once and
    reused: ``nh3.clean`` builds it again for every fragment, four times the cost of the
    cleaning itself on a location's text."""
    cleaner = _cleaner()
    if cleaner is not None:
        return str(cleaner.clean(fragment))
    return nh3.clean(fragment, **_policy())


@dataclass
class RenderedProse:
    """Markdown fields rendered by one ``MarkdownRenderer`` for another (``rendered``)."""

    html: dict[str, str] = field(default_factory=dict)
    prose: dict[tuple[str, str], Prose] = field(default_factory=dict)
    has_gm: dict[str, bool] = field(default_factory=dict)


class MarkdownError(MessageError):
    """The site's Markdown extensions cannot be loaded (a ``Text``: the build reports it in
    the campaign's language; the extension's own error is quoted as it is)."""


class MarkdownRenderer:
    """Renders Markdown fields with the site's extensions (see the module docstring)."""

    def __init__(self, extensions: Sequence[str | dict[str, Any]] = DEFAULT_EXTENSIONS) -> None:
        names, configs = extension_settings([*DEFAULT_EXTENSIONS, *extensions])
        try:
            self._md = pymarkdown.Markdown(extensions=names, extension_configs=configs)
        except Exception as exc:  # an extension missing or misconfigured in mkdocs.yml
            raise MarkdownError(N_(
                "cannot load the Markdown extensions %(names)s: %(error)s",
                names=", ".join(f"'{name}'" for name in names),
                error=f"{type(exc).__name__}: {exc}")) from exc
        self._cache: dict[tuple[str, str], Prose] = {}
        self._html: dict[str, str] = {}
        self._has_gm: dict[str, bool] = {}

    def html(self, text: str) -> str:
        """``text`` rendered and sanitised (GM blocks still in: see ``prose``). Each text is
        rendered once per renderer (``shared_renderer`` keeps one per configuration)."""
        found = self._html.get(text)
        if found is None:
            self._md.reset()
            found = self._html[text] = sanitise(self._md.convert(text))
        return found

    def prose(self, text: str | None, audience: Audience) -> Prose | None:
        """A Markdown field for ``audience``: for the players, GM blocks and everything after
        an unclosed comment are gone from it before it is stored."""
        if text is None:
            return None
        key = (text, audience)
        found = self._cache.get(key)
        if found is None:
            fragment = self.html(text)
            if audience == Audience.PLAYERS:
                fragment, self._has_gm[text] = strip_gm_found(fragment)
            found = self._cache[key] = Prose(fragment, audience)
        return found

    def has_gm(self, text: str) -> bool:
        """Whether ``text`` holds a GM block (as the players' rendering would remove it)."""
        found = self._has_gm.get(text)
        if found is None:
            # the players' prose finds it while it strips the GM blocks (strip_gm_found),
            # and the players' view may need that prose anyway
            self.prose(text, Audience.PLAYERS)
            found = self._has_gm[text]
        return found

    def rendered(self, texts: Iterable[str]) -> RenderedProse:
        """Each of ``texts`` rendered for both audiences, as ``prose`` and ``has_gm`` would
        leave it in this renderer's memo: for ``adopt`` by the renderer of the same
        extensions in another process (``site.ContentAhead``)."""
        out = RenderedProse()
        for text in texts:
            out.html[text] = self.html(text)
            for audience in (Audience.GM, Audience.PLAYERS):
                found = self.prose(text, audience)
                assert found is not None
                out.prose[(text, audience)] = found
            out.has_gm[text] = self.has_gm(text)
        return out

    def adopt(self, rendered: RenderedProse) -> None:
        """What ``rendered`` made in another process, taken into this renderer's memo (made
        with the same extensions, so each entry is what this renderer would make)."""
        self._html.update(rendered.html)
        self._cache.update(rendered.prose)
        self._has_gm.update(rendered.has_gm)

    def prose_all(self, texts: Iterable[str], audience: Audience) -> tuple[Prose, ...]:
        out = []
        for text in texts:
            prose = self.prose(text, audience)
            if prose is not None:
                out.append(prose)
        return tuple(out)


def shared_renderer(extensions: Sequence[str | dict[str, Any]]) -> MarkdownRenderer:
    """The renderer for the site's ``markdown_extensions``, one per configuration and process:
    the second audience of a build, and every build after the first (``hexcrawl serve``),
    find the fields it rendered already. (A renderer's memo holds what rendering its
    texts gives, nothing else: a cache, whoever uses it.)"""
    try:
        frozen = _frozen(list(extensions))
    except TypeError:  # a value that cannot be a key (a YAML set): a renderer of its own
        return MarkdownRenderer(extensions)
    return _renderer_for(frozen)


@functools.lru_cache(maxsize=16)
def _renderer_for(frozen: Hashable) -> MarkdownRenderer:
    thawed = _thawed(frozen)
    assert isinstance(thawed, list)
    return MarkdownRenderer(thawed)


def _frozen(value: Any) -> Hashable:
    """``value`` (the extensions of a site's mkdocs.yml: strings, numbers, lists, mappings)
    as a hashable value that tells apart what ``repr`` tells apart (``1`` and ``True``).
    Raises TypeError for a value of another kind that cannot be hashed."""
    if isinstance(value, dict):
        return ("dict", tuple((_frozen(k), _frozen(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(_frozen(v) for v in value))
    hash(value)
    return ("value", type(value).__name__, value)


def _thawed(frozen: Any) -> Any:
    kind, *rest = frozen
    if kind == "dict":
        return {_thawed(k): _thawed(v) for k, v in rest[0]}
    if kind in ("list", "tuple"):
        items = [_thawed(v) for v in rest[0]]
        return items if kind == "list" else tuple(items)
    return rest[1]


@functools.cache
def default_renderer() -> MarkdownRenderer:
    """A renderer with the sites' built-in Markdown extensions (``site.write_docs`` makes one
    from the site's own ``mkdocs.yml`` instead)."""
    return MarkdownRenderer()


def strip_gm(fragment: str) -> str:
    """Sanitised HTML without its GM elements and what follows an unclosed comment (kept as
    HTML, not yet made inert)."""
    return strip_gm_found(fragment)[0]


def strip_gm_found(fragment: str) -> tuple[str, bool]:
    """``strip_gm`` of ``fragment``, and whether it dropped anything: exactly when it differs
    from ``_reserialise`` (the same parse keeping everything), as every drop removes a
    non-empty part (a start tag, or a comment's opening) and adds nothing."""
    keep = _Keep(drop_gm=True)
    return keep.run(fragment), keep.dropped


def _reserialise(fragment: str) -> str:
    return _Keep(drop_gm=False).run(fragment)


class _Keep(_Inert):
    """``_Inert`` writing plain escaped HTML (no character references, no URL rewriting)."""

    def __init__(self, *, drop_gm: bool) -> None:
        super().__init__(drop_gm=drop_gm, inline=True, page=None)

    def run(self, fragment: str) -> str:
        self.feed(fragment)
        self.close()
        return "".join(self.out)

    def handle_data(self, data: str) -> None:
        kept = self.kept(data)
        if kept:
            self._emit(html.escape(kept, quote=False))


def gm_elements(page_html: str) -> Iterator[str]:
    """Start tags of elements of the GM class in a built page (the players' build must have
    none: ``site.build_sites`` fails if it does)."""
    found: list[str] = []

    class _Find(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if GM_CLASS in _classes(attrs):
                found.append(self.get_starttag_text() or tag)

    parser = _Find(convert_charrefs=True)
    parser.feed(page_html)
    parser.close()
    yield from found

