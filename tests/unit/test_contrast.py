"""The colours hexcrawl sets on its sites read at WCAG AA (4.5:1 for text), in the light and
the dark scheme: computed from site_templates/assets/hexcrawl.css itself, so a colour changed
there is checked here. The page backgrounds are Material's (white; slate: hsl(225 15% 14%))."""

from __future__ import annotations

import re

import pytest
import yaml

from generator.package_data import BASE_CONFIG, SITE_TEMPLATES

CSS = (SITE_TEMPLATES / "assets" / "hexcrawl.css").read_text(encoding="utf-8")
AA = 4.5
#: the two schemes, by the selector hexcrawl.css sets their colours under
SCHEMES = {"light": '[data-md-color-scheme="default"]', "dark": '[data-md-color-scheme="slate"]'}
CUSTOM = '[data-md-color-primary="custom"]'

RGBA = tuple[float, float, float, float]


def parse_colour(value: str) -> RGBA:
    """A CSS hex colour (#rgb, #rrggbb, #rrggbbaa) as red, green, blue (0-255) and alpha."""
    digits = value.strip().lstrip("#")
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    assert re.fullmatch(r"[0-9a-fA-F]{6}([0-9a-fA-F]{2})?", digits), value
    r, g, b = (int(digits[i:i + 2], 16) for i in (0, 2, 4))
    alpha = int(digits[6:8], 16) / 255 if len(digits) == 8 else 1.0
    return float(r), float(g), float(b), alpha


def over(fg: RGBA, bg: RGBA) -> RGBA:
    """``fg`` composited over the opaque ``bg``."""
    a = fg[3]
    r, g, b = (f * a + k * (1 - a) for f, k in zip(fg[:3], bg[:3], strict=True))
    return r, g, b, 1.0


def luminance(c: RGBA) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in c[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(fg: RGBA, bg: RGBA) -> float:
    """WCAG 2's contrast ratio of text ``fg`` on ``bg``."""
    light, dark = sorted((luminance(over(fg, bg)), luminance(bg)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def declarations(selector: str) -> dict[str, str]:
    """The custom properties of every rule of hexcrawl.css whose selector list holds
    ``selector`` exactly (later rules win, as in the browser)."""
    found: dict[str, str] = {}
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", re.sub(r"/\*.*?\*/", "", CSS,
                                                                   flags=re.S)):
        if selector in [s.strip() for s in selectors.split(",")]:
            found.update(re.findall(r"(--[\w-]+)\s*:\s*([^;]+);", body))
    return found


def colours(scheme: str) -> dict[str, RGBA]:
    """Every colour variable in force in ``scheme`` with the default palette."""
    values = {**declarations(CUSTOM), **declarations(SCHEMES[scheme])}
    if scheme == "dark":
        values.update(declarations(SCHEMES["dark"] + CUSTOM))
    return {name: parse_colour(v) for name, v in values.items() if v.strip().startswith("#")}


def test_the_colour_parser_and_the_ratio() -> None:
    white, black = parse_colour("#fff"), parse_colour("#000000")
    assert contrast(black, white) == pytest.approx(21)
    assert contrast(white, white) == pytest.approx(1)
    # Material's brown tabs, as axe measured them (it rounds the blend first): 70% white
    # on #795649
    assert contrast(parse_colour("#ffffffb3"), parse_colour("#795649")) == \
        pytest.approx(4.12, abs=0.05)
    assert contrast(parse_colour("#ffffff"), parse_colour("#ff6e42")) == \
        pytest.approx(2.77, abs=0.01)


def test_the_default_palette_is_hexcrawls_own_in_both_schemes() -> None:
    palettes = yaml.safe_load(BASE_CONFIG.read_text(encoding="utf-8"))["theme"]["palette"]
    assert [p["scheme"] for p in palettes] == ["default", "slate"]
    assert all(p["primary"] == "custom" for p in palettes)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_navigation_tabs_and_the_header_read_at_aa(scheme: str) -> None:
    c = colours(scheme)
    header = c["--md-primary-fg-color"]
    assert contrast(c["--md-primary-bg-color--light"], header) >= AA  # the tabs
    assert contrast(c["--md-primary-bg-color"], header) >= AA         # title, active tab


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_text_colours_read_at_aa_on_the_page(scheme: str) -> None:
    c = colours(scheme)
    page = c["--hexcrawl-page-bg"]
    assert page == parse_colour("#ffffff" if scheme == "light" else "#1e2129")
    for name in ("--md-typeset-a-color", "--hexcrawl-muted"):
        assert contrast(c[name], page) >= AA, (scheme, name, contrast(c[name], page))
    # the die the party is on, and a seeded roll that changed the story
    assert contrast(c["--hexcrawl-step-now-fg"], c["--hexcrawl-step-now-bg"]) >= AA
    assert contrast(c["--hexcrawl-story-fg"], c["--hexcrawl-story-bg"]) >= AA


def rule(selector: str) -> str:
    match = re.search(re.escape(selector) + r"\s*\{([^}]*)\}", CSS)
    assert match, selector
    return match.group(1)


def test_the_ladder_and_the_badge_use_those_colours() -> None:
    above = rule(".md-typeset ol.hexcrawl-ladder .step-above")
    assert "opacity" not in above and "var(--hexcrawl-muted)" in above
    now = rule(".md-typeset ol.hexcrawl-ladder .step-now")
    assert "color: var(--hexcrawl-step-now-fg)" in now
    assert "background: var(--hexcrawl-step-now-bg)" in now
    story = rule(".md-typeset .hx-seeded.hx-story")
    assert "color: var(--hexcrawl-story-fg)" in story
    assert "background: var(--hexcrawl-story-bg)" in story
    assert "var(--hexcrawl-muted)" in rule(".md-typeset .hexcrawl-meta")


def test_links_in_running_text_are_underlined() -> None:
    """Colour alone does not set a link apart from the words around it."""
    match = re.search(r"\.md-typeset :is\(([^)]*)\) a:not\([^)]*\)\s*\{([^}]*)\}", CSS)
    assert match, "no rule for links in running text"
    assert {"p", "li", "td"} <= {s.strip() for s in match.group(1).split(",")}
    assert "text-decoration: underline" in match.group(2)

