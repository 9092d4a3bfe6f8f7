"""A readable terminal board for agency, drawn from ``view(player)`` alone.

Cards are shown by name, and where a player chooses them (their hand, drawn
missions, objectives) with what they do: the card texts are the game's
``Game.glossary()`` for the content the view was made with. Players appear by
name ("You" for the viewer) with a letter that also marks their station
rockets, so nothing depends on colour. Every row fits 80 columns; long card
texts continue on indented rows.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ._seats import fit, legend_table, letters, mark, style, who

WIDTH = 80
_CARD_ID = re.compile(r"\b(?:S\d{2}|O\d{2}|M[1-4]-\d{2})\b")
COLOUR_STYLE = {"red": "red", "yellow": "yellow", "blue": "blue", "green": "green"}
STEP_NAMES = {
    "obj_draft": "objective draft",
    "direction": "choose the draft direction",
    "spec_draft": "specialist draft",
    "play": "play specialists",
    "mission": "draw missions",
    "launch": "launch rockets",
    "sell": "phase 2 setup: sell objectives",
    "over": "game over",
}


@cache
def _glossary_of(fingerprint: str) -> Mapping[str, str]:
    import liftoff.games

    game = liftoff.games.get("agency")
    if game.content_fingerprint() == fingerprint:
        return game.glossary()
    # content loaded from a folder (``--content``) in this process
    from liftoff.games.agency.content import by_fingerprint
    from liftoff.games.agency.describe import card_glossary

    content = by_fingerprint(fingerprint)
    return card_glossary(content) if content is not None else {}


class Cards:
    """Card names and texts ("Name: what it does") from the game's glossary;
    without them, the card ids."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.words = _glossary_of(str(view.get("content", "")))

    def name(self, card: str) -> str:
        about = self.words.get(card)
        return about.split(": ", 1)[0] if about else card

    def text(self, card: str) -> str:
        return self.words.get(card, card)


def wrapped(text: str, first: str = "", indent: int = 4, style: str = "") -> list[Text]:
    """``text`` as rows of at most 80 columns, continuation rows indented."""
    rows = textwrap.wrap(
        text,
        WIDTH,
        initial_indent=first,
        subsequent_indent=" " * indent,
        break_on_hyphens=False,
    )
    return [fit(Text(r, style=style)) for r in rows]


def _tech(tech: dict[str, int]) -> Text:
    t = Text()
    for colour, k in tech.items():
        if t:
            t.append(" ")
        t.append(f"{colour[0].upper()}{k}", style=COLOUR_STYLE.get(colour, ""))
    return t


def _requirement(alts: list[dict[str, int]]) -> str:
    words = [" + ".join(f"{k} {c}" for c, k in alt.items() if k) for alt in alts]
    words = [w for w in words if w]
    joint = ", or " if any("+" in w for w in words) else " or "
    return "needs " + joint.join(words) if words else "no technology needed"


def _head(view: dict[str, Any], viewer: int | None, names: Sequence[str]) -> list[Text]:
    active = view.get("active", [])
    head = Text()
    head.append(f"Round {view['round']}/{view['rounds']}", style="bold")
    head.append(f" · phase {view['phase']} · {STEP_NAMES.get(view['step'], view['step'])}")
    if active:
        head.append(" · to act: " + ", ".join(who(p, viewer, names) for p in active))
    second = Text(f"First player {who(view['first'], viewer, names)}")
    if view["step"] in ("direction", "spec_draft"):
        second.append(f" · the draft passes {view['direction']}")
    second.append(" · supply ")
    second.append_text(_tech(view.get("supply", {})))
    third = Text(f"Specialist deck {view['specialist_deck']}")
    if view.get("reconstruction"):
        third.append(" · card lists are a reconstruction, not the printed cards", "dim")
    return [fit(head), fit(second), fit(third)]


def _missions(view: dict[str, Any]) -> list[Text]:
    """The mission decks: cards left and the technology each level needs now."""
    reqs = view.get("requirements", {})
    parts = []
    for lv in ("1", "2", "3", "4"):
        if lv in reqs:
            deck = view["mission_decks"].get(lv, 0)
            parts.append(f"L{lv}: {deck} left, {_requirement(reqs[lv])}")
    if "3" not in reqs:
        parts.append("L3, L4 in phase 2")
    return wrapped(" · ".join(parts), "Missions ", 9)


def _station(view: dict[str, Any], marks: Sequence[str]) -> Text:
    station = Text("Station ")
    for spot in view.get("station", []):
        owner = spot["rocket"]
        bonus = "$" if spot["bonus"] == "income" else "G"
        station.append(f" {spot['space']}:{spot['vp']}{bonus}")
        if owner >= 0:
            station.append_text(mark(owner, marks))
        else:
            station.append("#" if owner == -2 else "·", style="dim")
    return fit(station)


