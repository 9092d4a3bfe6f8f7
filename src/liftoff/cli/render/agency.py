"""A readable terminal board for agency, drawn from ``view(player)`` alone.

Cards are shown by name, and where a player chooses them (their hand, drawn
missions, objectives) with what they do: the card texts are the game's
``speech.of(Game).glossary()`` for the content the view was made with. Players appear by
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

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from liftoff import speech
from liftoff.cli.fold import Phrased, wide
from liftoff.cli.words import comma, count, say
from liftoff.engine.messages import language

from . import worded
from ._seats import fit, legend_table, letters, mark, row, style, who

WIDTH = 80
_CARD_ID = re.compile(r"\b(?:S\d{2}|O\d{2}|M[1-4]-\d{2})\b")
COLOUR_STYLE = {"red": "red", "yellow": "yellow", "blue": "blue", "green": "green"}
STEPS = ("obj_draft", "direction", "spec_draft", "play", "mission", "launch", "sell", "over")


def step_name(step: str) -> str:
    """What the players do in a step of the round, in words."""
    return say(f"cli.agency.step.{step}") if step in STEPS else step


def _glossary_of(fingerprint: str) -> Mapping[str, str]:
    return _glossary_in(fingerprint, language())


@cache
def _glossary_in(fingerprint: str, lang: str) -> Mapping[str, str]:
    import liftoff.games

    game = liftoff.games.get("agency")
    if game.content_fingerprint() == fingerprint:
        return speech.of(game).glossary()
    # content loaded from a folder (``--content``) in this process
    from liftoff.games.agency.content import by_fingerprint
    from liftoff.speech.agency.describe import card_glossary

    content = by_fingerprint(fingerprint)
    return card_glossary(content) if content is not None else {}


class Cards:
    """Card names and texts ("Name: what it does") from the game's glossary;
    without them, the card ids."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.words = _glossary_of(str(view.get("content", "")))

    def name(self, card: str) -> str:
        about = self.words.get(card)
        return about.split(": ", 1)[0].split("：", 1)[0] if about else card

    def text(self, card: str) -> str:
        return self.words.get(card, card)


def wrapped(text: str, first: str = "", indent: int = 4, style: str = "") -> list[Text | Phrased]:
    """``text`` as rows of at most 80 columns, continuation rows indented (a
    text with wide characters folds between its phrases at the width it is
    drawn at, never inside a word)."""
    if wide(text):
        return [Phrased(Text(first + text, style=style), indent)]
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
    plus = say("cli.agency.plus")
    words = [plus.join(tech_amount(k, c) for c, k in alt.items() if k) for alt in alts]
    words = [w for w in words if w]
    joint = say("cli.agency.or-else") if any(plus in w for w in words) else say("cli.or")
    return say("cli.agency.needs", tech=joint.join(words)) if words else say("cli.agency.no-tech")


def tech_amount(k: int, colour: str) -> str:
    """``2 red``: an amount of technology of a colour."""
    code = f"cli.agency.tech.{colour}"
    return say("cli.agency.tech", count=k, colour=say(code) if colour in COLOUR_STYLE else colour)


def _head(
    view: dict[str, Any], viewer: int | None, names: Sequence[str], compact: bool = False
) -> list[Text]:
    """The round, who acts, the first player, the supply and the deck
    (``compact``: on two rows, without the note on the card lists)."""
    active = view.get("active", [])
    head = Text()
    head.append(say("cli.agency.round", round=view["round"], rounds=view["rounds"]), style="bold")
    head.append(say("cli.agency.phase", phase=view["phase"], step=step_name(view["step"])))
    if active:
        acting = comma().join(who(p, viewer, names) for p in active)
        head.append(say("cli.agency.to-act", players=acting))
    second = Text(say("cli.agency.first", player=who(view["first"], viewer, names)))
    if view["step"] in ("direction", "spec_draft"):
        second.append(say("cli.agency.passes", direction=direction(view["direction"])))
    second.append(say("cli.agency.supply"))
    second.append_text(_tech(view.get("supply", {})))
    deck = say("cli.agency.deck", count=view["specialist_deck"])
    if compact:
        second.append(f" · {deck}")
        return [fit(head), fit(second)]
    third = Text(deck)
    if view.get("reconstruction"):
        third.append(say("cli.agency.reconstruction"), "dim")
    return [fit(head), fit(second), fit(third)]


