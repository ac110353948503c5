"""Cross-references: what one file names that another defines, and the checks every kind
of file shares (hex labels on the map, faces, ids, party members).

``Refs`` knows the map of the campaign and, as the load goes on, what has been defined so
far (tables, regions) and which ids were defined but dropped for errors of their own,
already reported, so that a reference to one of them is not reported again as unknown.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from typing import Any

from generator.content import models as m
from generator.content.builtin import MOUNTS
from generator.content.campaign import Region, Table
from generator.content.yamlpos import Located
from generator.diagnostics import N_, Diagnostics, Pos, Text, literal, suggest, typed
from generator.hexgrid import FACES, POINTY_FACES, Grid, Hex, distance
from generator.slug import check_id

#: Every face of either orientation, clockwise from N.
ALL_FACES = m.FACES
#: Faces written as words.
FACE_WORDS = {"NORTH": "N", "SOUTH": "S", "EAST": "E", "WEST": "W", "NORTHEAST": "NE",
              "NORTHWEST": "NW", "SOUTHEAST": "SE", "SOUTHWEST": "SW"}


class Refs:
    """The checks of references on the map ``grid``, reported to ``diags``."""

    def __init__(self, diags: Diagnostics, grid: Grid) -> None:
        self.diags = diags
        self.grid = grid
        self.faces = FACES if grid.orientation == "flat" else POINTY_FACES
        #: the tables and regions loaded so far
        self.tables: dict[str, Table] = {}
        self.regions: dict[str, Region] = {}
        #: ids defined in the content but dropped for their own errors (already reported),
        #: by kind ("path", "table", "location", "region"): references to them are not
        #: "unknown"
        self.broken: dict[str, set[str]] = {"path": set(), "table": set(), "location": set(),
                                            "region": set(), "terrain": set()}
        #: kinds whose one file ("path": paths.yaml, "region": regions.yaml, "terrain":
        #: terrain.yaml), or a file of unknown id ("table"), could not be read at all
        #: (reported already): references to them are not "unknown" either
        self.unreadable: set[str] = set()

    def check_label(self, label: str, pos: Pos) -> Hex | None:
        """The hex ``label`` names, or None with why it names none on this map."""
        grid = self.grid
        if not grid.is_label(label):
            hint = literal("")
            if label.isdigit() and len(label) % 2 == 0:
                half = len(label) // 2
                col, row = int(label[:half]), int(label[half:])
                if grid.on_map_cr(col, row):
                    hint = N_(" (did you mean '%(name)s'?)", name=grid.label_of(col, row))
            self.diags.error(pos, N_(
                "'%(label)s' is not a hex label: write %(digits)s digits, column then row, "
                "such as '%(example)s'%(hint)s", label=label, digits=grid.width * 2,
                example=grid.label_of(1, 1), hint=hint))
            return None
        col, row = grid.col_row(label)
        if not grid.on_map_cr(col, row):
            self.diags.error(pos, N_("hex '%(label)s' is off the map (columns 1-%(columns)s, "
                                     "rows 1-%(rows)s)", label=label, columns=grid.columns,
                                     rows=grid.rows))
            return None
        return grid.from_offset(col, row)

    def farthest(self, h: Hex, within: int | None = None) -> int:
        """Hexes from ``h`` to the farthest hex of the map (on its border: the distance is a
        norm, so it grows toward the edges). ``visible_from`` is clamped to it. With
        ``within``: the smaller of the two, ``within`` itself found without measuring to
        the whole border when a map corner is already that far."""
        grid = self.grid
        if within is not None and within <= max(
                distance(h, grid.from_offset(c, r))
                for c in (1, grid.columns) for r in (1, grid.rows)):
            return within
        border = [(c, r) for c in range(1, grid.columns + 1) for r in (1, grid.rows)] + \
            [(c, r) for r in range(1, grid.rows + 1) for c in (1, grid.columns)]
        farthest = max(distance(h, grid.from_offset(c, r)) for c, r in border)
        return farthest if within is None else min(within, farthest)

    def check_id(self, ident: object, what: str, pos: Pos) -> bool:
        """Every id of every kind follows the one slug rule (generator.slug): ids name files
        and anchors, so ``../../evil`` must never reach the docs tree."""
        problem = check_id(ident)
        if problem is None:
            return True
        self.diags.error(pos, N_("%(kind)s id '%(id)s' %(problem)s", kind=kind_word(what),
                                 id=str(ident), problem=problem))
        return False

    def check_ref(self, ident: str, known: dict[str, Any], what: str, pos: Pos) -> bool:
        """Report ``ident`` unless it is known (or defined but broken, reported already)."""
        if ident in known:
            return True
        if ident not in self.broken.get(what, ()) and what not in self.unreadable:
            self.diags.error(pos, unknown(what, ident, suggest(ident, known)))
        return False

    def check_ids(self, ids: Iterable[str], known: dict[str, Any], what: str,
                  doc: Located, at: tuple[str | int, ...]) -> None:
        for i, ident in enumerate(ids):
            self.check_ref(ident, known, what, doc.pos(at + (i,)))

    def check_offsets(self, offsets: Iterable[str] | None, doc: Located,
                      at: tuple[str | int, ...]) -> None:
        for face in offsets or {}:
            if face not in self.faces:
                self.diags.error(doc.pos(at + (face,), key=True), self.not_a_face(face))

    def not_a_face(self, face: str) -> Text:
        """'E' is not a face of a flat-top hex, with the faces of this map and the likeliest
        ones: the same face in capitals or in words ('ne', 'north-east'), else the two faces
        either side of a face of the other orientation (E lies between NE and SE), else the
        closest spelling."""
        faces = self.faces
        word = re.sub(r"[\s_-]", "", face).upper()
        word = FACE_WORDS.get(word, word)
        if word in faces:
            near = [word]
        elif word in ALL_FACES:
            i = ALL_FACES.index(word)
            near = [f for f in (ALL_FACES[i - 1], ALL_FACES[(i + 1) % 8]) if f in faces]
        else:
            near = difflib.get_close_matches(word, faces, n=1, cutoff=0.6)
        hint = (literal("") if not near else N_("; did you mean %(face)s?", face=repr(near[0]))
                if len(near) == 1 else N_("; did you mean %(face)s or %(other)s?",
                                          face=repr(near[0]), other=repr(near[1])))
        if self.grid.orientation == "flat":
            return N_("'%(face)s' is not a face of a flat-top hex (faces: %(faces)s)%(hint)s",
                      face=face, faces=typed(faces), hint=hint)
        return N_("'%(face)s' is not a face of a pointy-top hex (faces: %(faces)s)%(hint)s",
                  face=face, faces=typed(faces), hint=hint)

    # -- party members (campaign.yaml, and each session's party) --------------------------
    def check_unique_members(self, names: list[tuple[str, tuple[str | int, ...]]],
                             doc: Located) -> None:
        first: dict[str, Pos] = {}
        for name, at in names:
            pos = doc.pos(at)
            if name in first:
                self.diags.error(pos, N_("party member '%(name)s' is listed twice (first on "
                                         "line %(line)s); member names must be unique",
                                         name=name, line=first[name].line))
            else:
                first[name] = pos

    def check_mount(self, mem: m.Member, pos: Pos) -> None:
        if mem.mount and mem.mount not in MOUNTS:
            self.diags.error(pos, N_("unknown mount '%(id)s'%(hint)s (known: %(known)s)",
                                     id=mem.mount, hint=suggest(mem.mount, MOUNTS),
                                     known=typed(MOUNTS)))

    def check_knowledge_regions(self, member: m.Member, doc: Located,
                                at: tuple[str | int, ...]) -> None:
        """A member's ``knowledge_regions`` name regions of regions.yaml (rules.md 5)."""
        for j, rid in enumerate(member.knowledge_regions or ()):
            self.check_ref(rid, self.regions, "region",
                           doc.pos(at + ("knowledge_regions", j)))


