"""Card texts and friendly action sentences for agency (terminal and browser).

The words live here, outside the rules: what a specialist's banner and actions
do, what a mission weighs, scores and does, how an objective scores, and a
sentence for every action that says what choosing it does ("Launch Space Probe
with your lab symbol: costs 5 money, scores 8 VP").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from liftoff.engine import Action
from liftoff.engine.messages import and_list, plural, render, text
from liftoff.games.agency import actions as A
from liftoff.games.agency import effects as fx
from liftoff.games.agency.content import Content, Mission, Objective, Specialist
from liftoff.games.agency.words import card_name, colour, tech_name, word


def banner_text(spec: Specialist) -> str:
    """What playing the specialist always gives ("+3 money")."""
    b = spec.banner
    return render(f"agency.describe.banner.{b.kind}", {"value": b.value})


def action_text(spec: Specialist, index: int) -> str:
    """Action ``index`` (1-based) of a specialist: "pay 2 → +2 yellow tech"."""
    act = spec.actions[index - 1]
    effects = fx.describe_all(list(act.effects))
    if act.cost:
        return render("agency.describe.action-paid", {"cost": act.cost, "effects": effects})
    return effects


def _actions(spec: Specialist) -> dict[str, str]:
    """The texts of a specialist's one or two actions (``one``, ``two``)."""
    out = {"one": action_text(spec, 1)}
    if len(spec.actions) > 1:
        out["two"] = action_text(spec, 2)
    return out


def spec_text(spec: Specialist) -> str:
    """A specialist's whole card: banner, then each action."""
    acts = _actions(spec)
    code = f"agency.describe.specialist-{len(acts)}"
    return render(code, {"banner": banner_text(spec), **acts})


def mission_text(m: Mission) -> str:
    """A mission card: level, weight, points and effect ("level 2, weight 3, 7 VP")."""
    params = {"level": m.level, "weight": m.weight, "points": m.points}
    card = render(
        "agency.describe.mission-points" if m.points else "agency.describe.mission", params
    )
    if not m.effects:
        return card
    when = "agency.describe.mission-end" if m.hourglass else "agency.describe.mission-launch"
    return render(when, {"card": card, "effects": fx.describe_all(list(m.effects))})


def objective_text(o: Objective) -> str:
    """An objective card: what it counts and the VP of each tier."""
    tiers = _joined(
        "agency.describe.tiers",
        "tier",
        [render("agency.describe.tier", {"min": t.min, "vp": t.vp}) for t in o.tiers],
    )
    params = {"counts": o.counts.describe(), "tiers": tiers}
    if o.requires is None:
        return render("agency.describe.objective", params)
    params["requires"] = o.requires.describe()
    return render("agency.describe.objective-requires", params)


def _joined(code: str, field: str, items: list[str]) -> str:
    """``items`` joined one by one with template ``code`` (``{<field>s}, {<field>}``):
    the separator is the language's."""
    out = items[0] if items else ""
    for item in items[1:]:
        out = render(code, {f"{field}s": out, field: item})
    return out


def _named(name: str, said: str) -> str:
    return render("agency.describe.named", {"name": name, "text": said})


def card_glossary(c: Content) -> dict[str, str]:
    """Card id → "Name: what it does" for specialists, missions and objectives, and
    technology colour (``red``, …) → what its cards mean, in the current language."""
    out: dict[str, str] = {}
    for s in c.specialists.specialists:
        out[s.id] = _named(card_name(c, s.id), spec_text(s))
    for m in c.missions.missions:
        out[m.id] = _named(card_name(c, m.id), mission_text(m))
    for o in c.objectives.objectives:
        out[o.id] = _named(card_name(c, o.id), objective_text(o))
    about = text("agency.describe.tech-card")
    for t in c.technology.technology:
        params = {"name": tech_name(c, t.colour), "colour": colour(t.colour)}
        out[t.colour] = _named(render("agency.describe.technology", params), about)
    return out


def _card(c: Content, card: str) -> dict[str, str]:
    """A card's name and what it does (``name``, ``text``), for choices."""
    if card in c.spec:
        said = spec_text(c.spec[card])
    elif card in c.mission:
        said = mission_text(c.mission[card])
    elif card in c.objective:
        said = objective_text(c.objective[card])
    else:
        return {"name": card, "text": ""}
    return {"name": card_name(c, card), "text": said}


def _play(c: Content, action: A.Play) -> str:
    spec = c.spec.get(action.card)
    if spec is None:
        return str(action)
    params = {"name": card_name(c, spec.id), "banner": banner_text(spec)}
    if action.mode == "money":
        money = c.board.board.money_instead
        return render("agency.describe.play-money", {**params, "money": money})
    acts = _actions(spec)
    return render(f"agency.describe.play-{len(acts)}", {**params, **acts})


