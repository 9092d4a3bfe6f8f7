"""Agency narrates: events from the rules, sentences per viewer, accounting.

Over random games of every conformance case: every action returns events;
replaying the record reproduces them; no viewer reads a card hidden from
them; no seat ids, card ids or action syntax in a sentence; and between two
states every public counter changes exactly as the events in between say.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from liftoff import speech
from liftoff.engine import Event, Rng, messages
from liftoff.games.agency import GAME, AgencyState
from liftoff.games.agency import effects as fx
from liftoff.games.agency.actions import DoAction, Done
from liftoff.games.agency.testing import at_step, set_player, start

NAMES = ["Ann", "Bea", "Cy", "Dee"]
IDS = re.compile(r"\b(?:p\d|S\d{2}|O\d{2}|M[1-4]-\d{2})\b")
CASES = list(GAME.conformance_cases())
OBJECTIVE_NAMES = {o.name for o in GAME.content.objectives.objectives}

Counters = dict[tuple[int, str], int]


def counters(s: AgencyState) -> Counters:
    """Every public counter of every player, as the spectator's view shows it."""
    out: Counters = {}
    for p, d in enumerate(s.view(None)["players"]):
        for key in ("vp", "money", "income", "lab", "station", "hand_count"):
            out[p, key] = d[key]
        for key in ("objectives_count", "drawn_count"):
            out[p, key] = d[key]
        out[p, "earth"] = len(d["earth"])
        out[p, "space"] = len(d["space"])
        for colour, k in d["tech"].items():
            out[p, colour] = k
        for kind, k in d["upgrades"].items():
            out[p, kind] = k
    return out


#: event kind → (counter, sign, data key): the counter moves by sign * data[key]
#: (a key of 1 means "by one"); the events of a spectator's share suffice
_MOVES: dict[str, list[tuple[str, int, str | int]]] = {
    "agency.ev.draw-specialists": [("hand_count", 1, "count")],
    "agency.ev.draw-specialists-one": [("hand_count", 1, 1)],
    "agency.ev.banner-money": [("money", 1, "money"), ("hand_count", -1, 1)],
    "agency.ev.banner-points": [("vp", 1, "points"), ("hand_count", -1, 1)],
    "agency.ev.banner-capacity": [("hand_count", -1, 1)],
    "agency.ev.banner-mission": [("hand_count", -1, 1)],
    "agency.ev.banner-launch": [("hand_count", -1, 1)],
    "agency.ev.money-instead": [("money", 1, "money")],
    "agency.ev.use-action-paid": [("money", -1, "paid")],
    "agency.ev.gain-money": [("money", 1, "money")],
    "agency.ev.score": [("vp", 1, "points")],
    "agency.ev.station": [("vp", 1, "points"), ("station", 1, 1)],
    "agency.ev.station-beside": [("station", 1, 1)],
    "agency.ev.draw-missions": [("drawn_count", 1, "count")],
    "agency.ev.draw-missions-one": [("drawn_count", 1, 1)],
    "agency.ev.redraw-one": [("drawn_count", 1, 1)],
    "agency.ev.redraw-take": [("earth", 1, 1)],
    "agency.ev.take": [("earth", 1, 1), ("drawn_count", -1, 1)],
    "agency.ev.discard-missions": [("drawn_count", -1, "count")],
    "agency.ev.launch-missions": [
        ("money", -1, "paid"),
        ("vp", 1, "points"),
        ("earth", -1, "count"),
        ("space", 1, "count"),
    ],
    "agency.ev.sell": [("money", 1, "money"), ("objectives_count", -1, 1)],
    "agency.ev.income": [("money", 1, "money")],
    "agency.ev.final-hourglass": [("vp", 1, "points")],
    "agency.ev.final-objective": [("vp", 1, "points")],
    "agency.ev.final-green": [("vp", 1, "points")],
    "agency.ev.final-money": [("vp", 1, "points")],
}


