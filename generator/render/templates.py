"""Jinja templates read and run like content: within limits, and never a traceback.

The site's pages (``generator.render.pages``) and the reference sheets
(``generator.reference.render``) both take templates from the package and from the
campaign's ``templates/`` folder. A campaign's template is read like a content file (at most
``yamlpos.MAX_FILE_BYTES``, UTF-8 with the place of the first bad byte), and one that fails
while it renders (``{{ 1/0 }}``, an undefined name, an ``{% include %}`` of itself, a syntax
error) raises ``SourceError`` at its file and line.
"""

from __future__ import annotations

import hashlib
import os
import traceback
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import jinja2
from jinja2.bccache import Bucket
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


# ------------------------------------------------------------------------------------------
# hexcrawl's own templates compiled once per machine

#: Where compiled templates are kept: a folder, or ``none`` for no cache (the default is the
#: user's cache folder, ``~/.cache/hexcrawl`` on Linux)
CACHE_ENV = "HEXCRAWL_CACHE_DIR"


def cache_dir() -> Path | None:
    """The folder of hexcrawl's caches (``HEXCRAWL_CACHE_DIR``, else the user's cache folder),
    or None when turned off."""
    value = os.environ.get(CACHE_ENV, "").strip()
    if value.lower() == "none":
        return None
    if value:
        return Path(value)
    import platformdirs
    return Path(platformdirs.user_cache_dir("hexcrawl", appauthor=False))


class PackageTemplatesCache(jinja2.FileSystemBytecodeCache):
    """Jinja's bytecode cache for the templates that ship in the package, as Python keeps
    ``.pyc`` files: a build compiles them only the first time on a machine (a third of a
    second for the page templates). The campaign's own templates are compiled every time
    (they are few, and the cache is not to fill with the paths of every folder ever built).
    An entry is used only by an environment of the same settings (``fingerprint``), the same
    Jinja and Python, for the same file with the same text (Jinja compares a checksum of the
    source); a cache that cannot be read or written is a cache that misses, never an error."""

    def __init__(self, directory: str, fingerprint: str, roots: tuple[str, ...]) -> None:
        super().__init__(directory, f"templates-{fingerprint}-%s.cache")
        self.roots = tuple(os.path.join(os.path.normpath(r), "") for r in roots)

    def get_cache_key(self, name: str, filename: str | None = None) -> str:
        if filename is None or not os.path.normpath(filename).startswith(self.roots):
            return ""  # not hexcrawl's own: never loaded nor stored
        return super().get_cache_key(name, filename)

    def load_bytecode(self, bucket: Bucket) -> None:
        if not bucket.key:
            return
        try:
            super().load_bytecode(bucket)
        except Exception:  # noqa: BLE001 - unreadable or damaged: compiled again
            bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        if not bucket.key:
            return
        try:
            super().dump_bytecode(bucket)
        except OSError:  # a read-only or full disk: no cache this time
            pass


def fingerprint(env: jinja2.Environment) -> str:
    """What of ``env``'s settings changes the code its templates compile to."""
    settings = (
        jinja2.__version__, sorted(env.extensions),
        env.block_start_string, env.block_end_string, env.variable_start_string,
        env.variable_end_string, env.comment_start_string, env.comment_end_string,
        env.line_statement_prefix, env.line_comment_prefix, env.trim_blocks,
        env.lstrip_blocks, env.newline_sequence, env.keep_trailing_newline, env.optimized,
        env.is_async, env.autoescape if isinstance(env.autoescape, bool) else "callable",
        getattr(env, "newstyle_gettext", None))
    return hashlib.sha256(repr(settings).encode()).hexdigest()[:16]


def cache_compiled(env: jinja2.Environment, *roots: Path) -> None:
    """Give ``env`` the bytecode cache of the package's templates under ``roots`` (call it
    once the environment's extensions are installed). Without a usable cache folder the
    environment compiles as before."""
    folder = cache_dir()
    if folder is None:
        return
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        return
    env.bytecode_cache = PackageTemplatesCache(str(folder), fingerprint(env),
                                               tuple(str(r) for r in roots))
