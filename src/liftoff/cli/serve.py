"""``liftoff serve``: the multiplayer server and browser front end."""

from __future__ import annotations

import os
import signal
import socket
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from liftoff.cli.common import fail, get_game, need_folder, need_path, needs_extra

if TYPE_CHECKING:
    from liftoff.server.tables import Settings

ADMIN_TOKEN_ENV = "LIFTOFF_ADMIN_TOKEN"  # the operator's token for the admin routes


def default_db_url() -> str:
    """An SQLite file in the user's data directory."""
    import platformdirs

    folder = Path(platformdirs.user_data_dir("liftoff"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite+aiosqlite:///{folder / 'liftoff.db'}"


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0] if text else ''}"[:300]


def bind_port(host: str, port: int) -> socket.socket:
    """The listening socket, bound now: a port in use is found before anything starts."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc} (is another server there?)")
    sock.set_inheritable(True)
    return sock


def check_database(url: str, where: str, lease_ttl: float) -> None:
    """Connect, migrate and check that the database accepts writes and that no other
    server uses it; one clear line when not."""
    import asyncio

    from liftoff.server.health import ErrorLog, Lease, LeaseHeld
    from liftoff.server.storage import Store

    async def check() -> None:
        store = Store(url)
        try:
            await store.migrate()
            lease = Lease(store, lease_ttl, ErrorLog())
            await lease.take()  # a write; raises LeaseHeld while another server runs
            await lease.release()
        finally:
            await store.engine.dispose()
            if store.sync_engine is not None:
                store.sync_engine.dispose()

    try:
        asyncio.run(check())
    except LeaseHeld as exc:
        fail(str(exc))
    except Exception as exc:
        fail(f"cannot use the database {where}: {_one_line(exc)}")


def check_redis(url: str) -> None:
    """Reach the cluster's Redis now: one clear line when it cannot be reached."""
    import asyncio

    try:
        from redis.asyncio import Redis
    except ImportError as exc:
        needs_extra("--redis", "cluster", exc.name)

    async def ping() -> None:
        client = Redis.from_url(url, socket_connect_timeout=5, socket_timeout=5)
        try:
            await client.ping()
        finally:
            await client.aclose()

    try:
        asyncio.run(ping())
    except Exception as exc:
        fail(f"cannot reach Redis at {_where(url)}: {_one_line(exc)}")


def reach_database(url: str, where: str) -> None:
    """Connect to a cluster's shared database now (its members migrate it in
    turn, under a lock, as they start): one clear line when it cannot be reached."""
    import asyncio

    from sqlalchemy import text
    from sqlalchemy.ext.asyncio import create_async_engine

    async def connect() -> None:
        engine = create_async_engine(url)
        try:
            async with engine.connect() as conn:
                await conn.execute(text("SELECT 1"))
        finally:
            await engine.dispose()

    try:
        asyncio.run(connect())
    except Exception as exc:
        fail(f"cannot use the database {where}: {_one_line(exc)}")


def check_sqlite_folder(url: str) -> None:
    """Refuse an SQLite file in a folder that does not exist (it is not made)."""
    from sqlalchemy.engine import make_url

    try:
        parsed = make_url(url)
    except Exception as exc:
        fail(f"--db {url!r} is not a database URL: {_one_line(exc)}")
    file = parsed.database or ""
    # in memory, or a file: URI (uri=true), which SQLite reads itself: nothing to check
    named = file not in ("", ":memory:") and not file.startswith("file:")
    if parsed.get_backend_name() == "sqlite" and named:
        need_folder(Path(file), "--db")


def _where(url: str) -> str:
    """A URL without its user and password."""
    return url.split("@")[-1] if "@" in url else url


def parse_content_sets(specs: list[str]) -> dict[str, dict[str, str]]:
    """``GAME.OPTION:NAME=PATH`` texts as ``{"GAME.OPTION": {NAME: PATH}}``; an
    unknown game, an option that names no file or a missing file is refused."""
    out: dict[str, dict[str, str]] = {}
    for spec in specs:
        key, _, rest = spec.partition(":")
        name, _, path = rest.partition("=")
        if "." not in key or not name.strip() or not path.strip():
            fail(f"--content {spec!r}: write GAME.OPTION:NAME=PATH")
        game_name, _, option = key.strip().partition(".")
        game = get_game(game_name)
        files = [o.name for o in game.options.public() if o.kind is str and o.choices is None]
        if option not in files:
            fail(
                f"--content {spec!r}: {game.info.name} has no option that names a content file "
                f"{option!r} ({', '.join(files) or 'it has none'})"
            )
        need_path(Path(path.strip()), "--content")
        out.setdefault(key.strip(), {})[name.strip()] = path.strip()
    return out