def account(before: Counters, events: list[Event], players: int) -> Counters:
    """The counters ``before`` moved as the spectator's share of ``events`` says."""
    out = dict(before)
    for e in events:
        d = e.seen_by(None)
        if d is None:
            continue
        if e.kind == "agency.ev.start-money":
            for p in range(players):
                out[p, "money"] = d["money"]
        elif e.kind == "agency.ev.income-up":
            out[d["who"], "income"] = d["income"]
        elif e.kind == "agency.ev.lab":
            out[d["who"], "lab"] = d["lab"]
        elif e.kind == "agency.ev.tech":
            out[d["who"], d["colour"]] += d["count"]
        elif e.kind == "agency.ev.upgrade":
            out[d["who"], d["upgrade"]] += d["count"]
        for key, sign, by in _MOVES.get(e.kind, []):
            out[d["who"], key] += sign * (by if isinstance(by, int) else d[by])
    return out


def games(seeds: int) -> Iterator[tuple[int, dict[str, Any], int]]:
    for players, options in CASES:
        for seed in range(seeds):
            yield players, dict(options), seed


def play(players: int, options: Mapping[str, Any], seed: int) -> Iterator[Any]:
    """(state before, player, action, events, state after) over one random game."""
    s = GAME.new_game(players, seed, dict(options))
    rng = Rng(seed + 100)
    while not s.is_over():
        active = s.active_players()
        p = active[rng.below(len(active))]
        legal = s.legal_actions(p)
        action = legal[rng.below(len(legal))]
        before = s.clone()
        events = s.apply(p, action)
        yield before, p, action, events, s


@pytest.mark.parametrize(("players", "options", "seed"), list(games(2)))
def test_random_games_narrate_honestly(players: int, options: dict[str, Any], seed: int) -> None:
    seen_objectives: list[set[str]] = [set() for _ in range(players)]
    ended = False
    for before, p, action, events, after in play(players, options, seed):
        assert events and events[0].kind == "action" and events[0].data["who"] == p
        json.dumps([e.to_json(v) for e in events for v in [None, *range(players)]])
        for q in range(players):
            for o in after.objs[q]:
                seen_objectives[q].add(after.content.objective[o].name)
        want = account(counters(before), events, players)
        assert counters(after) == want, (str(action), [e.kind for e in events])
        ended = ended or any(e.kind == "agency.ev.final-scoring" for e in events)
        for viewer in [None, *range(players)]:
            secret = (
                set()
                if ended
                else OBJECTIVE_NAMES - (seen_objectives[viewer] if viewer is not None else set())
            )
            for e in events:
                line = speech.of(GAME).narrate(e, viewer, NAMES[:players])
                assert not IDS.search(line), line
                if not isinstance(action, Done | DoAction):
                    assert str(action) not in line, line
                assert not any(name in line for name in secret), (viewer, line)
                if not e.full_for(viewer):
                    shown = e.seen_by(viewer) or {}
                    hidden = [*e.data.get("names", []), e.data.get("name")]
                    for name in hidden:
                        if name and name not in str(shown):
                            assert name not in line, (viewer, line)


def test_every_event_kind_has_words() -> None:
    kinds: set[str] = set()
    for players, options, seed in games(2):
        for *_, events, _ in play(players, options, seed):
            kinds.update(e.kind for e in events if e.kind != "action")
    assert sorted(k for k in kinds if not messages.known(k)) == []
    assert sorted(k for k in kinds if not k.startswith("agency.ev.")) == []
    assert len(kinds) > 30


@pytest.mark.parametrize(("players", "options", "seed"), list(games(1)))
def test_replaying_the_record_reproduces_the_events(
    players: int, options: dict[str, Any], seed: int
) -> None:
    told: list[list[Event]] = []
    last: AgencyState | None = None
    for _, _, _, events, after in play(players, options, seed):
        told.append(events)
        last = after
    assert last is not None
    record = last.record()
    again = GAME.new_game(players, seed, dict(options))
    replayed = [again.apply(p, text) for p, text in last.history]
    assert replayed == told
    assert GAME.replay(record).to_json() == last.to_json()


def test_the_fast_path_collects_nothing_and_ends_the_same() -> None:
    for players, options, seed in games(1):
        told = GAME.new_game(players, seed, dict(options))
        fast = told.clone()
        rng = Rng(seed)
        while not told.is_over():
            p = told.active_players()[0]
            legal = told.legal_actions(p)
            action = legal[rng.below(len(legal))]
            told.apply(p, action)
            fast.apply_legal(p, action)
            assert fast._events is None
        assert told.to_json() == fast.to_json()


# -- exact sentences -----------------------------------------------------------------


