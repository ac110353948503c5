"""``hexcrawl print`` as a command group (generator/cli/print_cmd.py), parsed without printing:
the forms from before the group (``hexcrawl print``, ``hexcrawl print travel``, options before
``map``) run the same command with the same options as the new ones (``print sheets``,
``print map``, ``print booklet``), and each command's ``--help`` lists only its own options.
``test_print_forms.py`` prints both forms with Chromium and compares the PDFs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.cli.print_cmd import command_first, print_group


def parsed(*args: str) -> tuple[str, dict[str, Any]]:
    """The command ``hexcrawl print ARGS`` runs and the values of its options, as click
    would hand them to it (``PrintGroup.parse_args`` puts the command word first)."""
    with print_group.make_context("print", list(args)) as ctx:
        name, *rest = command_first(args, print_group.commands,
                                    print_group.value_options(ctx))
        command = print_group.commands[name]
        with command.make_context(name, rest, parent=ctx) as sub:
            return name, sub.params


@pytest.mark.parametrize("old, new", [
    ([], ["sheets"]),
    (["travel", "gm-screen"], ["sheets", "travel", "gm-screen"]),
    (["--paper", "Letter", "--language", "uk", "travel", "gm-screen"],
     ["sheets", "travel", "gm-screen", "--language", "uk", "--paper", "Letter"]),
    (["checks-brp", "--system", "brp", "--out", "pdf"],
     ["sheets", "--out", "pdf", "--system", "brp", "checks-brp"]),
    (["--audience", "players"], ["sheets", "--audience", "players"]),
    (["--paper", "A3", "--audience", "players", "map", "--poster", "--hex-size", "30"],
     ["map", "--poster", "--hex-size", "30", "--paper", "A3", "--audience", "players"]),
    (["--orientation", "landscape", "map"], ["map", "--orientation", "landscape"]),
    (["--language", "ru", "booklet", "--paper", "Letter"],
     ["booklet", "--paper", "Letter", "--language", "ru"]),
    (["booklet", "--audience", "gm"], ["booklet"]),
])
def test_the_old_forms_run_the_same_command_with_the_same_options(
        old: list[str], new: list[str]) -> None:
    assert parsed(*old) == parsed(*new)


def test_an_options_value_is_never_taken_for_a_command() -> None:
    """``--out map`` is a folder named map: the sheets print there."""
    name, params = parsed("--out", "map", "travel")
    assert name == "sheets"
    assert params["out"] == Path("map") and params["names"] == ("travel",)
    name, params = parsed("--content", "booklet", "map")
    assert name == "map" and params["content"] == Path("booklet")


def test_what_each_command_defaults_to() -> None:
    name, params = parsed()
    assert name == "sheets"
    assert params["names"] == () and params["paper"] == "A4" and params["audience"] == "gm"
    assert parsed("map")[1]["audience"] == "both"
    assert parsed("booklet")[1]["systems"] == ()


@pytest.mark.parametrize("args", [
    ["map", "travel"],                  # the map on its own, the sheets in another run
    ["map", "--system", "brp"],         # the map has no check system
    ["--poster"],                       # the sheets are no poster
    ["--paper", "A3"],                  # the sheets print on A4 or Letter
    ["booklet", "--paper", "Tabloid"],
    ["booklet", "--audience", "players"],   # the booklet is the GM's
    ["sheets", "--audience", "both"],
])
def test_what_a_command_does_not_take_is_a_usage_error(args: list[str]) -> None:
    result = CliRunner().invoke(main, ["print", *args])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output


def help_of(*args: str) -> str:
    result = CliRunner().invoke(main, ["print", *args, "--help"])
    assert result.exit_code == 0, result.output
    return result.output


def test_each_commands_help_lists_only_its_options() -> None:
    group = help_of()
    for command in ("sheets", "map", "booklet"):
        assert command in group
    sheets, printed_map, booklet = help_of("sheets"), help_of("map"), help_of("booklet")
    for option in ("--poster", "--hex-size", "--orientation"):
        assert option in printed_map and option not in sheets and option not in booklet
    assert "--system" in sheets and "--system" in booklet and "--system" not in printed_map
    assert "--audience" in sheets and "--audience" not in booklet
    assert "Tabloid" in printed_map and "Tabloid" not in sheets
    # the old form's --help is the sheets' (options before it are the sheets')
    assert help_of("travel") == sheets
