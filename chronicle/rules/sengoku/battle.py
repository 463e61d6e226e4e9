"""The battle phase: battles are fought on the table (DBA 2.2) and entered as facts: elements
lost on each side, generals lost, camp taken, cards played (at most 3), allied contingents, the
coin toss. The program checks them against the position and the breaking points, decides the
loser, and enforces the rest: losses, prestige, the loser's retreat one province towards its
capital (destroyed if the sea or an enemy army blocks it), a relieved or taken castle.

Breaking points by army size (contingents included): 1-5: 2, 6-8: 3, 9-12: 4, 13-15: 5,
16-18: 6 (reading of the seed's overlapping bands: DBA's third of the army); Bitter Enders +2.
The loser: the side that broke (reached its breaking point, or lost its general and more
elements than the enemy); if neither broke (time ran out) the side that lost more; a tie goes
by the recorded coin toss.

After a battle its victor, still in the field, answers the next army to have entered (a
per-entrant response: battle, withdraw, or shut itself in; contact.after_battle). A neutral army
is written as the attacker. In Kyoto every army present fights: more than two make a Big Battle
(bigbattle.py). A side may name the elements it lost by type; what an army can still contain is
tracked between declarations (armylists.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...i18n import N_
from ...suggest import did_you_mean
from ..battlecheck import Named, suspicious_battle
from .armylists import counted, remove, text_of, without_general
from .cards import play_card
from .contact import after_battle
from .events import ArmyDestroyed, ArmyRetreated, BattleArmy, BattleFought, ElementsLost, SiegeLifted
from .geo import LAND, distance_to
from .siege import capture


def breaking_point(options, size: int) -> int:
    for top, point in options["breaking_points"]:
        if size <= top:
            return point
    return math.ceil(size / 3)


@dataclass(frozen=True)
class Undecided:
    """An entry that cannot decide a battle: both sides broke, or equal losses and no coin."""
    message: str
    hint: str
    rule: str


def who_lost(counted, points, general, coin, sides: str, general_how: str):
    """The loser's index (0 attacker, 1 defender) and why, from the entered losses: the first to
    break; else a lost general with more elements lost; else more elements lost; else the coin.

    ``counted`` are the losses that count towards breaking, ``points`` the breaking points,
    ``general`` whether each side lost by its general; ``sides`` names them in messages."""
    broke = [counted[i] >= points[i] for i in range(2)]
    if all(broke):
        return Undecided(f"both {sides} reached their breaking points ({counted[0]} of {points[0]}, "
                         f"{counted[1]} of {points[1]}); the battle ends when the first one breaks",
                         "enter the losses when the battle ended", "breaking points")
    if any(broke):
        return broke.index(True), N_("the enemy broke")
    if any(general):
        return general.index(True), general_how
    if counted[0] != counted[1]:
        return (0 if counted[0] > counted[1] else 1), N_("fewer elements lost when time ran out")
    if coin in ("attacker", "defender"):
        return (1 if coin == "attacker" else 0), N_("equal losses: the coin toss")
    return Undecided(f"both sides lost {counted[0]} elements and no one broke: the coin toss decides",
                     "write  coin: attacker  or  coin: defender  (the winner of the toss)", "battles")


def retreat_options(ctx, state, army) -> list[str]:
    """Provinces one step nearer the army's capital by land, free of enemy armies in the field (at
    the capital: a neighbouring province of its own), best first: nearest the capital; among
    equals the clan's own land, then an ally's, then land of no clan, then another clan's; then by
    id. Any of them may be written as ``retreat:``; the first is taken when none is written."""
    capital = state.clans[army.clan].capital
    here = distance_to(ctx.map, army.province, [capital], LAND)
    found = []
    for there in ctx.map.neighbours(army.province, LAND):
        if ctx.map.provinces[there].has("kyoto"):
            continue
        if any(a.province == there and state.enemies(a.clan, army.clan) and not a.besieged for a in state.armies.values()):
            continue
        d = distance_to(ctx.map, there, [capital], LAND)
        if here == 0:
            if state.owners.get(there) == army.clan:
                found.append((1, there))
        elif d is not None and here is not None and d < here:
            found.append((d, there))

    def land(province):
        owner = state.owners.get(province)
        return 0 if owner == army.clan else 1 if owner and state.allied(owner, army.clan) else 2 if owner is None else 3

    return [p for _, p in sorted(found, key=lambda f: (f[0], land(f[1]), f[1]))]


def battle_phase(ctx, state):
    from .bigbattle import fight_big        # it builds on this module's checks

    for entry in ctx.record.battles:
        state = fight_big(ctx, state, entry) if entry.big else fight(ctx, state, entry)
    return state


def _present(ctx, state, b):
    """Both armies of a battle entry, standing where it is fought; else one error for the entry
    (however many of its armies are unknown or elsewhere) and (None, None)."""
    both = (b.attacker.army, b.defender.army)
    wrong = []
    for side in (b.attacker, b.defender):
        army = state.armies.get(side.army)
        if army is None:
            wrong.append((side, f"unknown army {side.army!r}", did_you_mean(side.army, state.armies)))
        elif army.province != b.province:
            wrong.append((side, f"{side.army} is in {ctx.name(army.province)}", None))
    if not wrong:
        return state.armies[both[0]], state.armies[both[1]]
    if len(wrong) == 1 and wrong[0][2] is None:
        message = f"{wrong[0][1]}, not {ctx.name(b.province)}, when the battles are fought"
    else:
        message = f"the battle at {ctx.name(b.province)} cannot be fought: " + "; ".join(w for _, w, _ in wrong)
    hint = next((h for _, _, h in wrong if h), None)
    ctx.reject(message, wrong[0][0].at + ("army",), hint=hint, rule="battles", about=both, where=(b.province,))
    return None, None


def fight(ctx, state, b):
    opts = ctx.options
    att, dfn = _present(ctx, state, b)
    if att is None or dfn is None:
        return state
    both = (att.id, dfn.id)
    rejected = dict(about=both, where=(b.province,))      # what an error rejecting this entry puts in doubt
    # the same army on both sides, or two armies of one clan: the checks every ruleset shares
    odd = suspicious_battle([Named(att.clan, b.attacker.at + ("army",), att.id),
                             Named(dfn.clan, b.defender.at + ("army",), dfn.id)],
                            where=b.at, name=ctx.name, noun="clan")
    if odd:
        for problem in odd:
            ctx.reject(problem.message, problem.path, hint=problem.hint, rule=problem.rule, **rejected)
        return state
    if not state.enemies(att.clan, dfn.clan):
        ctx.reject(f"{att.id} and {dfn.id} are not enemies ({att.clan} and {dfn.clan})", b.at, rule="battles",
                   hint="a battle is fought between enemies: check the armies named, or the turn's alliances", **rejected)
        return state
    if not _neutral_attacks(ctx, state, b, [att], [dfn], rejected):
        return state
    if ctx.map.provinces[b.province].has("kyoto") and not _all_present(ctx, state, b, [att], [dfn], rejected):
        return state
    if not _in_order_of_entry(ctx, state, b, att, dfn):
        return state
    ok = True
    sizes, bonus, totals, contingents = [], [], [], []
    for side, army in ((b.attacker, att), (b.defender, dfn)):
        extra = 0
        if len(side.cards) > opts["cards_per_battle"]:
            ctx.problem(f"{army.clan} plays {len(side.cards)} cards in one battle; at most {opts['cards_per_battle']}",
                        side.at + ("cards",), rule="cards in battle", about=both,
                        hint=f"keep the {opts['cards_per_battle']} card(s) played first; the others stay in hand")
        for card in side.cards[:opts["cards_per_battle"]]:
            state, played = play_card(ctx, state, army.clan, card, N_("battle of %(province)s", province=ctx.name(b.province)),
                                      side.at + ("cards",))
            if played and card == "bitter_enders":
                extra += opts["bitter_enders"]
        size, lost = army.strength, side.lost
        mine = []
        for c in side.allies:
            checked = checked_contingent(ctx, state, c, army, b.province, rejected)
            if checked is None:
                ok = False
                continue
            ally, cost = checked
            size += c.elements
            lost += c.lost
            mine.append((c, ally, cost))
        if side.lost > army.strength:
            ctx.reject(f"{army.id} lost {side.lost} elements but had {army.strength}", side.at + ("lost",), rule="battles",
                       hint=f"lost: is at most the army's {army.strength} elements (all of them when it is destroyed)", **rejected)
            ok = False
        sizes.append(size)
        bonus.append(extra)
        totals.append(lost)
        contingents.append(mine)
    if not ok:
        return state
    sides = (b.attacker, b.defender)
    fighters = (att, dfn)
    siege = state.sieges.get(b.province)
    bua_i = _bua(ctx, state, b, siege, sides, fighters)
    if bua_i is False:
        return state
    counted = list(totals)           # the losses that break an army: elements, and the BUA (relief battles)
    if bua_i is not None:
        counted[1 - bua_i] += 1
    points = [breaking_point(opts, s) + e for s, e in zip(sizes, bonus)]
    general = [b.attacker.general_lost and counted[0] > counted[1], b.defender.general_lost and counted[1] > counted[0]]
    decided = who_lost(counted, points, general, b.coin, "armies", N_("the enemy lost its general and more elements"))
    if isinstance(decided, Undecided):
        ctx.reject(decided.message, b.at, hint=decided.hint, rule=decided.rule, **rejected)
        return state
    loser_i, how = decided
    winner, loser = fighters[1 - loser_i], fighters[loser_i]
    if b.winner is not None and b.winner != winner.id:
        ctx.problem(f"the entry says {b.winner} won, but by the losses {winner.id} won ({how})", b.at + ("winner",),
                    hint=f"losses {counted[0]}–{counted[1]}, breaking points {points[0]} and {points[1]}", rule="battles",
                    about=both)
    camp = next((fighters[i].id for i in range(2) if sides[i].camp_taken), None)
    castle = bua_i is not None and fighters[bua_i].id == winner.id
    if b.castle_taken and not castle:
        ctx.problem("castle_taken: the besieger takes the castle only by holding the BUA and winning the relief battle",
                    b.at + ("castle_taken",), hint=f"by the losses {winner.id} won ({how})", rule="relief battles", about=both)
    cause = ctx.emit(BattleFought(b.province, att.id, dfn.id, att.clan, dfn.clan, tuple(sizes), tuple(totals), tuple(points),
                                  winner.id, loser.id, how,
                                  tuple((c.army, fighters[i].id, c.elements, c.lost) for i in range(2) for c, _, _ in contingents[i]),
                                  camp, castle, fighters[bua_i].id if bua_i is not None else None,
                                  tuple(_on_table(fighters[i], sides[i], ("attacker", "defender")[i]) for i in range(2))))
    ctx.award(winner.clan, "victory", cause=cause)
    ctx.award(loser.clan, "defeat", cause=cause)
    for i in range(2):
        for c, ally, _ in contingents[i]:
            if ally.clan != fighters[i].clan:
                ctx.award(ally.clan, "allied_victory" if i != loser_i else "allied_defeat", cause=cause)
        ctx.award(fighters[i].clan, "element_destroyed", times=totals[1 - i], cause=cause)
        if sides[i].camp_taken:
            ctx.award(fighters[i].clan, "camp_taken", cause=cause)
    # losses
    armies = dict(state.armies)
    for i in range(2):
        army = fighters[i]
        ctx.fought.add(army.id)
        ctx.fought_at.setdefault(b.province, set()).add(army.id)
        left = army.strength - sides[i].lost - sides[i].penalty
        if sides[i].penalty:
            ctx.emit(ElementsLost(army.id, army.clan, sides[i].penalty, N_("the umpire's penalty for abusing the time limits")))
        armies[army.id] = army.but(strength=left, besieged=False, **_tracked(ctx, army, sides[i], b.province))
        for c, ally, cost in contingents[i]:
            ctx.fought.add(ally.id)
            ally = armies[ally.id]
            armies[ally.id] = ally.but(strength=ally.strength - c.lost - cost)
            if cost:
                ctx.emit(ElementsLost(ally.id, ally.clan, cost, N_("forced march of its contingent")))
    ctx.fought_pairs.add(frozenset(both))
    for army_id in sorted({f.id for f in fighters} | {c.army for i in range(2) for c, _, _ in contingents[i]}):
        army = armies[army_id]
        if army.strength <= 0:
            del armies[army_id]
            ctx.emit(ArmyDestroyed(army_id, army.clan, army.province, N_("every element lost in battle")))
    state = state.but(armies=armies)
    # sieges: a beaten besieger lifts its siege; a won relief battle may take the castle
    sieges = dict(state.sieges)
    if siege is not None and siege.besieger == loser.id:
        ctx.emit(SiegeLifted(b.province, loser.id, N_("the besieger lost the battle")))
        if siege.defender in armies:
            armies[siege.defender] = armies[siege.defender].but(besieged=False)
        del sieges[b.province]
        state = state.but(armies=armies, sieges=sieges)
    if castle:
        state = capture(ctx, state, b.province, winner.clan, N_("relief battle: the besieger held the BUA"))
    # the loser retreats; the victor answers the next army to have entered, if any
    beaten = state.armies.get(loser.id)
    if beaten is not None:
        state = retreat(ctx, state, beaten, sides[loser_i].retreat, sides[loser_i].at)
    siege = state.sieges.get(b.province)
    if siege is not None and siege.defender == loser.id:
        # a sally beaten: the army is out of its castle (retreated or destroyed), and the siege goes
        # on against an empty castle (docs/rules/sengoku.md, "Sieges")
        state = state.but(sieges={**state.sieges, b.province: siege.__class__(**{**siege.__dict__, "defender": None})})
    return after_battle(ctx, state, winner.id, loser.id)


def _on_table(army, side, role: str) -> BattleArmy:
    return BattleArmy(army.id, army.clan, role, army.strength, side.lost, side.general_lost,
                      counted(side.elements_lost) if side.elements_lost is not None else None)


def _tracked(ctx, army, side, province: str) -> dict:
    """What the army is known to contain after the battle (see armylists.py, "tracking"): its
    elements named lost come off what it can have; a fallen general must be succeeded at its next
    declaration."""
    elements, general = army.elements, army.general_lost
    if elements is not None and side.elements_lost is not None:
        left, missing = remove(elements, side.elements_lost)
        if missing:
            ctx.problem(f"the battle entry says {army.id} lost {', '.join(missing)}, which it did not have by its last "
                        "declaration", side.at + ("elements_lost",),
                        hint=f"{army.id} had at most: {text_of(elements)}", rule="army compositions between declarations",
                        about=(army.id,))
            left = None
        elements = left
    elif elements is not None and side.general_lost:
        elements = without_general(elements)
    if side.general_lost:
        general = f"the battle of {ctx.name(province)} (turn {ctx.turn})"
    return dict(elements=elements, general_lost=general)


def _neutral_attacks(ctx, state, b, attackers, defenders, rejected) -> bool:
    """Seed: a neutral army "will move to attack any army that enters its territory": in a battle
    between a neutral army and a played clan's army, the neutral army is written as attacker."""
    neutral = lambda a: state.clans[a.clan].neutral
    wrong = next((d for d in defenders if neutral(d)), None)
    if wrong is None or all(neutral(a) for a in attackers):
        return True
    intruder = next(a for a in attackers if not neutral(a))
    ctx.reject(f"{wrong.id} is a neutral army: it attacks {intruder.id}, which entered its land, so it is written as the "
               "attacker, not the defender", b.at + ("defender",),
               hint=f"swap the sides, each with its own losses:  attacker: {{army: {wrong.id}, ...}}, defender: "
                    f"{{army: {intruder.id}, ...}}", rule="neutral armies attack any army entering their land", **rejected)
    return False


