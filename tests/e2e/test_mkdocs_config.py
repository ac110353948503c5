"""The campaign's mkdocs.yml, read safely, and the generated config built on the package's base.

A campaign repository is shared: a pull request may change its mkdocs.yml. hexcrawl reads it
itself (MkDocs never loads it): plain YAML plus MkDocs' !ENV and !relative, any other tag an
error at its position, bounded in size, depth and alias expansion. ``--no-hooks`` leaves out
whatever in it runs code.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
import yaml
from mkdocs.utils.yaml import get_yaml_loader
from secret_campaign import load_secret_campaign, secret_chronicle

from generator.content import yamlpos
from generator.package_data import BASE_CONFIG, HOOKS_FILE
from generator.site import SiteError, build_sites, write_docs
from generator.site.config import (
    MAX_BYTES,
    MAX_DEPTH,
    ConfigError,
    ConfigOptions,
    Tagged,
    load_config_file,
    read_campaign_config,
)

ROOT = Path(__file__).resolve().parents[2]


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def refused(path: Path) -> ConfigError:
    with pytest.raises(ConfigError) as info:
        load_config_file(path)
    return info.value


@pytest.mark.parametrize("tag", [
    "!!python/object/apply:os.system ['touch {flag}']",
    "!!python/name:os.system",
    "!!python/object/new:os.system ['touch {flag}']",
    "!<tag:yaml.org,2002:python/object/apply:os.system> ['touch {flag}']",
    "!include secrets.yml",
    "!<tag:example.com,2026:thing> x",
])
def test_a_tag_that_is_not_mkdocs_own_is_refused_at_its_position(tmp_path: Path,
                                                                  tag: str) -> None:
    flag = tmp_path / "ran"
    path = write(tmp_path / "mkdocs.yml",
                 f"site_name: x\ntheme:\n  name: material\nsite_author: {tag}\n"
                 .replace("{flag}", str(flag)))
    error = refused(path)
    assert (error.line, error.column) == (4, 14)
    assert str(error).startswith(f"{path}:4:14: error: ")
    assert "only !ENV and !relative" in str(error) or "!relative" in str(error)
    assert not flag.exists()


def test_the_command_never_runs_through_a_build(tmp_path: Path) -> None:
    """The issue's case: a campaign mkdocs.yml with os.system in site_author, built."""
    flag = tmp_path / "pwned"
    campaign = load_secret_campaign(tmp_path / "c")
    write(campaign.root / "mkdocs.yml",
          f"site_author: !!python/object/apply:os.system ['touch {flag}']\n")
    with pytest.raises(SiteError, match=r"mkdocs\.yml:1:14: error: the tag"):
        build_sites(campaign, secret_chronicle(), tmp_path / "site", tmp_path / "build")
    assert not flag.exists()
    assert not (tmp_path / "site").exists() and not (tmp_path / "build" / "gm").exists()


def test_mkdocs_own_tags_are_kept(tmp_path: Path) -> None:
    path = write(tmp_path / "repo" / "mkdocs.yml", """\
        site_url: !ENV [HEXCRAWL_TEST_URL, "https://example.org/"]
        copyright: !ENV HEXCRAWL_TEST_COPYRIGHT
        markdown_extensions:
          - pymdownx.snippets:
              base_path: !relative $config_dir/snippets
          - pymdownx.superfences
          - toc:
              permalink: "#"
        extra:
          here: !relative
          docs: !relative $docs_dir/img
        """)
    data = load_config_file(path)
    assert data["site_url"] == Tagged("!ENV", ["HEXCRAWL_TEST_URL", "https://example.org/"])
    assert data["copyright"] == Tagged("!ENV", "HEXCRAWL_TEST_COPYRIGHT")
    snippets = data["markdown_extensions"][0]["pymdownx.snippets"]["base_path"]
    assert snippets == str(path.parent.resolve() / "snippets")
    assert data["extra"] == {"here": Tagged("!relative", ""),
                             "docs": Tagged("!relative", "$docs_dir/img")}


NESTED_BLOCK = "a:\n" + "".join("  " * i + f"- b{i}:\n" for i in range(1, MAX_DEPTH + 5))
NESTED_FLOW = "x: " + "[" * 1200 + "]" * 1200 + "\n"
#: 9**8 (43 million) values once expanded, in under 700 bytes
ALIAS_BOMB = (
    "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
    "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
    "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
    "g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]\nh: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]\n")


@pytest.mark.parametrize("text, where, message", [
    (NESTED_BLOCK, None, f"YAML nesting is deeper than {MAX_DEPTH} levels"),
    # the top mapping is level 0, so the 65th "[" is one too many
    (NESTED_FLOW, (1, 4 + MAX_DEPTH), f"YAML nesting is deeper than {MAX_DEPTH} levels"),
    (ALIAS_BOMB, None, "counting every value an alias repeats each time it is used"),
    ("site_name: ok\nsite_author: caf\xe9\n", (2, 17), "not UTF-8"),
    # the file ends inside the list: the error points at where the list starts
    ("site_name: [unclosed\n", (1, 12), "YAML syntax: this '[' is never closed"),
    ("- a list\n", (1, 1), "a mapping of settings"),
])
def test_hostile_files_are_refused_with_a_position(tmp_path: Path, text: str,
                                                   where: tuple[int, int] | None,
                                                   message: str) -> None:
    path = tmp_path / "mkdocs.yml"
    path.write_bytes(text.encode("latin-1" if "caf\xe9" in text else "utf-8"))
    error = refused(path)
    assert message in error.message
    if where is not None:
        assert (error.line, error.column) == where, str(error)
    assert str(error).startswith(f"{path}:{error.line}:{error.column}: error: ")


