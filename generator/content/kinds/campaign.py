"""campaign.yaml: the map, the party, the seed, the resources and creatures (docs/content.md,
"campaign.yaml"); and, when it is unusable, what can still be checked of the other files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from generator.content import models as m
from generator.content import sessionlog as sl
from generator.content.builtin import TerrainRule
from generator.content.files import MARKDOWN, YAML
from generator.content.reading import Reader
from generator.content.refs import Refs
from generator.content.yamlpos import Located
from generator.diagnostics import N_, Diagnostics, suggest, typed
from generator.i18n import languages

KNOWN_GEAR = ("compass",)


def check_campaign(refs: Refs, spec: m.CampaignFile, cdoc: Located,
                   terrain: dict[str, TerrainRule]) -> str | None:
    """Check what campaign.yaml says of itself (its default terrain, language, reference
    sheets and party); the default terrain, when it is one of ``terrain``."""
    diags = refs.diags
    default_terrain = None
    if spec.default_terrain and spec.default_terrain not in terrain:
        refs.check_ref(spec.default_terrain, terrain, "terrain",
                       cdoc.pos(("default_terrain",)))
    elif spec.default_terrain:
        default_terrain = spec.default_terrain
    supported = languages()
    if spec.language not in supported:
        diags.warning(cdoc.pos(("language",)), N_(
            "no interface strings for language '%(language)s'; using English (supported: "
            "%(supported)s)", language=spec.language, supported=typed(supported)))
    if spec.rules.checks != "d20" and "advantage" in spec.rules.model_fields_set:
        system = {"brp": N_("Basic Roleplaying (brp) has no advantage"),
                  "bsh": N_("Black Sword Hack (bsh) rolls its own advantage (two d20, the "
                            "better kept)")}[spec.rules.checks]
        diags.warning(cdoc.pos(("rules", "advantage")), N_(
            "'advantage: %(value)s' has no effect: %(system)s; it applies to checks: d20 "
            "only", value=spec.rules.advantage, system=system))
    check_reference(diags, spec.reference, cdoc)
    refs.check_label(spec.party.start, cdoc.pos(("party", "start")))
    refs.check_offsets(spec.party.start_offsets, cdoc, ("party", "start_offsets"))
    names = [mem.name for mem in spec.party.members]
    refs.check_unique_members(
        [(mem.name, ("party", "members", i, "name"))
         for i, mem in enumerate(spec.party.members)], cdoc)
    if spec.party.navigator and spec.party.navigator not in names:
        diags.error(cdoc.pos(("party", "navigator")), N_(
            "navigator '%(name)s' is not a party member%(hint)s", name=spec.party.navigator,
            hint=suggest(spec.party.navigator, names)))
    for i, gear in enumerate(spec.party.gear):
        if gear not in KNOWN_GEAR:
            diags.warning(cdoc.pos(("party", "gear", i)), N_(
                "gear '%(gear)s' has no effect on the rules%(hint)s", gear=gear,
                hint=suggest(gear, KNOWN_GEAR)))
    for i, mem in enumerate(spec.party.members):
        refs.check_mount(mem, cdoc.pos(("party", "members", i, "mount")))
    return default_terrain


def check_declared(refs: Refs, spec: m.CampaignFile, cdoc: Located) -> None:
    """The ids of campaign.yaml's resources and creatures, and the owner of each resource."""
    names = [mem.name for mem in spec.party.members]
    for res_id in spec.resources:
        refs.check_id(res_id, "resource", cdoc.pos(("resources", res_id), key=True))
    for cid in spec.creatures:
        refs.check_id(cid, "creature", cdoc.pos(("creatures", cid), key=True))
    for res_id, res in spec.resources.items():
        if res.owner and res.owner not in names:
            refs.diags.error(cdoc.pos(("resources", res_id, "owner")), N_(
                "resource owner '%(name)s' is not a party member%(hint)s", name=res.owner,
                hint=suggest(res.owner, names)))


def check_reference(diags: Diagnostics, reference: m.ReferenceSpec, cdoc: Located) -> None:
    """``reference.players`` names sheets of the rules reference, each once."""
    chosen = reference.players or []
    for i, name in enumerate(chosen):
        pos = cdoc.pos(("reference", "players", i))
        if name == "gm-screen":
            diags.error(pos, N_("the GM screen is for the GM site only; it always has it"))
        elif name not in m.REFERENCE_SHEETS:
            diags.error(pos, N_("unknown reference sheet '%(name)s'%(hint)s; sheets: "
                                "%(sheets)s", name=name, hint=suggest(name, m.REFERENCE_SHEETS),
                                sheets=typed(m.REFERENCE_SHEETS)))
        elif name in chosen[:i]:
            diags.warning(pos, N_("reference sheet '%(name)s' is listed twice", name=name))


def salvage_campaign(doc: Located) -> m.CampaignFile | None:
    """A stand-in for a campaign.yaml with errors (already reported), so that one run
    checks every other file as fully as a good campaign.yaml would.

    Only the keys the other files do not depend on may be broken: the name, the seed,
    the language, the description, the rules and the campaign-level tables (stand-ins:
    empty, 0, defaults, none). A broken map, party, terrain default, resources or
    creatures would make checks of the other files wrong, so then there is no stand-in.
    """
    standins: dict[str, Any] = {"name": "", "seed": 0}
    replaceable = ("name", "seed", "language", "description", "rules", "tables")
    data = {k: v for k, v in doc.data.items() if k in m.CampaignFile.model_fields}
    for _ in range(len(m.CampaignFile.model_fields) + 1):
        try:
            return m.CampaignFile.model_validate({**standins, **data})
        except ValidationError as exc:
            bad = {str(e["loc"][0]) for e in exc.errors() if e["loc"]}
            if not bad or not bad <= set(replaceable):
                return None
            for key in bad:
                data.pop(key, None)
    return None


def check_without_campaign(reader: Reader) -> None:
    """Check the shape of every other file when campaign.yaml is unusable.

    Without the map there is no way to check labels or cross-references, but YAML
    syntax, unknown and missing keys and wrong types are still worth reporting now,
    so that one run shows every mistake it can.
    """
    entries: list[tuple[Path, type[BaseModel]]] = [
        (reader.root / "terrain.yaml", m.TerrainSpec), (reader.root / "paths.yaml", m.PathSpec),
        (reader.root / "regions.yaml", m.RegionSpec),
        *((p, m.HexEntry) for p in reader.files("hexes", *YAML))]
    for path, model in entries:
        doc = reader.mapping_doc(path) if reader.present(path) else None
        if doc is None:
            continue
        for key in doc.data:
            if model is not m.HexEntry or key not in ("terrain_rows", "legend"):
                reader.validate(model, doc, (key,))
    for folder, file_model in (("tables", m.TableFile), ("sessions", sl.SessionFile)):
        for path in reader.files(folder, *YAML):
            doc = reader.mapping_doc(path)
            if doc is not None:
                reader.validate(file_model, doc, ())
    for path in reader.files("locations", *MARKDOWN):
        doc = reader.front_matter(path)
        if doc is not None:
            reader.validate(m.LocationFront, doc, ())
