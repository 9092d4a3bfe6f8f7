"""The toy game's one action, ``pick N``, and its parsing."""

from __future__ import annotations

from dataclasses import dataclass

from liftoff.engine import Action, IllegalAction

LOW, HIGH = 1, 3


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Secretly pick ``number`` this round (TOY-PICK-1)."""

    number: int

    def __str__(self) -> str:
        return f"pick {self.number}"


def parse(text: str, player: int) -> Pick:
    """The action whose text is ``text``; anything else is refused (``API-PARSE``).

    >>> parse("pick 2", 0)
    Pick(number=2)
    """
    words = text.split(" ")
    if (
        len(words) == 2
        and words[0] == "pick"
        and words[1].isdigit()
        and words[1] == str(int(words[1]))
    ):
        return Pick(int(words[1]))
    raise IllegalAction.of(
        "toy.parse.unknown", "API-PARSE", player, None, text=repr(text), low=LOW, high=HIGH
    )
