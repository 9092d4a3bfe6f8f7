"""Every screen of every title fits 80×24: planet at 2–5 players and agency
at 2–4, in English and Japanese, at sampled decisions of games played at
random. The screen is the one a person gets (``TerminalGame.screen``: the
board, what happened since their last turn, the choices) and the prompt under
it; its rows are counted as the terminal shows them and its widest row
measured in cells. (The live race is a full-screen layout of its own, checked
in a real terminal by ``test_cli_tmux_race``.)"""

from __future__ import annotations

import io

import pytest
from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.text import Text

import liftoff
from liftoff import i18n
from liftoff.cli.play import TerminalGame
from liftoff.cli.screen import PROMPT_ROWS, rows_of
from liftoff.cli.seats import terminal_seats
from liftoff.cli.turn import HumanTurn
from liftoff.engine.messages import speaking
from sampling import decisions

i18n.install()
WIDTH, HEIGHT = 80, 24
CASES = [("planet", n) for n in (2, 3, 4, 5)] + [("agency", n) for n in (2, 3, 4)]


def drawn(parts: list[RenderableType]) -> list[str]:
    """The rows ``parts`` take on an 80×24 terminal, as plain text."""
    console = Console(
        width=WIDTH, height=HEIGHT, file=io.StringIO(), record=True, color_system=None
    )
    for part in parts:
        console.print(part)
    return console.export_text().rstrip("\n").split("\n")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_screen_fits_80_columns_and_24_rows(game: str, players: int, lang: str) -> None:
    g = liftoff.games.get(game)
    seats = terminal_seats(",".join(["human"] * players), players, game)
    news = [Text(f"  something happened, line {i}") for i in range(8)]
    tallest = widest = checked = 0
    with speaking(lang):
        for seed in (players, 10 + players):
            for state, p in decisions(game, players, seed, steps=500):
                table = TerminalGame(g, state, seats, None)
                table.console = Console(
                    width=WIDTH, height=HEIGHT, file=io.StringIO(), color_system=None
                )
                turn = HumanTurn(table, p)
                for said in (news, []):
                    rows = drawn(table.screen(turn, HEIGHT, said))
                    prompt = max(PROMPT_ROWS, rows_of(table.console, [turn.prompt()]))
                    shown = "\n".join(rows)
                    assert len(rows) + prompt <= HEIGHT, (len(rows) + prompt, shown)
                    assert all(cell_len(r) <= WIDTH for r in rows), shown
                    tallest = max(tallest, len(rows) + prompt)
                    widest = max(widest, *(cell_len(r) for r in rows))
                    checked += 1
    assert checked > 30 and widest <= WIDTH and tallest <= HEIGHT
