"""Information-set Monte Carlo tree search over the engine API, for every game.

The search is single-observer IS-MCTS (Cowling, Powley and Whitehouse, 2012):

- every iteration starts from ``state.determinize(player, seed)``, a world
  consistent with what the searching player knows (other hands and deck orders
  resampled, the RNG reseeded so that future chance is unknown too);
- one tree is shared by all determinizations; its edges are
  ``(acting player, action)`` pairs, so the tree is keyed by histories of
  actions rather than by states. Chance (dice, draws) happens inside
  ``apply_legal`` and is averaged over by the iterations;
- selection uses UCT with availability counts (ISUCT): a child's exploration
  term uses how often it was *available* rather than how often its parent was
  visited, since an action may be legal in some determinizations only;
- when several players may act at once (race loading, drafts), the acting
  player at a tree node is drawn uniformly with the iteration's RNG, exactly as
  the generic driver (:func:`liftoff.engine.play`) lets them act; at the root
  the searching player acts. Any interleaving is a legal history, so this
  treats a simultaneous phase as a random sequential order;
- a forced move (a single legal action) passes through without a tree node;
- the rollout policy is pluggable (``random`` or the game's ``heuristic``
  rollout policy) and may be cut off after ``depth`` actions, the leaf then
  being scored by the game's evaluation function (see
  :mod:`liftoff.bots.heuristics`); without a cut-off, or for a game without an
  evaluator, rollouts play to the end;
- rewards are per player: ``win`` (1 for a win, a shared win split, 0
  otherwise) or ``rank`` (1 for first place down to 0 for last).

The budget is ``iterations`` and/or ``time_limit`` (seconds per decision,
measured here, outside the pure engines). With ``iterations`` only, choices are
a function of the seed; a time limit makes them depend on machine speed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

from liftoff.bots.base import Bot
from liftoff.bots.words import Phrase, reason, said
from liftoff.engine import Action, Outcome, Rng, State, derive_seed
from liftoff.engine.messages import Message

RolloutPolicy = Callable[[State, int, Rng], Action]
Evaluator = Callable[[State], Sequence[float]]

_Edge = tuple[int, Action]
_Expansion = tuple[dict[_Edge, "_Node"], _Edge, "_Node"]

REWARDS = ("win", "rank")
ROLLOUTS = ("random", "heuristic", "full")
PRIORS = ("none", "heuristic")

#: the default of ``keep``: how many standard errors the search's best root
#: action must beat the heuristic's favourite by (where the game offers priors,
#: planet and race; 0: no such rule). A few hundred iterations over sampled dice,
#: draws and stacks often prefer another move by chance alone.
DEFAULT_KEEP = 1.0


class _Node:
    """A tree node: the statistics of the edge leading into it."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[_Edge, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


def outcome_rewards(outcome: Outcome, players: int, kind: str = "win") -> list[float]:
    """Per-player rewards in [0, 1] for a finished game.

    >>> o = Outcome.from_keys([(2,), (2,), (1,)], [2, 2, 1], "end")
    >>> outcome_rewards(o, 3)
    [0.5, 0.5, 0.0]
    >>> outcome_rewards(o, 3, "rank")
    [1.0, 1.0, 0.0]
    """
    if kind == "rank" and players > 1:
        return [(players - place) / (players - 1) for place in outcome.places]
    rewards = [0.0] * players
    if outcome.winners:
        share = 1.0 / len(outcome.winners)
        for w in outcome.winners:
            rewards[w] = share
    return rewards


def _rank(t: tuple[float, int, Action]) -> tuple[float, int]:
    return (-t[0], t[1])


def random_policy(state: State, player: int, rng: Rng) -> Action:
    """A uniformly random legal action."""
    legal = state.legal_actions(player)
    return legal[rng.below(len(legal))]


