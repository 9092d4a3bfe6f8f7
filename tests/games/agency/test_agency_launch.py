"""Agency: launches, labs and mission effects (AG-LAU, AG-LAB, AG-MEF, AG-EX-3/4/14/16)."""

from __future__ import annotations

import pytest

from liftoff.engine import IllegalAction
from liftoff.games.agency import GAME, AgencyState
from liftoff.games.agency.actions import SYM_BONUS, SYM_EXTRA, SYM_LAB
from liftoff.games.agency.content import COLOURS
from liftoff.games.agency.pending import resolve
from liftoff.games.agency.scoring import final_scoring
from liftoff.games.agency.testing import at_step, set_player, start
from liftoff.games.agency.turns import end_round

C = GAME.content


SIMPLE = {"money", "income", "capacity", "points"}


def pick(level: int, weight: int, k: int = 1, *, exclude: tuple[str, ...] = ()) -> list[str]:
    """``k`` missions of different names with this level and weight, whose
    effects need no choice."""
    out: list[str] = []
    names: set[str] = set()
    for m in C.missions.missions:
        if m.level != level or m.weight != weight or m.name in names or m.id in exclude:
            continue
        if not m.hourglass and any(e.kind not in SIMPLE for e in m.effects):
            continue
        out.append(m.id)
        names.add(m.name)
        if len(out) == k:
            return out
    raise AssertionError(f"not enough level-{level} weight-{weight} missions")


def gain(*cards: str) -> int:
    """Money the immediate effects of these missions give."""
    return sum(
        e.amount
        for m in cards
        for e in C.mission[m].effects
        if e.kind == "money" and not C.mission[m].hourglass
    )


def launch_position(players: int = 2, **kw: object) -> AgencyState:
    """Player 0 about to launch; player 1 has a launch waiting, so the round
    does not end when player 0 is done."""
    s = start(players, seed=3)
    set_player(s, 0, **kw)  # type: ignore[arg-type]
    mine = set(s.earth[0])
    other = next(
        m.id
        for m in C.missions.missions
        if m.level == 1
        and m.weight == 1
        and m.id not in mine
        and C.mission[m.id].name not in {C.mission[x].name for x in mine}
    )
    set_player(s, 1, money=10, earth=[other])
    at_step(s, "launch", player=0)
    return s


def texts(s: AgencyState, p: int = 0) -> set[str]:
    return {str(a) for a in s.legal_actions(p)}


def launch(symbol: str, *cards: str) -> str:
    return f"launch {symbol} " + ",".join(sorted(cards))


@pytest.mark.rules("AG-EX-3", "AG-LAU-5", "AG-SPEC-10")
def test_capacity_examples() -> None:
    w1 = pick(1, 1, 3)
    w2 = pick(1, 2, 2)
    w3 = pick(2, 3, 1)
    s = launch_position(lab=2, tech={"red": 2}, capacity=3, money=20, earth=[*w1, *w2, *w3])
    legal = texts(s)
    assert launch("lab", w3[0]) in legal
    assert launch("lab", w1[0], w2[0]) in legal
    assert launch("lab", *w1) in legal
    assert launch("lab", *w2) not in legal
    with pytest.raises(IllegalAction) as err:
        s.apply(0, launch("lab", *w2))
    assert err.value.rule == "AG-LAU-5"
    # a +2 capacity banner makes {2, 2} legal for one launch only
    s.boosts[0] = [2]
    s._legal_cache = None
    assert launch("lab", *w2) in texts(s)
    s.sym[0][SYM_EXTRA] = 1
    s.apply(0, launch("lab", *w2))
    assert s.boosts[0] == []
    assert launch("extra", w3[0]) in texts(s)  # capacity 3 again
    assert all("M1-" not in str(a) or len(str(a).split(",")) == 1 for a in s.legal_actions(0))
    # +1 and +2 on one launch: capacity 6
    s2 = launch_position(lab=2, tech={"red": 2}, capacity=3, money=20, earth=[*w2, *w3])
    s2.boosts[0] = [1, 2]
    s2._legal_cache = None
    assert launch("lab", w2[0], w2[1], w3[0]) not in texts(s2)  # weight 7
    assert launch("lab", w2[0], w3[0]) in texts(s2)  # weight 5 uses +2 only
    s2.apply(0, launch("lab", w2[0], w3[0]))
    assert s2.boosts[0] == [1]


