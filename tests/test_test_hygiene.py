"""Tests that cannot lie: no test sleeps a fixed time and then asserts that
something did *not* happen.

On a slow machine the thing may simply not have happened *yet*: such a test
passes without testing anything. A test of an absence first waits for a later
event that must arrive (a newer version, a frame after the one in question),
then asserts. This check reads every test file and fails on a ``sleep(...)``
(``asyncio.sleep``, ``time.sleep``, or a helper that wraps one) followed, with
no wait for an event in between, by a negative assertion: ``assert not x``,
``x is None``/``False``, ``x == []``/``0``, ``len(x) == 0``, ``x not in y``, or
``x == before`` for a name bound before the sleep (nothing changed).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

TESTS = Path(__file__).resolve().parent

#: a call to a function named so waits for an event (it ends a sleep's reach)
WAITS = ("wait", "until", "expect", "advance", "settle", "join", "result", "poll")
EMPTY = (None, False, 0, "", (), [], {})


@dataclass(frozen=True)
class Finding:
    """A sleep, and the negative assertion after it that it makes meaningless."""

    path: str
    sleep_line: int
    assert_line: int
    text: str

    def __str__(self) -> str:
        return (
            f"{self.path}:{self.assert_line}: {self.text!r} asserts an absence after a "
            f"fixed sleep (line {self.sleep_line}); wait for a later event first"
        )


def _name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def _is_fixed_sleep(call: ast.Call) -> bool:
    """``asyncio.sleep(...)``, ``time.sleep(...)`` or a bare ``sleep(...)``."""
    func = call.func
    if isinstance(func, ast.Name):
        return func.id == "sleep"
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "sleep"
        and isinstance(func.value, ast.Name)
        and func.value.id in ("asyncio", "time", "trio", "anyio")
    )


def _calls(node: ast.AST) -> Iterator[ast.Call]:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call):
            yield sub


def _statements(body: list[ast.stmt], loops: bool = True) -> Iterator[ast.stmt]:
    """The statements of ``body``, nested blocks included (those of loops only with
    ``loops``: a sleep in a loop polls), not those of nested functions or classes."""
    for stmt in body:
        yield stmt
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        if not loops and isinstance(stmt, (ast.For, ast.AsyncFor, ast.While)):
            continue
        for inner in _inner_blocks(stmt):
            yield from _statements(inner, loops)


def _inner_blocks(stmt: ast.stmt) -> Iterator[list[ast.stmt]]:
    """The statement lists directly inside ``stmt`` (bodies, else, finally, handlers)."""
    for field in ("body", "orelse", "finalbody"):
        inner = getattr(stmt, field, None)
        if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
            yield inner
    for handler in getattr(stmt, "handlers", []):
        yield handler.body


def sleeping_helpers(trees: list[ast.Module]) -> set[str]:
    """Names of the test files' module-level functions that sleep a fixed time
    outside any loop (calling one is sleeping), helpers calling helpers too."""
    functions = [
        node
        for tree in trees
        for node in tree.body
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    ]
    found: set[str] = set()
    while True:
        more = {
            f.name
            for f in functions
            if f.name not in found
            and any(_sleeps_in(s, found) for s in _statements(f.body, loops=False))
        }
        if not more:
            return found
        found |= more


def _bound_names(stmts: list[ast.stmt]) -> set[str]:
    names: set[str] = set()
    for stmt in stmts:
        for node in ast.walk(stmt):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
    return names


def _literal(node: ast.expr) -> object:
    try:
        return ast.literal_eval(node)
    except ValueError:
        return ...


def negative(test: ast.expr, before: set[str]) -> bool:
    """Whether an assertion's test says that something did not happen."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return True
    if isinstance(test, ast.BoolOp):
        return any(negative(v, before) for v in test.values)
    if not isinstance(test, ast.Compare) or len(test.ops) != 1:
        return False
    op, left, right = test.ops[0], test.left, test.comparators[0]
    if isinstance(op, ast.NotIn):
        return True
    if isinstance(op, ast.Is):
        return _literal(right) in (None, False)
    if not isinstance(op, ast.Eq):
        return False
    if any(_literal(side) in EMPTY and _literal(side) is not True for side in (left, right)):
        return True
    # "unchanged": compared with a name bound before the sleep
    return any(isinstance(side, ast.Name) and side.id in before for side in (left, right))


def _sleeps_in(stmt: ast.stmt, helpers: set[str]) -> bool:
    """Whether ``stmt`` is a fixed sleep, or a call of a helper that sleeps."""
    if not isinstance(stmt, ast.Expr):
        return False
    return any(
        _is_fixed_sleep(c) or (isinstance(c.func, ast.Name) and c.func.id in helpers)
        for c in _calls(stmt)
    )


def _waits_in(stmt: ast.stmt) -> bool:
    return any(any(w in _name(c).lower() for w in WAITS) for c in _calls(stmt))


