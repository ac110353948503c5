"""The players' shared screen during a session: ``hexcrawl serve --audience players`` beside
``hexcrawl play``. An entry written at the table shows on the served players' map page within
seconds, with no command in between (a real server on 127.0.0.1, a real play session in a
pseudo-terminal)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from play_helpers import HEXCRAWL, ROOT, Terminal, copy_campaign

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pty is POSIX-only")

#: how long the players' map may take to show a written entry (the example campaign)
SHOWN_WITHIN = 3.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _get(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:  # noqa: S310 (127.0.0.1)
            text: str = response.read().decode("utf-8")
            return text
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return None


def test_an_entry_written_by_play_shows_on_the_served_players_map(tmp_path: Path) -> None:
    content = copy_campaign(tmp_path)
    port = _free_port()
    url = f"http://127.0.0.1:{port}/map/"
    server = subprocess.Popen([*HEXCRAWL, "serve", "--content", str(content), "--audience",
                               "players", "--dev-addr", f"127.0.0.1:{port}"],
                              cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    term: Terminal | None = None
    try:
        deadline = time.monotonic() + 300  # the first build of both sites' pages
        page = _get(url)
        while page is None or "hexmap" not in page:
            assert server.poll() is None, "hexcrawl serve stopped"
            assert time.monotonic() < deadline, "the players' map was never served"
            time.sleep(0.5)
            page = _get(url)
        # Greymere is not known to the players yet
        assert "locations/greymere/" not in page
        term = Terminal([*HEXCRAWL, "play", "--content", str(content), "--continue"],
                        tmp_path)
        term.expect("s6 day 9 w2>")
        term.send("reveal greymere\r")
        term.expect("written to")
        shown_by = time.monotonic() + SHOWN_WITHIN
        while "locations/greymere/" not in (page or ""):
            assert time.monotonic() < shown_by, "the entry did not reach the players' map"
            time.sleep(0.2)
            page = _get(url)
        term.send("quit\r")
        term.expect(" is in ")
        assert term.close() == 0
    finally:
        if term is not None and term.proc.poll() is None:
            term.proc.kill()
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
