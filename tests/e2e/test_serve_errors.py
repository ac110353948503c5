"""Content errors in the browser while `hexcrawl serve` runs (generator/serve/errors.py and the
MkDocs hook): the error page itself, `mkdocs build` refusing a broken campaign, `serve`
starting on one, and the whole round trip in headless Chromium: a served page turns into the
error page when an edit breaks the content, and back when the edit is undone, reloaded by
MkDocs' live reload alone.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from test_browser import ARTIFACTS

from generator.diagnostics import Diagnostic, Pos
from generator.scaffold import create
from generator.serve.errors import error_page, excerpt

if TYPE_CHECKING:
    from playwright.sync_api import Browser

ROOT = Path(__file__).resolve().parents[2]


def hexcrawl(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, check=False, timeout=600)


def break_terrain(camp: Path) -> Path:
    """Misspell the forest of the scaffold's legend; returns the file."""
    path = camp / "hexes" / "map.yaml"
    text = path.read_text("utf-8")
    assert "  f: forest\n" in text
    path.write_text(text.replace("  f: forest\n", "  f: forrest\n"), "utf-8")
    return path


def forrest_line(camp: Path) -> int:
    """The line of the misspelt legend entry (1-based)."""
    lines = (camp / "hexes" / "map.yaml").read_text("utf-8").splitlines()
    return lines.index("  f: forrest") + 1


def mend_terrain(camp: Path) -> None:
    path = camp / "hexes" / "map.yaml"
    path.write_text(path.read_text("utf-8").replace("  f: forrest\n", "  f: forest\n"), "utf-8")


# ------------------------------------------------------------------------------------------
# the page


def test_error_page_lists_each_message_with_position_and_source_line(tmp_path: Path) -> None:
    src = tmp_path / "hexes.yaml"
    src.write_text('"0101":\n  terrain: <forrest> & co\n', "utf-8")
    diags = [Diagnostic(Pos(str(src), 2, 12), "error", "unknown terrain '<forrest> & co'"),
             Diagnostic(Pos(str(tmp_path / "gone.yaml"), 3, 1), "warning", "a <b>warning</b>")]
    html = error_page(diags, "en", "Tom & Jerry's <Marches>")
    assert 'id="hexcrawl-errors" data-errors="1" data-warnings="1"' in html
    assert f"{src}:2:12</span>: <span class=\"severity\">error</span>" in html
    # GM-typed text is escaped everywhere it appears: message, source line, site name
    assert "unknown terrain &#39;&lt;forrest&gt; &amp; co&#39;" in html
    assert "  terrain: &lt;forrest&gt; &amp; co\n<span class=\"caret\">           ^</span>" in html
    assert "Tom &amp; Jerry&#39;s &lt;Marches&gt;" in html
    assert "<b>" not in html and "<forrest>" not in html
    # the warning's file is gone: the message stays, without a source line
    assert "a &lt;b&gt;warning&lt;/b&gt;" in html
    assert html.count("<pre>") == 1
    assert html.index("Errors") < html.index("Warnings")


def test_error_page_speaks_the_campaign_language() -> None:
    diags = [Diagnostic(Pos("x.yaml", 1, 1), "error", "e")] * 3
    assert "В кампании есть ошибки" in error_page(diags, "ru")
    assert "(3 ошибки)" in error_page(diags, "ru")
    assert "(3 помилки)" in error_page(diags, "uk")
    assert "(3 errors)" in error_page(diags, "en")


def test_excerpt_cuts_long_lines_around_the_column(tmp_path: Path) -> None:
    src = tmp_path / "long.yaml"
    src.write_text("x" * 500 + "Y" + "x" * 500 + "\n", "utf-8")
    line, caret = excerpt(str(src), 1, 501)
    assert line is not None and len(line) == 160 and line[caret] == "Y"
    assert excerpt(str(src), 7, 1) == (None, 0)


# ------------------------------------------------------------------------------------------
# commands


def test_mkdocs_build_of_a_broken_campaign_fails_with_the_messages(tmp_path: Path) -> None:
    """Outside a server the hook never shows an error page: a built site must not carry one
    (nor stale pages looking current), so `mkdocs build` fails instead."""
    camp = tmp_path / "camp"
    create(camp)
    result = hexcrawl("build", "--content", str(camp), "--audience", "players", "--docs-only",
                      cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    break_terrain(camp)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    mk = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f",
                         str(camp / "build" / "players" / "mkdocs.yml")], cwd=tmp_path,
                        env=env, capture_output=True, text=True, timeout=600, check=False)
    assert mk.returncode == 1, mk.stderr
    assert f"camp/hexes/map.yaml:{forrest_line(camp)}:6: error: unknown terrain 'forrest'" \
        in mk.stderr
    assert "content errors (listed above); the site was not built" in mk.stdout
    assert not (camp / "site").exists()


