"""Every word of the race in the reader's language: narration, action
descriptions, the glossary, the view, refusals and the ending speak Japanese
when asked (no English left but players' names), and English is as it was."""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import liftoff
from liftoff.engine import IllegalAction
from liftoff.engine.events import Event
from liftoff.engine.messages import render, speaking, text
from liftoff.games.race import cards as C
from liftoff.games.race import view as race_view
from liftoff.games.race import words
from liftoff.games.race.content import PlanetTable, PlanetType
from liftoff.games.race.game import RaceGame
from liftoff.games.race.state import RaceState
from liftoff.games.race.testing import position

GAME = liftoff.games.get("race")
NAMES = ["Ann", "Bea", "Cy", "Dee"]
KANA_OR_KANJI = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
LATIN = re.compile(r"[A-Za-z]")
PACKAGE = Path(words.__file__).parent


#: the planets' names as printed on the cards, which the Japanese rulebook (003)
#: keeps in Latin letters ("Beta Minor星", "惑星Pios Proxima")
PRINTED = ["Beta Minor", "Pios Proxima"]


def _japanese(line: str) -> bool:
    """Japanese words only (players' names and the printed planet names aside)."""
    for name in NAMES + PRINTED:
        line = line.replace(name, "")
    return bool(KANA_OR_KANJI.search(line)) and not LATIN.search(line)


def _games() -> Iterator[tuple[RaceState, int, Any, list[Event]]]:
    """(state before, player, action, events) over random games: 2, 3 and 4 players."""
    for players, seed in ((2, 1), (3, 2), (4, 3), (2, 4)):
        state = GAME.new_game(players, seed, {})
        rng = random.Random(seed)
        while not state.is_over():
            p = rng.choice(state.active_players())
            action = rng.choice(state.legal_actions(p))
            before = state.clone()
            yield before, p, action, state.apply(p, action)


@pytest.fixture(scope="module")
def played() -> list[tuple[RaceState, int, Any, list[Event]]]:
    return list(_games())


def test_narration_speaks_japanese(played: list[tuple[RaceState, int, Any, list[Event]]]) -> None:
    kinds: set[str] = set()
    for before, _, _, events in played:
        names = NAMES[: before.num_players]
        for event in events:
            kinds.add(event.kind)
            for viewer in (0, 1, None):
                said = GAME.narrate(event, viewer, names, lang="ja")
                assert said and _japanese(said), (event, said)
    assert {"race.ev.stop", "race.ev.round-end", "race.ev.game-end", "race.ev.steal"} <= kinds


def test_an_action_described_in_either_language_is_told_in_both(
    played: list[tuple[RaceState, int, Any, list[Event]]],
) -> None:
    """The action's description (``said``) is kept in the language it was made in;
    the narration reads its card and planet back from either."""
    for before, p, action, events in played[:400]:
        again = before.clone()
        with speaking("ja"):
            told = again.apply(p, action)
        assert KANA_OR_KANJI.search(told[0].data["said"])
        names = NAMES[: before.num_players]
        for lang in ("en", "ja"):
            assert GAME.narrate(told[0], 1, names, lang=lang) == GAME.narrate(
                events[0], 1, names, lang=lang
            )


def test_descriptions_speak_japanese_and_keep_the_action_texts(
    played: list[tuple[RaceState, int, Any, list[Event]]],
) -> None:
    seen: set[str] = set()
    for i, (before, _, _, _) in enumerate(played):
        if i % 7 and before.pending is None:  # every choice, some loading moments
            continue
        for p in before.active_players():
            for action in before.legal_actions(p):
                with speaking("ja"):
                    said = GAME.describe_action(before, p, action)
                assert _japanese(said), (action, said)
                assert str(GAME.parse_action(before, p, str(action))) == str(action)
                seen.add(str(action).split()[0])
    assert {"place", "under", "discard", "pay", "steal"} <= seen


def test_descriptions_in_english_are_as_they_were() -> None:
    table = ["Pios Proxima", "Beta Minor", "Planet-2", "Planet-4", "Planet-5"]
    s = position(stacks={0: ["tank", "ore"]}, planets=table)
    assert GAME.describe_action(s, 0, GAME.parse_action(s, 0, "place 1")) == (
        "play Energy Tank at planet 1 (Pios Proxima)"
    )
    assert GAME.describe_action(s, 0, GAME.parse_action(s, 0, "under")) == (
        "put Energy Tank under your stack"
    )
    assert GAME.describe_action(s, 0, GAME.parse_action(s, 0, "pay solar,tank")) == (
        "pay with Solar Module and Energy Tank"
    )
    assert GAME.describe_action(s, 0, GAME.parse_action(s, 0, "steal none")) == "take nothing"
    assert GAME.describe_action(s, 0, GAME.parse_action(s, 0, "steal settlers")) == (
        "take their Settlers"
    )


def test_the_glossary_follows_the_language_and_keeps_its_keys() -> None:
    english = dict(GAME.glossary())
    with speaking("ja"):
        japanese = dict(GAME.glossary())
    assert japanese.keys() == english.keys()
    for key, said in japanese.items():
        name, _, what = said.partition(": ")
        assert what and _japanese(name) and _japanese(what), (key, said)
    assert japanese["tank"].startswith("エネルギータンク: 青の積載カード。")
    assert japanese["Pios Proxima"].startswith("Pios Proxima星: 惑星。")
    assert dict(GAME.glossary()) == english  # the language does not stick
    assert english["tank"].startswith("Energy Tank: blue Freight card. Gives 1 energy unit")
    assert english["Pios Proxima"] == (
        "Pios Proxima: planet, habitable once terraformed once; the most Settlers there "
        "score 3 VP; 2 ore deposits (1 VP each for Ore Production)."
    )


