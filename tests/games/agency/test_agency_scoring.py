"""Agency: objectives, station, technology, final scoring and the winner
(AG-OBJ, AG-STA, AG-TECH, AG-FIN, AG-GOAL, AG-EX-9/10/11)."""

from __future__ import annotations

import pytest

from liftoff.engine import IllegalAction
from liftoff.games.agency import GAME, AgencyState
from liftoff.games.agency.effects import Station
from liftoff.games.agency.pending import effect_choices, invest
from liftoff.games.agency.scoring import final_scoring
from liftoff.games.agency.setup import EMPTY
from liftoff.games.agency.testing import at_step, set_player, start

C = GAME.content


def objective(**match: object) -> str:
    for o in C.objectives.objectives:
        d = o.counts.model_dump()
        if all(d.get(k) == v for k, v in match.items()):
            return o.id
    raise AssertionError(match)


def missions(level: int, k: int) -> list[str]:
    out: dict[str, str] = {}
    for m in C.missions.missions:
        if m.level == level and not m.hourglass:
            out.setdefault(m.name, m.id)
    return list(out.values())[:k]


def ended(players: int = 2) -> AgencyState:
    s = start(players, seed=1)
    s.rnd = 8
    for p in range(players):
        set_player(s, p, money=0, objectives=[], vp=0)
    return s


@pytest.mark.rules(
    "AG-EX-9", "AG-OBJ-1", "AG-OBJ-2", "AG-OBJ-3", "AG-OBJ-7", "AG-GAP-16", "AG-LR-12"
)
@pytest.mark.parametrize(
    ("level2", "level3", "vp"), [(6, 0, 0), (4, 1, 12), (5, 2, 25), (3, 1, 0), (4, 2, 12)]
)
def test_levels_2_and_3_objective(level2: int, level3: int, vp: int) -> None:
    oid = objective(what="missions", levels=[2, 3])
    assert [(t.min, t.vp) for t in C.objective[oid].tiers] == [(5, 12), (7, 25)]
    s = start(2, seed=1)
    s.rnd = 5
    set_player(s, 0, space=missions(2, level2) + missions(3, level3))
    assert s.objective_score(0, oid) == vp


@pytest.mark.rules("AG-EX-9", "AG-OBJ-4", "AG-STA-2", "AG-GAP-17", "AG-LR-12")
@pytest.mark.parametrize(("count", "vp"), [(1, 0), (2, 6), (3, 18), (4, 30), (6, 30)])
def test_station_objective(count: int, vp: int) -> None:
    oid = objective(what="station")
    s = start(2, seed=1)
    set_player(s, 0, station=count)
    assert s.station_count(0) == count
    assert s.objective_score(0, oid) == vp


@pytest.mark.rules("AG-EX-9", "AG-OBJ-5", "AG-TECH-1", "AG-GAP-4")
@pytest.mark.parametrize(("cards", "vp"), [(2, 0), (3, 3), (4, 11), (6, 11), (7, 25)])
def test_yellow_technology_objective(cards: int, vp: int) -> None:
    oid = objective(what="tech", colours=["yellow"])
    s = start(2, seed=1)
    set_player(s, 0, tech={"yellow": cards, "red": 5})
    assert s.objective_score(0, oid) == vp


@pytest.mark.rules("AG-EX-9", "AG-OBJ-6", "AG-GAP-5")
@pytest.mark.parametrize(
    ("cap", "prop", "vp"), [(2, 1, 0), (2, 2, 5), (3, 3, 15), (4, 3, 20), (4, 4, 20)]
)
def test_upgrade_objective(cap: int, prop: int, vp: int) -> None:
    oid = objective(what="upgrades")
    s = start(2, seed=1)
    s.upc[0], s.upp[0] = cap, prop
    assert s.objective_score(0, oid) == vp


@pytest.mark.rules("AG-EX-10", "AG-FIN-3", "AG-FIN-4")
def test_final_scoring_green_and_money() -> None:
    s = ended()
    set_player(s, 0, tech={"green": 2}, money=23)
    final_scoring(s)
    assert s.vp[0] == 10
    assert s.src[0][9] == 6 and s.src[0][10] == 4
    assert s.is_over()


@pytest.mark.rules("AG-FIN-1", "AG-FIN-2", "AG-MEF-3", "AG-EX-13", "AG-LR-11", "AG-LR-12")
def test_final_scoring_hourglass_and_objectives() -> None:
    s = ended()
    hour = next(m.id for m in C.missions.missions if m.hourglass and m.level == 1)
    ones = missions(1, 3)
    twos = missions(2, 2)
    oid = objective(what="missions", levels=[1, 2])
    sold = objective(what="station")
    set_player(s, 0, space=[hour, *ones, *twos], objectives=[oid], station=4)
    assert sold not in s.objs[0]  # returned at phase 2
    final_scoring(s)
    per = s.score_per(0, C.mission[hour].effects[0])  # type: ignore[arg-type]
    assert per == 4  # one per level-1 mission in space, itself included
    assert s.src[0][7] == per
    # 6 missions of levels 1 and 2: the 5+ tier (3/5/7 → 6/12/20);
    # the returned station objective scores nothing although 4 investments would earn 30
    assert s.src[0][8] == 12 == s.objective_score(0, oid)


