"""What the next Sengoku turn asks for (``chronicle next``): the card each clan draws, the
initiative dice, each army's moves (where it stands, how strong), and the battles that the last
turn left pending (from the battle sheets), as commented entries ready to fill in."""

from __future__ import annotations

from ...nextturn import BLANK, NextTurn, Slot


def next_turn(campaign, history) -> NextTurn:
    state = history.final
    clans = list(state.players())
    record_all = bool(campaign.options.get("all_dice_recorded"))
    # the players' armies, clan by clan in the order of play (a neutral army is the umpire's to move)
    armies = sorted((a for a in state.armies.values() if a.clan in clans), key=lambda a: (clans.index(a.clan), a.id))
    moves = []
    steps = campaign.options["move"]             # the option in force, not the seed's 3
    reach = f"{steps} province{'' if steps == 1 else 's'}"
    for army in armies:
        where = campaign.name_of(army.province)
        moves.append(Slot(army.id, [BLANK], note=f"{army.clan}, at {where}, {army.strength} elements"
                          + (", shut in its castle" if army.besieged else "") + f"; up to {reach}"))
    battles = []
    for sheet in campaign.ruleset.battle_sheets(campaign, state):
        attackers = [s.army for s in sheet.sides if s.role in ("attacker", "besieger")]
        defenders = [s.army for s in sheet.sides if s.role in ("defender", "besieged")]
        side = (lambda ids: {"army": ids[0], "lost": 0} if len(ids) == 1 else [{"army": a, "lost": 0} for a in ids])
        if attackers and defenders:
            battles.append(Slot(None, {"at": sheet.province, "attacker": side(attackers), "defender": side(defenders)},
                                note=f"if it is fought ({campaign.name_of(sheet.province)}: see the battle sheets)"))
    initiative = Slot("initiative", {clan: BLANK for clan in clans},
                      note="every die must be written (all_dice_recorded)" if record_all else "", commented=not record_all)
    slots = [
        Slot("title", BLANK, note="a name for the turn"),
        Slot("cards", {clan: "CARD" for clan in clans}, commented=True,
             above="\nThe card each clan drew; leave a clan out to deal from the shuffled deck (from the seed)."),
        Slot("dice", children=(initiative,), commented=not record_all,
             above="\nRolls made at the table (purpose -> army or clan -> d6); "
             + ("every die must be written: one not written is an error." if record_all
                else "rolls not written are drawn. E.g. the order of movement:")),
        Slot("moves", children=tuple(moves), commented=True,
             above="\nmoves: army -> the provinces it enters, in order (an army left out stays where it is)."),
        Slot("responses", {"ARMY": "battle"}, commented=True,
             above="\nresponses: a defender's answer to an army entering its province: battle, fortress or {retreat: X}."),
    ]
    if battles:
        slots.append(Slot("battles", children=tuple(battles), commented=True,
                          above="\nBattles the last turn left pending (the site's battle sheets): uncomment the ones fought\n"
                                "and write each army's elements lost (and general_lost, camp_taken, cards...)."))
    else:
        slots.append(Slot("battles", [{"at": "PROVINCE", "attacker": {"army": "ARMY", "lost": 0},
                                       "defender": {"army": "ARMY", "lost": 0}}], commented=True,
                          above="\nbattles: fought on the table: each army's elements lost, general_lost, camp_taken, cards."))
    return NextTurn(tuple(slots))


def blank_hint(path: tuple, options) -> str | None:
    if path[:1] == ("title",):
        return "a name for the turn, e.g. \"Kenshin crosses the mountains\""
    if path[:2] == ("dice", "initiative"):
        return "the clan's initiative d6 as rolled (1-6); the order of movement follows from it"
    return None
