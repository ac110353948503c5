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
from pathlib import Path
from typing import Any

import yaml

from generator.content.yamlerrors import syntax_error
from generator.diagnostics import N_, NN_, Diagnostics, Pos, SourceError, Text, literal

PathKey = tuple[str | int, ...]
__all__ = ["Located", "SourceError", "compose", "load_yaml", "read_text", "MAX_DEPTH",
           "MAX_FILE_BYTES", "MAX_VALUES"]

#: libyaml's C parser when PyYAML was built with it (several times faster), else pure Python
_COMPOSER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_LEADING_ZERO = re.compile(r"^[+-]?0\d+$")
_STR_TAG = "tag:yaml.org,2002:str"

#: Limits that keep a malformed or hostile file from exhausting time or memory. They hold
#: while reading, not after: a file larger than ``MAX_FILE_BYTES`` is refused before it is
#: parsed, and parsing stops at the first node nested deeper than ``MAX_DEPTH`` or past
#: ``MAX_VALUES`` values (keys, scalars, lists and mappings; an alias counts as every value
#: of what it repeats, each time it is used). The README's format section documents them.
MAX_FILE_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 100
MAX_VALUES = 250_000
#: Syntax errors in files up to this size are re-parsed by PyYAML's pure-Python parser, whose
#: messages say more than libyaml's (it is ten times slower, so not for the largest files).
_EXPLAIN_BYTES = 1024 * 1024


def _position(text: str, at: int) -> tuple[int, int]:
    """1-based (line, column) of character ``at`` of ``text``."""
    at = min(max(at, 0), len(text))
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


