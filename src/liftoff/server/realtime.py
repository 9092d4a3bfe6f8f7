"""Running real-time tables (the race game) live through the game's own driver.

The driver (``liftoff.games.race.realtime.RealtimeRace``) applies actions in
arrival order and runs bots at their speed profiles. The server feeds it the
humans' actions as they arrive, wakes it when a bot's action is due, and
writes every applied action to the action log before anyone hears of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Any

from liftoff.engine import IllegalAction, Rng, derive_seed

from .botpool import bounded_spec
from .errors import ApiError
from .storage import ActionData

if TYPE_CHECKING:
    from .tables import LiveTable, TableManager

log = logging.getLogger("liftoff.server")


def _driver_module() -> Any:
    from liftoff.games.race import realtime

    return realtime


class RaceRunner:
    """One live race table: the driver, its wake-up loop and the log writes."""

    def __init__(self, manager: TableManager, table: LiveTable, *, restored: bool) -> None:
        self.rt = _driver_module()
        self.manager = manager
        self.table = table
        self.events: list[Any] = []
        self._new_driver()
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.restored = restored

    def _new_driver(self) -> None:
        """A driver on the table's current state (at start, and after a failed write)."""
        settings = self.manager.settings
        table = self.table
        self.clock = self.rt.MonotonicClock()
        specs: list[str] = []
        for s in table.seats:
            if s.kind == "bot":
                bot = bounded_spec(s.bot or "random", self.manager.bot_bounds(True))
                specs.append(f"{bot}@{s.speed or 'normal'}")
            elif s.kind == "open" or s.zombie:
                specs.append(f"{settings.zombie_bot}@normal")
            else:
                specs.append("human")
        self.driver = self.rt.RealtimeRace(
            table.state,
            specs,
            seed=derive_seed(table.bot_seed, "server", table.state.version),
            clock=self.clock,
            round_pause=settings.race_round_pause,
            start_pause=settings.race_start_pause,
        )
        self.events.clear()
        self.driver.subscribe(self.events.append)

    @staticmethod
    def speeds() -> list[str]:
        """The bot speed profiles."""
        return list(_driver_module().SPEEDS)

    # -- lifecycle --------------------------------------------------------------------
    def start(self) -> None:
        """Start the wake-up loop."""
        self.task = asyncio.create_task(self._loop(), name=f"race-{self.table.id}")

    def stop(self) -> None:
        """Stop the loop (the state stays as it is)."""
        if self.task is not None:
            self.task.cancel()

    def counting_down(self) -> bool:
        """Whether the countdown before a round is on (stacks face-down, no actions)."""
        return bool(self.driver.counting_down_at(self.clock.now()))

    def view(self, recipient: int | None) -> dict[str, Any]:
        """The recipient's view; face-down stacks during the countdown."""
        view: dict[str, Any] = self.table.state.view(recipient)
        if self.counting_down():
            view = self.rt.face_down(view)
        return view

    def public(self) -> dict[str, Any]:
        """Timing facts for clients: seconds until the round opens."""
        return {"paused_for": max(0.0, self.driver.paused_until - self.clock.now())}

    # -- seats ---------------------------------------------------------------------------------
    def _seat(self, p: int, text: str) -> Any:
        spec = self.rt.parse_seat(text)
        agent = (
            None
            if spec.human
            else self.rt.make_agent(spec, derive_seed(self.table.bot_seed, "zombie", p))
        )
        return self.rt.Seat(
            spec, agent, Rng(derive_seed(self.table.bot_seed, "speed", p, time.time_ns()))
        )

    def set_bot(self, p: int, bot: str) -> None:
        """A bot plays seat ``p`` (zombie or left seat)."""
        self.driver.seats[p] = self._seat(p, f"{bot}@normal")
        self.wake.set()

    def set_human(self, p: int) -> None:
        """Seat ``p``'s person is back."""
        self.driver.seats[p] = self._seat(p, "human")
        self.wake.set()

    # -- running ------------------------------------------------------------------------------
    def _applied_rows(self) -> tuple[list[ActionData], list[bool], list[Any]]:
        events, self.events[:] = list(self.events), []
        now = time.time()
        applied = [e for e in events if e.kind == "applied"]
        rows = [
            ActionData(e.version - 1, int(e.player), str(e.action), e.version - 1, now)
            for e in applied
        ]
        public = [bool(e.public) for e in applied]
        return rows, public, events

    async def _flush(self) -> list[Any]:
        """Store what the driver applied, announce it; returns the driver's events."""
        rows, public, events = self._applied_rows()
        if rows or events:
            try:
                await self.manager.record_applied(self.table, rows, public)
            except Exception:
                self.manager.errors.error(
                    "race-storage", "table %s: storing race actions failed", self.table.id
                )
                await self.manager._restore(self.table)
                self._new_driver()
                raise ApiError(503, "storage", "the action could not be stored") from None
        return events

    async def submit(
        self, seat: int, text: str, version: int, key: tuple[int, str, int, str] | None = None
    ) -> dict[str, Any]:
        """A human's action: applied (or refused) in arrival order; a repeated
        submission (``key``: same client id) gets the first one's answer."""
        table = self.table
        manager = self.manager
        async with table.lock:
            done = table.answer_of(key)
            if done is not None:
                return done
            if table.status == "open":
                raise manager._refuse(
                    table, seat, text, ApiError(409, "not-started", "the game waits for players")
                )
            if table.status == "closed":
                raise manager._refuse(
                    table, seat, text, ApiError(409, "closed", "the table is closed")
                )
            if table.status == "over" or table.state.is_over():
                raise manager._refuse(table, seat, text, ApiError(409, "over", "the game is over"))
            try:
                action = table.game.parse_action(table.state, seat, text.strip())
            except IllegalAction as exc:
                raise manager._refuse(table, seat, text, manager.illegal(table, exc)) from None
            canon = str(action)
            if version > table.state.version:
                err = ApiError(
                    422,
                    "bad-version",
                    f"version {version} is not one this game had (it is at {table.state.version})",
                    version=table.state.version,
                )
                raise manager._refuse(table, seat, canon, err)
            self.driver.submit(seat, action, based_on=version)
            self.driver.poll()
            events = await self._flush()
        self.wake.set()
        mine = [e for e in events if e.player == seat and e.action == canon]
        result = mine[-1] if mine else None
        if result is not None and result.kind == "applied":
            answer = {"ok": True, "version": result.version}
            table.remember(key, answer)
            return answer
        if result is None:
            raise ApiError(503, "lost", "the action did not arrive; try again")
        code = "stale" if result.kind == "stale" else "illegal"
        err = ApiError(
            409 if code == "stale" else 422,
            code,
            result.message,
            rule=result.rule,
            rule_text=table.game.rule_text(result.rule) if result.rule else None,
            version=table.state.version,
        )
        raise manager._refuse(table, seat, canon, err)

    async def _loop(self) -> None:
        table = self.table
        try:
            while table.status == "playing" and not table.state.is_over():
                async with table.lock:
                    nxt = self.driver.next_arrival()
                    pause = self.driver.paused_until - self.clock.now()
                timeout: float | None = None
                if nxt is not None:
                    timeout = max(0.0, nxt - self.clock.now())
                elif pause > 0:
                    timeout = pause
                if timeout is None or timeout > 0:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self.wake.wait(), timeout)
                    self.wake.clear()
                async with table.lock:
                    if table.status != "playing":
                        break
                    self.driver.poll()
                    try:
                        await self._flush()
                    except ApiError:
                        await asyncio.sleep(5.0)
                if pause > 0 and self.driver.paused_until <= self.clock.now():
                    manager_changed = self.manager._changed
                    manager_changed(table)
        except asyncio.CancelledError:
            raise
        except Exception:
            self.manager.errors.error("race-driver", "table %s: the race driver failed", table.id)
