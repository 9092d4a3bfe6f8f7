"""Agency: mission draws (AG-MIS, AG-EX-6, AG-EX-7, AG-GAP-11/12/22)."""

from __future__ import annotations

import pytest

from liftoff.engine import IllegalAction
from liftoff.games.agency import GAME, AgencyState
from liftoff.games.agency.testing import at_step, move, set_player, start

C = GAME.content


def copies(level: int, *, duplicates: bool = False) -> dict[str, list[str]]:
    """Mission IDs of one level by name (only names with two or more copies)."""
    out: dict[str, list[str]] = {}
    for m in C.missions.missions:
        if m.level == level and m.duplicates == duplicates and m.players == 2:
            out.setdefault(m.name, []).append(m.id)
    return {k: v for k, v in out.items() if len(v) >= 2}


def stack(s: AgencyState, level: int, top_first: list[str]) -> None:
    """Put these missions on top of the level's deck, the first drawn first."""
    deck = s.mdeck[level - 1]
    for card in reversed(top_first):
        move(s, card, deck)


@pytest.mark.rules("AG-MIS-1", "AG-MIS-3")
def test_draw_three_keep_one_clockwise_from_first_player() -> None:
    s = start(3, seed=2)
    at_step(s, "mission", first=2)
    assert s.order == [2, 0, 1]
    assert s.active_players() == (2,)
    with pytest.raises(IllegalAction) as err:
        s.apply(0, "draw L1")
    assert err.value.rule == "AG-MIS-1"
    top = s.mdeck[0][-3:][::-1]
    s.apply(2, "draw L1")
    assert sorted(s.drawn[2]) == sorted(top)
    assert "done" not in [str(a) for a in s.legal_actions(2)]  # one must be kept
    s.apply(2, f"take {top[1]}")
    assert s.earth[2] == [top[1]]
    assert sorted(s.mdisc[0]) == sorted([top[0], top[2]])
    assert s.active_players() == (0,)


@pytest.mark.rules("AG-MIS-2", "AG-R-1")
def test_levels_3_and_4_only_in_phase_2() -> None:
    s = start(2, seed=2)
    at_step(s, "mission")
    assert [str(a) for a in s.legal_actions(0)] == ["draw L1", "draw L2"]
    with pytest.raises(IllegalAction) as err:
        s.apply(0, "draw L3")
    assert err.value.rule == "AG-MIS-2"
    at_step(s, "mission", round=5)
    assert [str(a) for a in s.legal_actions(0)] == ["draw L1", "draw L2", "draw L3", "draw L4"]


@pytest.mark.rules("AG-MIS-4")
def test_empty_deck_reshuffles_its_discard_pile() -> None:
    s = start(2, seed=2)
    deck = s.mdeck[0]
    s.mdisc[0].extend(deck[:-1])
    del deck[:-1]
    at_step(s, "mission")
    s.apply(0, "draw L1")
    assert len(s.drawn[0]) == 3
    assert len(s.mdeck[0]) == 13 and s.mdisc[0] == []  # 16 level-1 cards at 2 players
    assert not s.invariants()


@pytest.mark.rules("AG-MIS-5", "AG-MIS-6", "AG-EX-6", "AG-GAP-12", "AG-LR-8")
def test_duplicates_and_the_redraw_rule() -> None:
    s = start(2, seed=2)
    pairs = list(copies(1).values())
    a, b, c, d = pairs[:4]
    z = next(
        m.id
        for m in C.missions.missions
        if m.level == 1
        and m.name not in {C.mission[x[0]].name for x in (a, b, c, d)}
        and m.players == 2
    )
    set_player(s, 0, earth=[a[0], b[0]], space=[c[0], d[0]])
    stack(s, 1, [a[1], b[1], c[1], d[1], z])
    at_step(s, "mission")
    s.apply(0, "draw L1")
    # none of the three could be taken: single draws until one can
    assert z in s.earth[0]
    assert sorted(s.mdisc[0]) == sorted([a[1], b[1], c[1], d[1]])
    assert s.drawn[0] == [] and s.active_players() == (1,)
    assert not s.invariants()


