"""A sensible beginner for the race game (*Lift Off!*, the real-time card game).

The bot reads only its view (every row, every stack's top card and size, the
order of the cards that went under its own stack) and the composition of its
own 30-card set, so it knows which kinds of card are still to come.

Loading: each planet's row is judged by the Victory Points it should bring
(ore productions its energy can pay for while deposits last, a Settler
majority on a planet that is or will be habitable) minus what the opponent's
row there brings. The top card goes where it adds the most: blue cards on rows
still open (before the Lift Off card), the Lift Off card on the open row with
the best prospects, red cards after a Lift Off where they will succeed (an
Ore Production with energy left, a Terraforming the planet needs, a Theft
against an unguarded row with cards worth taking). A card that cannot help now
but may later goes under the stack while the stack is still long; a card that
will never help is discarded, which also brings the Stop closer once the
bot's own missions are complete.

Resolution: pay with Solar Modules first (they are never used up); steal the
first card in the order Settlers, Solar Module, Energy Tank, Security Force.

For the search, :func:`priors` ranks the moves (the heuristic's own first, then
the rows by what the card adds there), :func:`rollout` is the heuristic itself
and :func:`evaluate` scores the leaves.
"""

from __future__ import annotations

import math
from typing import Any

from liftoff.bots.words import Phrase, reason
from liftoff.engine import Action, Rng, State
from liftoff.engine.messages import Message, said_text
from liftoff.games.race.actions import Discard, Place, Under
from liftoff.games.race.cards import CODES
from liftoff.games.race.phases import OVER
from liftoff.games.race.words import planet_code

COMPOSITION = {
    "tank": 6,
    "settlers": 6,
    "security": 1,
    "solar": 2,
    "liftoff": 5,
    "theft": 2,
    "terraform": 3,
    "ore": 5,
}
BLUE = frozenset(("tank", "settlers", "security", "solar"))
RED = frozenset(("ore", "terraform", "theft"))
LO_CHANCE = 0.6  # how much an open row's value counts before its Lift Off is placed
FUTURE = 0.6  # how much the red cards still to come count


def _split(row: list[str]) -> tuple[list[str], bool, list[str]]:
    """Blues before the Lift Off card, whether there is one, and the reds after it."""
    if "liftoff" in row:
        k = row.index("liftoff")
        return row[:k], True, row[k + 1 :]
    return list(row), False, []


def _energy_run(blues: list[str], reds: list[str], ore_left: int) -> tuple[int, int, int]:
    """Simulate a row's red cards with its own energy (Solar Modules first):
    (ore VP, terraforming events, thefts)."""
    solar = blues.count("solar")
    tanks = blues.count("tank")
    ore_vp = terra = thefts = 0
    for red in reds:
        if red == "ore":
            if ore_left > 0 and (solar or tanks):
                ore_vp += 1
                ore_left -= 1
                if not solar:
                    tanks -= 1
        elif red == "terraform":
            if solar >= 2:
                terra += 1
            elif solar == 1 and tanks >= 1:
                tanks -= 1
                terra += 1
            elif tanks >= 2:
                tanks -= 2
                terra += 1
        elif red == "theft":
            thefts += 1
    return ore_vp, terra, thefts


def planet_values(
    planet: dict[str, Any],
    mine: list[str],
    theirs: list[str],
    mine_lo_chance: float = LO_CHANCE,
    future: dict[str, int] | None = None,
) -> tuple[float, float]:
    """Estimated VP from one planet for the row ``mine`` and the row ``theirs``.

    ``future`` holds the red cards the player may still add (from what is left
    in their stack); they count for ``FUTURE`` of their worth. An open row
    (no Lift Off card yet) counts ``mine_lo_chance`` of its worth with one.
    """
    m_lo = "liftoff" in mine
    now_m, now_t = _values(planet, mine if m_lo else [*mine, "liftoff"], theirs)
    if future:
        ext = [*mine] if m_lo else [*mine, "liftoff"]
        for kind in ("ore", "terraform", "theft"):
            ext.extend([kind] * future.get(kind, 0))
        fut_m, fut_t = _values(planet, ext, theirs)
        now_m += FUTURE * (fut_m - now_m)
        now_t += FUTURE * (fut_t - now_t)
    if not m_lo:
        # without a Lift Off the row is lost: the opponent keeps what they have alone
        alone_t = _values(planet, [], theirs)[1]
        now_m *= mine_lo_chance
        now_t = mine_lo_chance * now_t + (1 - mine_lo_chance) * alone_t
    return now_m, now_t


