"""Every GM-typed string, escaped for the place a page puts it.

The page templates write Markdown, and anything a GM (or a pull request) typed reaches it: a
location's name in a heading, a session title in a link, a member's name in a table. So the
templates never see a view's raw strings. ``template_view`` hands them a copy of the view in
which

- every plain-text string (names, titles, tags, members, dates, the engine's log lines that
  quote them...) is ``inert`` ``Markup``: its Markdown-, HTML-, attr_list- and Jinja-
  significant characters written as character references, so ``Tom & Jerry's <Inn>`` or
  ``{{ 7*7 }}`` shows as typed in a body, a heading (and its anchor), a link, a table cell,
  an HTML attribute and the search index, and can never become markup;
- every Markdown field is ``Prose`` already (generator.content.markdown): rendered with the
  site's extensions, sanitised, and for the players without GM blocks; the chronicle's own
  Markdown strings (GM remarks, encounter results and notes) are made ``Prose`` here;
- ids, hex labels and the engine's enumerations (``RAW_FIELDS``: slugs, digits and words)
  stay as they are, because templates look things up by them.

A field not listed anywhere is escaped: a new field is safe before anyone thinks about it.

The other contexts of a page are covered where they are made: navigation titles and the site
name are HTML in the generated ``mkdocs.yml`` (``html_text``, dumped with yaml), each page's
``<title>`` comes from its ``title:`` front matter (``with_title``), and maps are SVG made by
svgwrite, which escapes text and attributes.
"""

from __future__ import annotations

import dataclasses
import functools
import html
from collections.abc import Callable
from html.parser import HTMLParser
from typing import Any, TypeVar

import markdown as pymarkdown  # type: ignore[import-untyped]
import yaml
from markupsafe import Markup

from generator.content.markdown import Prose, inert, split_front_matter

T = TypeVar("T")

#: Fields of the views and the chronicle that hold ids, labels, slugs, numbers as text or the
#: engine's enumerations: left as they are.
RAW_FIELDS = frozenset({
    # ids and labels
    "id", "slug", "label", "labels", "hex", "hexes", "start_hex", "end_hex", "believed_hex",
    "believed_start", "believed_end", "believed_entered", "believed_start_hex",
    "believed_hexes_entered", "hexes_entered", "revealed_hexes", "discovered", "explored",
    "new", "found", "revealed", "locations", "location", "table", "tables", "on", "region",
    "terrain", "terrains", "used_by", "stubs",
    # enumerations and notations the engine or the schema fixes
    "activity", "kind", "outcome", "purpose", "reason", "reaction", "visibility", "audience",
    "condition", "density", "heading", "intended_face", "exit_face", "environment", "side",
    "status", "con_check", "mount", "icon", "language", "color", "dice", "distance",
    "start", "now", "before", "after", "activities",
})
#: Strings of the chronicle (the GM's session pages) that are Markdown the GM wrote.
PROSE_FIELDS = frozenset({"gm_notes", "notes", "note", "result"})
#: Modules whose dataclasses are copied (others, like the hex grid, hold no typed text).
_MODULES = ("generator.knowledge", "generator.chronicle", "generator.rules.chase")

ProseFn = Callable[[str | None], Prose | None]


@functools.lru_cache(maxsize=65536)
def text(value: str) -> Markup:
    """Plain text for a Markdown page (see ``inert``): shows as typed wherever it lands."""
    return Markup(inert(value))


def template_view(view: T, prose: ProseFn, copies: dict[int, Any] | None = None) -> T:
    """A copy of ``view`` (a players' or GM view) for the templates: see the module
    docstring. ``prose`` renders the chronicle's Markdown strings for the view's audience.
    ``copies`` (``id`` of a part of the view -> its copy, made earlier) are used as they
    are; it is filled with every copy made."""
    memo: dict[int, Any] = copies if copies is not None else {}
    return _copy(view, None, prose, memo)  # type: ignore[no-any-return]


def _copy(value: Any, field: str | None, prose: ProseFn, memo: dict[int, Any]) -> Any:
    if value is None or isinstance(value, (bool, int, float, Prose, Markup)):
        return value
    if isinstance(value, str):
        if field in RAW_FIELDS:
            return value
        if field in PROSE_FIELDS:
            return prose(value)
        return text(value)
    key = id(value)
    if key in memo:
        return memo[key]
    out: Any
    if isinstance(value, tuple):
        items = [_copy(v, field, prose, memo) for v in value]
        if all(a is b for a, b in zip(items, value, strict=True)):
            out = value  # nothing to escape in it (a hex, labels, numbers): shared
        elif hasattr(value, "_fields"):  # a named tuple keeps its type
            out = type(value)(*items)
        else:
            out = tuple(items)
    elif isinstance(value, list):
        out = [_copy(v, field, prose, memo) for v in value]
    elif isinstance(value, (frozenset, set)):
        out = type(value)(_copy(v, field, prose, memo) for v in value)
    elif isinstance(value, dict):
        out = {k: _copy(v, field, prose, memo) for k, v in value.items()}
    elif type(value).__module__ in _MODULES and dataclasses.is_dataclass(value):
        changes: dict[str, Any] = {}
        for name in _init_fields(type(value)):
            old = getattr(value, name)
            new = _copy(old, name, prose, memo)
            if new is not old:
                changes[name] = new
        # a part with nothing to escape (numbers, ids, labels) is shared, not copied
        out = dataclasses.replace(value, **changes) if changes else value  # type: ignore[type-var]
    else:
        out = value
    memo[key] = out
    return out


_INIT_FIELDS: dict[type, tuple[str, ...]] = {}


def _init_fields(cls: type) -> tuple[str, ...]:
    names = _INIT_FIELDS.get(cls)
    if names is None:
        names = _INIT_FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls) if f.init)
    return names


# ------------------------------------------------------------------------------------------
# HTML contexts outside the Markdown: navigation, site name, <title>


def html_text(value: str) -> str:
    """Text for a context MkDocs' theme writes out as HTML unescaped (navigation titles,
    ``site_name``): ``<``, ``&`` and quotes as character references."""
    return html.escape(value, quote=True)


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


_TITLE_MARKDOWN: list[Any] = []


@functools.lru_cache(maxsize=8192)
def markdown_text(line: str) -> str:
    """What a line of the generated Markdown shows, as plain text (``# Tom &#38; Jerry`` ->
    ``Tom & Jerry``): rendered by Python-Markdown, tags dropped, references read."""
    if not _TITLE_MARKDOWN:
        _TITLE_MARKDOWN.append(pymarkdown.Markdown(extensions=["attr_list"]))
    md = _TITLE_MARKDOWN[0]
    md.reset()
    rendered = md.convert(line)
    parser = _Text()
    parser.feed(rendered)
    parser.close()
    return " ".join("".join(parser.parts).split())


def page_title(page: str) -> str | None:
    """The plain text of a generated page's first ``# `` heading (without its attr_list)."""
    for line in split_front_matter(page).body.splitlines():
        if line.startswith("# "):
            return markdown_text(line) or None
    return None


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
    return str(yaml.safe_dump({"title": title}, sort_keys=False, allow_unicode=True,
                              width=1000))
