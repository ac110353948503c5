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


#: Set by the ``hexcrawl`` program (``cli.run``): the process ends when its command does.
ONE_SHOT = False


@contextmanager
def build_phase() -> Iterator[None]:
    """A phase of a build (loading and replaying, writing the docs): no collection while it
    runs, in it and in the processes it forks. Afterwards, in a process that ends with its
    command (``ONE_SHOT``), what the phase made is set aside for good (``gc.freeze``): it
    lives to the end or is garbage the exit discards, and a collection would only walk it
    (at 1,000 locations and 200 sessions, a second of the docs' CPU went to collections
    that found nothing). Elsewhere (``hexcrawl serve``, tests) the collector takes it up
    again as after ``paused``."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if ONE_SHOT:
            gc.freeze()
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