class _CountingParser(yamlpos._COMPOSER):  # type: ignore[misc,valid-type]
    """The real YAML parser, counting the events the bounded reader takes from it."""

    taken = 0

    def get_event(self) -> Any:
        type(self).taken += 1
        return super().get_event()


def _events_upto(text: str, line: int, column: int) -> int:
    """How many parser events start before ``line``:``column`` (1-based) of ``text``, or
    there."""
    return sum(1 for event in yaml.parse(text, Loader=yaml.SafeLoader)
               if (event.start_mark.line + 1, event.start_mark.column + 1) <= (line, column))


@pytest.mark.parametrize("text", [NESTED_BLOCK, NESTED_FLOW, ALIAS_BOMB],
                         ids=["nested-block", "nested-flow", "alias-bomb"])
def test_hostile_files_stop_the_reader_where_they_pass_a_limit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    """Fast without a clock: the reader takes no event past the one that breaks the limit
    (a file nested 1200 deep costs 69 events of its 2400; the bomb is never expanded, its
    values are counted, and reading stops at the alias past the limit, two lines before
    the end)."""
    monkeypatch.setattr(yamlpos, "_COMPOSER", _CountingParser)
    monkeypatch.setattr(_CountingParser, "taken", 0)
    path = tmp_path / "mkdocs.yml"
    path.write_text(text, "utf-8")
    error = refused(path)
    upto = _events_upto(text, error.line, error.column)
    assert 0 < _CountingParser.taken <= upto, (_CountingParser.taken, upto)
    total = sum(1 for _ in yaml.parse(text, Loader=yaml.SafeLoader))
    if text is not NESTED_BLOCK:  # (that one ends just past the limit)
        assert _CountingParser.taken < total


