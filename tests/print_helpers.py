"""What the print tests share: the tools they need (Chromium, poppler's pdftotext and kin)."""

from __future__ import annotations

import os
import shutil

import pytest

from generator.printing import chromium

IN_CI = os.environ.get("CI", "").lower() == "true"


def need(tool: str) -> str:
    """The path of ``tool`` (``chromium``: the one printing uses); skip without it, but fail
    under CI, which installs every tool."""
    found = shutil.which(tool)
    if tool == "chromium":
        try:
            found = chromium.find_chromium()
        except chromium.PrintError:
            found = None
    if found:
        return found
    if IN_CI:
        pytest.fail(f"{tool} is missing, and CI must run the print tests (.ci/run installs it)")
    pytest.skip(f"{tool} is not installed")
