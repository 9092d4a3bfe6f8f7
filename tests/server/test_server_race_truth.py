"""The race board tells the truth (issue 39, the race's part): which card lies on
which planet's row, how many, "+N" and the scores are what the engine says.

States are sampled from seeded random race playouts (2 to 4 players, every phase);
each is drawn by the real board module in headless Chromium at a desktop and a
phone size, and read as a person reads it: every planet found by its visible label,
every card by its visible name, measured by bounding boxes on the rendered page
(never by coordinates the drawing code wrote):

- a planet where you sit is on the board (every planet on a wide screen), with
  its two rows (RC-SETUP-6);
- each row's label counts the engine's cards in that row;
- the cards drawn inside a planet's cell are cards of that planet's rows, each on
  the side of its row, and the ones drawn plus "+N" are the row's count (a placed
  card joins its player's row on their side, RC-PLAY-8; seen by all, RC-PLAY-9);
- the scores shown are the engine's.
"""

from __future__ import annotations

import collections
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest
from browsers import evaluated_on_a_page
from server_helpers import Db, ServerFactory
from test_server_board_paths import DESKTOP, PHONE
from test_server_browser import CHROMIUM, chrome

import liftoff
from liftoff import speech
from liftoff.i18n.web import words_for

__all__ = ["chrome"]  # the browser fixture, shared with the other browser tests

pytestmark = [
    pytest.mark.asyncio,
    pytest.mark.browser,
    pytest.mark.timeout(240),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="needs Chromium"),
]

STATES = 110
MEASURE = (Path(__file__).parent / "js" / "race_truth.js").read_text()
NAMES = ["Ann", "Bo", "Cy", "Di"]
EN = words_for("en")
CARDS = {EN[f"web.race.card.{c}"]: c for c in ("tank", "settlers", "security", "solar")}
CARDS |= {EN[f"web.race.card.{c}"]: c for c in ("liftoff", "theft", "terraform", "ore")}


