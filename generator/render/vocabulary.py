"""Words the site templates look up by a value of the data: ``t.label(family, value)``.

Each family maps the values the replay and the content produce (an activity, a roll's
purpose, a terrain id) to a message marked for translation; ``pybabel extract`` finds the
markers (``N_``, ``NP_``) and the catalogues translate them. A value missing from its family
prints as itself where the template gives a default.
"""

from __future__ import annotations

from generator.i18n import N_, NP_, Msg

#: The built-in terrain names (the site's and the reference sheets' vocabularies share them).
TERRAIN: dict[str, Msg] = {
    "desert": N_("Desert"),
    "forest": N_("Forest"),
    "hills": N_("Hills"),
    "jungle": N_("Jungle"),
    "moor": N_("Moor"),
    "mountains": N_("Mountains"),
    "plains": N_("Plains"),
    "swamp": N_("Swamp"),
    "tundra": N_("Tundra"),
    "lake": N_("Lake"),
    "sea": N_("Sea"),
}

VOCABULARY: dict[str, dict[str, Msg]] = {
    # a usage die's state (a die size prints as itself)
    "die": {
        "exhausted": N_("exhausted"),
    },
    # mounts and vehicles
    "mount": {
        "horse": N_("horse"),
        "pony": N_("pony"),
        "riding_dog": N_("riding dog"),
        "cart": N_("cart"),
        "wagon": N_("wagon"),
    },
    # kinds of path
    "path": {
        "highway": N_("highway"),
        "road": N_("road"),
        "trail": N_("trail"),
        "river": N_("river"),
    },
    # how a location is found
    "visibility": {
        "normal": N_("normal"),
        "visible": N_("visible from afar"),
        "hidden": N_("hidden"),
    },
    # location icons on the map (its legend: what each icon stands for)
    "icon": {
        "village": N_("village, farm, inn"),
        "town": N_("town"),
        "city": N_("city"),
        "castle": N_("castle, keep, fort"),
        "tower": N_("tower"),
        "ruin": N_("ruin"),
        "cave": N_("cave, dungeon, lair"),
        "temple": N_("temple, shrine"),
        "camp": N_("camp"),
        "bridge": N_("bridge"),
        "ford": N_("ford, ferry"),
        "stones": N_("landmark, standing stones"),
        "tomb": N_("tomb, graves"),
        "spring": N_("spring, well, falls"),
        "tree": N_("lone tree, grove"),
        "peak": N_("peak"),
        "point": N_("other place"),
    },
    # forest densities
    "density": {
        "sparse": N_("sparse"),
        "medium": N_("medium"),
        "dense": N_("dense"),
    },
    # outcomes of a roll
    "outcome": {
        "success": N_("success"),
        "failure": N_("failure"),
        "critical": N_("critical"),
        "critical_success": N_("critical success"),
        "critical_failure": N_("critical failure"),
        "special": N_("special success"),
        "fumble": N_("fumble"),
        "encounter": N_("encounter"),
        "none": N_("none"),
    },
    # what a watch was spent on
    "activity": {
        "travel": NP_("activity", "Travel"),
        "rest": N_("Rest"),
        "camp": N_("Camp"),
        "sleep": N_("Sleep"),
        "search": N_("Search"),
        "reorient": N_("Reorient"),
        "encounter": N_("Encounter"),
        "chase": N_("Chase"),
    },
    # kinds of encounter
    "encounter": {
        "wandering": N_("wandering"),
        "keyed": N_("keyed"),
        "logged": N_("logged"),
        "search": N_("search"),
        "chase": N_("chase"),
    },
    # what a roll was for
    "purpose": {
        "navigation": N_("Navigation"),
        "distance": N_("Distance"),
        "veer": N_("Veer"),
        "realise": N_("Realise lost"),
        "encounter": NP_("roll purpose", "Encounter check"),
        "forage": N_("Forage"),
        "march": N_("Forced march"),
        "reorient": N_("Reorient"),
        "reaction": N_("Reaction"),
        "table": N_("Table"),
        "search": N_("Search"),
        "moment": N_("Moment"),
    },
    # reactions of an encounter
    "reaction": {
        "attacks": N_("attacks"),
        "hostile": N_("hostile"),
        "cautious": N_("cautious"),
        "neutral": N_("neutral"),
        "friendly": N_("friendly"),
    },
    # why a usage die was rolled
    "reason": {
        "tempting_fate": N_("tempting fate"),
        "use": N_("used"),
        "doom": N_("doom (critical failure)"),
        "long_rest": N_("long rest"),
        "declared": N_("declared"),
    },
    # who a roll table is for
    "audience": {
        "gm": N_("GM only"),
        "players": N_("shown to players"),
    },
    # moments of the GM's timeline
    "moment": {
        "lost": N_("The party strays off course"),
        "realised": N_("The party realises it is lost"),
        "reanchored": N_("The party knows where it is again"),
    },
    # the six watches of a day, by number
    "watch": {
        "1": N_("small hours"),
        "2": N_("dawn"),
        "3": N_("morning"),
        "4": N_("afternoon"),
        "5": N_("evening"),
        "6": N_("night"),
    },
    # built-in terrain
    "terrain": TERRAIN,
    # headings written out
    "face": {
        "N": N_("north"),
        "NE": N_("north-east"),
        "E": N_("east"),
        "SE": N_("south-east"),
        "S": N_("south"),
        "SW": N_("south-west"),
        "W": N_("west"),
        "NW": N_("north-west"),
    },
}
