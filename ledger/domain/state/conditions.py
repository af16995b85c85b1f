"""Derived effects of a character's Conditions, recorded by the Condition rules."""

from __future__ import annotations

import msgspec


class Movement(msgspec.Struct):
    """Speed after the Conditions that change it; at Speed 0 the character cannot move."""

    speed: int
    immobile: bool
