"""Planet's glossary: every card and Lift Off Point by the id views and actions
use, as "Name: what it does" (``Game.glossary``), for front ends, in the
current language.

Card texts come from the deck file (the rulebook's card list); Lift Off Point
texts say how many Aliens fit, what boarding costs and how it lifts off, from
the Lift Off Point file and the rulebook's descriptions. The words are
``planet.glossary.*`` (:mod:`.text`) and the content's (:mod:`.words`).
"""

from __future__ import annotations

from liftoff.engine.messages import plural, render
from liftoff.games.planet import text as _text  # noqa: F401  (registers the glossary's words)
from liftoff.games.planet.content import Cost, Phase, PlanetContent, PointSpec
from liftoff.games.planet.words import card_code, card_text, content_text, lp_name, plus

PHASES: tuple[Phase, ...] = ("full", "half", "new")


def _moon(phase: str) -> str:
    """ "Full Moon", "Half Moon", "New Moon"."""
    return render(f"planet.glossary.moon-{phase}")


def cost_words(cost: Cost | None) -> str:
    """ "1 Fuel + 2 Screws", "1 Action card", or "free"."""
    if cost is None:
        return render("planet.cost.free")
    parts = []
    if cost.fuel:
        parts.append(render("planet.glossary.fuel", {"count": cost.fuel}))
    if cost.screw:
        parts.append(plural("planet.cost.screws", cost.screw))
    if cost.action:
        parts.append(plural("planet.cost.action-cards", cost.action))
    return plus(parts) or render("planet.cost.free")


def _capacity(spec: PointSpec) -> str:
    if spec.capacity == "players":
        return render("planet.glossary.room-players")
    if spec.capacity == "unlimited":
        return render("planet.glossary.room-unlimited")
    return plural("planet.count.aliens", spec.capacity)


def _joined(code: str, parts: list[str]) -> str:
    """``parts`` joined two by two with template ``code`` ("{first}, {rest}")."""
    if len(parts) < 2:
        return "".join(parts)
    return render(code, {"first": parts[0], "rest": _joined(code, parts[1:])})


def _boarding(spec: PointSpec) -> str:
    if spec.placement_by_phase is not None:
        by: dict[str, str] = {p: cost_words(spec.placement_by_phase[p]) for p in PHASES}
        return render("planet.glossary.boarding-by-phase", by)
    if spec.placement_by_order is not None:
        steps = _joined("planet.glossary.then", [cost_words(c) for c in spec.placement_by_order])
        return render("planet.glossary.boarding-by-order", {"steps": steps})
    if spec.placement is None or spec.placement.as_tuple() == (0, 0, 0):
        return render("planet.glossary.boarding-free")
    return render("planet.glossary.boarding", {"cost": cost_words(spec.placement)})


def _lifting(spec: PointSpec) -> str:
    if spec.mechanic == "threshold":
        phases = spec.phases or []
        if set(phases) == set(PHASES):
            when = render("planet.glossary.any-phase")
        else:
            said = _joined("planet.glossary.or", [_moon(p) for p in phases])
            when = render("planet.glossary.at-phases", {"phases": said})
        need = cost_words(spec.lift)
        return render("planet.glossary.threshold", {"need": need, "when": when})
    if spec.mechanic == "dice":
        th = spec.thresholds or {}
        fail = "core" if spec.on_fail == "core" else "stay"
        params: dict[str, object] = {p: th.get(p, 0) for p in PHASES}
        params["roll"] = render(f"planet.word.{spec.roll_cost or 'fuel'}")
        params["fail"] = render(f"planet.glossary.fail-{fail}")
        return render("planet.glossary.dice", params)
    return render(f"planet.glossary.lift.{spec.mechanic}", {"fuel": spec.fuel_per_alien or 1})


def point_text(spec: PointSpec) -> str:
    """A Lift Off Point in words: room, boarding cost and how it lifts off."""
    return render(
        "planet.glossary.point",
        {
            "name": lp_name(spec.id, spec.name),
            "room": _capacity(spec),
            "boarding": _boarding(spec),
            "lifting": _lifting(spec),
        },
    )


def glossary(content: PlanetContent) -> dict[str, str]:
    """Card code, payment token and Lift Off Point id → "Name: what it does"."""
    out: dict[str, str] = {}
    names: dict[str, str] = {}
    for card in content.deck.cards:
        name = content_text(card_code(card.code), card.name)
        names[card.code] = name
        kind = render(
            "planet.glossary.resource-card"
            if card.type == "resource"
            else "planet.glossary.action-card"
        )
        said = {"name": name, "kind": kind, "text": card_text(card.code, card.text)}
        out[card.code] = render("planet.glossary.card", said)
    for token, paid in (("W=F", "F"), ("W=S", "S")):  # the deck has F, S and W (DeckFile)
        out[token] = render("planet.glossary.token", {"card": names["W"], "kind": names[paid]})
    for spec in content.points.points:
        out[spec.id] = point_text(spec)
    out["pool"] = render("planet.glossary.pool")
    return out
