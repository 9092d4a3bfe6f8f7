"""The bots' words: hints and bot lines in the reader's language.

English is pinned to what the bots say (first pinned when their words became message ids;
the next best move is now said in words, not as the text typed for it)
(``english_reasons.json``: the same seeded positions and bots; race's search
with ``prior=none``, as it searched before the race heuristic gave priors); Japanese hints
must speak Japanese, leaving in Latin letters only what a player types (the
actions) and the proper names of the game's content.
"""

from __future__ import annotations

import json
import pickle
import re
from pathlib import Path
from typing import Any

import pytest

import liftoff
from liftoff.bots import make
from liftoff.bots.base import Bot
from liftoff.bots.hint import hint, reason_in_words
from liftoff.bots.levels import levels
from liftoff.bots.words import Phrase, level_about, level_name
from liftoff.engine import Rng, State, derive_seed
from liftoff.engine.messages import Message, known, speaking, text, texts

PINNED: list[dict[str, Any]] = json.loads(
    (Path(__file__).with_name("english_reasons.json")).read_text(encoding="utf-8")
)
GAMES = ["planet", "race", "agency"]
HINT_BOTS = ["random", "heuristic", "beginner", "ismcts:iterations=30"]
KANA_KANJI = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def position(game: str, k: int) -> State:
    """Two-player position ``k`` of ``game``, reached by seeded random play."""
    state = liftoff.games.get(game).new_game(2, derive_seed(5, "pos", k))
    rng = Rng(derive_seed(5, "walk", k))
    for _ in range(rng.below(80)):
        active = state.active_players()
        if not active:
            break
        p = active[rng.below(len(active))]
        legal = state.legal_actions(p)
        state.apply_legal(p, legal[rng.below(len(legal))])
    return state


def positions(game: str) -> list[tuple[int, State]]:
    return [(k, s) for k in range(5) if not (s := position(game, k)).is_over()]


def line(game: str, k: int, bot: str) -> tuple[str, str, str]:
    """(hint, hint reason, the bot's own line) at position ``k``, as pinned."""
    state = position(game, k)
    p = state.active_players()[0]
    found = hint(state, p, seed=k, bot=bot)
    agent = make(bot, seed=k)
    agent.choose(state.determinize(p, 3), p)
    return str(found), found.reason, agent.explain()


@pytest.mark.parametrize("game", GAMES)
def test_english_is_what_the_bots_said_before(game: str) -> None:
    cases = [c for c in PINNED if c["game"] == game]
    assert len(cases) >= 15
    for c in cases:
        assert line(game, c["position"], c["bot"]) == (c["hint"], c["reason"], c["explain"]), c


def proper_names() -> list[str]:
    """The content's proper names in Japanese (planets, Lift Off Points, cards)."""
    with speaking("ja"):
        return [
            text(code)
            for code in texts()
            if code.endswith(".name")
            and code.startswith(("race.planet.", "planet.lp.", "planet.card.", "race.card."))
        ]


def latin_left(said: str, typed: list[str], names: list[str]) -> list[str]:
    """The Latin words of ``said`` that are neither typed actions, proper names
    nor the board's place codes (a move said in words names its segments: S6)."""
    for word in sorted([*typed, *names], key=len, reverse=True):
        said = said.replace(word, " ")
    said = re.sub(r"(?<![A-Za-z])[A-Z]\d+", " ", said)
    return re.findall(r"[A-Za-z]+", said)


def test_the_japanese_catalogue_has_the_bots_words() -> None:
    from liftoff.i18n.tooling import all_ids

    ours = {code for code in all_ids() if code.startswith("bots.")}
    assert "bots.reason.worth" in ours and "bots.level.expert.about" in ours
    with speaking("ja"):
        missing = [c for c in ours if known(c) and not KANA_KANJI.search(_said(c))]
    assert not missing, f"no Japanese yet for {sorted(missing)[:5]}"


def _said(code: str) -> str:
    from liftoff.engine.messages import template_of, templates

    return (template_of(code) or "") if code in templates() else text(code)


