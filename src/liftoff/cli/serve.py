"""``liftoff serve``: the multiplayer server and browser front end."""

from __future__ import annotations

import os
import socket
from pathlib import Path
from typing import Any

import typer

from liftoff.cli.common import fail

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


def parse_content_sets(specs: list[str]) -> dict[str, dict[str, str]]:
    """``GAME.OPTION:NAME=PATH`` texts as ``{"GAME.OPTION": {NAME: PATH}}``."""
    out: dict[str, dict[str, str]] = {}
    for spec in specs:
        key, _, rest = spec.partition(":")
        name, _, path = rest.partition("=")
        if "." not in key or not name.strip() or not path.strip():
            fail(f"--content {spec!r}: write GAME.OPTION:NAME=PATH")
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
_BOT_DELAY = typer.Option(0.4, "--bot-delay", help="Seconds a bot waits before acting.")
_GRACE = typer.Option(60.0, "--grace", help="Seconds before a bot plays for a disconnected player.")
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
_BOT_PROCESSES = typer.Option(
    1, "--bot-processes", help="Worker processes for search bots (0: threads)."
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
    tables_per_address: int = _TABLES_PER_ADDRESS,
    open_ttl: float = _OPEN_TTL,
    idle_ttl: float = _IDLE_TTL,
    max_bot_seconds: float = _MAX_BOT_SECONDS,
    bot_processes: int = _BOT_PROCESSES,
    trusted_proxy: list[str] = _TRUSTED_PROXY,
    exempt_loopback: bool = _EXEMPT_LOOPBACK,
    ws_per_address: int = _WS_PER_ADDRESS,
    requests_per_address: int = _REQUESTS_PER_ADDRESS,
    header_timeout: float = _HEADER_TIMEOUT,
    body_timeout: float = _BODY_TIMEOUT,
    log_level: str = _LOG_LEVEL,
    redis: str | None = _REDIS,
    advertise: str | None = _ADVERTISE,
) -> None:
    """Run the server: open the printed URL in a browser to play."""
    try:
        import uvicorn  # noqa: F401  (the server's extra is there)

        from liftoff.server.app import create_app
        from liftoff.server.tables import Settings
    except ImportError as exc:
        fail(
            f"the server needs the 'server' extra ({exc.name} is missing): "
            "pip install 'liftoff[server]'"
        )
    url = db or default_db_url()
    settings = Settings(
        bot_delay=bot_delay,
        grace=grace,
        http_rate=http_rate,
        ws_rate=ws_rate,
        content_sets=parse_content_sets(content),
        max_live_tables=max_tables,
        max_tables_per_address=tables_per_address,
        open_table_ttl=open_ttl,
        idle_table_ttl=idle_ttl,
        max_bot_seconds=max_bot_seconds,
        bot_processes=bot_processes,
        trusted_proxies=frozenset(trusted_proxy),
        exempt_loopback=exempt_loopback,
        max_ws_per_address=ws_per_address,
        max_requests_per_address=requests_per_address,
        header_timeout=header_timeout,
        body_timeout=body_timeout,
        admin_token=os.environ.get(ADMIN_TOKEN_ENV) or None,
        member_address=advertise or _reached_at(host, port),
    )
    where = url.split("@")[-1] if "@" in url else url
    # before migrations and bots start: the port, then the database (one line each)
    if redis is not None and not url.startswith(("postgresql", "postgres")):
        fail(
            "several servers (--redis) share a PostgreSQL database: give --db postgresql+asyncpg://…"
        )
    sock = bind_port(host, port)
    if redis is None:
        check_database(url, where, settings.lease_ttl)
    try:
        app = create_app(url, settings=settings, redis_url=redis)
    except Exception as exc:
        fail(f"cannot use the database {where}: {_one_line(exc)}")
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    typer.echo(f"liftoff server: http://{shown}:{port}/  (database: {where})", err=False)
    _run(app, sock, host, port, settings, log_level)


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
    uvicorn.Server(config).run(sockets=[sock])


def register(app: typer.Typer) -> None:
    """Add ``liftoff serve``."""
    app.command("serve")(serve)
