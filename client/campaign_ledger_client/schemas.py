"""Typed answers of the API: generated from /openapi.json, do not edit.

Regenerate with `python -m scripts.client_models` (a test fails while this is stale).
Keys a schema does not require are `NotRequired`; the server may add keys in later
versions, which these types do not list.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypeAlias, TypedDict


class ActiveTestCounted(TypedDict):
    character_id: NotRequired[str | None]
    encounter_id: str
    roll_position: int
    turn_number: int
    generates_sp: bool
    withheld: int
    why: str


class ActiveTestCountedEvent(TypedDict):
    """A recorded ActiveTestCounted event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['ActiveTestCounted']
    version: int
    data: ActiveTestCounted
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class Attack(TypedDict):
    position: int
    character_id: str
    kind: str
    target: NotRequired[str | None]
    hit: NotRequired[bool]
    generated: NotRequired[int]


class AttackRolled(TypedDict):
    character_id: NotRequired[str | None]
    roll_position: int
    kind: str
    target: NotRequired[str | None]
    hit: bool
    generated: int


class AttackRolledEvent(TypedDict):
    """A recorded AttackRolled event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['AttackRolled']
    version: int
    data: AttackRolled
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class BacklashAvoided(TypedDict):
    character_id: NotRequired[str | None]
    amount: int
    before: int
    after: int
    encounter_id: NotRequired[str | None]
    turn_number: NotRequired[int | None]
    reason: NotRequired[str]


class BacklashAvoidedEvent(TypedDict):
    """A recorded BacklashAvoided event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['BacklashAvoided']
    version: int
    data: BacklashAvoided
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class BacklashBanked(TypedDict):
    character_id: NotRequired[str | None]
    banked: int
    amount: int
    before: int
    after: int
    permanent: int
    automatic: NotRequired[bool]


class BacklashBankedEvent(TypedDict):
    """A recorded BacklashBanked event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['BacklashBanked']
    version: int
    data: BacklashBanked
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class BacklashChoice(TypedDict):
    since: int
    gained: NotRequired[int]


class BacklashChoiceOffered(TypedDict):
    character_id: NotRequired[str | None]
    amount: int
    before: int
    after: int
    permanent: int
    source: str
    test_id: NotRequired[str | None]
    automatic: NotRequired[bool]


class BacklashChoiceOfferedEvent(TypedDict):
    """A recorded BacklashChoiceOffered event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['BacklashChoiceOffered']
    version: int
    data: BacklashChoiceOffered
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class BacklashGained(TypedDict):
    character_id: NotRequired[str | None]
    amount: int
    before: int
    after: int
    permanent: int
    source: str
    test_id: NotRequired[str | None]
    offers_choice: NotRequired[bool]
    resolves_choice: NotRequired[bool]
    automatic: NotRequired[bool]
    note: NotRequired[str]


class BacklashGainedEvent(TypedDict):
    """A recorded BacklashGained event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['BacklashGained']
    version: int
    data: BacklashGained
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class BacklashHarmRecovered(TypedDict):
    character_id: NotRequired[str | None]
    before: int
    after: int


class BacklashHarmRecoveredEvent(TypedDict):
    """A recorded BacklashHarmRecovered event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['BacklashHarmRecovered']
    version: int
    data: BacklashHarmRecovered
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class BacklashState(TypedDict):
    temporary: NotRequired[int]
    permanent: NotRequired[int]
    permanent_sources: NotRequired[list[str]]
    choice: NotRequired[BacklashChoice | None]
    owed: NotRequired[list[OwedRoll]]
    consequences_due: NotRequired[ConsequencesDue | None]
    harm: NotRequired[int]


class Bond(TypedDict):
    a: str
    b: str
    rank: int


class BondRecorded(TypedDict):
    character_id: NotRequired[str | None]
    a: str
    b: str
    rank: int
    before: int | None


class BondRecordedEvent(TypedDict):
    """A recorded BondRecorded event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['BondRecorded']
    version: int
    data: BondRecorded
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class CampaignAnswer(TypedDict):
    position: int
    campaign: CampaignSummary


class CampaignCatalog(TypedDict):
    position: int
    catalog: str
    description: str
    settings: dict[str, Any]
    rules: dict[str, str]
    tables: dict[str, Any]
    entries: list[CatalogEntriesEntry]


class CampaignCreated(TypedDict):
    character_id: NotRequired[str | None]
    name: str
    settings: Settings
    dice_epoch: NotRequired[int]
    dice_commitment: NotRequired[str]


class CampaignCreatedEvent(TypedDict):
    """A recorded CampaignCreated event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['CampaignCreated']
    version: int
    data: CampaignCreated
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class CampaignState(TypedDict):
    id: str
    name: NotRequired[str]
    position: NotRequired[int]
    head_hash: NotRequired[str]
    recorded_at: NotRequired[str]
    dice: CampaignStateDice
    settings: NotRequired[Settings]
    clock: NotRequired[Clock]
    characters: NotRequired[list[Character]]
    spirits: NotRequired[list[Spirit]]
    items: NotRequired[list[Item]]
    stunts: NotRequired[StuntPoolState]
    stunt_spending: NotRequired[StuntSpending]
    rewind: NotRequired[RewindState]
    encounter: NotRequired[Encounter | None]
    encounters: NotRequired[int]
    withheld_sp: NotRequired[dict[str, int]]
    talent_uses: NotRequired[TalentUses]
    serial: NotRequired[int]
    forked_from: NotRequired[ForkOrigin | None]


class CampaignStateDice(TypedDict):
    epoch: int
    commitment: str


class CampaignStateRecorded(TypedDict):
    id: str
    name: NotRequired[str]
    position: NotRequired[int]
    head_hash: NotRequired[str]
    recorded_at: NotRequired[str]
    dice_epoch: NotRequired[int]
    dice_commitment: NotRequired[str]
    settings: NotRequired[Settings]
    clock: NotRequired[Clock]
    characters: NotRequired[dict[str, Character]]
    spirits: NotRequired[dict[str, Spirit]]
    items: NotRequired[dict[str, ItemRecorded]]
    stunts: NotRequired[StuntPoolStateRecorded]
    stunt_spending: NotRequired[StuntSpendingRecorded]
    rewind: NotRequired[RewindStateRecorded]
    encounter: NotRequired[Encounter | None]
    encounters: NotRequired[int]
    withheld_sp: NotRequired[dict[str, int]]
    talent_uses: NotRequired[TalentUses]
    serial: NotRequired[int]
    forked_from: NotRequired[ForkOrigin | None]


class CampaignSummary(TypedDict):
    id: str
    name: str
    settings: dict[str, Any]
    clock: Clock
    position: int
    head_hash: str
    dice: CampaignSummaryDice
    forked_from: NotRequired[CampaignSummaryForkedFrom | None]


class CampaignSummaryDice(TypedDict):
    epoch: int
    commitment: str


class CampaignSummaryForkedFrom(TypedDict):
    campaign_id: str
    position: int
    head_hash: str


class Catalog(TypedDict):
    catalog: str
    description: str
    settings: dict[str, Any]
    rules: dict[str, str]
    tables: dict[str, Any]
    entries: list[CatalogEntriesEntry]


class CatalogEntriesEntry(TypedDict):
    name: str


class CatalogList(TypedDict):
    catalogs: list[CatalogListCatalogsEntry]


class CatalogListCatalogsEntry(TypedDict):
    name: str
    description: str
    settings: list[str]


class ChainReport(TypedDict):
    ok: bool
    first_break: int | None
    head_hash: str
    head_position: int
    length: int
    problem: NotRequired[str | None]


class Change(TypedDict):
    path: str
    before: Any
    after: Any


class Changed(TypedDict):
    """The ids of everything else the command changed: every character, item and spirit
    its events name, but the primary resource."""

    characters: list[str]
    items: list[str]
    spirits: list[str]


class Character(TypedDict):
    id: str
    name: str
    level: NotRequired[int]
    abilities: NotRequired[dict[str, int]]
    magic_ability: NotRequired[str | None]
    focuses: NotRequired[list[str]]
    double_focuses: NotRequired[list[str]]
    attributes: NotRequired[dict[str, int]]
    modifiers: NotRequired[dict[str, int]]
    skills: NotRequired[dict[str, int]]
    edges: NotRequired[list[str]]
    traits: NotRequired[list[str]]
    specializations: NotRequired[list[Graded]]
    talents: NotRequired[list[Graded]]
    graced_arts: NotRequired[list[Graded]]
    art_points: NotRequired[int]
    toughness: NotRequired[int]
    armor: NotRequired[int]
    speed: NotRequired[int]
    defense: NotRequired[int | None]
    health: NotRequired[Pool]
    talent_health: NotRequired[int]
    talent_days: NotRequired[dict[str, int]]
    mana: NotRequired[Pool]
    conviction: NotRequired[Pool]
    strain: NotRequired[Strain]
    cyberware: NotRequired[list[Implant]]
    conditions: NotRequired[list[Condition]]
    movement: NotRequired[Movement | None]
    dying: NotRequired[bool]
    unconscious: NotRequired[bool]
    dead: NotRequired[bool]
    knockouts: NotRequired[list[Knockout]]
    dying_state: NotRequired[DyingState | None]
    helpless_while_down: NotRequired[list[str]]
    mana_recovery_limit: NotRequired[int]
    mana_recovery_progress: NotRequired[int]
    backlash: NotRequired[BacklashState]
    effort: NotRequired[EffortState]
    magic_tests: NotRequired[MagicTestState]
    strain_extras: NotRequired[StrainExtras]
    spells: NotRequired[SpellState]
    owed_tests: NotRequired[list[OwedTest]]
    stun_immune_scene: NotRequired[int | None]
    paralysis_scene: NotRequired[int | None]
    snares: NotRequired[list[Snare]]
    pending: NotRequired[list[PendingDecision]]


class CharacterAnswer(TypedDict):
    position: int
    voided: Voided | None
    character: Character


class CharacterDied(TypedDict):
    character_id: NotRequired[str | None]
    cause: str


class CharacterDiedEvent(TypedDict):
    """A recorded CharacterDied event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['CharacterDied']
    version: int
    data: CharacterDied
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class CharacterRegistered(TypedDict):
    character_id: NotRequired[str | None]
    sheet: dict[str, Any]


class CharacterRegisteredEvent(TypedDict):
    """A recorded CharacterRegistered event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['CharacterRegistered']
    version: int
    data: CharacterRegistered
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class CharactersAnswer(TypedDict):
    position: int
    voided: Voided | None
    characters: list[Character]


