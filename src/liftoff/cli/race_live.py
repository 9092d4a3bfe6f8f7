"""Live terminal play of the race game (a Textual app over the real-time driver).

``run_live(game, seats, players, seed, options, save)`` is what ``liftoff play``
calls for a real-time game. One seat may be ``human``; the others are bots with
speeds (``bot:random@fast``). The bots think on a worker thread (a thinker), so
the screen never freezes while one thinks, and their thinking time counts.
The human sees their top card, the planets with both rows, stack sizes and
scores, updated as the bots play, and acts with single keys:

- ``1``..``9``: play the top card at your 1st..9th planet (the ``[n]`` shown);
- ``u``: put it under your stack; ``d``: discard it;
- during resolution, when a choice is yours (``auto_choices=false``): the digit
  of the option shown (which energy pays, which card to steal, or none);
- ``q``: quit (the game record is saved if ``save`` was given).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Static

import liftoff
from liftoff.bots.live import MonotonicClock, live_seats, thinker
from liftoff.bots.seats import SeatError, parse_seats
from liftoff.cli.play import narrated
from liftoff.engine import Game
from liftoff.engine.realtime import Clock, DriverEvent, RealtimeDriver, Thinker
from liftoff.games.race import cards as C
from liftoff.games.race.state import RaceState

#: seconds of countdown before the first round and between rounds
START_PAUSE = 3.0
ROUND_PAUSE = 5.0

_STYLE = {C.BLUE: "bold blue", C.YELLOW: "bold yellow", C.RED: "bold red"}
_SHORT = {
    "tank": "Tank",
    "settlers": "Settl",
    "security": "Secur",
    "solar": "Solar",
    "liftoff": "LIFT",
    "theft": "Theft",
    "terraform": "Terra",
    "ore": "Ore",
}


def _card(code: str, dim: bool = False) -> Text:
    colour = C.COLOUR_OF_KIND[C.CODE_TO_KIND[code]]
    return Text(_SHORT[code], style="dim" if dim else _STYLE[colour])


def _row(codes: list[str], revealed: int | None = None) -> Text:
    out = Text()
    for j, code in enumerate(codes):
        if j:
            out.append(" ")
        out.append_text(_card(code, dim=revealed is not None and j >= revealed))
    return out or Text("·", style="dim")


class RaceLiveApp(App[None]):
    """The live race table for one human (or none: watch bots play)."""

    CSS = """
    Screen { layout: vertical; }
    #status { height: auto; padding: 0 1; }
    #you { height: auto; padding: 0 1; border: round $accent; }
    #planets { height: auto; }
    #log { height: 1fr; padding: 0 1; color: $text-muted; }
    """

    def __init__(
        self,
        driver: RealtimeDriver[RaceState],
        human: int | None,
        *,
        poll_interval: float = 0.05,
        save: str | None = None,
        names: Sequence[str] = (),
    ) -> None:
        super().__init__()
        self.driver = driver
        self.game = driver.state.game
        n = driver.state.num_players
        self.names = list(names) or [f"Player {p + 1}" for p in range(n)]
        self.state: RaceState = driver.state
        self.human = human
        self.poll_interval = poll_interval
        self.save = save
        self.messages: list[Text] = []
        self._dirty = True
        driver.subscribe(self._on_event)

    # -- layout ------------
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Static(id="you")
        yield Static(id="planets")
        yield Static(id="log")

    def on_mount(self) -> None:
        self.title = "Lift Off! (2000)"
        self.set_interval(self.poll_interval, self.poll)
        self.refresh_view()

    # -- driving ------------
    def poll(self) -> None:
        """Advance the driver to the clock's time and redraw if anything happened."""
        self.driver.poll()
        if self._dirty or self.driver.paused_until > self.driver.time:
            self.refresh_view()

    def _on_event(self, event: DriverEvent) -> None:
        self._dirty = True
        who = "you" if event.player == self.human else f"P{event.player}"
        if event.kind == "applied":  # what it caused, narrated for this seat
            for line in narrated(self.game, event.events, self.human, self.names):
                self._say(Text(line, style="dim"))
        elif event.kind in ("rejected", "stale") and event.player == self.human:
            self._say(Text(f"✗ {event.action}: {event.message} [{event.rule}]", style="red"))
        elif event.kind == "stop":
            self._say(Text(f"STOP! called by {who}", style="bold magenta"))
            for planet in self.state.view(None)["planets"]:
                res = planet["result"]
                if res and res["winner"] is not None:
                    self._say(
                        Text(
                            f"  planet {planet['number']} {planet['name']}: "
                            f"P{res['winner']} +{res['vp']} VP (Settlers)"
                        )
                    )
        elif event.kind == "round":
            self._round_summary()
            self._say(Text(event.message, style="bold"))
        elif event.kind == "over":
            self._round_summary()
            out = self.state.outcome()
            assert out is not None
            winners = ", ".join(f"P{w}" for w in out.winners)
            self._say(Text(f"Game over: {list(out.scores)} — winner {winners}. q quits.", "bold"))
        elif event.kind == "waiting" and event.player == self.human:
            self._say(Text("Your choice: press the digit of an option.", style="bold yellow"))

    def _round_summary(self) -> None:
        if self.state.round_scores:
            last = self.state.round_scores[-1]
            parts = ", ".join(
                f"{'you' if p == self.human else f'P{p}'} +{vp}" for p, vp in enumerate(last)
            )
            self._say(Text(f"Round {len(self.state.round_scores)} scored: {parts}", "bold"))

    def _say(self, text: Text) -> None:
        self.messages.append(text)
        del self.messages[:-200]

    def submit(self, text: str) -> None:
        """The human's action, stamped with the clock's time and the shown version."""
        if self.human is None:
            return
        self.driver.submit(self.human, text, based_on=self.state.version)
        self.driver.poll()
        self.refresh_view()

    def on_key(self, event: events.Key) -> None:
        key = event.key
        if key == "q":
            self.exit()
            return
        if self.human is None or self.state.is_over():
            return
        state = self.state
        if key in ("u", "d") and state.phase_name == "loading":
            self.submit("under" if key == "u" else "discard")
        elif key.isdigit() and key != "0":
            k = int(key) - 1
            if state.phase_name == "loading":
                mine = [i + 1 for i, side in enumerate(state.side_of[self.human]) if side >= 0]
                if k < len(mine):
                    self.submit(f"place {mine[k]}")
            else:
                options = state.legal_actions(self.human)
                if k < len(options):
                    self.submit(str(options[k]))

    def on_unmount(self) -> None:
        if self.save:
            Path(self.save).write_text(json.dumps(self.state.record(), indent=1), encoding="utf-8")

    # -- drawing ------------
    def refresh_view(self) -> None:
        """Redraw every panel from the state's public view."""
        self._dirty = False
        v = self.state.view(self.human)
        self.query_one("#status", Static).update(self._status(v))
        self.query_one("#you", Static).update(self._you(v))
        self.query_one("#planets", Static).update(self._planets(v))
        log = self.query_one("#log", Static)
        # the latest lines, one screen line each, as many as fit under the board
        fit = max(1, log.size.height or 12)
        shown = [m.copy() for m in self.messages[-fit:]]
        for m in shown:
            m.no_wrap, m.overflow = True, "ellipsis"
        log.update(Text("\n", no_wrap=True, overflow="ellipsis").join(shown))

    def _status(self, v: dict[str, Any]) -> Text:
        d = self.driver
        t = Text(f"Round {v['round']}/{v['rounds']}  {v['phase']}", style="bold")
        if d.paused_until > d.time and not self.state.is_over():
            t.append(f"   next round in {d.paused_until - d.time:.0f} s", style="bold green")
        t.append("   scores: ")
        for p in v["players"]:
            name = "you" if p["player"] == self.human else f"P{p['player']}"
            t.append(f"{name} {p['score']}  ")
        return t

    def _you(self, v: dict[str, Any]) -> Text:
        t = Text()
        if self.human is not None and v["loading"]:
            me = v["players"][self.human]
            t.append("Your top card: ")
            t.append_text(_card(me["top"]))
            t.append(f"   ({C.NAMES[C.CODE_TO_KIND[me['top']]]}; {me['stack']} in stack)")
            t.append("   keys: planet [n], u under, d discard, q quit\n")
        elif self.human is not None and v["pending"] and v["pending"]["player"] == self.human:
            t.append(f"Your choice at planet {v['pending']['planet']}: ", style="bold yellow")
            for j, opt in enumerate(v["pending"]["options"]):
                t.append(f"[{j + 1}] {opt}   ")
            t.append("\n")
        for p in v["players"]:
            if p["player"] == self.human:
                continue
            t.append(f"P{p['player']}: {p['stack']} cards, top ")
            t.append_text(_card(p["top"]) if p["top"] else Text("-"))
            t.append("   ")
        return t

    def _planets(self, v: dict[str, Any]) -> Table:
        table = Table(expand=True, show_edge=False, pad_edge=False)
        table.add_column("key", width=4)
        table.add_column("planet", width=26)
        table.add_column("row (side 0)", ratio=1)
        table.add_column("row (side 1)", ratio=1)
        table.add_column("state", width=18)
        mine: dict[int, int] = {}
        if self.human is not None:
            nums = [i + 1 for i, s in enumerate(self.state.side_of[self.human]) if s >= 0]
            mine = {n: k + 1 for k, n in enumerate(nums)}
        resolving = not v["loading"]
        for pl in v["planets"]:
            a, b = pl["players"]
            key = f"[{mine[pl['number']]}]" if pl["number"] in mine else ""
            info = f"{pl['number']}. {pl['name']} T{pl['terraforming']} {pl['vp']}VP {pl['ore']}ore"
            rows = []
            for side, who in ((0, a), (1, b)):
                label = Text("you: " if who == self.human else f"P{who}: ", style="bold")
                rev = pl["revealed"][side] if resolving else None
                rows.append(label + _row(pl["rows"][side], rev))
            state = ""
            res = pl["result"]
            if not resolving and res is not None and res["winner"] is not None:
                state = f"last round → P{res['winner']}"
            if resolving:
                state = f"terra {pl['terraformed']} ore {pl['ore_used']}/{pl['ore']}"
                res = pl["result"]
                if res is not None:
                    state += f" → P{res['winner']}" if res["winner"] is not None else " → -"
            table.add_row(key, info, rows[0], rows[1], state)
        return table