@pytest.mark.rules("AG-MIS-5")
def test_owned_copy_cannot_be_taken() -> None:
    s = start(2, seed=2)
    a, b = list(copies(1).values())[:2]
    free = [
        m
        for m in s.mdeck[0]
        if C.mission[m].name not in {C.mission[a[0]].name, C.mission[b[0]].name}
    ]
    set_player(s, 0, earth=[a[0]])
    stack(s, 1, [a[1], b[0], free[0]])
    at_step(s, "mission")
    s.apply(0, "draw L1")
    assert f"take {a[1]}" not in [str(x) for x in s.legal_actions(0)]
    with pytest.raises(IllegalAction) as err:
        s.apply(0, f"take {a[1]}")
    assert err.value.rule == "AG-MIS-5"


@pytest.mark.rules("AG-GAP-22")
def test_a_card_may_allow_duplicates() -> None:
    dup = next(iter(copies(1, duplicates=True).values()))
    s = start(2, seed=2)
    set_player(s, 0, space=[dup[0]])
    assert s.takeable(0, dup[1])


@pytest.mark.rules("AG-MIS-7", "AG-EX-7")
def test_seven_level_1_missions_block_the_deck() -> None:
    s = start(2, seed=2)
    names: dict[str, str] = {}
    for m in C.missions.missions:
        if m.level == 1 and m.players == 2 and m.name not in names and not m.duplicates:
            names[m.name] = m.id
    seven = list(names.values())[:7]
    set_player(s, 0, earth=seven[:4], space=seven[4:])
    at_step(s, "mission")
    assert [str(a) for a in s.legal_actions(0)] == ["draw L2"]
    with pytest.raises(IllegalAction) as err:
        s.apply(0, "draw L1")
    assert err.value.rule == "AG-MIS-7"
    assert not s.takeable(0, next(m for m in s.mdeck[0] if C.mission[m].name not in names))


@pytest.mark.rules("AG-GAP-12", "AG-LR-6")
def test_nothing_to_draw_skips_the_player() -> None:
    s = start(2, seed=2)
    names: dict[str, str] = {}
    for m in C.missions.missions:
        if m.level == 1 and m.players == 2 and not m.duplicates:
            names.setdefault(m.name, m.id)
    set_player(s, 0, earth=list(names.values())[:7])
    for card in list(s.mdeck[1]):  # the level-2 deck and its discards are empty
        move(s, card, s.mbox)
    at_step(s, "mission")
    s._continue()
    assert s.active_players() == (1,)
    assert [str(a) for a in s.legal_actions(1)] == ["draw L1"]


@pytest.mark.rules("AG-GAP-12")
def test_search_that_finds_nothing_takes_nothing() -> None:
    s = start(2, seed=2)
    a, b = list(copies(1).values())[:2]
    # the deck holds only copies of what the player owns
    rest = [m for m in s.mdeck[0] if m not in (a[1], b[1])]
    for card in rest:
        move(s, card, s.mdeck[2])
    set_player(s, 0, earth=[a[0], b[0]])
    at_step(s, "mission")
    s.apply(0, "draw L1")
    assert s.earth[0] == [a[0], b[0]]
    assert sorted(s.mdisc[0]) == sorted([a[1], b[1]])
    assert s.active_players() == (1,)


@pytest.mark.rules("AG-GAP-11", "AG-SPEC-11", "AG-LR-8")
def test_extra_keep_is_optional() -> None:
    s = start(2, seed=2)
    s.xdraw[0] = 1
    at_step(s, "mission")
    s.apply(0, "draw L2")
    assert len(s.drawn[0]) == 4
    first = next(a for a in s.legal_actions(0) if str(a).startswith("take"))
    s.apply(0, str(first))
    assert "done" in [str(a) for a in s.legal_actions(0)]
    s.apply(0, "done")
    assert len(s.earth[0]) == 1 and len(s.mdisc[1]) == 3


