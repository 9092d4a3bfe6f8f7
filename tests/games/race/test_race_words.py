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
from liftoff import speech
from liftoff.engine import IllegalAction
from liftoff.engine.events import Event
from liftoff.engine.messages import render, speaking, text
from liftoff.games.race import cards as C
from liftoff.games.race import words
from liftoff.games.race.content import PlanetTable, PlanetType
from liftoff.games.race.game import RaceGame
from liftoff.games.race.state import RaceState
from liftoff.games.race.testing import position
from liftoff.i18n.catalogue import catalogue

GAME = liftoff.games.get("race")
NAMES = ["Ann", "Bea", "Cy", "Dee"]
KANA_OR_KANJI = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
LATIN = re.compile(r"[A-Za-z]")
PACKAGE = Path(words.__file__).parent
#: the game's speech (narration, descriptions, glossary), above the rules
SPEECH = Path(speech.__file__).parent / "race"


def _source(name: str) -> Path:
    """A module of the game or of its speech, by file name."""
    return PACKAGE / name if (PACKAGE / name).exists() else SPEECH / name


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
                said = speech.of(GAME).narrate(event, viewer, names, lang="ja")
                assert said and _japanese(said), (event, said)
    assert {"race.ev.stop", "race.ev.round-end", "race.ev.game-end", "race.ev.steal"} <= kinds


def test_an_action_applied_in_either_language_makes_the_same_events(
    played: list[tuple[RaceState, int, Any, list[Event]]],
) -> None:
    """Events hold ids and numbers, no words: applied while Japanese is spoken,
    an action makes exactly the events it makes in English, told alike in both."""
    for before, p, action, events in played[:400]:
        again = before.clone()
        with speaking("ja"):
            told = again.apply(p, action)
        assert [(e.kind, e.data, e.public) for e in told] == [
            (e.kind, e.data, e.public) for e in events
        ]
        assert "said" not in told[0].data
        for e in told:  # card names are the reader's, made when the event is read
            assert not {"said", "card_name", "cards", "paid"} & set(e.data), (e.kind, e.data)
        names = NAMES[: before.num_players]
        for lang in ("en", "ja"):
            assert speech.of(GAME).narrate(told[0], 1, names, lang=lang) == speech.of(GAME).narrate(
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
                    said = speech.of(GAME).describe(before, p, action)
                assert _japanese(said), (action, said)
                assert str(GAME.parse_action(before, p, str(action))) == str(action)
                seen.add(str(action).split()[0])
    assert {"place", "under", "discard", "pay", "steal"} <= seen


def test_descriptions_in_english_are_as_they_were() -> None:
    table = ["Pios Proxima", "Beta Minor", "Planet-2", "Planet-4", "Planet-5"]
    s = position(stacks={0: ["tank", "ore"]}, planets=table)
    assert speech.of(GAME).describe(s, 0, GAME.parse_action(s, 0, "place 1")) == (
        "play Energy Tank at planet 1 (Pios Proxima)"
    )
    assert speech.of(GAME).describe(s, 0, GAME.parse_action(s, 0, "under")) == (
        "put Energy Tank under your stack"
    )
    assert speech.of(GAME).describe(s, 0, GAME.parse_action(s, 0, "pay solar,tank")) == (
        "pay with Solar Module and Energy Tank"
    )
    assert speech.of(GAME).describe(s, 0, GAME.parse_action(s, 0, "steal none")) == "take nothing"
    assert speech.of(GAME).describe(s, 0, GAME.parse_action(s, 0, "steal settlers")) == (
        "take their Settlers"
    )


def test_the_glossary_follows_the_language_and_keeps_its_keys() -> None:
    english = dict(speech.of(GAME).glossary())
    with speaking("ja"):
        japanese = dict(speech.of(GAME).glossary())
    assert japanese.keys() == english.keys()
    for key, said in japanese.items():
        name, _, what = said.partition(": ")
        assert what and _japanese(name) and _japanese(what), (key, said)
    assert japanese["tank"].startswith("エネルギータンク: 青の積載カード。")
    assert japanese["Pios Proxima"].startswith("Pios Proxima星: 惑星。")
    assert dict(speech.of(GAME).glossary()) == english  # the language does not stick
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
        said = speech.of(game).glossary()
        assert said["Arrakis"].startswith("Arrakis: 惑星。")
        assert said["Beta Minor"].startswith("Beta Minor星: 惑星。最初から居住可能。")
        assert words.planet_name("Arrakis") == "Arrakis"


def test_the_view_names_planets_in_the_language_and_keeps_the_keys(
    played: list[tuple[RaceState, int, Any, list[Event]]],
) -> None:
    fails = 0
    words = speech.of(liftoff.games.get("race"))
    for before, _, _, _ in played[::5]:
        bare = before.view(0)
        assert all("name" not in pl for pl in bare["planets"])  # the rules' view: keys only
        with speaking("ja"):
            assert before.view(0) == bare  # the same in every language
        english, japanese = words.view_words(bare, "en"), words.view_words(bare, "ja")
        assert [pl["key"] for pl in japanese["planets"]] == [pl["key"] for pl in english["planets"]]
        for pl in english["planets"]:
            assert pl["key"] == pl["name"]
        for pl in japanese["planets"]:
            assert _japanese(pl["name"]), pl["name"]
        for old, new in zip(english["log"], japanese["log"], strict=True):
            if old[0] == "fail":  # the reason is an id, the same in every language
                fails += 1
                assert old[-1] in {"no-ore", "no-energy"}
            assert old == new
        assert before.view(0) == bare  # the words were added to a copy
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
    for code in ("race.live.ready", "race.live.stop", "race.live.choose"):
        assert _japanese(text(code, "ja"))
    said = {"text": "pay solar", "version": 3, "current": 5, "planet": 2, "round": 2}
    for code in ("race.stale.stop", "race.stale.round", "race.stale.choice", "race.stale.resolved"):
        assert _japanese(render(code, said, "ja").replace("pay solar", ""))


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
    English phrases."""
    tree = ast.parse(_source(module).read_text(encoding="utf-8"))
    allowed: set[str] = set()
    found = [
        (line, value)
        for line, value in _literals(tree)
        if PHRASE.search(value) and value not in allowed and not value.startswith("race.")
    ]
    assert not found, found


def _japanese_race_words() -> dict[str, str]:
    """Every Japanese text of the race (its messages, its terminal and browser words)."""
    out = {}
    for m in catalogue("ja"):
        ctx = m.context or ""
        if m.id and ("race" in ctx or ctx.startswith("cli.live.")):
            words = m.string if isinstance(m.string, str) else " ".join(m.string)
            out[ctx] = words
    return out


# the Japanese rulebook's terms, and the words that must not stand for them
RULEBOOK_TERMS = {
    "ミッション処理": ("解決中", "解決済み"),
    "セキュリティ": ("警備",),
    "消費": ("支払",),
    "寛容": ("緩やか",),
    "永続": ("継続",),
    "未公開": ("未確認",),
}


@pytest.mark.rules("RC-RES-1")
def test_japanese_race_words_are_the_rulebooks_one_word_each() -> None:
    said = _japanese_race_words()
    for term, others in RULEBOOK_TERMS.items():
        for other in others:
            found = sorted(ctx for ctx, words in said.items() if other in words)
            assert not found, f"{other} where the rulebook says {term}: {found}"


def test_the_japanese_legend_counts_ore_deposits_not_a_requirement() -> None:
    legend = _japanese_race_words()["cli.race.legend"]
    assert "鉱石3個" in legend and "鉱石3が必要" not in legend, legend
