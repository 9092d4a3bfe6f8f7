"""Write the record fixtures: games of each title (several seeds, options and
player counts; whole games and games stopped half way) as records were written
when the fixtures were made, each with the final state it replayed to then.

The fixtures are history: regenerate them only to add records, never to make a
failing replay pass. Run ``python tests/records/make_records.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import liftoff
from liftoff.bots import make
from liftoff.engine import Rng, State, play

HERE = Path(__file__).resolve().parent / "fixtures"

# (title, players, seed, options, who plays: "random" or a bot level, actions kept (0 = all))
GAMES: list[tuple[str, int, int, dict[str, Any], str, int]] = [
    ("planet", 2, 1, {}, "random", 0),
    ("planet", 3, 2, {"first_game": True}, "medium", 0),
    ("planet", 4, 3, {"team": True}, "random", 0),
    ("planet", 5, 4, {"family": True, "fast": True}, "random", 0),
    ("planet", 3, 5, {"cutthroat": True, "vicious": True, "moon_model": "A"}, "random", 0),
    ("planet", 2, 6, {"lift_die": "X,X,1,2,2,3", "day_track": "literal"}, "medium", 0),
    ("planet", 4, 7, {"family": True, "no_garglore": True, "first_player": -1}, "random", 60),
    ("race", 2, 1, {}, "random", 0),
    ("race", 3, 2, {"security": "persistent", "tiebreak": "settlers"}, "medium", 0),
    ("race", 4, 3, {"layout": "opposite"}, "random", 0),
    ("race", 4, 4, {"auto_choices": True, "rounds": 2}, "random", 0),
    ("race", 2, 5, {"lenient": True, "rounds": 4}, "random", 80),
    ("agency", 2, 1, {}, "random", 0),
    ("agency", 3, 2, {"simultaneous_launches": True}, "medium", 0),
    ("agency", 4, 3, {"missions_per_round": 0}, "random", 0),
    ("agency", 3, 4, {}, "random", 120),
]


def fixture_name(title: str, players: int, seed: int, kept: int) -> str:
    """The fixture's file name."""
    part = f"-first{kept}" if kept else ""
    return f"{title}-{players}p-seed{seed}{part}.json"


def final_state(state: State) -> dict[str, Any]:
    """What a replay must reach: the state's snapshot without its history."""
    return {k: v for k, v in state.to_json().items() if k != "history"}


def _play(title: str, players: int, seed: int, options: dict[str, Any], who: str) -> State:
    state = liftoff.games.get(title).new_game(players, seed, options)
    if who == "random":
        rng = Rng(seed)
        while active := state.active_players():
            player = active[rng.below(len(active))]
            legal = state.legal_actions(player)
            state.apply(player, legal[rng.below(len(legal))])
        return state
    return play(state, [make(who, seed=seed + i) for i in range(players)], seed=seed)


def main() -> None:
    """Write every fixture."""
    HERE.mkdir(exist_ok=True)
    for title, players, seed, options, who, kept in GAMES:
        game = liftoff.games.get(title)
        record = _play(title, players, seed, options, who).record()
        if kept:
            record["actions"] = record["actions"][:kept]
        state = game.replay(record)
        out = {"record": record, "final": final_state(state)}
        path = HERE / fixture_name(title, players, seed, kept)
        path.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(path.name, len(record["actions"]), "actions")


if __name__ == "__main__":
    main()
