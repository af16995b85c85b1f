"""The Python client against the real server (gunicorn over a socket), on both stores."""

from __future__ import annotations

import http.server
import json
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from campaign_ledger_client import (
    Client,
    Forbidden,
    NotFound,
    PreconditionFailed,
    RuleViolation,
    Unauthorized,
    ValidationFailed,
    verify_export,
    webhook_signature_ok,
)
from campaign_ledger_client._http import Transport
from campaign_ledger_client._scope import ENDPOINTS

from tests.e2e import client_walkthrough
from tests.e2e.client_fixtures import ROOT, Served, export, new_campaign, served
from tests.waiting import DEADLINE_SECONDS, wait_until

__all__ = ["served"]  # the module-scoped live server fixture
HTTP_METHODS = {"get", "post", "put", "patch", "delete"}


def test_every_operation_of_the_openapi_document_has_a_client_method(served: Served) -> None:
    document = Client(served.url).openapi()
    operations = {(method.upper(), path) for path, item in document["paths"].items()
                  for method in item if method in HTTP_METHODS}
    assert sorted(operations - set(ENDPOINTS)) == [], "endpoints without a client method"
    assert sorted(set(ENDPOINTS) - operations) == [], "client methods of no endpoint"


def test_every_mapped_method_is_reachable_on_the_public_classes() -> None:
    from campaign_ledger_client import client

    classes = (client.Client, client.Campaign, client.Character)
    for names in ENDPOINTS.values():
        for qualname in names:
            method = qualname.split(".")[-1]
            found = [c for c in classes if getattr(c, method, None) is not None
                     and getattr(c, method).__qualname__ == qualname]
            assert found, f"{qualname} is shadowed or not mounted on a public class"


