"""The conformance suite: checks every game against the engine contract.

Each check plays random games and raises ``AssertionError`` with a precise
message when the contract is broken. ``tests/test_conformance.py`` runs them on
every registered game, over every player count and the game's option cases.
:func:`check_events` checks what ``State.apply`` returns and how it narrates;
:func:`check_ending` the end of a game (``score_breakdown``, ``revealed``);
:mod:`.conformance_undo` that a move is taken back only when it revealed nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from . import messages
from .action import Action
from .errors import GameNotOver, IllegalAction
from .events import Event
from .game import Game, canon
from .options import OptionValue
from .rng import Rng, derive_seed
from .state import State

GARBAGE_TEXTS = (
    "",
    " ",
    "xyzzy",
    "move",
    "12345",
    "place 99 99",
    "play",
    "\x00",
    "move core S99",
    "pass pass pass",
    "é" * 40,
)


def _pick(state: State, rng: Rng) -> tuple[int, Action]:
    active = state.active_players()
    player = active[rng.below(len(active))]
    legal = state.legal_actions(player)
    return player, legal[rng.below(len(legal))]


def check_contract_step(game: Game[Any], state: State) -> None:
    """The per-state API contract (turns, legality, parsing, JSON-safety)."""
    active = state.active_players()
    assert isinstance(active, tuple), "active_players() must return a tuple"
    assert state.is_over() == (not active), "active_players() empty exactly when over"
    assert (state.outcome() is None) != state.is_over(), "outcome() is None exactly while in play"
    assert len(set(active)) == len(active), f"duplicate active players {active}"
    for p in range(state.num_players):
        legal = state.legal_actions(p)
        if p in active:
            assert legal, f"active player {p} has no legal action"
            assert len(set(legal)) == len(legal), f"duplicate legal actions for {p}: {legal}"
            for a in legal:
                assert hash(a) == hash(a) and a == a
                text = str(a)
                assert text == text.strip() and text, f"bad canonical text {text!r}"
                again = game.parse_action(state, p, text)
                assert again == a, f"parse_action({text!r}) gave {again!r}, expected {a!r}"
                assert str(again) == text
        else:
            assert legal == [], f"player {p} is not active but has legal actions {legal[:3]}"
    for viewer in (None, *range(state.num_players)):
        check_board_view(state, viewer)
        check_numbers_view(state, viewer)
    if state.is_over():
        out = state.outcome()
        assert out is not None
        assert len(out.scores) == state.num_players
        assert sorted(out.ranking) == list(range(state.num_players))
        assert out.winners and all(out.places[w] == 1 for w in out.winners)
        canon(out.to_json())
    check_ending(game, state)


#: the parts of a view that are its history, which ``board_view`` leaves empty
HISTORY_KEYS = ("recent", "log")


def check_board_view(state: State, viewer: int | None) -> None:
    """``board_view(viewer)`` is ``view(viewer)`` (JSON-safe) but for its history,
    which may be left empty (the default ``board_view`` is the whole view)."""
    full = json.loads(canon(state.view(viewer)))
    board = json.loads(canon(state.board_view(viewer)))
    assert board.keys() == full.keys(), "board_view() must keep the view's keys"
    for key in full:
        if key in HISTORY_KEYS:
            assert board[key] in ([], full[key]), f"board_view()[{key!r}] is not the view's"
        else:
            assert board[key] == full[key], f"board_view()[{key!r}] differs from view()"


def check_numbers_view(state: State, viewer: int | None) -> None:
    """``numbers_view(viewer)``, where the game offers one, is JSON-safe and holds
    ids and numbers only: no string among its values (its keys name its fields)."""
    try:
        numbers = state.numbers_view(viewer)
    except NotImplementedError:
        return
    canon(numbers)
    stack: list[Any] = [numbers]
    while stack:
        value = stack.pop()
        assert not isinstance(value, str), f"numbers_view() holds a string: {value!r}"
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list | tuple):
            stack.extend(value)


def _labelled(game: Game[Any], area: str, label: object) -> None:
    assert isinstance(label, str), f"{area} label {label!r} is not a string"
    name = game.info.name
    assert messages.known(f"{name}.{area}.{label}") or messages.known(f"api.{area}.{label}"), (
        f"{area} label {label!r} has no template {name}.{area}.{label}"
    )


def check_ending(game: Game[Any], state: State) -> None:
    """``score_breakdown`` and ``revealed``: each seat's points by source sum to
    its score once the game is over, every label has words, and the hidden
    cards are refused (``GameNotOver``) while the game is in play."""
    if not state.is_over():
        try:
            state.revealed()
        except GameNotOver:
            pass
        else:
            raise AssertionError("revealed() answered while the game is in play")
        return
    out = state.outcome()
    assert out is not None
    breakdown = state.score_breakdown()
    canon(breakdown)
    assert len(breakdown) == state.num_players, "score_breakdown() needs one entry per seat"
    for p, (parts, score) in enumerate(zip(breakdown, out.scores, strict=True)):
        for label in parts:
            _labelled(game, "score", label)
        total = sum(parts.values())
        assert abs(total - score) < 1e-9, f"seat {p}: breakdown sums to {total}, score is {score}"
    shown = state.revealed()
    canon(shown)
    seats = shown.get("seats")
    assert isinstance(seats, list) and len(seats) == state.num_players, "revealed() seats"
    for part in [*seats, shown.get("table")]:
        assert isinstance(part, dict), f"revealed() part {part!r} is not a dict"
        for label, cards in part.items():
            _labelled(game, "reveal", label)
            assert isinstance(cards, list) and all(isinstance(c, str) for c in cards), (
                f"revealed() {label!r} must list card names"
            )


def check_message(exc: IllegalAction) -> None:
    """A refusal names a registered message id with JSON-safe parameters that
    render its English message."""
    assert messages.known(exc.code), (
        f"refusal [{exc.rule}] {exc.message!r} has no registered message id ({exc.code!r})"
    )
    canon(exc.params)
    rendered = messages.render(exc.code, exc.params)
    assert rendered == exc.message, f"{exc.code} renders {rendered!r}, not {exc.message!r}"


def check_rejections(
    game: Game[Any],
    state: State,
    pool: list[tuple[int, Action]],
    rng: Rng,
    *,
    message_ids: bool = False,
) -> None:
    """Garbage, out-of-turn and no-longer-legal actions raise and change nothing
    (``message_ids``: and each refusal carries a message id, see :func:`check_message`)."""
    before = canon(state.to_json())
    version = state.version
    active = state.active_players()
    tries: list[tuple[int, Action | str]] = []
    for text in (*GARBAGE_TEXTS[:4], GARBAGE_TEXTS[rng.below(len(GARBAGE_TEXTS))]):
        tries.append((active[0] if active else 0, text))
    tries.append((state.num_players, "x"))
    tries.append((-1, "x"))
    # actions that are legal for someone now, tried by a player who may not act
    for p in range(state.num_players):
        if p in active:
            continue
        for q in active:
            legal_q = state.legal_actions(q)
            if legal_q:
                tries.append((p, legal_q[rng.below(len(legal_q))]))
    # actions seen earlier in the game that are not legal now
    for _ in range(min(6, len(pool))):
        p, a = pool[rng.below(len(pool))]
        if a not in state.legal_actions(p):
            tries.append((p, a))
            tries.append((p, str(a)))
    for player, action in tries:
        try:
            state.apply(player, action)
        except IllegalAction as exc:
            assert exc.rule, f"IllegalAction without a rule for {action!r}"
            assert exc.message, f"IllegalAction without a message for {action!r}"
            if message_ids:
                check_message(exc)
        else:
            raise AssertionError(f"illegal action {action!r} by {player} was accepted")
        assert state.version == version
        after = canon(state.to_json())
        assert after == before, f"rejected action {action!r} by {player} changed the state"


def check_json_roundtrip(game: Game[Any], state: State, rng: Rng) -> None:
    """``from_json(to_json())`` is exact, including how the game continues."""
    data = state.to_json()
    text = canon(data)
    copy = game.from_json(json.loads(text))
    assert canon(copy.to_json()) == text, "JSON round trip is not exact"
    for p in range(state.num_players):  # the recent events are for people, not in the JSON
        assert canon(_game_part(copy.view(p))) == canon(_game_part(state.view(p))), (
            "view differs after JSON round trip"
        )
    # both continue identically
    a, b = state.clone(), copy
    r1, r2 = rng.clone(), rng.clone()
    for _ in range(20):
        if a.is_over():
            break
        p1, act1 = _pick(a, r1)
        p2, act2 = _pick(b, r2)
        assert (p1, act1) == (p2, act2), "a round-tripped state offers different actions"
        a.apply(p1, act1)
        b.apply(p2, act2)
        assert canon(a.to_json()) == canon(b.to_json()), "a round-tripped state diverges"


def _game_part(view: dict[str, Any]) -> dict[str, Any]:
    """A view without its ``"recent"`` events (which ``to_json`` does not keep)."""
    return {k: v for k, v in view.items() if k != "recent"}


def check_clone(state: State, rng: Rng) -> None:
    """``clone()`` is equal and independent."""
    before = canon(state.to_json())
    copy = state.clone()
    assert canon(copy.to_json()) == before, "clone differs from the original"
    for _ in range(5):
        if copy.is_over():
            break
        p, a = _pick(copy, rng)
        copy.apply(p, a)
    assert canon(state.to_json()) == before, "changing a clone changed the original"


def check_determinize(game: Game[Any], state: State, seed: int) -> bool:
    """Determinizing keeps each player's view; returns whether it changed anything."""
    changed = False
    spectator = canon(state.view(None))
    full = canon(state.to_json()["state"])
    for p in range(state.num_players):
        view = canon(state.view(p))
        for k in range(2):
            d = state.determinize(p, derive_seed(seed, p, k))
            assert canon(d.view(p)) == view, f"determinize({p}) changed player {p}'s view"
            assert canon(d.view(None)) == spectator, f"determinize({p}) changed the spectator view"
            assert d.active_players() == state.active_players()
            for q in d.active_players():
                if q == p:
                    assert d.legal_actions(q) == state.legal_actions(q), (
                        "determinize changed the player's own legal actions"
                    )
            if canon(d.to_json()["state"]) != full:
                changed = True
            check_contract_step(game, d)
            check_determinized_forgets(game, d, derive_seed(seed, p, k))
    return changed


