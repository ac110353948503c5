"""Printable rules reference: sheets, roll tables and the GM screen (rules.md; seeds 000-004).

The sheets are rendered from the same tables the replay uses (``generator.rules``), plus the
facts the engine has no table for (``data.py``). Entry points:

- ``reference_pages(campaign, audience, language)``: docs-relative path -> Markdown or SVG text
  for a site's ``reference/`` folder;
- ``reference_nav(campaign, audience, language)``: (title, path) for the site navigation;
- ``generator.printing.sheets.print_pdfs`` (the printing stage): the same sheets as PDFs.
"""

from __future__ import annotations

from generator.reference.render import Renderer, reference_nav, reference_pages

__all__ = ["Renderer", "reference_nav", "reference_pages"]
