"""The overview map in headless Chromium: first paint and panning (bench/run.py).

    python bench/browser.py SITE_DIR [PAGE]     (PAGE default: map/index.html)

Serves SITE_DIR over HTTP from a thread, opens PAGE in Debian's Chromium (Playwright, flags
``--headless --no-sandbox --disable-gpu``) with an empty cache, and reports in milliseconds
from the start of navigation:

- ``first_contentful_paint``: Chromium's first contentful paint of the page;
- ``map_painted``: the second animation frame after the document, the whole map included,
  is parsed (the first frame that shows all of it has been produced by then);
- ``load``: the page's load event (every script and style sheet in);

then drags the map across the page in 40 pointer moves, as a person pans it, and reports the
intervals between animation frames during the drag (``pan_frame_median``, ``pan_frame_p95``,
``pan_frame_max``; 16.7 ms is 60 frames per second) and ``pan_fps``.
"""

from __future__ import annotations

import functools
import http.server
import json
import sys
import threading
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
MAP_SVG = ".hexmap svg.hexmap-svg"

#: Runs in the page: resolves with the time the whole map has surely been painted: the
#: second animation frame after the document, the map's last element included, is parsed.
_MAP_PAINTED = """(selector) => new Promise((resolve) => {
  const painted = () => requestAnimationFrame(() => requestAnimationFrame(
    () => resolve(performance.now())));
  const check = () => {
    if (!document.querySelector(selector)) { resolve(-1); return; }
    painted();
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", check);
  else check();
})"""

_RECORD_FRAMES = """() => {
  window.__frames = [];
  const tick = (t) => {
    window.__frames.push(t);
    if (window.__recording) requestAnimationFrame(tick);
  };
  window.__recording = true;
  requestAnimationFrame(tick);
}"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def measure(site: Path, page_path: str = "map/index.html") -> dict[str, float]:
    """The figures of the module docstring for ``site/page_path``."""
    from playwright.sync_api import sync_playwright

    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/{page_path}"
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.goto(url, wait_until="commit", timeout=120_000)
                painted = float(page.evaluate(_MAP_PAINTED, MAP_SVG))
                assert painted >= 0, f"no {MAP_SVG} on {url}"
                page.wait_for_load_state("load", timeout=120_000)
                timing = page.evaluate("""() => {
                  const nav = performance.getEntriesByType('navigation')[0];
                  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
                  return {load: nav.loadEventEnd, fcp: fcp ? fcp.startTime : null};
                }""")
                box = page.locator(MAP_SVG).first.bounding_box()
                assert box is not None, "the map has no box on the page"
                x, y = box["x"] + box["width"] / 2, box["y"] + min(box["height"], 800) / 2
                page.evaluate(_RECORD_FRAMES)
                page.mouse.move(x, y)
                page.mouse.down()
                for step in range(1, 41):
                    page.mouse.move(x - step * 8, y - step * 5)
                page.mouse.up()
                page.evaluate("() => new Promise(r => requestAnimationFrame(() => "
                              "requestAnimationFrame(r)))")
                frames = page.evaluate("() => { window.__recording = false; "
                                       "return window.__frames; }")
            finally:
                browser.close()
    finally:
        server.shutdown()
    gaps = sorted(b - a for a, b in zip(frames, frames[1:], strict=False))
    span = (frames[-1] - frames[0]) if len(frames) > 1 else 0.0
    result = {
        "first_contentful_paint": round(timing["fcp"] or 0.0, 1),
        "map_painted": round(painted, 1),
        "load": round(float(timing["load"]), 1),
        "pan_frame_median": round(gaps[len(gaps) // 2], 1) if gaps else 0.0,
        "pan_frame_p95": round(gaps[min(len(gaps) - 1, int(len(gaps) * 0.95))], 1)
        if gaps else 0.0,
        "pan_frame_max": round(gaps[-1], 1) if gaps else 0.0,
        "pan_fps": round(1000 * len(gaps) / span, 1) if span else 0.0,
    }
    return result


def main() -> None:
    site = Path(sys.argv[1])
    print(json.dumps(measure(site, sys.argv[2] if len(sys.argv) > 2 else "map/index.html")))


if __name__ == "__main__":
    main()
