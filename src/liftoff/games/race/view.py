"""What a player may know: the JSON view of a race state.

Information policy (rulings RC-LR-1 and RC-LR-2, see docs/rulings.md):

- every stack's top card is face up on the table, so it is public (the
  rulebook has everyone turn their stacks face up);
- every placed card, every row, every discard and set-aside card is public, and
  so is each stack's size;
- cards that went under a stack were seen by everyone as they went, so the
  order of that known bottom part is public too (``known_bottom``);
- the only secret is the order of the cards that nobody has seen this round
  (``unseen``): not even their owner knows it. The view gives their number only.

So every player's view is the same public picture; ``you`` marks whose it is.

A view holds codes, keys and numbers only (``top: "tank"``, a planet's ``key``,
a failed order's reason id in the ``log``), the same in every language; the
speech layer (``liftoff.speech``) adds the words a reader sees (a planet's
``name``) for one language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, TypedDict

from liftoff.engine.events import EventView

from . import cards as C
from .layout import player_at
from .phases import LOADING, PENDING_NAMES, PHASE_NAMES, Choice, Phase

if TYPE_CHECKING:
    from .state import RaceState

#: one log entry: its kind (``"reveal"``, ``"steal"``, …) then numbers, card codes
#: and lists of card codes (see ``RaceState.log``)
LogEntry = list[int | str | list[str]]


class PlayerView(TypedDict):
    """One player's public side of the table."""

    player: int
    seat: int
    planets: list[int]  # numbers of the planets next to them this round
    stack: int  # cards in their stack
    top: str | None  # the face-up top card's code
    unseen: int  # cards under the top nobody has seen this round
    known_bottom: list[str]  # the bottom part seen going under, in order
    discards: list[str]
    set_aside: list[str]
    score: int
    round_scores: list[int]


class HeldCard(TypedDict):
    """A revealed blue card held at a planet (own or stolen)."""

    card: str
    owner: int
    spent: bool


class PlanetResult(TypedDict):
    """How a resolved planet scored."""

    habitable: bool
    settlers: list[int]  # per side
    winner: int | None
    vp: int


class PlanetView(TypedDict):
    """One planet card and the two rows beside it."""

    number: int
    key: str  # the planet type's name in the content: its stable key (``Game.glossary``)
    terraforming: int
    vp: int
    ore: int
    players: list[int]  # the player of side 0 and of side 1
    rows: list[list[str]]  # per side, in placement order
    revealed: list[int]  # per side
    held: list[list[HeldCard]]  # per side
    terraformed: int
    ore_used: int
    result: PlanetResult | None


class PendingView(TypedDict):
    """The resolution choice the game waits for."""

    player: int
    choice: Choice
    planet: int
    options: list[str]


class OptionsView(TypedDict):
    lenient: bool
    auto_choices: bool
    security: Literal["once", "persistent"]


class PlanetTableView(TypedDict):
    reconstructed: bool
    source: str


class RaceView(TypedDict):
    """What a player (or a spectator) may know of a race game."""

    game: Literal["race"]
    you: int | None
    round: int  # 1-based
    rounds: int
    phase: Phase
    loading: bool
    stop_player: int | None
    stop_callers: list[int]
    options: OptionsView
    planet_table: PlanetTableView
    players: list[PlayerView]
    planets: list[PlanetView]
    pending: PendingView | None
    log_round: int | None  # 1-based round of the log
    log: list[LogEntry]
    active: list[int]
    #: the latest events as this viewer sees them (``State.recent_events``)
    recent: list[EventView]


def _codes(pile: list[int]) -> list[str]:
    return [C.code(c) for c in pile]


def view(state: RaceState, player: int | None, history: bool = True) -> RaceView:
    """The view of ``state`` for ``player`` (``None``: a spectator); without
    ``history``, its ``log`` and ``recent`` events are left empty."""
    results = {r[0]: r for r in state.results}
    return {
        "game": "race",
        "you": player,
        "round": state.round + 1,
        "rounds": state.total_rounds,
        "phase": PHASE_NAMES[state.phase],
        "loading": state.phase == LOADING,
        "stop_player": None if state.stop_player < 0 else state.stop_player,
        "stop_callers": list(state.stop_callers),
        "options": {
            "lenient": state.lenient,
            "auto_choices": state.auto,
            "security": "once" if state.security_once else "persistent",
        },
        "planet_table": {
            "reconstructed": state.table.reconstructed,
            "source": state.table.source,
        },
        "players": [_player(state, p) for p in range(state.num_players)],
        "planets": [_planet(state, i, results.get(i)) for i in range(len(state.planets))],
        "pending": _pending(state),
        "log_round": None if state.log_round < 0 else state.log_round + 1,
        "log": [_entry(e) for e in state.log] if history else [],
        "active": list(state.active_players()),
        "recent": state.recent_events(player) if history else [],
    }


#: the old name of :func:`view`
build_view = view


def _player(state: RaceState, p: int) -> PlayerView:
    n = state.num_players
    stack = state.stacks[p]
    k = state.unseen[p]
    return {
        "player": p,
        "seat": next((s for s in range(n) if player_at(n, s, state.round) == p), p),
        "planets": [i + 1 for i, s in enumerate(state.side_of[p]) if s >= 0],
        "stack": len(stack),
        "top": C.code(stack[0]) if stack else None,
        "unseen": k,
        "known_bottom": _codes(stack[1 + k :]) if stack else [],
        "discards": _codes(state.discards[p]),
        "set_aside": _codes(state.aside[p]),
        "score": state.scores[p],
        "round_scores": [r[p] for r in state.round_scores],
    }


def _planet(state: RaceState, i: int, res: tuple[int, ...] | None) -> PlanetView:
    ptype = state.table.planets[state.planets[i][0]]
    held: list[list[HeldCard]] = [
        [
            {"card": C.code(c), "owner": C.owner(c), "spent": c in state.spent}
            for c in state.pools.get(2 * i + side, ())
        ]
        for side in (0, 1)
    ]
    result: PlanetResult | None = None
    if res is not None:
        result = {
            "habitable": bool(res[1]),
            "settlers": [res[2], res[3]],
            "winner": None if res[4] < 0 else res[4],
            "vp": res[5],
        }
    return {
        "number": i + 1,
        "key": ptype.name,
        "terraforming": ptype.terraforming,
        "vp": ptype.vp,
        "ore": ptype.ore,
        "players": list(state.side_players[i]),
        "rows": [_codes(state.rows[2 * i]), _codes(state.rows[2 * i + 1])],
        "revealed": [state.shown[2 * i], state.shown[2 * i + 1]],
        "held": held,
        "terraformed": state.terra[i],
        "ore_used": state.ore_used[i],
        "result": result,
    }


def _pending(state: RaceState) -> PendingView | None:
    if state.pending is None:
        return None
    kind, planet, side, _ = state.pending
    chooser = state.side_players[planet][side]
    return {
        "player": chooser,
        "choice": PENDING_NAMES[kind],
        "planet": planet + 1,
        "options": [str(a) for a in state.legal_actions(chooser)],
    }


def _jsonable(x: Any) -> Any:
    return list(x) if isinstance(x, list | tuple) else x


def _entry(entry: tuple[Any, ...]) -> LogEntry:
    """A log entry for the view: ids and numbers (a ``fail`` entry's reason is
    ``no-ore`` or ``no-energy``, which the browser says as ``web.race.why.<reason>``)."""
    return [_jsonable(x) for x in entry]
