"""liftoff: the three tabletop games called *Lift Off*, playable and studyable.

>>> import liftoff
>>> state = liftoff.games.get("planet").new_game(3, seed=1)
>>> state.active_players()
(0,)
"""

import warnings

from liftoff import compiled

_REFUSED = compiled.install()  # the compiled build, when asked for and up to date
if _REFUSED:
    warnings.warn(_REFUSED, RuntimeWarning, stacklevel=2)

from liftoff import games, gymnasium_ids, i18n  # noqa: E402
from liftoff.engine import (  # noqa: E402
    Action,
    ContentError,
    Game,
    GameInfo,
    IllegalAction,
    OptionError,
    Outcome,
    ReplayError,
    State,
    UnknownGame,
)

__version__ = "0.1.0"

i18n.install()  # the words of other languages than English (gettext catalogues)
gymnasium_ids.install()  # liftoff/<game>-v0 for gymnasium.make, once Gymnasium is imported
register_gymnasium_ids = gymnasium_ids.register_gymnasium_ids

__all__ = [
    "Action",
    "ContentError",
    "Game",
    "GameInfo",
    "IllegalAction",
    "OptionError",
    "Outcome",
    "ReplayError",
    "State",
    "UnknownGame",
    "__version__",
    "games",
    "register_gymnasium_ids",
]
