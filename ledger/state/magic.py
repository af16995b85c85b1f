"""Magic state of a character: Backlash, Effort, pending Magic Test decisions.

Filled in by the magic rules (ledger/magic/). Kept here so every state module
can import it without cycles.
"""

from __future__ import annotations

import msgspec


class BacklashState(msgspec.Struct):
    temporary: int = 0
    permanent: int = 0


class EffortState(msgspec.Struct):
    pass


class MagicTestState(msgspec.Struct):
    pass


class StrainExtras(msgspec.Struct):
    pass
