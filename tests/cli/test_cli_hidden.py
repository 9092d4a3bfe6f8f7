"""The end screen's "What was hidden" lists every card it names, whole: each
seat's hidden cards and every face-down pile of the table (grouped with
counts), wrapped at the terminal's width — never cut short with "…"."""

from __future__ import annotations

import io
import re

import pytest
from rich.cells import cell_len
from rich.console import Console

from liftoff import i18n
from liftoff.cli.ending import ending
from liftoff.engine.messages import speaking
from sampling import finished

i18n.install()
SPACE = re.compile(r"\s+")


@pytest.mark.parametrize("width", [80, 60])
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("game", "players"), [("planet", 5), ("agency", 4), ("agency", 2)])
def test_every_hidden_card_is_on_the_end_screen(
    game: str, players: int, lang: str, width: int
) -> None:
    state = finished(game, players, 3)
    names = [f"P{p + 1}" for p in range(players)]
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None)
    with speaking(lang):
        console.print(ending(state.game, state, names))
        shown = state.revealed()
    text = out.getvalue()
    hidden = text[text.index("\n", max(text.find("What was hidden"), text.find("隠れて"))) :]
    bare = SPACE.sub("", hidden)
    assert "…" not in hidden, hidden
    assert all(cell_len(row) <= width for row in text.splitlines()), text
    piles = [cards for cards in shown["table"].values() if cards]
    assert piles, "a finished game keeps face-down cards"
    for cards in [*piles, *(c for seat in shown["seats"] for c in seat.values())]:
        for card in set(cards):
            assert SPACE.sub("", card) in bare, (card, hidden)
        # every card counted: the pile's size and the counts of its repeated cards
        for card in {c for c in cards if cards.count(c) > 1}:
            n = cards.count(card)
            counted = f"{n}{SPACE.sub('', card)}" if lang == "en" else f"{card}×{n}"
            assert SPACE.sub("", counted) in bare, (counted, hidden)
