"""The downloadable map (``maps/overview.svg``) looks the same outside a browser: librsvg
(``rsvg-convert``: GNOME's viewers, Inkscape's import) and Chromium rasterise the example's
overviews at the same size, and the pictures differ by little more than anti-aliasing and
fonts (an unstyled fill paints black, a mis-scaled pattern draws slivers: either moves the
mean difference far past the bound)."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from generator.content.loader import load_campaign
from generator.knowledge import gm_view, players_view
from generator.render.pages import overview_svg
from generator.replay import replay

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
WIDTH = 360
#: mean difference per channel (0-255) allowed between the two pictures
MEAN_BOUND = 12.0


def need(tool: str) -> None:
    if shutil.which(tool) is None and not Path(tool).is_file():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{tool} is not installed (.ci/run installs it)", pytrace=False)
        pytest.skip(f"{tool} is not installed")


def decode_png(data: bytes) -> tuple[int, int, list[bytearray]]:
    """Width, height and rows of RGBA bytes of an 8-bit, non-interlaced RGB or RGBA PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    width = height = colour = 0
    while pos < len(data):
        (length,), kind = struct.unpack(">I", data[pos:pos + 4]), data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    bpp = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows: list[bytearray] = []
    prev = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line if bpp == 4 else bytearray(
            v for x in range(width) for v in (*line[x * 3:x * 3 + 3], 255)))
        prev = line
    return width, height, rows


def on_white(rows: list[bytearray]) -> list[bytearray]:
    """RGBA rows flattened onto white, as RGB."""
    out = []
    for row in rows:
        flat = bytearray()
        for x in range(0, len(row), 4):
            alpha = row[x + 3]
            flat += bytes((row[x + k] * alpha + 255 * (255 - alpha)) // 255 for k in range(3))
        out.append(flat)
    return out


def chromium_png(svg: Path, width: int, height: int, out: Path) -> bytes:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM),
                                     args=["--headless", "--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            page.set_content(
                "<!doctype html><html><body style='margin:0;background:#fff'>"
                f"<img src='data:image/svg+xml;base64,"
                f"{__import__('base64').b64encode(svg.read_bytes()).decode()}' "
                f"width='{width}' height='{height}' style='display:block'></body></html>")
            page.wait_for_timeout(300)
            return page.screenshot(path=str(out), clip={"x": 0, "y": 0, "width": width,
                                                        "height": height})
        finally:
            browser.close()


@pytest.mark.browser
@pytest.mark.parametrize("audience", ["gm", "players"])
def test_librsvg_draws_the_downloadable_map_as_chromium_does(audience: str,
                                                             tmp_path: Path) -> None:
    need("rsvg-convert")
    need(str(CHROMIUM))
    pytest.importorskip("playwright.sync_api")
    campaign, _ = load_campaign(ROOT / "content")
    assert campaign is not None
    chronicle, _ = replay(campaign)
    view = gm_view(campaign, chronicle) if audience == "gm" else players_view(campaign,
                                                                              chronicle)
    svg = tmp_path / "overview.svg"
    svg.write_text(overview_svg(view), encoding="utf-8")
    rsvg = tmp_path / "rsvg.png"
    subprocess.run(["rsvg-convert", "-w", str(WIDTH), "-b", "white", "-o", str(rsvg),
                    str(svg)], check=True)
    width, height, ours = decode_png(rsvg.read_bytes())
    chrome = tmp_path / "chromium.png"
    chromium_png(svg, width, height, chrome)
    width2, height2, theirs = decode_png(chrome.read_bytes())
    assert (width2, height2) == (width, height)
    a, b = on_white(ours), on_white(theirs)
    total = sum(abs(x - y) for ra, rb in zip(a, b, strict=True) for x, y in zip(ra, rb,
                                                                                 strict=True))
    mean = total / (width * height * 3)
    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    shutil.copy(rsvg, artifacts / f"overview-{audience}-librsvg.png")
    shutil.copy(chrome, artifacts / f"overview-{audience}-chromium.png")
    assert mean < MEAN_BOUND, (audience, mean)
