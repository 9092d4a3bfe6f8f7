"""A readable terminal board for agency, drawn from ``view(player)`` alone.

Card names come from the content the game was made with (looked up by the
view's content fingerprint); without it the card IDs are shown.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

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


def _content(view: dict[str, Any]) -> Any:
    try:
        from liftoff.games.agency.content import by_fingerprint
    except ImportError:  # pragma: no cover - the game is part of the package
        return None
    return by_fingerprint(str(view.get("content", "")))


def _mission(content: Any, mid: str) -> str:
    if content is None or mid not in content.mission:
        return mid
    m = content.mission[mid]
    hg = " ⌛" if m.hourglass else ""
    return f"{mid} {m.name} (w{m.weight}, {m.points}VP{hg})"


def _spec(content: Any, sid: str) -> str:
    if content is None or sid not in content.spec:
        return sid
    from liftoff.games.agency.effects import describe_all

    s = content.spec[sid]
    acts = " | ".join(
        (f"pay {a.cost}: " if a.cost else "") + describe_all(list(a.effects)) for a in s.actions
    )
    return f"{sid} {s.name} [{s.banner.colour} {s.banner.kind} {s.banner.value}] {acts}"


def _objective(content: Any, oid: str) -> str:
    if content is None or oid not in content.objective:
        return oid
    o = content.objective[oid]
    tiers = ", ".join(f"{t.min}+→{t.vp}" for t in o.tiers)
    req = f", needs 1 {o.requires.describe()}" if o.requires else ""
    return f"{oid} {o.name}: {o.counts.describe()} ({tiers}{req})"


def _tech(tech: dict[str, int]) -> Text:
    t = Text()
    for colour, k in tech.items():
        t.append(f"{colour[0].upper()}{k} ", style=COLOUR_STYLE.get(colour, ""))
    return t


def _requirement(alts: list[dict[str, int]]) -> str:
    return " / ".join(" + ".join(f"{k} {c}" for c, k in alt.items()) or "none" for alt in alts)


def _head(view: dict[str, Any], active: list[int]) -> Text:
    head = Text()
    head.append(f"Round {view['round']}/{view['rounds']}  phase {view['phase']}  ", style="bold")
    head.append(STEP_NAMES.get(view["step"], view["step"]))
    head.append(f"  first player: P{view['first']}  draft: {view['direction']}")
    head.append(f"  to act: {', '.join(f'P{p}' for p in active) or '-'}")
    if view.get("reconstruction"):
        head.append("\n(card lists are a reconstruction, not the printed cards)", style="dim")
    return head


def _board(view: dict[str, Any]) -> Table:
    board = Table(title="Board", show_header=True, expand=False)
    board.add_column("level")
    board.add_column("deck")
    board.add_column("discard")
    board.add_column(f"technology needed (phase {view['phase']})")
    reqs = view.get("requirements", {})
    for lv in ("1", "2", "3", "4"):
        board.add_row(
            f"L{lv}",
            str(view["mission_decks"].get(lv, 0)),
            str(len(view["mission_discards"].get(lv, []))),
            _requirement(reqs[lv]) if lv in reqs else "not yet available",
        )
    return board


def _station(view: dict[str, Any]) -> Text:
    station = Text("Station: ")
    for spot in view.get("station", []):
        who = spot["rocket"]
        mark = "·" if who == -1 else "N" if who == -2 else f"P{who}"
        bonus = "$" if spot["bonus"] == "income" else "G"
        station.append(f"[{spot['space']}:{spot['vp']}{bonus} {mark}] ")
    station.append("\nSupply: ")
    station.append_text(_tech(view.get("supply", {})))
    station.append(f"  specialist deck {view['specialist_deck']}")
    return station


def _area_line(pd: dict[str, Any]) -> list[str]:
    """What a player has played, on Earth and in space, and this round's extras."""
    line = []
    if pd["played"]:
        line.append("played " + ", ".join(pd["played"]))
    if pd["earth"]:
        line.append("Earth " + ", ".join(pd["earth"]))
    if pd["space"]:
        line.append("space " + ", ".join(pd["space"]))
    extras = []
    if pd["boosts"]:
        extras.append("capacity +" + "/+".join(str(x) for x in pd["boosts"]))
    if pd["extra_missions"]:
        extras.append(f"+{pd['extra_missions']} mission")
    syms = pd["symbols"]
    if syms.get("extra") or syms.get("bonus"):
        extras.append(f"symbols extra {syms.get('extra', 0)} bonus {syms.get('bonus', 0)}")
    if pd["discount"]:
        extras.append(f"launch -{pd['discount']}")
    if extras:
        line.append("this round: " + "; ".join(extras))
    if pd.get("deciding"):
        line.append(f"deciding: {pd['deciding']}")
    return line


def _agencies(view: dict[str, Any], player: int | None, active: list[int]) -> tuple[Table, Text]:
    table = Table(title="Agencies", show_lines=False)
    for col in ("player", "VP", "$", "inc", "cost", "cap", "lab", "tech", "stn", "hand", "obj"):
        table.add_column(col, no_wrap=True)
    areas = Text()
    for pd in view["players"]:
        seat = pd["seat"]
        name = f"P{seat}" + ("*" if seat == player else "") + (" ▶" if seat in active else "")
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
            str(pd["objectives_count"]),
        )
        line = _area_line(pd)
        if line:
            areas.append(f"P{seat}: ", style="bold")
            areas.append(" | ".join(line) + "\n")
    return table, areas


def _own_cards(content: Any, me: dict[str, Any]) -> Text:
    mine = Text()
    if me.get("hand"):
        mine.append("Specialists in hand:\n", style="bold")
        for sid in me["hand"]:
            mine.append(f"  {_spec(content, sid)}\n")
    if me.get("kept"):
        mine.append(f"Chosen to keep: {', '.join(me['kept'])}\n")
    if me.get("objectives"):
        mine.append("Objectives:\n", style="bold")
        for oid in me["objectives"]:
            mine.append(f"  {_objective(content, oid)}\n")
    if me.get("drawn"):
        mine.append("Drawn missions:\n", style="bold")
        for mid in me["drawn"]:
            mine.append(f"  {_mission(content, mid)}\n")
    if me["earth"]:
        mine.append("On Earth:\n", style="bold")
        for mid in me["earth"]:
            mine.append(f"  {_mission(content, mid)}\n")
    return mine


def render(view: dict[str, Any], player: int | None) -> RenderableType:
    """The board as ``player`` sees it (``None``: a spectator)."""
    content = _content(view)
    active = view.get("active", [])
    table, areas = _agencies(view, player, active)
    parts: list[RenderableType] = [_head(view, active), _board(view), _station(view), table, areas]
    if player is not None and 0 <= player < len(view["players"]):
        mine = _own_cards(content, view["players"][player])
        parts.append(Panel(mine, title=f"P{player}: your cards"))
    return Group(*parts)
