"""The validators web developers trust, run on every page hexcrawl builds: axe-core (WCAG 2.1
A and AA, serious and critical findings) in headless Chromium, in the light and the dark
scheme, and the Nu HTML Checker (vnu) on every HTML file; both sites of the example campaign
and of a campaign made with ``hexcrawl new``.

Both validators are pinned in ``tests/validators/package.json`` (and its lock) and installed
by ``.ci/run`` with ``npm ci --ignore-scripts``: nothing is downloaded while the tests run.
vnu needs a Java runtime (Debian's ``default-jre-headless``). Without them the tests skip,
except under ``CI=true``, where they fail.

What the Material theme alone causes is not hexcrawl's output and is listed, with the reason,
in docs/accessibility.md; ``THEME_VNU`` and ``THEME_AXE`` below are that list, and a test
holds the two together.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from browser_helpers import served

from tests.browser_helpers import skip_or_fail
from tests.conftest import made_once

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
VALIDATORS = ROOT / "tests" / "validators" / "node_modules"
AXE = VALIDATORS / "axe-core" / "axe.min.js"
VNU = VALIDATORS / "vnu-jar" / "build" / "dist" / "vnu.jar"
DOC = ROOT / "docs" / "accessibility.md"

#: vnu errors that Material's own templates cause, whatever hexcrawl writes (each is listed in
#: docs/accessibility.md under the same words).
THEME_VNU = {
    "Attribute “autocomplete” is only allowed when the input type is":
        "Material's hidden checkbox toggles (drawer, search, table of contents)",
    "Bad value “” for attribute “tabindex” on element “label”":
        "Material's navigation section labels",
    "The value of the “for” attribute of the “label” element must be the ID of a non-hidden "
    "form control": "Material's table-of-contents label on pages without a table of contents",
}
#: axe-core rules and the Material elements they flag (docs/accessibility.md).
THEME_AXE = {
    ("aria-dialog-name", ".md-search"): "Material's search box, a dialog without a name",
}
#: The WCAG 2.1 A and AA rules: the bar docs/accessibility.md sets.
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
#: Only colours change with the scheme: the dark one is checked for them alone.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def need_validators() -> None:
    if not AXE.is_file() or not VNU.is_file():
        skip_or_fail("the validators are not installed: "
                     "npm ci --ignore-scripts --prefix tests/validators")


@dataclass(frozen=True)
class Built:
    name: str
    site: Path
    base: str

    def pages(self, audience: str) -> list[str]:
        """Every HTML page of one site, as paths under it (``sessions/01-x/``, ``404.html``)."""
        root = self.site / audience
        out = []
        for path in sorted(root.rglob("*.html")):
            rel = path.relative_to(root).as_posix()
            out.append(rel[: -len("index.html")] if rel.endswith("index.html") else rel)
        return out


def _hexcrawl(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, check=False, timeout=900)


def _new_and_built(folder: Path) -> None:
    """``hexcrawl new campaign`` in ``folder``, then ``hexcrawl build`` inside it."""
    made = _hexcrawl("new", "campaign", cwd=folder)
    assert made.returncode == 0, made.stderr
    result = _hexcrawl("build", cwd=folder / "campaign")
    assert result.returncode == 0, result.stderr


@pytest.fixture(scope="module", params=["example", "new"])
def built(request: pytest.FixtureRequest,
          tmp_path_factory: pytest.TempPathFactory) -> Iterator[Built]:
    """Both sites of the example campaign, or of one ``hexcrawl new`` writes, built as a GM
    builds them (no ``site_url``) and served on 127.0.0.1 as the README shows."""
    need_validators()
    if request.param == "example":
        repo: Path = request.getfixturevalue("example_repo")  # built once per test run
    else:
        repo = made_once(tmp_path_factory, f"validate-{request.param}", _new_and_built)
        repo = repo / "campaign"
    with served(repo / "site") as url:
        yield Built(request.param, repo / "site", url)


# ------------------------------------------------------------------------------------------
# the Nu HTML Checker


def _theme_vnu(message: str) -> bool:
    return any(message.startswith(known) for known in THEME_VNU)


def test_every_page_is_valid_html(built: Built) -> None:
    """vnu finds no error in any HTML file of either site but the theme's own (listed)."""
    java = shutil.which("java")
    if java is None:
        skip_or_fail("no Java runtime for the Nu HTML Checker (apt-get install "
                     "default-jre-headless)")
    files = [str(p) for audience in ("players", "gm")
             for p in sorted((built.site / audience).rglob("*.html"))]
    assert len(files) > 10
    run = subprocess.run([java, "-jar", str(VNU), "--format", "json", "--errors-only",
                          *files], capture_output=True, text=True, check=False, timeout=600)
    report = json.loads(run.stderr or run.stdout)
    errors = [m for m in report["messages"] if m["type"] in ("error", "non-document-error")]
    ours = [f"{m.get('url', '').split('/site/')[-1]}:{m.get('lastLine', '?')}: {m['message']}"
            f"\n    {m.get('extract', '').strip()[:160]}"
            for m in errors if not _theme_vnu(m["message"])]
    assert not ours, f"{len(ours)} vnu errors from hexcrawl's output:\n" + "\n".join(ours[:40])


