"""The OpenSpiel adapter passes pyspiel's random simulation test and runs
OpenSpiel's MCTS and IS-MCTS bots."""

from __future__ import annotations

import json
import pickle

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import liftoff  # noqa: E402
from liftoff.engine import Rng  # noqa: E402
from liftoff.rl import openspiel  # noqa: E402
from liftoff.rl.encoders import encoder_for  # noqa: E402

GAMES = liftoff.games.names()


@pytest.fixture(scope="module", autouse=True)
def _registered() -> None:
    openspiel.register()


def test_register_names_every_game_and_is_idempotent() -> None:
    assert openspiel.register() == [f"liftoff_{n}" for n in GAMES]
    assert openspiel.register() == [f"liftoff_{n}" for n in GAMES]
    registered = {t.short_name for t in pyspiel.registered_games()}
    assert {f"liftoff_{n}" for n in GAMES} <= registered


@pytest.mark.parametrize("name", GAMES)
def test_random_sim_test(name: str) -> None:
    game = pyspiel.load_game(f"liftoff_{name}", {"players": 2, "rng_seed": 1})
    gt = game.get_type()
    assert gt.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    # no chance nodes: the dice live in the state's RNG, which serialization carries
    assert gt.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_game_parameters_carry_player_count_and_options() -> None:
    game = pyspiel.load_game("liftoff_planet", {"players": 4, "team": True})
    state = game.new_initial_state()
    assert game.num_players() == 4
    assert state.engine_state.options["team"] is True
    assert game.num_distinct_actions() == len(game.index)
    with pytest.raises(Exception, match="team"):
        pyspiel.load_game("liftoff_planet", {"players": 3, "team": True})


def test_new_initial_states_are_new_deals_from_rng_seed() -> None:
    a = pyspiel.load_game("liftoff_planet", {"players": 2, "rng_seed": 5})
    b = pyspiel.load_game("liftoff_planet", {"players": 2, "rng_seed": 5})
    first = [str(a.new_initial_state()) for _ in range(3)]
    assert first == [str(b.new_initial_state()) for _ in range(3)]
    assert len(set(first)) == 3


@pytest.mark.parametrize("name", GAMES)
def test_observations_come_from_views(name: str) -> None:
    game = pyspiel.load_game(f"liftoff_{name}", {"players": 2})
    enc = encoder_for(name, 2)
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    for _ in range(15):
        for p in range(2):
            view = state.engine_state.view(p)
            tensor = np.asarray(state.observation_tensor(p))
            assert np.allclose(tensor[: enc.size], enc.encode(view))
            # agency (factored actions) appends the choice in progress, 0/1 per id
            assert set(np.unique(tensor[enc.size :])) <= {0.0, 1.0}
            assert f'"you":{p}' in state.observation_string(p)
            board = json.dumps(
                state.engine_state.board_view(p), sort_keys=True, separators=(",", ":")
            )
            assert state.information_state_string(p).startswith(board + "|deal ")
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", GAMES)
def test_resample_keeps_the_information_state(name: str) -> None:
    game = pyspiel.load_game(f"liftoff_{name}", {"players": 2})
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    key = state.information_state_string(player)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = set()
    for _ in range(5):
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == key
        assert other.legal_actions() == state.legal_actions()
        worlds.add(str(other))
    # every resample is a different world (at least its RNG is reseeded)
    assert str(state) not in worlds and len(worlds) == 5


def test_simultaneous_phases_are_played_in_seat_rotation() -> None:
    game = pyspiel.load_game("liftoff_race", {"players": 3})
    state = game.new_initial_state()
    order = []
    for _ in range(6):
        order.append(state.current_player())
        state.apply_action(state.legal_actions()[0])
    assert order == [0, 1, 2, 0, 1, 2]


def test_agency_draft_picks_stay_hidden_from_the_others() -> None:
    game = pyspiel.load_game("liftoff_agency", {"players": 2})
    state = game.new_initial_state()
    before = state.information_state_string(1)
    assert state.current_player() == 0
    state.apply_action(state.legal_actions()[-1])  # player 0 keeps an objective
    after = state.information_state_string(1)
    assert before != after  # player 1 learns that a choice was made ...
    assert state.engine_state.view(0)["players"][0]["kept"] is not None
    assert "kept" not in state.engine_state.view(1)["players"][0]  # ... but not which
    picked = state.action_to_string(0, state.history()[-1])  # "keep:O02" (factored ids)
    assert picked.startswith("keep:")
    assert picked.split(":")[1] not in after


