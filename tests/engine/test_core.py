"""The engine core's own value types: RNG, options, outcomes, registry."""

from __future__ import annotations

import pytest

import liftoff
from liftoff.engine import Option, OptionError, OptionSet, Outcome, Rng, derive_seed


def test_rng_is_reproducible_and_clonable() -> None:
    a = Rng(42)
    first = [a.below(100) for _ in range(20)]
    b = Rng(42)
    assert [b.below(100) for _ in range(20)] == first
    c = a.clone()
    assert [a.next64() for _ in range(5)] == [c.next64() for _ in range(5)]
    assert Rng(1).next64() != Rng(2).next64()


def test_rng_draws_are_roughly_uniform() -> None:
    r = Rng(3)
    counts = [0] * 6
    for _ in range(60_000):
        counts[r.below(6)] += 1
    assert all(9_000 < c < 11_000 for c in counts), counts
    items = list(range(10))
    r.shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))
    with pytest.raises(ValueError):
        r.below(0)


def test_derive_seed_depends_on_every_part() -> None:
    seeds = {
        derive_seed(1),
        derive_seed(2),
        derive_seed(1, "a"),
        derive_seed(1, "b"),
        derive_seed(1, 3),
    }
    assert len(seeds) == 5
    assert derive_seed(5, "x", 1) == derive_seed(5, "x", 1)
    assert 0 <= derive_seed(9, "y") < 2**63


OPTS = OptionSet(
    (
        Option("fast", bool, False, "play fast"),
        Option("days", int, 5, "days", minimum=1, maximum=20),
        Option("model", str, "B", "moon model", choices=("A", "B")),
    )
)


def test_options_validate_and_coerce_text() -> None:
    assert OPTS.validate(None) == {"fast": False, "days": 5, "model": "B"}
    got = OPTS.validate({"fast": "yes", "days": "7", "model": "A"})
    assert got == {"fast": True, "days": 7, "model": "A"}


@pytest.mark.parametrize(
    ("given", "option", "hint"),
    [
        ({"speed": 1}, "speed", "known options: days, fast, model"),
        ({"fast": "maybe"}, "fast", "true | false"),
        ({"days": 0}, "days", "out of range"),
        ({"days": 2.5}, "days", "int"),
        ({"model": "C"}, "model", "A | B"),
    ],
)
def test_options_errors_name_the_option_and_what_is_allowed(
    given: dict[str, object], option: str, hint: str
) -> None:
    with pytest.raises(OptionError) as err:
        OPTS.validate(given)
    assert err.value.option == option
    assert hint in str(err.value)
    assert isinstance(err.value, ValueError)


def test_parse_pairs() -> None:
    assert OptionSet.parse_pairs(["a=1", " b = x "]) == {"a": "1", "b": "x"}
    with pytest.raises(OptionError):
        OptionSet.parse_pairs(["novalue"])


def test_outcome_places_and_shared_wins() -> None:
    o = Outcome.from_keys([(10, 2), (10, 2), (7, 9)], [10, 10, 7], "explosion")
    assert o.winners == (0, 1)
    assert o.places == (1, 1, 3)
    assert o.ranking == (0, 1, 2)
    assert o.to_json()["termination"] == "explosion"


def test_registry_lists_and_refuses_unknown_games() -> None:
    assert "planet" in liftoff.games.names()
    with pytest.raises(liftoff.UnknownGame) as err:
        liftoff.games.get("chess")
    assert "planet" in str(err.value)
