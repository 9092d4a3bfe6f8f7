"""The README's "A tour of the command line", walked as written, so that the
README cannot drift from the code.

Each line of the tour's code block runs with ``bash`` in a fresh folder (with
the project's ``src``, ``tests`` and ``benchmarks`` beside it, a home of its
own and no ``LIFTOFF_*`` settings), in the order written, since later lines
use what earlier ones made (``game.json``, ``runs/base``, ``my-cards``). The
``.tools/bin/uv`` the README's setup makes is stood in for by a small script
that runs ``uv run [--extra X]… COMMAND`` with this test's Python, hiding the
packages of every extra the line does not name: a line that needs an extra
it does not name fails here as it would on a fresh machine. ``play``,
``resume`` and ``replay`` lines run on a pseudo-terminal and are quit with
``q``; ``serve`` lines run until their lobby answers, then get Ctrl-C. Lines
naming PostgreSQL or Redis hosts run against the test's own (a new database
each) or are skipped without them; the line that builds the compiled engine
(minutes of C compiling) is left to CI's compiled step.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pexpect
import pytest

from processes import end

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"

LIVE_SCREEN = "VP"  # the live race's table is on the screen
PG_ENV, REDIS_ENV = "LIFTOFF_TEST_POSTGRES_URL", "LIFTOFF_TEST_REDIS_URL"
PG_PLACEHOLDER, REDIS_PLACEHOLDER = "postgresql+asyncpg://user@host/db", "redis://host:6379/0"
BUILDS = "python -m liftoff.compile build"  # left to CI's compiled step
LINE_SECONDS = 240  # the most any one line may take here


def tour(text: str) -> list[tuple[str, str]]:
    """The lines of the tour's code block: (command, its comment)."""
    section = text.split("## A tour of the command line", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block, "no ```sh block in the tour"
    lines = []
    for raw in block.group(1).splitlines():
        parts = re.match(r"(.*?)(?:\s+#\s(.*))?$", raw)
        assert parts is not None
        command, comment = parts.group(1).strip(), (parts.group(2) or "").strip()
        if command and not command.startswith("#"):
            lines.append((command, comment))
    return lines


def tour_lines(text: str) -> list[str]:
    """The commands of the tour's code block, without their comments."""
    return [command for command, _ in tour(text)]


def play_command(text: str) -> str:
    """What the README's Play command runs once uv is set up (after its last ``&&``)."""
    section = text.split("**Play**", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block
    return block.group(1).strip().split("&&")[-1].strip()


def test_the_tour_is_found_and_uses_the_setups_uv() -> None:
    lines = tour_lines(README.read_text(encoding="utf-8"))
    assert len(lines) > 15
    for line in lines:
        words = shlex.split(line)
        first = next(w for w in words if "=" not in w)
        assert first in (".tools/bin/uv", "mkdir"), line


# -- the stand-in for uv ----------------------------------------------------------


def extra_modules() -> dict[str, list[str]]:
    """Each extra of liftoff's metadata → the top-level modules of the packages it
    installs (extras that include others, such as ``cluster``, included)."""
    provides = metadata.packages_distributions()
    modules_of: dict[str, set[str]] = {}
    for module, dists in provides.items():
        for dist in dists:
            modules_of.setdefault(dist.lower().replace("_", "-"), set()).add(module)
    direct: dict[str, set[str]] = {}
    nested: dict[str, set[str]] = {}
    for text in metadata.requires("liftoff") or []:
        match = re.match(r"([A-Za-z0-9_.-]+)(\[[^\]]*\])?.*extra\s*==\s*['\"]([^'\"]+)['\"]", text)
        if not match:
            continue
        name, extras, extra = (
            match.group(1).lower().replace("_", "-"),
            match.group(2),
            match.group(3),
        )
        if name == "liftoff" and extras:
            nested.setdefault(extra, set()).update(extras.strip("[]").split(","))
        else:
            direct.setdefault(extra, set()).update(modules_of.get(name, set()))

    def closure(extra: str, seen: frozenset[str] = frozenset()) -> set[str]:
        out = set(direct.get(extra, set()))
        for inner in nested.get(extra, set()) - seen:
            out |= closure(inner.strip(), seen | {extra})
        return out

    names = set(direct) | set(nested)
    return {extra: sorted(closure(extra)) for extra in names}


SHIM = '''#!{python}
"""Stands in for uv in the README's tour: `uv run [--extra X]... COMMAND`."""
import os, sys
EXTRAS = {extras}
BASE = {base}
args = sys.argv[1:]
if not args or args[0] != "run":
    sys.exit("the tour's uv only runs: uv run [--extra X]... COMMAND")
wanted, i = set(), 1
while i < len(args) and args[i].startswith("-"):
    if args[i] == "--extra" and i + 1 < len(args) and args[i + 1] in EXTRAS:
        wanted.add(args[i + 1])
        i += 2
    elif args[i] == "--all-extras":
        wanted |= set(EXTRAS)
        i += 1
    else:
        sys.exit(f"uv: unknown flag or extra: {{args[i:i + 2]}}")
kept = set(BASE).union(*(EXTRAS[e] for e in wanted))
hidden = sorted(set().union(*EXTRAS.values()) - kept)
command, rest = args[i], args[i + 1:]
if command == "liftoff":
    run = ["-m", "liftoff", *rest]
elif command == "python":
    run = rest
else:
    sys.exit(f"uv: the tour runs liftoff or python, not {{command}}")
os.execv(sys.executable, [sys.executable, "-c", {hide!r}, ",".join(hidden), *run])
'''

#: run what follows as ``python …`` would, with some packages not installed
HIDE = """
import importlib.util, runpy, sys
hidden = set(filter(None, sys.argv.pop(1).split(",")))
found = importlib.util.find_spec
importlib.util.find_spec = lambda name, package=None: (
    None if name.split(".")[0] in hidden else found(name, package))
for name in hidden:
    sys.modules[name] = None
args = sys.argv[1:]
if args[0] == "-m":
    sys.argv = [args[1], *args[2:]]
    runpy.run_module(args[1], run_name="__main__", alter_sys=True)
else:
    sys.argv = args
    runpy.run_path(args[0], run_name="__main__")
"""


def base_modules() -> list[str]:
    """The modules of liftoff's own dependencies (never hidden)."""
    provides = metadata.packages_distributions()
    wanted = {
        re.match(r"[A-Za-z0-9_.-]+", r).group(0).lower().replace("_", "-")  # type: ignore[union-attr]
        for r in metadata.requires("liftoff") or []
        if "extra ==" not in r
    }
    return sorted(m for m, dists in provides.items() if {d.lower() for d in dists} & wanted)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh folder to walk the tour in, with the setup's ``.tools/bin/uv``."""
    here = tmp_path_factory.mktemp("tour")
    for name in ("src", "tests", "benchmarks"):
        (here / name).symlink_to(ROOT / name)
    uv = here / ".tools" / "bin" / "uv"
    uv.parent.mkdir(parents=True)
    uv.write_text(
        SHIM.format(python=sys.executable, extras=extra_modules(), base=base_modules(), hide=HIDE)
    )
    uv.chmod(0o755)
    (here / "home").mkdir()
    return here


def environment(folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LIFTOFF_")}
    env.update(
        HOME=str(folder / "home"),
        XDG_DATA_HOME=str(folder / "home" / "data"),
        LANG="C.UTF-8",
        LC_ALL="C.UTF-8",
        TERM="xterm",
        COLUMNS="100",
        LINES="30",
        RAY_USAGE_STATS_ENABLED="0",
    )
    return env


# -- running one line ----------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def with_port(line: str, port: int) -> str:
    """A ``serve`` line on ``port`` (the README's port, or none, replaced)."""
    if re.search(r"--port \d+", line):
        return re.sub(r"--port \d+", f"--port {port}", line)
    return f"{line} --port {port}"


def liftoff_command(line: str) -> str:
    """The liftoff command a line runs (``play``, ``serve``…), or ``""``."""
    words = shlex.split(line)
    if "liftoff" not in words:
        return ""
    after = words[words.index("liftoff") + 1 :]
    return after[0] if after else ""


def run_plain(line: str, folder: Path, env: dict[str, str]) -> str:
    done = subprocess.run(
        ["bash", "-c", line],
        cwd=folder,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=LINE_SECONDS,
    )
    out = done.stdout + done.stderr
    assert done.returncode == 0, f"{line}\nexit {done.returncode}\n{out[-3000:]}"
    return out


def shown(code: str, lang: str, **params: str) -> str:
    """What the terminal shows last of message ``code`` (after its last markup),
    to wait for on the screen."""
    import liftoff.cli.words  # noqa: F401  (registers the terminal's words)
    from liftoff.engine.messages import render

    pieces = re.split(r"\[/?[a-z ]+\]", render(code, params, lang=lang))
    return next(p.strip() for p in reversed(pieces) if p.strip())


def run_on_terminal(line: str, folder: Path, env: dict[str, str], comment: str = "") -> str:
    """A ``play``, ``resume`` or ``replay`` line on an 80x24 terminal: look (and
    ask for a hint where the comment says to type one), then quit."""
    lang = "ja" if "--lang ja" in line else "en"
    prompt = shown("cli.turn.prompt", lang)
    hint = shown("cli.hint.said", lang, move="")
    child = pexpect.spawn(
        "bash",
        ["-c", line],
        cwd=str(folder),
        env=env,
        dimensions=(24, 80),
        encoding="utf-8",
        timeout=LINE_SECONDS,
    )
    try:
        command = liftoff_command(line)
        if command == "replay":
            child.expect_exact(shown("cli.replay.prompt", lang))
            child.send("q\r")
        elif "race" in shlex.split(line):
            child.expect_exact(LIVE_SCREEN)
            child.send("q")
        else:
            # hot-seat play first asks for the keyboard to be passed to the first person
            if child.expect_exact([prompt, shown("cli.play.pass", lang, name="")]) == 1:
                child.send("\r")
                child.expect_exact(prompt)
            if "'hint'" in comment:
                child.send("hint\r")
                child.expect_exact(hint)
                child.expect_exact(prompt)
            child.send("q\r")
            # an unsaved game asks first (quit, save or go on): quit
            if child.expect_exact([pexpect.EOF, shown("cli.quit.ask", lang, path="")]) == 1:
                child.send("y\r")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    out = child.before or ""
    assert child.exitstatus == 0, f"{line}\nexit {child.exitstatus}\n{out[-3000:]}"
    return out


def run_server(line: str, folder: Path, env: dict[str, str]) -> str:
    """A ``serve`` line: started, its lobby asked for, then Ctrl-C (it must stop cleanly)."""
    import httpx

    port = free_port()
    proc = subprocess.Popen(
        ["bash", "-c", f"exec {with_port(line, port)}"],
        cwd=folder,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + LINE_SECONDS
        answered = False
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                answered = httpx.get(f"http://127.0.0.1:{port}/", timeout=5).status_code == 200
            except httpx.HTTPError:
                answered = False
            if answered:
                break
            time.sleep(0.2)
        assert answered, f"{line}: no lobby on port {port} within {LINE_SECONDS} s"
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=60)
    finally:
        end(proc)  # its whole group, whatever is left of it
    # stopped by Ctrl-C: the exit code of an interrupted command (0 if it ends first)
    assert proc.returncode in (0, 130), f"{line}\nexit {proc.returncode}\n{out[-3000:]}"
    assert f"http://localhost:{port}/" in out, out
    return out


def run_line(line: str, folder: Path, env: dict[str, str], comment: str = "") -> str:
    command = liftoff_command(line)
    if command == "serve":
        out = run_server(line, folder, env)
    elif command in ("play", "resume", "replay"):
        out = run_on_terminal(line, folder, env, comment)
    else:
        out = run_plain(line, folder, env)
    assert "Traceback" not in out, f"{line}\n{out[-3000:]}"
    return out


def needs_hosts(line: str) -> bool:
    return PG_PLACEHOLDER in line or REDIS_PLACEHOLDER in line


# -- the walks ---------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_the_tour_runs_as_written(folder: Path) -> None:
    env = environment(folder)
    took: list[tuple[float, str]] = []
    for line, comment in tour(README.read_text(encoding="utf-8")):
        if needs_hosts(line) or BUILDS in line:
            continue
        start = time.monotonic()
        run_line(line, folder, env, comment)
        took.append((time.monotonic() - start, line))
    assert (folder / "game.json").is_file()
    assert json.loads((folder / "game.json").read_text())["game"] == "planet"
    for seconds, line in took:  # shown with -rP: what each line cost here
        print(f"{seconds:6.1f} s  {line}")


@pytest.mark.slow
def test_the_play_command_serves_the_lobby(folder: Path) -> None:
    run_line(play_command(README.read_text(encoding="utf-8")), folder, environment(folder))


@pytest.fixture
def database() -> Iterator[str]:
    """A new PostgreSQL database (dropped afterwards), named as the server's --db."""
    url = os.environ.get(PG_ENV)
    if not url or not os.environ.get(REDIS_ENV):
        pytest.skip(f"the tour's PostgreSQL and Redis lines need {PG_ENV} and {REDIS_ENV}")
    import asyncio
    import secrets

    import asyncpg

    name = f"liftoff_tour_{secrets.token_hex(5)}"
    raw = url.replace("postgresql+asyncpg://", "postgresql://")

    async def sql(statement: str) -> None:
        conn = await asyncpg.connect(raw)
        try:
            await conn.execute(statement)
        finally:
            await conn.close()

    asyncio.run(sql(f'CREATE DATABASE "{name}"'))
    try:
        yield url.rsplit("/", 1)[0] + "/" + name
    finally:
        asyncio.run(sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.mark.slow
@pytest.mark.postgres
def test_the_tours_database_lines_run_on_real_hosts(folder: Path, database: str) -> None:
    env = environment(folder)
    redis = os.environ[REDIS_ENV]
    lines = [line for line in tour_lines(README.read_text(encoding="utf-8")) if needs_hosts(line)]
    assert lines, "the tour has no PostgreSQL line any more: drop this test"
    for line in lines:
        run_line(
            line.replace(PG_PLACEHOLDER, database).replace(REDIS_PLACEHOLDER, redis), folder, env
        )
