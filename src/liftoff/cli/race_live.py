"""Live terminal play of the race game (a Textual app over the real-time driver).

``run_live(game, seats, players, seed, options, save)`` is what ``liftoff play``
calls for a real-time game. One seat may be ``human``; the others are bots with
speeds (``medium@relaxed``, ``random@2.5s``). The bots think on a worker thread
(a thinker), so the screen never freezes while one thinks, and their thinking
time counts. The board (:mod:`liftoff.cli.render.race`) shows every planet on
one line, one column per player, updated as the bots play; keys:

- ``1``..``9``: play the top card at your 1st..9th planet (the ``[n]`` shown);
- ``u``: put it under your stack; ``d``: discard it;
- during resolution, when a choice is yours (``auto_choices=false``): the digit
  of the option shown (which energy pays, which card to steal, or none);
- while a resolution is shown step by step: space = the next step now,
  ``s`` = skip to the round's standings;
- ``?``: the keys and the order cards go into a row;
- ``q`` or Ctrl-C: quit; the game record is saved if ``save`` was given,
  else a game in progress asks first (the same key again drops it).

Every key is taken for what the screen showed (loading, or a choice) and sent
with the state version shown: a key that arrives after the table changed (Stop
was called meanwhile) is refused as too late and changes nothing. During the
countdown before a round the stacks are face-down and no key acts.
"""

from __future__ import annotations

import math
import os
import secrets
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import typer
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

import liftoff
from liftoff import speech
from liftoff.bots.live import MonotonicClock, live_seats, thinker
from liftoff.bots.seats import SeatError, parse_seats
from liftoff.cli.fold import Phrased, wide
from liftoff.cli.play import narrated
from liftoff.cli.race_pace import (
    STEP_PAUSE,
    HoldClock,
    Pacer,
    Step,
    resolves,
    seating_lines,
    steps_of,
)
from liftoff.cli.render.race import (
    Board,
    board_of,
    card_name,
    glyph,
    legend,
    planets_table,
    status,
    who,
    worded,
)
from liftoff.cli.seats import default_names, named
from liftoff.cli.words import count, say
from liftoff.engine import Game, IllegalAction
from liftoff.engine.messages import text_for
from liftoff.engine.realtime import Clock, DriverEvent, RealtimeDriver, Thinker
from liftoff.games.race.state import RaceState
from liftoff.records import save_record

#: the environment variable that makes the live race's time run faster than the
#: wall clock (``4``: four seconds of the game in one real second) — for tests
#: that play whole races in a real terminal at a person's pace, seen in game time
TIME_SCALE = "LIFTOFF_TIME_SCALE"

#: seconds of countdown before the first round and between rounds
START_PAUSE = 3.0
ROUND_PAUSE = 5.0


