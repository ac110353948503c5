"""The page templates' Jinja environment: where templates are found, their filters and
their translator.

Templates live in ``site_templates/pages``; a campaign overrides any of them with a
same-named file in ``<content>/templates/``. They run with ``StrictUndefined``: asking an
object for a field it does not have fails the build instead of printing nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import jinja2

from generator import i18n
from generator.content.markdown import Prose
from generator.i18n import Translator
from generator.package_data import SITE_TEMPLATES
from generator.render.templates import TemplateFiles, template_cache
from generator.slug import slugify

TEMPLATES = SITE_TEMPLATES
PAGE_TEMPLATES = TEMPLATES / "pages"


def cell(value: object) -> str:
    """Text safe inside a Markdown table cell (Prose on one line)."""
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


#: Jinja environments by (language, override folder): each template is compiled once per
#: process, for every build of every audience (Jinja reloads a template whose file changed).
_ENVIRONMENTS: dict[tuple[str, str | None], tuple[jinja2.Environment, Translator]] = {}


def environment(language: str, overrides: Path | None) -> tuple[jinja2.Environment, Translator]:
    """The page templates' environment for ``language`` (and the campaign's overrides),
    with its translator."""
    folder = str(overrides) if overrides is not None and overrides.is_dir() else None
    key = (language, folder)
    if key not in _ENVIRONMENTS:
        t = Translator(language)
        loaders: list[jinja2.BaseLoader] = []
        if folder is not None:
            loaders.append(TemplateFiles(folder))
        loaders.append(TemplateFiles(str(PAGE_TEMPLATES)))
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
        env.bytecode_cache = template_cache(env)
        _ENVIRONMENTS[key] = (env, t)
    return _ENVIRONMENTS[key]
