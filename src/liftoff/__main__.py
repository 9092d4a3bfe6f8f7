"""``python -m liftoff``: the same as the ``liftoff`` command."""

from __future__ import annotations

from liftoff.cli.main import build, run


def main() -> None:
    """Run the ``liftoff`` command line (named ``liftoff`` in its help)."""
    run(build())


if __name__ == "__main__":
    main()
