"""Readable ASCII slugs for page names, with Russian and Ukrainian transliteration.

>>> slugify("Thornfold Mill")
'thornfold-mill'
>>> slugify("Старая мельница")
'staraia-melnitsa'
>>> slugify("Їжачок у тумані")
'yizhachok-u-tumani'
"""

from __future__ import annotations

import re
import unicodedata

# Passport-style transliteration; Ukrainian letters included (і, ї, є, ґ).
_TRANSLIT = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh",
    "з": "z", "и": "i", "й": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o",
    "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts",
    "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "iu",
    "я": "ia", "і": "i", "ї": "yi", "є": "ie", "ґ": "g", "'": "", "’": "", "ʼ": "",
}


def slugify(text: str, fallback: str = "page") -> str:
    out: list[str] = []
    for ch in text.lower():
        if ch in _TRANSLIT:
            out.append(_TRANSLIT[ch])
        else:
            out.append(ch)
    ascii_text = unicodedata.normalize("NFKD", "".join(out)).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")
    return slug or fallback
