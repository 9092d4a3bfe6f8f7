"""The board tells the truth: where the pieces are on screen is where the engine says.

States are sampled from seeded random playouts of planet (both Moon models, 2 to 5
players, with and without the Garglore); each is drawn by the real board module in
headless Chromium (one page, every state in turn), and every piece is found as a
person finds it, by its accessible name or text, and measured by its bounding box on
the rendered page (never by the coordinates the drawing code wrote):

- the ring goes counter-clockwise from the top Exit Point S0, 45 degrees a segment
  (PL-SETUP-2, PL-GAP-1);
- the Moon's centre is nearest the segment the engine says it stands above: the Lift
  Off Point the engine gives a Full Moon, or the star over S0, and at that segment's
  angle (PL-TURN-4, PL-MOON-5, PL-GAP-2); its popover names that point;
- every Alien stack is inside its segment, with the engine's count;
- the Garglore is drawn on the Lift Off Point the engine puts it on, and nowhere else;
- the Day Track shows the engine's passed days.
"""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

import pytest
from browsers import evaluated_on_a_page
from server_helpers import Db, ServerFactory
from test_server_board_paths import DESKTOP, PHONE
from test_server_browser import CHROMIUM, chrome

import liftoff
from liftoff import speech
from liftoff.i18n.web import words_for
from sampling import sample

__all__ = ["chrome"]  # the browser fixture, shared with the other browser tests

pytestmark = [
    pytest.mark.asyncio,
    pytest.mark.browser,
    pytest.mark.timeout(200),
    pytest.mark.skipif(not __import__("os").path.exists(CHROMIUM), reason="needs Chromium"),
]

STATES = 120
MEASURE = (Path(__file__).parent / "js" / "planet_truth.js").read_text()


