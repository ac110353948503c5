"""Compiled templates kept between runs (``generator.render.templates.template_cache``).

A template is compiled once and later runs load it from the cache; a template whose source
changed (a campaign's override edited) is compiled again, never served stale; environments
whose compiled code differs (another syntax, autoescaping) never share entries; and where
the cache folder cannot be made the templates still render.
"""

from __future__ import annotations

import os
from pathlib import Path

import jinja2

from generator.render.templates import TemplateFiles, render, template_cache


def _env(folder: Path, cache_root: Path, **options: object) -> jinja2.Environment:
    env = jinja2.Environment(loader=TemplateFiles(str(folder)), autoescape=False,
                             undefined=jinja2.StrictUndefined, **options)  # type: ignore[arg-type]
    env.bytecode_cache = template_cache(env, cache_root)
    return env


def _entries(cache_root: Path) -> list[Path]:
    return sorted(cache_root.rglob("*.jinja"))


def test_a_compiled_template_is_kept_and_an_edited_one_compiled_again(tmp_path: Path) -> None:
    templates, cache = tmp_path / "templates", tmp_path / "cache"
    templates.mkdir()
    page = templates / "page.md"
    page.write_text("# {{ title }}\n", encoding="utf-8")
    assert render(_env(templates, cache), "page.md", {"title": "Ashford"}) == "# Ashford"
    kept = _entries(cache)
    assert len(kept) == 1
    # a new process (a new environment) renders from the kept entry
    assert render(_env(templates, cache), "page.md", {"title": "Greymere"}) == "# Greymere"
    # the GM edits the override: the new text shows, whatever the file's time stamp says
    stat = page.stat()
    page.write_text("## {{ title }} (edited)\n", encoding="utf-8")
    os.utime(page, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert render(_env(templates, cache), "page.md",
                  {"title": "Ashford"}) == "## Ashford (edited)"


def test_environments_that_compile_differently_keep_apart(tmp_path: Path) -> None:
    templates, cache = tmp_path / "templates", tmp_path / "cache"
    templates.mkdir()
    (templates / "list.md").write_text("{% for x in xs %}\n- {{ x }}\n{% endfor %}\n",
                                       encoding="utf-8")
    plain = render(_env(templates, cache), "list.md", {"xs": ["a", "b"]})
    trimmed = render(_env(templates, cache, trim_blocks=True), "list.md", {"xs": ["a", "b"]})
    assert plain == "\n- a\n\n- b\n"
    assert trimmed == "- a\n- b\n"
    assert len({entry.parent for entry in _entries(cache)}) == 2


def test_a_filter_that_starts_taking_the_environment_is_compiled_again(
        tmp_path: Path) -> None:
    """Jinja compiles what a filter is passed into the call: an upgrade that makes a filter
    take the environment never runs the code compiled for the old one."""
    templates, cache = tmp_path / "templates", tmp_path / "cache"
    templates.mkdir()
    (templates / "row.md").write_text('{{ xs | sep(" | ") }}', encoding="utf-8")

    def plain(xs: list[str], d: str) -> str:
        return d.join(xs)

    @jinja2.pass_environment
    def passed(env: jinja2.Environment, xs: list[str], d: str) -> str:
        return d.join(xs)

    for sep in (plain, passed):
        env = jinja2.Environment(loader=TemplateFiles(str(templates)), autoescape=False)
        env.filters["sep"] = sep
        env.bytecode_cache = template_cache(env, cache)
        assert render(env, "row.md", {"xs": ["a", "b"]}) == "a | b"
    assert len({entry.parent for entry in _entries(cache)}) == 2


def test_without_a_cache_folder_templates_still_render(tmp_path: Path) -> None:
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "page.md").write_text("{{ 2 + 2 }}\n", encoding="utf-8")
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache folder would go", encoding="utf-8")
    env = _env(templates, blocked)
    assert env.bytecode_cache is None
    assert render(env, "page.md", {}) == "4"
