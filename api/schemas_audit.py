"""Request schemas of the audit endpoints: timeline filters, rewind, redo, verify."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.schemas import MAX_COUNTER, MAX_POSITION
from api.struct_schema import Bounds, LateRequiredInt, QueryInt


class TimelineQuery(Schema):
    character_id = fields.String(load_default=None)
    # Bounded to the stores' integer columns: a larger number overflowed the driver (a 500).
    session = QueryInt(load_default=None, validate=Bounds(min=0, max=MAX_COUNTER))
    scene = QueryInt(load_default=None, validate=Bounds(min=0, max=MAX_COUNTER))
    type = fields.String(load_default=None, validate=validate.Length(max=2000))
    from_ = QueryInt(data_key="from", load_default=None,
                           validate=Bounds(min=1, max=MAX_POSITION))
    to = QueryInt(load_default=None, validate=Bounds(min=1, max=MAX_POSITION))
    after = QueryInt(load_default=0, validate=Bounds(min=0, max=MAX_POSITION))
    limit = QueryInt(load_default=50, validate=Bounds(min=1, max=200))


class VerifyQuery(Schema):
    expect_head = fields.String(load_default=None,
                                validate=validate.Regexp(
                                    r"^[0-9a-fA-F]{64}$",
                                    error="expect_head is a head hash: 64 hex digits"))


# `position` and `from` are required, but checked after the token (ledger/service/audit/
# receipts.py): a caller without access learns nothing from a 422 first.
class InclusionQuery(Schema):
    position = LateRequiredInt(validate=Bounds(min=1, max=MAX_POSITION))
    size = QueryInt(load_default=None, validate=Bounds(min=1, max=MAX_POSITION))


class ConsistencyQuery(Schema):
    from_ = LateRequiredInt(data_key="from", validate=Bounds(min=1, max=MAX_POSITION))
    to = QueryInt(load_default=None, validate=Bounds(min=1, max=MAX_POSITION))
