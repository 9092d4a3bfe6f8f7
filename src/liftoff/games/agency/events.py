"""What happens in a game of agency, as events (``State.apply`` returns them).

The rules call these builders only while events are collected
(``if s._events is not None``), so the fast path (``apply_legal``) pays one
attribute test per call site. Events hold ids and numbers only: cards by id
(``card`` / ``cards``), colours, sides and symbols by their ids; the templates
are in ``text.py`` (ids ``agency.ev.<what>``), and narration says the names and
the other words (colours, sides, what an action does, a total's sources) in the
reader's language from the ids (``words.localized``).

Counters that change carry their new value or the amount gained, so the
events between two views account for every public change (see the tests).

The events that show a hidden card say so (``reveals``): cards drawn, dealt or
passed to a player, drawn missions taken or discarded in the open, a
specialist played from a hand. A player keeping cards they already see, or
selling an objective (the others learn only the money), reveals nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import effects as fx
from .actions import Launch, Play
from .content import COLOURS

if TYPE_CHECKING:
    from .state import AgencyState

#: what an effect may change for a player: money, vp, inc, upc, upp, lab, tech
Snapshot = tuple[int, int, int, int, int, int, tuple[int, ...]]


def snapshot(s: AgencyState, p: int) -> Snapshot:
    """Player ``p``'s counters, to compare after an effect."""
    return (
        s.money[p],
        s.vp[p],
        s.inc[p],
        s.upc[p],
        s.upp[p],
        s.lab[p],
        tuple(s.tech[p]),
    )


def private_cards(
    s: AgencyState, kind: str, p: int, cards: list[str], *, drawn: bool = True, **extra: Any
) -> None:
    """``p`` sees the cards, everyone else how many (draws, keeps); one card is
    told by ``kind + "-one"`` ("a card" rather than "1 cards"). ``drawn``: the
    cards were face down until now (a draw or a deal), not already ``p``'s."""
    if len(cards) == 1:
        kind += "-one"
    data = {"who": p, "cards": list(cards), "count": len(cards), **extra}
    public = {"who": p, "count": len(cards), **extra}
    s._emit(kind, data, to=(p,), public=public, reveals=drawn)


def keep(s: AgencyState, p: int, cards: tuple[str, ...]) -> None:
    what = "objectives" if s.step == "obj_draft" else "specialists"
    private_cards(s, "agency.ev.keep", p, list(cards), drawn=False, what=what)


def passed(s: AgencyState, what: str, given: list[list[str]], step: int) -> None:
    """The cards left after a keep go to the neighbour (``given[p]``: what ``p`` passes)."""
    n = s.n
    side = "left" if step == 1 else "right"
    s._emit("agency.ev.draft-pass", {"what": what, "direction": side})
    for p in range(n):
        frm = (p - step) % n
        cards = given[frm]
        data = {"who": p, "whom": frm, "cards": cards}
        s._emit("agency.ev.receive", data, to=(p,), public=None, reveals=True)


def play(s: AgencyState, p: int, action: Play) -> None:
    """The banner of a played specialist (shown from a hidden hand), and the
    money taken instead of its actions."""
    spec = s.content.spec[action.card]
    base = {"who": p, "card": action.card}
    banner = spec.banner
    value = banner.value
    if banner.kind == "money":
        s._emit("agency.ev.banner-money", {**base, "money": value}, reveals=True)
    elif banner.kind == "points":
        s._emit("agency.ev.banner-points", {**base, "points": value}, reveals=True)
    else:
        kind = {"capacity": "capacity", "mission": "mission"}.get(banner.kind, "launch")
        s._emit(f"agency.ev.banner-{kind}", {**base, "amount": value}, reveals=True)
    if action.mode == "money":
        s._emit("agency.ev.money-instead", {**base, "money": s.content.board.board.money_instead})


def use_action(s: AgencyState, p: int, sid: str, index: int, cost: int) -> None:
    """``p`` uses action ``index`` of specialist ``sid`` (narration says what it does)."""
    data = {"who": p, "card": sid, "index": index}
    if cost:
        s._emit("agency.ev.use-action-paid", {**data, "paid": cost})
    else:
        s._emit("agency.ev.use-action", data)