def sample_race(count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` states of seeded random race games, as seat 0 sees them (with the
    words the server adds for its reader: the planets' names)."""
    game = liftoff.games.get("race")
    words = speech.of(game)
    rnd = random.Random(seed)
    out: list[dict[str, Any]] = []
    g = 0
    while len(out) < count:
        g += 1
        players = rnd.randint(2, 4)
        state = game.new_game(players, seed=seed * 1000 + g)
        while not state.is_over() and len(out) < count:
            p = rnd.choice(state.active_players())
            legal = state.legal_actions(p)
            state.apply_legal(p, legal[rnd.randrange(len(legal))])
            if rnd.random() < 0.05:
                view = words.view_words(state.view(0), "en")
                out.append({"view": view, "names": NAMES[:players]})
    return out


def _inside(t: dict[str, Any], cell: dict[str, Any]) -> bool:
    return bool(cell["left"] <= t["x"] <= cell["right"] and cell["top"] <= t["y"] <= cell["bottom"])


def _row_label(name: str) -> re.Pattern[str]:
    """A row's label: "Ann (you) · 3" (narrow) or "Ann (you): 3 cards"."""
    return re.compile(rf"^{re.escape(name)}(?: \(you\))?(?: · |: )(\d+)(?: cards?)?$")


def check_planet(pl: dict[str, Any], cell: dict[str, Any], seen: dict[str, Any]) -> list[str]:
    """What the drawing of one planet gets wrong."""
    wrong: list[str] = []
    texts = [t for t in seen["texts"] if _inside(t, cell)]
    labels = []
    for side, p in enumerate(pl["players"]):
        found = [t for t in texts if _row_label(NAMES[p]).match(t["s"])]
        if len(found) != 1:
            wrong.append(f"planet {pl['number']}: {len(found)} labels of {NAMES[p]}'s row")
            return wrong
        count = int(_row_label(NAMES[p]).match(found[0]["s"]).group(1))  # type: ignore[union-attr]
        if count != len(pl["rows"][side]):
            wrong.append(f"planet {pl['number']}: {NAMES[p]} {count} for {len(pl['rows'][side])}")
        labels.append(found[0])
    planet_y = cell["label"]["y"]

    def side_of(t: dict[str, Any]) -> int:
        if seen["narrow"]:  # each row under its label
            above = [k for k, lab in enumerate(labels) if lab["y"] < t["y"]]
            return max(above, key=lambda k: labels[k]["y"]) if above else -1
        return 0 if t["y"] < planet_y else 1  # side 0 above the planet, side 1 below

    drawn: list[collections.Counter[str]] = [collections.Counter(), collections.Counter()]
    more = [0, 0]
    for t in texts:
        if t["s"] in CARDS:
            side = side_of(t)
            if side < 0:
                wrong.append(f"planet {pl['number']}: {t['s']} above both rows")
                continue
            drawn[side][CARDS[t["s"]]] += 1
        elif m := re.fullmatch(r"\+(\d+)", t["s"]):
            side = min((0, 1), key=lambda k: abs(labels[k]["y"] - t["y"]))
            more[side] += int(m.group(1))
    for side in (0, 1):
        row = collections.Counter(pl["rows"][side])
        if drawn[side] - row:
            wrong.append(f"planet {pl['number']} side {side}: {dict(drawn[side])} not in {row}")
        if sum(drawn[side].values()) + more[side] != len(pl["rows"][side]):
            wrong.append(
                f"planet {pl['number']} side {side}: {sum(drawn[side].values())} + "
                f"{more[side]} drawn for {len(pl['rows'][side])}"
            )
    return wrong


def check_state(view: dict[str, Any], seen: dict[str, Any]) -> list[str]:
    """What the drawing of one state gets wrong (nothing: an empty list)."""
    wrong: list[str] = []
    mine = {n for p in view["players"] if p["player"] == view["you"] for n in p["planets"]}
    for pl in view["planets"]:
        cell = seen["cells"].get(str(pl["number"]))
        if cell is None:
            if pl["number"] in mine or not seen["narrow"]:
                wrong.append(f"planet {pl['number']} ({pl['name']}) is not on the board")
            continue
        wrong += check_planet(pl, cell, seen)
    scores = sorted(
        int(m.group(1)) for t in seen["texts"] if (m := re.search(r"score (\d+)", t["s"]))
    )
    if scores != sorted(p["score"] for p in view["players"]):
        wrong.append(f"scores {scores} for {[p['score'] for p in view['players']]}")
    return wrong


@pytest.mark.rules("RC-PLAY-8", "RC-PLAY-9", "RC-SETUP-6")
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
async def test_race_board_is_where_the_engine_says(
    server: ServerFactory, sqlite_db: Db, chrome: Any, viewport: dict[str, int]
) -> None:
    r = await server(sqlite_db)
    states = sample_race(STATES, seed=21 if viewport is DESKTOP else 22)
    phases = {s["view"]["phase"] for s in states}
    assert {"loading", "resolving"} <= phases, phases
    assert any(len(s["view"]["players"]) == 4 for s in states)
    seen = await evaluated_on_a_page(
        chrome,
        r.base + "/",
        MEASURE,
        {"states": states},
        viewport=viewport,
        reduced_motion="reduce",
    )
    # (not vacuous: the planets and their cards were found on the page)
    cells = sum(len(m["cells"]) for m in seen)
    cards = sum(1 for m in seen for t in m["texts"] if t["s"] in CARDS)
    assert cells >= 3 * STATES and cards >= 5 * STATES, (cells, cards)
    wrong = {
        i: w
        for i, (s, m) in enumerate(zip(states, seen, strict=True))
        if (w := check_state(s["view"], m))
    }
    assert not wrong, (
        f"{len(wrong)} of {len(states)} states drawn wrong: {dict(list(wrong.items())[:4])}"
    )
