"""``look``: the party's hex, its six neighbours and the landmarks in sight, for the GM.

Everything comes from the campaign and the Chronicle (the same hexes, paths and locations
the GM site shows): the true hex first; when the party is lost, the hex it believes it is in
is described too and marked as believed. A landmark is a location whose visibility is
``visible`` within its ``visible_from`` hexes (rules.md section 6, the rule
``rules.discovery`` applies).
"""

from __future__ import annotations

from generator.content.campaign import Campaign
from generator.hexgrid import Hex, distance
from generator.i18n import Translator
from generator.play.present import party_now
from generator.rules.chronicle import Chronicle


def _terrain(campaign: Campaign, h: Hex, t: Translator) -> str:
    info = campaign.hex_info(h)
    if info is None:
        return t.gettext("unmapped")
    rule = campaign.terrain.get(info.terrain)
    text = t.label("terrain", info.terrain, rule.name if rule else info.terrain)
    if info.density:
        text += f" ({t.label('density', info.density, info.density)})"
    if info.name:
        text = f"{info.name}, {text}"
    return text


def _paths(campaign: Campaign, h: Hex) -> list[str]:
    return [p.name for p in campaign.paths.values() if h in p.hexes]


def hex_lines(campaign: Campaign, here: Hex, t: Translator) -> list[str]:
    """The hex, then one line per neighbour: face, hex id, terrain and paths."""
    grid = campaign.grid
    paths = _paths(campaign, here)
    head = t.gettext("%(hex)s: %(terrain)s", hex=grid.label(here),
                     terrain=_terrain(campaign, here, t))
    if paths:
        head += "; " + t.gettext("paths: %(paths)s", paths=", ".join(paths))
    out = ["  " + head]
    for face, n in grid.neighbors(here):
        if not grid.on_map(n):
            out.append("    " + t.gettext("%(face)s: off the map",
                                          face=t.label("face_short", face, face)))
            continue
        line = t.gettext("%(face)s %(hex)s: %(terrain)s", face=t.label("face_short", face, face),
                         hex=grid.label(n),
                         terrain=_terrain(campaign, n, t))
        shared = [p for p in _paths(campaign, n) if p in paths]
        if shared:
            line += "; " + t.gettext("along %(paths)s", paths=", ".join(shared))
        out.append("    " + line)
    return out


def landmark_lines(campaign: Campaign, here: Hex, chronicle: Chronicle, t: Translator) -> list[str]:
    """Landmarks in sight from ``here``: direction (the face to leave by toward it) and
    distance in hexes and miles."""
    grid = campaign.grid
    seen: list[tuple[int, str]] = []
    for loc in campaign.locations.values():
        if loc.visibility != "visible":
            continue
        steps = distance(here, loc.hex)
        if steps > max(loc.visible_from, 0):
            continue
        found = t.gettext("found") if loc.id in chronicle.discovered else \
            t.gettext("not found yet")
        if steps == 0:
            where = t.gettext("in this hex")
        else:
            where = t.ngettext("%(face)s, %(n)s hex (%(distance)s)",
                               "%(face)s, %(n)s hexes (%(distance)s)", steps,
                               face=t.label("face_short", grid.toward(here, loc.hex) or "-",
                                            grid.toward(here, loc.hex) or "-"),
                               n=steps, distance=t.count(steps * campaign.hex_miles, "mile"))
        seen.append((steps, f"{loc.name} [{loc.id}]: {where} ({found})"))
    if not seen:
        return ["    " + t.gettext("no landmark in sight")]
    return ["    " + text for _, text in sorted(seen)]


def look_lines(campaign: Campaign, chronicle: Chronicle, t: Translator) -> list[str]:
    """What ``look`` prints: the true hex and what is in sight from it; when the party
    is lost, the same from the hex it believes it is in, marked as believed."""
    now, _ = party_now(campaign, chronicle)
    grid = campaign.grid
    here = grid.parse(now.hex)
    out = [t.gettext("true position (GM only):")]
    out += hex_lines(campaign, here, t)
    out.append("  " + t.gettext("landmarks in sight:"))
    out += landmark_lines(campaign, here, chronicle, t)
    if now.knows_lost:
        out.append(t.gettext("believed position: none (the party knows it is lost)"))
    elif now.believed_hex is not None and now.believed_hex != now.hex:
        believed = grid.parse(now.believed_hex)
        out.append(t.gettext("believed position (where the party thinks it is, not where it "
                             "is):"))
        out += hex_lines(campaign, believed, t)
        out.append("  " + t.gettext("landmarks the party expects to see:"))
        out += landmark_lines(campaign, believed, chronicle, t)
    else:
        out.append(t.gettext("the party believes it is where it is"))
    return out