class CheckpointProblem(TypedDict):
    position: int
    problem: str


class CheckpointReport(TypedDict):
    ok: bool
    checked: int
    stale: list[int]
    forged: list[CheckpointProblem]
    seals_checked: NotRequired[bool]
    unchecked_after: NotRequired[int | None]


class Clock(TypedDict):
    session: NotRequired[int]
    session_open: NotRequired[bool]
    scene: NotRequired[int]
    scene_open: NotRequired[bool]
    day: NotRequired[int]
    minutes: NotRequired[int]
    seconds: NotRequired[int]
    last_marker: NotRequired[str | None]
    last_marker_day: NotRequired[int | None]


class CollapseEnded(TypedDict):
    character_id: NotRequired[str | None]
    why: str
    still_unconscious: NotRequired[bool]


class CollapseEndedEvent(TypedDict):
    """A recorded CollapseEnded event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['CollapseEnded']
    version: int
    data: CollapseEnded
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class Commitment(TypedDict):
    id: str
    pool: str
    amount: int
    duration: str
    label: NotRequired[str]
    source: NotRequired[str | None]
    released_at: NotRequired[int | None]


class Condition(TypedDict):
    id: str
    name: str
    points: int
    figure: int
    incurable: NotRequired[bool]
    from_backlash: NotRequired[bool]
    note: NotRequired[str]
    recorded_at_position: NotRequired[int]
    target: NotRequired[str]
    cause: NotRequired[str]
    treatment_day: NotRequired[int | None]
    treated: NotRequired[bool]


class ConditionAdded(TypedDict):
    character_id: NotRequired[str | None]
    condition: Condition
    requested: str
    escalations: NotRequired[list[str]]
    replaces: NotRequired[list[str]]
    exchange: NotRequired[DamageExchange | None]
    movement: NotRequired[Movement | None]


class ConditionAddedEvent(TypedDict):
    """A recorded ConditionAdded event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['ConditionAdded']
    version: int
    data: ConditionAdded
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ConditionExpired(TypedDict):
    character_id: NotRequired[str | None]
    condition_id: str
    name: str
    why: str
    movement: NotRequired[Movement | None]


class ConditionExpiredEvent(TypedDict):
    """A recorded ConditionExpired event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['ConditionExpired']
    version: int
    data: ConditionExpired
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ConditionReduced(TypedDict):
    character_id: NotRequired[str | None]
    condition_id: str
    name: str
    before: int
    after: int
    how: str
    healing: NotRequired[int]
    movement: NotRequired[Movement | None]


class ConditionReducedEvent(TypedDict):
    """A recorded ConditionReduced event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['ConditionReduced']
    version: int
    data: ConditionReduced
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ConditionTimed(TypedDict):
    character_id: NotRequired[str | None]
    encounter_id: str
    timer: TurnTimer


class ConditionTimedEvent(TypedDict):
    """A recorded ConditionTimed event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['ConditionTimed']
    version: int
    data: ConditionTimed
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ConditionTreated(TypedDict):
    character_id: NotRequired[str | None]
    condition_id: str
    day: int


class ConditionTreatedEvent(TypedDict):
    """A recorded ConditionTreated event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['ConditionTreated']
    version: int
    data: ConditionTreated
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ConditionsAnswer(TypedDict):
    position: int
    voided: Voided | None
    character_id: str
    conditions: list[Condition]
    movement: Movement | None
    speed: int
    defense: ConditionsAnswerDefense


class ConditionsAnswerDefense(TypedDict):
    sheet: int | None
    after_conditions: int | None
    defenseless: bool
    modifiers: list[ConditionsAnswerDefenseModifiersEntry]
    not_applied: list[ConditionsAnswerDefenseNotAppliedEntry]


class ConditionsAnswerDefenseModifiersEntry(TypedDict):
    name: str
    condition_id: str | None
    modifier: int


class ConditionsAnswerDefenseNotAppliedEntry(TypedDict):
    name: str
    condition_id: str
    effect: str


class Consequence(TypedDict):
    id: str
    category: str
    severity: str | None
    backlash_spent: int
    description: str
    drawn: bool
    health_lost: NotRequired[int]
    condition_ids: NotRequired[list[str]]


class ConsequenceAmountSet(TypedDict):
    character_id: NotRequired[str | None]
    amount: int
    rolled: bool
    rolled_total: NotRequired[int | None]


class ConsequenceAmountSetEvent(TypedDict):
    """A recorded ConsequenceAmountSet event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['ConsequenceAmountSet']
    version: int
    data: ConsequenceAmountSet
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ConsequenceDrawn(TypedDict):
    character_id: NotRequired[str | None]
    drawn: Drawn


class ConsequenceDrawnEvent(TypedDict):
    """A recorded ConsequenceDrawn event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['ConsequenceDrawn']
    version: int
    data: ConsequenceDrawn
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ConsequenceEffect(TypedDict):
    consequence_id: str
    character_id: str
    effect: str
    round: NotRequired[int]
    modifier: NotRequired[int]
    after_turn: NotRequired[int]
    ended: NotRequired[bool]


class ConsequenceEffectChosen(TypedDict):
    character_id: NotRequired[str | None]
    consequence_id: str
    effect: str
    severity: str


class ConsequenceEffectChosenEvent(TypedDict):
    """A recorded ConsequenceEffectChosen event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['ConsequenceEffectChosen']
    version: int
    data: ConsequenceEffectChosen
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ConsequenceEffectEnded(TypedDict):
    character_id: NotRequired[str | None]
    encounter_id: str
    consequence_id: str
    effect: str
    why: str


class ConsequenceEffectEndedEvent(TypedDict):
    """A recorded ConsequenceEffectEnded event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['ConsequenceEffectEnded']
    version: int
    data: ConsequenceEffectEnded
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ConsequenceEffectTimed(TypedDict):
    character_id: NotRequired[str | None]
    encounter_id: str
    effect: ConsequenceEffect


class ConsequenceEffectTimedEvent(TypedDict):
    """A recorded ConsequenceEffectTimed event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['ConsequenceEffectTimed']
    version: int
    data: ConsequenceEffectTimed
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ConsequenceRollOwed(TypedDict):
    character_id: NotRequired[str | None]
    reason: str
    total: int
    mana: int


class ConsequenceRollOwedEvent(TypedDict):
    """A recorded ConsequenceRollOwed event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['ConsequenceRollOwed']
    version: int
    data: ConsequenceRollOwed
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ConsequenceRolled(TypedDict):
    character_id: NotRequired[str | None]
    ability: str
    ability_value: int
    tn: int
    total: int | None
    success: bool
    deliberate: bool
    temporary: int
    resolves_owed: NotRequired[str | None]
    resolves_choice: NotRequired[bool]
    consequences_due: NotRequired[bool]


class ConsequenceRolledEvent(TypedDict):
    """A recorded ConsequenceRolled event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['ConsequenceRolled']
    version: int
    data: ConsequenceRolled
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ConsequenceSuffered(TypedDict):
    character_id: NotRequired[str | None]
    consequence: Consequence
    before: int
    after: int
    remaining: int


class ConsequenceSufferedEvent(TypedDict):
    """A recorded ConsequenceSuffered event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['ConsequenceSuffered']
    version: int
    data: ConsequenceSuffered
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ConsequencesDue(TypedDict):
    since: int
    tn: int
    total: int | None
    amount: NotRequired[int | None]
    spent: NotRequired[int]
    drawn: NotRequired[Drawn | None]
    suffered: NotRequired[list[Consequence]]


class ConsistencyProof(TypedDict):
    first: int
    second: int
    path: list[str]


class ConsumerLag(TypedDict):
    name: str
    cursor: str
    lag_events: int
    lag_seconds: float


class ConvictionSpentForAlly(TypedDict):
    character_id: NotRequired[str | None]
    ally_id: str
    amount: int
    reason: str
    encounter_id: NotRequired[str | None]
    turn_number: NotRequired[int | None]


class ConvictionSpentForAllyEvent(TypedDict):
    """A recorded ConvictionSpentForAlly event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['ConvictionSpentForAlly']
    version: int
    data: ConvictionSpentForAlly
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class Corrected(TypedDict):
    character_id: NotRequired[str | None]
    field: str
    before: Any
    after: Any
    reason: str


class CorrectedEvent(TypedDict):
    """A recorded Corrected event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['Corrected']
    version: int
    data: Corrected
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class Costs(TypedDict):
    bonus_mana: int
    bonus_backlash: int
    cost: int
    cost_backlash: int
    mana_paid: int
    shortfall: int
    shortfall_backlash: int
    auto_backlash: int
    target_backlash: NotRequired[int]


class DamageAvoided(TypedDict):
    character_id: NotRequired[str | None]
    encounter_id: str
    amount: int
    damage_type: str
    reason: str
    conviction: NotRequired[int]


class DamageAvoidedEvent(TypedDict):
    """A recorded DamageAvoided event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['DamageAvoided']
    version: int
    data: DamageAvoided
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class DamageExchange(TypedDict):
    incoming: int
    damage_type: str
    exchanged: int
    reduction: int
    health_lost: int


class Damaged(TypedDict):
    character_id: NotRequired[str | None]
    amount: int
    damage_type: str
    before: int
    after: int
    reason: str
    dying: NotRequired[bool]
    unconscious: NotRequired[bool]
    from_backlash: NotRequired[bool]
    spell: NotRequired[str | None]


class DamagedEvent(TypedDict):
    """A recorded Damaged event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['Damaged']
    version: int
    data: Damaged
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class Delivery(TypedDict):
    id: str
    webhook_id: str
    campaign_id: str
    position: int
    event_type: str
    status: str
    attempts: int
    next_attempt_at: str
    last_status: int | None
    last_error: str | None
    created_at: str
    delivered_at: str | None


class DeliveryPage(TypedDict):
    deliveries: list[DeliveryPageDeliveriesEntry]
    next: int | None


class DeliveryPageDeliveriesEntry(Delivery):
    attempt_log: list[DeliveryPageDeliveriesEntryAttemptLogEntry]


class DeliveryPageDeliveriesEntryAttemptLogEntry(TypedDict):
    attempt: int
    at: str
    http_status: int | None
    error: str | None
    duration_ms: int


class DiceReport(TypedDict):
    verified: int
    mismatches: list[Mismatch]
    reported: list[ReportedRoll]
    pending: list[PendingRoll]
    epochs: list[EpochReport]


