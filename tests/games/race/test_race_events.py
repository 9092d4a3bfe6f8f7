"""Race events: every happening of Stop, cleanup and resolution is an event,
narrated as a plain sentence per viewer; the events account for every public
change of the table."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from liftoff import speech
from liftoff.engine import Event, Rng
from liftoff.games.race import GAME, text
from liftoff.games.race.state import RaceState
from liftoff.games.race.testing import position, resolution_events

NAMES = ["Ann", "Bea", "Cy", "Dee"]
CASES = list(GAME.conformance_cases())
BLUE = {"tank", "settlers", "security", "solar"}
RAW = re.compile(
    r"\bp\d\b|\b[Pp]layer \d|\bplace \d|\bpay (solar|tank)"
    r"|\bsteal (settlers|tank|solar|security|none)|\bliftoff\b|[{}_]"
)


def _play(players: int, options: dict[str, Any], seed: int) -> Iterator[tuple[Any, ...]]:
    """(state before, player, action, events, state after) over one random game."""
    state = GAME.new_game(players, seed, dict(options))
    rng = random.Random(seed)
    while not state.is_over():
        p = rng.choice(state.active_players())
        action = rng.choice(state.legal_actions(p))
        before = state.clone()
        events = state.apply(p, action)
        yield before, p, action, events, state


def _sentences(events: Sequence[Event], viewer: int | None, players: int) -> list[str]:
    return [speech.of(GAME).narrate(e, viewer, NAMES[:players]) for e in events]


@pytest.mark.parametrize(("players", "options"), CASES)
def test_every_action_tells_what_it_caused_in_plain_sentences(
    players: int, options: dict[str, Any]
) -> None:
    seen: set[str] = set()
    for _, _, action, events, _ in _play(players, options, seed=7):
        assert events and events[0].kind == "action"
        for e in events:
            seen.add(e.kind)
            assert e.to is None  # everything the race shows is public (RC-LR-1)
        for viewer in (*range(players), None):
            said = _sentences(events, viewer, players)
            assert all(said), (events, viewer)
            for line in said:
                assert not RAW.search(line), line
                assert line != str(action) and not re.match(r"\w+: (under|discard)", line)
    assert {"race.ev.stop", "race.ev.round-end", "race.ev.game-end"} <= seen


@pytest.mark.parametrize(("players", "options"), CASES)
def test_replaying_the_record_tells_the_same_events(players: int, options: dict[str, Any]) -> None:
    told: list[list[Event]] = []
    state: RaceState | None = None
    for _, _, _, events, after in _play(players, options, seed=11):
        told.append(events)
        state = after
    assert state is not None
    replay = GAME.new_game(players, state.seed, dict(state.options))
    again = [replay.apply(p, a) for p, a in state.history]
    assert again == told
    assert replay.to_json() == state.to_json()


@pytest.mark.parametrize(("players", "options"), CASES)
def test_no_event_depends_on_what_nobody_knows(players: int, options: dict[str, Any]) -> None:
    """The order of the unseen cards is the race's only secret (RC-LR-2): with
    it resampled, every viewer is told exactly the same — but for the events
    that say they reveal it (a card turned up), which tell the same things."""
    for k, (before, p, action, events, _) in enumerate(_play(players, options, seed=3)):
        other = before.determinize(p, seed=1000 + k)
        alt = other.apply(p, action)
        assert [(e.kind, e.reveals) for e in alt] == [(e.kind, e.reveals) for e in events]
        for viewer in (*range(players), None):
            told = _sentences([e for e in events if not e.reveals], viewer, players)
            assert _sentences([e for e in alt if not e.reveals], viewer, players) == told


def _counters(state: RaceState) -> dict[str, int]:
    """The public counters of a spectator's view that events account for."""
    view = state.view(None)
    out: dict[str, int] = {}
    for pl in view["players"]:
        out[f"score {pl['player']}"] = pl["score"]
        out[f"aside {pl['player']}"] = len(pl["set_aside"])
    for pv in view["planets"]:
        out[f"ore {pv['number']}"] = pv["ore_used"]
        out[f"terra {pv['number']}"] = pv["terraformed"]
        for side in (0, 1):
            out[f"held {pv['number']} {pv['players'][side]}"] = len(pv["held"][side])
    out["stops"] = len(view["stop_callers"])
    return out


