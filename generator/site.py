"""The docs trees, their MkDocs configs, and atomic builds of both sites.

``write_docs`` writes ``build/<audience>/docs/`` (Markdown, SVG, CSS, JS) and
``build/<audience>/mkdocs.yml``, touching only files whose content changed and removing files
it no longer generates, so ``mkdocs serve`` and editors see real changes only.

The generated ``mkdocs.yml`` inherits (MkDocs' ``INHERIT:``) the repository's ``mkdocs.yml``
(the one in the current working directory), or the built-in defaults
(``site_templates/mkdocs.defaults.yml``) when there is none; a campaign folder may carry its
own ``mkdocs.yml`` whose settings are laid over the repository's. On top come the settings
the generated pages need (nav, language, Markdown extensions, ``font: false``, search only).
MkDocs replaces lists of an inherited file instead of merging them, so the generated file
writes the union of the inherited lists and its own (theme features, Markdown extensions,
extra CSS/JS), and it re-writes inherited paths (``theme.custom_dir``, ``hooks``, ``watch``)
relative to itself, because MkDocs resolves them against the file it loads.

``build_sites`` then runs MkDocs in-process for each audience into a temporary folder next to
the output folder, and swaps the new sites in only when every audience built: on any failure
the previous site is untouched and a ``SiteError`` says what went wrong.
"""

from __future__ import annotations

import logging
import os
import shutil
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
import yaml

from generator.chronicle import Chronicle
from generator.content.campaign import Campaign
from generator.knowledge import Audience, view_for
from generator.reference.render import reference_nav, reference_pages
from generator.render.pages import TEMPLATES, DocsTree, NavItem, asset_files, render_docs

AUDIENCES: tuple[Audience, ...] = ("players", "gm")
DEFAULTS_CONFIG = TEMPLATES / "mkdocs.defaults.yml"
HOOKS_FILE = Path(__file__).resolve().parent / "mkdocs_hooks.py"
#: True while ``build_sites`` runs MkDocs: the docs are fresh, the hook need not regenerate
IN_HEXCRAWL_BUILD = False

#: Markdown extensions the generated pages use (names; the first config wins if inherited).
REQUIRED_EXTENSIONS: tuple[str | dict[str, Any], ...] = (
    "admonition", "pymdownx.details", "attr_list", "md_in_html", "tables",
    {"toc": {"permalink": True}},
)
REQUIRED_FEATURES = ("navigation.prune", "navigation.indexes")
EXTRA_CSS = ("assets/map.css", "assets/hexcrawl.css", "assets/print.css")
EXTRA_JS = ("assets/hexcrawl.js",)
#: Keys holding paths that MkDocs resolves against the loaded config file.
PATH_KEYS = ("hooks", "watch")


class SiteError(Exception):
    """A site could not be written or built; the message says which and why."""


@dataclass
class DocsResult:
    audience: str
    config: Path
    docs: Path
    written: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)


@dataclass
class BuildReport:
    docs: dict[str, DocsResult] = field(default_factory=dict)
    sites: dict[str, Path] = field(default_factory=dict)
    #: MkDocs warnings, as "audience: message"
    warnings: list[str] = field(default_factory=list)


# ------------------------------------------------------------------------------------------
# YAML that keeps MkDocs' tags (!ENV, !relative, !!python/name:...) as they were written


class _Tagged:
    def __init__(self, tag: str, node: yaml.Node, value: Any) -> None:
        self.tag = tag
        self.node_kind = type(node)
        self.value = value


class _Loader(yaml.SafeLoader):
    pass


class _Dumper(yaml.SafeDumper):
    pass


def _construct_tagged(loader: _Loader, suffix: str, node: yaml.Node) -> _Tagged:
    value: Any
    if isinstance(node, yaml.ScalarNode):
        value = loader.construct_scalar(node)
    elif isinstance(node, yaml.SequenceNode):
        value = loader.construct_sequence(node, deep=True)
    else:
        assert isinstance(node, yaml.MappingNode)
        value = loader.construct_mapping(node, deep=True)
    return _Tagged(node.tag, node, value)


def _represent_tagged(dumper: _Dumper, data: _Tagged) -> yaml.Node:
    if data.node_kind is yaml.SequenceNode:
        return dumper.represent_sequence(data.tag, data.value)
    if data.node_kind is yaml.MappingNode:
        return dumper.represent_mapping(data.tag, data.value)
    return dumper.represent_scalar(data.tag, data.value)


