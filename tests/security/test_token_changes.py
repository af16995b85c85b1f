"""Rotation and revocation are compare-and-set: concurrent requests cannot multiply a token,
revive a revoked one, or leave a campaign without a GM. Real threads, real stores."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from threading import Barrier
from typing import Any

from tests.api_client import Answer, ApiClient


def together(app: Any, calls: list[Callable[[ApiClient], Answer]]) -> list[Answer]:
    """Run each call on its own thread and client, all released at once."""
    gate = Barrier(len(calls))

    def run(call: Callable[[ApiClient], Answer]) -> Answer:
        client = ApiClient(app.test_client())
        gate.wait(timeout=60)
        return call(client)

    with ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(run, calls))


def live(api: ApiClient, role: str) -> list[dict[str, Any]]:
    return [t for t in api.get(api.c("/tokens"))["tokens"]
            if t["role"] == role and t["revoked_at"] is None]


def test_concurrent_rotations_of_one_token_leave_exactly_one_working_token(
        app: Any, api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character()
    old = api.new_token("player", mara).split("_")[1]
    gm = api.token
    answers = together(app, [lambda c: c.post(api.c(f"/tokens/{old}/rotate"), token=gm)] * 8)
    assert sorted(a.status for a in answers) == [201] + [409] * 7, answers
    assert {a["rule"] for a in answers if a.status == 409} == {"token-already-revoked"}
    (winner,) = [a for a in answers if a.status == 201]
    assert [t["id"] for t in live(api, "player")] == [winner["id"]]
    assert api.get(api.c(), token=winner["token"]).status == 200


def test_a_revoked_token_cannot_be_rotated_back_to_life(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character()
    old = api.new_token("player", mara).split("_")[1]
    assert api.delete(api.c(f"/tokens/{old}")).status == 204
    for _ in range(2):
        refused = api.post(api.c(f"/tokens/{old}/rotate"))
        assert (refused.status, refused["rule"]) == (409, "token-already-revoked")
    assert live(api, "player") == []
    rotated = api.post(api.c(f"/tokens/{api.new_token('observer').split('_')[1]}/rotate"))
    assert api.post(api.c(f"/tokens/{rotated['replaces']}/rotate")).status == 409


def test_the_last_gm_token_cannot_be_revoked(api: ApiClient) -> None:
    api.new_campaign()
    (gm,) = live(api, "gm")
    refused = api.delete(api.c(f"/tokens/{gm['id']}"))
    assert (refused.status, refused["rule"]) == (409, "last-gm-token")
    assert refused.headers["Content-Type"] == "application/problem+json"
    assert api.get(api.c()).status == 200
    second = api.post(api.c("/tokens"), {"role": "gm", "label": "co-GM"})
    api.token = second["token"]
    assert api.delete(api.c(f"/tokens/{gm['id']}")).status == 204
    assert [t["id"] for t in live(api, "gm")] == [second["id"]]
    rotated = api.post(api.c(f"/tokens/{second['id']}/rotate"), token=second["token"])
    assert rotated.status == 201  # rotating the last GM token keeps one
    api.token = rotated["token"]
    assert [t["id"] for t in live(api, "gm")] == [rotated["id"]]


def test_concurrent_revocations_of_two_gm_tokens_leave_one(app: Any, api: ApiClient) -> None:
    api.new_campaign()
    first = api.token
    second = api.post(api.c("/tokens"), {"role": "gm", "label": "co-GM"})["token"]
    # Each GM revokes their own token at the same moment.
    answers = together(app, [lambda c, t=t: c.delete(api.c(f"/tokens/{t.split('_')[1]}"), token=t)
                             for t in (first, second)])
    assert sorted(a.status for a in answers) == [204, 409], answers
    assert [a["rule"] for a in answers if a.status == 409] == ["last-gm-token"]
    api.token = first if answers[1].status == 204 else second
    assert len(live(api, "gm")) == 1  # the survivor's token still works