def test_returns_are_zero_sum_and_max_game_length_truncates() -> None:
    game = pyspiel.load_game("liftoff_race", {"players": 2, "rng_seed": 2})
    state = game.new_initial_state()
    rng = np.random.RandomState(2)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    returns = state.returns()
    assert abs(sum(returns)) < 1e-9 and max(returns) > 0
    short = pyspiel.load_game("liftoff_planet", {"players": 2, "max_game_length": 5})
    state = short.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.move_number() == 5 and state.returns() == [0.0, 0.0]


def test_state_from_wraps_an_engine_position() -> None:
    engine = liftoff.games.get("planet")
    position = engine.new_game(2, 8)
    rng = Rng(8)
    for _ in range(20):
        p = position.active_players()[0]
        legal = position.legal_actions(p)
        position.apply_legal(p, legal[rng.below(len(legal))])
    game = pyspiel.load_game("liftoff_planet", {"players": 2})
    state = game.state_from(position)
    p = position.active_players()[0]
    assert state.current_player() == p
    assert [state.action_to_string(p, a) for a in state.legal_actions()] == sorted(
        (str(a) for a in position.legal_actions(p)),
        key=lambda t: game.index.id_of_text(position, p, t),
    )
    state.apply_action(state.legal_actions()[0])
    assert position.version == 20  # the wrapped position is a copy


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_mcts_and_ismcts_bots_play(name: str) -> None:
    game = pyspiel.load_game(f"liftoff_{name}", {"players": 2, "rng_seed": 3})
    rs = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    mcts_bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=8, evaluator=evaluator, random_state=rs
    )
    ismcts_bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rs)
    ismcts_bot.set_resampler(openspiel.seeded_resampler(4))
    state = game.new_initial_state()
    for move in range(6):
        bot = mcts_bot if move % 2 == 0 else ismcts_bot
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.move_number() == 6


def test_evaluate_bots_runs_ismcts_with_the_restart_at_shim_of_docs_rl() -> None:
    """OpenSpiel's ``evaluate_bots`` calls ``restart_at`` on every bot, which its
    own ``ISMCTSBot`` lacks (``RestartAt(state) not implemented``, on
    kuhn_poker too). ISMCTSBot builds a new tree every move, so the one-line
    shim of docs/rl.md, a ``restart_at`` that does nothing, is enough."""
    from open_spiel.python.algorithms import evaluate_bots

    for name, params in (("kuhn_poker", {}), ("liftoff_race", {"max_game_length": 40})):
        game = pyspiel.load_game(name, params)
        rs = np.random.RandomState(1)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=1.4, max_simulations=4, random_state=rs)
        other = pyspiel.make_uniform_random_bot(1, 7)
        with pytest.raises(pyspiel.SpielError, match="RestartAt"):
            evaluate_bots.evaluate_bots(game.new_initial_state(), [bot, other], rs)
        bot.restart_at = lambda state: None  # the shim
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), [bot, other], rs)
        assert len(returns) == 2 and sum(returns) == pytest.approx(0.0)


def _played(name: str, players: int = 2, moves: int = 25, seed: int = 0) -> object:
    game = pyspiel.load_game(f"liftoff_{name}", {"players": players, "rng_seed": seed})
    state = game.new_initial_state()
    rng = np.random.RandomState(seed)
    for _ in range(moves):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", GAMES)
def test_state_serializes_to_a_string_and_back(name: str) -> None:
    state = _played(name)
    game = state.get_game()
    copy = game.deserialize_state(state.serialize())
    assert str(copy) == str(state)  # engine JSON, RNG included
    assert copy.history() == state.history()
    assert copy.information_state_string(1) == state.information_state_string(1)
    # the copy replays the same future, dice included
    for _ in range(10):
        if state.is_terminal():
            break
        action = state.legal_actions()[-1]
        state.apply_action(action)
        copy.apply_action(action)
    assert str(copy) == str(state)


