"""The theme's compiled templates (``generator.serve.bytecode``): kept in the process and in
the user's template cache on disk, and never served stale."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemBytecodeCache, FileSystemLoader

from generator.serve.bytecode import TemplateBytecode


class CountingEnvironment(Environment):
    """Jinja's environment, counting the templates it compiles from source."""

    compiled = 0

    def compile(self, *args: Any, **kwargs: Any) -> Any:
        type(self).compiled += 1
        return super().compile(*args, **kwargs)


def _render(folder: Path, cache: Any) -> str:
    env = CountingEnvironment(loader=FileSystemLoader(folder), bytecode_cache=cache)
    return env.get_template("page.html").render(title="Ashford")


def test_a_fresh_process_loads_the_theme_compiled_from_disk(tmp_path: Path) -> None:
    """What one process compiled, the next loads from the disk (and keeps in memory);
    an edited template is compiled again by both layers, never served stale."""
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / "page.html").write_text("{{ title }} & more", "utf-8")
    disk = FileSystemBytecodeCache(str(tmp_path), "%s.jinja")

    CountingEnvironment.compiled = 0
    first = TemplateBytecode()
    assert _render(tmp_path / "t", first.over(disk)) == "Ashford & more"
    assert CountingEnvironment.compiled == 1 and len(first.store) == 1
    assert len(list(tmp_path.glob("*.jinja"))) == 1

    second = TemplateBytecode()  # another process: its memory is empty
    assert _render(tmp_path / "t", second.over(disk)) == "Ashford & more"
    assert CountingEnvironment.compiled == 1 and len(second.store) == 1
    assert _render(tmp_path / "t", second.over(disk)) == "Ashford & more"
    assert CountingEnvironment.compiled == 1 and second.hits == 1

    (tmp_path / "t" / "page.html").write_text("<h1>{{ title }}</h1>", "utf-8")
    assert _render(tmp_path / "t", second.over(disk)) == "<h1>Ashford</h1>"
    assert CountingEnvironment.compiled == 2
    third = TemplateBytecode()
    assert _render(tmp_path / "t", third.over(disk)) == "<h1>Ashford</h1>"
    assert CountingEnvironment.compiled == 2


def test_without_a_disk_cache_the_process_store_is_the_cache() -> None:
    store = TemplateBytecode()
    assert store.over(None) is store
