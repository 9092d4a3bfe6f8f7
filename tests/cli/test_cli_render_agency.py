"""The agency board in the terminal, and card texts where cards are chosen.

Positions come from seeded random playouts through the engine API and from the
game's ``testing`` helpers; boards are printed on an 80-column console that is
not a terminal (as in a pipe), and with ``NO_COLOR`` on a terminal.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console, RenderableType

import liftoff
from liftoff import speech
from liftoff.cli.render import legend, renderer
from liftoff.engine import Rng, State
from liftoff.games.agency import actions
from liftoff.games.agency.game import load_game
from liftoff.games.agency.testing import at_step, set_player, start

NAMES = ["Ann", "Bea", "Cid", "Dee"]
SEAT_ID = re.compile(r"\b[pP][0-3]\b")
CARD_ID = re.compile(r"\b(S\d\d|O\d\d|M\d-\d\d)\b")
COLOUR_CODE = re.compile(r"\x1b\[(3|4|9)\d")
GAME = liftoff.games.get("agency")
WORDS = speech.of(GAME).glossary()


def show(thing: RenderableType, *, terminal: bool = False) -> str:
    """``thing`` as printed on an 80-column pipe (or a colour terminal)."""
    out = io.StringIO()
    if terminal:
        Console(file=out, width=80, force_terminal=True, color_system="standard").print(thing)
    else:
        Console(file=out, width=80).print(thing)
    return out.getvalue()


def board(state: State, viewer: int | None) -> str:
    draw = renderer("agency")
    return show(draw(state.view(viewer), viewer, NAMES[: state.num_players]))


def name(card: str) -> str:
    return WORDS[card].split(": ", 1)[0]


def playout(players: int, seed: int, options: dict[str, Any] | None = None) -> list[State]:
    """States along a seeded random game: the first of every step, and some more."""
    state = GAME.new_game(players, seed, options or {})
    rng = Rng(seed)
    out: list[State] = []
    steps: set[str] = set()
    while not state.is_over():
        step = state.view(None)["step"]
        if step not in steps or rng.below(25) == 0:
            steps.add(step)
            out.append(state.clone())
        who = state.active_players()
        p = who[rng.below(len(who))]
        legal = state.legal_actions(p)
        state.apply(p, legal[rng.below(len(legal))])
    out.append(state)
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_rows_fit_80_columns_players_by_name_cards_with_their_texts(
    players: int, seed: int
) -> None:
    for state in playout(players, seed):
        for viewer in (None, *range(players)):
            text = board(state, viewer)
            assert all(len(r) <= 80 for r in text.split("\n")), text
            assert not SEAT_ID.search(text), text
            for p in range(players):
                assert (NAMES[p] if p != viewer else "You") in text
            view = state.view(viewer)
            if viewer is None:
                assert not CARD_ID.search(text)  # a spectator reads names only
                continue
            me = view["players"][viewer]
            flat = " ".join(text.split())  # card texts continue on indented rows
            for card in me["hand"] + me["objectives"] + me["drawn"] + me["earth"]:
                assert f"{card} {' '.join(WORDS[card].split())}" in flat, (card, text)
            # only the viewer's own cards are listed with ids (to type them)
            shown = set(CARD_ID.findall(text))
            assert shown <= set(me["hand"] + me["objectives"] + me["drawn"] + me["earth"])


def test_station_rockets_and_technology_read_without_colour(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = start(3, seed=4)
    s.track[3] = 1  # Bea's rocket on station space 4
    set_player(s, 1, tech={"red": 2, "green": 1})
    draw = renderer("agency")
    assert COLOUR_CODE.search(show(draw(s.view(0), 0, NAMES[:3]), terminal=True))
    monkeypatch.setenv("NO_COLOR", "1")
    plain = show(draw(s.view(0), 0, NAMES[:3]), terminal=True)
    assert not COLOUR_CODE.search(plain)
    plain = re.sub(r"\x1b\[[0-9;]*m", "", plain)
    assert " 4:3GB " in plain  # space 4: 3 VP and a green card, Bea's rocket
    assert re.search(r"^B Bea .*R2 Y0 B0 G1", plain, re.M)
    assert "9:6$#" in plain  # a neutral rocket at 3 players


def test_action_choices_say_what_they_do() -> None:
    """Every choice in played games is a sentence with card names and no ids;
    specialist actions, launches and technology say what they give and cost."""
    seen: dict[str, list[str]] = {}
    for seed in (5, 6):
        state = GAME.new_game(3, seed)
        rng = Rng(seed)
        while not state.is_over():
            p = state.active_players()[0]
            legal = state.legal_actions(p)
            for a in legal:
                said = speech.of(GAME).describe(state, p, a)
                assert said[0].isupper() and not CARD_ID.search(said), said
                seen.setdefault(type(a).__name__, []).append(said)
                if isinstance(a, actions.Launch):
                    cost = said.split("costs ")[1].split(" money")[0]
                    assert cost.isdigit() and " VP" in said, said
                    assert all(name(m) in said for m in a.cards)
            state.apply(p, legal[rng.below(len(legal))])
    assert {"Keep", "Play", "DoAction", "Launch", "Take", "ChooseTech"} <= set(seen)
    assert all(re.match(r".+'s action [12]: \S", d) for d in seen["DoAction"])
    assert all("technology card" in d for d in seen["ChooseTech"])


def test_a_specialists_actions_are_told_by_number() -> None:
    s = at_step(start(2, seed=3), "play", player=0)
    set_player(s, 0, hand=["S05", "S01"], money=10)
    s.apply(0, "play S05 banner+actions")
    said = {str(a): speech.of(GAME).describe(s, 0, a) for a in s.legal_actions(0)}
    assert said["action 1"] == "Physicist's action 1: pay 2 → +2 yellow tech"
    assert said["action 2"] == "Physicist's action 2: pay 4 → lab +1"


def test_a_launch_tells_its_cost_weight_and_points() -> None:
    s = at_step(start(2, seed=3), "launch", player=0)
    set_player(s, 0, earth=["M1-12", "M1-21"], money=10, lab=1, capacity=3)
    s.sym[0] = [1, 0, 0]
    s.boosts[0] = [2]  # a capacity banner played this round
    said = {str(a): speech.of(GAME).describe(s, 0, a) for a in s.legal_actions(0)}
    # cost track 5; Earth Observer weighs 2 and prints 4 VP; the level-1 lab scores 3
    assert said["launch lab M1-12"] == (
        "Launch Earth Observer on your lab's launch: costs 5 money, weight 2 of 3, scores 7 VP"
    )
    assert said["launch lab M1-12,M1-21"] == (
        "Launch Earth Observer and Comms Relay on your lab's launch: costs 5 money, "
        "weight 4 of 3 + capacity banners, scores 7 VP; then +1 income"
    )


def test_content_from_a_folder_shows_its_own_card_texts(tmp_path: Path) -> None:
    shipped = Path(liftoff.games.agency.__file__).parent / "data" / "specialists.toml"
    text = shipped.read_text(encoding="utf-8").replace('"Physicist"', '"Quantum Physicist"')
    (tmp_path / "specialists.toml").write_text(text, encoding="utf-8")
    game = load_game(tmp_path)
    s = start(2, seed=3, game=game)
    set_player(s, 0, hand=["S05", "S01"])
    text = show(renderer("agency")(s.view(0), 0, NAMES[:2]))
    assert "S05 Quantum Physicist: banner +1 capacity on a launch this round" in text
    assert "S01 Propulsion Engineer: banner +3 money" in text


def test_the_legend_explains_the_marks() -> None:
    shown = legend("agency")
    assert shown is not None
    text = show(shown)
    assert all(len(r) <= 80 for r in text.split("\n"))
    for mark in ("4:3G·", "cost / cap", "R Y B G", "# neutral"):
        assert mark in text