def make_app(
    seats: str | Sequence[str],
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    game: Game[Any] | None = None,
    players: int | None = None,
    clock: Clock | None = None,
    save: str | None = None,
    start_pause: float = START_PAUSE,
    round_pause: float = ROUND_PAUSE,
    poll_interval: float = 0.05,
    state: RaceState | None = None,
    bot_seed: int | None = None,
    thinker: Thinker | None = None,
) -> RaceLiveApp:
    """Build the live app (the game, the driver, the seats) without running it.

    ``seats`` is a seat list (text, or one text per seat; see
    :mod:`liftoff.bots.seats`); with ``players``, one seat fills every seat.
    ``game`` is the real-time game (default: the race; a content-bound one from
    ``play --content``). ``state`` continues a given game (a loaded or test
    position) instead of a new one. The bots and their speeds are seeded from
    ``bot_seed``, by default from the operating system's randomness: never from
    the game's ``seed``, which their visible choices would otherwise give away
    (and with it the order of every stack). ``thinker``: where bots think (live
    play); without one they decide inline, in no time. Raises ``ValueError``
    (``SeatError`` / ``OptionError``) for bad seats or options.
    """
    specs = parse_seats(seats, players, realtime=True)
    humans = [i for i, s in enumerate(specs) if s.human]
    if len(humans) > 1:
        raise SeatError("the live terminal seats at most one human; the others must be bots")
    if game is None:
        game = liftoff.games.get("race")
    if state is None:
        state = game.new_game(len(specs), seed, dict(options or {}))
    ready = live_seats(specs, secrets.randbits(63) if bot_seed is None else bot_seed)
    driver = game.realtime_driver(
        state,
        ready,
        clock=clock if clock is not None else MonotonicClock(),
        start_pause=start_pause,
        round_pause=round_pause,
        thinker=thinker,
    )
    names = [
        f"Player {i + 1}"
        if s.human
        else f"{(s.bot or 'bot')[:1].upper()}{(s.bot or 'bot')[1:]} {i + 1}"
        for i, s in enumerate(specs)
    ]
    return RaceLiveApp(
        driver,
        humans[0] if humans else None,
        poll_interval=poll_interval,
        save=save,
        names=names,
    )


def run_live(
    game: Game[Any],
    seats: str | Sequence[str],
    players: int | None,
    seed: int,
    options: dict[str, Any],
    save: str | None,
) -> None:
    """Play a live real-time game in the terminal (blocks until the player quits);
    the bots think on a worker thread."""
    pool = thinker(workers=4, name="race-bot")
    try:
        app = make_app(seats, seed, options, game=game, players=players, save=save, thinker=pool)
        app.run()
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
