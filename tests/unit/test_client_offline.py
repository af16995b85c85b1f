"""The Python client's offline parts: dice derivation, Ed25519, the SSE parser, its imports."""

from __future__ import annotations

import ast
import contextlib
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from campaign_ledger_client import Client, ServerError, ServiceUnavailable, ed25519
from campaign_ledger_client._derive import commitment, die
from campaign_ledger_client._http import Answer, Transport
from campaign_ledger_client._scope import ENDPOINTS
from campaign_ledger_client.errors import problem_error
from campaign_ledger_client.feed import Message, messages
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from ledger.service.idempotency import check_secret_key

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "client" / "campaign_ledger_client"
# RFC 8032, section 7.1, TEST 1 and TEST 2: (public key, message, signature).
RFC_8032 = [
    ("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf"
     "9b46bd25bf5f0595bbe24655141438e7a100b"),
    ("3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f"
     "11d8c387b2eaeb4302aeeb00d291612bb0c00"),
]


def test_server_dice_match_the_test_vector_published_in_docs_dice_md() -> None:
    text = (ROOT / "docs" / "dice.md").read_text()
    block = re.search(r"```json test-vector\n(.*?)```", text, re.DOTALL)
    assert block is not None
    vector = json.loads(block.group(1))
    seed = bytes.fromhex(vector["seed"])
    assert commitment(seed) == vector["commitment"]
    for d in vector["dice"]:
        assert die(seed, vector["campaign_id"], vector["epoch"], vector["command_position"],
                   d["index"], d["sides"]) == d["value"], d


@pytest.mark.parametrize(("public", "message", "signature"), RFC_8032)
def test_ed25519_accepts_the_rfc_8032_signatures(public: str, message: str,
                                                 signature: str) -> None:
    key, msg, sig = bytes.fromhex(public), bytes.fromhex(message), bytes.fromhex(signature)
    assert ed25519.verify(key, msg, sig)
    assert not ed25519.verify(key, msg + b"!", sig)
    assert not ed25519.verify(key, msg, sig[:63] + bytes([sig[63] ^ 1]))


def test_ed25519_agrees_with_a_reference_implementation_on_random_keys() -> None:
    for n in range(8):
        private = Ed25519PrivateKey.generate()
        public = private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        message = b"campaign-ledger/head/v1\n" + bytes(range(n * 7))
        signature = private.sign(message)
        assert ed25519.verify(public, message, signature)
        other = Ed25519PrivateKey.generate().sign(message)
        assert not ed25519.verify(public, message, other)


def test_sse_messages_follow_the_html_standard() -> None:
    stream = iter([b"retry: 1000\r\n", b"\r\n", b": heartbeat\n", b"\n", b"id: 7\n",
                   b"data: {\"a\":\n", b"data:1}\n", b"\n", b"event: token-revoked\n",
                   b"data: x\n", b"\n", b"id: 8\n", b"data: unfinished\n"])
    found = list(messages(lambda: next(stream, b"")))
    assert found == [Message("", "", None, 1000), Message("", '{"a":\n1}', "7", None),
                     Message("token-revoked", "x", "7", None)]


def test_an_error_answer_that_is_not_problem_json_still_raises_with_its_text() -> None:
    error = problem_error(502, b"<html>Bad gateway</html>", {})
    assert isinstance(error, ServerError)
    assert (error.status, error.detail) == (502, "<html>Bad gateway</html>")
    busy = problem_error(503, b'{"rule":"feed-busy"}', {"retry-after": "2"})
    assert isinstance(busy, ServiceUnavailable)
    assert busy.retry_after == 2.0


def test_the_transport_refuses_urls_other_than_http() -> None:
    with pytest.raises(ValueError, match="http"):
        Transport("file:///etc/passwd")


def test_the_client_guide_lists_every_method_of_the_endpoint_map() -> None:
    guide = (ROOT / "docs" / "client.md").read_text()
    names = {qualname.split(".")[-1] for names in ENDPOINTS.values() for qualname in names}
    assert sorted(n for n in names if f".{n}`" not in guide) == []


def test_the_client_imports_only_the_standard_library_and_itself() -> None:
    """It must not lean on the server's package (`ledger`) nor on anything to install."""
    for module in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(module.read_text())):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                top = name.split(".")[0]
                assert top in sys.stdlib_module_names or top == "campaign_ledger_client", (
                    f"{module.name} imports {name}")


class _Recorder(Transport):
    """Records each request's headers instead of sending it."""

    def call(self, method: str, path: str, **kw: Any) -> Answer:
        SENT.append((method, path, dict(kw.get("headers") or {}), kw.get("retry_safe")))
        return Answer(201, {}, {"idempotent-replayed": "true"})


SENT: list[tuple[str, str, dict[str, str], bool]] = []


def test_the_client_sends_secret_idempotency_keys_on_creation_tokens_and_webhooks() -> None:
    client = Client("http://ledger.invalid")
    client._transport = _Recorder("http://ledger.invalid")
    campaign = client.campaign("cmp_x")
    SENT.clear()
    for call in (lambda: client.create_campaign("Noir"), lambda: campaign.issue_token("observer"),
                 lambda: campaign.rotate_token("tok1"),
                 lambda: campaign.register_webhook("http://h.invalid/", ["*"])):
        with contextlib.suppress(KeyError, TypeError):  # the recorder's empty answers
            call()
    keys = [headers.get("Idempotency-Key") for _, _, headers, _ in SENT]
    assert len(keys) == 4
    assert all(safe for *_, safe in SENT)  # so they are retried after a broken connection
    assert len(set(keys)) == 4
    for key in keys:
        assert key is not None
        assert len(key) >= 43  # 256 bits from secrets.token_urlsafe, not a uuid's 122
        check_secret_key(key)  # what the server demands of a creation key
