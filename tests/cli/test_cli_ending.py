"""The end of a game in the terminal: the winner in words, the scoring by
source for each player and every hidden card, within 80 columns."""

from __future__ import annotations

import io

from rich.console import Console
from typer.testing import CliRunner

import liftoff
from liftoff.cli.ending import ending
from liftoff.cli.main import build
from liftoff.engine import Rng, State
from sampling import finished

runner = CliRunner()
app = build()
ENV = {"LIFTOFF_NO_CLEAR": "1", "COLUMNS": "80", "NO_COLOR": "1"}


def screen(state: State, names: list[str], viewer: int | None = None) -> str:
    out = io.StringIO()
    console = Console(file=out, width=80, no_color=True, color_system=None)
    console.print(ending(state.game, state, names, viewer))
    return out.getvalue()


def test_the_winner_is_named_with_the_others_scores_and_every_source_in_words() -> None:
    state = finished("agency", 3, 2)
    out = state.outcome()
    assert out is not None
    names = ["Ann", "Bob", "Cy"]
    text = screen(state, names)
    first = text.splitlines()[0]
    winner = names[out.winners[0]]
    assert first.startswith(f"Game over: {winner} wins with {out.scores[out.winners[0]]:g} points")
    for p in out.ranking[1:]:
        assert f"{names[p]} {out.scores[p]:g}" in first
    for label in ("Points from", "Missions", "Launches", "Money", "Total"):
        assert label in text
    assert "What was hidden:" in text and "Objectives:" in text
    assert all(len(line) <= 80 for line in text.splitlines())
    assert "p0" not in text and "p1" not in text


def test_the_viewer_reads_you_and_planet_counts_aliens_saved() -> None:
    state = finished("planet", 2, 6)
    out = state.outcome()
    assert out is not None
    winner = out.winners[0]
    text = screen(state, ["Ann", "Bob"], viewer=winner)
    assert text.startswith("Game over: You win with ")
    assert "Aliens saved" in text
    hands = [s["hand"] for s in state.revealed()["seats"]]
    if any(hands):
        assert "Hand: " in text
    assert "Draw pile (" in text


def test_a_game_played_to_the_end_in_the_terminal_shows_it() -> None:
    result = runner.invoke(
        app, ["play", "agency", "--seats", "random,random", "--seed", "3"], env=ENV
    )
    assert result.exit_code == 0, result.output
    tail = result.output[result.output.index("Game over: ") :]
    assert "Random 1" in tail and "Random 2" in tail
    assert "Points from" in tail and "What was hidden:" in tail and "seed 3" in tail
    assert all(len(line) <= 80 for line in tail.splitlines())
    assert "\x1b[" not in tail  # NO_COLOR, piped


def test_one_alien_saved_is_singular() -> None:
    for seed in range(40):
        state = finished("planet", 2, seed)
        out = state.outcome()
        assert out is not None
        if len(out.winners) == 1 and out.scores[out.winners[0]] == 1:
            break
    else:
        raise AssertionError("no seed gave a win with one Alien saved")
    assert "wins with 1 Alien saved" in screen(state, ["Ann", "Bob"])


def test_a_team_wins_together_each_with_their_own_score() -> None:
    for seed in range(60):
        state = liftoff.games.get("planet").new_game(4, seed, {"team": True})
        rng = Rng(seed)
        while not state.is_over():
            player = state.active_players()[0]
            legal = state.legal_actions(player)
            state.apply(player, legal[rng.below(len(legal))])
        out = state.outcome()
        assert out is not None
        if len(out.winners) == 2 and len({out.scores[w] for w in out.winners}) == 2:
            a, b = out.winners
            break
    else:
        raise AssertionError("no seed gave a team win with different scores")
    names = ["Ann", "Bob", "Cy", "Dee"]
    first = screen(state, names).splitlines()[0]
    expected = f"{names[a]} {out.scores[a]:g} and {names[b]} {out.scores[b]:g} win together"
    assert first.startswith(f"Game over: {expected}")