def _agencies(
    view: dict[str, Any], viewer: int | None, names: Sequence[str], marks: Sequence[str]
) -> Table:
    table = Table(box=None, padding=(0, 1), pad_edge=False, header_style="bold")
    for col in ("", "VP", "money", "income", "cost", "cap", "lab", "tech", "station", "hand"):
        table.add_column(col, no_wrap=True, justify="left" if col in ("", "tech") else "right")
    for pd in view["players"]:
        seat = pd["seat"]
        name = mark(seat, marks)
        name.append(f" {who(seat, viewer, names)}", style=style(seat))
        if seat in view.get("active", []):
            name.append(" ▶")
        table.add_row(
            name,
            str(pd["vp"]),
            str(pd["money"]),
            str(pd["income"]),
            str(pd["cost"]),
            str(pd["capacity"]),
            str(pd["lab"]),
            _tech(pd["tech"]),
            str(pd["station"]),
            str(pd["hand_count"]),
        )
    return table


def _extras(pd: dict[str, Any]) -> list[str]:
    """This round's banner abilities still unused."""
    extras = []
    if pd["boosts"]:
        extras.append("capacity +" + "/+".join(str(x) for x in pd["boosts"]) + " on a launch")
    if pd["extra_missions"]:
        extras.append(f"+{pd['extra_missions']} mission")
    syms = pd["symbols"]
    if syms.get("extra"):
        extras.append(f"{syms['extra']} extra launch")
    if syms.get("bonus"):
        extras.append(f"{syms['bonus']} bonus launch")
    if pd["discount"]:
        extras.append(f"launches {pd['discount']} cheaper")
    return extras


def _count(missions: list[str], where: str, cards: Cards | None) -> str:
    """ "Space Probe on Earth", or past two cards "5 in space (L1 2, L2 3)"."""
    if cards is not None and len(missions) <= 2:
        return ", ".join(cards.name(m) for m in missions) + f" {where}"
    levels = [sum(1 for m in missions if m.startswith(f"M{lv}-")) for lv in (1, 2, 3, 4)]
    by_level = ", ".join(f"L{lv + 1} {n}" for lv, n in enumerate(levels) if n)
    return f"{len(missions)} {where} ({by_level})"


def _areas(
    view: dict[str, Any], cards: Cards, viewer: int | None, names: Sequence[str]
) -> list[Text]:
    """What each player has played, on Earth and in space, and this round's extras."""
    rows: list[Text] = []
    for pd in view["players"]:
        parts = []
        if pd["played"]:
            parts.append("played " + ", ".join(cards.name(c) for c in pd["played"]))
        if pd["earth"] and pd["seat"] != viewer:  # the viewer's are under "your cards"
            parts.append(_count(pd["earth"], "on Earth", cards))
        if pd["space"]:
            parts.append(_count(pd["space"], "in space", None))
        extras = _extras(pd)
        if extras:
            parts.append("this round " + ", ".join(extras))
        if pd.get("deciding"):
            parts.append("deciding " + _CARD_ID.sub(lambda m: cards.name(m[0]), pd["deciding"]))
        if parts:
            rows += wrapped(" · ".join(parts), f"{who(pd['seat'], viewer, names)}: ", 4)
    return rows


def _own_cards(me: dict[str, Any], cards: Cards) -> list[Text]:
    rows: list[Text] = []

    def section(title: str, ids: list[str]) -> None:
        if ids:
            rows.append(Text(title, style="bold"))
            for card in ids:
                rows.extend(wrapped(cards.text(card), f"  {card} ", 6))

    section("Your specialists", me.get("hand", []))
    if me.get("kept"):
        kept = ", ".join(cards.name(c) for c in me["kept"])
        rows.append(fit(Text(f"Chosen to keep: {kept}")))
    section("Your objectives", me.get("objectives", []))
    section("Missions you drew", me.get("drawn", []))
    section("Your missions on Earth", me.get("earth", []))
    return rows


def render(view: dict[str, Any], viewer: int | None, names: Sequence[str] = ()) -> RenderableType:
    """The board as ``viewer`` sees it (``None``: a spectator), players by name."""
    cards = Cards(view)
    marks = letters(names, len(view["players"]))
    parts: list[RenderableType] = [*_head(view, viewer, names), *_missions(view)]
    parts += [_station(view, marks), _agencies(view, viewer, names, marks)]
    parts += _areas(view, cards, viewer, names)
    if viewer is not None and 0 <= viewer < len(view["players"]):
        mine = _own_cards(view["players"][viewer], cards)
        if mine:
            parts.append(Text("── your cards " + "─" * (WIDTH - 14), style="dim"))
            parts += mine
    return Group(*parts)


def legend() -> RenderableType:
    """What the marks on the agency board mean."""
    lines = [
        ("A, B, …", "a player (first letter of the name); ▶ may act now"),
        ("cost / cap", "a launch's price in money / the weight a rocket carries"),
        ("lab", "your lab level: the highest mission level you can launch"),
        ("R Y B G", "technology cards: red, yellow, blue, green"),
        ("Missions", "deck sizes and the technology each level needs"),
        ("4:3G·", "station space 4: 3 VP and a green card; · free, # neutral"),
        ("$", "a station space that also gives +1 income"),
        ("station", "a player's investments in the space station"),
        ("your cards", "what your cards do; type their ids (keep S05)"),
        ("weight, VP", "a mission's weight on a rocket and its points"),
        ("⌛ / at the end", "a mission that scores when the game ends"),
    ]
    return legend_table("Reading the agency board", lines)