def test_content_of_ones_own_is_said_as_it_is() -> None:
    """A planet the shipped table does not have keeps its content's name; a
    shipped name keeps its translation."""
    planets = (
        PlanetType("Arrakis", 1, 2, 1),
        PlanetType("Beta Minor", 0, 4, 2),
        PlanetType("Caladan", 2, 5, 1),
        PlanetType("Giedi", 0, 1, 3),
        PlanetType("Kaitain", 1, 3, 2),
    )
    game = RaceGame(PlanetTable(planets, False, "", "mine"), "f" * 16)
    with speaking("ja"):
        said = game.glossary()
        assert said["Arrakis"].startswith("Arrakis: 惑星。")
        assert said["Beta Minor"].startswith("Beta Minor星: 惑星。最初から居住可能。")
        assert words.planet_name("Arrakis") == "Arrakis"


def test_the_view_names_planets_in_the_language_and_keeps_the_keys(
    played: list[tuple[RaceState, int, Any, list[Event]]],
) -> None:
    fails = 0
    for before, _, _, _ in played[::5]:
        english = before.view(0)
        with speaking("ja"):
            japanese = before.view(0)
        assert [pl["key"] for pl in japanese["planets"]] == [pl["key"] for pl in english["planets"]]
        for pl in english["planets"]:
            assert pl["key"] == pl["name"]
        for pl in japanese["planets"]:
            assert _japanese(pl["name"]), pl["name"]
        for old, new in zip(english["log"], japanese["log"], strict=True):
            if old[0] == "fail":
                fails += 1
                assert old[-1] in race_view.FAIL_WORDS and _japanese(str(new[-1]))
            else:
                assert old == new
        assert before.view(0) == english  # no view kept from another language
    assert fails


def _refusal(state: RaceState, player: int, action: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        state.apply(player, action)
    return err.value


def test_a_refusal_made_in_english_is_said_again_in_japanese() -> None:
    row: dict[int, tuple[list[str], list[str]]] = {1: (["liftoff"], [])}
    for stacks, rows, english, card in (
        (
            {0: ["ore", "tank"]},
            {},
            "a red card (Ore Production) may only follow a Lift Off card or another red card",
            "鉱石採掘",
        ),
        (
            {0: ["tank", "ore"]},
            row,
            "after a Lift Off card only red cards may follow (your row ends with Lift Off); a "
            "blue card (Energy Tank) must start a row or follow a blue card",
            "エネルギータンク",
        ),
    ):
        err = _refusal(position(stacks=stacks, rows=rows), 0, "place 1")
        assert err.message == english and err.said() == english
        with speaking("ja"):  # as a front end renders a refusal again for its reader
            japanese = render(err.code, err.params)
            assert err.said() == japanese
        assert card in japanese and _japanese(japanese), japanese
    with speaking("ja"):
        made = _refusal(position(stacks={0: ["ore", "tank"]}), 0, "place 1")
    assert "鉱石採掘" in made.message
    assert made.said("en").startswith("a red card (Ore Production)")


def test_the_unseen_cards_are_named_in_the_language() -> None:
    shown = 0
    for seed in range(4):
        s = GAME.new_game(2, seed)
        rng = random.Random(seed)
        while not s.is_over():
            p = rng.choice(s.active_players())
            s.apply(p, rng.choice(s.legal_actions(p)))
        english = s.revealed()
        with speaking("ja"):
            japanese = s.revealed()
        for old, new in zip(english["seats"], japanese["seats"], strict=True):
            assert len(old["unseen"]) == len(new["unseen"])
            assert all(_japanese(name) for name in new["unseen"])
            assert set(old["unseen"]) <= set(C.NAMES)
            shown += len(new["unseen"])
    assert shown


def test_the_live_driver_speaks_the_language() -> None:
    assert render("race.live.wait", {"seconds": 1.25}) == "wait: the round starts in 1.2 s"
    assert _japanese(render("race.live.wait", {"seconds": 1.25}, "ja"))
    for code in ("race.live.too-late", "race.live.stop", "race.live.choose"):
        assert _japanese(text(code, "ja"))


# -- no English that bypasses the messages ------------
#: modules that say things to players (the English itself lives in text.py and words.py)
SPEAKING = ("describe.py", "narrate.py", "glossary.py", "explain.py", "view.py", "scoring.py")
PHRASE = re.compile(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}")


def _literals(tree: ast.Module) -> Iterator[tuple[int, str]]:
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.lineno, node.value


@pytest.mark.parametrize("module", SPEAKING)
def test_no_english_words_bypass_the_messages(module: str) -> None:
    """String literals of the modules that speak are ids, codes and keys, never
    English phrases (the log's own English reasons in the view aside: data, said
    through ``race.fail.*``)."""
    tree = ast.parse((PACKAGE / module).read_text(encoding="utf-8"))
    allowed = set(race_view.FAIL_WORDS)
    found = [
        (line, value)
        for line, value in _literals(tree)
        if PHRASE.search(value) and value not in allowed and not value.startswith("race.")
    ]
    assert not found, found
