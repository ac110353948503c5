"""Writing dice into a session log's text: the ``rolls:`` of some entries, nothing else.

``hexcrawl settle`` records the dice it settled in the GM's own file. The file is never
dumped again: the text is edited at the positions the YAML parser gives, every other byte
(comments, key order, quotes, flow or block style, blank lines, CRLF line ends) stays as it
was. A purpose the entry records already is extended in place (``encounter: [5]`` becomes
``encounter: [5, 9]``); a new purpose is added inside the entry's ``rolls:`` in its own
style (before the ``}`` of a flow mapping, on a line of its own in a block mapping); an
entry without ``rolls:`` gets one, on a line of its own in a block entry, after the action
in a flow entry (``- {travel: {heading: N}, rolls: {...}, expect: {...}}``). The result is
parsed again and must hold exactly the old document with the new rolls, or nothing is
changed (``RollsEditError``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import yaml

from generator.content.sessionlog import ACTION_KEYS
from generator.diagnostics import N_, MessageError

#: purposes written as a list even with one value (content.md: one per encounter check)
LIST_PURPOSES = frozenset({"encounter"})
#: a flow ``rolls:`` line longer than this goes on below its first purpose
WIDTH = 96

Edit = tuple[int, int, str]


class RollsEditError(MessageError):
    """The rolls cannot be written without changing something else (the message says why,
    a ``Text`` that ``hexcrawl settle`` prints in the campaign's language)."""


def yaml_value(purpose: str, values: Sequence[int]) -> str:
    """A purpose's dice as the example logs write them: one value plain, several (or
    encounters) a flow list."""
    if len(values) == 1 and purpose not in LIST_PURPOSES:
        return str(values[0])
    return "[" + ", ".join(str(v) for v in values) + "]"


def _items(rolls: Mapping[str, Sequence[int]]) -> list[str]:
    return [f"{k}: {yaml_value(k, v)}" for k, v in rolls.items()]


def _join(items: list[str], col: int, length: int, nl: str, first: bool) -> str:
    """Flow items after text ``length`` characters into its line, wrapped before ``WIDTH``
    onto lines that start at column ``col`` (under the mapping's first item); ``first``
    when no item precedes them."""
    out = ""
    for item in items:
        if first and not out:
            sep = ""
        elif length + 2 + len(item) + 1 > WIDTH:
            sep, length = "," + nl + " " * col, col
        else:
            sep, length = ", ", length + 2
        out += sep + item
        length += len(item)
    return out


def flow_rolls(rolls: Mapping[str, Sequence[int]], col: int = 0, nl: str = "\n") -> str:
    """``{navigation: 14, encounter: [7]}``, for a ``rolls:`` key at column ``col``."""
    head = col + len("rolls: {")
    return "{" + _join(_items(rolls), head, head, nl, True) + "}"


def _plain(node: yaml.Node) -> Any:
    return yaml.SafeLoader("").construct_object(node, deep=True)


def _line_start(text: str, at: int) -> int:
    return text.rfind("\n", 0, at) + 1


def _newline(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


def _extend(text: str, purpose: str, node: yaml.Node, values: Sequence[int]) -> Edit | None:
    """The edit that makes a recorded purpose hold ``values`` (its recorded ones first)."""
    old = _plain(node)
    old = old if isinstance(old, list) else [old]
    if list(values) == old:
        return None
    if list(values[:len(old)]) != old:
        raise RollsEditError(N_("the recorded '%(purpose)s' rolls would change",
                                 purpose=purpose))
    if isinstance(node, yaml.SequenceNode) and not node.flow_style and node.value:
        last = node.value[-1]
        col = last.start_mark.column
        indent = " " * (col - 2) + "- "
        added = "".join(_newline(text) + indent + str(v) for v in values[len(old):])
        return last.end_mark.index, last.end_mark.index, added
    return node.start_mark.index, node.end_mark.index, yaml_value(purpose, values)


def _end_of(node: yaml.Node) -> int:
    """Where the text of a value ends: a block collection's end mark lies at the next
    token, past any comment after it, so it ends where its last value does."""
    while isinstance(node, yaml.CollectionNode) and not node.flow_style and node.value:
        last = node.value[-1]
        node = last[1] if isinstance(last, tuple) else last
    return int(node.end_mark.index)


def _add_keys(text: str, node: yaml.MappingNode, new: Mapping[str, Sequence[int]]) -> Edit:
    """The edit that adds purposes to an existing ``rolls:`` mapping, in its style."""
    nl = _newline(text)
    if node.flow_style:
        close = node.end_mark.index - 1
        if text[close] != "}":
            raise RollsEditError(N_("the entry's 'rolls:' mapping does not end with '}'"))
        at = close
        while text[at - 1] in " \t":
            at -= 1
        col = node.value[0][0].start_mark.column if node.value else \
            node.start_mark.column + 1
        out = _join(_items(new), col, at - _line_start(text, at), nl, not node.value)
        return at, at, out
    if not node.value:
        raise RollsEditError(N_("the entry's 'rolls:' is empty and not a flow mapping"))
    last_value = node.value[-1][1]
    col = node.value[0][0].start_mark.column
    end = _end_of(last_value)
    added = "".join(nl + " " * col + f"{k}: {yaml_value(k, v)}" for k, v in new.items())
    return end, end, added


def _new_rolls(text: str, entry: yaml.MappingNode, rolls: Mapping[str, Sequence[int]],
               ) -> Edit:
    """The edit that gives an entry without ``rolls:`` one."""
    keys = [k.value for k, _ in entry.value]
    action = next((n for n, k in enumerate(keys) if k in ACTION_KEYS), 0)
    if entry.flow_style:
        end = entry.value[action][1].end_mark.index
        col = end - _line_start(text, end) + 2
        return end, end, f", rolls: {flow_rolls(rolls, col, _newline(text))}"
    later = [n for n in range(len(keys)) if n > action] or \
        [n for n in range(1, len(keys))]
    if not later:
        raise RollsEditError(N_("the entry has a single key: 'rolls:' has no line to go on"))
    key = entry.value[later[0]][0]
    start = _line_start(text, key.start_mark.index)
    if text[start:key.start_mark.index].strip():
        raise RollsEditError(N_("the entry's keys do not start their lines"))
    indent = text[start:key.start_mark.index]
    nl = _newline(text)
    return start, start, f"{indent}rolls: {flow_rolls(rolls, len(indent), nl)}{nl}"


def _entry_edits(text: str, entry: yaml.Node, rolls: Mapping[str, Sequence[int]],
                 ) -> list[Edit]:
    if not isinstance(entry, yaml.MappingNode):
        raise RollsEditError(N_("the entry is not a mapping"))
    found = [v for k, v in entry.value if k.value == "rolls"]
    if not found:
        return [_new_rolls(text, entry, rolls)]
    node = found[0]
    if not isinstance(node, yaml.MappingNode):
        raise RollsEditError(N_("the entry's 'rolls:' is not a mapping"))
    have = {k.value: v for k, v in node.value}
    edits = [e for p, v in rolls.items() if p in have
             if (e := _extend(text, p, have[p], v)) is not None]
    new = {p: v for p, v in rolls.items() if p not in have}
    if new:
        edits.append(_add_keys(text, node, new))
    return edits


def with_rolls(text: str, rolls: Mapping[int, Mapping[str, Sequence[int]]]) -> str:
    """``text`` (a session log) with the ``rolls:`` of log entries set: entry index ->
    purpose -> every value, the recorded ones first. Raises RollsEditError when that cannot
    be done by adding to the text, or when the result would say anything else."""
    try:
        doc = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        raise RollsEditError(N_("cannot read the session file: %(why)s",
                                 why=str(exc))) from exc
    log = None
    if isinstance(doc, yaml.MappingNode):
        log = next((v for k, v in doc.value if k.value == "log"), None)
    if not isinstance(log, yaml.SequenceNode):
        raise RollsEditError(N_("the session file has no 'log:' list"))
    edits: list[Edit] = []
    for i, entry_rolls in rolls.items():
        edits += _entry_edits(text, log.value[i], entry_rolls)
    new = text
    # from the end of the text backwards; of two insertions at one place, the one listed
    # first ends up first
    order = sorted(range(len(edits)), key=lambda n: (edits[n][0], edits[n][1], n))
    for n in reversed(order):
        start, end, replacement = edits[n]
        new = new[:start] + replacement + new[end:]
    want = yaml.safe_load(text)
    for i, entry_rolls in rolls.items():
        entry = want["log"][i]
        old = entry.get("rolls") or {}
        merged = dict(old)
        merged.update({p: (list(v) if len(v) > 1 or p in LIST_PURPOSES or
                           isinstance(old.get(p), list) else v[0])
                       for p, v in entry_rolls.items()})
        entry["rolls"] = merged
    try:
        got = yaml.safe_load(new)
    except yaml.YAMLError as exc:
        raise RollsEditError(N_("the edited file does not read back: %(why)s",
                                 why=str(exc))) from exc
    if got != want:
        raise RollsEditError(N_("the edited file would say more than the new rolls"))
    return new
