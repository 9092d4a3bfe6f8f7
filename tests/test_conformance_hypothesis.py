"""Hypothesis explores seeds, player counts and option combinations that the
fixed conformance cases do not, for every registered game."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import liftoff
from liftoff.engine import Option, OptionError, conformance


def option_values(opt: Option) -> st.SearchStrategy[Any]:
    """A strategy for one declared option."""
    if opt.choices is not None:
        return st.sampled_from(opt.choices)
    if opt.kind is bool:
        return st.booleans()
    if opt.kind is int:
        lo = int(opt.minimum) if opt.minimum is not None else 0
        hi = int(opt.maximum) if opt.maximum is not None else lo + 10
        return st.integers(lo, min(hi, lo + 12))
    if opt.kind is float:
        lo = opt.minimum if opt.minimum is not None else 0.0
        hi = opt.maximum if opt.maximum is not None else lo + 1.0
        return st.floats(lo, hi, allow_nan=False)
    return st.just(opt.default)


@st.composite
def setups(draw: st.DrawFn, name: str) -> tuple[int, dict[str, Any], int]:
    game = liftoff.games.get(name)
    players = draw(st.integers(game.info.min_players, game.info.max_players))
    names = [o.name for o in game.options.public()]
    chosen = draw(st.lists(st.sampled_from(names), unique=True, max_size=4)) if names else []
    options = {n: draw(option_values(game.options[n])) for n in chosen}
    seed = draw(st.integers(0, 2**31 - 1))
    return players, options, seed


@pytest.mark.parametrize("name", liftoff.games.names())
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_setups_keep_the_contract(name: str, data: st.DataObject) -> None:
    players, options, seed = data.draw(setups(name))
    game = liftoff.games.get(name)
    try:
        game.new_game(players, seed, options)
    except OptionError:
        assume(False)
    conformance.play_checked(game, players, options, seed, deep_every=40)
