"""A webhook's URL (ledger/service/keyed_commands.py `check_webhook_url`): http or https with
a host, and no credentials, refused as 422 naming `url`."""

from __future__ import annotations

import pytest

from ledger.domain.errors import InvalidInput
from ledger.service.keyed_commands import check_webhook_url


@pytest.mark.parametrize("url", ["https://bot.example/hook", "http://127.0.0.1:9/hook"])
def test_webhook_url_http_or_https_with_a_host_is_accepted(url: str) -> None:
    check_webhook_url(url)


@pytest.mark.parametrize("url", ["ftp://bot.example/hook", "https:///hook", "bot.example",
                                 "javascript:alert(1)"])
def test_webhook_url_other_schemes_or_no_host_are_refused(url: str) -> None:
    with pytest.raises(InvalidInput, match="http:// or https://") as refused:
        check_webhook_url(url)
    assert refused.value.field == "url"


def test_webhook_url_with_credentials_is_refused() -> None:
    with pytest.raises(InvalidInput, match="credentials") as refused:
        check_webhook_url("https://user:pw@bot.example/hook")
    assert refused.value.field == "url"
