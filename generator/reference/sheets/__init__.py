"""Data to page: the tables of every reference sheet, built from the engine's own tables.

Each ``*_sheet`` function returns the context of one page template: ``MdTable`` values (rows
of formatted cells) plus the few numbers the prose quotes. Where the engine holds a table
(``generator.rules.tables``, ``checks``, ``resources``, ``travel``) it is read here, never
copied, and where the engine only has a function (``d20_degree``, ``brp_chance``,
``resistance_chance``, ``bsh_outcome``, ``requirement`` ...) the sheet asks the function, so
the printed sheet cannot disagree with the replay. Facts the engine lacks come from
``generator.reference.data``.

The sheets live by topic, a module each: ``base`` (the context and tables every sheet is
made of), ``travel``, ``checks``, ``conflict``, ``tables`` and ``system`` (the check system's
words); this package gathers them.
"""

from __future__ import annotations

from generator.reference.sheets.base import (
    LONG_TABLE_ROWS,
    SYSTEMS,
    TOPICS,
    Align,
    Ctx,
    MdTable,
    site_sheets,
    table,
)
from generator.reference.sheets.checks import (
    brp_bands,
    brp_sheet,
    brp_success_max,
    bsh_outcome_rows,
    bsh_sheet,
    d20_bands,
    d20_sheet,
    doom_default,
    group_needed,
)
from generator.reference.sheets.conflict import (
    chases_sheet,
    complication_rows,
    exhaustion_rows,
    facing_sheet,
    modifiers_sheet,
)
from generator.reference.sheets.tables import (
    dice_distribution,
    gm_screen_sheet,
    index_sheet,
    roll_table_sheet,
    table_page_path,
    tables_index_sheet,
    visible_tables,
)
from generator.reference.sheets.travel import (
    encounter_die,
    encounters_sheet,
    forced_march_dc,
    getting_lost_sheet,
    hex_progress_sheet,
    hustle_damage,
    mph_for_feet,
    nav_dc_cell,
    navigation_sheet,
    progress_requirements,
    travel_sheet,
    veer_short,
    veer_text,
)

__all__ = [
    "Align",
    "Ctx",
    "LONG_TABLE_ROWS",
    "MdTable",
    "SYSTEMS",
    "TOPICS",
    "brp_bands",
    "brp_sheet",
    "brp_success_max",
    "bsh_outcome_rows",
    "bsh_sheet",
    "chases_sheet",
    "complication_rows",
    "d20_bands",
    "d20_sheet",
    "dice_distribution",
    "doom_default",
    "encounter_die",
    "encounters_sheet",
    "exhaustion_rows",
    "facing_sheet",
    "forced_march_dc",
    "getting_lost_sheet",
    "gm_screen_sheet",
    "group_needed",
    "hex_progress_sheet",
    "hustle_damage",
    "index_sheet",
    "modifiers_sheet",
    "mph_for_feet",
    "nav_dc_cell",
    "navigation_sheet",
    "progress_requirements",
    "roll_table_sheet",
    "site_sheets",
    "table",
    "table_page_path",
    "tables_index_sheet",
    "travel_sheet",
    "veer_short",
    "veer_text",
    "visible_tables",
]
