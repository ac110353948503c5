"""The generated ``mkdocs.yml`` of each audience, and safe reading of the campaign's own.

A generated ``build/<audience>/mkdocs.yml`` is made of three layers, bottom to top:

1. the **base configuration** that ships with hexcrawl (``site_templates/mkdocs.base.yml``
   inside the package: Material, its palettes and features, search, the Markdown extensions
   the pages use). The generated file ``INHERIT``\\ s it by absolute path, so
   ``mkdocs build -f build/gm/mkdocs.yml`` works wherever hexcrawl is installed;
2. the **campaign repository's** ``mkdocs.yml`` (see ``generator.content.place``), then the
   campaign folder's own ``mkdocs.yml`` when that is another folder. hexcrawl reads these
   itself, safely (below), and writes their settings into the generated file: MkDocs never
   loads a campaign's file, because MkDocs loads configs with PyYAML's full loader, where a tag
   such as ``!!python/object/apply:os.system`` runs a command;
3. what the generated pages need: ``site_name`` from campaign.yaml, the navigation, the
   language, ``docs_dir``/``site_dir``, the Markdown extensions, theme features, CSS and JS,
   the search plugin, and hexcrawl's hook (``generator/serve/hooks.py``) that regenerates the
   pages under ``mkdocs serve``.

MkDocs replaces inherited lists instead of merging them, so the generated file writes the
union of the inherited lists and its own (theme features, Markdown extensions, extra CSS/JS,
plugins), and it rewrites the campaign's paths (``theme.custom_dir``, ``hooks``, ``watch``,
``!relative $config_dir/...``) as absolute paths, because MkDocs resolves them against the
file it loads, which is not the file they were written in.

**Safe reading.** A campaign's ``mkdocs.yml`` is YAML's safe subset plus MkDocs' own two
tags: ``!ENV`` (kept, so MkDocs reads the variable at build time) and ``!relative`` (a bare
``!relative`` and ``!relative $docs_dir/...`` are kept; ``$config_dir`` becomes the absolute
folder of the file it was written in). Any other tag is an error at its line and column. The
file must be UTF-8, at most ``MAX_BYTES`` long, nested at most ``MAX_DEPTH`` deep and at most
``MAX_NODES`` values with every alias expanded, so a hostile file fails fast.

**Code in the config.** ``hooks:`` are Python files, ``plugins:`` and
``markdown_extensions:`` Python packages, and ``theme.custom_dir`` holds Jinja templates that
MkDocs renders unsandboxed: all of them run with the rights of whoever builds. ``no_hooks``
(``hexcrawl build --no-hooks``, for building pull requests) leaves all of that out: the
campaign's hooks, its plugins but MkDocs' own search, its custom_dir, the Markdown
extensions that neither the base nor hexcrawl uses, and its template overrides; and ``!ENV``
reads no environment variable (its default, or nothing, applies).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.audience import Audience
from generator.content.yamlpos import compose, read_text
from generator.diagnostics import N_, SourceError, Text, literal, one_line
from generator.i18n import Translator
from generator.package_data import BASE_CONFIG, HOOKS_FILE

#: The key of MkDocs' ``extra`` that ``run_mkdocs`` sets in the config it builds with: the
#: docs are fresh, the hook need not regenerate them (MkDocs passes the config to every
#: hook). Here, not beside ``run_mkdocs``: the hook reads it on every MkDocs start, and this
#: module imports nothing of the pipeline.
DOCS_FRESH = "hexcrawl_docs_fresh"

#: Limits of a campaign's mkdocs.yml (a real one is a few kilobytes and a few levels deep).
MAX_BYTES = 1_000_000
MAX_DEPTH = 64
MAX_NODES = 100_000
#: Keys holding paths that MkDocs resolves against the loaded config file.
PATH_KEYS = ("hooks", "watch")
#: Markdown extensions the generated pages use (names; an inherited configuration wins).
REQUIRED_EXTENSIONS: tuple[str | dict[str, Any], ...] = (
    "admonition", "pymdownx.details", "attr_list", "md_in_html", "tables",
    {"toc": {"permalink": True}},
)
REQUIRED_FEATURES = ("navigation.prune", "navigation.indexes")
EXTRA_CSS = ("assets/map.css", "assets/hexcrawl.css", "assets/print.css")
EXTRA_JS = ("assets/hexcrawl.js",)
#: Plugins that ship with MkDocs itself (they run no campaign code).
BUILTIN_PLUGINS = ("search",)


class ConfigError(Exception):
    """A MkDocs config that cannot be used; ``str()`` is ``PATH:LINE:COL: error: MESSAGE``,
    ``text`` the message to print in the campaign's language (a str: YAML's own words)."""

    def __init__(self, path: Path, line: int, column: int, message: str | Text) -> None:
        self.text = message if isinstance(message, Text) else literal(message)
        english = one_line(self.text.english())
        super().__init__(f"{path}:{line}:{column}: error: {english}")
        self.path, self.line, self.column, self.message = path, line, column, english


@dataclass(frozen=True)
class ConfigOptions:
    """How the generated config treats the campaign's settings."""

    #: leave out everything of the campaign's config that runs code (see the module docstring)
    no_hooks: bool = False
    #: the address the site is published at (``site_url``), when the caller knows it
    site_url: str | None = None


