"""``PlanetView`` (a TypedDict) describes exactly the dict ``state.view(p)`` returns:
the same keys, in the same order, with values of the declared types, across
played games of every variant."""

from __future__ import annotations

import subprocess
import sys
import types
from functools import cache
from pathlib import Path
from typing import Any, Literal, NotRequired, Union, get_args, get_origin, get_type_hints

from liftoff.engine import Rng
from liftoff.games.planet import GAME
from liftoff.games.planet import view as V


@cache
def hints_of(tp: Any) -> dict[str, Any]:
    return get_type_hints(tp, include_extras=True)


def is_typeddict(tp: Any) -> bool:
    return isinstance(tp, type) and hasattr(tp, "__required_keys__")


def check(value: Any, tp: Any, where: str, seen: dict[str, set[str]]) -> None:
    """Assert ``value`` has type ``tp``; record which keys each TypedDict showed."""
    origin = get_origin(tp)
    if tp is Any:
        return
    if origin is NotRequired:
        check(value, get_args(tp)[0], where, seen)
    elif origin is Literal:
        assert value in get_args(tp), f"{where}: {value!r} not in {get_args(tp)}"
    elif origin in (Union, types.UnionType):
        errors = []
        for option in get_args(tp):
            try:
                check(value, option, where, {})
            except AssertionError as exc:
                errors.append(str(exc))
            else:
                check(value, option, where, seen)
                return
        raise AssertionError(f"{where}: {value!r} matches none of {tp}: {errors}")
    elif tp is type(None):
        assert value is None, f"{where}: {value!r} is not None"
    elif is_typeddict(tp):
        check_typeddict(value, tp, where, seen)
    elif origin is list:
        assert isinstance(value, list), f"{where}: {value!r} is not a list"
        for i, item in enumerate(value):
            check(item, get_args(tp)[0], f"{where}[{i}]", seen)
    elif origin is dict:
        assert isinstance(value, dict), f"{where}: {value!r} is not a dict"
        key_type, value_type = get_args(tp)
        for k, v in value.items():
            check(k, key_type, f"{where} key", seen)
            check(v, value_type, f"{where}[{k!r}]", seen)
    elif tp is int:
        assert isinstance(value, int) and not isinstance(value, bool), f"{where}: {value!r}"
    else:
        assert type(value) is tp, f"{where}: {value!r} is not {tp}"


def check_typeddict(value: Any, tp: Any, where: str, seen: dict[str, set[str]]) -> None:
    assert isinstance(value, dict), f"{where}: {value!r} is not a dict"
    hints = hints_of(tp)
    declared = list(hints)
    keys = list(value)
    assert set(tp.__required_keys__) <= set(keys), f"{where}: missing keys"
    assert set(keys) <= set(declared), f"{where}: undeclared keys {set(keys) - set(declared)}"
    assert keys == [k for k in declared if k in value], f"{where}: keys out of order"
    seen.setdefault(tp.__name__, set()).update(keys)
    for key in keys:
        check(value[key], hints[key], f"{where}.{key}", seen)


def all_typeddicts(tp: Any, found: dict[str, Any]) -> dict[str, Any]:
    if is_typeddict(tp):
        if tp.__name__ in found:
            return found
        found[tp.__name__] = tp
        for hint in get_type_hints(tp).values():
            all_typeddicts(hint, found)
    for arg in get_args(tp):
        all_typeddicts(arg, found)
    return found


def test_views_of_played_games_match_planet_view() -> None:
    seen: dict[str, set[str]] = {}
    for players, options in GAME.conformance_cases():
        for seed in range(2):
            s = GAME.new_game(players, seed, options)
            rng = Rng(seed + 100 * players)
            step = 0
            while True:
                view = s.view(None)
                if step % 10 == 0 or s.is_over() or "teleport_window" in view:
                    check(view, V.PlanetView, "view(None)", seen)
                    for viewer in range(players):
                        check(s.view(viewer), V.PlanetView, f"view({viewer})", seen)
                if s.is_over():
                    break
                p = s.active_players()[0]
                legal = s.legal_actions(p)
                s.apply(p, legal[rng.below(len(legal))])
                step += 1
    # every key a TypedDict declares shows up in some real view
    for name, tp in all_typeddicts(V.PlanetView, {}).items():
        missing = set(get_type_hints(tp)) - seen.get(name, set())
        assert not missing, f"{name}: declared but never seen: {sorted(missing)}"


def test_view_module_imports_alone_without_a_circle() -> None:
    code = "import liftoff.games.planet.view as v; print(v.PlanetView.__name__)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "PlanetView"
    for module, other in (("state", "view"), ("view", "state")):
        text = (Path(V.__file__).parent / f"{module}.py").read_text(encoding="utf-8")
        top = [line for line in text.split("\n") if line.startswith(("from ", "import "))]
        assert not [line for line in top if f".{other} import" in line], (module, top)
