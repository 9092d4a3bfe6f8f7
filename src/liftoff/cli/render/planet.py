"""A terminal picture of a planet game, drawn from a player's view.

One row for the day and the Moon, two rows per Lift Off Point (what is on it,
then how it lifts off, in words), one row for the Exit Points, one per player
and one for the viewer's hand: 14 rows at 3 players, never wider than 80
columns. Every piece carries its owner's letter as well as a colour, so the
board reads the same with ``NO_COLOR``, in a pipe or for colour-blind players.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ._seats import card_names, fit, legend_table, letters, mark, style, who

PHASE = {"full": "○ Full", "half": "◐ Half", "new": "● New"}
PHASE_WORD = {"full": "Full", "half": "Half", "new": "New"}
CARD_NAMES = card_names("planet")  # "F" → "Fuel", "mya" → "Move Your Alien!"


def _slot_name(view: dict[str, Any], slot: int) -> str:
    for seg in view["ring"]:
        if seg["kind"] == "lift_off_point" and seg["slot"] == slot:
            return str(seg["name"])
    return f"slot {slot}"


def moon_place(view: dict[str, Any], spot: str) -> str:
    """Where a Moon spot is, by what it sits above ("over the Bonfire")."""
    if spot == "star":
        return "on the star"
    if spot.startswith("slot"):
        return f"over the {_slot_name(view, int(spot[4:]))}"
    if spot.startswith("exit"):
        return f"over Exit S{2 * int(spot[4:])}"
    return f"on {spot}"


def _head(view: dict[str, Any]) -> Text:
    """Day, Moon and Garglore; where the Moon goes next when there is room."""
    moon, days = view["moon"], view["days"]
    head = Text()
    if "outcome" in view:
        head.append("Game over", style="bold")
    else:
        head.append(f"Day {days['passed'] + 1} of {days['total']}", style="bold")
    head.append(" · Moon ")
    head.append(moon_place(view, moon["spot_name"]), style="bold")
    if moon["override"]:
        nxt = Text(f" · all {PHASE_WORD[moon['override']]} this turn", style="bold yellow")
    else:
        spots = moon["spots"]
        after = moon_place(view, spots[(moon["spot"] + 1) % len(spots)])
        nxt = Text(f" (next: {after.removeprefix('over ').removeprefix('on ')})")
    garg = view["garglore"]
    tail = Text()
    if garg is not None:
        where = "its pool" if garg == "pool" else _point_name(view, garg)
        tail.append(f" · Garglore: {where}", style="red")
    if head.cell_len + nxt.cell_len + tail.cell_len <= 80 or moon["override"]:
        head.append_text(nxt)
    head.append_text(tail)
    return fit(head)


def _point_name(view: dict[str, Any], lp: str) -> str:
    for seg in view["ring"]:
        if seg.get("lp") == lp:
            return str(seg["name"])
    return lp


def _aliens(counts: list[int], marks: Sequence[str]) -> Text:
    t = Text()
    for p, n in enumerate(counts):
        if n:
            if t:
                t.append(" ")
            t.append_text(mark(p, marks, n) if n <= 4 else mark(p, marks) + Text(f"×{n}"))
    return t


def _aboard(seg: dict[str, Any], marks: Sequence[str]) -> Text:
    """``[AAB···]``: who is aboard, in boarding order, then the free spaces."""
    t = Text("[")
    for p in seg["boarded"]:
        t.append(marks[p], style=style(p))
    cap = seg["capacity"]
    if cap is None:
        t.append(" ∞" if seg["boarded"] else "∞")
    elif cap <= 8:
        t.append("·" * max(0, cap - len(seg["boarded"])))
    else:
        t.append(f"/{cap}")
    t.append("]")
    return t


def _amount(fuel: int, screw: int) -> str:
    parts = [f"{fuel} Fuel"] if fuel else []
    parts += [f"{screw} Screw{'' if screw == 1 else 's'}"] if screw else []
    return " + ".join(parts) or "none"


def lift_off_text(seg: dict[str, Any]) -> str:
    """How a Lift Off Point lifts off, in words, with what it has so far."""
    mech = seg["mechanic"]
    if "lift" in seg:
        lift, area = seg["lift"], seg["area"]
        phases = lift["phases"]
        when = (
            "in any phase"
            if len(phases) == 3
            else "at " + " or ".join(PHASE_WORD[p] for p in phases) + " Moon"
        )
        need = _amount(lift["fuel"], lift["screw"])
        have = _amount(area["fuel"] if lift["fuel"] else 0, area["screw"] if lift["screw"] else 0)
        return f"lifts off {when} holding {need}; now {have}"
    if "roll" in seg:
        roll = seg["roll"]
        needs = roll["needs"]
        table = ", ".join(f"{PHASE_WORD[p]} {k}+" for p, k in needs.items())
        cost = "Fuel" if roll["cost"] == "fuel" else "Screw"
        return f"pay 1 {cost} and roll: lifts off on {needs[seg['phase']]}+ rockets now ({table})"
    return _OTHER_LIFT_OFFS.get(str(mech), str(mech))


_OTHER_LIFT_OFFS = {
    "instant": "lifts off as it boards: the boarding cost is the whole Lift Off",
    "teleport": "lifts off at New Moon if those aboard pay Fuel for every Alien aboard",
    "slingshot": "a second Alien boarding launches the one aboard",
    "miracle": "lifts off once every player still on the planet has an Alien aboard",
    "stargate": "the Stargate die decides, each time the Moon lands on the star",
}


def _point_rows(seg: dict[str, Any], marks: Sequence[str]) -> list[Text]:
    top = Text(f"{seg['segment']:<3}")
    top.append(f"{seg['name']:<12}", style="bold")
    top.append(f"{PHASE[seg['phase']]:<7}")
    aboard = _aboard(seg, marks)
    top.append_text(aboard)
    top.append(" " * max(1, 10 - aboard.cell_len))
    top.append(f"board: {seg['placement_text']:<17}")
    waiting = _aliens(seg["aliens"], marks)
    if waiting:
        top.append(" waiting ")
        top.append_text(waiting)
    if seg["blocked"]:
        how = Text("   the Garglore is here: Aliens may board, but none lifts off", style="red")
    else:
        how = Text("   " + lift_off_text(seg), style="dim")
    return [fit(top), fit(how)]


def _exits(view: dict[str, Any], marks: Sequence[str]) -> Text:
    t = Text("Exit Points ")
    for seg in view["ring"]:
        if seg["kind"] == "exit":
            t.append(f" {seg['segment']} ")
            t.append_text(_aliens(seg["aliens"], marks) or Text("–", style="dim"))
            t.append(" ")
    t.append("  (out of the Core)", style="dim")
    return fit(t)


def hand_text(cards: dict[str, int]) -> str:
    """A hand in words: "Fuel ×2, Screw, Move the Moon!"."""
    out = []
    for code, n in cards.items():
        name = CARD_NAMES.get(code, code)
        out.append(f"{name} ×{n}" if n > 1 else name)
    return ", ".join(out) or "no cards"


def _people(
    view: dict[str, Any], viewer: int | None, names: Sequence[str], marks: Sequence[str]
) -> Table:
    table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
    for _ in range(5):
        table.add_column(no_wrap=True)
    for info in view["players"]:
        p = info["player"]
        name = Text()
        name.append_text(mark(p, marks))
        name.append(f" {who(p, viewer, names)}", style=style(p))
        if "team" in info:
            name.append(f" (team {info['team'] + 1})")
        state = Text()
        if info.get("finished"):
            state.append("all saved ✓", style="bold")
        elif p == view["turn"] and "outcome" not in view:
            moves = view["moves_left"]
            state.append(f"◀ to play, {moves} move{'' if moves == 1 else 's'} left", style="bold")
        table.add_row(
            name,
            f"saved {info['saved']}/{view['aliens_per_player']}",
            f"Core {info['core']}",
            f"{info['hand_size']} card{'' if info['hand_size'] == 1 else 's'}",
            state,
        )
    return table


def _foot(view: dict[str, Any], viewer: int | None) -> Text:
    foot = Text()
    mine = view["players"][viewer] if viewer is not None else None
    if mine is not None and "hand" in mine:
        foot.append("Your hand: ", style="bold")
        foot.append(hand_text(mine["hand"]))
        foot.append(" · ")
    foot.append(f"draw pile {view['draw_pile']} · discard {sum(view['discard'].values())}")
    if view.get("variants"):
        foot.append(" · " + ", ".join(v.replace("_", " ") for v in view["variants"]))
    return fit(foot)


def render(view: dict[str, Any], viewer: int | None, names: Sequence[str] = ()) -> RenderableType:
    """The board as ``viewer`` sees it (``None``: a spectator), players by name."""
    marks = letters(names, len(view["players"]))
    rows: list[RenderableType] = [_head(view)]
    for seg in view["ring"]:
        if seg["kind"] == "lift_off_point":
            rows.extend(_point_rows(seg, marks))
    rows.append(_exits(view, marks))
    rows.append(_people(view, viewer, names, marks))
    window = view.get("teleport_window")
    if window:
        pledged = sum(p["fuel"] for p in window["pledges"])
        rows.append(
            fit(Text(f"Teleport: {pledged} of {window['need']} Fuel offered", style="bold cyan"))
        )
    rows.append(_foot(view, viewer))
    # what happened is told by the narrated game log (Game.narrate), not the board
    return Group(*rows)


def legend() -> RenderableType:
    """What the marks on the planet board mean."""
    lines = [
        ("Day 2 of 8", "the planet explodes when the last day is over"),
        ("Moon over the X", "X is at Full Moon, the point across at New"),
        ("○ Full ◐ Half ● New", "a Lift Off Point's phase now"),
        ("S0 … S7", "the ring, counter-clockwise from the top"),
        ("A, B, …", "a player's Aliens: the first letter of the name"),
        ("[AB··]", "aboard, in boarding order; · a free space"),
        ("waiting AA", "Aliens beside a Lift Off Point, not aboard"),
        ("board: …", "what boarding one Alien there costs now"),
        ("second row", "how that point lifts off, what it has so far"),
        ("Exit Points", "Aliens leave the Core through S0, S2, S4, S6"),
        ("◀ to play", "whose turn, and the movement points left"),
        ("F S W", "Fuel, Screw, Wild (in typed actions)"),
    ]
    return legend_table("Reading the planet board", lines)
