"""Building planet positions explicitly, for tests and worked examples.

>>> s = position(players=2, slots=("bonfire", "satellite", "rocket", "jetpack"),
...              hands={0: "F S"}, draw="F moon")
>>> s.view(0)["players"][0]["hand"]
{'F': 2, 'S': 1, 'moon': 1}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from liftoff.engine import Rng

from .cards import CODES, KIND_OF, NUM_KINDS, TOKENS
from .game import PlanetGame
from .layout import PLAY
from .state import PlanetState

_GAME = PlanetGame()


def cards(text: str) -> list[int]:
    """Per-kind counts from ``"F F S moon"``."""
    counts = [0] * NUM_KINDS
    for word in text.split():
        counts[KIND_OF[word]] += 1
    return counts


def position(
    players: int = 4,
    *,
    slots: Sequence[str] = ("bonfire", "satellite", "rocket", "jetpack"),
    hands: Mapping[int, str] | None = None,
    draw: str = "",
    turn: int = 0,
    moon: int = 0,
    moon_net: int | None = None,
    core: Mapping[int, int] | None = None,
    surface: Mapping[int, Mapping[int, int]] | None = None,
    boarded: Mapping[str, Sequence[int]] | None = None,
    areas: Mapping[str, str] | None = None,
    saved: Mapping[int, int] | None = None,
    garglore: str | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    start_turn: bool = True,
) -> PlanetState:
    """A planet state at the start of ``turn``'s Play step, built from the arguments.

    ``draw`` lists the draw pile top first; when ``start_turn`` is true the
    active player has already drawn its top two cards (the Draw step). Aliens
    not placed by ``surface``/``boarded``/``saved`` are in the Core, unless
    ``core`` says otherwise. Cards not placed anywhere stay out of play in the
    discard pile (so the card count stays exact). ``areas`` gives card areas
    as tokens, e.g. ``{"rocket": "F S W=F"}``.
    """
    s = _GAME.new_game(players, seed, dict(options or {}))
    s.slots = list(slots)
    s.box = sorted(lp for lp in s.cfg.lp_order if lp not in s.slots)
    s.removed = []
    s.moon = moon
    s.moon_net = moon if moon_net is None else moon_net
    s.garglore = (
        s.garglore if garglore is None else (-1 if garglore == "pool" else s.slots.index(garglore))
    )
    _place_aliens(s, core or {}, surface or {}, boarded or {}, saved or {})
    _place_cards(s, hands or {}, draw, areas or {})
    s.stage = PLAY
    s.resume = []
    s.win_queue = []
    s.win_pledges = []
    s.team_queue = []
    s.finish_seq = [0] * players
    s.override = -1
    s.turn = turn
    s._history = []
    s._legal_cache = None
    if start_turn:
        s._start_turn(turn)
    else:
        s.moves = 2
    return s


def _place_aliens(
    s: PlanetState,
    core: Mapping[int, int],
    surface: Mapping[int, Mapping[int, int]],
    boarded: Mapping[str, Sequence[int]],
    saved: Mapping[int, int],
) -> None:
    """Aliens on the surface, on platforms and saved; the rest in the Core."""
    players = s.cfg.players
    s.surf = [[0] * 8 for _ in range(players)]
    s.boarded = [[] for _ in range(4)]
    s.saved = [0] * players
    for p, segs in surface.items():
        for seg, count in segs.items():
            s.surf[p][seg] = count
    for lp, owners in boarded.items():
        s.boarded[s.slots.index(lp)] = list(owners)
    for p, count in saved.items():
        s.saved[p] = count
    for p in range(players):
        placed = sum(s.surf[p]) + sum(b.count(p) for b in s.boarded) + s.saved[p]
        s.core[p] = core.get(p, s.cfg.aliens - placed)


def _place_cards(
    s: PlanetState, hands: Mapping[int, str], draw: str, areas: Mapping[str, str]
) -> None:
    """Hands, card areas and the draw pile; every other card in the discard pile."""
    s.area = [[0] * NUM_KINDS for _ in range(4)]
    s.afuel = [0] * 4
    s.ascrew = [0] * 4
    for lp, text in areas.items():
        slot = s.slots.index(lp)
        for token in text.split():
            kind, fuel, screw = TOKENS[token]
            s.area[slot][kind] += 1
            s.afuel[slot] += fuel
            s.ascrew[slot] += screw
    s.hands = [cards(hands.get(p, "")) for p in range(s.cfg.players)]
    s.draw = [KIND_OF[w] for w in reversed(draw.split())]
    used = [0] * NUM_KINDS
    rows: list[list[int]] = [*s.hands, *s.area, cards(draw)]
    for row in rows:
        for k in range(NUM_KINDS):
            used[k] += row[k]
    cfg = s.cfg
    s.discard = [cfg.deck_counts[k] - used[k] for k in range(NUM_KINDS)]
    if any(d < 0 for d in s.discard):
        # the position uses more cards of a kind than the deck has: tests of
        # examples may do so (PL-EX-C1); count the extra cards as part of the deck
        s.cfg = replace(
            cfg, deck_counts=tuple(max(cfg.deck_counts[k], used[k]) for k in range(NUM_KINDS))
        )
        s.discard = [s.cfg.deck_counts[k] - used[k] for k in range(NUM_KINDS)]


def hand(state: PlanetState, p: int) -> dict[str, int]:
    """``p``'s hand as {code: count} (only kinds held)."""
    return {CODES[k]: c for k, c in enumerate(state.hands[p]) if c}


def area(state: PlanetState, lp: str) -> dict[str, int]:
    """The card area of ``lp`` as Fuel/Screw values."""
    slot = state.slots.index(lp)
    return {"fuel": state.afuel[slot], "screw": state.ascrew[slot]}


def force_rolls(state: PlanetState, *faces: int, sides: int = 6) -> None:
    """Reseed ``state``'s RNG so that its next die rolls land on face indices ``faces``.

    Rolls of the Lift Off die and the Stargate die are each one ``below(6)``
    draw; the faces are indices into the die's face list.
    """
    for seed in range(1_000_000):
        r = Rng(seed)
        if all(r.below(sides) == f for f in faces):
            state.rng = Rng(seed)
            return
    raise ValueError(f"no seed gives rolls {faces}")


def lift_face(state: PlanetState, rockets: int) -> int:
    """The index of a Lift Off die face showing ``rockets`` (0 = X)."""
    return state.cfg.lift_die.index(rockets)


def stargate_face(state: PlanetState, name: str) -> int:
    """The index of the Stargate die face ``name``."""
    return state.cfg.stargate_faces.index(name)