@dataclass
class CampaignConfig:
    """The campaign's MkDocs settings, merged over its files, paths made absolute."""

    files: list[Path] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)
    #: what ``no_hooks`` left out, as sentences for the build's warnings
    left_out: list[str] = field(default_factory=list)


# ------------------------------------------------------------------------------------------
# safe YAML with MkDocs' two tags


class Tagged:
    """A value written with ``!ENV`` or ``!relative``, written back with its tag."""

    def __init__(self, tag: str, value: Any) -> None:
        self.tag = tag
        self.value = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tagged) and (self.tag, self.value) == (other.tag, other.value)

    def __hash__(self) -> int:
        return hash((self.tag, repr(self.value)))

    def __repr__(self) -> str:
        return f"Tagged({self.tag!r}, {self.value!r})"


class _Loader(yaml.SafeLoader):
    path: Path = Path("mkdocs.yml")


class _Dumper(yaml.SafeDumper):
    pass


def _env(loader: _Loader, node: yaml.Node) -> Tagged:
    if isinstance(node, yaml.ScalarNode):
        return Tagged("!ENV", loader.construct_scalar(node))
    if isinstance(node, yaml.SequenceNode):
        items = loader.construct_sequence(node, deep=True)
        if items and all(isinstance(x, str) for x in items[:-1]) and isinstance(items[0], str):
            return Tagged("!ENV", items)
    raise _refuse(loader, node, N_("!ENV takes a variable name or a list [NAME, ..., "
                                   "default]"))


def _relative(loader: _Loader, node: yaml.Node) -> Tagged | str:
    if not isinstance(node, yaml.ScalarNode):
        raise _refuse(loader, node, N_("!relative takes a path such as "
                                       "$config_dir/snippets"))
    value = str(loader.construct_scalar(node))
    prefix, _, suffix = value.partition("/")
    if prefix == "$config_dir":
        return os.path.join(str(loader.path.resolve().parent), suffix) if suffix else \
            str(loader.path.resolve().parent)
    if value == "" or prefix == "$docs_dir":
        return Tagged("!relative", value)
    raise _refuse(loader, node, N_("!relative %(value)s: MkDocs knows $config_dir and "
                                   "$docs_dir", value=repr(value)))


def _other_tag(loader: _Loader, *args: Any) -> Any:
    node = args[-1]
    raise _refuse(loader, node, N_("the tag '%(tag)s' is not allowed in a MkDocs config: "
                                   "only !ENV and !relative are (code belongs in hooks:)",
                                   tag=node.tag))


def _refuse(loader: _Loader, node: yaml.Node, message: Text) -> ConfigError:
    mark = node.start_mark
    return ConfigError(loader.path, mark.line + 1, mark.column + 1, message)


_Loader.add_constructor("!ENV", _env)
_Loader.add_constructor("!relative", _relative)
_Loader.add_multi_constructor("!", _other_tag)
_Loader.add_multi_constructor("tag:", _other_tag)
_Loader.add_constructor(None, _other_tag)