class Die(TypedDict):
    sides: int
    value: int
    mark: NotRequired[str | None]


class Drawn(TypedDict):
    category: str
    severity: NotRequired[str | None]
    cost: NotRequired[int | None]


class DyingBegan(TypedDict):
    character_id: NotRequired[str | None]
    mode: str
    constitution: int
    survival_rounds: int
    encounter_id: str | None
    ends_round: int | None
    ends_turn: int | None


class DyingBeganEvent(TypedDict):
    """A recorded DyingBegan event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['DyingBegan']
    version: int
    data: DyingBegan
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class DyingEnded(TypedDict):
    character_id: NotRequired[str | None]
    why: str


class DyingEndedEvent(TypedDict):
    """A recorded DyingEnded event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['DyingEnded']
    version: int
    data: DyingEnded
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class DyingState(TypedDict):
    mode: str
    survival_rounds: int
    since_position: int
    encounter_id: NotRequired[str | None]
    ends_round: NotRequired[int | None]
    ends_turn: NotRequired[int | None]
    ran_out: NotRequired[bool]
    tests: NotRequired[int]
    test_owed: NotRequired[bool]
    may_perish: NotRequired[bool]
    consciousness_test_owed: NotRequired[bool]
    survival_roll_position: NotRequired[int | None]


class EffectTimer(TypedDict):
    spell: str
    character_id: str
    caster_id: str
    rounds: int
    round: int
    turn: int
    used_round: NotRequired[int]
    ended: NotRequired[bool]


class EffortAnswer(TypedDict):
    position: int
    voided: Voided | None
    effort: EffortSummary
    strain: StrainSummary


class EffortCommitted(TypedDict):
    character_id: NotRequired[str | None]
    commitment: Commitment
    available_after: int


class EffortCommittedEvent(TypedDict):
    """A recorded EffortCommitted event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['EffortCommitted']
    version: int
    data: EffortCommitted
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class EffortPoolSummary(TypedDict):
    pool: str
    max: int
    committed: int
    available: int
    commitments: list[Commitment]


class EffortReleased(TypedDict):
    character_id: NotRequired[str | None]
    commitment_id: str


class EffortReleasedEvent(TypedDict):
    """A recorded EffortReleased event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['EffortReleased']
    version: int
    data: EffortReleased
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class EffortReturned(TypedDict):
    character_id: NotRequired[str | None]
    commitment_id: str
    pool: str
    amount: int
    why: str


class EffortReturnedEvent(TypedDict):
    """A recorded EffortReturned event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['EffortReturned']
    version: int
    data: EffortReturned
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class EffortState(TypedDict):
    commitments: NotRequired[list[Commitment]]


class EffortSummary(TypedDict):
    character_id: str
    cyberware_cut: int
    pools: list[EffortSummaryPoolsEntry]


class EffortSummaryPoolsEntry(EffortPoolSummary):
    id: str


class Encounter(TypedDict):
    id: str
    scene: int
    order: list[Participant]
    round_seconds: int
    started_minute: int
    started_second: int
    round: NotRequired[int]
    turn: NotRequired[int]
    turn_number: NotRequired[int]
    timers: NotRequired[list[TurnTimer]]
    started_position: NotRequired[int]
    tested_this_turn: NotRequired[list[str]]
    hurt: NotRequired[dict[str, int]]
    grappled: NotRequired[dict[str, int]]
    effects: NotRequired[list[EffectTimer]]
    consequence_effects: NotRequired[list[ConsequenceEffect]]
    damage_avoided_by: NotRequired[list[str]]
    conviction_for_ally: NotRequired[dict[str, int]]
    grapples: NotRequired[dict[str, int]]
    minor_actions: NotRequired[dict[str, int]]


class EncounterAnswer(TypedDict):
    position: int
    voided: Voided | None
    encounter: EncounterView


class EncounterEnded(TypedDict):
    character_id: NotRequired[str | None]
    encounter_id: str
    rounds: int
    why: str
    minute: int
    second: int


class EncounterEndedEvent(TypedDict):
    """A recorded EncounterEnded event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['EncounterEnded']
    version: int
    data: EncounterEnded
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class EncounterSpiritJoined(TypedDict):
    character_id: NotRequired[str | None]
    encounter_id: str
    spirit_id: str
    participant_id: str
    from_round: int


class EncounterSpiritJoinedEvent(TypedDict):
    """A recorded EncounterSpiritJoined event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['EncounterSpiritJoined']
    version: int
    data: EncounterSpiritJoined
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class EncounterStarted(TypedDict):
    character_id: NotRequired[str | None]
    encounter_id: str
    scene: int
    order: list[Participant]
    round_seconds: int
    started_minute: int
    started_second: int
    tie_break: str


class EncounterStartedEvent(TypedDict):
    """A recorded EncounterStarted event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['EncounterStarted']
    version: int
    data: EncounterStarted
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class EncounterView(TypedDict):
    encounter: Encounter | None
    round: int | None
    turn: Participant | None
    order: list[str]
    minute: int
    second: int
    encounters_started: int


class Ensnared(TypedDict):
    character_id: NotRequired[str | None]
    spirit_id: str
    since_minute: int
    until_minute: int


class EnsnaredEvent(TypedDict):
    """A recorded Ensnared event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['Ensnared']
    version: int
    data: Ensnared
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class Entry(TypedDict):
    first_position: int
    last_position: int
    correlation_id: str
    types: list[str]
    summary: str
    events: list[EventLine]
    actor: dict[str, str | None]
    recorded_at: str
    session: int
    scene: int
    character_ids: list[str]
    changes: list[Change]
    voided: bool
    voided_by: int | None


class EpochReport(TypedDict):
    epoch: int
    commitment: str | None
    committed_at: int | None
    revealed_at: int | None
    ok: bool


class EventActor(TypedDict):
    role: str
    token_id: str | None
    character_id: str | None


class EventLine(TypedDict):
    position: int
    type: str
    summary: str


class EventsAnswer(TypedDict):
    position: int
    events: list[Event]
    next: int | None


class Firearm(TypedDict):
    weapon_class: str
    damage: str
    damage_type: NotRequired[str]
    tn: NotRequired[int | None]


class FirstAidGiven(TypedDict):
    character_id: NotRequired[str | None]
    by: str | None
    note: str
    ends: list[str]


class FirstAidGivenEvent(TypedDict):
    """A recorded FirstAidGiven event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['FirstAidGiven']
    version: int
    data: FirstAidGiven
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ForkOrigin(TypedDict):
    campaign_id: str
    position: int
    head_hash: str


class ForkReport(TypedDict):
    origin: str
    position: int
    head_hash: str
    origin_found: bool
    head_ok: NotRequired[bool | None]
    tree_head_ok: NotRequired[bool | None]
    consistent: NotRequired[bool | None]
    origin_size: NotRequired[int | None]
    ok: NotRequired[bool]


class ForkedFrom(TypedDict):
    character_id: NotRequired[str | None]
    name: str
    origin: ForkOrigin
    tree_head: OriginTreeHead
    state: CampaignStateRecorded
    dice_epoch: int
    dice_commitment: str


class ForkedFromEvent(TypedDict):
    """A recorded ForkedFrom event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['ForkedFrom']
    version: int
    data: ForkedFrom
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class Graded(TypedDict):
    name: str
    degree: str
    choice: NotRequired[str | None]


class GrappleNoted(TypedDict):
    character_id: NotRequired[str | None]
    encounter_id: str
    condition_id: str
    name: str
    turn_number: int


class GrappleNotedEvent(TypedDict):
    """A recorded GrappleNoted event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['GrappleNoted']
    version: int
    data: GrappleNoted
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class GrappledThisRound(TypedDict):
    character_id: NotRequired[str | None]
    encounter_id: str
    round: int
    condition: str


class GrappledThisRoundEvent(TypedDict):
    """A recorded GrappledThisRound event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['GrappledThisRound']
    version: int
    data: GrappledThisRound
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class HeadCheck(TypedDict):
    hash: str
    found_at: int | None
    ok: bool


class Healed(TypedDict):
    character_id: NotRequired[str | None]
    amount: int
    before: int
    after: int
    reason: str
    magical: NotRequired[bool]


class HealedEvent(TypedDict):
    """A recorded Healed event; `data` is its current version (older versions are served
    as stored)."""

    position: int
    type: Literal['Healed']
    version: int
    data: Healed
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class Health(TypedDict):
    status: str


class HelplessWhileDown(TypedDict):
    character_id: NotRequired[str | None]
    condition_id: str
    state: str


class HelplessWhileDownEvent(TypedDict):
    """A recorded HelplessWhileDown event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['HelplessWhileDown']
    version: int
    data: HelplessWhileDown
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class HiddenNoted(TypedDict):
    character_id: NotRequired[str | None]
    commitment: str
    sealed: NotRequired[str]


class HiddenNotedEvent(TypedDict):
    """A recorded HiddenNoted event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['HiddenNoted']
    version: int
    data: HiddenNoted
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class HiddenReport(TypedDict):
    revealed: list[int]
    sealed: list[int]


class HiddenRevealed(TypedDict):
    character_id: NotRequired[str | None]
    hidden_position: int
    hidden_type: str
    commitment: str
    data: dict[str, Any]
    nonce: str
    seed: NotRequired[str | None]


class HiddenRevealedEvent(TypedDict):
    """A recorded HiddenRevealed event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['HiddenRevealed']
    version: int
    data: HiddenRevealed
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class HiddenRolled(TypedDict):
    character_id: NotRequired[str | None]
    commitment: str
    sealed: NotRequired[str]


class HiddenRolledEvent(TypedDict):
    """A recorded HiddenRolled event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['HiddenRolled']
    version: int
    data: HiddenRolled
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class HurtThisRound(TypedDict):
    character_id: NotRequired[str | None]
    encounter_id: str
    round: int
    amount: int


class HurtThisRoundEvent(TypedDict):
    """A recorded HurtThisRound event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['HurtThisRound']
    version: int
    data: HurtThisRound
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class Identification(TypedDict):
    character_id: str
    day: int
    position: int


class IdentificationRecorded(TypedDict):
    character: str
    day: int
    position: int


class Implant(TypedDict):
    name: str
    strain: float


class InclusionProof(TypedDict):
    position: int
    tree_size: int
    leaf_index: int
    chain_hash: str
    path: list[str]


