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
``<title>`` comes from its ``title:`` front matter (``with_title``), and maps and diagrams are SVG
written by ``generator.render.maps.svg``, which escapes text and attributes.
"""

from __future__ import annotations

import dataclasses
import functools
import html
import re
from collections.abc import Callable
from fractions import Fraction
from html.parser import HTMLParser
from typing import Any, TypeVar

import markdown as pymarkdown  # type: ignore[import-untyped]
import yaml
from markupsafe import Markup

from generator.content.frontmatter import split_front_matter
from generator.content.markdown import Prose, inert

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
    "start", "now", "before", "after", "activities", "known",
})
#: Strings of the chronicle (the GM's session pages) that are Markdown the GM wrote.
PROSE_FIELDS = frozenset({"gm_notes", "notes", "note", "result", "tell"})
#: Modules whose dataclasses are copied (others, like the hex grid, hold no typed text).
_MODULES = ("generator.knowledge.views", "generator.rules.chronicle", "generator.rules.chase")

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


#: Values that are never copied or escaped, by exact type (``_copy``' first test, made
#: without a call for the items of containers and the fields of dataclasses)
_KEPT: frozenset[type] = frozenset({type(None), bool, int, float, Fraction, Prose, Markup})
#: ... and in a field of ids and labels (RAW_FIELDS)
_KEPT_RAW = _KEPT | {str}
#: How ``_copy`` treats a str in a field: left as it is, made Prose, or made inert text
_RAW, _PROSE, _TEXT = 0, 1, 2


def _string_kind(field: str | None) -> int:
    if field in RAW_FIELDS:
        return _RAW
    if field in PROSE_FIELDS:
        return _PROSE
    return _TEXT


def _copy(value: Any, field: str | None, prose: ProseFn, memo: dict[int, Any]) -> Any:
    cls = type(value)
    if cls in _KEPT:
        return value
    if cls is str:
        kind = _string_kind(field)
        return value if kind == _RAW else prose(value) if kind == _PROSE else text(value)
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
        items = _items(value, field, prose, memo)
        if all(a is b for a, b in zip(items, value, strict=True)):
            out = value  # nothing to escape in it (a hex, labels, numbers): shared
        elif hasattr(value, "_fields"):  # a named tuple keeps its type
            out = type(value)(*items)
        else:
            out = tuple(items)
    elif isinstance(value, list):
        out = _items(value, field, prose, memo)
    elif isinstance(value, (frozenset, set)):
        items = _items(value, field, prose, memo)
        if cls is frozenset and all(a is b for a, b in zip(items, value, strict=True)):
            out = value  # nothing to escape in it (explored hexes): shared, as it cannot change
        else:
            out = type(value)(items)
    elif isinstance(value, dict):
        out = {k: _copy(v, field, prose, memo) for k, v in value.items()}
    elif cls.__module__ in _MODULES and dataclasses.is_dataclass(value):
        out = _copy_dataclass(value, prose, memo)
    else:
        out = value
    memo[key] = out
    return out


def _items(value: list[Any] | tuple[Any, ...] | set[Any] | frozenset[Any],
           field: str | None, prose: ProseFn, memo: dict[int, Any]) -> list[Any]:
    """The copies of the items of a list, tuple or set in ``field`` (``_copy`` of each), in
    its order."""
    if _string_kind(field) == _RAW:
        return [v if type(v) in _KEPT_RAW else _copy(v, field, prose, memo) for v in value]
    return [v if type(v) in _KEPT else _copy(v, field, prose, memo) for v in value]


def _copy_dataclass(value: Any, prose: ProseFn, memo: dict[int, Any]) -> Any:
    """A view's or the chronicle's dataclass with its fields copied (``_copy``); the same
    object when no field changes (numbers, ids, labels): shared, not copied."""
    cls: type = type(value)
    plan = _plan(cls)
    fields, made = plan
    # the fields as the class's own __init__ (made by @dataclass) set them
    attributes = value.__dict__ if made else None
    changes: dict[str, Any] | None = None
    new: Any
    for name, kind in fields:
        old = attributes[name] if attributes is not None else getattr(value, name)
        kept = type(old)
        if kept in _KEPT or (kept is str and kind == _RAW):
            continue
        if kept is str:
            new = prose(old) if kind == _PROSE else text(old)
        elif kept is list:  # what _copy makes of a list, without its tests (rolls, dice)
            new = memo.get(id(old))
            if new is None:
                keep = _KEPT_RAW if kind == _RAW else _KEPT
                new = memo[id(old)] = [v if type(v) in keep else _copy(v, name, prose, memo)
                                       for v in old]
        else:
            new = _copy(old, name, prose, memo)
        if new is not old:
            if changes is None:
                changes = {}
            changes[name] = new
    if changes is None:
        return value
    if attributes is None:
        return dataclasses.replace(value, **changes)
    # what dataclasses.replace makes, without its checks and keyword arguments: an object
    # of the class with these fields and nothing else in its __dict__
    copied = {name: attributes[name] for name, _kind in fields}
    copied.update(changes)
    out: Any = object.__new__(cls)
    object.__setattr__(out, "__dict__", copied)
    return out


@functools.cache
def _plan(cls: type) -> tuple[tuple[tuple[str, int], ...], bool]:
    """Of a dataclass: its init fields with how a str in each is treated, and whether a
    copy may be made by setting its fields."""
    fields = dataclasses.fields(cls)
    init = getattr(cls, "__init__", None)
    code = getattr(init, "__code__", None)
    made = (all(f.init for f in fields) and not hasattr(cls, "__post_init__")
            and "__slots__" not in cls.__dict__ and code is not None
            and code.co_qualname == "__create_fn__.<locals>.__init__")
    return tuple((f.name, _string_kind(f.name)) for f in fields if f.init), made


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
    breaks some lines elsewhere; tests/test_escape.py compares the two)."""
    return len(title) < 500 and title.isprintable() and all(ch < "\U00010000" for ch in title)
