"""The timeline, verification and the signed head over HTTP, on both stores."""

from __future__ import annotations

from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from ledger.adapters.signing import head_message
from tests.api_client import ApiClient


def table(api: ApiClient) -> dict[str, Any]:
    """A campaign with two characters, a session, a scene, rolls and spending."""
    api.new_campaign()
    mara = api.new_character(name="Mara", mana={"current": 12, "max": 12},
                             abilities={"Willpower": 3})
    jo = api.new_character(name="Jo", mana={"current": 5, "max": 5})
    api.post(api.c("/clock/start-session"))
    api.post(api.c("/clock/start-scene"))
    spent = api.post(api.c(f"/characters/{mara}/mana/spend"), {"amount": 3, "reason": "Arson"})
    api.post(api.c(f"/characters/{mara}/rolls"), {"kind": "age", "ability": "Willpower", "tn": 11})
    api.post(api.c(f"/characters/{jo}/rolls"), {"expression": "1d6", "dice": [4]})
    api.post(api.c(f"/characters/{jo}/mana/spend"), {"amount": 1})
    return {"mara": mara, "jo": jo, "spent": spent["position"]}


def entries(api: ApiClient, query: str = "") -> list[dict[str, Any]]:
    answer = api.get(api.c(f"/timeline{query}"))
    assert answer.status == 200, answer
    found: list[dict[str, Any]] = answer["entries"]
    return found


def test_timeline_has_one_entry_per_command_with_summary_actor_time_and_changes(
        api: ApiClient) -> None:
    t = table(api)
    (entry,) = [e for e in entries(api) if e["first_position"] == t["spent"]]
    assert entry["summary"] == "Mara spent 3 Mana on Arson (12 → 9)"
    assert entry["types"] == ["ResourceSpent"]
    assert entry["actor"]["role"] == "gm"
    assert entry["recorded_at"].endswith("Z")
    assert (entry["session"], entry["scene"]) == (1, 1)
    assert entry["character_ids"] == [t["mara"]]
    assert entry["changes"] == [{"path": f"characters.{t['mara']}.mana.current",
                                 "before": 12, "after": 9}]
    assert entry["voided"] is False


def test_a_command_of_several_events_is_one_timeline_entry(api: ApiClient) -> None:
    table(api)
    answer = api.post(api.c("/clock/start-scene"))  # ends scene 1, starts scene 2
    (entry,) = [e for e in entries(api) if e["first_position"] == answer["events"][0]["position"]]
    assert entry["last_position"] == entry["first_position"] + 1
    assert entry["types"] == ["SceneEnded", "SceneStarted"]
    assert entry["summary"] == "Scene 1 ended; Scene 2 started"
    paths = {c["path"]: (c["before"], c["after"]) for c in entry["changes"]}
    assert paths["clock.scene"] == (1, 2)


def test_timeline_filters_by_character_type_session_scene_and_positions(api: ApiClient) -> None:
    t = table(api)
    by_jo = entries(api, f"?character_id={t['jo']}")
    assert [e["types"] for e in by_jo] == [["CharacterRegistered"], ["Rolled"], ["ResourceSpent"]]
    rolls = entries(api, "?type=Rolled")
    assert [e["character_ids"] for e in rolls] == [[t["mara"]], [t["jo"]]]
    assert all(e["session"] == 1 for e in entries(api, "?session=1"))
    assert len(entries(api, "?session=1&scene=1")) == 5  # the scene start is in scene 1
    ranged = entries(api, f"?from={t['spent']}&to={t['spent'] + 1}")
    assert [e["first_position"] for e in ranged] == [t["spent"], t["spent"] + 1]


def test_timeline_pages_with_after_and_next(api: ApiClient) -> None:
    table(api)
    everything = entries(api)
    seen, after = [], 0
    while after is not None:
        page = api.get(api.c(f"/timeline?limit=3&after={after}")).body
        assert len(page["entries"]) <= 3
        seen += page["entries"]
        after = page["next"]
    assert seen == everything


def test_timeline_shows_reported_and_server_rolls_in_plain_words(api: ApiClient) -> None:
    t = table(api)
    rolls = entries(api, "?type=Rolled")
    assert rolls[0]["summary"].startswith("Mara rolled a Willpower test:")
    # Rolled v2 (issue 16): the line quotes the roll's own text.
    assert rolls[1]["summary"] == "Jo rolled 1d6 (4) = 4 (reported dice)"
    assert t


def test_timeline_and_verify_are_readable_by_any_role_of_the_campaign(api: ApiClient) -> None:
    t = table(api)
    for token in (api.new_token("observer"), api.new_token("player", t["jo"])):
        assert api.get(api.c("/timeline"), token=token).status == 200
        assert api.get(api.c("/verify"), token=token).status == 200
        assert api.get(api.c("/head"), token=token).status == 200
    assert api.get(api.c("/timeline"), token="").status == 401


