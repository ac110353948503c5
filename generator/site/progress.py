"""How long each stage of a command takes, shown as the GM wants it (``build``, ``check``).

A command runs as named stages (``load``, ``replay``, ``players: pages``, ``players: MkDocs``,
...). What the GM sees depends on where the output goes and on ``--quiet``/``--verbose``:

- on a terminal, a build that runs longer than a second shows a live display with one row
  per stage (a bar where the stage knows its size, e.g. MkDocs' pages, a spinner otherwise,
  and the time each took); it disappears when the command ends, and one summary line stays;
- elsewhere (CI logs, pipes) there is no live display: one summary line at the end;
- ``--verbose`` adds a line per stage, as it ends, with its time and what it did, and on a
  terminal shows the live display from the start;
- ``--quiet`` prints neither (errors are still printed, by the command).

The display is rich's ``Progress``; it writes to standard error, so standard output stays
what the command prints (``replay --json``, the built folders).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any, Literal

from rich.console import Console, RenderableType

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID

Verbosity = Literal["quiet", "normal", "verbose"]

#: A terminal shows the live display once a command has run this long (seconds).
SHOW_AFTER = 1.0


@dataclass
class Stage:
    """One stage of a command: its name, size (if known), progress and what it did."""

    name: str
    total: int | None = None
    done: int = 0
    #: what the stage did, for ``--verbose`` ("38 files written, 2 removed")
    detail: str = ""
    seconds: float = 0.0
    _on_change: Callable[[Stage], None] | None = field(default=None, repr=False)

    def advance(self, n: int = 1) -> None:
        self.done += n
        if self._on_change is not None:
            self._on_change(self)

    def size(self, total: int) -> None:
        """The stage learnt how many steps it has."""
        self.total = total
        if self._on_change is not None:
            self._on_change(self)


def _delayed(*columns: Any, after: float, **options: Any) -> Progress:
    """rich's Progress, invisible until ``after`` seconds have passed since it was made.
    rich's progress display is imported here: a command that never shows one (``check``,
    anything off a terminal) does not pay for importing it."""
    from rich.progress import Progress

    class Delayed(Progress):
        def __init__(self) -> None:
            self._born = time.monotonic()
            self._after = after
            super().__init__(*columns, **options)

        @property
        def visible(self) -> bool:
            return time.monotonic() - self._born >= self._after

        def get_renderables(self) -> Iterator[RenderableType]:
            if self.visible:
                yield from super().get_renderables()

    return Delayed()


class Reporter:
    """The stages of one command and how they are shown (see the module docstring).

    ``terminal`` defaults to whether ``stream`` (standard error) is a terminal; ``after`` is
    how long a terminal waits before showing the live display.
    """

    def __init__(self, verbosity: Verbosity = "normal", *, stream: IO[str] | None = None,
                 terminal: bool | None = None, after: float = SHOW_AFTER) -> None:
        self.verbosity = verbosity
        self.stream = stream if stream is not None else sys.stderr
        self.console = Console(file=self.stream, force_terminal=terminal,
                               highlight=False, soft_wrap=True)
        self.terminal = self.console.is_terminal if terminal is None else terminal
        self.stages: list[Stage] = []
        self.started = time.monotonic()
        self._display: Progress | None = None
        self._tasks: dict[int, TaskID] = {}
        if self.terminal and verbosity != "quiet":
            from rich.progress import BarColumn, SpinnerColumn, TextColumn, TimeElapsedColumn

            self._display = _delayed(
                SpinnerColumn(finished_text="[green]✓[/]"),
                TextColumn("{task.description}"),
                BarColumn(),
                TextColumn("{task.fields[count]}"),
                TimeElapsedColumn(),
                console=self.console, transient=True,
                after=0.0 if verbosity == "verbose" else after)
            self._display.start()

    @property
    def quiet(self) -> bool:
        return self.verbosity == "quiet"

    @property
    def verbose(self) -> bool:
        return self.verbosity == "verbose"

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    @contextmanager
    def stage(self, name: str, total: int | None = None) -> Iterator[Stage]:
        """Run one stage: ``with reporter.stage("replay") as st: ...``."""
        stage = Stage(name, total, _on_change=self._changed)
        self.stages.append(stage)
        task: TaskID | None = None
        if self._display is not None:
            task = self._display.add_task(name, total=total, count=self._count(stage))
            self._tasks[id(stage)] = task
        start = time.monotonic()
        try:
            yield stage
        finally:
            stage.seconds = time.monotonic() - start
            if self._display is not None and task is not None:
                steps = stage.total if stage.total is not None else max(stage.done, 1)
                self._display.update(task, total=steps, completed=steps,
                                     count=self._count(stage))
                self._display.stop_task(task)
        if self.verbose:
            self.line(self.describe(stage))

    def _changed(self, stage: Stage) -> None:
        task = self._tasks.get(id(stage))
        if self._display is not None and task is not None:
            self._display.update(task, total=stage.total, completed=stage.done,
                                 count=self._count(stage))

    @staticmethod
    def _count(stage: Stage) -> str:
        if not stage.total:
            return ""
        return f"{min(100, 100 * stage.done // stage.total):3d} %"

    @staticmethod
    def describe(stage: Stage) -> str:
        """``  2.41 s  players: MkDocs (38 pages)``."""
        detail = f" ({stage.detail})" if stage.detail else ""
        return f"{stage.seconds:6.2f} s  {stage.name}{detail}"

    def line(self, text: str) -> None:
        """Print a line above the live display (or plainly without one)."""
        if self._display is not None:
            self._display.console.print(text, markup=False)
        else:
            print(text, file=self.stream, flush=True)

    def close(self, summary: str | None = None) -> None:
        """End the display (it leaves nothing behind) and print ``summary``."""
        if self._display is not None:
            self._display.stop()
            self._display = None
        if summary is not None and not self.quiet:
            self.line(summary)

    def __enter__(self) -> Reporter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def count(n: int, noun: str) -> str:
    """``1 table``, ``3 tables``, ``2 matches`` (English: the command line speaks English).

    >>> count(1, "session"), count(2, "hex"), count(0, "file")
    ('1 session', '2 hexes', '0 files')
    """
    if n == 1:
        return f"1 {noun}"
    return f"{n} {noun}es" if noun.endswith(("x", "s", "ch")) else f"{n} {noun}s"


def silent() -> Reporter:
    """A reporter that shows nothing (the default of library calls)."""
    return Reporter("quiet", terminal=False)


__all__ = ["SHOW_AFTER", "Reporter", "Stage", "Verbosity", "count", "silent"]
