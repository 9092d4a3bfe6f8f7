"""The engine's undo rule: a move may be taken back only when it revealed
nothing to anyone, read from what its events say (``Event.reveals``), the same
for every game; and why not, when it may not (``State.undo_refusal``)."""

from __future__ import annotations

import json

import pytest

import liftoff
from liftoff.engine import Event, messages
from liftoff.engine.game import canon
from liftoff.engine.state import why_it_stands
from liftoff.games.planet.state import PlanetState
from liftoff.games.planet.testing import position

pytestmark = pytest.mark.rules("API-UNDO")
PLANET = liftoff.games.get("planet")
FIRST = ("bonfire", "satellite", "rocket", "jetpack")


def fresh(hands: dict[int, str] | None = None, keep: int | None = 32) -> PlanetState:
    """Ann's turn at a planet table, with moves to spare; keeping ``keep`` moves
    to take back (``None``: none)."""
    s = position(2, slots=FIRST, hands=hands or {0: "F"}, draw="S S S")
    s._history = []
    s.moves = 9
    if keep is not None:
        s.keep_undo(keep)
    return s


def why(state: liftoff.engine.State) -> str | None:
    refusal = state.undo_refusal()
    if refusal is None:
        return None
    assert refusal.rule == "API-UNDO" and messages.known(refusal.code)
    return refusal.code


def test_a_move_is_judged_by_what_its_events_reveal() -> None:
    drew = Event("demo.draw", {"who": 0, "cards": ["F"]}, (0,), {"who": 0}, reveals=True)
    passed = Event("demo.pass", {"who": 1, "cards": ["S"]}, (1,), None, reveals=True)
    shown = Event("demo.played", {"who": 0, "card": "moon"}, reveals=True)
    quiet = Event("demo.moved", {"who": 0})
    assert why_it_stands([quiet], 0, chance=False, ended=False) == ""
    assert why_it_stands([quiet, drew, shown], 0, chance=False, ended=False) == "seen"
    assert why_it_stands([quiet, passed], 0, chance=False, ended=False) == "shown"
    assert why_it_stands([shown], 0, chance=False, ended=False) == "shown"
    assert why_it_stands([quiet], 0, chance=True, ended=False) == "chance"
    assert why_it_stands([quiet], 0, chance=False, ended=True) == "shown"


def test_moving_may_be_taken_back_drawing_and_showing_cards_may_not() -> None:
    s = fresh(hands={0: "F F moon"})
    assert why(s) == "api.undo.nothing"
    s.apply(0, "move core S0")
    assert s.last_action_undoable() and why(s) is None
    s.apply(0, "pay rocket F")  # the others see a Fuel leave the hand
    assert why(s) == "api.undo.shown"
    s.apply(0, "trade F moon")  # the draw shows the drawer a new card
    assert why(s) == "api.undo.seen"
    said = s.undo_refusal()
    assert said is not None and said.said("ja") != said.message
    assert "The cards it showed you are now known" in said.message


def test_what_the_engine_did_not_see_is_not_taken_back() -> None:
    """The fast path builds no events, and JSON does not keep what a move
    revealed: both leave the last move standing, with a reason."""
    s = fresh()
    move = next(a for a in s.legal_actions(0) if str(a) == "move core S0")
    s.apply_legal(0, move)
    assert why(s) == "api.undo.unknown"
    s.apply(0, "move S0 S1")
    assert why(s) is None
    data = s.to_json()
    assert "last_undoable" not in data
    again = PLANET.from_json(json.loads(canon(data)))
    assert why(again) == "api.undo.unknown"
    assert why(s.determinize(1, seed=5)) == "api.undo.nothing"
    data["last_undoable"] = True  # written by an earlier version: read and ignored
    assert why(PLANET.from_json(data)) == "api.undo.unknown"


@pytest.mark.parametrize("name", liftoff.games.names())
def test_a_determinized_record_of_an_earlier_version_still_replays(name: str) -> None:
    """Snapshots written before undo was read from events carried
    ``"last_undoable"`` (and race's ``"revealed_new"``): no version reads them."""
    game = liftoff.games.get(name)
    state = game.new_game(2, seed=3)
    for _ in range(3):
        p = state.active_players()[0]
        state.apply(p, state.legal_actions(p)[0])
    record = json.loads(canon(state.determinize(0, seed=9).record()))
    record["start"]["last_undoable"] = False
    if name == "race":
        record["start"]["state"]["revealed_new"] = False
    again = game.replay(record)
    assert canon(again.record()) == canon(state.determinize(0, seed=9).record())
    record["start"]["rng"] = str(record["start"]["rng"])  # what it keeps must read back exactly
    with pytest.raises(liftoff.ReplayError, match="does not read back as written"):
        game.replay(record)


