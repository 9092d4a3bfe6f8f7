"""Every word of planet a player reads follows their language: narration, refusals,
the menus' descriptions, the glossary and the view's names — in English exactly
as before, in Japanese with no English left over; the content's words are
translated only while the content says what the shipped content said."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

import liftoff.games.planet as planet
from liftoff import IllegalAction, speech
from liftoff.engine import Rng
from liftoff.engine.events import Event
from liftoff.engine.messages import known, render, speaking, text
from liftoff.games.planet import GAME, load_game, words
from liftoff.games.planet import text as words_of_text
from liftoff.games.planet.layout import OVER
from liftoff.games.planet.testing import position

NAMES = ("Ann", "Bea", "Cal", "Dee", "Eve")
KANA_OR_KANJI = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9'!=-]*")
#: Latin letters Japanese keeps: ring segments, the UFO (its name), a die's X
KEPT = re.compile(r"^(S[0-7]|UFO|X)$")
PACKAGE = Path(planet.__file__).parent
#: the game's speech (narration, descriptions, glossary), above the rules
SPEECH = Path(speech.__file__).parent / "planet"


def _source(name: str) -> Path:
    """A module of the game or of its speech, by file name."""
    return PACKAGE / name if (PACKAGE / name).exists() else SPEECH / name


CASES = list(GAME.conformance_cases())

#: the Japanese catalogue holds planet's words (merged from the translators' JSON)
TRANSLATED = all(
    text(code, "ja") != text(code, "en") for code in ("planet.card.moon.name", "planet.lp.ufo.name")
) and render("planet.describe.pass", lang="ja") != render("planet.describe.pass")
needs_japanese = pytest.mark.skipif(
    not TRANSLATED, reason="the Japanese catalogue does not have planet's words yet"
)


QUOTED = re.compile(r"「[^」]*」|'[^']*'")


def english_left(said: str, *allowed: str) -> list[str]:
    """The Latin-script words of a Japanese sentence that are not player names,
    ``allowed`` words (action texts), what a player types (quoted) or the letters
    Japanese keeps."""
    said = QUOTED.sub(" ", said)
    for word in (*NAMES, *allowed):
        said = said.replace(word, " ")
    return [w for w in LATIN_WORD.findall(said) if not KEPT.match(w)]


def random_game(players: int, options: Mapping[str, Any], seed: int) -> Iterator[Any]:
    """(state before, player, action, events) along a random game."""
    s = GAME.new_game(players, seed=seed, options=dict(options))
    rng = Rng(seed + 77)
    for _ in range(300):
        if s.is_over():
            return
        p = s.active_players()[0]
        legal = s.legal_actions(p)
        action = legal[rng.below(len(legal))]
        before = s.clone()
        yield before, p, action, s.apply(p, action)


# -- English as it always was -----------------------------------------------------------


def test_english_descriptions_are_the_sentences_players_read() -> None:
    s = position(3, hands={0: "F F S W mya terraform garglore moon"}, surface={0: {0: 1, 1: 1}})
    said = {str(a): speech.of(GAME).describe(s, 0, a) for a in s.legal_actions(0)}
    assert said["move core S0"] == "Move an Alien from the Core to Exit S0"
    assert said["move S0 S1"] == "Move an Alien from Exit S0 to Bonfire (S1)"
    assert said["board bonfire S"] == "Board the Bonfire paying Screw"
    assert said["board bonfire W=S"] == "Board the Bonfire paying Wild as Screw"
    assert said["play moon ccw"] == (
        "Play Move the Moon!: the Moon goes one spot counter-clockwise"
    )
    assert said["play mya p0 S1 S2"] == (
        "Play Move Your Alien!: move your Alien from Bonfire (S1) to Exit S2"
    )
    assert said["play garglore satellite"] == "Play Garglore!: send the Garglore to the Satellite"
    assert said["trade F S"] == "Trade Fuel and Screw for one new card"
    assert said["end"] == "End your turn: the Moon moves over the Bonfire"


def test_english_glossary_and_view_words() -> None:
    glossary = speech.of(GAME).glossary()
    assert glossary["W=F"] == "Wild as Fuel: a Wild card paid as 1 Fuel."
    assert glossary["rocket"] == (
        "Rocket Ship: holds 6 Aliens; boarding costs 1 Fuel + 1 Screw; everyone aboard "
        "lifts off once 6 Fuel + 6 Screws have been paid into it, at Full Moon; extra "
        "resources may be paid in on your turn."
    )
    assert glossary["ufo"].startswith(
        "UFO: holds 3 Aliens; boarding costs more for each Alien aboard: 1 Fuel, 2 Screws, 3 Fuel; "
    )
    s = position(2, slots=("stargate", "satellite", "rocket", "trampoline"))
    view = s.view(0)
    points = [seg for seg in view["ring"] if seg["kind"] == "lift_off_point"]
    assert not any("name" in seg or "placement_text" in seg for seg in points)  # ids only
    worded = speech.of(GAME).view_words(view, "en")
    ring = {seg["lp"]: seg for seg in worded["ring"] if seg["kind"] == "lift_off_point"}
    assert [(ring[lp]["name"], ring[lp]["placement_text"]) for lp in ring] == [
        ("Stargate", "1 Action card"),
        ("Satellite", "2 Screws"),
        ("Rocket Ship", "1 Fuel + 1 Screw"),
        ("Trampoline", "free"),
    ]


def test_english_refusal_parameters_are_what_they_were() -> None:
    s = position(2, hands={0: "F"}, surface={0: {1: 1}})
    with pytest.raises(IllegalAction) as err:
        s.apply(0, "board bonfire F")
    e = err.value
    assert e.message == "boarding the Bonfire costs exactly 1 Screw now"
    assert e.params == {"lp": "bonfire", "name": "Bonfire", "cost": "1 Screw"}
    assert json.loads(json.dumps(e.params)) == e.params
    with pytest.raises(IllegalAction) as err:
        s.apply(0, "play moon ccw")
    assert err.value.message == "you do not hold a moon card"
    with pytest.raises(IllegalAction) as err:
        s.apply(0, "move core S9")
    assert err.value.message == "cannot read 'move core S9': 'S9' is not a place (core or S0..S7)"


def test_a_said_word_is_its_english_value_everywhere_but_another_language() -> None:
    word = words.said_lp("rocket", "Rocket Ship")
    assert word == "Rocket Ship" and json.dumps({"name": word}) == '{"name": "Rocket Ship"}'
    assert f"{word}" == "Rocket Ship" and str(word) == "Rocket Ship"
    cost = words.said_cost(2, 1, 0)
    assert cost == "2 Fuels + 1 Screw"
    with speaking("en"):
        assert render("planet.board.cost", {"name": word, "cost": cost}) == (
            "boarding the Rocket Ship costs exactly 2 Fuels + 1 Screw now"
        )


# -- the words follow the language, and no language sticks ----------------------------


def test_nothing_keeps_a_language_for_the_next_reader() -> None:
    english = dict(speech.of(GAME).glossary())
    s = position(2, hands={0: "F S"})
    view = s.view(0)
    described = [speech.of(GAME).describe(s, 0, a) for a in s.legal_actions(0)]
    with speaking("ja"):
        speech.of(GAME).glossary()
        s.view(0)
        [speech.of(GAME).describe(s, 0, a) for a in s.legal_actions(0)]
    assert dict(speech.of(GAME).glossary()) == english
    assert s.view(0) == view
    assert [speech.of(GAME).describe(s, 0, a) for a in s.legal_actions(0)] == described


def test_events_keep_english_data_whatever_the_language_of_the_caller() -> None:
    """The events (and the action's description in them) are data shared by every
    reader: the same when the action is applied inside another language."""
    a, b = position(2, hands={0: "F S"}), position(2, hands={0: "F S"})
    plain = [e.to_json(0) for e in a.apply(0, "end")]
    with speaking("ja"):
        spoken = [e.to_json(0) for e in b.apply(0, "end")]
    assert plain == spoken


@needs_japanese
def test_japanese_narration_of_random_games_has_no_english_left() -> None:
    seen: set[str] = set()
    for players, options in CASES[:6] + CASES[-3:]:
        for seed in (1, 2):
            names = NAMES[:players]
            for _, _, _, events in random_game(players, options, seed):
                for e in events:
                    for viewer in (None, *range(players)):
                        said = speech.of(GAME).narrate(e, viewer, names, lang="ja")
                        assert said and KANA_OR_KANJI.search(said), (e, said)
                        assert not english_left(said), (e, said)
                        assert "{" not in said, said
                    seen.add(e.kind)
    assert len(seen) >= 25, sorted(seen)


@needs_japanese
def test_japanese_descriptions_of_every_legal_action() -> None:
    count = 0
    for players, options in CASES[:6] + CASES[-3:]:
        for before, p, _, _ in random_game(players, options, 3):
            with speaking("ja"):
                for action in before.legal_actions(p):
                    said = speech.of(GAME).describe(before, p, action)
                    assert KANA_OR_KANJI.search(said), (action, said)
                    assert not english_left(said), (action, said)
                    count += 1
    assert count > 1000


@needs_japanese
def test_japanese_glossary_view_and_revealed_cards() -> None:
    with speaking("ja"):
        glossary = speech.of(GAME).glossary()
        s = position(2, slots=("ufo", "satellite", "rocket", "stargate"), hands={0: "F moon"})
        view = s.view(0)
    assert view == s.view(0)  # the same in every language: ids and numbers
    view = speech.of(GAME).view_words(view, "ja")
    assert set(glossary) == set(speech.of(GAME).glossary())
    for key, said in glossary.items():
        assert KANA_OR_KANJI.search(said), (key, said)
        assert not english_left(said), (key, said)
        assert ": " in said, said  # front ends split the name from what it does
    assert glossary["moon"].startswith("月を動かせ！: アクションカード。")
    assert glossary["rocket"].startswith("ロケットシップ: ")
    names = [(seg["name"], seg["placement_text"]) for seg in view["ring"] if "name" in seg]
    assert names[1:] == [
        ("衛星", "ネジ2枚"),
        ("ロケットシップ", "燃料1枚とネジ1枚"),
        ("スターゲート", "アクションカード1枚"),
    ]
    with speaking("ja"):
        s.stage = OVER  # the hands are shown
        hand = s.revealed()["seats"][0]["hand"]
    assert "燃料" in hand and "月を動かせ！" in hand and not english_left("".join(hand))


@needs_japanese
def test_a_refusal_made_in_english_is_said_in_the_readers_language() -> None:
    """A server refuses in English and renders the refusal later for its reader."""
    s = position(2, hands={0: "F"}, surface={0: {1: 1}})
    cases = {
        "board bonfire F": "今たき火の発射台に乗るには、ちょうどネジ1枚が必要です",
        "play moon ccw": "月を動かせ！のカードを持っていません",
        "pay satellite W=F": "",
        "abandon bonfire": "たき火の発射台にあなたのエイリアンはいません",
        "trade mya storm": "エイリアンを動かせ！と電気嵐！を持っていません",
    }
    for typed, japanese in cases.items():
        with pytest.raises(IllegalAction) as err:
            s.apply(0, typed)
        with speaking("ja"):
            said = err.value.said()
        assert KANA_OR_KANJI.search(said) and not english_left(said), said
        assert not japanese or said == japanese, said
    for typed in ("move core S9", "board xyz", "pay rocket W", "frob", "pledge 3X"):
        with pytest.raises(IllegalAction) as err:
            GAME.parse_action(s, 0, typed)
        with speaking("ja"):
            said = err.value.said()
        assert KANA_OR_KANJI.search(said.split("：", 1)[1]), said


@needs_japanese
def test_refusals_in_random_games_speak_japanese() -> None:
    seen = set()
    for players, options in CASES[:6]:
        space = GAME.action_space(players, options)
        rng = Rng(players)
        for before, p, _, _ in random_game(players, options, 5):
            legal = set(before.legal_actions(p))
            for _ in range(4):
                action = space[rng.below(len(space))]
                if action in legal:
                    continue
                with pytest.raises(IllegalAction) as err:
                    before.verify(p, action)
                with speaking("ja"):
                    said = err.value.said()
                assert KANA_OR_KANJI.search(said), said
                assert not english_left(said, str(action)), (action, said)
                seen.add(err.value.code)
    assert len(seen) >= 15, sorted(seen)


@needs_japanese
def test_the_options_errors_and_warning_speak_japanese() -> None:
    from liftoff.engine import OptionError

    with speaking("ja"), pytest.raises(OptionError) as err:
        GAME.new_game(3, 1, {"team": True})
    assert KANA_OR_KANJI.search(str(err.value))
    with speaking("ja"):
        (warning,) = GAME.option_warnings(3, {"cutthroat": True, "family": True})
    assert KANA_OR_KANJI.search(warning)


# -- content of one's own -------------------------------------------------------------


@needs_japanese
def test_changed_content_is_said_in_its_own_english(tmp_path: Path) -> None:
    data = PACKAGE / "data"
    deck = (data / "deck.toml").read_text(encoding="utf-8")
    (tmp_path / "deck.toml").write_text(
        deck.replace('name = "Move the Moon!"', 'name = "Shift the Moon!"'), encoding="utf-8"
    )
    points = (data / "lift_off_points.toml").read_text(encoding="utf-8")
    (tmp_path / "lift_off_points.toml").write_text(
        points.replace('name = "Rocket Ship"', 'name = "Big Rocket"'), encoding="utf-8"
    )
    game = load_game(tmp_path)
    with speaking("ja"):
        glossary = speech.of(game).glossary()
        s = game.new_game(2, 0, {"first_game": True})
        view = speech.of(game).view_words(s.view(0))
        names = {seg["lp"]: seg["name"] for seg in view["ring"] if "lp" in seg}
    assert glossary["moon"].startswith("Shift the Moon!: アクションカード。")
    assert glossary["supernova"].startswith("超新星！: ")
    assert glossary["rocket"].startswith("Big Rocket: ")
    assert names["rocket"] == "Big Rocket" and names["satellite"] == "衛星"
    event = Event(
        "planet.ev.lift-off", {"who": 0, "lp": "rocket", "name": "Big Rocket", "saved": 1}
    )
    assert "Big Rocket" in speech.of(game).narrate(event, 1, NAMES[:2], lang="ja")
    shipped = Event(
        "planet.ev.lift-off", {"who": 0, "lp": "rocket", "name": "Rocket Ship", "saved": 1}
    )
    assert "ロケットシップ" in speech.of(GAME).narrate(shipped, 1, NAMES[:2], lang="ja")


# -- the ids and the code -----------------------------------------------------------------


def test_the_shipped_content_has_an_id_for_each_word() -> None:
    content = GAME.content
    for card in content.deck.cards:
        assert text(f"planet.card.{card.code}.name") == card.name
        assert text(f"planet.card.{card.code}.text") == card.text
    for point in content.points.points:
        assert text(f"planet.lp.{point.id}.name") == point.name
    for code in (*words.WORDS, *words.PLURALS, *words_of_text.DESCRIBE, *words_of_text.GLOSSARY):
        assert re.fullmatch(r"planet(\.[a-z0-9-]+)+", code) and known(code), code


MESSAGE_ID = re.compile(r"""["'](planet\.[a-z0-9.-]+)["']""")
FAMILY = re.compile(r"""f["'](planet\.[a-z0-9.-]*)\{""")


def test_every_new_word_is_used_and_every_used_id_is_registered() -> None:
    code = "\n".join(
        p.read_text(encoding="utf-8")
        for p in [*PACKAGE.glob("*.py"), *SPEECH.glob("*.py")]
        if p.name != "text.py"
    )
    used, families = set(MESSAGE_ID.findall(code)), tuple(set(FAMILY.findall(code)))
    ours = {*words.WORDS, *words.PLURALS, *words_of_text.DESCRIBE, *words_of_text.GLOSSARY}
    assert sorted(c for c in used if not known(c) and not c.endswith(".")) == []
    assert sorted(c for c in ours if c not in used and not c.startswith(families)) == []


#: the modules that put words in front of people
SPEAKERS = ("narrate.py", "describe.py", "glossary.py", "view.py", "explain.py", "words.py")
#: English the narration reads back from the events' English data (never shown)
READ_BACK = {"from (.+) to (.+)$", "Exit (S[0-7])", "the star", "the "}


#: the tables of English that are registered as messages
REGISTRIES = {"WORDS", "PLURALS"}


def _not_code(tree: ast.Module) -> set[int]:
    """The string constants that are no code's words: docstrings, and the English
    registered as messages."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    for statement in tree.body:
        target = statement.target if isinstance(statement, ast.AnnAssign) else None
        if isinstance(target, ast.Name) and target.id in REGISTRIES:
            found |= {id(n) for n in ast.walk(statement) if isinstance(n, ast.Constant)}
    return found


def test_no_english_literal_bypasses_the_messages() -> None:
    """The code that speaks to people writes ids, keys and syntax, never words:
    a string with two Latin words (or one followed by a space) is English."""
    sentence = re.compile(r"[A-Za-z]{2,}[ ,:;]+[A-Za-z]|^[A-Z][a-z]+$|^[a-z]+ $")
    found = []
    for name in SPEAKERS:
        tree = ast.parse(_source(name).read_text(encoding="utf-8"))
        skip = _not_code(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if id(node) in skip or node.value in READ_BACK or node.value.startswith("planet."):
                    continue
                if sentence.search(node.value):
                    found.append((name, node.lineno, node.value))
    assert found == [], found


def test_memoised_cost_and_point_words_follow_the_language_and_the_catalogue() -> None:
    """The view's cost and Lift Off Point names are memoised (bots read views all
    the time): a memo never answers for another language or an older catalogue."""
    from liftoff.engine.messages import plurals, register_plurals, register_texts

    english = words.cost_text(2, 1, 0)
    assert english == "2 Fuels + 1 Screw" and words.cost_text(2, 1, 0) == english
    ufo = words.lp_name("ufo", "UFO")
    if TRANSLATED:
        with speaking("ja"):
            assert words.cost_text(2, 1, 0) != english
            assert KANA_OR_KANJI.search(words.cost_text(2, 1, 0))
    before = plurals()["planet.cost.fuels"]
    code = words.lp_code("ufo")
    try:
        register_plurals({"planet.cost.fuels": ("{count} Petrol", "{count} Petrols")})
        register_texts({code: "Saucer"})
        assert words.cost_text(2, 1, 0) == "2 Petrols + 1 Screw"
        assert words.lp_name("ufo", "UFO") == "UFO"  # content changed: its own words
        assert words.lp_name("ufo", "Saucer") == "Saucer"
    finally:
        register_plurals({"planet.cost.fuels": before})
        register_texts({code: "UFO"})
    assert words.cost_text(2, 1, 0) == english and words.lp_name("ufo", "UFO") == ufo