def _told(events: Sequence[Event]) -> dict[str, int]:
    """What the events say changed (counters reset at a new round)."""
    delta: dict[str, int] = {}

    def add(key: str, n: int) -> None:
        delta[key] = delta.get(key, 0) + n

    for e in events:
        d = e.data
        if isinstance(d.get("points"), int) and "who" in d:
            add(f"score {d['who']}", d["points"])
        kind = e.kind
        if kind == "race.ev.stop":
            add("stops", 1)
        elif kind in ("race.ev.illegal", "race.ev.no-liftoff"):
            add(f"aside {d['who']}", d["count"])
        elif kind == "race.ev.ore":
            add(f"ore {d['planet']}", 1)
        elif kind == "race.ev.terraform":
            add(f"terra {d['planet']}", 1)
        elif kind.startswith("race.ev.reveal.") and d["card"] in BLUE:
            add(f"held {d['planet']} {d['who']}", 1)
        elif kind == "race.ev.steal":
            add(f"held {d['planet']} {d['who']}", 1)
            add(f"held {d['planet']} {d['whom']}", -1)
        elif kind in ("race.ev.round-start", "race.ev.round-start-rotated"):
            delta = {k: v for k, v in delta.items() if k.startswith(("score", "stops"))}
            delta["new round"] = 1
    return delta


@pytest.mark.parametrize(("players", "options"), CASES)
def test_the_events_account_for_every_public_change(players: int, options: dict[str, Any]) -> None:
    for seed in (1, 2):
        for before, _, _, events, after in _play(players, options, seed):
            told = _told(events)
            new_round = told.pop("new round", 0)
            old, new = _counters(before), _counters(after)
            for key, value in new.items():
                start = old[key] if not new_round or key.startswith(("score", "stops")) else 0
                if key not in old:  # planets seat other players in a new round
                    start = 0
                assert value - start == told.get(key, 0), (key, events)


def test_points_add_up_to_the_final_scores() -> None:
    total = [0, 0]
    state = None
    for _, _, _, events, after in _play(2, {}, seed=5):
        for e in events:
            if isinstance(e.data.get("points"), int) and "who" in e.data:
                total[e.data["who"]] += e.data["points"]
        state = after
    assert state is not None and total == state.scores


def test_every_event_template_has_words_for_each_use() -> None:
    for code, words in text.EVENTS.items():
        assert code.startswith("race.ev.") and code == code.lower() and words
        if code.endswith((".you", ".whom")):
            assert code.rsplit(".", 1)[0] in text.EVENTS, code


# -- exact sentences for scripted positions ------------
PIOS = "Pios Proxima"
EX1_A = ["solar", "tank", "liftoff", "ore", "theft"]
EX1_B = ["tank", "tank", "settlers", "liftoff", "terraform"]


def _lines(events: Sequence[Event], viewer: int | None) -> list[str]:
    return [line for line in _sentences(events, viewer, 2) if line]


def test_the_rulebook_example_narrated_for_a_spectator() -> None:
    s, events = resolution_events(PIOS, EX1_A, EX1_B)
    assert _lines(events, None) == [
        "Ann discards Energy Tank",
        "Ann calls Stop!",
        "Pios Proxima (planet 1): Ann's Solar Module is ready",
        "Pios Proxima (planet 1): Bea's Energy Tank is ready",
        "Pios Proxima (planet 1): Ann's Energy Tank is ready",
        "Pios Proxima (planet 1): Bea's Energy Tank is ready",
        "Pios Proxima (planet 1): Ann lifts off",
        "Pios Proxima (planet 1): Bea's Settlers land",
        "Pios Proxima (planet 1): Ann turns up Ore Production",
    ]
    assert _lines(s.apply(0, "pay solar"), None) == [
        "Ann pays with Solar Module",
        "Pios Proxima (planet 1): Ann mines ore with Solar Module — +1 VP (1 of 2 deposits used)",
        "Pios Proxima (planet 1): Bea lifts off",
        "Pios Proxima (planet 1): Ann turns up a Theft",
        "Pios Proxima (planet 1): Ann may steal from Bea",
    ]
    assert _lines(s.apply(0, "steal settlers"), None) == [
        "Ann chooses to steal Settlers",
        "Pios Proxima (planet 1): Ann steals Settlers from Bea",
        "Pios Proxima (planet 1): Bea turns up Terraforming",
        "Pios Proxima (planet 1): Bea terraforms with Energy Tank and Energy Tank "
        "(1 done, 1 needed)",
        "Pios Proxima (planet 1): Ann wins with 1 Settlers to 0 — +3 VP",
        "Round 1 is over — Ann 4 VP, Bea 0 VP",
        "Game over: Ann won with 4 VP (Ann 4 VP, Bea 0 VP)",
    ]


def test_the_players_read_you_and_your() -> None:
    s, events = resolution_events(PIOS, EX1_A, EX1_B)
    assert _lines(events, 0)[:3] == [
        "You discard Energy Tank",
        "You call Stop!",
        "Pios Proxima (planet 1): your Solar Module is ready",
    ]
    s.apply(0, "pay solar")
    steal = s.apply(0, "steal settlers")
    assert _lines(steal, 1)[:2] == [
        "Ann chooses to steal Settlers",
        "Pios Proxima (planet 1): Ann steals your Settlers",
    ]
    assert _lines(steal, 0)[-1] == "Game over: you won with 4 VP (you 4 VP, Bea 0 VP)"


