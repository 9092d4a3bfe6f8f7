"""A terminal picture of a race game (*Lift Off!*, 2000), drawn from a view.

``render(view, viewer, names)`` draws one line per planet and one column per
player (named in the header, "You" for the viewer), each card one letter
(:func:`legend`). During the resolution the board also shows which cards are
turned up (``›`` marks the next one), which are used up (lower case), which
were stolen (``-`` where it was, ``+S`` where it went) and who won a planet
(``+4``). Those marks are read from the view's public resolution log
(``view["log"]``), so the live screen (:mod:`liftoff.cli.race_live`) can draw
every step of a resolution with :func:`resolution_board` and :func:`planets_table`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from liftoff.cli.words import say
from liftoff.engine.events import seat_name

from ._seats import card_names

#: one letter per card kind (codes as in the view)
GLYPH = {
    "tank": "T",
    "settlers": "S",
    "security": "F",
    "solar": "M",
    "liftoff": "L",
    "theft": "X",
    "terraform": "R",
    "ore": "O",
}


def card_name(code: str) -> str:
    """A card kind's printed name ("tank" → "Energy Tank"), in the current language."""
    return card_names("race").get(code, code)


_STYLE = {"blue": "bold blue", "yellow": "bold yellow", "red": "bold red"}
_COLOUR = {
    "tank": "blue",
    "settlers": "blue",
    "security": "blue",
    "solar": "blue",
    "liftoff": "yellow",
    "theft": "red",
    "terraform": "red",
    "ore": "red",
}
BLUE = frozenset(k for k, c in _COLOUR.items() if c == "blue")


def glyph(code: str | None, *, dim: bool = False) -> Text:
    """One card as its coloured letter (``?`` for a face-down card)."""
    if code is None:
        return Text("?", style="bold")
    return Text(GLYPH[code], style="dim" if dim else _STYLE[_COLOUR[code]])


def who(player: int, viewer: int | None, names: Sequence[str] | None) -> str:
    """A player's name for ``viewer``: "You" for the viewer, else the name."""
    return seat_name(player, viewer, names or ())


# -- the board: a view's planets with the resolution marks ------------
@dataclass(slots=True, eq=False)
class Card:
    """A card in a row (or stolen into one): its kind and what became of it."""

    code: str
    spent: bool = False  # an Energy Tank that paid, a Security Force that repelled
    away: bool = False  # stolen from this row


@dataclass(slots=True)
class Side:
    """One player's row at one planet."""

    player: int
    cards: list[Card]
    revealed: int | None = None  # cards turned up so far; None: not resolving
    gained: list[Card] = field(default_factory=list)  # stolen into this row
    points: int | None = None  # VP won here this round (None: not scored yet)


@dataclass(slots=True)
class PlanetLine:
    """One planet card and its two rows."""

    number: int
    name: str
    vp: int
    terraforming: int
    ore: int
    sides: list[Side]
    terraformed: int = 0
    ore_used: int = 0
    scored: bool = False


@dataclass(slots=True)
class Board:
    """What the race board shows: the planets, the scores and whether it is the
    resolution (with its marks) or loading."""

    round: int
    rounds: int
    resolving: bool
    planets: list[PlanetLine]
    scores: list[int]
    players: list[dict[str, Any]]
    countdown: bool = False
    over: bool = False
    label: str = ""  # the phase shown, when not the view's own ("resolved"): a cli.race.* id


def _lines(planets: Sequence[Mapping[str, Any]], rows: Sequence[Sequence[str]]) -> list[PlanetLine]:
    out = []
    for i, pl in enumerate(planets):
        sides = [Side(int(pl["players"][s]), [Card(c) for c in rows[2 * i + s]], 0) for s in (0, 1)]
        out.append(
            PlanetLine(pl["number"], pl["name"], pl["vp"], pl["terraforming"], pl["ore"], sides)
        )
    return out


def rows_from_log(log: Sequence[Sequence[Any]], planets: int) -> list[list[str]]:
    """The rows of a finished resolution, from its log (every card is turned up
    by the end; cards set aside at cleanup are not in a row any more)."""
    rows: list[list[str]] = [[] for _ in range(2 * planets)]
    for entry in log:
        if entry[0] == "reveal":
            rows[2 * int(entry[1]) + int(entry[2])].append(str(entry[4]))
    return rows


def _first(cards: list[Card], code: str) -> Card | None:
    return next((c for c in cards if c.code == code and not c.spent), None)


