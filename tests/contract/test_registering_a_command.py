"""A command registered in one module, with one registration line, shows up everywhere an
operation is described: the OpenAPI document, the access matrix and the client check.

The throwaway command lives here only; the registry and the contract are restored after.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated

import pytest
from flask_smorest import Blueprint
from msgspec import Meta

import api.registry
from api import contract, create_app
from api.contract import write
from api.registry import AnswerShape, Registration, register
from ledger.domain.command import GM, Command
from ledger.domain.context import Context
from ledger.domain.decision import Later
from ledger.domain.events import DomainEvent
from ledger.domain.magic.commands import BankBacklash
from ledger.domain.state import CampaignState
from ledger.service.config import Config
from tests.api_client import ApiClient
from tests.registry_checks import client_problems, matrix_policies
from tests.security.routes import route_keys
from tests.security.test_access_matrix import REFUSALS, call, verdict

OMENS = "/v1/campaigns/{campaign_id}/omens"


class MarkOmen(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Mark an omen the table saw: a throwaway command of this test.

    It records nothing; only the GM may mark one.
    """

    policy = GM
    example = {"omen": "a crow on the lamp post"}
    example_needs = ()
    omen: Annotated[str, Meta(min_length=1, max_length=50, description="what was seen")]

    def decide(self, state: CampaignState, ctx: Context) -> Sequence[DomainEvent | Later]:
        return []


@pytest.fixture
def omens(monkeypatch: pytest.MonkeyPatch) -> Blueprint:
    monkeypatch.setattr(api.registry, "REGISTRY", list(api.registry.REGISTRY))
    monkeypatch.setattr(contract, "SUCCESS", dict(contract.SUCCESS))
    blp = Blueprint("omens", __name__, url_prefix="/v1/campaigns/<campaign_id>")
    register(blp, "POST", "/omens", MarkOmen, answer=AnswerShape(write(ref_state())))
    return blp


def ref_state() -> dict[str, str]:
    return contract.ref("CampaignState")


def test_the_command_is_documented_from_its_declaration(omens: Blueprint, tmp_path: str) -> None:
    app = create_app(Config(data_dir=str(tmp_path), testing=True), extra=[omens])
    operation = app.test_client().get("/openapi.json").get_json()["paths"][OMENS]["post"]
    assert operation["summary"] == "Mark an omen the table saw: a throwaway command of this test."
    assert "only the GM may mark one" in operation["description"]
    body = operation["requestBody"]["content"]["application/json"]
    assert body["example"] == MarkOmen.example
    assert operation["responses"]["200"]["content"]["application/json"]["schema"][
        "properties"]["state"] == ref_state()


def test_the_access_matrix_holds_it_to_its_policy(omens: Blueprint, store_config: Config) -> None:
    app = create_app(store_config, extra=[omens])
    assert ("POST", OMENS) in route_keys(app)
    assert matrix_policies()[("POST", OMENS)] == "gm"
    client = ApiClient(app.test_client())
    campaign = client.new_campaign()
    tokens = {"gm": client.token or "", "observer": client.new_token("observer"),
              "none": ""}
    url = OMENS.format(campaign_id=campaign)
    for caller, token in tokens.items():
        answer = call(client, "POST", url, MarkOmen.example, token)
        assert verdict("gm", caller, answer) is None, (caller, answer)
    assert REFUSALS["gm"]["observer"] == 403


def test_the_client_check_finds_it_has_no_client_method(omens: Blueprint) -> None:
    assert client_problems() == [
        f"MarkOmen: no client method for POST {OMENS}"]


class BankWithAReason(BankBacklash, frozen=True, kw_only=True, forbid_unknown_fields=True):
    reason: str = ""


def test_the_client_check_finds_a_field_only_one_side_knows() -> None:
    bank = next(r for r in api.registry.REGISTRY if r.command is BankBacklash)
    changed = Registration(BankWithAReason, bank.method, bank.path, bank.endpoint, bank.status,
                           bank.answer)
    assert client_problems([changed]) == [
        "BankWithAReason: ManaNoirMagic.bank_backlash cannot send `reason`"]
