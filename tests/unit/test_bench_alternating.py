"""The bench's arms alternate (scripts/benchparts/common.py): each runs twice for half the
time, in the order A B ... B A, so a drift during a measurement weighs on every arm alike."""

from __future__ import annotations

from collections.abc import Callable

from scripts.benchparts.common import alternating


def test_each_arm_runs_twice_for_half_the_time_in_mirrored_order() -> None:
    calls: list[tuple[str, float]] = []

    def arm(name: str, result: int) -> Callable[[float], int]:
        def run(seconds: float) -> int:
            calls.append((name, seconds))
            return result + len(calls)
        return run

    out = alternating({"a": arm("a", 100), "b": arm("b", 200), "c": arm("c", 300)}, 3.0)
    assert calls == [("a", 1.5), ("b", 1.5), ("c", 1.5), ("c", 1.5), ("b", 1.5), ("a", 1.5)]
    assert out == {"a": [101, 106], "b": [202, 205], "c": [303, 304]}
