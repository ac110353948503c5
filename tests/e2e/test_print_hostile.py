"""``hexcrawl print`` with hostile content (generator/printing/safety.py,
generator/printing/, site_templates/print/map.html): a table row's images and
raw HTML make Chromium request nothing (a local HTTP server records every request), only
files inside the campaign are embedded, and a right-to-left override in the campaign's name
reverses none of our words."""

from __future__ import annotations

import http.server
import struct
import subprocess
import threading
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator.knowledge import gm_view
from generator.printing import booklet, maps, sheets
from generator.printing import safety as print_safety
from generator.replay import replay

from campaign_factory import dump, load, write_campaign
from print_helpers import need

pytestmark = pytest.mark.browser

RLO = "\u202e"


def png(width: int, height: int) -> bytes:
    """A grey PNG of ``width`` x ``height`` pixels."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0,
                                                              0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


@pytest.fixture
def recorder() -> Iterator[tuple[int, list[str]]]:
    """An HTTP server on 127.0.0.1 that records the path of every request it gets."""
    seen: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            seen.append(self.path)
            body = png(4, 4)
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1], seen
    finally:
        server.shutdown()
        server.server_close()


def test_printing_tables_requests_nothing_and_embeds_only_campaign_files(
        tmp_path: Path, recorder: tuple[int, list[str]]) -> None:
    chromium = need("chromium")
    pdfimages = need("pdfimages")
    port, seen = recorder
    url = f"http://127.0.0.1:{port}"
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.png").write_bytes(png(7, 5))
    rows = [
        f"![md]({url}/markdown.png)",
        f'<img src="{url}/raw.png"> <img src={url}/bare.png> <img srcset="{url}/set.png 2x">',
        f'<iframe src="{url}/frame"></iframe> <link rel="stylesheet" href="{url}/style.css">',
        f'<meta http-equiv="refresh" content="0;url={url}/refresh"> <video poster='
        f'"{url}/poster.png"></video> <span style="background:url({url}/css.png)">x</span>',
        f"![outside]({outside / 'secret.png'}) ![file](file://{outside / 'secret.png'})",
        "![up](../outside/secret.png) ![inside](images/inside.png)",
    ]
    table = {"id": "hostile", "name": "Hostile rows", "audience": "players",
             "rows": [{"weight": 1, "result": row} for row in rows]}
    root = write_campaign(tmp_path / "camp", files={"tables/hostile.yaml": dump(table)})
    (root / "images").mkdir()
    (root / "images" / "inside.png").write_bytes(png(3, 2))
    campaign, diags = load(root)
    assert campaign is not None, [d.format() for d in diags.sorted()]
    out = tmp_path / "print"
    [pdf] = sheets.print_pdfs(campaign, out, only=["tables"], chromium=chromium)
    assert seen == []
    listed = subprocess.run([pdfimages, "-list", str(pdf)], capture_output=True, text=True,
                            check=True).stdout.splitlines()[2:]
    sizes = sorted((int(line.split()[3]), int(line.split()[4])) for line in listed)
    # the campaign's picture, never the one outside (what else is listed: blocked images'
    # placeholders)
    assert (3, 2) in sizes and (7, 5) not in sizes and (4, 4) not in sizes, sizes


def test_the_booklet_requests_nothing_and_embeds_only_campaign_files(
        tmp_path: Path, recorder: tuple[int, list[str]]) -> None:
    """The GM's booklet prints hexes, regions and locations as the GM site has them: their
    images and raw HTML make Chromium request nothing either."""
    chromium = need("chromium")
    pdfimages = need("pdfimages")
    port, seen = recorder
    url = f"http://127.0.0.1:{port}"
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.png").write_bytes(png(7, 5))
    hostile = (f"![md]({url}/markdown.png) <img src={url}/bare.png> "
               f'<img srcset="{url}/set.png 2x"> <iframe src="{url}/frame"></iframe> '
               f'<meta http-equiv="refresh" content="0;url={url}/refresh"> '
               f"![outside]({outside / 'secret.png'}) ![inside](images/inside.png)")
    # a location's image is found beside its file, as in the site's folders
    location = (f"---\nid: den\nname: The Den\nhex: \"0304\"\n---\n"
                f"{hostile.replace('(images/', '(../images/')} ![up](../../outside/secret.png)\n\n"
                f'!!! gm "Secrets"\n    <img src="{url}/gm.png"> The den is empty.\n')
    regions = {"north": {"name": "North", "hexes": ["0304"], "gm": hostile}}
    root = write_campaign(tmp_path / "camp", files={
        "locations/den.md": location, "regions.yaml": dump(regions)})
    (root / "images").mkdir()
    (root / "images" / "inside.png").write_bytes(png(3, 2))
    campaign, diags = load(root)
    assert campaign is not None, [d.format() for d in diags.sorted()]
    chronicle, _ = replay(campaign)
    pdf = booklet.print_booklet(campaign, chronicle, tmp_path / "print", chromium=chromium)
    assert seen == []
    listed = subprocess.run([pdfimages, "-list", str(pdf)], capture_output=True, text=True,
                            check=True).stdout.splitlines()[2:]
    sizes = {(int(line.split()[3]), int(line.split()[4])) for line in listed}
    assert (3, 2) in sizes and (7, 5) not in sizes and (4, 4) not in sizes, sizes


def test_a_printed_page_declares_its_policy_and_keeps_overrides_inside_gm_text() -> None:
    body = print_safety.contained(
        f'<p>Weather{RLO}</p> <img src="http://x/y.png"><meta http-equiv="refresh" '
        f'content="0;url=file:///etc/passwd">', {}, None)
    assert "http://" not in body and "<meta" not in body
    assert f"<bdi>Weather{RLO}</bdi>" in body
    assert "default-src 'none'" in print_safety.policy_meta(print_safety.SHEET_POLICY)


def test_an_override_in_the_campaign_name_reverses_none_of_our_words(tmp_path: Path) -> None:
    chromium = need("chromium")
    pdftotext = need("pdftotext")
    root = write_campaign(tmp_path / "camp", campaign_overrides={"name": f"Evil{RLO} Marches"})
    campaign, diags = load(root)
    assert campaign is not None, [d.format() for d in diags.sorted()]
    chronicle, _ = replay(campaign)
    [pdf] = maps.print_maps(campaign, chronicle, tmp_path / "print", audiences=("gm",),
                                chromium=chromium)
    words = subprocess.run([pdftotext, "-enc", "UTF-8", str(pdf), "-"], capture_output=True,
                           text=True, check=True).stdout
    assert "The GM's map" in words and "One hex:" in words
    page = maps.map_html(campaign, gm_view(campaign, chronicle),
                             '<svg viewBox="0 0 10 10"></svg>', "map.svg", "A4", poster=True)
    assert page.count(f"<bdi>Evil{RLO} Marches</bdi>") >= 2       # the cover and each sheet
    assert 'http-equiv="Content-Security-Policy"' in page


def test_a_campaign_name_cannot_leave_the_footer_style(tmp_path: Path) -> None:
    """The footer is a CSS string in the page's ``<style>``: a campaign name holding
    ``</style>`` and a ``<meta>`` refresh to a local file stays text of the footer, and the
    sheet and the booklet print (a refresh in the head used to navigate the page away, so
    Chromium printed nothing)."""
    chromium = need("chromium")
    pdftotext = need("pdftotext")
    secret = tmp_path / "secret.txt"
    secret.write_text("TOPSECRET\n", "utf-8")
    name = f"</style><meta http-equiv=refresh content=0;url={secret.as_uri()}><style>"
    assert "</style" not in sheets.page_rules("A4", name, "Roll tables")
    root = write_campaign(tmp_path / "camp", campaign_overrides={"name": name})
    campaign, diags = load(root)
    assert campaign is not None, [d.format() for d in diags.sorted()]
    chronicle, _ = replay(campaign)
    [tables] = sheets.print_pdfs(campaign, tmp_path / "print", only=["tables"],
                                 chromium=chromium)
    book = booklet.print_booklet(campaign, chronicle, tmp_path / "print", chromium=chromium)
    for pdf in (tables, book):
        words = subprocess.run([pdftotext, "-enc", "UTF-8", str(pdf), "-"],
                               capture_output=True, text=True, check=True).stdout
        assert "TOPSECRET" not in words
        assert "http-equiv=refresh" in words                     # the footer, as typed


def test_raw_html_in_a_row_or_a_location_loads_runs_and_links_nothing(
        tmp_path: Path, recorder: tuple[int, list[str]]) -> None:
    """What the regular expressions of ``print_safety.contained`` do not rewrite (``<img/src``,
    SVG images, style sheets, fonts, frames, objects, scripts, event handlers, media) is
    stopped by the page's policy and Chromium's closed network; ``javascript:`` and ``file:``
    links do not become links of the PDF."""
    chromium = need("chromium")
    pdfimages = need("pdfimages")
    pdftotext = need("pdftotext")
    port, seen = recorder
    url = f"http://127.0.0.1:{port}"
    picture = tmp_path / "secret.png"
    picture.write_bytes(png(7, 5))
    text = tmp_path / "secret.txt"
    text.write_text("TOPSECRET\n", "utf-8")
    pic, txt = picture.as_uri(), text.as_uri()
    rows = [
        f'<img/src="{pic}"> <img/src="{url}/slash.png"> <input type=image src="{url}/in.png">',
        f'<svg><image href="{pic}" width=9 height=9/><image xlink:href="{url}/svg.png"/></svg>',
        f"<style>@import url({url}/import.css); body {{ background: url({pic}) }} "
        f"@font-face {{ font-family: z; src: url({url}/font.woff) }} p {{ font-family: z }}"
        "</style>",
        f'<object data="{txt}"></object><embed src="{txt}"><iframe src="{txt}"></iframe>'
        f'<iframe srcdoc="<img src={url}/srcdoc.png>"></iframe>',
        f'<link rel=stylesheet href="{txt}"><link rel=prefetch href="{url}/prefetch">'
        f'<picture><source srcset="{url}/source.png"><img src="x.png"></picture>',
        '<script>document.body.textContent = "PWNED"</script>'
        "<img src=x onerror=\"document.body.textContent = 'PWNED'\">"
        "<svg onload=\"document.body.textContent = 'PWNED'\"></svg>",
        f'[js](javascript:alert(1)) [file]({txt}) <a href="javascript:alert(2)">a2</a>',
        f'<META\nHTTP-EQUIV=refresh CONTENT="0;URL={txt}"> <video src="{url}/v.mp4" autoplay>'
        f'</video><form action="{url}/form"><button>go</button></form>',
    ]
    table = {"id": "hostile", "name": "Hostile rows", "audience": "players",
             "rows": [{"weight": 1, "result": row} for row in rows]}
    location = ("---\nid: den\nname: The Den\nhex: \"0304\"\n---\n"
                + "\n\n".join(rows) + "\n")
    root = write_campaign(tmp_path / "camp", files={
        "tables/hostile.yaml": dump(table), "locations/den.md": location})
    campaign, diags = load(root)
    assert campaign is not None, [d.format() for d in diags.sorted()]
    chronicle, _ = replay(campaign)
    [tables] = sheets.print_pdfs(campaign, tmp_path / "print", only=["tables"],
                                 chromium=chromium)
    book = booklet.print_booklet(campaign, chronicle, tmp_path / "print", chromium=chromium)
    assert seen == []
    for pdf in (tables, book):
        words = subprocess.run([pdftotext, "-enc", "UTF-8", str(pdf), "-"],
                               capture_output=True, text=True, check=True).stdout
        assert "PWNED" not in words and "TOPSECRET" not in words
        assert "Hostile rows" in words
        listed = subprocess.run([pdfimages, "-list", str(pdf)], capture_output=True,
                                text=True, check=True).stdout.splitlines()[2:]
        assert all((line.split()[3], line.split()[4]) != ("7", "5") for line in listed)
        data = pdf.read_bytes()
        assert b"javascript:" not in data and b"file:" not in data and b"/JS" not in data
