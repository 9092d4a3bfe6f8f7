"""The OpenSpiel games' information states have perfect recall: a probe over
many states per game.

At each probed state (from seeded random games) the player to move, q, has
a choice. The probe builds pairs of histories that share everything before
that state and then differ, and checks every player p's
``information_state_string``:

- **order**: q plays two moves in both orders (a then b, b then a) and
  stays to move; **content**: q plays a or b. In both, p's strings must
  differ exactly when what p observed differs: of each step, the action's
  text where p may read it (a public action, or p's own), else only who
  acted; p's view after the step; p's own actions in the order p chose
  them (the parts of an agency factored choice may come in any order). So
  public moves in another order give every player other strings, even when
  the position is the same (before perfect recall, planet's strings were
  equal in most of these pairs: they held the view and the player's own
  moves only), while a hidden action (an agency draft keep) leaves the
  others' strings equal when it leaves their views equal.
- **resampling**: ``resampled(p, seed)`` — a world p cannot tell from the
  real one — gives p the same string.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from liftoff.rl import openspiel  # noqa: E402

CASES = [("planet", 2), ("planet", 3), ("race", 2), ("agency", 2), ("agency", 3)]
STATES = 40  # probed states per case
PAIRS = 4  # content pairs per probed state


@pytest.fixture(scope="module", autouse=True)
def _registered() -> None:
    openspiel.register()


def compact(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def observed_step(before: Any, after: Any, actor: int, action: int, p: int) -> tuple[Any, ...]:
    """What player ``p`` observes of ``actor`` playing ``action`` from ``before``
    to ``after``, independently of the adapter's information states: p's board
    view after it, and the action as p may know it."""
    engine_before, engine_after = before.engine_state, after.engine_state
    view = compact(engine_after.board_view(p))
    mine = action if p == actor else None  # p knows the id p chose
    if engine_after.version == engine_before.version:  # a part of a factored choice
        return (view, mine)
    player, text = engine_after.history[-1]
    rules = engine_after.game
    action_then = rules.parse_action(engine_before, player, text)
    public = rules.action_is_public(engine_before, player, action_then)
    return (view, mine, player, text if public or p == player else None)


def check_pair(name: str, before: Any, q: int, first: list[int], second: list[int]) -> int:
    """Play ``first`` and ``second`` (q's moves) from ``before``; every player's
    strings must differ exactly when what they observed differs. Returns
    how many players observed the same in both lines."""
    lines = []
    for moves in (first, second):
        state, seen = before, []
        for move in moves:
            after = state.child(move)
            seen.append(after)
            state = after
        lines.append(seen)
    ends = [line[-1] for line in lines]
    alike = 0
    for p in range(before.num_players()):
        observed = [
            [
                observed_step(prev, now, q, m, p)
                for prev, now, m in zip([before, *line[:-1]], line, moves, strict=True)
            ]
            for line, moves in zip(lines, (first, second), strict=True)
        ]
        differ = observed[0] != observed[1]
        strings_differ = ends[0].information_state_string(p) != ends[1].information_state_string(p)
        texts = [[before.action_to_string(q, m) for m in moves] for moves in (first, second)]
        assert strings_differ == differ, (
            f"{name}: player {p}, after {texts[0]} or {texts[1]} by player {q}: what they "
            f"observed {'differs' if differ else 'is the same'}, their information states "
            f"{'differ' if strings_differ else 'are the same'}"
        )
        alike += not differ
    return alike


def probed_states(game: Any, seed: int) -> list[Any]:
    """``STATES`` states with a real choice, from seeded random games."""
    rng = np.random.default_rng(seed)
    out: list[Any] = []
    while len(out) < STATES:
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal() and len(out) < STATES:
            legal = state.legal_actions()
            if len(legal) > 1 and step % 7 == 3:
                out.append(state.clone())
            state.apply_action(int(rng.choice(legal)))
            step += 1
    return out


@pytest.mark.timeout(600)
@pytest.mark.parametrize(("name", "players"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_information_states_have_perfect_recall(name: str, players: int) -> None:
    game = pyspiel.load_game(f"liftoff_{name}", {"players": players, "rng_seed": 11})
    rng = np.random.default_rng(5)
    orders = contents = same = 0
    for state in probed_states(game, seed=len(name) * 10 + players):
        q = state.current_player()
        legal = state.legal_actions()
        # order: two moves of q in both orders, q still to move
        for a, b in itertools.combinations(legal[:12], 2):
            sa, sb = state.child(a), state.child(b)
            if sa.current_player() != q or sb.current_player() != q:
                continue
            if b not in sa.legal_actions() or a not in sb.legal_actions():
                continue
            if sa.child(b).is_terminal() or sb.child(a).is_terminal():
                continue
            same += check_pair(name, state, q, [a, b], [b, a])
            orders += 1
            break
        # content: q plays a or b
        for _ in range(PAIRS):
            a, b = (int(x) for x in rng.choice(legal, 2, replace=False))
            same += check_pair(name, state, q, [a], [b])
            contents += 1
        # resampling: a world p cannot tell from this one
        for p in range(players):
            other = state.resampled(p, int(rng.integers(2**31)))
            assert other.information_state_string(p) == state.information_state_string(p)
    assert contents == STATES * PAIRS
    # enough transpositions to mean something where the game has them
    assert orders >= {"planet": 20, "race": 0, "agency": 1}[name], orders
    print(
        f"{name} {players}p: {orders} order pairs, {contents} content pairs; "
        f"{same} times a player observed the same in both"
    )


def test_a_hidden_keep_leaves_the_others_information_state_unchanged_but_for_who_acted() -> None:
    game = pyspiel.load_game("liftoff_agency", {"players": 2, "rng_seed": 1})
    state = game.new_initial_state()
    keeps = [a for a in state.legal_actions() if state.action_to_string(0, a).startswith("keep:")]
    a, b = keeps[0], keeps[1]
    # a draft keep is a choice of one or two cards: finish each with its first completion
    sa, sb = state.child(a), state.child(b)
    while sa.current_player() == 0 and sa.engine_state.version == 0:
        sa.apply_action(sa.legal_actions()[0])
    while sb.current_player() == 0 and sb.engine_state.version == 0:
        sb.apply_action(sb.legal_actions()[0])
    assert sa.engine_state.history[-1] != sb.engine_state.history[-1]
    assert sa.information_state_string(0) != sb.information_state_string(0)  # her own keep
    assert sa.information_state_string(1) == sb.information_state_string(1)  # not his
    assert sa.information_state_string(1) != state.information_state_string(1)  # she acted


def test_information_state_tensor_is_not_provided_and_says_so() -> None:
    for name in ("planet", "race", "agency"):
        game = pyspiel.load_game(f"liftoff_{name}")
        assert not game.get_type().provides_information_state_tensor
        state = game.new_initial_state()
        unimplemented = "InformationStateTensor unimplemented"
        with pytest.raises(pyspiel.SpielError, match=unimplemented):
            state.information_state_tensor(0)
        with pytest.raises(pyspiel.SpielError, match=unimplemented):
            state.information_state_tensor()
        with pytest.raises(pyspiel.SpielError, match=unimplemented):
            game.information_state_tensor_shape()
        with pytest.raises(pyspiel.SpielError, match=unimplemented):
            game.information_state_tensor_size()
        observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
        with pytest.raises(pyspiel.SpielError, match="unimplemented"):
            observer.set_from(state, 0)


def test_a_resampled_world_reads_the_past_as_its_player_saw_it_and_its_own_future_in_full() -> None:
    from liftoff.engine import Event
    from liftoff.rl.recall import Recall

    def draw(who: int, card: str) -> Event:
        return Event("x.drew", {"who": who, "card": card}, (who,), {"who": who, "count": 1})

    real = Recall(["deal 0", "deal 1"], "deal seen by all")
    real.record([Event("x.roll", {"die": 4}), draw(1, "Fuel"), draw(0, "Screw")])
    sampled = real.known_to(0)
    assert sampled.seen(0) == real.seen(0)  # player 0 knows what she saw
    assert "Fuel" in real.seen(1) and "Fuel" not in sampled.seen(1)  # not what he drew
    assert '"count":1' in sampled.seen(1) and "Screw" not in sampled.seen(1)
    assert sampled.start == ("deal 0", "deal seen by all")
    sampled.record([draw(1, "Wild")])  # the sampled world's own future
    assert "Wild" in sampled.seen(1) and "Wild" not in sampled.seen(0)
    again = Recall.from_json(sampled.to_json())  # serialized as the events it knows
    assert [again.seen(p) for p in (0, 1)] == [sampled.seen(p) for p in (0, 1)]
    twice = sampled.known_to(1)  # resampled again, for the other player
    assert twice.seen(1) == sampled.seen(1) and "Wild" not in twice.seen(0)
