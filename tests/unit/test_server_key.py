"""The server key's setting: a malformed one is refused where it is read, naming its source.

Before, a LEDGER_SECRET_KEY that was not hex let `serve` fail with a bare traceback, and an
app started some other way answered every request with a 500.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.adapters.secrets_box import ServerKeyMalformed, read_key

GOOD = "ab" * 32


@pytest.mark.parametrize(("value", "says"), [("not-hex", "not hexadecimal"),
                                             ("abc", "not hexadecimal"), ("   ", "empty")])
def test_a_malformed_variable_is_refused_naming_the_variable(value: str, says: str,
                                                             tmp_path: Path) -> None:
    with pytest.raises(ServerKeyMalformed, match=f"LEDGER_SECRET_KEY is {says}"):
        read_key(tmp_path, value)


def test_an_empty_key_file_is_refused_not_read_as_an_empty_key(tmp_path: Path) -> None:
    (tmp_path / "secret.key").write_text("\n")
    with pytest.raises(ServerKeyMalformed, match="is empty"):
        read_key(tmp_path, None)


def test_a_malformed_key_file_is_refused_naming_the_file(tmp_path: Path) -> None:
    (tmp_path / "secret.key").write_text("zz" * 32)
    with pytest.raises(ServerKeyMalformed, match=str(tmp_path / "secret.key")):
        read_key(tmp_path, None)


def test_a_key_with_surrounding_whitespace_reads_as_its_bytes(tmp_path: Path) -> None:
    (tmp_path / "secret.key").write_text(GOOD + "\n")
    assert read_key(tmp_path, None) == bytes.fromhex(GOOD)
    assert read_key(tmp_path, f" {GOOD}\n") == bytes.fromhex(GOOD)


def test_no_key_anywhere_reads_as_none(tmp_path: Path) -> None:
    assert read_key(tmp_path, None) is None
