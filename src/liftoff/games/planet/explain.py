"""Why a planet action is illegal: the rule it breaks and a message id.

``explain(state, player, action)`` is called only for an action that is not
legal now; it names the rule (``PL-…``) and the message (``planet.…``, English
words in :mod:`.text`) with its parameters. A parameter that is a word for
people (a name, a cost) is a :class:`~.words.Said`: English sees what it always
saw, and the refusal rendered later for a reader of another language says it in
theirs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from liftoff.engine import Action, IllegalAction
from liftoff.engine.messages import SeatNumber

from . import actions as A
from . import text as _text  # noqa: F401  (registers the English templates)
from .actions import CORE
from .cards import ACTIONS, CODES, GARGLORE, KIND_OF, MOON, MYA, TERRAFORM, TOKENS, F, W
from .layout import ABSENT, EXITS, TEAM, TELEPORT
from .legal import can_board
from .words import said_card, said_cost, said_kind, said_lp, said_token

if TYPE_CHECKING:
    from .config import LiftOffPoint
    from .game import PlanetGame
    from .state import PlanetState

# the actions a player may take on another player's turn in Let's Team Up
_TEAM_PLAYS = (
    A.Pass,
    A.PlayMoon,
    A.PlaySimple,
    A.PlayMya,
    A.PlayMyaOff,
    A.PlayTerraform,
    A.PlayGarglore,
)
# the card each Action-card play needs (PlaySimple names its own)
_CARD_OF: dict[type[Action], int] = {
    A.PlayMoon: MOON,
    A.PlayMya: MYA,
    A.PlayMyaOff: MYA,
    A.PlayTerraform: TERRAFORM,
    A.PlayGarglore: GARGLORE,
}
# the rule that sets each Lift Off Point's placement cost
_COST_RULE = {
    "bonfire": "PL-BONF-2",
    "satellite": "PL-SAT-2",
    "rocket": "PL-ROCK-2",
    "jetpack": "PL-JET-2",
    "trampoline": "PL-TRAMP-2",
    "miracle": "PL-MIRA-2",
    "ufo": "PL-UFO-2",
    "teleport": "PL-TELE-2",
    "slingshot": "PL-SLING-2",
    "stargate": "PL-SGATE-2",
}


def _no(code: str, rule: str, p: int, action: Action, **params: Any) -> IllegalAction:
    return IllegalAction.of(code, rule, p, str(action), **params)


def explain(s: PlanetState, p: int, action: Action) -> IllegalAction:
    """The refusal of ``action`` by ``p`` in ``s`` (``action`` is known not to be legal)."""
    st = s.stage
    active = s.active_players()
    if p not in active:
        if st == TELEPORT:
            return _no("planet.turn.teleport-other", "PL-TELE-4", p, action, active=active[0])
        if st == TEAM:
            return _no("planet.turn.team-other", "PL-GAP-30", p, action, active=active[0])
        return _no("planet.turn.not-yours", "PL-TURN-5", p, action, turn=SeatNumber(s.turn), you=p)
    if st == TELEPORT:
        return _explain_pledge(s, p, action)
    if st == TEAM:
        if not isinstance(action, _TEAM_PLAYS):
            return _no("planet.team.cards-only", "PL-TEAM-4", p, action)
        return _explain_card(s, p, action)
    if isinstance(action, A.Pledge):
        return _no("planet.teleport.closed", "PL-TELE-4", p, action)
    if isinstance(action, A.Pass):
        return _no("planet.turn.no-pass", "PL-TURN-3", p, action)
    if isinstance(action, A.Move):
        return _explain_move(s, p, action)
    if isinstance(action, A.Abandon):
        return _explain_abandon(s, p, action)
    if isinstance(action, A.Board):
        return _explain_board(s, p, action)
    if isinstance(action, A.Pay):
        return _explain_pay(s, p, action)
    if isinstance(action, A.Roll):
        return _explain_roll(s, p, action)
    if isinstance(action, A.Trade):
        a, b = said_card(_game(s), action.a), said_card(_game(s), action.b)
        return _no("planet.trade.not-held", "PL-CARD-3", p, action, a=a, b=b)
    return _explain_card(s, p, action)


def _game(s: PlanetState) -> PlanetGame:
    return cast("PlanetGame", s.game)


def _lp_id(s: PlanetState, lp: str) -> str:
    """Lift Off Point id ``lp`` as a refusal says it (English: the id)."""
    spec = s.cfg.lps.get(lp)
    return lp if spec is None else said_lp(lp, spec.name, lp)


def _name(lp: LiftOffPoint) -> str:
    return said_lp(lp.id, lp.name)


def _not_on_board(s: PlanetState, p: int, action: Action, lp: str) -> IllegalAction:
    return _no("planet.lp.not-on-board", "PL-COMP-5", p, action, lp=_lp_id(s, lp))


def _explain_pledge(s: PlanetState, p: int, action: Action) -> IllegalAction:
    """In the Teleport window (PL-GAP-17, PL-TELE-3/5)."""
    if not isinstance(action, A.Pledge):
        return _no("planet.teleport.pledge-only", "PL-GAP-17", p, action)
    if action.fuel > s.hands[p][F] or action.wild > s.hands[p][W]:
        return _no("planet.cards.not-held", "PL-TELE-5", p, action)
    return _no("planet.teleport.too-much", "PL-TELE-3", p, action, need=s.win_need)


def _explain_move(s: PlanetState, p: int, action: A.Move) -> IllegalAction:
    if s.moves <= 0:
        return _no("planet.move.no-points", "PL-MOVE-1", p, action)
    if action.dst == CORE:
        return _no("planet.move.into-core", "PL-MOVE-9", p, action)
    if action.src == CORE:
        if action.dst not in EXITS:
            return _no("planet.move.core-exit", "PL-MOVE-2", p, action)
        return _no("planet.move.core-empty", "PL-MOVE-2", p, action)
    if action.dst not in ((action.src + 1) % 8, (action.src - 1) % 8):
        return _no("planet.move.not-adjacent", "PL-MOVE-3", p, action)
    segment = A.seg_name(action.src)
    return _no("planet.move.no-alien", "PL-MOVE-3", p, action, segment=segment)


def _explain_abandon(s: PlanetState, p: int, action: A.Abandon) -> IllegalAction:
    if s.slot_of(action.lp) < 0:
        return _not_on_board(s, p, action, action.lp)
    if s.moves <= 0:
        return _no("planet.abandon.no-points", "PL-MOVE-7", p, action)
    return _no("planet.abandon.no-alien", "PL-MOVE-7", p, action, lp=_lp_id(s, action.lp))


def _explain_board(s: PlanetState, p: int, action: A.Board) -> IllegalAction:
    slot = s.slot_of(action.lp)
    if slot < 0:
        return _not_on_board(s, p, action, action.lp)
    lp = s.lp_at(slot)
    rule = can_board(s, p, slot)
    if rule == "PL-PAY-1":
        return _no("planet.board.no-alien", rule, p, action, lp=lp.id, name=_name(lp))
    if rule == "PL-LIFT-5":
        return _no("planet.board.full", rule, p, action, lp=lp.id, name=_name(lp))
    if rule:
        return _no("planet.board.cannot", rule, p, action, lp=lp.id, name=_name(lp))
    cost = s.placement_cost(slot)
    tokens = [TOKENS[t] for t in action.pay]
    got = (
        sum(t[1] for t in tokens),
        sum(t[2] for t in tokens),
        sum(1 for t in tokens if t[0] in ACTIONS),
    )
    if got != cost:
        rule = _COST_RULE.get(lp.id, "PL-PAY-10")
        words = said_cost(*cost)
        return _no("planet.board.cost", rule, p, action, lp=lp.id, name=_name(lp), cost=words)
    return _no("planet.cards.not-held", "PL-PAY-1", p, action)


def _explain_pay(s: PlanetState, p: int, action: A.Pay) -> IllegalAction:
    slot = s.slot_of(action.lp)
    if slot < 0:
        return _not_on_board(s, p, action, action.lp)
    lp = s.lp_at(slot)
    if lp.mechanic == "teleport":
        return _no("planet.pay.teleport", "PL-TELE-6", p, action)
    if lp.mechanic != "threshold":
        return _no("planet.pay.no-extra", "PL-LR-1", p, action, lp=lp.id, name=_name(lp))
    if action.token not in ("F", "S", "W=F", "W=S"):
        return _no("planet.pay.not-resource", "PL-RES-4", p, action)
    token = said_token(_game(s), action.token)
    return _no("planet.pay.cannot", "PL-PAY-3", p, action, token=token, lp=lp.id, name=_name(lp))


def _explain_roll(s: PlanetState, p: int, action: A.Roll) -> IllegalAction:
    slot = s.slot_of(action.lp)
    if slot < 0:
        return _not_on_board(s, p, action, action.lp)
    lp = s.lp_at(slot)
    if lp.mechanic != "dice":
        return _no("planet.roll.no-die", "PL-DIE-1", p, action, lp=lp.id, name=_name(lp))
    if s.blocked(slot):
        return _no("planet.roll.garglore", "PL-GARG-5", p, action)
    if not s.boarded[slot]:
        return _no("planet.roll.nobody", "PL-LIFT-7", p, action)
    rule = "PL-BONF-3" if lp.roll_kind == "fuel" else "PL-TRAMP-3"
    kind = said_kind(lp.roll_kind)
    return _no("planet.roll.cost", rule, p, action, lp=lp.id, name=_name(lp), kind=kind)


def _explain_card(s: PlanetState, p: int, action: Action) -> IllegalAction:
    """An Action card play, or ``end``/``pass`` in the Team Up window."""
    if isinstance(action, A.End):
        return _no("planet.team.no-end", "PL-GAP-30", p, action)
    if isinstance(action, A.Pass):
        return _no("planet.turn.nothing-to-pass", "PL-TURN-3", p, action)
    kind = _CARD_OF.get(type(action))
    if isinstance(action, A.PlaySimple):
        kind = KIND_OF[action.card]
    if kind is None:
        return _no("planet.turn.impossible", "PL-TURN-3", p, action, what=str(action))
    if not s.hands[p][kind]:
        card = said_card(_game(s), CODES[kind])
        return _no("planet.card.not-held", "PL-CARD-6", p, action, card=card)
    if isinstance(action, A.PlayMya | A.PlayMyaOff):
        if action.owner != p and not s.cfg.cutthroat:
            return _no("planet.mya.own-only", "PL-MOVE-10", p, action)
        if isinstance(action, A.PlayMya) and action.dst == CORE:
            return _no("planet.move.into-core", "PL-MOVE-9", p, action)
        return _no("planet.mya.one-spot", "PL-ACT-MYA-1", p, action)
    if isinstance(action, A.PlayTerraform):
        return _explain_terraform(s, p, action)
    if isinstance(action, A.PlayGarglore):
        if s.garglore == ABSENT:
            return _no("planet.garglore.absent", "PL-FAM-4", p, action)
        return _no("planet.garglore.already-there", "PL-ACT-GARG-1", p, action)
    return _no("planet.card.cannot-play", "PL-CARD-6", p, action, what=str(action))


def _explain_terraform(s: PlanetState, p: int, action: A.PlayTerraform) -> IllegalAction:
    slot = s.slot_of(action.lp)
    if slot < 0:
        return _not_on_board(s, p, action, action.lp)
    if s.boarded[slot] and not s.cfg.vicious:
        return _no("planet.terraform.not-empty", "PL-ACT-TERRA-1", p, action)
    if s.cfg.random_terraform and action.new:
        return _no("planet.terraform.random", "PL-FAM-3", p, action)
    if not s.cfg.random_terraform and not action.new:
        return _no("planet.terraform.name-it", "PL-ACT-TERRA-2", p, action)
    new = _lp_id(s, action.new)
    return _no("planet.terraform.not-in-box", "PL-ACT-TERRA-2", p, action, lp=new)
