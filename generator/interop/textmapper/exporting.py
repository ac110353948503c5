"""Writing a campaign's map (the GM's or the players' view) in Text Mapper's text format."""

from __future__ import annotations

import re
from typing import Any

from generator.audience import Audience
from generator.hexgrid import Grid
from generator.interop.textmapper.writing import dump_yaml

#: Our icons whose names are terrain words in Text Mapper: the export writes these instead.
_EXPORT_SITE = {"tree": "lone-tree", "peak": "summit"}
# The export: our terrain -> Text Mapper's default-library word where it has one.
_EXPORT_TERRAIN = {"desert": "sand", "forest": "forest", "hills": "hill", "jungle": "jungle",
                   "mountains": "mountain", "plains": "plain", "swamp": "swamp",
                   "tundra": "tundra", "sea": "sea", "lake": "lake", "moor": "moor"}
_EXPORT_DENSITY = {"sparse": "light-green", "medium": "green", "dense": "dark-green"}
#: Words Text Mapper's default library draws itself (the export defines the others).
_DEFAULT_LIBRARY = frozenset(("sand", "coast", "sea", "tundra", "wetland", "swamp", "forest",
                              "woodland", "hill", "plain", "mountain", "jungle", "volcano",
                              "house", "tower", "castle", "pyramid", "cave", "road", "river",
                              "border"))
_EXPORT_LINE_STYLE = {
    "highway": 'stroke="#7a2e14" stroke-width="9" fill="none" stroke-linecap="round"',
    "trail": 'stroke="#6e4a2a" stroke-width="4" stroke-dasharray="12 8" fill="none"'}

# ------------------------------------------------------------------------------------------
# the export


def _label_text(text: str) -> str:
    """A name as a Text Mapper label: no quotes or line breaks inside, and a control
    character shown as its escape (the export may go to a terminal)."""
    one_line = re.sub(r"\s+", " ", text).replace('"', "'").replace("\u201c", "'").replace(
        "\u201d", "'").strip()
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in one_line)


def _flow(hint: dict[str, Any]) -> str:
    """A terrain entry as YAML on one line, the rest of a ``# hexcrawl: terrain`` comment
    (``dump_yaml`` writes a value with a line break as an escape, never across lines)."""
    return dump_yaml(hint, width=10**9, flow=True).strip()


def _terrain_hints(view: Any, campaign: Any, gm: bool) -> dict[str, dict[str, Any]]:
    """``# hexcrawl: terrain`` entries of the campaign's own terrain on the map. The players'
    export holds only what their site shows: the name, colour, letter and symbol their map
    draws, and the rules (DCs, speeds, the terrain it is like) only where their reference
    prints them (the navigation and travel sheets), so an import of it may need them filled in.
    """
    from generator.reference.sheets.base import site_sheets

    sheets = site_sheets(campaign, Audience.GM if gm else Audience.PLAYERS)
    rules_shown = gm or ("navigation" in sheets and "travel" in sheets)
    custom: dict[str, Any] = {}
    for tid, rule in sorted(campaign.terrain.items()):
        if tid in _EXPORT_TERRAIN or not any(h.terrain == tid for h in view.hexes.values()):
            continue
        hint: dict[str, Any] = {"name": rule.name, "color": rule.color, "letter": rule.letter}
        base = campaign.terrain_like.get(tid)
        if base is not None and rules_shown:
            hint = {"like": base, **hint}
        elif rules_shown:
            hint.update({"navigation_dc": rule.navigation_dc, "forage_dc": rule.forage_dc,
                         "speed": {"highway": str(rule.highway), "road": str(rule.road),
                                   "trackless": str(rule.trackless)}})
        symbol = campaign.terrain_symbol(tid)
        if symbol and symbol != base:
            hint["symbol"] = symbol
        custom[tid] = hint
    return custom


def _header(view: Any, campaign: Any, gm: bool) -> list[str]:
    """The export's first lines. The players' gives the hexes they know, never the size of
    the whole map (their site shows only what they found)."""
    grid: Grid = view.site.grid
    whose = "GM's" if gm else "players'"
    size = (f"{grid.columns} x {grid.rows} hexes" if gm else
            f"{len(view.hexes)} hex{'es' * (len(view.hexes) != 1)} the players know")
    return [f"# {_label_text(campaign.name)}: the {whose} map, exported by hexcrawl "
            f"(export text-mapper)",
            f"# {size}, {campaign.map.hex_miles} miles a hex. "
            f"Render it with Text Mapper; import it back with hexcrawl import text-mapper."]


def export(view: Any, campaign: Any) -> str:
    """A campaign's map in Text Mapper's format: what ``view`` holds (the GM's view:
    everything; the players': what they found). See the module docstring."""
    from generator.knowledge import GMView
    from generator.render import maps

    grid: Grid = view.site.grid
    gm = isinstance(view, GMView)
    out = _header(view, campaign, gm)
    custom = _terrain_hints(view, campaign, gm)
    for tid, hint in custom.items():
        out.append(f"# hexcrawl: terrain {tid} {_flow(hint)}")
    words_used: set[str] = set()
    for label in sorted(view.hexes):
        info = view.hexes[label]
        word = _EXPORT_TERRAIN.get(info.terrain, info.terrain)
        words = [word]
        if info.terrain == "forest" and info.density:
            words.insert(0, _EXPORT_DENSITY[info.density])
        words_used.add(word)
        line = f"{label} {' '.join(words)}"
        if info.name:
            line += f' "{_label_text(info.name)}"'
        out.append(line)
    sites_used: set[str] = set()
    # as on the players' map: a place found while lost has no hex until they know where it was
    placed = [loc for loc in view.locations.values() if gm or loc.label in view.hexes]
    for loc in sorted(placed, key=lambda loc: (loc.label, loc.name)):
        kind = maps.icon_kind(loc)
        word = _EXPORT_SITE.get(kind, kind)
        sites_used.add(kind)
        out.append(f'{loc.label} {word} "{_label_text(loc.name)}"')
    kinds_used: set[str] = set()
    for path in view.paths:
        for run in path.runs:
            if len(run) < 2:
                continue
            kinds_used.add(path.kind)
            line = "-".join(grid.label(h) for h in run) + f" {path.kind}"
            if path.name and path.name != path.id:
                line += f' "{_label_text(path.name)}"'
            out.append(line)
    out.append("# Words Text Mapper's default library does not draw, drawn as hexcrawl does:")
    colours = {tid: t.color for tid, t in view.terrains.items()}
    for tid, word in sorted(_EXPORT_TERRAIN.items()):
        if word in words_used and word not in _DEFAULT_LIBRARY and tid in colours:
            out.append(f'{word} attributes fill="{colours[tid]}" stroke="black" '
                       f'stroke-width="1"')
    for tid in sorted(custom):
        if tid in words_used:
            out.append(f'{tid} attributes fill="{campaign.terrain[tid].color}" '
                       f'stroke="black" stroke-width="1"')
    from generator.render.maps.symbols import ICONS

    for kind in sorted(sites_used):
        word = _EXPORT_SITE.get(kind, kind)
        if word not in _DEFAULT_LIBRARY:
            out.append(f'{word} xml <path transform="scale(5)" fill="#2e2622" '
                       f'fill-rule="evenodd" d="{ICONS[kind]}"/>')
    for kind in sorted(kinds_used):
        if kind in _EXPORT_LINE_STYLE:
            out.append(f"{kind} path attributes {_EXPORT_LINE_STYLE[kind]}")
    out.append("include default.txt")
    return "\n".join(out) + "\n"
