"""Planet's glossary: every card and Lift Off Point by the id views and actions
use, as "Name: what it does" (``Game.glossary``), for front ends.

Card texts come from the deck file (the rulebook's card list); Lift Off Point
texts say how many Aliens fit, what boarding costs and how it lifts off, from
the Lift Off Point file and the rulebook's descriptions.
"""

from __future__ import annotations

from .content import Cost, PlanetContent, PointSpec

PHASE_WORDS = {"full": "Full", "half": "Half", "new": "New"}

#: how each kind of Lift Off Point lifts off (the rulebook's §Lift Off Points)
LIFT_WORDS = {
    "instant": "the boarding cost is the whole Lift Off cost: the Alien lifts off at once",
    "teleport": (
        "at every New Moon the players with Aliens aboard may pay {fuel} Fuel per Alien "
        "between them; all of it or nobody leaves (no paying in advance)"
    ),
    "slingshot": (
        "when a second Alien boards, the first one lifts off (yours or anyone's); one "
        "Alien on the Launch Platform at a time"
    ),
    "miracle": (
        "needs one Alien from every player still on the planet; they all lift off the "
        "moment the last one boards"
    ),
    "stargate": (
        "each time the Moon reaches the star, the Stargate die is rolled: everyone draws "
        "1 or 2 cards, an earthquake destroys it (its Aliens go back to the Core), a "
        "Tornado!, an Electric Storm!, or Lift Off for every Alien aboard"
    ),
}

#: the places of the board that are not content but appear in actions and views
PLACES = {
    "pool": (
        "The Garglore's lava pool: while the Garglore is there it blocks no Lift Off "
        "Point. He returns to it whenever the Moon reaches the star."
    ),
}


def cost_words(cost: Cost | None) -> str:
    """ "1 Fuel + 2 Screws", "1 Action card", or "free"."""
    if cost is None:
        return "free"
    parts = []
    if cost.fuel:
        parts.append(f"{cost.fuel} Fuel")
    if cost.screw:
        parts.append(f"{cost.screw} Screw{'s' if cost.screw > 1 else ''}")
    if cost.action:
        parts.append(f"{cost.action} Action card{'s' if cost.action > 1 else ''}")
    return " + ".join(parts) or "free"


def _capacity(spec: PointSpec) -> str:
    if spec.capacity == "players":
        return "one Alien per player"
    if spec.capacity == "unlimited":
        return "any number of Aliens"
    return f"{spec.capacity} Alien{'s' if spec.capacity != 1 else ''}"


def _boarding(spec: PointSpec) -> str:
    if spec.placement_by_phase is not None:
        by = spec.placement_by_phase
        return "boarding costs " + ", ".join(
            f"{cost_words(by[p])} at {PHASE_WORDS[p]} Moon" for p in ("full", "half", "new")
        )
    if spec.placement_by_order is not None:
        steps = ", ".join(cost_words(c) for c in spec.placement_by_order)
        return f"boarding costs more for each Alien aboard: {steps}"
    words = cost_words(spec.placement)
    return "boarding is free" if words == "free" else f"boarding costs {words}"


def _lifting(spec: PointSpec) -> str:
    if spec.mechanic == "threshold":
        phases = spec.phases or []
        when = (
            "in any Moon phase"
            if set(phases) == set(PHASE_WORDS)
            else "at " + " or ".join(f"{PHASE_WORDS[p]} Moon" for p in phases)
        )
        need = cost_words(spec.lift)
        return (
            f"everyone aboard lifts off once {need} have been paid into it, {when}; "
            "extra resources may be paid in on your turn"
        )
    if spec.mechanic == "dice":
        th = spec.thresholds or {}
        roll = "Fuel" if spec.roll_cost == "fuel" else "Screw"
        needs = ", ".join(
            f"{th.get(p, 0)}+ at {PHASE_WORDS[p]} Moon" for p in ("full", "half", "new")
        )
        fail = (
            "a failed roll sends everyone aboard back to the Core"
            if spec.on_fail == "core"
            else "a failed roll changes nothing"
        )
        return (
            f"pay 1 {roll} to roll the Lift Off die; everyone aboard lifts off on "
            f"enough rockets ({needs}); {fail}"
        )
    return LIFT_WORDS[spec.mechanic].format(fuel=spec.fuel_per_alien or 1)


def point_text(spec: PointSpec) -> str:
    """A Lift Off Point in words: room, boarding cost and how it lifts off."""
    return f"{spec.name}: holds {_capacity(spec)}; {_boarding(spec)}; {_lifting(spec)}."


def glossary(content: PlanetContent) -> dict[str, str]:
    """Card code, payment token and Lift Off Point id → "Name: what it does"."""
    out: dict[str, str] = {}
    names = {}
    for card in content.deck.cards:
        names[card.code] = card.name
        kind = "Resource card" if card.type == "resource" else "Action card"
        out[card.code] = f"{card.name}: {kind}. {card.text}"
    for token, paid in (("W=F", "F"), ("W=S", "S")):
        wild, as_ = names.get("W", "Wild"), names.get(paid, paid)
        out[token] = f"{wild} as {as_}: a {wild} card paid as 1 {as_}."
    for spec in content.points.points:
        out[spec.id] = point_text(spec)
    out.update(PLACES)
    return out
