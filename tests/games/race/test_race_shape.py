"""The common shape of the race package: refusals with message ids, the typed
view, one construction hook, content declared on the Game, module sizes."""

from __future__ import annotations

import ast
import json
import re
import types
from functools import cache
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

import liftoff
from liftoff.engine import IllegalAction, Rng
from liftoff.engine.messages import known
from liftoff.games.race import GAME as RACE
from liftoff.games.race import actions, text
from liftoff.games.race.state import RaceState
from liftoff.games.race.testing import position, resolution
from liftoff.games.race.view import RaceView

GAME = liftoff.games.get("race")
PACKAGE = Path(text.__file__).parent
ID = re.compile(r"""["'](race\.[a-z0-9.-]+)["']""")


# -- message ids ------------
def _ids_in_code() -> set[str]:
    found: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        if path.name != "text.py":
            found.update(ID.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_message_id_has_a_template_and_every_template_is_used() -> None:
    used = {code for code in _ids_in_code() if not code.startswith("race.ev.")}  # events: own test
    assert used, "no message ids found in the race package"
    assert sorted(code for code in used if not known(code)) == []
    assert sorted(set(text.TEMPLATES) - used) == []
    for code in text.TEMPLATES:
        assert known(code) and code.startswith("race.") and code == code.lower()


def _refusal(state: RaceState, player: int, action: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        state.apply(player, action)
    return err.value


def _cases() -> list[tuple[IllegalAction, str, str, str]]:
    """(refusal, message id, rule, English as it always read)."""
    out: list[tuple[IllegalAction, str, str, str]] = []

    def add(err: IllegalAction, code: str, rule: str, english: str) -> None:
        out.append((err, code, rule, english))

    for bad, code, english in (
        (3, "race.parse.not-text", "3 is not an action text"),
        (
            "place 0",
            "race.parse.unknown",
            "'place 0' is not a race action; write place N, under, discard, pay SOURCES "
            "(solar, tank, solar,solar, solar,tank, tank,tank) or steal KIND "
            "(settlers, tank, solar, security, none)",
        ),
    ):
        with pytest.raises(IllegalAction) as err:
            actions.parse(bad, 1)  # type: ignore[arg-type]
        add(err.value, code, "API-PARSE", english)
    s = GAME.new_game(2, 1)
    add(
        _refusal(s, 0, "pay solar"),
        "race.play.loading-only",
        "RC-PLAY-5",
        "while loading you can only place the top card at a planet, put it under your "
        "stack, or discard it",
    )
    add(
        _refusal(s, 0, "place 6"),
        "race.place.no-planet",
        "RC-SETUP-7",
        "there is no planet 6 on this table (planets 1-5)",
    )
    add(
        _refusal(GAME.new_game(3, 0), 0, "place 4"),
        "race.place.not-adjacent",
        "RC-SETUP-7",
        "planet 4 is not next to you; you can play at planets 1, 2, 3, 7, 8, 9",
    )
    add(
        _refusal(position(stacks={0: ["ore", "tank"]}), 0, "place 1"),
        "race.place.red-start",
        "RC-PLACE-3",
        "a red card (Ore Production) may only follow a Lift Off card or another red card",
    )
    row: dict[int, tuple[list[str], list[str]]] = {1: (["liftoff"], [])}
    add(
        _refusal(position(stacks={0: ["liftoff", "tank"]}, rows=row), 0, "place 1"),
        "race.place.second-liftoff",
        "RC-PLACE-4",
        "your row at planet 1 already has a Lift Off card: only one per planet, and after "
        "it only red cards",
    )
    add(
        _refusal(position(stacks={0: ["tank", "ore"]}, rows=row), 0, "place 1"),
        "race.place.blue-after-liftoff",
        "RC-PLACE-5",
        "after a Lift Off card only red cards may follow (your row ends with Lift Off); a "
        "blue card (Energy Tank) must start a row or follow a blue card",
    )
    pay = resolution(
        "Pios Proxima", ["solar", "tank", "liftoff", "ore", "terraform"], ["tank", "liftoff"]
    )
    add(
        _refusal(pay, 0, "discard"),
        "race.stop.loading-over",
        "RC-STOP-3",
        "loading is over: Player 1 called Stop, so nobody may play from their stack any more",
    )
    add(
        _refusal(pay, 1, "pay solar"),
        "race.choice.not-yours",
        "RC-RED-4",
        "this choice is not yours to make: Player 1 is choosing now",
    )
    add(
        _refusal(pay, 0, "steal tank"),
        "race.pay.choose-sources",
        "RC-RED-4",
        "a red card is being paid for: choose which energy sources pay",
    )
    add(
        _refusal(pay, 0, "pay solar,solar"),
        "race.pay.one-unit",
        "RC-ORE-1",
        "this order needs exactly 1 energy unit",
    )
    terra = resolution(
        "Pios Proxima", ["solar", "solar", "tank", "liftoff", "terraform"], ["settlers"]
    )
    add(
        _refusal(terra, 0, "pay solar"),
        "race.pay.two-units",
        "RC-TERRA-1",
        "this order needs exactly 2 energy units",
    )
    add(
        _refusal(terra, 0, "pay tank,tank"),
        "race.pay.no-sources",
        "RC-RED-4",
        "you do not have those active energy sources at this planet",
    )
    solar = resolution("Pios Proxima", ["solar", "tank", "tank", "liftoff", "terraform"], [])
    add(
        _refusal(solar, 0, "pay solar,solar"),
        "race.pay.solar-twice",
        "RC-SOLAR-2",
        "one Solar Module gives at most 1 energy unit to a red card, and you have only one",
    )
    theft = resolution("Beta Minor", ["liftoff", "theft"], ["settlers", "liftoff"])
    add(
        _refusal(theft, 0, "steal tank"),
        "race.theft.nothing-to-take",
        "RC-THEFT-6",
        "there is no active blue card of that kind to take at planet 1; only revealed, "
        "unspent blue cards in the other row can be stolen",
    )
    add(
        _refusal(theft, 0, "pay tank"),
        "race.theft.choose-card",
        "RC-THEFT-7",
        "a Theft is being resolved: choose a card to steal or steal none",
    )
    return out


def test_refusals_carry_message_ids_and_read_as_before() -> None:
    cases = _cases()
    assert {code for _, code, _, _ in cases} == set(text.TEMPLATES)
    for err, code, rule, english in cases:
        assert (err.code, err.rule, err.message) == (code, rule, english)
        assert str(err) == f"{english} [{rule}]"
        assert json.loads(json.dumps(err.params)) == err.params


def test_a_refusal_leaves_the_state_as_it_was() -> None:
    s = GAME.new_game(2, 3)
    before = s.to_json()
    _refusal(s, 0, "steal none")
    assert s.to_json() == before


# -- the typed view ------------
@cache
def _hints(tp: Any) -> dict[str, Any]:
    return get_type_hints(tp)


def _check(tp: Any, value: Any, where: str) -> None:
    """``value`` has exactly the shape of the type ``tp``."""
    origin = get_origin(tp)
    if is_typeddict(tp):
        hints = _hints(tp)
        assert isinstance(value, dict), where
        assert set(value) == set(hints), f"{where}: keys {sorted(value)} != {sorted(hints)}"
        for key, sub in hints.items():
            _check(sub, value[key], f"{where}.{key}")
    elif origin in (Union, types.UnionType):
        errors = []
        for option in get_args(tp):
            try:
                _check(option, value, where)
                return
            except AssertionError as exc:
                errors.append(str(exc))
        raise AssertionError(f"{where}: {value!r} fits none of {tp}: {errors}")
    elif origin is Literal:
        assert value in get_args(tp), f"{where}: {value!r} not in {get_args(tp)}"
    elif origin is list:
        assert isinstance(value, list), f"{where}: {value!r} is not a list"
        (item,) = get_args(tp)
        for i, x in enumerate(value):
            _check(item, x, f"{where}[{i}]")
    elif origin is dict:
        assert isinstance(value, dict), f"{where}: {value!r} is not a dict"
        key, item = get_args(tp)
        for k, x in value.items():
            _check(key, k, f"{where} key")
            _check(item, x, f"{where}.{k}")
    elif tp is type(None):
        assert value is None, f"{where}: {value!r} is not None"
    elif tp is Any:
        return
    else:
        assert type(value) is tp, f"{where}: {value!r} is not {tp.__name__}"


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (3, {}),
        (3, {"lenient": True, "auto_choices": True}),
        (4, {"layout": "opposite", "security": "persistent", "rounds": 2}),
    ],
)
def test_views_have_exactly_the_typed_shape_across_a_game(
    players: int, options: dict[str, Any]
) -> None:
    s = GAME.new_game(players, 5, options)
    rng = Rng(9)
    seen: set[str] = set()
    while True:
        for p in (None, players - 1):  # views differ only in "you"
            v = s.view(p)
            _check(RaceView, v, "view")
            seen.add(v["phase"])
            if v["pending"] is not None:
                seen.add("pending")
            if any(planet["result"] is not None for planet in v["planets"]):
                seen.add("result")
        if s.is_over():
            break
        p = rng.choice(s.active_players())
        s.apply(p, rng.choice(s.legal_actions(p)))
    assert {"loading", "over", "result"} <= seen
    if not options.get("auto_choices"):
        assert {"pending", "resolving"} <= seen