@pytest.mark.rules("AG-GAP-10", "AG-LR-3")
def test_two_capacity_banners_combine_to_six() -> None:
    cards = [*pick(2, 3, 1), *pick(1, 2, 1), *pick(1, 1, 1)]
    s = launch_position(lab=2, tech={"red": 2}, capacity=3, money=20, earth=cards)
    s.boosts[0] = [1, 2]
    s._legal_cache = None
    s.apply(0, launch("lab", *cards))  # weight 6 = 3 + 1 + 2
    assert s.boosts[0] == [] and sorted(s.space[0]) == sorted(cards)


@pytest.mark.rules(
    "AG-EX-4", "AG-SPEC-12", "AG-LAU-3", "AG-LAU-4", "AG-LAU-10", "AG-GAP-9", "AG-LR-4"
)
def test_extra_launch_symbol_costs_two_less() -> None:
    a, b = pick(1, 1, 2)
    s = launch_position(money=10, earth=[a, b])
    s.sym[0][SYM_EXTRA] = 1
    vp = s.vp[0]
    s.apply(0, launch("lab", a))
    assert s.money[0] == 5 + gain(a)
    assert launch("lab", b) not in texts(s)  # the lab symbol is used up
    s.apply(0, launch("extra", b))
    assert s.money[0] == 2 + gain(a, b)
    per_launch = C.lab_side[1].vp_phase1
    points = C.mission[a].points + C.mission[b].points
    assert s.vp[0] == vp + 2 * per_launch + points
    # unused symbols are lost at the end of the round
    end_round(s)
    assert s.sym[0] == [1, 0, 0]


@pytest.mark.rules("AG-LR-4", "AG-LAU-4", "AG-LAB-3")
def test_a_bonus_launch_symbol_costs_the_normal_price() -> None:
    w2 = pick(1, 2, 1)
    w1 = pick(1, 1, 1)
    s = launch_position(lab=4, capacity=1, money=20, earth=[*w2, *w1])
    s.sym[0] = [1, 1, 1]  # the lab's symbol, an extra-launch banner, a card's bonus symbol
    s._legal_cache = None
    assert s.launch_cost(0, SYM_BONUS) == s.launch_cost(0, SYM_LAB) == 5
    assert s.launch_cost(0, SYM_EXTRA) == 3
    # only the lab's own symbol gets the level-4 lab's +1 capacity
    assert launch("lab", w2[0]) in texts(s)
    assert launch("bonus", w2[0]) not in texts(s) and launch("extra", w2[0]) not in texts(s)
    vp = s.vp[0]
    s.apply(0, launch("bonus", w1[0]))
    assert s.money[0] == 20 - 5 + gain(w1[0])
    assert s.sym[0] == [1, 1, 0]
    assert s.vp[0] == vp + C.lab_side[4].vp_phase1 + C.mission[w1[0]].points


@pytest.mark.rules("AG-EX-14", "AG-LAU-6", "AG-LAU-7", "AG-LAU-8", "AG-GAP-3")
def test_launch_requirements() -> None:
    l3 = pick(3, 2, 1)
    l2 = pick(2, 2, 1)
    s = start(2, seed=3)
    set_player(
        s, 0, lab=2, tech={"red": 3, "yellow": 3, "blue": 3, "green": 3}, capacity=5, money=20
    )
    at_step(s, "launch", player=0, round=5)
    set_player(s, 0, earth=[*l3, *l2])
    s._legal_cache = None
    with pytest.raises(IllegalAction) as err:
        s.apply(0, launch("lab", l3[0]))
    assert err.value.rule == "AG-LAU-6"
    # phase 1, level 2 needs "2 red / 2 yellow": 2 red and no yellow is enough
    s2 = launch_position(lab=2, tech={"red": 2, "yellow": 0}, money=10, capacity=2, earth=l2)
    assert C.reqs[(1, 2)] == (((0, 2),), ((1, 2),))
    assert launch("lab", l2[0]) in texts(s2)
    s2.apply(0, launch("lab", l2[0]))
    assert s2.tech[0][0] == 2  # technology is not spent
    s3 = launch_position(lab=2, tech={"red": 1, "yellow": 1}, money=10, capacity=2, earth=l2)
    with pytest.raises(IllegalAction) as err:
        s3.apply(0, launch("lab", l2[0]))
    assert err.value.rule == "AG-LAU-7"
    assert "2 red" in err.value.message