_HOST = typer.Option("127.0.0.1", "--host", help="Address to listen on.")
_PORT = typer.Option(8000, "--port", help="Port to listen on.")
_DB = typer.Option(
    None,
    "--db",
    help="Database URL, e.g. postgresql+asyncpg://user@host/db "
    "(default: an SQLite file in your data directory).",
)
_BOT_DELAY = typer.Option(
    0.8, "--bot-delay", help="Seconds before each bot action at a table with people."
)
_GRACE = typer.Option(
    60.0, "--grace", help="Seconds a disconnected player may be gone before their seat is away."
)
_HTTP_RATE = typer.Option(
    50.0, "--http-rate", help="REST requests per second per client address (0: no limit)."
)
_WS_RATE = typer.Option(
    20.0, "--ws-rate", help="WebSocket messages per second per connection (0: no limit)."
)
_CONTENT = typer.Option(
    [],
    "--content",
    help="Offer a content set to clients by name: GAME.OPTION:NAME=PATH "
    "(e.g. race.planets:classic=/srv/planets.toml); repeatable.",
)
_MAX_TABLES = typer.Option(5000, "--max-tables", help="Unfinished tables the server holds at once.")
_VACATION_DAYS = typer.Option(
    30.0,
    "--vacation-days",
    help="Days of vacation a person may take in any 365, their clocks of days standing "
    "still meanwhile (0: none).",
)
_DORMANT_AFTER = typer.Option(
    600.0,
    "--dormant-after",
    help="Seconds a table played over days that nobody watches or plays stays in memory "
    "before it sleeps in the database (0: tables never sleep).",
)
_SMTP = typer.Option(
    None,
    "--smtp",
    help="HOST:PORT of the SMTP server that mails sign-in links and turn mails (with "
    "--public-url; default: no mail, no sign-in).",
)
_PUBLIC_URL = typer.Option(
    None, "--public-url", help="The address people reach this server at, for mailed links."
)
_MAIL_FROM = typer.Option(
    "liftoff@localhost", "--mail-from", help="The sender of the server's mails."
)
_TURN_MAIL_EVERY = typer.Option(
    600.0,
    "--turn-mail-every",
    help="Seconds between batches of turn mails: a signed-in person gets at most one mail "
    "a batch for their tables over days where their turn came (0: no turn mails).",
)
_TABLES_PER_ADDRESS = typer.Option(
    20,
    "--tables-per-address",
    help="Unfinished tables one client address may create (0: no limit).",
)
_OPEN_TTL = typer.Option(
    3600.0, "--open-ttl", help="Seconds before an open table nobody joined or watched expires."
)
_IDLE_TTL = typer.Option(
    86400.0, "--idle-ttl", help="Seconds before a game nobody plays or watches expires."
)
_MAX_BOT_SECONDS = typer.Option(
    5.0, "--max-bot-seconds", help="Ceiling of a bot's time per decision (turn-based games)."
)
_MAX_BOT_ITERATIONS = typer.Option(
    20_000, "--max-bot-iterations", help="Ceiling of a search bot's iterations per decision."
)
_MAX_BOT_DEPTH = typer.Option(
    40,
    "--max-bot-depth",
    help="Ceiling of a search bot's rollout depth (0, no cut-off, is refused).",
)
_MAX_RACE_BOT_SECONDS = typer.Option(
    0.05, "--max-race-bot-seconds", help="Ceiling of a live race bot's time per decision."
)
_BOT_ROLLOUTS = typer.Option(
    "random,heuristic",
    "--bot-rollouts",
    help="Rollout kinds a client may give a search bot, comma-separated (add full to allow it).",
)
_BOT_PROCESSES = typer.Option(
    1,
    "--bot-processes",
    help="Worker processes for search bots, hints and race bots, shared in turn by the "
    "addresses that created tables (0: threads).",
)
_REPLAY_PROCESSES = typer.Option(
    1,
    "--replay-processes",
    help="Worker processes computing finished games' replays (0: a thread).",
)
_TRUSTED_PROXY = typer.Option(
    [],
    "--trusted-proxy",
    help="Address of a reverse proxy whose X-Forwarded-For names the client; repeatable.",
)
_EXEMPT_LOOPBACK = typer.Option(
    False,
    "--exempt-loopback",
    help="Exempt clients on loopback from per-address limits (a local load generator).",
)
_WS_PER_ADDRESS = typer.Option(
    50, "--ws-per-address", help="WebSockets one client address may hold open (0: no cap)."
)
_REQUESTS_PER_ADDRESS = typer.Option(
    50,
    "--requests-per-address",
    help="REST requests one client address may have in flight at once (0: no cap).",
)
_HEADER_TIMEOUT = typer.Option(
    10.0, "--header-timeout", help="Seconds for a request's line and headers to arrive."
)
_BODY_TIMEOUT = typer.Option(20.0, "--body-timeout", help="Seconds for a request's body to arrive.")
_LOG_LEVEL = typer.Option("warning", "--log-level", help="uvicorn log level.")
_REDIS = typer.Option(
    None,
    "--redis",
    help="Run as one member of a cluster: redis://HOST:PORT/DB shared by every member, "
    "with a PostgreSQL --db they share too (tables are owned by lease).",
)
_ADVERTISE = typer.Option(
    None,
    "--advertise",
    help="In a cluster: the http://HOST:PORT the other members reach this one at "
    "(default: the --host and --port, or this machine's name when listening on all).",
)
_CLUSTER_NAME = typer.Option(
    "liftoff",
    "--cluster-name",
    help="In a cluster: the name every Redis key and channel of its members begins with "
    "(clusters sharing one Redis server need names of their own).",
)


