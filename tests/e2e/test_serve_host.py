"""``hexcrawl serve`` answers only requests addressed to it (generator/serve/host.py): a real
served site, raw HTTP requests with a foreign ``Host:`` (what a DNS-rebinding page sends)
get 403, requests to its own address, localhost or 127.0.0.1 get the site."""

from __future__ import annotations

import doctest
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from generator.scaffold import create
from generator.serve import host as serve_host

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def request(port: int, host: str | None, path: str = "/") -> tuple[int, bytes]:
    """One raw HTTP/1.1 request to 127.0.0.1:``port`` with ``Host: host`` (none when None):
    the status code and the body."""
    head = f"GET {path} HTTP/1.1\r\n" + (f"Host: {host}\r\n" if host is not None else "")
    with socket.create_connection(("127.0.0.1", port), timeout=30) as conn:
        conn.sendall((head + "Connection: close\r\n\r\n").encode("latin-1"))
        data = b""
        while chunk := conn.recv(65536):
            data += chunk
    status_line, _, rest = data.partition(b"\r\n")
    return int(status_line.split()[1]), rest.partition(b"\r\n\r\n")[2]


def test_the_module_doctests() -> None:
    assert doctest.testmod(serve_host).failed == 0


def test_serve_refuses_a_foreign_host_header(tmp_path: Path) -> None:
    camp = tmp_path / "camp"
    create(camp)
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "generator.cli", "serve", "--content",
                             str(camp), "--dev-addr", f"127.0.0.1:{port}"],
                            cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                status, body = request(port, f"127.0.0.1:{port}", "/locations/")
                break
            except OSError:
                assert time.monotonic() < deadline and proc.poll() is None, "no server"
                time.sleep(0.5)
        assert status == 200 and b"<html" in body.lower()
        for host in (f"localhost:{port}", "localhost", f"[::1]:{port}", f"LOCALHOST:{port}"):
            assert request(port, host, "/locations/")[0] == 200, host
        for host in (f"evil.example:{port}", "evil.example", f"127.0.0.1.evil.example:{port}",
                     f"localhost.evil.example:{port}", ""):
            status, body = request(port, host, "/locations/")
            assert status == 403 and b"<html" not in body.lower(), host
        assert request(port, None, "/locations/")[0] in (400, 403)
        assert request(port, "evil.example", "/livereload/0/0")[0] == 403
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
