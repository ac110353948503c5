"""MkDocs hooks for a generated hexcrawl site (``hooks:`` in ``build/<audience>/mkdocs.yml``).

``mkdocs serve -f build/gm/mkdocs.yml`` (and ``hexcrawl serve``) watch the campaign folder;
on every rebuild this hook loads the campaign, replays it and rewrites the docs tree, writing
only files whose content changed, so MkDocs sees just the pages that really changed. When
``hexcrawl build`` runs MkDocs itself the docs are already fresh and the hook does nothing
(nor does it with ``HEXCRAWL_HOOK=off``, for measuring MkDocs alone). A campaign with errors
keeps the last good docs: the diagnostics are logged as MkDocs errors.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

log = logging.getLogger("mkdocs.plugins.hexcrawl")


def on_pre_build(config: Any, **_: Any) -> None:
    from generator import site
    from generator.content.loader import load_campaign
    from generator.mkdocs_config import ConfigOptions
    from generator.replay import replay

    if site.IN_HEXCRAWL_BUILD or os.environ.get("HEXCRAWL_HOOK") == "off":
        return
    extra = config.extra or {}
    audience = extra.get("hexcrawl_audience")
    content = extra.get("hexcrawl_content")
    config_file = config.config_file_path
    if audience not in ("players", "gm") or not content or not config_file:
        return
    base = Path(config_file).resolve().parent
    content_dir = (base / content).resolve()
    campaign, diags = load_campaign(content_dir)
    if campaign is not None:
        chronicle, rdiags = replay(campaign)
        diags.extend(rdiags.items)
    for d in diags.sorted():
        (log.error if d.severity == "error" else log.warning)(d.format())
    if campaign is None or diags.has_errors():
        log.error("hexcrawl: content has errors; the pages were not regenerated")
        return
    repo = extra.get("hexcrawl_repo_config")
    options = ConfigOptions(no_hooks=bool(extra.get("hexcrawl_no_hooks")),
                            site_url=extra.get("hexcrawl_site_url") or None)
    result = site.write_docs(campaign, chronicle, audience, build_dir=base.parent,
                             out_dir=(base / extra.get("hexcrawl_out", "../../site")).resolve(),
                             repo_config=(base / repo).resolve() if repo else None,
                             options=options)
    if result.written or result.removed:
        log.info("hexcrawl: %d files regenerated, %d removed", len(result.written),
                 len(result.removed))
