"""What clients see: views, state messages, the game log, the lobby.

Views and serialized state messages are cached per table revision (every change
of a table clears them). A view is the rules' (ids and numbers, the same in
every language), computed once per change and recipient; the words its readers
see are added by the game's speech layer once per recipient and language
(:func:`worded_view`), so one reader's words never reach another.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import orjson

from liftoff import speech
from liftoff.engine.messages import ENGLISH, language, speaking

from ..errors import ApiError
from .model import SPECTATOR, LiveTable, Subscriber

#: the language key of a view as the rules made it (no words: every language)
NO_WORDS = ""


def view(table: LiveTable, recipient: int | None) -> dict[str, Any]:
    """``state.view(recipient)`` as the rules made it (ids and numbers, no
    words), computed once per change of the table and recipient, whatever the
    language."""
    key = (SPECTATOR if recipient is None else recipient, NO_WORDS)
    got = table.views.get(key)
    if got is None:
        race = table.race
        fresh = race.view(recipient) if race is not None else table.state.view(recipient)
        got = table.views[key] = fresh
    return got


def worded_view(table: LiveTable, recipient: int | None) -> dict[str, Any]:
    """:func:`view` with the words its reader sees (planet's Lift Off Point names
    and costs, race's planet names), said in the current language by the game's
    speech layer, once per change, recipient and language."""
    lang = language()
    key = (SPECTATOR if recipient is None else recipient, lang)
    got = table.views.get(key)
    if got is None:
        got = table.views[key] = speech.of(table.game).view_words(view(table, recipient), lang)
    return got


def core(table: LiveTable, recipient: int | None) -> dict[str, Any]:
    """The state message for ``recipient`` without its log (view, legal actions, …)."""
    state = table.state
    seen = worded_view(table, recipient)
    legal: list[dict[str, str]] = []
    if (
        recipient is not None
        and table.status == "playing"
        and not table.controlled_by_bot(recipient)
        and not (table.race is not None and table.race.counting_down())
    ):
        game = table.game
        legal = [
            {"text": str(a), "description": speech.of(game).describe(state, recipient, a)}
            for a in state.legal_actions(recipient)
        ]
    seat = table.seats[recipient] if recipient is not None else None
    # without the time of the last change: each member of a cluster keeps its own
    # (the lobby's sort key), and a seat's frames are the same through every member
    public = {k: v for k, v in table.public().items() if k != "updated_at"}
    return {
        "table": public,
        "version": state.version,
        "you": recipient,
        "view": seen,
        "legal": legal,
        "refusal": refusal_for(seat.refusal) if seat is not None else None,
        "undo": table.can_undo(recipient),
    }


def refusal_for(refusal: dict[str, Any] | None) -> dict[str, Any] | None:
    """A seat's last refusal as its reader sees it: in their language where the
    engine's message has words in it."""
    if refusal is None:
        return None
    out = {k: v for k, v in refusal.items() if k != "said"}
    said = refusal.get("said")
    lang = language()
    if isinstance(said, ApiError) and lang != ENGLISH:
        out["words"] = said.words_in(lang)
        out["rule_text"] = said.rule_text_in(lang)
    return out


def log_for(table: LiveTable, recipient: int | None, after: int = -1) -> list[dict[str, Any]]:
    """The game log as ``recipient`` may see it (the entries after action ``after``),
    each narrated for ``recipient`` with the players' names: never another seat's
    private part of an event."""
    show = not table.game.info.hidden_information or table.status == "over"
    r = SPECTATOR if recipient is None else recipient
    log = table.log
    start = len(log)
    while start > 0 and log[start - 1].n > after:
        start -= 1
    game, names = table.game, table.names()
    return [e.render(r, show, game, names) for e in log[start:]]


def state_message(table: LiveTable, sub: Subscriber) -> bytes:
    """The next ``state`` frame for a subscriber (its log since what it has), in
    the subscriber's language."""
    key = (SPECTATOR if sub.seat is None else sub.seat, sub.lang)
    with speaking(sub.lang):
        body = table.cache.get(key)
        if body is None:
            fresh = core(table, sub.seat)
            fresh["type"] = "state"
            body = table.cache[key] = orjson.dumps(fresh)
        reset = sub.log_epoch != table.log_epoch
        entries = log_for(table, sub.seat, -1 if reset else sub.log_seq)
    sub.log_epoch = table.log_epoch
    if table.log:
        sub.log_seq = table.log[-1].n
    tail = orjson.dumps(entries)
    return b"".join(
        (body[:-1], b',"log":', tail, b',"log_reset":', b"true}" if reset else b"false}")
    )


def lobby(tables: Iterable[LiveTable], limit: int) -> list[dict[str, Any]]:
    """Open and running tables: those where people are present first, then newest first."""

    def present(t: LiveTable) -> bool:
        return any(s.connected for s in t.seats) or bool(t.subscribers)

    live = sorted(tables, key=lambda t: (not present(t), -t.updated_at))
    return [t.public() for t in live if t.status in ("open", "playing")][:limit]
