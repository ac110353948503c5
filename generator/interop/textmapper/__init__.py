"""Alex Schroeder's Text Mapper text format: ``hexcrawl import text-mapper`` and
``hexcrawl export text-mapper``.

Text Mapper describes a hex map in lines of text, one thing per line::

    0101 mountain "Greyhorn"           a hex: coordinates XXYY, words, a quoted label
    0102 light-green forest            words may be colours, terrain, or things in the hex
    0205-0204-0304 river "The Mere"    a line feature through hexes (gaps are walked)
    river path attributes stroke=...   styling and libraries (include default.txt)

Coordinates are column then row, like our labels (``0304``), also ``12.34`` and negative
numbers; flat-top hexes with odd columns higher, as ours. This module reads what a hexcrawl
campaign can hold and says what it left behind:

- **hexes**: the first word naming a terrain sets the terrain (``TERRAIN_WORDS``, or a terrain
  id of the campaign imported into); a colour word sets a forest's density (``DENSITY_WORDS``);
  a word naming a place (``SITE_WORDS``) makes a location there, named by the line's label (a
  line with no such word names the hex instead); several lines for one hex add up;
- **lines**: ``river``, ``road``, ``trail``, ``highway`` (``LINE_WORDS``) become paths, named
  by their label; points that are not neighbours are joined by the hexes between them;
- **map size**: from the hexes and lines; a map with coordinates below 1 is moved so it starts
  at column 1 or 2 and row 1 (the column by an even number, which keeps the layout);
- **dropped, and reported**: words no table knows, labels with transforms, other line kinds
  (borders, canyons), levels beyond the first (``XXYYZZ``), Traveller UWP lines, and the
  styling and library lines (``attributes``, ``path``, ``xml``, ``lib``, ``include``...).

Every table can be overridden with a mapping file (``--mapping``)::

    terrain: {fir-forest: forest, fields: farmland}   # word -> terrain id
    density: {dark-green: dense}                      # word -> sparse | medium | dense
    sites: {pyramid: tomb, house: inn}                # word -> the location's tag
    lines: {canyon: river, border: drop}              # word -> path kind, or drop
    ignore: [zone, law, chaos]                        # words dropped without a word

A campaign written out by ``export`` reads back in unchanged: the export uses words of Text
Mapper's default library where it has them (``plain``, ``hill``, ``sand``...), defines the
others for Text Mapper (a fill colour, our icons), and records a campaign's own terrain in
``# hexcrawl: terrain`` comments that the import turns back into ``terrain.yaml``.
"""

from __future__ import annotations

from generator.interop.textmapper.exporting import export
from generator.interop.textmapper.importing import (
    Imported,
    ImportedLocation,
    Mapping,
    MappingFile,
    check_terrain,
    convert,
    load_mapping,
)
from generator.interop.textmapper.parsing import (
    DENSITY_WORDS,
    IGNORED_WORDS,
    LINE_WORDS,
    MAX_HINT_DEPTH,
    SITE_WORDS,
    TERRAIN_WORDS,
    MapError,
    TMHex,
    TMLine,
    TMMap,
    parse,
)
from generator.interop.textmapper.writing import (
    ImportError_,
    Written,
    campaign_yaml,
    checked,
    dump_yaml,
    hexes_yaml,
    inert,
    location_md,
    paths_yaml,
    planned_files,
    terrain_yaml,
    write_files,
)

__all__ = [
    "DENSITY_WORDS", "IGNORED_WORDS", "LINE_WORDS", "MAX_HINT_DEPTH", "SITE_WORDS",
    "TERRAIN_WORDS", "ImportError_", "Imported", "ImportedLocation", "MapError", "Mapping",
    "MappingFile", "TMHex", "TMLine", "TMMap", "Written", "campaign_yaml", "check_terrain",
    "checked", "convert", "dump_yaml", "export",
    "hexes_yaml", "inert", "load_mapping",
    "location_md", "parse", "paths_yaml", "planned_files", "terrain_yaml", "write_files",
]
