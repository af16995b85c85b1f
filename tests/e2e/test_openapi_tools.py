"""/openapi.json as the tools people feed it to read it: the OpenAPI 3.1 validator, and a
standard client generator that must write every operation without a warning (offline)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from openapi_spec_validator import validate

METHODS = ("get", "put", "post", "delete", "patch")
# An endpoint module of the generated client names its method and its path template.
GENERATED_REQUEST = re.compile(r'"method": "(\w+)",\s*"url": "([^"]+)"')
PARAMETER = re.compile(r"\{[^}]*\}")


def document(app: Any) -> dict[str, Any]:
    answer = app.test_client().get("/openapi.json")
    assert answer.status_code == 200
    return dict(answer.get_json())


def operations(spec: dict[str, Any]) -> set[tuple[str, str]]:
    return {(method, PARAMETER.sub("{}", path)) for path, item in spec["paths"].items()
            for method in item if method in METHODS}


def test_openapi_document_is_valid_openapi_3_1(app: Any) -> None:
    spec = document(app)
    assert spec["openapi"].startswith("3.1.")
    validate(spec)  # raises, naming the schema and the rule, if the document is invalid


def generate_client(spec: dict[str, Any], into: Path) -> subprocess.CompletedProcess[str]:
    (into / "openapi.json").write_text(json.dumps(spec))
    # No post hooks: the check is what the generator makes of the document, not formatting.
    # The export is JSON Lines, a media type the generator does not know: its documented
    # override has it handled as bytes (docs/client.md, "Other generators").
    (into / "config.json").write_text(json.dumps({
        "post_hooks": [], "content_type_overrides": {"application/x-ndjson":
                                                     "application/octet-stream"}}))
    generator = Path(sys.executable).parent / "openapi-python-client"
    return subprocess.run(
        [str(generator), "generate", "--path", "openapi.json", "--config", "config.json",
         "--meta", "none", "--output-path", "generated"],
        cwd=into, capture_output=True, text=True, timeout=600, check=False)


def test_generated_client_has_every_operation_and_no_warnings(app: Any, tmp_path: Path) -> None:
    spec = document(app)
    run = generate_client(spec, tmp_path)
    output = run.stdout + run.stderr
    assert run.returncode == 0, output
    assert "warning" not in output.lower(), output
    generated = {(method, PARAMETER.sub("{}", url))
                 for module in (tmp_path / "generated" / "api").rglob("*.py")
                 for method, url in GENERATED_REQUEST.findall(module.read_text())}
    assert generated == operations(spec)
