"""Parsed YAML kept between loads of one campaign (``hexcrawl serve``).

Under ``hexcrawl serve`` every saved edit loads the whole campaign again, and all but one or
two of its files hold the bytes they held the time before. ``ParseCache`` keeps, per file
(the path as messages show it, and where its YAML starts: a location's front matter is
parsed at a line offset), the text last parsed and what parsing it gave: the document with
the position of every key and value, and the messages parsing reported (a duplicate key, a
bad date, a syntax error). A file whose text is the same gets that result again; any other
text is parsed anew and replaces it. Positions are those of the text, so a message points at
the same line and column as a fresh parse would.

What is kept is never handed out: the loader changes parsed data in places (an empty
document becomes ``{}``) and so could anything it passes the data to, so every hit is a
copy of the data (its lists and mappings copied, values shared: they are strings, numbers,
dates), in a ``Located`` of its own. The position tables are shared: ``Located`` only reads
them (its ``sub`` makes new ones). Entries not used by a load are dropped at its end, so
the cache holds one parse of each file the campaign still has.

The validation of each document against its model is kept the same way: a document parsed
from the text it had last time gets the model it gave then, and the same messages, without
pydantic running again (a tenth of a second of each reload at 1,200 files).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from generator.content.yamlpos import Located, load_yaml
from generator.diagnostics import Diagnostic, Diagnostics

T = TypeVar("T")


@dataclass
class _Parsed:
    text: str
    doc: Located | None
    diags: tuple[Diagnostic, ...]


def copy_data(value: Any) -> Any:
    """``value`` with every list and mapping in it copied, the values in them (strings,
    numbers, dates) shared. (A parse shares no list or mapping between two places: an
    alias is built anew wherever it is used.)"""
    kind = type(value)
    if kind is dict:
        return {k: copy_data(v) if type(v) in _CONTAINERS else v for k, v in value.items()}
    if kind is list:
        return [copy_data(v) if type(v) in _CONTAINERS else v for v in value]
    return value


_CONTAINERS = (dict, list)


@dataclass
class _Checked:
    text: str
    result: Any
    diags: tuple[Diagnostic, ...]


@dataclass
class ParseCache:
    """The last parse of each YAML document of one campaign, by (shown path, line offset)."""

    entries: dict[tuple[str, int], _Parsed] = field(default_factory=dict)
    used: set[tuple[str, int]] = field(default_factory=set)
    hits: int = 0
    misses: int = 0
    #: the last validation of each document (or part of one) against a model, by (shown
    #: path, line offset, model, where in the document)
    checked: dict[tuple[str, int, Any, tuple[str | int, ...]], _Checked] = field(
        default_factory=dict)
    #: validations this load ran (the others gave what they gave the last time)
    validations: int = 0

    def begin(self) -> None:
        self.used = set()
        self.hits = self.misses = self.validations = 0

    def end(self) -> None:
        for key in [k for k in self.entries if k not in self.used]:
            del self.entries[key]
        for checked in [k for k in self.checked if k[:2] not in self.used]:
            del self.checked[checked]

    def validate(self, model: type[T], doc: Located, prefix: tuple[str | int, ...],
                 diags: Diagnostics, run: Callable[[Diagnostics], T | None]) -> T | None:
        """``run(diags)`` (the validation of ``doc`` at ``prefix`` against ``model``), or
        what it gave the last time, and the same messages, when ``doc`` was parsed from the
        same text. Validation reads nothing but the document. What it gives is shared by the
        loads, as the parsed values are: a frozen model, which nothing changes once it is
        made (``tests/e2e/test_incremental`` compares builds through the cache with cold ones,
        byte for byte)."""
        where = (doc.path, doc.line_offset)
        if where not in self.used:  # not parsed by this load through the cache
            return run(diags)
        text = self.entries[where].text  # what this load parsed
        key = (*where, model, prefix)
        found = self.checked.get(key)
        if found is None or found.text != text:
            self.validations += 1
            own = Diagnostics()
            found = self.checked[key] = _Checked(text, run(own), tuple(own.items))
        diags.extend(found.diags)
        return cast("T | None", found.result)

    def load_yaml(self, text: str, path: str, diags: Diagnostics,
                  line_offset: int = 0) -> Located | None:
        """``yamlpos.load_yaml``, from the cache when ``path`` at ``line_offset`` was last
        parsed from the same text: the same document (a copy) and the same messages."""
        key = (path, line_offset)
        self.used.add(key)
        found = self.entries.get(key)
        if found is None or found.text != text:
            self.misses += 1
            own = Diagnostics()
            doc = load_yaml(text, path, own, line_offset)
            found = _Parsed(text, doc, tuple(own.items))
            self.entries[key] = found
        else:
            self.hits += 1
        diags.extend(found.diags)
        if found.doc is None:
            return None
        kept = found.doc
        return Located(data=copy_data(kept.data), path=kept.path, values=kept.values,
                       keys=kept.keys, line_offset=kept.line_offset, quoted=kept.quoted)