def serve(
    host: str = _HOST,
    port: int = _PORT,
    db: str = _DB,
    bot_delay: float = _BOT_DELAY,
    grace: float = _GRACE,
    http_rate: float = _HTTP_RATE,
    ws_rate: float = _WS_RATE,
    content: list[str] = _CONTENT,
    max_tables: int = _MAX_TABLES,
    vacation_days: float = _VACATION_DAYS,
    dormant_after: float = _DORMANT_AFTER,
    smtp: str | None = _SMTP,
    public_url: str | None = _PUBLIC_URL,
    mail_from: str = _MAIL_FROM,
    turn_mail_every: float = _TURN_MAIL_EVERY,
    tables_per_address: int = _TABLES_PER_ADDRESS,
    open_ttl: float = _OPEN_TTL,
    idle_ttl: float = _IDLE_TTL,
    max_bot_seconds: float = _MAX_BOT_SECONDS,
    max_bot_iterations: int = _MAX_BOT_ITERATIONS,
    max_bot_depth: int = _MAX_BOT_DEPTH,
    max_race_bot_seconds: float = _MAX_RACE_BOT_SECONDS,
    bot_rollouts: str = _BOT_ROLLOUTS,
    bot_processes: int = _BOT_PROCESSES,
    replay_processes: int = _REPLAY_PROCESSES,
    trusted_proxy: list[str] = _TRUSTED_PROXY,
    exempt_loopback: bool = _EXEMPT_LOOPBACK,
    ws_per_address: int = _WS_PER_ADDRESS,
    requests_per_address: int = _REQUESTS_PER_ADDRESS,
    header_timeout: float = _HEADER_TIMEOUT,
    body_timeout: float = _BODY_TIMEOUT,
    log_level: str = _LOG_LEVEL,
    redis: str | None = _REDIS,
    advertise: str | None = _ADVERTISE,
    cluster_name: str = _CLUSTER_NAME,
) -> None:
    """Run the server: open the printed URL in a browser to play (Ctrl-C stops it)."""
    settings_class = _server_settings_class(port)
    url = db or default_db_url()
    settings = settings_class(
        bot_delay=bot_delay,
        grace=grace,
        http_rate=http_rate,
        ws_rate=ws_rate,
        content_sets=parse_content_sets(content),
        max_live_tables=max_tables,
        **_days_and_mail(vacation_days, dormant_after, smtp, public_url, mail_from),
        turn_mail_every=max(0.0, turn_mail_every),
        max_tables_per_address=tables_per_address,
        open_table_ttl=open_ttl,
        idle_table_ttl=idle_ttl,
        **_bot_bounds(max_bot_seconds, max_bot_iterations, max_bot_depth, max_race_bot_seconds),
        bot_rollouts=_rollouts(bot_rollouts),
        bot_processes=bot_processes,
        replay_processes=replay_processes,
        **_connections(trusted_proxy, exempt_loopback, ws_per_address, requests_per_address),
        header_timeout=header_timeout,
        body_timeout=body_timeout,
        admin_token=os.environ.get(ADMIN_TOKEN_ENV) or None,
        member_address=advertise or _reached_at(host, port),
        cluster_name=cluster_name,
    )
    where = _where(url)
    # before migrations and bots start: the port, then the database (one line each)
    if redis is not None:
        _check_cluster(url, redis, cluster_name)
    check_sqlite_folder(url)
    sock = bind_port(host, port)
    try:
        app = _open_app(url, where, redis, settings)
    except typer.Exit:
        sock.close()
        raise
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    typer.echo(f"liftoff server: http://{shown}:{port}/  (database: {where})", err=False)
    _run(app, sock, host, port, settings, log_level)


