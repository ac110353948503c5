"""The detector of English that hexcrawl wrote into a page or a terminal in another language:
the Latin-script words of a text once its markup, its dice notation and the campaign's own
words are taken away. The tests of the GM pages, both sites, ``play`` and ``check`` share it,
so an allow-list is in one place and holds only what is no language."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z']*")

#: What is not language: proper names of the check systems (the campaign chooses them, as it
#: names its own places), the program's own name, file formats a GM saves or types, units of
#: screen measure in the sites' assets. Nothing here is a word a GM reads as English prose.
NOT_LANGUAGE = frozenset({
    "basic", "roleplaying", "black", "sword", "hack", "brp", "bsh", "hexcrawl",
    "svg", "pdf", "yaml", "json", "csv", "html", "md", "utf", "txt",
})

#: The markup of HTML attributes a reader sees (a tooltip, a label read aloud, an image's
#: alternative text): kept, every other attribute dropped.
READ_ATTRIBUTES = re.compile(r'\b(?:title|aria-label|alt|placeholder)="([^"]*)"')


def _yaml_values(node: object) -> list[str]:
    """The string values of a YAML document (names, prose, tags, ids the pages show), not its
    keys, which are the format's words."""
    if isinstance(node, dict):
        return [s for value in node.values() for s in _yaml_values(value)]
    if isinstance(node, list):
        return [s for value in node for s in _yaml_values(value)]
    return [node] if isinstance(node, str) else []


@dataclass(frozen=True)
class CampaignText:
    """The campaign's own text as the detector excuses it: its words as written, and the
    passages of its prose that hold dice notation (``a d4 until the next long rest``), taken
    away where they stand so the campaign's ``d4`` does not excuse hexcrawl's."""

    words: frozenset[str]
    dice_passages: tuple[str, ...]
    #: the campaign's values as written (a name, a table's row, a note), longest first: a
    #: terminal shows them whole, so they are taken away whole
    values: tuple[str, ...] = ()

    def strip(self, text: str) -> str:
        """``text`` without the campaign's passages that hold dice notation."""
        text = re.sub(r"\s+", " ", text)
        for passage in self.dice_passages:
            text = text.replace(passage, " ")
        return text


def campaign_words(content: Path) -> CampaignText:
    """Every Latin-script word of the campaign's own text (names, descriptions, notes, tags,
    table rows, Markdown pages and their front matter, file names), as written: what no
    translation touches. Case counts, and the format's keys and dice notation are left out,
    so the campaign's "her doom die" does not excuse hexcrawl's "Doom (Wren)" or "d6"."""
    texts: list[str] = []
    for path in sorted(content.rglob("*")):
        if not path.is_file():
            continue
        texts.append(path.relative_to(content).as_posix())
        raw = path.read_text("utf-8") if path.suffix in (".md", ".yaml", ".yml") else ""
        if path.suffix == ".md":
            front = re.match(r"^---\n(.*?)\n---\n", raw, flags=re.S)
            if front:
                texts += _yaml_values(yaml.safe_load(front.group(1)))
            texts.append(raw[front.end():] if front else raw)
        elif raw:
            try:
                texts += _yaml_values(list(yaml.safe_load_all(raw)))
            except yaml.YAMLError:
                texts.append(raw)
    words = {w for text in texts for w in LATIN_WORD.findall(without_dice(text, typed=True))}
    values = {re.sub(r"\s+", " ", v).strip() for v in texts}
    passages = {re.sub(r"\s+", " ", p).strip() for text in texts
                for p in re.split(r"[\n*_`\[\]|#>«»\"]+|[.;:!?,](?=\s)", text)}
    return CampaignText(frozenset(words), tuple(sorted(
        (p for p in passages if without_dice(p, typed=True) != p
         and LATIN_WORD.search(without_dice(p, typed=True))), key=lambda p: -len(p))),
        tuple(sorted((v for v in values if len(v) > 2 and LATIN_WORD.search(v)),
                     key=lambda v: -len(v))))


def _excused(word: str, own: frozenset[str]) -> bool:
    """Whether ``word`` is the campaign's (as written, or its possessive) or no language."""
    return (word in own or word.removesuffix("'s") in own or word.rstrip("'") in own
            or word.lower() in NOT_LANGUAGE)


def _tags_to_read_text(text: str) -> str:
    """Every HTML or SVG tag replaced by the attribute values a reader sees in it."""
    def keep(tag: re.Match[str]) -> str:
        return " " + " ".join(READ_ATTRIBUTES.findall(tag.group(0))) + " "
    text = re.sub(r"<(style|script)\b.*?</\1>", " ", text, flags=re.S)
    text = re.sub(r"<!--.*?-->", " ", text, flags=re.S)
    return re.sub(r"<[^>]+>", keep, text)


