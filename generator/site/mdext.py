"""A Python-Markdown extension the generated sites load (``generator.site.mdext`` in their
``markdown_extensions``): heading anchors follow the one slug rule.

Python-Markdown's ``toc`` keeps only ASCII letters of a heading for its anchor, so a Russian
or Ukrainian heading gets ``#_1`` (or ``#-``). With this extension loaded after ``toc``, a
heading's anchor is ``generator.slug.heading_id`` of its text, transliterated and readable
(``Старая мельница`` -> ``#staraia-melnitsa``). A site whose ``mkdocs.yml`` gives ``toc`` a
``slugify`` of its own keeps it. (An extension, not ``slugify: !!python/name:...``, so that
the generated ``mkdocs.yml`` stays plain YAML any loader reads safely.)
"""

from __future__ import annotations

from typing import Any

from markdown import Markdown  # type: ignore[import-untyped]
from markdown.extensions import Extension  # type: ignore[import-untyped]
from markdown.extensions.toc import slugify as toc_default  # type: ignore[import-untyped]

from generator.slug import heading_id


class HeadingIds(Extension):  # type: ignore[misc]
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        if "toc" in md.treeprocessors:
            toc = md.treeprocessors["toc"]
            if getattr(toc, "slugify", None) is toc_default:
                toc.slugify = heading_id


def makeExtension(**kwargs: Any) -> HeadingIds:  # noqa: N802 (Python-Markdown's name)
    return HeadingIds(**kwargs)
