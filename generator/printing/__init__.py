"""Printing: the stage that turns what the sites show into PDFs (``hexcrawl print``).

- ``sheets``: the rules reference sheets, the roll tables and the GM screen
  (``generator.reference`` makes their Markdown), each a standalone HTML page;
- ``maps``: the players' and the GM's overview maps on one page or as a poster;
- ``booklet``: the GM's prep booklet, laid out from the GM view;
- ``chromium``: headless Chromium, which prints every page; ``safety``: what a printed page
  may load.

Printing reads the views, the renderers and the reference; nothing below it imports it.
"""
