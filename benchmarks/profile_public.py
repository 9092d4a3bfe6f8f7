"""Profile of the public-API loop: where one game's actions spend their time.

    uv run python benchmarks/profile_public.py GAME [ACTIONS] [PLAYERS]

Plays ``ACTIONS`` (30,000) random actions of seeded ``PLAYERS``-player (3) games
through the public API under cProfile and prints the 25 most expensive functions
by their own time. With ``LIFTOFF_COMPILED=build/compiled`` it profiles the
compiled build (compiled functions show as one entry each, with what they call
inside compiled code).
"""

from __future__ import annotations

import cProfile
import pstats
import random
import sys

import liftoff
from liftoff import compiled


def play(name: str, actions: int, players: int) -> None:
    """``actions`` random actions through ``legal_actions`` and ``apply``."""
    game = liftoff.games.get(name)
    pick = random.Random(1).choice
    done, seed = 0, 0
    while done < actions:
        state = game.new_game(players, seed)
        seed += 1
        while state.active_players() and done < actions:
            p = pick(state.active_players())
            state.apply(p, pick(state.legal_actions(p)))
            done += 1


def main() -> None:
    """Profile one game's loop and print the table."""
    name = sys.argv[1] if len(sys.argv) > 1 else "planet"
    actions = int(sys.argv[2]) if len(sys.argv) > 2 else 30_000
    players = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    print(f"{name}, {actions:,} actions, {players} players, {compiled.build_name()}")
    profile = cProfile.Profile()
    profile.runcall(play, name, actions, players)
    pstats.Stats(profile).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
