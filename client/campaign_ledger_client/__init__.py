"""A typed client for the campaign-ledger API (stdlib only).

- `Client`, `Campaign`, `Character`: every endpoint, one method each (client.py).
- `Campaign.feed()`: the live SSE feed, exactly once and in order (feed.py).
- `verify_export()`: check an exported history offline (verify.py).
- `Witness`: keep signed tree heads and check each newer one extends them (witness.py).
- Exceptions carry the server's problem+json details (errors.py).
- The answers' types: TypedDicts generated from the OpenAPI document (schemas.py).
"""

from campaign_ledger_client._access import FeedTicket, Me
from campaign_ledger_client._webhooks import Webhook, webhook_signature_ok
from campaign_ledger_client.bodies import (
    ConditionSpec,
    ConsequenceSpec,
    ItemSpec,
    MagicTestSpec,
    ParticipantSpec,
    RollSpec,
    Sheet,
    SummonSpec,
)
from campaign_ledger_client.client import Campaign, Character, Client
from campaign_ledger_client.errors import (
    BadRequest,
    FeedGap,
    Forbidden,
    LedgerError,
    NotFound,
    PayloadTooLarge,
    PreconditionFailed,
    ProblemError,
    RateLimited,
    RuleViolation,
    ServerError,
    ServiceUnavailable,
    TransportError,
    Unauthorized,
    ValidationFailed,
)
from campaign_ledger_client.feed import Feed
from campaign_ledger_client.models import (
    Actor,
    CreatedCampaign,
    Event,
    EventPage,
    IssuedToken,
    Restore,
    Retract,
    WriteResult,
)
from campaign_ledger_client.verify import ExportFormatError, ExportReport, verify_export
from campaign_ledger_client.witness import BadTreeHead, HistoryRewritten, Witness

__all__ = [
    "Actor",
    "BadRequest",
    "BadTreeHead",
    "Campaign",
    "Character",
    "Client",
    "ConditionSpec",
    "ConsequenceSpec",
    "CreatedCampaign",
    "Event",
    "EventPage",
    "ExportFormatError",
    "ExportReport",
    "Feed",
    "FeedGap",
    "FeedTicket",
    "Forbidden",
    "HistoryRewritten",
    "IssuedToken",
    "ItemSpec",
    "LedgerError",
    "MagicTestSpec",
    "Me",
    "NotFound",
    "ParticipantSpec",
    "PayloadTooLarge",
    "PreconditionFailed",
    "ProblemError",
    "RateLimited",
    "Restore",
    "Retract",
    "RollSpec",
    "RuleViolation",
    "ServerError",
    "ServiceUnavailable",
    "Sheet",
    "SummonSpec",
    "TransportError",
    "Unauthorized",
    "ValidationFailed",
    "Webhook",
    "Witness",
    "WriteResult",
    "verify_export",
    "webhook_signature_ok",
]
