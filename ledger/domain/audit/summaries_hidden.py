"""Timeline lines of hidden events: a placeholder says only that the GM did something
behind the screen; a reveal says what it was."""

from __future__ import annotations

from typing import Any

from ledger.domain.audit.summaries import Names, summarizes


@summarizes("HiddenRolled")
def _hidden_roll(d: dict[str, Any], names: Names) -> str:
    return f"The GM rolled behind the screen (commitment {str(d['commitment'])[:12]}…)"


@summarizes("HiddenNoted")
def _hidden_note(d: dict[str, Any], names: Names) -> str:
    return f"The GM wrote a secret note (commitment {str(d['commitment'])[:12]}…)"


@summarizes("HiddenRevealed")
def _revealed(d: dict[str, Any], names: Names) -> str:
    shown = d["data"]
    what = (f"{shown['expression']} = {shown['result_text']}" if shown.get("kind") == "roll"
            else f"“{shown.get('text', '')}”")
    label = f" ({shown['label']})" if shown.get("label") else ""
    return f"The GM revealed the hidden event at {d['hidden_position']}: {what}{label}"
