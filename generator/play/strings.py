"""Interface strings of ``hexcrawl play``: gettext messages, like the sites'.

The logger's sentences are gettext messages in its code (``pt.gettext(...)``); the catalogues in
``generator/i18n/locale`` translate them (README, "Interface languages"). Words the sites already
translate (activities, roll purposes, outcomes, faces, times) come from the sites' translator,
so the logger and the GM site say the same thing. The messages named by a key (a command
error carries its key; the help lists one line per command) are this module's vocabulary.
"""

from __future__ import annotations

from generator.i18n import N_, Msg
from generator.render.i18n import Translator

VOCABULARY: dict[str, dict[str, Msg]] = {
    # the help line of each command
    "help": {
        "head": N_("Commands (one watch each, unless marked *):"),
        "travel": N_("travel HEADING [cautious] [exploring] [foraging] [hustle [N]] [hours H] "
                     "[poor]   travel by a heading"),
        "toward": N_("toward HEX [options]   head for a hex"),
        "follow": N_("follow PATH [to HEX | forward | backward] [options]   follow a road, trail "
                     "or river"),
        "landmark": N_("landmark LOCATION|HEX [options]   head for a visible landmark"),
        "rest": N_("rest [note]   rest a watch (two in a row are a sleep)"),
        "sleep": N_("sleep [note]   a long rest"),
        "camp": N_("camp [forage [by MEMBER]] [note]   make camp (and forage)"),
        "search": N_("search [LOCATION]   search the hex (for a place)"),
        "reorient": N_("reorient north | new course | backtrack   find the way again"),
        "encounter": N_("encounter TABLE [roll N] [at LOCATION] [note TEXT]   an encounter the "
                        "GM calls"),
        "chase": N_("chase [urban|wilderness] [from CREATURES] [quarry ...] [distance FT] "
                    "[advantage -1..1] [factor TEXT] [note TEXT]   a chase (creatures not in "
                    "campaign.yaml are asked for their speed)"),
        "use": N_("use RESOURCE [by MEMBER] [note TEXT]   * roll a usage die (use doom by MEMBER "
                  "tempts fate)"),
        "reveal": N_("reveal LOCATION|HEX ...   * show places to the players"),
        "note": N_("note TEXT   * a line for the players' chronicle"),
        "gm": N_("gm TEXT   * a GM-only remark on the last entry"),
        "undo": N_("undo   * remove the last entry this run wrote"),
        "status": N_("status   * where the party is, its dice and the hex"),
        "look": N_("look   * the hex, its six neighbours and the landmarks in sight"),
        "help": N_("help   * this list"),
        "quit": N_("quit   * stop (asks for the session's summary; everything else is "
                   "already written)"),
        "rolls": N_("At a roll prompt: type the die (two values for advantage), Enter lets the "
                    "generator roll it, * lets it roll the rest of the entry, Ctrl-C drops the "
                    "entry."),
    },
    # messages named by a key: command errors, roll modes
    "message": {
        "roll.advantage": N_("advantage: the higher counts"),
        "roll.disadvantage": N_("disadvantage: the lower counts"),
        "roll.bsh_advantage": N_("advantage: the lower counts"),
        "roll.bsh_disadvantage": N_("disadvantage: the higher counts"),
        "error": N_("error: %(message)s"),
        "warning": N_("warning: %(message)s"),
        "err.empty": N_("type a command (help lists them)"),
        "err.command": N_("unknown command '%(word)s'%(hint)s (help lists them)"),
        "err.extra": N_("'%(command)s' takes nothing more (got '%(word)s')"),
        "err.missing": N_("'%(what)s' needs a value"),
        "err.number": N_("%(what)s: '%(word)s' is not a whole number"),
        "err.range": N_("%(what)s: %(word)s is out of range (%(low)s to %(high)s)"),
        "err.hours": N_("hours: '%(word)s' is not a number of hours such as 1, 2.5 or 3/2"),
        "err.unknown": N_("unknown %(what)s '%(word)s'%(hint)s (known: %(known)s)"),
        "err.option": N_("'%(word)s' is not an option here (options: %(options)s)"),
        "err.label": N_("'%(word)s' is not a hex label of this map"),
        "err.heading": N_("travel needs a heading (%(faces)s)"),
        "err.face": N_("'%(word)s' is not a face of this map's hexes (%(faces)s)"),
        "err.reorient": N_("reorient north, new course or backtrack (got '%(word)s')"),
        "err.pursuers": N_("a chase needs pursuers (chase from hask-wolves, or chase quarry ... "
                           "pursuers party)"),
    },
}


def translator(language: str) -> Translator:
    """The logger's strings in ``language`` (English for languages without a catalogue)."""
    return Translator(language, extra=VOCABULARY)