@pytest.mark.rules("AG-EX-11", "AG-FIN-5", "AG-GOAL-1", "AG-R-5")
def test_tie_break_by_level_4_missions_then_shared() -> None:
    s = ended(3)
    s.rnd = 8
    l4 = missions(4, 3)
    set_player(s, 0, vp=87, space=l4[:2])
    set_player(s, 1, vp=87, space=l4[2:])
    set_player(s, 2, vp=50)
    s.step = "over"
    out = s.outcome()
    assert out is not None
    assert out.winners == (0,) and out.places == (1, 2, 3)
    assert out.scores == (87, 87, 50)  # the score is victory points (AG-R-5)
    set_player(s, 0, space=l4[:1])
    out = s.outcome()
    assert out is not None
    assert out.winners == (0, 1) and out.places == (1, 1, 3)
    assert out.details["level4_missions"] == [1, 1, 0]


@pytest.mark.rules("AG-STA-1", "AG-GAP-6", "AG-GAP-23", "AG-GAP-17", "AG-LR-7")
def test_station_investment_scores_the_space_and_its_bonus() -> None:
    s = start(2, seed=1)
    free = [i + 1 for i, x in enumerate(s.track) if x == EMPTY]
    assert len(free) == 8  # 11 spaces, 3 neutral rockets at 2 players
    s.pend[0] = [["fx", "S11", 0, 0]]  # Diplomat: invest in the station
    assert isinstance(C.spec["S11"].actions[0].effects[0], Station)
    s._legal_cache = None
    assert {str(a) for a in s.legal_actions(0)} == {f"station {i}" for i in free}
    s.step = "play"
    s.order, s.turn = [0, 1, 0, 1], 0
    s.hand[0].pop()
    s.played[0].append(s.sdeck.pop())
    s._legal_cache = None
    spot = C.board.board.station[free[-1] - 1]
    vp, inc, green = s.vp[0], s.inc[0], s.tech[0][3]
    with pytest.raises(IllegalAction) as err:
        s.apply(0, "station 9")  # a neutral rocket is there
    assert err.value.rule == "AG-GAP-6"
    s.apply(0, f"station {free[-1]}")
    assert s.vp[0] == vp + spot.vp
    assert (s.inc[0] - inc, s.tech[0][3] - green) == ((1, 0) if spot.bonus == "income" else (0, 1))
    # a full track: the rocket goes beside it, scores nothing and still counts
    t = start(2, seed=1)
    t.track = [1 if x == EMPTY else x for x in t.track]
    choices = effect_choices(t, 0, Station(kind="station"))
    assert [str(c) for c in choices] == ["station beside"]
    invest(t, 0, 0)
    assert t.station_count(0) == 1 and t.vp[0] == 2
    # seven rockets per player for investments
    t.beside[0] = 7
    assert effect_choices(t, 0, Station(kind="station")) == []


@pytest.mark.rules("AG-LR-7", "AG-STA-1", "AG-SPEC-13")
def test_investing_costs_the_actions_price_only() -> None:
    s = start(2, seed=1)
    set_player(s, 0, hand=["S11", *[x for x in s.sdeck if x != "S11"][:2]], money=10)
    at_step(s, "play", player=0)
    vp = s.vp[0]
    price = C.spec["S11"].actions[0].cost  # Diplomat: pay 3, invest in the station
    s.apply(0, "play S11 banner+actions")  # its banner: 5 VP
    s.apply(0, "action 1")
    assert s.money[0] == 10 - price
    free = [i + 1 for i, x in enumerate(s.track) if x == EMPTY]
    assert {str(a) for a in s.legal_actions(0)} == {f"station {i}" for i in free}
    s.apply(0, f"station {free[0]}")
    assert s.track[free[0] - 1] == 0 and s.station_count(0) == 1
    assert s.money[0] == 10 - price  # the space itself costs nothing more
    assert s.vp[0] == vp + 5 + C.board.board.station[free[0] - 1].vp
    assert not s.invariants()


@pytest.mark.rules("AG-COMP-7", "AG-COMP-11", "AG-COMP-12", "AG-COMP-13")
def test_components_in_the_data() -> None:
    assert len(C.objectives.objectives) == 16
    assert len({o.id for o in C.objectives.objectives}) == 16
    assert C.board.board.station_rockets == 7  # 11 rockets per colour less 4 markers
    assert {(r.phase, r.level) for r in C.board.board.requirements} >= {(2, 1), (2, 2)}
    s = start(2, seed=1)
    s.vp[0] = 230
    s.src[0][0] += 228
    assert not s.invariants()


@pytest.mark.rules("AG-LR-12")
def test_an_objective_with_a_requirement_scores_only_when_it_is_met() -> None:
    oid = objective(what="missions", levels=[2, 3])  # needs one level-3 mission in space
    assert C.objective[oid].requires is not None
    first = C.objective[oid].tiers[0]
    s = ended()
    set_player(s, 0, space=missions(2, first.min), objectives=[oid])
    assert s.objective_score(0, oid) == 0  # enough missions, none of level 3
    t = ended()
    set_player(t, 0, space=[*missions(2, first.min - 1), *missions(3, 1)], objectives=[oid])
    assert t.objective_score(0, oid) == first.vp
