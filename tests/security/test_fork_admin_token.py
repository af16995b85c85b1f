"""Forking starts a campaign: with an admin token set, it needs it too (docs/forks.md)."""

from __future__ import annotations

from tests.security.conftest import MakeApi


def test_fork_needs_the_admin_token_when_the_server_sets_one(make_api: MakeApi) -> None:
    api = make_api(admin_token="operators-only")
    created = api.post("/v1/campaigns", {"name": "Noir"}, token="operators-only")
    assert created.status == 201, created
    gm, cid = created["gm_token"], created["campaign"]["id"]
    body = {"at": 1, "name": "What if"}
    refused = api.post(f"/v1/campaigns/{cid}/fork", body, token=gm)
    assert (refused.status, refused["rule"]) == (401, "admin-token-required")
    wrong = api.post(f"/v1/campaigns/{cid}/fork", body, token=gm,
                     headers={"X-Admin-Token": "guess"})
    assert wrong.status == 401
    # The admin token alone is no GM of the origin.
    alone = api.post(f"/v1/campaigns/{cid}/fork", body, token="operators-only",
                     headers={"X-Admin-Token": "operators-only"})
    assert alone.status == 401
    forked = api.post(f"/v1/campaigns/{cid}/fork", body, token=gm,
                      headers={"X-Admin-Token": "operators-only"})
    assert forked.status == 201, forked
    assert api.get(f"/v1/campaigns/{forked['campaign']['id']}",
                   token=forked["gm_token"])["campaign"]["forked_from"][
        "campaign_id"] == cid