class Item(TypedDict):
    id: str
    name: str
    kind: str
    materials: list[Material]
    integrity: Pool
    exposure: NotRequired[str]
    durability_bonus: NotRequired[int]
    magical: NotRequired[bool]
    min_skill: NotRequired[MinSkill | None]
    enchantment_bonus: NotRequired[int]
    firearm: NotRequired[Firearm | None]
    description: NotRequired[str]
    status: NotRequired[str]
    holder: NotRequired[str | None]
    linked_to: NotRequired[str | None]
    links: NotRequired[list[LinkRecord]]
    identified: NotRequired[list[Identification]]
    studies: NotRequired[list[Study]]
    trust: NotRequired[list[ItemTrustEntry]]
    damaged_at: NotRequired[int]
    registered_at: NotRequired[int]


class ItemAnswer(TypedDict):
    position: int
    voided: Voided | None
    item: ItemView


class ItemDamaged(TypedDict):
    character_id: NotRequired[str | None]
    item_id: str
    amount: int
    damage_type: str
    exposure: str
    durability: int
    exceeded: bool
    integrity_before: int
    integrity_after: int
    status_before: str
    status_after: str


class ItemDamagedEvent(TypedDict):
    """A recorded ItemDamaged event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['ItemDamaged']
    version: int
    data: ItemDamaged
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ItemHandedOver(TypedDict):
    character_id: NotRequired[str | None]
    item_id: str
    before: str | None
    after: str | None


class ItemHandedOverEvent(TypedDict):
    """A recorded ItemHandedOver event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['ItemHandedOver']
    version: int
    data: ItemHandedOver
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ItemIdentificationAbandoned(TypedDict):
    character_id: NotRequired[str | None]
    item_id: str
    why: str


class ItemIdentificationAbandonedEvent(TypedDict):
    """A recorded ItemIdentificationAbandoned event; `data` is its current version
    (older versions are served as stored)."""

    position: int
    type: Literal['ItemIdentificationAbandoned']
    version: int
    data: ItemIdentificationAbandoned
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ItemIdentificationBegun(TypedDict):
    character_id: NotRequired[str | None]
    item_id: str
    day: int
    basis: str


class ItemIdentificationBegunEvent(TypedDict):
    """A recorded ItemIdentificationBegun event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['ItemIdentificationBegun']
    version: int
    data: ItemIdentificationBegun
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ItemIdentified(TypedDict):
    character_id: NotRequired[str | None]
    item_id: str
    day: int
    began_day: int


class ItemIdentifiedEvent(TypedDict):
    """A recorded ItemIdentified event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['ItemIdentified']
    version: int
    data: ItemIdentified
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ItemLinkEnded(TypedDict):
    character_id: NotRequired[str | None]
    item_id: str
    why: str
    helper: NotRequired[str | None]
    strain_permanent_before: int
    strain_permanent_after: int


class ItemLinkEndedEvent(TypedDict):
    """A recorded ItemLinkEnded event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['ItemLinkEnded']
    version: int
    data: ItemLinkEnded
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ItemLinked(TypedDict):
    character_id: NotRequired[str | None]
    item_id: str
    helper: str | None
    pool: str | None
    strain_current_before: int
    strain_current_after: int
    strain_permanent_before: int
    strain_permanent_after: int


class ItemLinkedEvent(TypedDict):
    """A recorded ItemLinked event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['ItemLinked']
    version: int
    data: ItemLinked
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ItemRecorded(TypedDict):
    id: str
    name: str
    kind: str
    materials: list[Material]
    integrity: Pool
    exposure: NotRequired[str]
    durability_bonus: NotRequired[int]
    magical: NotRequired[bool]
    min_skill: NotRequired[MinSkill | None]
    enchantment_bonus: NotRequired[int]
    firearm: NotRequired[Firearm | None]
    description: NotRequired[str]
    status: NotRequired[str]
    holder: NotRequired[str | None]
    linked_to: NotRequired[str | None]
    links: NotRequired[list[LinkRecord]]
    identified: NotRequired[list[IdentificationRecorded]]
    studies: NotRequired[list[StudyRecorded]]
    trust: NotRequired[dict[str, TrustMark]]
    damaged_at: NotRequired[int]
    registered_at: NotRequired[int]


class ItemRegistered(TypedDict):
    character_id: NotRequired[str | None]
    item: ItemRecorded


class ItemRegisteredEvent(TypedDict):
    """A recorded ItemRegistered event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['ItemRegistered']
    version: int
    data: ItemRegistered
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ItemRepaired(TypedDict):
    character_id: NotRequired[str | None]
    item_id: str
    threshold_successes: int
    tn: int
    cap: int | None
    integrity_before: int
    integrity_after: int
    status_before: str
    status_after: str


class ItemRepairedEvent(TypedDict):
    """A recorded ItemRepaired event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['ItemRepaired']
    version: int
    data: ItemRepaired
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class TrustMark(TypedDict):
    scene: int
    position: int
    outcome: str


class ItemTrustEntry(TrustMark):
    id: str


class ItemView(Item):
    durability: int
    repair_tn: int


class ItemsAnswer(TypedDict):
    position: int
    voided: Voided | None
    items: list[ItemView]
    by_character: list[ItemsAnswerByCharacterEntry]


class ItemsAnswerByCharacterEntry(TypedDict):
    character_id: str
    holds: list[str]
    linked: list[str]


class KnockedOut(TypedDict):
    character_id: NotRequired[str | None]
    cause: str
    minutes: int | None
    until_minute: int | None
    regains: NotRequired[int]


class KnockedOutEvent(TypedDict):
    """A recorded KnockedOut event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['KnockedOut']
    version: int
    data: KnockedOut
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class Knockout(TypedDict):
    cause: str
    since: int
    until_minute: NotRequired[int | None]
    regains: NotRequired[int]


class LinkRecord(TypedDict):
    user: str
    linked_at: int
    helper: NotRequired[str | None]
    pool: NotRequired[str | None]
    ended_at: NotRequired[int | None]
    why: NotRequired[str | None]


class Lock(TypedDict):
    id: str
    by: str
    target: str
    tier: int
    roll_position: int
    escape_penalty: NotRequired[int]


class LockEscapeTried(TypedDict):
    character_id: NotRequired[str | None]
    lock_id: str
    target: str
    escaped: bool
    damage: NotRequired[int]
    die: NotRequired[int | None]


class LockEscapeTriedEvent(TypedDict):
    """A recorded LockEscapeTried event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['LockEscapeTried']
    version: int
    data: LockEscapeTried
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class MagicAnswer(TypedDict):
    position: int
    voided: Voided | None
    magic: MagicAnswerMagic


class MagicAnswerMagic(TypedDict):
    character_id: str
    magic_ability: str | None
    mana: Pool
    backlash: MagicAnswerMagicBacklash
    over_mana: bool
    owed: list[OwedRoll]
    carried: int
    pending: list[MagicAnswerMagicPendingEntry]


class MagicAnswerMagicBacklash(TypedDict):
    temporary: int
    permanent: int
    total: int
    permanent_sources: list[str]
    harm: int


class MagicAnswerMagicPendingEntry(TypedDict):
    kind: Literal[
        'magic-test-failure', 'consequence-roll-owed', 'bank-or-roll', 'consequences',
        'confused-test-owed', 'fatigue-test-owed'
    ]
    commands: list[str]
    test_id: NotRequired[str]
    tn: NotRequired[int]
    total: NotRequired[int]
    fix_needs: NotRequired[int]
    accept_costs: NotRequired[int]
    rolls: NotRequired[int]
    reasons: NotRequired[list[str]]
    blocks_magic_tests: NotRequired[bool]
    gained: NotRequired[int]
    amount: NotRequired[int | None]
    remaining: NotRequired[int | None]
    drawn: NotRequired[Drawn | None]
    ability: NotRequired[str]
    focus: NotRequired[str]
    encounter_id: NotRequired[str]
    round: NotRequired[int]
    rounds: NotRequired[int]


class MagicTestFailureAccepted(TypedDict):
    character_id: NotRequired[str | None]
    test_id: str
    backlash: int
    degree: int
    carried_used: int
    automatic: NotRequired[bool]


class MagicTestFailureAcceptedEvent(TypedDict):
    """A recorded MagicTestFailureAccepted event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['MagicTestFailureAccepted']
    version: int
    data: MagicTestFailureAccepted
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class MagicTestFixed(TypedDict):
    character_id: NotRequired[str | None]
    test_id: str
    mana: int
    backlash: int
    needed: int
    carried_after: int


class MagicTestFixedEvent(TypedDict):
    """A recorded MagicTestFixed event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['MagicTestFixed']
    version: int
    data: MagicTestFixed
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class MagicTestMade(TypedDict):
    character_id: NotRequired[str | None]
    test_id: str
    label: NotRequired[str]
    ability: str
    ability_value: int
    focus: str | None
    focus_bonus: int
    target: TargetNumber
    resistance_factors: list[str]
    bonus: int
    modifier: int
    costs: Costs
    automatic: bool
    success: bool
    total: NotRequired[int | None]
    degree: NotRequired[int]
    carried: NotRequired[int]
    failure_backlash: NotRequired[int]
    stunt_points: NotRequired[int]
    spell_rank: NotRequired[str | None]
    arcana: NotRequired[str | None]
    target_character: NotRequired[str | None]
    talent_bonus: NotRequired[int]
    mana_less: NotRequired[int]
    mana_more: NotRequired[int]
    talents: NotRequired[list[str]]
    ritual: NotRequired[bool]
    failure_backlash_less: NotRequired[int]
    automatic_failure: NotRequired[bool]


class MagicTestMadeEvent(TypedDict):
    """A recorded MagicTestMade event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['MagicTestMade']
    version: int
    data: MagicTestMade
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class MagicTestState(TypedDict):
    failure: NotRequired[PendingFailure | None]
    carried: NotRequired[int]


class ManaRecoveryLimited(TypedDict):
    character_id: NotRequired[str | None]
    limit: int
    recovered: int
    kept: int
    progress_before: int
    progress_after: int


class ManaRecoveryLimitedEvent(TypedDict):
    """A recorded ManaRecoveryLimited event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['ManaRecoveryLimited']
    version: int
    data: ManaRecoveryLimited
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class Material(TypedDict):
    name: str
    durability: int
    integrity: int
    modifiers: NotRequired[dict[str, int]]
    versus: NotRequired[dict[str, int]]


class MinSkill(TypedDict):
    skill: str
    level: int


class Mismatch(TypedDict):
    position: int
    type: str
    epoch: int | None
    problem: str
    command_position: NotRequired[int | None]
    index: NotRequired[int | None]
    sides: NotRequired[int | None]
    recorded: NotRequired[int | None]
    derived: NotRequired[int | None]