@pytest.mark.rules("AG-LR-8", "AG-GAP-11", "AG-MIS-6")
def test_extra_banner_redraws_only_when_nothing_can_be_taken() -> None:
    a, b, c, d = list(copies(1).values())[:4]
    owned = {C.mission[x[0]].name for x in (a, b, c, d)}
    free = [
        m.id for m in C.missions.missions if m.level == 1 and m.players == 2 and m.name not in owned
    ]
    z1 = free[0]
    z2 = next(m for m in free if C.mission[m].name != C.mission[z1].name)
    # one card of the four can be taken: no redraw for the second keep
    s = start(2, seed=2)
    set_player(s, 0, earth=[a[0], b[0]], space=[c[0], d[0]])
    s.xdraw[0] = 1
    stack(s, 1, [a[1], b[1], c[1], z1, z2])
    deck = len(s.mdeck[0])
    at_step(s, "mission")
    s.apply(0, "draw L1")
    assert [str(x) for x in s.legal_actions(0)] == [f"take {z1}"]
    s.apply(0, f"take {z1}")
    assert s.active_players() == (1,)
    assert sorted(s.earth[0]) == sorted([a[0], b[0], z1])
    assert len(s.mdeck[0]) == deck - 4 and s.mdeck[0][-1] == z2
    assert sorted(s.mdisc[0]) == sorted([a[1], b[1], c[1]])
    # none of the four can be taken: the redraw yields one card, not two
    s = start(2, seed=2)
    set_player(s, 0, earth=[a[0], b[0]], space=[c[0], d[0]])
    s.xdraw[0] = 1
    stack(s, 1, [a[1], b[1], c[1], d[1], z1, z2])
    at_step(s, "mission")
    s.apply(0, "draw L1")
    assert s.active_players() == (1,)
    assert sorted(s.earth[0]) == sorted([a[0], b[0], z1])
    assert s.mdeck[0][-1] == z2
    assert not s.invariants()


@pytest.mark.rules("AG-EX-6", "AG-MIS-6", "AG-GAP-2")
def test_worked_example_6_literally_with_three_copies() -> None:
    """Owns X and Y, draws {X, Y, X}, then Y, then Z: takes Z, discards the rest.
    The shipped missions have at most two copies, so this content gives X and Y
    a third copy (replacing two cards of other designs)."""
    from liftoff.games.agency import AgencyGame
    from liftoff.games.agency.content import FILES, Content, load_packaged_file

    files = {k: load_packaged_file(k) for k in FILES}
    pairs = list(copies(1).values())
    (x1, x2), (y1, y2), (_, spare_a), (_, spare_b) = pairs[:4]
    ms = files["missions"].missions  # type: ignore[attr-defined]
    x, y = C.mission[x1], C.mission[y1]
    new = [
        x.model_copy(update={"id": m.id})
        if m.id == spare_a
        else y.model_copy(update={"id": m.id})
        if m.id == spare_b
        else m
        for m in ms
    ]
    files["missions"] = files["missions"].model_copy(update={"missions": new})
    game = AgencyGame(Content.build(files))
    s = start(2, seed=2, game=game)
    z = next(m for m in s.mdeck[0] if game.content.mission[m].name not in (x.name, y.name))
    set_player(s, 0, earth=[x1], space=[y1])
    # the deck holds only these five; the discard pile the rest
    for card in list(s.mdeck[0]):
        move(s, card, s.mdisc[0])
    stack(s, 1, [x2, y2, spare_a, spare_b, z])
    at_step(s, "mission")
    s.apply(0, "draw L1")
    assert z in s.earth[0]
    for card in (x2, y2, spare_a, spare_b):
        assert card in s.mdisc[0]
    assert s.mdeck[0] == []
    assert not s.invariants()
