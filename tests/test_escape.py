"""The templates' copy of a view: text made inert, everything else kept as it is."""

from __future__ import annotations

from markupsafe import Markup

from generator.hexgrid import Hex
from generator.render.escape import template_view


def test_named_tuples_keep_their_type_and_text_is_inert() -> None:
    view = {"hex": Hex(3, 4), "pair": ("Tom & Jerry's <Inn>", 2), "name": "{{ 7*7 }}"}
    copy = template_view(view, lambda s: None)
    assert type(copy["hex"]) is Hex and copy["hex"].q == 3 and copy["hex"].r == 4
    assert type(copy["pair"]) is tuple
    assert isinstance(copy["pair"][0], Markup) and "<Inn>" not in copy["pair"][0]
    assert "{{" not in copy["name"]
