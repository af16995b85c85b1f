"""A roll request: an AGE test or dice notation, each with its own fields and no other.

A field of the other kind is refused (422) rather than ignored: an `ability` sent with a
notation roll, or an `expression` with an AGE test, says the caller meant something the
ledger would not record.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ledger.domain.decision import Decide
from ledger.domain.errors import InvalidInput
from ledger.domain.rolls import age_test, notation_roll
from ledger.domain.talent_successes import automatic_success

KINDS = ("age", "notation")
# Fields only one kind takes, with the value that means "not given".
AGE_ONLY: dict[str, Any] = {"ability": None, "focus": None, "modifier": 0, "tn": None,
                            "active": True, "talent": None, "tags": []}
NOTATION_ONLY: dict[str, Any] = {"expression": None}


def check_roll_fields(kind: str, request: Mapping[str, Any]) -> None:
    """Refuse a field the kind does not take, and require the one it needs."""
    if kind not in KINDS:
        raise InvalidInput("unknown-name", f"kind is one of {', '.join(KINDS)}", field="kind",
                           allowed=KINDS)
    foreign = NOTATION_ONLY if kind == "age" else AGE_ONLY
    for field, unset in foreign.items():
        if request.get(field, unset) != unset:
            raise InvalidInput("field-not-for-kind", f"{field} is not a field of a {kind} roll "
                               f"(kind {'notation' if kind == 'age' else 'age'} takes it)",
                               field=field)
    needed = "ability" if kind == "age" else "expression"
    if not request.get(needed):
        raise InvalidInput("field-required-for-kind", f"a {kind} roll needs its {needed}",
                           field=needed)
    focus = request.get("focus")
    if kind == "age" and focus is not None and not focus.strip():
        raise InvalidInput("blank-focus", "focus names a focus of the sheet, or is left out",
                           field="focus")


def roll(character_id: str, request: Mapping[str, Any]) -> Decide:
    """The decision for one roll request (its fields as the request schema loaded them)."""
    kind = request.get("kind", "notation")
    check_roll_fields(kind, request)
    if kind == "age" and request.get("talent") is not None:
        # An automatic success by a talent (Brilliance Apex, Trickster Apex): no dice.
        if request.get("dice") is not None:
            raise InvalidInput("dice-with-automatic-success",
                               "a test that succeeds by a talent rolls no dice", field="dice")
        return automatic_success(character_id, request["talent"], ability=request["ability"],
                                 focus=request.get("focus"), tn=request.get("tn"),
                                 label=request.get("label", ""))
    if kind == "age":
        return age_test(character_id, ability=request["ability"], focus=request.get("focus"),
                        modifier=request.get("modifier", 0), tn=request.get("tn"),
                        active=request.get("active", True), reported=request.get("dice"),
                        label=request.get("label", ""), tags=request.get("tags") or [])
    return notation_roll(character_id, request["expression"], request.get("dice"),
                         request.get("label", ""))
