"""Words the reference sheets look up by a value of the rules' tables: ``t.label(family, id)``.

The rules come from the seeds (Russian and Ukrainian texts of published games); the numbers
carry over as facts, the sentences are ours. Each family maps the ids used in
``generator.rules`` and ``generator.reference.data`` to a message marked for translation
(``N_``, ``NP_``); the catalogues in ``generator/i18n/locale`` translate them.
"""

from __future__ import annotations

from generator.i18n import N_, NP_, Msg
from generator.render.vocabulary import TERRAIN

VOCABULARY: dict[str, dict[str, Msg]] = {
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
    # built-in terrain
    "terrain": TERRAIN,
    # compass points, short
    "face": {
        "N": NP_("compass point, short", "N"),
        "NE": NP_("compass point, short", "NE"),
        "E": NP_("compass point, short", "E"),
        "SE": NP_("compass point, short", "SE"),
        "S": NP_("compass point, short", "S"),
        "SW": NP_("compass point, short", "SW"),
        "W": NP_("compass point, short", "W"),
        "NW": NP_("compass point, short", "NW"),
    },
    # mounts and vehicles
    "mount": {
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
    # forest densities
    "density": {
        "sparse": N_("sparse"),
        "medium": N_("medium"),
        "dense": N_("dense"),
    },
    # reactions of an encounter
    "reaction": {
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
    # who a roll table is for
    "audience": {
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
}
