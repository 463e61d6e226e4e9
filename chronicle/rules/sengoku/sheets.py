"""Battle sheets for the coming game day: one per meeting of enemy armies left by the last turn
(enemies in the same province, a siege that a relief army may raise). Each sheet gives the
province's terrain requirement (seed, "Terrain placement"), whether a river is possible (a d6
of 5-6 puts one on the table), a BUA where a fortress or capital stands, who sets the terrain
(the defender, unless an Excellent Reconnaissance card is played), and each side's elements and
breaking point."""

from __future__ import annotations

from dataclasses import dataclass

from ...i18n import N_
from .battle import breaking_point
from .terrain import REQUIREMENTS, terrain_of


@dataclass(frozen=True)
class SheetSide:
    army: str
    clan: str
    elements: int
    breaking_point: int
    role: str                     # attacker | defender | besieger | besieged


@dataclass(frozen=True)
class BattleSheet:
    province: str
    terrain: str                  # grassland | mountains | high mountains
    requirement: str
    river_possible: bool
    bua: str | None               # fortress | capital | None
    terrain_set_by: str
    sides: tuple[SheetSide, ...]
    notes: tuple[str, ...] = ()

    def to_json(self) -> dict:
        from dataclasses import asdict
        return asdict(self)


def battle_sheets(campaign, state) -> list[BattleSheet]:
    opts = campaign.options
    sheets = []
    for province in sorted({a.province for a in state.armies.values()}):
        here = sorted((a for a in state.armies.values() if a.province == province), key=lambda a: a.id)
        siege = state.sieges.get(province)
        owner = state.owners.get(province)
        kyoto = campaign.map.provinces[province].has("kyoto")
        neutral_land = owner is not None and state.clans[owner].neutral and any(a.clan != owner for a in here)
        if neutral_land and not siege:
            # a neutral army attacks the army that entered its land: the intruder defends
            defenders = [a for a in here if a.clan != owner]
        elif kyoto:
            # Kyoto: every army present fights (Big Battle DBA); the claimant's side holds the city
            first = next((a for a in here if state.claim and a.clan == state.claim.clan), here[0])
            defenders = [a for a in here if state.allied(a.clan, first.clan)]
        else:
            defenders = [a for a in here if a.clan == owner] or here[:1]
        attackers = [a for a in here if any(state.enemies(a.clan, d.clan) for d in defenders)]
        if not attackers:
            continue
        sides = []
        for army in defenders + attackers:
            role = (N_("besieged") if army.besieged else N_("besieger") if siege and siege.besieger == army.id
                    else N_("defender") if army in defenders else N_("attacker"))
            sides.append(SheetSide(army.id, army.clan, army.strength, breaking_point(opts, army.strength), role))
        kind, river = terrain_of(campaign, province)
        castle = state.castles.get(province)
        notes = []
        if siege:
            notes.append(N_("Relief battle rules if an army comes to raise the siege: both armies have a camp; the "
                            "relieving army may garrison the BUA, whose loss counts as one element; the besieger sets the "
                            "terrain and the BUA stands on a neutral side halfway between the armies."))
        if kyoto and len(defenders) + len(attackers) > 2:
            size = [sum(a.strength for a in side) for side in (attackers, defenders)]
            notes.append(N_("More than two armies in Kyoto: Big Battle DBA rules, every army present on the table. Each "
                            "side breaks as one: the attackers (%(attackers)s elements) at %(attackers_break)s, the "
                            "defenders (%(defenders)s elements) at %(defenders_break)s (Bitter Enders +%(bonus)s to its "
                            "side).", attackers=size[0], attackers_break=breaking_point(opts, size[0]), defenders=size[1],
                            defenders_break=breaking_point(opts, size[1]), bonus=opts["bitter_enders"]))
        if neutral_land and not siege:
            notes.append(N_("The neutral army attacks the army that entered its land: the intruder defends and sets the "
                            "terrain."))
        setter = next((s.army for s in sides if s.role == "besieger"), None) if siege else defenders[0].id
        sheets.append(BattleSheet(province, kind, REQUIREMENTS[kind], river, castle,
                                  N_("%(army)s (unless the other side plays Excellent Reconnaissance)", army=setter),
                                  tuple(sides), tuple(notes)))
    return sheets
