"""The site stage: the docs trees of both audiences, their MkDocs configuration, MkDocs run
on each, and the atomic switch to the new sites.

- ``build``: ``write_docs`` (one audience's docs tree and mkdocs.yml) and ``build_sites``
  (both trees, MkDocs, the switch);
- ``config``: the generated mkdocs.yml, the campaign's own settings read safely;
- ``writer``: writing a tree, only the files whose content changed;
- ``output``: build locks, links refused, the atomic switch of the sites;
- ``worker``: the process that builds the GM's site while the build builds the players'
  (``run_mkdocs``: MkDocs in-process), importing nothing heavy of ours;
- ``progress``: what a build shows on a terminal;
- ``mdext``: the Markdown extension the generated sites load (heading anchors);
- ``public``, ``sitetext``, ``revision``: ``hexcrawl public``, the text a built players'
  site shows compared with an earlier one (the site last built, or a git revision's).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from generator.site.build import (
        BuildReport,
        DocsResult,
        SiteError,
        build_sites,
        check_no_gm_boxes,
        run_mkdocs,
        write_docs,
    )

__all__ = ["BuildReport", "DocsResult", "SiteError", "build_sites",
           "check_no_gm_boxes", "run_mkdocs", "write_docs"]


def __getattr__(name: str) -> object:
    """The build's names, imported when first asked for: ``hexcrawl check`` reads the
    campaign's MkDocs settings (``generator.site.config``) without loading the page
    renderer, the maps and the reference sheets that ``build`` brings in."""
    if name in __all__:
        from generator.site import build

        return getattr(build, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
