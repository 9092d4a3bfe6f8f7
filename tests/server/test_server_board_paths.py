"""Every legal action has a click path on the board.

States are sampled from seeded games of random and heuristic bots (every phase,
2 to 4 players); each is drawn by the game's real board module in headless
Chromium, with the table page's own move code (``play.js``), and for every legal
action of the seat to move the test clicks, as a person who knows what they want
would: a move-bar or board button that makes exactly that move if one is shown,
else the marked piece carrying the next word of the move. The path must submit
exactly that action. A full game only proves the paths a bot happened to take;
this proves them all, at desktop and at phone width.

The suite tries the first 40 states of each game and width and one more for
every kind of action only the later ones offer; ``LIFTOFF_TEST_FULL=1`` tries
all 120 (``tests/sampling.py``).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Db, ServerFactory
from test_server_browser import CHROMIUM, LAUNCH_ARGS, chrome

import liftoff
from liftoff import speech
from liftoff.bots import make
from sampling import every_kind

__all__ = ["chrome"]  # the browser fixture, shared with the other browser tests

pytestmark = [
    pytest.mark.asyncio,
    pytest.mark.browser,
    pytest.mark.timeout(300),
    pytest.mark.skipif(not __import__("os").path.exists(CHROMIUM), reason="needs Chromium"),
]
_ = LAUNCH_ARGS

STATES = 120  # per game and width (the full run; the suite's sample: SMALL and every kind)
SMALL = 40
TARGETS = 40  # legal actions tried per state at most (all when fewer)
DESKTOP = {"width": 1366, "height": 800}
PHONE = {"width": 390, "height": 844}


def sample_states(name: str, count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` decision points from seeded bot games, each as the table page gets it."""
    game = liftoff.games.get(name)
    rnd = random.Random(seed)
    out: list[dict[str, Any]] = []
    g = 0
    while len(out) < count:
        g += 1
        players = rnd.randint(game.info.min_players, min(game.info.max_players, 4))
        state = game.new_game(players, seed=seed * 1000 + g)
        bots = [make(rnd.choice(["random", "medium"]), seed=g * 10 + p) for p in range(players)]
        names = [f"Player {p + 1}" for p in range(players)]
        steps = 0
        while not state.is_over() and len(out) < count and steps < 3000:
            steps += 1
            p = rnd.choice(state.active_players())
            legal = state.legal_actions(p)
            if rnd.random() < 0.12 or (len(legal) > 1 and rnd.random() < 0.05):
                listed = [
                    {"text": str(a), "description": speech.of(game).describe(state, p, a)}
                    for a in legal
                ]
                targets = [x["text"] for x in listed]
                if len(targets) > TARGETS:
                    targets = rnd.sample(targets, TARGETS)
                out.append(
                    {
                        "view": speech.of(game).view_words(state.view(p)),
                        "legal": listed,
                        "targets": targets,
                        "you": p,
                        "names": names,
                    }
                )
            state.apply_legal(p, bots[p].choose(state, p))
    return out


# The person's way to a move, run in the page over all states (see the module docstring).
FIND_PATHS = (Path(__file__).parent / "js" / "find_paths.js").read_text()


@pytest.mark.parametrize("game", ["planet", "race", "agency"])
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
async def test_every_legal_action_has_a_click_path(
    server: ServerFactory, sqlite_db: Db, chrome: Any, game: str, viewport: dict[str, int]
) -> None:
    r = await server(sqlite_db)
    every = sample_states(game, STATES, seed=7 if viewport is DESKTOP else 8)
    states = every_kind(every, SMALL, lambda s: {t.split()[0] for t in s["targets"]})
    kinds = {t.split()[0] for s in states for t in s["targets"]}
    assert kinds == {t.split()[0] for s in every for t in s["targets"]}
    assert len(kinds) >= {"planet": 6, "race": 3, "agency": 8}[game], kinds  # every phase
    ctx = await chrome.new_context(viewport=viewport)
    page = await ctx.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    await page.goto(r.base + "/")
    got = await page.evaluate(FIND_PATHS, {"game": game, "states": states})
    await ctx.close()
    assert not problems, problems
    assert got["tried"] >= len(states), got
    assert not got["failed"], f"{got['failed']} of {got['tried']} actions: {got['failures']}"
