"""paths.yaml: roads, trails and rivers, each a line of neighbouring hexes (docs/content.md,
"paths.yaml")."""

from __future__ import annotations

from generator.content import models as m
from generator.content.campaign import Path_
from generator.content.reading import Reader
from generator.content.refs import Refs
from generator.diagnostics import N_
from generator.hexgrid import Hex


def load_paths(reader: Reader, refs: Refs) -> dict[str, Path_]:
    """The paths of paths.yaml, each a line of neighbouring hexes."""
    paths: dict[str, Path_] = {}
    path = reader.root / "paths.yaml"
    if not reader.present(path):
        return paths
    doc = reader.mapping_doc(path)
    if doc is None:
        refs.unreadable.add("path")  # reported; its ids are not "unknown" elsewhere
        return paths
    for pid in doc.data:
        spec = reader.validate(m.PathSpec, doc, (pid,))
        if not refs.check_id(pid, "path", doc.pos((pid,), key=True)) or spec is None:
            refs.broken["path"].add(str(pid))
            continue
        hexes: list[Hex] = []
        ok = True
        for i, label in enumerate(spec.hexes):
            pos = doc.pos((pid, "hexes", i))
            h = refs.check_label(label, pos)
            if h is None:
                ok = False
                continue
            if hexes and ok and refs.grid.face_between(hexes[-1], h) is None:
                reader.diags.error(pos, N_(
                    "path '%(path)s': '%(hex)s' is not a neighbour of '%(previous)s' "
                    "(consecutive hexes of a path must touch)", path=str(pid), hex=label,
                    previous=spec.hexes[i - 1]))
                ok = False
            hexes.append(h)
        if not ok:
            refs.broken["path"].add(str(pid))
        else:
            paths[str(pid)] = Path_(str(pid), spec.kind,
                                    spec.name or str(pid).replace("-", " ").title(),
                                    spec.condition, tuple(hexes), tuple(spec.hexes),
                                    spec.description, spec.gm)
    return paths
