"""Reading the GM's input: prompt_toolkit on a terminal, plain lines from a pipe.

On a terminal the prompt completes commands, headings valid for the map's orientation,
and the ids a command takes (paths, locations, tables, members, resources, creatures), and
keeps a history. With stdin not a terminal (a script, a test, ``< commands.txt``) lines are
read as they come, without prompt_toolkit, and each is echoed after its prompt so the
transcript reads like a session.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Protocol, TextIO

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys

from generator.diagnostics import terminal_text
from generator.play.commands import ALIASES, COMMANDS, MODES, REORIENT, Vocabulary


class Input(Protocol):
    """Where commands and rolls come from. Both raise EOFError at the end of input and
    KeyboardInterrupt on Ctrl-C."""

    interactive: bool

    def command(self, prompt: str) -> str: ...

    def answer(self, prompt: str) -> str: ...


class PlainInput:
    """Lines from a stream (piped stdin): no prompt_toolkit, no terminal control codes."""

    interactive = False

    def __init__(self, stream: TextIO | None = None, out: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stdin
        self.out = out if out is not None else sys.stdout

    def _read(self, prompt: str) -> str:
        self.out.write(terminal_text(prompt))
        self.out.flush()
        line = self.stream.readline()
        if not line:
            self.out.write("\n")
            raise EOFError
        text = line.rstrip("\r\n")
        self.out.write(terminal_text(text) + "\n")
        self.out.flush()
        return text

    def command(self, prompt: str) -> str:
        return self._read(prompt)

    def answer(self, prompt: str) -> str:
        return self._read(prompt)


def _words_for(name: str, args: list[str], v: Vocabulary) -> Iterable[str]:
    """What may come next after ``name`` and the complete words ``args``."""
    travel_opts = ("cautious", "exploring", "foraging", "hustle", "hours", "poor")
    if name == "travel":
        return v.faces if not args else travel_opts
    if name == "toward":
        return () if not args else travel_opts
    if name == "follow":
        if not args:
            return v.paths
        if len(args) == 1:
            return ("to", "forward", "backward", *travel_opts)
        return travel_opts
    if name == "landmark":
        return v.locations if not args else travel_opts
    if name == "camp":
        return ("forage",) if not args else ()
    if name == "search":
        return v.locations if not args else ()
    if name == "reorient":
        return ("north", "new course", "backtrack") if not args else ()
    if name == "encounter":
        if not args:
            return (*v.tables, *v.locations)
        if args[-1] in ("at", "location"):
            return v.locations
        return ("roll", "at", "note")
    if name == "chase":
        if args and args[-1] == "complications":
            return v.tables
        if args and args[-1] in ("distance", "sight", "advantage", "rounds", "factor",
                                 "note"):
            return ()
        return ("urban", "wilderness", "from", "quarry", "pursuers", "party", "distance",
                "advantage", "sight", "rounds", "factor", "complications", "note",
                *v.creatures, *v.members)
    if name == "use":
        if not args:
            return v.resources
        if args[-1] == "by":
            return v.members
        return ("by", "note")
    if name == "reveal":
        return v.locations
    if name == "ruling":
        if args and args[-1] in ("at", "hex", "believed", "note"):
            return ()
        if "found" in args:
            return (*v.locations, "note")
        return ("at", "lost", "not lost", "believed", "knows", "unaware", "found", "note")
    if name == "help":
        return COMMANDS if not args else ()
    return ()


class PlayCompleter(Completer):
    """Completion of commands, headings and ids."""

    def __init__(self, vocabulary: Vocabulary) -> None:
        self.vocabulary = vocabulary

    def get_completions(self, document: Document,
                        complete_event: CompleteEvent) -> Iterable[Completion]:
        text = document.text_before_cursor
        words = text.split()
        partial = "" if (not text or text[-1].isspace()) else words[-1]
        done = words if not partial else words[:-1]
        if not done:
            options: Iterable[str] = COMMANDS
        else:
            name = ALIASES.get(done[0].casefold(), done[0].casefold())
            if name in ("note", "gm"):
                return
            options = _words_for(name, [w.casefold() if w.casefold() in MODES or
                                        w.casefold() in REORIENT else w for w in done[1:]],
                                 self.vocabulary)
        low = partial.casefold()
        seen: set[str] = set()
        for option in options:
            if option in seen:
                continue
            seen.add(option)
            if option.casefold().startswith(low):
                yield Completion(option, start_position=-len(partial))


def _no_mouse() -> KeyBindings:
    """Bindings that drop what reads as a mouse report. Play never turns mouse reporting on,
    so such a sequence is one typed or pasted at the prompt (``ESC[31m``), which
    prompt_toolkit's own mouse handler would fail to parse, ending the prompt."""
    bindings = KeyBindings()

    @bindings.add(Keys.Vt100MouseEvent)
    def _drop(event: KeyPressEvent) -> None:
        return None

    return bindings


class TerminalInput:
    """prompt_toolkit with completion and history, for a GM at a terminal."""

    interactive = True

    def __init__(self, vocabulary: Vocabulary | None = None) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory

        self.completer = PlayCompleter(vocabulary or Vocabulary(faces=()))
        self.session: PromptSession[str] = PromptSession(history=InMemoryHistory(),
                                                         key_bindings=_no_mouse())
        self.rolls: PromptSession[str] = PromptSession(key_bindings=_no_mouse())

    def set_vocabulary(self, vocabulary: Vocabulary) -> None:
        self.completer.vocabulary = vocabulary

    def command(self, prompt: str) -> str:
        return self.session.prompt(terminal_text(prompt), completer=self.completer,
                                   complete_while_typing=False)

    def answer(self, prompt: str) -> str:
        return self.rolls.prompt(terminal_text(prompt))