class IsmctsBot(Bot):
    """Information-set MCTS for any game of the engine API.

    Parameters (also accepted in the bot name, e.g.
    ``ismcts:iterations=400,rollout=heuristic``):

    - ``iterations``: iterations per decision (default 200 when no time limit);
    - ``time_limit``: seconds per decision (stops at whichever budget ends first);
    - ``rollout``: ``heuristic`` (default; ``random`` for a game without a
      heuristic rollout policy), ``random`` or ``full``;
    - ``depth``: rollout cut-off in actions (default 20; 0 = play to the end);
      the leaf is scored with the game's evaluator when it has one;
    - ``prior``: ``heuristic`` (default; used where the game offers priors) or ``none``;
    - ``c``: the UCT exploration constant (default 0.7);
    - ``reward``: ``win`` (default) or ``rank``;
    - ``epsilon``: with a heuristic rollout, the chance of a random action instead;
    - ``keep``: standard errors by which the most visited root action must beat
      the heuristic's favourite to replace it (default :data:`DEFAULT_KEEP`,
      where the game offers priors; 0 = always the most visited);
    - ``seed``: makes the search reproducible.
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        time_limit: float | None = None,
        rollout: str = "heuristic",
        depth: int = 20,
        c: float = 0.7,
        reward: str = "win",
        epsilon: float = 0.0,
        prior: str = "heuristic",
        widen: float = 0.5,
        bias: float = 1.0,
        temperature: float = 0.1,
        opponents: str = "tree",
        widening: bool = False,
        clock: str = "wall",
        keep: float = 1.0,  # DEFAULT_KEEP, written out: a compiled signature needs literals
    ) -> None:
        if iterations is None and time_limit is None:
            iterations = 200
        if iterations is not None and (isinstance(iterations, bool) or int(iterations) < 1):
            raise ValueError(f"iterations must be a whole number >= 1, not {iterations!r}")
        if time_limit is not None and float(time_limit) <= 0:
            raise ValueError(f"time_limit must be a positive number of seconds, not {time_limit!r}")
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if int(depth) < 0:
            raise ValueError(f"depth must be >= 0, not {depth!r}")
        if float(c) < 0:
            raise ValueError(f"c must be >= 0, not {c!r}")
        if not 0.0 <= float(epsilon) <= 1.0:
            raise ValueError(f"epsilon must be between 0 and 1, not {epsilon!r}")
        if clock not in ("wall", "cpu"):
            raise ValueError(f"clock must be wall or cpu, not {clock!r}")
        if opponents not in ("tree", "rollout"):
            raise ValueError(f"opponents must be tree or rollout, not {opponents!r}")
        if prior not in PRIORS:
            raise ValueError(f"prior must be one of {', '.join(PRIORS)}, not {prior!r}")
        if float(widen) <= 0 or float(temperature) <= 0 or float(bias) < 0:
            raise ValueError("widen and temperature must be positive, bias >= 0")
        if float(keep) < 0:
            raise ValueError(f"keep must be >= 0, not {keep!r}")
        self.seed = int(seed)
        self.iterations = None if iterations is None else int(iterations)
        self.time_limit = None if time_limit is None else float(time_limit)
        self.rollout = rollout
        self.rollout_default = rollout == "heuristic"
        self.depth = int(depth)
        self.c = float(c)
        self.reward = reward
        self.epsilon = float(epsilon)
        self.prior = prior
        self.widen = float(widen)
        self.bias_weight = float(bias)
        self.temperature = float(temperature)
        self.self_only = opponents == "rollout"
        self.widen_all = bool(widening)
        self.clock = time.process_time if clock == "cpu" else time.perf_counter
        self.keep = float(keep)
        self.rng = Rng(derive_seed(self.seed, "ismcts"))
        self._details = ""
        self.last_iterations = 0
        self.last_stats: list[tuple[Action, int, float]] = []
        self.last_favourite: Action | None = None

    # -- policies ----------------------------------------------------------------
    def _policies(self, state: State) -> tuple[RolloutPolicy, Evaluator | None]:
        from liftoff.bots.heuristic import evaluator_for, policy_for, rollout_policy_for

        name = state.game.info.name
        evaluator = evaluator_for(name) if self.depth > 0 else None
        if self.rollout == "random":
            return random_policy, evaluator
        if self.rollout == "full":
            choose = policy_for(name)

            def full(s: State, p: int, rng: Rng) -> Action:
                return choose(s, p, rng)[0]

            policy: RolloutPolicy | None = full
        else:
            policy = rollout_policy_for(name)
            if policy is None and self.rollout_default:
                return random_policy, evaluator
        if policy is None:
            raise ValueError(f"no heuristic rollout policy for game {name!r}")
        if self.epsilon <= 0:
            return policy, evaluator
        eps = self.epsilon

        def mixed(s: State, p: int, rng: Rng) -> Action:
            if rng.random() < eps:
                return random_policy(s, p, rng)
            return policy(s, p, rng)

        return mixed, evaluator

    def _root_prior(
        self, state: State, player: int, legal: list[Action], seed: int
    ) -> tuple[list[Action] | None, dict[Action, float] | None]:
        """With ``prior=heuristic``: the root's actions best first (for progressive
        widening) and their prior probabilities (for progressive bias)."""
        if self.prior != "heuristic":
            return None, None
        from liftoff.bots.heuristic import prior_for

        fn = prior_for(state.game.info.name)
        if fn is None:
            return None, None
        scores = fn(state, player, Rng(derive_seed(seed, "prior")))
        top = max(scores)
        weights = [math.exp((x - top) / self.temperature) for x in scores]
        total = sum(weights)
        probs = {a: w / total for a, w in zip(legal, weights, strict=True)}
        ranked = sorted(zip(scores, range(len(legal)), legal, strict=True), key=_rank)
        order = [a for _, _, a in ranked]
        return order, probs

    # -- the search ----------------------------------------------------------------
    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions(player)
        if not legal:
            raise ValueError(f"player {player} has no legal action")
        if len(legal) == 1:
            self.last_iterations = 0
            self.last_stats = [(legal[0], 0, 0.0)]
            self.last_favourite = None
            self._tell(legal[0], reason("only-legal"))
            self._details = f"{legal[0]}: the only legal move"
            return legal[0]
        policy, evaluator = self._policies(state)
        root = _Node()
        decision_seed = self.rng.next64()
        it_rng = Rng(derive_seed(decision_seed, "iterations"))
        root_order, bias = self._root_prior(state, player, legal, decision_seed)
        clock = self.clock
        deadline = None if self.time_limit is None else clock() + self.time_limit
        limit = self.iterations
        count = 0
        while True:
            if limit is not None and count >= limit:
                break
            if deadline is not None and count > 0 and clock() >= deadline:
                break
            if root_order is not None:
                k = min(len(root_order), 2 + int(self.widen * math.sqrt(count)))
                root_legal: list[Action] | None = root_order[:k]
            else:
                root_legal = None
            # an engine error in a simulated line is a bug: it surfaces, never swallowed
            self._iterate(state, player, root, it_rng, policy, evaluator, root_legal, bias)
            count += 1
        favourite = root_order[0] if root_order is not None else None
        self.last_favourite = favourite
        return self._final(root, player, legal, count, bias, favourite, self.keep)

    def _iterate(
        self,
        state: State,
        player: int,
        root: _Node,
        rng: Rng,
        policy: RolloutPolicy,
        evaluator: Evaluator | None,
        root_legal: list[Action] | None = None,
        bias: dict[Action, float] | None = None,
    ) -> None:
        det = state.determinize(player, rng.next64())
        n = det.num_players
        node = root
        path: list[tuple[_Node, int]] = []
        first = True
        expanded: _Expansion | None = None
        # selection and expansion
        while True:
            active = det.active_players()
            if not active:
                break
            at_root = first
            if first:
                p = player
                first = False
                legal = root_legal if root_legal is not None else det.legal_actions(p)
            else:
                p = active[0] if len(active) == 1 else active[rng.below(len(active))]
                if self.self_only and p != player:
                    break  # the others are played by the rollout policy
                legal = det.legal_actions(p)
            if len(legal) == 1 and not at_root:
                det.apply_legal(p, legal[0])
                continue
            children = node.children
            best, best_action, untried = self._best_child(
                children, p, legal, bias if at_root else None
            )
            present = len(legal) - len(untried)
            # progressive widening below the root: the rollout policy's move
            # first, another action each time the node's visits allow one more
            room = (
                at_root
                or not self.widen_all
                or present < 1 + int(self.widen * math.sqrt(node.visits))
            )
            if untried and (room or best is None):
                if at_root and bias is not None:
                    a = untried[0]  # with a prior the root's candidates come best first
                else:
                    # the rollout policy's move first: a frontier made of random moves
                    # would favour actions that hand the next move to someone else
                    a = policy(det, p, rng)
                    if a not in untried:
                        a = untried[rng.below(len(untried))]
                det.apply_legal(p, a)
                child = _Node()
                path.append((child, p))
                expanded = (children, (p, a), child)
                break
            assert best is not None
            det.apply_legal(p, best_action)
            path.append((best, p))
            node = best
        rewards = self._rollout(det, n, rng, policy, evaluator, player)
        if expanded is not None:  # added once its first rollout is done
            expanded[0][expanded[1]] = expanded[2]
        for child, p in path:
            child.visits += 1
            child.total += rewards[p]

    def _best_child(
        self,
        children: dict[_Edge, _Node],
        p: int,
        legal: list[Action],
        bias: dict[Action, float] | None,
    ) -> tuple[_Node | None, Action, list[Action]]:
        """ISUCT selection among the tried actions of ``legal`` (each counted as
        available once more): the best child, its action, and the untried actions."""
        c = self.c
        untried: list[Action] = []
        best: _Node | None = None
        best_action = legal[0]
        best_score = -math.inf
        for a in legal:
            child = children.get((p, a))
            if child is None:
                untried.append(a)
                continue
            child.avail += 1
            score = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if bias is not None:
                score += self.bias_weight * bias.get(a, 0.0) / (1 + child.visits)
            if score > best_score:
                best_score = score
                best = child
                best_action = a
        return best, best_action, untried

    def _rollout(
        self,
        det: State,
        n: int,
        rng: Rng,
        policy: RolloutPolicy,
        evaluator: Evaluator | None,
        player: int,
    ) -> Sequence[float]:
        depth = self.depth if evaluator is not None else 0
        steps = 0
        while True:
            active = det.active_players()
            if not active:
                outcome = det.outcome()
                assert outcome is not None
                return outcome_rewards(outcome, n, self.reward)
            # cut off at a comparable moment: once the searching player is
            # (among those) to move again, so that every leaf is scored at the
            # same point of the turn cycle
            if depth and steps >= depth and (len(active) > 1 or active[0] == player):
                return evaluator(det) if evaluator is not None else [0.0] * n
            p = active[0] if len(active) == 1 else active[rng.below(len(active))]
            det.apply_legal(p, policy(det, p, rng))
            steps += 1

    def _final(
        self,
        root: _Node,
        player: int,
        legal: list[Action],
        count: int,
        bias: dict[Action, float] | None = None,
        favourite: Action | None = None,
        keep: float = 0.0,
    ) -> Action:
        stats: list[tuple[Action, int, float]] = []
        for a in legal:
            child = root.children.get((player, a))
            if child is None or child.visits == 0:
                stats.append((a, 0, 0.0))
            else:
                stats.append((a, child.visits, child.total / child.visits))
        pri = bias or {}
        stats.sort(key=lambda t: (-t[1], -t[2], -pri.get(t[0], 0.0)))
        if keep > 0 and favourite is not None:
            stats = keep_favourite(stats, favourite, keep)
        self.last_iterations = count
        self.last_stats = stats
        top = " | ".join(f"{a} (n={v}, v={q:.2f})" for a, v, q in stats[:3])
        self._details = f"ismcts {count} it: {top}"
        self._tell(stats[0][0], search_reason(stats, count))
        return stats[0][0]

    def _tell(self, action: Action, why: Message) -> None:
        self.why = why
        self.said = Message("bots.said.search", {"action": str(action), "reason": said(why)})

    def explain(self) -> str:
        """The last choice in plain words (in the current language): how often it
        won in imagined continuations of the game, against the next best option."""
        return super().explain()

    def details(self) -> str:
        """The last search's top three root actions with visits and values."""
        return self._details


