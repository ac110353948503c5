"""Moved to ``generator.render.maps.symbols``; this name stays until its importers move."""

from generator.render.maps.symbols import ICONS, icon_kind

__all__ = ["ICONS", "icon_kind"]
