"""A cheater at the terminal: `liftoff play` must show each person only what
their seat may see — no bot's secret choices or search explanations, no other
human's hand in hot-seat play, and no game seed (which gives away every hidden
card) before the game is over."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

from typer.testing import CliRunner

import liftoff
from liftoff import speech
from liftoff.cli.main import build
from liftoff.cli.race_live import make_app
from liftoff.cli.seats import terminal_seats
from liftoff.engine import Event, State

runner = CliRunner()
app = build()
SEED = 271_828_182  # long enough never to appear on a board by chance


def invoke(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = runner.invoke(
        app, list(args), input=stdin, env={"LIFTOFF_NO_CLEAR": "1", "COLUMNS": "140"}
    )
    return result.exit_code, result.output


def secret_actions(record: dict[str, object], player: int) -> tuple[list[str], list[str]]:
    """``player``'s (hidden, public) action texts in a saved game."""
    game = liftoff.games.get(str(record["game"]))
    state: State = game.new_game(record["players"], record["seed"], record["options"])  # type: ignore[arg-type]
    hidden, public = [], []
    for p, text in record["actions"]:  # type: ignore[attr-defined]
        state.apply(p, text)
        if p == player:
            action = game.parse_action(state, p, text)
            (public if game.action_is_public(state, p, action) else hidden).append(text)
    return hidden, public


def shares(
    record: dict[str, object], viewer: int | None, names: list[str]
) -> tuple[set[str], set[str]]:
    """(the sentences that would give ``viewer`` other seats' private parts of events,
    the sentences ``viewer`` may read of those same events) in a saved game."""
    game = liftoff.games.get(str(record["game"]))
    state: State = game.new_game(record["players"], record["seed"], record["options"])  # type: ignore[arg-type]
    leaks, allowed = set(), set()
    for p, text in record["actions"]:  # type: ignore[attr-defined]
        for e in state.apply(p, text):
            if e.full_for(viewer):
                continue
            leaked = speech.of(game).narrate(Event(e.kind, e.data), viewer, names)
            mine = speech.of(game).narrate(e, viewer, names)
            if leaked != mine:
                leaks.add(leaked)
                if mine:
                    allowed.add(mine)
    return leaks, allowed


def test_a_bot_s_secret_choices_and_explanations_are_not_shown(tmp_path: Path) -> None:
    """The issue's case: `play agency -s human,heuristic` printed the bot's keeps
    and objectives with its reasons."""
    save = tmp_path / "g.json"
    code, out = invoke(
        "play",
        "agency",
        "--seats",
        "human,heuristic",
        "--seed",
        str(SEED),
        "--save",
        str(save),
        stdin="1\n" * 150,
    )
    assert code == 0, out
    record = json.loads(save.read_text())
    hidden, _ = secret_actions(record, 1)
    assert hidden, "the bot made no hidden choice in this stretch"
    # the game log is narrated for seat 0: the bot's secret keeps and sales never
    # show, only what seat 0 may know of them; no explanation after them
    leaks, allowed = shares(record, 0, ["Player 1", "Heuristic 2"])
    assert leaks and allowed
    for line in leaks:
        assert line not in out, line
    assert any(line in out for line in allowed)
    assert "p1 (heuristic)" not in out
    assert "worth most" not in out and "ismcts" not in out


