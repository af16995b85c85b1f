"""One token holds at most LEDGER_FEED_STREAMS_PER_TOKEN open feed streams in a worker
(api/feed.py). An outside attack opened 100 streams with one observer's feed ticket (a
ticket may be used until it expires), and the GM of every other campaign on that worker
got 503 `feed-busy`."""

from __future__ import annotations

from tests.security.conftest import MakeApi


def test_a_token_past_its_share_of_streams_is_429_and_others_still_stream(
        make_api: MakeApi) -> None:
    api = make_api(feed_streams_per_token=1)
    api.new_campaign()
    observer = api.new_token("observer")
    held = api.client.get(api.c("/feed"), buffered=False,
                          headers={"Authorization": f"Bearer {observer}"})
    assert held.status_code == 200
    refused = api.client.get(api.c("/feed"), buffered=False,
                             headers={"Authorization": f"Bearer {observer}"})
    assert refused.status_code == 429
    assert refused.get_json()["rule"] == "feed-streams-per-token"
    assert refused.headers["Retry-After"] == "5"
    other = api.client.get(api.c("/feed"), buffered=False,
                           headers={"Authorization": f"Bearer {api.token}"})
    assert other.status_code == 200  # the GM's own stream is another token's
    for response in (held, refused, other):
        response.close()
