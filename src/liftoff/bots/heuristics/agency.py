"""A sensible beginner for the agency game (*Lift Off*, the space-agency game).

The bot reads its view (its hand and objectives, everything public) and the
printed card texts (the game's content, looked up by the fingerprint the view
gives). It scores positions with :func:`estimate`, each player's expected final
Victory Points: points already scored, money (worth more while it can still pay
for launches), income for the rounds left, the lab's points per launch for the
launches still to come, technology (green scores at the end; the others open
mission levels), rocket upgrades, missions waiting on Earth, hourglass missions
and objectives at their current tier plus progress towards the next, and the
specialists in hand.

Specialist plays, mission draws and keeps, launches and the objective sale
follow rules of thumb (:func:`rollout`): play the specialist worth most (with
its actions when it has a useful one), draw from the highest mission level its
lab allows, keep the missions worth most (launchable ones first), launch the
affordable set worth most (it launches what pays), keep objectives. The
choices inside a specialist's actions (which action, which technology colour,
which upgrade, which station space) look one action ahead on a
``determinize``-d copy, follow the choices that action opens greedily, and keep
the one with the best estimate for itself minus the best rival's: so it plans
technology for the mission levels and objectives it aims at. Drafts keep the
cards worth most (a specialist by its banner and its best action, an
objective by how close it is to scoring); the first player passes left.
"""

from __future__ import annotations

import math
from typing import Any

from liftoff.bots.words import reason
from liftoff.engine import Action, Rng, State
from liftoff.engine.messages import Message
from liftoff.games.agency.actions import (
    ChooseStation,
    Direction,
    DoAction,
    Done,
    Draw,
    Keep,
    Launch,
    Play,
    Sell,
    Take,
)
from liftoff.games.agency.content import Content, by_fingerprint, default_content

COLOURS = ("red", "yellow", "blue", "green")


class Ctx:
    """A view with the content and the numbers every estimate needs."""

    __slots__ = ("b", "content", "me", "mv", "p1_left", "p2_left", "rleft", "view")

    def __init__(self, view: dict[str, Any], content: Content) -> None:
        self.view = view
        self.content = content
        self.me: int | None = view["you"]
        self.b = content.board.board
        rounds = int(view["rounds"])
        rnd = int(view["round"])
        over = view["step"] == "over"
        # rounds whose launches are still to come (this one if launches are ahead)
        ahead = 0 if over or view["step"] in ("sell",) else 1
        first = rnd + (1 - ahead)
        self.rleft = max(0, rounds - first + 1) if not over else 0
        half = rounds // 2
        self.p1_left = max(0, min(half, rounds) - first + 1) if not over else 0
        self.p2_left = self.rleft - self.p1_left
        self.mv = 0.2 + 0.12 * min(1.0, self.rleft / 3)


def content_of(view: dict[str, Any]) -> Content:
    """The card texts of the game behind ``view``."""
    found = by_fingerprint(str(view.get("content", "")))
    return found if found is not None else default_content()


def _count(ctx: Ctx, pl: dict[str, Any], what: str, levels: list[int], colours: list[str]) -> int:
    if what == "missions":
        if not levels:
            return len(pl["space"])
        return sum(1 for m in pl["space"] if int(m[1]) in levels)
    if what == "hourglass":
        return sum(1 for m in pl["space"] if ctx.content.mission[m].hourglass)
    tech = pl["tech"]
    if what == "tech":
        return sum(int(tech[c]) for c in (colours or COLOURS))
    if what == "tech_sets":
        return min(int(tech[c]) for c in (colours or COLOURS))
    if what == "upgrades":
        up = pl["upgrades"]
        return int(up["capacity"]) + int(up["propulsion"])
    if what == "station":
        return int(pl["station"])
    if what == "lab":
        return int(pl["lab"])
    if what == "income":
        return int(pl["income"])
    return int(pl["money"])


def _counter(ctx: Ctx, pl: dict[str, Any], counter: Any) -> int:
    return _count(ctx, pl, counter.what, list(counter.levels), list(counter.colours))


def objective_value(ctx: Ctx, pl: dict[str, Any], oid: str) -> float:
    """An objective's points now plus a share of the next tier's, by progress."""
    o = ctx.content.objective[oid]
    have = _counter(ctx, pl, o.counts)
    got = 0.0
    nxt = None
    for tier in o.tiers:
        if have >= tier.min:
            got = float(tier.vp)
        elif nxt is None:
            nxt = tier
    met = o.requires is None or _counter(ctx, pl, o.requires) >= 1
    if not met:
        got *= 0.45
    if nxt is not None and ctx.rleft > 0:
        progress = have / nxt.min
        reach = min(1.0, ctx.rleft / max(1, nxt.min - have))
        got += (nxt.vp - got) * progress * progress * 0.6 * reach * (1.0 if met else 0.5)
    return got