class Movement(TypedDict):
    speed: int
    immobile: bool


class MovementChanged(TypedDict):
    character_id: NotRequired[str | None]
    movement: Movement | None


class MovementChangedEvent(TypedDict):
    """A recorded MovementChanged event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['MovementChanged']
    version: int
    data: MovementChanged
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class NewDayData(TypedDict):
    character_id: NotRequired[str | None]
    day: int
    rested: list[str]


class NewDayEvent(TypedDict):
    """A recorded NewDay event; `data` is its current version (older versions are served
    as stored)."""

    position: int
    type: Literal['NewDay']
    version: int
    data: NewDayData
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class NextTest(TypedDict):
    name: str
    modifier: int
    since: int


class NextTestModified(TypedDict):
    character_id: NotRequired[str | None]
    modifier: int
    talent: str
    given_by: str
    reason: NotRequired[str]


class NextTestModifiedEvent(TypedDict):
    """A recorded NextTestModified event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['NextTestModified']
    version: int
    data: NextTestModified
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class NextTestModifiersUsed(TypedDict):
    character_id: NotRequired[str | None]
    total: int


class NextTestModifiersUsedEvent(TypedDict):
    """A recorded NextTestModifiersUsed event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['NextTestModifiersUsed']
    version: int
    data: NextTestModifiersUsed
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class OriginTreeHead(TypedDict):
    campaign_id: str
    tree_size: int
    root_hash: str
    head_hash: str
    timestamp: str
    key_id: str
    algorithm: str
    signature: str


class OvercastCollapsed(TypedDict):
    character_id: NotRequired[str | None]
    strain: int
    max: int
    health_before: int
    health_after: int
    until_minute: int


class OvercastCollapsedEvent(TypedDict):
    """A recorded OvercastCollapsed event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['OvercastCollapsed']
    version: int
    data: OvercastCollapsed
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class OvercastRoll(TypedDict):
    die: int
    cast: int
    con_mod: int
    day_penalty: int
    result: int
    strain: int


class OwedRoll(TypedDict):
    reason: str
    since: int


class OwedTest(TypedDict):
    id: str
    kind: str
    ability: str
    focus: str | None
    tn: int | None
    encounter_id: str
    round: NotRequired[int]
    turn_number: NotRequired[int]
    rounds: NotRequired[int]
    limit: NotRequired[int]


class OwedTestLapsed(TypedDict):
    character_id: NotRequired[str | None]
    test_id: str
    kind: str
    why: str


class OwedTestLapsedEvent(TypedDict):
    """A recorded OwedTestLapsed event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['OwedTestLapsed']
    version: int
    data: OwedTestLapsed
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class OwedTestRolled(TypedDict):
    character_id: NotRequired[str | None]
    test_id: str
    kind: str
    roll_position: int
    success: bool


class OwedTestRolledEvent(TypedDict):
    """A recorded OwedTestRolled event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['OwedTestRolled']
    version: int
    data: OwedTestRolled
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ParalysisTargeted(TypedDict):
    character_id: NotRequired[str | None]
    scene: int


class ParalysisTargetedEvent(TypedDict):
    """A recorded ParalysisTargeted event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['ParalysisTargeted']
    version: int
    data: ParalysisTargeted
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class Participant(TypedDict):
    id: str
    name: str
    initiative: int
    character_id: NotRequired[str | None]
    tie: NotRequired[int]
    spirits: NotRequired[dict[str, int]]


class ParticipantAdded(TypedDict):
    character_id: NotRequired[str | None]
    encounter_id: str
    participant: Participant
    index: int


class ParticipantAddedEvent(TypedDict):
    """A recorded ParticipantAdded event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['ParticipantAdded']
    version: int
    data: ParticipantAdded
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ParticipantRemoved(TypedDict):
    character_id: NotRequired[str | None]
    encounter_id: str
    participant_id: str
    reason: str


class ParticipantRemovedEvent(TypedDict):
    """A recorded ParticipantRemoved event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['ParticipantRemoved']
    version: int
    data: ParticipantRemoved
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class PendingDecision(TypedDict):
    kind: str
    commands: list[str]


class PendingFailure(TypedDict):
    test_id: str
    tn: int
    total: int
    needed: int
    backlash: int
    carried: int
    since: int
    automatic: NotRequired[bool]


class PendingRoll(TypedDict):
    position: int
    type: str
    epoch: int


class PermanentBacklashChanged(TypedDict):
    character_id: NotRequired[str | None]
    before: int
    after: int
    sources: list[str]
    at_registration: NotRequired[bool]


class PermanentBacklashChangedEvent(TypedDict):
    """A recorded PermanentBacklashChanged event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['PermanentBacklashChanged']
    version: int
    data: PermanentBacklashChanged
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class PermanentStrainChanged(TypedDict):
    character_id: NotRequired[str | None]
    delta: int
    before: int
    after: int
    permanent_before: int
    permanent_after: int
    reason: str


class PermanentStrainChangedEvent(TypedDict):
    """A recorded PermanentStrainChanged event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['PermanentStrainChanged']
    version: int
    data: PermanentStrainChanged
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class Pool(TypedDict):
    current: int
    max: int


class PoolSummary(TypedDict):
    exists: bool
    active: bool
    sp: int
    base: int
    base_now: int
    members: list[str]
    explicit_members: bool
    unbonded: list[str]
    bonds: list[Bond]
    rolls: list[RollNote]


class Readiness(TypedDict):
    status: str
    store: str


class Receipt(TypedDict):
    """The signed tree head at the write's position and the inclusion proof of each
    event it recorded (docs/trust.md)."""

    tree_head: TreeHead
    inclusions: list[ReceiptInclusionsEntry]


class ReceiptInclusionsEntry(TypedDict):
    position: int
    tree_size: int
    leaf_index: int
    chain_hash: str
    path: list[str]


class Redone(TypedDict):
    character_id: NotRequired[str | None]
    rewind_position: int
    restored_from: int
    restored_to: int
    reason: str
    state: CampaignStateRecorded
    dice_epoch: int
    dice_commitment: str
    revealed_epoch: NotRequired[int | None]
    revealed_seed: NotRequired[str | None]


class RedoneEvent(TypedDict):
    """A recorded Redone event; `data` is its current version (older versions are served
    as stored)."""

    position: int
    type: Literal['Redone']
    version: int
    data: Redone
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ReportedRoll(TypedDict):
    position: int
    type: str
    reported_by: str | None
    dice: list[Any]


class Resistance(TypedDict):
    id: str
    stunt: str
    by: str
    target: str
    ability: str
    focus: str
    tn: int
    roll_position: int
    attempts: NotRequired[int]
    outcome: NotRequired[str]
    condition_id: NotRequired[str | None]
    encounter_id: NotRequired[str | None]
    turn_number: NotRequired[int]
    turns_left: NotRequired[int]


class ResistanceFactors(TypedDict):
    resistance_factors: dict[str, int]
    careful: list[str]


class ResourceGained(TypedDict):
    character_id: NotRequired[str | None]
    resource: str
    amount: int
    before: int
    after: int
    reason: str


class ResourceGainedEvent(TypedDict):
    """A recorded ResourceGained event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['ResourceGained']
    version: int
    data: ResourceGained
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ResourceSpent(TypedDict):
    character_id: NotRequired[str | None]
    resource: str
    amount: int
    before: int
    after: int
    reason: str


class ResourceSpentEvent(TypedDict):
    """A recorded ResourceSpent event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['ResourceSpent']
    version: int
    data: ResourceSpent
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class RewindState(TypedDict):
    voided: NotRequired[list[VoidedRange]]
    last_rewind: NotRequired[int]


class RewindStateRecorded(TypedDict):
    voided: NotRequired[list[VoidedRangeRecorded]]
    last_rewind: NotRequired[int]


class Rewound(TypedDict):
    character_id: NotRequired[str | None]
    to_position: int
    reason: str
    voided_from: int
    voided_to: int
    state: CampaignStateRecorded
    dice_epoch: int
    dice_commitment: str
    revealed_epoch: NotRequired[int | None]
    revealed_seed: NotRequired[str | None]


class RewoundEvent(TypedDict):
    """A recorded Rewound event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['Rewound']
    version: int
    data: Rewound
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class RitualRerolled(TypedDict):
    character_id: NotRequired[str | None]
    roll_position: int
    roller_id: str
    conviction: NotRequired[int]


class RitualRerolledEvent(TypedDict):
    """A recorded RitualRerolled event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['RitualRerolled']
    version: int
    data: RitualRerolled
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class RollCondition(TypedDict):
    name: str
    condition_id: str
    modifier: NotRequired[int]
    effect: NotRequired[str]


class RollModifier(TypedDict):
    name: str
    modifier: int


class RollNote(TypedDict):
    position: int
    character_id: str
    generated: int
    contributed: NotRequired[int]
    from_pool: NotRequired[int]


class RollSpending(TypedDict):
    position: int
    character_id: str
    generated: int
    from_pool: NotRequired[int]
    contributed: NotRequired[int]
    spent: NotRequired[int]
    stunts: NotRequired[list[SpentStunt]]


class Rolled(TypedDict):
    character_id: NotRequired[str | None]
    kind: str
    expression: str
    dice: list[Die]
    total: int
    source: str
    epoch: NotRequired[int | None]
    command_position: NotRequired[int | None]
    first_index: NotRequired[int | None]
    reported_by: NotRequired[str | None]
    label: NotRequired[str]
    result_text: NotRequired[str]
    stunt_die: NotRequired[int | None]
    ability: NotRequired[str | None]
    ability_value: NotRequired[int]
    focus: NotRequired[str | None]
    focus_bonus: NotRequired[int]
    modifier: NotRequired[int]
    tn: NotRequired[int | None]
    success: NotRequired[bool | None]
    doubles: NotRequired[bool]
    stunt_points: NotRequired[int]
    active: NotRequired[bool]
    condition_modifiers: NotRequired[list[RollCondition]]
    condition_procedures: NotRequired[list[RollCondition]]
    conditions_not_applied: NotRequired[list[RollCondition]]
    automatic_failure: NotRequired[bool]
    tags: NotRequired[list[str]]
    talent_bonus: NotRequired[int]
    talent_sp: NotRequired[int]
    talents: NotRequired[list[str]]
    ones_rerolled_by: NotRequired[list[str]]
    talent_modifiers: NotRequired[list[RollModifier]]
    talent_notes: NotRequired[list[str]]


class RolledEvent(TypedDict):
    """A recorded Rolled event; `data` is its current version (older versions are served
    as stored)."""

    position: int
    type: Literal['Rolled']
    version: int
    data: Rolled
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class RoundStarted(TypedDict):
    character_id: NotRequired[str | None]
    encounter_id: str
    round: int
    minute: int
    second: int


class RoundStartedEvent(TypedDict):
    """A recorded RoundStarted event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['RoundStarted']
    version: int
    data: RoundStarted
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class RunnerBeat(TypedDict):
    name: str
    pid: int
    host: str
    started_at: str
    beat_at: str
    age_seconds: float
    healthy: bool


