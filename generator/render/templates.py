"""Jinja templates read and run like content: within limits, and never a traceback.

The site's pages (``generator.render.pages``) and the reference sheets
(``generator.reference.render``) both take templates from the package and from the
campaign's ``templates/`` folder. A campaign's template is read like a content file (at most
``yamlpos.MAX_FILE_BYTES``, UTF-8 with the place of the first bad byte), and one that fails
while it renders (``{{ 1/0 }}``, an undefined name, an ``{% include %}`` of itself, a syntax
error) raises ``SourceError`` at its file and line.
"""

from __future__ import annotations

import os
import traceback
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import jinja2
from jinja2.loaders import split_template_path

from generator.content.yamlpos import read_text
from generator.diagnostics import Pos, SourceError, display_path

#: What template files are named (for placing an error raised inside one)
TEMPLATE_SUFFIXES = (".md", ".html", ".svg", ".txt", ".j2", ".jinja")


class TemplateFiles(jinja2.FileSystemLoader):
    """Templates read like content files: within the size limit, and a file that is not
    UTF-8 is an error at the line and column of its first bad byte."""

    def get_source(self, environment: jinja2.Environment,
                   template: str) -> tuple[str, str, Callable[[], bool]]:
        pieces = split_template_path(template)
        for folder in self.searchpath:
            path = Path(folder, *pieces)
            if path.exists():  # a folder in a template's place is an error (read_text)
                text = read_text(path, display_path(path))
                return text, os.path.normpath(path), _unchanged(path)
        raise jinja2.TemplateNotFound(template)


def _unchanged(path: Path) -> Callable[[], bool]:
    mtime = path.stat().st_mtime
    return lambda: path.is_file() and path.stat().st_mtime == mtime


def render(env: jinja2.Environment, template: str, values: Mapping[str, Any]) -> str:
    """``template`` of ``env`` rendered with ``values``. Raises ``SourceError`` at the
    template's file and line when it cannot be read or fails."""
    try:
        return env.get_template(template).render(values)
    except SourceError:
        raise
    except jinja2.TemplateSyntaxError as exc:
        where = Pos(display_path(Path(exc.filename)) if exc.filename else template,
                    exc.lineno or 1)
        raise SourceError(where, f"template syntax: {exc.message}") from None
    except RecursionError as exc:
        raise _failure(exc, template, "templates include each other without end (an "
                       "{% include %} of a template that includes it)") from None
    except Exception as exc:  # anything a template's own code raises: {{ 1/0 }}
        raise _failure(exc, template, f"the template failed: {type(exc).__name__}: "
                       f"{exc}") from None


def _failure(exc: BaseException, template: str, message: str) -> SourceError:
    """``exc`` raised while a template ran, placed at the innermost template line (jinja2
    rewrites tracebacks so that template code shows as frames of the template file)."""
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        name = frame.filename
        if name.endswith(TEMPLATE_SUFFIXES) and os.path.isfile(name):
            return SourceError(Pos(display_path(Path(name)), frame.lineno or 1), message)
    return SourceError(Pos(template), message)


def templates_fingerprint(*folders: Path | None) -> tuple[tuple[str, int, int], ...]:
    """Every template file of ``folders`` with its size and modification time: a rendered
    page stays valid while this does."""
    out: list[tuple[str, int, int]] = []
    for folder in folders:
        if folder is None or not folder.is_dir():
            continue
        for dirpath, _, names in os.walk(folder):
            for name in names:
                path = os.path.join(dirpath, name)
                try:
                    st = os.stat(path)
                except OSError:
                    continue
                out.append((path, st.st_size, st.st_mtime_ns))
    return tuple(sorted(out))
