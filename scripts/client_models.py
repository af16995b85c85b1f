"""Generate the client's typed answers (client/campaign_ledger_client/schemas.py) from the
application's OpenAPI document: one `TypedDict` per answer the client's methods return, and
per component those answers name. Stdlib `typing` only, so the client stays free of
dependencies.

    python -m scripts.client_models          # rewrite the module
    python -m scripts.client_models --check  # exit 1 when the committed module is stale

The methods stay hand-written and checked against the registry (docs/decisions/007);
only the shapes of what they answer are generated, because those follow the Structs.
"""

from __future__ import annotations

import json
import keyword
import sys
import tempfile
import textwrap
from pathlib import Path
from typing import Any

TARGET = Path(__file__).resolve().parent.parent / "client/campaign_ledger_client/schemas.py"
CAMPAIGN = "/v1/campaigns/{campaign_id}"
CHARACTER = CAMPAIGN + "/characters/{character_id}"

# The answers (GET) the client returns as they come, by operation: the name of each model.
READS: dict[str, str] = {
    "/healthz": "Health", "/readyz": "Readiness", "/v1/signing-key": "SigningKey",
    "/v1/catalog": "CatalogList", "/v1/catalog/{name}": "Catalog",
    CAMPAIGN: "CampaignAnswer", CAMPAIGN + "/state": "StateAnswer",
    CAMPAIGN + "/events": "EventsAnswer", CAMPAIGN + "/characters": "CharactersAnswer",
    CAMPAIGN + "/tokens": "TokenList", CAMPAIGN + "/catalog/{name}": "CampaignCatalog",
    CAMPAIGN + "/magic/resistance-factors": "ResistanceFactors",
    CAMPAIGN + "/timeline": "TimelinePage", CAMPAIGN + "/verify": "VerifyReport",
    CAMPAIGN + "/head": "SignedHeadAnswer", CAMPAIGN + "/proofs/inclusion": "InclusionProof",
    CAMPAIGN + "/proofs/consistency": "ConsistencyProof", "/healthz/runners": "RunnersReport",
    CAMPAIGN + "/items": "ItemsAnswer", CAMPAIGN + "/items/{item_id}": "ItemAnswer",
    CAMPAIGN + "/spirits": "SpiritsAnswer", CAMPAIGN + "/stunt-pool": "StuntPoolAnswer",
    CAMPAIGN + "/stunts": "StuntsAnswer", CAMPAIGN + "/encounter": "EncounterAnswer",
    CAMPAIGN + "/webhooks": "WebhookList",
    CAMPAIGN + "/webhooks/{webhook_id}/deliveries": "DeliveryPage",
    CHARACTER: "CharacterAnswer", CHARACTER + "/conditions": "ConditionsAnswer",
    CHARACTER + "/effort": "EffortAnswer", CHARACTER + "/spells": "SpellsAnswer",
    CHARACTER + "/strain": "StrainAnswer", CHARACTER + "/magic": "MagicAnswer",
    CHARACTER + "/spirits": "SummonerSpiritsAnswer",
}
# A write's primary resource written inline rather than as a component: its model's name,
# by the first operation (in the document's order) that answers it.
WRITE_STATES: dict[tuple[str, str], str] = {}

HEADER = '''"""Typed answers of the API: generated from /openapi.json, do not edit.

Regenerate with `python -m scripts.client_models` (a test fails while this is stale).
Keys a schema does not require are `NotRequired`; the server may add keys in later
versions, which these types do not list.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypeAlias, TypedDict


'''


def document() -> dict[str, Any]:
    from api import create_app
    from api.config import Config

    with tempfile.TemporaryDirectory() as data:
        app = create_app(Config(data_dir=data, testing=True))
        doc: dict[str, Any] = app.test_client().get("/openapi.json").get_json()
    return doc


def _camel(key: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in key.replace("-", "_").split("_"))


