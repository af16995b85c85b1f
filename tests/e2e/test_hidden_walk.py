"""GM blind rolls and secret notes, walked on both stores: before the reveal no GET of the
API (every one /openapi.json lists), the feed, a webhook, the timeline, the audit page or
a player's export holds the hidden data, its nonce or its seed; after the reveal the
player's export verifies whole, with the data checked against its commitment and the
dice against the roll's own seed."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable
from typing import Any

from campaign_ledger_client.verify import read_export, verify_export

from ledger.adapters.export_format import read_history
from ledger.adapters.secrets_box import SecretBox
from ledger.domain.audit.verify import verify
from ledger.domain.hidden import commitment
from ledger.service.hidden_vault import sealed_context
from tests.api_client import ApiClient
from tests.conftest import SECRET_KEY, make_store
from tests.e2e.test_feed_api import _messages, _through, quick  # noqa: F401 (a fixture)
from tests.e2e.test_webhooks import Receiver, runner  # noqa: F401 (a fixture)
from tests.waiting import wait_until

LABEL = "zq-ambush-perception-4471"
NOTE = "zq-the-innkeeper-is-the-informant-8812"
STREAMS = ("/feed",)  # read below as a stream, not in the GET walk


def _secrets(api: ApiClient, store_config: Any, position: int) -> list[str]:
    """What the server sealed at `position` (the test holds the server key), as the
    strings that must not leak: the sealed text, the nonce, the seed and the data's words."""
    store = make_store(store_config)
    [record] = store.read(api.campaign, after=position - 1, limit=1)
    store.close()
    stored = json.loads(record.data)
    opened = json.loads(SecretBox(bytes.fromhex(SECRET_KEY)).open(
        base64.b64decode(stored["sealed"]), sealed_context(api.campaign, position)))
    assert commitment(bytes.fromhex(opened["nonce"]), opened["data"]) == stored["commitment"]
    data = opened["data"]
    found = [stored["sealed"][:40], opened["nonce"], data.get("label") or data.get("text")]
    if opened["seed"]:
        found += [opened["seed"], data["result_text"]]
    return found


def _paths(api: ApiClient, ids: dict[str, str]) -> list[str]:
    spec = api.get("/openapi.json").body
    paths = []
    for template, operations in spec["paths"].items():
        if "get" not in operations or template.endswith(STREAMS):
            continue
        paths.append(re.sub(r"\{(\w+)\}", lambda m: str(ids.get(m.group(1), "x")), template))
    return paths


def _variants(path: str, positions: list[int]) -> list[str]:
    """The GET as listed, and its views at (or just before) each hidden position."""
    if path.endswith(("/events", "/timeline")):
        return [path, *(f"{path}?after={p - 1}" for p in positions)]
    if path.endswith("/proofs/inclusion"):
        return [f"{path}?position={p}" for p in positions]
    if path.endswith(("/state", "/characters", "/stunt-pool", "/spirits", "/items")):
        return [path, *(f"{path}?at={p}" for p in positions)]
    return [path]


OK_AT_LEAST = 25  # the walk reads real answers, not only refusals


def _gets(api: ApiClient, token: str, paths: list[str], positions: list[int]) -> list[str]:
    """Every answer's text, for each GET and its variants."""
    bodies, ok = [], 0
    for path in paths:
        for sent in _variants(path, positions):
            response = api.client.get(sent, headers={"Authorization": f"Bearer {token}"})
            bodies.append(response.get_data(as_text=True))
            ok += response.status_code == 200
    assert ok >= OK_AT_LEAST, ok
    return bodies


def _feed(api: ApiClient, token: str, head: int) -> str:
    response = api.client.get(api.c("/feed?after=0"), buffered=False,
                              headers={"Authorization": f"Bearer {token}"})
    try:
        return json.dumps(_messages(iter(response.response), _through(head)))
    finally:
        response.close()


def _leaks(texts: list[str], needles: list[str]) -> list[tuple[str, str]]:
    return [(needle, text[:200]) for text in texts for needle in needles if needle in text]


def _setup(api: ApiClient, hook_url: str | None = None
           ) -> tuple[dict[str, str], str, int, int, dict[str, Any]]:
    api.new_campaign()
    if hook_url:  # a third party that takes every event
        assert api.post(api.c("/webhooks"), {"url": hook_url, "types": ["*"]}).status == 201
    mara = api.new_character()
    player = api.new_token("player", mara)
    assert api.post(api.c("/clock/start-session")).status in (200, 201)
    rolled = api.post(api.c("/hidden/rolls"),
                      {"expression": "3d6+2", "label": LABEL, "character_id": mara})
    assert rolled.status == 201, rolled
    assert rolled["hidden"]["data"]["label"] == LABEL  # the GM sees her roll
    noted = api.post(api.c("/hidden/notes"), {"text": NOTE})
    assert noted.status == 201, noted
    assert api.post(api.c("/clock/end-session")).status in (200, 201)  # the session seed is out
    ids = {"campaign_id": api.campaign, "character_id": mara, "position": "1", "name": "conditions"}
    return ids, player, rolled["position"], noted["position"], rolled["hidden"]


