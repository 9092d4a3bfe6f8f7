"""Game-specific report parts: the simulation layer's add-on package.

``liftoff.sim.sections.<game>`` is found with
``liftoff.addons.find(PACKAGE, game)`` (see :mod:`liftoff.addons`); a game
never imports it. Each module provides, from the rows of a run (finished
games only, all of that game):

- ``metrics(rows) -> [(key, label, "rate" | "number", one value per row)]``:
  the game's own comparable numbers (see :func:`liftoff.sim.facts.metrics`);
- ``sections(rows) -> [Section]``: the game's own report sections;
- ``SKIP``: details keys the generic per-player panels leave out (those shown
  by the game's own panels, or lists that are not one value per player).

Every part is optional: a game without a module still gets the common
sections and the generic per-player panels.
"""

from __future__ import annotations

PACKAGE = "liftoff.sim.sections"
