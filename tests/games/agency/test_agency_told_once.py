"""Whole agency games narrated for every reader, in English and Japanese: no
line is said twice. A move whose next event tells the same thing (a take, a
draw, a keep or sale, a chosen action, technology, upgrade or station space)
is told by that event alone; no line repeats or merely starts the line after
it; and every move is still told to every reader."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

import pytest

import liftoff
from liftoff import speech
from liftoff.engine import Event, Rng
from liftoff.engine.messages import speaking

GAME = liftoff.games.get("agency")
NAMES = ["Ann", "Bea", "Cid", "Dot"]
#: each such move's verb → the events that tell it (one of them comes first)
TOLD_BY = {
    "take": {"agency.ev.take"},
    "draw": {"agency.ev.draw-missions", "agency.ev.reshuffle-missions"},
    "keep": {"agency.ev.keep", "agency.ev.keep-one"},
    "sell": {"agency.ev.sell"},
    "action": {"agency.ev.use-action", "agency.ev.use-action-paid"},
    "tech": {"agency.ev.tech"},
    "upgrade": {"agency.ev.upgrade"},
    "station": {"agency.ev.station"},
}


def moves(players: int, seed: int) -> Iterator[tuple[str, list[Event]]]:
    """Every move of a whole game played at random, with the events it caused."""
    state, rng = GAME.new_game(players, seed), Rng(seed)
    while not state.is_over():
        active = state.active_players()
        p = active[rng.below(len(active))]
        legal = state.legal_actions(p)
        action = legal[rng.below(len(legal))]
        yield str(action), state.apply(p, action)


def bare(line: str) -> str:
    return line.rstrip(".。 ")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_no_agency_line_is_said_twice(players: int, seed: int, lang: str) -> None:
    names = NAMES[:players]
    told = 0
    with speaking(lang):
        for text, events in moves(players, seed):
            verb = text.split()[0]
            for viewer in [*range(players), None]:
                said = [(e, speech.of(GAME).narrate(e, viewer, names)) for e in events]
                said = [(e, line) for e, line in said if line]
                assert said, (text, viewer)  # every move is told to every reader
                lines = [line for _, line in said]
                for a, b in pairwise(lines):
                    assert not bare(b).startswith(bare(a)), (text, viewer, lines)
                if verb in TOLD_BY:
                    first = said[0][0]
                    assert first.kind in TOLD_BY[verb], (text, viewer, lines)
                    told += 1
    assert told > 100
