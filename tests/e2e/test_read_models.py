"""The SQL read models agree with the fold at any position, on both stores."""

from __future__ import annotations

import random

from flask import Flask

from api.runtime import ledger as app_ledger
from projections.bindings import BindingsProjection, bindings_at
from projections.linkages import LinkagesProjection, links_at
from projections.runner import ProjectionRunner
from tests.api_client import ApiClient
from tests.waiting import settle


def _settle(runner: ProjectionRunner, head: int) -> int:
    """Catch up to the head (on PostgreSQL a foreign transaction may hold the horizon)."""
    runner.setup()
    assert settle(runner.catch_up, head, f"the read models to reach position {head}") == head
    return head


WAND = {"name": "Wand", "kind": "wand", "materials": [{"name": "hardwood"}], "magical": True}


def _mage(api: ApiClient, name: str) -> str:
    return api.new_character(name=name, edges=["Spellcaster"], skills={"cast": 2},
                             modifiers={"int": 1})


def test_item_links_read_model_equals_the_fold_at_random_positions(app: Flask, api: ApiClient) -> None:
    api.new_campaign()
    mages = [_mage(api, n) for n in ("Ada", "Bo", "Cy")]
    wands = [api.post(api.c("/items"), WAND | {"name": f"Wand {i}"}).primary["id"] for i in range(3)]
    rng = random.Random(11)
    boundaries: list[int] = []
    for step in range(30):
        wand, mage = rng.choice(wands), rng.choice(mages)
        if rng.random() < 0.3:
            answer = api.post(api.c(f"/items/{wand}/unlink"), {"character_id": mage})
        else:
            answer = api.post(api.c(f"/items/{wand}/link"), {"character_id": mage})
        if answer.status == 200:
            boundaries.append(answer["position"])
        if step % 7 == 6:
            api.post(api.c("/clock/new-day"), {"rested": mages})
        if step == 20:  # a rewind must move the read model back with the canon state
            rewound = api.post(api.c("/rewind"), {"to_position": boundaries[-4], "reason": "retcon"})
            assert rewound.status == 200, rewound
    with app.app_context():
        led = app_ledger()
        runner = ProjectionRunner(led.store, LinkagesProjection())
        head = _settle(runner, led.state(api.campaign).position)
        for position in [*sorted(rng.sample(range(1, head + 1), 12)), head]:
            folded = led.state_at(api.campaign, position)
            expected = {i.id: i.linked_to for i in folded.items.values() if i.linked_to}
            with led.store.transaction(write=False) as c:
                assert links_at(c, led.store.q, api.campaign, position) == expected, position


HOUND = {"mode": "ritual", "nature": "Fire", "form": "physical", "form_level": 1,
         "appearance": "a burning hound", "powers": ["Curse"], "hit_dice": 1, "hit_points": 6}


def test_spirit_bindings_read_model_equals_the_fold_at_random_positions(
        app: Flask, api: ApiClient) -> None:
    api.new_campaign()
    summoners = [api.new_character(name=n, level=9, skills={"summon": 3},
                                   modifiers={"cha": 2, "con": 1}, edges=["Summoner"])
                 for n in ("Ivo", "Mara")]
    rng = random.Random(5)
    spirits: list[str] = []
    boundaries: list[int] = []
    for step in range(30):
        roll = rng.random()
        if roll < 0.4 or not spirits:
            answer = api.post(api.c(f"/characters/{rng.choice(summoners)}/spirits"), HOUND)
            if answer.status == 201:
                spirits.append(answer["spirit"]["id"])
        else:
            action = rng.choice(["dismiss", "call", "dispel", "damage"])
            body = {"amount": 3, "reason": "hit"} if action == "damage" else {}
            answer = api.post(api.c(f"/spirits/{rng.choice(spirits)}/{action}"), body)
        if answer.status in (200, 201):
            boundaries.append(answer["position"])
        if step % 6 == 5:
            api.post(api.c("/clock/new-day"), {"rested": summoners})
        if step == 20:
            rewound = api.post(api.c("/rewind"), {"to_position": boundaries[-5], "reason": "retcon"})
            assert rewound.status == 200, rewound
    with app.app_context():
        led = app_ledger()
        runner = ProjectionRunner(led.store, BindingsProjection())
        head = _settle(runner, led.state(api.campaign).position)
        checked = 0
        for position in [*sorted(rng.sample(range(1, head + 1), 12)), head]:
            folded = led.state_at(api.campaign, position)
            expected = {s.id: s.summoner_id for s in folded.spirits.values() if s.held}
            checked += len(expected)
            with led.store.transaction(write=False) as c:
                assert bindings_at(c, led.store.q, api.campaign, position) == expected, position
        assert checked > 0, "the scenario never held a spirit"