def keep_favourite(
    stats: list[tuple[Action, int, float]], favourite: Action, keep: float
) -> list[tuple[Action, int, float]]:
    """``stats`` (most tried first) with ``favourite`` first unless the search's
    best action beats it by ``keep`` standard errors of the difference of their
    values (each value's variance bounded by q(1-q), as rewards are in [0, 1]).

    A search of sampled dice and draws is noisy: this keeps the heuristic's
    move when the search's preference for another is within that noise.

    >>> keep_favourite([("a", 60, 0.6), ("b", 40, 0.5)], "b", 2.0)[0]
    ('b', 40, 0.5)
    >>> keep_favourite([("a", 600, 0.6), ("b", 400, 0.5)], "b", 2.0)[0]
    ('a', 600, 0.6)
    """
    at = next((i for i, t in enumerate(stats) if t[0] == favourite), None)
    if at is None or at == 0:
        return stats
    _, nb, qb = stats[0]
    _, nf, qf = stats[at]
    if nf > 0:
        se = math.sqrt(qb * (1 - qb) / nb + qf * (1 - qf) / nf)
        if qb - qf > keep * max(se, 1e-9):
            return stats
    elif nb > 0:
        return stats  # the favourite was never tried: nothing to weigh it by
    return [stats[at], *stats[:at], *stats[at + 1 :]]