def _values(planet: dict[str, Any], mine: list[str], theirs: list[str]) -> tuple[float, float]:
    mb, m_lo, mr = _split(mine)
    tb, t_lo, tr = _split(theirs)
    ore = int(planet["ore"]) - int(planet.get("ore_used", 0))
    m_ore, m_terra, m_theft = _energy_run(mb, mr, ore)
    t_ore, t_terra, t_theft = _energy_run(tb, tr, ore)
    if m_ore + t_ore > ore:  # they share the deposits
        scale = ore / (m_ore + t_ore)
        m_ore_f, t_ore_f = m_ore * scale, t_ore * scale
    else:
        m_ore_f, t_ore_f = float(m_ore), float(t_ore)
    m_set = mb.count("settlers") if m_lo else 0
    t_set = tb.count("settlers") if t_lo else 0
    m_sec = "security" in mb
    t_sec = "security" in tb
    # a theft moves one blue card (Settlers when there are any) unless guarded
    for _ in range(m_theft if m_lo else 0):
        if t_sec:
            t_sec = False
        elif t_lo and t_set:
            t_set -= 1
            m_set += 1
        elif t_lo and tb:
            m_ore_f += 0.2  # some energy taken
    for _ in range(t_theft if t_lo else 0):
        if m_sec:
            m_sec = False
        elif m_lo and m_set:
            m_set -= 1
            t_set += 1
    terra = int(planet.get("terraformed", 0))
    terra += (m_terra if m_lo else 0) + (t_terra if t_lo else 0)
    need = int(planet["terraforming"])
    vp = float(planet["vp"])
    m_val = m_ore_f if m_lo else 0.0
    t_val = t_ore_f if t_lo else 0.0
    if m_set != t_set:
        share = 1.0 if terra >= need else (0.3 if terra == need - 1 else 0.0)
        if m_set > t_set:
            m_val += vp * share
        else:
            t_val += vp * share
    return m_val, t_val


