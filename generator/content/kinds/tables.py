"""tables/*.yaml: random tables, rolled on dice or by weights, each row able to lead to
another table or to a location (docs/content.md, "tables/*.yaml")."""

from __future__ import annotations

import re
from pathlib import Path

from generator.audience import Audience
from generator.content import models as m
from generator.content import rolltables
from generator.content.campaign import Location, Table
from generator.content.files import YAML
from generator.content.reading import Reader
from generator.content.refs import Refs
from generator.content.yamlpos import Located
from generator.diagnostics import N_, NN_, Diagnostics, literal, text_of
from generator.dice import parse_dice

#: each table's document and what validating it gave, by table id
TableDocs = dict[str, tuple[Located, m.TableFile]]


def load_tables(reader: Reader, refs: Refs) -> tuple[dict[str, Table], TableDocs]:
    """The tables of tables/*.yaml, and the document and model each was built from
    (for ``check_table_locations``, once the locations are loaded)."""
    tables: dict[str, Table] = {}
    docs: TableDocs = {}
    for path in reader.files("tables", *YAML):
        doc = reader.mapping_doc(path)
        if doc is None:
            unreadable_table(reader, refs, path)
            continue
        spec = reader.validate(m.TableFile, doc, ())
        if spec is None:
            if isinstance(doc.data.get("id"), str):
                refs.broken["table"].add(doc.data["id"])
            continue
        if not refs.check_id(spec.id, "table", doc.pos(("id",))):
            continue
        if spec.id in tables or spec.id in refs.broken["table"]:
            where = literal(tables[spec.id].source) if spec.id in tables \
                else N_("another file")
            reader.diags.error(doc.pos(("id",)), N_(
                "duplicate table id '%(id)s' (also in %(file)s)", id=spec.id, file=where))
            # which of the two a log means is unknown: its rolls are not checked against
            # the other one's rows
            refs.broken["table"].add(spec.id)
            continue
        table = build_table(reader.diags, spec, doc)
        if table is not None:
            tables[spec.id] = table
            docs[spec.id] = (doc, spec)
        else:
            refs.broken["table"].add(spec.id)
    # references between tables, and cycles
    for doc, spec in docs.values():
        for i, row in enumerate(spec.rows):
            if row.table:
                refs.check_ref(row.table, tables, "table", doc.pos(("rows", i, "table")))
    found = rolltables.nesting({tid: [r.table for r in t.rows if r.table]
                                for tid, t in tables.items()})
    for cycle in found.cycles:
        doc, spec = docs[cycle[0]]
        closing = next(i for i, r in enumerate(spec.rows) if r.table == cycle[1])
        reader.diags.error(doc.pos(("rows", closing, "table")), N_(
            "tables refer to each other in a cycle: %(cycle)s", cycle=" -> ".join(cycle)))
    for chain in found.too_deep:
        doc, spec = docs[chain[0]]
        first = next(i for i, r in enumerate(spec.rows) if r.table == chain[1])
        shown = chain if len(chain) <= 6 else (*chain[:3], "...", *chain[-2:])
        reader.diags.error(doc.pos(("rows", first, "table")), N_(
            "tables nest %(depth)s deep (%(chain)s); a table may lead to others at most "
            "%(most)s deep", depth=len(chain) - 1, chain=" -> ".join(shown),
            most=rolltables.MAX_NESTING))
    return tables, docs


#: a table's ``id:`` line, read from a file whose YAML could not be parsed
_ID_LINE = re.compile(r"""^id:[ \t]*(["']?)([^"'\s#]+)\1[ \t]*(#.*)?$""", re.MULTILINE)


def unreadable_table(reader: Reader, refs: Refs, path: Path) -> None:
    """A table file that could not be parsed (reported already): the table its ``id:`` line
    names, or failing that every table, is not "unknown" where the content names it."""
    found = _ID_LINE.search(reader.unparsed.get(path, ""))
    if found:
        refs.broken["table"].add(found.group(2))
    else:
        refs.unreadable.add("table")


def check_table_locations(refs: Refs, docs: TableDocs,
                          locations: dict[str, Location]) -> None:
    """A table row may name the location the encounter leads to."""
    for doc, spec in docs.values():
        for i, row in enumerate(spec.rows):
            if row.location:
                refs.check_ref(row.location, locations, "location",
                               doc.pos(("rows", i, "location")))


