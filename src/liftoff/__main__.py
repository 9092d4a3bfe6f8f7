"""``python -m liftoff``: the same as the ``liftoff`` command."""

from __future__ import annotations

from liftoff.cli.main import build


def main() -> None:
    """Run the ``liftoff`` command line (named ``liftoff`` in its help)."""
    build()(prog_name="liftoff")


if __name__ == "__main__":
    main()
