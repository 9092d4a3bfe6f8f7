"""Agency speaks the reader's language: every word a player reads goes through
the message mechanism — card and technology names, the effect texts, the words
filled into narration and refusals, the action descriptions, the glossary and
the view's ``deciding`` — and English stays as it was.

Most checks use a *pseudo language*: a translator that says every message as
"ア" around its fields. Any Latin letter left in what it renders (player
names, card ids and action texts aside) is English that bypassed the
messages. The checks in real Japanese need the catalogue's translations.
"""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterator, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import liftoff
from liftoff import speech
from liftoff.engine import IllegalAction, Rng, messages
from liftoff.engine.messages import speaking, text
from liftoff.games.agency import GAME, AgencyGame, AgencyState, load_content, words
from liftoff.games.agency import effects as fx
from liftoff.games.agency.testing import at_step, set_player, start
from liftoff.speech.agency.describe import card_glossary

NAMES = ["Ann", "Bea", "Cy", "Dee"]
PSEUDO = "xx"
#: card ids, deck names and action texts, which stay as they are in every language
IDS = re.compile(r"(?<![A-Za-z0-9])(?:S\d{2}|O\d{2}|M[1-4]-\d{2}|L[1-4])(?![A-Za-z0-9])")
LATIN = re.compile(r"[A-Za-z]")
KANA_OR_KANJI = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")


def _pseudo(english: str) -> str:
    """``english`` said as "ア" around its fields (braces of a plain text are words)."""
    try:
        fields = [f for _, f, _, _ in string.Formatter().parse(english) if f]
    except ValueError:
        fields = []
    return "ア" + "".join("{" + f + "}ア" for f in fields)


class Pseudo:
    """A translator for the pseudo language (every other language: none)."""

    def template(self, lang: str, code: str, english: str) -> str | None:
        return _pseudo(english) if lang == PSEUDO else None

    def and_list(self, lang: str, items: Sequence[str]) -> str | None:
        return "、".join(items) if lang == PSEUDO else None

    def plural(self, lang: str, code: str, english: tuple[str, str], n: int) -> str | None:
        return _pseudo(english[1]) if lang == PSEUDO else None


@pytest.fixture
def pseudo() -> Iterator[None]:
    messages.set_translator(Pseudo())
    try:
        yield
    finally:
        liftoff.i18n.install()


def bare(line: str, names: Sequence[str] = NAMES) -> str:
    """``line`` without the players' names and the card ids."""
    for name in names:
        line = line.replace(name, "")
    return IDS.sub("", line)


def play(players: int, seed: int, options: dict[str, Any] | None = None) -> Iterator[Any]:
    """(state before, player, action, events) over a random game."""
    s = GAME.new_game(players, seed, dict(options or {}))
    rng = Rng(seed + 31)
    while not s.is_over():
        active = s.active_players()
        p = active[rng.below(len(active))]
        legal = s.legal_actions(p)
        action = legal[rng.below(len(legal))]
        before = s.clone()
        yield before, p, action, s.apply(p, action)


GAMES = [(2, 1, {}), (3, 2, {}), (4, 3, {"simultaneous_launches": True})]


# -- the pseudo language: nothing bypasses the messages -------------------------------
@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_narration_has_no_english_left(
    pseudo: None, players: int, seed: int, options: dict[str, Any]
) -> None:
    told = 0
    for _, _, _, events in play(players, seed, options):
        for e in events:
            for viewer in [None, *range(players)]:
                line = speech.of(GAME).narrate(e, viewer, NAMES[:players], lang=PSEUDO)
                assert not LATIN.search(bare(line)), (e.kind, line)
                told += bool(line)
    assert told > 500


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_descriptions_and_the_view_have_no_english_left(
    pseudo: None, players: int, seed: int, options: dict[str, Any]
) -> None:
    kinds: set[str] = set()
    for before, p, _, _ in play(players, seed, options):
        with speaking(PSEUDO):
            for a in before.legal_actions(p):
                said = speech.of(GAME).describe(before, p, a)
                assert said != str(a) and not LATIN.search(bare(said)), (str(a), said)
                kinds.add(type(a).__name__)
            for q in range(players):
                view = before.view(q)
                assert "deciding" not in view["players"][q]  # the rules' view: ids only
                deciding = speech.of(GAME).view_words(view)["players"][q]["deciding"]
                assert not LATIN.search(bare(deciding)), deciding
    assert kinds >= {"Keep", "Direction", "Play", "DoAction", "Done", "Draw", "Take", "Launch"}