def test_serve_refuses_a_broken_campaign_it_has_never_built(tmp_path: Path) -> None:
    camp = tmp_path / "camp"
    create(camp)
    break_terrain(camp)
    result = hexcrawl("serve", "--content", str(camp), "--dev-addr", "127.0.0.1:1",
                      cwd=tmp_path)
    assert result.returncode == 1
    assert "unknown terrain 'forrest' (did you mean 'forest'?)" in result.stderr
    assert "no earlier build of the GM's site to serve" in result.stderr
    assert "Traceback" not in result.stderr


# ------------------------------------------------------------------------------------------
# in the browser


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.mark.browser
@pytest.mark.slow
def test_browser_shows_content_errors_and_reloads_when_fixed(browser: Browser,
                                                             tmp_path: Path) -> None:
    camp = tmp_path / "camp"
    create(camp)
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "generator.cli", "serve", "--content",
                             str(camp), "--audience", "players",
                             "--dev-addr", f"127.0.0.1:{port}"],
                            cwd=tmp_path, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    context.set_default_timeout(90_000)
    page = context.new_page()
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                page.goto(f"http://127.0.0.1:{port}/sessions/", timeout=5_000)
                break
            except Exception:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise
                time.sleep(0.5)
        page.locator(".md-content").wait_for()
        assert page.locator("#hexcrawl-errors").count() == 0

        where = break_terrain(camp)
        # no navigation from the test: MkDocs' live reload brings the error page
        errors = page.locator("#hexcrawl-errors")
        errors.wait_for()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "serve-error.png"), full_page=True)
        text = errors.inner_text()
        assert "The campaign has errors" in text
        assert f"map.yaml:{forrest_line(camp)}:6: error: unknown terrain 'forrest' (did you " \
            "mean 'forest'?)" \
            in text
        assert "f: forrest\n     ^" in text  # the source line, a caret under the column
        assert page.locator(".md-content").count() == 0
        # every page of the site is the error page while the content is broken
        other = context.new_page()
        other.goto(f"http://127.0.0.1:{port}/")
        assert other.locator("#hexcrawl-errors").count() == 1
        other.close()
        assert where.is_file()

        mend_terrain(camp)
        page.locator(".md-content").wait_for()
        assert page.locator("#hexcrawl-errors").count() == 0
        assert "/sessions/" in page.url
    finally:
        context.close()
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


def test_module_doctests() -> None:
    import doctest

    from generator.serve import errors as serve_errors

    assert doctest.testmod(serve_errors).failed == 0


def test_the_error_page_shows_the_site_name_as_typed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The generated mkdocs.yml holds site_name as HTML text (for the theme): the error page
    showed 'Thornmarch &amp;amp; the &amp;lt;Border&amp;gt;' until the hook unescaped it."""
    from types import SimpleNamespace

    from generator.render.escape import html_text
    from generator.serve import errors as serve_errors
    from generator.serve import hooks as mkdocs_hooks
    from generator.serve.session import SESSION

    name = "Thornmarch & the <Border>"
    monkeypatch.setattr(SESSION, "state", serve_errors.ServeState(
        command="serve", failed=[Diagnostic(Pos("x.yaml", 1, 1), "error", "e")]))
    page = mkdocs_hooks.on_post_page("<p>old page</p>", page=None,
                                     config=SimpleNamespace(site_name=html_text(name)))
    assert "old page" not in page
    assert '<p class="site">Thornmarch &amp; the &lt;Border&gt;</p>' in page
    assert "&amp;amp;" not in page and "&amp;lt;" not in page


def test_a_hostile_file_name_and_line_stay_text_on_the_error_page(tmp_path: Path) -> None:
    """A campaign file named like a tag, whose bad line closes the page's code block and
    opens a script, and a campaign name that closes the title: every piece is text."""
    from generator.content.loader import load_campaign

    from campaign_factory import write_campaign

    name = "<img src=x onerror=alert(1)>.yaml"
    root = write_campaign(tmp_path / "camp", files={
        f"hexes/{name}": '"0101": {terrain: "</code></pre><script>alert(2)</script>"}\n'},
        campaign_overrides={"name": "</title><script>alert(3)</script>"})
    campaign, diags = load_campaign(root)
    assert diags.has_errors()
    page = error_page(diags.sorted(), "en", "</title><script>alert(3)</script>")
    assert "<script" not in page and "<img" not in page and "</code></pre><" not in page
    assert "&lt;img src=x onerror=alert(1)&gt;.yaml:1:" in page
    assert "&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;alert(2)" in page
    assert "&lt;/title&gt;&lt;script&gt;alert(3)" in page
