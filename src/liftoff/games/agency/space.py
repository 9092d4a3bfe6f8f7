"""The fixed action space of agency (for research interfaces): every action that
can be legal for some player at some point, in a stable order.

Order: objective keeps (one, then pairs), specialist keeps (one, then pairs),
draft directions, specialist plays (``banner+actions`` and ``money`` per
specialist), ``action 1``/``action 2``, ``done``, technology colours, upgrade
kinds, station spaces (``beside`` first), deck draws, mission takes, effect
orders (``resolve``), objective sales, and last the launches: for each symbol
(``lab``, ``extra``, ``bonus``) every set of up to ``missions_per_round``
missions, smallest sets first, that one player could hold on Earth together
(no two copies of a mission that allows only one).

Cards marked for more players than ``players`` are left out. Launches make
the space large (about 125 000 actions for 2 players, 430 000 for 4 with the
default limit of 3 missions per round); with ``missions_per_round=0`` (no
limit) or a limit that would pass :data:`MAX_ACTIONS` there is no fixed space
and :func:`action_space` raises ``NotImplementedError``.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any

from liftoff.engine import Action, Game

from .actions import (
    COLOURS,
    DONE,
    SYMBOLS,
    ChooseStation,
    ChooseTech,
    ChooseUpgrade,
    Direction,
    DoAction,
    Draw,
    Keep,
    Launch,
    Play,
    Resolve,
    Sell,
    Take,
)

#: the largest space :func:`action_space` builds
MAX_ACTIONS = 1_000_000

_CACHE: dict[tuple[str, int, int], tuple[Action, ...]] = {}


def _launch_sets(missions: list[str], name: dict[str, str], unique: set[str], room: int) -> int:
    """How many launch sets of up to ``room`` missions there are (without building them)."""
    groups: dict[str, int] = {}
    free = 0
    for m in missions:
        if name[m] in unique:
            groups[name[m]] = groups.get(name[m], 0) + 1
        else:
            free += 1
    # polynomial product: each unique name contributes 1 + k x, each free card 1 + x
    poly = [1]
    for k in [*groups.values(), *([1] * free)]:
        nxt = [0] * (len(poly) + 1)
        for i, c in enumerate(poly):
            nxt[i] += c
            nxt[i + 1] += c * k
        poly = nxt[: room + 1]
    return sum(poly[1 : room + 1])


def action_space(
    game: Game[Any], players: int, options: Mapping[str, Any] | None = None
) -> list[Action]:
    """Every agency action for ``players`` players under ``options``, in a fixed order."""
    opts = game.options.validate(options)
    room = int(opts["missions_per_round"])
    content = game.content  # type: ignore[attr-defined]
    if room == 0:
        raise NotImplementedError(
            "agency with missions_per_round=0 (no limit) has no fixed action space: "
            "a launch may carry any set of missions"
        )
    key = (content.fingerprint, players, room)
    cached = _CACHE.get(key)
    if cached is not None:
        return list(cached)
    specs = sorted(s.id for s in content.specialists.specialists if s.players <= players)
    objs = sorted(o.id for o in content.objectives.objectives)
    mission_cards = [m for m in content.missions.missions if m.players <= players]
    missions = sorted(m.id for m in mission_cards)
    name = {m.id: m.name for m in mission_cards}
    unique = {m.name for m in mission_cards if not m.duplicates}
    sets = _launch_sets(missions, name, unique, room)
    if sets * len(SYMBOLS) > MAX_ACTIONS:
        raise NotImplementedError(
            f"agency with missions_per_round={room} has about {sets * len(SYMBOLS)} launch "
            f"actions, more than the {MAX_ACTIONS} a fixed action space may hold"
        )
    most_actions = max(len(s.actions) for s in content.specialists.specialists)
    out: list[Action] = []
    out += [Keep((o,)) for o in objs]
    out += [Keep(pair) for pair in combinations(objs, 2)]
    out += [Keep((s,)) for s in specs]
    out += [Keep(pair) for pair in combinations(specs, 2)]
    out += [Direction("left"), Direction("right")]
    for s in specs:
        out += [Play(s, "banner+actions"), Play(s, "money")]
    out += [DoAction(i) for i in range(1, most_actions + 1)]
    out.append(DONE)
    out += [ChooseTech(c) for c in COLOURS]
    out += [ChooseUpgrade("capacity"), ChooseUpgrade("propulsion")]
    out += [ChooseStation(i) for i in range(len(content.board.board.station) + 1)]
    out += [Draw(level) for level in range(1, 5)]
    out += [Take(m) for m in missions]
    out += [Resolve(m) for m in missions]
    out += [Sell(o) for o in objs]
    for symbol in SYMBOLS:
        for r in range(1, room + 1):
            for combo in combinations(missions, r):
                names = [name[m] for m in combo]
                if len(set(names)) < r and any(
                    names.count(x) > 1 for x in set(names) if x in unique
                ):
                    continue
                out.append(Launch(symbol, combo))
    _CACHE[key] = tuple(out)
    return out
