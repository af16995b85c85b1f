"""The bounds live in one place: the request schema's ranges are the domain's."""

from __future__ import annotations

from marshmallow import validate

from api.struct_schema import schema_for
from ledger.domain import limits
from ledger.domain.character_commands import SheetPool, SheetStrain, UpdateSheet


def _range(field: object) -> tuple[object, object]:
    (rule,) = [v for v in getattr(field, "validators", []) if isinstance(v, validate.Range)]
    return rule.min, rule.max


def test_the_sheet_schema_checks_the_bounds_the_domain_keeps() -> None:
    sheet = schema_for(UpdateSheet, ("character_id",))().fields
    assert _range(sheet["level"]) == (limits.LEVEL.low, limits.LEVEL.high)
    assert _range(sheet["abilities"].value_field) == (limits.ABILITY.low, limits.ABILITY.high)
    assert _range(sheet["skills"].value_field) == (limits.SKILL.low, limits.SKILL.high)
    pool = schema_for(SheetPool)().fields
    assert _range(pool["current"]) == _range(pool["max"]) == (limits.POOL.low, limits.POOL.high)
    strain = schema_for(SheetStrain)().fields
    assert _range(strain["permanent"]) == (limits.STRAIN.low, limits.STRAIN.high)
    assert _range(strain["max"]) == (limits.STRAIN_MAX.low, limits.STRAIN_MAX.high)


def test_every_bounded_path_names_a_character_field() -> None:
    from ledger.domain.state import Character

    tops = {path.split(".")[0] for path in limits.BOUNDS} | {
        path.split(".")[0] for pair in limits.ORDERED for path in pair}
    assert tops <= set(Character.__struct_fields__)