def test_view_imports_the_state_only_for_type_checking() -> None:
    tree = ast.parse((PACKAGE / "view.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            assert node.module not in ("state", "game"), "view.py imports the state at run time"
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef):
            imports = [n for n in ast.walk(fn) if isinstance(n, ast.ImportFrom)]
            assert not imports, f"view.py imports inside {fn.name}"


# -- sizes ------------
def test_modules_and_functions_stay_small() -> None:
    for path in sorted(PACKAGE.glob("*.py")):
        if path.name == "realtime.py":  # the real-time driver has its own owner
            continue
        source = path.read_text(encoding="utf-8")
        assert source.count("\n") <= 700, f"{path.name} has over 700 lines"
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                assert length <= 80, f"{path.name}: {node.name} has {length} lines"


# -- construction ------------
def test_one_construction_hook() -> None:
    opts = GAME.options.validate({"rounds": 2})
    made = RaceState.new(RACE, 3, 11, dict(opts))
    assert made.to_json() == GAME.new_game(3, 11, {"rounds": 2}).to_json()
    rng = Rng(4)
    for _ in range(60):
        p = rng.choice(made.active_players())
        made.apply(p, rng.choice(made.legal_actions(p)))
    back = RaceState.from_json(RACE, made.to_json())
    assert back.to_json() == made.to_json() == GAME.from_json(made.to_json()).to_json()
    assert back.legal_actions(back.active_players()[0]) == made.legal_actions(
        made.active_players()[0]
    )
