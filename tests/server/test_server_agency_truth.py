"""The agency board tells the truth: what is drawn where is what the engine says.

States are sampled from seeded random agency playouts (2 to 4 players, every step
of the round); each is drawn by the real board module in headless Chromium at a
desktop and a phone size, and every piece is found as a person finds it (its
visible text, its tooltip or accessible name) and measured by its bounding box on
the rendered page (never by the coordinates the drawing code wrote):

- each agency's score marker is on the score track at its VP, read against the
  track's numbers, and is seen: no other marker covers it (markers on the same
  score are stacked, not drawn over each other);
- each station space ("#3") holds the rocket the engine puts there: a player's,
  by name, or a neutral one (AG-SETUP-8/9: 2 and 3 players), or none;
- each agency's panel shows its technology tracks (filled pips), VP and money,
  its missions on Earth and in space and its specialists; your own hand,
  objectives and drawn missions card by card, the others' as counts;
- the decks show the engine's counts.

The suite draws a sample of the full run (``LIFTOFF_TEST_FULL=1``: all of it).
"""

from __future__ import annotations

import os
import random
from collections import Counter
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
    pytest.mark.timeout(240),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="needs Chromium"),
]

STATES = sample(120, 600)
MEASURE = (Path(__file__).parent / "js" / "agency_truth.js").read_text()
NAMES = ["Ann", "Bo", "Cy", "Di"]
EN = words_for("en")
GAME = liftoff.games.get("agency")
GLOSSARY = dict(speech.of(GAME).glossary())
COLOURS = ("red", "yellow", "blue", "green")