def test_a_repelled_theft_and_failed_orders() -> None:
    _, events = resolution_events(
        PIOS,
        ["liftoff", "theft", "ore", "terraform"],
        ["security", "settlers", "liftoff"],
        options={"auto_choices": True},
    )
    assert _lines(events, None)[2:] == [
        "Pios Proxima (planet 1): Ann lifts off",
        "Pios Proxima (planet 1): Bea's Security Force stands guard",
        "Pios Proxima (planet 1): Ann turns up a Theft",
        "Pios Proxima (planet 1): Bea's Security Force repels Ann's Theft — Bea may steal back",
        "Pios Proxima (planet 1): Bea finds nothing to steal from Ann",
        "Pios Proxima (planet 1): Bea's Settlers land",
        "Pios Proxima (planet 1): Ann turns up Ore Production",
        "Pios Proxima (planet 1): Ann's Ore Production fails — not enough energy",
        "Pios Proxima (planet 1): Bea lifts off",
        "Pios Proxima (planet 1): Ann turns up Terraforming",
        "Pios Proxima (planet 1): Ann's Terraforming fails — not enough energy",
        "Pios Proxima (planet 1) is not habitable (0 of 1 Terraforming) — no VP",
        "Round 1 is over — Ann 0 VP, Bea 0 VP",
        "Game over: Ann and Bea won with 0 VP (Ann 0 VP, Bea 0 VP)",
    ]
    assert _lines(events, 1)[5] == (
        "Pios Proxima (planet 1): your Security Force repels Ann's Theft — you may steal back"
    )


def test_rows_without_a_lift_off_are_set_aside_at_cleanup() -> None:
    s = position(
        2,
        stacks={0: ["ore"], 1: ["tank", "tank"]},
        rows={1: (["settlers", "tank"], ["liftoff"])},
        options={"rounds": 2},
    )
    lines = _lines(s.apply(0, "discard"), None)
    planet = speech.of(s.game).view_words(s.view(None))["planets"][0]["name"]
    assert lines[:3] == [
        "Ann discards Ore Production",
        "Ann calls Stop!",
        f"{planet} (planet 1): Ann's row has no Lift Off — Settlers and Energy Tank set aside",
    ]
    assert lines[-2:] == [
        "Round 1 is over — Ann 0 VP, Bea 0 VP",
        "Round 2 of 2 begins: stacks reshuffled",  # two players keep their seats
    ]


def test_a_settler_tie_scores_nothing() -> None:
    _, events = resolution_events(
        "Beta Minor",
        ["settlers", "settlers", "tank", "liftoff", "ore"],
        ["settlers", "settlers", "liftoff"],
        options={"auto_choices": True},
    )
    lines = _lines(events, None)
    assert (
        "Beta Minor (planet 1): Ann mines ore with Energy Tank — +1 VP (1 of 3 deposits used)"
        in lines
    )
    assert "Beta Minor (planet 1): Settlers tie 2 to 2 — no VP" in lines
    assert lines[-1] == "Game over: Ann won with 1 VP (Ann 1 VP, Bea 0 VP)"


def test_the_live_driver_keeps_what_the_last_action_caused() -> None:
    from liftoff.engine.realtime import DriverEvent, LiveSeat, ManualClock

    s = position(2, stacks={0: ["tank"], 1: ["ore", "ore"]}, options={"rounds": 1})
    d = GAME.realtime_driver(s, [LiveSeat(), LiveSeat()], clock=ManualClock())
    told: list[list[str]] = []

    def listen(e: DriverEvent) -> None:
        if e.kind == "applied":
            told.append([speech.of(GAME).narrate(ev, None, NAMES[:2]) for ev in d.last_events])

    d.subscribe(listen)
    d.submit(1, "under", at=1.0)
    d.submit(0, "discard", at=2.0)
    d.advance(5)
    # the card under it had not been seen: it turns up (and the move stands)
    assert told[0] == [
        "Bea puts Ore Production under their stack",
        "Bea's next card is Ore Production",
    ]
    assert told[1][:2] == ["Ann discards Energy Tank", "Ann calls Stop!"]
    assert told[1][-1].startswith("Game over: ")


@pytest.mark.rules("RC-ROT-1")
def test_a_new_round_says_seats_move_only_with_three_players() -> None:
    for players in (2, 3, 4):
        s = GAME.new_game(players, seed=4)
        rng = Rng(4)
        kinds: list[str] = []
        while not s.is_over() and not any("round-start" in k for k in kinds):
            p = s.active_players()[rng.below(len(s.active_players()))]
            legal = s.legal_actions(p)
            kinds += [e.kind for e in s.apply(p, legal[rng.below(len(legal))])]
        rotated = "race.ev.round-start-rotated" in kinds
        assert rotated == (players == 3), players
