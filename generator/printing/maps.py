"""``hexcrawl print map``: the players' and the GM's overview maps as PDFs, on one page
or as a poster tiled over sheets (``print_maps``)."""

from __future__ import annotations

import math
import re
import tempfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from markupsafe import Markup, escape

from generator.audience import AUDIENCES, Audience
from generator.content.campaign import Campaign
from generator.package_data import SITE_TEMPLATES
from generator.printing import mapkey
from generator.printing import safety as print_safety
from generator.printing.chromium import find_chromium, print_one

#: Paper sizes for maps, portrait, in millimetres.
MAP_PAPERS: dict[str, tuple[float, float]] = {
    "A4": (210, 297), "A3": (297, 420), "Letter": (215.9, 279.4), "Tabloid": (279.4, 431.8)}
MAP_TEMPLATES = SITE_TEMPLATES / "print"
#: Page margin (crop marks and the sheet label live in it) and the overlap of two sheets.
MAP_MARGIN = 10.0
MAP_OVERLAP = 10.0
#: A poster's default scale: millimetres between two opposite sides of a hex.
POSTER_HEX_MM = 25.0
#: Room a one-page map leaves for its title and legend, in millimetres, and what its title
#: takes of it.
_MAP_RESERVED = 38.0
_MAP_TITLE = 8.0


@dataclass(frozen=True)
class Tile:
    """One sheet of a poster: its name (column letter, row number), where the map is placed
    on it and which sides overlap a neighbour."""

    name: str
    col: int
    row: int
    img_x: float
    img_y: float
    left: bool
    right: bool
    up: bool
    down: bool
    where: str
    neighbours: str
    index_x: float = 0
    index_y: float = 0
    index_w: float = 0
    index_h: float = 0


@dataclass(frozen=True)
class PosterLayout:
    """How a poster cuts a map of ``map_w`` x ``map_h`` mm into sheets."""

    page: tuple[float, float]
    map_w: float
    map_h: float
    cols: int
    rows: int

    @property
    def tile(self) -> tuple[float, float]:
        return self.page[0] - 2 * MAP_MARGIN, self.page[1] - 2 * MAP_MARGIN

    @property
    def sheets(self) -> int:
        return self.cols * self.rows


def _sheet_name(col: int, row: int) -> str:
    letters = ""
    n = col
    while True:
        letters = chr(ord("A") + n % 26) + letters
        n = n // 26 - 1
        if n < 0:
            break
    return f"{letters}{row + 1}"


def poster_layout(view_w: float, view_h: float, paper: str, orientation: str = "auto",
                  hex_mm: float = POSTER_HEX_MM) -> PosterLayout:
    """Sheets for a map whose viewBox is ``view_w`` x ``view_h`` units at ``hex_mm`` between
    opposite hex sides: as few as the orientation allows, overlapping by ``MAP_OVERLAP``.

    A 622 x 584 unit map (the example campaign's GM map) at 25 mm a hex is 449 x 421 mm:
    six A4 sheets either way (portrait wins the tie), four A3 sheets, or one landscape A3
    sheet at 16 mm a hex (287 x 270 mm).

    >>> p = poster_layout(622, 583.6, "A4", hex_mm=25)
    >>> (p.cols, p.rows, p.page)
    (3, 2, (210, 297))
    >>> poster_layout(622, 583.6, "A3", hex_mm=25).sheets
    4
    >>> poster_layout(622, 583.6, "A3", hex_mm=16).sheets
    1
    """
    from generator.render.maps import SIZE

    mm = hex_mm / (3 ** 0.5 * SIZE)
    map_w, map_h = view_w * mm, view_h * mm
    w, h = MAP_PAPERS[paper]
    options: list[PosterLayout] = []
    for page in ((w, h), (h, w)):
        if orientation == "portrait" and page[0] > page[1]:
            continue
        if orientation == "landscape" and page[0] < page[1]:
            continue
        tw, th = page[0] - 2 * MAP_MARGIN, page[1] - 2 * MAP_MARGIN
        cols = max(1, math.ceil((map_w - MAP_OVERLAP) / (tw - MAP_OVERLAP)))
        rows = max(1, math.ceil((map_h - MAP_OVERLAP) / (th - MAP_OVERLAP)))
        options.append(PosterLayout(page, map_w, map_h, cols, rows))
    return min(options, key=lambda p: (p.sheets, p.page[0] > p.page[1]))