def findings_in(tree: ast.Module, path: str, helpers: set[str]) -> list[Finding]:
    """Every sleep in ``tree`` followed by a negative assertion with no wait between."""
    found: list[Finding] = []
    for func in ast.walk(tree):
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for block in _blocks(func):
            for i, stmt in enumerate(block):
                if _sleeps_in(stmt, helpers):
                    found.extend(_after(func, block, i, path))
    return found


def _blocks(func: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[list[ast.stmt]]:
    """The statement lists of ``func`` (its own, not its nested functions')."""
    yield func.body
    for stmt in _statements(func.body):
        if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield from _inner_blocks(stmt)


def _after(
    func: ast.FunctionDef | ast.AsyncFunctionDef, block: list[ast.stmt], i: int, path: str
) -> Iterator[Finding]:
    sleep = block[i]
    before = _bound_names([s for s in func.body if s.lineno < sleep.lineno])
    before |= {a.arg for a in func.args.args}
    for stmt in _statements(block[i + 1 :]):
        if isinstance(stmt, ast.Assert) and negative(stmt.test, before):
            yield Finding(path, sleep.lineno, stmt.lineno, ast.unparse(stmt.test))
        elif _waits_in(stmt):
            return


def suite_findings(root: Path = TESTS) -> list[Finding]:
    """The findings in every test file under ``root``."""
    files = sorted(p for p in root.rglob("*.py") if p.name != Path(__file__).name)
    trees = [ast.parse(p.read_text(encoding="utf-8"), str(p)) for p in files]
    helpers = sleeping_helpers(trees)
    found: list[Finding] = []
    for path, tree in zip(files, trees, strict=True):
        found.extend(findings_in(tree, str(path.relative_to(root.parent)), helpers))
    return found


def _check(source: str) -> list[Finding]:
    tree = ast.parse(source)
    return findings_in(tree, "t.py", sleeping_helpers([tree]))


def test_the_check_finds_an_absence_asserted_after_a_sleep() -> None:
    bad = [
        "async def t(ghost):\n    await asyncio.sleep(0.2)\n    assert not ghost.frames\n",
        "def t(x):\n    time.sleep(1)\n    n = len(x.log)\n    assert n == 0\n",
        "async def t(r):\n    v = await r.version()\n    await asyncio.sleep(3)\n"
        "    after = await r.version()\n    assert after == v\n",
        "async def t(a):\n    await asyncio.sleep(0.5)\n    for f in a.frames:\n"
        "        assert 'secret' not in f\n",
        "async def settle():\n    await asyncio.sleep(0.3)\n\n"
        "async def t(a):\n    await settle()\n    assert a.state is None\n",
    ]
    for source in bad:
        assert len(_check(source)) == 1, source


def test_the_check_lets_waits_polls_and_positive_assertions_pass() -> None:
    good = [
        # the fix: wait for a later event that must arrive, then assert the absence
        "async def t(ghost):\n    await asyncio.sleep(0.2)\n"
        "    await ghost.wait_state(lambda s: s['version'] >= 2)\n    assert not ghost.frames\n",
        # a bounded poll: the sleep is in the loop
        "async def t(a):\n    while not a.done:\n        await asyncio.sleep(0.05)\n"
        "    assert a.errors == []\n",
        # something did happen
        "async def t(a):\n    await asyncio.sleep(0.2)\n    assert a.frames\n",
        # a virtual clock's sleep is no fixed wait
        "async def t(clock, a):\n    await clock.sleep(1)\n    assert not a.frames\n",
    ]
    for source in good:
        assert _check(source) == [], source


def test_no_test_asserts_an_absence_after_a_fixed_sleep() -> None:
    found = suite_findings()
    assert not found, "\n".join(map(str, found))


def test_every_browser_test_uses_the_shared_browser() -> None:
    """Browser tests use the worker's one Chromium (``server/browsers.py``, the
    ``chrome`` fixture): none launches a browser, or Playwright, of its own."""
    shared = TESTS / "server" / "browsers.py"
    own = [
        f"{path.relative_to(TESTS)}:{number}: {line.strip()}"
        for path in sorted(TESTS.rglob("*.py"))
        if path not in (shared, Path(__file__))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if "async_playwright(" in line or "sync_playwright(" in line or "chromium.launch(" in line
    ]
    assert not own, "launch the browser once per worker (the chrome fixture):\n" + "\n".join(own)


def test_no_test_counts_on_an_xdist_group() -> None:
    """``pytest.mark.xdist_group`` groups nothing with pytest 9 (pytest-xdist 3.8
    renames the node id through ``item._nodeid``, which pytest 9 no longer
    reads): a test that must not overlap another cannot count on it."""
    marked = [
        f"{path.relative_to(TESTS)}:{number}"
        for path in sorted(TESTS.rglob("*.py"))
        if path != Path(__file__)
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if "xdist_group(" in line
    ]
    assert not marked, f"xdist_group keeps nothing together here: {marked}"
