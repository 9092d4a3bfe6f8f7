"""What the pages say to people: option labels and folds, bot levels, refusals
in words and the end of a game (who won, points by source, what was hidden).

Built from the engine API only (``Option.label``/``doc``, ``IllegalAction``,
``State.score_breakdown``/``revealed``, ``Game.score_label``/``reveal_label``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from liftoff import speech
from liftoff.bots import levels as bot_levels
from liftoff.engine import Game, Option, Outcome, State
from liftoff.engine.messages import and_list, known, render
from liftoff.engine.words import choice_label, option_doc, option_label
from liftoff.i18n.web import web_words

from ..errors import sentence

#: options a casual player leaves alone: rulings on gaps in the rulebook, tuning
ADVANCED = frozenset(
    {
        "planet.moon_model",
        "planet.day_track",
        "planet.days",
        "planet.lift_die",
        "planet.jetpack_costs",
        "planet.finished_keep_playing",
        "planet.first_player",
        "race.lenient",
        "race.auto_choices",
        "race.security",
        "race.layout",
        "race.tiebreak",
        "agency.missions_per_round",
    }
)

#: the browser's and the server's words (``web.*``), registered as messages
web_words()


def level_doc(name: str) -> str:
    """One line on a bot level, in the current language ("" for another bot)."""
    code = f"web.server.level.{name}.doc"
    return render(code) if known(code) else ""


def bot_label(kind: str) -> str:
    """A bot's kind or level as people read it ("Medium"), in the current language."""
    code = f"web.server.level.{kind}"
    return render(code) if known(code) else kind.capitalize()


DEFAULT_LEVEL = "medium"

#: the name kept for a person who deleted their account (a private-use character no
#: typed name keeps, see ``tables.names``): shown as "A former player"
FORMER = "\ue000former"


def shown_name(name: str | None) -> str | None:
    """A stored person's name as people read it (a deleted account's, in words)."""
    return render("web.server.former") if name == FORMER else name


class NamedSeat(Protocol):
    """What naming a seat needs (a live seat or a stored one)."""

    @property
    def seat(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def bot(self) -> str | None: ...
    @property
    def name(self) -> str | None: ...


def seat_names(seats: Sequence[NamedSeat]) -> list[str]:
    """The players' names as people read them: a person's name (``Player N``
    without one); a bot by its kind or level (``Medium bot``, with its seat number
    when two bots share a kind).

    >>> from liftoff.server.storage import SeatData
    >>> seat_names([SeatData(0, "human", name="Ann"), SeatData(1, "bot", "hard"),
    ...             SeatData(2, "bot", "easy"), SeatData(3, "bot", "easy"), SeatData(4, "open")])
    ['Ann', 'Hard bot', 'Easy bot 3', 'Easy bot 4', 'Player 5']
    """
    kinds = [(s.bot or "bot").split(":", 1)[0] if s.kind == "bot" else None for s in seats]
    out = []
    for s, kind in zip(seats, kinds, strict=True):
        if kind is None:
            out.append(shown_name(s.name) or render("web.server.player", {"n": s.seat + 1}))
        elif kinds.count(kind) > 1:
            level = bot_label(kind)
            out.append(render("web.server.bot.numbered", {"level": level, "n": s.seat + 1}))
        else:
            out.append(render("web.server.bot", {"level": bot_label(kind)}))
    return out


def option_json(game: str, o: Option, choices: list[Any] | None) -> dict[str, Any]:
    """An option as the lobby shows it (label, one-line doc, Advanced fold)."""
    label = option_label(game, o) if o.label else o.name.replace("_", " ").capitalize()
    doc = option_doc(game, o)
    if doc.lower().startswith(label.lower() + ":"):  # "First game: Bonfire, …" says it twice
        doc = doc[len(label) + 1 :]
    return {
        "name": o.name,
        "label": label,
        "kind": o.kind.__name__,
        "default": o.default,
        "doc": sentence(doc),
        "choices": choices,
        "choice_labels": [choice_label(game, o, c) for c in choices] if choices else None,
        "minimum": o.minimum,
        "maximum": o.maximum,
        "rule": o.rule,
        "advanced": f"{game}.{o.name}" in ADVANCED,
        # a free-text option over HTTP names installed content, never a path
        "content": o.kind is str and o.choices is None,
    }


def levels_json() -> list[dict[str, Any]]:
    """The bot levels, weakest first, each with a one-line description."""
    return [
        {
            "name": name,
            "label": render("web.server.bot", {"level": bot_label(name)}),
            "doc": level_doc(name),
            "default": name == DEFAULT_LEVEL,
        }
        for name in bot_levels()
    ]


def _words(game: Game[Any], area: str, what: str, **params: Any) -> str:
    code = f"{game.info.name}.{area}.{what}"
    return render(code if known(code) else f"api.{area}.{what}", params)


def _points(value: float) -> str:
    return f"{value:g}"


def headline(game: Game[Any], state: State, names: Sequence[str]) -> str:
    """``"Ann wins with 14 points"`` (or who shares the win, or a team's)."""
    out = state.outcome()
    assert out is not None
    best = out.scores[out.winners[0]]
    unit = _words(game, "score", "unit.one" if best == 1 else "unit", score=_points(best))
    if len(out.winners) == 1:
        return render("api.end.wins", {"winner": names[out.winners[0]], "score": unit})
    if len({out.scores[w] for w in out.winners}) == 1:
        return render(
            "api.end.share", {"winners": and_list([names[w] for w in out.winners]), "score": unit}
        )
    team = [f"{names[w]} {_points(out.scores[w])}" for w in out.winners]
    return render("api.end.together", {"winners": and_list(team)})


def ended_early(out: Outcome, names: Sequence[str]) -> dict[str, Any]:
    """The end of a game the players ended when someone's days ran out: who ran out,
    the places (nothing hidden is shown: the rules did not end it)."""
    late = [names[p] for p in out.details.get("out_of_time", []) if p < len(names)]
    players = [
        {
            "seat": p,
            "name": names[p],
            "place": out.places[p],
            "score": out.scores[p],
            "sources": [],
            "revealed": [],
        }
        for p in range(len(names))
    ]
    return {
        "headline": render(
            "web.server.ended",
            {"names": and_list(late), "winners": and_list([names[w] for w in out.winners])},
        ),
        "tiebreak": "",
        "players": [players[p] for p in out.ranking],
        "table": [],
    }


def ending(game: Game[Any], state: State, names: Sequence[str]) -> dict[str, Any]:
    """The end of a finished game in words (never call it while in play: it
    shows every hidden card)."""
    out = state.outcome()
    assert out is not None
    shown = state.revealed()

    def piles(found: dict[str, list[str]]) -> list[dict[str, Any]]:
        return [
            {"label": speech.of(game).reveal_label(k), "cards": list(v)} for k, v in found.items()
        ]

    players = [
        {
            "seat": p,
            "name": names[p],
            "place": out.places[p],
            "score": out.scores[p],
            "sources": [
                {"label": speech.of(game).score_label(k), "points": v} for k, v in sources.items()
            ],
            "revealed": piles(shown["seats"][p]) if p < len(shown["seats"]) else [],
        }
        for p, sources in enumerate(state.score_breakdown())
    ]
    broken = any(
        out.scores[a] == out.scores[b] and out.places[a] != out.places[b]
        for a in range(len(out.scores))
        for b in range(a + 1, len(out.scores))
    )
    return {
        "headline": headline(game, state, names),
        "tiebreak": _words(game, "end", "tiebreak") if broken else "",
        "players": [players[p] for p in out.ranking],
        "table": piles(shown.get("table", {})),
    }
