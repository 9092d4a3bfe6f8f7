"""The planet game: metadata, options, setup, parsing, JSON."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

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
from liftoff.engine.messages import render
from liftoff.engine.words import register_game_texts

from . import actions as A
from .actions import shows_cards
from .cards import CODES
from .config import PlanetConfig, build_config
from .content import (
    CONTENT_FILES,
    DAY_TRACKS,
    LIFT_DICE,
    MOON_MODELS,
    PlanetContent,
    load_content,
    validate_path,
)
from .facts import describe_facts, move_ends
from .state import PlanetState

MAX_CONFIGS = 256  # compiled configs kept per game (distinct player counts and options)

OPTIONS = OptionSet(
    (
        Option(
            "first_game",
            bool,
            False,
            "First game: Bonfire, Satellite, Rocket Ship and Jetpack; no Terraform! cards",
            rule="PL-FIRST-1",
            label="First game",
        ),
        Option(
            "family",
            bool,
            False,
            "Family Fun: play on after a rescue; no Tornado!/Electric Storm!; random Terraform!",
            rule="PL-FAM-1",
            label="Family Fun",
        ),
        Option(
            "no_garglore",
            bool,
            False,
            "Family Fun tweak: no Garglore and no Garglore! cards",
            rule="PL-FAM-4",
            label="No Garglore",
        ),
        Option(
            "team",
            bool,
            False,
            "Let's Team Up (4 players): seats 0+2 against 1+3; Action cards on others' turns",
            rule="PL-TEAM-1",
            label="Let's Team Up",
        ),
        Option(
            "fast",
            bool,
            False,
            "We Don't Have Time!: 3 cards, 8 Aliens, random Terraform!, 2 days fewer",
            rule="PL-FAST-1",
            label="We Don't Have Time!",
        ),
        Option(
            "cutthroat",
            bool,
            False,
            "Cutthroat Planet: Move Your Alien! moves anyone's Alien; 1 day fewer",
            rule="PL-CUT-1",
            label="Cutthroat Planet",
        ),
        Option(
            "vicious",
            bool,
            False,
            "Cutthroat tweak: Terraform! any Lift Off Point, sending all its Aliens home",
            rule="PL-VIC-1",
            label="Vicious Terraform!",
        ),
        Option(
            "moon_model",
            str,
            "B",
            "Moon Track: B = star + one spot per Lift Off Point (5), A = one spot per segment (8)",
            choices=MOON_MODELS,
            rule="PL-GAP-2",
            label="Moon Track",
        ),
        Option(
            "day_track",
            str,
            "catalogue",
            "Days before the explosion: catalogue = 2P+2, literal = P+1 (the example's reading)",
            choices=DAY_TRACKS,
            rule="PL-GAP-4",
            label="Day track",
        ),
        Option(
            "days",
            int,
            0,
            "Explicit days before the explosion (0 = from day_track and variants)",
            minimum=0,
            maximum=60,
            rule="PL-DAY-4",
            label="Days before the explosion",
        ),
        Option(
            "lift_die",
            str,
            "X,1,1,2,2,3",
            "Faces of the Lift Off die (rockets; X = failure)",
            choices=LIFT_DICE,
            rule="PL-GAP-7",
            label="Lift Off die",
        ),
        Option(
            "jetpack_costs",
            str,
            "data",
            "Jetpack Fuel at Full/Half/New (data = the content file: 1/3/5)",
            choices=("data", "1/3/5", "2/3/4"),
            rule="PL-GAP-9",
            label="Jetpack Fuel costs",
        ),
        Option(
            "first_player",
            int,
            0,
            "Seat that starts (-1 = roll the number die)",
            minimum=-1,
            maximum=4,
            rule="PL-START-1",
            label="First player",
        ),
        Option(
            "finished_keep_playing",
            bool,
            False,
            "Family Fun: finished players keep taking turns to help",
            rule="PL-GAP-29",
            label="Finished players help",
        ),
    )
)


class PlanetGame(Game[PlanetState]):
    """*Lift Off! Get me off this Planet!* (Eduardo Baraf, Pencil First Games, 2015)."""

    info = GameInfo(
        name="planet",
        title="Lift Off! Get me off this Planet!",
        min_players=2,
        max_players=5,
        simultaneous=False,
        stochastic=True,
        hidden_information=True,
        summary=(
            "Get your Aliens out of the planet's Core, onto Lift Off Points and off the planet "
            "before it explodes. Fuel and Screw cards pay for launches; the Moon's phase changes "
            "every Lift Off Point's price; Action cards move the Moon, the Garglore and Aliens."
        ),
        rule_prefix="PL-",
        # 2: finished_keep_playing keeps the turn (PL-GAP-29); a Lift Off re-checks
        # every other Lift Off Point at once (PL-LIFT-1, PL-MIRA-4)
        rules_version="2",
    )
    options = OPTIONS

    def __init__(self, content: PlanetContent | None = None) -> None:
        self.content = content or load_content()
        self._lp_ids = frozenset(p.id for p in self.content.points.points)
        names = {card.code: card.name for card in self.content.deck.cards}
        #: the printed name of each card kind (index = kind), for narration
        self.card_names = tuple(names.get(code, code) for code in CODES)
        self.lp_names = {p.id: p.name for p in self.content.points.points}
        self._spaces: dict[int, tuple[Action, ...]] = {}
        self._configs: dict[tuple[Any, ...], PlanetConfig] = {}

    def config(self, players: int, options: Mapping[str, OptionValue]) -> PlanetConfig:
        """The compiled config for these settings, shared by every game that uses them
        (the engine's caches key on its Lift Off Points, so one config per setting
        keeps them bounded however many games are played)."""
        key = (players, tuple(sorted(options.items())))
        got = self._configs.get(key)
        if got is None:
            if len(self._configs) >= MAX_CONFIGS:
                self._configs.clear()
            got = self._configs[key] = build_config(self.content, players, dict(options))
        return got

    def check_options(self, players: int, options: Mapping[str, OptionValue]) -> None:
        if options["team"] and players != 4:
            raise OptionError(render("planet.options.team-players"), "team")
        if options["vicious"] and not options["cutthroat"]:
            raise OptionError(render("planet.options.vicious-cutthroat"), "vicious")
        fp = int(options["first_player"])
        if fp >= players:
            last = {"last": players - 1}
            raise OptionError(render("planet.options.first-player", last), "first_player")
        if options["finished_keep_playing"] and not options["family"]:
            raise OptionError(render("planet.options.keep-playing-family"), "finished_keep_playing")

    def option_warnings(self, players: int, options: Mapping[str, Any] | None = None) -> list[str]:
        """Cutthroat Planet with Family Fun is allowed but contradictory (PL-GAP-31)."""
        opts = self.options.validate(options)
        self.check_options(players, opts)
        if opts["cutthroat"] and opts["family"]:
            return [render("planet.options.cutthroat-family")]
        return []

    def content_files(self) -> tuple[str, ...]:
        return CONTENT_FILES

    def validate_content(self, path: str | Path) -> list[tuple[str, str, str]]:
        """Every problem in a content folder or file, as (file, field, message);
        the field names the card (its code) or Lift Off Point (its id) where
        there is one, e.g. ``("deck.toml", "moon.count", "…")``."""
        return validate_path(path)

    def load_content(self, directory: str | Path) -> PlanetGame:
        """A planet game whose content files come from ``directory`` where present
        (the others: the shipped ones). Raises ContentError naming every problem."""
        return load_game(directory)

    def content_fingerprint(self) -> str:
        return self.content.fingerprint

    def replays_unchanged(self, rules: str, state: PlanetState) -> bool:
        """A rules-1 record replays unchanged unless a Lift Off completed another
        Lift Off Point (rules 1 waited for the next check) or a finished player kept
        playing under ``finished_keep_playing`` (rules 1 ended each action's turn)."""
        if rules != "1":
            return False
        kept_playing = state.cfg.finished_keep_playing and any(state.finish_seq)
        return state.rechecked_launches == 0 and not kept_playing

    def _new_state(self, players: int, seed: int, options: dict[str, OptionValue]) -> PlanetState:
        return PlanetState.new(self, players, seed, options)

    def parse_action(self, state: PlanetState, player: int, text: str) -> Action:
        return A.parse(text, self._lp_ids)

    def action_space(self, players: int, options: Mapping[str, Any] | None = None) -> list[Action]:
        """Every planet action for ``players`` players, in a fixed order (see
        ``docs/games/planet.md``); options do not change it."""
        from .space import action_space

        if players not in self._spaces:
            self._spaces[players] = action_space(self.content, players)
        return list(self._spaces[players])

    def _describe_facts(
        self, state: PlanetState, player: int, action: Action
    ) -> Mapping[str, str | int]:
        """The Lift Off Points at a move's ends; ending a turn, the Moon's next spot."""
        return describe_facts(state, action)

    def action_facts(
        self, state: PlanetState, player: int, action: Action
    ) -> Mapping[str, str | int]:
        """A move names the Lift Off Points at its two ends as they were then
        (``src_lp``, ``dst_lp``: ids; a Terraform! may replace them later)."""
        return move_ends(state, action)

    def action_is_public(self, state: PlanetState, player: int, action: Action) -> bool:
        """Every planet action is played in the open (what is paid, played or traded)."""
        return True

    def action_reveals(self, state: PlanetState, player: int, action: Action) -> bool:
        """An action that plays, pays, pledges or trades cards shows cards from a
        hand the other players could not see (a roll and a draw are told by
        their own events)."""
        return shows_cards(action)

    def rule_sources(self) -> Mapping[str, str]:
        return RULES

    def from_json(self, data: Mapping[str, Any]) -> PlanetState:
        return PlanetState.from_json(self, data)

    def conformance_cases(self) -> Iterator[tuple[int, dict[str, OptionValue]]]:
        for players in range(2, 6):
            yield players, {}
        yield 2, {"first_game": True}
        yield 3, {"family": True}
        yield 3, {"family": True, "no_garglore": True, "finished_keep_playing": True}
        yield 4, {"team": True}
        yield 2, {"fast": True}
        yield 3, {"cutthroat": True, "vicious": True}
        yield 5, {"moon_model": "A", "day_track": "literal", "lift_die": "X,X,1,2,2,3"}
        yield 4, {"team": True, "fast": True, "cutthroat": True, "first_player": -1}
        yield 3, {"jetpack_costs": "2/3/4", "days": 2}


#: the rules and rulings, ID → English (registered for translation as ``planet.rule.<ID>``)
RULES = register_game_texts("planet", "liftoff.games.planet", OPTIONS)


def load_game(content_dir: str | Path) -> PlanetGame:
    """A planet game whose content files come from ``content_dir`` where present
    (the same as ``PlanetGame().load_content(content_dir)``)."""
    if not Path(content_dir).is_dir():
        raise ContentError([(str(content_dir), "(folder)", "is not a folder")])
    return PlanetGame(load_content(content_dir))
