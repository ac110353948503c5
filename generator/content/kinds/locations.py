"""locations/*.md: places on the map, YAML front matter and a Markdown body (docs/content.md,
"locations/*.md")."""

from __future__ import annotations

from generator.content import models as m
from generator.content.campaign import Location, Path_
from generator.content.files import MARKDOWN
from generator.content.frontmatter import split_front_matter
from generator.content.reading import Reader
from generator.content.refs import Refs
from generator.diagnostics import N_
from generator.slug import slugify


def load_locations(reader: Reader, refs: Refs,
                   paths: dict[str, Path_]) -> dict[str, Location]:
    """The locations of locations/*.md: front matter, then the Markdown body."""
    locations: dict[str, Location] = {}
    for path in reader.files("locations", *MARKDOWN):
        text = reader.read(path)
        if text is None:
            continue
        shown = reader.path_str(path)
        parts = split_front_matter(text)
        doc = reader.front_matter(path, text)
        if doc is None:
            refs.broken["location"].add(slugify(path.stem))
            continue
        spec = reader.validate(m.LocationFront, doc, ())
        if spec is None:
            given = doc.data.get("id")
            refs.broken["location"].add(given if isinstance(given, str)
                                        else slugify(path.stem))
            continue
        lid = spec.id or slugify(path.stem)
        if spec.id is not None and not refs.check_id(spec.id, "location", doc.pos(("id",))):
            refs.broken["location"].add(spec.id)
            continue
        if lid in locations:
            reader.diags.error(doc.pos(("id",)) if spec.id else doc.pos(), N_(
                "duplicate location id '%(id)s' (also in %(file)s)", id=lid,
                file=locations[lid].source))
            continue
        h = refs.check_label(spec.hex, doc.pos(("hex",)))
        if h is None:
            refs.broken["location"].add(lid)
            continue
        for i, pid in enumerate(spec.on):
            if not refs.check_ref(pid, paths, "path", doc.pos(("on", i))):
                continue
            if h not in paths[pid].hexes:
                # a warning, not an error: content.md's own example does this; the
                # location is simply not found by following that path
                reader.diags.warning(doc.pos(("on", i)), N_(
                    "path '%(path)s' does not pass through hex '%(hex)s': following it will "
                    "not find this location", path=pid, hex=spec.hex))
        refs.check_ids(spec.tables, refs.tables, "table", doc, ("tables",))
        if spec.visible_from and spec.visibility != "visible":
            reader.diags.warning(doc.pos(("visible_from",)),
                                 N_("visible_from only matters for visibility: visible"))
        if not spec.gm_only:
            reader.secrets.add_body(shown, parts.body, parts.body_line)
        locations[lid] = Location(
            id=lid, name=spec.name, hex=h, label=spec.hex, visibility=spec.visibility,
            visible_from=refs.farthest(h, spec.visible_from), on=tuple(spec.on),
            tags=tuple(spec.tags),
            gm_only=spec.gm_only, familiar=spec.familiar, icon=spec.icon,
            tables=tuple(spec.tables), body=parts.body, source=shown, pos=doc.pos())
    return locations
