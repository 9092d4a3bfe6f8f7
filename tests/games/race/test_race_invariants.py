"""Bookkeeping invariants under arbitrary play (hypothesis state machine)."""

from __future__ import annotations

import json

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import liftoff
from liftoff.engine import IllegalAction
from liftoff.games.race import cards as C
from liftoff.games.race.state import RaceState

GAME = liftoff.games.get("race")


class RaceMachine(RuleBasedStateMachine):
    """Random players, options and actions, legal and not; checks after every step."""

    state: RaceState

    @initialize(
        players=st.integers(2, 4),
        seed=st.integers(0, 2**32),
        lenient=st.booleans(),
        auto=st.booleans(),
        security=st.sampled_from(["once", "persistent"]),
    )
    def start(self, players: int, seed: int, lenient: bool, auto: bool, security: str) -> None:
        opts = {"lenient": lenient, "auto_choices": auto, "security": security, "rounds": 2}
        self.state = GAME.new_game(players, seed, opts)

    @rule(pick=st.integers(0, 10_000), who=st.integers(0, 3))
    def act(self, pick: int, who: int) -> None:
        s = self.state
        active = s.active_players()
        if not active:
            return
        p = active[who % len(active)]
        legal = s.legal_actions(p)
        s.apply(p, legal[pick % len(legal)])

    @rule(pick=st.integers(0, 10_000), player=st.integers(0, 3))
    def discard_fast(self, pick: int, player: int) -> None:
        """Bias towards short rounds: a discard or a placement."""
        s = self.state
        if s.phase_name != "loading":
            return self.act(pick, player)
        p = player % s.num_players
        places = [a for a in s.legal_actions(p) if str(a) != "under"]
        s.apply(p, places[pick % len(places)])
        return None

    @rule(player=st.integers(0, 3), keep=st.integers(0, 5))
    def nearly_empty(self, player: int, keep: int) -> None:
        """Jump towards Stop: one player discards until ``keep`` cards are left."""
        s = self.state
        if s.phase_name != "loading":
            return
        p = player % s.num_players
        while s.phase_name == "loading" and len(s.stacks[p]) > keep:
            s.apply(p, "discard")

    @rule(text=st.sampled_from(["place 1", "place 7", "under", "pay tank", "steal none"]))
    def illegal_changes_nothing(self, text: str) -> None:
        s = self.state
        for p in range(s.num_players):
            before = json.dumps(s.to_json(), sort_keys=True)
            if not s.can_apply(p, text):
                with pytest.raises(IllegalAction):
                    s.apply(p, text)
                assert json.dumps(s.to_json(), sort_keys=True) == before

    @invariant()
    def sound(self) -> None:
        s = self.state
        assert s.invariants() == []
        # each player's 30 cards exactly once (independently of invariants())
        for p in range(s.num_players):
            mine = [c for pile in s.stacks + s.discards + s.aside + s.rows for c in pile]
            assert sorted(c for c in mine if C.owner(c) == p) == C.player_set(p)
        if s.phase_name == "loading":
            assert not s.pools  # stolen cards went home

    @invariant()
    def roundtrip(self) -> None:
        s = self.state
        again = GAME.from_json(json.loads(json.dumps(s.to_json())))
        assert again.to_json() == s.to_json()


RaceMachine.TestCase.settings = settings(max_examples=25, stateful_step_count=60, deadline=None)


@pytest.mark.rules("RC-COMP-2", "RC-THEFT-8", "RC-GAME-2", "RC-STOP-3", "RC-SCORE-2")
class TestRaceMachine(RaceMachine.TestCase):
    """Hypothesis-driven invariant checks."""
