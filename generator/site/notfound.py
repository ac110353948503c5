"""The 404 page wherever a site is served, and whether a site's sitemap lists its pages.

MkDocs writes the links of an error page (``404.html``) from the root of the site's address
(``site_url``), or from the server's root (``/``) when there is none, because the page may be
served at any address of the site (a host answers every missing page with it). Under
``python -m http.server -d site`` the sites are at ``/players/`` and ``/gm/``, so without a
``site_url`` that page loaded no style, script or link, and with one it loaded them only at
that address. hexcrawl writes the page's links relative to the site's root instead (as MkDocs
writes them on the home page), and a small script at the top of the page, before any link,
sets the page's base to the site's root when it is served at another address of the site:

- at ``.../404.html`` itself the relative links are right as they are;
- else the root is the path of ``site_url`` when the address lies under it;
- else the address up to the site's folder (``/players/`` or ``/gm/``, as ``site/`` names them);
- else the server's root.

The two addresses Material's script resolves against the page's own address (its storage
scope and the search's base) are resolved against that base too. The page works without
scripts at ``404.html`` of the site, wherever the site is.

A sitemap lists full addresses, so MkDocs writes an empty one without ``site_url``:
``lists_no_page`` tells the build so, which warns once when that is the players' site, the
one that is published (generator.cli).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

#: Theme templates MkDocs renders as error pages (``mkdocs.utils.is_error_template``).
ERROR_PAGE = re.compile(r"^\d{3}\.html$")
_CHARSET = re.compile(r"<meta charset=[^>]*>", re.I)
_SCOPE = re.compile(r'(__md_scope=new URL\("[^"]*"),location\)')
_CONFIG = re.compile(r'(<script id="__config" type="application/json">.*?</script>)', re.S)

#: Sets the page's base to the site's root (see the module docstring): ``SITE`` is the path
#: of site_url ("/" without one), ``MOUNT`` the site's folder as a path segment.
_ROOT_SCRIPT = (
    "<script>(function(){var p=location.pathname,s=SITE,m=MOUNT,r=s,i;"
    "if(/\\/404\\.html$/.test(p))return;"
    "if(s!==\"/\"&&p.indexOf(s)===0)r=s;"
    "else if((i=p.indexOf(m))>=0)r=p.slice(0,i+m.length);"
    "var b=document.createElement(\"base\");b.href=r;document.head.appendChild(b)})()</script>"
)
#: Material resolves its search's base against the page's address: against the base here.
_CONFIG_SCRIPT = (
    "<script>(function(c){if(!c)return;var j=JSON.parse(c.textContent);"
    "j.base=new URL(j.base,document.baseURI).href;c.textContent=JSON.stringify(j)})"
    "(document.getElementById(\"__config\"))</script>"
)


def is_error_page(template_name: str) -> bool:
    return ERROR_PAGE.match(template_name) is not None


def relative_context(context: Any, config: Any) -> Any:
    """An error page's template context with every link relative to the site's root."""
    from mkdocs.utils import normalize_url

    context["base_url"] = "."
    context["extra_css"] = [normalize_url(str(path), None, ".") for path in config.extra_css]
    context["extra_javascript"] = [normalize_url(str(script), None, ".")
                                   for script in config.extra_javascript]
    return context


def _script_value(value: str) -> str:
    """``value`` as a JavaScript string that cannot end the script element."""
    return json.dumps(value).replace("<", "\\u003c").replace(">", "\\u003e")


def rooted(page: str, audience: str, site_url: str | None) -> str:
    """The error page ``page`` (rendered by ``relative_context``) with its script that sets
    its base to the site's root (see the module docstring)."""
    site = urlsplit(site_url).path if site_url else "/"
    site = site if site.endswith("/") else site + "/"
    script = (_ROOT_SCRIPT.replace("SITE", _script_value(site), 1)
              .replace("MOUNT", _script_value(f"/{audience}/"), 1))
    charset = _CHARSET.search(page)
    if charset is not None:
        page = page[:charset.end()] + script + page[charset.end():]
    else:
        page = page.replace("<head>", "<head>" + script, 1)
    page = _SCOPE.sub(r"\1,document.baseURI)", page, count=1)
    return _CONFIG.sub(lambda m: m.group(1) + _CONFIG_SCRIPT, page, count=1)


def lists_no_page(site_dir: Path) -> bool:
    """True when the built site's ``sitemap.xml`` lists no page (a build without
    ``site_url``: a sitemap needs full addresses)."""
    sitemap = site_dir / "sitemap.xml"
    try:
        return "<loc>" not in sitemap.read_text(encoding="utf-8")
    except OSError:
        return False



def unlisted_warning(language: str, site: str) -> str:
    """The build's one warning when the players' site (its folder ``site``) was built without
    ``site_url``: its sitemap lists no page. (The GM's site is not published, so its sitemap
    goes unmentioned.)"""
    from generator.i18n import Translator

    t = Translator(language)
    # TRANSLATORS: %(site)s is a folder (site/players); site_url, mkdocs.yml and the option
    # are names to keep as they are
    return t.gettext("%(site)s: sitemap.xml lists no page: a sitemap needs the address the "
                     "site is published at (site_url in mkdocs.yml, or hexcrawl build "
                     "--site-url)", site=site)


__all__ = ["is_error_page", "lists_no_page", "relative_context", "rooted", "unlisted_warning"]