@pytest.mark.parametrize("name", GAMES)
def test_states_and_games_pickle(name: str) -> None:
    state = _played(name, players=3, moves=10)
    again = pickle.loads(pickle.dumps(state))
    assert str(again) == str(state) and again.history() == state.history()
    assert str(pickle.loads(pickle.dumps(state.get_game()))) == str(state.get_game())
    game2, state2 = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(state.get_game(), state)
    )
    assert str(state2) == str(state) and str(game2) == str(state.get_game())


def test_text_options_with_commas_survive_the_game_string() -> None:
    game = pyspiel.load_game("liftoff_planet", {"players": 2, "lift_die": "X;X;1;2;2;3"})
    assert game.new_initial_state().engine_state.options["lift_die"] == "X,X,1,2,2,3"
    again = pyspiel.load_game(str(game))
    assert again.new_initial_state().engine_state.options["lift_die"] == "X,X,1,2,2,3"


PUBLIC = pyspiel.IIGObservationType(
    perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
)
PRIVATE = pyspiel.IIGObservationType(
    perfect_recall=False, public_info=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
)


@pytest.mark.parametrize("name", GAMES)
def test_public_observation_is_the_spectator_view(name: str) -> None:
    from open_spiel.python.observation import make_observation

    state = _played(name, moves=8)
    public = make_observation(state.get_game(), PUBLIC)
    seen = {k: v for k, v in state.engine_state.view(None).items() if k != "recent"}
    spectator = json.dumps(seen, sort_keys=True, separators=(",", ":"))
    assert public.string_from(state, 0) == public.string_from(state, 1) == spectator
    assert public.tensor is None  # strings only
    private = make_observation(state.get_game(), PRIVATE)
    mine, theirs = private.string_from(state, 0), private.string_from(state, 1)
    assert mine != theirs
    # the player's own hand (private) is in their default observation, never in the public one
    assert state.observation_string(0) != spectator


@pytest.mark.parametrize(
    "obs_type",
    [
        pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
        ),
        pyspiel.IIGObservationType(
            perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        ),
    ],
    ids=["all_players", "public_perfect_recall"],
)
def test_unsupported_observation_types_are_refused(obs_type: object) -> None:
    game = pyspiel.load_game("liftoff_planet", {"players": 2})
    with pytest.raises(ValueError, match="observation types"):
        game.make_py_observer(obs_type)


def test_resampled_state_never_shows_the_others_hidden_actions() -> None:
    """agency draft keeps are hidden: after resampling from player 0's point of
    view, neither ``history()`` nor player 1's information state may carry
    player 1's real keeps (only what player 0 could see)."""
    game = pyspiel.load_game("liftoff_agency", {"players": 2, "rng_seed": 3})
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    for _ in range(4):  # both players keep objectives and specialists
        state.apply_action(rng.choice(state.legal_actions()))
    engine = state.engine_state
    rules = engine.game
    hidden = {
        part
        for p, text in engine.history
        if p == 1 and not rules.action_is_public(engine, p, rules.parse_action(engine, p, text))
        for part in game.index.parts(rules.parse_action(engine, p, text))
    }
    assert hidden, "the opening should contain a hidden keep of player 1"
    own_text = [state.action_to_string(1, a) for a in hidden]
    for k in range(5):
        other = state.resampled(0, 100 + k)
        assert other.information_state_string(0) == state.information_state_string(0)
        real_pairs = [(p, a) for p, a in zip_history(state) if p == 1 and a in hidden]
        assert not set(real_pairs) & set(zip_history(other))
        info1 = other.information_state_string(1)
        for p, text in engine.history:
            action = rules.parse_action(engine, p, text)
            if p == 1 and not rules.action_is_public(engine, p, action):
                # the real keep's card may be in the resampled hand by chance, but
                # never in an action player 1 is recorded to have made
                assert f'"action":"{text}"' not in info1
                assert f'"action":"{text}"' in state.information_state_string(1)
        assert own_text


def zip_history(state: object) -> list[tuple[int, int]]:
    return [(int(pa.player), int(pa.action)) for pa in state.full_history()]
