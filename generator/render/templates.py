"""Jinja templates read and run like content: within limits, and never a traceback.

The site's pages (``generator.render.pages``) and the reference sheets
(``generator.reference.render``) both take templates from the package and from the
campaign's ``templates/`` folder. A campaign's template is read like a content file (at most
``yamlpos.MAX_FILE_BYTES``, UTF-8 with the place of the first bad byte), and one that fails
while it renders (``{{ 1/0 }}``, an undefined name, an ``{% include %}`` of itself, a syntax
error) raises ``SourceError`` at its file and line.

Every environment keeps the templates it compiled in Jinja's own bytecode cache
(``template_cache``): compiling the sheets' and pages' templates from source was a third of
the generator's time on a campaign of real size.
"""

from __future__ import annotations

import hashlib
import os
import sys
import traceback
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import jinja2
import platformdirs
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


def template_cache(env: jinja2.Environment,
                   root: Path | None = None) -> jinja2.FileSystemBytecodeCache | None:
    """Jinja's bytecode cache for ``env``, in the user's cache folder (``root``, by default
    ``platformdirs.user_cache_dir("hexcrawl")``, e.g. ``~/.cache/hexcrawl``), or None where
    that folder cannot be made (a read-only home): templates are then compiled as before.

    Jinja keys each compiled template by its name and file and checks it against a hash of
    the source, so an edited template (a campaign's override) is compiled again; it writes
    each file to a temporary name and renames it, so builds running at once never read half
    a file. What the key leaves out and the compiled code depends on, the Jinja and Python
    versions and the environment's syntax, extensions, code generator and what its filters
    and tests are passed, names the folder. Call it once the environment has its extensions
    and filters."""
    settings = repr((
        jinja2.__version__, sys.version_info[:2], env.block_start_string,
        env.block_end_string, env.variable_start_string, env.variable_end_string,
        env.comment_start_string, env.comment_end_string, env.line_statement_prefix,
        env.line_comment_prefix, env.trim_blocks, env.lstrip_blocks, env.newline_sequence,
        env.keep_trailing_newline, env.optimized, env.is_async,
        _callable_name(env.autoescape), _callable_name(env.finalize),
        _callable_name(env.code_generator_class), getattr(env, "code_version", None),
        sorted(env.extensions), _pass_args(env.filters), _pass_args(env.tests)))
    digest = hashlib.sha256(settings.encode()).hexdigest()[:16]
    base = root if root is not None else Path(platformdirs.user_cache_dir("hexcrawl",
                                                                          appauthor=False))
    folder = base / "templates" / digest
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    if not os.access(folder, os.W_OK):
        return None
    return jinja2.FileSystemBytecodeCache(str(folder), "%s.jinja")


def _pass_args(functions: Mapping[str, Any]) -> list[tuple[str, str]]:
    """What each filter (or test) is passed besides its arguments (the context, the
    environment...): compiled into the templates' code that calls it."""
    return sorted((name, str(getattr(f, "jinja_pass_arg", ""))) for name, f in functions.items())


def _callable_name(value: object) -> object:
    if callable(value):
        return f"{getattr(value, '__module__', '')}.{getattr(value, '__qualname__', '')}"
    return value


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