def effect(
    s: AgencyState, p: int, e: fx.AnyEffect, card: str, before: Snapshot, space: int
) -> None:
    """What one effect gave player ``p`` (compared with ``before``); ``space``: the
    station space chosen (0 beside the track) for a station effect."""
    after = snapshot(s, p)
    base: dict[str, Any] = {"who": p, "card": card}
    if isinstance(e, fx.Station):
        station(s, p, base, before, space)
        return
    if after[0] != before[0]:
        s._emit("agency.ev.gain-money", {**base, "money": after[0] - before[0]})
    if after[1] != before[1] or isinstance(e, fx.Points | fx.ScorePer):
        s._emit("agency.ev.score", {**base, "points": after[1] - before[1]})
    if after[2] != before[2]:
        s._emit("agency.ev.income-up", {**base, "income": s.income_of(p)})
    gained_tech(s, base, before, after)
    for kind, gained in (("capacity", after[3] - before[3]), ("propulsion", after[4] - before[4])):
        if gained:
            s._emit("agency.ev.upgrade", {**base, "upgrade": kind, "count": gained})
    if after[5] != before[5]:
        s._emit("agency.ev.lab", {**base, "lab": after[5]})
    if isinstance(e, fx.Capacity | fx.Discount | fx.Launch | fx.ExtraMission):
        s._emit(f"agency.ev.{e.kind}", {**base, "amount": e.amount})


def gained_tech(s: AgencyState, base: dict[str, Any], before: Snapshot, after: Snapshot) -> None:
    for i, colour in enumerate(COLOURS):
        got = after[6][i] - before[6][i]
        if got:
            s._emit("agency.ev.tech", {**base, "colour": colour, "count": got})


def station(s: AgencyState, p: int, base: dict[str, Any], before: Snapshot, space: int) -> None:
    """A station investment: a module on a track space (points and its bonus) or beside it."""
    after = snapshot(s, p)
    if space == 0:
        s._emit("agency.ev.station-beside", base)
        return
    s._emit("agency.ev.station", {**base, "space": space, "points": after[1] - before[1]})
    if after[2] != before[2]:
        s._emit("agency.ev.income-up", {**base, "income": s.income_of(p)})
    gained_tech(s, base, before, after)


def draw_missions(s: AgencyState, p: int, level: int, cards: list[str]) -> None:
    private_cards(s, "agency.ev.draw-missions", p, cards, level=level)


def take(s: AgencyState, p: int, card: str, kind: str = "agency.ev.take") -> None:
    """``p`` keeps a drawn mission on Earth, face up (only ``p`` saw it drawn)."""
    m = s.content.mission[card]
    data = {
        "who": p,
        "card": card,
        "level": m.level,
        "weight": m.weight,
        "points": m.points,
    }
    s._emit(kind, data, reveals=True)


def discard_missions(s: AgencyState, p: int, cards: list[str]) -> None:
    """The drawn missions ``p`` did not take go face up to the discard pile."""
    if cards:
        data = {"who": p, "cards": list(cards), "count": len(cards)}
        s._emit("agency.ev.discard-missions", data, reveals=True)


def launch(s: AgencyState, p: int, action: Launch, before: Snapshot) -> None:
    after = snapshot(s, p)
    data = {
        "who": p,
        "symbol": action.symbol,
        "cards": list(action.cards),
        "count": len(action.cards),
        "paid": before[0] - after[0],
        "points": after[1] - before[1],
    }
    s._emit("agency.ev.launch-missions", data)


def sell(s: AgencyState, p: int, card: str, money: int) -> None:
    data = {"who": p, "card": card, "money": money}
    s._emit("agency.ev.sell", data, to=(p,), public={"who": p, "money": money})


def game_end(s: AgencyState) -> None:
    """Each player's points by source, then the winner(s)."""
    from .scoring import SOURCES

    for p in range(s.n):
        by_source = {name: s.src[p][i] for i, name in enumerate(SOURCES) if s.src[p][i]}
        data = {"who": p, "points": s.vp[p], "by_source": by_source}
        s._emit("agency.ev.total", data)
    out = s.outcome()
    if out is None:
        return
    winners = list(out.winners)
    best = max(s.vp)
    if len(winners) == 1:
        s._emit("agency.ev.winner", {"winner": winners[0], "who": winners[0], "points": best})
    else:
        s._emit("agency.ev.winners", {"winners": winners, "points": best})