class Writer:
    """Turns schemas into type expressions, emitting a TypedDict per object it names."""

    def __init__(self, components: dict[str, Any]) -> None:
        self.components = components
        self.classes: dict[str, str] = {}  # name -> source
        self.by_shape: dict[str, str] = {}  # canonical schema -> name (inline shapes)
        self.pending: list[str] = []
        self.aliases: dict[str, str] = {}  # unions, written after the classes they name

    def component(self, name: str) -> str:
        if name not in self.classes and name not in self.pending and name not in self.aliases:
            self.pending.append(name)
            schema = self.components[name]
            if "oneOf" in schema:  # a union (the events): an alias, its members by name
                members = self.type_of(schema, name).split(" | ")
                self.aliases[name] = (f"{name}: TypeAlias = (\n    "
                                      + "\n    | ".join(members) + "\n)\n")
            else:
                self.classes[name] = self.object(name, schema)
            self.pending.remove(name)
        return name

    def named(self, name: str, schema: dict[str, Any]) -> str:
        """A model named `name` for `schema` (or the existing model of the same shape)."""
        if "$ref" in schema:
            return self.component(schema["$ref"].rsplit("/", 1)[-1])
        shape = json.dumps(schema, sort_keys=True)
        if shape not in self.by_shape:
            self.by_shape[shape] = name
            self.classes[name] = self.object(name, schema)
        return self.by_shape[shape]

    def type_of(self, schema: Any, context: str) -> str:
        if not isinstance(schema, dict) or not schema:
            return "Any"
        found = self._type_of(schema, context)
        return f"{found} | None" if schema.get("nullable") and "None" not in found else found

    def _type_of(self, schema: dict[str, Any], context: str) -> str:
        if "$ref" in schema:
            return self.component(schema["$ref"].rsplit("/", 1)[-1])
        if "enum" in schema or "const" in schema:
            values = schema.get("enum", [schema.get("const")])
            return "Literal[" + ", ".join(repr(v) for v in values) + "]"
        for union in ("anyOf", "oneOf"):
            if union in schema:
                return _union(self.type_of(s, f"{context}{i}")
                              for i, s in enumerate(schema[union]))
        if "allOf" in schema:
            return self.named(context, schema)
        kinds = schema.get("type", "object" if "properties" in schema else None)
        if isinstance(kinds, list):
            return _union(self._type_of({**schema, "type": k}, context) for k in kinds)
        simple = {"string": "str", "integer": "int", "number": "float", "boolean": "bool",
                  "null": "None"}
        if kinds in simple:
            return simple[kinds]
        if kinds == "array":
            return f"list[{self.type_of(schema.get('items'), context + 'Entry')}]"
        if kinds == "object" and schema.get("properties"):
            return self.named(context, schema)
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict) and extra:
            return f"dict[str, {self.type_of(extra, context + 'Value')}]"
        return "dict[str, Any]" if kinds == "object" else "Any"

    def object(self, name: str, schema: dict[str, Any]) -> str:
        bases, props, required = [], {}, set(schema.get("required", []))
        for part in schema.get("allOf", []):
            if "$ref" in part:
                bases.append(self.component(part["$ref"].rsplit("/", 1)[-1]))
            else:
                props.update(part.get("properties", {}))
                required |= set(part.get("required", []))
        props.update(schema.get("properties", {}))
        fields = {}
        for key, sub in props.items():
            kind = self.type_of(sub, name + _camel(key))
            fields[key] = kind if key in required else f"NotRequired[{kind}]"
        doc = (schema.get("title") or schema.get("description") or "").strip()
        return _render(name, bases or ["TypedDict"], fields, doc)


def _union(parts: Any) -> str:
    seen: list[str] = []
    for part in parts:
        for piece in part.split(" | "):
            if piece not in seen:
                seen.append(piece)
    return "Any" if "Any" in seen else " | ".join(seen)


def _render(name: str, bases: list[str], fields: dict[str, str], doc: str) -> str:
    if any(keyword.iskeyword(k) or not k.isidentifier() for k in fields):
        # A key that is not a Python name (`class`, `from`) needs the functional form.
        items = "".join(f"    {k!r}: {v!r},\n" for k, v in fields.items())
        assert bases == ["TypedDict"], f"{name}: functional form cannot inherit"
        return f'{name} = TypedDict("{name}", {{\n{items}}})\n'
    first = doc.splitlines()[0].replace('"', "'") if doc and doc != name else ""
    lines = [f"class {name}({', '.join(bases)}):"]
    if first:
        wrapped = textwrap.wrap(f'"""{first}"""', 88, initial_indent="    ",
                                subsequent_indent="    ")
        lines += [*wrapped, ""]
    lines += [_field_line(k, v) for k, v in fields.items()] or ([] if first else ["    pass"])
    return "\n".join(lines) + "\n"


