"""Every mistake a person makes with a ``liftoff`` command ends in one line on
standard error — ``error: …``, saying what is wrong and what to do — and a
non-zero exit: never a traceback, a boxed usage screen or a second line, and
nothing written to standard output.

Each command of ``liftoff --help`` runs through the entry point's own
``run`` in the test's process (its output captured, its environment and folder
the test's own), with a misspelled game, a bad option value, an unreachable database,
Redis or server (a name that cannot resolve, ``nonexistent.invalid``, and a
closed port on loopback: no real network), a missing file or folder, and
without the optional packages a command needs (the line names the extra to
install, brackets kept). A few of the mistakes also run as a person runs
them, ``python -m liftoff`` in a process of its own, ending there as here.
"""

from __future__ import annotations

import io
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import typer

from liftoff.cli.main import build, run
from liftoff.engine.messages import speaking

#: how a person runs the command (``python -m liftoff`` is the ``liftoff`` script)
LIFTOFF = [sys.executable, "-m", "liftoff"]

#: the command again, with some packages missing as if their extra were not
#: installed: ``find_spec`` does not find them and importing them fails
WITHOUT = """
import importlib.util, sys
hidden = set(sys.argv.pop(1).split(","))
found = importlib.util.find_spec
importlib.util.find_spec = lambda name, package=None: (
    None if name.split(".")[0] in hidden else found(name, package))
for name in hidden:
    sys.modules[name] = None
from liftoff.cli.main import main
main()
"""


