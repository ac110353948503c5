"""Who sees what (content.md, "Who sees what"): every free-text field of every log entry kind
and of a table row, with a marker of its own, appears exactly where that table says: the
players' docs tree, the GM's docs tree, ``hexcrawl replay --json``; and nowhere else.

The fields are found by walking the models of the log entries and table rows, so a text
field added later without a line in the table fails here.
"""

from __future__ import annotations

import json
import typing
from pathlib import Path
from typing import Any

import pytest
from build_helpers import docs_build
from click.testing import CliRunner
from pydantic import BaseModel

from generator import cli
from generator.content import models as m
from generator.content import sessionlog as sl

from campaign_factory import write_campaign

#: (entry kind or "row", field) -> where its text appears: (players, GM, replay JSON).
#: Entry-level fields of every kind (``tell``, ``gm``) are listed per kind.
WHERE: dict[tuple[str, str], tuple[bool, bool, bool]] = {
    ("note", "note"): (True, True, True),
    **{(kind, "note"): (True, True, True)
       for kind in ("travel", "rest", "camp", "sleep", "search", "reorient")},
    ("encounter", "note"): (False, True, True),
    ("chase", "note"): (False, True, True),
    ("chase", "escape_factors"): (False, True, True),
    ("use", "note"): (False, True, True),   # the GM's: the party page shows the die alone
    ("ruling", "note"): (False, True, True),   # why the table ruled so: the GM's
    **{(kind, "tell"): (True, True, True) for kind in sl.ACTION_KEYS},
    **{(kind, "gm"): (False, True, True) for kind in sl.ACTION_KEYS},
    ("row", "tell"): (True, True, True),   # the row that came up
    ("row", "result"): (False, True, True),
    ("row", "gm"): (False, True, False),
}
#: Text fields that hold ids, labels, names or dice, not prose.
NOT_PROSE = {
    ("travel", "heading"), ("travel", "toward"), ("travel", "follow"), ("travel", "landmark"),
    ("search", "target"), ("encounter", "table"), ("encounter", "location"),
    ("use", "resource"), ("use", "by"), ("camp", "by"), ("chase", "complications"),
    ("chase", "quarry"), ("chase", "pursuers"), ("reveal", "reveal"),
    ("ruling", "hex"), ("ruling", "believed"), ("ruling", "found"),
    ("row", "roll"), ("row", "appearing"), ("row", "table"), ("row", "distance"),
    ("row", "location"),
}
#: The entry-level fields every kind takes besides its action.
ENTRY_FIELDS = ("tell", "gm")


def _holds_str(annotation: Any) -> bool:
    if annotation is str:
        return True
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return any(_holds_str(f.annotation) for f in annotation.model_fields.values())
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) is typing.Literal:
        return False
    return any(_holds_str(a) for a in args)


def _model_of(annotation: Any) -> type[BaseModel] | None:
    for a in (annotation, *typing.get_args(annotation)):
        if isinstance(a, type) and issubclass(a, BaseModel):
            return a
    return None


def text_fields() -> set[tuple[str, str]]:
    """Every (entry kind, field) and ("row", field) whose value holds text, by the models."""
    out: set[tuple[str, str]] = set()
    for kind in sl.ACTION_KEYS:
        annotation = sl.LogEntry.model_fields[kind].annotation
        model = _model_of(annotation)
        if model is None:
            if _holds_str(annotation):
                out.add((kind, kind))
        else:
            out.update((kind, name) for name, f in model.model_fields.items()
                       if _holds_str(f.annotation))
        out.update((kind, name) for name in ENTRY_FIELDS)
    out.update(("row", name) for name, f in m.TableRow.model_fields.items()
               if _holds_str(f.annotation))
    return out


def test_the_table_covers_every_text_field() -> None:
    # besides its action, an entry has its rolls, what the GM expects, and ENTRY_FIELDS
    besides = {n for n in sl.LogEntry.model_fields if n not in sl.ACTION_KEYS}
    assert besides == {*ENTRY_FIELDS, "rolls", "expect"}
    assert text_fields() - NOT_PROSE == set(WHERE)


def marker(kind: str, field: str) -> str:
    return f"Zq{kind.capitalize()}{field.replace('_', '').capitalize()}Qz"


TABLE = {
    "id": "thornwood-day", "name": "Thornwood by day", "dice": "1d8", "audience": "gm",
    "rows": [
        {"roll": "1-2", "result": marker("row", "result"), "gm": marker("row", "gm")},
        {"roll": 3, "result": "A charcoal burner", "tell": marker("row", "tell")},
        # never comes up: its tell reaches no one
        {"roll": "4-8", "result": "Tracks", "tell": "ZqUnusedRowTellQz"},
    ],
}


def _entry(kind: str, body: Any, rolls: dict[str, Any] | None = None) -> dict[str, Any]:
    entry = {kind: body, "tell": marker(kind, "tell"), "gm": marker(kind, "gm")}
    if rolls:
        entry["rolls"] = rolls
    return entry


