"""Planet narrates: every action returns events that say what it caused, replay
reproduces them, nobody sees more than their share, and the events account for
every public change of saved Aliens, hands, the Moon and the Sun."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pytest

from liftoff import speech
from liftoff.engine import Action, Rng
from liftoff.engine.events import Event
from liftoff.engine.messages import known, speaking
from liftoff.games.planet import GAME, PlanetState
from liftoff.games.planet import actions as A
from liftoff.games.planet.testing import force_rolls, position, stargate_face

NAMES = ("Ann", "Bea", "Cal", "Dee", "Eve")
CASES = list(GAME.conformance_cases())
SEAT_ID = re.compile(r"\bp\d\b")
WORDS = (
    "core|S[0-7]|[a-z]+(?= [A-Z]\b)|"
    + "|".join(sorted(GAME.lp_names))
    + "|moon|mya|terraform|garglore"
)
#: raw action text, e.g. "move core S0", "board rocket F S", "play moon ccw", "pledge 1F"
SYNTAX = re.compile(
    rf"\b(core|W=F|W=S|ccw|cw|pledge \d)\b|\b(move|board|pay|roll|play|abandon|trade) ({WORDS})\b"
)


def random_game(players: int, options: Mapping[str, Any], seed: int) -> Iterator[Any]:
    """Yield (state before, player, action, events, state after) along a random game."""
    s = GAME.new_game(players, seed=seed, options=dict(options))
    rng = Rng(seed + 1000)
    steps = 0
    while not s.is_over() and steps < 600:
        p = s.active_players()[0]
        legal = s.legal_actions(p)
        action = legal[rng.below(len(legal))]
        before = s.clone()
        events = s.apply(p, action)
        yield before, p, action, events, s
        steps += 1


def key(events: Sequence[Event]) -> list[tuple[Any, ...]]:
    return [
        (e.kind, dict(e.data), e.to, None if e.public is None else dict(e.public)) for e in events
    ]


def spent(action: Action) -> int:
    """Cards the actor's hand gives up by the action itself (what the action event says)."""
    if isinstance(action, A.Board):
        return len(action.pay)
    if isinstance(action, A.Trade):
        return 2
    if isinstance(action, A.Pay | A.Roll | A.PlayMoon | A.PlaySimple | A.PlayMya):
        return 1
    if isinstance(action, A.PlayMyaOff | A.PlayTerraform | A.PlayGarglore):
        return 1
    return 0


def check_accounting(before: PlanetState, after: PlanetState, events: Sequence[Event]) -> None:
    """Every public change between the two spectator views is what the events say."""
    v0, v1 = before.view(None), after.view(None)
    n = len(v0["players"])
    saved = [0] * n
    hand = [0] * n
    moon, days = v0["moon"]["spot"], v0["days"]["passed"]
    spots = len(v0["moon"]["spots"])
    for e in events:
        d = e.seen_by(None)
        assert d is not None
        if e.kind == "action":
            action = A.parse(d["action"])
            hand[d["who"]] -= spent(action)
        elif e.kind in ("planet.ev.lift-off", "planet.ev.lift-off-many"):
            saved[d["who"]] += d["aliens"]
            assert d["saved"] == v0["players"][d["who"]]["saved"] + saved[d["who"]]
        elif e.kind == "planet.ev.draw":
            hand[d["who"]] += d["count"]
        elif e.kind in ("planet.ev.discard-hand", "planet.ev.teleport-pay"):
            hand[d["who"]] -= d["count"]
        elif e.kind in ("planet.ev.moon", "planet.ev.moon-back"):
            moon = (moon + d["step"]) % spots
            assert d["spot"] == moon
        elif e.kind in ("planet.ev.sun", "planet.ev.sun-back"):
            days = d["days_passed"]
    for p in range(n):
        a, b = v0["players"][p], v1["players"][p]
        assert b["saved"] - a["saved"] == saved[p], (p, events)
        assert b["hand_size"] - a["hand_size"] == hand[p], (p, events)
    assert v1["moon"]["spot"] == moon
    assert v1["days"]["passed"] == days
    over = [e for e in events if e.kind.startswith("planet.ev.game-over.")]
    assert len(over) == (1 if after.is_over() and not before.is_over() else 0)


