"""regions.yaml: named sets of hexes, listed, as rectangles or drawn like terrain rows
(docs/content.md, "Files")."""

from __future__ import annotations

from generator.content import models as m
from generator.content.campaign import Region
from generator.content.kinds.hexes import columns, too_many_rows
from generator.content.reading import Reader
from generator.content.refs import Refs
from generator.content.yamlpos import Located
from generator.diagnostics import N_, NN_, Pos
from generator.hexgrid import Hex


def load_regions(reader: Reader, refs: Refs) -> dict[str, Region]:
    """The regions of regions.yaml, each hex in one region at most."""
    regions: dict[str, Region] = {}
    path = reader.root / "regions.yaml"
    if not reader.present(path):
        return regions
    doc = reader.mapping_doc(path)
    if doc is None:
        refs.unreadable.add("region")  # reported; its ids are not "unknown" elsewhere
        return regions
    owner: dict[Hex, str] = {}
    for rid in doc.data:
        spec = reader.validate(m.RegionSpec, doc, (rid,))
        if not refs.check_id(rid, "region", doc.pos((rid,), key=True)) or spec is None:
            refs.broken["region"].add(str(rid))
            continue
        hexes: list[Hex] = []
        listed: list[tuple[Hex, str, Pos]] = []
        for i, item in enumerate(spec.hexes):
            listed += region_hexes(refs, item, doc.pos((rid, "hexes", i)))
        listed += region_rows(refs, doc, (rid, "rows"), spec.rows)
        for h, label, pos in listed:
            if h in owner:
                reader.diags.error(pos, N_("hex '%(hex)s' is already in this region", hex=label)
                                   if owner[h] == str(rid) else
                                   N_("hex '%(hex)s' is already in region '%(region)s'",
                                      hex=label, region=owner[h]))
                continue
            owner[h] = str(rid)
            hexes.append(h)
        refs.check_ids(spec.tables, refs.tables, "table", doc, (rid, "tables"))
        regions[str(rid)] = Region(str(rid), spec.name, tuple(hexes), tuple(spec.tables),
                                   spec.description, spec.gm)
    return regions


def region_hexes(refs: Refs, item: str, pos: Pos) -> list[tuple[Hex, str, Pos]]:
    """A label, or a rectangle ``"0101-0510"`` (columns 01-05, rows 01-10), as hexes."""
    if "-" not in item:
        h = refs.check_label(item, pos)
        return [] if h is None else [(h, item, pos)]
    first, _, last = item.partition("-")
    a, b = refs.check_label(first, pos), refs.check_label(last, pos)
    if a is None or b is None:
        return []
    (c1, r1), (c2, r2) = refs.grid.col_row(first), refs.grid.col_row(last)
    if c1 > c2 or r1 > r2:
        refs.diags.error(pos, N_(
            "range '%(range)s' runs backwards: give the top-left hex first ('%(fixed)s')",
            range=item, fixed=f"{refs.grid.label_of(min(c1, c2), min(r1, r2))}-"
                              f"{refs.grid.label_of(max(c1, c2), max(r1, r2))}"))
        return []
    return [(refs.grid.from_offset(c, r), refs.grid.label_of(c, r), pos)
            for r in range(r1, r2 + 1) for c in range(c1, c2 + 1)]


def region_rows(refs: Refs, doc: Located, at: tuple[str | int, ...],
                rows: list[str]) -> list[tuple[Hex, str, Pos]]:
    """A region drawn like ``terrain_rows``: 'x' marks its hexes, '.' the others."""
    out: list[tuple[Hex, str, Pos]] = []
    if len(rows) > refs.grid.rows:
        refs.diags.error(doc.pos(at + (refs.grid.rows,)),
                         too_many_rows(len(rows), refs.grid.rows))
    for r, text in enumerate(rows[: refs.grid.rows]):
        pos = doc.pos(at + (r,))
        shift = 1 if at + (r,) in doc.quoted else 0
        cells = [(i, ch) for i, ch in enumerate(text) if ch != " "]
        if len(cells) > refs.grid.columns:
            refs.diags.error(pos, NN_(
                "row %(row)s has %(num)s mark, but the map has %(columns)s",
                "row %(row)s has %(num)s marks, but the map has %(columns)s", len(cells),
                row=r + 1, columns=columns(refs.grid.columns)))
        for c, (i, mark) in enumerate(cells[: refs.grid.columns]):
            here = Pos(pos.path, pos.line, pos.col + shift + i)
            if mark in "xX":
                label = refs.grid.label_of(c + 1, r + 1)
                out.append((refs.grid.from_offset(c + 1, r + 1), label, here))
            elif mark != ".":
                refs.diags.error(here, N_(
                    "'%(mark)s' (row %(row)s, column %(column)s): mark the region's hexes "
                    "with 'x' and the others with '.'", mark=mark, row=r + 1, column=c + 1))
    return out
