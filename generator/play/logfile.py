"""The session log file as ``hexcrawl play`` writes it: append, undo, atomic writes.

The GM's own text is never re-emitted. A new entry is rendered on its own (ruamel.yaml, in
the style of the example logs: one line per key, flow mappings inside) and spliced in as text
after the last entry of ``log:``, indented like the entries already there; every comment,
blank line, quote and line break of the file stays byte for byte. After each splice the new
text is parsed again and must hold exactly the old document plus the new entry; only when it
does not (an unusual layout) does the writer fall back to a ruamel.yaml round trip, which
still keeps comments, key order and quoting.

Every write is atomic: a temporary file in the same folder, flushed and fsynced, then
``os.replace`` over the log, so a crash or a full disk leaves the old file or the new one,
never half of one.

``undo`` removes only an entry that this program appended in the current run: it cuts out
the exact text it spliced in, after checking that the entry is still the last one of the log.
Anything the GM wrote by hand, before or during the session, is never removed.
"""

from __future__ import annotations

import datetime as dt
import io
import os
import re
import signal
import tempfile
import textwrap
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, FoldedScalarString

from generator.content.schema import MODELINE, modeline

#: the width at which rendered entries wrap long notes
WIDTH = 96

#: keys whose values are hex labels: always written quoted ("0304"), never as a number
_LABEL_KEYS = frozenset({"toward", "landmark", "start", "hex", "believed"})


class LogFileError(Exception):
    """The session file cannot be changed as asked (the message says why)."""


def _yaml() -> YAML:
    y = YAML()
    y.preserve_quotes = True
    y.width = WIDTH
    y.indent(mapping=2, sequence=2, offset=0)
    return y


def plain(value: Any) -> Any:
    """ruamel's round-trip values as plain dicts, lists and scalars (for comparisons)."""
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, str):
        return str(value)
    return value


def folded(text: str, width: int) -> Any:
    """A long note as a folded block scalar (``>-``) wrapped at ``width``, the way the
    example logs write them; text that folding would change stays as it is."""
    if len(text) <= width or "\n" in text or "  " in text or text != text.strip() \
            or "\t" in text:
        return text
    lines = textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False)
    if " ".join(lines) != text:
        return text
    out = FoldedScalarString(text)
    positions: list[int] = []
    at = 0
    for line in lines[:-1]:
        at += len(line)
        positions.append(at)
        at += 1
    out.fold_pos = positions
    return out


def _styled(value: Any, key: str | None = None, depth: int = 0) -> Any:
    """The entry as ruamel nodes: the entry's own keys in block style, everything inside
    in flow style (``travel: {heading: N}``), labels quoted, long notes folded."""
    if depth == 1 and isinstance(value, str) and key in ("note", "gm"):
        return folded(value, WIDTH - 12)
    if isinstance(value, Mapping):
        out = CommentedMap()
        for k, v in value.items():
            out[k] = _styled(v, str(k), depth + 1)
        if depth >= 1:
            out.fa.set_flow_style()
        return out
    if isinstance(value, list | tuple):
        seq = CommentedSeq(_styled(v, key, depth + 1) for v in value)
        seq.fa.set_flow_style()
        return seq
    if isinstance(value, str) and (key in _LABEL_KEYS or key == "reveal"
                                   or re.fullmatch(r"\d+", value)):
        return DoubleQuotedScalarString(value)
    return value


def _flow_rolls(rolls: Mapping[str, Any], width: int) -> str | None:
    """``rolls: {navigation: 14, encounter: [7]}`` wrapped between items, continuation lines
    under the first item, as the example logs write them; None when a key or value is not
    a plain purpose and number(s)."""
    # words that may end a line: "navigation: 14," "march: [12," "9," "6],"
    words: list[str] = []
    for key, value in rolls.items():
        if not re.fullmatch(r"[a-z][a-z0-9_]*", str(key)):
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            words.append(f"{key}: {value},")
        elif isinstance(value, list | tuple) and value and all(
                isinstance(v, int) and not isinstance(v, bool) for v in value):
            numbers = [f"{v}," for v in value]
            numbers[0] = f"{key}: [{numbers[0]}"
            numbers[-1] = numbers[-1][:-1] + "],"
            words.extend(numbers)
        else:
            return None
    head = "rolls: {"
    if not words:
        return head + "}\n"
    words[-1] = words[-1][:-1] + "}"
    lines: list[str] = []
    line = ""
    for word in words:
        if line and len(head) + len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return head + ("\n" + " " * len(head)).join(lines) + "\n"