def sample_planet(count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` states of seeded random planet games, as seat 0 sees them."""
    game = liftoff.games.get("planet")
    rnd = random.Random(seed)
    out: list[dict[str, Any]] = []
    g = 0
    while len(out) < count:
        g += 1
        players = rnd.randint(2, 5)
        options: dict[str, Any] = {"moon_model": "A" if g % 3 == 0 else "B"}
        if g % 4 == 0:
            options["no_garglore"] = True
        state = game.new_game(players, seed=seed * 1000 + g, options=options)
        names = [f"Player {p + 1}" for p in range(players)]
        while not state.is_over() and len(out) < count:
            p = rnd.choice(state.active_players())
            legal = state.legal_actions(p)
            state.apply_legal(p, legal[rnd.randrange(len(legal))])
            if rnd.random() < 0.08:
                out.append({"view": speech.of(game).view_words(state.view(0)), "names": names})
    return out


def angle(piece: dict[str, float], core: dict[str, float]) -> float:
    """The screen angle of ``piece`` around the Core, degrees (y down: clockwise grows)."""
    return math.degrees(math.atan2(piece["y"] - core["y"], piece["x"] - core["x"]))


def apart(a: float, b: float) -> float:
    return abs((a - b + 180) % 360 - 180)


def moon_segment(view: dict[str, Any]) -> str:
    """The segment the engine says the Moon stands above: the Lift Off Point it gives
    a Full Moon; else the star (over S0) or an Exit Point (Model A's exitN, S2N)."""
    full = [s["segment"] for s in view["ring"] if s.get("moon_phase") == "full"]
    if full:
        return str(full[0])
    spot = view["moon"]["spot_name"]
    return "S0" if spot == "star" else f"S{2 * int(spot[4:])}"


def check_state(view: dict[str, Any], seen: dict[str, Any]) -> list[str]:
    """What the drawing of one state gets wrong (nothing: an empty list)."""
    core, moon = seen["core"], seen["moon"]
    assert core and moon, "the Core and the Moon are drawn, with their names"
    where = {s["segment"]: s for s in seen["segments"]}
    wrong: list[str] = []
    unit = core["w"] / 240  # screen px per board unit (the Core: 2 x 118 and its rim)
    for k in range(8):  # PL-GAP-1: counter-clockwise from the top Exit Point S0
        if apart(angle(where[f"S{k}"], core), -90 - 45 * k) > 2:
            wrong.append(f"S{k} at {angle(where[f'S{k}'], core):.0f} deg")
    # PL-GAP-2: the Moon is over the segment the engine says, at its angle
    said = moon_segment(view)
    nearest = min(where.values(), key=lambda s: math.dist((s["x"], s["y"]), (moon["x"], moon["y"])))
    if nearest["segment"] != said:
        wrong.append(f"Moon nearest {nearest['segment']}, the engine says {said}")
    if apart(angle(moon, core), angle(where[said], core)) > 2:
        wrong.append(
            f"Moon at {angle(moon, core):.0f} deg, {said} at {angle(where[said], core):.0f}"
        )
    lp = next((s for s in view["ring"] if s["segment"] == said and "name" in s), None)
    if lp and lp["name"] not in seen["moonText"]:
        wrong.append(f"the Moon's popover does not name {lp['name']}: {seen['moonText']!r}")
    for seg in view["ring"]:
        drawn = where[seg["segment"]]
        mid = angle(drawn, core)
        for dot in drawn["aliens"]:
            off = apart(angle(dot, core), mid)
            r = math.dist((dot["x"], dot["y"]), (core["x"], core["y"])) / unit
            if off > 22.5 or not 118 <= r <= 310:
                wrong.append(f"an Alien of {seg['segment']} drawn at {off:.0f} deg, r {r:.0f}")
        if sorted(d["n"] for d in drawn["aliens"]) != sorted(n for n in seg["aliens"] if n):
            wrong.append(f"{seg['segment']}: Aliens {drawn['aliens']} for {seg['aliens']}")
        has_garglore = seg.get("lp") is not None and view["garglore"] == seg.get("lp")
        if len(drawn["garglore"]) != int(has_garglore):
            wrong.append(f"{seg['segment']}: Garglore drawn {len(drawn['garglore'])}")
        for g in drawn["garglore"]:
            if apart(angle(g, core), mid) > 22.5:
                wrong.append(f"the Garglore of {seg['segment']} outside it")
    days, passed = seen["days"], view["days"]["passed"]
    if (
        len(days) != view["days"]["total"]
        or len(set(days[:passed])) > 1
        or len(set(days[passed:])) > 1
    ):
        wrong.append(f"Day Track {days} for {passed} passed")
    elif 0 < passed < len(days) and days[0] == days[-1]:
        wrong.append(f"Day Track shows no passed day of {passed}")
    return wrong


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
async def test_planet_board_is_where_the_engine_says(
    server: ServerFactory, sqlite_db: Db, chrome: Any, viewport: dict[str, int]
) -> None:
    r = await server(sqlite_db)
    states = sample_planet(STATES, seed=11 if viewport is DESKTOP else 12)
    spots = {s["view"]["moon"]["spot_name"] for s in states}
    assert {"star", "slot1", "slot2", "slot3", "slot4", "exit1"} <= spots, spots
    assert any(s["view"]["garglore"] not in (None, "pool") for s in states)
    en = words_for("en")
    words = {
        "moon": en["web.planet.moon.title"],
        "core": en["web.planet.core.label"],
        "garglore": en["web.planet.garglore.blocks"],
    }
    seen = await evaluated_on_a_page(
        chrome, r.base + "/", MEASURE, {"states": states, "words": words}, viewport=viewport
    )
    wrong = {
        i: w
        for i, (s, m) in enumerate(zip(states, seen, strict=True))
        if (w := check_state(s["view"], m))
    }
    assert not wrong, (
        f"{len(wrong)} of {len(states)} states drawn wrong: {dict(list(wrong.items())[:5])}"
    )


DICE = (Path(__file__).parent / "js" / "planet_dice.js").read_text()
NAMES = ["Ann", "Bo", "Cy", "Di", "Eve"]


def last_move(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The events of the view's last move (after its last action)."""
    recent = view.get("recent", [])
    k = max((i + 1 for i, e in enumerate(recent) if e["kind"] == "action"), default=0)
    return list(recent[k:])


def sample_last_moves(count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` planet states (seat 0's view) whose last move rolled a die or drew
    cards, from seeded random games played with events (``apply``)."""
    game = liftoff.games.get("planet")
    words = speech.of(game)
    rnd = random.Random(seed)
    out: list[dict[str, Any]] = []
    g = 0
    while len(out) < count:
        g += 1
        players = rnd.randint(2, 5)
        state = game.new_game(players, seed=seed * 1000 + g)
        while not state.is_over() and len(out) < count:
            p = rnd.choice(state.active_players())
            legal = state.legal_actions(p)
            state.apply(p, legal[rnd.randrange(len(legal))])
            view = words.view_words(state.view(0), "en")
            kinds = [e["kind"] for e in last_move(view)]
            rolled = any(k.startswith(("planet.ev.roll", "planet.ev.stargate.")) for k in kinds)
            drew = "planet.ev.draw" in kinds
            if rolled or (drew and rnd.random() < 0.15):
                out.append({"view": view, "names": NAMES[:players]})
    return out


def dice_and_draws_wrong(state: dict[str, Any], seen: dict[str, Any]) -> list[str]:
    """What the board shows wrong of the last move's dice and draws."""
    view, names = state["view"], state["names"]
    en = words_for("en")
    ring = {s.get("lp"): s for s in view["ring"] if s.get("lp")}
    events = last_move(view)
    want: list[tuple[str, str, str]] = []  # (die, face, segment)
    for e in events:
        if e["kind"] in ("planet.ev.roll", "planet.ev.roll-x"):
            face = str(e["data"]["rockets"]) if e["kind"] == "planet.ev.roll" else "X"
            want.append(("liftoff", face, ring[e["data"]["lp"]]["segment"]))
        elif e["kind"].startswith("planet.ev.stargate."):
            gone = next(
                (
                    x
                    for x in events
                    if x["kind"] == "planet.ev.replaced" and x["data"]["lp"] == "stargate"
                ),
                None,
            )
            lp = "stargate" if "stargate" in ring else gone["data"]["new"] if gone else None
            if lp:
                face = en[f"web.planet.die.face.{e['data']['face']}"]
                want.append(("stargate", face, ring[lp]["segment"]))
    got = [
        (
            "liftoff" if d["name"].startswith("Lift Off") else "stargate",
            d["face"],
            ",".join(d["at"]),
        )
        for d in seen["dice"]
    ]
    wrong = [] if sorted(got) == sorted(want) else [f"dice {got}, the engine rolled {want}"]
    rows = []
    for e in events:
        if e["kind"] != "planet.ev.draw":
            continue
        who = e["data"]["who"]
        if who == view["you"]:
            names_of = [en.get(f"web.planet.card.{c}", c) for c in e["data"]["codes"]]
            rows.append((en["web.planet.drawn.you"], sorted(names_of), 0))
        else:
            n = e["data"]["count"]
            said = en["web.planet.drawn.other.one" if n == 1 else "web.planet.drawn.other.other"]
            rows.append((said.format(name=names[who], count=n), [], n))
    shown = [(r["label"], sorted(r["cards"]), r["backs"]) for r in seen["drawn"]]
    if shown != rows:
        wrong.append(f"drawn {shown}, the engine {rows}")
    return wrong


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
async def test_the_last_moves_dice_and_draws_are_on_the_board(
    server: ServerFactory, sqlite_db: Db, chrome: Any, viewport: dict[str, int]
) -> None:
    """The Lift Off and Stargate dice of the last move lie on the point they were
    rolled at, showing their face; the cards drawn are beside the hand (yours by
    name, the others' as backs), over sampled states (PL-DIE-2..4, PL-SGATE-3)."""
    r = await server(sqlite_db)
    states = sample_last_moves(sample(60, 300), seed=31 if viewport is DESKTOP else 33)
    kinds = {e["kind"] for s in states for e in last_move(s["view"])}
    assert {"planet.ev.roll", "planet.ev.draw"} <= kinds, kinds
    assert any(k.startswith("planet.ev.stargate.") for k in kinds), kinds
    en = words_for("en")
    words = {
        "moon": en["web.planet.moon.title"],
        "liftoff": en["web.planet.die.liftoff"].split("{")[0],
        "stargate": en["web.planet.die.stargate"].split("{")[0],
        "back": en["web.planet.card.back"],
    }
    seen = await evaluated_on_a_page(
        chrome, r.base + "/", DICE, {"states": states, "words": words}, viewport=viewport
    )
    wrong = {
        i: w
        for i, (s, m) in enumerate(zip(states, seen, strict=True))
        if (w := dice_and_draws_wrong(s, m))
    }
    assert not wrong, f"{len(wrong)} of {len(states)} drawn wrong: {dict(list(wrong.items())[:4])}"
