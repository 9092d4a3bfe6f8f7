"""The conformance suite's undo checks: a move is taken back only when it
revealed nothing to anyone, and ``State.undo`` gives back exactly the
position before it (``tests/test_conformance.py`` runs :func:`check_undo` on
every game and option case).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .action import Action
from .conformance import _game_part, _pick, check_message
from .errors import IllegalAction
from .events import Event
from .game import Game, canon
from .options import OptionValue
from .rng import Rng, derive_seed
from .state import State


def _seen(state: State, events: Sequence[Event], viewer: int) -> str:
    """What ``viewer`` sees after an action: its view (without the ``"recent"``
    history, whose window depends on what came long before) and its events as
    ``viewer`` sees them."""
    return canon(
        {"view": _game_part(state.view(viewer)), "events": [e.to_json(viewer) for e in events]}
    )


def learnt_from(
    before: State,
    after: State,
    player: int,
    action: Action,
    events: Sequence[Event],
    seed: int,
    worlds: int = 3,
) -> list[str]:
    """What the seats learnt from ``player``'s ``action`` (``before`` → ``after``,
    which caused ``events``), found by trying worlds: for each seat, ``worlds``
    states it could not tell from ``before`` (``determinize``). The seat learnt
    something if, in one of them, the same action leaves it a different view or
    other events — or is impossible while the seat read the action itself.
    Returns one line per seat that learnt something (empty: nobody did)."""
    out = []
    for seat in range(before.num_players):
        real = _seen(after, events, seat)
        read_it = events[0].full_for(seat)
        for k in range(worlds):
            world = before.determinize(seat, derive_seed(seed, seat, k))
            if action not in world.legal_actions(player):
                if read_it:
                    out.append(
                        f"seat {seat} read {action}, impossible in a world it thought possible"
                    )
                    break
                continue
            caused = world.apply(player, action)
            if _seen(world, caused, seat) != real:
                out.append(f"seat {seat} sees something after {action} that it could not know")
                break
    return out


def check_undo(
    game: Game[Any],
    players: int,
    options: Mapping[str, OptionValue],
    seed: int,
    *,
    worlds: int = 3,
) -> int:
    """One random game through ``State.apply``, keeping undo (``keep_undo``),
    checking after every action: one the engine lets its player take back
    (``last_action_undoable``) taught nobody anything (:func:`learnt_from`
    finds nothing), and ``undo()`` gives back exactly the position before it —
    its JSON and the view of every seat and a spectator — also on a clone,
    leaving the original alone; now and then every move that may be taken back
    is taken back in a row, each giving its position back, and played again,
    giving the same game. One the engine does not let its player take back has
    a refusal (``undo_refusal``, rule ``API-UNDO``) with words, which ``undo()``
    raises, changing nothing. Returns how many actions could be taken back."""
    state: State = game.new_game(players, seed, dict(options))
    state.keep_undo()
    rng = Rng(derive_seed(seed, "undo"))
    viewers = (None, *range(players))

    def look(s: State) -> tuple[str, list[str]]:
        return canon(s.to_json()), [canon(s.view(v)) for v in viewers]

    seen: dict[int, tuple[str, list[str]]] = {}  # each position undo may go back to
    undoable = 0
    while not state.is_over():
        player, action = _pick(state, rng)
        before = state.clone()
        seen[state.version] = look(state)
        events = state.apply(player, action)
        step = state.version
        assert step <= 20_000, "game did not end after 20000 actions"
        refusal = state.undo_refusal()
        if not state.last_action_undoable():
            assert refusal is not None and refusal.rule == "API-UNDO", (
                f"action {step} ({action}) stands without a refusal naming API-UNDO"
            )
            check_message(refusal)
            _check_refused(state, refusal)
            seen.clear()  # nothing before it can be taken back any more
            continue
        assert refusal is None, f"action {step} ({action}) may be taken back, yet is refused"
        undoable += 1
        learnt = learnt_from(before, state, player, action, events, derive_seed(seed, step), worlds)
        assert not learnt, (
            f"action {step} ({action} by {player}) may be taken back, but " + "; ".join(learnt)
        )
        world = state.determinize(player, derive_seed(seed, step, "world"))
        assert world.undo_refusal() is not None, "a determinized state could go back to the truth"
        after = look(state)
        copy = state.clone()
        assert copy.undo() == (player, action), "undo did not return the move taken back"
        assert look(copy) == seen[step - 1], (
            f"taking back action {step} ({action}) did not give the position and views back"
        )
        assert look(state) == after, "taking back a move on a clone changed the original"
        if rng.below(4) == 0:
            _undo_all_and_again(state, seen, look)
            assert look(state) == after, "moves taken back and played again gave another game"
    return undoable


def _check_refused(state: State, refusal: IllegalAction) -> None:
    """``undo()`` raises ``refusal`` and changes nothing."""
    data = canon(state.to_json())
    try:
        state.undo()
    except IllegalAction as exc:
        assert (exc.code, exc.rule) == (refusal.code, refusal.rule), "undo() refused otherwise"
    else:
        raise AssertionError(f"undo() took back a move it refuses: {refusal.message}")
    assert canon(state.to_json()) == data, "a refused undo changed the state"


def _undo_all_and_again(
    state: State,
    seen: Mapping[int, tuple[str, list[str]]],
    look: Callable[[State], tuple[str, list[str]]],
) -> None:
    """Take back every move undo reaches, checking each position, then play them again."""
    taken = []
    while state.undo_refusal() is None:
        taken.append(state.undo())
        assert look(state) == seen[state.version], (
            f"taking back moves in a row did not give position {state.version} back"
        )
    for player, action in reversed(taken):
        state.apply(player, action)
