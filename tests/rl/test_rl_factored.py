"""agency's factored action space: at most 10,000 ids at 4 players (459), every
legal action reachable part by part and nothing else, the default of the
PettingZoo, Gymnasium and OpenSpiel adapters, the flat space on request."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

import liftoff  # noqa: E402
from liftoff.engine import Action, State  # noqa: E402
from liftoff.rl.factored import END, Chooser, check_space, factored_space  # noqa: E402
from liftoff.rl.spaces import action_index  # noqa: E402


def test_the_factored_space_is_small_and_names_its_ids() -> None:
    sizes = {p: factored_space("agency", p).size for p in (2, 3, 4)}
    assert sizes[4] <= 10_000 and sizes == {2: 309, 3: 384, 4: 459}
    assert action_index("agency", 4).size == 434_882  # the flat space, still there
    space = factored_space("agency", 4)
    assert space.text(END) == "end-choice"
    assert len(set(space.tokens)) == space.size
    kinds = {t.partition(":")[0] for t in space.tokens[1:]}
    assert kinds == {"action", "keep", "launch", "mission"}
    with pytest.raises(ValueError, match="no factored action space"):
        check_space("planet", "factored")
    with pytest.raises(ValueError, match="'factored' or 'flat'"):
        check_space("agency", "tree")


def _walk(chooser: Chooser, state: State, parts: tuple[int, ...]) -> Action | None:
    """Choose ``parts`` (then ``end-choice`` if the choice is still open)."""
    chooser.reset()
    got = None
    for part in parts:
        assert part in chooser.legal_ids(state)
        got = chooser.choose(state, part)
    if got is None:
        assert END in chooser.legal_ids(state)
        got = chooser.choose(state, END)
    return got


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {}), (3, {"missions_per_round": 0})])
def test_every_legal_action_and_only_those_can_be_chosen(players: int, options: dict) -> None:
    game = liftoff.games.get("agency")
    space = factored_space(game, players, options)
    rng = random.Random(players)
    state = game.new_game(players, players, options)
    checked = launches = 0
    while not state.is_over() and state.version < 400:
        p = state.active_players()[0]
        legal = state.legal_actions(p)
        chooser = Chooser(space, p)
        for action in rng.sample(legal, min(12, len(legal))):
            assert _walk(chooser, state, space.parts(action)) == action
            checked += 1
            launches += str(action).startswith("launch")
        # random walks through the mask always end in a legal action
        chooser.reset()
        got = None
        while got is None:
            ids = chooser.legal_ids(state)
            assert ids, "a choice in progress always has a way on"
            got = chooser.choose(state, rng.choice(ids))
        assert got in legal
        state.apply_legal(p, got)
    assert checked > 100 and launches > 0


def test_adapters_default_to_factored_for_agency_and_offer_flat() -> None:
    from liftoff.rl import pettingzoo
    from liftoff.rl.gymnasium import make

    env = make("agency", opponents="random", players=4, observation="dict")
    assert env.action_space.n == 459
    assert env.observation_space["observation"].shape == (env.encoder.size + 459,)
    flat = make("agency", opponents="random", players=2, action_space="flat")
    assert flat.action_space.n == 127_399
    assert make("planet", opponents="random").action_space.n == action_index("planet", 2).size
    aec = pettingzoo.env("agency", players=3)
    assert aec.action_space("player_0").n == 384
    par = pettingzoo.parallel_env("agency", players=3)
    assert par.action_space("player_0").n == 385  # + WAIT
    with pytest.raises(ValueError, match="no factored"):
        make("race", opponents="random", action_space="factored")


def test_gymnasium_learner_plays_agency_part_by_part() -> None:
    from liftoff.rl.gymnasium import make

    env = make("agency", opponents="random", players=3, seat="random", observation="dict")
    rng = np.random.default_rng(0)
    for episode in range(2):
        obs, info = env.reset(seed=episode)
        done = False
        sub_steps = 0
        size = env.encoder.size
        while not done:
            before = env.state.version
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
            if not done and env.state.version == before:
                sub_steps += 1  # part of a choice: nobody moved, the choice is observed
                assert obs["observation"][size:].sum() >= 1
        assert terminated and "outcome" in info
        assert sub_steps > 0


@pytest.mark.filterwarnings("ignore:Observation space for each agent:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
def test_pettingzoo_checkers_pass_with_the_factored_space() -> None:
    from pettingzoo.test import api_test, parallel_api_test

    from liftoff.rl import pettingzoo

    api_test(pettingzoo.env("agency", players=2), num_cycles=300)
    parallel_api_test(pettingzoo.parallel_env("agency", players=2), num_cycles=300)


def test_openspiel_agency_is_factored_by_default() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from liftoff.rl import openspiel

    openspiel.register()
    game = pyspiel.load_game("liftoff_agency", {"players": 4})
    assert game.num_distinct_actions() == 459
    flat = pyspiel.load_game("liftoff_agency", {"players": 2, "action_space": "flat"})
    assert flat.num_distinct_actions() == 127_399
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
