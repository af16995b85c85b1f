"""The client's typed answers against the server's OpenAPI document.

`schemas.py` is generated from the document (scripts/client_models.py): it must be what
the generator writes now, so a changed Struct cannot leave the client's models behind.
Each method declares the model of its answer (`@read(path, Model)`, or the model of a
write's primary resource in `@command(method, path, Model)`); the model must be the one the
document names for that operation, and no method that answers a model may leave it out.
"""

from __future__ import annotations

from typing import Any

import pytest
from campaign_ledger_client import schemas
from campaign_ledger_client._scope import ENDPOINTS, SHAPES

from scripts.client_models import READS, TARGET, document, generate, state_model

# Methods whose answer the client parses into its own dataclass (models.py), or types by
# hand, rather than returning the JSON as a model.
PARSED = {"CampaignCore.events", "Client.create_campaign", "Audit.fork_campaign",
          "Client.runner_health", "Webhooks.webhooks"}


@pytest.fixture(scope="module")
def doc() -> dict[str, Any]:
    return document()


def test_generated_models_are_current(doc: dict[str, Any]) -> None:
    assert TARGET.read_text() == generate(doc), (
        "client/campaign_ledger_client/schemas.py is stale: run "
        "`python -m scripts.client_models` and commit the result")


def expected(doc: dict[str, Any], method: str, path: str) -> str | None:
    return READS.get(path) if method == "GET" else state_model(doc, method, path)


def test_every_method_declares_the_model_the_document_names(doc: dict[str, Any]) -> None:
    wrong = {}
    for (method, path), names in ENDPOINTS.items():
        model = expected(doc, method, path)
        for name in names:
            owner_method = ".".join(name.split(".")[-2:])
            if owner_method in PARSED:
                continue
            declared = SHAPES.get(name)
            found = declared[2].__name__ if declared else None
            model_type = type(None) if model == "None" else getattr(schemas, model or "", None)
            if model == "None" and declared:
                found = "None" if declared[2] is type(None) else found
            if found != model or (declared and declared[2] is not model_type):
                wrong[f"{owner_method} ({method} {path})"] = (found, model)
    assert wrong == {}, "declared model, the document's model: " + repr(wrong)

