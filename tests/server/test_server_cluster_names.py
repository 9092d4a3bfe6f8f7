"""A cluster's names in Redis (``server.cluster.names``): every key under the
cluster's name, every channel under its name and Redis database number, and
``liftoff serve --cluster-name`` refusing a name that cannot be one."""

from __future__ import annotations

import pytest
from test_server_health import _one_clear_line, _serve

from liftoff.server.cluster.names import Names, check_name, database_of


def test_keys_carry_the_name_and_channels_the_database_number_too() -> None:
    staging = Names.of("staging", "redis://cache:6379/2")
    assert staging.database == 2
    assert staging.changed == "staging:2:changed"
    assert staging.presence == "staging:2:presence"
    assert staging.member("7:ab") == "staging:2:member:7:ab"
    assert staging.address("7:ab") == "staging:address:7:ab"
    assert staging.relay("f00") == "staging:relay:f00"
    assert staging.sockets == "{staging:ws}:"  # one hash slot for the quota scripts
    production = Names.of("staging", "redis://cache:6379/3")
    assert production.changed != staging.changed  # pub/sub ignores the number: not these
    assert Names().sockets == "{liftoff:ws}:"  # the default name keeps the keys it had


@pytest.mark.parametrize(
    ("url", "number"),
    [("redis://h", 0), ("redis://h:1/5", 5), ("redis://h?db=4", 4), ("unix:///r.sock?db=2", 2)],
)
def test_the_database_number_is_read_from_the_url(url: str, number: int) -> None:
    assert database_of(url) == number


@pytest.mark.parametrize("bad", ["", "a b", "x:y", "{x}", "-x", "é", "x" * 65])
def test_a_name_that_cannot_name_a_cluster_is_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="cluster name"):
        check_name(bad)
    assert check_name("prod-eu.1_b") == "prod-eu.1_b"


def test_serve_refuses_a_bad_cluster_name_in_one_line() -> None:
    res = _serve(
        "--db", "postgresql+asyncpg://u@h/d", "--redis", "redis://h", "--cluster-name", "a b"
    )
    _one_clear_line(res, "--cluster-name: a cluster name is")