def test_every_client_method_reaches_its_endpoint(served: Served,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    reached: set[tuple[str, str]] = set()
    call, stream = Transport.call, Transport.open_stream

    def spied_call(self: Transport, method: str, path: str, **kw: Any) -> Any:
        reached.add((method, _template_of(method, path)))
        return call(self, method, path, **kw)

    def spied_stream(self: Transport, path: str, *args: Any) -> Any:
        reached.add(("GET", _template_of("GET", path)))
        return stream(self, path, *args)

    monkeypatch.setattr(Transport, "call", spied_call)
    monkeypatch.setattr(Transport, "open_stream", spied_stream)
    client_walkthrough.walk(Client(served.url))
    assert sorted(set(ENDPOINTS) - reached) == []


def _template_of(method: str, path: str) -> str:
    """The most specific mapped path that matches a concrete one."""
    matches = [t for m, t in ENDPOINTS if m == method
               and re.fullmatch(re.sub(r"\\{[a-z_]+\\}", "[^/]+", re.escape(t)), path)]
    return min(matches, key=lambda t: t.count("{"), default=path)


def test_a_refused_command_raises_with_the_problem_details(served: Served) -> None:
    _, campaign = new_campaign(served)
    mara = campaign.character(campaign.register_character(
        {"name": "Mara", "mana": {"current": 3, "max": 3}}).resource["id"])
    with pytest.raises(RuleViolation) as refused:
        mara.spend("mana", 5)
    problem = refused.value
    assert (problem.status, problem.rule, problem.title) == (409, "insufficient-mana",
                                                             "Insufficient mana")
    assert problem.type.endswith("/insufficient-mana")
    assert "3 Mana" in problem.detail
    assert problem.errors == {"amount": [problem.detail]}
    with pytest.raises(ValidationFailed) as invalid:
        mara.damage(0)
    assert invalid.value.rule == "schema-validation"
    assert "amount" in invalid.value.errors
    with pytest.raises(RuleViolation) as no_focus:
        mara.age_test("Willpower", focus="Firearms")
    assert (no_focus.value.rule, no_focus.value.allowed) == ("unknown-ability", [])  # no sheet
    with pytest.raises(ValidationFailed) as unknown:
        mara.age_test("Wits")
    assert (unknown.value.rule, unknown.value.allowed[0]) == ("unknown-name", "Accuracy")


def test_tokens_roles_and_stale_writes_raise_their_own_exceptions(served: Served) -> None:
    gm, campaign = new_campaign(served)
    mara = campaign.register_character({"name": "Mara"}).resource["id"]
    observer = gm.with_token(campaign.issue_token("observer").token).campaign(campaign.id)
    with pytest.raises(Forbidden):
        observer.character(mara).gain("mana", 1)
    with pytest.raises(Unauthorized):
        Client(served.url, "clt_nope_nope").campaign(campaign.id).get()
    with pytest.raises(NotFound):
        campaign.character("chr_missing").get()
    stale = campaign.get()["position"] - 1
    with pytest.raises(PreconditionFailed):
        campaign.with_options(if_match=stale).advance(5)
    assert campaign.get()["position"] == stale + 1  # nothing was recorded


def test_a_repeated_idempotency_key_answers_the_first_result_and_records_once(
        served: Served) -> None:
    _, campaign = new_campaign(served)
    keyed = campaign.with_options(idempotency_key="advance-once")
    first, second = keyed.advance(30), keyed.advance(30)
    assert (second.replayed, second.position) == (True, first.position)
    assert campaign.get()["campaign"]["clock"]["minutes"] == 30


def test_offline_verification_agrees_with_the_server_and_its_own_tool(
        served: Served, tmp_path: Path) -> None:
    gm, campaign = new_campaign(served)
    mara = campaign.character(campaign.register_character(
        {"name": "Mara", "abilities": {"Willpower": 1}}).resource["id"])
    for _ in range(2):
        campaign.clock("start-session")
        mara.roll("2d6+1")
        mara.roll("1d20", dice=[17])
        mara.age_test("Willpower", tn=11)
        campaign.clock("end-session")
    mara.roll("1d6")  # in the open epoch: pending
    exported = export(served, campaign.id, tmp_path / "history.jsonl")
    key = gm.signing_key()["public_key"]
    mine = verify_export(exported, public_key=key, expect_head=campaign.get()["campaign"]["head_hash"])
    server = campaign.verify()
    assert mine.problems() == []
    assert mine.ok
    assert (mine.rolls_verified, mine.rolls_pending, mine.rolls_reported) == (
        server["dice"]["verified"], len(server["dice"]["pending"]),
        len(server["dice"]["reported"])) == (4, 1, 2)
    assert (mine.head_position, mine.head_hash) == (server["chain"]["head_position"],
                                                    server["chain"]["head_hash"])


def test_the_example_bot_prints_a_line_per_roll(served: Served, tmp_path: Path) -> None:
    gm, campaign = new_campaign(served)
    mara = campaign.character(campaign.register_character(
        {"name": "Mara", "abilities": {"Willpower": 2}}).resource["id"])
    mara.age_test("Willpower", focus=None, tn=11, dice=[6, 5, 1])
    mara.roll("1d20+5", dice=[3])
    campaign.advance(1)  # not a roll: no line
    bot = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "example_bot.py"), "--url", served.url,
         "--heads", str(tmp_path / "heads.json"),
         "--campaign", campaign.id, "--after", "0", "--stop-at", "5"],
        env={"LEDGER_TOKEN": gm._transport.token or "", "PATH": "/usr/bin:/bin",
             "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=DEADLINE_SECONDS, check=True)
    lines = bot.stdout.strip().splitlines()
    assert lines == [
        "#3 Mara rolled AGE test Willpower vs TN 11: 6 5 [1] = 14, success (reported dice)",
        "#4 Mara rolled 1d20+5: 3 = 8 (reported dice)",
    ]


def test_a_webhook_delivery_carries_a_signature_the_client_can_check(served: Served) -> None:
    received: list[tuple[bytes, str]] = []

    class Receiver(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"]))
            received.append((body, self.headers["X-Ledger-Signature"]))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    receiver = http.server.HTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    _, campaign = new_campaign(served)
    hook = campaign.register_webhook(f"http://127.0.0.1:{receiver.server_port}/", ["*"])
    campaign.advance(5)

    def deliver_once() -> bool:
        # One pass may find nothing yet: the global order passes a transaction only once
        # every older one in the cluster has ended (docs/decisions/001-event-store.md).
        subprocess.run([sys.executable, "-m", "ledger.entry.cli", "deliver-webhooks", "--once"],
                       env={**served.config.to_env(), "PATH": "/usr/bin:/bin"}, cwd=ROOT,
                       check=True, capture_output=True, timeout=DEADLINE_SECONDS)
        return bool(received)

    wait_until(deliver_once, "the webhook delivery")
    receiver.shutdown()
    (body, signature), = received
    assert hook.secret is not None
    assert webhook_signature_ok(hook.secret, body, signature)
    assert not webhook_signature_ok(hook.secret, body + b" ", signature)
    assert json.loads(body)["event"]["type"] == "TimeAdvanced"


def test_the_guide_s_five_lines_run_as_written(served: Served) -> None:
    """docs/client.md's first example, with only the server's address changed: it named
    an `admin_token` it never defined, so a pasted copy failed with a NameError."""
    guide = (ROOT / "docs" / "client.md").read_text()
    block = re.search(r"## In five lines\n\n```python\n(.*?)```", guide, re.DOTALL)
    assert block is not None
    script = block.group(1).replace('"http://127.0.0.1:8000"', repr(served.url))
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=DEADLINE_SECONDS)
    assert ran.returncode == 0, ran.stderr
    position, total, success = ran.stdout.split()
    assert int(position) >= 3
    assert 3 + 2 <= int(total) <= 18 + 2  # 3d6 + Willpower 2
    assert success in ("True", "False")
