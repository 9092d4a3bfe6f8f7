"""Agency: the terminal renderer draws any view, and only what the view holds."""

from __future__ import annotations

from rich.console import Console

from liftoff.cli.render.agency import render
from liftoff.engine import Rng
from liftoff.games.agency import GAME


def text_of(view: dict[str, object], player: int | None) -> str:
    console = Console(width=160, record=True)
    with console.capture() as cap:
        console.print(render(view, player))  # type: ignore[arg-type]
    return cap.get()


def test_renders_every_step_for_players_and_spectators() -> None:
    s = GAME.new_game(3, 5)
    rng = Rng(5)
    steps = set()
    while not s.is_over():
        if s.step not in steps or rng.below(40) == 0:
            steps.add(s.step)
            for viewer in (None, 0, 1, 2):
                out = text_of(s.view(viewer), viewer)
                assert f"Round {s.rnd}/8" in out
                assert "reconstruction" in out
                if viewer is not None:
                    for sid in s.hand[viewer]:
                        assert sid in out
                    for other in range(3):
                        if other != viewer:
                            for sid in s.hand[other]:
                                if sid not in s.hand[viewer]:
                                    assert f"{sid} " not in out.split("your cards")[-1]
        p = s.active_players()[rng.below(len(s.active_players()))]
        legal = s.legal_actions(p)
        s.apply_legal(p, legal[rng.below(len(legal))])
    assert steps >= {"obj_draft", "direction", "spec_draft", "play", "mission", "launch"}
    final = text_of(s.view(None), None)
    assert "game over" in final
