"""``liftoff loadtest``: many WebSocket clients playing random legal actions."""

from __future__ import annotations

import json

import typer

from liftoff.cli.common import fail, get_game, needs_extra


def loadtest(
    clients: int = typer.Option(100, "--clients", help="WebSocket clients (one seat each)."),
    tables: int = typer.Option(25, "--tables", help="Tables the clients sit at."),
    seconds: float = typer.Option(20.0, "--seconds", help="How long to measure."),
    game: str = typer.Option("planet", "--game", "-g", help="A turn-based game to play."),
    url: list[str] = typer.Option(
        [],
        "--url",
        help="A running server (default: start one on loopback with a fresh SQLite file); "
        "repeat it to spread the tables and their clients over several members of a cluster.",
    ),
    think: float = typer.Option(
        0.0,
        "--think",
        help="Mean think time in seconds: each client waits a random time (exponential, "
        "this mean) before acting, as people do (0: act at once).",
    ),
    db: str = typer.Option(None, "--db", help="Database URL for the server this command starts."),
    procs: int = typer.Option(1, "--procs", help="Client processes."),
    as_json: bool = typer.Option(False, "--json", help="Print the figures as JSON."),
    bot_fairness: int = typer.Option(
        0,
        "--bot-fairness",
        help="Instead: a heuristic bot's p95 decision time on an idle server, then with "
        "this many tables of maximum-budget search bots (in process, --seconds each).",
    ),
) -> None:
    """Measure moves per second and latency with many concurrent clients (bounded in time)."""
    get_game(game)  # a misspelled game, before any server starts
    if bot_fairness > 0:
        _bot_fairness(bot_fairness, seconds, game, as_json)
        return
    try:
        from liftoff.server.loadtest import LoadTestError, run
    except ImportError as exc:
        needs_extra("the load test", "server", exc.name)
    if not 1 <= clients <= 20_000 or not 1 <= tables <= clients or not 1 <= seconds <= 3600:
        fail(
            f"--clients {clients} --tables {tables} --seconds {seconds:g}: "
            "need 1 <= tables <= clients <= 20000 and 1 <= seconds <= 3600"
        )
    if not 0 <= think <= 600:
        fail("need 0 <= --think <= 600 (seconds)")
    try:
        figures = run(
            clients=clients,
            tables=tables,
            seconds=seconds,
            game=game,
            url=url or None,
            db=db,
            procs=procs,
            think=think,
        )
    except LoadTestError as exc:
        fail(str(exc))
    if as_json:
        typer.echo(json.dumps(figures, indent=1))
        return
    lat = figures["latency_ms"]
    typer.echo(
        f"{figures['clients']} clients at {figures['tables']} {game} tables for {seconds:g} s: "
        f"{figures['moves']} moves, {figures['moves_per_second']} moves/s"
        + (f" (mean think time {think:g} s)" if think > 0 else "")
    )
    typer.echo(
        f"latency ms: p50 {lat['p50']}  p90 {lat['p90']}  p99 {lat['p99']}  max {lat['max']}"
    )
    typer.echo(
        f"lost moves: {figures['lost_moves']}  refusals: {figures['refusals'] or 0}  "
        f"connect failures: {figures['connect_failures']}"
    )
    if figures.get("server_cpu_ms_per_move") is not None:
        typer.echo(f"server CPU per move: {figures['server_cpu_ms_per_move']} ms")


def _bot_fairness(tables: int, seconds: float, game: str, as_json: bool) -> None:
    try:
        from liftoff.server.loadtest import bot_fairness
    except ImportError as exc:
        needs_extra("the load test", "server", exc.name)
    if not 1 <= tables <= 100 or not 1 <= seconds <= 600:
        fail("need 1 <= --bot-fairness <= 100 and 1 <= --seconds <= 600")
    figures = bot_fairness(tables, seconds, game)
    if as_json:
        typer.echo(json.dumps(figures, indent=1))
        return
    idle, busy = figures["idle"], figures["busy"]
    typer.echo(
        f"heuristic bot decisions ({game}): idle p50 {idle['p50_ms']} ms p95 {idle['p95_ms']} ms "
        f"({idle['decisions']}); with {tables} tables of {figures['heavy_bot']}: "
        f"p50 {busy['p50_ms']} ms p95 {busy['p95_ms']} ms ({busy['decisions']}); "
        f"p95 ratio {figures['p95_ratio']}"
    )


def register(app: typer.Typer) -> None:
    """Add ``liftoff loadtest``."""
    app.command("loadtest")(loadtest)