def session_log() -> list[dict[str, Any]]:
    quiet = {"encounter": [5]}

    def noted(kind: str, **more: Any) -> dict[str, Any]:
        return {**more, "note": marker(kind, "note")}

    return [
        _entry("note", marker("note", "note")),
        _entry("travel", noted("travel", heading="N"), {"navigation": 15, **quiet}),
        _entry("rest", noted("rest"), quiet),
        _entry("camp", noted("camp"), quiet),
        _entry("sleep", noted("sleep"), quiet),
        _entry("search", noted("search"), {"encounter": [5, 5]}),
        _entry("reorient", noted("reorient", method="north"), {"north": 15, **quiet}),
        _entry("encounter", noted("encounter", table="thornwood-day", roll=1)),
        # an encounter entry without a tell: its row's tell tells the players
        {"encounter": {"table": "thornwood-day", "roll": 3}},
        _entry("use", noted("use", resource="debt-of-kessa", by="Aria"), {"use": 6}),
        _entry("reveal", ["0101"]),
        _entry("ruling", noted("ruling", lost=False)),
        _entry("chase", noted("chase", quarry="party",
                              pursuers=[{"name": "Wolf", "speed": 30}],
                              escape_factors=[marker("chase", "escape_factors")])),
    ]


@pytest.fixture(scope="module")
def trees(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    base = tmp_path_factory.mktemp("notes")
    root = write_campaign(base / "content", files={
        "tables/thornwood-day.yaml": TABLE,
        "sessions/01.yaml": {"session": 1, "title": "Every note", "log": session_log()},
    })
    with pytest.MonkeyPatch.context() as mp:
        build = docs_build(root, "1", mp)
    out = CliRunner().invoke(cli.main, ["replay", "--json", "--content", str(root)])
    assert out.exit_code == 0, out.output
    json.loads(out.stdout)

    def corpus(folder: Path) -> str:
        return "\n".join(p.read_text(encoding="utf-8", errors="replace")
                         for p in sorted(folder.rglob("*")) if p.is_file())

    gm_session = build / "gm" / "docs" / "sessions" / "01-every-note.md"
    return {"players": corpus(build / "players"), "gm": corpus(build / "gm"),
            "json": out.stdout, "gm_session": gm_session.read_text("utf-8")}


@pytest.mark.parametrize("key", sorted(WHERE), ids=lambda k: ".".join(k))
def test_each_field_appears_where_the_table_says(trees: dict[str, str],
                                                 key: tuple[str, str]) -> None:
    expected = dict(zip(("players", "gm", "json"), WHERE[key], strict=True))
    text = marker(*key)
    seen = {where: text in corpus for where, corpus in trees.items() if where in expected}
    assert seen == expected, text


#: What the GM session page shows of a session: every text field of every entry kind, and
#: what the rows that came up say (a row's ``gm`` is the tables page's).
ON_THE_GM_SESSION_PAGE = sorted(key for key, (_, gm, _) in WHERE.items()
                                if gm and key != ("row", "gm"))


def test_the_gm_session_page_shows_every_text_field() -> None:
    entry_fields = {key for key in text_fields() - NOT_PROSE if key[0] != "row"}
    assert entry_fields <= set(ON_THE_GM_SESSION_PAGE)


@pytest.mark.parametrize("key", ON_THE_GM_SESSION_PAGE, ids=lambda k: ".".join(k))
def test_each_field_appears_on_the_gm_session_page(trees: dict[str, str],
                                                   key: tuple[str, str]) -> None:
    assert marker(*key) in trees["gm_session"], marker(*key)


def test_a_row_that_never_came_up_tells_nothing(trees: dict[str, str]) -> None:
    assert not any("ZqUnusedRowTellQz" in corpus for corpus in trees.values())


def test_the_journal_tells_what_the_party_did(trees: dict[str, str]) -> None:
    page = trees["players"]
    journal = page[page.index('class="hexcrawl-journal"'):page.index("hexcrawl-watches")]
    for text in (marker("travel", "note"), marker("encounter", "tell"), marker("row", "tell"),
                 "The party made camp and stayed for 3 watches",
                 "The party searched the area", "The party was caught up in a chase"):
        assert text in journal, text
    assert marker("encounter", "note") not in journal


def test_content_md_has_the_table() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "content.md").read_text("utf-8")
    section = doc[doc.index("#### Who sees what"):]
    for kind, field in WHERE:
        if kind == "row":
            assert f"table row `{field}`" in section, (kind, field)
        elif field in ENTRY_FIELDS:
            assert f"`{field}:` of any entry" in section, field
        elif field == "note" and kind == "note":
            assert "`note:` entry" in section
        else:
            assert f"`{kind}`" in section and f"`{field}`" in section, (kind, field)