def lines(s: AgencyState, p: int, action: str, viewer: int | None) -> list[str]:
    out = [speech.of(GAME).narrate(e, viewer, NAMES[: s.num_players]) for e in s.apply(p, action)]
    return [line for line in out if line]


def test_a_draft_keep_is_private() -> None:
    s = GAME.new_game(2, 1)
    card = s.objs[1][0]
    name = GAME.content.objective[card].name
    events = s.apply(1, f"keep {card}")
    # the keep's own line would say the same again: the event after it tells it
    assert [speech.of(GAME).narrate(e, 1, NAMES) for e in events] == ["", f"You keep {name}"]
    assert [speech.of(GAME).narrate(e, 0, NAMES) for e in events] == [
        "",
        "Bea keeps one of the objectives",
    ]


def test_a_launch_tells_the_mission_the_cost_and_the_points() -> None:
    s = start(2, seed=3)
    mission = next(m for m in GAME.content.missions.missions if m.level == 1 and not m.effects)
    set_player(s, 0, lab=1, money=12, earth=[mission.id])
    at_step(s, "launch", player=0)
    cost = s.launch_cost(0, 0)
    side = GAME.content.lab_side[s.lab[0]]
    points = side.vp_phase1 + mission.points
    assert lines(s, 0, f"launch lab {mission.id}", 1)[:3] == [
        f"Ann launches {mission.name} with the lab symbol",
        f"Ann launches {mission.name} — pays {cost}, +{points} points",
        "Round 1 ends",
    ]


def test_playing_a_specialist_for_money_tells_its_banner() -> None:
    spec = next(x for x in GAME.content.specialists.specialists if x.banner.kind == "money")
    s = start(2, seed=4)
    set_player(s, 0, hand=[spec.id])
    at_step(s, "play", player=0)
    assert lines(s, 0, f"play {spec.id} money", 0) == [
        f"You play {spec.name} for money",
        f"You take {spec.banner.value} money from {spec.name}'s banner",
        f"You take 2 money instead of {spec.name}'s actions",
    ]


def test_selling_an_objective_hides_which() -> None:
    s = start(2, seed=5)
    at_step(s, "sell", player=0)
    card = s.objs[0][0]
    name = GAME.content.objective[card].name
    assert lines(s, 0, f"sell {card}", 1) == ["Ann sells an objective for 5 money"]
    s = start(2, seed=5)
    at_step(s, "sell", player=0)
    assert lines(s, 0, f"sell {card}", 0) == [f"You sell {name} for 5 money"]


def test_the_end_reveals_the_objectives_and_names_the_winner() -> None:
    s = start(2, seed=6)
    at_step(s, "launch", player=0, round=GAME.content.board.board.rounds)
    set_player(s, 0, money=20, vp=10)
    set_player(s, 1, money=7, vp=3)
    objective = s.objs[1][0]
    name = GAME.content.objective[objective].name
    points = s.objective_score(1, objective)
    told = lines(s, 0, "done", None)
    assert told[:3] == ["Ann is done", "Round 8 ends", "The game ends: final scoring"]
    assert f"Bea reveals the objective {name}: {points} VP" in told
    assert "Ann scores 4 VP for 20 money" in told
    assert told[-1] == f"Ann wins with {s.vp[0]} VP"
    assert s.is_over()


def test_a_specialist_action_tells_what_it_cost_and_gave() -> None:
    spec, index, act = next(
        (x, i + 1, a)
        for x in GAME.content.specialists.specialists
        for i, a in enumerate(x.actions)
        if a.cost
        and len(a.effects) == 1
        and isinstance(a.effects[0], fx.Tech)
        and len(a.effects[0].colours) == 1
    )
    effect = act.effects[0]
    assert isinstance(effect, fx.Tech)
    s = start(2, seed=7)
    set_player(s, 1, hand=[spec.id], money=10)
    at_step(s, "play", player=1)
    s.apply(1, f"play {spec.id} banner+actions")
    told = lines(s, 1, f"action {index}", 0)
    colour = effect.colours[0]
    assert told[:2] == [  # not also "Bea chooses the specialist's action number 1"
        f"Bea pays {act.cost} for {spec.name}: +{effect.count} {colour} tech",
        f"Bea researches {effect.count} {colour} technology ({spec.name})",
    ]