def _all_present(ctx, state, b, attackers, defenders, rejected) -> bool:
    """Seed: "If a battle is fought in this province [Kyoto] with more than two armies present,
    then the Big Battle DBA(R) rules are applied": every army standing in the field there that
    would fight on one side (a friend of that side, an enemy of the other) is in the battle."""
    listed = {a.id for a in attackers + defenders}
    for army in sorted(state.armies.values(), key=lambda a: a.id):
        if army.province != b.province or army.besieged or army.id in listed:
            continue
        for mine, theirs, key in ((attackers, defenders, "attacker"), (defenders, attackers, "defender")):
            if all(state.allied(army.clan, a.clan) for a in mine) and all(state.enemies(army.clan, d.clan) for d in theirs):
                ctx.reject(f"{army.id} stands in {ctx.name(b.province)} too, on the {key}s' side: with more than two armies "
                           "present the battle is a Big Battle, fought by all of them", b.at + (key,),
                           hint=f"write the {key} as a list of its armies, each with its losses:  {key}: "
                                f"[{{army: {mine[0].id}, lost: N}}, {{army: {army.id}, lost: N}}]",
                           rule="Big Battle DBA in Kyoto", **rejected, also=(army.id,))
                return False
    return True


def _bua(ctx, state, b, siege, sides, fighters):
    """Relief battle (seed: "If a player is attacking an enemy army besieging one of his own
    fortresses"): the besieger against the castle's clan or its ally, a relieving army or the
    garrison sallying. "The loss of the BUA counts as a 1 element loss" for the relieving side
    when the besieger occupies it (``bua_taken: true`` on the besieger's side; ``castle_taken:
    true`` implies it); "If the besieging player occupies the BUA during the battle and is the
    victor then they have also taken the castle." Returns the index of the side that took the
    BUA, None, or False after a problem."""
    besieger_i = next((i for i, army in enumerate(fighters) if army.id == siege.besieger), None) if siege else None
    rejected = dict(about=(fighters[0].id, fighters[1].id), where=(b.province,))
    relief = besieger_i is not None and state.allied(fighters[1 - besieger_i].clan, state.owners.get(b.province))
    taken = None
    for i in range(2):
        if not sides[i].bua_taken:
            continue
        if not relief:
            ctx.reject(f"bua_taken: there is no relief battle at {ctx.name(b.province)}", sides[i].at + ("bua_taken",),
                        hint="the BUA rules apply to an army attacking the besieger of its own (or an ally's) castle",
                        rule="relief battles", **rejected)
            return False
        if i != besieger_i:
            ctx.reject(f"bua_taken: the BUA belongs to the relieving side; only the besieger {siege.besieger} can take it",
                        sides[i].at + ("bua_taken",), rule="relief battles", **rejected,
                        hint=f"write bua_taken: on {siege.besieger}'s side, or remove it")
            return False
        taken = i
    if b.castle_taken and relief:
        taken = besieger_i
    return taken