@pytest.mark.parametrize("game", GAMES)
def test_japanese_hints_speak_japanese(game: str) -> None:
    names = proper_names()
    seen: set[str] = set()
    for k, state in positions(game):
        p = state.active_players()[0]
        typed = [str(a) for a in state.legal_actions(p)]
        for bot in HINT_BOTS:
            found = hint(state, p, seed=k, bot=bot, lang="ja")
            english = hint(state, p, seed=k, bot=bot, lang="en")
            assert found.action == english.action  # the language never changes the move
            assert KANA_KANJI.search(found.reason), (bot, found.reason)
            assert not latin_left(found.reason, typed, names), (bot, found.reason)
            assert found.why is not None
            assert reason_in_words(found.why, state, p, "en") == english.reason
            seen.add(found.why.code)
            agent = make(bot, seed=k)
            agent.choose(state.determinize(p, 3), p)
            with speaking("ja"):
                said = agent.explain()
            assert KANA_KANJI.search(said) and not latin_left(said, typed, names), said
    # several kinds of reason, not one sentence said over and over
    assert len(seen) >= 5, seen


def test_a_hint_respects_the_enclosing_language() -> None:
    state = position("planet", 1)
    p = state.active_players()[0]
    with speaking("ja"):
        inside = hint(state, p, seed=1, bot="heuristic")
    assert inside == hint(state, p, seed=1, bot="heuristic", lang="ja")
    assert inside.reason != hint(state, p, seed=1, bot="heuristic").reason


def test_race_names_the_planet_in_japanese_but_types_it_in_english() -> None:
    said = [
        hint(s, s.active_players()[0], seed=k, bot="heuristic", lang="ja")
        for k, s in positions("race")
    ]
    adds = [h for h in said if h.why is not None and h.why.code == "bots.reason.race.adds"]
    assert adds
    for h in adds:
        assert "place" not in h.reason and "惑星" in h.reason
        assert h.why is not None and "at planet place " in h.why.render("en")


def test_reasons_keep_their_words_through_pickling() -> None:
    state = position("race", 1)
    p = state.active_players()[0]
    found = hint(state, p, seed=1, bot="heuristic")
    assert found.why is not None
    again = pickle.loads(pickle.dumps(found.why))
    assert again.render("ja") == found.why.render("ja") and again.render() == found.reason
    phrase = Phrase(Message("bots.reason.careless"))
    assert pickle.loads(pickle.dumps(phrase)) == phrase == "a careless move"


def test_level_names_and_lines_in_both_languages() -> None:
    kinds = [*levels(), "random", "heuristic", "ismcts"]
    assert [level_name(x) for x in levels()] == ["Beginner", "Easy", "Medium", "Hard", "Expert"]
    from liftoff.engine.messages import render
    from liftoff.i18n.web import web_words

    web_words()
    for lang in ("en", "ja"):  # a level has one name, in the terminal and the browser
        with speaking(lang):
            names = [level_name(x) for x in levels()]
            assert names == [render(f"web.server.level.{x}") for x in levels()]
    assert level_name("medium", "ja") == "中級"
    for kind in kinds:
        assert level_about(kind).endswith(".")
        ja = level_about(kind, "ja")
        assert KANA_KANJI.search(ja) and KANA_KANJI.search(level_name(kind, "ja")), kind
    # a bot the table does not know by a level: its own name, nothing to say about it
    assert (level_name("rush"), level_about("rush")) == ("Rush", "")


class WordsOnlyBot(Bot):
    """An add-on bot that only overrides ``explain`` (as bots did before messages)."""

    name = "words"

    def choose(self, state: State, player: int) -> Any:
        self.last = state.legal_actions(player)[0]
        return self.last

    def explain(self) -> str:
        return f"{self.last}: the first one"


def test_a_bot_with_only_words_still_gives_its_reason() -> None:
    state = position("agency", 0)
    p = state.active_players()[0]
    found = hint(state, p, seed=0, bot=WordsOnlyBot(), lang="ja")
    assert found.reason == "the first one" and found.why is None


def test_a_lift_off_point_in_a_reason_is_said_by_its_name() -> None:
    from liftoff.bots.heuristics.planet import _lp_word
    from liftoff.bots.words import reason

    roll = reason("planet.roll", lp=_lp_word(position("planet", 0), "trampoline"), gain=0.104)
    assert roll.render("en") == "roll at the trampoline: worth +0.10"
    ja = roll.render("ja")
    assert "トランポリン" in ja and "+0.10" in ja and "trampoline" not in ja
