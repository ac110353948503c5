"""What becomes public before it does: ``hexcrawl public``.

The players' site the campaign builds now is built into a temporary folder (the same build as
``hexcrawl build``, MkDocs included: nothing under ``site/`` is touched) and its text
(``generator.site.sitetext``) compared, page by page, with the text of an earlier players'
site: the one last built in the output folder, or the one a git revision builds
(``generator.site.revision``), built the same way in the same temporary folder. The report
lists, per page, the sentences added and removed, as plain text in the campaign's language;
``markdown`` wraps it for a GitHub run's summary.
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from generator.audience import Audience
from generator.content.campaign import Campaign
from generator.content.loader import load_campaign
from generator.diagnostics import Diagnostics, one_line
from generator.i18n import Translator
from generator.replay import replay
from generator.rules.chronicle import Chronicle
from generator.site.build import SiteError, build_sites
from generator.site.config import ConfigOptions
from generator.site.revision import campaign_at
from generator.site.sitetext import PageText, site_text

Status = Literal["new", "gone", "changed"]
#: what the report compares with: a site built before, none, a revision's site, a revision
#: without the campaign, a revision whose campaign cannot be built
BasisKind = Literal["site", "no-site", "revision", "no-campaign", "broken"]
#: lines and characters of changes a Markdown report holds at most (a run's summary takes
#: 1 MiB; a longer one is not shown at all)
MARKDOWN_LINES = 3000
MARKDOWN_CHARS = 600_000


@dataclass(frozen=True)
class PageChange:
    """One page whose text changes: the sentences the players will newly read on it and
    those they will no longer read, each in page order."""

    path: str
    title: str
    status: Status
    added: tuple[str, ...]
    removed: tuple[str, ...]


@dataclass(frozen=True)
class Basis:
    """What the report compares with: ``where`` is the site's folder or the revision's name,
    ``commit`` the revision's commit."""

    kind: BasisKind
    where: str
    commit: str = ""


@dataclass
class Before:
    """The text of the earlier site (None: there is none), what it is, and warnings about
    it (a revision whose campaign has errors: its diagnostics)."""

    pages: dict[str, PageText] | None
    basis: Basis
    warnings: list[str] = field(default_factory=list)


def _new_in(text: tuple[str, ...], other: set[str]) -> tuple[str, ...]:
    seen: set[str] = set()
    out: list[str] = []
    for sentence in text:
        if sentence not in other and sentence not in seen:
            seen.add(sentence)
            out.append(sentence)
    return tuple(out)


def compare(before: Mapping[str, PageText] | None,
            after: Mapping[str, PageText]) -> list[PageChange]:
    """The pages whose text differs, by address (the home page first). A sentence is added
    to a page when the page did not show it before, wherever it was on the page."""
    before = before or {}
    changes: list[PageChange] = []
    for path in sorted(set(before) | set(after)):
        old, new = before.get(path), after.get(path)
        if new is None:
            assert old is not None
            changes.append(PageChange(path, old.title, "gone", (), _new_in(old.sentences,
                                                                              set())))
            continue
        if old is None:
            changes.append(PageChange(path, new.title, "new", _new_in(new.sentences, set()),
                                      ()))
            continue
        added = _new_in(new.sentences, set(old.sentences))
        removed = _new_in(old.sentences, set(new.sentences))
        if added or removed:
            changes.append(PageChange(path, new.title, "changed", added, removed))
    return changes


# ------------------------------------------------------------------------------------------
# building the sites to compare


def players_text(campaign: Campaign, chronicle: Chronicle, work: Path,
                 options: ConfigOptions) -> dict[str, PageText]:
    """Build the players' site of ``campaign`` in ``work`` (as ``hexcrawl build`` would:
    the campaign's MkDocs settings, the last check that no GM box is on a page) and read
    its text. Raises ``SiteError``."""
    build_sites(campaign, chronicle, out_dir=work / "site", build_root=work / "build",
                audiences=(Audience.PLAYERS,), options=options)
    return site_text(work / "site" / "players")


def built_before(site_dir: Path) -> Before:
    """The players' site last built into ``site_dir`` (``site/`` or ``build --out``)."""
    players = site_dir / "players"
    if not (players / "index.html").is_file():
        return Before(None, Basis("no-site", str(players)))
    return Before(site_text(players), Basis("site", str(players)))


def revision_before(ref: str, repository: Path, content: Path, work: Path,
                    options: ConfigOptions, t: Translator) -> Before:
    """The players' site the campaign at git revision ``ref`` builds (built in ``work``).
    A revision whose campaign cannot be built is compared as no site, with a warning and
    the lines that say why. Raises ``RevisionError`` (no git, no such revision) and
    ``SiteError``."""
    tree = work / "tree"
    revision = campaign_at(ref, repository, tree, t)
    short = revision.commit[:12]
    folder = revision.repository
    old_content = None if folder is None else folder / os.path.relpath(
        os.path.abspath(content), os.path.abspath(repository))
    if old_content is None or not (old_content / "campaign.yaml").is_file():
        return Before(None, Basis("no-campaign", ref, short))
    campaign, diags = load_campaign(old_content)
    if campaign is not None and not diags.has_errors():
        chronicle, replayed = replay(campaign)
        diags.extend(replayed.items)
    lead = t.gettext("warning: the players' site of %(ref)s cannot be built, so everything "
                     "is compared as new:", ref=ref)
    if campaign is None or diags.has_errors():
        return Before(None, Basis("broken", ref, short),
                      [lead, *_at_revision(diags, tree, ref, t)])
    try:
        pages = players_text(campaign, chronicle, work / "before", options)
    except SiteError as exc:
        return Before(None, Basis("broken", ref, short),
                      [lead, _said(exc, t).replace(f"{tree}{os.sep}", f"{ref}:")])
    return Before(pages, Basis("revision", ref, short))


