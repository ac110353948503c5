"""A build's worker process ends with the build that started it, however the build ends.

A build killed mid-way must not leave its worker running on (writing into a folder the next
build removes). The worker watches its parent's sentinel (``multiprocessing.parent_process``:
a pipe on POSIX, a process handle on Windows). Here a child Python starts a worker the way
``hexcrawl build`` does (``generator.site.worker.Worker``: spawned, ``worker_start``), gives it
a task that holds a file lock for as long as it lives, and is killed; the lock is free again
once the worker has ended.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from filelock import FileLock, Timeout

ROOT = Path(__file__).resolve().parents[2]

CHILD = textwrap.dedent("""\
    import os, sys, time

    from generator.site.worker import Worker
    import worker_probe

    if __name__ == "__main__":
        lock, ready = sys.argv[1], sys.argv[2]
        worker = Worker()
        worker.submit(worker_probe.hold, lock, ready)
        while not os.path.exists(ready):
            time.sleep(0.05)
        print("ready", flush=True)
        time.sleep(600)
    """)


def test_a_killed_build_leaves_no_worker_behind(tmp_path: Path) -> None:
    lock, ready = tmp_path / "worker.lock", tmp_path / "ready"
    env = {**os.environ,
           "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests")])}
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(lock), str(ready)], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        line = child.stdout.readline()
        assert line.strip() == "ready", child.stderr.read() if child.stderr else line
        # the worker holds the lock while it lives
        try:
            FileLock(str(lock)).acquire(timeout=0)
            raise AssertionError("the worker does not hold its lock")
        except Timeout:
            pass
    finally:
        child.kill()
        child.wait()
    # once the build is gone, so is its worker: the lock comes free (the timeout bounds the
    # wait; it measures nothing)
    with FileLock(str(lock)).acquire(timeout=120):
        pass
