"""The replay through ``ReplayCache`` (``hexcrawl serve``'s rebuilds): the sessions before an
edit are not replayed again, and the result is the replay from scratch."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from generator.content.loader import load_campaign
from generator.replay import replay
from generator.replay.snapshots import ReplayCache

CONTENT = Path(__file__).resolve().parents[2] / "content"


def test_a_replay_through_the_cache_starts_after_the_unchanged_sessions() -> None:
    campaign, diags = load_campaign(CONTENT)
    assert campaign is not None, diags.items
    sessions = len(campaign.sessions)
    assert sessions > 2
    cache = ReplayCache()
    first, _ = replay(campaign, cache)
    assert cache.reused == 0  # nothing to start from yet
    again, _ = replay(campaign, cache)
    assert (cache.unchanged, cache.reused) == (sessions, sessions)
    assert again.to_json() == first.to_json()
    # the last session dropped: the fold restarts after the ones before it
    shorter = dataclasses.replace(campaign, sessions=campaign.sessions[:-1])
    through_cache, _ = replay(shorter, cache)
    assert (cache.unchanged, cache.reused) == (sessions - 1, sessions - 1)
    assert through_cache.to_json() == replay(shorter)[0].to_json()
