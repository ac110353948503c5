"""The words looked up by a value of the data: ``t.label(family, value)``.

One vocabulary for everything that prints interface strings: the sites' pages, the reference
sheets and ``hexcrawl play``. Each family maps the values the replay, the content and the
rules' tables produce (an activity, a roll's purpose, a terrain id, a condition) to a message
marked for translation; ``pybabel extract`` finds the markers (``N_``, ``NP_``) and the
catalogues in ``generator/i18n/locale`` translate them. A value missing from its family prints
as itself where the caller gives a default.

Where the sites and the sheets say the same thing differently, the families have their own
names: ``face`` ("north-east") and ``face_short`` ("NE"), ``mount`` ("horse") and
``mount_title`` ("Horse"), ``reaction`` ("hostile") and ``reaction_phrase`` ("are hostile"),
``audience`` ("GM only") and ``audience_short`` ("GM").

The sheets' rules come from the seeds (Russian and Ukrainian texts of published games); the
numbers carry over as facts, the sentences are ours.
"""

from __future__ import annotations

from generator.i18n.markers import N_, NP_, Msg

VOCABULARY: dict[str, dict[str, Msg]] = {
    # -- the sites (also the sheets': terrain, density; the printed map's legend: path, icon;
    #    hexcrawl play's: activity, purpose, outcome, reaction, face, watch ...)
    # a usage die's state (a die size prints as itself)
    "die": {
        "exhausted": N_("exhausted"),
    },
    # mounts and vehicles
    "mount": {
        "horse": N_("horse"),
        "pony": N_("pony"),
        "riding_dog": N_("riding dog"),
        "cart": N_("cart"),
        "wagon": N_("wagon"),
    },
    # kinds of path
    "path": {
        "highway": N_("highway"),
        "road": N_("road"),
        "trail": N_("trail"),
        "river": N_("river"),
    },
    # how a location is found
    "visibility": {
        "normal": N_("normal"),
        "visible": N_("visible from afar"),
        "hidden": N_("hidden"),
    },
    # how the players know a hex (the GM's hex key; rules.chronicle.KNOWN_HOW)
    "known": {
        "explored": N_("explored by the players"),
        "seen": N_("seen from afar by the players"),
        "revealed": N_("revealed to the players"),
    },
    # location icons on the map (its legend: what each icon stands for)
    "icon": {
        "village": N_("village, farm, inn"),
        "town": N_("town"),
        "city": N_("city"),
        "castle": N_("castle, keep, fort"),
        "tower": N_("tower"),
        "ruin": N_("ruin"),
        "cave": N_("cave, dungeon, lair"),
        "temple": N_("temple, shrine"),
        "camp": N_("camp"),
        "bridge": N_("bridge"),
        "ford": N_("ford, ferry"),
        "stones": N_("landmark, standing stones"),
        "tomb": N_("tomb, graves"),
        "spring": N_("spring, well, falls"),
        "tree": N_("lone tree, grove"),
        "peak": N_("peak"),
        "point": N_("other place"),
    },
    # forest densities
    "density": {
        "sparse": N_("sparse"),
        "medium": N_("medium"),
        "dense": N_("dense"),
    },
    # outcomes of a roll
    "outcome": {
        "success": N_("success"),
        "failure": N_("failure"),
        "critical": N_("critical success"),
        "critical_success": N_("critical success"),
        "critical_failure": N_("critical failure"),
        "special": N_("special success"),
        "fumble": N_("fumble"),
        "encounter": N_("encounter"),
        "none": N_("none"),
    },
    # what a watch was spent on
    "activity": {
        "travel": NP_("activity", "Travel"),
        "rest": N_("Rest"),
        "camp": N_("Camp"),
        "sleep": N_("Sleep"),
        "search": N_("Search"),
        "reorient": N_("Reorient"),
        "encounter": N_("Encounter"),
        "chase": N_("Chase"),
    },
    # kinds of encounter
    "encounter": {
        "wandering": N_("wandering"),
        "keyed": N_("keyed"),
        "logged": N_("logged"),
        "search": N_("search"),
        "chase": N_("chase"),
    },
    # what a roll was for
    "purpose": {
        "navigation": N_("Navigation"),
        "distance": N_("Distance"),
        "veer": N_("Veer"),
        "realise": N_("Realise lost"),
        "encounter": NP_("roll purpose", "Encounter check"),
        "forage": N_("Forage"),
        "march": N_("Forced march"),
        "reorient": N_("Reorient"),
        "reaction": N_("Reaction"),
        "table": N_("Table"),
        "search": N_("Search"),
        "moment": N_("Moment"),
        "use": N_("Usage die"),
        "doom": N_("Doom die"),
    },
    # reactions of an encounter
    "reaction": {
        "attacks": N_("attacks"),
        "hostile": N_("hostile"),
        "cautious": N_("cautious"),
        "neutral": N_("neutral"),
        "friendly": N_("friendly"),
    },
    # why a usage die was rolled
    "reason": {
        "tempting_fate": N_("tempting fate"),
        "use": N_("used"),
        "doom": N_("doom (critical failure)"),
        "long_rest": N_("long rest"),
        "declared": N_("declared"),
    },
    # who a roll table is for
    "audience": {
        "gm": N_("GM only"),
        "players": N_("shown to players"),
    },
    # moments of the GM's timeline
    "moment": {
        "lost": N_("The party strays off course"),
        "realised": N_("The party realises it is lost"),
        "reanchored": N_("The party knows where it is again"),
    },
    # the six watches of a day, by number
    "watch": {
        "1": N_("small hours"),
        "2": N_("dawn"),
        "3": N_("morning"),
        "4": N_("afternoon"),
        "5": N_("evening"),
        "6": N_("night"),
    },
    # built-in terrain
    "terrain": {
    "desert": N_("Desert"),
    "forest": N_("Forest"),
    "hills": N_("Hills"),
    "jungle": N_("Jungle"),
    "moor": N_("Moor"),
    "mountains": N_("Mountains"),
    "plains": N_("Plains"),
    "swamp": N_("Swamp"),
    "tundra": N_("Tundra"),
    "lake": N_("Lake"),
    "sea": N_("Sea"),
    },
    # headings written out
    "face": {
        "N": N_("north"),
        "NE": N_("north-east"),
        "E": N_("east"),
        "SE": N_("south-east"),
        "S": N_("south"),
        "SW": N_("south-west"),
        "W": N_("west"),
        "NW": N_("north-west"),
    },
    # -- the reference sheets
    # titles of the reference pages
    "page": {
        "index": N_("Rules reference"),
        "travel": N_("Travel"),
        "hex-progress": N_("Hex progress"),
        "navigation": N_("Navigation"),
        "getting-lost": N_("Getting lost"),
        "encounters": N_("Encounters, finding places, foraging"),
        "checks-d20": N_("Checks: d20"),
        "checks-brp": N_("Checks: Basic Roleplaying"),
        "checks-bsh": N_("Checks: Black Sword Hack"),
        "modifiers": N_("Visibility, range, cover, conditions"),
        "chases": N_("Chases"),
        "facing": N_("Facing"),
        "tables": N_("Roll tables"),
        "gm-screen": N_("GM screen"),
    },
    # what each reference page holds
    "blurb": {
        "travel": N_("speeds, travel modes, terrain, hustle and forced march"),
        "hex-progress": N_("miles needed to leave a hex by each face"),
        "navigation": N_("when to check, the DCs and what changes them"),
        "getting-lost": N_("veer, realising it, finding the way again"),
        "encounters": N_("the encounter die, how places are found, reactions, food"),
        "checks-d20": N_("degrees of success and the scaled advantage ladder"),
        "checks-brp": N_("success levels, difficulty, opposed rolls, resistance table"),
        "checks-bsh": N_("roll under, advantage, usage dice and doom"),
        "modifiers": N_("bonus and penalty dice for sight, range, cover and conditions"),
        "chases": N_("dashing, escaping, complications"),
        "facing": N_("front, side and rear sectors on squares and hexes"),
        "tables": N_("the campaign's tables with their dice ranges"),
        "gm-screen": N_("everything needed at the table, on two pages"),
    },
    # compass points, short (the site's "face" writes headings out)
    "face_short": {
        "N": NP_("compass point, short", "N"),
        "NE": NP_("compass point, short", "NE"),
        "E": NP_("compass point, short", "E"),
        "SE": NP_("compass point, short", "SE"),
        "S": NP_("compass point, short", "S"),
        "SW": NP_("compass point, short", "SW"),
        "W": NP_("compass point, short", "W"),
        "NW": NP_("compass point, short", "NW"),
    },
    # mounts and vehicles, capitalised: a table's row headings (the site's "mount" is
    # lower case)
    "mount_title": {
        "horse": N_("Horse"),
        "pony": N_("Pony"),
        "riding_dog": N_("Riding dog"),
        "cart": N_("Cart"),
        "wagon": N_("Wagon"),
    },
    # faces of the hex progress diagram
    "progress_kind": {
        "start": N_("start"),
        "far": N_("far"),
        "near": N_("near"),
        "back": N_("back"),
    },
    # reactions of an encounter as the end of a sentence, "they are wary" (the site's
    # "reaction" is one word)
    "reaction_phrase": {
        "attacks": N_("attack"),
        "hostile": N_("are hostile"),
        "cautious": N_("are wary"),
        "neutral": N_("are indifferent"),
        "friendly": N_("are friendly"),
    },
    # d20 degrees of success
    "degree": {
        "critical_success": N_("critical success"),
        "success": N_("success"),
        "failure": N_("failure"),
        "critical_failure": N_("critical failure"),
    },
    # Basic Roleplaying difficulties
    "brp_band": {
        "easy": N_("Easy"),
        "normal": NP_("difficulty", "Normal"),
        "hard": N_("Hard"),
    },
    # what each difficulty does
    "brp_band_rule": {
        "easy": N_("skill × 2"),
        "normal": N_("skill"),
        "hard": N_("skill ÷ 2, rounded up"),
    },
    # Basic Roleplaying success levels
    "brp_level": {
        "special": N_("special"),
        "success": N_("success"),
        "failure": N_("failure"),
    },
    # Black Sword Hack outcomes
    "bsh_outcome": {
        "critical_success": N_("critical success"),
        "success": N_("success"),
        "failure": N_("failure, or success at a cost"),
        "critical_failure": N_("critical failure: roll the doom die"),
    },
    # how well one sees
    "sight": {
        "clear": N_("Clear"),
        "dim": N_("Dim"),
        "obscured": N_("Obscured"),
        "none": N_("None"),
    },
    # examples of each kind of sight
    "sight_example": {
        "clear": N_("daylight, a well-lit hall"),
        "dim": N_("dusk, moonlight, light mist or smoke"),
        "obscured": N_("starlight, thick fog or smoke"),
        "none": N_("magical darkness, a lightless cave"),
    },
    # ranges
    "range": {
        "normal": NP_("range", "Normal"),
        "medium": N_("Medium"),
        "long": N_("Long"),
        "extreme": N_("Extreme"),
    },
    # cover
    "cover": {
        "half": N_("Half (about half hidden)"),
        "solid": N_("Solid (more than half)"),
        "near_total": N_("Almost total (over three quarters)"),
    },
    # examples of cover
    "cover_example": {
        "half": N_("a low fence, an upturned table, a slim tree"),
        "solid": N_("a barricade, a battlement, a thick trunk"),
        "near_total": N_("an arrow slit"),
    },
    # combat actions
    "action": {
        "dodge": N_("Dodge"),
        "help": N_("Help"),
        "surrounded": N_("Surrounded"),
    },
    # what each combat action does
    "action_text": {
        "dodge": N_("on attacks against the dodging creature"),
        "help": N_("on an ally's roll; several helpers stack, usually to %(max)s advantages at "
                   "most"),
        "surrounded": N_("on attacks against a surrounded foe"),
    },
    # conditions
    "condition": {
        "blinded": N_("Blinded"),
        "charmed": N_("Charmed"),
        "exhausted": N_("Exhausted"),
        "frightened": N_("Frightened"),
        "invisible": N_("Invisible"),
        "overloaded": N_("Overloaded"),
        "poisoned": N_("Poisoned"),
        "prone": N_("Prone"),
        "restrained": N_("Restrained"),
        "stunned": N_("Stunned"),
        "unconscious": N_("Unconscious, paralysed"),
        "slowed": N_("Slowed"),
        "burning": N_("Burning"),
        "bleeding": N_("Bleeding"),
    },
    # what each condition does
    "condition_text": {
        "blinded": N_("its attacks −%(own)s; attacks against it +%(against)s; does not stack "
                      "with an unseen attacker's bonus"),
        "charmed": N_("the charmer's social checks against it +%(social)s"),
        "exhausted": N_("levels 1–3: one disadvantage per level on attacks, checks and saves, "
                        "and −%(speed_n)s ft speed per level; 4: hit point maximum halved; 5: "
                        "speed 0; 6: unconscious, death saves"),
        "frightened": N_("while it sees the source: one disadvantage per level on attacks and "
                         "checks; level 2: starting its turn within %(distance_n)s ft it must "
                         "move at least that far away; level 3: it can only Dash away"),
        "invisible": N_("attacks against it −%(against)s; its attacks on a conscious target "
                        "+%(own)s"),
        "overloaded": N_("one disadvantage per level on Strength, Dexterity and Constitution "
                         "checks and saves; −%(speed_n)s ft speed per level (not below "
                         "%(min_speed_n)s ft)"),
        "poisoned": N_("one disadvantage per level on attacks, ability and skill checks"),
        "prone": N_("its attacks −%(own)s; attacks against it +%(near)s within %(reach_n)s ft, "
                    "−%(far)s from farther away"),
        "restrained": N_("per level: one disadvantage on its attacks and Dexterity saves, one "
                         "advantage on attacks against it"),
        "stunned": N_("attacks against it +%(against)s"),
        "unconscious": N_("attacks against it +%(against)s"),
        "slowed": N_("per level: one disadvantage on Strength and Dexterity attacks, checks and "
                     "saves, one advantage on attacks against it, −%(speed_n)s ft speed (not "
                     "below %(min_speed_n)s ft)"),
        "burning": N_("end of its turn: fire damage by level (%(dmg)s), then a Dexterity save: "
                      "success −1 level, critical success −2, critical failure +1; an action to "
                      "beat the flames gives +%(action)s on that save; anyone within %(reach_n)s "
                      "ft may spend an action on Wisdom (Survival or Medicine) with the same "
                      "results; DC: the cause's, else %(base)s + attack bonus, else %(dc)s"),
        "bleeding": N_("end of its turn: necrotic damage by level (%(dmg)s), then a Constitution "
                       "save with the same steps as burning; it or anyone within %(reach_n)s ft "
                       "may spend an action on Wisdom (Medicine), same results; one use of a "
                       "healer's kit removes a level; DC as for burning"),
    },
    # chase complications: environment.number
    "complication": {
        "urban.1": N_("A handcart tips over across the lane."),
        "urban.2": N_("A crowd pours out of a temple and fills the street."),
        "urban.3": N_("A washing line or a shop sign hangs at head height."),
        "urban.4": N_("A hawker grabs a sleeve and will not let go."),
        "urban.5": N_("Slick cobbles: spilt oil, or worse."),
        "urban.6": N_("A watch patrol bars the way and shouts to halt."),
        "urban.7": N_("A yard dog breaks its chain and snaps at heels."),
        "urban.8": N_("A low arch, or a rotten stair."),
        "urban.9": N_("A door swings open right ahead."),
        "urban.10": N_("A blind alley, or a wrong turn."),
        "wilderness.1": N_("A wall of brambles."),
        "wilderness.2": N_("Rabbit holes and roots underfoot."),
        "wilderness.3": N_("A ditch or a brook across the way."),
        "wilderness.4": N_("Low branches whip across the face."),
        "wilderness.5": N_("A flock of birds bursts from cover."),
        "wilderness.6": N_("A slope of loose scree or mud."),
        "wilderness.7": N_("A cloud of biting flies."),
        "wilderness.8": N_("An old snare hidden in the grass."),
        "wilderness.9": N_("Mist or smoke rolls across the way."),
        "wilderness.10": N_("A disturbed animal lashes out."),
    },
    # escape factors of a chase
    "escape": {
        "cover": N_("plenty to hide behind: alleys, stalls, thick undergrowth"),
        "crowd": N_("a dense crowd or a noisy place"),
        "open": N_("little to hide behind: open fields, a bare street"),
        "quiet": N_("an empty or quiet place"),
        "tracker": N_("the lead pursuer knows this kind of country intimately"),
        "marked": N_("the quarry is easy to spot (glowing, gaudy, leaving a trail)"),
    },
    # chase environments
    "environment": {
        "urban": N_("In town"),
        "wilderness": N_("In the wild"),
    },
    # facing sectors
    "sector": {
        "front": N_("front"),
        "side": N_("side"),
        "rear": N_("rear"),
    },
    # facing sectors, one letter
    "sector_letter": {
        "front": NP_("facing sector, one letter", "F"),
        "side": NP_("facing sector, one letter", "S"),
        "rear": NP_("facing sector, one letter", "R"),
    },
    # what a creature can do in each sector
    "sector_can": {
        "front": N_("sees and targets normally; its shield counts"),
        "side": N_("sees and targets normally; a shield counts on its own side only"),
        "rear": N_("sees nothing and cannot target"),
    },
    # attacks from each sector
    "sector_attacked": {
        "front": N_("as usual"),
        "side": N_("as usual"),
        "rear": N_("with advantage"),
    },
    # who a roll table is for, in a word (the site's "audience" says "GM only")
    "audience_short": {
        "gm": NP_("table audience", "GM"),
        "players": NP_("table audience", "players"),
    },
    # check systems
    "system": {
        "d20": N_("d20 (DC and modifier)"),
        "brp": N_("Basic Roleplaying (percentiles)"),
        "bsh": N_("Black Sword Hack (roll under)"),
    },
    # advantage rules
    "advantage": {
        "classic": N_("classic (two d20, keep one)"),
        "scaled": N_("scaled (bonus dice d4 to d12)"),
    },
    # -- hexcrawl play
    # the help line of each command of hexcrawl play
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
        "ruling": N_("ruling [at HEX] [lost | not lost] [believed HEX] [knows | unaware] "
                     "[found LOCATION ...] [note TEXT]   * what the table decided, no dice"),
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
    # hexcrawl play's messages named by a key: command errors, roll modes
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
        "err.ruling": N_("a ruling sets something: at HEX, lost or not lost, believed HEX, "
                         "knows or unaware, found LOCATION ..."),
        "err.pursuers": N_("a chase needs pursuers (chase from hask-wolves, or chase quarry ... "
                           "pursuers party)"),
    },
}