def _represent_tagged(dumper: _Dumper, data: Tagged) -> yaml.Node:
    if isinstance(data.value, list):
        return dumper.represent_sequence(data.tag, data.value, flow_style=True)
    return dumper.represent_scalar(data.tag, str(data.value))


_Dumper.add_representer(Tagged, _represent_tagged)


def _yaml_error(exc: yaml.YAMLError, path: Path) -> ConfigError:
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    if mark is None:
        return ConfigError(path, 1, 1, problem)
    return ConfigError(path, mark.line + 1, mark.column + 1, problem)


def load_config_file(path: Path) -> dict[str, Any]:
    """One MkDocs config file, read safely (see the module docstring); its own INHERIT is
    left in. Raises ``ConfigError``."""
    try:
        # the content's bounded reader (generator.content.yamlpos), with this file's limits:
        # they hold while reading, so a hostile file stops where it passes one
        node = compose(read_text(path, str(path), MAX_BYTES), str(path), max_depth=MAX_DEPTH,
                       max_values=MAX_NODES)
    except SourceError as exc:
        raise ConfigError(path, exc.pos.line, exc.pos.col, exc.text) from exc
    if node is None:
        return {}
    loader = _Loader("")
    loader.path = path
    try:
        value = loader.construct_document(node)
    except yaml.YAMLError as exc:
        raise _yaml_error(exc, path) from exc
    finally:
        loader.dispose()
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ConfigError(path, 1, 1, N_("a MkDocs config is a mapping of settings"))
    return value


def read_config(path: Path, seen: frozenset[Path] = frozenset()) -> dict[str, Any]:
    """A MkDocs config file with its own INHERIT chain merged, paths made absolute."""
    resolved = path.resolve()
    if resolved in seen:
        raise ConfigError(path, 1, 1, N_("INHERIT loops back to this file"))
    data = load_config_file(path)
    _absolute_paths(data, resolved.parent)
    parent = data.pop("INHERIT", None)
    if parent is None:
        return data
    if not isinstance(parent, str):
        raise ConfigError(path, 1, 1, N_("INHERIT names a file"))
    target = resolved.parent / parent
    if not target.is_file():
        raise ConfigError(path, 1, 1, N_("INHERIT: no file %(file)s", file=str(target)))
    return merge(read_config(target, seen | {resolved}), data)


def _absolute_paths(data: dict[str, Any], base: Path) -> None:
    theme = data.get("theme")
    if isinstance(theme, dict) and isinstance(theme.get("custom_dir"), str):
        theme["custom_dir"] = str((base / theme["custom_dir"]).resolve())
    for key in PATH_KEYS:
        value = data.get(key)
        if isinstance(value, str):
            value = [value]
        if isinstance(value, list):
            data[key] = [str((base / v).resolve()) if isinstance(v, str) else v for v in value]


def merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """MkDocs' INHERIT semantics: mappings merge recursively, anything else is replaced."""
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


def campaign_config_files(repository_config: Path | None, campaign_root: Path) -> list[Path]:
    """The campaign's MkDocs files, bottom to top: the repository's, then the campaign
    folder's own when that is another file."""
    files: list[Path] = []
    if repository_config is not None and repository_config.is_file():
        files.append(repository_config)
    own = campaign_root / "mkdocs.yml"
    if own.is_file() and all(own.resolve() != f.resolve() for f in files):
        files.append(own)
    return files


def read_campaign_config(files: Iterable[Path], options: ConfigOptions) -> CampaignConfig:
    """The campaign's settings over its files, with ``no_hooks`` applied."""
    result = CampaignConfig()
    for path in files:
        result.files.append(path)
        result.settings = merge(result.settings, read_config(path))
    if options.no_hooks:
        result.left_out = _leave_out_code(result.settings)
    return result


