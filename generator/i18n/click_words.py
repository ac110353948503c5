"""click's own errors (a usage error, a bad option value, an abort) in the user's language.

click words its errors with ``gettext.gettext`` of the standard library, whose language is
the process's (its domain, its folders and the ``LANGUAGE``/``LANG`` variables), not the
campaign's, and whose catalogues are ``.mo`` files. Rather than bind that process-wide
state, the program's group (``generator.console.TranslatedGroup``) catches click's
exception and words it again here: each message click can give is listed with its msgid as
click formats it (``No such option {name!r}.``) beside hexcrawl's message for it; the
values are read back from click's English text and put into the translation, a nested
message (``Invalid value for '--paper': ...``) translated the same way. A message of click's
not listed here stays as click wrote it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

import click

from generator.i18n.markers import N_, Msg

if TYPE_CHECKING:
    from generator.i18n import Translator

#: writes a command's usage line into a formatter, in the user's language
Usage = Callable[[click.Command, click.Context, click.HelpFormatter], None]

#: click's messages (its msgids as it formats them) and hexcrawl's; the first that matches
#: wins, so a message with a suggestion after it comes before the message alone
CLICK_MESSAGES: tuple[tuple[str, Msg], ...] = (
    ("{message} Did you mean {possibility}?", N_("%(message)s Did you mean %(possibility)s?")),
    ("{message} (Did you mean one of: {possibilities}?)",
     N_("%(message)s (Did you mean one of: %(possibilities)s?)")),
    ("No such option {name!r}.", N_("No such option %(name)s.")),
    ("No such option: {name}", N_("No such option %(name)s.")),
    ("No such command {name!r}.", N_("No such command %(name)s.")),
    ("Got unexpected extra argument ({args})", N_("Got unexpected extra argument (%(args)s)")),
    ("Got unexpected extra arguments ({args})",
     N_("Got unexpected extra arguments (%(args)s)")),
    ("Missing argument {name}.", N_("Missing argument %(name)s.")),
    ("Missing option {name}.", N_("Missing option %(name)s.")),
    ("Missing parameter {name}.", N_("Missing parameter %(name)s.")),
    ("Missing command.", N_("Missing command.")),
    ("Invalid value for {param_hint}: {message}",
     N_("Invalid value for %(param_hint)s: %(message)s")),
    ("Invalid value: {message}", N_("Invalid value: %(message)s")),
    ("{value!r} is not a valid integer.", N_("%(value)s is not a whole number.")),
    ("{value!r} is not a valid float.", N_("%(value)s is not a number.")),
    ("{value!r} is not one of {choices}.", N_("%(value)s is not one of %(choices)s.")),
    ("{value!r} is not {choice}.", N_("%(value)s is not %(choice)s.")),
    ("{value} is not in the range {range}.", N_("%(value)s is not in the range %(range)s.")),
    ("{value!r} does not match the format {format}.",
     N_("%(value)s does not match the format %(format)s.")),
    ("{value!r} does not match the formats {formats}.",
     N_("%(value)s does not match the formats %(formats)s.")),
    ("File {filename!r} does not exist.", N_("File %(filename)s does not exist.")),
    ("Directory {filename!r} does not exist.", N_("Folder %(filename)s does not exist.")),
    ("Path {filename!r} does not exist.", N_("Path %(filename)s does not exist.")),
    ("File {filename!r} is a directory.", N_("%(filename)s is a folder, not a file.")),
    ("Path {filename!r} is a directory.", N_("%(filename)s is a folder, not a file.")),
    ("Directory {filename!r} is a file.", N_("%(filename)s is a file, not a folder.")),
    ("Option {name!r} requires an argument.", N_("Option %(name)s needs a value.")),
    ("Option {name!r} requires {nargs} arguments.",
     N_("Option %(name)s needs %(nargs)s values.")),
    ("Option {name!r} does not take a value.", N_("Option %(name)s takes no value.")),
)

#: the values that hold a message of their own, translated in turn
NESTED = frozenset({"message"})


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], Msg], ...]:
    """Each click msgid as a pattern that reads its values back from the text."""
    out = []
    for template, msg in CLICK_MESSAGES:
        parts = re.split(r"\{(\w+)(?:!r)?\}", template)
        regex = "".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)"
                        for i, part in enumerate(parts))
        out.append((re.compile(regex, re.S), msg))
    return tuple(out)


def click_message(t: Translator, text: str) -> str:
    """One of click's messages in the language of ``t`` (as it is when it is not listed)."""
    if t.language == "en":
        return text
    for pattern, msg in _patterns():
        found = pattern.fullmatch(text)
        if found is not None:
            values = {k: click_message(t, v) if k in NESTED else v
                      for k, v in found.groupdict().items()}
            return t.msg(msg, **values)
    return text


def show_click_error(t: Translator, exc: click.ClickException | click.Abort,
                     usage: Usage) -> int:
    """Show click's error as click does (the usage, the hint, ``Error: ...``) in the
    language of ``t``; the exit status it asks for."""
    if isinstance(exc, click.Abort):
        click.echo(t.gettext("Aborted!"), err=True)
        return 1
    if isinstance(exc, click.UsageError) and exc.ctx is not None:
        ctx = exc.ctx
        formatter = ctx.make_formatter()
        usage(ctx.command, ctx, formatter)
        lines = formatter.getvalue().rstrip("\n")
        names = ctx.command.get_help_option_names(ctx)
        if ctx.command.get_help_option(ctx) is not None and names:
            lines += "\n" + t.gettext("Try '%(command)s' for help.", command=(
                f"{ctx.command_path} {max(names, key=len)}"))
        click.echo(lines + "\n", err=True, color=ctx.color)
    message = exc.format_message()
    if isinstance(exc, click.FileError):
        message = exc.message
    click.echo(t.gettext("Error: %(message)s", message=click_message(t, message)), err=True)
    return exc.exit_code
