"""The docs trees, their MkDocs configs, and atomic builds of both sites.

``write_docs`` writes ``build/<audience>/docs/`` (Markdown, SVG, CSS, JS) and
``build/<audience>/mkdocs.yml``, touching only files whose content changed and removing files
it no longer generates, so ``mkdocs serve`` and editors see real changes only. ``build/`` and
the sites go beside the campaign (``generator.content.place``: its repository), whatever folder
the command runs in.

The generated ``mkdocs.yml`` inherits the base configuration shipped in the package and
carries the campaign repository's own ``mkdocs.yml`` (and the campaign folder's, if it has
one), read safely: ``generator.site.config`` says how, and what ``--no-hooks`` leaves out.

``build_sites`` then runs MkDocs for each audience into a staging folder (the GM's, the long
leg, in a worker process started first, ``generator.site.worker``, while this one writes and
builds the players' site) and switches the new sites in together (``generator.site.output``)
only when every audience built: on any failure the previous sites are untouched and a
``SiteError`` says what went wrong.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2

from generator.audience import AUDIENCES, Audience
from generator.content.campaign import Campaign
from generator.content.markdown import (
    MarkdownError,
    MarkdownRenderer,
    Prose,
    gm_elements,
    shared_renderer,
)
from generator.content.place import place_of
from generator.diagnostics import N_, Pos, SourceError, text_of
from generator.knowledge import view_for
from generator.reference.render import reference_nav, reference_pages
from generator.render.escape import html_text, with_title
from generator.render.pages import (
    TEMPLATES,
    DocsTree,
    NavItem,
    asset_files,
    render_docs,
)
from generator.render.templates import templates_fingerprint
from generator.rules.chronicle import Chronicle
from generator.site import output
from generator.site.cache import BuildCache, FileStore
from generator.site.config import (
    CampaignConfig,
    ConfigError,
    ConfigOptions,
    SiteFacts,
    campaign_config_files,
    dump_config,
    generated_config,
    read_campaign_config,
)
from generator.site.errors import SiteError as SiteError
from generator.site.errors import pages_of
from generator.site.notfound import lists_no_page
from generator.site.progress import Reporter, count, silent
from generator.site.worker import Worker, WorkerGone, mkdocs_in_worker, start_worker
from generator.site.worker import run_mkdocs as run_mkdocs
from generator.site.writer import TreeWriter, UnsafePath

DEFAULT_OPTIONS = ConfigOptions()


@dataclass
class DocsResult:
    audience: str
    config: Path
    docs: Path
    written: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    #: what ``--no-hooks`` left out of the campaign's MkDocs config
    left_out: list[str] = field(default_factory=list)


@dataclass
class BuildReport:
    docs: dict[str, DocsResult] = field(default_factory=dict)
    sites: dict[str, Path] = field(default_factory=dict)
    #: MkDocs warnings, as "audience: message"
    warnings: list[str] = field(default_factory=list)
    #: the audiences whose sitemap.xml lists no page: built without a site_url
    unlisted: list[str] = field(default_factory=list)


# ------------------------------------------------------------------------------------------
# docs trees


def campaign_config(campaign: Campaign, repo_config: Path | None,
                    options: ConfigOptions) -> CampaignConfig:
    """The campaign's MkDocs settings: ``repo_config`` (default: the ``mkdocs.yml`` of the
    campaign's repository), then the campaign folder's own. Raises ``SiteError``."""
    if repo_config is None:
        repo_config = place_of(campaign.root).config
    try:
        return read_campaign_config(campaign_config_files(repo_config, campaign.root), options)
    except ConfigError as exc:
        raise SiteError(exc.text, Pos(str(exc.path), exc.line, exc.column)) from exc


def site_config(campaign: Campaign, audience: Audience, nav: list[dict[str, Any]],
                config_dir: Path, site_dir: Path, repo_config: Path | None = None,
                options: ConfigOptions = DEFAULT_OPTIONS) -> dict[str, Any]:
    """The generated MkDocs config of one audience (see ``generator.site.config``)."""
    settings = campaign_config(campaign, repo_config, options)
    facts = SiteFacts(campaign.name, campaign.language, campaign.description, audience,
                      campaign.root, settings.files[0] if settings.files else None)
    return generated_config(facts, nav, config_dir, site_dir, settings, options)


def secure_config(config: dict[str, Any], campaign: Campaign,
                  description: Prose | None) -> dict[str, Any]:
    """The generated config with what the GM typed escaped for where the theme writes it:
    ``site_name`` and ``site_description`` go into HTML unescaped, so they are HTML text here
    (navigation titles are escaped by ``NavItem``). Heading anchors follow the one slug rule
    (``generator.site.mdext``), so a Cyrillic heading gets a readable anchor, unless the site's
    config gives ``toc`` a ``slugify`` of its own."""
    config["site_name"] = html_text(campaign.name)
    if config.get("site_description") == campaign.description and description is not None:
        config["site_description"] = html_text(" ".join(description.text.split()))
    extensions = config.get("markdown_extensions")
    if isinstance(extensions, list) and HEADING_IDS not in extensions:
        extensions.append(HEADING_IDS)
    return config


#: The extension that gives headings anchors by the one slug rule (after ``toc``).
HEADING_IDS = "generator.site.mdext"


def add_reference(tree: DocsTree, campaign: Campaign, audience: Audience,
                  known_locations: set[str], overrides: bool = True,
                  markdown: MarkdownRenderer | None = None,
                  cache: BuildCache | None = None,
                  known_terrain: set[str] | None = None) -> None:
    """The rules reference sheets and roll tables (generator.reference), rendered from the
    engine's own tables, as a section of the site. With ``cache``, the pages of the last
    build are reused while the campaign's inputs (and the players' finds) are unchanged."""
    known = frozenset(known_locations) if audience == Audience.PLAYERS else None
    seen = frozenset(known_terrain or ()) if audience == Audience.PLAYERS else None
    key: tuple[object, ...] | None = None
    pages: dict[str, str] | None = None
    if cache is not None and cache.replay.sessions is campaign.sessions:
        key = ("reference", cache.replay.inputs_token, known, seen, overrides)
        pages = cache.pages_of(audience).get_pages(key)
    if pages is None:
        pages = reference_pages(campaign, audience, known_locations=known, overrides=overrides,
                                markdown=markdown, known_terrain=seen)
        if key is not None and cache is not None:
            cache.pages_of(audience).put_pages(key, pages)
    tree.files.update(pages)
    entries = reference_nav(campaign, audience)
    if not entries:  # reference.players: [] gives the players no reference
        return
    (title, index), rest = entries[0], entries[1:]
    tree.nav.append(NavItem(title, children=(NavItem("", index),
                                             *(NavItem(t, p) for t, p in rest))))


def _docs_markdown(campaign: Campaign, audience: Audience, base: Path, out_dir: Path,
                   settings: CampaignConfig, options: ConfigOptions,
                   ) -> tuple[SiteFacts, Any, MarkdownRenderer]:
    """The facts of ``audience``'s generated config, the site's own Markdown extensions
    and their renderer (which renders the campaign's Markdown fields)."""
    facts = SiteFacts(campaign.name, campaign.language, campaign.description, audience,
                      campaign.root, settings.files[0] if settings.files else None)
    extensions = generated_config(facts, [], base, out_dir / audience, settings,
                                  options).get("markdown_extensions")
    return facts, extensions, shared_renderer(extensions or ())


class _Clock:
    """Adds the seconds since the last call to ``timings[name]`` (for bench/run.py)."""

    def __init__(self, timings: MutableMapping[str, float] | None) -> None:
        self.timings = timings
        self.last = time.perf_counter()

    def __call__(self, name: str) -> None:
        now = time.perf_counter()
        if self.timings is not None:
            self.timings[name] = self.timings.get(name, 0.0) + now - self.last
        self.last = now

    def aside(self, name: str, seconds: float) -> None:
        """``seconds`` of the running interval spent on ``name`` instead: counted there,
        and not in the interval's own."""
        if self.timings is not None:
            self.timings[name] = self.timings.get(name, 0.0) + seconds
        self.last += seconds


def _titled(every: Mapping[str, str | bytes], titled: dict[str, tuple[str, bytes]], *,
            keep: bool) -> Iterator[tuple[str, bytes]]:
    """The bytes of every file of the docs tree, by path in order: each Markdown page but
    the home page with its title (``titled`` holds the pages titled before, by text; with
    ``keep``, it gets the new ones), the overview map with its XML declaration. One file
    at a time, so the tree is never held twice, as text and as bytes."""
    for p in sorted(every):
        text = every[p]
        if isinstance(text, bytes):
            yield p, text
            continue
        known = titled.get(p)
        if known is not None and known[0] == text:
            data = known[1]
        else:
            data = (with_title(text) if p.endswith(".md") and p != "index.md"
                    else text).encode("utf-8")
            if keep:
                titled[p] = (text, data)
        if p == "maps/overview.svg":
            data = b'<?xml version="1.0" encoding="utf-8"?>\n' + data
        yield p, data


def _write_changed(files: Iterable[tuple[str, bytes]], writer: TreeWriter, docs: Path,
                   disk: FileStore | None) -> list[str]:
    """Write each of ``files`` (path, bytes) under ``docs/`` where its bytes changed
    (``disk``: what serve knows is on the disk already); the files written, sorted."""
    written: list[str] = []
    for rel, data in files:
        if disk is not None and disk.unchanged(docs / rel, rel, data):
            continue
        if writer.write_if_changed(f"docs/{rel}", data):
            written.append(rel)
        if disk is not None:
            disk.record(docs / rel, rel, data)
    return sorted(written)


@contextmanager
def _docs_errors(audience: Audience, base: Path) -> Iterator[None]:
    """What goes wrong writing an audience's docs, as a ``SiteError`` that says where."""
    try:
        yield
    except SourceError as exc:  # a template that cannot be read or fails
        raise SiteError(N_("%(problem)s (%(pages)s)", problem=exc.text,
                           pages=pages_of(audience)), exc.pos) from exc
    except jinja2.TemplateError as exc:
        where = f" ({exc.filename}:{exc.lineno})" if isinstance(
            exc, jinja2.TemplateSyntaxError) else ""
        # Jinja's own words for what is wrong in the template
        raise SiteError(N_("%(pages)s: template error%(where)s: %(error)s",
                           pages=pages_of(audience), where=where, error=str(exc))) from exc
    except (UnsafePath, MarkdownError) as exc:
        raise SiteError(N_("%(pages)s: %(problem)s", pages=pages_of(audience),
                           problem=text_of(exc))) from exc
    except OSError as exc:
        raise SiteError(N_("%(pages)s: cannot write %(file)s: %(reason)s",
                           pages=pages_of(audience), file=str(exc.filename or base),
                           reason=exc.strerror or str(exc))) from exc


def write_docs(campaign: Campaign, chronicle: Chronicle, audience: Audience,
               build_dir: Path | None = None, out_dir: Path | None = None,
               repo_config: Path | None = None,
               options: ConfigOptions = DEFAULT_OPTIONS,
               timings: MutableMapping[str, float] | None = None,
               cache: BuildCache | None = None) -> DocsResult:
    """Write ``build_dir/<audience>/docs/`` and ``build_dir/<audience>/mkdocs.yml``.

    Only files whose content changed are written; files no longer generated are removed.
    ``out_dir`` is where ``mkdocs build -f build_dir/<audience>/mkdocs.yml`` puts the site
    (``out_dir/<audience>``); both default to ``build/`` and ``site/`` of the campaign's
    repository. ``repo_config`` replaces that repository's ``mkdocs.yml``. With
    ``options.no_hooks`` the campaign's template overrides are ignored too. Raises
    ``SiteError`` when the campaign's MkDocs config is refused, a file cannot be written or a
    template fails. ``timings``, if given, receives the seconds spent on the view, the
    rendering and the writing (keys ``views``, ``render``, ``write``; added to). ``cache``
    (``generator.site.cache``, kept by ``hexcrawl serve`` between builds) makes it reuse
    the pages of sessions whose inputs are unchanged and skip files it wrote before with the
    same bytes; the tree written is the same.
    """
    place = place_of(campaign.root)
    build_dir = build_dir if build_dir is not None else place.build_dir
    out_dir = out_dir if out_dir is not None else place.site_dir
    base = build_dir / audience
    docs = base / "docs"
    result = DocsResult(audience, base / "mkdocs.yml", docs)
    settings = campaign_config(campaign, repo_config, options)
    result.left_out = settings.left_out
    overrides = not options.no_hooks
    writer = TreeWriter(base)
    with _docs_errors(audience, base):
        clock = _Clock(timings)
        facts, extensions, markdown = _docs_markdown(campaign, audience, base, out_dir,
                                                     settings, options)
        view = view_for(campaign, chronicle, audience, markdown)
        clock("views")
        templates = campaign.root / "templates" if overrides else None
        memo = inputs = None
        if cache is not None:
            memo = cache.pages_of(audience)
            memo.begin((templates_fingerprint(TEMPLATES, templates),
                        repr(extensions)))
            if cache.replay.sessions is campaign.sessions:
                inputs = cache.replay.inputs_token
        # every page but the home page (whose <title> is the site name) gets its title
        titled = cache.titled_of(audience) if cache is not None else {}
        disk = cache.disk_of(audience) if cache is not None else None

        assets = asset_files()
        tree = render_docs(view, templates, markdown, cache=memo, inputs=inputs)
        add_reference(tree, campaign, audience, set(view.locations), overrides, markdown,
                      cache, known_terrain=set(view.terrains))
        if memo is not None:
            memo.end()
        for p in [p for p in titled if p not in tree.files]:
            del titled[p]
        every: dict[str, str | bytes] = {**tree.files, **assets}
        clock("render")
        # each Markdown page titled (kept by serve while its text is the same), then every
        # file written where its bytes changed
        files = _titled(every, titled, keep=cache is not None)
        result.written += _write_changed(files, writer, docs, disk)
        if disk is not None:
            disk.keep_only(set(every))
        result.removed = [rel.removeprefix("docs/") for rel in
                          writer.remove_stale({f"docs/{rel}" for rel in every}, under="docs")]
        config = secure_config(generated_config(facts, tree.nav_config(), base,
                                                out_dir / audience, settings, options),
                               campaign, view.site.description)
        if writer.write_if_changed("mkdocs.yml", dump_config(config).encode("utf-8")):
            result.written.append("mkdocs.yml")
        clock("write")
    return result


# ------------------------------------------------------------------------------------------
# MkDocs, atomically


def check_no_gm_boxes(site: Path) -> None:
    """The last line of defence of the players' site: no built page may hold an element of
    the GM box class (whatever put it there: a template override, a plugin, a theme).
    Raises ``SiteError`` naming the page; the previous site stays."""
    for page in sorted(site.rglob("*.html")):
        found = list(gm_elements(page.read_text("utf-8", errors="replace")))
        if found:
            raise SiteError(N_("players' site: %(page)s holds a GM box (%(element)s); nothing "
                               "was published", page=page.relative_to(site).as_posix(),
                               element=found[0][:80]))


@dataclass
class _SiteBuild:
    """One ``build_sites`` run: what writes an audience's docs, builds its site here and
    checks what MkDocs made."""

    campaign: Campaign
    chronicle: Chronicle
    out_dir: Path
    build_root: Path
    repo_config: Path | None
    options: ConfigOptions
    site_urls: Mapping[Audience, str]
    progress: Reporter
    report: BuildReport = field(default_factory=BuildReport)

    def docs(self, audience: Audience) -> None:
        """Write ``audience``'s docs tree (the stage ``<audience>: pages``)."""
        url = self.site_urls.get(audience)
        with self.progress.stage(f"{audience}: pages") as st:
            docs = write_docs(self.campaign, self.chronicle, audience, self.build_root,
                              self.out_dir, self.repo_config,
                              dataclasses.replace(self.options, site_url=url)
                              if url else self.options)
            st.detail = (f"{count(len(docs.written), 'file')} written, "
                         f"{len(docs.removed)} removed")
        self.report.docs[audience] = docs

    def mkdocs(self, audience: Audience, staging: Path,
               worker: Worker | None = None) -> None:
        """Build ``audience``'s site into ``staging`` (the stage ``<audience>: MkDocs``):
        here, or, with ``worker``, take the result of the build submitted to it (built here
        after all if the worker ended without one), then check it."""
        target = staging / audience
        with self.progress.stage(f"{audience}: MkDocs") as st:
            warnings: list[str] | None = None
            if worker is not None:
                try:
                    warnings, steps = worker.result()
                    st.size(steps)
                    st.advance(steps)
                except WorkerGone:  # it ended without a site: built here instead
                    pass
            if warnings is None:
                warnings = run_mkdocs(self.report.docs[audience].config, target, st)
            st.detail = f"{st.done // 2} pages"
        self.report.warnings += [f"{audience}: {w}" for w in warnings]
        if not (target / "index.html").is_file():
            raise SiteError(N_("%(pages)s: MkDocs wrote no index.html",
                               pages=pages_of(audience)))
        if audience == Audience.PLAYERS:
            check_no_gm_boxes(target)
        if lists_no_page(target):
            self.report.unlisted.append(audience)

    @contextmanager
    def staging(self, notify: Callable[[str], None] | None) -> Iterator[Path]:
        """The output's lock (taken only now: a build that fails before MkDocs leaves no
        trace in the output folder) and a fresh staging folder, removed however the block
        ends; what older builds left is cleaned first and after a success."""
        out = Path(os.path.abspath(self.out_dir))
        with output.build_lock(output.lock_files(out, self.build_root), notify,
                               held=output.lock_files(None, self.build_root)):
            output.clean_stale(out)
            staging = output.new_staging(out)
            try:
                yield staging
            finally:
                shutil.rmtree(staging, ignore_errors=True)
            output.clean_stale(out)

    def publish(self, staging: Path, audiences: Sequence[Audience]) -> None:
        with self.progress.stage("swap"):
            output.publish(Path(os.path.abspath(self.out_dir)), staging, audiences)


def _overlapped(build: _SiteBuild, worker: Worker,
                notify: Callable[[str], None] | None) -> None:
    """Both sites, the long leg first: the GM's docs, then the GM's MkDocs in ``worker``
    while this process writes the players' docs and builds their site. On any failure
    the worker is ended before its staging folder is removed."""
    build.docs(Audience.GM)
    with build.staging(notify) as staging:
        try:
            try:
                worker.submit(mkdocs_in_worker, build.report.docs[Audience.GM].config,
                              staging / Audience.GM)
                ahead: Worker | None = worker
            except WorkerGone:
                ahead = None
            build.docs(Audience.PLAYERS)
            build.mkdocs(Audience.PLAYERS, staging)
            build.mkdocs(Audience.GM, staging, ahead)
        finally:
            worker.close()  # a site still building ends before its folder is removed
        build.publish(staging, AUDIENCES)


def _in_turn(build: _SiteBuild, audiences: Sequence[Audience], docs_only: bool,
             notify: Callable[[str], None] | None) -> None:
    """Each audience's docs, then (unless ``docs_only``) each site, in this process."""
    for audience in audiences:
        build.docs(audience)
    if docs_only:
        return
    with build.staging(notify) as staging:
        for audience in audiences:
            build.mkdocs(audience, staging)
        build.publish(staging, audiences)


def build_sites(campaign: Campaign, chronicle: Chronicle, out_dir: Path | None = None,
                build_root: Path | None = None,
                audiences: Sequence[Audience] = AUDIENCES, docs_only: bool = False,
                repo_config: Path | None = None, options: ConfigOptions = DEFAULT_OPTIONS,
                site_urls: Mapping[Audience, str] | None = None,
                notify: Callable[[str], None] | None = None,
                progress: Reporter | None = None,
                worker: Worker | None = None) -> BuildReport:
    """Write the docs of each audience, build them with MkDocs and make them the sites in
    ``out_dir/<audience>`` in one step, only when all built (see ``generator.site.output``).
    ``out_dir`` and ``build_root`` default to ``site/`` and ``build/`` of the campaign's
    repository; ``site_urls`` gives the address an audience's site is published at (else the
    campaign's ``site_url`` applies). ``progress`` is told each stage (the pages of each
    audience, its MkDocs build, the swap).

    With both audiences and a spare core, the stages run in this order: ``gm: pages``,
    ``players: pages``, ``players: MkDocs``, ``gm: MkDocs`` (the wait for the GM's site,
    built meanwhile in a worker process), ``swap``. Otherwise each audience's pages, then
    each one's MkDocs, in the order of ``audiences``. ``worker`` (``start_worker``, started
    by the caller before it loads the campaign) is used and ended by the build; without
    it the build starts its own when it can use one.

    The build holds a lock on the build root and the output folder for its whole run: a
    second build waits for it (``notify`` is told so). Raises ``SiteError``.
    """
    place = place_of(campaign.root)
    build = _SiteBuild(campaign, chronicle,
                       out_dir if out_dir is not None else place.site_dir,
                       build_root if build_root is not None else place.build_dir,
                       repo_config, options, site_urls or {},
                       progress if progress is not None else silent())
    if worker is None:
        worker = start_worker(audiences, docs_only)
    try:
        # the docs trees are the build root's; the output's is taken later (``staging``)
        with output.build_lock(output.lock_files(None, build.build_root), notify):
            if worker is not None and not docs_only and set(audiences) == set(AUDIENCES):
                _overlapped(build, worker, notify)
            else:
                _in_turn(build, audiences, docs_only, notify)
    except output.OutputError as exc:
        raise SiteError(exc.text, exc.where) from exc
    finally:
        if worker is not None:
            worker.close()
    if not docs_only:
        build.report.sites = {a: build.out_dir / a for a in audiences}
    return build.report