def _at_revision(diags: Diagnostics, tree: Path, ref: str, t: Translator) -> list[str]:
    """The revision's errors in the language of ``t``, their files named the way git names
    a file of a revision (``HEAD~1:locations/ashford.md:3:1: error: ...``)."""
    return [d.format(t.text).replace(f"{tree}{os.sep}", f"{ref}:", 1)
            for d in diags.sorted() if d.severity == "error"]


def _said(exc: SiteError, t: Translator) -> str:
    """A site error as one line in the language of ``t`` (``pos: error: ...`` where it has a
    place)."""
    said = one_line(t.text(exc.text))
    return f"{exc.pos}: error: {said}" if exc.pos is not None else f"error: {said}"


# ------------------------------------------------------------------------------------------
# the report


def _basis_line(basis: Basis, t: Translator) -> str:
    if basis.kind == "site":
        return t.gettext("Compared with the players' site built in %(path)s.",
                         path=basis.where)
    if basis.kind == "no-site":
        return t.gettext("No players' site has been built in %(path)s yet (hexcrawl build "
                         "makes one): everything the players' site will show is new.",
                         path=basis.where)
    if basis.kind == "revision":
        return t.gettext("Compared with the players' site of %(ref)s (commit %(commit)s).",
                         ref=basis.where, commit=basis.commit)
    if basis.kind == "no-campaign":
        return t.gettext("The campaign is not in %(ref)s (commit %(commit)s): everything the "
                         "players' site will show is new.", ref=basis.where,
                         commit=basis.commit)
    return t.gettext("The players' site of %(ref)s (commit %(commit)s) cannot be built (the "
                     "warnings say why): everything the players' site will show is new.",
                     ref=basis.where, commit=basis.commit)


def _page_line(change: PageChange, t: Translator) -> str:
    where = "/" + change.path
    name = where if change.title in (change.path, "/") else f"{change.title} ({where})"
    if change.status == "new":
        return t.gettext("%(page)s: a new page", page=name)
    if change.status == "gone":
        return t.gettext("%(page)s: no longer on the site", page=name)
    return t.gettext("%(page)s: changed", page=name)


def summary_line(changes: list[PageChange], t: Translator) -> str:
    if not changes:
        return t.gettext("What the players' site newly shows: nothing, its text does not "
                         "change.")
    return t.gettext("What the players' site newly shows. Pages changed: %(pages)s; "
                     "sentences added: %(added)s, removed: %(removed)s.",
                     pages=len(changes), added=sum(len(c.added) for c in changes),
                     removed=sum(len(c.removed) for c in changes))


def body_lines(changes: list[PageChange], t: Translator) -> list[str]:
    """Page by page: the page's line, then ``+ sentence`` for each sentence added and
    ``- sentence`` for each removed."""
    lines: list[str] = []
    for change in changes:
        lines += ["", _page_line(change, t)]
        lines += [f"+ {s}" for s in change.added]
        lines += [f"- {s}" for s in change.removed]
    return lines


def report(changes: list[PageChange], basis: Basis, t: Translator,
           markdown: bool = False) -> str:
    """The report as plain text, or with ``markdown`` as a collapsed block for a GitHub
    run's summary (the text in a ``diff`` code block: nothing in it is read as Markdown or
    HTML)."""
    head = [summary_line(changes, t), _basis_line(basis, t)]
    if changes:
        head.append(t.gettext("A line with + is text the players will newly read; a line "
                              "with - is text they will no longer read."))
    body = body_lines(changes, t)
    if not markdown:
        return "\n".join(head + body)
    kept, size = 0, 0
    while kept < min(len(body), MARKDOWN_LINES) and size + len(body[kept]) < MARKDOWN_CHARS:
        size += len(body[kept]) + 1
        kept += 1
    if kept < len(body):
        left = len(body) - kept
        body = body[:kept] + ["", t.ngettext(
            "... and %(num)s more line: hexcrawl public on your machine shows them all.",
            "... and %(num)s more lines: hexcrawl public on your machine shows them all.",
            left)]
    longest = max((len(run) for run in re.findall(r"`+", "\n".join(body))), default=0)
    fence = "`" * max(3, longest + 1)
    parts = [f"<details><summary>{html.escape(head[0], quote=False)}</summary>", "",
             html.escape(" ".join(head[1:]), quote=False)]
    if body:
        parts += ["", f"{fence}diff", *body[1:], fence]
    parts += ["", "</details>", ""]
    return "\n".join(parts)