def test_the_glossary_and_the_revealed_cards_follow_the_language(pseudo: None) -> None:
    english = dict(speech.of(GAME).glossary())
    with speaking(PSEUDO):
        other = dict(speech.of(GAME).glossary())
    assert other.keys() == english.keys()
    for key, said in other.items():
        assert said and not LATIN.search(said), (key, said)
    assert dict(speech.of(GAME).glossary()) == english  # made per language, not once
    s = _finished(2, 4)
    with speaking(PSEUDO):
        shown = s.revealed()
    names = [n for seat in shown["seats"] for cards in seat.values() for n in cards]
    assert names and all(not LATIN.search(n) for n in names)
    assert all(LATIN.search(n) for seat in s.revealed()["seats"] for n in seat["objectives"])


def _finished(players: int, seed: int) -> AgencyState:
    s = GAME.new_game(players, seed)
    rng = Rng(seed)
    while not s.is_over():
        p = s.active_players()[0]
        legal = s.legal_actions(p)
        s.apply_legal(p, legal[rng.below(len(legal))])
    return s


def test_refusals_fill_in_their_words_in_the_language(pseudo: None) -> None:
    """Step names, colours, upgrade kinds, launch symbols, requirements and card
    names filled into refusals are said in the language the move is refused in
    (they are parameters made when the refusal is); what a person typed (the
    action's text) and card ids stay."""
    probes = ["done", "draw L3", "tech red", "upgrade capacity", "station 3", "sell O01"]
    seen: set[str] = set()
    for before, p, _, _ in play(3, 5):
        texts = probes + [f"launch {sym} {m}" for m in before.earth[p] for sym in ("lab", "bonus")]
        for probe in texts:
            try:
                with speaking(PSEUDO):
                    before.clone().apply(p, probe)
            except IllegalAction as exc:
                said = exc.message
                words_left = bare(said.replace(probe, "")).replace("done", "")
                assert not LATIN.search(words_left), (exc.code, said)
                seen.add(exc.code)
    assert len(seen) >= 10


def test_other_content_speaks_its_own_english(pseudo: None, tmp_path: Path) -> None:
    """A translation is used only while the content says the English it was made
    for: a renamed card keeps its new English name, the others are translated."""
    data = resources.files("liftoff.games.agency.data")
    shipped = (data / "objectives.toml").read_text(encoding="utf-8")
    (tmp_path / "objectives.toml").write_text(
        shipped.replace('name = "Space Race"', 'name = "Moon Race"'), encoding="utf-8"
    )
    game = AgencyGame(load_content(tmp_path))
    with speaking(PSEUDO):
        glossary = card_glossary(game.content)
        assert "Moon Race" in glossary["O15"]
        assert not LATIN.search(glossary["O14"])
        assert words.card_name(game.content, "O15") == "Moon Race"
        assert words.card_name(game.content, "O14") == "ア"


def test_effect_texts_and_words_are_messages(pseudo: None) -> None:
    every: list[fx.AnyEffect] = [
        fx.Money(kind="money", amount=2),
        fx.Tech(kind="tech", colours=["red", "blue"], count=2),
        fx.Upgrade(kind="upgrade", options=["capacity", "propulsion"]),
        fx.Station(kind="station"),
        fx.ScorePer(
            kind="score_per",
            counts=fx.Counter(what="tech_sets", colours=["red", "green"]),
            points=2,
            every=2,
            max=8,
        ),
    ]
    with speaking(PSEUDO):
        assert all(not LATIN.search(fx.describe(e)) for e in every)
        assert words.colours(["red", "yellow"]) == "ア/ア"
        assert words.need([[("red", 2), ("yellow", 2)], []]) == "ア2アアア + ア2アアア / ア"
    assert fx.describe_all(every) == (
        "+2 money, +2 red/blue tech, +1 capacity/propulsion upgrade, invest in the station, "
        "2 VP per 2 sets of red+green technology (max 8)"
    )


