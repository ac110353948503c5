"""The Markdown extensions content is rendered with: the sites' own, as ``mkdocs.yml``
lists them, minus those that read files or build a table of contents."""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterable
from typing import Any

#: The Markdown extensions of the generated sites (site.REQUIRED_EXTENSIONS, minus toc:
#: MkDocs gives the headings their ids and permalinks when it renders the page).
DEFAULT_EXTENSIONS: tuple[str | dict[str, Any], ...] = (
    "admonition", "pymdownx.details", "attr_list", "md_in_html", "tables")
#: Extensions never run on content: they read files or take the toc MkDocs builds.
EXCLUDED_EXTENSIONS = frozenset({"pymdownx.snippets", "pymdownx.b64",
                                 "markdown_include.include", "mdx_include", "toc",
                                 "markdown.extensions.toc"})


def _resolve(value: Any) -> Any:
    """Option values of an extension as MkDocs would pass them: ``!!python/name:`` tags
    imported, ``!ENV`` read; other tagged values are left out."""
    if isinstance(value, dict):
        return {k: _resolve(v) for k, v in value.items() if not _unresolved(v)}
    if isinstance(value, list):
        return [_resolve(v) for v in value if not _unresolved(v)]
    tag = getattr(value, "tag", None)
    if isinstance(tag, str) and hasattr(value, "value"):
        if tag.startswith("tag:yaml.org,2002:python/name:"):
            module, _, name = tag.rsplit(":", 1)[1].rpartition(".")
            return getattr(importlib.import_module(module), name)
        if tag == "!ENV":
            names = value.value if isinstance(value.value, list) else [value.value]
            for name in names[:-1] if len(names) > 1 else names:
                if isinstance(name, str) and name in os.environ:
                    return os.environ[name]
            return names[-1] if len(names) > 1 else None
    return value


def _unresolved(value: Any) -> bool:
    tag = getattr(value, "tag", None)
    return isinstance(tag, str) and not (tag == "!ENV"
                                         or tag.startswith("tag:yaml.org,2002:python/name:"))


def extension_settings(entries: Iterable[str | dict[str, Any]],
                       ) -> tuple[list[str], dict[str, Any]]:
    """The names of the extensions ``entries`` (as ``markdown_extensions:`` lists them)
    run on content, each once, and their options, resolved (``_resolve``)."""
    names: list[str] = []
    configs: dict[str, Any] = {}
    for entry in entries:
        if isinstance(entry, str):
            name, options = entry, None
        elif isinstance(entry, dict) and len(entry) == 1:
            name, options = next(iter(entry.items()))
        else:
            continue
        if name in EXCLUDED_EXTENSIONS or name in names:
            continue
        names.append(name)
        if isinstance(options, dict):
            configs[name] = _resolve(options)
    return names, configs