def _future(
    planet: dict[str, Any], left: dict[str, int], rows: int, theirs: list[str]
) -> dict[str, int]:
    """The red cards the player may still add at this planet (a fair share)."""
    rows = max(1, rows)
    ore_left = int(planet["ore"]) - int(planet.get("ore_used", 0))
    fut = {
        "ore": min(ore_left, -(-left.get("ore", 0) // rows)),
        "terraform": min(int(planet["terraforming"]), -(-left.get("terraform", 0) // rows)),
        "theft": 1 if left.get("theft", 0) and "settlers" in theirs else 0,
    }
    return fut


def _codes(kinds: list[int]) -> list[str]:
    """Card kinds of the numbers view as the heuristic's codes (constants: no string built)."""
    return [CODES[k] for k in kinds]


def _my_rows(view: dict[str, Any], me: int) -> list[tuple[dict[str, Any], list[str], list[str]]]:
    out = []
    for planet in view["planets"]:
        players = planet["players"]
        if me not in players:
            continue
        side = players.index(me)
        rows = planet["rows"]
        out.append((planet, _codes(rows[side]), _codes(rows[1 - side])))
    return out


def _remaining(view: dict[str, Any], me: int) -> dict[str, int]:
    """The kinds still in the player's stack below the top card."""
    left = dict(COMPOSITION)
    info = view["players"][me]
    for planet in view["planets"]:
        players = planet["players"]
        if me in players:
            for k in planet["rows"][players.index(me)]:
                left[CODES[k]] -= 1
    for k in info["discards"] + info["set_aside"]:
        left[CODES[k]] -= 1
    if info["top"] >= 0:
        left[CODES[info["top"]]] -= 1
    return left


def choose(state: State, player: int, rng: Rng) -> tuple[Action, Message]:
    """The heuristic's action and a short reason."""
    legal = state.legal_actions(player)
    if len(legal) == 1:
        return legal[0], reason("only-move")
    view = state.numbers_view(player)
    if not view["loading"]:
        # resolution choices: the legal order already puts Solar Modules first and
        # the most valuable steal first
        return legal[0], reason("race.resolve")
    action, why, _ = _weigh(state, view, player, legal)
    return action, why


def _weigh(
    state: State, view: dict[str, Any], me: int, legal: list[Action]
) -> tuple[Action, Message, dict[Action, float]]:
    """The loading move, its reason, and what placing the top card on each row
    would add (estimated Victory Points against the opponent there); ``view``:
    ``state``'s numbers view for ``me``."""
    info = view["players"][me]
    top: str = CODES[info["top"]]
    rows = {int(p["number"]): (p, mine, theirs) for p, mine, theirs in _my_rows(view, me)}
    left = _remaining(view, me)
    lo_left = left.get("liftoff", 0)
    open_rows = [n for n, (_, mine, _) in rows.items() if "liftoff" not in mine]
    lo_chance = LO_CHANCE if lo_left + (top == "liftoff") >= 1 else 0.0
    stack = int(info["stack"])
    best: Action | None = None
    best_gain = 0.0
    gains: dict[Action, float] = {}
    viable = sum(
        1 for _, mine, _ in rows.values() if "liftoff" in mine and any(c in BLUE for c in mine)
    ) + min(len(open_rows), lo_left + (top == "liftoff"))
    for a in legal:
        if not isinstance(a, Place):
            continue
        planet, mine, theirs = rows[a.planet]
        fut = _future(planet, left, viable, theirs)
        before_m, before_t = planet_values(planet, mine, theirs, lo_chance, fut)
        after_m, after_t = planet_values(planet, [*mine, top], theirs, lo_chance, fut)
        gain = (after_m - after_t) - (before_m - before_t)
        if top == "liftoff":
            blues = len(mine)
            gain += 0.05 * blues  # missions with cards behind them
            if lo_left < len(open_rows) - 1:
                gain += 0.1  # fewer Lift Off cards than open rows: use this one
        elif top in BLUE and lo_chance == 0:
            gain = 0.0
        gains[a] = gain
        if gain > best_gain + 1e-9:
            best, best_gain = a, gain
    if best is not None and best_gain > 0.04:
        assert isinstance(best, Place)
        # the planet's English name (its key in the content)
        key = str(getattr(state, "table").planets[rows[best.planet][0]["type"]].name)  # noqa: B009
        where = reason(
            "race.planet", planet=best.planet, planet_name=said_text(planet_code(key), key)
        )
        return best, reason("race.adds", gain=best_gain, action=Phrase(where, str(best))), gains
    # nothing good now: keep the card for later, or get rid of it
    later = False
    if top in RED:
        later = lo_left > 0 and bool(open_rows)
    elif top == "liftoff":
        later = any(left.get(k, 0) for k in ("settlers", "tank", "solar")) and stack > 6
    elif top in BLUE:
        later = False
    if later and stack > 4 and int(info["unseen"]) + len(info["known_bottom"]) > 3:
        for a in legal:
            if isinstance(a, Under):
                return a, reason("race.under"), gains
    if best is not None and best_gain > 0:
        return best, reason("race.small-gain"), gains
    for a in legal:
        if isinstance(a, Discard):
            return a, reason("race.discard"), gains
    return legal[0], reason("race.no-better"), gains


#: how far the heuristic's own move leads the best other row in :func:`priors`
#: (in estimated Victory Points; at the search's temperature of 0.1, e times
#: the weight)
PRIOR_LEAD = 0.1


def priors(state: State, player: int, rng: Rng) -> list[float]:
    """How much the heuristic likes each legal action (for search priors): its
    own move first, then the rows by what the top card would add there, then
    keeping the card (under the stack or discarded)."""
    legal = state.legal_actions(player)
    view = state.numbers_view(player)
    if len(legal) == 1 or not view["loading"]:
        chosen = choose(state, player, rng)[0]
        return [1.0 if a == chosen else 0.0 for a in legal]
    chosen, _, gains = _weigh(state, view, player, legal)
    lead = max([0.0, *gains.values()]) + PRIOR_LEAD
    return [lead if a == chosen else max(0.0, gains.get(a, 0.0)) for a in legal]


def rollout(state: State, player: int, rng: Rng) -> Action:
    """The rollout policy: the heuristic itself (it is cheap)."""
    return choose(state, player, rng)[0]


def evaluate(state: State) -> list[float]:
    """Each player's estimated chance to win, from the public view."""
    view = state.numbers_view(None)
    n = len(view["players"])
    if view["phase"] == OVER:
        scores = [float(p["score"]) for p in view["players"]]
        top = max(scores)
        winners = [i for i in range(n) if scores[i] == top]
        return [1.0 / len(winners) if i in winners else 0.0 for i in range(n)]
    est = [float(p["score"]) for p in view["players"]]
    if view["loading"]:
        # the smallest stack ends the round: a player gets through about that
        # many of their own cards, so rows still waiting for a Lift Off card are
        # the likelier to get it the shorter the player's stack is
        stacks = [int(p["stack"]) for p in view["players"]]
        shortest = min(stacks)
        chance = [min(1.0, (shortest + 1) / (st + 1)) * 0.9 for st in stacks]
        for planet in view["planets"]:
            a, b = planet["players"]
            ra, rb = _codes(planet["rows"][0]), _codes(planet["rows"][1])
            est[a] += planet_values(planet, ra, rb, chance[a])[0]
            est[b] += planet_values(planet, rb, ra, chance[b])[0]
    rounds_left = int(view["rounds"]) - int(view["round"]) + (1 if view["loading"] else 0)
    k = 0.25 + 0.5 / max(1, rounds_left)
    m = max(est)
    w = [math.exp(k * (x - m)) for x in est]
    s = sum(w)
    return [x / s for x in w]
