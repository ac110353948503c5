"""Where the files that ship with hexcrawl live: templates, assets, the base MkDocs config.

In an installed wheel ``site_templates/`` is the package folder ``generator/site_templates``
(setup.py maps it in at build time); in a checkout, and in an editable install of one, it is
the repository's top-level ``site_templates/``. Every module finds it here, never relative to
the current folder, so hexcrawl works from any folder.
"""

from __future__ import annotations

from pathlib import Path

#: The ``generator`` package folder.
PACKAGE = Path(__file__).resolve().parent


def _site_templates() -> Path:
    installed = PACKAGE / "site_templates"
    if installed.is_dir():
        return installed
    return PACKAGE.parent / "site_templates"


#: Page and reference templates, assets (CSS, JS) and the base MkDocs configuration.
SITE_TEMPLATES = _site_templates()
#: The base MkDocs configuration every generated ``mkdocs.yml`` inherits.
BASE_CONFIG = SITE_TEMPLATES / "mkdocs.base.yml"
#: The MkDocs hooks module named in every generated ``mkdocs.yml``.
HOOKS_FILE = PACKAGE / "serve" / "hooks.py"
#: The starter campaign ``hexcrawl new`` copies.
SCAFFOLD = PACKAGE / "scaffold" / "campaign"
