"""What one process serving a campaign keeps between builds: the serve session.

``hexcrawl serve`` (and ``mkdocs serve -f build/<audience>/mkdocs.yml``) rebuild after every
saved edit. What the rebuilds share is one ``ServeSession``: the hook's state (MkDocs'
command, whether it builds dirty, the errors shown in the browser: ``errors.ServeState``),
the ``memo.BuildCache`` of each campaign folder, the ``memo.DirtySite`` of each served site
and the compiled theme templates. Everything else a build needs is passed to it: the
pipeline gets the caches as parameters (``generator.site.cache``), the hook gets MkDocs'
config.

The session is the one object of the package that lives as long as the process
(``SESSION``): MkDocs passes a hook nothing of its own between builds, and loads the hook
file anew with every configuration it loads (each rebuild under serve), so the hook cannot
keep it; a plugin would keep it on its instance, but MkDocs finds plugins only through an
installed entry point, and ``mkdocs serve`` on a generated ``mkdocs.yml`` must work from a
checkout. ``hexcrawl build`` keeps nothing in it but the compiled theme templates: it marks
its own MkDocs config (``generator.site.config.DOCS_FRESH``) instead.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from generator.serve.bytecode import TemplateBytecode
from generator.serve.errors import ServeState

if TYPE_CHECKING:
    from generator.serve.memo import BuildCache, DirtySite


@dataclass
class ServeSession:
    """The state of the dev server in one process (see the module docstring)."""

    state: ServeState = field(default_factory=ServeState)
    #: per campaign folder (its real path): what its builds keep
    caches: dict[str, BuildCache] = field(default_factory=dict)
    #: per served site (the real path of its mkdocs.yml): the hook's record of its builds
    sites: dict[str, DirtySite] = field(default_factory=dict)
    #: Material's and the campaign's theme templates, compiled once: every MkDocs build
    #: makes a new Jinja environment and would compile them all again
    bytecode: TemplateBytecode = field(default_factory=TemplateBytecode)

    def start(self, command: str, dirty: bool) -> None:
        """MkDocs starts (``on_startup``): ``command`` is ``serve``, ``build``..."""
        self.state.command = command
        self.state.failed = []
        self.state.dirty = dirty

    def cache_for(self, content: Path) -> BuildCache:
        """The cache of the campaign in ``content`` (made on first use)."""
        # the hook imports this module on every MkDocs start, a plain build's too; what a
        # serve session keeps of a campaign (its replay, its pages) is imported when one is
        from generator.serve.memo import BuildCache

        return self.caches.setdefault(os.path.realpath(content), BuildCache())

    def dirty_site(self, config_file: str) -> DirtySite:
        """The hook's record of the site built from ``config_file``."""
        from generator.serve.memo import DirtySite

        return self.sites.setdefault(os.path.realpath(config_file), DirtySite())


#: The process's serve session (the module docstring says why it is not passed).
SESSION = ServeSession()
