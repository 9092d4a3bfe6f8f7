"""Planet on the pure-Python and the compiled build, interleaved in one run.

    uv run python -m liftoff.compile build
    uv run python benchmarks/bench_compiled.py [ROUNDS] [SECONDS] [BUILD_DIR]

Each round runs one fresh interpreter per build (the build is chosen at import,
by ``LIFTOFF_COMPILED``) and prints the CPU microseconds of one planet
legal-action generation (``_legal_actions``, uncached) over 200 fixed positions
of seeded random games, then each game's public-API loop actions per wall
second (3 players, ``SECONDS`` each) and, when OpenSpiel is installed, its
ratio to OpenSpiel's C++ ``tic_tac_toe`` driven the same way in the same
interpreter for half as long (``liftoff.bench.openspiel_public_rate``).
"""

from __future__ import annotations

import os
import subprocess
import sys

_CODE = """
import random, sys, time
import liftoff
from liftoff import bench, compiled
seconds = float(sys.argv[1])
game = liftoff.games.get("planet")
pick = random.Random(3).choice
spots = []
for k in range(20):
    s = game.new_game(3, k)
    while s.active_players():
        p = pick(s.active_players())
        spots.append((s, p))
        s = s.clone()
        s.apply(p, pick(s.legal_actions(p)))
spots = spots[:200]
start, n = time.process_time(), 0
while time.process_time() - start < seconds / 2:
    for s, p in spots:
        s._legal_actions(p)
        n += 1
micro = (time.process_time() - start) / n * 1e6
line = [f"{compiled.build_name():>16}  planet legal actions {micro:4.1f} us"]
yardstick = bench.openspiel_public_rate(seconds / 2)
for name in ("planet", "race", "agency"):
    rate = bench.public_loop_rate(name, 3, seconds)
    ratio = f" ({rate / yardstick:.3f}x)" if yardstick else ""
    line.append(f"{name} {rate:,.0f}/s{ratio}")
if yardstick:
    line.append(f"C++ tic_tac_toe {yardstick:,.0f}/s")
print("  ".join(line))
"""


def main() -> None:
    """Alternate the two builds for ``ROUNDS`` rounds."""
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    seconds = sys.argv[2] if len(sys.argv) > 2 else "8"
    build = sys.argv[3] if len(sys.argv) > 3 else os.path.join("build", "compiled")
    for r in range(rounds):
        for chosen in (None, build):
            env = {k: v for k, v in os.environ.items() if k != "LIFTOFF_COMPILED"}
            if chosen is not None:
                env["LIFTOFF_COMPILED"] = chosen
            cmd = [sys.executable, "-W", "error::RuntimeWarning", "-c", _CODE, seconds]
            done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
            print(f"round {r + 1}: {done.stdout.strip() or done.stderr.strip()}", flush=True)


if __name__ == "__main__":
    main()
