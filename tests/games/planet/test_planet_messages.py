"""Planet's refusals carry message ids and parameters; the English words live in
``liftoff.games.planet.text`` and render to the sentences players have always read."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import liftoff.games.planet as planet
from liftoff import IllegalAction
from liftoff.engine import Rng
from liftoff.engine.messages import known, render
from liftoff.games.planet import GAME, PlanetState
from liftoff.games.planet.testing import position
from liftoff.games.planet.text import ACTIONS, EVENTS, TEMPLATES

#: narration's words (events and actions) are checked in test_planet_events.py, the
#: other words for people (descriptions, glossary, places, counts) in test_planet_words.py
NARRATION = ("planet.ev.", "planet.act.", "planet.effect.", "planet.word.")
OTHER_WORDS = (
    "planet.describe.",
    "planet.glossary.",
    "planet.place.",
    "planet.spot.",
    "planet.phase.",
    "planet.cost.",
    "planet.count.",
)
REFUSALS = {code for code in TEMPLATES if code not in EVENTS and code not in ACTIONS}

PACKAGE = Path(planet.__file__).parent
MESSAGE_ID = re.compile(r"""["'](planet\.[a-z0-9.-]+)["']""")
#: a family of ids the code completes with a value: f"planet.parse.why.{why}"
FAMILY = re.compile(r"""f["'](planet\.[a-z0-9.-]*)\{""")


def used_ids() -> set[str]:
    """Every message id written in the planet package's code (text.py aside)."""
    found: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        if path.name != "text.py":
            found |= set(MESSAGE_ID.findall(path.read_text(encoding="utf-8")))
    return found


def used_families() -> tuple[str, ...]:
    """The beginnings of the ids the package's code completes with a value."""
    found: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        if path.name != "text.py":
            found |= set(FAMILY.findall(path.read_text(encoding="utf-8")))
    return tuple(sorted(found))


def test_every_message_id_has_a_template_and_every_template_is_used() -> None:
    used = {code for code in used_ids() if not code.startswith(NARRATION + OTHER_WORDS)}
    assert used, "the scan found no message ids"
    assert sorted(used - REFUSALS) == [], "ids without English words"
    unused = {code for code in REFUSALS - used if not code.startswith(used_families())}
    assert sorted(unused) == [], "templates no code uses"


def test_ids_are_lowercase_dotted_and_registered() -> None:
    for code in TEMPLATES:
        assert re.fullmatch(r"planet(\.[a-z0-9-]+)+", code), code
        assert known(code), code


def refusal(s: PlanetState, player: int, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        s.apply(player, text)
    return err.value


def test_a_refusal_names_rule_message_id_and_parameters() -> None:
    s = position(2, hands={0: "F"}, draw="S S")
    err = refusal(s, 1, "end")
    assert (err.rule, err.code, err.params) == (
        "PL-TURN-5",
        "planet.turn.not-yours",
        {"turn": 0, "you": 1},
    )
    assert err.message == "it is Player 1's turn, not yours"
    err = refusal(s, 0, "move S3 S4")
    assert (err.rule, err.code, err.params) == (
        "PL-MOVE-3",
        "planet.move.no-alien",
        {"segment": "S3"},
    )
    assert err.message == "you have no unboarded Alien on S3"
    err = refusal(s, 0, "pay bonfire F")
    assert err.code == "planet.pay.no-extra"
    assert err.params == {"lp": "bonfire", "name": "Bonfire"}
    assert err.message == (
        "extra resources count for nothing at the Bonfire: they may be paid only into "
        "the Satellite, the Rocket Ship and the UFO"
    )


def test_refusals_in_played_games_render_from_their_id() -> None:
    """Across random games: every refusal has a planet id, JSON-safe parameters,
    and its message is the template filled with them."""
    seen: set[str] = set()
    for players, options in list(GAME.conformance_cases())[:8]:
        space = GAME.action_space(players, options)
        s = GAME.new_game(players, 7, options)
        rng = Rng(players)
        for _ in range(120):
            if s.is_over():
                break
            for p in range(players):
                legal = set(s.legal_actions(p))
                for _ in range(6):
                    action = space[rng.below(len(space))]
                    if action in legal:
                        continue
                    with pytest.raises(IllegalAction) as err:
                        s.verify(p, action)
                    e = err.value
                    assert e.code in TEMPLATES, e
                    assert e.rule.startswith("PL-"), e
                    assert json.loads(json.dumps(e.params)) == e.params
                    assert e.message == render(e.code, e.params)
                    seen.add(e.code)
            p = s.active_players()[0]
            legal_now = s.legal_actions(p)
            s.apply(p, legal_now[rng.below(len(legal_now))])
    assert len(seen) >= 15, sorted(seen)
