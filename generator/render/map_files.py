"""Maps put into their pages after Markdown.

A page's maps (a session's route, the GM's map of what was explored, the overview on the map
page) are tens of kilobytes to megabytes of SVG each. Left in the Markdown, MkDocs would run
them through the Markdown converter and the search plugin would parse them, for nothing: an
SVG is raw HTML to the one and no text to the other. So each map is written as a file of its
own in the docs tree, ``maps/inline/<digest>.svg`` (named by its content: the page's Markdown
changes exactly when one of its maps does, which is what tells ``mkdocs serve --dirty`` to
rebuild it), and the page holds a stand-in, ``<img class="hexmap-file" src=... alt="">``.

The hook of every generated ``mkdocs.yml`` (``generator.serve.hooks.on_post_page``, after the
search plugin has indexed the page) replaces each stand-in with its file's SVG, so the built
page holds the map inline, as the page would have had it: links on its hexes, hover and
pan/zoom work as ever. A builder without the hook still shows each map, as a picture.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, MutableMapping

#: The folder of the docs tree the maps' files are written to.
FOLDER = "maps/inline"

_STAND_IN = re.compile(r'<img class="hexmap-file" src="(?:\.\./)*'
                       + re.escape(FOLDER) + r'/([0-9a-f]{20})\.svg" alt="">')


def stand_in(svg: str, root: str, files: MutableMapping[str, str]) -> str:
    """The stand-in of ``svg`` on a page at ``root`` (its prefix to the site root,
    ``generator.render.paths.root_of``); ``svg`` is added to ``files`` (docs path -> text)."""
    digest = hashlib.blake2b(svg.encode("utf-8"), digest_size=10).hexdigest()
    path = f"{FOLDER}/{digest}.svg"
    files[path] = svg
    return f'<img class="hexmap-file" src="{root}{path}" alt="">'


def is_map_file(path: str) -> bool:
    """Whether the docs path ``path`` is one of the maps' files."""
    return path.startswith(f"{FOLDER}/")


def has_stand_ins(html: str) -> bool:
    return 'class="hexmap-file"' in html


def put_maps(html: str, read: Callable[[str], str]) -> str:
    """``html`` with every stand-in replaced by its map: ``read(path)`` gives the text of
    ``path`` (docs-relative) and raises ``OSError`` when there is no such file."""
    return _STAND_IN.sub(lambda m: read(f"{FOLDER}/{m.group(1)}.svg"), html)
