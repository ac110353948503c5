"""Headless Chromium, which prints every page of ``hexcrawl print`` to PDF.

Why headless Chromium and not WeasyPrint:

- **Output quality.** Chromium is the engine the sites are read in, so a printed sheet looks
  like the page on screen: the same CSS grid and multi-column layout (the two-page GM screen
  uses both), the same SVG renderer for the veer and facing diagrams, real font fallback for
  Cyrillic, CSS named pages (the GM screen prints landscape inside a portrait set) and page
  margin boxes for the footer. WeasyPrint has no multi-column fragmentation across pages and
  renders SVG through its own, more limited path.
- **Install weight.** Chromium is already required for the browser tests of the map, so
  printing adds nothing; WeasyPrint would add a Python package plus the Pango, Cairo and
  GDK-Pixbuf system libraries on every machine that prints or runs CI.
- **Cost.** One Chromium process per PDF takes a second or two; the sheets print in parallel.

Chromium is looked up as ``$HEXCRAWL_CHROMIUM``, then ``/usr/bin/chromium``, then
``chromium``, ``chromium-browser``, ``google-chrome`` on the PATH; without one,
``find_chromium`` raises ``PrintError`` saying how to install it (Debian: ``apt-get install
chromium``).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

from generator.printing import safety as print_safety

CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome",
                       "google-chrome-stable")
#: Seconds one Chromium process may take to print one sheet.
TIMEOUT = 120


class PrintError(RuntimeError):
    """Printing cannot proceed (no Chromium, or Chromium failed); the message says why."""


def find_chromium(explicit: str | None = None) -> str:
    """The Chromium executable to print with, or PrintError."""
    for candidate in (explicit, os.environ.get("HEXCRAWL_CHROMIUM"), *CHROMIUM_CANDIDATES):
        if not candidate:
            continue
        found = candidate if os.path.isabs(candidate) else shutil.which(candidate)
        if found and os.access(found, os.X_OK):
            return found
    raise PrintError(
        "printing needs headless Chromium, and none was found (looked for $HEXCRAWL_CHROMIUM, "
        + ", ".join(CHROMIUM_CANDIDATES)
        + "). Install it (Debian/Ubuntu: apt-get install chromium) or set HEXCRAWL_CHROMIUM "
        "to its path.")


def chromium_command(chromium: str, user_data_dir: Path, pdf: Path, page: Path) -> list[str]:
    return [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
            "--no-first-run", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--disable-extensions", "--mute-audio",
            *print_safety.NO_NETWORK_FLAGS, f"--user-data-dir={user_data_dir}",
            "--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri()]


def print_one(chromium: str, page: Path, pdf: Path, work: Path) -> Path:
    profile = work / f"profile-{page.stem}"
    profile.mkdir(parents=True, exist_ok=True)
    cmd = chromium_command(chromium, profile, pdf, page)
    try:
        result = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT,
                                check=False, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as exc:
        raise PrintError(f"Chromium took longer than {TIMEOUT}s to print {page.name}") from exc
    if result.returncode != 0 or not pdf.is_file() or pdf.stat().st_size == 0:
        tail = "\n".join((result.stderr or "").strip().splitlines()[-5:])
        raise PrintError(f"Chromium could not print {page.name} (exit {result.returncode})"
                         + (f":\n{tail}" if tail else ""))
    return pdf


def page_count(pdf: Path) -> int:
    """Number of pages of a PDF written by Chromium (counts its page objects)."""
    data = pdf.read_bytes()
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))