@dataclass(frozen=True)
class Mistake:
    """A command line with a mistake in it, and words its one line must hold."""

    args: tuple[str, ...]
    says: tuple[str, ...]
    without: str = ""  # packages to hide (comma-separated)
    env: dict[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        shown = " ".join(self.args)
        return f"{shown} (without {self.without})" if self.without else shown


def m(line: str, *says: str, without: str = "", env: dict[str, str] | None = None) -> Mistake:
    return Mistake(tuple(line.split()), says, without, env or {})


NO_HOST_DB = "postgresql+asyncpg://user@nonexistent.invalid/db"
NO_HOST_REDIS = "redis://nonexistent.invalid:6379/0"
TOKEN = {"LIFTOFF_ADMIN_TOKEN": "t0ken"}

MISTAKES: dict[str, list[Mistake]] = {
    "(any)": [
        m("plya", "no such command", "liftoff --help"),
        m("--colour", "no such option", "liftoff --help"),
    ],
    "games": [m("games plnet", "unexpected extra argument", "liftoff games --help")],
    "rules": [
        m("rules plnet", "unknown game 'plnet'", "planet, race, agency"),
        m("rules", "missing argument", "liftoff rules --help"),
        m("rules planet --rule PL-NOPE-9", "no rule 'PL-NOPE-9'", "--find"),
    ],
    "play": [
        m("play plnet", "unknown game 'plnet'", "planet, race, agency"),
        m("play planet --players 9", "planet takes 2–5 players"),
        m("play race --players 9", "race takes 2–4 players"),
        m("play planet --seats human,easy,easy,easy,easy,easy", "planet takes 2–5 players"),
        m("play planet --players x", "'--players'", "integer", "liftoff play --help"),
        m("play planet --seats human,nobot", "nobot"),
        m("play planet -o moon_model=Z", "moon_model"),
        m("play planet --lang xx", "--lang xx", "en"),
        m("play planet --save {tmp}/no/such/g.json", "{tmp}/no/such", "does not exist"),
        m("play planet --load {tmp}/gone.json", "{tmp}/gone.json", "no such file"),
        m("play planet --content {tmp}/gone", "{tmp}/gone", "does not exist"),
    ],
    "resume": [
        m("resume {tmp}/gone.json", "{tmp}/gone.json", "no such file"),
        m("resume {plnet}", "unknown game 'plnet'", "planet, race, agency"),
        m("resume {record} --save {tmp}/no/such/g.json", "{tmp}/no/such", "does not exist"),
        m("resume {record} --seats human,nobot", "nobot"),
    ],
    "replay": [
        m("replay {tmp}/gone.json", "{tmp}/gone.json", "no such file"),
        m("replay {plnet}", "unknown game 'plnet'", "planet, race, agency"),
        m("replay {record} --as 7", "no player 7"),
    ],
    "tournament": [
        m("tournament plnet", "unknown game 'plnet'", "planet, race, agency"),
        m("tournament planet -p 9", "2-5 players", "9"),
        m("tournament planet --workers 0", "--workers"),
        m("tournament planet --bots random,nobot", "nobot"),
        m("tournament planet -n 1 --out {tmp}/no/such/t.jsonl", "{tmp}/no/such", "does not exist"),
        m("tournament planet -n 1 --summary {tmp}/no/s.json", "{tmp}/no", "does not exist"),
        m("tournament planet --resume --out {tmp}/t.jsonl", "nothing to resume"),
        m("tournament planet --backend ray", "liftoff[distributed]", without="ray"),
    ],
    "simulate": [
        m("simulate plnet", "unknown game 'plnet'", "planet, race, agency"),
        m("simulate planet -p 9 --out {tmp}/run", "2-5 players", "9"),
        m("simulate planet -p 2 -n 0 --out {tmp}/run", "--games"),
        m("simulate planet -p 2 --backend rya --out {tmp}/run", "rya", "local, ray"),
        m("simulate --resume {tmp}/gone", "{tmp}/gone"),
        m("simulate planet -p 2 --out {tmp}/r --format parquet", "liftoff[sim]", without="pyarrow"),
        m(
            "simulate planet -p 2 --out {tmp}/r --backend ray",
            "liftoff[distributed]",
            without="ray",
        ),
    ],
    "study": [
        m("study agency --out {tmp}/s", "missing option", "--content"),
        m("study agency --content {tmp}/gone --out {tmp}/s", "{tmp}/gone", "content set"),
        m("study agency --content shipped --players 5 --out {tmp}/s", "2-4 players"),
        m("study agency --content shipped --backend rya --out {tmp}/s", "rya", "local, ray"),
        m("study agnecy", "no such command", "liftoff study --help"),
    ],
    "report": [
        m("report {tmp}/gone", "{tmp}/gone"),
        m("report {run} --figures gif", "gif", "png, svg"),
        m("report {run} --compare {tmp}/gone", "{tmp}/gone"),
        m("report {run}", "liftoff[sim]", without="matplotlib"),
    ],
    "bench": [
        m("bench -g plnet", "unknown game 'plnet'", "planet, race, agency"),
        m("bench --seconds 0", "--seconds"),
        m("bench -g race --extras {tmp}/gone", "{tmp}/gone", "does not exist"),
    ],
    "content": [
        m("content validate --game plnet {tmp}", "unknown game 'plnet'"),
        m("content validate {tmp}/gone", "{tmp}/gone", "does not exist"),
        m("content valdate {tmp}", "no such command", "liftoff content --help"),
    ],
    "serve": [
        m(
            f"serve --db {NO_HOST_DB} --redis {NO_HOST_REDIS} --port {{port}}",
            "nonexistent.invalid",
        ),
        m(f"serve --db {NO_HOST_DB} --port {{port}}", "nonexistent.invalid"),
        m(
            f"serve --db {NO_HOST_DB} --redis redis://127.0.0.1:{{closed}}/0 --port {{port}}",
            "{closed}",
        ),
        m("serve --db postgresql+asyncpg://u@127.0.0.1:{closed}/db --port {port}", "{closed}"),
        m("serve --db sqlite+aiosqlite:///{tmp}/no/such/x.db --port {port}", "does not exist"),
        m("serve --redis redis://127.0.0.1:{closed}/0 --port {port}", "postgresql"),
        m(
            f"serve --db {NO_HOST_DB} --redis redis://127.0.0.1:{{closed}}/0 --port {{port}} "
            "--cluster-name a/b",
            "--cluster-name",
            "'a/b'",
        ),
        m("serve --port 99999", "--port", "99999"),
        m("serve --content plnet.deck:x={tmp}/a.toml --port {port}", "plnet"),
        m("serve --content planet.deck:x={tmp}/gone.toml --port {port}", "{tmp}/gone.toml"),
        m("serve --port {port}", "liftoff[server]", without="uvicorn"),
    ],
    "loadtest": [
        m("loadtest -g plnet", "unknown game 'plnet'", "planet, race, agency"),
        m("loadtest --clients 0", "--clients"),
        m("loadtest --url http://127.0.0.1:{closed} --seconds 1", "127.0.0.1:{closed}"),
        m("loadtest --url http://nonexistent.invalid:8000 --seconds 1", "nonexistent.invalid"),
        m(f"loadtest --db {NO_HOST_DB} --seconds 1", "nonexistent.invalid"),
        m("loadtest --seconds 1", "liftoff[server]", without="httpx"),
    ],
    "admin": [
        m("admin tables", "LIFTOFF_ADMIN_TOKEN"),
        m("admin tables --url http://127.0.0.1:{closed}", "127.0.0.1:{closed}", env=TOKEN),
        m("admin tables --url nonexistent.invalid", "http://", env=TOKEN),
        m("admin tabels", "no such command", "liftoff admin --help"),
        m("admin close", "missing argument", "liftoff admin close --help"),
        m("admin tables", "liftoff[server]", without="httpx", env=TOKEN),
    ],
}

CASES = [pytest.param(case, id=str(case)) for cases in MISTAKES.values() for case in cases]


def _commands() -> set[str]:
    """Every command ``liftoff --help`` lists (groups by their name)."""
    command = typer.main.get_command(build())
    return set(getattr(command, "commands", {}))


def test_every_command_has_its_mistakes() -> None:
    assert _commands() <= set(MISTAKES), sorted(_commands() - set(MISTAKES))


@pytest.fixture(scope="module")
def places(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """What the command lines name: a saved game, one of an unknown game, a
    finished simulation run, a free port and a closed one (bound, never listening)."""
    import json

    import liftoff
    from liftoff.records import save_record
    from liftoff.sim import make_config, simulate

    root = tmp_path_factory.mktemp("mistakes")
    state = liftoff.games.get("planet").new_game(2, seed=3)
    record = save_record(root / "game.json", state, ["human", "random"])
    plnet = root / "plnet.json"
    plnet.write_text(json.dumps({**json.loads(record.read_text()), "game": "plnet"}))
    simulate(make_config("planet", 2, ["random"], 2, seed=1, keep_records=0), root / "run")
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    free = socket.socket()
    free.bind(("127.0.0.1", 0))
    port = free.getsockname()[1]
    free.close()
    try:
        yield {
            "record": str(record),
            "plnet": str(plnet),
            "run": str(root / "run"),
            "closed": str(closed.getsockname()[1]),
            "port": str(port),
        }
    finally:
        closed.close()


def _environment(case: Mistake, tmp_path: Path) -> dict[str, str]:
    """The environment a person runs the command in: none of the tests' own
    ``LIFTOFF_…`` settings, a home of its own (the default database goes there)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("LIFTOFF_")}
    env.update(
        HOME=str(tmp_path / "home"),
        XDG_DATA_HOME=str(tmp_path / "data"),
        LANG="C.UTF-8",
        LC_ALL="C.UTF-8",
        COLUMNS="80",
        NO_COLOR="1",
        PYTHONWARNINGS="default",
        **case.env,
    )
    return env


@dataclass(frozen=True)
class Ended:
    """How a command ended: its exit code and what it wrote."""

    code: int
    stdout: str
    stderr: str

    def __str__(self) -> str:
        return f"exit {self.code}\nstdout:\n{self.stdout}\nstderr:\n{self.stderr}"

    @property
    def lines(self) -> list[str]:
        return [line for line in self.stderr.splitlines() if line.strip()]


def in_a_process(case: Mistake, args: list[str], tmp_path: Path) -> Ended:
    """The command run as a person runs it: ``python -m liftoff`` (or, hiding
    packages, :data:`WITHOUT`) in a process of its own."""
    command = [sys.executable, "-c", WITHOUT, case.without] if case.without else LIFTOFF
    done = subprocess.run(
        [*command, *args],
        cwd=tmp_path,
        env=_environment(case, tmp_path),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return Ended(done.returncode, done.stdout, done.stderr)


def in_this_process(
    case: Mistake,
    args: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> Ended:
    """The command run through the entry point's own :func:`run` here, its output
    captured: the same code as :func:`in_a_process` without a Python start-up
    (seconds each on a busy machine). The environment and the folder are this
    test's only (``monkeypatch`` puts them back)."""
    for name in [k for k in os.environ if k.startswith("LIFTOFF_")]:
        monkeypatch.delenv(name)
    for name, value in _environment(case, tmp_path).items():
        monkeypatch.setenv(name, value)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    capsys.readouterr()
    with pytest.raises(SystemExit) as ended:
        run(build(), args)
    out, err = capsys.readouterr()
    code = ended.value.code
    return Ended(code if isinstance(code, int) else 1, out, err)


def check(case: Mistake, where: dict[str, str], ended: Ended, tmp_path: Path) -> None:
    """One line on standard error naming what is wrong, a non-zero exit, nothing else."""
    said = str(ended)
    assert ended.code != 0, said
    assert "Traceback" not in ended.stderr + ended.stdout, said
    assert ended.stdout == "", said
    assert len(ended.lines) == 1 and ended.lines[0].startswith("error: "), said
    for words in case.says:
        assert words.format(**where).lower() in ended.lines[0].lower(), said
    assert not (tmp_path / "no").exists(), "a folder was made"


@pytest.mark.timeout(120)  # a mistake the command missed may start a server here
@pytest.mark.parametrize("case", CASES)
def test_a_mistake_gets_one_line(
    case: Mistake,
    places: dict[str, str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    where = {**places, "tmp": str(tmp_path)}
    args = [a.format(**where) for a in case.args]
    if case.without:  # packages are hidden from a process before it imports anything
        ended = in_a_process(case, args, tmp_path)
    else:
        ended = in_this_process(case, args, tmp_path, monkeypatch, capsys)
    check(case, where, ended, tmp_path)


#: mistakes also run in a process of their own, to show that a person sees
#: there what the test above sees here: a command-line mistake, a bad option
#: value, a command's own refusal, one needing an environment variable
IN_A_PROCESS = ["plya", "play planet --players x", "tournament planet -p 9", "admin tables"]


@pytest.mark.parametrize("mistake", [c for c in CASES if c.id in IN_A_PROCESS])
def test_a_mistake_ends_a_process_as_it_ends_here(
    mistake: Mistake,
    places: dict[str, str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    where = {**places, "tmp": str(tmp_path)}
    args = [a.format(**where) for a in mistake.args]
    there = in_a_process(mistake, args, tmp_path)
    check(mistake, where, there, tmp_path)
    here = in_this_process(mistake, args, tmp_path, monkeypatch, capsys)
    assert (there.code, there.lines) == (here.code, here.lines), f"{there}\n---\n{here}"


def test_an_unexpected_failure_is_one_line_too(capsys: pytest.CaptureFixture[str]) -> None:
    """A bug ends the command with one line saying so (and how to see where)."""
    app = typer.Typer()

    @app.command()
    def broken() -> None:
        raise KeyError("what")

    with pytest.raises(SystemExit) as ended:
        run(app, [])
    lines = capsys.readouterr().err.strip().splitlines()
    assert ended.value.code == 1
    assert len(lines) == 1 and "KeyError" in lines[0] and "LIFTOFF_TRACEBACK=1" in lines[0]


def test_an_install_hint_keeps_its_brackets(capsys: pytest.CaptureFixture[str]) -> None:
    from liftoff.cli.common import fail

    with pytest.raises(typer.Exit), speaking("en"):
        fail("reports need the 'sim' extra: pip install 'liftoff[sim]'")
    assert "pip install 'liftoff[sim]'" in capsys.readouterr().err
