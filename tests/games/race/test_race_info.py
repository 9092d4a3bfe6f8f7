"""Hidden information: what views show, and determinize."""

from __future__ import annotations

import json

import pytest

import liftoff
from liftoff.engine import Rng
from liftoff.games.race import cards as C
from liftoff.games.race.testing import position

GAME = liftoff.games.get("race")


def canon(data: object) -> str:
    return json.dumps(data, sort_keys=True)


@pytest.mark.rules("RC-GAP-17", "RC-LR-1", "RC-LR-2", "RC-PLAY-9")
def test_views_hold_no_stack_order() -> None:
    s = GAME.new_game(3, seed=8)
    view = s.view(0)
    for p in range(3):
        seen = view["players"][p]
        assert seen["stack"] == 30 and seen["unseen"] == 29 and seen["known_bottom"] == []
        assert seen["top"] == C.code(s.stacks[p][0])  # every top card is face up (RC-LR-1)
    # permuting the unseen middle of any stack changes no view
    other = s.clone()
    for p in range(3):
        middle = other.stacks[p][1:30]
        middle.reverse()
        other.stacks[p][1:30] = middle
    assert other.to_json() != s.to_json()
    for viewer in (0, 1, 2, None):
        assert canon(other.view(viewer)) == canon(s.view(viewer))


@pytest.mark.rules("RC-GAP-17", "RC-LR-2", "RC-PLAY-6")
def test_cards_put_under_are_known_in_order() -> None:
    s = position(2, stacks={0: ["ore", "theft", "tank", "settlers"], 1: ["tank", "tank"]})
    s.apply(0, "under")
    s.apply(0, "under")
    v = s.view(1)["players"][0]
    assert v["top"] == "tank" and v["unseen"] == 1 and v["known_bottom"] == ["ore", "theft"]
    s.apply(0, "under")
    s.apply(0, "under")  # the whole stack has been seen
    v = s.view(0)["players"][0]
    assert v["unseen"] == 0 and v["top"] == "ore"
    assert v["known_bottom"] == ["theft", "tank", "settlers"]


@pytest.mark.rules("RC-GAP-17", "RC-LR-2")
def test_determinize_resamples_only_the_unseen_cards() -> None:
    s = GAME.new_game(4, seed=2)
    rng = Rng(1)
    for _ in range(40):
        p = rng.below(4)
        legal = s.legal_actions(p)
        s.apply(p, legal[rng.below(len(legal))])
    changed = False
    for p in range(4):
        for k in range(3):
            d = s.determinize(p, k)
            for q in (0, 1, 2, 3, None):
                assert canon(d.view(q)) == canon(s.view(q))
            assert d.legal_actions(p) == s.legal_actions(p)
            for q in range(4):
                u = s.unseen[q]
                assert d.stacks[q][0] == s.stacks[q][0]
                assert d.stacks[q][1 + u :] == s.stacks[q][1 + u :]
                assert sorted(d.stacks[q]) == sorted(s.stacks[q])
                changed |= d.stacks[q] != s.stacks[q]
            assert d.invariants() == []
    assert changed


@pytest.mark.rules("RC-GAP-17")
def test_all_views_are_the_same_public_picture() -> None:
    s = GAME.new_game(2, seed=4)
    a, b, spectator = s.view(0), s.view(1), s.view(None)
    assert a["you"] == 0 and b["you"] == 1 and spectator["you"] is None
    for v in (a, b):
        v.pop("you")
    spectator.pop("you")
    assert a == b == spectator