def _launch(c: Content, action: A.Launch, facts: Mapping[str, Any]) -> str:
    cards = [c.mission[m] for m in action.cards if m in c.mission]
    vp = int(facts.get("lab_vp", 0)) + sum(m.points for m in cards)
    weight = sum(m.weight for m in cards)
    room = int(facts.get("room", 0))
    carry = "agency.describe.carry" + ("-banners" if weight > room else "")
    names = and_list([card_name(c, m.id) for m in cards]) if cards else str(action)
    effects = [fx.describe_all(list(m.effects)) for m in cards if m.effects and not m.hourglass]
    params = {
        "names": names,
        "symbol": word("describe.symbol", action.symbol),
        "cost": facts.get("cost", 0),
        "carry": render(carry, {"weight": weight, "room": room}),
        "vp": vp,
        "effects": _joined("agency.describe.effects", "effect", effects),
    }
    return render("agency.describe.launch-then" if effects else "agency.describe.launch", params)


def _choice(c: Content, action: Action, facts: Mapping[str, Any]) -> str | None:
    """A tech, upgrade or station choice inside an effect."""
    b = c.board.board
    if isinstance(action, A.ChooseTech):
        count = int(facts.get("count", 1))
        params = {
            "count": count,
            "colour": colour(action.colour),
            "cards": plural("agency.noun.card", count),
            "name": tech_name(c, action.colour),
        }
        return render("agency.describe.tech", params)
    if isinstance(action, A.ChooseUpgrade):
        step = {"now": facts.get("now", 0), "next": facts.get("next", 0)}
        return render(f"agency.describe.upgrade.{action.kind}", step)
    if isinstance(action, A.ChooseStation):
        if action.space == 0:
            return text("agency.describe.station-beside")
        spot = b.station[action.space - 1]
        where = {"space": action.space, "vp": spot.vp}
        return render(f"agency.describe.station.{spot.bonus}", where)
    return None


def _done(c: Content, facts: Mapping[str, Any]) -> str:
    card = str(facts.get("card", ""))
    if card:
        return render("agency.describe.finish", {"name": card_name(c, card)})
    step = facts.get("step")
    if step in ("mission", "launch", "sell"):
        return text(f"agency.describe.done.{step}")
    return text("agency.describe.done")


def describe_action(c: Content, action: Action, facts: Mapping[str, Any]) -> str:
    """A sentence that says what choosing ``action`` does, with card texts, in the
    current language, from the ids and numbers of ``Game.describe_action``
    (``liftoff.games.agency.facts``); the action's text, what a person types, is
    ``str(action)``."""
    b = c.board.board
    if isinstance(action, A.Keep):
        first = _card(c, action.cards[0])
        if len(action.cards) == 1 and first["text"]:  # two at once: their texts are on the board
            return render("agency.describe.keep-card", first)
        names = and_list([card_name(c, x) for x in action.cards])
        return render("agency.describe.keep", {"names": names})
    if isinstance(action, A.Sell):
        sold = _card(c, action.card)
        if sold["text"]:
            return render("agency.describe.sell", {**sold, "money": b.objective_sale})
    if isinstance(action, A.Direction):
        return render("agency.describe.direction", {"side": word("side", action.side)})
    if isinstance(action, A.Play):
        return _play(c, action)
    if isinstance(action, A.DoAction):
        card = str(facts.get("card", ""))
        if card in c.spec and action.index <= len(c.spec[card].actions):
            spec = c.spec[card]
            said = action_text(spec, action.index)
            params = {"name": card_name(c, card), "index": action.index, "text": said}
            return render("agency.describe.action", params)
    if isinstance(action, A.Done):
        return _done(c, facts)
    chosen = _choice(c, action, facts)
    if chosen is not None:
        return chosen
    if isinstance(action, A.Draw):
        return render("agency.describe.draw", {"count": b.mission_draw, "level": action.level})
    if isinstance(action, A.Take):
        m = c.mission.get(action.card)
        if m is not None:
            params = {"name": card_name(c, m.id), "text": mission_text(m)}
            return render("agency.describe.take", params)
    if isinstance(action, A.Launch):
        return _launch(c, action, facts)
    if isinstance(action, A.Resolve):
        m = c.mission.get(action.card)
        if m is not None:
            effects = fx.describe_all(list(m.effects))
            return render(
                "agency.describe.resolve", {"name": card_name(c, m.id), "effects": effects}
            )
    return str(action)