def _in_order_of_entry(ctx, state, b, att, dfn) -> bool:
    """Seed: "If more than one army enters a province during a turn, if the defending army elects
    to fight it will fight a battle with the first army that entered the province. Depending on
    the result the victor will then fight a battle with the other army present." A battle with a
    later entrant waits until every earlier entrant hostile to its opponent, still in the field
    there, has fought; two entrants fight each other only once the defender standing in the field
    has met the earlier one."""
    order = [army for army, _ in ctx.entries.get(b.province, [])]
    rank = {army: i for i, army in enumerate(order)}
    rejected = dict(about=(att.id, dfn.id), where=(b.province,))
    if att.id not in rank and dfn.id not in rank:
        return True
    fought = ctx.fought_at.get(b.province, set())
    pair = sorted((att, dfn), key=lambda a: rank.get(a.id, -1))
    earlier, later = pair
    for army_id in order[:rank[later.id]]:
        # an entrant that has not fought here still stands here in the field: it has made its one
        # move, its own answers are refused before it has won a battle, and only a battle's result
        # moves it out or shuts it in
        other = state.armies.get(army_id)
        if other is None or army_id == earlier.id or army_id in fought or not state.enemies(other.clan, earlier.clan):
            continue
        ctx.reject(f"{later.id} entered {ctx.name(b.province)} after {army_id}: {earlier.id} meets {army_id} first",
                    b.at, hint=f"enter the battle of {earlier.id} against {army_id} before this one; its victor then fights "
                               f"{later.id} (or withdraws)",
                    rule="several armies entering are met in order of entry", **rejected)
        return False
    if earlier.id in rank:
        for defender in sorted(state.armies.values(), key=lambda a: a.id):
            if (defender.province != b.province or defender.id in rank or defender.besieged or defender.id in fought
                    or defender.id in (att.id, dfn.id) or not state.enemies(defender.clan, earlier.clan)):
                continue
            ctx.reject(f"{defender.id} stands in {ctx.name(b.province)} and meets {earlier.id}, the first to enter, "
                        f"before {earlier.id} fights {later.id}", b.at,
                        hint=f"enter the battle of {defender.id} against {earlier.id} before this one",
                        rule="several armies entering are met in order of entry", **rejected)
            return False
    return True