class RunnersReport(TypedDict):
    healthy: bool
    runners: list[RunnerBeat]
    consumers: list[ConsumerLag]


class SceneEnded(TypedDict):
    character_id: NotRequired[str | None]
    scene: int


class SceneEndedEvent(TypedDict):
    """A recorded SceneEnded event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['SceneEnded']
    version: int
    data: SceneEnded
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SceneStarted(TypedDict):
    character_id: NotRequired[str | None]
    scene: int


class SceneStartedEvent(TypedDict):
    """A recorded SceneStarted event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['SceneStarted']
    version: int
    data: SceneStarted
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SessionEnded(TypedDict):
    character_id: NotRequired[str | None]
    session: int
    head_hash: str | None
    revealed_epoch: int
    revealed_seed: str
    dice_epoch: int
    dice_commitment: str


class SessionEndedEvent(TypedDict):
    """A recorded SessionEnded event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['SessionEnded']
    version: int
    data: SessionEnded
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SessionStarted(TypedDict):
    character_id: NotRequired[str | None]
    session: int
    revealed_epoch: int
    revealed_seed: str
    dice_epoch: int
    dice_commitment: str


class SessionStartedEvent(TypedDict):
    """A recorded SessionStarted event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['SessionStarted']
    version: int
    data: SessionStarted
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class Settings(TypedDict):
    helpless_points: NotRequired[int]
    auto_backlash_over_resistance_5: NotRequired[bool]
    max_dice_per_roll: NotRequired[int]
    mana_recovery: NotRequired[Literal['new-day', 'none', 'rest']]
    mana_recovery_amount: NotRequired[int]
    initiative_dice: NotRequired[Literal['1d10', '1d20', '1d6', '2d6', '3d6']]
    initiative_ability: NotRequired[str | None]
    initiative_tie_break: NotRequired[Literal['ability', 'listed']]
    round_seconds: NotRequired[int]
    dazed_turns: NotRequired[int]
    mission_time: NotRequired[bool]
    fatigue_tn: NotRequired[int | None]
    dying_mode: NotRequired[Literal['cinematic', 'gritty', 'pulpy']]


class SettingsChanged(TypedDict):
    character_id: NotRequired[str | None]
    changes: dict[str, Any]
    before: dict[str, Any]


class SettingsChangedEvent(TypedDict):
    """A recorded SettingsChanged event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['SettingsChanged']
    version: int
    data: SettingsChanged
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class ShamanMasterRerolled(TypedDict):
    character_id: NotRequired[str | None]
    roll_position: int
    encounter_id: str


class ShamanMasterRerolledEvent(TypedDict):
    """A recorded ShamanMasterRerolled event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['ShamanMasterRerolled']
    version: int
    data: ShamanMasterRerolled
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SheetUpdated(TypedDict):
    character_id: NotRequired[str | None]
    changes: dict[str, Any]
    before: dict[str, Any]


class SheetUpdatedEvent(TypedDict):
    """A recorded SheetUpdated event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['SheetUpdated']
    version: int
    data: SheetUpdated
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SignedHead(TypedDict):
    campaign_id: str
    position: int
    head_hash: str
    algorithm: NotRequired[str]
    public_key: str
    signature: str


class SignedHeadAnswer(SignedHead):
    tree_head: TreeHead


class SigningKey(TypedDict):
    algorithm: str
    public_key: str


class Snare(TypedDict):
    spirit_id: str
    since_minute: int
    until_minute: int


class SnareFaded(TypedDict):
    character_id: NotRequired[str | None]
    spirit_id: str
    why: str


class SnareFadedEvent(TypedDict):
    """A recorded SnareFaded event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['SnareFaded']
    version: int
    data: SnareFaded
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SpellCast(TypedDict):
    character_id: NotRequired[str | None]
    spell: str
    duration: str | None
    effort: int
    lost: bool
    overcast: OvercastRoll | None
    target: str | None
    scene: str
    cast_in_scene: int
    effect_lasts: str | None
    label: NotRequired[str]


class SpellCastEvent(TypedDict):
    """A recorded SpellCast event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['SpellCast']
    version: int
    data: SpellCast
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SpellEffectEnded(TypedDict):
    character_id: NotRequired[str | None]
    encounter_id: str
    spell: str
    why: str


class SpellEffectEndedEvent(TypedDict):
    """A recorded SpellEffectEnded event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['SpellEffectEnded']
    version: int
    data: SpellEffectEnded
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SpellEffectTimed(TypedDict):
    character_id: NotRequired[str | None]
    encounter_id: str
    effect: EffectTimer


class SpellEffectTimedEvent(TypedDict):
    """A recorded SpellEffectTimed event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['SpellEffectTimed']
    version: int
    data: SpellEffectTimed
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SpellEffectUsed(TypedDict):
    character_id: NotRequired[str | None]
    spell: str
    day: int
    use: int


class SpellEffectUsedEvent(TypedDict):
    """A recorded SpellEffectUsed event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['SpellEffectUsed']
    version: int
    data: SpellEffectUsed
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SpellEffectUsedInRound(TypedDict):
    character_id: NotRequired[str | None]
    encounter_id: str
    spell: str
    round: int


class SpellEffectUsedInRoundEvent(TypedDict):
    """A recorded SpellEffectUsedInRound event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['SpellEffectUsedInRound']
    version: int
    data: SpellEffectUsedInRound
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SpellPreparationOpened(TypedDict):
    character_id: NotRequired[str | None]
    day: int


class SpellPreparationOpenedEvent(TypedDict):
    """A recorded SpellPreparationOpened event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['SpellPreparationOpened']
    version: int
    data: SpellPreparationOpened
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SpellState(TypedDict):
    prepared: NotRequired[list[str]]
    prepared_day: NotRequired[int | None]
    can_prepare: NotRequired[bool]


class SpellSummary(TypedDict):
    character_id: str
    prepared: list[str]
    limit: int
    can_prepare: bool
    prepared_day: int | None
    casts_this_scene: dict[str, int]
    effect_uses_today: dict[str, int]


class SpellsAnswer(TypedDict):
    position: int
    voided: Voided | None
    spells: SpellSummary


class SpellsPrepared(TypedDict):
    character_id: NotRequired[str | None]
    spells: list[str]
    limit: int
    day: int


class SpellsPreparedEvent(TypedDict):
    """A recorded SpellsPrepared event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['SpellsPrepared']
    version: int
    data: SpellsPrepared
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SpentStunt(TypedDict):
    name: str
    tier: int
    paid: int
    bonus: NotRequired[int]
    effect: NotRequired[str]
    target: NotRequired[str | None]
    condition: NotRequired[str | None]
    minor_action: NotRequired[bool]
    gm_named: NotRequired[bool]
    discount: NotRequired[int]
    talents: NotRequired[list[str]]


class Spirit(TypedDict):
    id: str
    summoner_id: str
    mode: str
    nature: str
    form: str
    form_level: int
    appearance: str
    powers: list[str]
    hit_dice: int
    hit_points: int
    max_hit_points: int
    status: str
    skill_bonus: NotRequired[int | None]
    name: NotRequired[str | None]
    notes: NotRequired[str]
    summonings: NotRequired[list[Summoning]]
    history: NotRequired[list[StatusChange]]


class SpiritBanishAttempted(TypedDict):
    character_id: NotRequired[str | None]
    spirit_id: str
    summoner_id: str | None
    total: int
    opposing_total: int
    success: bool
    damage: int


class SpiritBanishAttemptedEvent(TypedDict):
    """A recorded SpiritBanishAttempted event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['SpiritBanishAttempted']
    version: int
    data: SpiritBanishAttempted
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SpiritBrokeFree(TypedDict):
    character_id: NotRequired[str | None]
    spirit_id: str


class SpiritBrokeFreeEvent(TypedDict):
    """A recorded SpiritBrokeFree event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['SpiritBrokeFree']
    version: int
    data: SpiritBrokeFree
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SpiritCalled(TypedDict):
    character_id: NotRequired[str | None]
    spirit_id: str


class SpiritCalledEvent(TypedDict):
    """A recorded SpiritCalled event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['SpiritCalled']
    version: int
    data: SpiritCalled
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SpiritCompelled(TypedDict):
    character_id: NotRequired[str | None]
    spirit_id: str
    command: str
    difficulty: int
    total: int
    success: bool


class SpiritCompelledEvent(TypedDict):
    """A recorded SpiritCompelled event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['SpiritCompelled']
    version: int
    data: SpiritCompelled
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SpiritDamaged(TypedDict):
    character_id: NotRequired[str | None]
    spirit_id: str
    amount: int
    before: int
    after: int
    reason: str


class SpiritDamagedEvent(TypedDict):
    """A recorded SpiritDamaged event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['SpiritDamaged']
    version: int
    data: SpiritDamaged
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SpiritDestroyed(TypedDict):
    character_id: NotRequired[str | None]
    spirit_id: str


class SpiritDestroyedEvent(TypedDict):
    """A recorded SpiritDestroyed event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['SpiritDestroyed']
    version: int
    data: SpiritDestroyed
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SpiritDismissed(TypedDict):
    character_id: NotRequired[str | None]
    spirit_id: str


class SpiritDismissedEvent(TypedDict):
    """A recorded SpiritDismissed event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['SpiritDismissed']
    version: int
    data: SpiritDismissed
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SpiritDispelled(TypedDict):
    character_id: NotRequired[str | None]
    spirit_id: str
    reason: str


