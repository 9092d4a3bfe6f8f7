"""What every bot is: an agent that picks a legal action and can explain it."""

from __future__ import annotations

import inspect
from collections.abc import Callable

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


def parameters_of(factory: Callable[..., Bot]) -> list[str]:
    """The parameter names a bot factory accepts (``seed`` aside): its
    ``accepts`` when it says, else those of its signature."""
    accepts = getattr(factory, "accepts", None)
    if accepts is not None:
        return list(accepts)
    try:
        sig = inspect.signature(factory)
    except (TypeError, ValueError):
        return []
    return [
        p.name
        for p in sig.parameters.values()
        if p.name not in ("self", "seed") and p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL)
    ]
