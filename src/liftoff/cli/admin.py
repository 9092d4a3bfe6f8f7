"""``liftoff admin``: the operator's commands for a running server.

They call the server's admin routes with the token the server was started with
(the environment variable ``LIFTOFF_ADMIN_TOKEN``, for the server and for these
commands alike; never on a command line, where other users could read it).
"""

from __future__ import annotations

import json
import os
from typing import Any

import typer

from liftoff.cli.common import fail, needs_extra

TOKEN_ENV = "LIFTOFF_ADMIN_TOKEN"

admin_app = typer.Typer(
    help="Operator commands for a running server (token in $LIFTOFF_ADMIN_TOKEN).",
    no_args_is_help=True,
)

Url = typer.Option("http://127.0.0.1:8000", "--url", help="The server's address.")


def _call(method: str, url: str, path: str, body: Any = None) -> Any:
    try:
        import httpx
    except ImportError as exc:
        needs_extra("liftoff admin", "server", exc.name)
    token = os.environ.get(TOKEN_ENV)
    if not token:
        fail(f"set {TOKEN_ENV} to the admin token the server was started with")
    try:
        res = httpx.request(
            method,
            url.rstrip("/") + path,
            headers={"Authorization": f"Bearer {token}"},
            json=body,
            timeout=None if body is not None else 30,
        )
    except httpx.HTTPError as exc:
        fail(f"cannot reach the server at {url}: {exc}")
    try:
        body = res.json()
    except ValueError:
        body = {"message": res.text[:200]}
    if res.status_code >= 400:
        fail(f"{res.status_code}: {body.get('message', body)}")
    return body


@admin_app.command("tables")
def tables(url: str = Url, as_json: bool = typer.Option(False, "--json")) -> None:
    """List the unfinished tables with their creators and idle times."""
    body = _call("GET", url, "/api/admin/tables")
    if as_json:
        typer.echo(json.dumps(body, indent=1))
        return
    for t in body["tables"]:
        kinds = ",".join(s["kind"] for s in t["seats"])
        typer.echo(
            f"{t['id']}  {t['game']:<7} {t['status']:<8} seats {kinds:<20} "
            f"creator {t['creator'] or '-':<16} idle {t['idle_seconds']:.0f} s"
        )


@admin_app.command("close")
def close(table: str = typer.Argument(..., help="Table id."), url: str = Url) -> None:
    """Close a table for good: its game stops and its seats are freed."""
    _call("POST", url, f"/api/admin/tables/{table}/close")
    typer.echo(f"table {table} closed")


@admin_app.command("delete")
def delete(table: str = typer.Argument(..., help="Table id."), url: str = Url) -> None:
    """Delete a table and its record from the database."""
    _call("DELETE", url, f"/api/admin/tables/{table}")
    typer.echo(f"table {table} deleted")


@admin_app.command("rate-bots")
def rate_bots(
    game: str = typer.Argument(..., help="The game: planet or agency."),
    games: int = typer.Option(10, "--games", help="How many games the levels play."),
    levels: str = typer.Option(
        "beginner,easy,medium,hard", "--levels", help="The bot levels that play, by commas."
    ),
    url: str = Url,
) -> None:
    """Rate the bot levels by games among themselves, on the people's scale."""
    body = {"games": games, "levels": [x.strip() for x in levels.split(",") if x.strip()]}
    answer = _call("POST", url, f"/api/admin/ratings/{game}/bots", body)
    for r in answer["ratings"]:
        who = f"{r['bot']} bot" if r["bot"] else r["name"]
        typer.echo(f"{who:<24} {r['mu']:6.2f} ± {r['sigma']:5.2f}  ({r['games']} games)")


def register(app: typer.Typer) -> None:
    """Add ``liftoff admin``."""
    app.add_typer(admin_app, name="admin")
