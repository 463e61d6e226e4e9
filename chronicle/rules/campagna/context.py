"""What every step of a campagna turn shares: the campaign, the record, the state before the turn,
the dice, and what the turn produces (events, problems, the calendar, each player's actions).

A step is ``step(ctx)``: the state before the turn stays as it was; the steps build the calendar
and the actions here, and resolve.py makes the state after the turn from them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...errors import Problem
from .schema import TRE_AZIONI
from .setup import order_of
from .state import Actions, CampagnaState, Clash


@dataclass
class Ctx:
    campaign: object
    record: object
    state: CampagnaState            # before the turn
    dice: object
    events: list = field(default_factory=list)
    problems: list = field(default_factory=list)
    clashes: list = field(default_factory=list)          # Clash, in the order declared
    actions: dict = field(default_factory=dict)          # player -> Actions
    answered: set = field(default_factory=set)           # territories whose answer was read (or is moot)
    targets_at_slot: dict = field(default_factory=dict)  # player -> territories targeted when his slot ended
    battles_at_slot: dict = field(default_factory=dict)  # player -> his battles when his slot ended
    generals: dict = field(default_factory=dict)         # player -> General, as the calendar goes
    best_used: set = field(default_factory=set)          # players who used Miglior generale this turn
    refused: set = field(default_factory=set)            # players with a declaration refused this turn

    def __post_init__(self):
        opts = self.options
        self.order = order_of(self.state.first_order, self.turn)
        for player in self.campaign.player_ids:
            bonus = self.state.bonus.get(player)
            allowance = opts["bonus_actions"] if bonus == TRE_AZIONI else opts["actions_per_turn"]
            self.actions[player] = Actions(allowance)
        self.held = {p: frozenset(self.state.held_by(p)) for p in self.campaign.player_ids}
        self.generals = dict(self.state.generals)

    @property
    def turn(self) -> int:
        return self.record.number

    @property
    def options(self):
        return self.campaign.options

    @property
    def map(self):
        return self.campaign.map

    def name(self, some_id) -> str:
        return self.campaign.name_of(some_id)

    def problem(self, message: str, path: tuple = (), hint: str | None = None, rule: str | None = None,
                severity: str = "error", at_key: bool = False) -> None:
        self.problems.append(Problem(message, hint=hint, rule=rule, path=tuple(path), severity=severity, at_key=at_key))

    def emit(self, event) -> None:
        self.events.append(event)

    def target(self, territory: str) -> Clash | None:
        return next((c for c in self.clashes if c.at == territory), None)

    def replace_clash(self, clash: Clash) -> None:
        self.clashes = [clash if c.number == clash.number else c for c in self.clashes]

    def landless(self, player: str) -> bool:
        return not self.held[player]

    def is_capital(self, territory: str) -> bool:
        return territory in self.state.homes.values()

    def player_path(self, player: str) -> tuple:
        return self.record.order_paths.get(player, ("orders",))
