"""``hexcrawl import text-mapper``: a Text Mapper map read, converted and written into a
campaign, with a report of what was written and dropped, then the campaign loaded to show it
loads (exit status 1, nothing written, on a map that cannot be imported)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from generator.console import print_diagnostics, summary_line, translator_for
from generator.content.place import find_campaign
from generator.content.yamlpos import read_text
from generator.diagnostics import Diagnostics, SourceError, display_path

if TYPE_CHECKING:
    from generator.i18n import Translator
    from generator.interop.textmapper.importing import Imported
    from generator.interop.textmapper.writing import Written


def import_map(file: Path, into: Path | None, mapping_file: Path | None, force: bool,
               name: str | None, show_mapping: bool) -> None:
    """Import ``file`` into the campaign folder ``into`` (see ``generator.cli``)."""
    from generator.content.loader import load_campaign
    from generator.interop import textmapper as tm
    from generator.slug import slugify

    diags = Diagnostics()
    # the language of the campaign imported into (else of the one found, or the user's)
    t = translator_for(into)
    mapping = tm.Mapping()
    if mapping_file is not None:
        loaded = tm.load_mapping(mapping_file, diags)
        if loaded is None:
            print_diagnostics(diags, t=t)
            sys.exit(1)
        mapping = loaded
    if show_mapping:
        click.echo(mapping.to_yaml(), nl=False)
        return
    try:
        # a map from anywhere is read within the limits of a content file
        text = read_text(file, str(file))
    except SourceError as exc:
        click.echo(f"{exc.pos}: error: " + t.text(exc.text), err=True)
        sys.exit(1)
    if into is None:
        place = find_campaign()
        into = place.content if place is not None else Path(slugify(file.stem,
                                                                    fallback="imported"))
    known = _campaign_terrain(into)
    try:
        parsed = tm.parse(text)
        tm.check_terrain(mapping, known | set(parsed.terrain_hints), diags)
        if diags.has_errors():
            print_diagnostics(diags, t=t)
            click.echo("error: " + t.gettext("the mapping file names terrain the campaign "
                                             "would not know (nothing written)"), err=True)
            sys.exit(1)
        imported = tm.convert(parsed, mapping, known)
    except tm.MapError as exc:
        click.echo(f"{file}:{exc.line}:{exc.column}: error: " + t.gettext(
            "%(problem)s (nothing written)", problem=t.text(exc.text)), err=True)
        sys.exit(1)
    if not imported.hexes:
        click.echo(f"{file}:1:1: error: " + t.gettext("no hexes a campaign can hold (nothing "
                                                      "written)"), err=True)
        sys.exit(1)
    try:
        files = tm.planned_files(imported, into, file, text, name)
        result = tm.write_files(files, force, into)
    except tm.ImportError_ as exc:
        click.echo("error: " + t.text(exc.text), err=True)
        sys.exit(1)
    t = translator_for(into)  # the campaign.yaml the import may just have written
    _report(t, file, into, imported, result)
    shown = display_path(into)
    campaign, check = load_campaign(into)
    if campaign is None or check.has_errors():
        print_diagnostics(check, t=t)
        click.echo(t.gettext("%(folder)s does not load yet: %(summary)s", folder=shown,
                             summary=summary_line(check, t)), err=True)
        sys.exit(1)
    click.echo(t.gettext("%(folder)s loads: %(summary)s; next: hexcrawl check --content "
                         "%(folder)s", folder=shown, summary=summary_line(check, t)))


def _report(t: Translator, file: Path, into: Path, imported: Imported, result: Written) -> None:
    """What the import wrote, moved, filled in and dropped, in the language of ``t``."""
    from generator.interop.textmapper.writing import inert

    shown = display_path(into)
    click.echo(t.gettext(
        "imported %(file)s into %(folder)s: %(hexes)s (%(columns)s x %(rows)s), %(paths)s, "
        "%(locations)s", file=inert(file.name), folder=inert(shown),
        hexes=t.ngettext("%(num)s hex", "%(num)s hexes", len(imported.hexes)),
        columns=imported.columns, rows=imported.rows,
        paths=t.ngettext("%(num)s path", "%(num)s paths", len(imported.paths)),
        locations=t.ngettext("%(num)s location", "%(num)s locations",
                             len(imported.locations))))
    if imported.shift != (0, 0):
        click.echo("  " + t.gettext(
            "moved by %(columns)s and %(rows)s so the map starts at column 1 or 2 and row 1",
            columns=t.ngettext("%(num)s column", "%(num)s columns", imported.shift[0]),
            rows=t.ngettext("%(num)s row", "%(num)s rows", imported.shift[1])))
    if imported.filled:
        click.echo("  " + t.ngettext(
            "%(num)s hex filled in between points of lines that are not neighbours",
            "%(num)s hexes filled in between points of lines that are not neighbours",
            imported.filled))
    for path in result.written:
        click.echo("  " + t.gettext("wrote %(file)s", file=display_path(path)))
    for path, backup in result.backups:
        click.echo("  " + t.gettext("kept the old %(file)s as %(backup)s",
                                    file=display_path(path), backup=display_path(backup)))
    if imported.dropped:
        click.echo(t.gettext("dropped:"))
        for item in imported.dropped:
            click.echo("  " + inert(t.text(item)))


def _campaign_terrain(into: Path) -> set[str]:
    """The terrain ids a map imported into ``into`` may use: the built-in ones and those of
    its ``terrain.yaml`` (a campaign being made may have that file before its campaign.yaml).
    """
    from generator.content.loader import load_campaign
    from generator.content.yamlpos import load_yaml
    from generator.rules.tables import TERRAIN

    known = set(TERRAIN)
    if (into / "campaign.yaml").is_file():
        existing, _ = load_campaign(into)
        if existing is not None:
            return known | set(existing.terrain)
    if (into / "terrain.yaml").is_file():
        try:
            doc = load_yaml(read_text(into / "terrain.yaml"), "terrain.yaml", Diagnostics())
        except SourceError:
            doc = None
        if doc is not None and isinstance(doc.data, dict):
            known |= {tid for tid in doc.data if isinstance(tid, str)}
    return known
