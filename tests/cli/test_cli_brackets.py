"""Japanese board rows fold by display width between phrases, and not inside
a pair of brackets (「」, （）) when a break outside them will do: the
Bonfire's row keeps its New Moon number with its words, the station row keeps
every space (11 of them) whole, and no row of sampled boards splits a short
bracketed phrase or a word from its number (山札 84)."""

from __future__ import annotations

import io
import re

import pytest
from rich.cells import cell_len
from rich.console import Console, RenderableType

import liftoff
from liftoff import i18n
from liftoff.cli.fold import fold_offsets
from liftoff.cli.play import draw_board
from liftoff.cli.render import renderer
from liftoff.engine import OptionSet, State
from liftoff.engine.messages import speaking
from sampling import decisions

i18n.install()
BRACKETED = re.compile(r"「[^「」]*」|（[^（）]*）")
NUMBERED = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff] \d+")
SPACE = re.compile(r"\s+")
NAMES = ["プレイヤー1", "プレイヤー2", "プレイヤー3", "プレイヤー4", "プレイヤー5"]


def rows(part: RenderableType, width: int) -> list[str]:
    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    with speaking("ja"):
        console.print(part)
    return console.export_text().rstrip("\n").split("\n")


def board(game: str, state: State, player: int, **shorter: bool) -> RenderableType:
    names = NAMES[: state.num_players]
    with speaking("ja"):
        return draw_board(renderer(game), state.view(player), player, names, **shorter)


def whole_on_a_row(piece: str, drawn: list[str]) -> bool:
    return any(SPACE.sub("", piece) in SPACE.sub("", row) for row in drawn)


@pytest.mark.parametrize("width", [80, 60])
def test_the_bonfire_row_keeps_its_moon_numbers_inside_their_brackets(width: int) -> None:
    state = liftoff.games.get("planet").new_game(5, 3, OptionSet.parse_pairs(["first_game=true"]))
    drawn = rows(board("planet", state, 0), width)
    bonfire = next(i for i, row in enumerate(drawn) if "たき火" in row and row.startswith("S"))
    how = "".join(drawn[bonfire + 1 : bonfire + 3])
    table = BRACKETED.search(how)
    assert table is not None and "新月" in table.group(), drawn
    assert whole_on_a_row(table.group(), drawn), drawn
    assert re.search(r"新月\d+以上", drawn[bonfire + 1] + drawn[bonfire + 2]), drawn
    assert all(cell_len(row) <= width for row in drawn)


@pytest.mark.parametrize("width", [80, 60])
@pytest.mark.parametrize("shorter", [{}, {"compact": True}, {"tight": True}])
def test_the_agency_station_row_keeps_every_space_whole(
    width: int, shorter: dict[str, bool]
) -> None:
    state = liftoff.games.get("agency").new_game(4, 3)
    drawn = rows(board("agency", state, 0, **shorter), width)
    station = [row for row in drawn if re.search(r"\d+:\d+[$G]", row)]
    spaces = re.findall(r"\b(\d+):\d+[$G][^ ]", "\n".join(station))
    assert spaces == [str(n) for n in range(1, 12)], station
    assert all(cell_len(row) <= width for row in drawn)


@pytest.mark.parametrize("width", [80, 60])
@pytest.mark.parametrize(("game", "players"), [("planet", 5), ("agency", 4)])
def test_no_board_row_splits_a_short_bracketed_phrase_or_a_word_from_its_number(
    game: str, players: int, width: int
) -> None:
    checked = 0
    for state, p in decisions(game, players, players, every=11):
        part = board(game, state, p)
        wide = "\n".join(rows(part, 400))
        drawn = rows(part, width)
        for piece in BRACKETED.findall(wide) + NUMBERED.findall(wide):
            if cell_len(piece) * 3 <= width:  # short: a break outside it will do
                assert whole_on_a_row(piece, drawn), (piece, "\n".join(drawn))
                checked += 1
    assert checked > 10


def test_a_fold_prefers_a_break_outside_brackets() -> None:
    text = "ネジ1枚を払ってダイス：いまはロケット2個以上で離陸（満月1以上、半月2以上、新月3以上）"
    inside = range(text.index("（") + 1, text.index("）") + 1)
    for width in range(40, 80):
        cuts = fold_offsets(text, width, 3, "ja")
        assert not [c for c in cuts if c in inside], (width, cuts)