def test_reveal_shows_everything_for_watching_bots(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out = invoke(
        "play",
        "agency",
        "--seats",
        "human,heuristic",
        "--seed",
        str(SEED),
        "--save",
        str(save),
        "--reveal",
        stdin="1\n" * 30,
    )
    assert code == 0, out
    hidden, _ = secret_actions(json.loads(save.read_text()), 1)
    assert hidden and any(f"p1 (heuristic): {text}" in out for text in hidden)


def test_the_seed_is_shown_only_when_the_game_is_over(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out = invoke(
        "play",
        "planet",
        "--seats",
        "human,random",
        "--seed",
        str(SEED),
        "--save",
        str(save),
        stdin="1\n1\nq\n",
    )
    assert code == 0, out
    assert str(SEED) not in out  # quit before the end: never shown …
    assert json.loads(save.read_text())["seed"] == SEED  # … but kept in the save file
    code, out = invoke(
        "play", "planet", "--seats", "random,random", "--seed", str(SEED), "-o", "days=1"
    )
    assert code == 0, out
    over = out.index("Game over")
    assert str(SEED) not in out[:over]
    assert f"seed {SEED}" in out[over:]


def turns(out: str) -> list[tuple[int, str]]:
    """Split hot-seat output into (player, text shown while they held the keyboard)."""
    parts = re.split(r"Pass the keyboard to Player (\d) and press Enter", out)
    return [(int(parts[i]) - 1, parts[i + 1]) for i in range(1, len(parts) - 1, 2)]


def test_hot_seat_players_see_only_their_own_secrets(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out = invoke(
        "play",
        "agency",
        "--seats",
        "human,human",
        "--seed",
        str(SEED),
        "--save",
        str(save),
        stdin="1\n" * 200,
    )
    assert code == 0, out
    record = json.loads(save.read_text())
    hidden = {0: secret_actions(record, 0)[0], 1: secret_actions(record, 1)[0]}
    assert hidden[0] and hidden[1]
    seen = turns(out)
    assert {p for p, _ in seen} == {0, 1}
    names = ["Player 1", "Player 2"]
    secrets = {p: shares(record, p, names) for p in (0, 1)}
    for player, text in seen:
        leaks, _ = secrets[player]
        assert leaks
        for line in leaks:
            assert line not in text, line
    # each learns what the other did since, as far as they may
    assert "Since your last turn" in out
    for player in (0, 1):
        _, allowed = secrets[player]
        assert any(line in text for p, text in seen if p == player for line in allowed)


def test_bots_in_live_play_are_not_seeded_from_the_game_seed() -> None:
    a = terminal_seats("random,heuristic", None, "planet")
    b = terminal_seats("random,heuristic", None, "planet")
    assert a[0].bot is not None and b[0].bot is not None
    assert a[0].bot.rng.state != b[0].bot.rng.state  # type: ignore[attr-defined]
    assert a[1].bot.seed != b[1].bot.seed  # type: ignore[union-attr]
    # reproducible runs may still ask for derived seeds
    c, d = terminal_seats("heuristic", 1, "planet", 5), terminal_seats("heuristic", 1, "planet", 5)
    assert c[0].bot.seed == d[0].bot.seed  # type: ignore[union-attr]
    # the live race terminal: same game seed, different bots
    one = make_app(["human", "bot:random@fast"], seed=SEED)
    two = make_app(["human", "bot:random@fast"], seed=SEED)
    assert one.state.stacks == two.state.stacks
    assert one.driver.seats[1].rng.state != two.driver.seats[1].rng.state


def run_in_terminal(args: list[str], keys: str, timeout: float = 30.0) -> str:
    """Run ``liftoff ARGS`` in a real pseudo-terminal, typing ``keys``."""
    master, slave = pty.openpty()
    env = {**os.environ, "COLUMNS": "140", "LINES": "50", "TERM": "xterm"}
    env.pop("LIFTOFF_NO_CLEAR", None)
    proc = subprocess.Popen(
        [sys.executable, "-c", "from liftoff.cli.main import main; main()", *args],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        close_fds=True,
    )
    os.close(slave)
    os.write(master, keys.encode())
    chunks: list[bytes] = []
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.5)
            if ready:
                try:
                    data = os.read(master, 65536)
                except OSError:
                    break
                if not data:
                    break
                chunks.append(data)
            elif proc.poll() is not None:
                break
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        os.close(master)
    return b"".join(chunks).decode(errors="replace")


def test_hot_seat_clears_the_screen_and_scrollback_before_passing_the_keyboard() -> None:
    out = run_in_terminal(
        ["play", "agency", "--seats", "human,human", "--seed", str(SEED)], "\n1\n" * 6 + "q\n" * 4
    )
    prompts = [m.start() for m in re.finditer(r"Pass the keyboard to Player \d", out)]
    assert len(prompts) >= 2, out[-2000:]
    for at in prompts:
        before = out[:at]
        last_clear = before.rfind("\x1b[2J")
        assert last_clear >= 0 and "\x1b[3J" in before[last_clear:], "screen not cleared"
        # nothing of the last player's screen is left between the clear and the prompt
        assert "your move" not in before[last_clear:]


def test_replay_as_a_player_hides_the_others_hidden_choices(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    invoke(
        "play",
        "agency",
        "--seats",
        "human,random",
        "--seed",
        str(SEED),
        "--save",
        str(save),
        stdin="1\n" * 40,
    )
    record = json.loads(save.read_text())
    hidden, _ = secret_actions(record, 1)
    assert hidden
    steps = "\n" * (len(record["actions"]) + 1) + "q\n"
    names = ["Player 1", "Random 2"]  # the saved seats name the bot by its kind
    code, out = invoke("replay", str(save), "--as", "1", stdin=steps)  # counts from 1
    assert code == 0, out
    leaks, allowed = shares(record, 0, names)
    assert leaks and allowed
    assert not [line for line in leaks if line in out]
    assert all(line in out for line in allowed)
    # by default a spectator's replay: nobody's secrets
    code, out = invoke("replay", str(save), stdin=steps)
    assert code == 0, out
    spectator_leaks, spectator_allowed = shares(record, None, names)
    assert not [line for line in spectator_leaks if line in out]
    assert all(line in out for line in spectator_allowed)
    code, out = invoke("replay", str(save), "--as", "5", stdin=steps)
    assert code == 2 and "no player 5" in out


def test_replay_steps_through_a_determinized_world(tmp_path: Path) -> None:
    game = liftoff.games.get("agency")
    state = game.new_game(2, SEED)
    for _ in range(6):
        p = state.active_players()[0]
        state.apply(p, state.legal_actions(p)[0])
    det = state.determinize(0, 99)
    p = det.active_players()[0]
    det.apply(p, det.legal_actions(p)[0])
    path = tmp_path / "det.json"
    path.write_text(json.dumps(det.record()))
    code, out = invoke("replay", str(path), stdin="\n\nq\n")
    assert code == 0 and "action 1/1" in out, out
