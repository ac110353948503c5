"""The theme's templates, compiled once: MkDocs makes a new Jinja environment for every build,
and Material's templates compiled from source are a large part of a small site's build.

The hook (``on_env``) gives each environment the serve session's ``TemplateBytecode``, in
front of the user's template cache on disk (``generator.render.templates.template_cache``):
under ``hexcrawl serve`` every rebuild loads them from memory, and a fresh process (a
``hexcrawl build``, its worker) from the disk. This module is imported on every MkDocs start
and imports nothing of the pipeline.
"""

from __future__ import annotations

from dataclasses import dataclass

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket


class TemplateBytecode(BytecodeCache):
    """Compiled Jinja templates in memory, shared by the environments of every MkDocs build
    in this process (the hook's ``on_env``). Jinja keys each entry by the template's name and
    file and checks the checksum of its source on every load, so an edited template (a
    theme override) is compiled again; what it returns is what compiling would give."""

    def __init__(self) -> None:
        self.store: dict[str, bytes] = {}
        self.hits = 0

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self.store.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)
            if bucket.code is not None:
                self.hits += 1

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.store[bucket.key] = bucket.bytecode_to_string()

    def over(self, disk: BytecodeCache | None) -> BytecodeCache:
        """This store in front of ``disk`` (the user's template cache, or None where there is
        none): a template neither holds is compiled and kept by both, so the first build of
        a process loads the theme as the last build of any process left it."""
        return self if disk is None else DiskBehind(self, disk)


@dataclass
class DiskBehind(BytecodeCache):
    """``memory`` (the process's ``TemplateBytecode``) with ``disk`` behind it. Both check
    the template's checksum, so what either gives is what compiling would."""

    memory: TemplateBytecode
    disk: BytecodeCache

    def load_bytecode(self, bucket: Bucket) -> None:
        self.memory.load_bytecode(bucket)
        if bucket.code is None:
            self.disk.load_bytecode(bucket)
            if bucket.code is not None:
                self.memory.store[bucket.key] = bucket.bytecode_to_string()

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.memory.dump_bytecode(bucket)
        self.disk.dump_bytecode(bucket)
