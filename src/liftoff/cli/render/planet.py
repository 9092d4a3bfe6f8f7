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

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from liftoff.cli.fold import Phrased
from liftoff.cli.words import comma, count, say
from liftoff.engine.messages import language
from liftoff.engine.words import option_label

from ._seats import card_names, fit, legend_table, letters, mark, pad, row, style, who

PHASE_MARK = {"full": "○", "half": "◐", "new": "●"}


def phase(name: str) -> str:
    """A Moon phase in a word ("Full")."""
    return say(f"cli.planet.phase.{name}")


def phase_marked(name: str) -> str:
    """A Moon phase with its sign ("○ Full")."""
    return f"{PHASE_MARK[name]} {phase(name)}"


def _slot_name(view: dict[str, Any], slot: int) -> str:
    for seg in view["ring"]:
        if seg["kind"] == "lift_off_point" and seg["slot"] == slot:
            return str(seg["name"])
    return say("cli.planet.slot", slot=slot)


def moon_place(view: dict[str, Any], spot: str, after: bool = False) -> str:
    """Where a Moon spot is, by what it sits above ("over the Bonfire"); ``after``:
    as the place it moves to next ("the Bonfire")."""
    kind = ".next" if after else ""
    if spot == "star":
        return say(f"cli.planet.moon.star{kind}")
    if spot.startswith("slot"):
        return say(f"cli.planet.moon.point{kind}", point=_slot_name(view, int(spot[4:])))
    if spot.startswith("exit"):
        return say(f"cli.planet.moon.exit{kind}", exit=f"S{2 * int(spot[4:])}")
    return say(f"cli.planet.moon.other{kind}", spot=spot)


def _head(view: dict[str, Any]) -> Text | Phrased:
    """Day, Moon and Garglore; where the Moon goes next when there is room."""
    moon, days = view["moon"], view["days"]
    head = Text()
    if "outcome" in view:
        head.append(say("cli.planet.over"), style="bold")
    else:
        day = say("cli.planet.day", day=days["passed"] + 1, days=days["total"])
        head.append(day, style="bold")
    place = escape(moon_place(view, moon["spot_name"]))
    head.append_text(Text.from_markup(say("cli.planet.moon", place=place)))
    if moon["override"]:
        nxt = Text(say("cli.planet.all", phase=phase(moon["override"])), style="bold yellow")
    else:
        spots = moon["spots"]
        after = moon_place(view, spots[(moon["spot"] + 1) % len(spots)], after=True)
        nxt = Text(say("cli.planet.next", place=after))
    garg = view["garglore"]
    tail = Text()
    if garg is not None:
        where = say("cli.planet.pool") if garg == "pool" else _point_name(view, garg)
        tail.append(say("cli.planet.garglore", place=where), style="red")
    if head.cell_len + nxt.cell_len + tail.cell_len <= 80 or moon["override"]:
        head.append_text(nxt)
    head.append_text(tail)
    return row(head, 2)


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
    parts = [say("cli.planet.fuel", count=fuel)] if fuel else []
    parts += [count("cli.planet.screws", screw)] if screw else []
    return say("cli.planet.plus").join(parts) or say("cli.planet.none")


def lift_off_text(seg: dict[str, Any]) -> str:
    """How a Lift Off Point lifts off, in words, with what it has so far."""
    mech = seg["mechanic"]
    if "lift" in seg:
        lift, area = seg["lift"], seg["area"]
        phases = lift["phases"]
        if len(phases) == 3:
            when = say("cli.planet.when.any")
        else:
            when = say("cli.planet.when", phases=say("cli.or").join(phase(p) for p in phases))
        need = _amount(lift["fuel"], lift["screw"])
        have = _amount(area["fuel"] if lift["fuel"] else 0, area["screw"] if lift["screw"] else 0)
        return say("cli.planet.lifts", when=when, need=need, have=have)
    if "roll" in seg:
        roll = seg["roll"]
        needs = roll["needs"]
        table = comma().join(
            say("cli.planet.roll.at", phase=phase(p), n=k) for p, k in needs.items()
        )
        cost = say("cli.planet.roll.fuel" if roll["cost"] == "fuel" else "cli.planet.roll.screw")
        return say("cli.planet.roll", cost=cost, n=needs[seg["phase"]], table=table)
    code = f"cli.planet.lifts.{mech}"
    return say(code) if str(mech) in _OTHER_LIFT_OFFS else str(mech)


_OTHER_LIFT_OFFS = ("instant", "teleport", "slingshot", "miracle", "stargate")


def _point_rows(seg: dict[str, Any], marks: Sequence[str], width: int = 12) -> list[Text | Phrased]:
    top = Text(f"{seg['segment']:<3}")
    top.append(pad(str(seg["name"]), width), style="bold")
    top.append(pad(phase_marked(seg["phase"]), 7))
    aboard = _aboard(seg, marks)
    top.append_text(aboard)
    top.append(" " * max(1, 10 - aboard.cell_len))
    top.append(pad(say("cli.planet.board", cost=seg["placement_text"]), 24))
    waiting = _aliens(seg["aliens"], marks)
    if waiting:
        top.append(say("cli.planet.waiting"))
        top.append_text(waiting)
    if seg["blocked"]:
        how = Text("   " + say("cli.planet.blocked"), style="red")
    else:
        how = Text("   " + lift_off_text(seg), style="dim")
    return [row(top, 3), row(how, 3)]


