"""What every bot is: an agent that picks a legal action and can explain it."""

from __future__ import annotations

from typing import Any

from liftoff.engine import Action, State
from liftoff.engine.messages import Message


class Bot:
    """Base class of bots: a :class:`liftoff.engine.Agent` whose ``choose``
    returns one of ``state.legal_actions(player)``, and that can explain it.

    A bot that explains itself sets :attr:`said` (its line about the last
    choice, naming the move) and :attr:`why` (the reason alone, a hint's
    reason) in ``choose``; both are messages (:mod:`liftoff.bots.words`), said
    in the current language. A bot may instead override :meth:`explain`.
    """

    name = "bot"
    #: the line about the last choice, as a message (``None``: nothing to say)
    said: Message | None = None
    #: why the last choice, without naming it: a message, or an add-on's own
    #: words (``None``: not known apart from :meth:`explain`)
    why: Message | str | None = None

    def choose(self, state: State, player: int) -> Action:  # pragma: no cover - abstract
        raise NotImplementedError

    def explain(self) -> str:
        """One line about the last choice in the current language (empty if there
        is nothing to say)."""
        return "" if self.said is None else self.said.render()

    def reason(self) -> Message | str | None:
        """Why the last choice, without naming the move (see :attr:`why`)."""
        return self.why

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def parse_value(text: str) -> Any:
    """A bot parameter's value: a bool, an int, a float or the text itself."""
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return text


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``"name:k=v,k2=v2"`` into the bot name and typed parameters, by the
    one seat grammar (:func:`liftoff.bots.seats.parse_seat`; a ``human`` seat
    gives ``("human", {})``).

    >>> parse_spec("ismcts:iterations=400,rollout=heuristic")
    ('ismcts', {'iterations': 400, 'rollout': 'heuristic'})
    """
    from liftoff.bots.seats import HUMAN, parse_seat

    seat = parse_seat(spec, realtime=False)
    return seat.bot or HUMAN, dict(seat.params)
