"""The planet board in the terminal: real positions, read as a player reads them.

Positions come from seeded random playouts through the engine API and from the
game's ``testing.position`` helper; the board is printed on an 80-column
console that is not a terminal (as in a pipe) and, where colour matters, with
``NO_COLOR`` set.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console, RenderableType

import liftoff
from liftoff import speech
from liftoff.cli.render import legend, renderer
from liftoff.engine import Rng
from liftoff.games.planet.testing import position

NAMES = ["Ann", "Bea", "Cid", "Dee", "Eve"]
SEAT_ID = re.compile(r"\b[pP][0-4]\b")
COLOUR_CODE = re.compile(r"\x1b\[(3|4|9)\d")


def show(thing: RenderableType, *, terminal: bool = False) -> str:
    """``thing`` as printed on an 80-column pipe (or a colour terminal)."""
    out = io.StringIO()
    if terminal:
        Console(file=out, width=80, force_terminal=True, color_system="standard").print(thing)
    else:
        Console(file=out, width=80).print(thing)
    return out.getvalue()


def board(view: dict[str, Any], viewer: int | None, names: list[str] | None = None) -> str:
    draw = renderer("planet")
    return show(draw(view, viewer, NAMES[: len(view["players"])] if names is None else names))


def playout_views(players: int, options: dict[str, Any], seed: int) -> list[Any]:
    """Views (and states) along a seeded random game, every few actions."""
    game = liftoff.games.get("planet")
    state = game.new_game(players, seed, options)
    rng = Rng(seed)
    out = []
    step = 0
    while not state.is_over() and step < 400:
        if step % 7 == 0:
            out.append(state.clone())
        p = state.active_players()[0]
        legal = state.legal_actions(p)
        state.apply(p, legal[rng.below(len(legal))])
        step += 1
    out.append(state)
    return out


CASES = [
    (2, {}),
    (3, {}),
    (3, {"first_game": True}),
    (3, {"moon_model": "A"}),
    (4, {"team": True}),
    (5, {"cutthroat": True}),
]


@pytest.mark.parametrize(("players", "options"), CASES)
def test_every_row_fits_80_columns_and_names_the_players(
    players: int, options: dict[str, Any]
) -> None:
    for state in playout_views(players, options, seed=players * 11):
        for viewer in (None, *range(players)):
            view = state.view(viewer)
            text = board(view, viewer)
            rows = text.rstrip("\n").split("\n")
            assert all(len(r) <= 80 for r in rows), text
            assert not SEAT_ID.search(text), text
            for p in range(players):
                assert (NAMES[p] if p != viewer else "You") in text
            if viewer is not None:
                assert "Your hand:" in text
            # short enough for the board, a few narrated lines and a prompt in 24 rows
            extra = 1 if "teleport_window" in view else 0
            hand = [i for i, r in enumerate(rows) if r.startswith("Your hand:")]
            extra += len(rows) - 1 - hand[0] if hand else 0  # a long hand wraps, never cut
            extra += any(r.startswith("Exit Points") and not r.rstrip().endswith(")") for r in rows)
            limit = {2: 13, 3: 14, 4: 15, 5: 16}[players] + extra
            assert len(rows) <= limit, text


def test_the_moon_is_named_by_what_it_sits_above() -> None:
    slots = ("bonfire", "satellite", "rocket", "jetpack")
    assert "Moon on the star (next: the Bonfire)" in board(position(3, moon=0).view(0), 0)
    text = board(position(3, slots=slots, moon=3).view(0), 0)
    assert "Moon over the Rocket Ship (next: the Jetpack)" in text
    model_a = position(3, slots=slots, moon=2, options={"moon_model": "A"})
    assert "Moon over Exit S2 (next: the Satellite)" in board(model_a.view(0), 0)


def test_lift_off_points_say_in_words_how_they_lift_off() -> None:
    s = position(
        3,
        slots=("bonfire", "satellite", "rocket", "trampoline"),
        moon=1,
        areas={"rocket": "F F S", "satellite": "S"},
        garglore="trampoline",
    )
    text = board(s.view(0), 0)
    assert "lifts off at Full Moon holding 6 Fuel + 6 Screws; now 2 Fuel + 1 Screw" in text
    assert "lifts off in any phase holding 6 Screws; now 1 Screw" in text
    # the Moon over the Bonfire: Full there, so its roll needs 3 rockets
    assert "pay 1 Fuel and roll: lifts off on 3+ rockets now (Full 3+, Half 2+, New 1+)" in text
    assert "the Garglore is here: Aliens may board, but none lifts off" in text
    assert "Moon over the Bonfire (next: the Satellite) · Garglore: Trampoline" in text


def test_owners_read_without_colour() -> None:
    s = position(
        3,
        slots=("bonfire", "satellite", "rocket", "jetpack"),
        boarded={"rocket": [0, 1, 1]},
        surface={2: {5: 2}, 0: {0: 1}},
    )
    for names, marks in ((NAMES[:3], "ABC"), (["Player 1", "Player 2", "Player 3"], "ABC")):
        text = board(s.view(1), 1, names)
        a, b, c = marks
        assert f"[{a}{b}{b}···]" in text  # aboard in boarding order, then three free spaces
        assert f"waiting {c}{c}" in text  # two of the third player's Aliens by the Rocket Ship
        assert f"S0 {a} " in text
        assert re.search(rf"^{b} You ", text, re.M) and re.search(rf"^{a} {names[0]} ", text, re.M)


def test_no_color_and_a_real_terminal_still_show_owners(monkeypatch: pytest.MonkeyPatch) -> None:
    s = position(2, slots=("bonfire", "satellite", "rocket", "jetpack"), boarded={"satellite": [1]})
    draw = renderer("planet")
    coloured = show(draw(s.view(0), 0, NAMES[:2]), terminal=True)
    assert COLOUR_CODE.search(coloured)  # colour is there on a terminal…
    monkeypatch.setenv("NO_COLOR", "1")
    plain = show(draw(s.view(0), 0, NAMES[:2]), terminal=True)
    assert not COLOUR_CODE.search(plain)  # …and gone with NO_COLOR, the letters stay
    assert "[B··]" in re.sub(r"\x1b\[[0-9;]*m", "", plain)


def test_old_callers_without_names_read_player_numbers() -> None:
    s = position(3)
    text = show(renderer("planet")(s.view(0), 0))
    assert "You" in text and "Player 2" in text and "Player 3" in text
    assert not SEAT_ID.search(text)


def test_the_legend_explains_the_marks() -> None:
    shown = legend("planet")
    assert shown is not None
    text = show(shown)
    assert all(len(r) <= 80 for r in text.split("\n"))
    for mark in ("[AB··]", "○ Full", "waiting", "Exit Points", "S0"):
        assert mark in text
    assert legend("no-such-game") is None


def test_descriptions_name_other_players_without_seat_ids() -> None:
    game = liftoff.games.get("planet")
    s = position(
        2,
        slots=("bonfire", "satellite", "rocket", "jetpack"),
        hands={0: "mya W"},
        surface={1: {0: 1}},
        options={"cutthroat": True},
    )
    said = [speech.of(game).describe(s, 0, a) for a in s.legal_actions(0)]
    theirs = [d for d in said if "Player 2's Alien" in d]
    assert theirs and not any(SEAT_ID.search(d) for d in said)
    assert "Pay Wild as Screw into the Satellite" in said
    assert "End your turn: the Moon moves over the Bonfire" in said