def checked_contingent(ctx, state, c, army, province, rejected, fighting=()):
    """An allied contingent's entry checked (its army exists, may send it, lost no more than it
    brought): ``(ally, forced-march cost)``, or None after rejecting the battle at its place.
    ``fighting``: armies on the table themselves (a Big Battle), which cannot also send one."""
    ally = state.armies.get(c.army)
    if ally is None:
        ctx.reject(f"unknown army {c.army!r}", c.at + ("army",), hint=did_you_mean(c.army, state.armies),
                   rule="allied contingents", **rejected, also=(c.army,))
        return None
    why = (f"{c.army} fights in this battle itself" if c.army in fighting
           else _contingent_problem(ctx, state, c, ally, army, province))
    if why:
        ctx.reject(why, c.at, rule="allied contingents", **rejected, also=(c.army,),
                   hint="an ally's contingent comes from an army of an allied clan within reach that does not fight here itself")
        return None
    if c.lost > c.elements:
        ctx.reject(f"the contingent of {c.army} lost {c.lost} of its {c.elements} elements", c.at + ("lost",),
                   rule="battles", **rejected, also=(c.army,),
                   hint=f"a contingent loses at most the {c.elements} elements it brought")
        return None
    # the forced march of a contingent from beyond a normal move (none for a besieged army's, in place)
    cost = max(0, distance_to(ctx.map, ally.province, [province], LAND) - ctx.options["move"]) * ctx.options["forced_march_cost"]
    return ally, cost


