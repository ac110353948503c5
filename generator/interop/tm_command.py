"""``hexcrawl import text-mapper``: a Text Mapper map read, converted and written into a
campaign, with a report of what was written and dropped, then the campaign loaded to show it
loads (exit status 1, nothing written, on a map that cannot be imported)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from generator.console import print_diagnostics, summary_line
from generator.content.place import find_campaign
from generator.diagnostics import Diagnostics, display_path


def import_map(file: Path, into: Path | None, mapping_file: Path | None, force: bool,
               name: str | None, show_mapping: bool) -> None:
    """Import ``file`` into the campaign folder ``into`` (see ``generator.cli``)."""
    from generator.content.loader import load_campaign
    from generator.interop import textmapper as tm
    from generator.slug import slugify

    diags = Diagnostics()
    mapping = tm.Mapping()
    if mapping_file is not None:
        loaded = tm.load_mapping(mapping_file, diags)
        if loaded is None:
            print_diagnostics(diags)
            sys.exit(1)
        mapping = loaded
    if show_mapping:
        click.echo(mapping.to_yaml(), nl=False)
        return
    try:
        text = file.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        click.echo(f"{file}:1:1: error: not UTF-8 text: {exc.reason}", err=True)
        sys.exit(1)
    if into is None:
        place = find_campaign()
        into = place.content if place is not None else Path(slugify(file.stem,
                                                                    fallback="imported"))
    known: set[str] = set()
    if (into / "campaign.yaml").is_file():
        existing, _ = load_campaign(into)
        if existing is not None:
            known = set(existing.terrain)
    from generator.rules.tables import TERRAIN

    known |= set(TERRAIN)
    try:
        imported = tm.convert(tm.parse(text), mapping, known)
    except tm.MapError as exc:
        click.echo(f"{file}:{exc.line}:{exc.column}: error: {exc.message} (nothing written)",
                   err=True)
        sys.exit(1)
    if not imported.hexes:
        click.echo(f"{file}:1:1: error: no hexes a campaign can hold (nothing written)",
                   err=True)
        sys.exit(1)
    files = tm.planned_files(imported, into, file, text, name)
    try:
        result = tm.write_files(files, force, into)
    except tm.ImportError_ as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(1)
    shown = display_path(into)
    click.echo(f"imported {tm.inert(file.name)} into {tm.inert(shown)}: "
               f"{len(imported.hexes)} hexes "
               f"({imported.columns} x {imported.rows}), {len(imported.paths)} paths, "
               f"{len(imported.locations)} locations")
    if imported.shift != (0, 0):
        click.echo(f"  moved by {imported.shift[0]} columns and {imported.shift[1]} rows so "
                   f"the map starts at column 1 or 2 and row 1")
    if imported.filled:
        click.echo(f"  {imported.filled} hex{'es' * (imported.filled != 1)} filled in between "
                   f"points of lines that are not neighbours")
    for path in result.written:
        click.echo(f"  wrote {display_path(path)}")
    for path, backup in result.backups:
        click.echo(f"  kept the old {display_path(path)} as {display_path(backup)}")
    if imported.dropped:
        click.echo("dropped:")
        for item in imported.dropped:
            click.echo(f"  {tm.inert(item)}")
    campaign, check = load_campaign(into)
    if campaign is None or check.has_errors():
        print_diagnostics(check)
        click.echo(f"{shown} does not load yet: {summary_line(check)}", err=True)
        sys.exit(1)
    click.echo(f"{shown} loads: {summary_line(check)}; next: hexcrawl check --content {shown}")