def check_privacy(events: Sequence[Event], players: int) -> None:
    card_names = set(GAME.card_names)
    for e in events:
        if "cards" in e.data or "codes" in e.data:
            assert e.to is not None and e.public is not None, e
        if e.to is None:
            continue
        assert e.public is not None and not set(e.public) & {"cards", "codes"}, e
        for viewer in [None, *range(players)]:
            if e.full_for(viewer):
                continue
            said = speech.of(GAME).narrate(e, viewer, NAMES[:players])
            assert said and not any(name in said for name in card_names), said


def check_sentences(events: Sequence[Event], players: int, action: Action) -> None:
    for e in events:
        assert known(e.kind) or e.kind == "action", e.kind
        for viewer in [None, *range(players)]:
            said = speech.of(GAME).narrate(e, viewer, NAMES[:players])
            assert said, (e, viewer)
            assert not SEAT_ID.search(said), said
            assert not SYNTAX.search(said), said
            assert str(action) not in said or " " not in str(action), said
            assert "{" not in said, said


@pytest.mark.parametrize(("players", "options"), CASES, ids=[f"{p}p-{o}" for p, o in CASES])
def test_random_games_narrate_account_and_replay(players: int, options: Mapping[str, Any]) -> None:
    for seed in (1, 2):
        record: list[tuple[int, str, list[tuple[Any, ...]]]] = []
        for before, p, action, events, after in random_game(players, options, seed):
            assert events and events[0].kind == "action"
            check_accounting(before, after, events)
            check_privacy(events, players)
            check_sentences(events, players, action)
            record.append((p, str(action), key(events)))
        # replaying the record reproduces the same events
        s = GAME.new_game(players, seed=seed, options=dict(options))
        for p, text, expected in record:
            assert key(s.apply(p, text)) == expected


def test_the_fast_path_collects_nothing() -> None:
    s = GAME.new_game(3, seed=5)
    for _ in range(40):
        p = s.active_players()[0]
        s.apply_legal(p, s.legal_actions(p)[-1])
        assert s._events is None


def tell(events: Sequence[Event], viewer: int | None, players: int = 2) -> list[str]:
    return [speech.of(GAME).narrate(e, viewer, NAMES[:players]) for e in events]


def test_a_jetpack_lift_off_is_told_with_names_and_the_count_saved() -> None:
    s = position(2, hands={1: "F F F"}, surface={1: {7: 1}}, saved={1: 3}, turn=1)
    events = s.apply(1, "board jetpack F F F")
    assert tell(events, None) == [
        "Bea boards the Jetpack, paying 3 Fuel",
        "Bea's Alien lifts off from the Jetpack — 4 saved",
    ]
    assert tell(events, 1)[1] == "Your Alien lifts off from the Jetpack — 4 saved"


def test_a_stargate_storm_and_the_next_draw() -> None:
    s = position(
        2,
        slots=("stargate", "satellite", "rocket", "jetpack"),
        moon=4,
        hands={0: "F", 1: "S moon"},
        draw="F W S S",
    )
    force_rolls(s, stargate_face(s, "storm"))
    events = s.apply(0, "end")
    assert tell(events, None) == [
        "Ann ends the turn",
        "The Moon moves to the star",
        "The Sun moves forward: 5 days left",
        "Stargate die: storm — every player discards their hand",
        "Ann discarded a hand of 3 cards",
        "Bea discarded a hand of 2 cards",
        "Bea's turn begins",
        "Bea drew 2 cards",
    ]
    assert tell(events, 1)[-1] == "You drew Screw and Screw"
    assert tell(events, 0)[0] == "You end your turn"
    draw = events[-1]
    assert draw.to == (1,) and dict(draw.public or {}) == {"who": 1, "count": 2}


