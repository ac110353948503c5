"""Moved to ``generator.render.maps.labels``; this name stays until its importers move."""

from generator.render.maps.labels import text_width

__all__ = ["text_width"]
