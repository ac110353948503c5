"""The one slug rule: readable ASCII slugs for every id, page name and heading anchor.

Every id a campaign declares (locations, tables, paths, regions, terrain, resources,
creatures) must already be a slug (``check_id``), and every page name and heading anchor the
sites generate is made with ``slugify``, with Russian and Ukrainian transliteration:

>>> slugify("Thornfold Mill")
'thornfold-mill'
>>> slugify("Старая мельница")
'staraia-melnitsa'
>>> slugify("Їжачок у тумані")
'yizhachok-u-tumani'
>>> slugify("../../../../../evil-table")
'evil-table'
>>> str(check_id("../../../../../evil-table"))
"must be a slug of lowercase letters, digits and dashes, such as 'evil-table'"
>>> check_id("thornwood-day") is None
True

A slug is at most ``MAX_LENGTH`` characters of ``a-z``, ``0-9`` and single inner dashes, so it
is safe as a file name, a URL path segment, an HTML id and a CSS class on every system.
"""

from __future__ import annotations

import re
import unicodedata

from generator.diagnostics import N_, NN_, Text

# Passport-style transliteration; Ukrainian letters included (і, ї, є, ґ).
_TRANSLIT = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh",
    "з": "z", "и": "i", "й": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o",
    "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts",
    "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "iu",
    "я": "ia", "і": "i", "ї": "yi", "є": "ie", "ґ": "g", "'": "", "’": "", "ʼ": "",
}


#: Longest id or generated slug (file names stay well under every file system's limit).
MAX_LENGTH = 100
#: The rule as a regular expression (JSON Schema ``pattern``).
SLUG_PATTERN = "^[a-z0-9]+(-[a-z0-9]+)*$"
_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def slugify(text: str, fallback: str = "page") -> str:
    """``text`` as a slug (``fallback`` when nothing of it is left)."""
    out: list[str] = []
    for ch in text.lower():
        if ch in _TRANSLIT:
            out.append(_TRANSLIT[ch])
        else:
            out.append(ch)
    ascii_text = unicodedata.normalize("NFKD", "".join(out)).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")
    if len(slug) > MAX_LENGTH:
        slug = slug[:MAX_LENGTH].rstrip("-")
    return slug or fallback


def is_slug(text: str) -> bool:
    return len(text) <= MAX_LENGTH and _SLUG.fullmatch(text) is not None


def check_id(text: object) -> Text | None:
    """None when ``text`` is a valid id, else what is wrong (for a diagnostic)."""
    if isinstance(text, str) and is_slug(text):
        return None
    shown = str(text)
    if len(shown) > MAX_LENGTH and isinstance(text, str) and _SLUG.fullmatch(text):
        return NN_("is longer than %(num)s character", "is longer than %(num)s characters",
                   MAX_LENGTH)
    return N_("must be a slug of lowercase letters, digits and dashes, such as '%(id)s'",
              id=slugify(shown, fallback="my-id"))


def heading_id(value: str, separator: str = "-") -> str:
    """A heading anchor for Python-Markdown's ``toc`` (``slugify`` option): the same rule, so
    a Russian or Ukrainian heading gets a readable anchor instead of ``_1``."""
    return slugify(value, fallback="section").replace("-", separator)