def _leave_out_code(settings: dict[str, Any]) -> list[str]:
    left: list[str] = []
    if settings.pop("hooks", None):
        left.append("the campaign's hooks:")
    plugins = settings.get("plugins")
    if plugins:
        kept = [p for p in _as_list(plugins) if _entry_name(p) in BUILTIN_PLUGINS]
        dropped = [str(_entry_name(p)) for p in _as_list(plugins) if p not in kept]
        settings["plugins"] = kept
        if dropped:
            left.append("the plugins " + ", ".join(dropped))
    theme = settings.get("theme")
    if isinstance(theme, dict) and theme.pop("custom_dir", None):
        left.append("theme.custom_dir")
    extensions = settings.get("markdown_extensions")
    if extensions:
        allowed = {_entry_name(e) for e in _base_extensions()} | \
            {_entry_name(e) for e in REQUIRED_EXTENSIONS}
        kept = [e for e in _as_list(extensions) if _entry_name(e) in allowed]
        dropped = [str(_entry_name(e)) for e in _as_list(extensions) if e not in kept]
        settings["markdown_extensions"] = kept
        if dropped:
            left.append("the Markdown extensions " + ", ".join(dropped))
    if _without_env(settings):
        left.append("!ENV values (their defaults apply)")
    return left


def _without_env(data: Any) -> bool:
    """Replace every ``!ENV`` by its default (or None), in place; True if there was one."""
    found = False
    items: Iterator[tuple[Any, Any]]
    if isinstance(data, dict):
        items = iter(list(data.items()))
    elif isinstance(data, list):
        items = iter(list(enumerate(data)))
    else:
        return False
    for key, value in items:
        if isinstance(value, Tagged) and value.tag == "!ENV":
            data[key] = value.value[-1] if isinstance(value.value, list) and \
                len(value.value) > 1 else None
            found = True
        else:
            found = _without_env(value) or found
    return found


def _base_extensions() -> list[Any]:
    return _as_list(load_config_file(BASE_CONFIG).get("markdown_extensions"))


def _as_list(value: Any) -> list[Any]:
    if isinstance(value, list):
        return value
    if isinstance(value, dict):  # MkDocs accepts a mapping of name -> options too
        return [{k: v} for k, v in value.items()]
    return []


def _entry_name(entry: Any) -> str | None:
    if isinstance(entry, str):
        return entry
    if isinstance(entry, dict) and len(entry) == 1:
        return str(next(iter(entry)))
    return None


def _union(inherited: Any, ours: Iterable[Any], key: Any = lambda x: x) -> list[Any]:
    out = list(_as_list(inherited))
    names = {key(x) for x in out}
    for item in ours:
        if key(item) not in names:
            out.append(item)
            names.add(key(item))
    return out


def _rel(path: Path, base: Path) -> str:
    try:
        return Path(os.path.relpath(path, base)).as_posix()
    except ValueError:  # another drive on Windows
        return path.as_posix()


# ------------------------------------------------------------------------------------------
# the theme's words that hexcrawl sets, in the site's language

def _palette_in_language(palette: Any, t: Translator) -> list[Any] | None:
    """The palette with the base configuration's toggle names ("Dark mode", "Light mode")
    in the site's language; names a campaign wrote itself stay as written. None when there
    is nothing to translate (no palette, or no toggle of the base's)."""
    words = {"Dark mode": t.gettext("Dark mode"), "Light mode": t.gettext("Light mode")}
    if not isinstance(palette, list):
        return None
    out: list[Any] = []
    changed = False
    for scheme in palette:
        toggle = scheme.get("toggle") if isinstance(scheme, dict) else None
        name = toggle.get("name") if isinstance(toggle, dict) else None
        if isinstance(toggle, dict) and isinstance(name, str) and name in words \
                and words[name] != name:
            scheme = {**scheme, "toggle": {**toggle, "name": words[name]}}
            changed = True
        out.append(scheme)
    return out if changed else None


def _toc_in_language(extensions: list[Any], t: Translator) -> list[Any]:
    """The extensions with the headings' permalink tooltip in the site's language, unless
    the campaign's own mkdocs.yml names one."""
    title = t.gettext("Permanent link")
    out: list[Any] = []
    for entry in extensions:
        if entry == "toc":
            entry = {"toc": {"permalink_title": title}}
        elif isinstance(entry, dict) and list(entry) == ["toc"]:
            options = entry["toc"] if isinstance(entry["toc"], dict) else {}
            if "permalink_title" not in options:
                entry = {"toc": {**options, "permalink_title": title}}
        out.append(entry)
    return out


