"""The toy ``Game``: metadata, options, the construction hook, parsing and content."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from liftoff.engine import Action, Game, GameInfo, Option, OptionSet, OptionValue
from liftoff.engine.content import load_rules

from . import actions
from .content import FILES, Deck, default_content, load_content, validate_path
from .state import ToyState

INFO = GameInfo(
    name="toy",
    title="Highest unique (a toy game)",
    min_players=2,
    max_players=3,
    simultaneous=True,
    stochastic=True,
    hidden_information=True,
    summary="Pick 1-3 in secret; the highest number nobody else picked wins the card.",
    rule_prefix="TOY-",
    rules_version="1",
)

OPTIONS = OptionSet(
    (Option("rounds", int, 3, "How many rounds are played.", minimum=1, maximum=3),)
)


class ToyGame(Game[ToyState]):
    """The toy game bound to one deck of cards."""

    info = INFO
    options = OPTIONS

    def __init__(self, content: Deck | None = None) -> None:
        self.content = content if content is not None else default_content()
        self._rules = dict(load_rules("toygame", "data/rules.json"))

    # -- construction: the one hook --------------------------------------------
    def _new_state(self, players: int, seed: int, options: dict[str, OptionValue]) -> ToyState:
        return ToyState.new(self, players, seed, options)

    def from_json(self, data: Mapping[str, Any]) -> ToyState:
        return ToyState.from_json(self, dict(data))

    # -- actions -----------------------------------------------------------------
    def parse_action(self, state: ToyState, player: int, text: str) -> Action:
        return actions.parse(text, player)

    def action_space(self, players: int, options: Mapping[str, Any] | None = None) -> list[Action]:
        return [actions.Pick(n) for n in range(actions.LOW, actions.HIGH + 1)]

    def rule_text(self, rule: str) -> str | None:
        return self._rules.get(rule)

    # -- content -------------------------------------------------------------------
    def content_files(self) -> tuple[str, ...]:
        return FILES

    def validate_content(self, path: str | Path) -> list[tuple[str, str, str]]:
        return validate_path(path)

    def load_content(self, directory: str | Path) -> ToyGame:
        return ToyGame(load_content(directory))

    def content_fingerprint(self) -> str:
        return self.content.fingerprint

    # -- conformance -----------------------------------------------------------------
    def conformance_cases(self) -> Iterator[tuple[int, dict[str, OptionValue]]]:
        yield from super().conformance_cases()
        yield 3, {"rounds": 1}


GAME = ToyGame()
