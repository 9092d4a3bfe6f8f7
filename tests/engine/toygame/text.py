"""The English words for the toy game's message ids."""

from __future__ import annotations

from liftoff.engine.messages import register

TEMPLATES: dict[str, str] = {
    "toy.parse.unknown": "cannot read {text}: write 'pick N' with N from {low} to {high}",
    "toy.pick.range": "pick a number from {low} to {high}, not {number}",
    "toy.pick.once": "player {number} has already picked this round",
    "toy.ev.picks": "the picks of round {round} were {picks}",
    "toy.ev.card": "{card} turns up",
}

register(TEMPLATES)