def _contingent_problem(ctx, state, c, ally, army, province) -> str | None:
    """Why ``ally`` may not send contingent ``c`` to ``army``'s battle at ``province``, or None."""
    opts = ctx.options
    if not state.allied(ally.clan, army.clan):
        return f"{c.army} ({ally.clan}) is not allied to {army.clan}"
    if ally.id in ctx.fought:
        return f"{c.army} has already fought a battle this turn and cannot send a contingent"
    if ally.besieged and ally.province != province:
        return f"{c.army} is besieged in {ctx.name(ally.province)} and cannot send a contingent out"
    if ally.besieged:
        if c.elements > opts["relief_contingent"]:
            return f"a besieged army lends at most {opts['relief_contingent']} elements to its relief"
        return None
    if ally.clan == army.clan:
        return (f"{c.army} is {army.clan}'s own army: contingents come from allied players (a clan's own armies "
                "send elements by transfers: before moving), or from a besieged army to its relief")
    low, high = opts["contingent"]
    if not low <= c.elements <= high:
        return f"an allied contingent has {low}-{high} elements, not {c.elements}"
    if c.elements >= ally.strength:
        return f"{c.army} has {ally.strength} elements and cannot send {c.elements}"
    d = distance_to(ctx.map, ally.province, [province], LAND)
    reach = opts["move"] + opts["forced_march"]
    if d is None:
        return f"{c.army} cannot reach {ctx.name(province)} by land; a contingent marches at most {reach} provinces"
    if d > reach:
        return f"{c.army} is {d} provinces from {ctx.name(province)}; a contingent marches at most {reach}"
    return None