def test_verify_reports_the_chain_and_verified_pending_and_reported_dice(api: ApiClient) -> None:
    table(api)
    open_session = api.get(api.c("/verify")).body
    assert open_session["ok"] is True
    assert open_session["chain"] == {"ok": True, "first_break": None,
                                     "head_hash": api.get(api.c())["campaign"]["head_hash"],
                                     "head_position": api.get(api.c())["position"],
                                     "length": api.get(api.c())["position"]}
    assert open_session["dice"]["verified"] == 0
    assert [p["epoch"] for p in open_session["dice"]["pending"]] == [1]
    assert len(open_session["dice"]["reported"]) == 1
    api.post(api.c("/clock/end-session"))
    closed = api.get(api.c("/verify")).body
    assert closed["dice"]["verified"] == 1
    assert closed["dice"]["pending"] == []
    assert closed["dice"]["mismatches"] == []


def test_verify_checks_a_head_hash_saved_earlier(api: ApiClient) -> None:
    table(api)
    saved = api.get(api.c())["campaign"]["head_hash"]
    api.post(api.c("/clock/end-session"))
    found = api.get(api.c(f"/verify?expect_head={saved}")).body
    assert found["expected_head"]["ok"] is True
    unknown = api.get(api.c(f"/verify?expect_head={'ab' * 32}")).body
    assert unknown["ok"] is False
    assert unknown["expected_head"] == {"hash": "ab" * 32, "found_at": None, "ok": False}
    short = api.get(api.c("/verify?expect_head=abc"))  # says what a head hash is
    assert short["errors"] == {"expect_head": ["expect_head is a head hash: 64 hex digits"]}


def test_the_signed_head_verifies_under_the_published_key(api: ApiClient) -> None:
    table(api)
    head = api.get(api.c("/head")).body
    key = api.get("/v1/signing-key", token="").body
    assert head["public_key"] == key["public_key"]
    assert (head["position"], head["head_hash"]) == (api.get(api.c())["position"],
                                                     api.get(api.c())["campaign"]["head_hash"])
    public = Ed25519PublicKey.from_public_bytes(bytes.fromhex(key["public_key"]))
    public.verify(bytes.fromhex(head["signature"]),
                  head_message(head["campaign_id"], head["position"], head["head_hash"]))


def test_the_timeline_reads_its_type_filter_and_range_as_the_events_do(api: ApiClient) -> None:
    """An outside attack: `/timeline?type=Nope` answered an empty page where `/events`
    refuses the name, and `from` after `to` an empty page where the proofs refuse it. A
    newcomer's trial: the timeline had no `position`, which every answer has."""
    api.new_campaign()
    mara = api.new_character()
    assert api.post(api.c(f"/characters/{mara}/mana/gain"), {"amount": 1}).status == 200
    for path in ("/timeline?type=Nope", "/timeline?type=Nope,ResourceGained",
                 "/events?type=Nope,ResourceGained"):
        answer = api.get(api.c(path))
        assert (answer.status, answer["rule"]) == (422, "unknown-event-type"), path
        assert answer["errors"]["type"], answer
    answer = api.get(api.c("/timeline?from=5&to=1"))
    assert (answer.status, answer["rule"]) == (422, "position-range")
    assert "to" in answer["errors"]
    page = api.get(api.c("/timeline?type=resourcegained, *"))
    assert page.status == 200
    assert page["position"] == page["head"] == api.get(api.c("/state"))["position"]
    assert len(page["entries"]) == len(api.get(api.c("/timeline"))["entries"])
    gained = api.get(api.c("/timeline?type=ResourceGained"))["entries"]
    assert [e["types"] for e in gained] == [["ResourceGained"]]


def test_the_timeline_names_a_participant_the_gm_named(api: ApiClient) -> None:
    """A newcomer's trial read "Round 1: npc_f712…'s turn" for a participant named Goon."""
    api.new_campaign()
    mara = api.new_character(name="Mara")
    assert api.post(api.c("/clock/start-scene")).status == 200
    assert api.post(api.c("/encounter"), {"participants": [
        {"character_id": mara, "initiative": 12}, {"name": "Goon", "initiative": 10}]}).status == 201
    assert api.post(api.c("/encounter/next-turn")).status == 200
    summaries = [e["summary"] for e in api.get(api.c("/timeline"))["entries"]]
    assert any("Goon's turn" in s for s in summaries), summaries
    assert not any("npc_" in s for s in summaries), summaries