# ------------------------------------------------------------------------------------------
# axe-core


def _axe(page: Page, rules: list[str] | None) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page open in ``page``: the WCAG 2.1
    A/AA rules, or only ``rules``."""
    run_only = {"type": "rule", "values": rules} if rules else {"type": "tag", "values": WCAG}
    found: list[dict[str, Any]] = page.evaluate(
        """async (runOnly) => (await axe.run(document, {runOnly, resultTypes: ['violations']}))
             .violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
             .map(v => ({id: v.id, impact: v.impact, help: v.help,
                         nodes: v.nodes.map(n => ({target: n.target.join(' '),
                                                   html: n.html.slice(0, 160)}))}))""",
        run_only)
    return found


def one_of_each_kind(pages: list[str]) -> list[str]:
    """One page of each kind (its folder and depth: a session, a location, a hex-key region,
    a reference sheet...): the pages of a kind share their template and styles, so the colours
    of the dark scheme are checked on one of each (every page is checked in the light one).

    >>> one_of_each_kind(["", "map/", "sessions/", "sessions/01-a/", "sessions/02-b/"])
    ['', 'map/', 'sessions/', 'sessions/01-a/']
    """
    seen: set[tuple[str, int]] = set()
    out = []
    for rel in pages:
        parts = rel.strip("/").split("/")
        kind = (parts[0] if len(parts) > 1 else rel, len(parts))
        if kind not in seen:
            seen.add(kind)
            out.append(rel)
    return out


def _theme_axe(rule: str, target: str) -> bool:
    return any(rule == r and target.startswith(sel) for r, sel in THEME_AXE)


def _to_dark(page: Page) -> None:
    """The page open in ``page``, loaded in the light scheme, switched to the dark one as
    Material switches it: its scheme attribute set to slate (the one thing a dark load changes
    on these pages: both palettes share their colours otherwise, and no style asks for the
    reader's preference) under Material's own ``data-md-color-switching``, which turns the
    theme's colour transitions off, so axe reads the dark scheme's colours, not ones halfway
    there. The reader's preference stays as it is: Material answers a change of it by setting
    the chosen palette again."""
    page.evaluate("""async () => {
        const body = document.body;
        body.setAttribute('data-md-color-switching', '');
        body.setAttribute('data-md-color-scheme', 'slate');
        getComputedStyle(body).backgroundColor;  // the new colours, applied at once
        body.removeAttribute('data-md-color-switching');
        await Promise.all(document.getAnimations()
            .filter(a => a instanceof CSSTransition).map(a => a.finished));
    }""")


def _findings(audience: str, rel: str, scheme: str, violations: list[dict[str, Any]]
              ) -> list[str]:
    return [f"{audience}/{rel}: {v['id']} ({v['impact']}) [{scheme}]: {v['help']}\n"
            f"    {node['target']}  {node['html']}"
            for v in violations for node in v["nodes"] if not _theme_axe(v["id"], node["target"])]


#: The pages of a site are checked in this many parts, every page in one of them: a part is a
#: test of its own, so pytest-xdist can run the parts of a large site on different cores.
PARTS = 2


@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("audience", ["players", "gm"])
def test_every_page_passes_axe(built: Built, browser: Browser, audience: str,
                               part: int) -> None:
    """axe-core finds no serious or critical WCAG 2.1 A/AA violation on any page of either
    site, but the theme's own (listed): every rule on every page in the light scheme; the
    colour rules (the only ones a scheme changes) on one page of each kind in the dark one,
    on the same loaded page, switched to dark once the light scheme is checked. Each part
    checks every ``PARTS``-th page of the site."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.add_init_script(path=str(AXE))
    problems: list[str] = []
    pages = built.pages(audience)
    dark = set(one_of_each_kind(pages))
    page.emulate_media(color_scheme="light")
    for rel in pages[part::PARTS]:
        page.goto(f"{built.base}/{audience}/{rel}", wait_until="load")
        assert page.evaluate("document.body.dataset.mdColorScheme") == "default", rel
        problems += _findings(audience, rel, "light", _axe(page, None))
        if rel in dark:
            _to_dark(page)
            assert page.evaluate("getComputedStyle(document.body).colorScheme") == "dark", rel
            problems += _findings(audience, rel, "dark", _axe(page, COLOUR_RULES))
    page.close()
    assert len(pages) > 5 and len(dark) > 3
    assert not problems, (f"{len(problems)} axe violations from hexcrawl's output:\n"
                          + "\n".join(problems[:40]))


def test_the_theme_list_is_the_documented_one() -> None:
    """Every finding the tests put down to the theme is in docs/accessibility.md with its
    reason, so the list cannot grow quietly."""
    text = DOC.read_text(encoding="utf-8")
    flat = re.sub(r"\s+", " ", text)
    for message in THEME_VNU:
        assert message in flat, message
    for rule, selector in THEME_AXE:
        assert f"`{rule}`" in text and f"`{selector}`" in text, (rule, selector)
