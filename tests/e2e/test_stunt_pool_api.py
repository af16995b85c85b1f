"""Bonds and the group Stunt Pool over HTTP, on both stores."""

from __future__ import annotations

from tests.api_client import ApiClient

DOUBLES_4 = [4, 5, 4]
NO_DOUBLES = [6, 5, 4]


def bonded_group(api: ApiClient) -> tuple[str, str]:
    api.new_campaign()
    mara = api.new_character(name="Mara", abilities={"willpower": 2})
    ovid = api.new_character(name="Ovid", abilities={"willpower": 2})
    assert api.post(api.c("/bonds"), {"a": mara, "b": ovid, "rank": 2}).status == 201
    assert api.post(api.c("/bonds"), {"a": ovid, "b": mara, "rank": 1}).status == 201
    return mara, ovid


def roll(api: ApiClient, character_id: str, dice: list[int], token: str | None = None) -> int:
    answer = api.post(api.c(f"/characters/{character_id}/rolls"),
                      {"kind": "age", "ability": "willpower", "tn": 10, "dice": dice}, token=token)
    assert answer.status == 201, answer
    return int(answer["events"][0]["position"])


def pool(api: ApiClient, at: int | None = None) -> dict:  # type: ignore[type-arg]
    suffix = "" if at is None else f"?at={at}"
    return dict(api.get(api.c(f"/stunt-pool{suffix}"))["stunt_pool"])


def test_the_session_starts_with_the_pool_at_its_base(api: ApiClient) -> None:
    bonded_group(api)
    before = pool(api)
    assert (before["exists"], before["active"], before["base_now"]) == (True, False, 3)
    api.post(api.c("/clock/start-session"))
    assert (pool(api)["active"], pool(api)["sp"]) == (True, 3)


def test_sp_from_a_roll_go_into_the_pool_and_come_out_on_a_roll_without_doubles(
    api: ApiClient,
) -> None:
    mara, ovid = bonded_group(api)
    api.post(api.c("/clock/start-session"))
    lucky = roll(api, mara, DOUBLES_4)
    added = api.post(api.c("/stunt-pool/contribute"), {"roll_position": lucky, "sp": 4})
    assert added.status == 200, added
    assert added.primary["sp"] == 7
    plain = roll(api, ovid, NO_DOUBLES)
    spent = api.post(api.c("/stunt-pool/spend"), {"roll_position": plain, "sp": 5})
    assert spent.status == 200, spent
    assert spent["events"][0]["data"]["purpose"] == "without-doubles"
    assert pool(api)["sp"] == 2
    assert pool(api, at=added["position"])["sp"] == 7
    api.post(api.c("/clock/end-session"))
    assert pool(api)["sp"] == 3


def test_refusals_over_http(api: ApiClient) -> None:
    mara, _ovid = bonded_group(api)
    api.post(api.c("/clock/start-session"))
    lucky = roll(api, mara, DOUBLES_4)
    too_many = api.post(api.c("/stunt-pool/contribute"), {"roll_position": lucky, "sp": 5})
    assert (too_many.status, too_many["rule"]) == (409, "contribution-exceeds-generated-sp")
    broke = api.post(api.c("/stunt-pool/spend"), {"roll_position": lucky, "sp": 4})
    assert (broke.status, broke["rule"]) == (409, "stunt-pool-exhausted")
    nowhere = api.post(api.c("/stunt-pool/spend"), {"roll_position": 1, "sp": 1})
    assert (nowhere.status, nowhere["rule"]) == (409, "roll-not-eligible")


def test_players_use_the_pool_and_record_bonds_only_for_their_own_character(
    api: ApiClient,
) -> None:
    mara, ovid = bonded_group(api)
    mara_token, ovid_token = api.new_token("player", mara), api.new_token("player", ovid)
    api.post(api.c("/clock/start-session"))
    lucky = roll(api, mara, DOUBLES_4, token=mara_token)
    theirs = api.post(api.c("/stunt-pool/contribute"), {"roll_position": lucky, "sp": 1},
                      token=ovid_token)
    assert (theirs.status, theirs["rule"]) == (403, "not-your-character")
    mine = api.post(api.c("/stunt-pool/contribute"), {"roll_position": lucky, "sp": 1},
                    token=mara_token)
    assert mine.status == 200, mine
    change = api.post(api.c("/bonds"), {"a": mara, "b": ovid, "rank": 3}, token=mara_token)
    assert (change.status, change["rule"]) == (403, "bond-change-by-gm")
    observer = api.new_token("observer")
    assert api.post(api.c("/bonds"), {"a": mara, "b": ovid, "rank": 3},
                    token=observer).status == 403


def test_the_gm_names_the_group_when_other_characters_are_recorded(api: ApiClient) -> None:
    mara, ovid = bonded_group(api)
    api.new_character(name="Vendor")
    assert pool(api)["exists"] is False
    named = api.call("PUT", api.c("/stunt-pool/members"), json={"members": [mara, ovid]})
    assert named.status == 200, named
    assert (named.primary["exists"], named.primary["explicit_members"]) == (True, True)