_Loader.add_multi_constructor("!", _construct_tagged)
_Loader.add_multi_constructor("tag:yaml.org,2002:python/",
                              _construct_tagged)
_Dumper.add_representer(_Tagged, _represent_tagged)


def _read_config(path: Path, seen: frozenset[Path] = frozenset()) -> dict[str, Any]:
    """A MkDocs config file with its own INHERIT chain merged, paths made absolute."""
    path = path.resolve()
    if path in seen:
        raise SiteError(f"{path}: INHERIT loops back to itself")
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)  # noqa: S506
    except OSError as exc:
        raise SiteError(f"{path}: error: cannot read the MkDocs config: "
                        f"{exc.strerror or exc}") from exc
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}:{mark.line + 1}:{mark.column + 1}" if mark is not None else str(path)
        problem = getattr(exc, "problem", None) or str(exc)
        raise SiteError(f"{where}: error: {problem} (in a MkDocs config)") from exc
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise SiteError(f"{path}: a MkDocs config is a mapping of settings")
    _absolute_paths(data, path.parent)
    parent = data.pop("INHERIT", None)
    if isinstance(parent, str):
        return _merge(_read_config(path.parent / parent, seen | {path}), data)
    return data


def _absolute_paths(data: dict[str, Any], base: Path) -> None:
    theme = data.get("theme")
    if isinstance(theme, dict) and isinstance(theme.get("custom_dir"), str):
        theme["custom_dir"] = str((base / theme["custom_dir"]).resolve())
    for key in PATH_KEYS:
        value = data.get(key)
        if isinstance(value, list):
            data[key] = [str((base / v).resolve()) if isinstance(v, str) else v for v in value]


def _relative_paths(data: dict[str, Any], base: Path) -> dict[str, Any]:
    """The path keys of ``data`` rewritten relative to ``base`` (only those present)."""
    out: dict[str, Any] = {}
    theme = data.get("theme")
    if isinstance(theme, dict) and isinstance(theme.get("custom_dir"), str):
        out["theme"] = {"custom_dir": _rel(Path(theme["custom_dir"]), base)}
    for key in PATH_KEYS:
        value = data.get(key)
        if isinstance(value, list):
            out[key] = [_rel(Path(v), base) if isinstance(v, str) else v for v in value]
    return out


def _rel(path: Path, base: Path) -> str:
    try:
        return Path(os.path.relpath(path, base)).as_posix()
    except ValueError:  # another drive on Windows
        return path.as_posix()


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """MkDocs' INHERIT semantics: mappings merge recursively, anything else is replaced."""
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _extension_name(entry: Any) -> str | None:
    if isinstance(entry, str):
        return entry
    if isinstance(entry, dict) and len(entry) == 1:
        return str(next(iter(entry)))
    return None


def _union(inherited: Any, ours: Iterable[Any], key: Any = lambda x: x) -> list[Any]:
    out = list(inherited) if isinstance(inherited, list) else []
    names = {key(x) for x in out}
    for item in ours:
        if key(item) not in names:
            out.append(item)
            names.add(key(item))
    return out


# ------------------------------------------------------------------------------------------
# docs trees


def repository_config() -> Path | None:
    """The repository's ``mkdocs.yml``: the one in the current working directory."""
    path = Path.cwd() / "mkdocs.yml"
    return path if path.is_file() else None