def test_a_player_reads_no_hidden_data_nonce_or_seed_anywhere_before_the_reveal(
        quick: ApiClient, store_config: Any, runner: Callable[[], None]) -> None:  # noqa: F811
    api = quick
    receiver = Receiver(lambda n, body: False)
    ids, player, roll_at, note_at, _ = _setup(api, receiver.url)
    runner()
    needles = _secrets(api, store_config, roll_at) + _secrets(api, store_config, note_at)
    head = api.get(api.c("/head"))["position"]

    texts = _gets(api, player, _paths(api, ids), [roll_at, note_at])
    texts.append(_feed(api, player, head))
    texts.append(api.client.get(f"/campaigns/{api.campaign}/audit").get_data(as_text=True))
    export = api.client.get(api.c("/export"), headers={"Authorization": f"Bearer {player}"})
    assert export.status_code == 200
    texts.append(export.get_data(as_text=True))
    wait_until(lambda: any(body.get("event", {}).get("position") == head
                           for body in receiver.accepted()) or None, "webhook deliveries")
    texts += [json.dumps(body) for body in receiver.accepted()]
    receiver.server.shutdown()
    assert _leaks(texts, needles) == []
    # The same walk finds them once they are out: the GM's own export holds the sealed
    # data, and after the reveal the events, the timeline and the feed show the roll.
    gm_export = api.client.get(api.c("/export"), headers={"Authorization": f"Bearer {api.token}"}
                               ).get_data(as_text=True)
    assert needles[0] in gm_export
    assert api.post(api.c("/hidden/reveal"), {"position": roll_at}).status == 200
    after = _gets(api, player, _paths(api, ids), [roll_at])
    shown = {needle for needle, _ in _leaks(after, needles)}
    assert {LABEL, needles[1], needles[3]} <= shown  # the label, the nonce and the seed

    # The walk saw the placeholders: type, position, commitment, and nothing sealed.
    events = api.get(api.c(f"/events?after={roll_at - 1}&limit=1"), token=player)["events"]
    assert events[0]["type"] == "HiddenRolled"
    assert set(events[0]["data"]) == {"commitment"}


def test_after_the_reveal_a_players_export_verifies_and_checks_the_roll(
        api: ApiClient, store_config: Any) -> None:
    _ids, player, roll_at, note_at, shown = _setup(api)
    export = api.client.get(api.c("/export"), headers={"Authorization": f"Bearer {player}"})
    before = export.get_data().splitlines()
    assert verify_export(before).ok  # placeholders verify too: the chain hashes commitments

    revealed = api.post(api.c("/hidden/reveal"), {"position": roll_at})
    assert revealed.status == 200, revealed
    assert revealed["events"][0]["data"]["data"] == shown["data"]
    assert api.post(api.c("/hidden/reveal"), {"position": note_at}).status == 200
    assert api.post(api.c("/hidden/reveal"), {"position": roll_at}).status == 409
    assert api.post(api.c("/hidden/reveal"), {"position": roll_at}, token=player).status == 403

    lines = api.client.get(api.c("/export"), headers={"Authorization": f"Bearer {player}"}
                           ).get_data().splitlines()
    report = verify_export(lines, public_key=api.get("/v1/signing-key")["public_key"])
    assert report.ok, report.problems()
    history = read_history(lines)
    server_report = verify(history.records)
    assert server_report.ok
    assert server_report.hidden is not None
    assert server_report.hidden.revealed == [roll_at, note_at]
    assert read_export(lines).header["format"] == "campaign-ledger/export/v2"
    checked = api.get(api.c("/verify"), token=player)
    assert checked.status == 200, checked
    assert checked["ok"], checked


def test_a_reveal_whose_dice_were_changed_fails_verification(api: ApiClient) -> None:
    _, player, roll_at, _, _ = _setup(api)
    api.post(api.c("/hidden/reveal"), {"position": roll_at})
    lines = api.client.get(api.c("/export"), headers={"Authorization": f"Bearer {player}"}
                           ).get_data().splitlines()
    forged = []
    for raw in lines:
        line = json.loads(raw)
        if line.get("type") == "HiddenRevealed":
            line["data"]["data"]["dice"][0]["value"] = line["data"]["data"]["dice"][0]["value"] % 6 + 1
        forged.append(json.dumps(line).encode())
    report = verify_export(forged)
    assert not report.ok
    assert any("hidden" in problem for problem in report.problems())


def test_the_gm_reads_a_hidden_roll_or_note_back_and_no_one_else_does(api: ApiClient) -> None:
    # A newcomer's trial: the write's answer was the GM's only copy of a blind roll.
    _, player, roll_at, note_at, shown = _setup(api)
    roll = api.get(api.c(f"/hidden/{roll_at}"))
    assert roll.status == 200, roll
    assert roll["hidden"] == {"position": roll_at, "type": "HiddenRolled",
                              "commitment": shown["commitment"], "data": shown["data"],
                              "revealed": False}
    assert api.get(api.c(f"/hidden/{note_at}"))["hidden"]["data"]["text"] == NOTE
    assert api.get(api.c(f"/hidden/{roll_at}"), token=player).status == 403
    assert api.get(api.c("/hidden/1"))["rule"] == "hidden-event-not-found"  # not hidden
    # not positions: other scripts' digits, past what a store holds (a 500 once), words
    for odd in ("%D9%A4", "%EF%BC%94", "9" * 23, "abc", "-1", "0"):
        assert api.get(api.c(f"/hidden/{odd}"))["rule"] == "hidden-event-not-found", odd
    assert api.post(api.c("/hidden/reveal"), {"position": roll_at}).status == 200
    assert api.get(api.c(f"/hidden/{roll_at}"))["hidden"]["revealed"] is True
