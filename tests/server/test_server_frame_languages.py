"""Every state frame speaks its reader's language, whoever asked first: a Japanese
spectator who arrives after an English one, and one seat open on two devices in
two languages, each see the board's names in their own language (the table's
cached views never carry one reader's words to another)."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

import liftoff
from liftoff import speech
from liftoff.engine.messages import speaking
from liftoff.server.tables import LiveTable, TableSeat
from liftoff.server.tables.frames import state_message
from liftoff.server.tables.model import Subscriber


def _table(title: str, players: int) -> LiveTable:
    game = liftoff.games.get(title)
    seats = [TableSeat(i, "human", name=f"P{i}") for i in range(players)]
    return LiveTable("t", game, game.new_game(players, 1), seats, "playing", 1, {}, 0.0, 0.0)


def _frame(table: LiveTable, seat: int | None, lang: str) -> dict[str, Any]:
    sub = Subscriber(seat)
    sub.lang = lang
    frame: dict[str, Any] = orjson.loads(state_message(table, sub))
    return frame


def _view_in(table: LiveTable, seat: int | None, lang: str) -> Any:
    """The rules' view with the words the speech layer says in ``lang``."""
    worded = speech.of(table.game).view_words(table.state.view(seat), lang)
    return orjson.loads(orjson.dumps(worded))


@pytest.mark.parametrize(("title", "players"), [("planet", 3), ("race", 2), ("agency", 2)])
@pytest.mark.parametrize("first", ["en", "ja"])
def test_a_spectator_sees_the_board_in_their_language_after_another(
    title: str, players: int, first: str
) -> None:
    table = _table(title, players)
    second = "ja" if first == "en" else "en"
    assert _frame(table, None, first)["view"] == _view_in(table, None, first)
    assert _frame(table, None, second)["view"] == _view_in(table, None, second)


@pytest.mark.parametrize(("title", "players"), [("planet", 3), ("race", 2), ("agency", 2)])
def test_one_seat_on_two_devices_in_two_languages(title: str, players: int) -> None:
    table = _table(title, players)
    english, japanese = _frame(table, 0, "en"), _frame(table, 0, "ja")
    assert english["view"] == _view_in(table, 0, "en")
    assert japanese["view"] == _view_in(table, 0, "ja")
    # and again from the caches, in the other order
    assert _frame(table, 0, "ja")["view"] == japanese["view"]
    assert _frame(table, 0, "en")["view"] == english["view"]


@pytest.mark.parametrize("title", ["planet", "race"])
def test_the_board_really_differs_between_the_two_languages(title: str) -> None:
    """The cases above would pass vacuously if the frames carried no words."""
    table = _table(title, 3 if title == "planet" else 2)
    assert _frame(table, None, "en")["view"] != _frame(table, None, "ja")["view"]


@pytest.mark.parametrize(("title", "players"), [("planet", 3), ("race", 2), ("agency", 2)])
def test_the_rules_view_has_no_words_and_is_made_once_for_every_language(
    title: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rules' view is the same in every language; the table builds it once
    per change and seat, and only the words are said per language."""
    table = _table(title, players)
    with speaking("ja"):
        japanese = table.state.view(0)
    assert japanese == table.state.view(0)
    made: list[int | None] = []
    real = table.state.view

    def counted(seat: int | None) -> dict[str, Any]:
        made.append(seat)
        return real(seat)

    monkeypatch.setattr(table.state, "view", counted)
    for lang in ("en", "ja", "en", "ja"):
        _frame(table, 0, lang)
    assert made == [0]