def read_text(path: Path, shown: str | None = None, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of ``path``, read in full only when it has at most ``limit`` bytes.

    Raises ``SourceError`` (reported as ``shown``, default the path) for a folder, a missing
    or unreadable file, a file over the limit, and bytes that are not UTF-8 (at the line and
    column of the first bad byte).
    """
    where = shown if shown is not None else str(path)
    try:
        with path.open("rb") as fh:
            data = fh.read(limit + 1)
    except IsADirectoryError:
        raise SourceError(Pos(where), N_("a file was expected here, but this is a "
                                         "folder")) from None
    except OSError as exc:
        raise SourceError(Pos(where), N_("cannot read: %(reason)s",
                                         reason=exc.strerror or str(exc))) from None
    if len(data) > limit:
        raise SourceError(Pos(where), N_("the file is larger than %(size)s, the limit for one "
                                         "file (split it into several files)",
                                         size=_size(limit)))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        good = data[: exc.start].decode("utf-8")
        line, col = _position(good, len(good))
        raise SourceError(Pos(where, line, col), N_(
            "not UTF-8 text: %(reason)s (byte %(byte)s); save the file as UTF-8",
            reason=exc.reason, byte=f"0x{data[exc.start]:02x}")) from None


def _size(n: int) -> Text:
    if n >= 1024 * 1024:
        return N_("%(num)s MiB", num=n // (1024 * 1024))
    return NN_("%(num)s byte", "%(num)s bytes", n)


class _Open:
    """A sequence or mapping whose end event has not come yet."""

    __slots__ = ("node", "anchor", "key", "values", "height")

    def __init__(self, node: yaml.SequenceNode | yaml.MappingNode, anchor: str | None) -> None:
        self.node = node
        self.anchor = anchor
        self.key: yaml.Node | None = None
        #: values inside it, aliases expanded (itself included)
        self.values = 1
        #: levels of nesting below it
        self.height = 0

    def add(self, node: yaml.Node, values: int, height: int) -> None:
        self.values += values
        if height >= self.height:
            self.height = height + 1
        if isinstance(self.node, yaml.SequenceNode):
            self.node.value.append(node)
        elif self.key is None:
            self.key = node
        else:
            self.node.value.append((self.key, node))
            self.key = None


class _Composer:
    """PyYAML's composer, rebuilt on parser events without recursion and with limits.

    PyYAML composes recursively (a RecursionError on deep nesting) and only after the whole
    stream is parsed; here every event is checked as it arrives, so a document past a limit
    costs no more than the events read up to that point. Aliases share their node as in
    PyYAML; the size and height of every anchored node are remembered, so each use of an
    alias is charged in full against the limits.
    """

    def __init__(self, events: yaml.SafeLoader, path: str, line_offset: int,
                 max_depth: int, max_values: int) -> None:
        #: (PyYAML's event API has no type hints)
        self.events: Any = events
        self.path = path
        self.line_offset = line_offset
        self.max_depth = max_depth
        self.max_values = max_values
        self.values = 0
        self.aliased = False
        self._resolver: Any = yaml.SafeLoader("")
        #: anchor -> (node, values, height); None while the anchored node is still open
        self.anchors: dict[str, tuple[yaml.Node, int, int] | None] = {}

    def error(self, mark: yaml.Mark | None, message: Text) -> SourceError:
        line = (mark.line + 1 if mark is not None else 1) + self.line_offset
        col = mark.column + 1 if mark is not None else 1
        return SourceError(Pos(self.path, line, col), message)

    def charge(self, values: int, depth: int, height: int, mark: yaml.Mark) -> None:
        if depth + height > self.max_depth:
            raise self.error(mark, N_("YAML nesting is deeper than %(num)s levels",
                                      num=self.max_depth))
        self.values += values
        if self.values > self.max_values:
            if self.aliased:
                raise self.error(mark, N_("more than %(num)s values in one file, counting "
                                          "every value an alias repeats each time it is used",
                                          num=self.max_values))
            raise self.error(mark, N_("more than %(num)s values in one file: split it into "
                                      "several files", num=self.max_values))

    def anchor(self, name: str | None, mark: yaml.Mark) -> None:
        if name is None:
            return
        if name in self.anchors:
            raise self.error(mark, N_("the anchor '%(anchor)s' is defined twice",
                                      anchor="&" + name))
        self.anchors[name] = None

    def document(self) -> yaml.Node | None:
        events = self.events
        events.get_event()  # the stream starts
        if events.check_event(yaml.StreamEndEvent):
            return None
        events.get_event()  # the document starts
        root = self.node()
        events.get_event()  # the document ends
        if not events.check_event(yaml.StreamEndEvent):
            raise self.error(events.peek_event().start_mark,
                             N_("expected a single document in the stream, but found "
                                "another document (a line '---' starts a new one)"))
        return root

    def node(self) -> yaml.Node:
        stack: list[_Open] = []
        events = self.events
        while True:
            event: Any = events.get_event()
            mark = event.start_mark
            done: tuple[yaml.Node, int, int]
            if isinstance(event, yaml.AliasEvent):
                name = event.anchor
                if name not in self.anchors:
                    raise self.error(mark, N_("unknown alias '%(alias)s' (no anchor "
                                              "'%(anchor)s' before it)", alias=f"*{name}",
                                              anchor=f"&{name}"))
                found = self.anchors[name]
                if found is None:
                    raise self.error(mark, N_("an alias refers to a node that contains it (a "
                                              "recursive alias)"))
                self.aliased = True
                self.charge(found[1], len(stack), found[2], mark)
                done = found
            elif isinstance(event, yaml.ScalarEvent):
                self.charge(1, len(stack), 0, mark)
                tag = event.tag
                if tag is None or tag == "!":
                    tag = self._resolver.resolve(yaml.ScalarNode, event.value, event.implicit)
                end: Any = event.end_mark  # (libyaml's marks are its own class)
                node = yaml.ScalarNode(tag, event.value, mark, end, style=event.style)
                self.anchor(event.anchor, mark)
                done = (node, 1, 0)
                if event.anchor is not None:
                    self.anchors[event.anchor] = done
            elif isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                self.charge(1, len(stack), 0, mark)
                kind = yaml.SequenceNode if isinstance(event, yaml.SequenceStartEvent) \
                    else yaml.MappingNode
                tag = event.tag
                if tag is None or tag == "!":
                    tag = self._resolver.resolve(kind, None, event.implicit)
                self.anchor(event.anchor, mark)
                stack.append(_Open(kind(tag, [], mark, None, flow_style=event.flow_style),
                                   event.anchor))
                continue
            else:  # the end of a sequence or mapping (the parser checks the nesting)
                top = stack.pop()
                top.node.end_mark = event.end_mark
                done = (top.node, top.values, top.height)
                if top.anchor is not None:
                    self.anchors[top.anchor] = done
            if not stack:
                return done[0]
            stack[-1].add(*done)


def compose(text: str, path: str, line_offset: int = 0, max_depth: int = MAX_DEPTH,
            max_values: int = MAX_VALUES) -> yaml.Node | None:
    """The node graph of the one YAML document in ``text`` (None when it is empty).

    Raises ``SourceError`` at the first syntax error, or at the first node past a limit.
    ``path`` and ``line_offset`` only place the messages. The nodes are PyYAML's own, so a
    caller may construct them with any PyYAML constructor (``construct_document``).
    """
    try:
        try:
            return _compose_with(_COMPOSER, text, path, line_offset, max_depth, max_values)
        except yaml.YAMLError:
            if _COMPOSER is yaml.SafeLoader or len(text) > _EXPLAIN_BYTES:
                raise
            # libyaml's messages are terser: ask the pure-Python parser to explain
            return _compose_with(yaml.SafeLoader, text, path, line_offset, max_depth,
                                 max_values)
    except yaml.MarkedYAMLError as exc:
        raise syntax_error(exc, text, path, line_offset) from None
    except yaml.reader.ReaderError as exc:
        # a character YAML does not allow (a control character pasted from elsewhere)
        line, col = _position(text, exc.position)
        code = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1])
        raise SourceError(Pos(path, line + line_offset, col), N_(
            "YAML syntax: special character %(code)s is not allowed (an invisible character "
            "pasted from elsewhere?)", code=f"#x{code:04x}")) from None
    except yaml.YAMLError as exc:
        raise SourceError(Pos(path, 1 + line_offset, 1), N_(
            "YAML syntax: %(problem)s", problem=literal(str(exc)))) from None


def _compose_with(loader_class: type[yaml.SafeLoader], text: str, path: str,
                  line_offset: int, max_depth: int, max_values: int) -> yaml.Node | None:
    events = loader_class(text)
    try:
        return _Composer(events, path, line_offset, max_depth, max_values).document()
    finally:
        events.dispose()


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

    def mark(self, node: yaml.Node) -> tuple[int, int]:
        return node.start_mark.line + 1, node.start_mark.column + 1

    def pos(self, node: yaml.Node) -> Pos:
        line, col = self.mark(node)
        return Pos(self.path, line + self.line_offset, col)

    def scalar(self, node: yaml.ScalarNode) -> Any:
        if node.tag == _STR_TAG:
            # what PyYAML's safe constructor makes of a string node (construct_yaml_str),
            # without its bookkeeping: most values of a campaign are strings
            return node.value
        # plain style is None from PyYAML's parser and '' from libyaml's
        if not node.style and node.tag == "tag:yaml.org,2002:int" and _LEADING_ZERO.match(
            node.value
        ):
            return node.value
        return self._constructor.construct_object(node, deep=True)

    def build(self, node: yaml.Node, at: PathKey) -> Any:
        # (``compose`` has bounded the depth, refused recursive aliases and counted every
        # value an alias repeats, so this recursion and expansion are bounded too)
        self.values[at] = self.mark(node)
        if isinstance(node, yaml.ScalarNode):
            if node.style in ("'", '"'):
                self.quoted.add(at)
            try:
                return self.scalar(node)
            except (yaml.YAMLError, ValueError, TypeError, OverflowError) as exc:
                # e.g. `date: 2026-13-45` looks like a date but is none
                self.diags.error(self.pos(node), N_("bad value '%(value)s': %(reason)s",
                                                    value=node.value, reason=literal(str(exc))))
                return node.value
        return self._build_collection(node, at)

    def _build_collection(self, node: yaml.Node, at: PathKey) -> Any:
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, at + (i,)) for i, item in enumerate(node.value)]
        if isinstance(node, yaml.MappingNode):
            result: dict[Any, Any] = {}
            first_seen: dict[str, yaml.Node] = {}
            for key_node, value_node in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    merged = self.build(value_node, at + ("<<",))
                    items = merged if isinstance(merged, list) else [merged]
                    for m in items:
                        if isinstance(m, dict):
                            for k, v in m.items():
                                result.setdefault(k, v)
                    continue
                if not isinstance(key_node, yaml.ScalarNode):
                    self.diags.error(self.pos(key_node), N_("mapping keys must be plain values"))
                    continue
                # Keys are names and labels: keep them as written. YAML 1.1 would read
                # `on:` (a location's paths) as True, `0304:` as octal, `~:` as null.
                key: str = key_node.value
                if key in first_seen:
                    line, _ = self.mark(first_seen[key])
                    self.diags.error(
                        self.pos(key_node),
                        N_("duplicate key '%(key)s' (first defined on line %(line)s); YAML "
                           "would silently keep only the last one", key=key,
                           line=line + self.line_offset),
                    )
                    continue
                first_seen[key] = key_node
                self.keys[at + (key,)] = self.mark(key_node)
                result[key] = self.build(value_node, at + (key,))
            return result
        return None  # pragma: no cover - PyYAML has no other node kinds


def load_yaml(text: str, path: str, diags: Diagnostics, line_offset: int = 0) -> Located | None:
    """Parse one YAML document. Syntax errors and limits become diagnostics and return None."""
    try:
        node = compose(text, path, line_offset)
    except SourceError as exc:
        diags.error(exc.pos, exc.text)
        return None
    if node is None:
        return Located(data=None, path=path, line_offset=line_offset)
    builder = _Builder(path, diags, line_offset)
    data = builder.build(node, ())
    return Located(data=data, path=path, values=builder.values, keys=builder.keys,
                   line_offset=line_offset, quoted=builder.quoted)
