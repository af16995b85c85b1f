"""Waiting on conditions, never on the clock: the one wait helper of the suite.

A test that needs something to have happened (a delivery, a subscriber, a server ready)
polls for it with `wait_until`. The deadline is generous on purpose: on a loaded 2-core
machine things take many times longer than on a quiet one, and a deadline that is never
reached costs nothing when things work.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

DEADLINE_SECONDS = 120.0


class WaitTimeoutError(AssertionError):
    """The condition never held within the deadline."""


def wait_until(condition: Callable[[], T], what: str, seconds: float = DEADLINE_SECONDS,
               every: float = 0.05, retry_on: tuple[type[BaseException], ...] = ()) -> T:
    """Poll `condition` until it answers something truthy, and answer that.

    Exceptions in `retry_on` count as "not yet" (e.g. a server not yet listening).
    Fails naming `what` and the last answer once `seconds` have passed.
    """
    deadline = time.monotonic() + seconds
    last: object = None
    while True:
        try:
            answer = condition()
        except retry_on as exc:
            answer, last = None, exc  # type: ignore[assignment]
        else:
            if answer:
                return answer
            last = answer
        if time.monotonic() >= deadline:
            raise WaitTimeoutError(f"waited {seconds:.0f} s for {what}; last saw {last!r}")
        time.sleep(every)


def settle(step: Callable[[], int], total: int, what: str,
           seconds: float = DEADLINE_SECONDS) -> int:
    """Call `step` (which answers how many more it handled) until `total` are handled."""
    done = [0]

    def reached() -> bool:
        done[0] += step()
        return done[0] >= total

    wait_until(reached, what, seconds, every=0.01)
    return done[0]