def search_reason(stats: Sequence[tuple[Action, int, float]], count: int) -> Message:
    """Why the search chose ``stats[0]`` (see :func:`plain_reason`), as a message."""
    _, visits, value = stats[0]
    params: dict[str, Any] = {"value": value, "visits": visits, "count": count}
    tried = [(a, n, q) for a, n, q in stats[1:] if n > 0]
    if not tried:
        return reason("search", **params)
    other, n, q = tried[0]
    versus = {**params, "other": str(other), "other_value": q, "other_visits": n}
    if round(q * 100) > round(value * 100) and n > visits:  # a kept favourite (``keep``)
        return reason("search.kept", **versus)
    return reason("search.versus", **versus)


def plain_reason(stats: Sequence[tuple[Action, int, float]], count: int) -> str:
    """One line in plain words from root statistics ``(action, visits, value)``,
    most tried first (values are chances to win in [0, 1]): the move chosen is
    the one the search tried most, with its win rate over the imagined games
    that began with it, and the runner-up's.

    >>> plain_reason([("end", 30, 0.614), ("roll", 10, 0.4)], 40)  # doctest: +NORMALIZE_WHITESPACE
    'end: won about 61% of the 30 of 40 imagined games that began with it
     (the next best, “roll”, won about 40% of its 10)'
    """
    why = Phrase(search_reason(stats, count))
    return Message("bots.said.search", {"action": str(stats[0][0]), "reason": why}).render()