class RaceLiveApp(App[None]):
    """The live race table for one human (or none: watch bots play)."""

    CSS = """
    Screen { layout: vertical; }
    #status { height: 1; }
    #you { height: auto; }
    #planets { height: auto; }
    #legend { height: 2; }
    #log { height: 1fr; color: $text-muted; }
    """
    #: Ctrl-C and Ctrl-Q quit as ``q`` does (asking first when the game would be lost)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "leave", show=False, priority=True),
        Binding("ctrl+q", "leave", show=False, priority=True),
    ]

    def __init__(
        self,
        driver: RealtimeDriver[RaceState],
        human: int | None,
        *,
        clock: HoldClock | None = None,
        poll_interval: float = 0.05,
        step_pause: float = STEP_PAUSE,
        save: str | None = None,
        names: Sequence[str] = (),
        seats: Sequence[str] = (),
    ) -> None:
        super().__init__()
        self.seats = list(seats)  # kept in the save beside the names
        #: a quit was asked for and waits for the same key again
        self.leaving = False
        #: the game in progress was dropped unsaved
        self.abandoned = False
        self.driver = driver
        self.game = driver.state.game
        n = driver.state.num_players
        self.names = list(names) or [say("api.seat.player", number=p + 1) for p in range(n)]
        self.state: RaceState = driver.state
        self.human = human
        self.clock = clock if clock is not None else HoldClock(MonotonicClock())
        self.poll_interval = poll_interval
        self.save = save
        self.messages: list[Text] = []
        self.pacer = Pacer(step_pause)
        self.base: dict[str, Any] = worded(self.state.view(human))  # the round before it resolved
        self.shown: dict[str, Any] = self.base  # the live view last drawn
        self.shown_version = self.state.version  # the version a key is chosen on
        self._dirty = True
        self._counting = False
        driver.subscribe(self._on_event)
        for line in seating_lines(self.base, human, self.names, self._keys(self.base)):
            self._say(line)

    # -- layout ------------
    def compose(self) -> ComposeResult:
        for part in ("status", "you", "planets", "legend", "log"):
            yield Static(id=part)

    def on_mount(self) -> None:
        self.title = text_for("race.title", "Lift Off! (2000)")
        self.query_one("#legend", Static).update(legend())
        self.set_interval(self.poll_interval, self.poll)
        self.refresh_view()

    # -- driving ------------
    def poll(self) -> None:
        """Show the resolution step that is due, else advance the driver to the
        clock's time; redraw if anything happened."""
        pacing = self.pacer.active
        self._show(self.pacer.tick(self.clock.inner.now()))
        if pacing and not self.pacer.active:
            self._dirty = True  # the pacing is over: the screen says so (e.g. "q quits")
        if not self.pacer.active:
            self.clock.release()
            self.driver.poll()
        counting = self.driver.counting_down_at(self.clock.now())
        if self._dirty or counting or self._counting:
            self.refresh_view()
        self._counting = counting

    def _show(self, steps: list[Step]) -> None:
        for step in steps:
            self._dirty = True
            for line in step.lines:
                self._say(line)

    def _on_event(self, event: DriverEvent) -> None:
        self._dirty = True
        if event.kind == "applied":
            if resolves(event.events) or self.pacer.active:
                self._pace(event)
            else:
                for line in narrated(self.game, event.events, self.human, self.names):
                    self._say(Text(line, style="dim"))
        elif event.kind in ("rejected", "stale") and event.player == self.human:
            self._refused(event)
        elif event.kind == "round":
            self.base = worded(self.state.view(self.human))
            keys = self._keys(self.base)
            self._later(seating_lines(self.base, self.human, self.names, keys))
        elif event.kind == "over":
            self._later([Text(say("cli.live.quits"), style="bold")])
        elif event.kind == "waiting" and event.player == self.human:
            self._later([Text(say("cli.live.your-choice"), style="bold yellow")])

    def _pace(self, event: DriverEvent) -> None:
        """Queue what a resolving action caused, step by step; the clock stands
        still until the steps are shown."""
        steps = self._steps(event)
        if self.pacer.pause > 0 and steps:
            self.clock.hold()
        self._show(self.pacer.add(steps, self.clock.inner.now()))

    def _steps(self, event: DriverEvent) -> list[Step]:
        live = worded(self.state.view(self.human))
        return steps_of(
            self.game, event.events, self.human, self.names, self.base, live, event.version - 1
        )

    def _later(self, lines: list[Text]) -> None:
        """Say ``lines`` after the steps waiting, or now."""
        if self.pacer.queue:
            self.pacer.queue[-1].lines.extend(lines)
        else:
            for line in lines:
                self._say(line)

    def _refused(self, event: DriverEvent) -> None:
        if event.kind == "stale":
            self._say(Text(say("cli.live.too-late", action=self._words(event.action)), style="red"))
        else:
            said = say("cli.live.refused", message=event.message, rule=event.rule)
            self._say(Text(said, style="red"))

    def _words(self, text: str | None) -> str:
        """A submitted action text in words, for a refusal."""
        word, _, rest = (text or "").partition(" ")
        if word == "place" and rest.isdigit():
            number = int(rest)
            names = {pl["number"]: pl["name"] for pl in self.shown["planets"]}
            planet = names.get(number) or say("cli.live.planet", number=number)
            return say("cli.live.do.place", planet=planet)
        if word in ("under", "discard"):
            return say(f"cli.live.do.{word}")
        return say("cli.live.do.choose")

    def _say_once(self, text: Text) -> None:
        """Say ``text`` unless it is the last line said (a key pressed again)."""
        if not self.messages or self.messages[-1].plain != text.plain:
            self._say(text)

    def _say(self, text: Text) -> None:
        self.messages.append(text)
        del self.messages[:-200]

    def submit(self, text: str) -> None:
        """The human's action, stamped with the clock's time and the shown version."""
        if self.human is None:
            return
        self.driver.submit(self.human, text, based_on=self.shown_version)
        self.driver.poll()
        self.refresh_view()

    def action_leave(self) -> None:
        """Quit: at once when the game is saved, over or not begun; else the
        first ``q`` / Ctrl-C asks and the second drops the game."""
        if self.save or self.state.is_over() or not self.state.history or self.leaving:
            self.abandoned = not (self.save or self.state.is_over() or not self.state.history)
            self.exit()
            return
        self.leaving = True
        self._say(Text(say("cli.live.leave-ask"), style="bold yellow"))
        self.refresh_view()

    def on_key(self, event: events.Key) -> None:
        key = event.key
        if key == "q":
            self.action_leave()
            return
        if self.leaving:  # any other key: play on
            self.leaving = False
            self._say(Text(say("cli.quit.back")))
        if key == "question_mark":
            for line in self.help_lines():
                self._say(line)
            self.refresh_view()
            return
        now = self.clock.inner.now()
        if self.pacer.active:
            if key in ("space", "s", "enter"):
                self._show(self.pacer.next(now) if key == "space" else self.pacer.skip(now))
            elif key in ("u", "d") or key.isdigit():
                self._say_once(Text(say("cli.live.resolving-keys")))
            self.refresh_view()
            return
        if self.human is None or self.state.is_over():
            return
        if key in ("u", "d") or key.isdigit():
            self._key(key)

    def _key(self, key: str) -> None:
        """A playing key, taken for what the screen shows."""
        shown = self.shown
        if self.driver.counting_down_at(self.clock.now()):
            self._say_once(Text(say("cli.live.wait")))
            self.refresh_view()
        elif shown["loading"]:
            if key in ("u", "d"):
                self.submit("under" if key == "u" else "discard")
            elif key != "0":
                keys = {k: n for n, k in self._keys(shown).items()}
                if int(key) in keys:
                    self.submit(f"place {keys[int(key)]}")
        elif shown["pending"] and shown["pending"]["player"] == self.human and key.isdigit():
            options = shown["pending"]["options"]
            if 1 <= int(key) <= len(options):
                self.submit(options[int(key) - 1])

    def help_lines(self) -> list[Text]:
        """The keys, and the order cards go into a row (the rule's own words)."""
        lines = [Text(say("cli.live.help"), style="bold")]
        lines += [Text("  " + line) for line in say("cli.live.help.keys").splitlines()]
        order = self.game.rule_text("RC-PLACE-6") or ""
        lines.append(Text(say("cli.live.help.order", rule=order)))
        return lines

    def on_unmount(self) -> None:
        if self.save:
            save_record(self.save, self.state, self.seats or None, self.names)

    # -- drawing ------------
    def _keys(self, view: Mapping[str, Any]) -> dict[int, int]:
        """The viewer's planets: planet number → key."""
        if self.human is None:
            return {}
        mine = view["players"][self.human]["planets"]
        return {number: k + 1 for k, number in enumerate(mine)}

    def refresh_view(self) -> None:
        """Redraw every panel: the resolution step on screen, else the live view."""
        self._dirty = False
        step = self.pacer.current
        if step is not None and step.board is not None:
            board = step.board
            self.shown_version = step.version
        else:
            self.shown = worded(self.driver.view(self.human, self.clock.now()))
            self.shown_version = self.state.version
            board = board_of(self.shown)
        self.query_one("#status", Static).update(self._status(board))
        self.query_one("#you", Static).update(self._you(board))
        keys = self._keys(self.shown) if not self.pacer.active else {}
        self.query_one("#planets", Static).update(
            planets_table(board, self.human, self.names, keys or {})
        )
        log = self.query_one("#log", Static)
        # the latest lines, as many as fit under the board; a long one is folded
        # at a word, its continuation indented (never wider than the screen)
        fit = max(1, log.size.height or 6)
        width = max(20, log.size.width or 80)
        rows: list[Text] = []
        for m in self.messages[-fit:]:
            room = width - 2
            folded = Phrased(m).rows(room) if wide(m.plain) else m.wrap(self.console, room)
            for j, row in enumerate(folded):  # Japanese: between phrases
                rows.append(Text("  ") + row if j else row)
        shown = rows[-fit:]
        for row in shown:
            row.no_wrap, row.overflow = True, "ellipsis"
        log.update(Text("\n", no_wrap=True, overflow="ellipsis").join(shown))

    def _status(self, board: Board) -> Text:
        t = status(board)
        d, now = self.driver, self.clock.now()
        if self.pacer.left:
            t.append("   " + count("cli.live.steps", self.pacer.left), style="bold cyan")
        elif d.counting_down_at(now):
            left = math.ceil(d.paused_until - now)
            t.append("   " + say("cli.live.countdown", seconds=left), style="bold green")
        elif self.state.is_over():
            t.append("   " + say("cli.live.q"), style="bold")
        t.no_wrap, t.overflow = True, "ellipsis"
        return t

    def _you(self, board: Board) -> Text:
        lines: list[Text] = []
        v = self.shown
        if self.pacer.active:
            lines.append(Text(say("cli.live.resolving")))
        elif self.human is None:
            lines.append(Text(say("cli.live.watching")))
        elif board.countdown:
            lines.append(Text(say("cli.live.face-down")))
        elif v["loading"]:
            me = v["players"][self.human]
            top = Text(say("cli.live.top"))
            if me["top"]:
                top.append(card_name(me["top"]) + say("cli.live.sign-open"), style="bold")
                top.append_text(glyph(me["top"]))
                top.append(say("cli.live.sign-close"), style="bold")
            top.append(say("cli.live.in-stack", count=me["stack"]))
            lines.append(top)
            why = self._nowhere(me["planets"]) if me["top"] else None
            if why is not None:
                lines.append(why)
            n = len(me["planets"])
            lines.append(Text(say("cli.live.keys", count=n)))
        elif v["pending"] and v["pending"]["player"] == self.human:
            planet = self._planet(v["pending"]["planet"])
            t = Text(say("cli.live.choice-at", planet=planet), style="bold")
            for j, opt in enumerate(v["pending"]["options"]):
                t.append(f"[{j + 1}] {self._said(opt)}  ")
            lines.append(t)
        elif v["pending"]:
            name = who(v["pending"]["player"], self.human, self.names)
            planet = self._planet(v["pending"]["planet"])
            lines.append(Text(say("cli.live.choosing", name=name, planet=planet)))
        return Text("\n", overflow="fold").join(lines)  # wraps: never cut

    def _nowhere(self, planets: Sequence[int]) -> Text | None:
        """Why the top card fits none of the human's planets, in the words of
        the rule it would break; ``None`` when it fits one."""
        assert self.human is not None
        if any(str(a).startswith("place") for a in self.state.legal_actions(self.human)):
            return None
        for number in planets:
            try:
                action = self.game.parse_action(self.state, self.human, f"place {number}")
                self.state.verify(self.human, action)
            except IllegalAction as exc:
                rule = self.game.rule_text(exc.rule) or exc.said()
                return Text(say("cli.live.nowhere", rule=rule), style="yellow")
        return None

    def _said(self, text: str) -> str:
        """An option of a choice in words (``pay with Solar Module``)."""
        assert self.human is not None
        try:
            action = self.game.parse_action(self.state, self.human, text)
            return speech.of(self.game).describe(self.state, self.human, action)
        except IllegalAction:
            return text

    def _planet(self, number: int) -> str:
        return next((pl["name"] for pl in self.shown["planets"] if pl["number"] == number), "?")


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
    step_pause: float = STEP_PAUSE,
    poll_interval: float = 0.05,
    state: RaceState | None = None,
    bot_seed: int | None = None,
    thinker: Thinker | None = None,
    names: str | None = None,
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
        raise SeatError(say("cli.live.one-human"))
    if game is None:
        game = liftoff.games.get("race")
    if state is None:
        state = game.new_game(len(specs), seed, dict(options or {}))
    ready = live_seats(specs, secrets.randbits(63) if bot_seed is None else bot_seed)
    held = HoldClock(clock if clock is not None else MonotonicClock())
    driver = game.realtime_driver(
        state,
        ready,
        clock=held,
        start_pause=start_pause,
        round_pause=round_pause,
        thinker=thinker,
    )
    texts = [seat_text(s) for s in specs]
    return RaceLiveApp(
        driver,
        humans[0] if humans else None,
        clock=held,
        poll_interval=poll_interval,
        step_pause=step_pause,
        save=save,
        names=named(texts, names) if names is not None else default_names(texts),
        seats=texts,
    )


