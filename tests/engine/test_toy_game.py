"""A toy game registered only in these tests, built by following
docs/engine.md "Adding a game": the engine contract, bots, replay, determinize,
message ids, content and add-ons all work for a game that is not shipped."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
import toygame
from toygame import heuristic

import liftoff
from liftoff import addons, bots
from liftoff.engine import (
    ContentError,
    IllegalAction,
    OptionValue,
    ReplayError,
    conformance,
    conformance_undo,
    messages,
    play,
)
from liftoff.engine.game import canon

HEURISTICS = "liftoff.bots.heuristics"


@pytest.fixture
def toy() -> Iterator[toygame.ToyGame]:
    """The toy game, registered (with its bots add-on) for one test."""
    liftoff.games.register("toy", toygame.GAME)
    addons.register(HEURISTICS, "toy", heuristic)
    try:
        yield toygame.GAME
    finally:
        addons.unregister(HEURISTICS, "toy")
        liftoff.games.unregister("toy")


def test_the_registry_finds_it_and_forgets_it(toy: toygame.ToyGame) -> None:
    assert liftoff.games.get("toy") is toy
    assert "toy" in liftoff.games.names()
    assert addons.find(HEURISTICS, "toy") is heuristic
    liftoff.games.unregister("toy")
    assert "toy" not in liftoff.games.names()
    with pytest.raises(liftoff.UnknownGame):
        liftoff.games.get("toy")
    liftoff.games.register("toy", toy)


CASES = list(toygame.GAME.conformance_cases())


@pytest.mark.parametrize(("players", "options"), CASES)
def test_the_conformance_suite_passes(
    toy: toygame.ToyGame, players: int, options: dict[str, Any]
) -> None:
    for seed in (1, 2, 3):
        conformance.play_checked(toy, players, options, seed, message_ids=True)
    conformance.check_determinism(toy, players, options, seed=7)


@pytest.mark.rules("API-UNDO")
@pytest.mark.parametrize(("players", "options"), CASES)
def test_only_an_action_that_revealed_nothing_may_be_taken_back(
    toy: toygame.ToyGame, players: int, options: dict[str, Any]
) -> None:
    # a pick before the last of a round shows nothing; the last shows every pick
    assert conformance_undo.check_undo(toy, players, options, seed=1) > 0


class ForgetfulState(toygame.ToyState):
    """The toy game's rules with events that never say what they reveal."""

    def _emit(
        self,
        kind: str,
        data: Mapping[str, Any] | None = None,
        *,
        to: tuple[int, ...] | None = None,
        public: Mapping[str, Any] | None = None,
        reveals: bool = False,
    ) -> None:
        super()._emit(kind, data, to=to, public=public)


class ForgetfulGame(toygame.ToyGame):
    def _new_state(
        self, players: int, seed: int, options: dict[str, OptionValue]
    ) -> toygame.ToyState:
        return ForgetfulState.new(self, players, seed, options)

    def from_json(self, data: Mapping[str, Any]) -> toygame.ToyState:
        return ForgetfulState.from_json(self, dict(data))


@pytest.mark.rules("API-UNDO")
def test_the_undo_check_catches_a_game_that_reveals_on_an_undoable_action() -> None:
    """The last pick of a round shows every pick and turns up a card, and its
    events do not say so: the engine would let it be taken back, and the
    conformance check finds who learnt what."""
    forgetful = ForgetfulGame()
    state = forgetful.new_game(2, seed=1)
    state.apply(0, "pick 1")
    state.apply(1, "pick 2")
    assert state.round == 1 and state.last_action_undoable()  # the leak
    with pytest.raises(AssertionError, match=r"may be taken back, but seat \d sees something"):
        conformance_undo.check_undo(forgetful, 2, {}, seed=1)


def test_determinized_worlds_are_independent_of_the_truth(toy: toygame.ToyGame) -> None:
    conformance.check_determinize_independent(toy, 3, {}, steps=(0, 1, 4))


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_a_bot_plays_it_to_the_end_and_the_record_replays(toy: toygame.ToyGame, bot: str) -> None:
    if bot == "heuristic":
        from liftoff.bots import heuristic as registry

        try:
            registry.policy_for("toy")
        except ValueError:
            pytest.skip("the heuristic bot does not find add-ons through liftoff.addons yet")
    state = toy.new_game(3, seed=11)
    agents = [bots.make(bot, seed=p) for p in range(3)]
    play(state, agents, seed=5)
    assert state.is_over() and state.version == 9
    outcome = state.outcome()
    assert outcome is not None and sum(outcome.scores) <= 5 + 4 + 3
    record = json.loads(canon(state.record()))
    assert record["version"] == {"rules": "1", "content": toy.content.fingerprint}
    again = liftoff.games.get("toy").replay(record)
    assert canon(again.to_json()) == canon(state.to_json())
    assert canon(again.record()) == canon(state.record())