def test_actions_read_as_sentences() -> None:
    s = position(3, hands={0: "mya terraform"}, surface={1: {0: 1}})
    assert tell(s.apply(0, "move core S0"), None, 3) == [
        "Ann moves an Alien from the Core to Exit S0"
    ]
    assert tell(s.apply(0, "move S0 S1"), 2, 3) == [
        "Ann moves an Alien from Exit S0 to the Bonfire (S1)"
    ]
    (said,) = tell(s.apply(0, "play terraform rocket ufo"), None, 3)[:1]
    assert said == "Ann plays Terraform!: the Rocket Ship gives way to the UFO"


def test_the_end_of_the_game_is_told() -> None:
    aliens = GAME.new_game(2, seed=0).cfg.aliens
    s = position(2, hands={1: "F F F"}, surface={1: {7: 1}}, saved={1: aliens - 1}, turn=1)
    events = s.apply(1, "board jetpack F F F")
    assert tell(events, 0)[-3:] == [
        f"Bea's Alien lifts off from the Jetpack — {aliens} saved",
        "Bea saved every Alien",
        "The game ends: Bea saved every Alien",
    ]
    assert tell(events, 1)[-1] == "The game ends: you saved every Alien"


@pytest.mark.rules("PL-ACT-TERRA-1", "PL-GARG-1", "PL-GAP-18")
def test_terraform_under_the_garglore_says_the_garglore_stays_on_the_new_point() -> None:
    s = position(
        slots=("bonfire", "satellite", "rocket", "jetpack"),
        garglore="satellite",
        hands={0: "terraform"},
    )
    events = s.apply(0, "play terraform satellite miracle")
    assert s.lp_at(s.garglore).id == "miracle"  # the view moves it with the slot
    kinds = [e.kind for e in events]
    assert "planet.ev.garglore-stays" in kinds
    stays = events[kinds.index("planet.ev.garglore-stays")]
    assert kinds.index("planet.ev.replaced") < kinds.index("planet.ev.garglore-stays")
    assert stays.data["lp"] == "miracle"
    line = speech.of(GAME).narrate(stays, None, NAMES)
    assert "Garglore" in line and "Miracle" in line, line
    with speaking("ja"):
        line = speech.of(GAME).narrate(stays, None, NAMES)
    assert "ガーグロア" in line and "Miracle" not in line, line


def test_terraform_elsewhere_says_nothing_of_the_garglore() -> None:
    s = position(
        slots=("bonfire", "satellite", "rocket", "jetpack"),
        garglore="rocket",
        hands={0: "terraform"},
    )
    events = s.apply(0, "play terraform satellite miracle")
    assert "planet.ev.garglore-stays" not in [e.kind for e in events]


def test_events_hold_no_words_whatever_language_is_spoken() -> None:
    """An action applied while Japanese is spoken makes exactly the events it
    makes in English (ids and numbers; the words come when someone reads them)."""
    for before, p, action, events, _ in random_game(3, {}, seed=11):
        again = before.clone()
        with speaking("ja"):
            told = again.apply(p, action)
        assert [(e.kind, e.data, e.public) for e in told] == [
            (e.kind, e.data, e.public) for e in events
        ]
        assert "said" not in told[0].data
        for e in told:  # names and counts in words are the reader's, made when read
            for part in (e.data, e.public or {}):
                assert not WORD_KEYS & set(part), (e.kind, dict(part))


#: keys that held words in events of old (English names and counts)
WORD_KEYS = frozenset({"said", "name", "new_name", "spot_name", "n", "cards"})


@pytest.mark.rules("PL-ACT-TERRA-1")
def test_a_move_is_told_with_the_point_that_stood_there_then() -> None:
    """The move's event names the Lift Off Point by id as it was when the Alien
    moved; a Terraform! afterwards does not change what the log says."""
    s = position(
        slots=("bonfire", "satellite", "rocket", "jetpack"),
        hands={0: "terraform"},
        surface={0: {2: 1}},
    )
    move = next(a for a in s.legal_actions(0) if isinstance(a, A.Move) and a.dst == 3)
    first = s.apply(0, move)[0]
    assert first.data["dst_lp"] == "satellite"
    s.apply(0, "play terraform satellite miracle")
    line = speech.of(GAME).narrate(first, None, NAMES)
    assert "Satellite (S3)" in line, line
    with speaking("ja"):
        assert "衛星" in speech.of(GAME).narrate(first, None, NAMES)
