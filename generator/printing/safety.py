"""What a printed page may load: nothing from the network, and no file from outside the
campaign (``hexcrawl print``).

A roll table's row is Markdown and may hold raw HTML: ``![](http://...)``, ``<img src=...>``,
``<iframe>``, ``<meta http-equiv=refresh>``. Chromium, printing a page from the work folder,
would fetch each of them (telling a server that the GM printed, or embedding a file such as
``/etc/passwd`` or ``~/.ssh`` pictures into ``tables.pdf``). So a printed sheet:

- carries a Content-Security-Policy first in its head (``SHEET_POLICY``): no script, frame,
  object, font or style sheet from anywhere, images only as ``data:`` URIs;
- has its images inlined as ``data:`` URIs when they are the reference's own diagrams or
  files inside the campaign folder, and every other image source emptied;
- has no ``<meta>`` or ``<base>`` of the content's own (a refresh navigates, which no policy
  stops);
- keeps a GM's right-to-left override (U+202E) inside the text that holds it (``<bdi>``).

A printed map (our template, no content HTML) may load images from files (``MAP_POLICY``).
Chromium itself runs with every request sent to a closed local port (``NO_NETWORK_FLAGS``),
so what a policy misses fails too.
"""

from __future__ import annotations

import base64
import html
import mimetypes
import re
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import unquote, urlsplit

SHEET_POLICY = ("default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
                "form-action 'none'; base-uri 'none'")
MAP_POLICY = ("default-src 'none'; style-src 'unsafe-inline'; img-src file: data:; "
              "form-action 'none'; base-uri 'none'")
#: Chromium sends every request through a proxy on a port nothing listens on, loopback
#: included (Chromium would otherwise go straight to 127.0.0.1), and resolves no name.
NO_NETWORK_FLAGS = ("--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=<-loopback>",
                    "--host-resolver-rules=MAP * ~NOTFOUND", "--disable-domain-reliability",
                    "--dns-prefetch-disable")


def policy_meta(policy: str) -> str:
    return f'<meta http-equiv="Content-Security-Policy" content="{html.escape(policy, False)}">'


_IMG_SRC = re.compile(r"""(<img\b[^>]*?\ssrc\s*=\s*)("[^"]*"|'[^']*'|[^\s"'=<>`]+)""",
                      re.IGNORECASE)
_SRCSET = re.compile(r"""\ssrcset\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+)""", re.IGNORECASE)
_NAVIGATING = re.compile(r"<\s*/?\s*(meta|base)\b[^>]*>", re.IGNORECASE)


def _data_uri(data: bytes, name: str) -> str:
    kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
    return f"data:{kind};base64,{base64.b64encode(data).decode('ascii')}"


def _campaign_file(src: str, root: Path) -> Path | None:
    """The file inside ``root`` that ``src`` names (a path from the campaign folder, an
    absolute path, a ``file:`` URL), or None."""
    parts = urlsplit(src)
    if parts.scheme == "file":
        path = Path(unquote(parts.path))
    elif parts.scheme or parts.netloc:
        return None                      # http:, data:, //host/...: never a campaign file
    else:
        path = Path(unquote(parts.path))
        if not path.is_absolute():
            path = root / path
    try:
        found = path.resolve(strict=True)
        inside = found.is_relative_to(root.resolve(strict=True))
    except (OSError, RuntimeError, ValueError):
        return None
    return found if inside and found.is_file() else None


def contained(body: str, images: Mapping[str, str], root: Path | None) -> str:
    """``body`` (a printed sheet's HTML) with every image inlined or emptied and no
    ``<meta>`` or ``<base>``: see the module docstring. ``images`` are the reference's
    diagrams (``img/x.svg`` -> SVG text); ``root`` the campaign folder (None: no file)."""

    def image(m: re.Match[str]) -> str:
        raw = m.group(2)
        src = html.unescape(raw[1:-1] if raw[:1] in "\"'" else raw).strip()
        if src in images:
            uri = _data_uri(images[src].encode("utf-8"), src)
        elif root is not None and (found := _campaign_file(src, root)) is not None:
            uri = _data_uri(found.read_bytes(), found.name)
        else:
            uri = ""
        return f'{m.group(1)}"{html.escape(uri)}"'

    body = _NAVIGATING.sub("", body)
    body = _SRCSET.sub("", body)
    return bidi_isolated(_IMG_SRC.sub(image, body))


#: Characters that open a bidirectional embedding, override or isolate.
_BIDI = "\u202a\u202b\u202d\u202e\u2066\u2067\u2068"
_BIDI_TEXT = re.compile(rf"(?<=>)([^<>]*[{_BIDI}][^<>]*)(?=<)")


def isolated(text: str) -> str:
    """``text`` between the isolate marks FSI and PDI: a right-to-left override typed in it
    (U+202E) reverses nothing around it. For plain text (a CSS string, a title)."""
    return f"\u2068{text}\u2069"


def bidi_isolated(body: str) -> str:
    """``body`` with every run of text that opens a bidirectional override or embedding in
    ``<bdi>``: whatever a GM string holds stays inside it."""
    return _BIDI_TEXT.sub(r"<bdi>\1</bdi>", body)
