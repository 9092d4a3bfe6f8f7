"""The real-time driver around the pauses: stale before paused, and face-down
stacks with idle bots until "Lift Off!"."""

from __future__ import annotations

import pytest

from liftoff.bots.live import live_seats
from liftoff.bots.seats import parse_seats
from liftoff.engine.realtime import DriverEvent, LiveSeat
from liftoff.games.race import GAME
from liftoff.games.race.realtime import RealtimeRace, face_down
from liftoff.games.race.testing import position


@pytest.mark.rules("RC-STOP-3", "RC-PLAY-2")
def test_a_late_action_during_the_pause_is_stale_not_early() -> None:
    """An action chosen before Stop that arrives during the pause before the next
    round is refused as stale (RC-STOP-3), not as "wait for the round" (RC-PLAY-2)."""
    s = position(2, stacks={0: ["tank"], 1: ["ore", "ore", "ore"]}, options={"auto_choices": True})
    events: list[DriverEvent] = []
    d = RealtimeRace(s, [LiveSeat(), LiveSeat()], round_pause=5.0)
    d.subscribe(events.append)
    d.submit(0, "discard", at=1.0, based_on=0)  # Stop: round 2 opens at 6.0
    d.submit(1, "discard", at=2.0, based_on=0)  # chosen before the Stop
    d.advance(3.0)
    late = [e for e in events if e.player == 1]
    assert [e.kind for e in late] == ["stale"]
    assert late[0].rule == "RC-STOP-3"
    # chosen after the Stop but sent during the pause: that one must wait (RC-PLAY-2)
    d.submit(1, "discard", at=4.0, based_on=s.version)
    d.advance(4.5)
    assert events[-1].kind == "rejected" and events[-1].rule == "RC-PLAY-2"


@pytest.mark.rules("RC-PLAY-1", "RC-PLAY-2")
def test_bots_do_not_decide_during_the_countdown() -> None:
    s = position(2)
    seats = live_seats(parse_seats("random@instant", 2), 0)
    d = GAME.realtime_driver(s, seats, start_pause=3.0)
    assert isinstance(d, RealtimeRace)
    assert d.next_arrival() == 3.0  # wake up at "Lift Off!", nothing chosen before
    assert not d._heap and not d.deciding
    assert d.advance(2.9) == 0 and s.version == 0
    assert d.counting_down_at(2.9) and not d.counting_down_at(3.0)
    d.advance(3.0)
    assert s.version >= 1  # the bots looked at their cards only now


@pytest.mark.rules("RC-PLAY-1")
def test_stacks_are_face_down_during_the_countdown() -> None:
    s = position(2)
    view = s.view(0)
    assert all(p["top"] is not None for p in view["players"])
    hidden = face_down(view)
    assert all(p["top"] is None for p in hidden["players"]) and hidden["countdown"]
    assert view["players"][0]["top"] is not None  # the original is untouched
    d = RealtimeRace(s, [LiveSeat(), LiveSeat()], start_pause=2.0)
    assert d.view(0, now=1.0) == hidden and d.view(0, now=2.0) == view


@pytest.mark.rules("RC-PLAY-2")
def test_a_live_refusal_keeps_its_message_for_other_languages() -> None:
    """A refusal in live play carries its message id and parameters (``said``), so
    a server can say it in each reader's language, not only the English."""
    from liftoff import i18n
    from liftoff.engine.messages import render

    i18n.install()
    s = position(2, stacks={0: ["tank"], 1: ["ore", "ore", "ore"]}, options={"auto_choices": True})
    events: list[DriverEvent] = []
    d = RealtimeRace(s, [LiveSeat(), LiveSeat()], round_pause=5.0)
    d.subscribe(events.append)
    d.submit(0, "discard", at=1.0, based_on=0)  # Stop: round 2 opens at 6.0
    d.advance(3.0)
    d.submit(1, "discard", at=4.0, based_on=s.version)  # during the pause: must wait
    d.advance(4.5)
    refused = events[-1]
    assert refused.kind == "rejected" and refused.said is not None
    code, params = refused.said
    assert render(code, params) == refused.message
    assert render(code, params, lang="ja") != refused.message