class SpiritDispelledEvent(TypedDict):
    """A recorded SpiritDispelled event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['SpiritDispelled']
    version: int
    data: SpiritDispelled
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SpiritFaded(TypedDict):
    character_id: NotRequired[str | None]
    spirit_id: str
    reason: str


class SpiritFadedEvent(TypedDict):
    """A recorded SpiritFaded event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['SpiritFaded']
    version: int
    data: SpiritFaded
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SpiritSummoned(TypedDict):
    character_id: NotRequired[str | None]
    spirit_id: str
    mode: str
    nature: str
    form: str
    form_level: int
    appearance: str
    powers: list[str]
    hit_dice: int
    base_hit_points: int
    max_hit_points: int
    skill_bonus: int | None
    name: str | None
    notes: str
    cost: int
    summon_skill: int
    earlier_immediate: int
    commitment_id: str
    resummoned: bool
    day: int
    minute: int
    scene: int | None


class SpiritSummonedEvent(TypedDict):
    """A recorded SpiritSummoned event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['SpiritSummoned']
    version: int
    data: SpiritSummoned
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SpiritVanished(TypedDict):
    character_id: NotRequired[str | None]
    spirit_id: str
    reason: str
    minute: int


class SpiritVanishedEvent(TypedDict):
    """A recorded SpiritVanished event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['SpiritVanished']
    version: int
    data: SpiritVanished
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SpiritsAnswer(TypedDict):
    position: int
    voided: Voided | None
    spirits: list[Spirit]
    summoners: list[SpiritsAnswerSummonersEntry]


class SpiritsAnswerSummonersEntry(TypedDict):
    character_id: str
    held: list[Spirit]
    spirits: list[Spirit]
    hit_dice_held: int


class StaleHead(TypedDict):
    position: int
    recorded: str | None
    chain: str


class StateAnswer(TypedDict):
    position: int
    voided: Voided | None
    view: str
    state: CampaignState


class StatusChange(TypedDict):
    status: str
    reason: str
    position: int
    day: int
    minute: int


class Strain(TypedDict):
    current: NotRequired[int]
    permanent: NotRequired[int]
    max: NotRequired[int]


class StrainAnswer(TypedDict):
    position: int
    voided: Voided | None
    strain: StrainSummary


class StrainExtras(TypedDict):
    uses_today: NotRequired[dict[str, int]]
    uses_this_scene: NotRequired[dict[str, int]]
    day: NotRequired[int]
    scene: NotRequired[str]
    unconscious_until: NotRequired[int | None]


class StrainGained(TypedDict):
    character_id: NotRequired[str | None]
    amount: int
    before: int
    after: int
    max: int
    over_max: bool
    reason: str
    source: NotRequired[str]


class StrainGainedEvent(TypedDict):
    """A recorded StrainGained event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['StrainGained']
    version: int
    data: StrainGained
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class StrainRecovered(TypedDict):
    character_id: NotRequired[str | None]
    requested: int
    amount: int
    before: int
    after: int
    permanent: int
    reason: str


class StrainRecoveredEvent(TypedDict):
    """A recorded StrainRecovered event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['StrainRecovered']
    version: int
    data: StrainRecovered
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class StrainSummary(TypedDict):
    character_id: str
    current: int
    permanent: int
    max: int
    recoverable: int
    over_max: bool
    unconscious_until: int | None


class Study(TypedDict):
    character_id: str
    began_day: int
    began_at: int
    basis: str


class StudyRecorded(TypedDict):
    character: str
    began_day: int
    began_at: int
    basis: str


class StunImmunityEnded(TypedDict):
    character_id: NotRequired[str | None]
    scene: int
    why: str


class StunImmunityEndedEvent(TypedDict):
    """A recorded StunImmunityEnded event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['StunImmunityEnded']
    version: int
    data: StunImmunityEnded
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class StunImmunityGained(TypedDict):
    character_id: NotRequired[str | None]
    spell: str
    scene: int


class StunImmunityGainedEvent(TypedDict):
    """A recorded StunImmunityGained event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['StunImmunityGained']
    version: int
    data: StunImmunityGained
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class StuntPointsContributed(TypedDict):
    character_id: NotRequired[str | None]
    roll_position: int
    sp: int
    before: int
    after: int


class StuntPointsContributedEvent(TypedDict):
    """A recorded StuntPointsContributed event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['StuntPointsContributed']
    version: int
    data: StuntPointsContributed
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class StuntPoolAnswer(TypedDict):
    position: int
    voided: Voided | None
    stunt_pool: PoolSummary


class StuntPoolMembersSet(TypedDict):
    character_id: NotRequired[str | None]
    members: list[str] | None
    before: list[str] | None


class StuntPoolMembersSetEvent(TypedDict):
    """A recorded StuntPoolMembersSet event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['StuntPoolMembersSet']
    version: int
    data: StuntPoolMembersSet
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class StuntPoolOpened(TypedDict):
    character_id: NotRequired[str | None]
    session: int
    base: int
    members: list[str]


class StuntPoolOpenedEvent(TypedDict):
    """A recorded StuntPoolOpened event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['StuntPoolOpened']
    version: int
    data: StuntPoolOpened
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class StuntPoolReset(TypedDict):
    character_id: NotRequired[str | None]
    session: int
    base: int
    sp_before: int


class StuntPoolResetEvent(TypedDict):
    """A recorded StuntPoolReset event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['StuntPoolReset']
    version: int
    data: StuntPoolReset
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class StuntPoolSpent(TypedDict):
    character_id: NotRequired[str | None]
    roll_position: int
    sp: int
    before: int
    after: int
    purpose: str


class StuntPoolSpentEvent(TypedDict):
    """A recorded StuntPoolSpent event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['StuntPoolSpent']
    version: int
    data: StuntPoolSpent
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class StuntPoolState(TypedDict):
    bonds: NotRequired[list[Bond]]
    members: NotRequired[list[str] | None]
    active: NotRequired[bool]
    base: NotRequired[int]
    sp: NotRequired[int]
    rolls: NotRequired[list[StuntPoolStateRollsEntry]]


class StuntPoolStateRecorded(TypedDict):
    bonds: NotRequired[list[Bond]]
    members: NotRequired[list[str] | None]
    active: NotRequired[bool]
    base: NotRequired[int]
    sp: NotRequired[int]
    rolls: NotRequired[dict[str, RollNote]]


class StuntPoolStateRollsEntry(RollNote):
    id: int


class StuntResisted(TypedDict):
    character_id: NotRequired[str | None]
    resistance_id: str
    roll_position: int
    attempt: int
    bonus: int
    success: bool
    outcome: str
    ends_condition: NotRequired[str | None]
    gives_condition: NotRequired[str | None]
    encounter_id: NotRequired[str | None]
    turn_number: NotRequired[int | None]
    lasts_turns: NotRequired[int]


class StuntResistedEvent(TypedDict):
    """A recorded StuntResisted event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['StuntResisted']
    version: int
    data: StuntResisted
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class StuntRollNoted(TypedDict):
    character_id: NotRequired[str | None]
    roll_position: int
    generated: int


class StuntRollNotedEvent(TypedDict):
    """A recorded StuntRollNoted event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['StuntRollNoted']
    version: int
    data: StuntRollNoted
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class StuntSpending(TypedDict):
    rolls: NotRequired[list[StuntSpendingRollsEntry]]
    attacks: NotRequired[list[StuntSpendingAttacksEntry]]
    locks: NotRequired[list[Lock]]
    resistances: NotRequired[list[Resistance]]
    prepared: NotRequired[list[str]]
    grapples: NotRequired[list[list[str]]]


class StuntSpendingAttacksEntry(Attack):
    id: int


class StuntSpendingRecorded(TypedDict):
    rolls: NotRequired[dict[str, RollSpending]]
    attacks: NotRequired[dict[str, Attack]]
    locks: NotRequired[list[Lock]]
    resistances: NotRequired[dict[str, Resistance]]
    prepared: NotRequired[list[str]]
    grapples: NotRequired[list[list[str]]]


class StuntSpendingRollsEntry(RollSpending):
    id: int


class StuntTurnPassed(TypedDict):
    character_id: NotRequired[str | None]
    resistance_id: str
    stunt: str
    turns_left: int
    why: NotRequired[str]


class StuntTurnPassedEvent(TypedDict):
    """A recorded StuntTurnPassed event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['StuntTurnPassed']
    version: int
    data: StuntTurnPassed
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class StuntsAnswer(TypedDict):
    position: int
    voided: Voided | None
    stunts: StuntSpending


class StuntsSpent(TypedDict):
    character_id: NotRequired[str | None]
    roll_position: int
    stunts: list[SpentStunt]
    target: NotRequired[str | None]
    generated: int
    from_pool: int
    contributed: int
    spent_before: int
    budget: int
    paid: int
    locks: NotRequired[list[Lock]]
    resistances: NotRequired[list[Resistance]]
    approved_by: NotRequired[str | None]
    encounter_id: NotRequired[str | None]
    turn_number: NotRequired[int | None]


class StuntsSpentEvent(TypedDict):
    """A recorded StuntsSpent event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['StuntsSpent']
    version: int
    data: StuntsSpent
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SummonerSpiritsAnswer(TypedDict):
    position: int
    voided: Voided | None
    holdings: SpiritsAnswerSummonersEntry


class Summoning(TypedDict):
    mode: str
    cost: int
    commitment_id: str
    position: int
    day: int
    minute: int
    scene: int | None


class SunMarked(TypedDict):
    character_id: NotRequired[str | None]
    marker: str
    day: int


class SunMarkedEvent(TypedDict):
    """A recorded SunMarked event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['SunMarked']
    version: int
    data: SunMarked
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SurvivalTested(TypedDict):
    character_id: NotRequired[str | None]
    kind: str
    roll_position: int
    tn: int
    success: bool
    extra_rounds: NotRequired[int]
    ends_round: NotRequired[int | None]
    stunt_points: NotRequired[int]


class SurvivalTestedEvent(TypedDict):
    """A recorded SurvivalTested event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['SurvivalTested']
    version: int
    data: SurvivalTested
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class SurvivalTimeRanOut(TypedDict):
    character_id: NotRequired[str | None]
    mode: str
    test_owed: bool
    tn: int | None


class SurvivalTimeRanOutEvent(TypedDict):
    """A recorded SurvivalTimeRanOut event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['SurvivalTimeRanOut']
    version: int
    data: SurvivalTimeRanOut
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class TalentHealthChanged(TypedDict):
    character_id: NotRequired[str | None]
    talent: str
    bonus: int
    bonus_before: int
    max_before: int
    max_after: int
    current_before: int
    current_after: int