def _exits(view: dict[str, Any], marks: Sequence[str]) -> Text | Phrased:
    t = Text(say("cli.planet.exits"))
    for seg in view["ring"]:
        if seg["kind"] == "exit":
            t.append(f" {seg['segment']} ")
            t.append_text(_aliens(seg["aliens"], marks) or Text("–", style="dim"))
            t.append(" ")
    t.append(say("cli.planet.exits.from"), style="dim")
    return row(t, 2)


def hand_text(cards: dict[str, int]) -> str:
    """A hand in words: "Fuel ×2, Screw, Move the Moon!"."""
    out = []
    for code, n in cards.items():
        name = card_names("planet").get(code, code)
        out.append(f"{name} ×{n}" if n > 1 else name)
    return comma().join(out) or say("cli.planet.no-cards")


def _people(
    view: dict[str, Any], viewer: int | None, names: Sequence[str], marks: Sequence[str]
) -> Table:
    table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
    for _ in range(5):
        table.add_column(overflow="fold")  # squeezed: folds, never cut
    for info in view["players"]:
        p = info["player"]
        name = Text()
        name.append_text(mark(p, marks))
        name.append(f" {who(p, viewer, names)}", style=style(p))
        if "team" in info:
            name.append(say("cli.planet.team", team=info["team"] + 1))
        state = Text()
        if info.get("finished"):
            state.append(say("cli.planet.all-saved"), style="bold")
        elif p == view["turn"] and "outcome" not in view:
            state.append(count("cli.planet.to-play", view["moves_left"]), style="bold")
        table.add_row(
            name,
            say("cli.planet.saved", saved=info["saved"], of=view["aliens_per_player"]),
            say("cli.planet.core", core=info["core"]),
            count("cli.planet.cards", info["hand_size"]),
            state,
        )
    return table


def _foot(view: dict[str, Any], viewer: int | None) -> Text | Phrased:
    foot = Text()
    mine = view["players"][viewer] if viewer is not None else None
    if mine is not None and "hand" in mine:
        foot.append(say("cli.planet.hand"), style="bold")
        foot.append(hand_text(mine["hand"]))
        foot.append(" · ")
    piles = say("cli.planet.piles", draw=view["draw_pile"], discard=sum(view["discard"].values()))
    foot.append(piles)
    if view.get("variants"):
        foot.append(" · " + comma().join(variant_name(v) for v in view["variants"]))
    return row(foot, 2)


def variant_name(option: str) -> str:
    """A variant in force as the footer names it: in English the option's name in
    words (``first game``), in another language the game's label for it."""
    english = option.replace("_", " ")
    if language() == "en":
        return english
    import liftoff

    options = liftoff.games.get("planet").options
    return option_label("planet", options[option]) if option in options.names() else english


def worded(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with the words the board shows (Lift Off Point names, costs in
    words) said by the game's speech layer in the current language; a view that
    has them already is kept."""
    ring = view.get("ring", ())
    if all("name" in seg for seg in ring if seg.get("kind") == "lift_off_point"):
        return view
    from . import worded as said

    return said("planet", view)


def render(view: dict[str, Any], viewer: int | None, names: Sequence[str] = ()) -> RenderableType:
    """The board as ``viewer`` sees it (``None``: a spectator), players by name."""
    view = worded(view)
    marks = letters(names, len(view["players"]))
    rows: list[RenderableType] = [_head(view)]
    points = [seg for seg in view["ring"] if seg["kind"] == "lift_off_point"]
    width = max([12, *(cell_len(str(seg["name"])) + 1 for seg in points)])
    for seg in points:
        rows.extend(_point_rows(seg, marks, width))
    rows.append(_exits(view, marks))
    rows.append(_people(view, viewer, names, marks))
    window = view.get("teleport_window")
    if window:
        pledged = sum(p["fuel"] for p in window["pledges"])
        rows.append(
            fit(
                Text(
                    say("cli.planet.teleport", pledged=pledged, need=window["need"]),
                    style="bold cyan",
                )
            )
        )
    rows.append(_foot(view, viewer))
    # what happened is told by the narrated game log (Game.narrate), not the board
    return Group(*rows)


LEGEND = (
    "day",
    "moon",
    "phase",
    "ring",
    "aliens",
    "aboard",
    "waiting",
    "board",
    "row",
    "exits",
    "turn",
    "cards",
)

#: the legend's signs that read the same in every language
SIGNS = {"ring": "S0 … S7", "aliens": "A, B, …", "aboard": "[AB··]", "cards": "F S W"}


def legend() -> RenderableType:
    """What the marks on the planet board mean."""

    def mark(k: str) -> str:
        return SIGNS.get(k) or say(f"cli.planet.legend.{k}.mark")

    lines = [(mark(k), say(f"cli.planet.legend.{k}")) for k in LEGEND]
    return legend_table(say("cli.planet.legend"), lines)
