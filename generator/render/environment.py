"""The Jinja environment of every template that writes Markdown: where templates are
found, their filters and their translator.

The site's pages (``site_templates/pages``, overridden by same-named files in
``<content>/templates/``) and the reference sheets (``site_templates/reference``, overridden in
``<campaign>/templates/reference/``) are made by one factory, ``markdown_environment``: the
same options, the same filters (one ``cell``) and the same translator, only the template folders
differ (each keeps its own names, so a campaign's override that imports ``_macros.md`` gets the
macros of its own kind of page). Templates run with ``StrictUndefined``: asking an object for a
field it does not have fails the build instead of printing nothing.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from pathlib import Path

import jinja2

from generator import i18n
from generator.content.markdown import Prose
from generator.i18n import Translator
from generator.package_data import SITE_TEMPLATES
from generator.render.escape import text
from generator.render.templates import TemplateFiles, template_cache
from generator.slug import slugify

TEMPLATES = SITE_TEMPLATES
PAGE_TEMPLATES = TEMPLATES / "pages"


def cell(value: object) -> str:
    """Text safe inside a Markdown table cell: Prose on one line, otherwise pipes escaped
    and line breaks made ``<br>`` (the reference sheets' cells hold single lines)."""
    if isinstance(value, Prose):
        return value.inline()
    return str(value if value is not None else "").replace("|", "\\|").replace("\n", "<br>")


def inline(value: object) -> str:
    """A Prose field on one line (inside a list item, a sentence or a cell)."""
    if isinstance(value, Prose):
        return value.inline()
    return "" if value is None else str(value)


def quoted(value: object) -> str:
    """A Prose field as a block quote (chronicle notes)."""
    if isinstance(value, Prose):
        return value.quoted()
    return quote(str(value))


def runs(numbers: Iterable[int]) -> list[tuple[int, int]]:
    """Consecutive numbers as (first, last) runs: 1 2 3 5 -> (1, 3), (5, 5)."""
    out: list[tuple[int, int]] = []
    for n in numbers:
        if out and n == out[-1][1] + 1:
            out[-1] = (out[-1][0], n)
        else:
            out.append((n, n))
    return out


def quote(text: str) -> str:
    """Text for a Markdown block quote (every line prefixed)."""
    return "\n".join(f"> {line}" if line.strip() else ">" for line in text.splitlines())


def environment(language: str, overrides: Path | None) -> tuple[jinja2.Environment, Translator]:
    """The page templates' environment for ``language`` (and the campaign's overrides),
    with its translator."""
    return markdown_environment(language, overrides, PAGE_TEMPLATES)


def markdown_environment(language: str, overrides: Path | None,
                         shipped: Path) -> tuple[jinja2.Environment, Translator]:
    """The environment of the templates of folder ``shipped`` (the pages', the reference
    sheets') for ``language``, a same-named file of ``overrides`` (a folder, if it is one)
    taking a shipped template's place; with its translator."""
    folder = str(overrides) if overrides is not None and overrides.is_dir() else None
    return _environment(language, folder, str(shipped))


@functools.lru_cache(maxsize=32)
def _environment(language: str, folder: str | None,
                 shipped: str) -> tuple[jinja2.Environment, Translator]:
    """One environment per (language, override folder, shipped folder): each template is
    compiled once per process, for every build of every audience (Jinja reloads a template
    whose file changed)."""
    t = Translator(language)
    loaders: list[jinja2.BaseLoader] = []
    if folder is not None:
        loaders.append(TemplateFiles(folder))
    loaders.append(TemplateFiles(shipped))
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(loaders), undefined=jinja2.StrictUndefined,
        autoescape=False, trim_blocks=True, lstrip_blocks=True,
        keep_trailing_newline=True)
    i18n.install(env, t)
    env.filters["cell"] = cell
    env.filters["inline"] = inline
    env.filters["quoted"] = quoted
    env.filters["quote"] = quote
    env.filters["num"] = t.number  # 4.5, 4,5: the language's decimals
    env.filters["slug"] = slugify
    env.filters["runs"] = runs
    # what the engine said (a watch's summary, a roll's detail), phrased in the
    # language and escaped: it holds the campaign's names
    env.filters["said"] = lambda said: text(t.said(said))
    # a message made before the language was known (a watch's warning), translated and
    # escaped the same way
    env.filters["message"] = lambda message: text(t.text(message))
    # compiled templates kept between runs (Jinja's own cache; None where none can be made)
    env.bytecode_cache = template_cache(env)
    return env, t
