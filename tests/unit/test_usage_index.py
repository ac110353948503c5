"""The usage dice's events found by session once (``knowledge.views.usage_by_session``):
a session's page, journal and timeline each read their own session's events, in the dice's
order, and never another session's."""

from __future__ import annotations

from generator.i18n import Translator
from generator.knowledge.views import ResourceEventView, ResourceView, usage_by_session
from generator.render.journal_events import usage
from generator.render.watch_log import resource_events

EN = Translator("en")


def event(session: int, watch: int, before: str, after: str,
          reason: str = "use") -> ResourceEventView:
    return ResourceEventView(session=session, watch=watch, day=session, by=None, roll=None,
                             before=before, after=after, reason=reason, note=None)


def die(rid: str, name: str, *history: ResourceEventView, owner: str | None = None
        ) -> ResourceView:
    return ResourceView(id=rid, name=name, owner=owner, description=None, start="d8",
                        now=history[-1].after if history else "d8", doom=owner is not None,
                        history=history)


TORCHES = die("torches", "Torches",
              event(1, -1, "d8", "d8", "declared"), event(1, 2, "d8", "d6"),
              event(2, 0, "d6", "d4"), event(3, 1, "d4", "exhausted"))
DOOM = die("doom-Ana", "Ana's doom", event(2, 0, "d6", "d4"), event(3, 4, "d4", "exhausted"),
           owner="Ana")


def test_each_session_holds_its_own_events_in_the_dice_order() -> None:
    found = usage_by_session([TORCHES, DOOM])
    assert sorted(found) == [1, 2, 3]
    assert [(r.id, e.watch) for r, e in found[2]] == [("torches", 0), ("doom-Ana", 0)]
    assert [(r.id, e.after) for r, e in found[3]] == [("torches", "exhausted"),
                                                      ("doom-Ana", "exhausted")]
    assert 4 not in found


def test_the_journal_and_the_gm_page_tell_only_their_session() -> None:
    found = usage_by_session([TORCHES, DOOM])
    assert usage(EN, found[1], 2) == ["Torches dwindled: its usage die dropped to d6."]
    assert usage(EN, found[1], -1) == []  # a declaration wears nothing down
    assert usage(EN, found[2], 0) == ["Torches dwindled: its usage die dropped to d4.",
                                      "Ana's doom die dropped to d4."]
    events = resource_events(EN, found, 3)
    assert {watch: [str(x) for x in said] for watch, said in events.items()} == {
        1: ["Torches runs out"], 4: ["Ana is doomed"]}
    assert resource_events(EN, found, 2) == {}
    assert resource_events(EN, found, 9) == {}
