"""Every decision screen of sampled games, at 80×24 and 60×20, in English and
Japanese: nothing is cut sideways (the board folds onto more rows but keeps
every character), the hand's cards and the text to type for each listed
choice appear whole, and at 80×24 the board, the newest narration, the
choices and the prompt fit the rows without scrolling."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console

import liftoff
from liftoff import i18n
from liftoff.cli.menu import SEAT_ID
from liftoff.cli.play import TerminalGame, draw_board
from liftoff.cli.screen import PROMPT_ROWS, room_for_choices, rows_of
from liftoff.cli.seats import terminal_seats
from liftoff.cli.turn import HumanTurn
from liftoff.engine.messages import speaking
from sampling import decisions

i18n.install()
SPACE = re.compile(r"\s+")
SIZES = [(80, 24), (60, 20)]


def console_of(width: int, height: int) -> Console:
    return Console(width=width, height=height, file=io.StringIO(), record=True, color_system=None)


def shown(console: Console, parts: list[Any]) -> tuple[str, list[str]]:
    for part in parts:
        console.print(part)
    text = console.export_text()
    return text, text.rstrip("\n").split("\n")


def bare(text: str) -> str:
    """``text`` without its spaces and row breaks: what folding cannot change."""
    return SPACE.sub("", text)


def hand_names(game: str, view: dict[str, Any], viewer: int) -> list[str]:
    """The cards of the viewer's hand as the board names them."""
    from liftoff.cli.render import _seats

    mine = view["players"][viewer]
    if game == "planet":
        from liftoff.cli.render.planet import hand_text

        return [hand_text({code: n}) for code, n in mine.get("hand", {}).items()]
    if game == "agency":
        names = _seats.card_names("agency") if hasattr(_seats, "card_names") else {}
        return [names.get(c, c) for c in mine.get("hand", [])]
    return []


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("game", "players"), [("planet", 5), ("planet", 3), ("agency", 3)])
def test_every_screen_keeps_every_card_and_choice_whole_and_fits_80x24(
    game: str, players: int, lang: str
) -> None:
    g = liftoff.games.get(game)
    seats = terminal_seats(",".join(["human"] * players), players, game)
    checked = 0
    with speaking(lang):
        for state, p in decisions(game, players, seed=players):
            table = TerminalGame(g, state, seats, None)
            names = table.names
            view = state.view(p)
            for width, height in SIZES:
                console = console_of(width, height)
                table.console = console
                turn = HumanTurn(table, p)
                board = draw_board(table.render, view, p, names)
                fitted = (width, height) == (80, 24)
                room = room_for_choices(console, board, turn.prompt(), height, True)
                compact = fitted and room is not None and room < 1
                if compact:  # as TerminalGame.screen does on a short terminal
                    board = draw_board(table.render, view, p, names, compact=True)
                    room = room_for_choices(console, board, turn.prompt(), height, True)
                whole = draw_board(table.render, view, p, names, compact=compact)
                wide, _ = shown(console_of(400, 200), [whole])
                opening = turn.opening(room if fitted else None)
                text, rows = shown(console, [board, *opening])
                assert all(cell_len(r) <= width for r in rows), text
                drawn, _ = shown(console_of(width, height), [board])
                # folded, never cut: every character of the wide board is still there
                # (a squeezed table folds its cells, so the order may differ)
                assert sorted(bare(drawn)) == sorted(bare(wide)), (width, drawn)
                for card in hand_names(game, view, p):
                    assert bare(card) in bare(text), (card, text)
                if turn.listed:  # the choices are listed: each with its text to type
                    for line in turn.menu.lines():
                        typed = str(line.action) if line.action is not None else ""
                        shows = typed.lower() != line.label.lower() and not SEAT_ID.search(typed)
                        if typed and shows:
                            assert bare(typed) in bare(text), (typed, text)
                if fitted:  # Japanese agency late in a game too (its compact board)
                    prompt = max(PROMPT_ROWS, rows_of(console, [turn.prompt()]))
                    assert rows_of(console, [board, *opening]) + prompt + 1 <= height, (
                        text
                    )  # + news
                checked += 1
    assert checked > 20