def site_config(campaign: Campaign, audience: Audience, nav: list[dict[str, Any]],
                config_dir: Path, site_dir: Path,
                repo_config: Path | None = None) -> dict[str, Any]:
    """The generated MkDocs config of one audience (see the module docstring)."""
    parent = repo_config if repo_config is not None else repository_config()
    parent = parent if parent is not None else DEFAULTS_CONFIG
    parent = parent.resolve()
    inherited = _read_config(parent)
    own: dict[str, Any] = {}
    campaign_config = (campaign.root / "mkdocs.yml").resolve()
    if campaign_config.is_file() and campaign_config != parent:
        own = _read_config(campaign_config)
    effective = _merge(inherited, own)
    config: dict[str, Any] = {"INHERIT": _rel(parent, config_dir)}
    config.update({k: v for k, v in own.items() if k not in ("INHERIT",)})
    theme = effective.get("theme") if isinstance(effective.get("theme"), dict) else {}
    assert isinstance(theme, dict)
    config["site_name"] = campaign.name
    if campaign.description and "site_description" not in effective:
        config["site_description"] = campaign.description
    config["docs_dir"] = "docs"
    config["site_dir"] = _rel(site_dir.resolve(), config_dir.resolve())
    config["use_directory_urls"] = True
    config["nav"] = nav
    config["theme"] = _merge(config.get("theme", {}) if isinstance(config.get("theme"), dict)
                             else {}, {
        "name": "material",
        "language": campaign.language,
        "font": False,
        "features": _union(theme.get("features"), REQUIRED_FEATURES),
    })
    config["markdown_extensions"] = _union(effective.get("markdown_extensions"),
                                           REQUIRED_EXTENSIONS, key=_extension_name)
    config["plugins"] = ["search"]
    config["extra_css"] = _union(effective.get("extra_css"), EXTRA_CSS)
    config["extra_javascript"] = _union(effective.get("extra_javascript"), EXTRA_JS)
    config = _merge(config, _relative_paths(effective, config_dir.resolve()))
    hexcrawl_extra: dict[str, Any] = {
        "hexcrawl_audience": audience,
        "hexcrawl_content": _rel(campaign.root.resolve(), config_dir.resolve()),
        "hexcrawl_out": _rel(site_dir.resolve().parent, config_dir.resolve()),
        "hexcrawl_repo_config": _rel(parent, config_dir.resolve()) if parent != DEFAULTS_CONFIG
        else None,
    }
    config["extra"] = _merge(config.get("extra", {}) if isinstance(config.get("extra"), dict)
                             else {}, hexcrawl_extra)
    # `mkdocs serve -f build/<audience>/mkdocs.yml` regenerates the docs on content edits
    config["hooks"] = _union(config.get("hooks"), [_rel(HOOKS_FILE, config_dir.resolve())])
    config["watch"] = _union(config.get("watch"), [hexcrawl_extra["hexcrawl_content"]])
    return config


def _dump_config(config: dict[str, Any]) -> str:
    header = ("# Generated by hexcrawl: do not edit. Change the repository's mkdocs.yml or the\n"
              "# campaign's own mkdocs.yml instead; this file is rewritten on every build.\n")
    body = yaml.dump(config, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=False, width=100)
    return header + body


def _write_if_changed(path: Path, data: bytes) -> bool:
    try:
        if path.is_file() and path.read_bytes() == data:
            return False
    except OSError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".hexcrawl-tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)
    return True


def _remove_stale(docs: Path, keep: set[str]) -> list[str]:
    removed: list[str] = []
    if not docs.is_dir():
        return removed
    for path in sorted(docs.rglob("*"), reverse=True):
        rel = path.relative_to(docs).as_posix()
        if path.is_file() or path.is_symlink():
            if rel not in keep:
                path.unlink()
                removed.append(rel)
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    return removed


def add_reference(tree: DocsTree, campaign: Campaign, audience: Audience,
                  known_locations: set[str]) -> None:
    """The rules reference sheets and roll tables (generator.reference), rendered from the
    engine's own tables, as a section of the site."""
    tree.files.update(reference_pages(campaign, audience,
                                      known_locations=known_locations
                                      if audience == "players" else None))
    entries = reference_nav(campaign, audience)
    (title, index), rest = entries[0], entries[1:]
    tree.nav.append(NavItem(title, children=(NavItem("", index),
                                             *(NavItem(t, p) for t, p in rest))))


