"""Card texts and friendly action sentences for agency (terminal and browser).

The words live here, outside the rules: what a specialist's banner and actions
do, what a mission weighs, scores and does, how an objective scores, and a
sentence for every action that says what choosing it does ("Launch Space Probe
with your lab symbol: costs 5 money, scores 8 VP").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from liftoff.engine import Action

from . import actions as A
from . import effects as fx
from .content import Content, Mission, Objective, Specialist
from .launch import base_capacity, launch_cost
from .pending import effect_of

if TYPE_CHECKING:
    from .state import AgencyState

_BANNER = {
    "money": "+{v} money",
    "points": "+{v} VP",
    "capacity": "+{v} capacity on a launch this round",
    "mission": "+{v} mission this round",
    "launch": "+{v} cheaper launch this round",
}
_SYMBOL = {
    "lab": "your lab's launch",
    "extra": "your cheaper extra launch",
    "bonus": "a bonus launch",
}


def banner_text(spec: Specialist) -> str:
    """What playing the specialist always gives ("+3 money now")."""
    b = spec.banner
    return _BANNER[b.kind].format(v=b.value)


def action_text(spec: Specialist, index: int) -> str:
    """Action ``index`` (1-based) of a specialist: "pay 2 → +2 yellow tech"."""
    act = spec.actions[index - 1]
    pay = f"pay {act.cost} → " if act.cost else ""
    return pay + fx.describe_all(list(act.effects))


def spec_text(spec: Specialist) -> str:
    """A specialist's whole card: banner, then each action."""
    acts = "; ".join(f"action {i}: {action_text(spec, i)}" for i in range(1, len(spec.actions) + 1))
    return f"banner {banner_text(spec)}; {acts}"


def mission_text(m: Mission) -> str:
    """A mission card: level, weight, points and effect ("level 2, weight 3, 7 VP")."""
    text = f"level {m.level}, weight {m.weight}"
    if m.points:
        text += f", {m.points} VP"
    if m.effects:
        when = "at the end of the game: " if m.hourglass else "on launch: "
        text += "; " + when + fx.describe_all(list(m.effects))
    return text


def objective_text(o: Objective) -> str:
    """An objective card: what it counts and the VP of each tier."""
    tiers = ", ".join(f"{t.min}+ → {t.vp} VP" for t in o.tiers)
    need = f" (only with 1+ {o.requires.describe()})" if o.requires is not None else ""
    return f"{o.counts.describe()}: {tiers}{need}"


def card_glossary(c: Content) -> dict[str, str]:
    """Card id → "Name: what it does" for specialists, missions and objectives, and
    technology colour (``red``, …) → what its cards mean."""
    out: dict[str, str] = {}
    for s in c.specialists.specialists:
        out[s.id] = f"{s.name}: {spec_text(s)}"
    for m in c.missions.missions:
        out[m.id] = f"{m.name}: {mission_text(m)}"
    for o in c.objectives.objectives:
        out[o.id] = f"{o.name}: {objective_text(o)}"
    for t in c.technology.technology:
        out[t.colour] = f"{t.name} ({t.colour} technology): {TECH_TEXT}"
    return out


#: what a technology card does (002 §Player Setup, §Missions; AG-TECH-1)
TECH_TEXT = (
    "your level in this technology, one card per level; each mission level needs a "
    "minimum (shown above its deck), and cards are never spent on a launch. "
    "Objectives and the final scoring count them."
)


def _name(c: Content, card: str) -> str:
    for table in (c.spec, c.mission, c.objective):
        if card in table:
            return str(table[card].name)
    return card


def _card(c: Content, card: str) -> str:
    """A card's name and what it does, for choices."""
    if card in c.spec:
        return f"{c.spec[card].name} ({spec_text(c.spec[card])})"
    if card in c.mission:
        return f"{c.mission[card].name} ({mission_text(c.mission[card])})"
    if card in c.objective:
        return f"{c.objective[card].name} ({objective_text(c.objective[card])})"
    return card


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _play(c: Content, action: A.Play) -> str:
    spec = c.spec.get(action.card)
    if spec is None:
        return str(action)
    if action.mode == "money":
        return f"Play {spec.name}: {banner_text(spec)}, then take 2 money (no actions)"
    acts = "; ".join(f"{i}: {action_text(spec, i)}" for i in range(1, len(spec.actions) + 1))
    return f"Play {spec.name}: {banner_text(spec)}, then its actions ({acts})"


