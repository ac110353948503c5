"""YAML reading that keeps source positions and refuses duplicate keys.

PyYAML silently keeps the last of two equal keys in a mapping; a GM who writes the same hex
twice would lose the first entry without a word. We compose the node graph ourselves, build
plain Python values from it, and remember where every key and value stood, so validation
errors can point at ``file:line:col``.

Plain (unquoted) scalars that look like numbers with a leading zero, such as ``0304``, are
kept as strings: YAML 1.1 would read them as octal integers, which is never what a hex label
means.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from generator.diagnostics import Diagnostics, Pos

PathKey = tuple[str | int, ...]

#: libyaml's C parser when PyYAML was built with it (several times faster), else pure Python
_COMPOSER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_LEADING_ZERO = re.compile(r"^[+-]?0\d+$")

#: Limits that keep a malformed document from hanging the build.
MAX_DEPTH = 100
MAX_NODES = 1_000_000


@dataclass
class Located:
    """A parsed YAML document with the source position of every key and value."""

    data: Any
    path: str
    values: dict[PathKey, tuple[int, int]] = field(default_factory=dict)
    keys: dict[PathKey, tuple[int, int]] = field(default_factory=dict)
    line_offset: int = 0
    #: paths of scalars written in quotes (their text starts one column later)
    quoted: set[PathKey] = field(default_factory=set)

    def pos(self, at: PathKey = (), key: bool = False) -> Pos:
        """Position of the value (or, with ``key``, the key) at ``at``; falls back to the
        nearest enclosing node that has one."""
        table = self.keys if key else self.values
        probe = tuple(at)
        while True:
            if probe in table:
                line, col = table[probe]
                return Pos(self.path, line + self.line_offset, col)
            if key and probe in self.values:
                line, col = self.values[probe]
                return Pos(self.path, line + self.line_offset, col)
            if not probe:
                return Pos(self.path, 1 + self.line_offset, 1)
            probe = probe[:-1]
            table = self.values

    def sub(self, prefix: PathKey) -> Located:
        """A view of the sub-document at ``prefix`` with paths relative to it."""
        n = len(prefix)
        return Located(
            data=_get(self.data, prefix),
            path=self.path,
            values={k[n:]: v for k, v in self.values.items() if k[:n] == prefix},
            keys={k[n:]: v for k, v in self.keys.items() if k[:n] == prefix and len(k) > n},
            line_offset=self.line_offset,
            quoted={k[n:] for k in self.quoted if k[:n] == prefix},
        )


def _get(data: Any, at: PathKey) -> Any:
    for part in at:
        data = data[part]
    return data


class _Builder:
    def __init__(self, path: str, diags: Diagnostics, line_offset: int) -> None:
        self.path = path
        self.diags = diags
        self.line_offset = line_offset
        self.values: dict[PathKey, tuple[int, int]] = {}
        self.keys: dict[PathKey, tuple[int, int]] = {}
        self.quoted: set[PathKey] = set()
        self._constructor = yaml.SafeLoader("")
        #: nodes being built right now (a node met again inside itself is a recursive alias)
        self._active: set[int] = set()
        #: nodes built so far; aliases are expanded, so a few anchors can blow up
        self._count = 0
        self._too_large = False

    def mark(self, node: yaml.Node) -> tuple[int, int]:
        return node.start_mark.line + 1, node.start_mark.column + 1

    def pos(self, node: yaml.Node) -> Pos:
        line, col = self.mark(node)
        return Pos(self.path, line + self.line_offset, col)

    def scalar(self, node: yaml.ScalarNode) -> Any:
        # plain style is None from PyYAML's parser and '' from libyaml's
        if not node.style and node.tag == "tag:yaml.org,2002:int" and _LEADING_ZERO.match(
            node.value
        ):
            return node.value
        return self._constructor.construct_object(node, deep=True)

    def build(self, node: yaml.Node, at: PathKey, depth: int = 0) -> Any:
        if id(node) in self._active:
            self.diags.error(self.pos(node), "an alias refers to a node that contains it "
                             "(a recursive alias)")
            return None
        if depth > MAX_DEPTH:
            self.diags.error(self.pos(node), f"YAML nesting is deeper than {MAX_DEPTH} levels")
            return None
        self._count += 1
        if self._count > MAX_NODES:
            if not self._too_large:
                self._too_large = True
                self.diags.error(self.pos(node), f"the document expands to more than "
                                 f"{MAX_NODES} values (aliases repeated too often?)")
            return None
        self.values[at] = self.mark(node)
        if isinstance(node, yaml.ScalarNode):
            if node.style in ("'", '"'):
                self.quoted.add(at)
            try:
                return self.scalar(node)
            except (yaml.YAMLError, ValueError, TypeError, OverflowError) as exc:
                # e.g. `date: 2026-13-45` looks like a date but is none
                self.diags.error(self.pos(node), f"bad value '{node.value}': {exc}")
                return node.value
        self._active.add(id(node))
        try:
            return self._build_collection(node, at, depth)
        finally:
            self._active.discard(id(node))

    def _build_collection(self, node: yaml.Node, at: PathKey, depth: int) -> Any:
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, at + (i,), depth + 1) for i, item in enumerate(node.value)]
        if isinstance(node, yaml.MappingNode):
            result: dict[Any, Any] = {}
            first_seen: dict[str, yaml.Node] = {}
            for key_node, value_node in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    merged = self.build(value_node, at + ("<<",), depth + 1)
                    items = merged if isinstance(merged, list) else [merged]
                    for m in items:
                        if isinstance(m, dict):
                            for k, v in m.items():
                                result.setdefault(k, v)
                    continue
                if not isinstance(key_node, yaml.ScalarNode):
                    self.diags.error(self.pos(key_node), "mapping keys must be plain values")
                    continue
                # Keys are names and labels: keep them as written. YAML 1.1 would read
                # `on:` (a location's paths) as True, `0304:` as octal, `~:` as null.
                key: str = key_node.value
                if key in first_seen:
                    line, _ = self.mark(first_seen[key])
                    self.diags.error(
                        self.pos(key_node),
                        f"duplicate key '{key}' (first defined on line "
                        f"{line + self.line_offset}); YAML would silently keep only the last one",
                    )
                    continue
                first_seen[key] = key_node
                self.keys[at + (key,)] = self.mark(key_node)
                result[key] = self.build(value_node, at + (key,), depth + 1)
            return result
        return None  # pragma: no cover - PyYAML has no other node kinds


_BARE_ENTRY = re.compile(r"^\s*-\s+(rest|sleep|camp|search)\s*(#.*)?$")


def _bare_word_hint(text: str, mark: Any) -> str:
    """A log entry written as a bare word (``- search``) followed by keys of its own
    (``rolls:``) reads to YAML as one text that runs on: say how to write it."""
    if mark is None:
        return ""
    lines = text.splitlines()
    for number in range(min(mark.line, len(lines)) - 1, -1, -1):
        if lines[number].strip():
            found = _BARE_ENTRY.match(lines[number])
            if found:
                word = found.group(1)
                return (f" (a bare '- {word}' cannot carry keys such as 'rolls:': write "
                        f"'- {word}: {{}}' and put the keys under it)")
            return ""
    return ""


def load_yaml(text: str, path: str, diags: Diagnostics, line_offset: int = 0) -> Located | None:
    """Parse one YAML document. Syntax errors become diagnostics and return None."""
    try:
        try:
            node = yaml.compose(text, Loader=_COMPOSER)
        except yaml.YAMLError:
            # libyaml's messages are terser: ask the pure-Python parser to explain
            node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        problem_mark, ctx = exc.problem_mark, exc.context_mark
        problem = exc.problem or str(exc)
        context = f" {exc.context}" if exc.context else ""
        mark = problem_mark or ctx
        if problem_mark is not None and ctx is not None and exc.context and \
                (ctx.line, ctx.column) != (problem_mark.line, problem_mark.column):
            if problem_mark.index >= len(text.rstrip()):
                # the file ended inside something: point at where that something started
                mark = ctx
            else:
                context += f" that starts at line {ctx.line + 1 + line_offset}, column " \
                           f"{ctx.column + 1}"
        line = (mark.line + 1 if mark else 1) + line_offset
        col = mark.column + 1 if mark else 1
        diags.error(Pos(path, line, col),
                    f"YAML syntax: {problem}{context}{_bare_word_hint(text, mark)}")
        return None
    except yaml.reader.ReaderError as exc:
        # a character YAML does not allow (a control character pasted from elsewhere)
        at = min(max(exc.position, 0), len(text))
        line = text.count("\n", 0, at) + 1 + line_offset
        col = at - (text.rfind("\n", 0, at) + 1) + 1
        code = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1])
        diags.error(Pos(path, line, col), f"YAML syntax: special character #x{code:04x} is not "
                    f"allowed (an invisible character pasted from elsewhere?)")
        return None
    except yaml.YAMLError as exc:
        diags.error(Pos(path, 1 + line_offset, 1), f"YAML syntax: {exc}")
        return None
    if node is None:
        return Located(data=None, path=path, line_offset=line_offset)
    builder = _Builder(path, diags, line_offset)
    data = builder.build(node, ())
    return Located(data=data, path=path, values=builder.values, keys=builder.keys,
                   line_offset=line_offset, quoted=builder.quoted)