# ------------------------------------------------------------------------------------------
# the generated file


@dataclass(frozen=True)
class SiteFacts:
    """What the generated config says about the campaign and the audience."""

    name: str
    language: str
    description: str | None
    audience: Audience
    content: Path
    repository_config: Path | None


def generated_config(facts: SiteFacts, nav: list[dict[str, Any]], config_dir: Path,
                     site_dir: Path, campaign: CampaignConfig,
                     options: ConfigOptions) -> dict[str, Any]:
    """The generated MkDocs config of one audience (see the module docstring)."""
    config_dir = config_dir.resolve()
    own = {k: v for k, v in campaign.settings.items() if k != "INHERIT"}
    effective = merge(load_config_file(BASE_CONFIG), own)
    theme = effective.get("theme") if isinstance(effective.get("theme"), dict) else {}
    assert isinstance(theme, dict)
    config: dict[str, Any] = {"INHERIT": BASE_CONFIG.resolve().as_posix()}
    config.update(own)
    config["site_name"] = facts.name
    if facts.description and "site_description" not in effective:
        config["site_description"] = facts.description
    if options.site_url:
        config["site_url"] = options.site_url
    config["docs_dir"] = "docs"
    # the site's own name, not what it links to: site/<audience> is a link to the version
    # last published (generator.site.output), and each build publishes a new one, so the
    # resolved path would change the config with every build (and make the first edit
    # under serve a full rebuild)
    site_dir = site_dir.parent.resolve() / site_dir.name
    config["site_dir"] = _rel(site_dir, config_dir)
    config["use_directory_urls"] = True
    config["nav"] = nav
    config["theme"] = merge(own.get("theme", {}) if isinstance(own.get("theme"), dict)
                            else {}, {
        "name": "material",
        "language": facts.language,
        "font": False,
        "features": _union(theme.get("features"), REQUIRED_FEATURES),
    })
    t = Translator(facts.language)
    palette = _palette_in_language(theme.get("palette"), t)
    if palette is not None:
        config["theme"]["palette"] = palette
    config["markdown_extensions"] = _toc_in_language(
        _union(effective.get("markdown_extensions"), REQUIRED_EXTENSIONS, key=_entry_name), t)
    config["plugins"] = _union(effective.get("plugins"), BUILTIN_PLUGINS, key=_entry_name)
    config["extra_css"] = _union(effective.get("extra_css"), EXTRA_CSS)
    config["extra_javascript"] = _union(effective.get("extra_javascript"), EXTRA_JS)
    content = _rel(facts.content.resolve(), config_dir)
    hexcrawl_extra: dict[str, Any] = {
        "hexcrawl_audience": str(facts.audience),
        "hexcrawl_content": content,
        "hexcrawl_out": _rel(site_dir.parent, config_dir),
        "hexcrawl_repo_config": _rel(facts.repository_config.resolve(), config_dir)
        if facts.repository_config is not None else None,
        "hexcrawl_no_hooks": options.no_hooks,
        "hexcrawl_site_url": options.site_url,
    }
    config["extra"] = merge(own.get("extra", {}) if isinstance(own.get("extra"), dict)
                            else {}, hexcrawl_extra)
    # `mkdocs serve -f build/<audience>/mkdocs.yml` regenerates the docs on content edits
    config["hooks"] = _union(own.get("hooks"), [HOOKS_FILE.resolve().as_posix()])
    config["watch"] = _union(own.get("watch"), [content])
    return config


def dump_config(config: dict[str, Any]) -> str:
    header = ("# Generated by hexcrawl: do not edit. Change the repository's mkdocs.yml or the\n"
              "# campaign's own mkdocs.yml instead; this file is rewritten on every build.\n")
    body = yaml.dump(config, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=False, width=100)
    return header + body


__all__ = ["BASE_CONFIG", "CampaignConfig", "ConfigError", "ConfigOptions", "SiteFacts",
           "Tagged", "campaign_config_files", "dump_config", "generated_config",
           "load_config_file", "merge", "read_campaign_config", "read_config"]
