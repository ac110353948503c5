"""MkDocs on docs that ``hexcrawl build`` already wrote (its own process, its worker) loads the
hook of the generated ``mkdocs.yml``; the hook must not import the pipeline it has no use
for there, and the theme's templates must come compiled from the user's template cache."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

SCRIPT = """
import json, sys
from mkdocs.commands.build import build
from mkdocs.config import load_config
from generator.site.config import DOCS_FRESH
config = load_config(config_file=sys.argv[1], site_dir=sys.argv[2])
config.extra[DOCS_FRESH] = True
config.plugins.on_startup(command="build", dirty=False)
build(config, dirty=False)
config.plugins.on_shutdown()
print(json.dumps(sorted(m for m in sys.modules if m.startswith("generator"))))
"""


def _build(example_repo: Path, site: Path, cache: Path) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(cache),
           "NO_MKDOCS_2_WARNING": "1"}
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(example_repo / "build" / "gm" / "mkdocs.yml"),
         str(site)], env=env, capture_output=True, text=True, check=False, timeout=600)
    assert result.returncode == 0, result.stderr
    modules: list[str] = json.loads(result.stdout.strip().splitlines()[-1])
    return modules


def test_mkdocs_on_fresh_docs_imports_no_stage_and_caches_the_theme(
        example_repo: Path, tmp_path: Path) -> None:
    modules = _build(example_repo, tmp_path / "first", tmp_path / "cache")
    for stage in ("generator.content.loader", "generator.replay", "generator.knowledge",
                  "generator.render.pages", "generator.render.maps", "generator.site.build"):
        assert stage not in modules, f"the hook imported {stage}"
    compiled = list((tmp_path / "cache").rglob("*.jinja"))
    assert any("hexcrawl" in str(p) for p in compiled) and len(compiled) >= 10
    # the second process loads them compiled and builds the same pages
    _build(example_repo, tmp_path / "second", tmp_path / "cache")
    first = sorted(p.relative_to(tmp_path / "first").as_posix()
                   for p in (tmp_path / "first").rglob("*.html"))
    second = sorted(p.relative_to(tmp_path / "second").as_posix()
                    for p in (tmp_path / "second").rglob("*.html"))
    assert first == second and len(first) > 20
    for rel in first:
        assert (tmp_path / "first" / rel).read_bytes() == (tmp_path / "second" / rel).read_bytes()
