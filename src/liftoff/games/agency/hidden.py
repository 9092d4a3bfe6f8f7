"""What a player cannot know, resampled (``State.determinize``, AG-GAP-25)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from liftoff.engine import Rng

if TYPE_CHECKING:
    from .state import AgencyState

S = TypeVar("S", bound="AgencyState")


def determinize(s: S, player: int, seed: int) -> S:
    """Resample what ``player`` cannot know: other hands and objectives, other
    players' drawn missions, the order of every deck (AG-GAP-25)."""
    d = s.clone()
    d.rng = Rng(seed)
    rng = d.rng
    n = s.n
    others = [q for q in range(n) if q != player]
    # specialists: other hands (with their draft picks) and the deck
    pool = list(d.sdeck)
    for q in others:
        pool.extend(d.hand[q])
    pool.sort()  # forget the true order first: the sample depends on the view only
    rng.shuffle(pool)
    for q in others:
        k = len(d.hand[q])
        d.hand[q] = sorted(pool[:k])
        del pool[:k]
        if d.kept[q] is not None:
            d.kept[q] = sorted(d.hand[q][: len(d.kept[q] or [])])
    d.sdeck = pool
    # objectives: other players' cards and the unseen box
    pool = list(d.obox)
    for q in others:
        pool.extend(d.objs[q])
    pool.sort()
    rng.shuffle(pool)
    for q in others:
        k = len(d.objs[q])
        d.objs[q] = sorted(pool[:k])
        del pool[:k]
        if d.okept[q] is not None:
            d.okept[q] = d.objs[q][: len(d.okept[q] or [])]
    d.obox = pool
    # missions: deck orders and other players' drawn cards
    for lv in range(4):
        holders = [q for q in others if d.drawn[q] and int(d.drawn[q][0][1]) == lv + 1]
        original = {q: list(d.drawn[q]) for q in holders}
        deck_before = sorted(d.mdeck[lv])
        for _ in range(20):
            pool = list(deck_before)
            for q in holders:
                pool.extend(original[q])
            pool.sort()
            rng.shuffle(pool)
            for q in holders:
                k = len(original[q])
                d.drawn[q] = pool[:k]
                del pool[:k]
            d.mdeck[lv] = pool
            if all(d.took[q] >= 1 or any(d.takeable(q, m) for m in d.drawn[q]) for q in holders):
                break
        else:
            for q in holders:
                d.drawn[q] = original[q]
            d.mdeck[lv] = deck_before
            rng.shuffle(d.mdeck[lv])
    d._start_from_here(seed, player)
    return d
