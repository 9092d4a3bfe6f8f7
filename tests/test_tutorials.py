"""Each game's interactive first game (``tutorial.json``): it loads, it explains every
kind of action the game offers, its seed offers what it says, and a bad file is
refused with the file, the entry and the field named."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterable
from functools import cache
from importlib import resources
from typing import Any

import pytest

import liftoff
from liftoff import bots
from liftoff.engine import State
from liftoff.server import tutorials

GAMES = ["planet", "race", "agency"]


def kind(action: Any) -> str:
    return str(action).split()[0]


def offered_kinds(
    game: str,
    seeds: Iterable[int],
    options: dict[str, Any],
    pick: str = "random",
    bot_seed: int | None = None,
) -> set[str]:
    """The kinds of action seat 0 is offered over whole seeded 2-player games; seat 1
    is a Beginner bot. Seat 0 plays at random (never cycling cards with ``under``
    when it can help it), or with ``pick="untried"`` sensibly: a kind it has not
    tried yet when it can, else as a Beginner bot would."""
    g = liftoff.games.get(game)
    seen: set[str] = set()
    for seed in seeds:
        state: State = g.new_game(2, seed, options)
        b = seed if bot_seed is None else bot_seed
        bot, rng = bots.make("beginner", seed=b), random.Random(b)
        own = bots.make("beginner", seed=b + 1)
        tried: set[str] = set()
        for _ in range(4000):
            if state.is_over():
                break
            active = state.active_players()
            p = 0 if 0 in active and (1 not in active or rng.random() < 0.7) else active[0]
            if p == 1:
                state.apply(1, bot.choose(state, 1))
                continue
            legal = state.legal_actions(0)
            seen |= {kind(a) for a in legal}
            new = [a for a in legal if kind(a) not in tried] if pick == "untried" else []
            moves = [a for a in legal if kind(a) != "under"] or legal
            a = new[0] if new else None
            if a is None:  # the bot's and the die's draws only when they choose
                a = own.choose(state, 0) if pick == "untried" else rng.choice(moves)
            tried.add(kind(a))
            state.apply(0, a)
    return seen


@cache
def sampled(game: str) -> frozenset[str]:
    """Every kind offered in a few random games with the default options and with the
    tutorial's."""
    t = tutorials.load(game)
    return frozenset(offered_kinds(game, range(3), {}) | offered_kinds(game, [7], t.options))


def unexplained(t: tutorials.Tutorial, kinds: Iterable[str]) -> set[str]:
    return {k for k in kinds if k not in t.kinds}


def test_every_game_has_a_tutorial() -> None:
    assert tutorials.available() == GAMES


@pytest.mark.parametrize("game", GAMES)
def test_the_tutorial_loads_with_two_players_and_a_gentle_bot(game: str) -> None:
    t = tutorials.load(game)
    assert t.game == game and t.players == 2 and t.bot == "beginner"
    assert (t.speed is not None) == liftoff.games.get(game).info.realtime
    assert t.introduction and t.closing and t.kinds
    assert set(t.seed_offers) <= set(t.kinds)
    # the published form says the same
    out = t.to_json()
    assert out["seed"] == t.seed and list(out["kinds"]) == list(t.kinds)


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_of_action_the_game_offers_is_explained(game: str) -> None:
    t = tutorials.load(game)
    kinds = sampled(game)
    assert len(kinds) >= 4
    assert unexplained(t, kinds) == set()
    # and the check bites: without one explanation, that kind is reported
    gone = sorted(kinds)[0]
    fewer = dataclasses.replace(t, kinds={k: e for k, e in t.kinds.items() if k != gone})
    assert unexplained(fewer, kinds) == {gone}


@pytest.mark.parametrize("game", GAMES)
def test_the_seed_offers_the_kinds_its_file_names(game: str) -> None:
    t = tutorials.load(game)
    for bot_seed in range(3):  # the bot plays differently at every table
        got = offered_kinds(game, [t.seed], t.options, pick="untried", bot_seed=bot_seed)
        missing = set(t.seed_offers) - got
        assert not missing, f"{game}: the seed did not offer {missing} (bot seed {bot_seed})"
    assert len(t.seed_offers) >= len(t.kinds) - 2  # most kinds come up


def _data(game: str) -> dict[str, Any]:
    package = f"liftoff.games.{game}"
    text = (resources.files(package) / tutorials.FILE).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.pop("seed"), "top level: seed: must be a whole number"),
        (lambda d: d.update(players=9), "top level: players: must be from 2 to 5 (is 9)"),
        (lambda d: d.update(bot="genius"), "top level: bot: 'genius' is not a bot level"),
        (lambda d: d.update(speed="slow"), "top level: speed: only a real-time game has one"),
        (lambda d: d.update(options={"days": 99}), "top level: options:"),
        (lambda d: d["kinds"]["board"].pop("text"), "kinds: board: text: must be a text"),
        (lambda d: d["kinds"]["move"].update(title=""), "kinds: move: title: must be a text"),
        (lambda d: d["kinds"]["end"].update(tip="x"), "kinds: end: unknown field 'tip'"),
        (lambda d: d["kinds"].update({"Two words": {}}), "kinds: 'Two words': a kind is one"),
        (lambda d: d["seed_offers"].append("fly"), "seed_offers: 'fly': no such kind in kinds"),
        (lambda d: d.update(introduction="x" * 700), "introduction: at most 600 characters"),
        (lambda d: d.update(colour="red"), "top level: unknown field 'colour'"),
    ],
)
def test_a_bad_file_names_the_file_the_entry_and_the_field(change: Any, words: str) -> None:
    data = _data("planet")
    change(data)
    with pytest.raises(tutorials.TutorialError) as err:
        tutorials.parse("planet", data, "planet/tutorial.json")
    assert str(err.value).startswith("planet/tutorial.json: ")
    assert words in str(err.value)


def test_a_real_time_tutorial_needs_a_known_speed() -> None:
    data = _data("race")
    data["speed"] = "warp"
    with pytest.raises(tutorials.TutorialError, match=r"race/tutorial\.json: top level: speed"):
        tutorials.parse("race", data, "race/tutorial.json")
