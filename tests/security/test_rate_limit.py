"""Rate limiting per token: 429 problem+json with Retry-After, configurable, per worker."""

from __future__ import annotations

from api.limits import RateLimiter
from ledger.service.config import Config
from tests.api_client import ApiClient
from tests.security.conftest import MakeApi


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _stopped_clock(api: ApiClient, per_minute: int) -> None:
    """Refills follow the clock: stopped, a slow machine cannot refill a token mid-test."""
    api.client.application.extensions["rate_limiter"] = RateLimiter(per_minute, clock=FakeClock())


def test_bucket_allows_a_minutes_worth_then_refills_at_the_rate() -> None:
    clock = FakeClock()
    limiter = RateLimiter(60, clock=clock)  # one a second
    assert [limiter.take("a") for _ in range(60)] == [0.0] * 60
    assert limiter.take("a") == 1.0  # empty: the next token is a second away
    clock.now += 0.5
    assert limiter.take("a") == 0.5
    clock.now += 0.5
    assert limiter.take("a") == 0.0
    assert limiter.take("b") == 0.0  # every client has its own bucket


def test_zero_turns_the_limit_off() -> None:
    limiter = RateLimiter(0)
    assert all(limiter.take("a") == 0.0 for _ in range(10_000))


def test_idle_clients_are_forgotten_when_there_are_too_many() -> None:
    clock = FakeClock()
    limiter = RateLimiter(60, clock=clock, max_clients=10)
    for n in range(10):
        limiter.take(f"c{n}")
    clock.now += 60  # every bucket is full again
    limiter.take("busy")
    assert len(limiter._buckets) == 1


def test_a_token_over_its_limit_gets_429_with_retry_after(make_api: MakeApi) -> None:
    api = make_api(rate_limit_per_minute=5)
    _stopped_clock(api, 5)
    api.new_campaign()  # anonymous: counted against the address, not the GM token
    statuses = [api.get(api.c()).status for _ in range(6)]
    assert statuses == [200] * 5 + [429]
    refused = api.get(api.c())
    assert refused.headers["Content-Type"] == "application/problem+json"
    assert refused["rule"] == "rate-limited"
    assert 1 <= int(refused.headers["Retry-After"]) <= 12  # a token every 12 s


def test_each_token_has_its_own_budget_and_probes_have_none(make_api: MakeApi) -> None:
    api = make_api(rate_limit_per_minute=3)
    _stopped_clock(api, 3)
    api.new_campaign()
    observer = api.new_token("observer")
    gm = api.token
    assert [api.get(api.c()).status for _ in range(2)] == [200, 200]
    assert api.get(api.c()).status == 429  # the GM issued a token and read twice: 3 used
    assert api.get(api.c(), token=observer).status == 200
    assert all(api.get("/healthz", token=gm).status == 200 for _ in range(10))


def test_the_limit_comes_from_the_environment_and_defaults_to_600() -> None:
    assert Config.from_env({}).rate_limit_per_minute == 600
    assert Config.from_env({"LEDGER_RATE_LIMIT_PER_MINUTE": "0"}).rate_limit_per_minute == 0
