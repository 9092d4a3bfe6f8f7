"""Agency: round flow, specialist draft and plays, banners, phase 2 (AG-FLOW, AG-INC,
AG-DRAFT, AG-SPEC, AG-ROUND, AG-PH2)."""

from __future__ import annotations

import pytest

from liftoff.engine import IllegalAction, Rng
from liftoff.games.agency import GAME, AgencyState
from liftoff.games.agency.testing import at_step, set_player, start
from liftoff.games.agency.turns import end_round, start_round

C = GAME.content


def _spec(kind: str, *, actions: int | None = None) -> str:
    for s in C.specialists.specialists:
        if s.banner.kind == kind and (actions is None or len(s.actions) == actions):
            return s.id
    raise AssertionError(kind)


def _finish_draft(s: AgencyState) -> None:
    while s.step == "spec_draft":
        p = s.active_players()[0]
        s.apply(p, str(s.legal_actions(p)[0]))


def _random_until(s: AgencyState, stop: object, seed: int = 1) -> None:
    rng = Rng(seed)
    while not s.is_over() and not stop(s):  # type: ignore[operator]
        active = s.active_players()
        p = active[rng.below(len(active))]
        legal = s.legal_actions(p)
        s.apply_legal(p, legal[rng.below(len(legal))])


@pytest.mark.rules(
    "AG-DRAFT-1", "AG-DRAFT-2", "AG-DRAFT-3", "AG-DRAFT-4", "AG-SPEC-1", "AG-EX-15", "AG-LR-1"
)
def test_draft_to_the_right_and_play_order() -> None:
    s = start(4, seed=2)
    assert s.active_players() == (0,)
    with pytest.raises(IllegalAction) as err:
        s.apply(1, "direction left")
    assert err.value.rule == "AG-DRAFT-1"
    s.apply(0, "direction right")
    hands = [list(h) for h in s.hand]
    assert s.active_players() == (0, 1, 2, 3)
    keeps = [h[0] for h in hands]
    for p in range(4):
        s.apply(p, f"keep {keeps[p]}")
    # passing right: player p receives from the player on their left (p + 1)
    for p in range(4):
        assert sorted(s.hand[p]) == sorted([keeps[p], *hands[(p + 1) % 4][1:]])
    with pytest.raises(IllegalAction) as err:
        s.apply(0, f"keep {s.hand[0][0]}")
    assert err.value.rule == "AG-DRAFT-3"
    second = [list(h) for h in s.hand]
    for p in range(4):
        s.apply(p, "keep " + ",".join(sorted(second[p][1:])))  # may pass the kept card
    for p in range(4):
        assert len(s.hand[p]) == 3
        assert second[(p + 1) % 4][0] in s.hand[p]
    # plays go counter-clockwise; missions and launches clockwise
    assert s.step == "play"
    assert s.order == [0, 3, 2, 1, 0, 3, 2, 1]
    assert s.active_players() == (0,)
    at_step(s, "mission")
    assert s.order == [0, 1, 2, 3]


@pytest.mark.rules("AG-GAP-14", "AG-LR-14")
def test_two_players_direction_only_orders_play() -> None:
    for side in ("left", "right"):
        s = start(2, seed=3)
        s.apply(0, f"direction {side}")
        hands = [list(h) for h in s.hand]
        s.apply(0, f"keep {hands[0][0]}")
        s.apply(1, f"keep {hands[1][0]}")
        assert sorted(s.hand[0]) == sorted([hands[0][0], *hands[1][1:]])
        _finish_draft(s)
        assert s.order[0] == 0 and s.order[2] == 0


@pytest.mark.rules(
    "AG-SPEC-2",
    "AG-SPEC-3",
    "AG-ROUND-1",
    "AG-ROUND-2",
    "AG-FLOW-2",
    "AG-INC-1",
    "AG-INC-2",
    "AG-LR-1",
)
def test_two_laps_carry_one_card_and_next_round_income() -> None:
    s = start(3, seed=5)
    s.apply(0, "direction left")
    _finish_draft(s)
    seen = []
    while s.step == "play":
        p = s.active_players()[0]
        seen.append(p)
        s.apply(p, f"play {s.hand[p][0]} money")
    assert seen == [0, 1, 2, 0, 1, 2]
    assert all(len(h) == 1 for h in s.hand)
    carried = [h[0] for h in s.hand]
    played = [list(x) for x in s.played]
    assert s.step == "mission"
    money_before = list(s.money)
    _random_until(s, lambda t: t.rnd == 2)
    assert s.step == "direction"
    assert s.first == 1  # the first-player rocket went left
    for p in range(3):
        assert carried[p] in s.hand[p] and len(s.hand[p]) == 3
        for sid in played[p]:
            assert sid in s.sdisc
    # income came in at the start of round 2 (money can only have changed by it and plays)
    assert all(m >= 0 for m in s.money)
    assert money_before != s.money


