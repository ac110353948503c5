"""Navigation and getting lost (rules.md sections 5 and 5a; seed 000, "Navigation",
"Getting Lost").

A ``heading`` or ``toward`` watch makes one navigation check: the navigator's Survival against
the terrain DC of the hex where the watch starts, +2 when the first stretch is trackless
(``travel.trackless``, the one rule), +4 in poor visibility, +4 when hustling, -4 when
cautious; a compass and Knowledge add +2 each to the roll. A failure leaves the party lost:
1d10 for the veer (1-4 one face left, 5-6 none, 7-10 one face right); a party already lost
that fails again may veer further the way it already veers, up to two faces.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.content.campaign import Campaign, Path_
from generator.content.sessionlog import Travel
from generator.dice import Said, Signed, Word, said
from generator.hexgrid import Hex
from generator.rules import tables as T
from generator.rules.state import PartyState, WatchCtx
from generator.rules.travel import Track, trackless


def terrain_said(rule: T.TerrainRule | None, density: str | None = None) -> Said:
    """A terrain (and a forest's density) for the log: a built-in one by its word, a
    campaign's own by its name."""
    if rule is None:
        return said("terrain", name=Word("terrain", "unknown"))
    builtin = T.TERRAIN.get(rule.id)
    name = Word("terrain", rule.id) if builtin is not None and builtin.name == rule.name \
        else rule.name
    return said("terrain", name=name, density=Word("density", density) if density else None)


def terrain_dc(campaign: Campaign, h: Hex) -> tuple[int, Said]:
    """The navigation DC of the hex's terrain (forest by density) and its name for the log."""
    info = campaign.hex_info(h)
    if info is None:
        return 12, terrain_said(None)
    rule = campaign.terrain[info.terrain]
    density = info.density if rule.density_dc and info.density else None
    return rule.nav_dc(info.density), terrain_said(rule, density)


def roll_bonus(campaign: Campaign, state: PartyState, h: Hex) -> tuple[int, list[Said]]:
    """Roll bonuses of the navigation check (rules.md section 5): compass +2; 5 ranks of
    Knowledge (geography) or (local) +2 for the region the party travels through: with
    ``knowledge_regions`` only while it is in one of them (``h``: where the watch starts),
    without the list everywhere."""
    bonus, why = 0, list[Said]()
    if "compass" in state.gear:
        bonus += T.BONUS_COMPASS
        why.append(said("compass"))
    nav = state.navigator
    if max(nav.knowledge_geography, nav.knowledge_local) >= T.KNOWLEDGE_RANKS:
        region = campaign.region_of(h)
        if nav.knowledge_regions is None:
            bonus += T.BONUS_KNOWLEDGE
            why.append(said("knowledge"))
        elif region is not None and region.id in nav.knowledge_regions:
            bonus += T.BONUS_KNOWLEDGE
            why.append(said("knowledge_of", region=region.name))
    return bonus, why


def veer_text(veer: int) -> str:
    """A veer as the roll's outcome (``2 faces left``): the key of the vocabulary's
    ``outcome`` family the GM reads it by, kept in English in ``replay --json``."""
    if veer == 0:
        return "no veer"
    side = "right" if veer > 0 else "left"
    return f"{abs(veer)} face{'s' * (abs(veer) > 1)} {side}"


def veer_said(veer: int) -> Word:
    """A veer in the GM's words (``veer_text`` as a word of the ``outcome`` family)."""
    return Word("outcome", veer_text(veer))


def grown_veer(veer: int, lost: bool, result: int) -> int:
    """The veer after a failed navigation check whose d10 gave ``result`` (rules.md section 5;
    seed 000: "their veer may increase, but not decrease"). A party not yet lost, or lost
    with no veer, takes the result; one that veers already grows by a face when the result
    points the same way, at most ``MAX_VEER`` faces, and keeps its veer otherwise.

    >>> grown_veer(0, False, -1), grown_veer(1, True, -1), grown_veer(1, True, 1)
    (-1, 1, 2)
    >>> grown_veer(2, True, 1), grown_veer(0, True, 1)
    (2, 1)
    """
    if not lost or veer == 0:
        return result
    if result != 0 and (result > 0) == (veer > 0):
        sign = 1 if veer > 0 else -1
        return sign * min(T.MAX_VEER, abs(veer) + 1)
    return veer


def get_lost(ctx: WatchCtx, intended_true: str | None, intended_believed: str | None) -> None:
    """A failed navigation check (rules.md section 5): lost, and the veer rolled on a d10."""
    state, watch = ctx.state, ctx.watch
    roll = ctx.rolls.take("veer", 1, 10)
    result = T.veer_from_d10(roll.natural)
    before = state.veer
    state.veer = grown_veer(state.veer, state.lost, result)
    if not state.lost:
        state.lost = True
        state.knows_lost = False
        state.frozen_true = intended_true
        state.frozen_believed = intended_believed
        state.lost_terrains = {ctx.terrain_id(state.true.hex) or ""}
        state.trail = [state.true.hex]
        if result == 0:
            watch.say("lost_straight")
        else:
            watch.say("lost", veer=veer_said(result))
    elif before == 0:
        if result == 0:
            watch.say("still_lost_straight")
        else:
            watch.say("still_lost_veers", veer=veer_said(result))
    elif result != 0 and (result > 0) == (before > 0):
        watch.say("veer_grows", veer=veer_said(state.veer))
    else:
        watch.say("veer_stays")
    roll.outcome = veer_text(result)


def taken_face(state: PartyState, intended: str | None, rotate: Callable[[str, int], str],
               ) -> str | None:
    """The face by which the true track leaves a hex: the intended face rotated by the veer
    while lost, except with a compass, which removes the veer at every hex boundary (seed 000,
    "Using a compass")."""
    if intended is None or not state.lost or "compass" in state.gear:
        return intended
    return rotate(intended, state.veer)


def stretch_dc(ctx: WatchCtx, face: str | None) -> tuple[int, bool, list[Said]]:
    """(DC, trackless, reasons) of the stretch where the party is: the terrain DC of its hex,
    +2 when the stretch is trackless (``travel.trackless``: it entered by no highway, road or
    trail and leaves by ``face``, the face it really takes, along none); the reasons name the
    terrain and, where it applies, "trackless +2". The one rule for every check of rules.md
    section 5: navigation (the watch's first stretch), realising and re-orienting (the
    stretch where the party is).
    """
    dc, terrain = terrain_dc(ctx.campaign, ctx.state.true.hex)
    off = trackless(ctx.campaign, ctx.state.true, face)
    plus = T.DC_TRACKLESS if off else 0
    why = [terrain] + ([said("trackless", dc=Signed(plus))] if off else [])
    return dc + plus, off, why


def next_face(ctx: WatchCtx) -> str | None:
    """The face the party would leave by next: its intended face, turned by the veer."""
    return taken_face(ctx.state, ctx.state.frozen_true, ctx.campaign.grid.rotate)


def navigation_dc(ctx: WatchCtx, travel: Travel, hustle: int, face: str | None,
                  ) -> tuple[int, int, int, list[Said]]:
    """(navigation DC, terrain DC, mode modifiers, reasons) for a watch starting in the
    party's hex and leaving it first by ``face`` (rules.md section 5)."""
    dc, _, why = stretch_dc(ctx, face)
    base = terrain_dc(ctx.campaign, ctx.state.true.hex)[0]
    if travel.visibility == "poor":
        dc += T.DC_POOR_VISIBILITY
        why.append(said("poor_visibility", dc=Signed(T.DC_POOR_VISIBILITY)))
    mode_dc = 0
    if hustle:
        mode_dc += T.DC_HUSTLE
        why.append(said("hustle", dc=Signed(T.DC_HUSTLE)))
    if "cautious" in travel.modes:
        mode_dc += T.DC_CAUTIOUS
        why.append(said("cautious", dc=Signed(T.DC_CAUTIOUS)))
    return dc + mode_dc, base, mode_dc, why


def path_face(ctx: WatchCtx, path: Path_, direction: int, stop: Hex | None,
              ) -> Callable[[Track], str | None]:
    """The face toward the next hex of ``path`` (``direction`` 1 forward, -1 backward), None
    at its end or at ``stop``."""
    grid = ctx.campaign.grid

    def face(track: Track) -> str | None:
        positions = path.index_of(track.hex)
        if not positions or track.hex == stop:
            return None
        j = positions[0] if direction > 0 else positions[-1]
        k = j + direction
        if not 0 <= k < len(path.hexes):
            return None
        return grid.face_between(track.hex, path.hexes[k])

    return face