def build_table(diags: Diagnostics, spec: m.TableFile, doc: Located) -> Table | None:
    """The table of one file: its rows and the results each row covers, checked
    against its dice (or its weights)."""
    ok = True
    has_roll = [r.roll is not None for r in spec.rows]
    if spec.dice is not None:
        try:
            dice = parse_dice(spec.dice)
        except ValueError as exc:
            diags.error(doc.pos(("dice",)), text_of(exc))
            return None
        if dice.high > rolltables.MAX_RESULTS:
            diags.error(doc.pos(("dice",)), N_(
                "%(dice)s rolls up to %(high)s: a table's dice roll at most %(most)s "
                "(1d1000, 10d100, ...)", dice=str(dice), high=dice.high,
                most=rolltables.MAX_RESULTS))
            return None
        ranges: list[tuple[int, int]] = []
        if all(has_roll):
            for i, row in enumerate(spec.rows):
                assert row.roll is not None
                if row.weight is not None:
                    diags.warning(doc.pos(("rows", i, "weight")),
                                  N_("'weight' is ignored when the row has a 'roll'"))
                try:
                    ranges.append(rolltables.parse_roll_cell(row.roll, dice))
                except ValueError as exc:
                    diags.error(doc.pos(("rows", i, "roll")), text_of(exc))
                    ok = False
        elif not any(has_roll):
            weights = [r.weight or 1 for r in spec.rows]
            if sum(weights) != dice.high - dice.low + 1:
                diags.error(doc.pos(("dice",)), NN_(
                    "weights add up to %(sum)s but %(dice)s has %(num)s result; give each "
                    "row a 'roll' range instead",
                    "weights add up to %(sum)s but %(dice)s has %(num)s results; give each "
                    "row a 'roll' range instead", dice.high - dice.low + 1,
                    sum=sum(weights), dice=str(dice)))
                return None
            ranges = [(a + dice.low - 1, b + dice.low - 1)
                      for a, b in rolltables.ranges_from_weights(weights)]
        else:
            i = has_roll.index(False)
            diags.error(doc.pos(("rows", i)),
                        N_("either every row has a 'roll' or none does (then weights "
                           "decide)"))
            return None
        if ok and not check_coverage(diags, spec, doc, ranges, dice.low, dice.high,
                                          str(dice)):
            ok = False
        roll_dice = str(dice)
    else:
        if any(has_roll):
            i = has_roll.index(True)
            diags.error(doc.pos(("rows", i, "roll")),
                        N_("a row with 'roll' needs the table's 'dice' (e.g. dice: 1d8)"))
            return None
        weights = [r.weight or 1 for r in spec.rows]
        if sum(weights) > rolltables.MAX_RESULTS:
            diags.error(doc.pos(("rows",), key=True), N_(
                "the weights add up to %(sum)s: a table's weights add up to at most %(most)s",
                sum=sum(weights), most=rolltables.MAX_RESULTS))
            return None
        ranges = rolltables.ranges_from_weights(weights)
        roll_dice = rolltables.dice_for_weights(sum(weights))
    for i, row in enumerate(spec.rows):
        if row.distance:
            try:
                parse_dice(row.distance)
            except ValueError as exc:
                diags.error(doc.pos(("rows", i, "distance")), text_of(exc))
        if row.appearing:
            try:
                parse_dice(row.appearing)
            except ValueError as exc:
                diags.error(doc.pos(("rows", i, "appearing")), text_of(exc))
    if not ok:
        return None
    return Table(spec.id, spec.name, spec.dice, Audience(spec.audience), spec.description,
                 tuple(spec.rows), tuple(ranges), roll_dice, doc.path, doc.pos())


def check_coverage(diags: Diagnostics, spec: m.TableFile, doc: Located,
                   ranges: list[tuple[int, int]], low: int, high: int, dice: str) -> bool:
    """Every result of the dice has exactly one row: report values the dice cannot roll
    and overlaps at the row's ``roll``, and gaps at the row after the gap."""
    found = rolltables.coverage(ranges, low, high)
    span = rolltables.span
    for i in found.outside:
        a, b = ranges[i]
        diags.error(doc.pos(("rows", i, "roll")), N_(
            "table '%(table)s': row %(row)s (%(low)s-%(high)s) lies outside what %(dice)s can "
            "roll (%(least)s-%(most)s)", table=spec.id, row=i + 1, low=a, high=b, dice=dice,
            least=low, most=high))
    for i, j, first, last in found.overlaps:
        diags.error(doc.pos(("rows", i, "roll")), N_(
            "table '%(table)s': row %(row)s overlaps row %(other)s on %(results)s",
            table=spec.id, row=i + 1, other=j + 1, results=span(first, last)))
    if found.gaps:
        start = found.gaps[0][0]
        after = next((i for i, (a, _) in enumerate(ranges) if a > start), len(ranges) - 1)
        shown = ", ".join(span(a, b) for a, b in found.gaps[:8]) + (
            " ..." if len(found.gaps) > 8 else "")
        diags.error(doc.pos(("rows", after, "roll")), N_(
            "table '%(table)s': no row for %(results)s (the dice roll %(least)s-%(most)s)",
            table=spec.id, results=shown, least=low, most=high))
    return found.exact
