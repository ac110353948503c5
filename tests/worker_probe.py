"""A task for a build's worker process in tests (tests/e2e/test_worker_parent.py): it holds a file
lock for as long as the worker lives, so a test can tell when the worker has ended."""

from __future__ import annotations

import time
from pathlib import Path

from filelock import FileLock


def hold(lock: str, ready: str) -> None:
    held = FileLock(lock)
    held.acquire()
    Path(ready).write_text("held", "utf-8")
    while True:
        time.sleep(1)
