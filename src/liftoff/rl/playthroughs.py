"""Golden OpenSpiel playthroughs: one short, seeded random game per case,
written by OpenSpiel's ``generate_playthrough`` (every observation, string
and tensor, legal actions and returns at every step).

A rules or view change shows up as a diff of these files, to be reviewed.
Regenerate them after such a change with::

    uv run --all-extras python tools/regen_playthroughs.py

``tests/rl/test_rl_playthroughs.py`` regenerates each one and compares.
"""

from __future__ import annotations

from pathlib import Path

#: (file name, OpenSpiel game string, random seed of the actions). Games are
#: cut short by ``max_game_length`` (the game then ends as a draw) to keep
#: the files small.
CASES: tuple[tuple[str, str, int], ...] = (
    ("liftoff_planet_2p.txt", "liftoff_planet(players=2,rng_seed=1,max_game_length=10)", 1),
    ("liftoff_planet_3p.txt", "liftoff_planet(players=3,rng_seed=2,max_game_length=8)", 2),
    ("liftoff_race_2p.txt", "liftoff_race(players=2,rng_seed=1,max_game_length=10)", 1),
    ("liftoff_agency_2p.txt", "liftoff_agency(players=2,rng_seed=1,max_game_length=6)", 1),
)

#: Where the golden files live, from the project root.
FOLDER = Path("tests") / "rl" / "playthroughs"


def generate(game_string: str, seed: int) -> str:
    """The playthrough text of ``game_string`` with actions drawn from ``seed``."""
    from open_spiel.python.algorithms import generate_playthrough

    from liftoff.rl import openspiel

    openspiel.register()
    text: str = generate_playthrough.playthrough(game_string, None, seed=seed)
    return text


def regenerate(root: Path) -> list[Path]:
    """Rewrite every golden playthrough under ``root``; returns the files that changed."""
    folder = root / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    changed = []
    for name, game_string, seed in CASES:
        path = folder / name
        text = generate(game_string, seed)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            changed.append(path)
    return changed


__all__ = ["CASES", "FOLDER", "generate", "regenerate"]