def _map_orientation(view_w: float, view_h: float, paper: str, orientation: str,
                     ) -> tuple[float, float]:
    """The page of a one-page map: the orientation that prints it largest."""
    w, h = MAP_PAPERS[paper]
    pages = [(w, h), (h, w)] if orientation == "auto" else [
        (w, h) if orientation == "portrait" else (h, w)]

    def scale(page: tuple[float, float]) -> float:
        return min((page[0] - 2 * MAP_MARGIN) / view_w,
                   (page[1] - 2 * MAP_MARGIN - _MAP_RESERVED) / view_h)

    return max(pages, key=scale)


def _map_legend(view: Any, t: Any) -> list[tuple[str, str]]:
    """(swatch SVG, words) for the printed legend: what the map shows."""
    from generator.knowledge import GMView
    from generator.render import maps

    items: list[tuple[str, str]] = []
    for terrain, density in maps.legend_terrains(view):
        # a campaign's own name, isolated: the template escapes the rest
        name = Markup("<bdi>%s</bdi>") % t.terrain(terrain)
        if density:
            name = Markup(t.gettext("%(terrain)s, %(density)s", terrain=name,
                                    density=escape(t.label("density", density))))
        items.append((maps.terrain_swatch(terrain, density), name))
    if not isinstance(view, GMView):
        items.append((maps.fog_swatch(), t.gettext("Unexplored")))
    kinds = {p.kind for p in view.paths}
    for kind in ("highway", "road", "trail", "river"):
        if kind in kinds:
            items.append((maps.path_swatch(kind), t.label("path", kind)))
    point_words = maps.legend_icon_words(view)
    for kind in maps.legend_icons(view):
        words = t.label("icon", kind)
        if kind == "point" and point_words:
            # TRANSLATORS: the legend's generic map marker ("other place") and the
            # campaign's own words of the places it marks (sinkhole, wreck)
            words = t.gettext("%(icon)s: %(words)s", icon=words, words=", ".join(point_words))
        items.append((maps.icon_swatch(kind), words))
    if isinstance(view, GMView):
        items.append((maps.party_swatch("true"), t.gettext("The party")))
        items.append((maps.party_swatch("believed"), t.gettext("where the party believes it is")))
        items.append((maps.track_swatch("#555", "true"), t.gettext("true track")))
        items.append((maps.track_swatch("#555", "believed"), t.gettext("believed track")))
    else:
        items.append((maps.party_swatch("true"), t.gettext("where the party believes it is")))
        items.append((maps.track_swatch("#555", "known"), t.gettext(
            "the party's route as it knows it now (a stretch walked while lost, once it found "
            "its bearings again)")))
    return items


def map_html(campaign: Campaign, view: Any, svg: str, image: str, paper: str,
             poster: bool, orientation: str = "auto", hex_mm: float = POSTER_HEX_MM,
             language: str | None = None, key: Sequence[Any] = ()) -> str:
    """The standalone HTML page of a printed map (``image`` is the map's SVG file beside
    it; ``svg`` its text, for the viewBox; ``key`` the names it has no room for, which
    the page lists by hex, ``mapkey``)."""
    from generator.i18n import Translator
    from generator.knowledge import GMView
    from generator.render import maps
    from generator.render.environment import html_environment

    t = Translator(language or campaign.language)
    m = re.search(r'viewBox="([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+)"', svg)
    assert m, "a map without a viewBox"
    view_w, view_h = float(m.group(3)), float(m.group(4))
    gm = isinstance(view, GMView)
    title = t.gettext("The GM's map") if gm else t.gettext("The players' map")
    context: dict[str, Any] = {
        "language": t.language, "campaign": campaign.name, "title": title, "image": image,
        "policy": print_safety.MAP_POLICY,
        "margin": MAP_MARGIN, "overlap": MAP_OVERLAP, "legend": _map_legend(view, t),
        # the legend's swatches are inline SVGs of the page: they need the map's styles
        # (the map itself is an image that carries its own)
        "map_css": maps.map_css(swatches=True),
        "scale": t.gettext("One hex: %(distance)s across.",
                           distance=t.count(campaign.hex_miles, "mile")),
        "tiles": [],
        "tile_w": 0, "tile_h": 0, "map_w": 0, "map_h": 0, "crop_marks": [],
        "key_here": [], "key_pages": []}
    if not poster:
        page = _map_orientation(view_w, view_h, paper, orientation)
        context.update(_one_page(view_w, view_h, page, paper, orientation, context["legend"],
                                 mapkey.key_rows(key, t)))
    else:
        page, poster_context = _poster(view_w, view_h, paper, orientation, hex_mm, t)
        context.update(poster_context)
        # a poster's sheets are all map: its key takes pages of its own after them
        context.update(_poster_key(mapkey.key_rows(key, t), page))
    context["key_title"] = t.gettext("Names the map has no room for, by hex")
    context.update({"page_w": page[0], "page_h": page[1]})
    env = html_environment(MAP_TEMPLATES)
    return env.get_template("map.html").render(context)


