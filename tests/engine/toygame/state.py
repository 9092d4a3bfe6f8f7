"""The rules of the toy game (``ToyState``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

from liftoff.engine import Action, IllegalAction, OptionValue, Outcome, Rng, State

from .actions import HIGH, LOW, Pick
from .explain import explain
from .view import ToyView, view

if TYPE_CHECKING:
    from .game import ToyGame


class ToyState(State):
    """A game of highest unique in progress."""

    game: ToyGame
    stale_rule = "API-STALE"

    round: int  # 0-based index of the round being played
    card: str | None  # the turned-up card of this round (None when over)
    deck: list[str]  # the face-down cards, top first (hidden)
    picks: list[int | None]  # this round's secret picks
    scores: list[int]
    rounds: list[list[int]]  # the picks of every finished round (public)

    # -- construction: the one hook the Game calls ----------------------------
    @classmethod
    def new(
        cls, game: ToyGame, players: int, seed: int, options: dict[str, OptionValue]
    ) -> ToyState:
        """A new game: shuffle the cards, turn up the first (TOY-SETUP-1)."""
        state = cls()
        state._init_base(game, players, seed, options)
        deck = [card.id for card in game.content.cards]
        state.rng.shuffle(deck)
        state.round = 0
        state.card = deck.pop(0)
        state.deck = deck
        state.picks = [None] * players
        state.scores = [0] * players
        state.rounds = []
        return state

    @classmethod
    def from_json(cls, game: ToyGame, data: dict[str, Any]) -> ToyState:
        """The exact inverse of ``to_json``."""
        state = cls()
        state._load_base_json(game, data)
        payload = data["state"]
        state.round = int(payload["round"])
        state.card = payload["card"]
        state.deck = list(payload["deck"])
        state.picks = list(payload["picks"])
        state.scores = list(payload["scores"])
        state.rounds = [list(r) for r in payload["rounds"]]
        return state

    @property
    def total_rounds(self) -> int:
        value = self.options["rounds"]
        assert isinstance(value, int)
        return value

    # -- turn structure -------------------------------------------------------
    def active_players(self) -> tuple[int, ...]:
        if self.card is None:
            return ()
        return tuple(p for p, pick in enumerate(self.picks) if pick is None)

    def is_over(self) -> bool:
        return self.card is None

    def outcome(self) -> Outcome | None:
        if not self.is_over():
            return None
        return Outcome.from_keys([(s,) for s in self.scores], self.scores, "rounds")

    # -- actions ----------------------------------------------------------------
    def _legal_actions(self, player: int) -> list[Action]:
        if self.card is None or self.picks[player] is not None:
            return []
        return [Pick(n) for n in range(LOW, HIGH + 1)]

    def _apply(self, player: int, action: Action) -> None:
        assert isinstance(action, Pick)
        self.picks[player] = action.number
        if all(pick is not None for pick in self.picks):
            self._resolve()

    def _resolve(self) -> None:
        """Everyone has picked: score the round (TOY-SCORE-1), then turn up the
        next card or end the game (TOY-END-1)."""
        picks = [p for p in self.picks if p is not None]
        unique = [n for n in picks if picks.count(n) == 1]
        assert self.card is not None
        if unique:
            self.scores[picks.index(max(unique))] += self.game.content.points[self.card]
        self.rounds.append(picks)
        self.picks = [None] * self.num_players
        self.round += 1
        self.card = self.deck.pop(0) if self.round < self.total_rounds else None
        # everyone's secret picks are shown, and a face-down card turns up
        self._emit("toy.ev.picks", {"round": self.round, "picks": picks}, reveals=True)
        if self.card is not None:
            self._emit("toy.ev.card", {"card": self.card}, reveals=True)

    def _explain_illegal(self, player: int, action: Action) -> IllegalAction:
        return explain(self, player, action)

    # -- information --------------------------------------------------------------
    def view(self, player: int | None) -> ToyView:  # type: ignore[override]
        return view(self, player)

    def determinize(self, player: int, seed: int) -> Self:
        """Resample the other players' secret picks and the face-down cards."""
        copy = self.clone()
        rng = Rng(seed)
        copy.rng = rng
        copy.picks = [
            pick if p == player or pick is None else LOW + rng.below(HIGH - LOW + 1)
            for p, pick in enumerate(self.picks)
        ]
        rng.shuffle(copy.deck)
        copy._start_from_here(seed, player)
        return copy

    # -- persistence ----------------------------------------------------------------
    def clone(self) -> Self:
        copy = type(self)()
        self._copy_base_into(copy)
        copy.round = self.round
        copy.card = self.card
        copy.deck = self.deck.copy()
        copy.picks = self.picks.copy()
        copy.scores = self.scores.copy()
        copy.rounds = [r.copy() for r in self.rounds]
        return copy

    def _payload_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "card": self.card,
            "deck": list(self.deck),
            "picks": list(self.picks),
            "scores": list(self.scores),
            "rounds": [list(r) for r in self.rounds],
        }

    def invariants(self) -> list[str]:
        problems = []
        if len(self.rounds) != self.round:
            problems.append(f"{len(self.rounds)} finished rounds in round {self.round}")
        if any(p is not None and not LOW <= p <= HIGH for p in self.picks):
            problems.append(f"a pick out of range: {self.picks}")
        cards = [*self.deck, *([self.card] if self.card else [])]
        if len(set(cards)) != len(cards) or not set(cards) <= set(self.game.content.points):
            problems.append(f"the cards are not a part of the deck: {cards}")
        return problems
