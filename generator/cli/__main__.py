"""``python -m generator.cli``: the ``hexcrawl`` program."""
from generator.cli import run

run()
