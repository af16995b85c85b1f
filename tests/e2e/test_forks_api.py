"""What-if forks over HTTP, on both stores (docs/forks.md)."""

from __future__ import annotations

import uuid
from typing import Any

import msgspec
from flask import Flask

from api.runtime import ledger as app_ledger
from api.runtime import signer
from ledger.domain.context import Actor
from ledger.domain.forks import OriginTreeHead, fork_campaign
from ledger.domain.state import ForkOrigin
from ledger.service import tokens
from ledger.service.audit import receipts
from ledger.service.creation import new_campaign_id
from tests.api_client import ApiClient, by_id

# What a fork holds of its own rather than the origin's (ledger/domain/forks.py).
OWN = {"id", "name", "position", "head_hash", "recorded_at", "dice",
       "rewind", "forked_from"}


def origin(api: ApiClient) -> dict[str, Any]:
    """A session with Mana spent before the fork point and more after it."""
    api.new_campaign()
    mara = api.new_character(name="Mara", mana={"current": 12, "max": 12})
    api.post(api.c("/clock/start-session"))
    at = api.post(api.c(f"/characters/{mara}/mana/spend"), {"amount": 3})["position"]
    api.post(api.c(f"/characters/{mara}/mana/spend"), {"amount": 4, "reason": "the cast"})
    return {"mara": mara, "at": at, "campaign": api.campaign, "gm": api.token}


def forked(api: ApiClient, at: int, name: str = "What if") -> ApiClient:
    answer = api.post(api.c("/fork"), {"at": at, "name": name})
    assert answer.status == 201, answer
    fork = ApiClient(api.client)
    fork.token, fork.campaign = answer["gm_token"], answer["campaign"]["id"]
    return fork


def test_fork_starts_from_the_origins_canon_state_at_the_position(api: ApiClient) -> None:
    o = origin(api)
    fork = forked(api, o["at"])
    assert fork.campaign != o["campaign"]
    want = api.get(api.c(f"/state?at={o['at']}&view=canon"))["state"]
    got = fork.get(fork.c("/state"))["state"]
    assert {k: v for k, v in got.items() if k not in OWN} == \
        {k: v for k, v in want.items() if k not in OWN}
    assert by_id(got["characters"], o["mara"])["mana"]["current"] == 9  # before the cast
    assert got["name"] == "What if"
    assert got["position"] == 1


def test_fork_records_one_forked_from_with_the_origins_head_and_tree_head(
        api: ApiClient) -> None:
    o = origin(api)
    fork = forked(api, o["at"])
    (event,) = fork.get(fork.c("/events"))["events"]
    at_row = api.get(api.c(f"/events?after={o['at'] - 1}&limit=1"))["events"][0]
    data = event["data"]
    assert event["type"] == "ForkedFrom"
    assert data["origin"] == {"campaign_id": o["campaign"], "position": o["at"],
                              "head_hash": at_row["hash"]}
    assert (data["tree_head"]["campaign_id"], data["tree_head"]["tree_size"],
            data["tree_head"]["head_hash"]) == (o["campaign"], o["at"], at_row["hash"])
    # The campaign read names the origin; the origin's history is untouched.
    assert fork.get(fork.c(""))["campaign"]["forked_from"] == data["origin"]
    assert api.get(api.c(""))["campaign"]["forked_from"] is None
    assert api.get(api.c(""))["position"] == o["at"] + 1


def test_fork_copies_no_token_and_answers_a_gm_token_of_its_own(api: ApiClient) -> None:
    o = origin(api)
    player = api.new_token("player", o["mara"])
    fork = forked(api, o["at"])
    listed = fork.get(fork.c("/tokens"))
    assert listed.status == 200, listed
    assert [(t["role"], t["label"]) for t in listed["tokens"]] == [("gm", "GM")]
    for stranger in (o["gm"], player):
        # An origin token is unknown to the fork: as for any other campaign, 404.
        assert fork.get(fork.c("/state"), token=stranger).status == 404


def test_only_the_origins_gm_may_fork(api: ApiClient) -> None:
    o = origin(api)
    player = api.new_token("player", o["mara"])
    observer = api.new_token("observer")
    for token in (player, observer):
        answer = api.post(api.c("/fork"), {"at": o["at"], "name": "No"}, token=token)
        assert (answer.status, answer["type"].rsplit("/", 1)[-1]) == (403, "gm-only")
    assert api.post(api.c("/fork"), {"at": 99, "name": "No"}).status == 422


def test_fork_has_a_dice_epoch_of_its_own_with_a_fresh_sealed_seed(
        api: ApiClient, app: Flask) -> None:
    o = origin(api)
    fork = forked(api, o["at"])
    mine, theirs = fork.get(fork.c(""))["campaign"]["dice"], api.get(api.c(f"/state?at={o['at']}"))["state"]
    assert mine["epoch"] == theirs["dice"]["epoch"]
    assert mine["commitment"] != theirs["dice"]["commitment"]
    with app.app_context():
        led = app_ledger()
        assert led.store.sealed_seed(fork.campaign, mine["epoch"]) is not None
        assert led.seeds.seed_for(fork.campaign, mine["epoch"]) != \
            led.seeds.seed_for(o["campaign"], mine["epoch"])


