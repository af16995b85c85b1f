"""Every registered operation declares the one envelope (tests/envelope.py), and every read
of the document answers a `position` but the exempt ones; the example test checks each
write's actual answer against the same rule (tests/e2e/test_command_examples.py)."""

from __future__ import annotations

from typing import Any

import pytest

from api import create_app, route_blueprints
from api.contract import RESOURCE_KEYS
from api.registry import REGISTRY, Registration
from ledger.service.config import Config
from tests.envelope import ENVELOPE, NO_POSITION, is_recorded

route_blueprints()


@pytest.fixture(scope="module")
def document(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    app = create_app(Config(data_dir=str(tmp_path_factory.mktemp("doc")), testing=True))
    spec: dict[str, Any] = app.test_client().get("/openapi.json").get_json()
    return spec


@pytest.mark.parametrize("registration", [r for r in REGISTRY if is_recorded(r)],
                         ids=lambda r: r.command.__name__)
def test_a_write_declares_position_events_its_resource_and_changed(
        registration: Registration) -> None:
    schema = registration.answer.schema
    assert set(schema["required"]) >= ENVELOPE, schema["required"]
    assert "state" not in schema["properties"] or registration.answer.key == "state"
    key = registration.answer.key
    if key is not None:
        assert key in RESOURCE_KEYS.values()
        assert key in schema["required"]


def test_every_recorded_write_is_registered_with_the_envelope() -> None:
    # Nothing but tokens, webhooks and feed tickets answers without events.
    keyed = {r.command.__name__ for r in REGISTRY if not is_recorded(r)}
    assert keyed == {"IssueToken", "RotateToken", "RevokeToken", "RegisterWebhook",
                     "DeleteWebhook", "IssueFeedTicket"}


def required(document: dict[str, Any], schema: dict[str, Any]) -> set[str]:
    if "$ref" in schema:
        return required(document, document["components"]["schemas"][
            schema["$ref"].rsplit("/", 1)[-1]])
    return set(schema.get("required", [])).union(
        *(required(document, part) for part in schema.get("allOf", [])))


def test_every_read_answers_its_position(document: dict[str, Any]) -> None:
    lacking = []
    for path, item in document["paths"].items():
        get = item.get("get")
        if get is None or path in NO_POSITION or not path.startswith("/v1/campaigns/"):
            continue
        answer = get["responses"]["200"].get("content", {})
        schema = answer.get("application/json", {}).get("schema")
        if schema is None:
            continue  # the feed's event stream, the export's JSON Lines
        if "position" not in required(document, schema):
            lacking.append(path)
    assert lacking == []


def test_the_documents_description_names_the_whole_envelope(document: dict[str, Any]) -> None:
    """It named `{position, events, <resource>, changed}`, and every write also answers its
    `receipt`."""
    shown = document["info"]["description"].split("Every write answers `{", 1)[1].split("}`")[0]
    assert {key.strip() for key in shown.split(",")} == ENVELOPE | {"<resource>"}
