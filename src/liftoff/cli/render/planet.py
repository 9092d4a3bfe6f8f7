"""A terminal picture of a planet game, drawn from a player's view."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

COLOURS = ("green", "magenta", "cyan", "yellow", "red")
PHASE_ICON = {"full": "○ Full", "half": "◐ Half", "new": "● New"}


def _aliens(counts: list[int]) -> Text:
    t = Text()
    for p, n in enumerate(counts):
        if n:
            t.append(f"{'▲' * n}", style=COLOURS[p % 5])
            t.append(" ")
    return t


def _owners(owners: list[int]) -> Text:
    t = Text()
    for p in owners:
        t.append("▲", style=f"bold {COLOURS[p % 5]}")
    return t


def _cards(cards: dict[str, int]) -> str:
    return " ".join(f"{k}×{v}" if v > 1 else k for k, v in cards.items()) or "—"


def _head(view: dict[str, Any]) -> Text:
    moon = view["moon"]
    days = view["days"]
    head = Text()
    head.append(f"Moon on {moon['spot_name']}", style="bold")
    if moon["override"]:
        head.append(
            f" (this turn every Lift Off Point is {moon['override'].upper()})", style="bold yellow"
        )
    head.append(
        f"   Day {days['passed']}/{days['total']} — {days['left']} left before the explosion"
    )
    garg = view["garglore"]
    if garg is not None:
        head.append(f"   Garglore: {garg}", style="red")
    return head


def _lift_rule(seg: dict[str, Any]) -> str:
    if "lift" in seg:
        lift = seg["lift"]
        return f"F{lift['fuel']} S{lift['screw']} at {'/'.join(lift['phases'])}"
    if "roll" in seg:
        needs = seg["roll"]["needs"]
        return f"pay {seg['roll']['cost']}, roll ≥{needs[seg['phase']]}"
    return str(seg["mechanic"])


def _ring(view: dict[str, Any]) -> Table:
    ring = Table(show_header=True, header_style="bold", expand=False, box=None, padding=(0, 1))
    for col in (
        "seg",
        "place",
        "phase",
        "on it",
        "boarded",
        "cost to board",
        "cards paid",
        "lift off",
    ):
        ring.add_column(col)
    for seg in view["ring"]:
        if seg["kind"] == "exit":
            ring.add_row(seg["segment"], "Exit Point", "", _aliens(seg["aliens"]), "", "", "", "")
            continue
        name = seg["name"] + (" [red](Garglore!)[/red]" if seg["blocked"] else "")
        cap = seg["capacity"]
        boarded = _owners(seg["boarded"])
        boarded.append(f" /{cap if cap is not None else '∞'}")
        paid = f"F{seg['area']['fuel']} S{seg['area']['screw']}"
        acts = sum(v for k, v in seg["area"]["cards"].items() if k not in ("F", "S", "W"))
        if acts:
            paid += f" A{acts}"
        ring.add_row(
            seg["segment"],
            name,
            PHASE_ICON[seg["phase"]],
            _aliens(seg["aliens"]),
            boarded,
            seg["placement_text"],
            paid,
            _lift_rule(seg),
        )
    return ring


def _people(view: dict[str, Any]) -> Table:
    people = Table(show_header=True, header_style="bold", box=None, padding=(0, 1))
    for col in ("player", "saved", "in Core", "hand"):
        people.add_column(col)
    for info in view["players"]:
        p = info["player"]
        who = Text(f"p{p}", style=f"bold {COLOURS[p % 5]}")
        if p == view["turn"]:
            who.append(" ◀ turn")
        if info.get("finished"):
            who.append(" ✓")
        if "team" in info:
            who.append(f" (team {info['team']})")
        hand = _cards(info["hand"]) if "hand" in info else f"{info['hand_size']} cards"
        people.add_row(who, f"{info['saved']}/{view['aliens_per_player']}", str(info["core"]), hand)
    return people


def render(view: dict[str, Any], player: int | None) -> RenderableType:
    """The board, the players and (for ``player``) the hand."""
    foot = Text(
        f"Draw pile {view['draw_pile']} · discard {_cards(view['discard'])} · "
        f"box: {', '.join(view['box'])}"
    )
    if view["stage"] == "play" and player == view["turn"]:
        foot.append(f" · movement points left: {view['moves_left']}", style="bold")
    parts: list[RenderableType] = [_head(view), _ring(view), _people(view), foot]
    window = view.get("teleport_window")
    if window:
        pledged = sum(p["fuel"] for p in window["pledges"])
        parts.append(
            Text(f"Teleport window: {pledged}/{window['need']} Fuel offered", style="bold cyan")
        )
    # what happened is told by the narrated game log (Game.narrate), not the board
    title = "Lift Off! Get me off this Planet!"
    if view.get("variants"):
        title += f" — {', '.join(view['variants'])}"
    return Panel(Group(*parts), title=title, expand=False)