def test_a_roll_in_the_fork_does_not_repeat_the_origins_dice(api: ApiClient) -> None:
    o = origin(api)
    fork = forked(api, o["at"])  # fork now: the origin rolls after it, at the same place
    roll = {"expression": "20d20"}
    theirs = api.post(api.c(f"/characters/{o['mara']}/rolls"), roll)
    mine = fork.post(fork.c(f"/characters/{o['mara']}/rolls"), roll)
    assert theirs.status == mine.status == 201, (theirs, mine)
    assert mine["events"][0]["data"]["dice"] != theirs["events"][0]["data"]["dice"]


def test_fork_plays_on_and_verifies_against_its_origin(api: ApiClient) -> None:
    o = origin(api)
    fork = forked(api, o["at"])
    spent = fork.post(fork.c(f"/characters/{o['mara']}/mana/spend"), {"amount": 1})
    assert spent.status == 200
    assert spent["position"] == 2
    assert by_id(fork.get(fork.c("/state"))["state"]["characters"], o["mara"])["mana"]["current"] == 8
    fork.post(fork.c("/clock/end-session"))  # reveals the fork's own seed
    api.post(api.c("/clock/end-session"))  # the origin grows after the fork
    report = fork.get(fork.c("/verify"))
    assert report["ok"] is True, report
    assert report["fork"] == {"origin": o["campaign"], "position": o["at"],
                              "head_hash": report["fork"]["head_hash"], "origin_found": True,
                              "head_ok": True, "tree_head_ok": True, "consistent": True,
                              "origin_size": o["at"] + 2, "ok": True}
    assert api.get(api.c("/verify"))["ok"] is True
    assert "fork" not in api.get(api.c("/verify")).body


def test_verify_detects_a_forked_from_whose_head_is_not_the_origins(
        api: ApiClient, app: Flask) -> None:
    o = origin(api)
    with app.app_context():  # a ForkedFrom naming a head the origin never had at `at`
        led = app_ledger()
        at_state = led.canon_state_at(o["campaign"], o["at"])
        sth = msgspec.convert(msgspec.to_builtins(
            receipts.tree_head(led.store, signer(), o["campaign"], o["at"])), OriginTreeHead)
        wrong = ForkOrigin(campaign_id=o["campaign"], position=o["at"], head_hash="ab" * 32)
        forged = new_campaign_id()
        gm, secret = tokens.new_token(led.box, forged, "gm", None, "GM", Actor(role="gm"))
        led.execute(forged, Actor(role="gm"), fork_campaign("Forged", wrong, sth, at_state),
                    creating=True, tokens=[gm])
    fork = ApiClient(api.client)
    fork.token, fork.campaign = secret, forged
    report = fork.get(fork.c("/verify"))
    assert report.status == 200, report
    assert report["chain"]["ok"] is True  # its own chain is sound
    assert report["ok"] is False
    assert (report["fork"]["head_ok"], report["fork"]["ok"]) == (False, False)
    # The tree head was signed for the origin's real head: it no longer fits this one.
    assert report["fork"]["consistent"] is False


def test_compare_reads_a_character_at_a_position_of_the_origin_and_of_the_fork(
        api: ApiClient) -> None:
    o = origin(api)  # the origin cast: 9 -> 5 Mana after the fork point
    fork = forked(api, o["at"])
    fork.post(fork.c(f"/characters/{o['mara']}/mana/spend"), {"amount": 1})  # 9 -> 8
    after_cast = o["at"] + 1
    read = fork.get(fork.c(f"/characters/{o['mara']}/compare?origin_at={after_cast}"))
    assert read.status == 200, read
    assert (read["origin"]["campaign_id"], read["origin"]["position"]) == \
        (o["campaign"], after_cast)
    assert (read["fork"]["campaign_id"], read["fork"]["position"]) == (fork.campaign, 2)
    assert read["origin"]["character"] == \
        api.get(api.c(f"/characters/{o['mara']}?at={after_cast}"))["character"]
    assert read["fork"]["character"] == fork.get(fork.c(f"/characters/{o['mara']}"))["character"]
    assert {"path": "character.mana.current", "before": 5, "after": 8} in read["changes"]
    # At the fork point and the fork's first position, the two sides agree.
    same = fork.get(fork.c(f"/characters/{o['mara']}/compare?origin_at={o['at']}&fork_at=1"))
    assert same["changes"] == []


def test_compare_is_for_forks_and_their_gm(api: ApiClient) -> None:
    o = origin(api)
    assert api.get(api.c(f"/characters/{o['mara']}/compare?origin_at=1")).status == 422
    fork = forked(api, o["at"])
    observer = fork.new_token("observer")
    path = fork.c(f"/characters/{o['mara']}/compare?origin_at=1")
    assert fork.get(path, token=observer).status == 403
    assert fork.get(fork.c("/characters/chr_nobody/compare?origin_at=1")).status == 404


