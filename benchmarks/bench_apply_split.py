"""Where a public ``apply`` spends its time: the legality check, the rules
(``apply_legal``) and the rest (the events); ``describe_action`` (the move's
message: ids and numbers) and the speech layer's sentence for it
(``liftoff.speech``) are timed beside it.

    uv run python benchmarks/bench_apply_split.py [ACTIONS] [PLAYERS]

Plays ``ACTIONS`` (6,000) random actions of seeded ``PLAYERS``-player (3) games
of each title. Each action is timed five ways on its own state (process time,
the timer's own cost taken off): ``verify``, ``describe_action``, its sentence,
``apply_legal`` on a clone, and the whole ``apply``; the rest = ``apply`` less
the check and the rules. ``legal_actions`` is computed (untimed) before, as a front end
does when it lists the moves. ``LIFTOFF_COMPILED=build/compiled`` times the
compiled build.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

import liftoff
from liftoff import compiled, speech

clock = time.process_time_ns


def _overhead() -> int:
    """The timer's own cost for one timed call (ns), least of many."""
    best = 10**9
    for _ in range(2000):
        t0 = clock()
        t1 = clock()
        best = min(best, t1 - t0)
    return best


def _timed(call: Callable[[], object]) -> int:
    t0 = clock()
    call()
    return clock() - t0


def split(name: str, actions: int, players: int) -> dict[str, float]:
    """µs per action: verify, describe, rules, the rest and the whole apply."""
    game = liftoff.games.get(name)
    pick = random.Random(1).choice
    totals = {"verify": 0, "describe": 0, "said": 0, "rules": 0, "apply": 0}
    words = speech.of(game)
    done, seed = 0, 0
    while done < actions:
        state = game.new_game(players, seed)
        seed += 1
        while state.active_players() and done < actions:
            p = pick(state.active_players())
            legal = state.legal_actions(p)
            a = pick(legal)
            twin = state.clone()
            twin.legal_actions(p)
            totals["verify"] += _timed(lambda: state.verify(p, a))  # noqa: B023
            totals["describe"] += _timed(lambda: game.describe_action(state, p, a))  # noqa: B023
            totals["said"] += _timed(lambda: words.describe(state, p, a))  # noqa: B023
            totals["rules"] += _timed(lambda: twin.apply_legal(p, a))  # noqa: B023
            totals["apply"] += _timed(lambda: state.apply(p, a))  # noqa: B023
            done += 1
    cost = _overhead()
    out = {k: (v - cost * done) / done / 1000 for k, v in totals.items()}
    out["rest"] = out["apply"] - out["verify"] - out["rules"]
    return out


def main() -> None:
    """Print one row per title."""
    actions = int(sys.argv[1]) if len(sys.argv) > 1 else 6000
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    print(f"{actions:,} actions, {players} players, {compiled.build_name()} (µs per action)")
    head = "| game | `apply` | verify | rules | rest (events, words) | rest ÷ rules "
    print(head + "| `describe_action` | said (speech) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name in ("planet", "race", "agency"):
        r = split(name, actions, players)
        print(
            f"| {name} | {r['apply']:.1f} | {r['verify']:.1f} | {r['rules']:.1f} "
            f"| {r['rest']:.1f} | {r['rest'] / r['rules']:.2f} | {r['describe']:.1f} "
            f"| {r['said']:.1f} |"
        )


if __name__ == "__main__":
    main()