def _server_settings_class(port: int) -> type[Settings]:
    """The server's settings class, once its extra is known to be installed and
    ``port`` to be a port (one line and exit otherwise)."""
    try:
        import uvicorn  # noqa: F401  (the server's extra is there)

        from liftoff.server.app import create_app  # noqa: F401  (its imports are there)
        from liftoff.server.tables import Settings
    except ImportError as exc:
        needs_extra("the server", "server", exc.name)
    if not 1 <= port <= 65535:
        fail(f"--port {port}: a port is a number from 1 to 65535")
    return Settings


def _days_and_mail(
    vacation_days: float,
    dormant_after: float,
    smtp: str | None,
    public_url: str | None,
    sender: str,
) -> dict[str, Any]:
    """The settings of play over days and of mail (one line and exit for a bad one)."""
    if not (0 <= vacation_days <= 366 and dormant_after >= 0):
        fail("--vacation-days is 0 to 366 days, --dormant-after 0 seconds or more")
    _check_mail(smtp, public_url)
    return {
        "vacation_days": vacation_days,
        "dormant_after": dormant_after,
        "smtp": smtp,
        "public_url": public_url,
        "mail_from": sender,
    }


def _connections(
    trusted_proxy: list[str], exempt_loopback: bool, sockets: int, requests: int
) -> dict[str, Any]:
    """The settings of what one address may hold and who stands behind a proxy."""
    return {
        "trusted_proxies": frozenset(trusted_proxy),
        "exempt_loopback": exempt_loopback,
        "max_ws_per_address": sockets,
        "max_requests_per_address": requests,
    }


def _check_mail(smtp: str | None, public_url: str | None) -> None:
    """Refuse, in one line, mail settings that cannot work."""
    if (smtp is None) != (public_url is None):
        fail("--smtp and --public-url go together: the mailed links point at the public URL")
    if smtp is not None:
        host, _, port = smtp.rpartition(":")
        if not host or not port.isdigit() or not 1 <= int(port) <= 65535:
            fail(f"--smtp {smtp!r}: write HOST:PORT, e.g. mail.example.org:25")
    if public_url is not None and not public_url.startswith(("http://", "https://")):
        fail(f"--public-url {public_url!r}: write the address with http:// or https://")


def _bot_bounds(seconds: float, iterations: int, depth: int, race: float) -> dict[str, Any]:
    """The settings of the bots' ceilings (one line and exit for a ceiling below 1)."""
    if not (seconds > 0 and race > 0 and iterations >= 1 and depth >= 1):
        fail("bot ceilings are positive: seconds above 0, iterations and depth from 1")
    return {
        "max_bot_seconds": seconds,
        "max_bot_iterations": iterations,
        "max_bot_depth": depth,
        "max_realtime_bot_seconds": race,
    }