@pytest.mark.rules("AG-LAU-7", "AG-GAP-3")
def test_requirements_never_nest_over_all_pairs_of_levels() -> None:
    """Holding exactly one alternative of one level never meets another level
    (known fact: meeting level 4's does not meet level 2's), in both phases,
    for every ordered pair of levels and every pair of alternatives."""
    s = start(2, seed=1)
    checked = 0
    for (phase, level), alternatives in C.reqs.items():
        for alternative in alternatives:
            held = dict.fromkeys(("red", "yellow", "blue", "green"), 0)
            held.update({COLOURS[c]: k for c, k in alternative})
            set_player(s, 0, tech=held)
            assert s.meets(0, level, phase)
            for (other_phase, other), other_alts in C.reqs.items():
                if other_phase != phase or other == level or other_alts == ((),):
                    continue  # a level with no requirement is open to everyone
                assert not s.meets(0, other, phase), (phase, level, held, other)
                checked += 1
    assert checked == 2 * 4 * 3 + 1  # phase 2: 4 levels x 2 alts x 3 others; phase 1: L1 vs L2
    # the audit's example: level 4's requirement alone meets neither level 2 nor 3
    set_player(s, 0, tech={"red": 2, "yellow": 1, "blue": 2, "green": 1})
    assert s.meets(0, 4, 2) and not any(s.meets(0, lv, 2) for lv in (1, 2, 3))


@pytest.mark.rules("AG-GAP-8", "AG-LAU-5")
def test_launch_sets_are_pruned_by_weight_and_match_every_fitting_subset() -> None:
    from itertools import combinations

    from liftoff.games.agency.launch import fitting_sets

    ids = [f"M{i:02d}" for i in range(12)]
    for seed in range(20):
        rng = __import__("random").Random(seed)
        weight = {m: rng.randint(1, 4) for m in ids}
        limit = rng.randint(1, 9)
        for size in range(1, 7):
            brute = [c for c in combinations(ids, size) if sum(weight[m] for m in c) <= limit]
            assert fitting_sets(ids, weight, size, limit) == brute  # same sets, same order
    # no limit on missions per round, 20 missions on Earth: only fitting launches are built
    ones = sorted(m.id for m in C.missions.missions if m.level == 1)[:20]
    s = start(2, seed=3, options={"missions_per_round": 0})
    set_player(s, 0, capacity=5, money=30, earth=ones)
    at_step(s, "launch", player=0)
    launches = [a for a in s.legal_actions(0) if str(a) != "done"]
    assert launches and all(
        sum(C.mission[m].weight for m in str(a).split()[-1].split(",")) <= 5 for a in launches
    )


@pytest.mark.rules("AG-EX-16", "AG-LAB-3", "AG-R-3", "AG-LR-4")
def test_top_lab_gives_its_own_launch_one_more_capacity() -> None:
    w4 = [m.id for m in C.missions.missions if m.level == 4 and m.weight == 4 and not m.effects][:1]
    w3 = pick(4, 3, 1)
    s = start(2, seed=3)
    at_step(s, "launch", player=0, round=5)
    set_player(
        s,
        0,
        lab=4,
        tech={"red": 2, "yellow": 1, "blue": 2, "green": 1},
        capacity=3,
        money=30,
        earth=[*w4, *w3],
    )
    s.sym[0][SYM_EXTRA] = 1
    s._legal_cache = None
    assert launch("lab", w4[0]) in texts(s)
    assert launch("extra", w4[0]) not in texts(s)
    assert launch("extra", w3[0]) in texts(s)
    with pytest.raises(IllegalAction) as err:
        s.apply(0, launch("extra", w4[0]))
    assert err.value.rule == "AG-LAU-5"


