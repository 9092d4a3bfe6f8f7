"""The server's tunable behaviour (:class:`Settings`); the defaults suit people playing."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..clock import REAL_CLOCK, ServerClock


@dataclass
class Settings:
    """Tunable behaviour of the server (the defaults suit people playing)."""

    # seconds before each bot action at a table with people (or watched), so they can
    # follow every action as its own step (bots alone, unwatched: full speed)
    bot_delay: float = 0.8
    grace: float = 60.0  # seconds a disconnected player may be gone before they are away
    zombie_bot: str = "random"  # who plays a left seat, or a stand-in the others chose
    race_start_pause: float = 3.0  # seconds before a race round opens
    race_round_pause: float = 5.0  # seconds between race rounds (tables of bots)
    # at a race table where people sit: bots follow the slowest person's pace
    race_people_pace: bool = True
    race_reveal_pace: float = 1.0  # seconds each revealed card of a resolution is shown
    # the longest a race table where people sit waits for them to be ready for the
    # next round, after the reveals (0: no waiting, the plain race_round_pause)
    race_ready_most: float = 120.0
    # unfinished tables held at once (finished ones do not count); up to 10,000 and
    # more tables played over days cost nothing while nobody moves (docs/benchmarks.md)
    max_live_tables: int = 5000
    # a table played over days that nobody watched, nor played, for this long sleeps:
    # it leaves memory, its clocks' deadline kept in the database (``tables.dormant``)
    dormant_after: float = 600.0
    vacation_days: float = 30.0  # days a person may pause their clocks in any 365
    # sign in by a link sent by email (``server.tables.accounts``): the SMTP server (host:port),
    # the address people reach the server at (the link's), the sender, the link's life
    smtp: str | None = None
    public_url: str | None = None
    mail_from: str = "liftoff@localhost"
    sign_in_minutes: float = 15.0
    # turn mails (``tables.turnmails``): seconds between batches, each account one mail
    # a batch for all its tables where its turn came (0: no turn mails)
    turn_mail_every: float = 600.0
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
    # the cluster's name: every Redis key and channel of its members begins with it
    cluster_name: str = "liftoff"
    max_body: int = 64 * 1024  # bytes per request body / WebSocket message
    http_rate: float = 50.0  # REST requests per second per client address
    http_burst: float = 200.0
    ws_rate: float = 20.0  # WebSocket messages per second per connection
    ws_burst: float = 60.0
    lobby_limit: int = 50
    watch_delay: float = 0.03  # seconds a watcher's update waits to take in more changes
    # bots: ceilings of what a client may ask (time per decision, iterations, rollout
    # depth from 1, rollout kinds); every search bot gets the time ceiling when it
    # asks for none, real-time (race) bots a much smaller one (see server.botspecs)
    max_bot_seconds: float = 5.0
    max_bot_iterations: int = 20_000
    max_bot_depth: int = 40
    max_realtime_bot_seconds: float = 0.05
    bot_rollouts: tuple[str, ...] = ("random", "heuristic")
    # worker processes where search bots, hints and race bots think, the creators'
    # addresses taking turns (0: threads in the server process)
    bot_processes: int = 1
    replay_processes: int = 1  # worker processes computing replays (0: a thread)
    replay_cache_bytes: int = 64 << 20  # memory for computed replays (least used go first)
    # content sets a client may choose by name: "game.option" -> {name: value (a path)}
    content_sets: dict[str, dict[str, str]] = field(default_factory=dict)
    # what every timed thing reads (clocks, grace, bots' pacing, race rounds): real
    # time unless a test gives a clock it moves itself
    clock: ServerClock = REAL_CLOCK