def test_determinize_keeps_the_view_and_resamples_the_secrets(toy: toygame.ToyGame) -> None:
    state = toy.new_game(3, seed=4)
    state.apply(1, "pick 3")
    state.apply(2, "pick 1")
    worlds = {canon(state.determinize(0, seed).to_json()["state"]) for seed in range(20)}
    assert len(worlds) > 1
    for seed in range(5):
        world = state.determinize(0, seed)
        assert canon(world.view(0)) == canon(state.view(0))
        assert world.history == [] and world.seed == seed
        assert canon(toy.replay(world.record()).to_json()) == canon(world.to_json())


def test_refusals_carry_message_ids_and_rules(toy: toygame.ToyGame) -> None:
    state = toy.new_game(2, seed=1)
    cases: list[tuple[int, str, str, str, str]] = [
        (0, "pick", "toy.parse.unknown", "API-PARSE", "cannot read 'pick': write 'pick N'"),
        (0, "pick 4", "toy.pick.range", "TOY-PICK-1", "pick a number from 1 to 3, not 4"),
    ]
    state.apply(1, "pick 2")
    cases.append((1, "pick 1", "toy.pick.once", "TOY-PICK-2", "player 1 has already picked"))
    for player, text, code, rule, words in cases:
        with pytest.raises(IllegalAction) as err:
            state.apply(player, text)
        exc = err.value
        assert (exc.code, exc.rule) == (code, rule)
        assert exc.message.startswith(words)
        assert messages.render(exc.code, exc.params) == exc.message
        json.dumps(exc.params)
        assert code.startswith("api.") or toy.rule_text(rule) or rule.startswith("API-")
    state.apply(0, "pick 3")
    while not state.is_over():
        for p in state.active_players():
            state.apply(p, "pick 1")
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "pick 1")
    assert (err.value.code, err.value.message) == ("api.over", "the game is over")
    assert all(code.startswith("toy.") for code in toygame.text.TEMPLATES)


def test_content_is_validated_loaded_and_fingerprinted(
    toy: toygame.ToyGame, tmp_path: Path
) -> None:
    shipped = Path(toygame.__file__).parent / "data"
    assert toy.content_files() == ("cards.toml",)
    assert toy.validate_content(shipped) == []
    assert toy.validate_content(shipped / "cards.toml") == []
    bad = tmp_path / "cards.toml"
    bad.write_text(
        '[[cards]]\nid = "a"\npoints = 1\n[[cards]]\nid = "b"\npoints = 0\n'
        '[[cards]]\nid = "a"\npoints = 2\n',
        encoding="utf-8",
    )
    problems = toy.validate_content(tmp_path)
    assert (
        str(bad),
        "cards[1].points",
        "card 'b': Input should be greater than or equal to 1",
    ) in problems
    bad.write_text(bad.read_text(encoding="utf-8").replace("0", "3"), encoding="utf-8")
    problems = toy.validate_content(bad)
    assert problems == [(str(bad), "cards", "Value error, card id 'a' is used twice")]
    with pytest.raises(ContentError):
        toy.load_content(tmp_path)
    bad.write_text(
        "".join(f'[[cards]]\nid = "x{i}"\npoints = {i}\n' for i in range(1, 6)), encoding="utf-8"
    )
    other = toy.load_content(tmp_path)
    assert isinstance(other, toygame.ToyGame) and other.content.points["x5"] == 5
    assert other.version.content != toy.version.content
    assert toy.load_content(tmp_path / "..").content == toy.content  # no cards.toml: shipped
    state = other.new_game(2, seed=3)
    state.apply(0, "pick 1")
    with pytest.raises(ReplayError, match="load the content it was played with"):
        toy.replay(state.record())
    assert canon(other.replay(state.record()).to_json()) == canon(state.to_json())