def _poster(view_w: float, view_h: float, paper: str, orientation: str, hex_mm: float,
            t: Any) -> tuple[tuple[float, float], dict[str, Any]]:
    """A poster's page and measures: its sheets, their crop marks, the cover's index."""
    context: dict[str, Any] = {}
    layout = poster_layout(view_w, view_h, paper, orientation, hex_mm)
    page = layout.page
    tw, th = layout.tile
    step_x, step_y = tw - MAP_OVERLAP, th - MAP_OVERLAP
    # the cover's index: the whole map with the sheets drawn over it
    avail_w = page[0] - 2 * MAP_MARGIN
    avail_h = page[1] - 2 * MAP_MARGIN - 55
    total_w = layout.cols * step_x + MAP_OVERLAP
    total_h = layout.rows * step_y + MAP_OVERLAP
    k = min(avail_w / total_w, avail_h / total_h)
    tiles: list[Tile] = []
    for row in range(layout.rows):
        for col in range(layout.cols):
            name = _sheet_name(col, row)
            near = [f"{arrow} {_sheet_name(c, r)}" for arrow, c, r in (
                ("←", col - 1, row), ("↑", col, row - 1), ("→", col + 1, row),
                ("↓", col, row + 1)) if 0 <= c < layout.cols and 0 <= r < layout.rows]
            tiles.append(Tile(
                name, col, row, round(-col * step_x, 2), round(-row * step_y, 2),
                col > 0, col < layout.cols - 1, row > 0, row < layout.rows - 1,
                t.gettext("row %(row)s of %(rows)s, column %(col)s of %(cols)s",
                          row=row + 1, rows=layout.rows, col=col + 1, cols=layout.cols),
                "  ".join(near),
                round(col * step_x * k, 2), round(row * step_y * k, 2), round(tw * k, 2),
                round(th * k, 2)))
    marks: list[tuple[float, float, float, float]] = []
    x0, y0, x1, y1 = MAP_MARGIN, MAP_MARGIN, page[0] - MAP_MARGIN, page[1] - MAP_MARGIN
    for x in (x0, x1):
        for y in (y0, y1):
            out_x = -7 if x == x0 else 2
            out_y = -7 if y == y0 else 2
            marks.append((x + out_x, y - 0.1, 5, 0.2))   # horizontal, outside the corner
            marks.append((x - 0.1, y + out_y, 0.2, 5))   # vertical
    context.update({
        "tiles": tiles, "tile_w": tw, "tile_h": th, "map_w": round(layout.map_w, 2),
        "map_h": round(layout.map_h, 2), "crop_marks": marks,
        "index_w": round(total_w * k, 2), "index_h": round(total_h * k, 2),
        "sheets_note": t.gettext("poster of %(n)s sheets (%(paper)s)", n=layout.sheets,
                                 paper=paper),
        # TRANSLATORS: how to assemble a printed poster of the map
        "assembly": t.gettext(
            "To assemble: trim each sheet along its crop marks, then lay it over its "
            "neighbour so the strips beyond the dashed lines match (sheets are named by "
            "column letter and row number).")})
    return page, context