class ScaledClock:
    """The wall clock run ``scale`` times faster (zero at creation)."""

    def __init__(self, scale: float) -> None:
        self.scale = scale
        self.inner = MonotonicClock()

    def now(self) -> float:
        """Seconds of the game since creation."""
        return self.inner.now() * self.scale


def live_clock() -> Clock:
    """The live race's clock: the wall clock, or faster by :data:`TIME_SCALE`."""
    try:
        scale = float(os.environ.get(TIME_SCALE, "1"))
    except ValueError:
        scale = 1.0
    return ScaledClock(scale) if math.isfinite(scale) and scale > 1 else MonotonicClock()


def seat_text(spec: Any) -> str:
    """A parsed seat as text again (``human``, ``medium@fast``)."""
    if spec.human:
        return "human"
    return f"{spec.bot}@{spec.speed}" if spec.speed else str(spec.bot)


def run_live(
    game: Game[Any],
    seats: str | Sequence[str],
    players: int | None,
    seed: int,
    options: dict[str, Any],
    save: str | None,
    names: str | None = None,
) -> None:
    """Play a live real-time game in the terminal (blocks until the player quits);
    the bots think on a worker thread. Says on leaving whether the game was
    saved; a game in progress dropped unsaved ends the command with exit
    status 1."""
    pool = thinker(workers=4, name="race-bot")
    try:
        app = make_app(
            seats,
            seed,
            options,
            game=game,
            players=players,
            save=save,
            thinker=pool,
            names=names,
            clock=live_clock(),
        )
        app.run()
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
    from liftoff.cli.play import ABANDONED, console

    if save:
        console.print(say("cli.play.saved", path=save))
    elif app.abandoned:
        console.print(say("cli.quit.dropped"))
        raise typer.Exit(ABANDONED)
    if app.state.is_over():  # the end, told on the ordinary screen: it stays in the scrollback
        from liftoff.cli.ending import ending

        console.print(ending(game, app.state, app.names, app.human))
        console.print(say("cli.play.seed", seed=app.state.seed))
