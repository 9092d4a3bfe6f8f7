"""Hints: searched in the asking player's information set only, and `hint` in `liftoff play`.

The no-leak property comes first: two real states that look the same to the
player (same view, different hidden hands, deck orders and RNG) must give the
same hint for the same hint seed. A bot that peeks at hidden facts would tell
such states apart; the peeking bot below shows that this check catches it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

import liftoff
from liftoff.bots import Bot, make
from liftoff.bots.hint import hint
from liftoff.cli.main import build
from liftoff.engine import Action, Rng, State, derive_seed

GAMES = liftoff.games.names()
HINT_BOT = "ismcts:iterations=20"


def positions(game: str, count: int, seed: int) -> list[State]:
    """Two-player states reached by random play at spread-out depths (none finished)."""
    g = liftoff.games.get(game)
    out: list[State] = []
    for k in range(count):
        state = g.new_game(2, derive_seed(seed, "pos", k))
        rng = Rng(derive_seed(seed, "walk", k))
        for _ in range(rng.below(90)):
            active = state.active_players()
            if not active:
                break
            p = active[rng.below(len(active))]
            legal = state.legal_actions(p)
            state.apply_legal(p, legal[rng.below(len(legal))])
        if not state.is_over():
            out.append(state)
    return out


def hidden(state: State) -> str:
    """Everything about a state, hidden facts included."""
    data = state.to_json()
    return json.dumps([data["rng"], data["state"]], sort_keys=True)


class PeekingBot(Bot):
    """A cheat: its choice depends on the whole state, hidden facts included."""

    name = "peek"

    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions(player)
        return legal[sum(hidden(state).encode()) % len(legal)]


def same_looking_worlds(game: str) -> list[tuple[int, State, State, State]]:
    """(player, real state, two other states the player cannot tell from it)."""
    out = []
    for state in positions(game, 6, seed=17):
        p = state.active_players()[0]
        a, b = state.determinize(p, 101), state.determinize(p, 202)
        assert a.view(p) == b.view(p) == state.view(p)
        out.append((p, state, a, b))
    return out


class RecordingBot(Bot):
    """Plays the first legal action and keeps every state it was shown."""

    name = "recorder"

    def __init__(self) -> None:
        self.seen: list[State] = []

    def choose(self, state: State, player: int) -> Action:
        self.seen.append(state)
        return state.legal_actions(player)[0]


@pytest.mark.parametrize("game", GAMES)
def test_only_a_world_sampled_from_the_players_view_reaches_the_bot(game: str) -> None:
    for p, real, _, _ in same_looking_worlds(game):
        bot = RecordingBot()
        hint(real, p, seed=9, bot=bot)
        (world,) = bot.seen
        assert world is not real
        assert world.view(p) == real.view(p)
        assert hidden(world) != hidden(real), "the real hidden facts must not reach the bot"
        assert world.to_json()["seed"] != real.seed and not world.history
        # exactly the sampled world determinize gives for this player
        again = RecordingBot()
        hint(real, p, seed=9, bot=again)
        assert hidden(again.seen[0]) == hidden(world)


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_depends_only_on_what_the_player_knows(game: str) -> None:
    worlds = same_looking_worlds(game)
    differing = 0
    for p, real, a, b in worlds:
        differing += len({hidden(real), hidden(a), hidden(b)}) > 1
        hints = {str(hint(s, p, seed=9, bot=HINT_BOT)) for s in (real, a, b)}
        assert len(hints) == 1, (game, hints)
        # the same world drawn from any of them: a peeking bot gains nothing
        assert len({str(hint(s, p, seed=9, bot=PeekingBot())) for s in (real, a, b)}) == 1
    assert differing == len(worlds), "the worlds must differ in hidden facts for this to test"


@pytest.mark.parametrize("game", GAMES)
def test_the_check_catches_a_bot_that_peeks(game: str) -> None:
    # asked directly (without hint()), the cheat answers differently in worlds
    # the player cannot tell apart: the comparison above would fail for it
    told_apart = 0
    for p, real, a, b in same_looking_worlds(game):
        if len(real.legal_actions(p)) > 2:
            bot = PeekingBot()
            told_apart += len({str(bot.choose(s, p)) for s in (real, a, b)}) > 1
    assert told_apart > 0


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_is_legal_and_says_why_in_plain_words(game: str) -> None:
    for p, real, _, _ in same_looking_worlds(game)[:3]:
        h = hint(real, p, seed=3, bot=HINT_BOT)
        assert h.action in real.legal_actions(p)
        assert h.reason and "n=" not in h.reason and "\n" not in h.reason
        h = hint(real, p, seed=3, bot="easy")
        assert h.action in real.legal_actions(p) and "heuristic" not in h.reason


def test_a_hint_for_a_player_who_is_not_to_move_is_refused() -> None:
    state = liftoff.games.get("planet").new_game(2, 4)
    idle = 1 - state.active_players()[0]
    with pytest.raises(ValueError, match="nothing to decide"):
        hint(state, idle, seed=1)


runner = CliRunner()
app = build()


def invoke(*args: str, stdin: str) -> tuple[int, str]:
    result = runner.invoke(
        app, list(args), input=stdin, env={"LIFTOFF_NO_CLEAR": "1", "COLUMNS": "160"}
    )
    return result.exit_code, result.output


def legal_texts(game: str, seed: int) -> set[str]:
    state: Any = liftoff.games.get(game).new_game(2, seed)
    return {str(a) for a in state.legal_actions(state.active_players()[0])}


@pytest.mark.parametrize("game", ["planet", "agency"])
def test_hint_in_the_terminal_suggests_a_legal_move(game: str) -> None:
    code, out = invoke("play", game, "--seats", "human,easy", "--seed", "5", stdin="hint\nq\n")
    assert code == 0, out
    lines = out.splitlines()
    at = next(i for i, x in enumerate(lines) if "Hint: " in x)
    line = lines[at]
    suggested = line.split('(type "', 1)[1].split('")', 1)[0] if "(type" in line else line
    assert suggested in legal_texts(game, 5), line
    assert "p0" not in line.split("(type", 1)[0]  # said in words, typed text apart
    assert "imagined games that began with it" in " ".join(lines[at : at + 3])
    assert "Traceback" not in out


def test_hints_are_off_by_default_when_several_people_share_the_table() -> None:
    # hot seat: Enter first, to take the keyboard
    code, out = invoke(
        "play", "planet", "--seats", "human,human", "--seed", "5", stdin="\nhint\nq\n"
    )
    assert code == 0 and "Hints are off" in out and "Hint: " not in out
    code, out = invoke(
        "play", "planet", "--seats", "human,human", "--seed", "5", "--hints", stdin="\nhint\nq\n"
    )
    assert code == 0 and "Hint: " in out
    code, out = invoke(
        "play", "planet", "--seats", "human,easy", "--seed", "5", "--no-hints", stdin="hint\nq\n"
    )
    assert code == 0 and "Hints are off" in out


def test_levels_are_seats() -> None:
    code, out = invoke("play", "planet", "--seats", "beginner,easy", "--seed", "2", stdin="")
    assert code == 0 and "Game over" in out, out[-2000:]


@pytest.mark.parametrize("level", ["beginner", "easy", "medium", "hard", "expert"])
def test_every_level_is_a_bot(level: str) -> None:
    bot = make(level, seed=1)
    assert bot.name == level
    state = liftoff.games.get("agency").new_game(2, 3)
    p = state.active_players()[0]
    assert bot.choose(state, p) in state.legal_actions(p)


def test_a_long_hint_reason_wraps_indented_at_80_columns() -> None:
    result = runner.invoke(
        app,
        ["play", "planet", "--seats", "human,easy", "--seed", "5"],
        input="hint\nq\n",
        env={"LIFTOFF_NO_CLEAR": "1", "COLUMNS": "80"},
    )
    lines = result.output.splitlines()
    at = next(i for i, x in enumerate(lines) if "Hint: " in x)
    reason = []
    for x in lines[at + 1 :]:
        if not x.startswith("  "):
            break
        reason.append(x)
    assert len(reason) >= 2, lines[at : at + 4]  # the reason is longer than a line
    assert "imagined games that began with it" in " ".join(x.strip() for x in reason)
    assert all(len(x) <= 80 for x in reason)


@pytest.mark.parametrize("seed", [5, 11])  # 5: the next best move; 11: a favourite kept
def test_a_hint_names_the_move_it_weighed_in_words(seed: int) -> None:
    """The reason says the runner-up move as a sentence a person reads, never
    the text typed for it ("(next, move core S6: 57% of 32)")."""
    code, out = invoke("play", "planet", "--seats", "human,easy", "--seed", str(seed),
                       stdin="hint\nq\n")  # fmt: skip
    assert code == 0, out
    lines = out.splitlines()
    at = next(i for i, x in enumerate(lines) if "Hint: " in x)
    reason = " ".join(x.strip() for x in lines[at + 1 : at + 4])
    assert "imagined games" in reason
    typed = legal_texts("planet", seed)
    assert not [t for t in typed if f" {t}" in reason], reason
    assert "(next," not in reason