def _poster_key(rows: Sequence[mapkey.KeyRow], page: tuple[float, float]) -> dict[str, Any]:
    """A poster's key: the pages it takes after the sheets, the width of the page's frame
    and the height under the title."""
    frame_w, frame_h = page[0] - 2 * MAP_MARGIN, page[1] - 2 * MAP_MARGIN
    _, pages = mapkey.key_pages(rows, frame_w, 0, frame_h - _MAP_TITLE,
                                mapkey.columns(frame_w))
    return {"key_pages": pages, **_key_page(page)}


def _key_page(page: tuple[float, float]) -> dict[str, Any]:
    """The measures of a page of a map's key: its frame's width, the height under the
    title, its columns."""
    frame_w, frame_h = page[0] - 2 * MAP_MARGIN, page[1] - 2 * MAP_MARGIN
    return {"key_page_width": frame_w, "key_page_height": round(frame_h - _MAP_TITLE, 2),
            "key_page_columns": mapkey.columns(frame_w)}


def _one_page(view_w: float, view_h: float, page: tuple[float, float], paper: str,
              orientation: str, legend: Sequence[tuple[str, str]],
              rows: Sequence[mapkey.KeyRow]) -> dict[str, Any]:
    """A one-page map's measures: the map's box, as large as the page lets it be and
    no taller than the map (no empty band above and below it), and where its key goes."""
    mm = points_per_unit(view_w, view_h, paper, False, orientation) * 25.4 / 72
    frame_w, frame_h = page[0] - 2 * MAP_MARGIN, page[1] - 2 * MAP_MARGIN
    box_w, box_h = round(view_w * mm, 2), round(view_h * mm, 2)
    below = (frame_h - _MAP_TITLE - box_h - 2
             - mapkey.legend_height([words for _, words in legend], frame_w))
    side = frame_w - box_w - mapkey.KEY_GAP_MM
    out: dict[str, Any] = {"box_w": box_w, "box_h": box_h, "key_side": False,
                           **_key_page(page)}
    cols = mapkey.columns(frame_w)
    here, pages = mapkey.key_pages(rows, frame_w, below, frame_h - _MAP_TITLE, cols)
    if rows and side >= mapkey.KEY_SIDE_COLUMN_MM:
        # a map that leaves a band beside it (a wide page) has its key there, when the
        # band holds more of it than the room under the legend
        side_cols = mapkey.columns(side, mapkey.KEY_SIDE_COLUMN_MM)
        beside, _ = mapkey.key_pages(rows, side, box_h, box_h, side_cols)
        if beside and len(beside) >= len(here):
            _, pages = mapkey.key_pages(rows[len(beside):], frame_w, 0,
                                        frame_h - _MAP_TITLE, cols)
            return {**out, "key_here": beside, "key_pages": pages, "key_side": True,
                    "key_width": round(side, 2), "key_height": box_h,
                    "key_columns": side_cols}
    return {**out, "key_here": here, "key_pages": pages, "key_width": frame_w,
            "key_height": round(max(below, 0), 2), "key_columns": cols}


def map_pages(pdf_paper: str, poster: bool, svg: str, orientation: str = "auto",
              hex_mm: float = POSTER_HEX_MM, key: Sequence[mapkey.KeyRow] = ()) -> int:
    """How many pages a printed poster takes: the cover, its sheets and the pages of its
    key (``key``: its rows, ``mapkey.key_rows``). A one-page map: 1 (a key that does not
    fit under it adds pages, ``map_html``)."""
    m = re.search(r'viewBox="[-\d.]+ [-\d.]+ ([-\d.]+) ([-\d.]+)"', svg)
    assert m
    if not poster:
        return 1
    layout = poster_layout(float(m.group(1)), float(m.group(2)), pdf_paper, orientation,
                           hex_mm)
    return 1 + layout.sheets + len(_poster_key(key, layout.page)["key_pages"])


def _view_box(svg: str) -> tuple[float, float]:
    m = re.search(r'viewBox="[-\d.]+ [-\d.]+ ([-\d.]+) ([-\d.]+)"', svg)
    assert m, "a map without a viewBox"
    return float(m.group(1)), float(m.group(2))