def _rollouts(text: str) -> tuple[str, ...]:
    """The rollout kinds of ``--bot-rollouts`` (one line and exit for an unknown one)."""
    from liftoff.bots.ismcts import ROLLOUTS

    kinds = tuple(k.strip() for k in text.split(",") if k.strip())
    unknown = [k for k in kinds if k not in ROLLOUTS]
    if unknown or not kinds:
        fail(f"--bot-rollouts {text!r}: choose from {', '.join(ROLLOUTS)}")
    return kinds


def _open_app(url: str, where: str, redis: str | None, settings: Any) -> Any:
    """The server's application on a database checked first (one line if it is unusable)."""
    from liftoff.server.app import create_app

    if redis is None:
        check_database(url, where, settings.lease_ttl)
    else:
        reach_database(url, where)
    try:
        return create_app(url, settings=settings, redis_url=redis)
    except Exception as exc:
        fail(f"cannot use the database {where}: {_one_line(exc)}")


def _check_cluster(url: str, redis: str, cluster_name: str) -> None:
    """Refuse, in one line, a cluster member's settings that cannot work: a database
    other members cannot share, a bad cluster name, a Redis server not there."""
    from liftoff.server.cluster.names import check_name

    if not url.startswith(("postgresql", "postgres")):
        fail(
            "several servers (--redis) share a PostgreSQL database: give --db postgresql+asyncpg://…"
        )
    try:
        check_name(cluster_name)
    except ValueError as exc:
        fail(f"--cluster-name: {exc}")
    check_redis(redis)


def _reached_at(host: str, port: int) -> str:
    """Where the other members of a cluster reach a server listening on ``host``."""
    if host in ("0.0.0.0", "::", ""):
        host = socket.gethostname()
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def _run(app: Any, sock: Any, host: str, port: int, settings: Any, log_level: str) -> None:
    """Serve ``app`` on the bound socket until stopped."""
    import uvicorn

    from liftoff.server.protocol import protocol_class

    config = uvicorn.Config(
        app,
        http=protocol_class(settings.header_timeout),
        proxy_headers=False,  # the server's own --trusted-proxy setting decides
        host=host,
        port=port,
        ws="websockets-sansio",
        ws_max_size=settings.max_body,
        log_level=log_level,
        lifespan="on",
    )
    ctrl_c = OneCtrlC()
    signal.signal(signal.SIGINT, ctrl_c.after_server)  # what uvicorn restores when it stops
    ctrl_c.server(uvicorn.Server)(config).run(sockets=[sock])


class OneCtrlC:
    """A Ctrl-C that arrives twice at once is one Ctrl-C.

    Under ``uv run`` a Ctrl-C reaches the server twice: the terminal sends it to
    the whole process group and uv forwards it again a moment later. uvicorn
    took the second for "force quit" and skipped the application's shutdown (the
    database's lease stayed taken, a traceback of the cancelled start-up task was
    printed), or it arrived once uvicorn had stopped and ended the process as it
    exited. A Ctrl-C pressed again later still forces the quit.
    """

    SAME = 1.0  # seconds: a second Ctrl-C this soon after the first is the same one

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.first: float | None = None

    def repeated(self) -> bool:
        """Whether a Ctrl-C now is the first one again (and to be ignored)."""
        now = self.clock()
        if self.first is None:
            self.first = now
            return False
        return now - self.first < self.SAME

    def after_server(self, sig: int, frame: Any) -> None:
        """The Ctrl-C handler once uvicorn has stopped: the first one again (uvicorn
        re-raises the signal it stopped for) or its forwarded copy is ignored."""
        if self.first is None or not self.repeated():
            raise KeyboardInterrupt

    def server(self, base: Any) -> Any:
        """``base`` (uvicorn's server class), ignoring the repeated Ctrl-C."""
        ctrl_c = self

        class Server(base):  # type: ignore[misc]
            def handle_exit(self, sig: int, frame: Any) -> None:
                if sig == signal.SIGINT and ctrl_c.repeated():
                    return
                super().handle_exit(sig, frame)

        return Server


def register(app: typer.Typer) -> None:
    """Add ``liftoff serve``."""
    app.command("serve")(serve)
