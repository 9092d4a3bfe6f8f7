"""Rewrite the golden OpenSpiel playthroughs (tests/rl/playthroughs/) after a
rules or view change; review the diff before committing it.

    uv run --all-extras python tools/regen_playthroughs.py
"""

from __future__ import annotations

from pathlib import Path

from liftoff.rl.playthroughs import regenerate

if __name__ == "__main__":
    root = Path(__file__).resolve().parent.parent
    changed = regenerate(root)
    for path in changed:
        print(f"updated {path.relative_to(root)}")
    print(f"{len(changed)} playthrough(s) changed")
