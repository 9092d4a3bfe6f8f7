"""Corrections found by rule audits: keep-playing in Family Fun, Lift Offs that
complete a Miracle, the rule a refusal quotes, warnings and wording."""

from __future__ import annotations

import pytest

from liftoff import IllegalAction, speech
from liftoff.games.planet import GAME
from liftoff.games.planet.testing import force_rolls, lift_face, position

FIRST = ("bonfire", "satellite", "rocket", "jetpack")
KEEP = {"family": True, "finished_keep_playing": True}


@pytest.mark.rules("PL-FAM-1", "PL-GAP-29")
def test_a_finished_player_who_keeps_playing_keeps_the_whole_turn() -> None:
    s = position(
        3,
        slots=FIRST,
        hands={0: "S S moon"},
        draw="F F",
        options=KEEP,
        saved={0: 9},
        surface={0: {3: 1}},
        areas={"satellite": "S S S S"},
    )
    s.apply(0, "board satellite S S")
    assert s.saved[0] == 10 and not s.is_over()
    assert s.turn == 0 and s.moon == 0  # the turn goes on: no Moon step yet
    s.apply(0, "play moon ccw")  # a second action in the same turn
    assert s.turn == 0 and s.moon == 1
    s.apply(0, "end")
    s.apply(1, "end")
    s.apply(2, "end")
    assert s.turn == 0  # and the finished player is not skipped


def _miracle_waiting(**extra: object) -> dict[str, object]:
    """3 Family Fun players: p0 and p1 wait on the Miracle; p2's last Alien is elsewhere."""
    return {
        "players": 3,
        "turn": 2,
        "options": {"family": True},
        "saved": {2: 9},
        **extra,
    }


@pytest.mark.rules("PL-LIFT-1", "PL-MIRA-4", "PL-GAP-22", "PL-BONF-3")
def test_a_die_roll_that_saves_a_last_alien_lifts_a_complete_miracle() -> None:
    s = position(
        slots=("bonfire", "satellite", "rocket", "miracle"),
        hands={2: "F"},
        draw="S S",
        boarded={"miracle": [0, 1], "bonfire": [2]},
        **_miracle_waiting(),  # type: ignore[arg-type]
    )
    force_rolls(s, lift_face(s, 3))
    s.apply(2, "roll bonfire F")
    assert s.saved == [1, 1, 10]  # the Miracle went with the Bonfire, at once
    assert s.boarded[3] == [] and s.launches == {"bonfire": 1, "miracle": 1}
    assert s.rechecked_launches == 1


@pytest.mark.rules("PL-LIFT-1", "PL-MIRA-4", "PL-GAP-22", "PL-TELE-4")
def test_a_teleport_payment_that_saves_a_last_alien_lifts_a_complete_miracle() -> None:
    s = position(
        slots=("teleport", "satellite", "rocket", "miracle"),
        hands={2: "asteroids F"},
        draw="S S",
        boarded={"miracle": [0, 1], "teleport": [2]},
        **_miracle_waiting(),  # type: ignore[arg-type]
    )
    s.apply(2, "play asteroids")  # New Moon everywhere: the Teleport window opens
    assert s.active_players() == (2,)
    s.apply(2, "pledge 1F")
    assert s.saved == [1, 1, 10] and s.boarded[3] == []  # before anyone could abandon it


@pytest.mark.rules("PL-LIFT-1", "PL-PAY-7")
def test_the_base_game_is_unchanged_when_nothing_else_is_ready() -> None:
    s = position(2, slots=FIRST, hands={0: "F"}, draw="S S", boarded={"bonfire": [0]})
    force_rolls(s, lift_face(s, 3))
    s.apply(0, "roll bonfire F")
    assert s.saved == [1, 0] and s.rechecked_launches == 0


@pytest.mark.rules("PL-GAP-31", "PL-CUT-1", "PL-FAM-1")
def test_cutthroat_with_family_fun_warns_but_is_allowed() -> None:
    both = {"cutthroat": True, "family": True}
    warnings = GAME.option_warnings(3, both)
    assert len(warnings) == 1 and "PL-GAP-31" in warnings[0]
    assert "Cutthroat" in warnings[0] and "Family Fun" in warnings[0]
    assert GAME.new_game(3, seed=1, options=both).cfg.cutthroat  # allowed
    assert GAME.option_warnings(3, {"cutthroat": True}) == []
    assert GAME.option_warnings(3) == []


@pytest.mark.rules("PL-GAP-33", "PL-RES-3")
def test_a_bare_wild_is_answered_with_how_to_write_it() -> None:
    s = position(2, slots=("bonfire", "satellite", "rocket", "miracle"), hands={0: "W"})
    with pytest.raises(IllegalAction) as err:
        s.apply(0, "board miracle W")
    assert err.value.rule == "API-PARSE"
    assert "W=F" in err.value.message and "W=S" in err.value.message
    assert "is not a card" not in err.value.message


@pytest.mark.rules("PL-ACT-TERRA-2")
def test_terraform_descriptions_use_printed_names() -> None:
    s = position(2, slots=("bonfire", "satellite", "rocket", "miracle"), hands={0: "terraform"})
    text = speech.of(GAME).describe(s, 0, GAME.parse_action(s, 0, "play terraform miracle ufo"))
    assert text == "Play Terraform!: replace the Miracle with the UFO"
