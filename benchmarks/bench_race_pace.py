"""A person at a reading pace against default bots in the live race (issue 38, item 1).

A scripted person who takes ``--seconds`` per card (the medium bot's choices,
so only the pace differs) plays 3-player races against two default bots (the
lobby's default level, at its own speed), on a manual clock: simulated
seconds, nothing sleeps. Per round it counts the cards each player placed, who
called Stop, and per game who won; with and without the people pace
(:class:`~liftoff.engine.realtime.PeoplePace`). Run::

    uv run --all-extras python benchmarks/bench_race_pace.py --rounds 20 --seconds 3 2

The figures are in ``docs/benchmarks.md`` ("A person's pace in the race").
"""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import dataclass, field

import liftoff
from liftoff.bots.live import live_seats
from liftoff.bots.seats import parse_seat
from liftoff.engine import derive_seed
from liftoff.engine.realtime import PEOPLE_PACE, DriverEvent, ManualClock, PeoplePace
from liftoff.games.race.realtime import RealtimeRace
from liftoff.games.race.state import LOADING

PERSON = 0
BOT = "medium"  # the lobby's default level
ROUND_PAUSE = 5.0
START_PAUSE = 3.0


@dataclass
class PaceResult:
    """What ``rounds`` rounds of a person at ``seconds`` a card against bots gave."""

    seconds: float
    paced: bool
    rounds: int = 0
    placed: list[int] = field(default_factory=lambda: [0, 0, 0])
    stops: Counter[int] = field(default_factory=Counter)
    wins: Counter[int] = field(default_factory=Counter)
    games: int = 0

    def ratio(self, bot: int) -> float:
        """Cards the person placed per card bot ``bot`` placed."""
        return self.placed[PERSON] / max(1, self.placed[bot])

    def line(self) -> str:
        """One line of figures."""
        per = [round(n / max(1, self.rounds), 1) for n in self.placed]
        return (
            f"person {self.seconds:g} s/card, {'people pace' if self.paced else 'own speed'}: "
            f"{self.rounds} rounds, cards placed per round {per} "
            f"(person/bot {self.ratio(1):.0%}, {self.ratio(2):.0%}); "
            f"Stop called by person {self.stops[PERSON]}, bots {self.stops[1] + self.stops[2]}; "
            f"{self.games} games, wins person {self.wins[PERSON]}, "
            f"bots {self.wins[1] + self.wins[2]}"
        )


def play_game(seed: int, seconds: float, pace: PeoplePace | None, result: PaceResult) -> None:
    """One 3-player race; adds its figures to ``result``."""
    game = liftoff.games.get("race")
    state = game.new_game(3, seed, {})
    seats = live_seats([parse_seat("human"), parse_seat(BOT), parse_seat(BOT)], seed)
    person = parse_seat(BOT).make(derive_seed(seed, "person"))
    clock = ManualClock()
    driver = RealtimeRace(
        state,
        seats,
        clock=clock,
        round_pause=ROUND_PAUSE,
        start_pause=START_PAUSE,
        people_pace=pace,
    )

    def note(event: DriverEvent) -> None:
        if event.kind == "applied" and str(event.action).startswith("place "):
            result.placed[event.player or 0] += 1
        elif event.kind == "stop" and event.player is not None:
            result.stops[event.player] += 1
            result.rounds += 1

    driver.subscribe(note)
    rnd, due = state.round, driver.paused_until + seconds
    while not state.is_over():
        if state.round != rnd:  # a new round: the first card is read after "Lift Off!"
            rnd, due = state.round, driver.paused_until + seconds
        if state.pending is not None and state.pending_player() == PERSON:
            driver.submit(PERSON, person.choose(state, PERSON), at=driver.time)
        elif state.phase == LOADING:
            nxt = driver.next_arrival()
            if nxt is not None and nxt < due:
                driver.advance(nxt)
                continue
            driver.advance(due)
            if state.phase == LOADING and state.round == rnd:
                driver.submit(PERSON, person.choose(state, PERSON), at=due)
                due += seconds
        else:
            nxt = driver.next_arrival()
            assert nxt is not None, "the resolution waits for a bot"
            driver.advance(nxt)
            continue
        driver.advance(driver.time)
        clock.t = driver.time
    outcome = state.outcome()
    assert outcome is not None
    result.games += 1
    for w in outcome.winners:
        result.wins[w] += 1


def measure(seconds: float, rounds: int, *, paced: bool = True, first_seed: int = 1) -> PaceResult:
    """Play whole games until at least ``rounds`` rounds were played."""
    result = PaceResult(seconds, paced)
    seed = first_seed
    while result.rounds < rounds:
        play_game(seed, seconds, PEOPLE_PACE if paced else None, result)
        seed += 1
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--seconds", type=float, nargs="+", default=[3.0, 2.0])
    args = parser.parse_args()
    for seconds in args.seconds:
        for paced in (False, True):
            print(measure(seconds, args.rounds, paced=paced).line())


if __name__ == "__main__":
    main()
