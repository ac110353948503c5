"""The replay stage: fold every session log through the rules into a Chronicle
(``fold``), check what the GM expected (``expect``), keep snapshots at session boundaries for
the dev server (``snapshots``), report the replay's errors beside the loader's
(``onepass``) and flag seeded rolls that changed the story (``seeded``)."""

from generator.replay.fold import Replayer, replay

__all__ = ["Replayer", "replay"]
