"""terrain.yaml: new kinds of terrain, and changes to the built-in ones (docs/content.md,
"Files")."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from generator.content import models as m
from generator.content.builtin import TERRAIN, TerrainRule
from generator.content.reading import Reader
from generator.content.refs import Refs
from generator.content.symbols import NO_SYMBOL, SYMBOL_NAMES
from generator.diagnostics import N_, suggest, typed


@dataclass
class Terrain:
    """Every kind of terrain of the campaign, by id."""

    rules: dict[str, TerrainRule]
    #: terrain id -> built-in map symbol, where terrain.yaml decides it (symbol / like)
    symbols: dict[str, str] = field(default_factory=dict)
    #: terrain id -> the built-in terrain it starts from (terrain.yaml's like:)
    like: dict[str, str] = field(default_factory=dict)


def load_terrain(reader: Reader, refs: Refs) -> Terrain:
    """The built-in terrain with terrain.yaml's new and changed kinds (the rules take
    their speeds and DCs from it), and the map symbol each kind is drawn with."""
    terrain = dict(TERRAIN)
    found = Terrain(terrain)
    path = reader.root / "terrain.yaml"
    if not reader.present(path):
        return found
    doc = reader.mapping_doc(path)
    if doc is None:
        refs.unreadable.add("terrain")  # reported; its ids are not "unknown" elsewhere
        return found
    for tid in doc.data:
        spec = reader.validate(m.TerrainSpec, doc, (tid,))
        if not refs.check_id(tid, "terrain", doc.pos((tid,), key=True)) or spec is None:
            continue
        base = terrain.get(tid)
        if spec.like:
            base = TERRAIN.get(spec.like)
            if base is None:
                reader.diags.error(doc.pos((tid, "like")), N_(
                    "unknown built-in terrain '%(id)s'%(hint)s", id=spec.like,
                    hint=suggest(spec.like, TERRAIN)))
                continue
        speed = spec.speed or m.TerrainSpeed()
        if spec.symbol is not None and spec.symbol not in (*SYMBOL_NAMES, NO_SYMBOL):
            reader.diags.error(doc.pos((tid, "symbol")), N_(
                "unknown map symbol '%(name)s'%(hint)s (built-in symbols: %(symbols)s, or "
                "%(none)s)", name=spec.symbol, hint=suggest(spec.symbol, SYMBOL_NAMES),
                symbols=typed(SYMBOL_NAMES), none=typed([NO_SYMBOL])))
        elif spec.symbol is not None:
            found.symbols[tid] = spec.symbol
        elif spec.like:
            found.symbols[tid] = spec.like
        if spec.like:
            found.like[tid] = spec.like
        if base is None:
            missing = [k for k in ("navigation_dc", "forage_dc", "speed")
                       if getattr(spec, k) is None]
            if spec.speed is not None:
                missing += [f"speed.{k}" for k in ("highway", "road", "trackless")
                            if getattr(spec.speed, k) is None]
            if missing:
                reader.diags.error(doc.pos((tid,)), N_(
                    "new terrain '%(id)s' needs %(keys)s (or 'like: <built-in terrain>')",
                    id=tid, keys=typed(missing)))
                continue
            assert spec.navigation_dc is not None and spec.forage_dc is not None
            assert speed.highway is not None and speed.road is not None
            assert speed.trackless is not None
            terrain[tid] = TerrainRule(
                tid, spec.name or tid.replace("-", " ").title(), speed.highway, speed.road,
                speed.trackless, spec.navigation_dc, spec.forage_dc,
                spec.color or "#cccccc", spec.letter or tid[0],
                impassable=bool(spec.impassable),
                density_dc={str(k): v for k, v in (spec.density_dc or {}).items()})
        else:
            terrain[tid] = replace(
                base,
                id=tid,
                name=spec.name or (base.name if base.id == tid else tid.title()),
                highway=speed.highway if speed.highway is not None else base.highway,
                road=speed.road if speed.road is not None else base.road,
                trackless=speed.trackless if speed.trackless is not None else base.trackless,
                navigation_dc=spec.navigation_dc if spec.navigation_dc is not None
                else base.navigation_dc,
                forage_dc=spec.forage_dc if spec.forage_dc is not None else base.forage_dc,
                color=spec.color or base.color,
                letter=spec.letter or base.letter,
                impassable=spec.impassable if spec.impassable is not None
                else (base.impassable and speed.trackless is None),
                density_dc={str(k): v for k, v in spec.density_dc.items()}
                if spec.density_dc is not None
                else base.density_dc,
            )
    return found
