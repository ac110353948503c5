"""``hexcrawl serve`` answers only requests addressed to it by name.

A web page the GM visits can make its own domain name resolve to 127.0.0.1 (DNS rebinding)
and then read the GM's site from the browser as if it were its own: the browser still sends
that domain in the ``Host:`` header. So the server answers a request only when its ``Host``
is the host it was started on, or ``localhost``, ``127.0.0.1`` or ``[::1]``; any other gets
403. A server started on every interface (``0.0.0.0``, ``::``) also answers a bare IP address
(which no page can rebind), so other machines of the table can still reach it.

MkDocs builds its development server, ``LiveReloadServer``, inside ``mkdocs serve``; while
``guarded`` is active that name gives a subclass whose WSGI application checks the host
first, and everything else is MkDocs' own.

>>> allowed = allowed_hosts("127.0.0.1")
>>> [host_allowed(h, allowed, False) for h in ("127.0.0.1:8000", "localhost", "[::1]:80")]
[True, True, True]
>>> [host_allowed(h, allowed, False) for h in ("evil.example:8000", "", "localhost.evil")]
[False, False, False]
>>> host_allowed("192.168.1.5:8000", allowed_hosts("0.0.0.0"), True)
True
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

#: Names every server answers to: the machine itself.
LOOPBACK = frozenset(("localhost", "127.0.0.1", "::1"))
_WILDCARD = frozenset(("", "0.0.0.0", "::"))

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


def _host_name(header: str) -> str:
    """The host of a ``Host:`` header, without its port and brackets, lower case."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:header.find("]")] if "]" in header else ""
    if header.count(":") == 1:
        header = header.split(":", 1)[0]
    return header.rstrip(".")


def allowed_hosts(bound: str) -> frozenset[str]:
    """The host names a server bound to ``bound`` (a host or address, no port) answers to."""
    return LOOPBACK | {bound.strip("[]").lower().rstrip(".")}


def host_allowed(header: str, allowed: frozenset[str], any_address: bool) -> bool:
    """Whether a request with ``Host: header`` is for this server."""
    host = _host_name(header)
    if not host:
        return False
    if host in allowed:
        return True
    if any_address:
        try:
            ipaddress.ip_address(host)
        except ValueError:
            return False
        return True
    return False


def guard(app: WSGIApp, bound: str) -> WSGIApp:
    """``app`` answering only requests addressed to a server bound to ``bound``."""
    allowed = allowed_hosts(bound)
    any_address = bound.strip("[]") in _WILDCARD

    def guarded_app(environ: dict[str, Any], start_response: Callable[..., Any],
                    ) -> Iterable[bytes]:
        if not host_allowed(environ.get("HTTP_HOST", ""), allowed, any_address):
            body = b"403 Forbidden: this server answers only to its own address\n"
            start_response("403 Forbidden", [("Content-Type", "text/plain"),
                                              ("Content-Length", str(len(body)))])
            return [body]
        return app(environ, start_response)

    return guarded_app


@contextmanager
def guarded() -> Iterator[None]:
    """While active, the servers ``mkdocs serve`` makes check the ``Host`` of each request
    against the address they were started on."""
    import mkdocs.commands.serve as mkdocs_serve
    from mkdocs.livereload import LiveReloadServer

    class HostCheckedServer(LiveReloadServer):
        def set_app(self, application: Any) -> None:
            # server_address is the (host, port) the server was made with
            super().set_app(guard(application, str(self.server_address[0])))

    name = "LiveReloadServer"     # the name mkdocs serve makes its server with
    original = getattr(mkdocs_serve, name)
    setattr(mkdocs_serve, name, HostCheckedServer)
    try:
        yield
    finally:
        setattr(mkdocs_serve, name, original)