@pytest.mark.rules("AG-LAU-2", "AG-GAP-8", "AG-EX-5", "AG-LR-6")
def test_at_most_three_missions_a_round() -> None:
    ones = pick(1, 1, 4)
    s = launch_position(capacity=5, money=30, earth=ones)
    s.sym[0] = [1, 1, 1]
    s._legal_cache = None
    assert all(
        len(str(a).split()[-1].split(",")) <= 3 for a in s.legal_actions(0) if str(a) != "done"
    )
    s.apply(0, launch("lab", *ones[:2]))
    assert s.sent[0] == 2
    assert all(
        len(str(a).split()[-1].split(",")) <= 1 for a in s.legal_actions(0) if str(a) != "done"
    )
    with pytest.raises(IllegalAction) as err:
        s.apply(0, launch("extra", *ones[2:]))
    assert err.value.rule == "AG-LAU-2"
    s.apply(0, launch("extra", ones[2]))
    # no room left: the player's launch step ends by itself
    assert s.sent[0] == 3 and s.active_players() == (1,)
    # the option lifts the cap
    s2 = start(2, seed=3, options={"missions_per_round": 0})
    set_player(s2, 0, capacity=5, money=30, earth=ones)
    at_step(s2, "launch", player=0)
    assert launch("lab", *ones) in texts(s2)


@pytest.mark.rules(
    "AG-LAU-9", "AG-LAU-11", "AG-LAU-1", "AG-MEF-1", "AG-GAP-21", "AG-LR-6", "AG-LR-11"
)
def test_missions_move_to_space_and_the_turn_passes() -> None:
    a = pick(1, 1, 1)[0]
    s = launch_position(money=10, earth=[a])
    with pytest.raises(IllegalAction) as err:
        s.apply(1, launch("lab", s.earth[1][0]))
    assert err.value.rule == "AG-LAU-1"
    vp = s.vp[0]
    s.apply(0, launch("lab", a))
    assert a in s.space[0] and a not in s.earth[0]
    assert s.vp[0] == vp + C.lab_side[1].vp_phase1 + C.mission[a].points
    # the only mission went up; nothing is launchable, so the turn passes on
    assert s.active_players() == (1,)
    assert str(s.legal_actions(1)[-1]) == "done"
    s.apply(1, "done")
    # Earth missions score nothing at the end
    set_player(s, 1, earth=pick(2, 2, 1))
    final_scoring(s)
    assert s.src[1][2] == 0


@pytest.mark.rules("AG-LAB-1", "AG-LAB-2", "AG-GAP-7", "AG-LAB-4", "AG-COMP-4", "AG-LR-5")
def test_lab_points_rise_with_level_and_fall_in_phase_2() -> None:
    vp1 = [C.lab_side[lv].vp_phase1 for lv in (1, 2, 3, 4)]
    vp2 = [C.lab_side[lv].vp_phase2 for lv in (1, 2, 3, 4)]
    assert vp1 == sorted(vp1) and len(set(vp1)) == 4
    assert all(a > b for a, b in zip(vp1, vp2, strict=True))
    # the lab effect goes 1 -> 2 -> 3 -> 4 and stops
    s = start(2, seed=1)
    from liftoff.games.agency.effects import Lab

    for want in (2, 3, 4, 4):
        resolve(s, 0, Lab(kind="lab", amount=1), "S07", None)
        assert s.lab[0] == want
    # in phase 2 a launch scores the phase-2 value
    a = pick(1, 1, 1)[0]
    t = start(2, seed=3)
    at_step(t, "launch", player=0, round=6)
    set_player(t, 0, lab=3, tech={"green": 3}, money=10, earth=[a])
    vp = t.vp[0]
    t.apply(0, launch("lab", a))
    assert t.vp[0] == vp + C.lab_side[3].vp_phase2 + C.mission[a].points


@pytest.mark.rules("AG-MEF-2", "AG-MEF-4", "AG-MEF-3", "AG-LR-11", "AG-LR-13")
def test_effects_resolve_at_once_in_the_owners_order() -> None:
    money_m = next(
        m.id
        for m in C.missions.missions
        if m.level == 1 and m.effects and m.effects[0].kind == "money" and m.weight == 1
    )
    tech_m = next(
        m.id
        for m in C.missions.missions
        if m.level == 1
        and m.effects
        and m.effects[0].kind == "tech"
        and len(m.effects[0].colours) > 1
    )
    hour = next(m.id for m in C.missions.missions if m.level == 1 and m.hourglass)
    s = launch_position(4, capacity=5, money=10, earth=[money_m, tech_m, hour])
    s.apply(0, launch("lab", money_m, tech_m, hour))
    assert s.money[0] == 5  # the money effect has not happened yet
    assert {str(a) for a in s.legal_actions(0)} == {f"resolve {money_m}", f"resolve {tech_m}"}
    s.apply(0, f"resolve {tech_m}")
    colours = {str(a) for a in s.legal_actions(0)}
    assert colours == {f"tech {c}" for c in C.mission[tech_m].effects[0].colours}  # type: ignore[union-attr]
    s.apply(0, sorted(colours)[0])
    assert sum(s.tech[0]) == 1
    # the last effect resolves by itself; the hourglass waits for the end
    assert s.money[0] == 5 + C.mission[money_m].effects[0].amount  # type: ignore[union-attr]
    assert s.src[0][7] == 0


