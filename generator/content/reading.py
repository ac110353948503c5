"""Reading and parsing content files: their text, their YAML with every position, and the
shape of each document checked against its model.

Problems never raise: they become diagnostics with a position (``Reader.diags``), and the
file or document is left out (None).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Protocol, TypeVar

from pydantic import BaseModel

from generator.content.files import CampaignFiles
from generator.content.frontmatter import split_front_matter
from generator.content.modelerrors import validate
from generator.content.secretlint import SecretFields
from generator.content.yamlpos import Located, SourceError, load_yaml, read_text
from generator.diagnostics import Diagnostics, Pos

T = TypeVar("T", bound=BaseModel)
V = TypeVar("V")


class ParseCache(Protocol):
    """The last parse and validation of each file, kept between loads by whoever loads the
    campaign again and again (``hexcrawl serve``: ``generator.serve.parsecache``). What it
    gives is what parsing and validating would give."""

    def begin(self) -> None:
        """A load starts."""

    def end(self) -> None:
        """A load ended: what it did not use may go."""

    def load_yaml(self, text: str, path: str, diags: Diagnostics,
                  line_offset: int = 0) -> Located | None:
        """``yamlpos.load_yaml`` of ``text``, or the same result kept from the last load."""

    def validate(self, model: type[V], doc: Located, prefix: tuple[str | int, ...],
                 diags: Diagnostics, run: Callable[[Diagnostics], V | None]) -> V | None:
        """``run(diags)``, or what it gave the last time for the same text."""


class Reader(CampaignFiles):
    """The files of one campaign, read: ``overrides`` gives the text of some files instead
    of what is on disk; ``parse_cache`` (kept by ``hexcrawl serve`` between loads) the last
    parse and validation of each file whose text did not change."""

    def __init__(self, root: Path, overrides: Mapping[Path, str] | None = None,
                 parse_cache: ParseCache | None = None) -> None:
        super().__init__(root, Diagnostics())
        #: the last parse of each file, kept between loads (``hexcrawl serve``)
        self.parse_cache = parse_cache
        #: file texts to use instead of what is on disk (resolved path -> text)
        self.overrides = {p.resolve(): t for p, t in (overrides or {}).items()}
        #: the text of each YAML file that could not be parsed (its error reported), for
        #: what can still be told of it (a table's id)
        self.unparsed: dict[Path, str] = {}
        #: the Markdown fields the players may read, checked for secrets at the load's end
        self.secrets = SecretFields()

    def parse(self, text: str, shown: str, line_offset: int = 0) -> Located | None:
        """``load_yaml`` of one file's text (through the parse cache, if there is one)."""
        if self.parse_cache is not None:
            return self.parse_cache.load_yaml(text, shown, self.diags, line_offset)
        return load_yaml(text, shown, self.diags, line_offset)

    def validate(self, model: type[T], doc: Located,
                 prefix: tuple[str | int, ...] = ()) -> T | None:
        """``modelerrors.validate`` into this load's messages (through the parse cache, if
        there is one: a document parsed from the same text as last time is not validated
        again)."""
        if self.parse_cache is None:
            return validate(model, doc, prefix, self.diags)
        return self.parse_cache.validate(model, doc, prefix, self.diags,
                                         lambda own: validate(model, doc, prefix, own))

    def read(self, path: Path) -> str | None:
        """The text of a content file, within the size limit (``yamlpos.read_text``)."""
        if not self.inside(path):
            self.outside_error(path)
            return None
        if self.overrides:
            text = self.overrides.get(path.resolve())
            if text is not None:
                return text
        try:
            return read_text(path, self.path_str(path))
        except SourceError as exc:
            self.diags.error(exc.pos, exc.message)
        return None

    def yaml_file(self, path: Path) -> Located | None:
        text = self.read(path)
        if text is None:
            return None
        doc = self.parse(text, self.path_str(path))
        if doc is None:
            self.unparsed[path] = text
        else:
            self.secrets.add_yaml(doc, text)
        return doc

    def mapping_doc(self, path: Path) -> Located | None:
        """A YAML file whose document is a mapping (an empty file: an empty one)."""
        doc = self.yaml_file(path)
        if doc is None:
            return None
        if doc.data is None:
            doc.data = {}
        if not isinstance(doc.data, dict):
            self.diags.error(doc.pos(), "expected a mapping at the top of the file")
            return None
        return doc

    def front_matter(self, path: Path, text: str | None = None) -> Located | None:
        """The YAML front matter of a Markdown file, positioned in the whole file
        (``text``: the file's, if it was read already)."""
        if text is None:
            text = self.read(path)
        if text is None:
            return None
        shown = self.path_str(path)
        parts = split_front_matter(text)
        if parts.front is None:
            self.diags.error(Pos(shown), "a location file starts with YAML front matter "
                             "between '---' lines (id, name, hex, ...)")
            return None
        doc = self.parse(parts.front, shown, line_offset=parts.front_line - 1)
        if doc is None:
            return None
        if not isinstance(doc.data, dict):
            self.diags.error(doc.pos(), "front matter must be a mapping")
            return None
        return doc