def test_undo_goes_back_in_place_as_far_as_it_keeps() -> None:
    s = fresh(keep=None)
    s.apply(0, "move core S0")
    assert why(s) == "api.undo.not-kept"  # the rule allows it, but nothing was kept
    assert s.last_action_undoable()
    s = fresh(keep=2)
    for move in ("move core S0", "move core S2", "move S2 S3"):
        s.apply(0, move)
    assert [str(a) for _, a in (s.undo(), s.undo())] == ["move S2 S3", "move core S2"]
    assert why(s) == "api.undo.not-kept"  # two kept: the first move is as far as it goes
    s = fresh()
    start, views = canon(s.to_json()), [canon(s.view(v)) for v in (None, 0, 1)]
    s.apply(0, "move core S0")
    assert s.undo() == (0, s.game.parse_action(s, 0, "move core S0"))
    assert canon(s.to_json()) == start and [canon(s.view(v)) for v in (None, 0, 1)] == views
    assert s.version == 0 and s.recent_events(0) == [] and why(s) == "api.undo.nothing"
    with pytest.raises(liftoff.IllegalAction) as refused:
        s.undo()
    assert refused.value.rule == "API-UNDO"


def test_what_undo_keeps_stays_with_the_game_that_played_it() -> None:
    """A clone keeps the same moves to take back, and taking one back there leaves
    the original alone; the fast path, JSON and a determinized copy keep none (a
    sampled world must never lead back to the true game)."""
    s = fresh()
    s.apply(0, "move core S0")
    after = canon(s.to_json())
    copy = s.clone()
    copy.undo()
    assert canon(s.to_json()) == after and why(s) is None
    assert why(s.determinize(0, seed=1)) == "api.undo.nothing"
    assert why(PLANET.from_json(s.to_json())) == "api.undo.unknown"
    s.apply(0, "move S0 S1")
    s.apply_legal(0, next(a for a in s.legal_actions(0) if str(a) == "move S1 S0"))
    assert why(s) == "api.undo.unknown"
    s.apply(0, "move S0 S1")  # kept again from here, never past the fast path's move
    s.undo()
    assert why(s) == "api.undo.unknown"


def test_as_many_moves_as_kept_are_taken_back_each_giving_its_position_back() -> None:
    """31 moves in a row that reveal nothing, keeping the default 32: all 31 are
    taken back, one by one, each giving back exactly the position before it
    (its JSON and every view); a 40th move pushes the oldest out, and exactly
    32 go back. (The stack used to cut itself to ``depth - len`` once more
    than half full: only 16 of the 31 came back.)"""
    s = fresh()
    s.moves = 99
    looks = []
    texts = ["move core S0", *(("move S0 S1", "move S1 S0")[i % 2] for i in range(30))]
    for text in texts:
        looks.append((canon(s.to_json()), [canon(s.view(v)) for v in (None, 0, 1)]))
        s.apply(0, text)
    for text in reversed(texts):
        _, action = s.undo()
        assert str(action) == text
        assert (canon(s.to_json()), [canon(s.view(v)) for v in (None, 0, 1)]) == looks[s.version]
    assert s.version == 0 and why(s) == "api.undo.nothing"
    for text in [*texts, *(("move S0 S1", "move S1 S0")[i % 2] for i in range(9))]:
        s.apply(0, text)
    assert s.version == 40
    while why(s) is None:
        s.undo()
    assert (s.version, why(s)) == (8, "api.undo.not-kept")


def test_a_kept_position_costs_a_position_not_the_game_so_far() -> None:
    """What undo keeps before each move carries no history (the game's own is
    cut back when a position comes back), so it does not grow with the game;
    the history of the game taken back is exact."""
    s = fresh(keep=8)
    s.moves = 99
    s.apply(0, "move core S0")
    for i in range(20):
        s.apply(0, ("move S0 S1", "move S1 S0")[i % 2])
    kept = s._undo.kept
    assert len(kept) == 8 and all(p.version == 0 for _, p in kept)
    assert [v for v, _ in kept] == list(range(13, 21))
    history = s.history
    s.undo()
    s.undo()
    assert s.history == history[:-2] and s.version == 19
    assert [v for v, _ in s._undo.kept] == list(range(13, 19))