def tech_shortfall(ctx: Ctx, pl: dict[str, Any], level: int) -> int:
    """How many technology cards ``pl`` lacks to meet ``level``'s requirement
    in the current phase (0: met; the nearest alternative counts)."""
    alts = ctx.content.reqs.get((int(ctx.view["phase"]), level), ((),))
    tech = pl["tech"]
    return min(sum(max(0, k - int(tech[COLOURS[ci]])) for ci, k in alt) for alt in alts)


def launch_chance(ctx: Ctx, pl: dict[str, Any], mid: str) -> float:
    """How likely ``pl`` is to launch mission ``mid`` before the game ends:
    high when its lab, technology and rocket allow it now, lower for every
    card or upgrade still missing and the fewer rounds are left."""
    if ctx.rleft <= 0:
        return 0.0
    m = ctx.content.mission[mid]
    lab = int(pl["lab"])
    missing = tech_shortfall(ctx, pl, m.level) + max(0, m.level - lab)
    missing += max(0, m.weight - int(pl["capacity"]) - 1)
    if missing == 0 and m.weight <= int(pl["capacity"]):
        return 0.95
    # roughly one missing card or upgrade can be made up per round
    return max(0.0, 0.8 - 0.25 * missing / max(1.0, ctx.rleft / 2))


def draw_value(ctx: Ctx, pl: dict[str, Any], level: int) -> float:
    """What drawing from ``level``'s deck is worth: the points a mission of
    that level brings, times the chance of launching it (a deck whose
    requirement the player cannot meet gives a mission that stays on Earth)."""
    if level > int(pl["lab"]):
        return -float(level)
    short = tech_shortfall(ctx, pl, level)
    worth = 2.0 + 2.5 * level
    chance = 0.95 if short == 0 else max(0.0, 0.7 - 0.3 * short / max(1.0, ctx.rleft / 2))
    # missions already waiting on Earth make another launchable one less urgent
    waiting = sum(1 for m in pl["earth"] if launch_chance(ctx, pl, m) > 0.9)
    return worth * chance - (0.5 * level if waiting >= 3 else 0.0)


def mission_value(ctx: Ctx, pl: dict[str, Any], mid: str) -> float:
    """What a mission brings when launched: its points and effects."""
    m = ctx.content.mission[mid]
    v = float(m.points)
    for e in m.effects:
        v += _effect_value(ctx, pl, e)
    return v


