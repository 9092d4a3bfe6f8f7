"""``liftoff resume FILE`` (and ``liftoff play GAME --load FILE``): continue a
saved game in the terminal from its record.

The record is replayed (``Game.replay``: a record of other rules or content is
refused with one clear line); the seats are ``--seats`` or the ones the save
file keeps (``human`` and ``random`` bots for older records); the game saves
back to the same file unless ``--save`` names another.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from liftoff.cli.common import fail, need_folder
from liftoff.cli.words import say
from liftoff.engine import Game, ReplayError, State
from liftoff.engine.messages import speaking, text_for
from liftoff.records import load_record, record_seats

#: the seats of an old record that keeps none: a person, then random bots
DEFAULT_SEATS = ("human", "random")
#: ``liftoff play``'s ``--seats`` default: with ``--load``, the saved seats instead
PLAY_DEFAULT_SEATS = "human,random"


def load_saved(
    path: Path, game: str | None, content: Path | None
) -> tuple[Game[Any], State, dict[str, Any]]:
    """The game, its state rebuilt from the record in ``path`` (``game``: the
    game it must be) and the record; any problem ends the command with one clear line."""
    from liftoff.cli.play import load_game_with_content

    try:
        record = load_record(path)
    except ReplayError as exc:
        fail(str(exc))
    name = str(record["game"])
    if game is not None and name != game:
        fail(say("cli.resume.other-game", path=path, saved=name, game=game))
    g = load_game_with_content(name, content)
    if g.info.realtime:
        fail(say("cli.resume.live", title=_title(g), path=path))
    try:
        state = g.replay(record)
    except ReplayError as exc:
        fail(say("cli.resume.broken", path=path, problem=exc))
    return g, state, record


def _title(game: Game[Any]) -> str:
    """The game's title in the current language."""
    return text_for(f"{game.info.name}.title", game.info.title)


def _names_fit(saved: Any, defaults: list[str]) -> bool:
    """Whether ``saved`` (a record's ``names``) names the same players as
    ``defaults`` and differs from them (a game played with ``--names``)."""
    return (
        isinstance(saved, list)
        and len(saved) == len(defaults)
        and all(isinstance(n, str) and n and "," not in n for n in saved)
        and saved != defaults
    )


def kept_names(
    saved: list[str], old: list[str], seats: list[Any], defaults: list[str]
) -> list[str]:
    """Each seat's saved name where the seat is as it was (a person still, or
    the same bot), else its default name; all defaults if two would clash."""
    out = []
    for i, seat in enumerate(seats):
        before = old[i].strip().lower() if i < len(old) else None
        now = "human" if seat.human else seat.spec.strip().lower()
        out.append(str(saved[i]) if before is None or before == now else defaults[i])
    return out if len({n.lower() for n in out}) == len(out) else defaults


def seat_text(record: dict[str, Any], seats: str | None) -> str:
    """The seats to continue with: ``seats`` if given, else the saved ones."""
    if seats is not None:
        return seats
    saved = record_seats(record)
    if saved is None:
        saved = [DEFAULT_SEATS[0]] + [DEFAULT_SEATS[1]] * (int(record["players"]) - 1)
    return ";".join(saved)


def continue_game(
    path: Path,
    *,
    game: str | None = None,
    seats: str | None = None,
    save: Path | None = None,
    content: Path | None = None,
    reveal: bool = False,
    hints: bool | None = None,
    names: str | None = None,
) -> None:
    """Continue the game saved in ``path`` in the terminal (saving back to it);
    ``names`` as ``play --names``."""
    from liftoff.cli.ending import ending
    from liftoff.cli.play import TerminalGame, console
    from liftoff.cli.seats import seat_names, terminal_seats

    g, state, record = load_saved(path, game, content)
    try:
        seat_list = terminal_seats(seat_text(record, seats), state.num_players, g.info.name)
    except ValueError as exc:
        fail(say("cli.resume.seats", problem=exc, count=state.num_players))
    try:
        player_names = seat_names(seat_list, names)
    except ValueError as exc:
        fail(str(exc))
    saved = record.get("names")
    if names is None and _names_fit(saved, player_names):  # the names it was saved with,
        kept = kept_names(list(saved or ()), record_seats(record) or [], seat_list, player_names)
        if kept != player_names:  # for the seats --seats left as they were
            player_names, names = kept, ",".join(kept)
    if state.is_over():
        console.print(say("cli.resume.over", path=path))
        console.print(ending(g, state, player_names))
        return
    target = save if save is not None else path
    console.print(
        say(
            "cli.resume.resumed",
            title=_title(g),
            count=state.num_players,
            actions=state.version,
            path=target,
        ),
        highlight=False,
    )
    table = TerminalGame(
        g,
        state,
        seat_list,
        target,
        reveal=reveal,
        hints=hints,
        names=player_names if names else None,
    )
    table.run()


def resume(
    file: Path = typer.Argument(..., help="A game saved by `liftoff play --save`."),
    seats: str | None = typer.Option(
        None, "--seats", help="Who plays now (default: the seats the file keeps)."
    ),
    save: Path | None = typer.Option(None, "--save", help="Save here instead of back to FILE."),
    content: Path | None = typer.Option(
        None, "--content", help="The replacement content files it was played with."
    ),
    reveal: bool = typer.Option(
        False, "--reveal", help="Show every seat's hidden choices and the bots' explanations."
    ),
    hints: bool | None = typer.Option(
        None, "--hints/--no-hints", help="Allow 'hint' (default: on with one person)."
    ),
    names: str | None = typer.Option(
        None, "--names", help="The players' names, comma-separated (as in `liftoff play`)."
    ),
    lang: str | None = typer.Option(
        None,
        "--lang",
        help="The language of the game's messages: en or ja (default: the terminal's locale).",
    ),
) -> None:
    """Continue a saved game in the terminal, saving back to the same file."""
    from liftoff.cli.common import chosen_language

    with speaking(chosen_language(lang)):
        if save is not None:
            need_folder(save, "--save")
        continue_game(
            file, seats=seats, save=save, content=content, reveal=reveal, hints=hints, names=names
        )


def load_from_play(load: Path, game: str, seats: str, **play: Any) -> None:
    """``liftoff play GAME --load FILE``: refuse the settings a record fixes
    (``players``, ``seed``, ``option``), then continue the game; ``seats`` other
    than play's default replace the saved ones; ``save``, ``content``,
    ``reveal`` and ``hints`` apply as in ``resume``."""
    fixed = [f"--{n}" for n in ("players", "seed", "option") if play.pop(n) not in (None, [])]
    if fixed:
        fail(say("cli.resume.fixed", flags=", ".join(fixed)))
    chosen = None if seats == PLAY_DEFAULT_SEATS else seats
    continue_game(load, game=game, seats=chosen, **play)


def register(app: typer.Typer) -> None:
    """Add ``resume``."""
    app.command("resume")(resume)
