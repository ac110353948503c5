"""hexes/*.yaml: what each hex holds, by entry (``"0304": {terrain: ...}``) or by the
compact rows of terrain letters (docs/content.md, "hexes/*.yaml")."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from generator.content import models as m
from generator.content.builtin import TerrainRule
from generator.content.campaign import HexInfo
from generator.content.files import YAML
from generator.content.reading import Reader
from generator.content.refs import Refs
from generator.content.yamlpos import Located
from generator.diagnostics import N_, NN_, Pos, Text, literal
from generator.hexgrid import Hex


@dataclass
class _Rows:
    """What the terrain rows gave: the terrain of each hex, the hexes whose letter stands
    for a terrain reported as unknown, and the file that holds them (one at most)."""

    terrain: dict[Hex, tuple[str, Pos]] = field(default_factory=dict)
    broken: set[Hex] = field(default_factory=set)
    file: str | None = None


def load_hexes(reader: Reader, refs: Refs, terrain: dict[str, TerrainRule],
               default_terrain: str | None) -> dict[Hex, HexInfo]:
    """The hexes of hexes/*.yaml, by entry and by terrain rows; a hex without terrain
    of its own gets campaign.yaml's ``default_terrain`` (hexes with no entry at all get
    it from ``Campaign.hex_info``)."""
    hexes: dict[Hex, HexInfo] = {}
    defined_at: dict[Hex, Pos] = {}
    rows = _Rows()
    unread = False
    for path in reader.files("hexes", *YAML):
        doc = reader.mapping_doc(path)
        if doc is None:
            unread = True
            continue
        data = doc.data
        if "terrain_rows" in data or "legend" in data:
            load_terrain_rows(reader, refs, terrain, doc, rows)
        for key in data:
            if key in ("terrain_rows", "legend"):
                continue
            pos = doc.pos((key,), key=True)
            h = refs.check_label(str(key), pos)
            entry = reader.validate(m.HexEntry, doc, (key,))
            if h is None or entry is None:
                continue
            if h in defined_at:
                first = defined_at[h]
                reader.diags.error(pos, N_("hex '%(hex)s' is defined twice (first at "
                                           "%(first)s)", hex=str(key), first=str(first)))
                continue
            defined_at[h] = pos
            if entry.terrain is not None and not refs.check_ref(
                    entry.terrain, terrain, "terrain", doc.pos((key, "terrain"))):
                continue
            refs.check_ids(entry.tables, refs.tables, "table", doc, (key, "tables"))
            if entry.region is not None:
                refs.check_ref(entry.region, refs.regions, "region", doc.pos((key, "region")))
            hexes[h] = HexInfo(h, str(key), entry.terrain or "", entry.density, entry.name,
                               entry.description, entry.gm, tuple(entry.tables),
                               entry.region, pos)
    # fill terrain from rows where the entry gave none; add row-only hexes
    for h, (tid, pos) in rows.terrain.items():
        if h in hexes:
            if not hexes[h].terrain:
                hexes[h] = replace(hexes[h], terrain=tid)
        else:
            hexes[h] = HexInfo(h, refs.grid.label(h), tid, pos=pos)
    for h, info in list(hexes.items()):
        if not info.terrain:
            if default_terrain:
                hexes[h] = replace(info, terrain=default_terrain)
            elif h in rows.broken or unread and rows.file is None:
                # its letter's terrain is reported already, or the terrain rows may be in
                # the file that could not be read (reported already)
                del hexes[h]
            else:
                reader.diags.error(info.pos or Pos("hexes"), N_(
                    "hex '%(hex)s' has no terrain (give it 'terrain:', a letter in "
                    "'terrain_rows', or set 'default_terrain' in campaign.yaml)",
                    hex=info.label))
                del hexes[h]
        elif info.density and terrain[info.terrain].density_dc == {}:
            reader.diags.warning(info.pos or Pos("hexes"), N_(
                "hex '%(hex)s': density only matters for forest", hex=info.label))
    return hexes


def load_terrain_rows(reader: Reader, refs: Refs, terrain: dict[str, TerrainRule],
                      doc: Located, rows_of: _Rows) -> None:
    """The compact form: a legend of letters and one string of them per row."""
    data = doc.data
    legend = data.get("legend")
    rows = data.get("terrain_rows")
    if not isinstance(legend, dict) or not isinstance(rows, list):
        reader.diags.error(doc.pos(), N_("the compact form needs both 'legend' (letter -> "
                                         "terrain) and 'terrain_rows' (one string per row)"))
        return
    if rows_of.file is not None:
        reader.diags.error(doc.pos(("terrain_rows",), key=True), N_(
            "'terrain_rows' is already given in %(file)s (one file holds the rows of the whole "
            "map)", file=rows_of.file))
        return
    rows_of.file = doc.path
    letters: dict[str, str] = {}
    for letter, tid in legend.items():
        pos = doc.pos(("legend", letter))
        if len(str(letter)) != 1:
            reader.diags.error(doc.pos(("legend", letter), key=True), N_(
                "legend keys are single letters, not '%(key)s'", key=str(letter)))
        elif not isinstance(tid, str) or tid not in terrain:
            refs.check_ref(str(tid), terrain, "terrain", pos)
        else:
            letters[str(letter)] = tid
    if len(rows) > refs.grid.rows:
        reader.diags.error(doc.pos(("terrain_rows", refs.grid.rows)),
                           too_many_rows(len(rows), refs.grid.rows))
    elif len(rows) < refs.grid.rows:
        at = ("terrain_rows", len(rows) - 1) if rows else ("terrain_rows",)
        reader.diags.error(doc.pos(at), NN_(
            "%(num)s row, but the map has %(rows)s (one string per row)",
            "%(num)s rows, but the map has %(rows)s (one string per row)", len(rows),
            rows=refs.grid.rows))
    for r, text in enumerate(rows[: refs.grid.rows]):
        pos = doc.pos(("terrain_rows", r))
        if not isinstance(text, str):
            reader.diags.error(pos, N_("each row is a string of terrain letters"))
            continue
        cells = [(i, ch) for i, ch in enumerate(text) if ch != " "]
        if len(cells) != refs.grid.columns:
            reader.diags.error(pos, NN_(
                "row %(row)s has %(num)s letter, but the map has %(columns)s",
                "row %(row)s has %(num)s letters, but the map has %(columns)s", len(cells),
                row=r + 1, columns=columns(refs.grid.columns)))
        shift = 1 if ("terrain_rows", r) in doc.quoted else 0
        for c, (i, letter) in enumerate(cells[: refs.grid.columns]):
            if letter not in letters:
                if letter in legend:  # already reported in the legend
                    rows_of.broken.add(refs.grid.from_offset(c + 1, r + 1))
                    continue
                hint = N_(" (did you mean '%(name)s'?)", name=letter.swapcase()) \
                    if letter.swapcase() in letters else literal("")
                reader.diags.error(Pos(pos.path, pos.line, pos.col + shift + i), N_(
                    "letter '%(letter)s' (row %(row)s, column %(column)s) is not in the "
                    "legend%(hint)s", letter=letter, row=r + 1, column=c + 1, hint=hint))
                continue
            h = refs.grid.from_offset(c + 1, r + 1)
            rows_of.terrain[h] = (letters[letter], pos)


def too_many_rows(found: int, rows: int) -> Text:
    """``9 rows, but the map has 8``: terrain rows or a region's rows past the map's."""
    return NN_("%(num)s row, but the map has %(rows)s", "%(num)s rows, but the map has %(rows)s",
               found, rows=rows)


def columns(n: int) -> Text:
    """``8 columns``, the map's width in a message about a row."""
    return NN_("%(num)s column", "%(num)s columns", n)
