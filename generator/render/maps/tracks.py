"""The tracks layer: each session's route, the GM's true and believed tracks, the players'
as they know it; earlier sessions faded on the GM's map of one session."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from generator.hexgrid import Hex
from generator.knowledge import GMSessionView, SessionView, Track
from generator.render.maps.drawing import MapDrawing, Step
from generator.render.maps.lattice import Canvas, points_text
from generator.render.maps.style import (
    PAST_TRACK_COLOUR,
    PAST_TRACK_STYLE,
    TRACK_COLOURS,
    track_colour,
)


def track_hexes(sessions: Iterable[SessionView], known: bool = False) -> set[Hex]:
    """Every hex the sessions' tracks pass (the players' as they know them, with
    ``known``)."""
    out: set[Hex] = set()
    for s in sessions:
        lines = list(s.known_track if known and not isinstance(s, GMSessionView)
                     else s.believed_track)
        if isinstance(s, GMSessionView):
            lines += list(s.true_track)
        for line in lines:
            out.update(line)
    return out


def draw_tracks(m: MapDrawing, canvas: Canvas, sessions: Sequence[SessionView], focus: bool,
                past: Sequence[Step] = (), known: bool = False,
                believed: bool = False) -> None:
    """Each session's tracks: the GM's true and believed ones; on the players' overview
    (``known``) the route as they know it now (``SessionView.known_track``), else their
    belief of the time. ``past``: the steps of earlier sessions (``PastSteps``), thin and
    faded, one path. Drawn in two layers: without ``believed`` every track but the
    believed ones (under the names); with it the believed ones alone (over the names, so a
    lost party's detour is never hidden)."""
    out = m.body
    # the believed tracks need no group of their own: each is a "tr" (map.css)
    drawn = believed
    if past and not believed:
        out.open("g", {"class": "tracks"})
        drawn = True
        out.leaf("path", {
            "class": "tr tr-past",
            "d": " ".join(f"M{points_text(canvas.centre(h) for h in step)}" for step in past),
            "stroke": PAST_TRACK_COLOUR, "style": PAST_TRACK_STYLE})
    for session in sessions:
        colour = track_colour(session.number) if not focus else TRACK_COLOURS[0]
        kinds: list[tuple[str, Track]] = []
        if isinstance(session, GMSessionView):
            kinds.append(("true", session.true_track))
        if known and not isinstance(session, GMSessionView):
            kinds.append(("known", session.known_track))
        else:
            kinds.append(("believed", session.believed_track))
        for kind, lines in kinds:
            if (kind == "believed") != believed:
                continue
            for line in lines:
                if not drawn:
                    out.open("g", {"class": "tracks"})
                    drawn = True
                points = [canvas.centre(h) for h in line]
                if len(points) == 1:
                    x, y = points[0]
                    out.leaf("circle", {"class": f"tr tr-{kind}-dot", "cx": x, "cy": y,
                                        "fill": colour, "r": 2.2})
                    continue
                out.leaf("polyline", {"class": f"tr tr-{kind}", "points": points_text(points),
                                      "stroke": colour})
    if drawn and not believed:
        out.close("g")
