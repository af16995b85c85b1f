"""Field types with the bounds every command shares, so a request's shape is declared once,
on the command, and the API's schemas are generated from it."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta

Count = Annotated[int, Meta(ge=0, le=1000)]
Die = Annotated[int, Meta(ge=0, le=100_000)]
# Reported dice; absent (null) means server dice.
Dice = Annotated[list[Die], Meta(max_length=200)]
Modifier = Annotated[int, Meta(ge=-100, le=100)]
Label = Annotated[str, Meta(max_length=200)]
Note = Annotated[str, Meta(max_length=500)]  # a reason or note
Text = Annotated[str, Meta(min_length=1, max_length=1000)]
