"""Levels by name, the strong default search, and a heuristic that errs on purpose."""

from __future__ import annotations

import pytest

import liftoff
from liftoff.bots import HeuristicBot, IsmctsBot, levels, make, names
from liftoff.bots.levels import LEVELS, spec
from liftoff.bots.seats import parse_seat
from liftoff.cli.seats import terminal_seats

LEVEL_NAMES = ["beginner", "easy", "medium", "hard", "expert"]


def test_levels_weakest_first_and_known_everywhere_bots_are_named() -> None:
    assert levels() == LEVEL_NAMES
    assert set(LEVEL_NAMES) <= set(names())
    seats = terminal_seats("human,hard", None, "planet", seed=1)
    assert seats[1].bot is not None and seats[1].bot.name == "hard"
    for game in liftoff.games.names():
        for level in LEVEL_NAMES:
            parse_seat(level).check(game)


def test_level_budgets_are_iterations_and_grow() -> None:
    hard, expert = make("hard"), make("expert")
    assert isinstance(hard, IsmctsBot) and isinstance(expert, IsmctsBot)
    assert hard.time_limit is None and expert.time_limit is None
    assert hard.iterations is not None and expert.iterations is not None
    assert hard.iterations < expert.iterations
    assert spec("hard") == "ismcts:iterations=200"
    slips = [make(level) for level in ("beginner", "easy", "medium")]
    assert all(isinstance(b, HeuristicBot) for b in slips)
    rates = [b.mistakes + b.slips for b in slips]  # type: ignore[attr-defined]
    assert rates == sorted(rates, reverse=True) and rates[-1] == 0


def test_a_level_takes_overrides() -> None:
    bot = make("hard:iterations=7", seed=3)
    assert isinstance(bot, IsmctsBot) and bot.iterations == 7 and bot.name == "hard"
    with pytest.raises(
        ValueError, match=r"has no parameter .depth.; its parameters: mistakes, slips"
    ):
        make("easy:depth=3")


def test_default_ismcts_is_the_tuned_search_and_the_old_one_is_reachable() -> None:
    bot = make("ismcts")
    assert isinstance(bot, IsmctsBot)
    assert (bot.rollout, bot.depth, bot.prior, bot.iterations) == (
        "heuristic",
        20,
        "heuristic",
        200,
    )
    old = make("ismcts:rollout=random,depth=0,prior=none")
    assert isinstance(old, IsmctsBot)
    assert (old.rollout, old.depth, old.prior) == ("random", 0, "none")


@pytest.mark.parametrize("game", liftoff.games.names())
def test_a_heuristic_with_mistakes_deviates_and_says_so(game: str) -> None:
    state = liftoff.games.get(game).new_game(2, 8)
    careless, sound = make("heuristic:mistakes=1", seed=2), make("heuristic", seed=2)
    for _ in range(30):
        if state.is_over():
            break
        p = state.active_players()[0]
        legal = state.legal_actions(p)
        a = careless.choose(state, p)
        assert a in legal
        if len(legal) > 1:
            assert "careless" in careless.explain()
        state.apply_legal(p, sound.choose(state, p))
    slips = make("heuristic:slips=1", seed=2)
    fresh = liftoff.games.get(game).new_game(2, 8)
    p = fresh.active_players()[0]
    assert slips.choose(fresh, p) in fresh.legal_actions(p)


@pytest.mark.parametrize(
    "bad", ["heuristic:mistakes=2", "heuristic:slips=-0.1", "heuristic:mistakes=0.6,slips=0.6"]
)
def test_bad_mistake_rates_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        make(bad)


def test_levels_table_matches_the_registry() -> None:
    for level, (kind, params) in LEVELS.items():
        bot = make(level, seed=0)
        assert bot.name == level
        for key, value in params.items():
            assert getattr(bot, key) == value, (level, key)
        assert kind in ("heuristic", "ismcts")


def agency_mission_draw() -> tuple[liftoff.engine.State, int]:
    """An agency game played by heuristics up to a mission draw with a choice of decks."""
    from liftoff.games.agency.actions import Draw

    state = liftoff.games.get("agency").new_game(2, 3)
    bots = [make("heuristic", seed=1), make("heuristic", seed=2)]
    while True:
        p = state.active_players()[0]
        legal = state.legal_actions(p)
        if sum(isinstance(a, Draw) for a in legal) >= 2:
            return state, p
        state.apply_legal(p, bots[p].choose(state, p))


@pytest.mark.rules("AG-LAU-6", "AG-LAU-7", "AG-MIS-2")
def test_agency_heuristic_draws_missions_it_can_launch() -> None:
    import copy

    from liftoff.bots.heuristics import agency as ha

    state, p = agency_mission_draw()
    view = state.view(p)
    for lab, tech, best in ((2, 0, 1), (2, 2, 2), (1, 2, 1)):
        v = copy.deepcopy(view)
        pl = v["players"][p]
        pl["lab"], pl["earth"] = lab, []
        pl["tech"] = {"red": tech, "yellow": tech, "blue": 0, "green": 0}
        ctx = ha.Ctx(v, ha.content_of(v))
        values = {level: ha.draw_value(ctx, pl, level) for level in (1, 2)}
        assert max(values, key=values.__getitem__) == best, (lab, tech, values)


def test_agency_heuristic_keeps_a_launchable_mission_over_a_stranded_one() -> None:
    from liftoff.bots.heuristics import agency as ha

    state, p = agency_mission_draw()
    view = state.view(p)
    pl = view["players"][p]
    pl["lab"], pl["capacity"] = 1, 3
    pl["tech"] = {"red": 0, "yellow": 0, "blue": 0, "green": 0}
    ctx = ha.Ctx(view, ha.content_of(view))
    level1 = next(m for m, x in ctx.content.mission.items() if x.level == 1 and x.weight <= 3)
    level2 = next(m for m, x in ctx.content.mission.items() if x.level == 2)
    assert ha.launch_chance(ctx, pl, level1) > 0.9 > ha.launch_chance(ctx, pl, level2)