def test_a_config_over_the_size_limit_is_not_parsed(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yamlpos, "_COMPOSER", _CountingParser)
    monkeypatch.setattr(_CountingParser, "taken", 0)
    path = tmp_path / "mkdocs.yml"
    path.write_text("extra:\n" + "  - x\n" * (MAX_BYTES // 6 + 1), "utf-8")
    error = refused(path)
    assert (error.line, error.column) == (1, 1)
    assert "larger than" in error.message
    assert _CountingParser.taken == 0


def test_the_campaign_layers_and_paths(tmp_path: Path) -> None:
    repo = write(tmp_path / "repo" / "mkdocs.yml", """\
        copyright: from the repository
        theme: {custom_dir: overrides, palette: {primary: teal}}
        hooks: [hooks/one.py]
        watch: [notes]
        """)
    own = write(tmp_path / "repo" / "content" / "mkdocs.yml", """\
        copyright: from the campaign
        extra: {motto: Onward}
        """)
    settings = read_campaign_config([repo, own], ConfigOptions()).settings
    assert settings["copyright"] == "from the campaign"
    assert settings["extra"] == {"motto": "Onward"}
    assert settings["theme"]["custom_dir"] == str((repo.parent / "overrides").resolve())
    assert settings["hooks"] == [str((repo.parent / "hooks" / "one.py").resolve())]
    assert settings["watch"] == [str((repo.parent / "notes").resolve())]


def test_inherit_chains_are_read_safely_too(tmp_path: Path) -> None:
    write(tmp_path / "common.yml", "site_author: !!python/name:os.system\n")
    path = write(tmp_path / "mkdocs.yml", "INHERIT: common.yml\n")
    with pytest.raises(ConfigError, match=r"common\.yml:1:14: error: the tag"):
        read_campaign_config([path], ConfigOptions())
    write(tmp_path / "loop.yml", "INHERIT: mkdocs.yml\n")
    path = write(tmp_path / "mkdocs.yml", "INHERIT: loop.yml\n")
    with pytest.raises(ConfigError, match="INHERIT loops"):
        read_campaign_config([path], ConfigOptions())


def generated(tmp_path: Path, mkdocs_yml: str, options: ConfigOptions | None = None,
              files: dict[str, str] | None = None) -> tuple[dict[str, Any], list[str]]:
    options = options or ConfigOptions()
    campaign = load_secret_campaign(tmp_path / "c", files=files)
    write(campaign.root / "mkdocs.yml", mkdocs_yml)
    result = write_docs(campaign, secret_chronicle(), "players", tmp_path / "build",
                        tmp_path / "site", options=options)
    text = result.config.read_text("utf-8")
    # as MkDocs reads it (its loader resolves !ENV)
    return yaml.load(text, Loader=get_yaml_loader()), result.left_out  # noqa: S506


CODE_CONFIG = """\
    hooks: [hooks.py]
    plugins: [search, tags, {blog: {enabled: true}}]
    theme: {custom_dir: overrides, palette: {primary: teal}}
    markdown_extensions: [admonition, pymdownx.snippets, {toc: {permalink: "#"}}]
    copyright: !ENV [HOME, "no home"]
    extra: {motto: Onward}
    """


def test_the_generated_config_inherits_the_base_and_carries_the_campaign(
        tmp_path: Path) -> None:
    config, left_out = generated(tmp_path, CODE_CONFIG)
    assert left_out == []
    assert Path(config["INHERIT"]) == BASE_CONFIG.resolve()
    assert config["hooks"] == [str((tmp_path / "c" / "hooks.py").resolve()),
                               HOOKS_FILE.resolve().as_posix()]
    assert config["plugins"] == ["search", "tags", {"blog": {"enabled": True}}]
    assert config["theme"]["custom_dir"] == str((tmp_path / "c" / "overrides").resolve())
    assert config["theme"]["palette"] == {"primary": "teal"}
    assert config["copyright"] == os.environ["HOME"]   # MkDocs' own !ENV, read at build time
    assert config["extra"]["motto"] == "Onward"
    names = [e if isinstance(e, str) else next(iter(e)) for e in config["markdown_extensions"]]
    assert names[:3] == ["admonition", "pymdownx.snippets", "toc"]
    assert {"pymdownx.details", "attr_list", "md_in_html", "tables"} <= set(names)


def test_no_hooks_leaves_out_every_piece_of_campaign_code(tmp_path: Path) -> None:
    config, left_out = generated(tmp_path, CODE_CONFIG, ConfigOptions(no_hooks=True), files={
        "templates/home.md": "# OVERRIDDEN HOME\n"})
    assert config["hooks"] == [HOOKS_FILE.resolve().as_posix()]   # hexcrawl's own only
    assert config["plugins"] == ["search"]
    assert "custom_dir" not in config["theme"]
    assert config["theme"]["palette"] == {"primary": "teal"}     # plain settings stay
    names = [e if isinstance(e, str) else next(iter(e)) for e in config["markdown_extensions"]]
    assert "pymdownx.snippets" not in names and "toc" in names
    assert config["copyright"] == "no home"                     # no environment is read
    assert config["extra"]["hexcrawl_no_hooks"] is True
    assert "OVERRIDDEN HOME" not in (tmp_path / "build" / "players" / "docs" /
                                     "index.md").read_text("utf-8")
    assert len(left_out) == 5, left_out


def test_no_hooks_builds_a_pull_request_whose_hook_would_fail(tmp_path: Path) -> None:
    campaign = load_secret_campaign(tmp_path / "c")
    flag = tmp_path / "hook-ran"
    write(campaign.root / "evil.py", f"""\
        from pathlib import Path
        def on_startup(**kwargs):
            Path({str(flag)!r}).write_text("ran")
            raise RuntimeError("a hook ran")
        """)
    write(campaign.root / "mkdocs.yml", "hooks: [evil.py]\n")
    with pytest.raises(SiteError, match="a hook ran"):
        build_sites(campaign, secret_chronicle(), tmp_path / "site", tmp_path / "build",
                    audiences=("players",))
    assert flag.exists()
    flag.unlink()
    build_sites(campaign, secret_chronicle(), tmp_path / "site", tmp_path / "build",
                audiences=("players",), options=ConfigOptions(no_hooks=True))
    assert not flag.exists()
    assert (tmp_path / "site" / "players" / "index.html").is_file()


def test_site_url_is_set_per_audience(tmp_path: Path) -> None:
    campaign = load_secret_campaign(tmp_path / "c")
    write(campaign.root / "mkdocs.yml", "site_url: https://campaign.example/\n")
    report = build_sites(campaign, secret_chronicle(), tmp_path / "site", tmp_path / "build",
                         docs_only=True,
                         site_urls={"players": "https://gm.github.io/reach/"})
    players = yaml.safe_load(report.docs["players"].config.read_text("utf-8"))
    gm = yaml.safe_load(report.docs["gm"].config.read_text("utf-8"))
    assert players["site_url"] == "https://gm.github.io/reach/"
    assert gm["site_url"] == "https://campaign.example/"


def test_check_reports_a_refused_tag_with_its_position(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    camp = tmp_path / "camp"
    subprocess.run([sys.executable, "-m", "generator.cli", "new", str(camp)], env=env,
                   check=True, capture_output=True)
    (camp / "mkdocs.yml").write_text("site_name: x\nextra:\n  a: !!python/name:os.system\n",
                                     "utf-8")
    result = subprocess.run([sys.executable, "-m", "generator.cli", "check"], cwd=camp,
                            env=env, capture_output=True, text=True, check=False)
    assert result.returncode == 1
    assert "mkdocs.yml:3:6: error: the tag 'tag:yaml.org,2002:python/name:os.system'" in \
        result.stderr, result.stderr
    assert "Traceback" not in result.stderr
