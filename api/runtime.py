"""The per-process Ledger, built lazily on first use: after gunicorn forks, never at import."""

from __future__ import annotations

import logging
import os
import threading

from flask import Flask, current_app

from ledger.adapters.secrets_box import ServerKeyMalformed
from ledger.adapters.signing import HeadSigner
from ledger.service.ledger import Ledger
from ledger.service.wiring import build_ledger

_lock = threading.Lock()
log = logging.getLogger(__name__)


def ledger() -> Ledger:
    ext = current_app.extensions
    built: Ledger | None = ext.get("ledger")
    if built is None or ext.get("ledger_pid") != os.getpid():
        with _lock:
            built = ext.get("ledger")
            if built is None or ext.get("ledger_pid") != os.getpid():
                built = build_ledger(current_app.config["LEDGER"])
                ext["ledger"] = built
                ext["ledger_pid"] = os.getpid()
    return built


def warm(app: Flask) -> None:
    """Build this process's Ledger now (the store's pool and setup): a gunicorn worker
    does it once forked, before its first request, which would otherwise pay for it.
    A store down at that moment is the first request's problem, as before."""
    try:
        with app.app_context():
            ledger()
    except ServerKeyMalformed:
        raise  # a setting no request can succeed with: the worker does not boot
    except Exception:
        log.warning("could not open the store as the worker started; the first request "
                    "tries again", exc_info=True)


def signer() -> HeadSigner:
    """The head signer of this process's ledger (its key derived once)."""
    led = ledger()
    ext = current_app.extensions
    cached = ext.get("head_signer")
    if cached is None or cached[0] is not led:
        cached = (led, HeadSigner(led.box))
        ext["head_signer"] = cached
    return cached[1]
