"""The numbers-only view (issue 46, item 4): what bots and research encoders read
holds ids and numbers only, says what the view says, and the planet bots read
nothing else."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import liftoff
from liftoff.bots import make
from liftoff.engine import State
from liftoff.games.planet.cards import CODES
from liftoff.games.planet.config import PHASE_NAMES
from liftoff.games.planet.layout import STAGE_NAMES
from liftoff.games.planet.numbers import MECHANICS
from liftoff.games.race.cards import CODES as RACE_CODES
from liftoff.games.race.phases import PHASE_NAMES as RACE_PHASES
from liftoff.rl.encoders import encoder_for


def _strings(value: Any, where: str = "") -> list[str]:
    """Where a string sits among ``value``'s values (dict keys are field names)."""
    if isinstance(value, str):
        return [where]
    if isinstance(value, dict):
        return [w for k, v in value.items() for w in _strings(v, f"{where}.{k}")]
    if isinstance(value, list | tuple):
        return [w for i, v in enumerate(value) for w in _strings(v, f"{where}[{i}]")]
    return []


def _random_states(game: str, players: int, seed: int, options: dict[str, Any] | None = None):
    state = liftoff.games.get(game).new_game(players, seed, options)
    rng = random.Random(seed)
    yield state
    while not state.is_over():
        p = rng.choice(state.active_players())
        state.apply(p, rng.choice(state.legal_actions(p)))
        yield state


def _agrees(view: dict[str, Any], nv: dict[str, Any], lp_order: tuple[str, ...]) -> None:
    """The numbers view says what the planet view says."""
    assert nv["you"] == (-1 if view["you"] is None else view["you"])
    assert STAGE_NAMES[nv["stage"]] == view["stage"]
    assert nv["turn"] == view["turn"] and nv["active"] == view["active"]
    me = view["you"]
    hand = view["players"][me]["hand"] if me is not None else {}
    assert {CODES[k]: c for k, c in enumerate(nv["hand"]) if c} == hand
    assert [p[3] for p in nv["players"]] == [p["hand_size"] for p in view["players"]]
    override = view["moon"]["override"]
    assert nv["override"] == (-1 if override is None else PHASE_NAMES.index(override))
    lps = [e for e in view["ring"] if e["kind"] == "lift_off_point"]
    for entry, slot in zip(lps, nv["slots"], strict=True):
        assert lp_order[slot["lp"]] == entry["lp"]
        assert MECHANICS[slot["mechanic"]] == entry["mechanic"]
        assert PHASE_NAMES[slot["phase"]] == entry["phase"]
        assert slot["boarded"] == entry["boarded"]
        assert slot["cost"] == list(entry["placement_cost"].values())
        assert nv["aliens"][int(entry["segment"][1:])] == entry["aliens"]
    assert [lp_order[x] for x in nv["box"]] == view["box"]
    assert nv["winners"] == (view["outcome"]["winners"] if "outcome" in view else [])


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, None), (3, {"fast": True}), (4, {"team": True}), (5, {"family": True})],
)
def test_planet_numbers_view_holds_no_string_and_says_what_the_view_says(
    players: int, options: dict[str, Any] | None
) -> None:
    for k, state in enumerate(_random_states("planet", players, players, options)):
        if k % 3:
            continue
        order = state.cfg.lp_order  # type: ignore[attr-defined]
        for viewer in [None, *range(players)]:
            nv = state.numbers_view(viewer)
            assert _strings(nv) == []
            _agrees(state.board_view(viewer), nv, order)


def test_race_numbers_view_holds_no_string_and_says_what_the_view_says() -> None:
    for k, state in enumerate(_random_states("race", 3, 4)):
        if k % 3:
            continue
        for viewer in [None, 0, 1, 2]:
            nv, view = state.numbers_view(viewer), state.board_view(viewer)
            assert _strings(nv) == []
            assert RACE_PHASES[nv["phase"]] == view["phase"]
            for mine, theirs in zip(nv["players"], view["players"], strict=True):
                top = theirs["top"]
                assert mine["top"] == (-1 if top is None else RACE_CODES.index(top))
                assert [RACE_CODES[x] for x in mine["discards"]] == theirs["discards"]
                assert mine["stack"] == theirs["stack"] and mine["score"] == theirs["score"]
            for mine, theirs in zip(nv["planets"], view["planets"], strict=True):
                assert [[RACE_CODES[x] for x in row] for row in mine["rows"]] == theirs["rows"]
                assert mine["players"] == theirs["players"]
                assert (mine["vp"], mine["ore"]) == (theirs["vp"], theirs["ore"])
                assert bool(mine["result"]) == (theirs["result"] is not None)


@pytest.mark.parametrize("game", ["planet", "race", "agency"])
def test_the_encoders_observe_what_they_encode_from_the_view(game: str) -> None:
    """The research adapters call ``observe`` (planet: the numbers view; race
    and agency: the view without its history): the same vector as ``encode(view)``."""
    enc = encoder_for(game, 3)
    for k, state in enumerate(_random_states(game, 3, 7)):
        if k % 2:
            continue
        for p in range(3):
            assert np.array_equal(enc.observe(state, p), enc.encode(state.view(p)))


@pytest.mark.parametrize("game", ["planet", "race"])
def test_bots_read_the_numbers_view_only(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The heuristic, its rollouts, priors and leaf values, and a search on top,
    never build a view with words: ``view`` and ``board_view`` are not called."""
    cls = type(liftoff.games.get(game).new_game(2, 1))

    def refuse(self: State, player: int | None) -> dict[str, Any]:
        raise AssertionError("a bot read a view with words")

    monkeypatch.setattr(cls, "view", refuse)
    monkeypatch.setattr(cls, "board_view", refuse)
    state = liftoff.games.get(game).new_game(3, 5)
    bots = [make("medium", seed=1), make("hard", seed=2, iterations=20), make("easy", seed=3)]
    for _ in range(150):
        if state.is_over():
            break
        p = state.active_players()[0]
        state.apply_legal(p, bots[p].choose(state, p))
