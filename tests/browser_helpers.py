"""Headless Chromium for the browser tests: Debian's, started as this machine allows, and the
rule that a missing browser skips a test on a developer's machine but fails it under CI."""

from __future__ import annotations

import os
from pathlib import Path
from typing import NoReturn

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def skip_or_fail(reason: str) -> NoReturn:
    """Skip, but fail under CI=true: CI installs Chromium and must run these tests."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true: the browser tests must run)", pytrace=False)
    pytest.skip(reason)
