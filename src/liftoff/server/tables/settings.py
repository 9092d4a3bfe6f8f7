"""The server's tunable behaviour (:class:`Settings`); the defaults suit people playing."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Settings:
    """Tunable behaviour of the server (the defaults suit people playing)."""

    bot_delay: float = 0.4  # seconds a bot waits before acting (so people can follow)
    grace: float = 60.0  # seconds a disconnected player keeps their seat to themselves
    zombie_bot: str = "random"  # who plays for a disconnected or timed-out player
    race_start_pause: float = 3.0  # seconds before a race round opens
    race_round_pause: float = 5.0  # seconds between race rounds
    max_live_tables: int = 5000  # unfinished tables held at once (finished ones do not count)
    max_tables_per_address: int = 20  # unfinished tables one client address may create
    open_table_ttl: float = 3600.0  # an open table nobody joined or watched expires after
    idle_table_ttl: float = 86_400.0  # a game nobody played or watched expires after
    sweep_every: float = 60.0  # seconds between looks for expired tables
    admin_token: str | None = None  # the operator's token for the admin routes (None: off)
    # reverse proxies whose X-Forwarded-For names the real client (per-address limits)
    trusted_proxies: frozenset[str] = frozenset()
    exempt_loopback: bool = False  # loopback clients skip per-address limits (load tests)
    max_ws_per_address: int = 50  # WebSockets one client address may hold open (0: no cap)
    max_requests_per_address: int = 50  # REST requests one address may have in flight
    header_timeout: float = 10.0  # seconds for a request's line and headers to arrive
    body_timeout: float = 20.0  # seconds for a request's body to arrive
    hello_timeout: float = 15.0  # seconds for a WebSocket's hello
    lease_ttl: float = 30.0  # seconds a crashed server's database lease outlives it
    table_lease_ttl: float = 6.0  # a cluster member's table leases outlive it this long
    member_address: str | None = None  # http://host:port the other members reach it at
    max_body: int = 64 * 1024  # bytes per request body / WebSocket message
    http_rate: float = 50.0  # REST requests per second per client address
    http_burst: float = 200.0
    ws_rate: float = 20.0  # WebSocket messages per second per connection
    ws_burst: float = 60.0
    lobby_limit: int = 50
    watch_delay: float = 0.03  # seconds a watcher's update waits to take in more changes
    # bots: ceilings of what a client may ask (time per decision, iterations, depth);
    # real-time (race) bots decide on the event loop and get a much smaller time
    max_bot_seconds: float = 5.0
    max_bot_iterations: int = 20_000
    max_bot_depth: int = 40
    max_realtime_bot_seconds: float = 0.05
    bot_processes: int = 1  # worker processes for search bots (0: threads)
    # content sets a client may choose by name: "game.option" -> {name: value (a path)}
    content_sets: dict[str, dict[str, str]] = field(default_factory=dict)