def direction(way: str) -> str:
    """The way the draft passes ("left"), in words."""
    return say(f"cli.agency.way.{way}") if way in ("left", "right") else way


def _missions(view: dict[str, Any], compact: bool = False) -> list[Text | Phrased]:
    """The mission decks: cards left and the technology each level needs now
    (``compact``: cards left only)."""
    reqs = view.get("requirements", {})
    parts = []
    for lv in ("1", "2", "3", "4"):
        if lv in reqs:
            deck = view["mission_decks"].get(lv, 0)
            if compact:
                parts.append(say("cli.agency.level.left", level=lv, left=deck))
                continue
            parts.append(say("cli.agency.level", level=lv, left=deck, needs=_requirement(reqs[lv])))
    if "3" not in reqs:
        parts.append(say("cli.agency.later"))
    title = say("cli.agency.missions")
    return wrapped(" · ".join(parts), title, cell_len(title))


def _station(view: dict[str, Any], marks: Sequence[str], compact: bool = False) -> Text | Phrased:
    """The station's spaces: number, points, bonus and owner (``compact``: a
    shorter title, so that eleven spaces fit 80 columns in every language)."""
    station = Text(say("cli.agency.station.short" if compact else "cli.agency.station"))
    for spot in view.get("station", []):
        owner = spot["rocket"]
        bonus = "$" if spot["bonus"] == "income" else "G"
        station.append(f" {spot['space']}:{spot['vp']}{bonus}")
        if owner >= 0:
            station.append_text(mark(owner, marks))
        else:
            station.append("#" if owner == -2 else "·", style="dim")
    return row(station, 2)


def _agencies(
    view: dict[str, Any], viewer: int | None, names: Sequence[str], marks: Sequence[str]
) -> Table:
    table = Table(box=None, padding=(0, 1), pad_edge=False, header_style="bold")
    for col in ("", "vp", "money", "income", "cost", "cap", "lab", "tech", "station", "hand"):
        head = say(f"cli.agency.col.{col}") if col else ""
        table.add_column(head, overflow="fold", justify="left" if col in ("", "tech") else "right")
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
        boosts = "/+".join(str(x) for x in pd["boosts"])
        extras.append(say("cli.agency.boost", boosts=boosts))
    if pd["extra_missions"]:
        extras.append(count("cli.agency.extra-missions.n", pd["extra_missions"]))
    syms = pd["symbols"]
    if syms.get("extra"):
        extras.append(count("cli.agency.extra-launches", syms["extra"]))
    if syms.get("bonus"):
        extras.append(count("cli.agency.bonus-launches", syms["bonus"]))
    if pd["discount"]:
        extras.append(say("cli.agency.discount", count=pd["discount"]))
    return extras


def _count(missions: list[str], where: str, cards: Cards | None, compact: bool = False) -> str:
    """ "Space Probe on Earth", or past two cards "5 in space (L1 2, L2 3)"
    (``compact``: "5 in space")."""
    if compact:
        return say(f"cli.agency.{where}.n", count=len(missions))
    if cards is not None and len(missions) <= 2:
        return say(f"cli.agency.{where}", missions=comma().join(cards.name(m) for m in missions))
    levels = [sum(1 for m in missions if m.startswith(f"M{lv}-")) for lv in (1, 2, 3, 4)]
    by_level = comma().join(f"L{lv + 1} {n}" for lv, n in enumerate(levels) if n)
    return say(f"cli.agency.{where}.count", count=len(missions), levels=by_level)


