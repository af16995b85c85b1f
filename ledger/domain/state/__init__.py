"""The state a campaign's history folds into.

State objects are msgspec Structs: typed, and encoded to JSON quickly for
checkpoints. The fold owns its state and `evolve` updates it in place (see
docs/decisions/002-state-and-events.md); `decide` only ever reads it.
"""

from ledger.domain.state.campaign import CampaignState, Clock, ForkOrigin, Settings
from ledger.domain.state.character import Character, Condition, Pool, Strain

__all__ = ["CampaignState", "Character", "Clock", "Condition", "ForkOrigin", "Pool", "Settings",
           "Strain"]
