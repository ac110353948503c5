"""The secrets check of a load: every Markdown field the players may read, checked for GM
blocks that would be public (``content.gmprobe``), and each problem reported at its place in
the file (docs/security.md, "GM blocks fail closed").

The fields are a location's body (unless the location is ``gm_only``) and the Markdown text
fields of the YAML files (``description``, ``summary``, ``notes``, ``note``, ``tell``,
``result``), but those the players never read: a ``gm:`` remark, the note of an encounter
or a chase, and the rows of a table only the GM sees. A position inside a YAML text is the
line and column in the file: exact in a ``|`` block, found by the line's text in the others.

Errors are errors of the load (``check`` and ``build`` fail, the old site stays); warnings
have the kind ``secrets``, which ``check --strict`` makes errors.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from generator.content.gmprobe import Finding, find_secrets
from generator.content.secrets import lines_of, phrases, words_pattern
from generator.content.yamlpos import Located, PathKey
from generator.diagnostics import Diagnostics, Pos

if TYPE_CHECKING:
    from generator.content.markdown import MarkdownRenderer
    from generator.i18n import Translator

#: The diagnostics' kind of the warnings (``check --strict`` makes them errors).
SECRETS = "secrets"
#: Keys of the YAML files whose text is Markdown the players may read.
MARKDOWN_KEYS = frozenset({"description", "summary", "notes", "note", "tell", "result"})
#: Keys whose values the players never read, with all they hold.
GM_KEYS = frozenset({"gm", "encounter", "chase"})

#: value (0-based line, 1-based column) -> file (1-based line, column)
Origin = Callable[[int, int], tuple[int, int]]


@dataclass(frozen=True)
class MarkdownField:
    """A Markdown text of a file, and where its lines stand in the file."""

    path: str
    text: str
    origin: Origin


class SecretFields:
    """The Markdown fields of one load, gathered as the files are read, checked at its end
    (when campaign.yaml's ``secrets.words`` are known)."""

    def __init__(self) -> None:
        self.fields: list[MarkdownField] = []

    def add_body(self, path: str, body: str, first_line: int) -> None:
        """A Markdown file's body, starting at line ``first_line`` of the file."""
        self.fields.append(MarkdownField(path, body, lambda k, c: (first_line + k, c)))

    def add_yaml(self, doc: Located, text: str) -> None:
        """The Markdown text fields of a YAML document parsed from ``text`` (a table that
        only the GM sees has none)."""
        data = doc.data
        if isinstance(data, dict) and "rows" in data and data.get("audience", "gm") == "gm":
            return
        source = lines_of(text)
        for at, value in _markdown_values(data, ()):
            line, col = doc.values.get(at, (1, 1))
            origin = scalar_origin(source, line + doc.line_offset, col, value)
            self.fields.append(MarkdownField(doc.path, value, origin))

    def report(self, diags: Diagnostics, words: Iterable[str], language: str) -> None:
        """Check every field, and report its problems to ``diags`` in ``language``."""
        pattern = words_pattern(phrases(words))
        made: list[MarkdownRenderer] = []

        def renderer() -> MarkdownRenderer:
            # one per load, made only when a field has lines to probe: the probes are
            # rendered once and not kept with the sites' own renderings
            if not made:
                from generator.content.markdown import MarkdownRenderer

                made.append(MarkdownRenderer())
            return made[0]

        t: Translator | None = None
        for item in self.fields:
            findings = find_secrets(item.text, pattern, renderer)
            if not findings:
                continue
            if t is None:
                from generator.i18n import Translator

                t = Translator(language)
            for finding in findings:
                line, col = item.origin(finding.line, finding.col)
                pos = Pos(item.path, line, col)
                leaked = None if finding.leaked is None else item.origin(finding.leaked, 1)[0]
                text = message(t, finding, leaked)
                if finding.severity == "error":
                    diags.error(pos, text)
                else:
                    diags.warning(pos, text, SECRETS)


def _markdown_values(data: Any, at: PathKey) -> Iterable[tuple[PathKey, str]]:
    if isinstance(data, dict):
        for key, value in data.items():
            if key in GM_KEYS:
                continue
            if isinstance(value, str) and key in MARKDOWN_KEYS:
                yield at + (key,), value
            elif isinstance(value, (dict, list)):
                yield from _markdown_values(value, at + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            if isinstance(value, (dict, list)):
                yield from _markdown_values(value, at + (i,))


def scalar_origin(source: list[str], line: int, col: int, value: str) -> Origin:
    """Where the lines of a YAML text value starting at ``line``, ``col`` of the file
    (``source``: its lines) stand: in a literal block (``|``) line by line below its
    indicator; in other styles, at the first line of the file from the value on that holds
    the line's text (YAML folds their lines, so no arithmetic finds them)."""
    start = source[line - 1][col - 1:] if 0 < line <= len(source) else ""
    lines = lines_of(value)
    if start.startswith("|"):
        below = [s for s in source[line:] if s.strip()]
        indent = len(below[0]) - len(below[0].lstrip(" ")) if below else 0
        return lambda k, c: (line + 1 + k, indent + c)

    def found(k: int, c: int) -> tuple[int, int]:
        text = lines[k].strip() if k < len(lines) else ""
        lead = len(lines[k]) - len(lines[k].lstrip()) if k < len(lines) else 0
        for n in range(line - 1, len(source)):
            at = source[n].find(text, col - 1 if n == line - 1 else 0)
            if text and at >= 0:
                return n + 1, at + 1 + max(c - 1 - lead, 0)
        return line, col

    return found


def message(t: Translator, finding: Finding, leaked: int | None) -> str:
    """What a finding says, in the campaign's language."""
    if finding.kind == "leak":
        return t.gettext(
            "the text below this GM block is not indented under it, so line %(line)s would "
            "be public on the players' site: indent every line of the block by four spaces "
            "(or a tab) under its first line", line=leaked)
    if finding.kind == "empty":
        return t.gettext(
            "this GM block is empty, so the text meant for it would be public on the "
            "players' site: write that text on the lines below it, each indented by four "
            "spaces (or a tab)")
    if finding.kind == "loose":
        return t.gettext(
            "this line looks like a GM block, but Markdown does not read it as one, so it "
            "and the text below it would be public on the players' site: write '!!! gm' or "
            "'!!! gm \"Title\"', and indent the text below it by four spaces (or a tab)")
    if finding.kind == "heading":
        return t.gettext(
            "the heading '%(words)s' reads as GM-only, but it and the text under it are "
            "public on the players' site: to keep them from the players, make them a GM "
            "block ('!!! gm \"%(words)s\"', the text below it indented by four spaces); if "
            "they are meant for the players, reword the heading", words=finding.words)
    if finding.kind == "box":
        return t.gettext(
            "'%(words)s' reads as GM-only, but this box is public on the players' site: to "
            "keep it from the players, make it a GM block ('!!! gm \"%(words)s\"', the text "
            "below it indented by four spaces); if it is meant for the players, reword its "
            "title", words=finding.words)
    return t.gettext(
        "'%(words)s' reads as GM-only, but this paragraph is public on the players' site: "
        "to keep it from the players, make it a GM block ('!!! gm \"%(words)s\"', the text "
        "below it indented by four spaces); if it is meant for the players, reword its "
        "first words", words=finding.words)
