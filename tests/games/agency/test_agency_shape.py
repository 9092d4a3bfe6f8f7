"""Agency has the common shape of a game package: typed views, message ids
with English templates, and content declared on the Game."""

from __future__ import annotations

import ast
import types
from importlib import resources
from pathlib import Path
from typing import Any, NotRequired, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from liftoff.engine import ContentError, IllegalAction, Rng, messages
from liftoff.games.agency import GAME, AgencyGame, load_game, validate_content, words
from liftoff.games.agency.text import TEMPLATES
from liftoff.games.agency.view import AgencyView

DATA = resources.files("liftoff.games.agency.data")
PACKAGE = Path(__file__).resolve().parents[3] / "src" / "liftoff" / "games" / "agency"


# -- views ---------------------------------------------------------------------------
def conforms(value: Any, hint: Any, where: str) -> list[str]:
    """Every place where ``value`` does not have the shape ``hint`` describes."""
    if hint is Any:  # e.g. an event's parameters: any JSON
        return []
    origin = get_origin(hint)
    if origin is NotRequired:
        return conforms(value, get_args(hint)[0], where)
    if origin in (Union, types.UnionType):
        results = [conforms(value, arm, where) for arm in get_args(hint)]
        return [] if any(not r for r in results) else results[0]
    if hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: not a dict"]
        hints = get_type_hints(hint, include_extras=True)
        keys = set(value)
        # (``__required_keys__`` misses NotRequired under postponed annotations)
        required = {k for k, h in hints.items() if get_origin(h) is not NotRequired}
        out = [f"{where}: missing {k}" for k in sorted(required - keys)]
        out += [f"{where}: undeclared {k}" for k in sorted(keys - set(hints))]
        for k in sorted(keys & set(hints)):
            out += conforms(value[k], hints[k], f"{where}.{k}")
        return out
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: not a list"]
        (item,) = get_args(hint)
        return [e for i, x in enumerate(value) for e in conforms(x, item, f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: not a dict"]
        key, item = get_args(hint)
        out = [f"{where}: key {k!r}" for k in value if not isinstance(k, key)]
        return out + [e for k, x in value.items() for e in conforms(x, item, f"{where}.{k}")]
    if hint is int and isinstance(value, bool):
        return [f"{where}: {value!r} is a bool, not an int"]
    return [] if isinstance(value, hint) else [f"{where}: {value!r} is not {hint.__name__}"]


@pytest.mark.parametrize("players", [2, 4])
def test_views_match_their_typed_description_across_a_game(players: int) -> None:
    s = GAME.new_game(players, 3, {"simultaneous_launches": players == 4})
    rng = Rng(3)
    private_keys_seen = False
    while not s.is_over():
        for viewer in (None, *range(players)):
            view = s.view(viewer)
            assert conforms(view, AgencyView, "view") == []
            private_keys_seen |= viewer is not None and "hand" in view["players"][viewer]
        p = rng.choice(list(s.active_players()))
        s.apply(p, rng.choice(s.legal_actions(p)))
    for viewer in (None, *range(players)):
        assert conforms(s.view(viewer), AgencyView, "view") == []
    assert private_keys_seen


def test_a_spectator_view_has_no_secret_keys() -> None:
    s = GAME.new_game(3, 1)
    for d in s.view(None)["players"]:
        assert not {"hand", "objectives", "drawn", "kept"} & set(d)
    own = s.view(1)["players"]
    assert {"hand", "objectives", "drawn", "kept"} <= set(own[1])
    assert not {"hand", "objectives", "drawn", "kept"} & set(own[0])


def test_every_view_key_is_described() -> None:
    hints = get_type_hints(AgencyView)
    assert list(GAME.new_game(2, 0).view(0)) == list(hints)


# -- message ids -----------------------------------------------------------------------
def _codes_in_package() -> set[str]:
    """Every ``"agency.…"`` string literal in the package's code outside ``text.py``
    and ``words.py``."""
    found: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        if path.name in ("text.py", "words.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and node.value.startswith("agency.")
                and " " not in node.value
            ):
                found.add(node.value)
    return found


def _a_word(code: str) -> bool:
    """Whether ``code`` is (or starts) an id of ``words.py``: the vocabulary and the
    content names, checked in test_agency_words.py."""
    ids = {*words.WORDS, *words.TEMPLATES, *words.PLURALS, "agency.card.", "agency.tech."}
    return any(w.startswith(code) for w in ids)


def test_every_message_id_has_a_template_and_every_template_is_used() -> None:
    # refusal and parse messages; the narration ids (agency.ev.*, agency.act.*) are
    # partly built at run time and are checked in test_agency_events.py
    narration = ("agency.ev.", "agency.act.")
    used = {c for c in _codes_in_package() if not c.startswith(narration) and not _a_word(c)}
    assert used, "no message ids found"
    refusals = {c for c in TEMPLATES if not c.startswith(narration)}
    assert sorted(used - refusals) == []
    assert sorted(refusals - used) == []


def test_message_ids_are_well_formed_and_registered() -> None:
    for code, template in TEMPLATES.items():
        assert code == code.lower() and code.startswith("agency.")
        assert messages.known(code)
        assert messages.templates()[code] == template


def test_refusals_carry_a_message_id_that_renders_their_message() -> None:
    s = GAME.new_game(3, 2)
    rng = Rng(2)
    probes = ["done", "direction left", "draw L3", "take M1-01", "sell O01", "action 1"]
    codes: set[str] = set()
    while not s.is_over():
        for p in range(3):
            legal = {str(a) for a in s.legal_actions(p)}
            texts = probes + [f"launch lab {m}" for m in s.earth[p]]
            texts += [f"play {c} banner+actions" for c in s.hand[p]]
            for text in texts:
                if text in legal:
                    continue
                with pytest.raises(IllegalAction) as info:
                    s.apply(p, text)
                err = info.value
                assert err.code.startswith("agency."), err
                assert err.message == messages.render(err.code, err.params)
                assert str(err) == f"{err.message} [{err.rule}]"
                codes.add(err.code)
        p = rng.choice(list(s.active_players()))
        s.apply(p, rng.choice(s.legal_actions(p)))
    assert len(codes) >= 12


def test_unparseable_text_is_refused_with_a_message_id() -> None:
    s = GAME.new_game(2, 0)
    with pytest.raises(IllegalAction) as info:
        s.apply(0, "fly to the moon")
    err = info.value
    assert (err.code, err.rule, err.params) == (
        "agency.parse.unknown",
        "API-PARSE",
        {"text": "'fly to the moon'"},
    )
    assert err.message.startswith("'fly to the moon' is not an agency action (try e.g.")


# -- content on the Game ---------------------------------------------------------------
def _copy_content(tmp: Path) -> Path:
    out = tmp / "content"
    out.mkdir()
    for name in GAME.content_files():
        out.joinpath(name).write_text(DATA.joinpath(name).read_text("utf-8"), "utf-8")
    return out


def test_the_game_names_its_content_files() -> None:
    files = GAME.content_files()
    assert files == (
        "specialists.toml",
        "missions.toml",
        "technology.toml",
        "labs.toml",
        "objectives.toml",
        "board.toml",
    )
    assert all(DATA.joinpath(name).is_file() for name in files)


def test_the_game_validates_content_naming_the_card(tmp_path: Path) -> None:
    folder = _copy_content(tmp_path)
    assert GAME.validate_content(folder) == []
    assert GAME.validate_content(folder / "missions.toml") == []
    missions = folder / "missions.toml"
    missions.write_text(
        missions.read_text("utf-8").replace("weight = 1\n", "weight = 99\n", 1), "utf-8"
    )
    problems = GAME.validate_content(missions)
    assert [(path, loc) for path, loc, _ in problems] == [(str(missions), "M1-01.weight")]
    assert GAME.validate_content(folder) == problems
    assert validate_content(str(folder)) == problems  # the package-level function agrees
    missing = GAME.validate_content(tmp_path / "nowhere.toml")
    assert [(loc, msg.startswith("cannot be read")) for _, loc, msg in missing] == [
        ("(file)", True)
    ]


def test_the_game_loads_content_into_a_new_game(tmp_path: Path) -> None:
    folder = _copy_content(tmp_path)
    same = GAME.load_content(folder)
    assert isinstance(same, AgencyGame) and same is not GAME
    assert same.content_fingerprint() == GAME.content_fingerprint()
    board = folder / "board.toml"
    board.write_text(board.read_text("utf-8").replace("money_per_vp = 5", "money_per_vp = 6", 1))
    other = GAME.load_content(folder)
    assert other.content_fingerprint() != GAME.content_fingerprint()
    assert other.content.board.board.money_per_vp == GAME.content.board.board.money_per_vp + 1
    # files missing from the folder are the shipped ones
    for name in GAME.content_files():
        if name != "board.toml":
            (folder / name).unlink()
    assert GAME.load_content(folder).content_fingerprint() == other.content_fingerprint()
    assert load_game(folder).content_fingerprint() == other.content_fingerprint()
    # a game on it plays and replays
    s = other.new_game(2, 1)
    assert s.options["content"] == other.content_fingerprint()
    assert other.replay(s.record()).to_json() == s.to_json()


def test_loading_broken_content_raises_content_error(tmp_path: Path) -> None:
    folder = _copy_content(tmp_path)
    (folder / "labs.toml").write_text("[meta]\nkind = 'labs'\n", "utf-8")
    with pytest.raises(ContentError) as info:
        GAME.load_content(folder)
    assert all(path == str(folder / "labs.toml") for path, _, _ in info.value.problems)
    with pytest.raises(ContentError):
        GAME.load_content(tmp_path / "no-such-folder")