def _fold(lines: list[PlanetLine], log: Sequence[Sequence[Any]], once: bool, n: int) -> list[int]:
    """Apply a resolution log to the board; returns the points it scored per player."""
    points = [0] * n
    held: dict[int, list[Card]] = {}
    for entry in log:
        kind = entry[0]
        if kind not in _FOLD_KINDS:
            continue
        pl = lines[int(entry[1])]
        slot = 2 * int(entry[1]) + int(entry[2])
        side = pl.sides[int(entry[2])]
        pool = held.setdefault(slot, [])
        if kind == "reveal":
            k = side.revealed or 0
            if k < len(side.cards):
                side.revealed = k + 1
                if side.cards[k].code in BLUE:
                    pool.append(side.cards[k])
        elif kind in ("ore", "terraform"):
            for source in str(entry[4]).split(","):
                tank = _first(pool, "tank") if source == "tank" else None
                if tank is not None:
                    tank.spent = True
            if kind == "ore":
                pl.ore_used += 1
                points[int(entry[3])] += 1
            else:
                pl.terraformed += 1
        elif kind == "repelled" and once:
            guard = _first(held.setdefault(slot ^ 1, []), "security")
            if guard is not None:
                guard.spent = True
        elif kind == "steal" and entry[4] != "none":
            victim = held.setdefault(slot ^ 1, [])
            taken = _first(victim, str(entry[4]))
            if taken is not None:
                victim.remove(taken)
                other = pl.sides[1 - int(entry[2])]
                if taken in other.gained:
                    other.gained.remove(taken)
                else:
                    taken.away = True
                moved = Card(taken.code)
                side.gained.append(moved)
                pool.append(moved)
    for entry in log:  # planet results last: a planet scores once its rows are done
        if entry[0] == _SCORED:
            pl = lines[int(entry[1])]
            pl.scored = True
            winner, vp = int(entry[2]), int(entry[3])
            for s in pl.sides:
                s.points = vp if s.player == winner else 0
            if winner >= 0:
                points[winner] += vp
    return points


#: the kind of the log entry of a planet scored (a log kind, not the game's name)
_SCORED = "planet"
_FOLD_KINDS = frozenset(("reveal", "ore", "terraform", "repelled", "steal"))


def board_of(view: Mapping[str, Any]) -> Board:
    """The board of a view as it is (with the marks of its resolution, if on)."""
    resolving = not view["loading"] and view.get("log_round") == view["round"]
    planets = view["planets"]
    lines = _lines(planets, [r for pl in planets for r in pl["rows"]])
    if resolving:
        _fold(lines, view["log"], _once(view), len(view["players"]))
    else:
        for pl in lines:
            for s in pl.sides:
                s.revealed = None
    return Board(
        view["round"],
        view["rounds"],
        resolving,
        lines,
        [int(p["score"]) for p in view["players"]],
        list(view["players"]),
        bool(view.get("countdown")),
        view["phase"] == "over",
    )


def last_resolution(view: Mapping[str, Any]) -> Board | None:
    """At the start of a round, before any card is placed, the board as the last
    resolution left it (read from the view's log; a planet's seats from its log
    entries), so that a replay shows what a Stop did; ``None`` otherwise."""
    log = view["log"]
    if not view["loading"] or not log or view.get("log_round") != view["round"] - 1:
        return None
    if any(row for pl in view["planets"] for row in pl["rows"]):
        return None
    seats: dict[int, list[int]] = {}
    for entry in log:
        if entry[0] in ("reveal", "illegal", "no-liftoff"):
            seats.setdefault(int(entry[1]), [-1, -1])[int(entry[2])] = int(entry[3])
    planets = [{**pl, "players": seats.get(i, [-1, -1])} for i, pl in enumerate(view["planets"])]
    lines = _lines(planets, rows_from_log(log, len(planets)))
    _fold(lines, log, _once(view), len(view["players"]))
    scores = [int(p["score"]) for p in view["players"]]
    players = list(view["players"])
    return Board(
        view["round"] - 1, view["rounds"], True, lines, scores, players, label="cli.race.resolved"
    )


def resolution_board(
    base: Mapping[str, Any], rows: Sequence[Sequence[str]], log: Sequence[Sequence[Any]]
) -> Board:
    """The board part-way through a resolution: ``base`` is a view of the round
    taken before it (planets, seats, scores), ``rows`` the rows resolved, ``log``
    the resolution log up to the step to show."""
    lines = _lines(base["planets"], rows)
    points = _fold(lines, log, _once(base), len(base["players"]))
    scores = [int(p["score"]) + points[i] for i, p in enumerate(base["players"])]
    return Board(base["round"], base["rounds"], True, lines, scores, list(base["players"]))


def _once(view: Mapping[str, Any]) -> bool:
    return bool(view.get("options", {}).get("security", "once") == "once")