@pytest.mark.rules("AG-INC-1", "AG-FLOW-3")
def test_income_is_paid_from_round_2() -> None:
    s = start(2, seed=1)
    set_player(s, 0, income=7, money=3)
    set_player(s, 1, money=4)
    start_round(s, 2)
    assert s.money == [10, 9]
    assert [len(h) for h in s.hand] == [5, 5]  # two drawn each


def _play_position(
    banner: str, money: int = 10, actions: int | None = None
) -> tuple[AgencyState, str]:
    s = start(2, seed=7)
    sid = _spec(banner, actions=actions)
    others = [x for x in s.sdeck if x != sid][:2]
    set_player(s, 0, hand=[sid, *others], money=money)
    at_step(s, "play", player=0)
    return s, sid


@pytest.mark.rules("AG-SPEC-4", "AG-SPEC-6", "AG-SPEC-8", "AG-PB-7")
def test_blue_money_banner() -> None:
    s, sid = _play_position("money")
    s.apply(0, f"play {sid} money")
    assert s.money[0] == 10 + 3 + 2
    assert sid in s.played[0]


@pytest.mark.rules("AG-SPEC-9", "AG-EX-8", "AG-SPEC-5")
def test_points_banner_with_money_instead_of_actions() -> None:
    s, sid = _play_position("points")
    tech, lab, vp = list(s.tech[0]), s.lab[0], s.vp[0]
    s.apply(0, f"play {sid} money")
    assert s.vp[0] == vp + 5
    assert s.money[0] == 12
    assert s.tech[0] == tech and s.lab[0] == lab
    assert s.src[0][4] == 5  # booked as banner points


@pytest.mark.rules("AG-SPEC-5", "AG-SPEC-13", "AG-MONEY-1", "AG-LR-2")
def test_actions_in_any_order_one_or_both() -> None:
    sid = "S05"  # Physicist: pay 2 for 2 yellow | pay 4 for lab +1
    spec = C.spec[sid]
    assert [a.cost for a in spec.actions] == [2, 4]
    s = start(2, seed=7)
    set_player(s, 0, hand=[sid, *[x for x in s.sdeck if x != sid][:2]], money=6)
    at_step(s, "play", player=0)
    s.apply(0, f"play {sid} banner+actions")
    assert {str(a) for a in s.legal_actions(0)} == {"action 1", "action 2"}
    with pytest.raises(IllegalAction) as err:
        s.apply(0, "done")
    assert err.value.rule == "AG-SPEC-5"
    s.apply(0, "action 2")  # second action first
    assert s.lab[0] == 2 and s.money[0] == 2
    # action 1 costs 2: still affordable; 'done' ends the card
    assert {str(a) for a in s.legal_actions(0)} == {"action 1", "done"}
    s.apply(0, "action 1")
    assert s.tech[0][1] == 2 and s.money[0] == 0
    assert s.active_players() == (1,)


@pytest.mark.rules("AG-MONEY-1", "AG-GAP-18", "AG-LR-2")
def test_unaffordable_actions_are_not_offered() -> None:
    sid = "S07"  # Lab Director: pay 2: lab +1 (its only action)
    s = start(2, seed=7)
    set_player(s, 0, hand=[sid, *[x for x in s.sdeck if x != sid][:2]], money=1)
    at_step(s, "play", player=0)
    assert f"play {sid} banner+actions" not in [str(a) for a in s.legal_actions(0)]
    with pytest.raises(IllegalAction) as err:
        s.apply(0, f"play {sid} banner+actions")
    assert err.value.rule == "AG-MONEY-1"
    assert s.money[0] == 1


def _holding(sid: str, players: int = 2, **kw: object) -> AgencyState:
    """Player 0 about to play, holding ``sid`` (``kw`` goes to ``set_player``)."""
    s = start(players, seed=7)
    set_player(s, 0, hand=[sid, *[x for x in s.sdeck if x != sid][:2]], **kw)  # type: ignore[arg-type]
    at_step(s, "play", player=0)
    return s


def _plays(s: AgencyState, sid: str) -> set[str]:
    return {str(a) for a in s.legal_actions(0) if str(a).startswith(f"play {sid} ")}


