"""Content errors in the browser while ``hexcrawl serve`` (or ``mkdocs serve``) runs.

The MkDocs hook (``generator/serve/hooks.py``) reloads and replays the campaign before every
rebuild. When the campaign has errors, it keeps the last good docs tree and records the
diagnostics here; every page MkDocs then builds is replaced by one error page listing them,
each with its position and the source line it points at. MkDocs' live-reload script is
injected into that page like into any other, so the browser reloads by itself once an edit
fixes the content, and the pages come back.

The state (``ServeState``) is the serve session's (``generator.serve.session``), not the hook
file's: MkDocs loads the hook file anew with every configuration it loads (each rebuild under
serve), and the state must outlive that.

Only a *serving* MkDocs shows the page. ``mkdocs build -f build/<audience>/mkdocs.yml`` on a
campaign with errors fails instead (a built site must never carry an error page, nor stale
pages that look current).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from generator.diagnostics import Diagnostic, display_path
from generator.i18n import Translator

#: The error page's template (standalone HTML: it must show without the theme's assets).
TEMPLATE = "serve-error.html"
#: Source lines shown around nothing: only the line a diagnostic points at, cut to this width.
EXCERPT_WIDTH = 160


@dataclass
class ServeState:
    """What the hook knows between rebuilds."""

    #: MkDocs' command, from ``on_startup`` (``serve``, ``build``, ``gh-deploy``), or None
    #: when the hook runs under an MkDocs without ``on_startup`` events.
    command: str | None = None
    #: The diagnostics of the last reload when it failed, else empty.
    failed: list[Diagnostic] = field(default_factory=list)
    language: str = "en"
    #: MkDocs builds dirty (``on_startup``'s ``dirty``: ``mkdocs serve --dirty``, hexcrawl
    #: serve): only the pages whose Markdown changed
    dirty: bool = False

    @property
    def serving(self) -> bool:
        return self.command == "serve"


@dataclass(frozen=True)
class ShownDiagnostic:
    """One diagnostic as the page shows it."""

    where: str
    severity: str
    message: str
    #: the source line the position points at, and the caret's column (0-based), if known
    line: str | None
    caret: int


def excerpt(path: str, line: int, col: int) -> tuple[str | None, int]:
    """The source line ``line`` (1-based) of ``path``, tabs expanded, and the caret column.

    >>> import tempfile, os
    >>> with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as f:
    ...     _ = f.write('a: 1\\n"0304": {terrain: forrest}\\n')
    >>> excerpt(f.name, 2, 19)
    ('"0304": {terrain: forrest}', 18)
    >>> os.unlink(f.name)
    """
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            for number, text in enumerate(fh, start=1):
                if number == line:
                    text = text.rstrip("\r\n").expandtabs(4)
                    caret = max(0, min(col - 1, len(text)))
                    if len(text) > EXCERPT_WIDTH:
                        start = max(0, min(caret - EXCERPT_WIDTH // 2,
                                           len(text) - EXCERPT_WIDTH))
                        text = text[start:start + EXCERPT_WIDTH]
                        caret -= start
                    return text, caret
                if number > line:
                    break
    except OSError:
        pass
    return None, 0


def shown(diagnostics: Sequence[Diagnostic]) -> list[ShownDiagnostic]:
    """Errors first, then warnings, each in file order, with their source lines."""
    out: list[ShownDiagnostic] = []
    for d in sorted(diagnostics, key=lambda d: (d.severity != "error", d.pos)):
        source, caret = excerpt(d.pos.path, d.pos.line, d.pos.col)
        where = f"{display_path(Path(d.pos.path))}:{d.pos.line}:{d.pos.col}"
        out.append(ShownDiagnostic(where, d.severity, d.message, source, caret))
    return out


def error_page(diagnostics: Sequence[Diagnostic], language: str = "en",
               site_name: str = "") -> str:
    """The HTML of the page that stands in for every page while the content has errors."""
    # the hook imports this module on every MkDocs start (the serve session's state); the
    # page renderer, with everything it draws, is needed only when there are errors to show
    from generator.render.environment import html_environment
    from generator.render.pages import TEMPLATES

    t = Translator(language)
    env = html_environment(TEMPLATES, t)
    items = shown(diagnostics)
    errors = sum(1 for d in items if d.severity == "error")
    return env.get_template(TEMPLATE).render(
        language=t.language, site_name=site_name, items=items,
        errors=errors, warnings=len(items) - errors)


__all__ = ["ServeState", "error_page", "excerpt", "shown"]