# -- drawing ------------
def side_text(side: Side) -> Text:
    """One row: turned-up cards in colour, the next one after ``›``, used-up cards
    in lower case, stolen ones as ``-``, cards stolen in as ``+S``, points won."""
    out = Text()
    for j, card in enumerate(side.cards):
        if side.revealed is not None and j == side.revealed:
            out.append("›", style="bold")
        hidden = side.revealed is not None and j >= side.revealed
        if card.away:
            out.append("-", style="dim")
        elif card.spent:
            out.append(GLYPH[card.code].lower(), style="dim")
        else:
            out.append_text(glyph(card.code, dim=hidden))
    for card in side.gained:
        out.append("+")
        out.append_text(
            Text(GLYPH[card.code].lower(), style="dim") if card.spent else glyph(card.code)
        )
    if side.points:
        out.append(f" +{side.points}", style="bold green")
    return out


def _info(pl: PlanetLine, resolving: bool) -> str:
    if resolving:
        return f"{pl.vp}VP T{pl.terraformed}/{pl.terraforming} O{pl.ore_used}/{pl.ore}"
    return f"{pl.vp}VP T{pl.terraforming} O{pl.ore}"


def planets_table(
    board: Board,
    viewer: int | None,
    names: Sequence[str] | None = None,
    keys: Mapping[int, int] | None = None,
) -> Table:
    """The planets, one line each, one column per player (its head: the name,
    the score, the stack's size and top card while loading); ``keys`` (planet number →
    the viewer's key) fills the first column, else the planet's number."""
    n = len(board.players)
    table = Table(box=None, padding=(0, 1), pad_edge=False, expand=True, show_edge=False)
    table.add_column("", width=3, no_wrap=True)
    table.add_column(
        say("cli.race.planet"), min_width=8, max_width=14, no_wrap=True, overflow="ellipsis"
    )
    table.add_column("", width=13 if board.resolving else 9, no_wrap=True)
    for p in range(n):
        head = Text(who(p, viewer, names), style="bold")
        head.append("\n" + say("cli.race.vp", vp=board.scores[p]), style="not bold")
        info = board.players[p]
        if not board.resolving:
            head.append("\n" + say("cli.race.stack", stack=info["stack"]), style="not bold")
            top = info.get("top")
            head.append_text(glyph(None) if board.countdown else glyph(top) if top else Text("-"))
        else:
            head.append("\n")
        table.add_column(head, ratio=1, no_wrap=True, overflow="ellipsis")
    for pl in board.planets:
        key = f"[{keys[pl.number]}]" if keys and pl.number in keys else ""
        if keys is None:
            key = f"{pl.number}."
        cells: list[Text] = [Text("")] * n
        for side in pl.sides:
            if 0 <= side.player < n:  # (unknown: a planet nobody played at, in a replay)
                cells[side.player] = side_text(side) or Text("·", style="dim")
        table.add_row(Text(key, style="bold"), pl.name, _info(pl, board.resolving), *cells)
    return table


def status(board: Board) -> Text:
    """``Round 1/3 · loading`` (the scores are in the players' column heads)."""
    code = board.label or (
        "cli.race.over" if board.over else "cli.race.resolving" if board.resolving else ""
    )
    phase = say(code or "cli.race.loading")
    return Text(
        say("cli.race.round", round=board.round, rounds=board.rounds, phase=phase), style="bold"
    )


def legend() -> Text:
    """What the letters and marks mean (two lines)."""
    t = Text()
    for j, code in enumerate(_SHORT):
        t.append(" " if j else "")
        t.append_text(glyph(code))
        t.append(f" {say('cli.race.short.' + code)}")
    t.append("\n" + say("cli.race.legend"), style="dim")
    return t


_SHORT = ("tank", "settlers", "security", "solar", "liftoff", "theft", "terraform", "ore")


def worded(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with its planets' names in the current language (kept where it
    has them, as a resolution's boards inside it)."""
    if all("name" in pl for pl in view.get("planets", ())):
        return view
    from . import worded as said

    return said("race", view)


def render(
    view: dict[str, Any], viewer: int | None = None, names: Sequence[str] | None = None
) -> RenderableType:
    """The board of ``view`` for ``viewer`` (``None``: a spectator), players by name;
    at the start of a round, the board the last resolution left (see
    :func:`last_resolution`)."""
    view = worded(view)
    board = last_resolution(view) or board_of(view)
    parts: list[RenderableType] = [status(board)]
    parts.append(planets_table(board, viewer, names))
    pending = view.get("pending")
    if pending:
        chooser = who(int(pending["player"]), viewer, names)
        options = say("cli.comma").join(pending["options"])
        said = say("cli.race.must-choose", name=chooser, planet=pending["planet"], options=options)
        parts.append(Text(said))
    parts.append(legend())
    return Group(*parts)