def _effect_value(ctx: Ctx, pl: dict[str, Any], e: Any) -> float:
    kind = e.kind
    if kind == "money":
        return float(e.amount) * ctx.mv
    if kind == "points":
        return float(e.amount)
    if kind == "income":
        return float(e.amount) * max(0, ctx.rleft - 1) * ctx.mv
    if kind == "tech":
        return 1.2 * int(e.count) + (3.0 * int(e.count) if e.colours == ["green"] else 0.0)
    if kind == "upgrade":
        return 1.2 * int(e.count)
    if kind == "lab":
        return 3.0 * min(1.0, ctx.rleft / 3)
    if kind == "station":
        return 3.0
    if kind == "score_per":
        value = (_counter(ctx, pl, e.counts) // e.every) * e.points
        return float(min(value, e.max) if e.max is not None else value)
    return 0.8


def player_estimate(ctx: Ctx, q: int) -> float:
    """Player ``q``'s expected final Victory Points."""
    view = ctx.view
    pl = view["players"][q]
    c = ctx.content
    b = ctx.b
    v = float(pl["vp"])
    if view["step"] == "over":
        return v
    rleft = ctx.rleft
    mv = ctx.mv
    money = float(pl["money"])
    v += money * mv
    v += float(pl["income"]) * max(0, rleft - 1) * mv
    tech = pl["tech"]
    v += int(tech["green"]) * b.green_vp
    side = c.lab_side[int(pl["lab"])]
    launch_vp = ctx.p1_left * side.vp_phase1 + ctx.p2_left * side.vp_phase2
    v += 0.75 * launch_vp
    scale = min(1.0, rleft / 2)
    v += 0.7 * sum(min(int(tech[col]), 4) for col in COLOURS) * scale
    v += 0.7 * min(int(pl["capacity"]), 4) * scale
    v += (b.cost_track[0] - int(pl["cost"])) * mv * rleft * 0.7
    v += 0.8 * (int(pl["lab"]) - 1) * scale
    for mid in pl["earth"]:
        m = c.mission[mid]
        chance = 0.1 + 0.35 * launch_chance(ctx, pl, mid)  # 0 when no round is left
        if rleft == 0:
            chance = 0.0
        v += chance * mission_value(ctx, pl, mid) + (0.6 * chance if m.weight <= 1 else 0.0)
    for mid in pl["space"]:
        m = c.mission[mid]
        if m.hourglass:
            for e in m.effects:
                if e.kind == "points":
                    v += e.amount
                elif e.kind == "score_per":
                    value = (_counter(ctx, pl, e.counts) // e.every) * e.points
                    v += min(value, e.max) if e.max is not None else value
    if q == ctx.me and "objectives" in pl:
        for oid in pl["objectives"]:
            v += objective_value(ctx, pl, oid)
    else:
        v += 4.0 * int(pl["objectives_count"])
    v += 2.5 * int(pl["hand_count"]) * min(1.0, rleft)
    if view["step"] in ("play", "mission", "launch") and rleft > 0:
        sym = pl["symbols"]
        v += 1.5 * (int(sym.get("extra", 0)) + int(sym.get("bonus", 0)))
        v += 0.5 * len(pl["boosts"]) + 0.8 * int(pl["extra_missions"])
    return v


def estimate(view: dict[str, Any], content: Content | None = None) -> list[float]:
    """Every player's expected final Victory Points, as ``view``'s player sees it."""
    ctx = Ctx(view, content or content_of(view))
    return [player_estimate(ctx, q) for q in range(len(view["players"]))]


def value(view: dict[str, Any], me: int, content: Content) -> float:
    """How good the position is for ``me``: own estimate minus the best rival's."""
    if view["step"] == "over":
        vps = [int(p["vp"]) for p in view["players"]]
        best = max(vps)
        if vps[me] == best:
            return 1000.0 / vps.count(best)
        return -1000.0 + vps[me] - best
    est = estimate(view, content)
    others = [x for q, x in enumerate(est) if q != me]
    return est[me] - (max(others) if others else 0.0)


# -- drafts ---------------------------------------------------------------------------


def specialist_value(ctx: Ctx, pl: dict[str, Any], sid: str) -> float:
    """A specialist's worth in hand: its banner and its best use."""
    spec = ctx.content.spec[sid]
    banner = spec.banner
    v = {
        "money": 3 * ctx.mv,
        "points": 5.0,
        "capacity": 1.0 + 0.5 * banner.value,
        "mission": 2.0,
        "launch": 3.0,
    }.get(banner.kind, 1.0)
    actions = 0.0
    for act in spec.actions:
        a = sum(_effect_value(ctx, pl, e) for e in act.effects) - act.cost * ctx.mv
        actions += max(0.0, a)
    return v + max(actions, ctx.b.money_instead * ctx.mv)


def _keep(ctx: Ctx, me: int, legal: list[Action]) -> tuple[Action, Message]:
    pl = ctx.view["players"][me]
    best: Action = legal[0]
    best_v = -math.inf
    for a in legal:
        assert isinstance(a, Keep)
        if a.cards[0].startswith("O"):
            v = sum(objective_value(ctx, pl, o) + _objective_hope(ctx, o) for o in a.cards)
        else:
            v = sum(specialist_value(ctx, pl, s) for s in a.cards)
        if v > best_v:
            best, best_v = a, v
    return best, reason("agency.keep", value=best_v)


def _objective_hope(ctx: Ctx, oid: str) -> float:
    """How reachable an objective looks before anything is built."""
    o = ctx.content.objective[oid]
    first = o.tiers[0]
    return first.vp / (1.0 + first.min) + (0.0 if o.requires is None else -1.0)


# -- the policy -----------------------------------------------------------------------


def _follow(det: State, me: int, content: Content, depth: int) -> None:
    """Greedily settle the choices an action opened for ``me`` (in place)."""
    for _ in range(depth):
        if det.is_over() or det.active_players() != (me,):
            return
        view = det.board_view(me)
        pl = view["players"][me]
        if pl["pending"] is None and not (view["step"] == "mission" and pl["drawn"]):
            return
        legal = det.legal_actions(me)
        if len(legal) == 1:
            det.apply_legal(me, legal[0])
            continue
        best = legal[0]
        best_v = -math.inf
        for a in legal:
            c = det.clone()
            c.apply_legal(me, a)
            v = value(c.board_view(me), me, content)
            if v > best_v:
                best, best_v = a, v
        det.apply_legal(me, best)


def choose(state: State, player: int, rng: Rng) -> tuple[Action, Message]:
    """The heuristic's action and a short reason."""
    legal = state.legal_actions(player)
    if len(legal) == 1:
        return legal[0], reason("only-move")
    view = state.board_view(player)
    content = content_of(view)
    ctx = Ctx(view, content)
    if isinstance(legal[0], Keep):
        return _keep(ctx, player, legal)
    if isinstance(legal[0], Direction):
        return legal[0], reason("agency.either")
    if isinstance(legal[0], Play | Launch | Draw | Take | Sell):
        action = rollout(state, player, rng)
        return action, _rule_reason(action)
    det = state.determinize(player, rng.next64())
    base = value(view, player, content)
    best: Action | None = None
    best_v = -math.inf
    for a in legal:
        c = det.clone()
        c.apply_legal(player, a)
        _follow(c, player, content, 4)
        v = value(c.board_view(player), player, content)
        if isinstance(a, Done):
            v += 0.01  # no change is better than a worthless one
        if v > best_v + 1e-9:
            best, best_v = a, v
    assert best is not None
    return best, reason("worth", gain=best_v - base)


def _rule_reason(action: Action) -> Message:
    """Why the rules of thumb chose ``action``, in plain words."""
    if isinstance(action, Play):
        return reason("agency.play")
    if isinstance(action, Draw):
        return reason("agency.draw")
    if isinstance(action, Take):
        return reason("agency.take")
    if isinstance(action, Launch):
        return reason("agency.launch")
    if isinstance(action, Done):
        return reason("agency.done")
    if isinstance(action, Sell):
        return reason("agency.sell")
    return reason("agency.rule")


def rollout(state: State, player: int, rng: Rng) -> Action:
    """A quick policy for search rollouts: card values, no lookahead."""
    legal = state.legal_actions(player)
    if len(legal) == 1:
        return legal[0]
    first = legal[0]
    if isinstance(first, Direction):
        return first
    view = state.board_view(player)
    ctx = Ctx(view, content_of(view))
    pl = view["players"][player]
    if isinstance(first, Keep):
        return _keep(ctx, player, legal)[0]
    best = legal[rng.below(len(legal))]
    best_v = -math.inf
    spec = ctx.content.spec
    for a in legal:
        v = -math.inf
        if isinstance(a, Play):
            card = specialist_value(ctx, pl, a.card)
            v = card if a.mode == "money" else card + 0.5
        elif isinstance(a, DoAction):
            sid = pl["played"][-1] if pl["played"] else ""
            if sid in spec:
                act = spec[sid].actions[a.index - 1]
                v = sum(_effect_value(ctx, pl, e) for e in act.effects) - act.cost * ctx.mv
        elif isinstance(a, Draw):
            v = draw_value(ctx, pl, a.level)
        elif isinstance(a, Take):
            v = (mission_value(ctx, pl, a.card) + 3.0) * launch_chance(ctx, pl, a.card)
        elif isinstance(a, Launch):
            v = sum(mission_value(ctx, pl, m) for m in a.cards) + 3.0
            if a.symbol == "extra":
                v += 1.0
        elif isinstance(a, ChooseStation):
            v = float(a.space)
        elif isinstance(a, Done):
            v = 0.0
        elif isinstance(a, Sell):
            v = -1.0
        else:
            v = rng.random()
        if v > best_v:
            best, best_v = a, v
    return best


def evaluate(state: State) -> list[float]:
    """Each player's estimated chance to win, from public information."""
    view = state.board_view(None)
    n = len(view["players"])
    if view["step"] == "over":
        vps = [int(p["vp"]) for p in view["players"]]
        best = max(vps)
        winners = [q for q in range(n) if vps[q] == best]
        return [1.0 / len(winners) if q in winners else 0.0 for q in range(n)]
    est = estimate(view)
    rounds = int(view["rounds"])
    k = 0.06 + 0.2 * int(view["round"]) / rounds
    m = max(est)
    w = [math.exp(k * (x - m)) for x in est]
    s = sum(w)
    return [x / s for x in w]