def retreat(ctx, state, army, chosen, at):
    options = retreat_options(ctx, state, army)
    armies = dict(state.armies)
    if chosen is not None and chosen not in options:
        ctx.reject(f"{army.id} cannot retreat to {ctx.name(chosen)}", at + ("retreat",),
                    hint="a beaten army retreats one province towards its capital, not across the sea nor onto an enemy: "
                         + (", ".join(options) or "none is open, so it is destroyed"), rule="retreat after battle",
                   about=(army.id,))
        chosen = None
    to = chosen or (options[0] if options else None)
    if to is None:
        del armies[army.id]
        capital = state.clans[army.clan].capital
        cut_off = distance_to(ctx.map, army.province, [capital], LAND) is None
        ctx.emit(ArmyDestroyed(army.id, army.clan, army.province,
                               N_("beaten, it could not retreat towards its capital: only the sea lies that way, and "
                                  "an army cannot retreat across a sea route") if cut_off
                               else N_("beaten, it could not retreat towards its capital: enemy armies block every way")))
        ctx.award(army.clan, "army_destroyed")
        return state.but(armies=armies)
    if chosen is not None:
        how = N_("as written")
    elif len(options) == 1:
        how = N_("the only way")
    else:
        how = N_("retreat: not written; of %(options)s, the first by the rule's order",
                 options=", ".join(ctx.name(o) for o in options))
    armies[army.id] = army.but(province=to, retreated=True, besieged=False)
    ctx.emit(ArmyRetreated(army.id, army.clan, army.province, to, how))
    return state.but(armies=armies)
