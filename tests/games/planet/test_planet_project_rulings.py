"""The rulings this project added to planet (PL-LR-n in docs/rulings.md)."""

from __future__ import annotations

import json

import pytest

from liftoff import IllegalAction
from liftoff.games.planet.game import PlanetGame
from liftoff.games.planet.state import PlanetState
from liftoff.games.planet.testing import area, hand, position

FIRST = ("bonfire", "satellite", "rocket", "jetpack")
GAME = PlanetGame()


def refused(s: PlanetState, player: int, text: str, rule: str) -> IllegalAction:
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        s.apply(player, text)
    assert err.value.rule == rule, err.value
    assert json.dumps(s.to_json(), sort_keys=True) == before
    return err.value


@pytest.mark.rules("PL-LR-1", "PL-PAY-7")
def test_extra_resources_only_where_they_count() -> None:
    s = position(
        2,
        slots=("bonfire", "satellite", "rocket", "trampoline"),
        hands={0: "F F S S"},
        draw="F F",
    )
    legal = {str(a) for a in s.legal_actions(0)}
    assert {"pay satellite S", "pay rocket F", "pay rocket S"} <= legal
    assert "pay satellite F" not in legal  # the Satellite counts Screws only
    assert not any(t.startswith(("pay bonfire", "pay trampoline")) for t in legal)
    err = refused(s, 0, "pay bonfire F", "PL-LR-1")  # the rule that forbids, not PL-PAY-7
    assert "Satellite, the Rocket Ship and the UFO" in err.message
    refused(s, 0, "pay trampoline S", "PL-LR-1")
    s.apply(0, "pay rocket F")
    assert area(s, "rocket")["fuel"] == 1


@pytest.mark.rules("PL-LR-2", "PL-LIFT-7")
def test_no_roll_with_nobody_aboard() -> None:
    s = position(2, slots=FIRST, hands={0: "F F"}, draw="S S")
    assert not any(str(a).startswith("roll") for a in s.legal_actions(0))
    refused(s, 0, "roll bonfire F", "PL-LIFT-7")
    assert hand(s, 0)["F"] == 2


@pytest.mark.rules("PL-LR-3", "PL-TELE-4", "PL-TELE-5")
def test_teleport_pledges_are_capped_at_what_is_missing() -> None:
    s = position(
        3,
        slots=("teleport", "satellite", "rocket", "jetpack"),
        moon=2,
        turn=0,
        hands={0: "moon", 1: "F F", 2: "F F F W"},
        draw="",
        boarded={"teleport": [1, 2, 2]},
    )
    s.apply(0, "end")  # New Moon at the Teleport: 3 Fuel for 3 Aliens
    assert s.active_players() == (1,)  # one at a time, in the window's order
    s.apply(1, "pledge 2F")
    assert s.active_players() == (2,)
    offers = {str(a) for a in s.legal_actions(2)}
    assert "pledge 1F" in offers and "pledge 1W" in offers
    assert not any(t in offers for t in ("pledge 2F", "pledge 3F", "pledge 1F 1W"))  # 1 missing
    assert hand(s, 1)["F"] == 2  # nothing is paid before the total is reached
    s.apply(2, "pledge 1W")
    assert s.saved == [0, 1, 2]
    assert hand(s, 2) == {"F": 3}  # paid exactly the Wild card pledged


@pytest.mark.rules("PL-LR-4", "PL-TEAM-4")
def test_team_window_asks_card_holders_after_each_action_but_not_after_end() -> None:
    team = {"team": True}
    s = position(4, slots=FIRST, hands={0: "F F", 1: "S", 3: "moon"}, draw="S S", options=team)
    s.apply(0, "move core S0")
    assert s.active_players() == (1,)  # p2 holds no card: not asked
    s.apply(1, "pass")
    assert s.active_players() == (3,)
    s.apply(3, "pass")
    assert s.active_players() == (0,)
    s.apply(0, "end")  # the Moon step: no window, the next turn starts
    assert s.turn == 1 and s.active_players() == (1,)


@pytest.mark.rules("PL-LR-6", "PL-ACT-MYA-1")
def test_the_owners_latest_boarder_leaves_a_platform() -> None:
    s = position(
        2,
        slots=("bonfire", "satellite", "ufo", "jetpack"),
        hands={0: "mya"},
        draw="F F",
        boarded={"ufo": [0, 1, 0]},
    )
    s.apply(0, "play mya p0 off ufo")
    assert s.boarded[2] == [0, 1]


@pytest.mark.rules("PL-LR-7", "PL-START-1")
def test_seat_zero_starts_unless_the_die_is_asked_for() -> None:
    assert {GAME.new_game(p, seed=s).turn for p in (2, 3, 4, 5) for s in range(10)} == {0}
    rolled = {GAME.new_game(3, seed=s, options={"first_player": -1}).turn for s in range(30)}
    assert rolled == {0, 1, 2}


@pytest.mark.rules("PL-LR-8", "PL-FAM-1", "PL-TEAM-3")
def test_family_and_team_together_finished_players_keep_taking_turns() -> None:
    def rescue_the_last(options: dict[str, bool]) -> PlanetState:
        s = position(
            4,
            slots=FIRST,
            hands={0: "S S S"},
            draw="F F",
            options=options,
            saved={0: 9},
            surface={0: {3: 1}},
            areas={"satellite": "S S S S"},
        )
        s.apply(0, "board satellite S S")
        assert s.saved[0] == 10 and not s.is_over()
        return s

    family = rescue_the_last({"family": True})
    assert family.turn == 1  # Family Fun alone: the turn ends
    both = rescue_the_last({"family": True, "team": True})
    assert both.turn == 0 and both.active_players() == (0,)
    both.apply(0, "pay satellite S")  # the team rules govern: p0 plays on, to help
    both.apply(0, "end")
    for p in (1, 2, 3):
        assert both.turn == p
        both.apply(p, "end")
    assert both.turn == 0  # and is not skipped


@pytest.mark.rules("PL-LR-9", "PL-TURN-2", "PL-MOON-2")
def test_the_draw_happens_by_itself_and_end_is_the_moon_step() -> None:
    s = GAME.new_game(2, seed=5)
    assert sum(s.hands[0]) == 4  # dealt 2 and already drew 2
    assert not any(str(a).startswith("draw") for a in s.legal_actions(0))
    moon = s.moon
    s.apply(0, "end")
    assert s.moon == (moon + 1) % len(s.cfg.spots)
    assert s.turn == 1 and sum(s.hands[1]) == 4
