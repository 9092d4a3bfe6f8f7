"""An engine error met inside a search is a bug: it surfaces from ``choose``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

import pytest

from liftoff.bots import make
from liftoff.engine import Action, Game, GameInfo, Outcome, State
from liftoff.engine.options import OptionValue


@dataclass(frozen=True)
class Take(Action):
    """Take ``n`` counters from the pile."""

    n: int

    def __str__(self) -> str:
        return f"take {self.n}"


class BrokenNim(State):
    """Nim with one pile (take 1 or 2; whoever takes the last counter wins),
    whose engine raises on one legal move in one position: a bug that only some
    of the lines a search looks at meet."""

    pile: int
    turn: int

    @classmethod
    def new(cls, game: Game[Any], players: int, seed: int, options: dict[str, OptionValue]) -> Self:
        state = cls()
        state._init_base(game, players, seed, options)
        state.pile, state.turn = 12, 0
        return state

    def active_players(self) -> tuple[int, ...]:
        return () if self.pile == 0 else (self.turn,)

    def is_over(self) -> bool:
        return self.pile == 0

    def outcome(self) -> Outcome | None:
        if self.pile:
            return None
        winner = (self.turn - 1) % self.num_players
        keys = [(1.0 if p == winner else 0.0,) for p in range(self.num_players)]
        return Outcome.from_keys(keys, [k[0] for k in keys], "end")

    def _legal_actions(self, player: int) -> list[Action]:
        if player != self.turn or not self.pile:
            return []
        return [Take(n) for n in (1, 2) if n <= self.pile]

    def _apply(self, player: int, action: Action) -> None:
        assert isinstance(action, Take)
        if self.pile == 5 and action.n == 2 and player == 1:
            raise RuntimeError("engine bug: the pile went wrong")
        self.pile -= action.n
        self.turn = (self.turn + 1) % self.num_players

    def view(self, player: int | None) -> dict[str, Any]:
        return {"pile": self.pile, "turn": self.turn}

    def determinize(self, player: int, seed: int) -> Self:
        copy = self.clone()
        copy._start_from_here(seed)
        return copy

    def clone(self) -> Self:
        other = type(self)()
        self._copy_base_into(other)
        other.pile, other.turn = self.pile, self.turn
        return other

    def _payload_json(self) -> dict[str, Any]:
        return {"pile": self.pile, "turn": self.turn}


class BrokenNimGame(Game[BrokenNim]):
    info = GameInfo(
        name="broken-nim",
        title="Broken Nim",
        min_players=2,
        max_players=2,
        simultaneous=False,
        stochastic=False,
        hidden_information=False,
    )

    def _new_state(self, players: int, seed: int, options: dict[str, OptionValue]) -> BrokenNim:
        return BrokenNim.new(self, players, seed, options)

    def parse_action(self, state: BrokenNim, player: int, text: str) -> Action:
        return Take(int(text.split()[1]))

    def from_json(self, data: Mapping[str, Any]) -> BrokenNim:
        raise NotImplementedError


@pytest.mark.parametrize("spec", ["ismcts:rollout=random", "ismcts:rollout=random,depth=0"])
def test_an_engine_error_inside_the_search_propagates_out_of_choose(spec: str) -> None:
    state = BrokenNimGame().new_game(2, seed=1)
    assert len(state.legal_actions(0)) == 2  # a real decision: the search runs
    bot = make(spec, seed=1)
    with pytest.raises(RuntimeError, match="engine bug"):
        bot.choose(state, 0)


def test_the_same_game_is_searched_when_its_engine_does_not_fail() -> None:
    class Fixed(BrokenNim):
        def _apply(self, player: int, action: Action) -> None:
            assert isinstance(action, Take)
            self.pile -= action.n
            self.turn = (self.turn + 1) % self.num_players

    class FixedGame(BrokenNimGame):
        def _new_state(self, players: int, seed: int, options: dict[str, OptionValue]) -> Fixed:
            return Fixed.new(self, players, seed, options)

    state = FixedGame().new_game(2, seed=1)
    state.pile = 11  # taking 2 leaves a multiple of 3: a lost position for the mover
    bot = make("ismcts:rollout=random,iterations=300", seed=1)
    assert str(bot.choose(state, 0)) == "take 2"