def check_determinized_forgets(game: Game[Any], det: State, seed: int) -> None:
    """A determinized copy carries its own seed and no true history, and its
    record replays to the sampled world (also after it plays on), not the true one."""
    assert det.seed == seed, "a determinized state must carry the seed it was made with"
    assert det.history == [], "a determinized state must not carry the true history"
    record = det.record()
    assert record["seed"] == seed and record["actions"] == [], "determinized record keeps the past"
    data = det.to_json()
    assert data["history"] == [] and data["seed"] == seed, "determinized JSON keeps the past"
    again = game.from_json(json.loads(canon(data)))
    assert canon(again.to_json()) == canon(data), "determinized JSON round trip is not exact"
    copy = det.clone()
    check_replay(game, copy)
    rng = Rng(derive_seed(seed, "forgets"))
    for _ in range(3):
        if copy.is_over():
            break
        p, a = _pick(copy, rng)
        copy.apply(p, a)
    check_replay(game, copy)
    assert len(copy.history) == copy.version, "a determinized history is not its own"


def _leaves(data: Any, path: str = "", out: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every scalar of a JSON value, by its path."""
    if out is None:
        out = {}
    if isinstance(data, dict):
        for key, value in data.items():
            _leaves(value, f"{path}/{key}", out)
    elif isinstance(data, list):
        for index, value in enumerate(data):
            _leaves(value, f"{path}/{index}", out)
    else:
        out[path] = data
    return out


def _agreement(a: dict[str, Any], b: dict[str, Any]) -> int:
    missing = object()
    return sum(1 for key, value in a.items() if b.get(key, missing) == value)


def signed_rank_p(diffs: list[int]) -> float:
    """Exact two-sided Wilcoxon signed-rank test that ``diffs`` are symmetric
    about zero (zeros dropped; ties get their mean rank)."""
    nonzero = sorted((abs(d), d > 0) for d in diffs if d)
    n = len(nonzero)
    if n == 0:
        return 1.0
    ranks: list[int] = []  # doubled mean ranks, so they stay whole numbers
    i = 0
    while i < n:
        j = i
        while j < n and nonzero[j][0] == nonzero[i][0]:
            j += 1
        ranks.extend([i + j + 1] * (j - i))  # 2 * mean of ranks i+1..j
        i = j
    observed = sum(r for r, (_, positive) in zip(ranks, nonzero, strict=True) if positive)
    ways = [0] * (sum(ranks) + 1)  # ways[w]: sign patterns with positive rank sum w
    ways[0] = 1
    top = 0
    for r in ranks:
        for w in range(top, -1, -1):
            if ways[w]:
                ways[w + r] += ways[w]
        top += r
    total: int = 2**n
    upper: float = sum(ways[observed:]) / total
    lower: float = sum(ways[: observed + 1]) / total
    return min(1.0, 2.0 * min(upper, lower))


Determinizer = Callable[[State, int, int], State]


def check_determinize_independent(
    game: Game[Any],
    players: int,
    options: Mapping[str, OptionValue],
    *,
    samples: int = 96,
    steps: tuple[int, ...] = (0, 10, 40),
    alpha: float = 1e-3,
    determinize: Determinizer | None = None,
) -> dict[str, tuple[int, int, float]]:
    """The hidden facts of a determinized state, and of the replay of its record,
    are independent of the true hidden facts.

    For each of ``samples`` games (fixed seeds, so the check is deterministic),
    played at random for a number of ``steps``, a player ``p`` gets two
    determinizations ``Y`` and ``Y2``; ``X`` is the true state and ``R`` the
    replay of ``Y``'s record. A sample counts how many scalars of the state
    payload ``Y`` (or ``R``) shares with ``X`` and with ``Y2``. If ``Y`` depends
    only on what ``p`` knows, ``X`` and ``Y2`` are exchangeable (both are
    worlds consistent with ``p``'s view, drawn as the determinizer draws them:
    exact at the start, and close after random play), so ``Y`` agrees more with
    ``X`` as often and by as much as with ``Y2``: the differences are symmetric
    about zero, which an exact two-sided Wilcoxon signed-rank test checks at
    false-alarm rate ``alpha``. A copy that keeps true cards, or a record that replays to
    the true game, agrees with ``X`` every time and fails.

    Returns ``{"state" | "replay": (more like X, more like Y2, p-value)}``.
    """
    det: Determinizer = determinize or (lambda s, p, seed: s.determinize(p, seed))
    diffs: dict[str, list[int]] = {"state": [], "replay": []}
    for i in range(samples):
        seed = derive_seed(0x1D_E7E2, game.info.name, players, i)
        state: State = game.new_game(players, seed, dict(options))
        rng = Rng(derive_seed(seed, "walk"))
        for _ in range(steps[i % len(steps)]):
            if state.is_over():
                break
            p, a = _pick(state, rng)
            state.apply(p, a)
        p = i % players
        truth = _leaves(state.to_json()["state"])
        first = det(state, p, derive_seed(seed, "first"))
        second = _leaves(det(state, p, derive_seed(seed, "second")).to_json()["state"])
        for text in (canon(first.to_json()), canon(first.record()), repr(first)):
            for secret in (seed, state.rng.state):  # 63/64-bit: never there by chance
                assert str(secret) not in text, "a determinized state shows the true seed or RNG"
        replayed = game.replay(json.loads(canon(first.record())))
        for key, sample in (("state", first), ("replay", replayed)):
            leaves = _leaves(sample.to_json()["state"])
            diffs[key].append(_agreement(truth, leaves) - _agreement(second, leaves))
    same = diffs["state"].count(0)
    assert samples - same >= samples // 4, (
        f"determinize gave the same world whatever its seed in {same} of {samples} games: "
        "nothing hidden is resampled"
    )
    out: dict[str, tuple[int, int, float]] = {}
    for key, values in diffs.items():
        more = sum(1 for d in values if d > 0)
        fewer = sum(1 for d in values if d < 0)
        p_value = signed_rank_p(values)
        out[key] = (more, fewer, p_value)
        assert p_value >= alpha, (
            f"determinized {key}s depend on the true hidden facts: closer to the truth in "
            f"{more} games, to another sample in {fewer} (signed-rank p={p_value:.2g} < {alpha})"
        )
    return out


def check_replay(game: Game[Any], state: State) -> None:
    """``Game.replay(record())`` rebuilds the state exactly."""
    record = json.loads(canon(state.record()))
    again: State = game.replay(record)
    assert canon(again.to_json()) == canon(state.to_json()), "replay differs from the game"


def play_checked(
    game: Game[Any],
    players: int,
    options: Mapping[str, OptionValue],
    seed: int,
    *,
    max_actions: int = 20_000,
    deep_every: int = 25,
    message_ids: bool = False,
) -> State:
    """One random game with every check; deep checks every ``deep_every`` actions
    (``message_ids``: refusals must carry registered message ids)."""
    state: State = game.new_game(players, seed, dict(options))
    rng = Rng(derive_seed(seed, "conformance"))
    try:
        space: set[Action] | None = set(game.action_space(players, dict(options)))
    except NotImplementedError:
        space = None
    pool: list[tuple[int, Action]] = []
    determinize_changed = False
    steps = 0
    while True:
        problems = state.invariants()
        assert not problems, f"invariants broken after {steps} actions: {problems}"
        deep = steps % deep_every == 0 or state.is_over()
        if space is not None:
            for p in state.active_players():
                outside = [a for a in state.legal_actions(p) if a not in space]
                assert not outside, f"legal actions outside action_space: {outside[:3]}"
        if deep:
            check_contract_step(game, state)
            check_rejections(game, state, pool, rng, message_ids=message_ids)
            check_json_roundtrip(game, state, rng)
            check_clone(state, rng.clone())
            if game.info.hidden_information:
                determinize_changed |= check_determinize(game, state, derive_seed(seed, steps))
        if state.is_over():
            break
        player, action = _pick(state, rng)
        pool.append((player, action))
        state.apply(player, action)
        steps += 1
        assert steps <= max_actions, f"game did not end after {max_actions} actions"
    check_replay(game, state)
    if game.info.hidden_information:
        assert determinize_changed, "determinize never changed anything hidden in a whole game"
    return state


def check_determinism(
    game: Game[Any], players: int, options: Mapping[str, OptionValue], seed: int
) -> None:
    """Same seed and same choices give the same game."""
    records = []
    for _ in range(2):
        state = game.new_game(players, seed, dict(options))
        rng = Rng(derive_seed(seed, "det"))
        n = 0
        while not state.is_over() and n < 5000:
            p, a = _pick(state, rng)
            state.apply(p, a)
            n += 1
        records.append((canon(state.record()), canon(state.to_json())))
    assert records[0] == records[1], "the same seed and choices gave different games"


#: names used to narrate in :func:`check_events` (seat ids must never show through)
NAMES = ("Ann", "Bea", "Cyd", "Dov", "Eli", "Fay", "Gus", "Hal", "Ida", "Jo")
_SEAT_ID = re.compile(r"\bp[0-9]\b")


def _event_key(e: Event) -> tuple[str, str, tuple[int, ...] | None, str]:
    public = None if e.public is None else dict(e.public)
    return (e.kind, canon(dict(e.data)), e.to, canon(public))


#: a narrator: ``(event, viewer, names) -> sentence`` (the speech layer's ``narrate``)
Narrator = Callable[[Event, int | None, Sequence[str]], str]


def check_narration(narrate: Narrator, event: Event, players: int, names: Sequence[str]) -> None:
    """For every viewer (each seat and a spectator): ``narrate`` (the speech
    layer's, above the engine) is ``""`` when the viewer sees nothing of
    ``event`` (and otherwise only for the move itself, when the events it
    caused tell it), and never names a seat id like ``p0``."""
    for viewer in (None, *range(players)):
        seen = event.seen_by(viewer)
        shown = event.to_json(viewer)
        assert (shown is None) == (seen is None), f"to_json disagrees with seen_by: {event}"
        text = narrate(event, viewer, names)
        assert isinstance(text, str), f"narrate must return a str: {event}"
        if seen is None:
            assert text == "", f"viewer {viewer} sees nothing of {event} but is told {text!r}"
            continue
        if not text and event.kind == "action":
            continue  # a move the events it caused tell (agency: "Ann takes …") says nothing
        assert text, f"viewer {viewer} sees {event.kind} but is told nothing"
        assert not _SEAT_ID.search(text), f"a seat id in {text!r} ({event.kind})"
        json.dumps(shown)  # what a front end sends must be JSON


def check_recent(state: State, events: Sequence[Event]) -> None:
    """Every view's ``"recent"`` is the latest events (at most
    ``State.RECENT_EVENTS``) exactly as that viewer sees them, and a state
    determinized for a player keeps only what that player saw of them."""
    latest = list(events)[-state.RECENT_EVENTS :]
    for viewer in [None, *range(state.num_players)]:
        want = [seen for e in latest if (seen := e.to_json(viewer)) is not None]
        got = state.view(viewer).get("recent")
        assert got == want, f"view({viewer})['recent'] is not the latest events as it sees them"
        assert state.recent_events(viewer) == want
    if state.is_over():
        return
    for player in range(state.num_players):
        det = state.determinize(player, 1)
        assert det.recent_events(player) == state.recent_events(player)
        known = [e["data"] for e in state.recent_events(player)]  # what the player saw,
        known += [dict(e.public) for e in latest if e.public is not None and e.full_for(player)]
        for other in [None, *range(state.num_players)]:  # nobody reads more in it
            for e in det.recent_events(other):
                assert e["data"] in known, (
                    f"a state determinized for {player} keeps the hidden part of {e['kind']}"
                )


def check_events(
    game: Game[Any],
    players: int,
    options: Mapping[str, OptionValue],
    seed: int,
    narrate: Narrator | None = None,
) -> list[list[Event]]:
    """One random game through ``State.apply``: every action returns at least one
    event, the first being the action itself; replaying the record gives the
    same events; with ``narrate`` (the speech layer's), every event narrates
    correctly for every viewer (:func:`check_narration`). Returns the events of
    each action."""
    state: State = game.new_game(players, seed, dict(options))
    rng = Rng(derive_seed(seed, "events"))
    names = list(NAMES[:players])
    caused: list[list[Event]] = []
    while not state.is_over():
        player, action = _pick(state, rng)
        events = state.apply(player, action)
        n = len(caused)
        assert events, f"action {n} ({action}) returned no event"
        first = events[0]
        assert first.kind == "action", (
            f"action {n}: the first event is {first.kind}, not the action"
        )
        assert first.data.get("who") == player and first.data.get("action") == str(action), (
            f"action {n}: the first event is not {player}'s {action}: {first.data}"
        )
        for e in events:
            assert isinstance(e, Event), f"action {n}: not an Event: {e!r}"
            if narrate is not None:
                check_narration(narrate, e, players, names)
        caused.append(events)
        assert len(caused) <= 20_000, "game did not end after 20000 actions"
        if len(caused) % 7 == 1 or state.is_over():
            check_recent(state, [e for c in caused for e in c])
    again: State = game.new_game(players, seed, dict(options))
    for n, (p, text) in enumerate(state.record()["actions"]):
        replayed = [_event_key(e) for e in again.apply(p, text)]
        assert replayed == [_event_key(e) for e in caused[n]], (
            f"replaying action {n} ({text}) gave other events"
        )
    return caused
