"""A tiny progress bar for long histories, drawn on stderr (no dependency)."""

from __future__ import annotations

import sys
from typing import TextIO


class Progress:
    """Redraws only when the shown percentage changes, so it costs nothing per event."""

    def __init__(self, total: int, *, enabled: bool = True, width: int = 30,
                 stream: TextIO | None = None, label: str = "") -> None:
        self.total = max(total, 1)
        self.enabled = enabled
        self.width = width
        self.stream = stream or sys.stderr
        self.label = label
        self.shown = -1

    def update(self, done: int) -> None:
        percent = min(100, done * 100 // self.total)
        if not self.enabled or percent == self.shown:
            return
        self.shown = percent
        filled = self.width * percent // 100
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(f"\r{self.label}[{bar}] {percent:3d}% {done}/{self.total}")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self.shown >= 0:
            self.stream.write("\n")
            self.stream.flush()