# -- English stays as it was -----------------------------------------------------------
def test_english_descriptions_are_unchanged() -> None:
    s = start(2, seed=3)
    mission = next(m for m in GAME.content.missions.missions if m.level == 1 and m.points)
    set_player(s, 0, lab=1, money=12, earth=[mission.id])
    at_step(s, "launch", player=0)
    launch = next(a for a in s.legal_actions(0) if str(a) == f"launch lab {mission.id}")
    cost = s.launch_cost(0, 0)
    vp = GAME.content.lab_side[1].vp_phase1 + mission.points
    assert speech.of(GAME).describe(s, 0, launch) == (
        f"Launch {mission.name} on your lab's launch: costs {cost} money, "
        f"weight {mission.weight} of {s.base_capacity(0, 0)}, scores {vp} VP"
    )
    assert speech.of(GAME).describe(s, 0, s.legal_actions(0)[-1]) == (
        "Launch no more rockets this round"
    )
    glossary = speech.of(GAME).glossary()
    assert glossary["O15"] == "Space Race: missions in space: 10+ → 8 VP, 14+ → 16 VP, 18+ → 28 VP"
    assert glossary["S10"] == "Financier: banner +3 money; action 1: pay 3 → +2 income"
    assert glossary["green"].startswith("Food (green technology): your level in this technology")


def test_event_data_stays_in_english_whoever_reads(pseudo: None) -> None:
    """Agency's events carry the content's English (and ids); the reader's words
    are made when they are told, so applying a move in another language changes
    none of them. (The engine's ``action`` event keeps the mover's description.)"""
    english = [e for _, _, _, events in play(2, 6) for e in events if e.kind != "action"]
    with speaking(PSEUDO):
        other = [e for _, _, _, events in play(2, 6) for e in events if e.kind != "action"]
    assert [(e.kind, e.data, e.public) for e in other] == [
        (e.kind, e.data, e.public) for e in english
    ]
    total = next(e for e in english if e.kind == "agency.ev.total")
    assert "sources" not in total.data  # ids and numbers: narration words the sources
    assert all(isinstance(n, int) for n in total.data["by_source"].values())


# -- no English literal in the code that words things ---------------------------------
PACKAGE = Path(str(resources.files("liftoff.games.agency")))
#: the game's speech (narration, descriptions, glossary), above the rules
SPEECH = Path(str(resources.files("liftoff.speech.agency")))


def _source(name: str) -> Path:
    """A module of the game or of its speech, by file name."""
    return PACKAGE / name if (PACKAGE / name).exists() else SPEECH / name


#: punctuation that joins words in every language
JOINERS = {", ", "; ", " / ", " + ", "/", "+", ": "}


def _literals(path: Path) -> Iterator[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
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


@pytest.mark.parametrize("module", ["describe.py", "pending.py", "explain.py", "events.py"])
def test_the_wording_code_has_no_english_sentences(module: str) -> None:
    """Outside the word lists (``text.py``, ``words.py``), the code that words
    things holds ids, keys and punctuation only: no English word for people."""
    found = []
    for line, value in _literals(_source(module)):
        if value in JOINERS or value.startswith(("agency.", "AG-", "API-")):
            continue
        if re.fullmatch(r"[-\w.+]*", value) or not ENGLISH_WORD.search(value):
            continue  # a key, an id or punctuation
        found.append((line, value))
    assert found == []


# -- real Japanese (the catalogue's translations) ---------------------------------------
def _translated() -> bool:
    return text("agency.card.S01.name", "ja") != text("agency.card.S01.name", "en")


needs_japanese = pytest.mark.skipif(
    not _translated(), reason="the Japanese of agency's words is not in the catalogue"
)


@needs_japanese
def test_a_game_told_in_japanese_has_no_english_words() -> None:
    for _, _, _, events in play(3, 7):
        for e in events:
            for viewer in (None, 0):
                line = speech.of(GAME).narrate(e, viewer, NAMES[:3], lang="ja")
                if line:
                    assert KANA_OR_KANJI.search(line) and not LATIN.search(bare(line)), line


@needs_japanese
def test_descriptions_and_glossary_in_japanese() -> None:
    with speaking("ja"):
        glossary = speech.of(GAME).glossary()
        assert glossary["red"].startswith("燃料（赤の技術）：")
        assert all(KANA_OR_KANJI.search(v) and not LATIN.search(v) for v in glossary.values())
        for before, p, _, _ in play(2, 8):
            for a in before.legal_actions(p)[:4]:
                said = speech.of(GAME).describe(before, p, a)
                assert KANA_OR_KANJI.search(said) and not ENGLISH_WORD.search(bare(said)), said
    assert speech.of(GAME).glossary()["red"].startswith("Fuel (red technology): ")
