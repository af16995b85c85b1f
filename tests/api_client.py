"""A small HTTP helper for end-to-end tests: campaigns, tokens and characters in a line."""

from __future__ import annotations

from typing import Any

from api.contract import RESOURCE_KEYS


def primary(answer: Any) -> Any:
    """A write answer's primary resource, under the key a read of it uses (`character`,
    `item`, `spirit`, `campaign`...): the one resource key the answer has."""
    body = answer.body if isinstance(answer, Answer) else answer
    keys = [k for k in body if k in RESOURCE_KEYS.values()]
    assert len(keys) == 1, f"no single primary resource in {sorted(body)}"
    return body[keys[0]]


def by_id(collection: list[Any], id: Any) -> Any:
    """The entry of a collection (a list of objects, each with its `id`) with that id."""
    found = [entry for entry in collection if entry["id"] == id]
    assert len(found) == 1, f"{id!r} is not one entry of {[e['id'] for e in collection]}"
    return found[0]


class Answer:
    def __init__(self, status: int, body: Any, headers: Any) -> None:
        self.status = status
        self.body = body
        self.headers = headers

    def __getitem__(self, key: str) -> Any:
        return self.body[key]

    @property
    def primary(self) -> Any:
        """The write's primary resource (`primary` above)."""
        return primary(self)

    def __repr__(self) -> str:
        return f"<Answer {self.status} {self.body!r}>"


class ApiClient:
    def __init__(self, client: Any) -> None:
        self.client = client
        self.token: str | None = None

    def call(self, method: str, path: str, json: Any = None, token: str | None = None,
             headers: dict[str, str] | None = None, **kwargs: Any) -> Answer:
        sent = dict(headers or {})
        chosen = token if token is not None else self.token
        if chosen:
            sent["Authorization"] = f"Bearer {chosen}"
        response = self.client.open(path, method=method, json=json, headers=sent, **kwargs)
        body = response.get_json(silent=True)
        return Answer(response.status_code, body, response.headers)

    def get(self, path: str, **kw: Any) -> Answer:
        return self.call("GET", path, **kw)

    def post(self, path: str, json: Any = None, **kw: Any) -> Answer:
        return self.call("POST", path, json=json if json is not None else {}, **kw)

    def patch(self, path: str, json: Any = None, **kw: Any) -> Answer:
        return self.call("PATCH", path, json=json, **kw)

    def delete(self, path: str, **kw: Any) -> Answer:
        return self.call("DELETE", path, **kw)

    # --- scenario helpers -------------------------------------------------
    def new_campaign(self, name: str = "Mana Noir", **settings: Any) -> str:
        answer = self.post("/v1/campaigns", {"name": name, "settings": settings}, token="")
        assert answer.status == 201, answer
        self.token = answer["gm_token"]
        self.campaign = answer["campaign"]["id"]
        return str(self.campaign)

    def new_character(self, **sheet: Any) -> str:
        sheet.setdefault("name", "Mara")
        answer = self.post(f"/v1/campaigns/{self.campaign}/characters", sheet)
        assert answer.status == 201, answer
        return str(answer["character"]["id"])

    def new_token(self, role: str, character_id: str | None = None) -> str:
        answer = self.post(f"/v1/campaigns/{self.campaign}/tokens",
                           {"role": role, "character_id": character_id})
        assert answer.status == 201, answer
        return str(answer["token"])

    def c(self, suffix: str = "") -> str:
        """A path under the current campaign."""
        return f"/v1/campaigns/{self.campaign}{suffix}"