@pytest.mark.rules("AG-LAU-12", "AG-GAP-20", "AG-LR-10")
def test_simultaneous_launches() -> None:
    s = start(3, seed=3, options={"simultaneous_launches": True})
    for p in range(3):
        set_player(
            s,
            p,
            money=10,
            earth=pick(1, 1, 1, exclude=tuple(m for q in range(3) for m in s.earth[q])),
        )
    at_step(s, "launch")
    s._continue()
    assert s.active_players() == (0, 1, 2)
    s.apply(2, launch("lab", s.earth[2][0]))
    assert 2 not in s.active_players()
    s.apply(0, "done")
    assert s.active_players() == (1,)
    with pytest.raises(IllegalAction) as err:
        s.apply(0, "done")
    assert err.value.rule == "AG-LAU-12"


@pytest.mark.rules("AG-LR-10", "AG-LAU-12", "AG-LR-5")
def test_simultaneous_launches_share_the_supply_in_the_order_played() -> None:
    probes = [m.id for m in C.missions.missions if m.name == "Ionosphere Probe"]  # +1 blue
    for early in (1, 0):
        late = 1 - early
        s = start(3, seed=3, options={"simultaneous_launches": True})
        for p in (0, 1):
            set_player(s, p, money=10, earth=[probes[p]])
        set_player(s, 2, tech={"blue": s.supply[2] - 1})  # one blue card is left
        at_step(s, "launch")
        s._continue()
        assert s.active_players() == (0, 1)
        s.apply(early, launch("lab", probes[early]))
        assert s.tech[early][2] == 1 and s.supply[2] == 0 and not s.invariants()
        # the supply is empty now: the later launch's effect does nothing
        s.apply(late, launch("lab", probes[late]))
        assert s.tech[late][2] == 0 and probes[late] in s.space[late]
        assert s.rnd == 2  # nothing is left to decide: the round ended


@pytest.mark.rules("AG-GAP-19", "AG-GAP-18", "AG-MONEY-1", "AG-LAU-4")
def test_cost_reductions_stack_and_never_go_below_zero() -> None:
    a = pick(1, 1, 1)[0]
    s = launch_position(money=0, cost=1, earth=[a])
    assert s.launch_cost(0, 0) == 1
    assert texts(s) == {"done"} or s.active_players() != (0,)
    s.disc[0] = 2
    s.sym[0][SYM_EXTRA] = 1
    assert s.launch_cost(0, SYM_EXTRA) == 0 and s.launch_cost(0, 0) == 0
    s2 = launch_position(money=2, earth=[a])
    s2.disc[0] = 2
    s2._legal_cache = None
    assert s2.launch_cost(0, 0) == 3
    with pytest.raises(IllegalAction) as err:
        s2.apply(0, launch("lab", a))
    assert err.value.rule == "AG-MONEY-1"
    assert s2.money[0] == 2


@pytest.mark.rules("AG-LR-15", "AG-LAU-4", "AG-LAU-5")
def test_launch_cost_does_not_depend_on_capacity_or_weight() -> None:
    s = start(2, seed=3)
    costs = set()
    for capacity in range(1, 6):
        set_player(s, 0, capacity=capacity, money=30)
        costs.add((s.launch_cost(0, SYM_LAB), s.launch_cost(0, SYM_EXTRA)))
    assert costs == {(C.board.board.cost_track[0], C.board.board.cost_track[0] - 2)}
    # a heavy launch and a light one cost the same
    light, heavy = pick(1, 1, 1)[0], pick(2, 3, 1)[0]
    t = launch_position(lab=2, tech={"red": 2}, money=20, capacity=4, earth=[light, heavy])
    before = t.money[0]
    t.apply(0, launch("lab", heavy))
    assert before - t.money[0] + gain(heavy) == C.board.board.cost_track[0]
