"""The real server: gunicorn workers over a socket, on both stores."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from ledger.service.config import Config
from tests.api_client import by_id
from tests.live_server import campaign_with_mara, http, live_server


def test_the_real_server_records_and_answers_over_a_socket(store_config: Config) -> None:
    with live_server(store_config) as base:
        status, created = http("POST", f"{base}/v1/campaigns", {"name": "Noir"})
        assert status == 201
        cid, token = created["campaign"]["id"], created["gm_token"]
        status, mara = http("POST", f"{base}/v1/campaigns/{cid}/characters",
                            {"name": "Mara", "mana": {"current": 12, "max": 12}}, token)
        assert status == 201
        chid = mara["character"]["id"]
        status, spent = http("POST", f"{base}/v1/campaigns/{cid}/characters/{chid}/mana/spend",
                             {"amount": 3, "reason": "Arson"}, token)
        assert status == 200
        assert spent["character"]["mana"]["current"] == 9
        status, then = http("GET", f"{base}/v1/campaigns/{cid}/characters/{chid}?at=2", token=token)
        assert then["character"]["mana"]["current"] == 12


def test_concurrent_writers_on_one_campaign_never_lose_an_update(store_config: Config) -> None:
    with live_server(store_config, workers=3) as base:
        cid, token, chid = campaign_with_mara(base, 1000)
        url = f"{base}/v1/campaigns/{cid}/characters/{chid}/mana/gain"

        def gain(i: int) -> int:
            return http("POST", url, {"amount": 1, "reason": f"tick {i}"}, token)[0]

        with ThreadPoolExecutor(max_workers=12) as pool:
            statuses = list(pool.map(gain, range(120)))
        assert statuses == [200] * 120
        _, state = http("GET", f"{base}/v1/campaigns/{cid}/characters/{chid}", token=token)
        assert state["character"]["mana"]["current"] == 120
        _, events = http("GET", f"{base}/v1/campaigns/{cid}/events?limit=1000", token=token)
        positions = [e["position"] for e in events["events"]]
        assert positions == list(range(1, 123))


def test_idempotent_retries_against_the_real_server_record_once(store_config: Config) -> None:
    with live_server(store_config) as base:
        cid, token, mara_id = campaign_with_mara(base)
        url = f"{base}/v1/campaigns/{cid}/characters/{mara_id}/mana/gain"
        key = {"Idempotency-Key": "gain-once"}

        def gain(_: int) -> tuple[int, object]:
            return http("POST", url, {"amount": 5}, token, headers=key)

        with ThreadPoolExecutor(max_workers=6) as pool:
            answers = list(pool.map(gain, range(6)))
        assert {status for status, _ in answers} == {200}
        assert len({str(body) for _, body in answers}) == 1
        _, state = http("GET", f"{base}/v1/campaigns/{cid}/state", token=token)
        assert by_id(state["state"]["characters"], mara_id)["mana"]["current"] == 5