def sample_agency(count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` states of seeded random agency games, as seat 0 sees them."""
    words = speech.of(GAME)
    rnd = random.Random(seed)
    out: list[dict[str, Any]] = []
    g = 0
    while len(out) < count:
        g += 1
        players = 2 + g % 3  # 3, 4, 2, 3, ...
        state = GAME.new_game(players, seed=seed * 1000 + g)
        while not state.is_over() and len(out) < count:
            p = rnd.choice(state.active_players())
            legal = state.legal_actions(p)
            state.apply_legal(p, legal[rnd.randrange(len(legal))])
            if rnd.random() < 0.04:
                out.append(
                    {"view": words.view_words(state.view(0), "en"), "names": NAMES[:players]}
                )
    return out


def name_of(card: str) -> str:
    """A card's name, as its glossary entry begins ("Chemist: banner +5 VP; ...")."""
    return GLOSSARY.get(card, "").split(":")[0]


def cards_wrong(where: str, row: dict[str, Any] | None, cards: list[str]) -> list[str]:
    """What a row of cards shows wrong: each chip names one of the engine's cards
    (by its name or its id), and every card has its chip."""
    if row is None:
        return [f"{where}: no row"] if cards else []
    left = list(cards)
    wrong: list[str] = []
    for chip in row["cards"]:
        match = next((c for c in left if c in chip["text"] or name_of(c) in chip["text"]), None)
        if match is None:
            wrong.append(f"{where}: {chip['text']!r} is none of {left}")
        else:
            left.remove(match)
    if left:
        wrong.append(f"{where}: {left} not shown")
    return wrong


def overlap(a: dict[str, float], b: dict[str, float]) -> float:
    """How much of the smaller of two boxes the other covers (0 to 1)."""
    w = min(a["right"], b["right"]) - max(a["left"], b["left"])
    h = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    if w <= 0 or h <= 0:
        return 0.0
    return w * h / min(a["w"] * a["h"], b["w"] * b["h"])


def track_wrong(view: dict[str, Any], names: list[str], seen: dict[str, Any]) -> list[str]:
    """The score markers: each at its VP on the track, none covering another."""
    wrong: list[str] = []
    ticks = sorted(seen["ticks"], key=lambda t: t["v"])
    first, last = ticks[0], ticks[-1]
    if first["v"] != 0 or len(ticks) < 3:
        return [f"the score track's numbers: {[t['v'] for t in ticks]}"]
    per_vp = (last["x"] - first["x"]) / last["v"]
    markers = []
    for p in view["players"]:
        title = EN["web.agency.vp.of"].format(name=names[p["seat"]], vp=p["vp"])
        found = [m for m in seen["pieces"] if m["title"] == title]
        if len(found) != 1:
            wrong.append(f"{len(found)} markers {title!r}")
            continue
        m = found[0]
        markers.append(m)
        if abs(m["x"] - (first["x"] + per_vp * p["vp"])) > max(2.0, per_vp / 2):
            wrong.append(f"{title!r} drawn at {(m['x'] - first['x']) / per_vp:.1f} VP")
        if m["onTop"] != title:
            wrong.append(f"{title!r} is under {m['onTop']!r}")
    for i, a in enumerate(markers):
        for b in markers[i + 1 :]:
            if overlap(a, b) > 0.15:
                wrong.append(f"{a['title']!r} and {b['title']!r} drawn over each other")
    return wrong


def station_wrong(view: dict[str, Any], names: list[str], seen: dict[str, Any]) -> list[str]:
    """Each station space holds the engine's rocket: a player's, a neutral one, none."""
    rockets = {EN["web.agency.rocket.of"].format(name=n) for n in names}
    rockets.add(EN["web.agency.rocket.neutral"])
    wrong: list[str] = []
    for s in view["station"]:
        found = [x for x in seen["spaces"] if x["space"] == s["space"]]
        if len(found) != 1 or found[0]["area"] is None:
            wrong.append(f"station space #{s['space']} found {len(found)} times")
            continue
        area = found[0]["area"]
        inside = [
            r["title"]
            for r in seen["pieces"]
            if r["title"] in rockets
            and area["left"] <= r["x"] <= area["right"]
            and area["top"] <= r["y"] <= area["bottom"]
        ]
        held = s["rocket"]
        want = (
            []
            if held == -1
            else [EN["web.agency.rocket.neutral"]]
            if held == -2
            else [EN["web.agency.rocket.of"].format(name=names[held])]
        )
        if inside != want:
            wrong.append(f"station space #{s['space']} shows {inside}, the engine {want}")
    return wrong


def panels_wrong(view: dict[str, Any], names: list[str], seen: dict[str, Any]) -> list[str]:
    """Each agency's panel: tracks, VP and money, missions and specialists, cards."""
    wrong: list[str] = []
    panels = {x["name"]: x for x in seen["panels"]}
    for p in view["players"]:
        who = names[p["seat"]]
        panel = panels.get(EN["web.agency.player"].format(name=who))
        if panel is None:
            wrong.append(f"no panel for {who}")
            continue
        tracks = {t["name"]: t["filled"] for t in panel["tracks"]}
        for c in COLOURS:
            if tracks.get(EN[f"web.agency.tech.{c}"]) != p["tech"][c]:
                wrong.append(f"{who}'s {c} track shows {tracks.get(EN[f'web.agency.tech.{c}'])}")
        for stat in ("vp", "money"):
            if EN[f"web.agency.stat.{stat}"].format(value=p[stat]) not in panel["text"]:
                wrong.append(f"{who}'s {stat} {p[stat]} not shown")
        rows = {r["label"]: r for r in panel["rows"]}
        shown = {
            "earth": p["earth"],
            "space": p["space"],
            "specialists": p["played"],
        }
        if p["seat"] == view["you"]:
            shown |= {"hand": p["hand"], "objectives": p["objectives"]}
            if p["drawn"]:
                shown["drawn"] = p["drawn"]
        else:
            for what in ("hand", "objectives"):
                said = EN[f"web.agency.count.{what}"].format(count=p[f"{what}_count"])
                if said not in panel["text"]:
                    wrong.append(f"{who}'s {what} count {p[f'{what}_count']} not shown")
        for label, cards in shown.items():
            row = rows.get(EN[f"web.agency.{label}"])
            wrong += cards_wrong(f"{who}'s {label}", row, cards)
            for chip in row["cards"] if row else []:
                if not (panel["left"] - 1 <= chip["left"] and chip["right"] <= panel["right"] + 1):
                    wrong.append(f"{who}'s {label}: {chip['text']!r} outside the panel")
    decks = panels.get(EN["web.agency.decks"])
    if decks is None:
        return [*wrong, "no decks"]
    for level, count in view["mission_decks"].items():
        if EN["web.agency.deck.left"].format(level=level, count=count) not in decks["text"]:
            wrong.append(f"mission deck {level}: {count} not shown")
    if EN["web.agency.deck.specialists"].format(count=view["specialist_deck"]) not in decks["text"]:
        wrong.append(f"specialist deck {view['specialist_deck']} not shown")
    return wrong


def check_state(state: dict[str, Any], seen: dict[str, Any]) -> list[str]:
    """What the drawing of one state gets wrong (nothing: an empty list)."""
    view, names = state["view"], state["names"]
    return (
        track_wrong(view, names, seen)
        + station_wrong(view, names, seen)
        + panels_wrong(view, names, seen)
    )


async def test_the_sample_has_what_the_checks_are_about() -> None:
    states = sample_agency(STATES, seed=21)
    assert {len(s["names"]) for s in states} == {2, 3, 4}
    assert any(x["rocket"] == -2 for s in states for x in s["view"]["station"])
    assert any(x["rocket"] >= 0 for s in states for x in s["view"]["station"])
    ties = [s for s in states if len({p["vp"] for p in s["view"]["players"]}) < len(s["names"])]
    assert ties, "some states have two agencies on one score"
    assert len({s["view"]["step"] for s in states}) >= 4


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
async def test_agency_board_is_what_the_engine_says(
    server: ServerFactory, sqlite_db: Db, chrome: Any, viewport: dict[str, int]
) -> None:
    r = await server(sqlite_db)
    states = sample_agency(STATES, seed=21 if viewport is DESKTOP else 22)
    arg = {"states": states, "glossary": GLOSSARY, "words": {}}
    seen = await evaluated_on_a_page(chrome, r.base + "/", MEASURE, arg, viewport=viewport)
    wrong = {
        i: w for i, (s, m) in enumerate(zip(states, seen, strict=True)) if (w := check_state(s, m))
    }
    kinds = Counter(x.split(" ")[0] for w in wrong.values() for x in w)
    assert not wrong, (
        f"{len(wrong)} of {len(states)} states drawn wrong ({dict(kinds)}): "
        f"{dict(list(wrong.items())[:3])}"
    )