def points_per_unit(view_w: float, view_h: float, paper: str, poster: bool,
                    orientation: str = "auto", hex_mm: float = POSTER_HEX_MM) -> float:
    """How many points an SVG unit of a map whose viewBox is ``view_w`` x ``view_h`` takes
    on paper: on one page, as large as the page's orientation lets it be; on a poster, at
    ``hex_mm`` millimetres a hex."""
    from generator.render.maps import SIZE

    if poster:
        mm = hex_mm / (3 ** 0.5 * SIZE)
    else:
        page = _map_orientation(view_w, view_h, paper, orientation)
        mm = min((page[0] - 2 * MAP_MARGIN) / view_w,
                 (page[1] - 2 * MAP_MARGIN - _MAP_RESERVED) / view_h)
    return mm * 72 / 25.4


def printed_svg(view: Any, t: Any, paper: str, poster: bool, orientation: str = "auto",
                hex_mm: float = POSTER_HEX_MM) -> tuple[str, list[Any]]:
    """The overview drawn for print, its texts at a size that reads on paper
    (``maps.print_sizes``): drawn once to learn its size on the page, then with texts
    large enough at that size. Larger texts can widen the map (a name at its edge), which
    prints it a little smaller: it is drawn again until the sizes hold. With it, the
    names it has no room for (``maps.KeyEntry``), which the page lists beside it."""
    from generator.render import maps

    svg = maps.overview_map(view, maps.MapLinks(), t, for_print=True)
    scale = points_per_unit(*_view_box(svg), paper, poster, orientation, hex_mm)
    for _ in range(3):
        # a little to spare: the page's frame around the map takes some of its room
        svg, key = maps.printed_overview(view, t, maps.print_sizes(scale * 0.97))
        now = points_per_unit(*_view_box(svg), paper, poster, orientation, hex_mm)
        if now >= scale:
            break
        scale = now
    return svg, key


def print_maps(campaign: Campaign, chronicle: Any, out_dir: Path, *,
               audiences: Sequence[Audience] = AUDIENCES, paper: str = "A4",
               poster: bool = False, orientation: str = "auto",
               hex_mm: float = POSTER_HEX_MM, language: str | None = None,
               chromium: str | None = None) -> list[Path]:
    """Print the players' and/or the GM's overview map to ``out_dir/map-<audience>.pdf``
    (``map-<audience>-poster.pdf`` for a poster): one page of ``paper`` (A4, A3, Letter,
    Tabloid) in the orientation that prints it largest, with a title and a legend; or a
    poster at ``hex_mm`` millimetres a hex, tiled over sheets that overlap by
    ``MAP_OVERLAP`` mm, with crop marks, overlap lines and sheet names, after a cover page
    with the whole map, where each sheet goes, and the legend. The players' map is built
    from the players' view only, as on their site."""
    from generator.i18n import Translator
    from generator.knowledge import view_for

    if paper not in MAP_PAPERS:
        raise ValueError(f"paper must be one of {', '.join(MAP_PAPERS)}, not '{paper}'")
    if orientation not in ("auto", "portrait", "landscape"):
        raise ValueError(f"orientation must be auto, portrait or landscape, not "
                         f"'{orientation}'")
    if not 5 <= hex_mm <= 200:
        raise ValueError(f"a hex of {hex_mm} mm is out of range (5 to 200)")
    browser = find_chromium(chromium)
    out_dir.mkdir(parents=True, exist_ok=True)
    results: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="hexcrawl-print-map-") as tmp:
        work = Path(tmp)
        jobs_list: list[tuple[Path, Path]] = []
        for audience in audiences:
            view = view_for(campaign, chronicle, audience)
            t = Translator(language or campaign.language)
            svg, key = printed_svg(view, t, paper, poster, orientation, hex_mm)
            image = work / f"map-{audience}.svg"
            image.write_text('<?xml version="1.0" encoding="utf-8"?>\n' + svg,
                             encoding="utf-8")
            page = work / f"map-{audience}.html"
            page.write_text(map_html(campaign, view, svg, image.name, paper, poster,
                                     orientation, hex_mm, language, key), encoding="utf-8")
            stem = f"map-{audience}-poster" if poster else f"map-{audience}"
            jobs_list.append((page, out_dir / f"{stem}.pdf"))
        with ThreadPoolExecutor(max_workers=2) as pool:
            futures = [pool.submit(print_one, browser, page, pdf, work)
                       for page, pdf in jobs_list]
            results = [f.result() for f in futures]
    return results