def _launch(s: AgencyState, p: int, action: A.Launch) -> str:
    c = s.content
    symbol = A.SYMBOLS.index(action.symbol)
    cards = [c.mission[m] for m in action.cards if m in c.mission]
    side = c.lab_side.get(s.lab[p])
    lab_vp = 0 if side is None else side.vp_phase1 if s.phase == 1 else side.vp_phase2
    vp = lab_vp + sum(m.points for m in cards)
    weight = sum(m.weight for m in cards)
    room = base_capacity(s, p, symbol)
    carry = f"weight {weight} of {room}" + (" + capacity banners" if weight > room else "")
    names = _and([m.name for m in cards]) if cards else str(action)
    effects = [fx.describe_all(list(m.effects)) for m in cards if m.effects and not m.hourglass]
    then = f"; then {'; '.join(effects)}" if effects else ""
    return (
        f"Launch {names} on {_SYMBOL.get(action.symbol, action.symbol)}: "
        f"costs {launch_cost(s, p, symbol)} money, {carry}, scores {vp} VP{then}"
    )


def _pending_card(s: AgencyState, p: int) -> str:
    queue = s.pend[p]
    return str(queue[0][1]) if queue and queue[0][0] == "spec" else ""


def _choice(s: AgencyState, p: int, action: Action) -> str | None:
    """A tech, upgrade or station choice inside an effect."""
    c, b = s.content, s.content.board.board
    queue = s.pend[p]
    effect = effect_of(s, queue[0]) if queue and queue[0][0] == "fx" else None
    if isinstance(action, A.ChooseTech):
        count = effect.count if isinstance(effect, fx.Tech) else 1
        names: dict[str, str] = {t.colour: t.name for t in c.technology.technology}
        card = "card" if count == 1 else "cards"
        return f"Take {count} {action.colour} technology {card} ({names.get(action.colour, '')})"
    if isinstance(action, A.ChooseUpgrade):
        if action.kind == "capacity":
            now, top = s.upc[p], len(b.capacity_track) - 1
            track = f"capacity {b.capacity_track[now]} → {b.capacity_track[min(top, now + 1)]}"
        else:
            now, top = s.upp[p], len(b.cost_track) - 1
            track = f"launches cost {b.cost_track[now]} → {b.cost_track[min(top, now + 1)]}"
        return f"Upgrade your rocket's {action.kind}: {track}"
    if isinstance(action, A.ChooseStation):
        if action.space == 0:
            return "Invest beside the station: counts as an investment, scores nothing"
        spot = b.station[action.space - 1]
        bonus = "+1 income" if spot.bonus == "income" else "1 green technology"
        return f"Invest in station space {action.space}: {spot.vp} VP and {bonus}"
    return None


def _done(s: AgencyState, p: int) -> str:
    card = _pending_card(s, p)
    if card:
        return f"Finish {_name(s.content, card)}'s actions"
    return {
        "mission": "Keep no more of the drawn missions",
        "launch": "Launch no more rockets this round",
        "sell": "Keep your objectives (sell no more)",
    }.get(s.step, "Done")


def describe_action(s: AgencyState, p: int, action: Action) -> str:
    """A sentence that says what choosing ``action`` does, with card texts."""
    c = s.content
    b = c.board.board
    if isinstance(action, A.Keep):
        if len(action.cards) == 1:  # two at once: their texts are on the board
            return "Keep " + _card(c, action.cards[0])
        return "Keep " + _and([_name(c, x) for x in action.cards])
    if isinstance(action, A.Sell):
        return f"Sell {_card(c, action.card)} for {b.objective_sale} money"
    if isinstance(action, A.Direction):
        return f"Pass the specialist draft to the {action.side}"
    if isinstance(action, A.Play):
        return _play(c, action)
    if isinstance(action, A.DoAction):
        card = _pending_card(s, p)
        if card in c.spec and action.index <= len(c.spec[card].actions):
            spec = c.spec[card]
            return f"{spec.name}'s action {action.index}: {action_text(spec, action.index)}"
    if isinstance(action, A.Done):
        return _done(s, p)
    chosen = _choice(s, p, action)
    if chosen is not None:
        return chosen
    if isinstance(action, A.Draw):
        return f"Draw {b.mission_draw} level-{action.level} missions and keep some"
    if isinstance(action, A.Take):
        m = c.mission.get(action.card)
        if m is not None:
            return f"Take {m.name} to Earth ({mission_text(m)})"
    if isinstance(action, A.Launch):
        return _launch(s, p, action)
    if isinstance(action, A.Resolve):
        m = c.mission.get(action.card)
        if m is not None:
            return f"Resolve {m.name} next: {fx.describe_all(list(m.effects))}"
    return str(action)
