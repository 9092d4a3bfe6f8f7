"""The end of a game in the terminal: who won in words, where every point came
from, and every card that was hidden.

Built only from the engine API (``State.outcome``, ``State.score_breakdown``,
``State.revealed``, ``Game.score_label`` / ``reveal_label`` and the message
templates), so it reads the same for every game; its lines wrap to the
terminal's width and never cut a card off.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from liftoff import speech
from liftoff.cli.fold import folded
from liftoff.cli.words import comma, say
from liftoff.engine import Game, GameNotOver, State
from liftoff.engine.events import seat_name
from liftoff.engine.messages import and_list, known, render


def _number(value: float) -> str:
    return f"{value:g}"


def _words(game: Game[Any], area: str, what: str, **params: Any) -> str:
    """A game's template ``<game>.<area>.<what>``, else the engine's ``api.…`` one."""
    code = f"{game.info.name}.{area}.{what}"
    return render(code if known(code) else f"api.{area}.{what}", params)


def headline(game: Game[Any], state: State, names: Sequence[str], viewer: int | None) -> str:
    """``"Game over: Ann wins with 14 points; Bob 11, Cy 9."`` (``"You win …"``
    for the viewer)."""
    out = state.outcome()
    if out is None:
        raise GameNotOver("the game is not over")
    best = out.scores[out.winners[0]]
    unit = _words(game, "score", "unit.one" if best == 1 else "unit", score=_number(best))
    if len(out.winners) == 1:
        you = out.winners[0] == viewer
        code = "wins.you" if you else "wins"
        winner = seat_name(out.winners[0], viewer, names)
        text = render(f"api.end.{code}", {"winner": winner, "score": unit})
    elif len({out.scores[w] for w in out.winners}) == 1:
        winners = [seat_name(w, viewer, names) for w in out.winners]
        text = render("api.end.share", {"winners": and_list(winners), "score": unit})
    else:  # a team wins together, each with their own score
        winners = [
            say("cli.end.score", name=seat_name(w, viewer, names), score=_number(out.scores[w]))
            for w in out.winners
        ]
        text = render("api.end.together", {"winners": and_list(winners)})
    rest = [
        say("cli.end.score", name=seat_name(p, viewer, names), score=_number(out.scores[p]))
        for p in out.ranking
        if p not in out.winners
    ]
    result = say("cli.end.rest", result=text, rest=comma().join(rest)) if rest else text
    return render("api.end.over", {"result": result})


def tiebreak_note(game: Game[Any], state: State) -> str:
    """How ties were broken, when players with equal scores got different places."""
    out = state.outcome()
    assert out is not None
    n = len(out.scores)
    broken = any(
        out.scores[a] == out.scores[b] and out.places[a] != out.places[b]
        for a in range(n)
        for b in range(a + 1, n)
    )
    return _words(game, "end", "tiebreak") if broken else ""


def breakdown_table(game: Game[Any], state: State, names: Sequence[str]) -> Table:
    """Sources as rows (those that gave anyone points), players as columns, totals last."""
    out = state.outcome()
    assert out is not None
    parts = state.score_breakdown()
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    table.add_column(say("cli.end.points-from"), no_wrap=True)
    for p in range(state.num_players):
        table.add_column(seat_name(p, None, names), justify="right")
    labels: list[str] = []
    for seat in parts:
        labels.extend(label for label in seat if label not in labels)
    for label in labels:
        values = [seat.get(label, 0.0) for seat in parts]
        if any(values):
            table.add_row(speech.of(game).score_label(label), *(_number(v) for v in values))
    table.add_row(
        Text(say("cli.end.total"), style="bold"),
        *(Text(_number(s), style="bold") for s in out.scores),
    )
    return table


def _grouped(cards: Sequence[str]) -> str:
    """``["Fuel", "Fuel", "Screw"]`` → ``"2 Fuel, Screw"``."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return comma().join(
        card if n == 1 else say("cli.end.cards", count=n, card=card) for card, n in counts.items()
    )


def revealed_lines(game: Game[Any], state: State, names: Sequence[str]) -> list[RenderableType]:
    """Each seat's hidden cards (one line per seat), then each face-down pile
    of the table (its size and every card, grouped with counts); a line wider
    than the terminal wraps at words (between phrases in Japanese), never cut."""
    shown = state.revealed()
    lines: list[RenderableType] = []
    for p, seat in enumerate(shown["seats"]):
        parts = [
            say("cli.end.part", label=speech.of(game).reveal_label(k), cards=_grouped(v))
            for k, v in seat.items()
            if v
        ]
        if parts:
            line = Text(say("cli.end.seat", name=seat_name(p, None, names)), style="bold")
            line.append(say("cli.end.parts").join(parts), style="")
            lines.append(folded(line, 2))
    for label, cards in shown["table"].items():
        if not cards:
            continue
        text = say(
            "cli.end.pile",
            label=speech.of(game).reveal_label(label),
            count=len(cards),
            cards=_grouped(cards),
        )
        lines.append(folded(Text(text, style="dim"), 2))
    return lines


def ending(
    game: Game[Any], state: State, names: Sequence[str], viewer: int | None = None
) -> RenderableType:
    """The end-of-game screen: the winner in words, the scoring by source for
    each player, and every card a view hid (the game must be over)."""
    parts: list[RenderableType] = [folded(Text(headline(game, state, names, viewer), "bold"))]
    note = tiebreak_note(game, state)
    if note:
        parts.append(folded(Text(note, style="dim")))
    parts.append(breakdown_table(game, state, names))
    hidden = revealed_lines(game, state, names)
    if hidden:
        parts.append(Text(say("cli.end.hidden"), style="bold"))
        parts.extend(hidden)
    return Group(*parts)
