"""The GM's short commands, parsed into log entries (the dicts a hand-written log holds).

>>> from generator.play.commands import Vocabulary, parse
>>> v = Vocabulary(faces=("N", "NE", "SE", "S", "SW", "NW"), paths=("kings-road",),
...                locations=("greyhorn",), tables=("wolves",), members=("Aria Vell",),
...                resources=("lamp-oil", "doom"), creatures=("hask-wolves",),
...                is_label=lambda s: len(s) == 4 and s.isdigit())
>>> parse("travel ne cautious hustle 2", v).entry
{'travel': {'heading': 'NE', 'mode': ['cautious'], 'hustle_hours': 2}}
>>> parse("follow kings-road to 0403", v).entry
{'travel': {'follow': 'kings-road', 'toward': '0403'}}
>>> parse("use doom by Aria Vell", v).entry
{'use': {'resource': 'doom', 'by': 'Aria Vell'}}
>>> parse("ruling at 0508 lost believed 0507 found greyhorn note we said so", v).entry
{'ruling': {'hex': '0508', 'lost': True, 'believed': '0507', 'found': ['greyhorn'], \
'note': 'we said so'}}

Only the shape and the ids are checked here; the loader then checks the entry the way it
checks a hand-written one, and the replay adjudicates it.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from generator.diagnostics import N_, Text, suggest, typed

#: the commands, in the order ``help`` lists them
COMMANDS = ("travel", "toward", "follow", "landmark", "rest", "sleep", "camp", "search",
            "reorient", "encounter", "chase", "use", "reveal", "ruling", "note", "gm", "undo",
            "status",
            "look", "help", "quit")
ALIASES = {"exit": "quit", "q": "quit", "?": "help", "go": "travel"}
MODES = {"cautious": "cautious", "exploring": "exploring", "explore": "exploring",
         "foraging": "foraging", "forage": "foraging"}
REORIENT = {"north": "north", "new_course": "new_course", "new-course": "new_course",
            "course": "new_course", "backtrack": "backtrack"}
TRAVEL_WORDS = ("cautious", "exploring", "foraging", "hustle", "hours", "poor")
RULING_WORDS = ("at", "hex", "believed", "lost", "not-lost", "knows", "unaware", "found",
                "note")
CHASE_WORDS = ("urban", "wilderness", "quarry", "pursuers", "from", "party", "distance",
               "sight", "advantage", "rounds", "complications", "factor", "note")


class CommandError(Exception):
    """A command the GM mistyped: ``key`` names its message (the vocabulary's ``message``)."""

    def __init__(self, key: str, **values: Any) -> None:
        super().__init__(key)
        self.key = key
        self.values = values


@dataclass(frozen=True)
class Vocabulary:
    """The ids a command may name (and that completion offers)."""

    faces: tuple[str, ...]
    paths: tuple[str, ...] = ()
    locations: tuple[str, ...] = ()
    tables: tuple[str, ...] = ()
    members: tuple[str, ...] = ()
    resources: tuple[str, ...] = ()
    creatures: tuple[str, ...] = ()
    is_label: Callable[[str], bool] = field(default=lambda s: False)


@dataclass
class Command:
    """``name`` is the command; ``entry`` the log entry it makes (None for undo, status,
    help, quit and gm); ``text`` the free text of gm and help."""

    name: str
    entry: dict[str, Any] | None = None
    text: str = ""


def _split(rest: str) -> list[str]:
    try:
        return shlex.split(rest)
    except ValueError:  # an apostrophe in a name: plain words
        return rest.split()


def _number(word: str, what: str, low: int | None = None, high: int | None = None) -> int:
    try:
        n = int(word)
    except ValueError:
        raise CommandError("err.number", what=what, word=word) from None
    if (low is not None and n < low) or (high is not None and n > high):
        raise CommandError("err.range", what=what, word=word, low=low, high=high)
    return n


def _hours(word: str) -> int | float | str:
    if re.fullmatch(r"\d+", word):
        value: int | float | str = int(word)
    elif re.fullmatch(r"\d+\.\d+", word):
        value = float(word)
    elif re.fullmatch(r"\d+/\d+", word) and int(word.split("/")[1]):
        value = word
    else:
        raise CommandError("err.hours", word=word)
    if not 0 < Fraction(str(value)) <= 24:
        raise CommandError("err.hours", word=word)
    return value


def _pick(word: str, known: Sequence[str], what: Text) -> str:
    if word in known:
        return word
    folded = {k.casefold(): k for k in known}
    if word.casefold() in folded:
        return folded[word.casefold()]
    raise CommandError("err.unknown", what=what, word=word, hint=suggest(word, known),
                       known=typed(sorted(known)) or "-")


def _names(words: list[str], i: int, known: Sequence[str]) -> tuple[str | None, int]:
    """The longest run of words from ``i`` that is a known (multi-word) name."""
    folded = {k.casefold(): k for k in known}
    for j in range(len(words), i, -1):
        name = " ".join(words[i:j]).casefold()
        if name in folded:
            return folded[name], j
    return None, i


def _travel_options(words: list[str], out: dict[str, Any]) -> None:
    modes: list[str] = []
    i = 0
    while i < len(words):
        w = words[i].casefold()
        if w in MODES:
            if MODES[w] not in modes:
                modes.append(MODES[w])
        elif w == "normal":
            pass
        elif w == "hustle":
            if i + 1 < len(words) and re.fullmatch(r"\d+", words[i + 1]):
                out["hustle_hours"] = _number(words[i + 1], "hustle", 0, 4)
                i += 1
            elif "hustle" not in modes:
                modes.append("hustle")
        elif w == "hours":
            if i + 1 >= len(words):
                raise CommandError("err.missing", what="hours")
            out["hours"] = _hours(words[i + 1])
            i += 1
        elif w in ("poor", "fog", "dark"):
            out["visibility"] = "poor"
        elif w == "visibility" and i + 1 < len(words) and words[i + 1] in ("poor", "normal"):
            if words[i + 1] == "poor":
                out["visibility"] = "poor"
            i += 1
        else:
            raise CommandError("err.option", word=words[i], options=typed(TRAVEL_WORDS))
        i += 1
    if modes:
        out["mode"] = modes
    order = ("heading", "follow", "direction", "toward", "landmark", "mode", "hustle_hours",
             "visibility", "hours")
    ordered = {k: out[k] for k in order if k in out}
    out.clear()
    out.update(ordered)


def _label(word: str, v: Vocabulary) -> str:
    if not v.is_label(word):
        raise CommandError("err.label", word=word)
    return word


def parse(line: str, v: Vocabulary) -> Command:
    """Parse one command line; raises CommandError."""
    text = line.strip()
    if not text:
        raise CommandError("err.empty")
    head, _, rest = text.partition(" ")
    rest = rest.strip()
    name = ALIASES.get(head.casefold(), head.casefold())
    if name not in COMMANDS:
        raise CommandError("err.command", word=head, hint=suggest(head.casefold(), COMMANDS))
    if name in ("undo", "status", "look", "quit"):
        if rest:
            raise CommandError("err.extra", command=name, word=rest)
        return Command(name)
    if name == "help":
        return Command(name, text=rest)
    if name in ("note", "gm"):
        if not rest:
            raise CommandError("err.missing", what=name)
        return Command(name, {"note": rest} if name == "note" else None, rest)
    note: str | None = None
    if name in ("encounter", "chase", "use", "ruling"):
        # the note is free text to the end of the line (apostrophes and all)
        m = re.search(r"(?:^|\s)note(?:\s+|$)", rest)
        if m:
            rest, note = rest[:m.start()], rest[m.end():].strip()
    words = _split(rest)
    if note is not None:
        words += ["note", note]
    builder = _BUILDERS[name]
    return Command(name, builder(words, v))


def _travel(words: list[str], v: Vocabulary) -> dict[str, Any]:
    if not words:
        raise CommandError("err.heading", faces=typed(v.faces))
    face = words[0].upper()
    if face not in v.faces:
        if v.is_label(words[0]):  # "travel 0708" means toward
            return _toward(words, v)
        raise CommandError("err.face", word=words[0], faces=typed(v.faces))
    out: dict[str, Any] = {"heading": face}
    _travel_options(words[1:], out)
    return {"travel": out}


def _toward(words: list[str], v: Vocabulary) -> dict[str, Any]:
    if not words:
        raise CommandError("err.missing", what="hex")
    out: dict[str, Any] = {"toward": _label(words[0], v)}
    _travel_options(words[1:], out)
    return {"travel": out}


def _follow(words: list[str], v: Vocabulary) -> dict[str, Any]:
    if not words:
        raise CommandError("err.missing", what="path")
    out: dict[str, Any] = {"follow": _pick(words[0], v.paths, N_("path"))}
    rest = words[1:]
    if rest and rest[0].casefold() in ("to", "toward") and len(rest) > 1:
        out["toward"] = _label(rest[1], v)
        rest = rest[2:]
    elif rest and rest[0].casefold() in ("forward", "backward"):
        out["direction"] = rest[0].casefold()
        rest = rest[1:]
    elif rest and v.is_label(rest[0]):
        out["toward"] = rest[0]
        rest = rest[1:]
    _travel_options(rest, out)
    return {"travel": out}


def _landmark(words: list[str], v: Vocabulary) -> dict[str, Any]:
    if not words:
        raise CommandError("err.missing", what="landmark")
    ref = words[0] if v.is_label(words[0]) else _pick(words[0], v.locations, N_("location"))
    out: dict[str, Any] = {"landmark": ref}
    _travel_options(words[1:], out)
    return {"travel": out}


def _with_note(action: str, words: list[str]) -> dict[str, Any]:
    body: dict[str, Any] = {}
    if words:
        body["note"] = " ".join(words)
    return {action: body}


def _rest(words: list[str], v: Vocabulary) -> dict[str, Any]:
    return _with_note("rest", words)


def _sleep(words: list[str], v: Vocabulary) -> dict[str, Any]:
    return _with_note("sleep", words)


def _camp(words: list[str], v: Vocabulary) -> dict[str, Any]:
    forage = bool(words) and words[0].casefold() in ("forage", "foraging")
    rest = words[1:] if forage else words
    by: str | None = None
    if forage and rest and rest[0].casefold() == "by":
        by, j = _names(rest, 1, v.members)
        if by is None:
            raise CommandError("err.unknown", what=N_("member"), word=" ".join(rest[1:]) or "-",
                               hint=suggest(rest[1], v.members) if len(rest) > 1 else "",
                               known=typed(v.members) or "-")
        rest = rest[j:]
    entry = _with_note("camp", rest)
    if forage:
        entry["camp"] = {"forage": True, **({"by": by} if by else {}), **entry["camp"]}
    return entry


def _search(words: list[str], v: Vocabulary) -> dict[str, Any]:
    if len(words) > 1:
        raise CommandError("err.extra", command="search", word=" ".join(words[1:]))
    return {"search": {"target": _pick(words[0], v.locations, N_("location"))} if words else {}}


def _reorient(words: list[str], v: Vocabulary) -> dict[str, Any]:
    key = "_".join(w.casefold() for w in words)
    if key not in REORIENT:
        raise CommandError("err.reorient", word=" ".join(words) or "-")
    return {"reorient": {"method": REORIENT[key]}}


def _encounter(words: list[str], v: Vocabulary) -> dict[str, Any]:
    out: dict[str, Any] = {}
    i = 0
    while i < len(words):
        w = words[i]
        lw = w.casefold()
        if lw == "roll" and i + 1 < len(words):
            out["roll"] = _number(words[i + 1], "roll", 1)
            i += 2
            continue
        if lw in ("at", "location") and i + 1 < len(words):
            out["location"] = _pick(words[i + 1], v.locations, N_("location"))
            i += 2
            continue
        if lw == "note":
            out["note"] = " ".join(words[i + 1:])
            break
        if "table" not in out and w in v.tables:
            out["table"] = w
        elif "location" not in out and w in v.locations:
            out["location"] = w
        elif "table" in out and "roll" not in out and re.fullmatch(r"\d+", w):
            out["roll"] = int(w)
        elif "table" not in out:
            raise CommandError("err.unknown", what=N_("table"), word=w,
                               hint=suggest(w, v.tables), known=typed(v.tables) or "-")
        else:
            out["note"] = " ".join(words[i:])
            break
        i += 1
    order = ("table", "roll", "location", "note")
    return {"encounter": {k: out[k] for k in order if k in out}}


class NewCreature(str):
    """A chase participant the campaign does not declare: the loop asks for its speed and
    writes it inline (``{name: scouts, speed: 30}``, a form the loader accepts)."""

    __slots__ = ()


def new_creatures(entry: dict[str, Any]) -> list[NewCreature]:
    """The undeclared creatures a chase entry names."""
    chase = entry.get("chase")
    if not isinstance(chase, dict):
        return []
    return [a for side in ("quarry", "pursuers") if isinstance(chase.get(side), list)
            for a in chase[side] if isinstance(a, NewCreature)]


def _actors(words: list[str], i: int, v: Vocabulary) -> tuple[list[str], int]:
    known = tuple(v.creatures) + tuple(v.members)
    out: list[str] = []
    while i < len(words):
        if words[i].casefold() in CHASE_WORDS:
            break
        parts = [p for p in words[i].split(",") if p]
        if len(parts) > 1 or words[i].endswith(","):
            out.extend(_pick(p, known, N_("chase participant")) for p in parts)
            i += 1
            continue
        name, j = _names(words, i, known)
        if name is None:
            # creatures named at the table: play asks for their speed (``NewCreature``)
            j = i + 1
            while j < len(words) and words[j].casefold() not in CHASE_WORDS and \
                    _names(words, j, known)[0] is None and "," not in words[j]:
                j += 1
            if re.fullmatch(r"[\d.,+-]+", words[i]):
                raise CommandError("err.unknown", what=N_("chase participant"), word=words[i],
                                   hint=suggest(words[i], known),
                                   known=typed(known) or "-")
            out.append(NewCreature(" ".join(words[i:j])))
        else:
            out.append(name)
        i = j
    return out, i


def _chase(words: list[str], v: Vocabulary) -> dict[str, Any]:
    out: dict[str, Any] = {}
    factors: list[str] = []
    i = 0
    numbers = {"distance": (0, None), "sight": (0, None), "advantage": (-1, 1),
               "rounds": (1, 100)}
    while i < len(words):
        w = words[i].casefold()
        if w in ("urban", "wilderness"):
            out["environment"] = w
            i += 1
        elif w == "quarry":
            if i + 1 < len(words) and words[i + 1].casefold() == "party":
                out["quarry"] = "party"
                i += 2
            else:
                out["quarry"], i = _actors(words, i + 1, v)
        elif w in ("pursuers", "from"):
            if i + 1 < len(words) and words[i + 1].casefold() == "party":
                out["pursuers"] = "party"
                i += 2
            else:
                out["pursuers"], i = _actors(words, i + 1, v)
        elif w == "party":
            out["quarry"] = "party"
            i += 1
        elif w in numbers:
            if i + 1 >= len(words):
                raise CommandError("err.missing", what=w)
            low, high = numbers[w]
            out[w] = _number(words[i + 1], w, low, high)
            i += 2
        elif w == "complications":
            if i + 1 >= len(words):
                raise CommandError("err.missing", what=w)
            out["complications"] = _pick(words[i + 1], v.tables, N_("table"))
            i += 2
        elif w == "factor":
            if i + 1 >= len(words):
                raise CommandError("err.missing", what=w)
            factors.append(words[i + 1])
            i += 2
        elif w == "note":
            out["note"] = " ".join(words[i + 1:])
            break
        else:
            actors, i = _actors(words, i, v)
            out.setdefault("pursuers", [])
            if out["pursuers"] == "party":
                raise CommandError("err.option", word=words[i - 1],
                                   options=typed(CHASE_WORDS))
            out["pursuers"] = list(out["pursuers"]) + actors
    if factors:
        out["escape_factors"] = factors
    if not out.get("pursuers"):
        raise CommandError("err.pursuers")
    out.setdefault("environment", "wilderness")
    out.setdefault("quarry", "party")
    order = ("environment", "quarry", "pursuers", "distance", "sight", "advantage",
             "escape_factors", "rounds", "complications", "note")
    return {"chase": {k: out[k] for k in order if k in out}}


def _use(words: list[str], v: Vocabulary) -> dict[str, Any]:
    if not words:
        raise CommandError("err.missing", what="resource")
    out: dict[str, Any] = {"resource": _pick(words[0], v.resources, N_("resource"))}
    i = 1
    while i < len(words):
        w = words[i].casefold()
        if w == "by" and i + 1 < len(words):
            name, j = _names(words, i + 1, v.members)
            if name is None:
                raise CommandError("err.unknown", what=N_("member"), word=" ".join(words[i + 1:]),
                                   hint=suggest(words[i + 1], v.members),
                                   known=typed(v.members) or "-")
            out["by"] = name
            i = j
        elif w == "note":
            out["note"] = " ".join(words[i + 1:])
            break
        else:
            name, j = _names(words, i, v.members)
            if name is None or "by" in out:
                out["note"] = " ".join(words[i:])
                break
            out["by"] = name
            i = j
    return {"use": out}


def _reveal(words: list[str], v: Vocabulary) -> dict[str, Any]:
    if not words:
        raise CommandError("err.missing", what="reveal")
    return {"reveal": [w if v.is_label(w) else _pick(w, v.locations, N_("location"))
                       for w in words]}


def _ruling(words: list[str], v: Vocabulary) -> dict[str, Any]:
    """``ruling [at HEX] [lost | not-lost] [believed HEX] [knows | unaware] [found LOC ...]
    [note TEXT]``: what the table decided (format.md, "Rulings")."""
    out: dict[str, Any] = {}
    found: list[str] = []
    i = 0
    while i < len(words):
        w = words[i].casefold()
        if w in ("at", "hex", "believed"):
            if i + 1 >= len(words):
                raise CommandError("err.missing", what=w)
            out["believed" if w == "believed" else "hex"] = _label(words[i + 1], v)
            i += 2
            continue
        if w == "not" and i + 1 < len(words) and words[i + 1].casefold() == "lost":
            out["lost"] = False
            i += 2
            continue
        if w in ("lost", "not-lost", "found-way"):
            out["lost"] = w == "lost"
        elif w in ("knows", "knows-lost"):
            out["knows_lost"] = True
            if i + 1 < len(words) and words[i + 1].casefold() == "lost":
                i += 1
        elif w == "unaware":
            out["knows_lost"] = False
        elif w == "found":
            i += 1
            while i < len(words) and words[i].casefold() not in RULING_WORDS:
                found.append(_pick(words[i], v.locations, N_("location")))
                i += 1
            if not found:
                raise CommandError("err.missing", what="found")
            continue
        elif w == "note":
            out["note"] = " ".join(words[i + 1:])
            break
        else:
            raise CommandError("err.option", word=words[i], options=typed(RULING_WORDS))
        i += 1
    if found:
        out["found"] = found
    if not out or set(out) == {"note"}:
        raise CommandError("err.ruling")
    order = ("hex", "lost", "believed", "knows_lost", "found", "note")
    return {"ruling": {k: out[k] for k in order if k in out}}


_BUILDERS: dict[str, Callable[[list[str], Vocabulary], dict[str, Any]]] = {
    "travel": _travel, "toward": _toward, "follow": _follow, "landmark": _landmark,
    "rest": _rest, "sleep": _sleep, "camp": _camp, "search": _search, "reorient": _reorient,
    "encounter": _encounter, "chase": _chase, "use": _use, "reveal": _reveal,
    "ruling": _ruling,
}