def write_docs(campaign: Campaign, chronicle: Chronicle, audience: Audience,
               build_dir: Path = Path("build"), out_dir: Path = Path("site"),
               repo_config: Path | None = None) -> DocsResult:
    """Write ``build_dir/<audience>/docs/`` and ``build_dir/<audience>/mkdocs.yml``.

    Only files whose content changed are written; files no longer generated are removed.
    ``out_dir`` is where ``mkdocs build -f build_dir/<audience>/mkdocs.yml`` puts the site
    (``out_dir/<audience>``). Raises ``SiteError`` when a file cannot be written or a
    template fails.
    """
    base = build_dir / audience
    docs = base / "docs"
    result = DocsResult(audience, base / "mkdocs.yml", docs)
    try:
        view = view_for(campaign, chronicle, audience)
        tree = render_docs(view, campaign.root / "templates")
        add_reference(tree, campaign, audience, set(view.locations))
        files: dict[str, bytes] = {p: text.encode("utf-8") for p, text in tree.files.items()}
        if "maps/overview.svg" in files:
            files["maps/overview.svg"] = (b'<?xml version="1.0" encoding="utf-8"?>\n'
                                          + files["maps/overview.svg"])
        files.update(asset_files())
        for rel, data in sorted(files.items()):
            if _write_if_changed(docs / rel, data):
                result.written.append(rel)
        result.removed = _remove_stale(docs, set(files))
        config = site_config(campaign, audience, tree.nav_config(), base, out_dir / audience,
                             repo_config)
        if _write_if_changed(result.config, _dump_config(config).encode("utf-8")):
            result.written.append("mkdocs.yml")
    except jinja2.TemplateError as exc:
        where = f" ({exc.filename}:{exc.lineno})" if isinstance(
            exc, jinja2.TemplateSyntaxError) else ""
        raise SiteError(f"{audience} pages: template error{where}: {exc}") from exc
    except OSError as exc:
        raise SiteError(f"{audience} docs: cannot write {exc.filename or base}: "
                        f"{exc.strerror or exc}") from exc
    return result


# ------------------------------------------------------------------------------------------
# MkDocs, atomically


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def run_mkdocs(config_file: Path, site_dir: Path) -> list[str]:
    """Build one site in-process; returns MkDocs' warnings, raises SiteError on failure."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    handler = _Collect()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(handler)
    try:
        config = load_config(config_file=str(config_file), site_dir=str(site_dir),
                             strict=False)
        config.plugins.on_startup(command="build", dirty=False)
        try:
            build(config, dirty=False)
        finally:
            config.plugins.on_shutdown()
    except SystemExit as exc:  # mkdocs.exceptions.Abort is a SystemExit
        errors = [m for m in handler.messages if m]
        detail = "; ".join(errors[-3:]) or str(exc) or "aborted"
        raise SiteError(f"MkDocs failed for {config_file}: {detail}") from exc
    except Exception as exc:
        where = ""
        if isinstance(exc, jinja2.TemplateSyntaxError) and exc.filename:
            where = f" in {exc.filename}:{exc.lineno}"
        raise SiteError(f"MkDocs failed for {config_file}{where}: {type(exc).__name__}: "
                        f"{exc}") from exc
    finally:
        logger.removeHandler(handler)
    return handler.messages


def build_sites(campaign: Campaign, chronicle: Chronicle, out_dir: Path = Path("site"),
                build_root: Path = Path("build"),
                audiences: Sequence[Audience] = AUDIENCES, docs_only: bool = False,
                repo_config: Path | None = None) -> BuildReport:
    """Write the docs of each audience, build them with MkDocs and swap them into
    ``out_dir/<audience>`` together, only when all built. Raises ``SiteError``."""
    global IN_HEXCRAWL_BUILD
    report = BuildReport()
    for audience in audiences:
        report.docs[audience] = write_docs(campaign, chronicle, audience, build_root, out_dir,
                                           repo_config)
    if docs_only:
        return report
    parent = out_dir.resolve().parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}-new-", dir=parent))
    except OSError as exc:
        raise SiteError(f"cannot create a build folder next to {out_dir}: "
                        f"{exc.strerror or exc}") from exc
    try:
        for audience in audiences:
            target = staging / audience
            IN_HEXCRAWL_BUILD = True
            try:
                warnings = run_mkdocs(report.docs[audience].config, target)
            finally:
                IN_HEXCRAWL_BUILD = False
            report.warnings += [f"{audience}: {w}" for w in warnings]
            if not (target / "index.html").is_file():
                raise SiteError(f"{audience} site: MkDocs wrote no index.html")
        _swap(staging, out_dir, audiences)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    report.sites = {a: out_dir / a for a in audiences}
    return report


def _swap(staging: Path, out_dir: Path, audiences: Sequence[str]) -> None:
    """Move every new site into place; on any error put the old ones back."""
    done: list[tuple[Path, Path | None]] = []
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        for audience in audiences:
            final = out_dir / audience
            old: Path | None = None
            if final.exists():
                old = staging / f"{audience}.old"
                final.rename(old)
            done.append((final, old))
            (staging / audience).rename(final)
    except OSError as exc:
        for final, old in reversed(done):
            if old is not None and old.exists():
                if final.exists():
                    shutil.rmtree(final, ignore_errors=True)
                old.rename(final)
        raise SiteError(f"cannot replace the site in {out_dir}: {exc.strerror or exc}") \
            from exc
