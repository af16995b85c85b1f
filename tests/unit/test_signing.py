"""The signed messages (ledger/adapters/signing.py): their fast encoder gives exactly the
canonical JSON that every existing signature and every verifier was made over."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.adapters.signing import canonical_fields
from ledger.domain.chain import canonical

fields = st.dictionaries(st.text(max_size=12),
                         st.one_of(st.text(), st.integers(min_value=-(2**63), max_value=2**63)),
                         max_size=8)


def encodable(value: dict[str, str | int]) -> bool:
    try:
        canonical(value)
    except UnicodeEncodeError:  # a lone surrogate: neither encoder writes one
        return False
    return True


@settings(max_examples=500)
@given(fields)
def test_signed_fields_encode_as_canonical_json(value: dict[str, str | int]) -> None:
    if encodable(value):
        assert canonical_fields(value) == canonical(value)


def test_every_control_and_separator_character_escapes_the_same() -> None:
    for code in [*range(0x20), 0x22, 0x5C, 0x7F, 0x2028, 0x2029, 0xFEFF]:
        value: dict[str, str | int] = {"campaign_id": chr(code), "tree_size": code}
        assert canonical_fields(value) == canonical(value), hex(code)