@pytest.mark.rules("AG-LR-2", "AG-SPEC-5", "AG-SPEC-8")
def test_banner_and_actions_only_when_an_action_can_change_something() -> None:
    # S07 (pay 3: lab +1) is affordable, but a level-4 lab cannot go up
    s = _holding("S07", money=10, lab=4)
    assert _plays(s, "S07") == {"play S07 money"}
    with pytest.raises(IllegalAction):
        s.apply(0, "play S07 banner+actions")
    s.apply(0, "play S07 money")
    assert s.money[0] == 12 and s.lab[0] == 4
    # S10 (pay 3: income +2) with income at the top of its track
    s = _holding("S10", money=10, income=9)
    assert _plays(s, "S10") == {"play S10 money"}
    # S11 (pay 3: invest) with all seven station rockets used
    s = _holding("S11", money=10, station=7)
    assert _plays(s, "S11") == {"play S11 money"}
    # S10's money banner (+3) is paid first, so it pays for the action from 0 money
    s = _holding("S10", money=0)
    assert _plays(s, "S10") == {"play S10 banner+actions", "play S10 money"}
    s.apply(0, "play S10 banner+actions")
    assert s.money[0] == 3
    s.apply(0, "action 1")
    assert s.money[0] == 0 and s.income_of(0) == 7
    assert s.active_players() == (1,)


@pytest.mark.rules("AG-LR-5", "AG-SPEC-13")
def test_effect_choices_settle_themselves_and_gains_stop_at_the_limits() -> None:
    # a short supply gives what is left: S05 pays 2 for 2 yellow, one is left
    s = _holding("S05", money=10)
    set_player(s, 1, tech={"yellow": s.supply[1] - 1})
    s.apply(0, "play S05 banner+actions")
    s.apply(0, "action 1")
    assert s.tech[0][1] == 1 and s.supply[1] == 0 and s.money[0] == 8
    # one possibility resolves by itself: S03 gives red or yellow, no yellow is left
    s = _holding("S03", money=0)
    set_player(s, 1, tech={"yellow": s.supply[1]})
    s.apply(0, "play S03 banner+actions")
    s.apply(0, "action 1")
    assert s.tech[0][:2] == [1, 0] and not s.pend[0] and s.active_players() == (1,)
    # S15 action 2 upgrades capacity or propulsion; capacity is at the top
    s = _holding("S15", money=10, capacity=5)
    s.apply(0, "play S15 banner+actions")
    s.apply(0, "action 2")
    assert s.capacity_of(0) == 5 and s.cost_of(0) == 4
    assert {str(a) for a in s.legal_actions(0)} == {"action 1", "done"}
    # S32 upgrades capacity and propulsion: the capacity part has no possibility
    s = _holding("S32", players=4, money=10, capacity=5)
    s.apply(0, "play S32 banner+actions")
    s.apply(0, "action 1")
    assert s.capacity_of(0) == 5 and s.cost_of(0) == 4 and s.money[0] == 6
    assert not s.pend[0] and s.active_players() != (0,)
    # income stops at the top: S10 gives +2 from 8
    s = _holding("S10", money=10, income=8)
    s.apply(0, "play S10 banner+actions")
    s.apply(0, "action 1")
    assert s.income_of(0) == 9
    assert not s.invariants()


@pytest.mark.rules("AG-LR-13", "AG-SPEC-13")
def test_several_colours_one_choice_for_all_the_cards() -> None:
    s = _holding("S14", money=10)  # pay 3: 2 technology cards, blue or green
    s.apply(0, "play S14 banner+actions")
    s.apply(0, "action 1")
    assert {str(a) for a in s.legal_actions(0)} == {"tech blue", "tech green"}
    s.apply(0, "tech green")
    assert s.tech[0] == [0, 0, 0, 2] and s.money[0] == 7
    assert not s.invariants()


@pytest.mark.rules("AG-SPEC-7", "AG-SPEC-10", "AG-SPEC-11", "AG-SPEC-12", "AG-GAP-10", "AG-GAP-9")
def test_yellow_banners_last_for_the_round() -> None:
    s = start(2, seed=7)
    cap = _spec("capacity")
    mis = _spec("mission")
    lau = _spec("launch")
    set_player(s, 0, hand=[cap, mis, lau], money=10)
    at_step(s, "play", player=0)
    s.apply(0, f"play {cap} money")
    assert s.boosts[0] == [C.spec[cap].banner.value]
    s.turn = 2  # P0's second play
    s.apply(0, f"play {mis} money")
    assert s.xdraw[0] == 1
    s.rnd = 1
    end_round(s)
    assert s.boosts[0] == [] and s.xdraw[0] == 0 and s.sym[0] == [1, 0, 0]
    s2 = start(2, seed=7)
    set_player(s2, 0, hand=[lau, cap, mis], money=10)
    at_step(s2, "play", player=0)
    s2.apply(0, f"play {lau} money")
    assert s2.sym[0] == [1, 1, 0]