def kind_word(what: str) -> Text:
    """The kind of thing an id names, as a diagnostic says it (``table``, ``path``)."""
    words = {"path": N_("path"), "table": N_("table"), "location": N_("location"),
             "region": N_("region"), "terrain": N_("terrain"), "resource": N_("resource"),
             "creature": N_("creature")}
    return words.get(what, literal(what))


def unknown(what: str, ident: str, hint: Text) -> Text:
    """``unknown table 'x' (did you mean 'y'?)``: one message per kind, as languages put
    the adjective in the noun's gender."""
    if what == "path":
        return N_("unknown path '%(id)s'%(hint)s", id=ident, hint=hint)
    if what == "table":
        return N_("unknown table '%(id)s'%(hint)s", id=ident, hint=hint)
    if what == "location":
        return N_("unknown location '%(id)s'%(hint)s", id=ident, hint=hint)
    if what == "region":
        return N_("unknown region '%(id)s'%(hint)s", id=ident, hint=hint)
    if what == "terrain":
        return N_("unknown terrain '%(id)s'%(hint)s", id=ident, hint=hint)
    if what == "resource":
        return N_("unknown resource '%(id)s'%(hint)s", id=ident, hint=hint)
    return N_("unknown %(kind)s '%(id)s'%(hint)s", kind=kind_word(what), id=ident, hint=hint)
