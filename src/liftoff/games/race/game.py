"""The race game: metadata, options, set-up, parsing, JSON and conformance cases."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from liftoff.engine import (
    Action,
    ContentError,
    Game,
    GameInfo,
    Option,
    OptionError,
    OptionSet,
    OptionValue,
)
from liftoff.engine.messages import known, render, text
from liftoff.engine.words import register_game_texts

from . import actions, content
from .content import DEFAULT, PlanetTable, load_planets
from .facts import action_facts
from .layout import LAYOUTS
from .state import RaceState

if TYPE_CHECKING:
    from liftoff.engine.realtime import Clock, LiveSeat, PeoplePace, RoundBreak, Thinker

    from .realtime import RealtimeRace

INFO = GameInfo(
    name="race",
    title="Lift Off! (2000)",
    min_players=2,
    max_players=4,
    simultaneous=True,
    stochastic=True,
    hidden_information=True,
    realtime=True,
    summary=(
        "Marcel-André Casasola Merkle's real-time card race (Queen Games, 2000): everyone "
        "loads missions to the planets at the same moment; the first empty stack calls "
        "Stop; then every planet resolves card by card. Three rounds."
    ),
    rule_prefix="RC-",
)

OPTIONS = OptionSet(
    (
        Option(
            "lenient",
            bool,
            False,
            "accept any placement at an adjacent planet and remove illegal cards at cleanup "
            "(for recording physical games)",
            rule="RC-GAP-5",
            label="Lenient placement",
        ),
        Option(
            "auto_choices",
            bool,
            False,
            "make the resolution choices (energy sources, steal target) by the default "
            "policy instead of asking the player (fast simulation)",
            rule="RC-GAP-9",
            label="Automatic choices",
        ),
        Option(
            "rounds",
            int,
            3,
            "number of rounds",
            minimum=1,
            maximum=9,
            rule="RC-GAP-3",
            label="Rounds",
        ),
        Option(
            "security",
            str,
            "once",
            "a Security Force repels one Theft (once) or every Theft (persistent)",
            choices=("once", "persistent"),
            rule="RC-GAP-6",
            label="Security Force",
        ),
        Option(
            "layout",
            str,
            "standard",
            "4-player table: each neighbour pair shares 2 planets and each opposite pair 1 "
            "(standard), or 1 and 3 (opposite)",
            choices=LAYOUTS,
            rule="RC-GAP-2",
            label="Four-player layout",
        ),
        Option(
            "tiebreak",
            str,
            "shared",
            "final ties: share the victory, or break them by VP from Settler majorities",
            choices=("shared", "settlers"),
            rule="RC-GAP-15",
            label="Final ties",
        ),
        Option(
            "planets",
            str,
            DEFAULT,
            "planet table: 'default' (the shipped reconstructed table) or a path to a "
            "TOML/JSON file",
            rule="RC-GAP-1",
            label="Planet table",
        ),
    )
)


#: the rules and rulings, ID → English (registered for translation as ``race.rule.<ID>``)
RULES = register_game_texts("race", "liftoff.games.race", OPTIONS)


class RaceGame(Game[RaceState]):
    """*Lift Off!* (2000) on the common engine API."""

    info = INFO
    options = OPTIONS

    def __init__(self, table: PlanetTable | None = None, fingerprint: str = "") -> None:
        """The game with the shipped planet table, or with ``table`` (content
        loaded by :meth:`load_content`, identified by ``fingerprint``)."""
        self._tables: dict[str, PlanetTable] = {}
        if table is not None:
            self._tables[DEFAULT] = table
        self._fingerprint = fingerprint
        #: the glossary of this game's own table, by language (its words follow the reader)

    def table(self, selection: str) -> PlanetTable:
        """The planet table for the ``planets`` option value (read once, at set-up):
        ``"default"`` is this game's own table, anything else a file path."""
        got = self._tables.get(selection)
        if got is None:
            got = self._tables[selection] = load_planets(selection)
        return got

    # -- content ------------
    def content_files(self) -> tuple[str, ...]:
        return content.CONTENT_FILES

    def validate_content(self, path: str | Path) -> list[tuple[str, str, str]]:
        return content.validate_path(path)

    def load_content(self, directory: str | Path) -> RaceGame:
        """A race game whose own (``"default"``) planet table comes from
        ``directory``'s ``planets.toml``/``.json`` (none there: the shipped one).
        The option ``planets=PATH`` still names a file, as before."""
        table, fingerprint = content.load_content(directory)
        return RaceGame(table, fingerprint)

    def content_fingerprint(self) -> str:
        """``""`` for the shipped planet table, else 16 hex digits of the table."""
        return self._fingerprint

    def check_options(self, players: int, options: Mapping[str, OptionValue]) -> None:
        try:
            self.table(str(options["planets"]))
        except ContentError as exc:
            said = render("race.error.planets", {"problem": exc})
            raise OptionError(said, "planets") from None

    def _new_state(self, players: int, seed: int, options: dict[str, OptionValue]) -> RaceState:
        return RaceState.new(self, players, seed, options)

    def parse_action(self, state: RaceState, player: int, text: str) -> Action:
        return actions.parse(text, player)

    def action_space(self, players: int, options: Mapping[str, Any] | None = None) -> list[Action]:
        """Every race action in a fixed order: ``place 1``..``place P`` (P = 5, 9 or 10
        planets for 2, 3, 4 players), ``under``, ``discard``, the five ``pay`` and
        the five ``steal`` actions."""
        planets = {2: 5, 3: 9, 4: 10}.get(players)
        if planets is None:
            title = f"{self.info.name}.title"  # the title in the reader's language, once registered
            name = text(title) if known(title) else self.info.title
            said = render("race.error.players", {"title": name, "players": players})
            raise OptionError(said, "players")
        return [
            *actions.PLACE[1 : planets + 1],
            actions.UNDER,
            actions.DISCARD,
            *actions.PAY_ONE,
            *actions.PAY_TWO,
            *actions.STEAL.values(),
            actions.STEAL_NONE,
        ]

    def action_facts(
        self, state: RaceState, player: int, action: Action
    ) -> Mapping[str, str | int]:
        """The top card placed, put under or discarded, and the planet placed at (ids)."""
        return action_facts(state, player, action)

    def action_is_public(self, state: RaceState, player: int, action: Action) -> bool:
        """Every race action moves a public top card or makes a public choice (RC-LR-1)."""
        return True

    def rule_sources(self) -> Mapping[str, str]:
        return RULES

    def realtime_driver(
        self,
        state: RaceState,
        seats: Sequence[LiveSeat],
        *,
        clock: Clock | None = None,
        round_pause: float = 0.0,
        start_pause: float = 0.0,
        thinker: Thinker | None = None,
        people_pace: PeoplePace | None = None,
        round_break: RoundBreak | None = None,
    ) -> RealtimeRace:
        """The race's real-time driver (:mod:`liftoff.games.race.realtime`)."""
        from .realtime import RealtimeRace

        return RealtimeRace(
            state,
            seats,
            clock=clock,
            round_pause=round_pause,
            start_pause=start_pause,
            thinker=thinker,
            people_pace=people_pace,
            round_break=round_break,
        )

    def from_json(self, data: Mapping[str, Any]) -> RaceState:
        return RaceState.from_json(self, dict(data))

    def conformance_cases(self) -> Iterator[tuple[int, dict[str, OptionValue]]]:
        for players in (2, 3, 4):
            yield players, {}
            yield players, {"auto_choices": True, "lenient": True}
        yield 4, {"layout": "opposite", "rounds": 1, "security": "persistent"}
        yield 2, {"rounds": 1, "tiebreak": "settlers", "auto_choices": True}

    def __repr__(self) -> str:
        return f"<Game race content={self._fingerprint}>" if self._fingerprint else "<Game race>"


GAME = RaceGame()
