"""The cycle collector, out of the way of the generator's bursts of work.

The generator makes hundreds of thousands of small objects at a time (a campaign's YAML, the
replay's records, the views and their copies for the templates, the maps' boxes) and almost
no cyclic garbage. Each collection those allocations trigger walks every object still alive,
the whole campaign and its replay among them, so on a large campaign the collector's passes
cost more than the work itself. ``paused`` stops collections for a block; ``set_aside``
moves what is alive out of their sight for a block (``gc.freeze``), so that the collections
the block triggers only walk what it made.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """No collection while the block runs (as before after it; nested uses leave it paused
    until the outermost one ends). For blocks that make objects and no cyclic garbage."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@contextmanager
def set_aside() -> Iterator[None]:
    """Every object alive now left out of the collections the block triggers (and given
    back to the collector after it). For a long block that makes cyclic garbage of its own
    (templates) while a large graph of objects stays alive throughout. Where objects are set
    aside already (``hexcrawl serve`` sets aside its first build's), it changes nothing."""
    if gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