def without_dice(text: str, typed: bool = False) -> str:
    """``text`` without dice notation as ``Translator.dice`` writes it in the language
    (``2к20kl1``, which the glossary allows); ``1d20`` too where ``typed`` (the GM types it:
    the commands of ``play``, option values)."""
    letters = "dк" if typed else "к"
    notation = rf"\b\d*[{letters}]\d+(?:[+-]\d*[{letters}]?\d+)?(?:k[hl]1)?(?:[x×]\d+)?\b"
    return re.sub(notation, " ", text)


def hexcrawls_words(page: str, own: CampaignText, *, markdown: bool = True) -> list[str]:
    """The Latin-script words of a page (Markdown with HTML, or an SVG) that hexcrawl wrote:
    the page without its markup (front matter, tags but for what a reader sees of them,
    link targets, heading anchors, admonition types, code spans' language), dice notation and
    the campaign's own words."""
    text = re.sub(r"^---\n.*?\n---\n", "", page, flags=re.S) if markdown else page
    text = _tags_to_read_text(text)
    if markdown:
        # what the GM types (a command, a key, an id, ``checks: d20``) stays as typed
        text = re.sub(r"`[^`\n]+`|<code>.*?</code>", " ", text)
        text = re.sub(r"\]\([^)]*\)", "] ", text)
        text = re.sub(r"\]\[[^\]]*\]", "] ", text)
        text = re.sub(r"(?m)^\[[^\]]+\]:\s*\S+.*$", " ", text)
        text = re.sub(r"\{[^}]*[#.:][^}]*\}", " ", text)
        text = re.sub(r"(?m)^\s*(?:!!!|\?\?\?\+?) \w+(?: \w+)*", " ", text)
        text = re.sub(r"(?m)^\s*(?:///|:::) ?\w*", " ", text)
    text = without_dice(own.strip(html.unescape(text)))
    return [w for w in LATIN_WORD.findall(text) if not _excused(w, own.words)]


def site_leftovers(docs: Path, own: CampaignText) -> dict[str, list[str]]:
    """Every page of a built site's ``docs`` (Markdown and the SVG maps) with the English
    hexcrawl wrote on it, by its path under ``docs``."""
    found: dict[str, list[str]] = {}
    for path in sorted(docs.rglob("*")):
        if path.suffix not in (".md", ".svg"):
            continue
        words = hexcrawls_words(path.read_text("utf-8"), own, markdown=path.suffix == ".md")
        if words:
            found[path.relative_to(docs).as_posix()] = words
    return found


def terminal_leftovers(text: str, own: CampaignText, allowed: frozenset[str] = frozenset(),
                       *, whole: bool = False) -> list[str]:
    """The English hexcrawl wrote to a terminal: ``text`` without the ``PATH:LINE:COL:
    error:`` prefix (which stays the same in every language, for editors), paths, quoted
    values (what the GM wrote, echoed), options and the campaign's own words. With
    ``whole``, the campaign's values are taken away whole and only its proper names excuse
    a word elsewhere, so a "caught" or "left" of hexcrawl's is not excused by a campaign's
    sentence that holds the word."""
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)
    if whole:
        text = re.sub(r"[ \t]+", " ", text)
        for value in own.values:
            text = re.sub(rf"(?<!\w){re.escape(value)}(?!\w)", " ", text)
        own = CampaignText(frozenset(w for w in own.words if w[:1].isupper()),
                           own.dice_passages)
    text = re.sub(r"(?m)^\S+:\d+:\d+: (?:error|warning): ", "", text)
    text = re.sub(r"'[^'\n]*'|\"[^\"\n]*\"|«[^»\n]*»|“[^”\n]*”", " ", text)
    text = re.sub(r"\S*[/\\]\S*|\S+\.(?:ya?ml|md)\b|--[a-z-]+", " ", text)
    # a key of the format as the GM types it, named where the error is (``kind:``)
    text = re.sub(r"(?<!\S)[a-z_][a-z_.-]*:(?=\s)", " ", text)
    # an id the GM types (a roll's name in ``rolls:``, ``judge_distance``)
    text = re.sub(r"\b[a-z]+(?:_[a-z]+)+\b", " ", text)
    text = without_dice(text, typed=True)
    return [w for w in LATIN_WORD.findall(text)
            if not _excused(w, own.words) and w not in allowed]
