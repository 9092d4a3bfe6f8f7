"""A whole game of each title in Japanese at the terminal: no English word the
terminal prints (only what a person types, proper names and numbers stay in
Latin letters), and no line wider than 80 cells."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from textual.widgets import Static
from typer.testing import CliRunner

import liftoff
import liftoff.cli.words  # the terminal's words, registered
from liftoff import i18n, speech
from liftoff.cli.main import build
from liftoff.engine.messages import render, speaking

i18n.install()
pytestmark = pytest.mark.skipif(
    render("cli.planet.legend", lang="ja") == render("cli.planet.legend", lang="en"),
    reason="the Japanese catalogue does not hold the terminal's words yet",
)

#: the commands and keys a person types, and names the games keep in Latin letters
TYPED = {"a", "back", "board", "log", "undo", "hint", "legend", "rule", "help", "quit"}
TYPED |= {"Enter", "Tab", "UFO", "VP", "ID"}
#: the verbs a refusal of unreadable text lists as what may be typed (the game
#: below answers "y" at the move prompt when no turn-ending question is asked)
TYPED |= {"move", "board", "pay", "roll", "abandon", "play", "trade", "end", "pledge", "pass"}
TYPED |= {"keep", "draw", "launch", "lab", "money", "done"}
MARKS = re.compile(r"[A-H]+|[TSFMLXRO]*[tsfmlxro]*[TSFMLXRO]*")  # pieces; race cards
RULE_ID = re.compile(r"\b[A-Z]{2}-[A-Z]+(?:-[A-Z0-9]+)*\b")
WORD = re.compile(r"[A-Za-z]{2,}")
PROMPT = re.compile(
    r"(?:(?:あなたの手番|1〜\d+から選択|1を選択)（[^）]*）|y 手番を終える、それ以外は続ける)："
)


def typed_words(game: str, record: dict[str, Any]) -> set[str]:
    """Every word of every legal action text on the way through ``record``: what
    a person may type, which the menus show beside the sentences."""
    g = liftoff.games.get(game)
    state = g.new_game(record["players"], record["seed"], record.get("options") or {})
    words: set[str] = set()
    for player, action in record["actions"]:
        for seat in state.active_players():
            for legal in state.legal_actions(seat):
                words.update(WORD.findall(str(legal)))
        state.apply(player, g.parse_action(state, player, action))
    return words


def english_words(screen: str, allowed: set[str]) -> set[str]:
    """The words in Latin letters on ``screen`` that are not allowed."""
    screen = RULE_ID.sub(" ", screen)
    found = set(WORD.findall(screen)) - allowed
    return {w for w in found if w.lower() not in allowed and not MARKS.fullmatch(w)}


def too_wide(screen: str) -> list[str]:
    lines = PROMPT.sub(lambda m: m.group(0) + "\n", screen).splitlines()
    return [line for line in lines if cell_len(line) > 80]


@pytest.mark.parametrize("game", ["planet", "agency"])
def test_a_whole_game_in_japanese_has_no_english_and_fits_80_cells(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a short path: "saved to game.json" is never folded
    save = Path("game.json")
    typed = "\n".join(["", "legend", "?", "log", "undo", "board", *["1", "y"] * 1500])
    result = CliRunner().invoke(
        build(),
        [
            "play",
            game,
            "--seats",
            "human,random",
            "--seed",
            "3",
            "--lang",
            "ja",
            "--save",
            str(save),
        ],
        input=typed + "\n",
        env={"LIFTOFF_NO_CLEAR": "1", "COLUMNS": "80", "LIFTOFF_PLAIN_INPUT": "1"},
    )
    out = result.output.replace(str(save), " ")
    assert result.exit_code == 0, out[-2000:]
    assert "得点の内訳" in out and "隠れていたもの" in out  # the game ended and was scored
    record = json.loads(save.read_text())
    allowed = TYPED | typed_words(game, record)
    assert sorted(english_words(out, allowed)) == []
    assert too_wide(out) == []


def test_a_whole_live_race_in_japanese_has_no_english_and_fits_80_cells() -> None:
    from liftoff.cli.race_live import make_app
    from liftoff.engine.realtime import ManualClock

    clock = ManualClock()
    with speaking("ja"):
        app = make_app(
            ["human", "random@fast"],
            seed=4,
            clock=clock,
            start_pause=0.0,
            round_pause=0.0,
            step_pause=0.0,
            bot_seed=1,
        )
        seen: list[str] = []

        async def scenario() -> None:
            async with app.run_test(size=(80, 24)) as pilot:
                for step in range(3000):
                    clock.advance(0.5)
                    app.poll()
                    await pilot.press("1" if step % 3 else "space")
                    if step % 7 == 0 or app.state.is_over():
                        for part in ("#status", "#you", "#planets", "#legend", "#log"):
                            panel = app.query_one(part, Static)
                            panel.refresh()
                            height = panel.size.height
                            seen.extend(panel.render_line(y).text for y in range(height))
                    if app.state.is_over() and not app.pacer.active:
                        break
                assert app.state.is_over()
                await pilot.press("q")

        asyncio.run(scenario())
    view = speech.of(app.game).view_words(app.state.view(0), "ja")
    planets = {w for pl in view["planets"] for w in WORD.findall(pl["name"])}
    allowed = TYPED | planets | {"Proxima", "Pios", "Beta", "Minor", "Planet"}
    screen = "\n".join(seen)
    assert english_words(screen, allowed) == set()
    assert [line for line in seen if cell_len(line.rstrip()) > 80] == []


def test_an_unknown_language_is_refused_in_the_readers_language() -> None:
    result = CliRunner().invoke(
        build(),
        ["play", "planet", "--lang", "xx"],
        env={"LANG": "ja_JP.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "COLUMNS": "100"},
    )
    assert result.exit_code == 2
    assert "その言語はありません" in result.output and "Traceback" not in result.output


def _planet_record(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    """A whole game of planet between two bots, in the First game variant."""
    save = tmp_path / "planet.json"
    result = CliRunner().invoke(
        build(),
        [
            "play",
            "planet",
            "--seats",
            "random,random",
            "--option",
            "first_game=true",
            "--save",
            str(save),
            "--seed",
            "3",
        ],
        env={"LIFTOFF_NO_CLEAR": "1", "COLUMNS": "80"},
    )
    assert result.exit_code == 0, result.output[-2000:]
    return save, json.loads(save.read_text())


def test_a_replay_in_japanese_speaks_japanese_and_fits_80_cells(tmp_path: Path) -> None:
    save, record = _planet_record(tmp_path)
    env = {"LIFTOFF_NO_CLEAR": "1", "COLUMNS": "80"}
    typed = "\n".join(["", "", "b", "g 999", "q"]) + "\n"
    result = CliRunner().invoke(
        build(), ["replay", str(save), "--lang", "ja"], input=typed, env=env
    )
    out = result.output
    assert result.exit_code == 0, out[-2000:]
    assert f"開始[/bold]（全{len(record['actions'])}手）" not in out  # markup rendered
    assert f"開始（全{len(record['actions'])}手）" in out and "2手目／全" in out
    assert "はじめてのゲーム" in out and "first game" not in out  # the variant by its label
    assert "得点の内訳" in out  # the end, reached by "g 999"
    allowed = TYPED | typed_words("planet", record) | {"Enter"}
    assert sorted(english_words(out, allowed)) == []
    lines = [line.rpartition("q 終了 ")[2] for line in out.splitlines()]  # input not echoed
    assert [line for line in lines if cell_len(line) > 80] == []
    english = CliRunner().invoke(build(), ["replay", str(save), "--to-end"], env=env)
    assert "first game" in english.output and "はじめて" not in english.output


def test_resume_in_japanese_says_a_finished_game_is_over(tmp_path: Path) -> None:
    save, _ = _planet_record(tmp_path)
    env = {"LIFTOFF_NO_CLEAR": "1", "COLUMNS": "80"}
    result = CliRunner().invoke(build(), ["resume", str(save), "--lang", "ja"], env=env)
    assert result.exit_code == 0, result.output
    assert "このゲームはもう終わっています" in result.output.replace("\n", "")  # a long path folds
    refused = CliRunner().invoke(build(), ["play", "agency", "--load", str(save), "--lang", "ja"])
    assert refused.exit_code != 0
    assert "のセーブデータで" in refused.output and "Traceback" not in refused.output