class TalentHealthChangedEvent(TypedDict):
    """A recorded TalentHealthChanged event; `data` is its current version (older
    versions are served as stored)."""

    position: int
    type: Literal['TalentHealthChanged']
    version: int
    data: TalentHealthChanged
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class TalentSuccess(TypedDict):
    character_id: NotRequired[str | None]
    talent: str
    ability: str
    focus: str | None
    tn: int | None
    day: int
    conviction: NotRequired[int]
    label: NotRequired[str]


class TalentSuccessEvent(TypedDict):
    """A recorded TalentSuccess event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['TalentSuccess']
    version: int
    data: TalentSuccess
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class TalentUses(TypedDict):
    rerolled_rituals: NotRequired[list[int]]
    next_test: NotRequired[dict[str, list[NextTest]]]
    spirits_reroll_encounter: NotRequired[dict[str, str]]
    backlash_avoided_turn: NotRequired[dict[str, str]]


class TamperedRow(TypedDict):
    position: int
    problem: str


class TargetNumber(TypedDict):
    base: int
    trade: int
    resistance: int
    careful: list[str]
    careful_applied: int
    tn: int


class TestOwed(TypedDict):
    character_id: NotRequired[str | None]
    test: OwedTest


class TestOwedEvent(TypedDict):
    """A recorded TestOwed event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['TestOwed']
    version: int
    data: TestOwed
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class TimeAdvanced(TypedDict):
    character_id: NotRequired[str | None]
    minutes: int
    before: int
    after: int


class TimeAdvancedEvent(TypedDict):
    """A recorded TimeAdvanced event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['TimeAdvanced']
    version: int
    data: TimeAdvanced
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class TimelinePage(TypedDict):
    position: int
    entries: list[Entry]
    next: int | None
    head: int


class Token(TypedDict):
    id: str
    role: str
    character_id: str | None
    label: str
    token: NotRequired[str]
    created_at: NotRequired[str]
    revoked_at: NotRequired[str | None]
    replaces: NotRequired[str | None]
    issued_by: NotRequired[TokenIssuedBy]


class TokenIssuedBy(TypedDict):
    role: str | None
    token_id: str | None


class TokenList(TypedDict):
    tokens: list[Token]


class TreatmentStarted(TypedDict):
    character_id: NotRequired[str | None]
    condition_id: str
    day: int


class TreatmentStartedEvent(TypedDict):
    """A recorded TreatmentStarted event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['TreatmentStarted']
    version: int
    data: TreatmentStarted
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class TreeHead(TypedDict):
    campaign_id: str
    tree_size: int
    root_hash: str
    head_hash: str
    timestamp: str
    key_id: str
    algorithm: str
    signature: str


class TrustTested(TypedDict):
    character_id: NotRequired[str | None]
    item_id: str
    scene: int
    tn: int
    ability_value: int
    focus_bonus: int
    weapon_bonus: int
    ammo_bonus: int
    modifier: int
    total: int
    success: bool
    stunt_die: int
    outcome: str
    damage_to_user: NotRequired[int]


class TrustTestedEvent(TypedDict):
    """A recorded TrustTested event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['TrustTested']
    version: int
    data: TrustTested
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class TurnAdvanced(TypedDict):
    character_id: NotRequired[str | None]
    encounter_id: str
    ended: str
    participant_id: str
    round: int
    turn: int
    turn_number: int


class TurnAdvancedEvent(TypedDict):
    """A recorded TurnAdvanced event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['TurnAdvanced']
    version: int
    data: TurnAdvanced
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class TurnDelayed(TypedDict):
    character_id: NotRequired[str | None]
    encounter_id: str
    participant_id: str
    after: str
    initiative: int
    turn_number: int


class TurnDelayedEvent(TypedDict):
    """A recorded TurnDelayed event; `data` is its current version (older versions are
    served as stored)."""

    position: int
    type: Literal['TurnDelayed']
    version: int
    data: TurnDelayed
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class TurnTimer(TypedDict):
    condition_id: str
    character_id: str
    name: str
    kind: str
    round: NotRequired[int]
    turn: NotRequired[int]
    turns: NotRequired[int]
    after_turn: NotRequired[int]


class UnconsciousEnded(TypedDict):
    character_id: NotRequired[str | None]
    cause: str
    why: str


class UnconsciousEndedEvent(TypedDict):
    """A recorded UnconsciousEnded event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['UnconsciousEnded']
    version: int
    data: UnconsciousEnded
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class VerifyReport(TypedDict):
    ok: bool
    chain: ChainReport
    dice: DiceReport
    expected_head: NotRequired[HeadCheck | None]
    stale_heads: NotRequired[list[StaleHead]]
    tampered: NotRequired[list[TamperedRow]]
    checkpoints: NotRequired[CheckpointReport | None]
    hidden: NotRequired[HiddenReport | None]
    fork: NotRequired[ForkReport | None]


class Voided(TypedDict):
    """Set when the state is as recorded at a position that a later rewind voided: `by`
    is that rewind's position. Null otherwise; never with `view=canon` or at the
    head."""

    by: int


VoidedRange = TypedDict("VoidedRange", {
    'from': 'int',
    'to': 'int',
    'by': 'int',
})


class VoidedRangeRecorded(TypedDict):
    first: int
    last: int
    by: int


class WeaponMaintained(TypedDict):
    character_id: NotRequired[str | None]
    item_id: str


class WeaponMaintainedEvent(TypedDict):
    """A recorded WeaponMaintained event; `data` is its current version (older versions
    are served as stored)."""

    position: int
    type: Literal['WeaponMaintained']
    version: int
    data: WeaponMaintained
    recorded_at: str
    actor: EventActor
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    voided_by: NotRequired[int | None]
    envelope: NotRequired[Literal[2]]


class WebhookList(TypedDict):
    webhooks: list[WebhookListWebhooksEntry]


class WebhookListWebhooksEntry(TypedDict):
    id: str
    url: str
    types: list[str]
    after_position: int
    created_at: str


Event: TypeAlias = (
    ActiveTestCountedEvent
    | AttackRolledEvent
    | BacklashAvoidedEvent
    | BacklashBankedEvent
    | BacklashChoiceOfferedEvent
    | BacklashGainedEvent
    | BacklashHarmRecoveredEvent
    | BondRecordedEvent
    | CampaignCreatedEvent
    | CharacterDiedEvent
    | CharacterRegisteredEvent
    | CollapseEndedEvent
    | ConditionAddedEvent
    | ConditionExpiredEvent
    | ConditionReducedEvent
    | ConditionTimedEvent
    | ConditionTreatedEvent
    | ConsequenceAmountSetEvent
    | ConsequenceDrawnEvent
    | ConsequenceEffectChosenEvent
    | ConsequenceEffectEndedEvent
    | ConsequenceEffectTimedEvent
    | ConsequenceRollOwedEvent
    | ConsequenceRolledEvent
    | ConsequenceSufferedEvent
    | ConvictionSpentForAllyEvent
    | CorrectedEvent
    | DamageAvoidedEvent
    | DamagedEvent
    | DyingBeganEvent
    | DyingEndedEvent
    | EffortCommittedEvent
    | EffortReleasedEvent
    | EffortReturnedEvent
    | EncounterEndedEvent
    | EncounterSpiritJoinedEvent
    | EncounterStartedEvent
    | EnsnaredEvent
    | FirstAidGivenEvent
    | ForkedFromEvent
    | GrappleNotedEvent
    | GrappledThisRoundEvent
    | HealedEvent
    | HelplessWhileDownEvent
    | HiddenNotedEvent
    | HiddenRevealedEvent
    | HiddenRolledEvent
    | HurtThisRoundEvent
    | ItemDamagedEvent
    | ItemHandedOverEvent
    | ItemIdentificationAbandonedEvent
    | ItemIdentificationBegunEvent
    | ItemIdentifiedEvent
    | ItemLinkEndedEvent
    | ItemLinkedEvent
    | ItemRegisteredEvent
    | ItemRepairedEvent
    | KnockedOutEvent
    | LockEscapeTriedEvent
    | MagicTestFailureAcceptedEvent
    | MagicTestFixedEvent
    | MagicTestMadeEvent
    | ManaRecoveryLimitedEvent
    | MovementChangedEvent
    | NewDayEvent
    | NextTestModifiedEvent
    | NextTestModifiersUsedEvent
    | OvercastCollapsedEvent
    | OwedTestLapsedEvent
    | OwedTestRolledEvent
    | ParalysisTargetedEvent
    | ParticipantAddedEvent
    | ParticipantRemovedEvent
    | PermanentBacklashChangedEvent
    | PermanentStrainChangedEvent
    | RedoneEvent
    | ResourceGainedEvent
    | ResourceSpentEvent
    | RewoundEvent
    | RitualRerolledEvent
    | RolledEvent
    | RoundStartedEvent
    | SceneEndedEvent
    | SceneStartedEvent
    | SessionEndedEvent
    | SessionStartedEvent
    | SettingsChangedEvent
    | ShamanMasterRerolledEvent
    | SheetUpdatedEvent
    | SnareFadedEvent
    | SpellCastEvent
    | SpellEffectEndedEvent
    | SpellEffectTimedEvent
    | SpellEffectUsedEvent
    | SpellEffectUsedInRoundEvent
    | SpellPreparationOpenedEvent
    | SpellsPreparedEvent
    | SpiritBanishAttemptedEvent
    | SpiritBrokeFreeEvent
    | SpiritCalledEvent
    | SpiritCompelledEvent
    | SpiritDamagedEvent
    | SpiritDestroyedEvent
    | SpiritDismissedEvent
    | SpiritDispelledEvent
    | SpiritFadedEvent
    | SpiritSummonedEvent
    | SpiritVanishedEvent
    | StrainGainedEvent
    | StrainRecoveredEvent
    | StunImmunityEndedEvent
    | StunImmunityGainedEvent
    | StuntPointsContributedEvent
    | StuntPoolMembersSetEvent
    | StuntPoolOpenedEvent
    | StuntPoolResetEvent
    | StuntPoolSpentEvent
    | StuntResistedEvent
    | StuntRollNotedEvent
    | StuntTurnPassedEvent
    | StuntsSpentEvent
    | SunMarkedEvent
    | SurvivalTestedEvent
    | SurvivalTimeRanOutEvent
    | TalentHealthChangedEvent
    | TalentSuccessEvent
    | TestOwedEvent
    | TimeAdvancedEvent
    | TreatmentStartedEvent
    | TrustTestedEvent
    | TurnAdvancedEvent
    | TurnDelayedEvent
    | UnconsciousEndedEvent
    | WeaponMaintainedEvent
)
