"""The client against the command registry, both ways: every registered command has a client
method for its path, and the method sends exactly the command's body fields (no more, no
fewer). The client is written by hand and stays dependency-free; this keeps it honest."""

from __future__ import annotations

from tests.registry_checks import client_problems


def test_every_command_has_a_client_method_sending_exactly_its_fields() -> None:
    assert client_problems() == []