def _field_line(key: str, kind: str, width: int = 100) -> str:
    """`key: kind`, a long Literal's values wrapped inside its brackets."""
    line = f"    {key}: {kind}"
    head, found, rest = kind.partition("Literal[")
    if len(line) <= width or not found or not rest.endswith("]") or "[" in rest:
        return line
    values = textwrap.wrap(rest[:-1], width - 8, break_long_words=False,
                           initial_indent="        ", subsequent_indent="        ")
    return "\n".join([f"    {key}: {head}Literal[", *values, "    ]"])


def generate(doc: dict[str, Any]) -> str:
    writer = Writer(doc["components"]["schemas"])
    envelope = doc["paths"][CAMPAIGN + "/rewind"]["post"]["responses"]["200"]
    receipt = envelope["content"]["application/json"]["schema"]["properties"]["receipt"]
    writer.named("TreeHead", receipt["properties"]["tree_head"])
    writer.named("Receipt", receipt)
    changed = envelope["content"]["application/json"]["schema"]["properties"]["changed"]
    writer.named("Changed", changed)
    first_event = writer.components["Event"]["oneOf"][0]["$ref"].rsplit("/", 1)[-1]
    writer.named("EventActor", writer.components[first_event]["properties"]["actor"])
    state = doc["paths"][CAMPAIGN + "/state"]["get"]["responses"]["200"]
    writer.named("Voided", state["content"]["application/json"]["schema"]["properties"]["voided"])
    for path, name in READS.items():
        answer = doc["paths"][path]["get"]["responses"]["200"]
        writer.named(name, answer["content"]["application/json"]["schema"])
    for path, item in doc["paths"].items():
        for method, operation in item.items():
            for code, answer in operation.get("responses", {}).items() if isinstance(
                    operation, dict) else ():
                schema = answer.get("content", {}).get("application/json", {}).get("schema")
                key = (schema or {}).get("x-resource")  # the envelope's primary resource
                if code.startswith("2") and key:
                    writer.named(WRITE_STATES.get((method, path), "_Unnamed"),
                                 schema["properties"][key])
    if "_Unnamed" in writer.classes:
        raise SystemExit("a write's inline state has no name: add it to WRITE_STATES")
    parts = [writer.classes[n] for n in _bases_first(writer.classes)]
    parts += [writer.aliases[n] for n in sorted(writer.aliases)]
    return HEADER + "\n\n".join(parts)


def _bases_first(classes: dict[str, str]) -> list[str]:
    """The class names by name, each after the classes it inherits (they run at import)."""
    done: list[str] = []

    def add(name: str) -> None:
        if name in done or name not in classes:
            return
        head = classes[name].split("\n", 1)[0]
        bases = head[head.find("(") + 1:head.rfind(")")].split(", ") if head.startswith(
            "class ") else []
        for base in bases:
            add(base)
        done.append(name)

    for name in sorted(classes):
        add(name)
    return done


def state_model(doc: dict[str, Any], method: str, path: str) -> str | None:
    """The model name of the primary resource a write answers ("None" for a write without
    one, None for an answer that is no envelope)."""
    for answer in doc["paths"][path][method.lower()]["responses"].values():
        schema = answer.get("content", {}).get("application/json", {}).get("schema", {})
        props = schema.get("properties", {})
        if "events" in props and "changed" in props:
            key = schema.get("x-resource")
            if key is None:
                return "None"  # declared as `type(None)`: WriteResult[None]
            resource = props[key]
            if "$ref" in resource:
                return str(resource["$ref"].rsplit("/", 1)[-1])
            return _inline_name(doc, resource)
    return None


def _inline_name(doc: dict[str, Any], state: dict[str, Any]) -> str:
    for (method, path), name in WRITE_STATES.items():
        props = doc["paths"][path][method]["responses"]
        for answer in props.values():
            schema = answer.get("content", {}).get("application/json", {}).get("schema", {})
            found = schema.get("properties", {}).get(schema.get("x-resource"))
            if found == state:
                return name
    raise LookupError("inline state without a name")


def main(argv: list[str]) -> int:
    text = generate(document())
    if "--check" in argv:
        if TARGET.read_text() != text:
            print(f"{TARGET.name} is stale: run python -m scripts.client_models")
            return 1
        return 0
    TARGET.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
