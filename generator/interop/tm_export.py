"""Writing a campaign's map (the GM's or the players' view) in Text Mapper's text format."""

from __future__ import annotations

import re
from typing import Any

import yaml

from generator.hexgrid import Grid
from generator.interop.tm_parse import (
    _DEFAULT_LIBRARY,
    _EXPORT_DENSITY,
    _EXPORT_LINE_STYLE,
    _EXPORT_SITE,
    _EXPORT_TERRAIN,
)

# ------------------------------------------------------------------------------------------
# the export


def _label_text(text: str) -> str:
    """A name as a Text Mapper label (no quotes or line breaks inside)."""
    return re.sub(r"\s+", " ", text).replace('"', "'").replace("\u201c", "'").replace(
        "\u201d", "'").strip()


def export(view: Any, campaign: Any) -> str:
    """A campaign's map in Text Mapper's format: what ``view`` holds (the GM's view:
    everything; the players': what they found). See the module docstring."""
    from generator.knowledge import GMView
    from generator.render import maps

    grid: Grid = view.site.grid
    gm = isinstance(view, GMView)
    whose = "GM's" if gm else "players'"
    out = [f"# {campaign.name}: the {whose} map, exported by hexcrawl "
           f"(export text-mapper)",
           f"# {grid.columns} x {grid.rows} hexes, {campaign.map.hex_miles} miles a hex. "
           f"Render it with Text Mapper; import it back with hexcrawl import text-mapper."]
    custom: dict[str, Any] = {}
    for tid, rule in sorted(campaign.terrain.items()):
        if tid in _EXPORT_TERRAIN:
            continue
        used = any(h.terrain == tid for h in view.hexes.values())
        if not used:
            continue
        hint: dict[str, Any] = {"name": rule.name, "color": rule.color, "letter": rule.letter}
        base = campaign.terrain_like.get(tid)
        if base is not None:
            hint = {"like": base, **hint}
        else:
            hint.update({"navigation_dc": rule.navigation_dc, "forage_dc": rule.forage_dc,
                         "speed": {"highway": str(rule.highway), "road": str(rule.road),
                                   "trackless": str(rule.trackless)}})
        symbol = campaign.terrain_symbol(tid)
        if symbol and symbol != base:
            hint["symbol"] = symbol
        custom[tid] = hint
    for tid, hint in custom.items():
        flow = yaml.safe_dump(hint, default_flow_style=True, width=1000, sort_keys=False,
                              allow_unicode=True).strip()
        out.append(f"# hexcrawl: terrain {tid} {flow}")
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
