"""Plain-language timeline summaries of the spirit events (ledger/domain/spirits/events.py)."""

from __future__ import annotations

from typing import Any

from ledger.domain.audit.summaries import Names, Summarizer, summarizes, why

FORM_NUMERALS = {1: "I", 2: "II", 3: "III"}


def _spirit(d: dict[str, Any]) -> str:
    return f"spirit {d['spirit_id']}"


@summarizes("SpiritSummoned")
def _summoned(d: dict[str, Any], names: Names) -> str:
    named = f" {d['name']!r}" if d.get("name") else ""
    again = " again" if d.get("resummoned") else ""
    return (f"{names(d['character_id'])} summoned{again} ({d['mode']}) the {d['nature']} "
            f"spirit{named}, {d['form']} Form {FORM_NUMERALS.get(d['form_level'], '?')}, "
            f"{d['hit_dice']} HD, {d['max_hit_points']} HP, {len(d['powers'])} powers, "
            f"for {d['cost']} Summoner Effort")


def _moved(verb: str) -> Summarizer:
    def summary(d: dict[str, Any], names: Names) -> str:
        return f"{names(d['character_id'])}'s {_spirit(d)} {verb}"

    return summary


for _type, _verb in {"SpiritDismissed": "was dismissed", "SpiritCalled": "was called back",
                     "SpiritDestroyed": "was destroyed (0 HP)",
                     "SpiritBrokeFree": "broke free and is uncontrolled"}.items():
    summarizes(_type)(_moved(_verb))


@summarizes("SpiritDispelled", "SpiritVanished", "SpiritFaded")
def _gone(d: dict[str, Any], names: Names) -> str:
    return f"{names(d['character_id'])}'s {_spirit(d)} is gone{why(d.get('reason'))}"


@summarizes("SpiritDamaged")
def _damaged(d: dict[str, Any], names: Names) -> str:
    return (f"{_spirit(d).capitalize()} took {d['amount']} damage{why(d.get('reason'))} "
            f"(HP {d['before']} → {d['after']})")


@summarizes("SpiritCompelled")
def _compelled(d: dict[str, Any], names: Names) -> str:
    result = "obeys" if d["success"] else "resists"
    return (f"{names(d['character_id'])} compelled {_spirit(d)} ({d['command']}): "
            f"{d['total']} vs {d['difficulty']}, it {result}")


@summarizes("SpiritBanishAttempted")
def _banish(d: dict[str, Any], names: Names) -> str:
    result = f"{d['damage']} damage" if d["success"] else "no effect"
    return (f"{names(d['character_id'])} tried to banish {_spirit(d)}: "
            f"{d['total']} vs {d['opposing_total']}, {result}")
