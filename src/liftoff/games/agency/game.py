"""The agency ``Game``: metadata, options, setup, parsing, JSON and rule texts."""

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
from liftoff.engine.words import register_game_texts

from . import actions, words
from .content import FILES, Content, default_content, validate_path
from .content import load_content as read_content
from .facts import describe_facts
from .setup import start_scores
from .state import AgencyState

INFO = GameInfo(
    name="agency",
    title="Lift Off (space agencies, 2018)",
    min_players=2,
    max_players=4,
    simultaneous=True,
    stochastic=True,
    hidden_information=True,
    summary=(
        "Run a space agency over two phases of four rounds: draft specialists, improve "
        "technology, upgrade rocket and lab, invest in the space station, and launch "
        "missions of levels 1-4 for points. The card lists are a labelled reconstruction."
    ),
    rule_prefix="AG-",
)

OPTIONS = OptionSet(
    (
        Option(
            "simultaneous_launches",
            bool,
            False,
            "All players launch at the same time (for players who know the game).",
            rule="AG-LAU-12",
            label="Launch together",
        ),
        Option(
            "missions_per_round",
            int,
            3,
            "Most missions a player sends to space in one round (0 = no limit).",
            minimum=0,
            maximum=10,
            rule="AG-GAP-8",
            label="Missions per round",
        ),
        Option(
            "start_scores",
            str,
            "",
            "House rule: the starting scores in turn order from the first player, one "
            "whole number per player, comma-separated (e.g. 5,5,5,5); empty for the "
            "rulebook's 2, 4, 6, 8.",
            rule="AG-SETUP-13",
            label="Starting scores",
        ),
        Option(
            "content",
            str,
            "",
            "Fingerprint of the card content; filled in automatically so that a record "
            "made on other content refuses to replay.",
            rule="AG-LR-9",
            internal=True,
            label="Card content",
        ),
    )
)


#: the rules and rulings, ID → English (registered for translation as ``agency.rule.<ID>``)
RULES = register_game_texts("agency", "liftoff.games.agency", OPTIONS)
#: the shipped content's names, for translation (``agency.card.<ID>.name``, words.py)
words.register_content(default_content())


class AgencyGame(Game[AgencyState]):
    """Lift Off (2018) bound to one set of content."""

    info = INFO
    options = OPTIONS

    def __init__(self, content: Content | None = None) -> None:
        self.content = content if content is not None else default_content()

    def check_options(self, players: int, options: Mapping[str, OptionValue]) -> None:
        try:
            start_scores(str(options.get("start_scores", "")), players)
        except ValueError as exc:
            raise OptionError(f"option 'start_scores': {exc}", "start_scores") from None
        given = options.get("content", "")
        if given and given != self.content.fingerprint:
            raise OptionError(
                f"option 'content': this game was made with content {given!r}, but the loaded "
                f"content is {self.content.fingerprint!r}; load the same content files "
                "(--content DIR) to replay it",
                "content",
            )

    # -- content -------------------------------------------------------------
    def content_files(self) -> tuple[str, ...]:
        """The six content files (each may also be given as ``.json``)."""
        return tuple(f"{kind}.toml" for kind in FILES)

    def validate_content(self, path: str | Path) -> list[tuple[str, str, str]]:
        """Every problem with a content file or directory, naming the card id
        where there is one (a single file is checked together with the shipped
        files for the other kinds)."""
        return validate_path(path)

    def load_content(self, directory: str | Path) -> AgencyGame:
        """A game bound to the content in ``directory`` (files missing there: the
        shipped ones). Raises ``ContentError`` listing every problem."""
        if not Path(directory).is_dir():
            raise ContentError([(str(directory), "(directory)", "is not a directory")])
        return AgencyGame(read_content(directory))

    def content_fingerprint(self) -> str:
        return self.content.fingerprint

    def replay(self, record: Mapping[str, Any]) -> AgencyState:
        """Rebuild a game from its record, on the cards it was played with: a
        record made on other content than this game's is replayed on the kept
        content set with its fingerprint (``sets.py``) when there is one, and
        refused otherwise (AG-LR-9)."""
        played = _record_content(record)
        if played and played != self.content.fingerprint:
            from .sets import set_for

            kept = set_for(played)
            if kept is not None:
                return AgencyGame(kept).replay(record)
        return super().replay(record)

    def _new_state(self, players: int, seed: int, options: dict[str, OptionValue]) -> AgencyState:
        return AgencyState.new(self, players, seed, options)

    def action_space(self, players: int, options: Mapping[str, Any] | None = None) -> list[Action]:
        """Every action that can be legal with these settings, in a fixed order
        (``space.py``); none with ``missions_per_round=0`` (NotImplementedError)."""
        from .space import action_space

        return action_space(self, players, options)

    def parse_action(self, state: AgencyState, player: int, text: str) -> Action:
        return actions.parse(text, player)

    def _describe_facts(
        self, state: AgencyState, player: int, action: Action
    ) -> Mapping[str, str | int]:
        """A launch's cost, room and lab points; the pending specialist; a choice's numbers."""
        return describe_facts(state, player, action)

    def action_is_public(self, state: AgencyState, player: int, action: Action) -> bool:
        """All but draft keeps and objective sales: those name secret cards."""
        return not isinstance(action, actions.Keep | actions.Sell)

    def rule_sources(self) -> Mapping[str, str]:
        return RULES

    def from_json(self, data: Mapping[str, Any]) -> AgencyState:
        return AgencyState.from_json(self, data)

    def conformance_cases(self) -> Iterator[tuple[int, dict[str, OptionValue]]]:
        yield 2, {}
        yield 3, {}
        yield 4, {}
        yield 2, {"simultaneous_launches": True}
        yield 4, {"simultaneous_launches": True, "missions_per_round": 0}

    def __repr__(self) -> str:
        return f"<Game agency content={self.content.fingerprint}>"


def _record_content(record: Mapping[str, Any]) -> str:
    """The content fingerprint a record names ("" if it names none)."""
    if not isinstance(record, Mapping):
        return ""
    version = record.get("version")
    if isinstance(version, Mapping) and isinstance(version.get("content"), str):
        return str(version["content"])
    options = record.get("options")
    if isinstance(options, Mapping) and isinstance(options.get("content"), str):
        return str(options["content"])
    return ""


def load_game(content_dir: str | Path | None = None) -> AgencyGame:
    """A Game bound to the content in ``content_dir`` (missing files: the shipped ones).

    Raises ``ContentError`` listing every problem with path and field.
    """
    if content_dir is None:
        return AgencyGame()
    return AgencyGame(read_content(content_dir))