@pytest.mark.rules("AG-EX-2", "AG-ROUND-3", "AG-ROUND-4", "AG-ROUND-5", "AG-GAP-13", "AG-FLOW-1")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_specialist_deck_runs_out_after_rounds_4_and_8(players: int) -> None:
    s = GAME.new_game(players, seed=11)
    rng = Rng(3)
    deck_in_round: dict[int, int] = {}
    while not s.is_over():
        active = s.active_players()
        p = active[rng.below(len(active))]
        legal = s.legal_actions(p)
        if s.step in ("mission", "launch"):  # after every draw of the round
            deck_in_round[s.rnd] = len(s.sdeck)
        s.apply_legal(p, legal[rng.below(len(legal))])
    assert s.rnd == 8
    empty = sorted(r for r, k in deck_in_round.items() if k == 0)
    assert empty == [4, 8]
    # each round draws 2 per player from round 2 on
    n = players
    assert deck_in_round[2] == 9 * n - 3 * n - 2 * n
    assert s.sdeck == []


@pytest.mark.rules("AG-ROUND-5", "AG-GAP-13")
def test_phase_2_shuffles_the_discards_into_the_deck() -> None:
    s = start(4, seed=2)
    _random_until(s, lambda t: t.step == "sell" or (t.rnd == 5))
    assert s.sdisc == [] or s.rnd == 5
    if s.step == "sell":
        assert len(s.sdeck) == 32 and len(s.sdisc) == 0


@pytest.mark.rules(
    "AG-PH2-1", "AG-PH2-2", "AG-PH2-3", "AG-PH2-4", "AG-EX-13", "AG-GAP-15", "AG-R-4", "AG-R-8"
)
def test_phase_2_setup_and_objective_sale() -> None:
    s = start(3, seed=4)
    _random_until(s, lambda t: t.step == "sell")
    assert s.rnd == 4
    assert s.first == 1  # the first player of round 5 starts the sale
    assert s.active_players() == (1,)
    objs = list(s.objs[1])
    money = s.money[1]
    s.apply(1, f"sell {objs[0]}")
    s.apply(1, f"sell {objs[1]}")
    assert s.money[1] == money + 10
    assert objs[0] in s.obox and objs[1] in s.obox
    with pytest.raises(IllegalAction) as err:
        s.apply(1, f"sell {objs[0]}")
    assert err.value.rule == "AG-PH2-3"
    s.apply(1, "done")
    assert s.active_players() == (2,)
    s.apply(2, "done")
    s.apply(0, "done")
    assert s.rnd == 5 and s.phase == 2 and s.step == "direction"
    assert all(s.level_available(lv) for lv in (1, 2, 3, 4))
    # the overlay: level 1 now needs technology it did not need before
    assert s.content.reqs[(1, 1)] != s.content.reqs[(2, 1)]
    assert s.content.reqs[(1, 2)] != s.content.reqs[(2, 2)]
    # sold objectives are not scored
    set_player(s, 1, objectives=[objs[2]])
    assert s.objs[1] == [objs[2]]


@pytest.mark.rules("AG-SPEC-11", "AG-EX-5", "AG-GAP-11", "AG-LR-8")
def test_two_extra_mission_banners_draw_5_keep_3() -> None:
    s = start(4, seed=8)
    mis = [x.id for x in C.specialists.specialists if x.banner.kind == "mission"][:2]
    set_player(s, 0, hand=[*mis, next(x for x in s.sdeck if x not in mis)])
    at_step(s, "play", player=0)
    s.apply(0, f"play {mis[0]} money")
    s.turn = 4
    s.apply(0, f"play {mis[1]} money")
    assert s.xdraw[0] == 2
    at_step(s, "mission", player=0)
    s.apply(0, "draw L1")
    assert len(s.drawn[0]) == 5
    kept = 0
    while s.step == "mission" and s.active_players() == (0,) and s.took[0] >= 0:
        takes = [a for a in s.legal_actions(0) if str(a).startswith("take")]
        if not takes:
            break
        s.apply(0, str(takes[0]))
        kept += 1
    assert kept == 3 or (kept < 3 and s.took[0] < 0)
    assert len(s.earth[0]) == kept
    assert len(s.mdisc[0]) == 5 - kept


@pytest.mark.rules("AG-LR-6", "AG-GAP-15", "AG-PH2-3")
def test_the_sale_skips_a_player_with_no_objective() -> None:
    s = start(3, seed=4)
    set_player(s, 1, objectives=[])
    at_step(s, "sell", round=4, first=1)
    s._continue()
    assert s.active_players() == (2,)  # seat 1 is first but has nothing to sell
    s.apply(2, "done")
    assert s.active_players() == (0,)
    s.apply(0, "done")
    assert s.rnd == 5 and s.step == "direction"