def render_entry(entry: Mapping[str, Any], indent: int = 2) -> str:
    """The YAML text of one log entry as a sequence item whose dash is at ``indent``."""
    width = max(40, WIDTH - indent - 2)
    parts: list[str] = []
    for key, value in entry.items():
        text = _flow_rolls(value, width) if key == "rolls" and isinstance(value, Mapping) \
            else None
        if text is None:
            buf = io.StringIO()
            y = _yaml()
            y.width = width
            node = CommentedMap()
            node[key] = _styled(value, str(key), 1)
            y.dump(node, buf)
            text = buf.getvalue()
        parts.append(text)
    out: list[str] = []
    for n, line in enumerate("".join(parts).splitlines()):
        line = line.rstrip()  # ruamel leaves a space before the breaks it makes
        if not line:
            out.append("\n")
            continue
        out.append(" " * indent + ("- " if n == 0 else "  ") + line + "\n")
    return "".join(out)


def load_text(text: str, path: str = "<log>") -> Any:
    try:
        return _yaml().load(text)
    except YAMLError as exc:
        raise LogFileError(f"{path}: cannot read the session file: {exc}") from exc


def atomic_write(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` atomically (same-folder temp file, fsync, replace)."""
    folder = path.parent
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        try:
            os.chmod(tmp, path.stat().st_mode & 0o7777)
        except FileNotFoundError:
            os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory fds
        return
    try:
        os.fsync(dir_fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(dir_fd)


@contextmanager
def uninterrupted() -> Iterator[None]:
    """Hold Ctrl-C while the file and the undo stack change together; it arrives after."""
    if threading.current_thread() is not threading.main_thread() or \
            not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def _top_key_lines(doc: CommentedMap) -> list[tuple[str, int]]:
    return [(str(k), int(doc.lc.key(k)[0])) for k in doc]


def splice_append(text: str, entry: Mapping[str, Any]) -> tuple[str, str]:
    """``text`` with ``entry`` appended to its ``log:``; returns (new text, the chunk added).

    Raises LogFileError when the file is not a session log this function can extend."""
    doc = load_text(text)
    if not isinstance(doc, CommentedMap):
        raise LogFileError("the session file is not a YAML mapping")
    lines = _lines(text)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    keys = _top_key_lines(doc)
    log = doc.get("log")
    after = [line for k, line in keys if line > (doc.lc.key("log")[0] if "log" in doc else -1)]
    if isinstance(log, CommentedSeq) and len(log) and log.fa.flow_style() is not True:
        first_line = int(log.lc.item(0)[0])
        dash = len(lines[first_line]) - len(lines[first_line].lstrip(" "))
        chunk = render_entry(entry, dash)
        if after:
            at = min(after)
            # comments and blank lines at column 0 just above the next key belong to it
            while at > first_line and (not lines[at - 1].strip()
                                       or lines[at - 1].startswith("#")):
                at -= 1
        else:
            at = len(lines)
        new_lines = lines[:at] + [chunk] + lines[at:]
        return "".join(new_lines), chunk
    if "log" in doc and (log is None or (isinstance(log, CommentedSeq) and not len(log))) \
            and not after:
        # `log:`, `log: []` or `log: null` as the last key: the entries follow it
        key_line = int(doc.lc.key("log")[0])
        chunk = render_entry(entry, 2)
        head = lines[:key_line]
        return "".join(head) + "log:\n" + chunk, chunk
    if "log" not in doc:
        chunk = render_entry(entry, 2)
        return "".join(lines) + "log:\n" + chunk, chunk
    raise LogFileError("the session file's 'log:' has a layout play does not extend "
                       "(write it as a block list, one '- ' entry per line)")


def roundtrip_append(text: str, entry: Mapping[str, Any]) -> str:
    """The fallback: append through a ruamel.yaml round trip (comments and quotes kept)."""
    y = _yaml()
    y.indent(mapping=2, sequence=4, offset=2)
    doc = load_text(text)
    if not isinstance(doc, CommentedMap):
        raise LogFileError("the session file is not a YAML mapping")
    log = doc.get("log")
    if not isinstance(log, CommentedSeq):
        log = CommentedSeq()
        doc["log"] = log
    log.fa.set_block_style()
    log.append(_styled(entry))
    buf = io.StringIO()
    y.dump(doc, buf)
    return buf.getvalue()


def parsed(text: str) -> tuple[list[Any], dict[str, Any]]:
    """(the log entries, every other key) as plain data, for checking a change (libyaml's
    fast parser: the comparisons need values, not formatting)."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        doc = yaml.load(text, Loader=loader)  # noqa: S506 - a safe loader
    except yaml.YAMLError as exc:
        raise LogFileError(f"cannot read the session file: {exc}") from exc
    if not isinstance(doc, dict):
        return [], {}
    log = doc.get("log")
    return (list(log) if isinstance(log, list) else []), \
        {str(k): v for k, v in doc.items() if k != "log"}


def log_of(text: str) -> list[Any]:
    return parsed(text)[0]


def append_text(text: str, entry: Mapping[str, Any]) -> tuple[str, str | None]:
    """(new text, the spliced chunk or None when the round-trip fallback was used)."""
    old_log, want_rest = parsed(text)
    want_log = old_log + [plain(dict(entry))]
    try:
        new, chunk = splice_append(text, entry)
        if parsed(new) == (want_log, want_rest):
            return new, chunk
    except LogFileError:
        pass
    new = roundtrip_append(text, entry)
    if parsed(new) != (want_log, want_rest):
        raise LogFileError("cannot append to the session file without changing what it "
                           "says; check its 'log:' list")
    return new, None


@dataclass
class Appended:
    """One entry this run appended: what it was and the text spliced in for it."""

    entry: dict[str, Any]
    chunk: str | None


@dataclass
class SessionLog:
    """One session file and the entries this run appended to it (the undo stack)."""

    path: Path
    appended: list[Appended] = field(default_factory=list)
    created: bool = False

    def read(self) -> str:
        try:
            return self.path.read_text(encoding="utf-8")
        except OSError as exc:
            raise LogFileError(f"{self.path}: cannot read: {exc.strerror}") from exc

    def candidate(self, entry: Mapping[str, Any]) -> str:
        """The file's text with ``entry`` appended (nothing is written)."""
        return append_text(self.read(), entry)[0]

    def write(self, text: str) -> None:
        """Replace the file with ``text``; a folder or file that cannot be written is a
        ``LogFileError`` (the file is then as it was)."""
        try:
            atomic_write(self.path, text)
        except OSError as exc:
            raise LogFileError(f"{self.path}: cannot write: {exc.strerror or exc}") from exc

    def append(self, entry: Mapping[str, Any]) -> None:
        new, chunk = append_text(self.read(), entry)
        with uninterrupted():
            self.write(new)
            self.appended.append(Appended(dict(entry), chunk))

    def entries(self) -> list[Any]:
        return log_of(self.read())

    def _without_last(self, text: str) -> str:
        """``text`` without the last entry this run appended; refuses when that entry is
        not the log's last one any more (the GM edited the file)."""
        if not self.appended:
            raise LogFileError("nothing to undo: play has appended no entry in this run "
                               "(entries written before are the GM's to edit)")
        last = self.appended[-1]
        log, want_rest = parsed(text)
        if not log or log[-1] != plain(last.entry):
            raise LogFileError("the last entry of the file is not the one play appended "
                               "(the file was edited): edit the file by hand instead")
        want = (log[:-1], want_rest)
        if last.chunk is not None:
            at = text.rfind(last.chunk)
            if at >= 0:
                new = text[:at] + text[at + len(last.chunk):]
                if parsed(new) == want:
                    return new
        y = _yaml()
        y.indent(mapping=2, sequence=4, offset=2)
        doc = load_text(text)
        del doc["log"][-1]
        buf = io.StringIO()
        y.dump(doc, buf)
        new = buf.getvalue()
        if parsed(new) != want:
            raise LogFileError("cannot remove the entry without changing the rest of the "
                               "file: edit it by hand")
        return new

    def undo(self) -> dict[str, Any]:
        """Remove the last entry this run appended; returns it."""
        new = self._without_last(self.read())
        with uninterrupted():
            self.write(new)
            return self.appended.pop().entry

    def replace_last(self, entry: Mapping[str, Any]) -> None:
        """Rewrite the last entry this run appended (a GM remark added to it)."""
        without = self._without_last(self.read())
        new, chunk = append_text(without, entry)
        with uninterrupted():
            self.write(new)
            self.appended[-1] = Appended(dict(entry), chunk)


def header_text(number: int, title: str, date: dt.date | None,
                modeline: str | None = None) -> str:
    """The opening of a new session file (after the editor's schema line, when given)."""
    doc = CommentedMap()
    doc["session"] = number
    if date:
        doc["date"] = date
    doc["title"] = title
    buf = io.StringIO()
    _yaml().dump(doc, buf)
    head = f"{modeline}\n" if modeline else ""
    return head + buf.getvalue() + "log: []\n"


def schema_line(folder: Path, existing: Sequence[Path]) -> str:
    """The ``# yaml-language-server: $schema=`` line of a new session file: the one the
    campaign's other session files carry, else the one ``hexcrawl new`` writes."""
    for p in reversed(existing):
        try:
            with p.open(encoding="utf-8") as f:
                first = f.readline().strip()
        except (OSError, UnicodeDecodeError):
            continue
        if first.startswith(MODELINE):
            return first
    return modeline("sessions/new.yaml") or ""


def _scalar_lines(key: str, value: str) -> str:
    buf = io.StringIO()
    doc = CommentedMap()
    doc[key] = folded(value, WIDTH - 4)
    _yaml().dump(doc, buf)
    return buf.getvalue()


def with_header(text: str, values: Mapping[str, str]) -> str:
    """``text`` with top-level keys (``title``, ``summary``) set, every other byte kept:
    a key the file lacks goes right before ``log:``, one it has is replaced when it is a
    single line. Raises LogFileError when the file cannot be changed that way."""
    doc = load_text(text)
    if not isinstance(doc, CommentedMap) or "log" not in doc:
        raise LogFileError("the session file has no top-level 'log:'")
    lines = _lines(text)
    want = {k: v for k, v in plain(doc).items()}
    for key, value in values.items():
        want[key] = value
        chunk = _scalar_lines(key, value)
        if key in doc:
            at = int(doc.lc.key(key)[0])
            after = [n for _, n in _top_key_lines(doc) if n > at]
            end = min(after) if after else len(lines)
            if end - at != 1:
                raise LogFileError(f"'{key}:' spans several lines: edit it by hand")
            lines[at:at + 1] = [chunk]
        else:
            at = int(doc.lc.key("log")[0])
            lines[at:at] = [chunk]
        new = "".join(lines)
        doc = load_text(new)
        lines = _lines(new)
    result = "".join(lines)
    if plain(load_text(result)) != want:
        raise LogFileError("cannot set the session's title and summary without changing the "
                           "rest of the file: edit it by hand")
    return result


def next_session_path(folder: Path, number: int, title: str, existing: Sequence[Path],
                      slug: str) -> Path:
    """``sessions/07-slug.yaml``: numbered like the files already there (two digits by
    default), never overwriting one."""
    width = 2
    for p in existing:
        m = re.match(r"(\d+)", p.name)
        if m:
            width = max(width, len(m.group(1)))
    base = f"{number:0{width}d}-{slug}" if slug else f"{number:0{width}d}"
    path = folder / f"{base}.yaml"
    n = 2
    while path.exists():
        path = folder / f"{base}-{n}.yaml"
        n += 1
    return path