def test_compare_ends_when_the_origin_revokes_the_gm_token_that_forked(api: ApiClient) -> None:
    """An outside attack: a second origin GM forked, the origin revoked that GM, and the
    fork's token still read the origin's later history. It reads it while the forking token,
    or a rotation of it, is a live GM token of the origin."""
    o = origin(api)
    second = api.new_token("gm")
    rotated = api.post(api.c(f"/tokens/{by_id_of(api, second)}/rotate"), token=second)
    assert rotated.status == 201, rotated
    second = rotated["token"]
    answer = api.post(api.c("/fork"), {"at": o["at"], "name": "What if"}, token=second)
    assert answer.status == 201, answer
    fork = ApiClient(api.client)
    fork.token, fork.campaign = answer["gm_token"], answer["campaign"]["id"]
    path = fork.c(f"/characters/{o['mara']}/compare?origin_at=4")
    assert fork.get(path).status == 200
    again = api.post(api.c(f"/tokens/{by_id_of(api, second)}/rotate"), token=second)
    assert again.status == 201, again  # a rotation continues the forker's lineage
    assert fork.get(path).status == 200
    assert fork.get(fork.c("/verify"))["fork"]["origin_size"] == api.get(api.c())["position"]
    assert api.delete(api.c(f"/tokens/{by_id_of(api, again['token'])}")).status == 204
    refused = fork.get(path)
    assert (refused.status, refused["rule"]) == (403, "fork-origin-access-revoked")
    # and /verify no longer shows the origin's head (an outside attack read it there)
    checked = fork.get(fork.c("/verify"))["fork"]
    assert checked["origin_size"] is None
    assert checked["consistent"] is True


def by_id_of(api: ApiClient, secret: str) -> str:
    """A token's id from its secret (`clt_<id>_<secret>`)."""
    return secret.split("_")[1]


def test_fork_timeline_starts_with_one_entry_naming_the_origin(api: ApiClient) -> None:
    o = origin(api)
    fork = forked(api, o["at"])
    (entry,) = fork.get(fork.c("/timeline"))["entries"]
    assert entry["types"] == ["ForkedFrom"]
    assert entry["summary"] == \
        f"Campaign 'What if' forked from {o['campaign']} at position {o['at']}"


def test_a_replayed_fork_answers_the_same_fork_and_token_and_writes_one_fork(
        api: ApiClient) -> None:
    o = origin(api)
    key = {"Idempotency-Key": str(uuid.uuid4())}
    first = api.post(api.c("/fork"), {"at": o["at"], "name": "Once"}, headers=key)
    again = api.post(api.c("/fork"), {"at": o["at"], "name": "Once"}, headers=key)
    assert (first.status, again.status) == (201, 201)
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert (again["campaign"]["id"], again["gm_token"]) == (first["campaign"]["id"], first["gm_token"])
    tokens = api.get(f"/v1/campaigns/{first['campaign']['id']}/tokens", token=first["gm_token"])
    assert len(tokens["tokens"]) == 1
    events = api.get(f"/v1/campaigns/{first['campaign']['id']}/events", token=first["gm_token"])
    assert [e["type"] for e in events["events"]] == ["ForkedFrom"]


def test_one_key_is_one_request_across_a_fork_and_its_origin(api: ApiClient) -> None:
    """An outside attack gained Mana and then forked under one key (and the other way
    round): both ran, where any other second request under a key is 422."""
    o = origin(api)
    first = {"Idempotency-Key": str(uuid.uuid4())}
    gained = api.post(api.c(f"/characters/{o['mara']}/mana/gain"), {"amount": 1}, headers=first)
    assert gained.status == 200
    head = api.get(api.c())["position"]
    refused = api.post(api.c("/fork"), {"at": o["at"], "name": "Twice"}, headers=first)
    assert (refused.status, refused["rule"]) == (422, "idempotency-key-reused")
    second = {"Idempotency-Key": str(uuid.uuid4())}
    assert api.post(api.c("/fork"), {"at": o["at"], "name": "Once"}, headers=second).status == 201
    again = api.post(api.c(f"/characters/{o['mara']}/mana/gain"), {"amount": 1}, headers=second)
    assert (again.status, again["rule"]) == (422, "idempotency-key-reused")
    assert api.get(api.c())["position"] == head


def test_fork_at_a_voided_position_starts_from_the_canon_state_before_it(
        api: ApiClient) -> None:
    o = origin(api)  # at: 12 -> 9 Mana; at + 1: the cast, 9 -> 5
    rewound = api.post(api.c("/rewind"), {"to_position": o["at"], "reason": "not cast"})
    assert rewound.status == 200, rewound
    fork = forked(api, o["at"] + 1)  # the voided cast
    state = fork.get(fork.c("/state"))["state"]
    assert by_id(state["characters"], o["mara"])["mana"]["current"] == 9
    assert state["rewind"] == {"voided": [], "last_rewind": 0}
    assert fork.get(fork.c(""))["campaign"]["forked_from"]["position"] == o["at"] + 1
