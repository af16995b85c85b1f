"""What a 404 for an unknown last path segment can suggest: the names that do answer there.

`POST …/clock/dance` names no route, but `…/clock/start-session` and the other clock
actions do: the 404 lists them as `allowed`, as a refused name in a body does. Only a 404
pays for this, and it walks the routes once.

A path that answers without its trailing slash is named first, and one with `/v1` added
or taken away is named too: the API is under `/v1` and the pages (the GM console at
`/campaigns/{id}/audit`) are not, and a newcomer's trial sent each to the other's place.
"""

from __future__ import annotations

import difflib

from flask import Flask
from werkzeug.exceptions import HTTPException
from werkzeug.routing import Rule
from werkzeug.routing.converters import AnyConverter


def allowed_last_segments(app: Flask, path: str, method: str) -> list[str]:
    """The last segments that would make `method path` a route, keeping the rest of it."""
    parent = path.rpartition("/")[0]  # `…/clock/` names an empty action under clock
    if not parent:
        return []
    adapter = app.url_map.bind("localhost")
    found: set[str] = set()
    for rule in app.url_map.iter_rules():
        if method not in (rule.methods or ()):
            continue
        for name in _last_names(rule):
            try:
                matched, _ = adapter.match(f"{parent}/{name}", method=method, return_rule=True)
            except HTTPException:
                continue
            if name in _last_names(matched):  # not an id that happens to fit a variable
                found.add(name)
    return sorted(found)


def _last_names(rule: Rule) -> list[str]:
    """The fixed names a rule's last segment takes: itself when literal, the choices of an
    `any(...)` converter, none for a free variable (an id)."""
    last = rule.rule.rstrip("/").rpartition("/")[2]
    if "<" not in last:
        return [last] if last else []
    if last.startswith("<") and last.endswith(">"):
        converter = rule._converters.get(last[1:-1].rpartition(":")[2])
        if isinstance(converter, AnyConverter):
            return list(converter.items)
    return []


def under_the_other_prefix(app: Flask, path: str, method: str) -> str | None:
    """`path` with `/v1` added, or taken away, when that names a route for `method`."""
    other = path.removeprefix("/v1") if path.startswith("/v1/") else "/v1" + path
    adapter = app.url_map.bind("localhost")
    try:
        adapter.match(other, method=method)
    except HTTPException:
        return None
    return other


def without_trailing_slash(app: Flask, path: str) -> tuple[str, list[str]] | None:
    """`path` without its trailing slash and the methods that answer there, when a route does:
    `GET /docs/` meant `/docs` (a newcomer's trial heard `/metrics`, one segment off)."""
    bare = path.rstrip("/")
    if not bare or bare == path:
        return None
    methods = app.url_map.bind("localhost").allowed_methods(bare)
    shown = sorted(set(methods) - {"HEAD", "OPTIONS"})
    return (bare, shown) if shown else None


def one_segment_off(app: Flask, path: str, method: str) -> list[str]:
    """Paths for `method` that differ from `path` in one fixed segment only, closest first
    (at most three): `…/charcters/chr_1/mana/spend` names `…/characters/chr_1/mana/spend`
    (a newcomer's trial; a typo in the last segment is `allowed_last_segments`')."""
    sent = path.strip("/").split("/")
    adapter = app.url_map.bind("localhost")
    found: dict[str, float] = {}
    for rule in app.url_map.iter_rules():
        if method not in (rule.methods or ()):
            continue
        parts = rule.rule.strip("/").split("/")
        if len(parts) != len(sent):
            continue
        off = [i for i, (want, got) in enumerate(zip(parts, sent, strict=True))
               if "<" not in want and want != got]
        if len(off) != 1:
            continue
        fixed = "/" + "/".join(parts[i] if i == off[0] else sent[i] for i in range(len(sent)))
        try:
            adapter.match(fixed, method=method)
        except HTTPException:
            continue  # a variable's converter refuses what was sent there
        found[fixed] = difflib.SequenceMatcher(None, parts[off[0]], sent[off[0]]).ratio()
    return sorted(found, key=lambda p: -found[p])[:3]


def not_found_hints(app: Flask, method: str, path: str) -> tuple[str, dict[str, list[str]]]:
    """The detail of a 404 for a path no route answers, and its `allowed` or `did_you_mean`."""
    detail = f"No {method} {path} here."
    extra: dict[str, list[str]] = {}
    slashless = without_trailing_slash(app, path)
    if slashless:  # only the slash is off: that path is meant, not a name or segment near it
        bare, methods = slashless
        extra["did_you_mean"] = [bare]
        detail += (f" Did you mean {method} {bare}?" if method in methods
                   else f" Did you mean {bare}? It answers {', '.join(methods)}.")
    elif allowed := allowed_last_segments(app, path, method):
        extra["allowed"] = allowed
        detail += " The names that answer there: " + ", ".join(allowed) + "."
    elif near := one_segment_off(app, path, method):
        extra["did_you_mean"] = near
        detail += f" Did you mean {method} {near[0]}?"
    moved = under_the_other_prefix(app, path, method)
    if moved:
        detail += (" The API's paths start with /v1" if moved.startswith("/v1/") else
                   " Pages are not under /v1") + f": {method} {moved} answers."
    return detail, extra
