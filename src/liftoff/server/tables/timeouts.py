"""The time-out policy (fair, like a club's): nobody's seat goes to a bot by itself.

A seat is *out of time* (public) when its person is absent by the turn's measure:

- on a table with clocks, their clock ran out on their turn (a disconnect alone,
  a sleeping phone, counts for nothing until then);
- on a turn-based table without clocks, it is their turn and they have been away
  (disconnected, and not seen over REST) for longer than the grace period;
- in a race (real time, no turns), they have been away longer than the grace.

Nobody plays for them meanwhile: the game waits (a race goes on for the others,
and between its rounds an absent person counts as ready: the next round does not
wait for them).
They may still play their move (a late move is accepted), and coming back before
anyone chose clears the mark silently. Every other *person* seated at the table
may choose to wait for them, or to let a stand-in bot play for them; the
stand-in plays the seat until the person takes their seat back, which gives them
at least :func:`allowance` on their clock. When every other seat is a bot's,
nobody is asked: the game waits (a race of bots alone holds still until a
person is back). The seat's person can never choose for themselves, nor can a
spectator. At a table played over days they may also choose to *end the game*:
once every other person still playing chose it, the game ends there, the person
out of time placed last and the others by their points so far (a rated table
is rated so).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from liftoff.engine import Outcome

from ..errors import ApiError
from .clocks import is_day_clock
from .model import LiveTable, TableSeat

if TYPE_CHECKING:
    from .manager import TableManager

CHOICES = ("wait", "bot", "end")
MIN_ALLOWANCE_MS = 30_000  # a reclaimed seat has at least this much time left


def allowance(table: LiveTable) -> int:
    """The ms a person has at least after taking their seat back from the stand-in:
    the table's extra time per turn, and never under 30 seconds."""
    increment = table.clocks.increment_ms if table.clocks is not None else 0
    return max(increment, MIN_ALLOWANCE_MS)


def _ran_out(table: LiveTable, s: TableSeat, now: float) -> bool:
    """Whether ``s``'s person is absent by the turn's measure (see the module): out of
    time on their turn, or away on their turn (or in a race) without clocks."""
    if table.status != "playing" or s.kind != "human" or s.zombie or s.stand_in:
        return False
    clocks = table.clocks
    if clocks is not None:
        return s.seat in clocks.running and clocks.left(s.seat, now) <= 0
    if not s.away:
        return False
    return table.race is not None or s.seat in table.state.active_players()


def people_absent(table: LiveTable) -> bool:
    """Whether a race should hold still: it has people and every one of them is away
    (no stand-in plays for them), so only bots would race on."""
    people = [s for s in table.seats if s.kind == "human"]
    return bool(people) and all(s.away and not s.connected and not s.stand_in for s in people)


class Timeouts:
    """Who is out of time at each table, and the others' choice about them."""

    def __init__(self, host: TableManager) -> None:
        self.host = host

    def hold_race(self, table: LiveTable) -> None:
        """A race of bots alone waits while its people are away, and runs again
        when one is back (or a stand-in plays for them)."""
        if table.race is not None and table.status == "playing":
            table.race.hold(people_absent(table))

    def check(self, table: LiveTable) -> bool:
        """Mark the seats whose person ran out of time on their turn, clear the marks
        of those whose turn ended (or who left, or are away); whether any changed."""
        now = table.clock.now()
        changed = False
        for s in table.seats:
            out = _ran_out(table, s, now)
            if out != s.out_of_time:
                s.out_of_time, changed = out, True
                s.waited_by.clear()
                s.ending_by.clear()
        if table.race is not None and table.status == "playing":
            table.race.absent_ready()  # between race rounds an absent person is ready
        return changed

    async def choose(
        self, table_id: str, token: str | None, seat: int, choice: str
    ) -> dict[str, Any]:
        """Another person at the table chooses for ``seat`` (out of time): ``wait``
        for them, or let a ``bot`` play for them until they take their seat back."""
        host = self.host
        table = await host.for_change(table_id)
        chooser = host.seating.seat_of(table, token)
        if choice not in CHOICES:
            raise ApiError(422, "bad-choice", "choose 'wait' or 'bot'")
        if choice == "end" and not is_day_clock(table.clock_spec):
            raise ApiError(422, "bad-choice", say="api.error.bad-choice.end")
        if not 0 <= seat < len(table.seats):
            raise ApiError(422, "bad-seat", say="api.error.bad-seat.number", params={"seat": seat})
        async with table.lock:
            s = table.seats[seat]
            if chooser == seat:
                raise ApiError(
                    403, "own-seat", "you cannot choose for your own seat: play your move"
                )
            self.check(table)
            if not s.out_of_time:
                name = table.names()[seat]
                raise ApiError(
                    409,
                    "not-out-of-time",
                    say="api.error.not-out-of-time.named",
                    params={"name": name},
                )
            if choice == "end":
                s.ending_by.add(chooser)
                if self.all_end(table, seat):
                    await self.end(table)
                    return {"ok": True, "version": table.state.version}
            elif choice == "wait":
                s.waited_by.add(chooser)
            else:
                s.out_of_time, s.stand_in_for = False, s.token_hash
                s.waited_by.clear()
                if table.race is not None:
                    table.race.set_bot(seat, host.settings.zombie_bot)
                    self.hold_race(table)
            host.changed(table)
            host.bot_seats.kick(table)
            return {"ok": True, "version": table.state.version}

    def all_end(self, table: LiveTable, seat: int) -> bool:
        """Whether every other person still playing chose to end the game over
        ``seat``'s time-out (a game over days ends only when they all do)."""
        voters = [
            s.seat
            for s in table.seats
            if s.seat != seat
            and s.kind == "human"
            and not s.zombie
            and not s.stand_in
            and not s.out_of_time
        ]
        return bool(voters) and set(voters) <= table.seats[seat].ending_by

    async def end(self, table: LiveTable) -> None:
        """End the game now: the people out of time place last, the others by the
        points they have so far (the game's own count), ties shared."""
        late = [s.seat for s in table.seats if s.out_of_time]
        try:
            points = [sum(p.values()) for p in table.state.score_breakdown()]
        except Exception:  # a game that counts nothing before its end
            points = [0.0] * len(table.seats)
        keys = [(0.0 if p in late else 1.0, points[p]) for p in range(len(table.seats))]
        details = {"out_of_time": late}
        table.ended = Outcome.from_keys(keys, points, "ended-out-of-time", details)
        host = self.host
        host.stop_playing(table)
        await host.finish(table)
        host.changed(table)
        host.clock_keeper.arm(table)

    async def reclaim(self, table_id: str, token: str | None, seat: int | None) -> dict[str, Any]:
        """The person takes their seat back from the stand-in (at least
        :func:`allowance` on their clock); ``seat``, when given, must be theirs."""
        host = self.host
        table = await host.for_change(table_id)
        own = host.seating.seat_of(table, token)
        if seat is not None and seat != own:
            raise ApiError(403, "not-your-seat", "you can only take back your own seat")
        async with table.lock:
            s = table.seats[own]
            if not s.stand_in:
                raise ApiError(409, "no-stand-in", "no bot is playing for you")
            s.stand_in_for = None
            if table.race is not None:
                table.race.set_human(own)
            if table.clocks is not None:
                table.clocks.give(own, allowance(table), table.clock.now())
            self.check(table)
            host.changed(table)
            host.clock_keeper.arm(table)
            return {"ok": True, "version": table.state.version}