def _areas(
    view: dict[str, Any],
    cards: Cards,
    viewer: int | None,
    names: Sequence[str],
    compact: bool = False,
    tight: bool = False,
) -> list[Text | Phrased]:
    """What each player has played, on Earth and in space, and this round's
    extras (``compact``: how many missions each has on Earth and in space;
    ``tight``: without the words "played" and "this round", so that a player
    takes one row where the names allow)."""
    rows: list[Text | Phrased] = []
    for pd in view["players"]:
        parts = []
        if pd["played"]:
            played = comma().join(cards.name(c) for c in pd["played"])
            parts.append(played if tight else say("cli.agency.played", cards=played))
        if pd["earth"] and pd["seat"] != viewer:  # the viewer's are under "your cards"
            parts.append(_count(pd["earth"], "earth", cards, compact or tight))
        if pd["space"]:
            parts.append(_count(pd["space"], "space", None, compact or tight))
        extras = _extras(pd)
        if extras and tight:
            parts.append(comma().join(extras))
        elif extras:
            parts.append(say("cli.agency.this-round", extras=comma().join(extras)))
        if pd.get("deciding"):
            deciding = _CARD_ID.sub(lambda m: cards.name(m[0]), pd["deciding"])
            parts.append(say("cli.agency.deciding", what=deciding))
        if parts:
            whose = say("cli.agency.whose", name=who(pd["seat"], viewer, names))
            rows += wrapped(" · ".join(parts), whose, 4)
    return rows


def _own_cards(
    me: dict[str, Any], cards: Cards, compact: bool = False, tight: bool = False
) -> list[Text | Phrased]:
    """The viewer's cards with their texts; ``compact``: by name only, a row
    or two a section (``board`` shows the texts); ``tight``: by name, the
    sections one after the other on shared rows."""
    rows: list[Text | Phrased] = []
    flowing: list[str] = []

    def section(title: str, ids: list[str]) -> None:
        if ids and tight:
            flowing.append(f"{title} " + comma().join(f"{c} {cards.name(c)}" for c in ids))
        elif ids and compact:
            named = comma().join(f"{card} {cards.name(card)}" for card in ids)
            rows.extend(wrapped(named, f"{title} ", 4))
        elif ids:
            rows.append(Text(title, style="bold"))
            for card in ids:
                rows.extend(wrapped(cards.text(card), f"  {card} ", 6))

    section(say("cli.agency.yours.specialists"), me.get("hand", []))
    if me.get("kept"):
        kept = comma().join(cards.name(c) for c in me["kept"])
        rows.append(fit(Text(say("cli.agency.kept", cards=kept))))
    section(say("cli.agency.yours.objectives"), me.get("objectives", []))
    section(say("cli.agency.yours.drawn"), me.get("drawn", []))
    section(say("cli.agency.yours.earth"), me.get("earth", []))
    if flowing:
        rows.extend(wrapped(" · ".join(flowing), "", 4))
    return rows


def render(
    view: dict[str, Any],
    viewer: int | None,
    names: Sequence[str] = (),
    compact: bool = False,
    tight: bool = False,
) -> RenderableType:
    """The board as ``viewer`` sees it (``None``: a spectator), players by name;
    ``compact`` is shorter for a short terminal: the viewer's cards by name
    without their texts, the head on two rows, the station on one; ``tight``
    (four players on 24 rows) is compact and says what each player played
    without the words around it ("played", "this round")."""
    if any("deciding" not in pd for pd in view.get("players", ())):
        view = worded("agency", view)
    compact = compact or tight
    cards = Cards(view)
    marks = letters(names, len(view["players"]))
    parts: list[RenderableType] = [*_head(view, viewer, names, compact), *_missions(view, compact)]
    parts += [_station(view, marks, compact), _agencies(view, viewer, names, marks)]
    parts += _areas(view, cards, viewer, names, compact, tight)
    if viewer is not None and 0 <= viewer < len(view["players"]):
        mine = _own_cards(view["players"][viewer], cards, compact, tight)
        if mine and compact:  # no rule line: each section is one titled row
            parts += mine
        elif mine:
            title = say("cli.agency.your-cards")
            parts.append(Text(f"── {title} " + "─" * (WIDTH - 4 - cell_len(title)), style="dim"))
            parts += mine
    return Group(*parts)


LEGEND = (
    *("player", "cost", "lab", "tech", "missions", "space"),
    *("income", "station", "cards", "weight", "end"),
)

#: the legend's signs that read the same in every language
SIGNS = {"player": "A, B, …", "tech": "R Y B G", "space": "4:3G·", "income": "$"}


def legend() -> RenderableType:
    """What the marks on the agency board mean."""

    def mark(k: str) -> str:
        return SIGNS.get(k) or say(f"cli.agency.legend.{k}.mark")

    lines = [(mark(k), say(f"cli.agency.legend.{k}")) for k in LEGEND]
    return legend_table(say("cli.agency.legend"), lines)
