"""The Jinja environment of every template that writes Markdown: where templates are
found, their filters, their translator, and how they write values out.

The site's pages (``site_templates/pages``, overridden by same-named files in
``<content>/templates/``) and the reference sheets (``site_templates/reference``, overridden in
``<campaign>/templates/reference/``) are made by one factory, ``markdown_environment``: the
same options, the same filters (one ``cell``) and the same translator, only the template folders
differ (each keeps its own names, so a campaign's override that imports ``_macros.md`` gets the
macros of its own kind of page). Templates run with ``StrictUndefined``: asking an object for a
field it does not have fails the build instead of printing nothing.

Values are escaped on output, safe by default (``generator.render.escape``): the environment
autoescapes with ``shown`` as its ``finalize``, so every plain string a template writes out is
made ``inert``, ``Prose`` is written as its sanitised block and Markup (``PageMarkup``: the
interface words, a macro's output, a helper's table rows) as it is. What builds strings in a
template keeps to the same rule: in a concatenation (``~``) the template's own string literals
are markup and the values are escaped; ``join`` escapes the items (its separator is the
template's); ``replace``, ``format`` and ``e`` escape the way the page does, never merely for
HTML.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import jinja2
from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.filters import make_attrgetter
from markupsafe import Markup

from generator import i18n
from generator.content.markdown import Prose
from generator.dice import Said
from generator.i18n import Translator
from generator.package_data import SITE_TEMPLATES
from generator.render.escape import PageMarkup, shown, text
from generator.render.templates import TemplateFiles, template_cache
from generator.slug import slugify

TEMPLATES = SITE_TEMPLATES
PAGE_TEMPLATES = TEMPLATES / "pages"


def cell(value: object) -> PageMarkup:
    """Text safe inside a Markdown table cell: Prose on one line; Markup with its pipes
    escaped and line breaks made ``<br>``; anything else made inert line by line, the lines
    joined by ``<br>`` (the reference sheets' cells hold single lines)."""
    if isinstance(value, Prose):
        return PageMarkup(value.inline())
    if value is None:
        return PageMarkup("")
    if isinstance(value, Markup):
        return PageMarkup(str(value).replace("|", "\\|").replace("\n", "<br>"))
    return PageMarkup("<br>").join(str(value).split("\n"))


def inline(value: object) -> PageMarkup:
    """A Prose field on one line (inside a list item, a sentence or a cell)."""
    if isinstance(value, Prose):
        return PageMarkup(value.inline())
    return PageMarkup("") if value is None else PageMarkup.escape(value)


def quoted(value: object) -> PageMarkup:
    """A Prose field as a block quote (chronicle notes)."""
    if isinstance(value, Prose):
        return PageMarkup(value.quoted())
    return quote(PageMarkup.escape(value))


def quote(value: object) -> PageMarkup:
    """Text for a Markdown block quote (every line prefixed)."""
    lines = PageMarkup.escape(value).splitlines()
    return PageMarkup("\n").join(PageMarkup("> ") + line if line.strip() else PageMarkup(">")
                                 for line in lines)


@jinja2.pass_environment
def join(env: jinja2.Environment, value: Iterable[Any], d: str = "",
         attribute: str | int | None = None) -> PageMarkup:
    """Jinja's ``join`` for the pages: each item escaped (``PageMarkup.escape``), the
    separator written as the template gives it (its own text)."""
    items: Iterable[Any] = value
    if attribute is not None:
        items = map(make_attrgetter(env, attribute), value)
    return PageMarkup(d).join(items)


def replace(value: object, old: str, new: str, count: int | None = None) -> object:
    """Jinja's ``replace`` for the pages: in Markup, ``old`` and ``new`` escaped as the page
    escapes; in a plain string, a plain string (escaped when written out)."""
    if hasattr(value, "__html__"):
        return PageMarkup.escape(value).replace(old, new, -1 if count is None else count)
    return str(value).replace(str(old), str(new), -1 if count is None else count)


def format_(value: object, *args: Any, **kwargs: Any) -> object:
    """Jinja's ``format`` for the pages: Markup filled with escaped values; a plain string
    filled as it is (and escaped when written out)."""
    filling: Any = kwargs or args
    if hasattr(value, "__html__"):
        return PageMarkup.escape(value) % filling
    return str(value) % filling


def runs(numbers: Iterable[int]) -> list[tuple[int, int]]:
    """Consecutive numbers as (first, last) runs: 1 2 3 5 -> (1, 3), (5, 5)."""
    out: list[tuple[int, int]] = []
    for n in numbers:
        if out and n == out[-1][1] + 1:
            out[-1] = (out[-1][0], n)
        else:
            out.append((n, n))
    return out


class PageTranslator(Translator):
    """The translator the templates get as ``t``: its phrases (``gettext``, ``label``,
    ``count``, ``when``...) are ``PageMarkup``, the values filling them escaped; what the
    engine said (``said``) is phrased by the plain translator (``plain``) and escaped
    whole. Navigation titles, maps and Python code that writes no page use ``plain``."""

    def __init__(self, language: str) -> None:
        super().__init__(language)
        self.plain = Translator(language)

    def gettext(self, message: str, /, **values: Any) -> str:
        return PageMarkup(self.catalogue.gettext(message)) % values

    def pgettext(self, context: str, message: str, /, **values: Any) -> str:
        return PageMarkup(self.catalogue.pgettext(context, message)) % values

    def ngettext(self, singular: str, plural: str, n: int, /, **values: Any) -> str:
        values.setdefault("num", n)
        return PageMarkup(self.catalogue.ngettext(singular, plural, n)) % values

    def npgettext(self, context: str, singular: str, plural: str, n: int, /,
                  **values: Any) -> str:
        values.setdefault("num", n)
        return PageMarkup(self.catalogue.npgettext(context, singular, plural, n)) % values

    def said(self, said: Said | Sequence[Said] | None) -> str:
        return text(self.plain.said(said))


def page_translator(t: Translator) -> PageTranslator:
    """``t`` as the templates' translator (itself, or one of its language)."""
    return t if isinstance(t, PageTranslator) else _page_translator(t.language)


@functools.lru_cache(maxsize=8)
def _page_translator(language: str) -> PageTranslator:
    return PageTranslator(language)


class _Generator(CodeGenerator):
    """Jinja's code generator, but a concatenation (``~``) is made by the environment's
    ``join_parts``, told which of its parts are the template's own string literals."""

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        literals = tuple(i for i, part in enumerate(node.nodes)
                         if isinstance(part, nodes.Const) and isinstance(part.value, str))
        self.write("environment.join_parts((")
        for part in node.nodes:
            self.visit(part, frame)
            self.write(", ")
        self.write(f"), {literals!r})")


class PageEnvironment(jinja2.Environment):
    """The environment of the Markdown templates (see the module docstring)."""

    code_generator_class = _Generator
    #: what the compiled templates depend on besides Jinja's own code (the bytecode cache's
    #: folder is named by it): changed with ``_Generator`` or ``join_parts``
    code_version = 1

    @staticmethod
    def join_parts(parts: Sequence[Any], literals: tuple[int, ...]) -> str:
        """``a ~ b ~ c``: with a literal or Markup among the parts, PageMarkup of the
        literals as written and the values escaped; else the plain string (escaped when
        written out)."""
        if not literals and not any(hasattr(part, "__html__") for part in parts):
            return "".join(map(str, parts))
        return PageMarkup("").join(PageMarkup(part) if i in literals else part
                                   for i, part in enumerate(parts))


def environment(language: str,
                overrides: Path | None) -> tuple[jinja2.Environment, PageTranslator]:
    """The page templates' environment for ``language`` (and the campaign's overrides),
    with its translator."""
    return markdown_environment(language, overrides, PAGE_TEMPLATES)


def markdown_environment(language: str, overrides: Path | None,
                         shipped: Path) -> tuple[jinja2.Environment, PageTranslator]:
    """The environment of the templates of folder ``shipped`` (the pages', the reference
    sheets') for ``language``, a same-named file of ``overrides`` (a folder, if it is one)
    taking a shipped template's place; with its translator."""
    folder = str(overrides) if overrides is not None and overrides.is_dir() else None
    return _environment(language, folder, str(shipped))


@functools.lru_cache(maxsize=32)
def _environment(language: str, folder: str | None,
                 shipped: str) -> tuple[jinja2.Environment, PageTranslator]:
    """One environment per (language, override folder, shipped folder): each template is
    compiled once per process, for every build of every audience (Jinja reloads a template
    whose file changed)."""
    t = PageTranslator(language)
    loaders: list[jinja2.BaseLoader] = []
    if folder is not None:
        loaders.append(TemplateFiles(folder))
    loaders.append(TemplateFiles(shipped))
    env = PageEnvironment(
        loader=jinja2.ChoiceLoader(loaders), undefined=jinja2.StrictUndefined,
        autoescape=True, finalize=shown, trim_blocks=True, lstrip_blocks=True,
        keep_trailing_newline=True)
    i18n.install(env, t, PageMarkup)
    env.filters["cell"] = cell
    env.filters["inline"] = inline
    env.filters["quoted"] = quoted
    env.filters["quote"] = quote
    env.filters["join"] = join
    env.filters["replace"] = replace
    env.filters["format"] = format_
    env.filters["e"] = env.filters["escape"] = env.filters["forceescape"] = PageMarkup.escape
    env.filters["num"] = t.number  # 4.5, 4,5: the language's decimals
    env.filters["slug"] = slugify
    env.filters["runs"] = runs
    # what the engine said (a watch's summary, a roll's detail), phrased in the
    # language and escaped: it holds the campaign's names
    env.filters["said"] = t.said
    # a message made before the language was known (a watch's warning), translated; escaped
    # on output like every plain string
    env.filters["message"] = t.text
    # compiled templates kept between runs (Jinja's own cache; None where none can be made)
    env.bytecode_cache = template_cache(env)
    return env, t
