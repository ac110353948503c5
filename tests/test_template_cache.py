"""The package's own templates are compiled once per machine (Jinja's bytecode cache in the
user's cache folder, ``HEXCRAWL_CACHE_DIR``): a later build loads them instead of compiling,
an edited template is compiled again, a campaign's own templates are never stored, and a
cache that cannot be used is a cache that misses, never an error."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import jinja2
import pytest

from generator.render.templates import CACHE_ENV, TemplateFiles, cache_compiled, fingerprint

REPO = Path(__file__).resolve().parent.parent


def _env(package: Path, own: Path | None = None, **settings: Any) -> jinja2.Environment:
    loaders: list[jinja2.BaseLoader] = []
    if own is not None:
        loaders.append(TemplateFiles(str(own)))
    loaders.append(TemplateFiles(str(package)))
    options: dict[str, Any] = {"trim_blocks": True, "lstrip_blocks": True,
                               "keep_trailing_newline": True, **settings}
    env = jinja2.Environment(loader=jinja2.ChoiceLoader(loaders), **options)
    cache_compiled(env, package)
    return env


def _no_compiling(env: jinja2.Environment, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record every template ``env`` compiles (instead of loading it from the cache)."""
    compiled: list[str] = []
    original = env.compile

    def compile_(source: str, name: str | None = None, filename: str | None = None,
                 *args: Any, **kwargs: Any) -> Any:
        compiled.append(str(name))
        return original(source, name, filename, *args, **kwargs)

    monkeypatch.setattr(env, "compile", compile_)
    return compiled


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path, Path]:
    cache = tmp_path / "cache"
    monkeypatch.setenv(CACHE_ENV, str(cache))
    package = tmp_path / "package"
    package.mkdir()
    (package / "page.md").write_text(
        "{% import '_macros.md' as m %}# {{ m.shout(name) }} & <b>\n", encoding="utf-8")
    (package / "_macros.md").write_text("{% macro shout(x) %}{{ x | upper }}!{% endmacro %}\n",
                                        encoding="utf-8")
    own = tmp_path / "own"
    own.mkdir()
    return cache, package, own


def test_a_second_environment_loads_the_compiled_templates(
        folders: tuple[Path, Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    cache, package, _ = folders
    first = _env(package)
    compiled = _no_compiling(first, monkeypatch)
    assert first.get_template("page.md").render(name="{{ x }}") == "# {{ X }}! & <b>\n"
    assert sorted(compiled) == ["_macros.md", "page.md"]
    assert len(list(cache.glob("templates-*.cache"))) == 2
    assert (cache.stat().st_mode & 0o777) == 0o700  # the user's alone

    second = _env(package)  # a later build: a new process has a new environment
    compiled = _no_compiling(second, monkeypatch)
    assert second.get_template("page.md").render(name="{{ x }}") == "# {{ X }}! & <b>\n"
    assert compiled == []


def test_an_edited_template_is_compiled_again(
        folders: tuple[Path, Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    _, package, _ = folders
    _env(package).get_template("page.md")
    (package / "page.md").write_text("# {{ name }}, edited\n", encoding="utf-8")
    env = _env(package)
    compiled = _no_compiling(env, monkeypatch)
    assert env.get_template("page.md").render(name="A") == "# A, edited\n"
    assert compiled == ["page.md"]


def test_the_campaigns_own_templates_are_never_stored(
        folders: tuple[Path, Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    cache, package, own = folders
    (own / "page.md").write_text("# Ours: {{ name }}\n", encoding="utf-8")
    env = _env(package, own)
    assert env.get_template("page.md").render(name="A") == "# Ours: A\n"
    assert list(cache.glob("*.cache")) == []
    again = _env(package, own)
    compiled = _no_compiling(again, monkeypatch)
    assert again.get_template("page.md").render(name="B") == "# Ours: B\n"
    assert compiled == ["page.md"]


def test_other_settings_compile_their_own(
        folders: tuple[Path, Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """``trim_blocks`` changes the compiled code: an environment without it does not load
    the other's entries (which would render other whitespace)."""
    _, package, _ = folders
    (package / "block.md").write_text("{% if true %}\nyes\n{% endif %}\n", encoding="utf-8")
    assert _env(package).get_template("block.md").render() == "yes\n"
    plain = _env(package, trim_blocks=False, lstrip_blocks=False)
    assert fingerprint(plain) != fingerprint(_env(package))
    compiled = _no_compiling(plain, monkeypatch)
    assert plain.get_template("block.md").render() == "\nyes\n\n"
    assert compiled == ["block.md"]


def test_a_damaged_entry_is_compiled_again(
        folders: tuple[Path, Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    cache, package, _ = folders
    _env(package).get_template("page.md")
    for entry in cache.glob("*.cache"):
        entry.write_bytes(b"j2\x80\x04 not a pickle at all")
    env = _env(package)
    compiled = _no_compiling(env, monkeypatch)
    assert env.get_template("page.md").render(name="x") == "# X! & <b>\n"
    assert sorted(compiled) == ["_macros.md", "page.md"]


def test_an_unusable_cache_folder_is_no_cache(
        tmp_path: Path, folders: tuple[Path, Path, Path], monkeypatch: pytest.MonkeyPatch,
) -> None:
    _, package, _ = folders
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv(CACHE_ENV, str(blocked / "cache"))
    env = _env(package)
    assert env.bytecode_cache is None
    assert env.get_template("page.md").render(name="x") == "# X! & <b>\n"
    monkeypatch.setenv(CACHE_ENV, "none")
    assert _env(package).bytecode_cache is None


def test_a_later_build_compiles_none_of_the_page_templates(tmp_path: Path) -> None:
    """The real page environment, in two processes one after the other (as two builds):
    the second compiles nothing and draws the same page."""
    script = textwrap.dedent("""
        import jinja2, sys
        compiled = []
        original = jinja2.Environment.compile
        def compile_(self, source, name=None, filename=None, *args, **kwargs):
            compiled.append(name)
            return original(self, source, name, filename, *args, **kwargs)
        jinja2.Environment.compile = compile_
        from generator.render.pages import PAGE_TEMPLATES, compile_templates
        compile_templates("uk", None, sorted(p.name for p in PAGE_TEMPLATES.glob("*.md")))
        print(len(compiled), len(list(PAGE_TEMPLATES.glob("*.md"))))
    """)
    env = {**os.environ, CACHE_ENV: str(tmp_path / "cache"), "PYTHONPATH": str(REPO)}

    def run() -> tuple[int, int]:
        out = subprocess.run([sys.executable, "-c", script], env=env, cwd=tmp_path,
                             capture_output=True, text=True, check=True).stdout.split()
        return int(out[0]), int(out[1])

    first, templates = run()
    assert first >= templates > 5
    assert run() == (0, templates)
