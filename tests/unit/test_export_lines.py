"""Reading an export file: whatever its lines hold, a refusal names the line, never a
traceback (ledger/adapters/export_format.py)."""

from __future__ import annotations

import msgspec
import pytest

from ledger.adapters.export_format import ExportError, HeaderLine, read_history

HEADER = msgspec.json.encode(HeaderLine(campaign_id="cmp_x", events=1,
                                        exported_at="2026-01-01T00:00:00.000000Z"))


def test_json_nested_thousands_deep_is_refused_naming_its_line() -> None:
    # An outside attack: a RecursionError traceback from verify, import and replay.
    deep = b'{"kind":"event","data":' + b'{"a":' * 5000 + b"1" + b"}" * 5001
    with pytest.raises(ExportError, match="line 2: JSON nested too deeply"):
        read_history([HEADER, deep])
