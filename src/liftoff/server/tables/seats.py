"""Seats and presence: tokens, joining and leaving, listeners, zombies.

A seat's token is its only key (stored as a hash). A person who disconnects
keeps their seat: after a grace period they are *away*, and what follows is the
time-out policy's (``tables.timeouts``): nobody takes the seat unless the other
people choose a stand-in. A person who leaves during the game leaves a *zombie*
seat a bot plays. A person who acts or polls over REST is present as much as one
holding a WebSocket.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import ApiError
from .model import TURN_PACES, LiveTable, Subscriber, TableSeat, clean_name, hash_token, new_token
from .names import lookalike
from .persons import Caller, Person

if TYPE_CHECKING:
    from .manager import TableManager


def build_seats(
    specs: list[dict[str, Any]], realtime: bool, check_bot: Callable[[str, str | None, bool], str]
) -> tuple[list[TableSeat], int | None]:
    """The seats of a new table from the client's specs, and the creator's seat
    (``check_bot(bot, speed, realtime)`` refuses a bot that may not play, else
    gives the bot's text to store: normalised and bounded)."""
    built: list[TableSeat] = []
    you: int | None = None
    for i, spec in enumerate(specs):
        kind = spec.get("type", "open")
        if kind == "bot":
            bot = str(spec.get("bot") or "random")
            speed = spec.get("speed") or ("normal" if realtime else None)
            stored = check_bot(bot, speed, realtime)
            built.append(TableSeat(i, "bot", stored, speed, f"{bot} bot"))
        elif kind == "you":
            if you is not None:
                raise ApiError(422, "bad-seats", "only one seat can be yours")
            you = i
            built.append(TableSeat(i, "open"))
        elif kind == "open":
            # a rematch keeps a seat for its player (the server's own specs only: a
            # client's seats are ``SeatIn``, which has no such field)
            kept = spec.get("kept_for")
            built.append(TableSeat(i, "open", name=spec.get("name") if kept else None, person=kept))
        else:
            raise ApiError(
                422, "bad-seats", say="api.error.bad-seats.kind", params={"kind": repr(kind)}
            )
    return built, you


def check_name(table: LiveTable, seat: int, name: str | None) -> str:
    """The name ``seat`` would show (:func:`.clean_name`); a 409 when people could
    take it for another seat's name at the table (a lookalike, see
    :func:`.names.lookalike`; the default ``Player N`` of every other seat counts)."""
    shown = clean_name(name, seat)
    others = [n for s, n in zip(table.seats, table.names(), strict=True) if s.seat != seat]
    others += [f"Player {s.seat + 1}" for s in table.seats if s.seat != seat]
    other = lookalike(shown, others)
    if other is not None:
        raise ApiError(
            409,
            "lookalike-name",
            say="api.error.lookalike-name.named",
            params={"name": shown, "other": other},
        )
    return shown


def remembered_name(table: LiveTable, seat: int, name: str | None) -> str | None:
    """The name a person chose before, for ``seat``; ``None`` when they chose none or
    it looks like another seat's name at this table (they are ``Player N`` then)."""
    if name is None:
        return None
    try:
        return check_name(table, seat, name)
    except ApiError:
        return None


def seated(table: LiveTable, held: TableSeat) -> ApiError:
    """The refusal of a second seat to a person who holds ``held`` at the table."""
    return ApiError(
        409, "seated", say="api.error.seated.as", params={"name": table.names()[held.seat]}
    )


def closed_seat(table: LiveTable, s: TableSeat) -> ApiError:
    """The refusal of an open seat nobody but its person may take: given up during
    the game (a bot plays it to the end), or kept for the player of the game before."""
    if table.status == "playing":
        return ApiError(409, "left-seat", "this seat was given up during the game")
    name = table.names()[s.seat]
    return ApiError(409, "kept-seat", say="api.error.kept-seat.for", params={"name": name})


def _first_for(table: LiveTable, person: str | None) -> int:
    """The seat a join without a seat number takes: the first one kept for the person,
    else the first anyone may take (409 when there is none)."""
    mine = [s.seat for s in table.seats if table.kept_for(s, person)]
    free = [s.seat for s in table.seats if table.joinable(s)]
    if mine or free:
        return (mine or free)[0]
    closed = [s for s in table.seats if s.kind == "open"]
    if closed:
        raise closed_seat(table, closed[0])
    raise ApiError(409, "full", "no open seat at this table")


def seat_person(seat: TableSeat, name: str | None) -> str:
    """A person takes ``seat``; returns its new token."""
    token = new_token()
    seat.kind, seat.name, seat.token_hash = "human", clean_name(name, seat.seat), hash_token(token)
    return token


class Seating:
    """Who holds which seat, and whether they are there."""

    def __init__(self, host: TableManager) -> None:
        self.host = host
        self.tokens: dict[str, tuple[str, int]] = {}  # token hash -> (table, seat)

    # -- tokens ---------------------------------------------------------------------------
    def register(self, table: LiveTable) -> None:
        """Know the tokens of every seat of ``table`` (a table rebuilt at start)."""
        for s in table.seats:
            if s.token_hash:
                self.tokens[s.token_hash] = (table.id, s.seat)

    def forget(self, table: LiveTable) -> None:
        """Forget the tokens of every seat of ``table`` (a closed table)."""
        for s in table.seats:
            if s.token_hash:
                self.tokens.pop(s.token_hash, None)

    def grant(self, table: LiveTable, seat: int, token: str) -> None:
        """``token`` now holds ``seat`` of ``table``."""
        self.tokens[hash_token(token)] = (table.id, seat)

    def seat_of(self, table: LiveTable, token: str | None) -> int:
        """The seat a token belongs to at this table (403 otherwise)."""
        if not token:
            raise ApiError(401, "no-token", "this needs your seat token")
        found = self.tokens.get(hash_token(token))
        if found is None or found[0] != table.id:
            raise ApiError(403, "bad-token", "this token holds no seat at this table")
        self.seen(table, found[1])  # any authenticated request counts as presence
        return found[1]

    def recipient_of(self, table: LiveTable, token: str | None) -> int | None:
        """The seat of a token, or ``None`` (spectator) when no token is given."""
        if not token:
            return None
        return self.seat_of(table, token)

    # -- joining and leaving ----------------------------------------------------------------
    async def join(
        self,
        table_id: str,
        seat: int | None,
        name: str | None,
        caller: Caller | None = None,
        *,
        rematch: bool = False,
    ) -> tuple[int, str]:
        """Take an open seat; returns it and its (unguessable) token. The seat belongs
        to the caller's person (a new one when the request named none: ``caller``
        gets it). One person holds one seat at a table; a seat left during the game,
        or kept for another person, is refused (``rematch``: the caller proved with
        their seat of the game before that the rematch seat kept for them is theirs)."""
        host = self.host
        caller = caller if caller is not None else Caller()
        table = await host.for_change(table_id)
        known = await host.persons.find(caller.key)
        # a join without a name takes the one this person chose before, if any
        remembered = None if (name or "").strip() else await host.persons.name_of(known)
        async with table.lock:
            if table.status in ("over", "closed"):
                raise ApiError(409, table.status, f"the table is {table.status}")
            if not any(s.kind == "open" for s in table.seats):
                raise ApiError(409, "full", "no open seat at this table")
            held = table.seat_of_person(known)
            if held is not None:
                raise seated(table, held)
            if seat is None:
                seat = _first_for(table, known)
            if not 0 <= seat < len(table.seats):
                raise ApiError(
                    422, "bad-seat", say="api.error.bad-seat.number", params={"seat": seat}
                )
            s = table.seats[seat]
            if s.kind != "open":
                raise ApiError(409, "taken", say="api.error.taken.seat", params={"seat": seat})
            if not (table.joinable(s) or table.kept_for(s, known) or rematch):
                raise closed_seat(table, s)
            name = remembered_name(table, seat, remembered) or check_name(table, seat, name)
            if known is None and rematch and s.person is not None:
                caller.person = Person(s.person)  # the seat's own person, proven by the rematch
            else:
                caller.person = Person(known) if known is not None else await host.persons.make()
            token = seat_person(s, name)
            s.person = caller.person.id
            await host.store.save_seat(table.id, s.data())
            self.grant(table, seat, token)
            self.unseat(table, seat)
            if table.status == "playing":
                # the person who left takes their seat back: the grace period starts now
                s.agent = None
                s.zombie = False
                if table.race is not None:
                    table.race.set_human(seat)
                self.away(table, s)
            host.changed(table)
            await host.maybe_start(table)
            return seat, token

    async def leave(self, table_id: str, token: str | None) -> None:
        """Give up a seat: it opens again (a bot plays it meanwhile if the game is on;
        during the game it stays kept for the person who left, nobody else may take it)."""
        host = self.host
        table = await host.for_change(table_id)
        async with table.lock:
            seat = self.seat_of(table, token)
            if table.status == "over":
                raise ApiError(409, "over", "the game is over")
            s = table.seats[seat]
            if s.token_hash:
                self.tokens.pop(s.token_hash, None)
            s.kind, s.name, s.token_hash = "open", None, None
            if table.status != "playing":
                s.person = None  # before the game a seat given up is anyone's again
            s.stop_grace()
            s.zombie = table.status == "playing"
            await host.store.save_seat(table.id, s.data())
            self.unseat(table, seat)
            if table.race is not None:
                table.race.set_bot(seat, host.settings.zombie_bot)
            host.changed(table)
            host.bot_seats.kick(table)

    async def hold(
        self, table_id: str, token: str | None, key: str | None, *, bind: bool = True
    ) -> bool:
        """A request made with a seat token and a person token: that person holds the
        seat from now on (a seat link opened on another device binds that device's
        person to it), unless they hold another seat at this table (409). Whether the
        seat changed hands (``bind=False``: whether it would; nothing changes)."""
        if not token or key is None:
            return False
        host = self.host
        # binding changes the table: its owner's (a replica here only tells whether)
        table = await (host.for_change(table_id) if bind else host.get(table_id))
        found = self.tokens.get(hash_token(token))
        if found is None or found[0] != table.id:
            return False  # no seat: the request itself is refused for its token
        known = await host.persons.find(key)
        s = table.seats[found[1]]
        if known is None or s.kind != "human" or s.person == known:
            return False
        held = table.seat_of_person(known)
        if held is not None and held is not s:
            raise seated(table, held)
        if not bind:
            return True
        async with table.lock:
            if s.token_hash != hash_token(token) or s.person == known:
                return False  # it changed hands meanwhile
            old, s.person = s.person, known
            try:
                await host.store.save_seat(table.id, s.data())
            except BaseException:
                s.person = old
                raise
            host.changed(table)
            return True

    def _own_seat(self, table: LiveTable, token: str | None) -> int:
        """The caller's seat at a table not over nor closed (403 / 409 otherwise)."""
        seat = self.seat_of(table, token)
        if table.status in ("over", "closed"):
            raise ApiError(409, table.status, f"the table is {table.status}")
        return seat

    async def renew(self, table_id: str, token: str | None) -> tuple[int, str]:
        """Stop old seat links: the seat gets a new token and the old one holds nothing
        (every listener on it watches at once). Returns the seat and its new token."""
        host = self.host
        table = await host.for_change(table_id)
        async with table.lock:
            seat = self._own_seat(table, token)
            return seat, await self._new_token(table, seat)

    async def play_here(self, table_id: str, persons: list[str], here: str) -> tuple[int, str]:
        """The browser of person ``here``, signed in to an account, plays here the seat
        one of the account's ``persons`` holds (on another of its devices): the seat
        is ``here``'s, with a new token, and the device that had it watches from then
        on (as after :meth:`renew`). 403 ``not-your-seat`` when none of them holds a
        seat there."""
        host = self.host
        table = await host.for_change(table_id)
        async with table.lock:
            mine = [s.seat for s in table.seats if s.kind == "human" and s.person in persons]
            if not mine:
                raise ApiError(403, "not-your-seat", say="api.error.not-your-seat.account")
            if table.status in ("over", "closed"):
                raise ApiError(409, table.status, f"the table is {table.status}")
            s = table.seats[mine[0]]
            old, s.person = s.person, here
            try:
                return mine[0], await self._new_token(table, mine[0])
            except BaseException:
                s.person = old  # not stored: the seat stays where it was
                raise

    async def _new_token(self, table: LiveTable, seat: int) -> str:
        """A new token for ``seat`` (stored first); the old one holds nothing."""
        host = self.host
        s = table.seats[seat]
        old, fresh = s.token_hash, new_token()
        s.token_hash = hash_token(fresh)
        try:
            await host.store.save_seat(table.id, s.data())
        except BaseException:
            s.token_hash = old  # not stored: the old token still holds the seat
            raise
        if old:
            self.tokens.pop(old, None)
        self.grant(table, seat, fresh)
        self.unseat(table, seat)
        if not s.connected and table.status == "playing":
            self.away(table, s)  # the new device has a grace period to connect
        host.changed(table)
        return fresh

    async def rename(self, table_id: str, token: str | None, name: str | None) -> tuple[int, str]:
        """A person renames their own seat; returns it and the name as shown."""
        host = self.host
        table = await host.for_change(table_id)
        async with table.lock:
            seat = self._own_seat(table, token)
            s = table.seats[seat]
            old, s.name = s.name, check_name(table, seat, name)
            try:
                await host.store.save_seat(table.id, s.data())
            except BaseException:
                s.name = old
                raise
            host.changed(table)
            return seat, s.name

    async def set_bot_pace(self, table_id: str, token: str | None, pace: str) -> str:
        """A seated person changes how long the table's bots wait before each action
        (:data:`.model.TURN_PACES`); every bot seat keeps it. Returns the pace."""
        host = self.host
        table = await host.for_change(table_id)
        async with table.lock:
            self._own_seat(table, token)
            if table.realtime:
                raise ApiError(422, "bad-speed", say="api.error.bad-speed.race")
            if pace not in TURN_PACES:
                raise ApiError(
                    422,
                    "bad-speed",
                    say="api.error.bad-speed.named",
                    params={"speed": repr(pace), "speeds": ", ".join(TURN_PACES)},
                )
            bots = [s for s in table.seats if s.kind == "bot"]
            old = [s.speed for s in bots]
            for s in bots:
                s.speed = pace
            try:
                for s in bots:
                    await host.store.save_seat(table.id, s.data())
            except BaseException:
                for s, was in zip(bots, old, strict=True):
                    s.speed = was
                raise
            host.changed(table)
            return pace

    def start_play(self, table: LiveTable) -> None:
        """The game starts: absent people's grace periods run, open seats are zombies."""
        for s in table.seats:
            if s.kind == "human" and not s.connected:
                self.away(table, s)
            elif s.kind == "open":
                s.zombie = True

    # -- listeners ------------------------------------------------------------------------------
    def connect(self, table: LiveTable, seat: int | None, token: str | None = None) -> Subscriber:
        """Register a listener; a returning player takes their seat back from the bot.

        A seat's listener holds it only while its token still holds the seat: when the
        seat changes hands the listener becomes a spectator (see :meth:`unseat`).
        """
        sub = Subscriber(seat, hash_token(token) if seat is not None and token else None)
        table.subscribers.add(sub)
        if seat is not None:
            s = table.seats[seat]
            s.connections += 1
            self._back(table, s)
            self.host.cluster.connections_changed(table)
            self.host.changed(table)
        return sub

    def _back(self, table: LiveTable, s: TableSeat) -> None:
        """The seat's person is connected again: no grace period, not away (silently:
        nobody chose anything yet), no bot for them."""
        s.stop_grace()
        if s.away:
            s.away = False
            self.host.timeouts.check(table)
            self.host.timeouts.hold_race(table)
        if s.zombie and s.kind == "human" and not self._replica(table):
            s.zombie = False
            if table.race is not None:
                table.race.set_human(s.seat)

    def disconnect(self, table: LiveTable, sub: Subscriber) -> None:
        """Drop a listener; a player's last connection closing starts their grace period."""
        table.subscribers.discard(sub)
        if sub.seat is not None:
            s = table.seats[sub.seat]
            s.connections = max(0, s.connections - 1)
            if not s.connected and s.kind == "human" and table.status == "playing":
                self.away(table, s)
            self.host.cluster.connections_changed(table)
            self.host.changed(table)

    def unseat(self, table: LiveTable, seat: int) -> None:
        """The seat changed hands: its listeners become spectators at once, so no old
        connection keeps reading the seat's private view (or keeps it from going away)."""
        current = table.seats[seat].token_hash
        for sub in table.subscribers:
            if sub.seat == seat and sub.token_hash != current:
                sub.seat = None
                sub.token_hash = None
                sub.log_epoch = -1  # the next frame resends the log as a spectator sees it
                sub.wake.set()
        table.seats[seat].connections = sum(1 for sub in table.subscribers if sub.seat == seat)
        self.host.cluster.connections_changed(table)

    def holds_seat(self, table: LiveTable, sub: Subscriber) -> bool:
        """Whether a listener's token still holds its seat (always true for spectators)."""
        if sub.seat is None:
            return True
        return sub.token_hash is not None and sub.token_hash == table.seats[sub.seat].token_hash

    # -- presence ----------------------------------------------------------------------------------
    def set_elsewhere(self, table: LiveTable, counts: dict[int, int]) -> None:
        """In a cluster, on the table's owner: each seat's connections through the
        other members (``counts``, as they said). A seat connected only there is
        present here too; its last one closing there starts its grace period here."""
        moved = False
        for s in table.seats:
            was = s.connected
            s.elsewhere = counts.get(s.seat, 0)
            if s.connected == was:
                continue
            moved = True
            if s.connected:
                self._back(table, s)
            elif s.kind == "human" and table.status == "playing":
                self.away(table, s)
        if moved:
            self.host.changed(table)

    def seen(self, table: LiveTable, seat: int) -> None:
        """An authenticated request of ``seat``: its person is present (REST players
        are never made "away" while they poll and act)."""
        s = table.seats[seat]
        if s.kind != "human":
            return
        s.last_seen = table.clock.now()
        if s.away and table.status == "playing" and not self._replica(table):
            self._back(table, s)
            if not s.connected:
                self.away(table, s)  # away again after a grace period
            self.host.changed(table)
        if s.zombie and table.status == "playing" and not self._replica(table):
            s.zombie = False
            if table.race is not None:
                table.race.set_human(seat)
            if not s.connected:
                self.away(table, s)  # away again after a grace period
            self.host.changed(table)

    def away(self, table: LiveTable, s: TableSeat) -> None:
        """The seat's person is gone: after the grace period they are away (the
        time-out policy decides what that means; no bot takes the seat by itself)."""
        if s.grace_task is not None or self.host.closing or self._replica(table):
            return
        s.grace_task = asyncio.create_task(self._grace(table, s))

    def _replica(self, table: LiveTable) -> bool:
        """Whether ``table`` is another member's, watched here: its owner decides who is
        away and plays its bots (this member's connections count there)."""
        return table.id in self.host.replicas

    async def _grace(self, table: LiveTable, s: TableSeat) -> None:
        grace = self.host.settings.grace
        try:
            await table.clock.sleep(grace)
            # a person who acts or polls over REST is present: wait for them to stop
            while (idle := table.clock.now() - s.last_seen) < grace:
                await table.clock.sleep(grace - idle)
        except asyncio.CancelledError:
            return
        s.grace_task = None
        if s.connected or s.kind != "human" or table.status != "playing":
            return
        s.away = True
        self.host.timeouts.check(table)
        self.host.timeouts.hold_race(table)
        self.host.changed(table)
